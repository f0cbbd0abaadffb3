//! The functions against Puppet 7.23's answers: expected values are what `puppet apply`
//! (puppet-agent 7.23) printed for the same calls.

use super::ruby::ruby_float;
use super::*;
use crate::eval::regex::Regexes;
use crate::eval::value::ErrorKind;

struct TestBlock<F: FnMut(Vec<Value>) -> Result<Value, EvalError>> {
    arity: (usize, usize),
    f: F,
}

impl<F: FnMut(Vec<Value>) -> Result<Value, EvalError>> Block for TestBlock<F> {
    fn arity(&self) -> (usize, usize) {
        self.arity
    }
    fn call(&mut self, args: Vec<Value>) -> Result<Value, EvalError> {
        (self.f)(args)
    }
}

fn s(x: &str) -> Value {
    Value::str(x)
}

fn i(n: i64) -> Value {
    Value::Int(n)
}

fn a(items: Vec<Value>) -> Value {
    Value::array(items)
}

fn sa(items: &[&str]) -> Value {
    Value::array(items.iter().map(|x| s(x)).collect())
}

fn h(entries: Vec<(Value, Value)>) -> Value {
    Value::hash(entries)
}

fn re(x: &str) -> Value {
    Value::Regex(x.into())
}

fn run(name: &str, args: Vec<Value>) -> Result<Value, EvalError> {
    call(name, &args, None, &Aliases::default(), &Regexes::default()).expect("modelled")
}

fn c(name: &str, args: Vec<Value>) -> Value {
    run(name, args).expect("no error")
}

fn cb(
    name: &str,
    args: Vec<Value>,
    arity: (usize, usize),
    f: impl FnMut(Vec<Value>) -> Result<Value, EvalError>,
) -> Result<Value, EvalError> {
    let mut block = TestBlock { arity, f };
    call(
        name,
        &args,
        Some(&mut block),
        &Aliases::default(),
        &Regexes::default(),
    )
    .expect("modelled")
}

fn brk() -> EvalError {
    EvalError::new(ErrorKind::Break, "break")
}

fn int_of(v: &Value) -> i64 {
    match v {
        Value::Int(n) => *n,
        _ => panic!("not an integer: {v:?}"),
    }
}

#[test]
fn builtins() {
    for name in [
        "join",
        "notice",
        "include",
        "sprintf",
        "each",
        "hiera_include",
        "yaml_data",
    ] {
        assert!(is_builtin(name), "{name}");
    }
    for name in [
        "merge",
        "has_key",
        "mymod::join",
        "foo",
        "",
        "# Puppet",
        "# Puppet 7's built-in functions: the basenames of lib/puppet/functions/*.rb and",
        "abs\nalert",
        "bs",
        "ab",
        "yaml_dat",
        "aml_data",
    ] {
        assert!(!is_builtin(name), "{name}");
    }
    let names: Vec<&str> = BUILTINS.lines().filter(|l| !l.starts_with('#')).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted);
    assert_eq!(names.len(), 104);
    // Every name of the list, and no prefix or suffix of one.
    for name in names.iter().copied() {
        assert!(is_builtin(name), "{name}");
        assert!(
            !is_builtin(&name[1..]) || names.contains(&&name[1..]),
            "{name}"
        );
        let short = &name[..name.len() - 1];
        assert!(!is_builtin(short) || names.contains(&short), "{name}");
    }
}

#[test]
fn float_strings() {
    // ruby -e 'p [1e15, ...]'
    let cases = [
        (1e15, "1.0e+15"),
        (9999999999999998.0, "9.999999999999998e+15"),
        (1e14, "100000000000000.0"),
        (100000000000000.5, "100000000000000.5"),
        (0.0001, "0.0001"),
        (0.00001, "1.0e-05"),
        (1.5e-7, "1.5e-07"),
        (-2.5e20, "-2.5e+20"),
        (100.0, "100.0"),
        (1.0 / 3.0, "0.3333333333333333"),
    ];
    for (f, expected) in cases {
        assert_eq!(ruby_float(f).as_deref(), Some(expected), "{f}");
    }
}

#[test]
fn join_and_errors() {
    let v = a(vec![
        i(1),
        a(vec![i(2), i(3)]),
        Value::Undef,
        Value::Bool(true),
        Value::Float(1.5),
    ]);
    assert_eq!(c("join", vec![v, s("-")]), s("1-2-3--true-1.5"));
    assert_eq!(c("join", vec![sa(&["a", "b"])]), s("ab"));
    assert_eq!(
        c("join", vec![a(vec![a(vec![]), s("a"), a(vec![])]), s(",")]),
        s(",a,")
    );
    assert_eq!(c("join", vec![a(vec![]), s(",")]), s(""));
    assert_eq!(
        c("join", vec![a(vec![Value::Default, s("x")]), s(",")]),
        s("default,x")
    );
    assert_eq!(
        c("join", vec![a(vec![re("a+"), s("x")]), s(",")]),
        s("(?-mix:a+),x")
    );
    assert_eq!(
        c("join", vec![a(vec![h(vec![(s("a"), i(1))])]), s(",")]),
        s("{\"a\"=>1}")
    );
    let e = run("join", vec![i(1)]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TypeMismatch);
    assert!(
        e.message.starts_with("'join' parameter 'arg' expects "),
        "{}",
        e.message
    );
    let e = run("join", vec![a(vec![i(1)]), i(2)]).unwrap_err();
    assert!(e
        .message
        .starts_with("'join' parameter 'delimiter' expects "));
    assert_eq!(
        c("join", vec![a(vec![s("a"), Value::any()]), s(",")]),
        Value::unknown(PType::string())
    );
}

#[test]
fn split_like_ruby() {
    assert_eq!(
        c("split", vec![s("a,b,,c,,"), s(",")]),
        sa(&["a", "b", "", "c"])
    );
    assert_eq!(c("split", vec![s(""), s(",")]), sa(&[]));
    assert_eq!(c("split", vec![s("abc"), s("")]), sa(&["a", "b", "c"]));
    assert_eq!(c("split", vec![s(" a b "), s(" ")]), sa(&["", "a", "b"]));
    assert_eq!(
        c("split", vec![s("a1b22c"), re("\\d")]),
        sa(&["a", "b", "", "c"])
    );
    assert_eq!(c("split", vec![s("a.b"), s(".")]), sa(&[]));
    assert_eq!(
        c(
            "split",
            vec![s("a,b"), Value::ty(PType::Regexp(Some(",".into())))]
        ),
        sa(&["a", "b"])
    );
    assert_eq!(c("split", vec![s("abc"), re("(b)")]), sa(&["a", "b", "c"]));
    let e = run("split", vec![i(1), s(",")]).unwrap_err();
    assert!(e.message.starts_with("'split' parameter 'str' expects "));
    assert_eq!(
        c("split", vec![Value::any(), s(",")]),
        Value::unknown(PType::array_of(PType::string()))
    );
}

#[test]
#[allow(clippy::approx_constant)] // 3.14159: the value given to puppet apply
fn sprintf_like_ruby() {
    let f = |args: Vec<Value>| c("sprintf", args);
    assert_eq!(
        f(vec![
            s("%s-%d-%05.1f-%x-%o-%b-%e-%-5s|%5s|%%"),
            s("a"),
            i(42),
            Value::Float(3.14159),
            i(255),
            i(8),
            i(5),
            Value::Float(12345.678),
            s("ab"),
            s("cd"),
        ]),
        s("a-42-003.1-ff-10-101-1.234568e+04-ab   |   cd|%")
    );
    assert_eq!(f(vec![s("[%s]"), Value::Undef]), s("[]"));
    assert_eq!(f(vec![s("%d"), s("42")]), s("42"));
    assert_eq!(f(vec![s("%s"), a(vec![i(1), s("a")])]), s("[1, \"a\"]"));
    assert_eq!(f(vec![s("%s"), h(vec![(s("a"), i(1))])]), s("{\"a\"=>1}"));
    assert_eq!(f(vec![s("%s"), a(vec![i(1), Value::Undef])]), s("[1, nil]"));
    assert_eq!(
        f(vec![s("%s|%s"), Value::Default, a(vec![Value::Default])]),
        s("default|[:default]")
    );
    assert_eq!(f(vec![s("%s"), re("a")]), Value::unknown(PType::string()));
    assert_eq!(f(vec![s("%p|%p"), s("a\"b"), i(1)]), s("\"a\\\"b\"|1"));
    assert_eq!(
        f(vec![s("%s"), h(vec![(s("a"), a(vec![i(1), s("b")]))])]),
        s("{\"a\"=>[1, \"b\"]}")
    );
    assert_eq!(f(vec![s("%5.1s|%-3s|"), s("xyz"), s("é")]), s("    x|é  |"));
    let named = h(vec![(s("x"), s("v")), (s("y"), i(42))]);
    assert_eq!(f(vec![s("%<x>s : %<y>d"), named.clone()]), s("v : 42"));
    assert_eq!(f(vec![s("%{x}-"), named]), s("v-"));
    assert_eq!(
        f(vec![s("%s %s"), Value::Float(1.0), Value::Float(2.5e20)]),
        s("1.0 2.5e+20")
    );
    assert_eq!(f(vec![s("%d"), Value::Float(3.7)]), s("3"));
    assert_eq!(f(vec![s("%.2f"), i(1)]), s("1.00"));
    assert_eq!(f(vec![s("%5.2s|"), s("abc")]), s("   ab|"));
    assert_eq!(f(vec![s("%+d % d"), i(5), i(5)]), s("+5  5"));
    assert_eq!(f(vec![s("%s"), Value::Bool(true)]), s("true"));
    assert_eq!(
        f(vec![
            s("%X %#x %#o %08.3f %-6d| %3d"),
            i(255),
            i(255),
            i(8),
            Value::Float(3.14159),
            i(42),
            i(12345)
        ]),
        s("FF 0xff 010 0003.142 42    | 12345")
    );
    assert_eq!(
        f(vec![
            s("%g %g %g"),
            Value::Float(1.5),
            Value::Float(100000000.0),
            Value::Float(0.0001)
        ]),
        s("1.5 1e+08 0.0001")
    );
    assert_eq!(f(vec![s("%s"), s("a"), s("b")]), s("a"));
    assert_eq!(f(vec![s("%1$s %1$s"), s("a")]), s("a a"));
    assert_eq!(f(vec![s("%*d|"), i(5), i(1)]), s("    1|"));
    assert_eq!(f(vec![s("%f"), Value::Float(1.0 / 3.0)]), s("0.333333"));
    assert_eq!(
        f(vec![
            s("%.0f %.0f %.0f"),
            Value::Float(0.5),
            Value::Float(1.5),
            Value::Float(2.5)
        ]),
        s("0 2 2")
    );
    assert_eq!(f(vec![s("%e"), i(0)]), s("0.000000e+00"));
    // Ruby rounds the shortest representation half to even (ruby -e 'format(...)').
    let g = |x: &str, v: f64| f(vec![s(x), Value::Float(v)]);
    assert_eq!(g("%.1f", 0.35), s("0.4"));
    assert_eq!(g("%.1f", 0.05), s("0.1"));
    assert_eq!(g("%.2f", 0.005), s("0.01"));
    assert_eq!(g("%.0e", 15.0), s("2e+01"));
    assert_eq!(g("%.1f", 0.45), s("0.4"));
    assert_eq!(g("%.1f", 2.25), s("2.2"));
    assert_eq!(g("%.2f", 2.675), s("2.68"));
    assert_eq!(g("%.2f", 1.005), s("1.00"));
    assert_eq!(g("%.2e", 1.125), s("1.12e+00"));
    assert_eq!(g("%.3g", 2.675), s("2.68"));
    assert_eq!(g("%g", 0.00015), s("0.00015"));
    assert_eq!(g("%5.1f|", 2.25), s("  2.2|"));
    assert_eq!(g("%+.2e", -12345.678), s("-1.23e+04"));
    assert_eq!(g("%G", 0.00001234), s("1.234E-05"));
    assert_eq!(g("%g", 123456789.0), s("1.23457e+08"));
    assert_eq!(
        f(vec![
            s("%05s|%-05d|%.3d|%+x|% o"),
            s("ab"),
            i(7),
            i(7),
            i(-255),
            i(8)
        ]),
        s("   ab|7    |007|-ff| 10")
    );
    assert_eq!(
        f(vec![s("%-6{x}|"), h(vec![(s("x"), s("ab"))])]),
        s("ab    |")
    );
    // Ruby prints negative hexadecimals as two's complement ("..f01"): not modelled.
    assert_eq!(f(vec![s("%x"), i(-255)]), Value::unknown(PType::string()));
    assert_eq!(f(vec![s("%c"), s("bc")]), Value::unknown(PType::string()));
    assert_eq!(
        f(vec![s("%999999999d"), i(1)]),
        Value::unknown(PType::string())
    );
    // Mixed references fail in Ruby: not modelled.
    assert_eq!(
        f(vec![s("%1$s %s"), s("a"), s("b")]),
        Value::unknown(PType::string())
    );
    assert_eq!(
        f(vec![s("%<x>s %s"), h(vec![(s("x"), s("a"))])]),
        Value::unknown(PType::string())
    );
    let e = run("sprintf", vec![s("%d %d"), i(1)]).unwrap_err();
    assert_eq!(e.message, "too few arguments");
}

#[test]
fn regsubst_and_match() {
    let r = |args: Vec<Value>| c("regsubst", args);
    assert_eq!(r(vec![s("hello world"), s("o"), s("0")]), s("hell0 world"));
    assert_eq!(
        r(vec![s("hello world"), s("o"), s("0"), s("G")]),
        s("hell0 w0rld")
    );
    assert_eq!(
        r(vec![s("hello world"), s("(\\w+) (\\w+)"), s("\\2 \\1")]),
        s("world hello")
    );
    assert_eq!(r(vec![s("hello"), s("L"), s("x"), s("GI")]), s("hexxo"));
    assert_eq!(
        r(vec![sa(&["ab", "cb"]), s("b"), s("[\\0]")]),
        sa(&["a[b]", "c[b]"])
    );
    assert_eq!(r(vec![s("abc"), re("b"), s("\\\\")]), s("a\\c"));
    assert_eq!(r(vec![s("abc"), s("b"), s("\\&\\&")]), s("abbc"));
    assert_eq!(r(vec![s("abc"), s("b"), s("\\'")]), s("acc"));
    assert_eq!(r(vec![s("a.b.c"), s("."), s("-"), s("G")]), s("-----"));
    assert_eq!(r(vec![s("abc"), s(""), s("-"), s("G")]), s("-a-b-c-"));
    assert_eq!(r(vec![s("abc"), re("x*"), s("-"), s("G")]), s("-a-b-c-"));
    assert_eq!(
        r(vec![
            s("abc"),
            Value::ty(PType::Regexp(Some("b".into()))),
            s("x")
        ]),
        s("axc")
    );
    let e = run("regsubst", vec![s("a"), s("("), s("b")]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Other);
    assert_eq!(e.message, "end pattern with unmatched parenthesis: /(/");

    assert_eq!(
        c("match", vec![s("abc123"), re("([a-z]+)(\\d+)")]),
        sa(&["abc123", "abc", "123"])
    );
    assert_eq!(c("match", vec![s("abc"), re("x")]), Value::Undef);
    assert_eq!(
        c("match", vec![sa(&["a1", "b"]), re("\\d")]),
        a(vec![sa(&["1"]), Value::Undef])
    );
    assert_eq!(
        c("match", vec![s("ab"), re("(x)?b")]),
        a(vec![s("b"), Value::Undef])
    );
    assert_eq!(c("match", vec![s("ab"), s("b")]), sa(&["b"]));
}

#[test]
fn versions() {
    let v = |x: &str, y: &str| int_of(&c("versioncmp", vec![s(x), s(y)]));
    assert_eq!(v("1.2.10", "1.2.9"), 1);
    assert_eq!(v("1.0", "1.0.0"), -1);
    assert_eq!(v("1.0-1", "1.0"), 1);
    assert_eq!(v("1.01", "1.1"), -1);
    assert_eq!(v("a", "B"), -1);
    assert_eq!(v("1.0", "1.0"), 0);
    assert_eq!(v("1.0a", "1.0b"), -1);
    assert_eq!(
        c("versioncmp", vec![s("1.0.0"), s("1.0"), Value::Bool(true)]),
        i(0)
    );
    let e = run("versioncmp", vec![i(1), s("a")]).unwrap_err();
    assert!(e.message.starts_with("'versioncmp' parameter 'a' expects "));
}

#[test]
fn collections() {
    assert_eq!(c("empty", vec![Value::Undef]), Value::Bool(true));
    assert_eq!(c("empty", vec![s("")]), Value::Bool(true));
    assert_eq!(c("empty", vec![i(0)]), Value::Bool(false));
    assert_eq!(c("empty", vec![a(vec![])]), Value::Bool(true));
    assert_eq!(
        c("empty", vec![Value::Sensitive(std::sync::Arc::new(s("")))]),
        Value::Bool(true)
    );
    assert_eq!(
        c(
            "unique",
            vec![h(vec![(s("a"), i(1)), (s("b"), i(2)), (s("c"), i(1))])]
        ),
        h(vec![
            (sa(&["a", "c"]), a(vec![i(1)])),
            (sa(&["b"]), a(vec![i(2)]))
        ])
    );
    assert_eq!(
        c("unique", vec![a(vec![i(1), i(2), i(1), s("a"), s("A")])]),
        a(vec![i(1), i(2), s("a"), s("A")])
    );
    assert_eq!(c("unique", vec![s("aabbc")]), s("abc"));
    assert_eq!(c("unique", vec![i(1)]), a(vec![i(0)]));
    assert_eq!(
        c("unique", vec![a(vec![a(vec![i(1)]), a(vec![i(1)])])]),
        a(vec![a(vec![i(1)])])
    );
    assert_eq!(
        c(
            "flatten",
            vec![a(vec![i(1), a(vec![i(2), a(vec![i(3)])])]), i(4)]
        ),
        a(vec![i(1), i(2), i(3), i(4)])
    );
    assert_eq!(c("flatten", vec![]), a(vec![]));
    assert_eq!(
        c("sort", vec![sa(&["b", "A", "a", "B"])]),
        sa(&["A", "B", "a", "b"])
    );
    assert_eq!(
        c("sort", vec![a(vec![i(3), i(1), Value::Float(2.5)])]),
        a(vec![i(1), Value::Float(2.5), i(3)])
    );
    assert_eq!(c("sort", vec![s("cba")]), s("abc"));
    assert_eq!(
        c("sort", vec![a(vec![i(1), s("a")])]),
        Value::unknown(PType::array())
    );
    let h2 = h(vec![(s("a"), i(1)), (s("b"), i(2))]);
    assert_eq!(c("keys", vec![h2.clone()]), sa(&["a", "b"]));
    assert_eq!(c("values", vec![h2.clone()]), a(vec![i(1), i(2)]));
    let e = run("keys", vec![a(vec![i(1)])]).unwrap_err();
    assert!(e.message.starts_with("'keys' parameter 'hsh' expects "));
    assert_eq!(
        c(
            "merge",
            vec![
                h(vec![(s("a"), i(1))]),
                h(vec![(s("b"), i(2))]),
                Value::Undef,
                s(""),
                h(vec![(s("a"), i(3))])
            ]
        ),
        h(vec![(s("a"), i(3)), (s("b"), i(2))])
    );
    assert_eq!(c("size", vec![s("abc")]), i(3));
    assert_eq!(c("length", vec![a(vec![i(1), i(2)])]), i(2));
    assert_eq!(c("size", vec![h(vec![])]), i(0));
    assert!(run("size", vec![i(1)]).is_err());
    // Messages as Puppet gives them, once types::mismatch words them.
    for (name, args, start) in [
        (
            "length",
            vec![Value::Bool(true)],
            "'length' parameter 'arg' expects ",
        ),
        (
            "abs",
            vec![Value::Bool(true)],
            "'abs' parameter 'val' expects ",
        ),
        (
            "floor",
            vec![Value::Bool(true)],
            "'floor' parameter 'val' expects ",
        ),
        (
            "match",
            vec![i(1), re("a")],
            "'match' parameter 'string' expects ",
        ),
        (
            "regsubst",
            vec![i(1), s("a"), s("b")],
            "'regsubst' parameter 'target' expects ",
        ),
        ("dig", vec![i(1), s("a")], "'dig' parameter 'data' expects "),
        (
            "upcase",
            vec![Value::Undef],
            "'upcase' parameter 'arg' expects ",
        ),
    ] {
        let e = run(name, args).unwrap_err();
        assert_eq!(e.kind, ErrorKind::TypeMismatch);
        assert!(e.message.starts_with(start), "{}", e.message);
    }
    assert_eq!(c("index", vec![a(vec![i(1), i(2), i(3)]), i(2)]), i(1));
    assert_eq!(c("index", vec![s("hello"), s("l")]), i(2));
    assert_eq!(c("index", vec![s("hello"), re("l+o")]), i(2));
    assert_eq!(c("index", vec![h2.clone(), i(2)]), s("b"));
    assert_eq!(
        c("index", vec![a(vec![i(1), i(2), i(3)]), i(5)]),
        Value::Undef
    );
    assert_eq!(
        c("slice", vec![a(vec![i(1), i(2), i(3), i(4), i(5)]), i(2)]),
        a(vec![
            a(vec![i(1), i(2)]),
            a(vec![i(3), i(4)]),
            a(vec![i(5)])
        ])
    );
    assert_eq!(
        c(
            "slice",
            vec![
                h(vec![(s("a"), i(1)), (s("b"), i(2)), (s("c"), i(3))]),
                i(2)
            ]
        ),
        a(vec![
            a(vec![a(vec![s("a"), i(1)]), a(vec![s("b"), i(2)])]),
            a(vec![a(vec![s("c"), i(3)])])
        ])
    );
}

#[test]
fn dig_and_get() {
    let data = h(vec![(s("a"), a(vec![i(1), h(vec![(s("b"), i(2))])]))]);
    assert_eq!(c("dig", vec![data.clone(), s("a"), i(1), s("b")]), i(2));
    assert_eq!(c("dig", vec![Value::Undef, s("a")]), Value::Undef);
    assert_eq!(
        c("dig", vec![h(vec![(s("a"), i(1))]), s("b"), s("c")]),
        Value::Undef
    );
    assert_eq!(c("dig", vec![a(vec![i(1), i(2)]), i(5)]), Value::Undef);
    let e = run("dig", vec![h(vec![(s("a"), i(1))]), s("a"), s("b")]).unwrap_err();
    assert!(
        e.message
            .starts_with("The given data does not contain a Collection at [\"a\"], got '"),
        "{}",
        e.message
    );
    let ab = h(vec![(s("a"), h(vec![(s("b"), i(1))]))]);
    assert_eq!(c("get", vec![ab, s("a.b")]), i(1));
    assert_eq!(
        c("get", vec![a(vec![i(1), a(vec![i(2), i(3)])]), s("1.0")]),
        i(2)
    );
    assert_eq!(
        c("get", vec![h(vec![(s("a"), i(1))]), s("x"), s("dflt")]),
        s("dflt")
    );
    assert_eq!(
        c(
            "get",
            vec![h(vec![(s("a"), a(vec![i(1), i(2)]))]), s("a.-1")]
        ),
        i(2)
    );
    assert_eq!(c("split", vec![s("a\nb"), re("$")]), sa(&["a", "\nb"]));
    assert_eq!(c("split", vec![s("a1b"), re("(x)?1")]), sa(&["a", "b"]));
    assert_eq!(
        c("regsubst", vec![s("aaa"), s("a"), s("\\0\\0"), s("G")]),
        s("aaaaaa")
    );
    assert_eq!(
        c("regsubst", vec![s("a\nb"), s("a.b"), s("x"), s("M")]),
        s("x")
    );
    assert_eq!(
        c("get", vec![h(vec![(s("a"), i(1))]), s("")]),
        h(vec![(s("a"), i(1))])
    );
}

#[test]
fn numbers_and_strings() {
    let round: Vec<Value> = [2.5, -2.5, 2.4, -2.6]
        .iter()
        .map(|f| c("round", vec![Value::Float(*f)]))
        .collect();
    assert_eq!(round, vec![i(3), i(-3), i(2), i(-3)]);
    assert_eq!(c("round", vec![i(1)]), i(1));
    assert!(run("round", vec![s("1")]).is_err());
    assert_eq!(c("abs", vec![i(-3)]), i(3));
    assert_eq!(c("abs", vec![Value::Float(-3.5)]), Value::Float(3.5));
    assert_eq!(c("abs", vec![s("-4")]), i(4));
    assert_eq!(c("abs", vec![s("-4.5")]), Value::Float(4.5));
    assert_eq!(c("floor", vec![Value::Float(3.7)]), i(3));
    assert_eq!(c("floor", vec![Value::Float(-3.2)]), i(-4));
    assert_eq!(c("floor", vec![i(3)]), i(3));
    assert_eq!(c("ceiling", vec![Value::Float(3.2)]), i(4));
    assert_eq!(c("ceiling", vec![Value::Float(-3.7)]), i(-3));
    assert_eq!(c("floor", vec![s("3.7")]), i(3));
    assert_eq!(c("ceiling", vec![s("3")]), i(3));
    assert_eq!(
        c("min", vec![i(1), i(2), Value::Float(0.5)]),
        Value::Float(0.5)
    );
    assert_eq!(c("min", vec![s("b"), s("a"), s("10"), s("9")]), s("9"));
    assert_eq!(c("max", vec![s("a"), s("B")]), s("a"));
    assert_eq!(c("min", vec![a(vec![i(3), i(1)])]), i(1));
    assert_eq!(c("max", vec![a(vec![i(3), i(1)])]), i(3));
    assert_eq!(c("max", vec![i(1), s("a")]), s("a"));
    assert_eq!(c("min", vec![i(2), s("10")]), i(2));
    assert_eq!(c("min", vec![s("a"), s("B"), s("b")]), s("B"));
    assert_eq!(c("min", vec![a(vec![i(1), Value::Float(1.0)])]), i(1));
    assert_eq!(c("index", vec![s("héllo"), s("l")]), i(2));
    assert_eq!(c("camelcase", vec![s("_a_b_")]), s("AB"));
    assert_eq!(c("sort", vec![sa(&["a", "B"])]), sa(&["B", "a"]));
    assert_eq!(
        c("unique", vec![a(vec![i(1), Value::Float(1.0), s("a")])]),
        a(vec![i(1), Value::Float(1.0), s("a")])
    );
    assert_eq!(
        c("versioncmp", vec![s("1.10"), s("1.9"), Value::Bool(true)]),
        i(-1)
    );
    assert_eq!(
        c("versioncmp", vec![s("10"), s("9"), Value::Bool(true)]),
        i(-1)
    );
    let e = run("min", vec![]).unwrap_err();
    assert_eq!(
        e.message,
        "min(): Wrong number of arguments need at least one"
    );
    assert_eq!(c("capitalize", vec![s("hELLO wORLD")]), s("Hello world"));
    assert_eq!(c("capitalize", vec![i(1)]), i(1));
    assert_eq!(c("camelcase", vec![s("foo_bar_baz")]), s("FooBarBaz"));
    assert_eq!(c("upcase", vec![s("abc")]), s("ABC"));
    assert_eq!(c("downcase", vec![s("ÄBC")]), s("äbc"));
    assert_eq!(c("strip", vec![s(" \t a b \n\\0")]), s("a b \n\\0"));
    assert_eq!(c("strip", vec![sa(&[" a "])]), sa(&["a"]));
    assert_eq!(c("capitalize", vec![sa(&["aB", "cD"])]), sa(&["Ab", "Cd"]));
    assert_eq!(c("chomp", vec![a(vec![i(1)])]), a(vec![i(1)]));
    assert_eq!(
        c("upcase", vec![a(vec![s("a"), i(1)])]),
        a(vec![s("A"), i(1)])
    );
    assert_eq!(
        c("upcase", vec![h(vec![(s("a"), a(vec![s("b"), i(1)]))])]),
        h(vec![(s("A"), a(vec![s("B"), i(1)]))])
    );
    assert_eq!(c("camelcase", vec![s("Foo__bar")]), s("FooBar"));
    // Puppet rejects capitalize(['aB', 1]).
    assert_eq!(
        call(
            "capitalize",
            &[a(vec![s("aB"), i(1)])],
            None,
            &Aliases::default(),
            &Regexes::default()
        ),
        None
    );
    assert_eq!(c("lstrip", vec![s("  a ")]), s("a "));
    assert_eq!(c("rstrip", vec![s("  a ")]), s("  a"));
    assert_eq!(c("chomp", vec![s("a\r\n")]), s("a"));
    assert_eq!(c("chomp", vec![s("a\n\n")]), s("a\n"));
    assert_eq!(c("chop", vec![s("ab\r\n")]), s("ab"));
    assert_eq!(c("chop", vec![s("")]), s(""));
    assert_eq!(c("compare", vec![s("a"), s("B")]), i(-1));
    assert_eq!(c("compare", vec![i(2), Value::Float(1.5)]), i(1));
    assert_eq!(
        run("compare", vec![i(1), s("a")]).unwrap_err().message,
        "'compare' compare(): Can only compare values of the same type (or for \
         Timestamp/Timespan also against Numeric). Got Integer and String"
    );
}

#[test]
fn iteration() {
    let v123 = a(vec![i(1), i(2), i(3)]);
    let stop_at_2 = |args: Vec<Value>| {
        if args[0] == i(2) {
            Err(brk())
        } else {
            Ok(args[0].clone())
        }
    };
    assert_eq!(
        cb("each", vec![v123.clone()], (1, 1), stop_at_2),
        Ok(v123.clone())
    );
    assert_eq!(
        cb("map", vec![v123.clone()], (1, 1), stop_at_2),
        Ok(a(vec![i(1)]))
    );
    let filtered = cb("filter", vec![v123.clone()], (1, 1), |args| {
        if args[0] == i(3) {
            Err(brk())
        } else {
            Ok(Value::Bool(true))
        }
    });
    assert_eq!(filtered, Ok(a(vec![i(1), i(2)])));
    let sum = |args: Vec<Value>| Ok(i(int_of(&args[0]) + int_of(&args[1])));
    let reduced = cb("reduce", vec![v123.clone()], (2, 2), |args| {
        if args[1] == i(3) {
            Err(brk())
        } else {
            sum(args)
        }
    });
    assert_eq!(reduced, Ok(i(3)));
    assert_eq!(cb("reduce", vec![v123.clone()], (2, 2), sum), Ok(i(6)));
    assert_eq!(
        cb("reduce", vec![v123.clone(), i(10)], (2, 2), sum),
        Ok(i(16))
    );
    assert_eq!(cb("reduce", vec![a(vec![])], (2, 2), sum), Ok(Value::Undef));
    // break() in any/all/index is an error in Puppet: it travels on.
    let any = cb("any", vec![v123.clone()], (1, 1), |_| Err(brk()));
    assert_eq!(any.unwrap_err().kind, ErrorKind::Break);
    let next = cb("map", vec![v123.clone()], (1, 1), |args| {
        if args[0] == i(2) {
            Err(EvalError::new(ErrorKind::Next(i(20)), "next"))
        } else {
            Ok(args[0].clone())
        }
    });
    assert_eq!(next, Ok(a(vec![i(1), i(20), i(3)])));
    let ret = cb("each", vec![v123.clone()], (1, 1), |_| {
        Err(EvalError::new(ErrorKind::Return(i(7)), "return"))
    });
    assert_eq!(ret.unwrap_err().kind, ErrorKind::Return(i(7)));

    let times10 = |args: Vec<Value>| Ok(i(int_of(&args[0]) * 10));
    assert_eq!(
        cb("map", vec![i(3)], (1, 1), times10),
        Ok(a(vec![i(0), i(10), i(20)]))
    );
    assert_eq!(
        cb("map", vec![i(3)], (2, 2), |args| Ok(a(args))),
        Ok(a(vec![
            a(vec![i(0), i(0)]),
            a(vec![i(1), i(1)]),
            a(vec![i(2), i(2)])
        ]))
    );
    assert_eq!(
        cb("map", vec![s("abc")], (1, 1), |args| Ok(s(&format!(
            "<{}>",
            args[0].as_str().unwrap_or("")
        )))),
        Ok(sa(&["<a>", "<b>", "<c>"]))
    );
    let ha = h(vec![(s("a"), i(1))]);
    assert_eq!(
        cb("map", vec![ha.clone()], (1, 1), |args| Ok(args[0].clone())),
        Ok(a(vec![a(vec![s("a"), i(1)])]))
    );
    assert_eq!(
        cb("map", vec![a(vec![i(5), i(6)])], (2, 2), |args| Ok(a(args))),
        Ok(a(vec![a(vec![i(0), i(5)]), a(vec![i(1), i(6)])]))
    );
    let hab = h(vec![(s("a"), i(1)), (s("b"), i(2))]);
    assert_eq!(
        cb("filter", vec![hab.clone()], (2, 2), |args| Ok(Value::Bool(
            int_of(&args[1]) > 1
        ))),
        Ok(h(vec![(s("b"), i(2))]))
    );
    assert_eq!(
        cb("all", vec![a(vec![])], (1, 1), |_| Ok(Value::Bool(false))),
        Ok(Value::Bool(true))
    );
    assert_eq!(
        cb("any", vec![a(vec![])], (1, 1), |_| Ok(Value::Bool(true))),
        Ok(Value::Bool(false))
    );
    assert_eq!(
        cb("index", vec![hab.clone()], (1, 1), |args| Ok(Value::Bool(
            args[0] == i(2)
        ))),
        Ok(s("b"))
    );
    assert_eq!(
        cb("index", vec![hab.clone()], (2, 2), |args| Ok(Value::Bool(
            args[1] == i(2)
        ))),
        Ok(s("b"))
    );
    assert_eq!(
        cb("each", vec![i(3)], (1, 1), |_| Ok(Value::Undef)),
        Ok(i(3))
    );
    let range = Value::ty(PType::Integer { from: 1, to: 3 });
    assert_eq!(
        cb("map", vec![range], (1, 1), |args| Ok(args[0].clone())),
        Ok(v123.clone())
    );
    let mut seen = Vec::new();
    let r = cb("reverse_each", vec![a(vec![i(3), i(1)])], (1, 1), |args| {
        seen.push(args[0].clone());
        Ok(Value::Undef)
    });
    assert_eq!(r, Ok(Value::Undef));
    assert_eq!(seen, vec![i(1), i(3)]);
    let mut seen = Vec::new();
    let r = cb(
        "step",
        vec![a(vec![i(1), i(2), i(3), i(4), i(5)]), i(2)],
        (1, 1),
        |args| {
            seen.push(args[0].clone());
            Ok(Value::Undef)
        },
    );
    assert_eq!(r, Ok(Value::Undef));
    assert_eq!(seen, vec![i(1), i(3), i(5)]);
    let mut seen = Vec::new();
    let r = cb("reverse_each", vec![i(5)], (1, 1), |args| {
        seen.push(args[0].clone());
        Ok(Value::Undef)
    });
    assert_eq!(r, Ok(Value::Undef));
    assert_eq!(seen, vec![i(4), i(3), i(2), i(1), i(0)]);
    let mut slices = Vec::new();
    let r = cb("slice", vec![v123.clone(), i(2)], (2, 2), |args| {
        slices.push(a(args));
        Ok(Value::Undef)
    });
    assert_eq!(r, Ok(v123.clone()));
    assert_eq!(
        slices,
        vec![a(vec![i(1), i(2)]), a(vec![i(3), Value::Undef])]
    );
    // A lambda that can take two parameters gets two (`|$x, $y = 1|`, `|*$r|`).
    let pairs = a(vec![a(vec![i(0), i(5)]), a(vec![i(1), i(6)])]);
    assert_eq!(
        cb("map", vec![a(vec![i(5), i(6)])], (1, 2), |args| Ok(a(args))),
        Ok(pairs.clone())
    );
    assert_eq!(
        cb(
            "map",
            vec![a(vec![i(5), i(6)])],
            (0, usize::MAX),
            |args| Ok(a(args))
        ),
        Ok(pairs)
    );
    assert_eq!(
        cb("map", vec![ha.clone()], (1, 2), |args| Ok(a(args))),
        Ok(a(vec![a(vec![s("a"), i(1)])]))
    );
    let by_compare = |args: Vec<Value>| Ok(i(int_of(&args[0]) - int_of(&args[1])));
    assert_eq!(
        cb("min", vec![a(vec![i(3), i(1), i(2)])], (2, 2), by_compare),
        Ok(i(1))
    );
    assert_eq!(
        cb("max", vec![a(vec![i(3), i(1), i(2)])], (2, 2), by_compare),
        Ok(i(3))
    );
    assert_eq!(
        cb("unique", vec![v123.clone()], (1, 1), |args| Ok(i(int_of(
            &args[0]
        ) % 2))),
        Ok(a(vec![i(1), i(2)]))
    );
    let mut slices = Vec::new();
    let r = cb(
        "slice",
        vec![a(vec![i(1), i(2), i(3), i(4)]), i(2)],
        (1, 2),
        |args| {
            slices.push(a(args));
            Ok(Value::Undef)
        },
    );
    assert!(r.is_ok());
    assert_eq!(slices, vec![a(vec![i(1), i(2)]), a(vec![i(3), i(4)])]);
    let cmp_desc = |args: Vec<Value>| Ok(i(int_of(&args[1]) - int_of(&args[0])));
    assert_eq!(
        cb("sort", vec![a(vec![i(3), i(1), i(2)])], (2, 2), cmp_desc),
        Ok(a(vec![i(3), i(2), i(1)]))
    );
    // Equal but distinct elements: Ruby's unstable sort decides, so the order is unknown.
    assert_eq!(
        cb("sort", vec![sa(&["a", "A"])], (2, 2), |_| Ok(i(0))),
        Ok(Value::unknown(PType::array()))
    );
}

#[test]
fn partition_and_group_by() {
    let v = a(vec![i(1), i(2), i(3), i(4)]);
    let even = |args: Vec<Value>| Ok(Value::Bool(int_of(&args[0]) % 2 == 0));
    assert_eq!(
        cb("partition", vec![v.clone()], (1, 1), even),
        Ok(a(vec![a(vec![i(2), i(4)]), a(vec![i(1), i(3)])]))
    );
    assert_eq!(
        cb(
            "partition",
            vec![a(vec![i(5), i(6), i(7)])],
            (2, 2),
            |args| Ok(Value::Bool(args[0] == i(1)))
        ),
        Ok(a(vec![a(vec![i(6)]), a(vec![i(5), i(7)])]))
    );
    let hab = h(vec![(s("a"), i(1)), (s("b"), i(2))]);
    assert_eq!(
        cb("partition", vec![hab.clone()], (2, 2), |args| Ok(
            Value::Bool(args[1] == i(2))
        )),
        Ok(a(vec![
            a(vec![a(vec![s("b"), i(2)])]),
            a(vec![a(vec![s("a"), i(1)])])
        ]))
    );
    assert_eq!(
        cb("group_by", vec![v], (1, 1), |args| Ok(i(
            int_of(&args[0]) % 2
        ))),
        Ok(h(vec![
            (i(1), a(vec![i(1), i(3)])),
            (i(0), a(vec![i(2), i(4)]))
        ]))
    );
    assert_eq!(
        cb(
            "group_by",
            vec![a(vec![i(5), i(6), i(7)])],
            (2, 2),
            |args| Ok(i(int_of(&args[0]) % 2))
        ),
        Ok(h(vec![(i(0), a(vec![i(5), i(7)])), (i(1), a(vec![i(6)]))]))
    );
    let habc = h(vec![(s("a"), i(1)), (s("b"), i(2)), (s("c"), i(1))]);
    assert_eq!(
        cb("group_by", vec![habc], (2, 2), |args| Ok(args[1].clone())),
        Ok(h(vec![
            (i(1), a(vec![a(vec![s("a"), i(1)]), a(vec![s("c"), i(1)])])),
            (i(2), a(vec![a(vec![s("b"), i(2)])]))
        ]))
    );
    let e = cb("partition", vec![a(vec![i(1)])], (1, 1), |_| Err(brk())).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Break);
}

#[test]
fn lambdas() {
    assert_eq!(
        cb("lest", vec![Value::Undef], (0, 0), |_| Ok(i(1))),
        Ok(i(1))
    );
    assert_eq!(cb("lest", vec![i(2)], (0, 0), |_| Ok(i(1))), Ok(i(2)));
    assert_eq!(
        cb("then", vec![Value::Undef], (1, 1), |_| Ok(i(1))),
        Ok(Value::Undef)
    );
    assert_eq!(
        cb("then", vec![i(2)], (1, 1), |args| Ok(i(
            int_of(&args[0]) + 1
        ))),
        Ok(i(3))
    );
    assert_eq!(
        cb("with", vec![i(1), i(2)], (2, 2), |args| Ok(i(int_of(
            &args[0]
        ) + int_of(
            &args[1]
        )))),
        Ok(i(3))
    );
    let e = cb("with", vec![i(1)], (1, 1), |_| Err(brk())).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Break);
}

#[test]
fn unknowns() {
    let u = Value::any();
    assert_eq!(c("upcase", vec![u.clone()]), Value::unknown(PType::Any));
    assert!(c("size", vec![u.clone()]).is_unknown());
    assert_eq!(
        c("versioncmp", vec![s("1"), u.clone()]),
        Value::unknown(PType::Integer { from: -1, to: 1 })
    );
    assert_eq!(
        cb("each", vec![u.clone()], (1, 1), |_| Ok(Value::Undef)),
        Ok(u.clone())
    );
    assert!(cb("map", vec![u.clone()], (1, 1), |_| Ok(Value::Undef)).is_ok_and(|v| v.is_unknown()));
    assert!(
        cb("filter", vec![a(vec![i(1)])], (1, 1), |_| Ok(Value::any()))
            .is_ok_and(|v| v.is_unknown())
    );
    assert_eq!(
        call(
            "strftime",
            &[],
            None,
            &Aliases::default(),
            &Regexes::default()
        ),
        None
    );
    assert_eq!(c("type", vec![u]), Value::unknown(PType::Type(None)));
}

#[test]
fn unique_groups_many_items_in_linear_time() {
    // 99,999 items, each integer twice: compared pair by pair, 5 * 10^9 comparisons.
    let mut items: Vec<Value> = (0..99_999).map(|n| i(n / 2)).collect();
    items.extend([
        Value::Float(1.0),
        Value::Float(-0.0),
        Value::Float(0.0),
        Value::Float(f64::NAN),
        s("a"),
        s("A"),
        s("a"),
        a(vec![i(1)]),
        a(vec![i(1)]),
        Value::Undef,
        Value::Undef,
    ]);
    let mut expected: Vec<Value> = (0..50_000).map(i).collect();
    expected.extend([
        Value::Float(1.0),
        Value::Float(-0.0),
        Value::Float(f64::NAN),
        s("a"),
        s("A"),
        a(vec![i(1)]),
        Value::Undef,
    ]);
    let Value::Array(got) = c("unique", vec![a(items)]) else {
        panic!("not an array");
    };
    assert_eq!(got.len(), expected.len());
    // NaN is not equal to itself: compare it apart.
    assert!(matches!(got[50_002], Value::Float(f) if f.is_nan()));
    for (k, (g, e)) in got.iter().zip(&expected).enumerate() {
        if k != 50_002 {
            assert_eq!(g, e, "item {k}");
        }
    }
}
