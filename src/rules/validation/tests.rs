//! Tests of the validation rules together: each finding is the one Puppet reports, where
//! Puppet places it, and the other validation rules find nothing more.

use crate::rules::engine::{check_file, RuleSet};
use crate::rules::{registry, Category, Level};

/// `(rule, line, column, message)` of every validation finding on `src` at `path`.
fn findings(path: &str, src: &str) -> Vec<(String, usize, usize, String)> {
    let parsed = crate::syntax::parse(src);
    let rules = RuleSet::new(
        registry::all()
            .iter()
            .filter(|r| r.meta().category == Category::Validation)
            .map(|r| (*r, Level::Error, toml::Table::new()))
            .collect(),
    );
    check_file(path, &parsed, &rules)
        .into_iter()
        .map(|d| {
            let (l, c) = parsed.line_index.line_col(&parsed.source, d.span.start());
            (d.rule.to_string(), l, c, d.message.into_owned())
        })
        .collect()
}

fn one(src: &str) -> (String, usize, usize, String) {
    let mut f = findings("t.pp", src);
    assert_eq!(f.len(), 1, "{src}: {f:?}");
    f.remove(0)
}

#[test]
fn assignment_findings_are_where_puppet_puts_them() {
    assert_eq!(
        one("$x = 1\n$x  +=  [1]"),
        (
            "append_assignment".into(),
            2,
            5,
            "The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals".into()
        )
    );
    assert_eq!(
        one("[$a, /* c */ 1] = [1, 2]"),
        (
            "illegal_assignment".into(),
            1,
            14,
            "Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference".into()
        )
    );
    assert_eq!(
        one("$a.each |$x| { $b::c = 1 }"),
        (
            "cross_scope_assignment".into(),
            1,
            16,
            "Illegal attempt to assign to 'b::c'. Cannot assign to variables in other namespaces"
                .into()
        )
    );
    assert_eq!(one("$h = {}\n$h['a'] = 1").0, "indexed_assignment");
    let f = one("$x = 1\n$x /* a */ # b\n  -= 1");
    assert_eq!((f.0.as_str(), f.1, f.2), ("append_assignment", 3, 3));
    assert_eq!(
        one("$a\n  .size = 1"),
        (
            "illegal_assignment".into(),
            2,
            3,
            "Illegal attempt to assign to 'a Method call'. Not an assignable reference".into()
        )
    );
    assert_eq!(
        one("[$a, $1] = [1, 2]").3,
        "Illegal attempt to assign to the numeric match result variable '$1'. Numeric variables are not assignable"
    );
    assert_eq!(
        one("class a ($x = [$y\n  = 1]) {}"),
        (
            "assignment_context".into(),
            2,
            3,
            "Assignment not allowed here".into()
        )
    );
    assert!(findings("t.pp", "[$a, [$b, $c]] = [1, [2, 3]]\nif ($m = 1) {}").is_empty());
}

#[test]
fn parameter_findings_are_on_the_variable() {
    assert_eq!(
        one("class a (Integer $p, String\n  *$q) {}"),
        (
            "captures_rest_not_supported".into(),
            2,
            4,
            "Parameter $q has 'captures rest' - not supported in a Host Class Definition".into()
        )
    );
    assert_eq!(
        one("define a ($p, $p) {}").3,
        "The parameter 'p' is declared more than once in the parameter list"
    );
    assert_eq!(
        one("define a ($title) {}").3,
        "The parameter $title redefines a built in parameter in the 'define' expression"
    );
    assert_eq!(
        one("$a.each |*$r, $s| {}"),
        (
            "captures_rest_not_last".into(),
            1,
            11,
            "Parameter $r is not last, and has 'captures rest'".into()
        )
    );
    let f = findings("t.pp", "function f($1) {}");
    assert_eq!(
        f.iter().map(|x| (x.0.as_str(), x.2)).collect::<Vec<_>>(),
        vec![("numeric_parameter", 12), ("parameter_name", 12)]
    );
    assert!(findings("t.pp", "function f($name, *$r) {}\n$a.each |$x, $x| {}").is_empty());
}

#[test]
fn variable_findings_include_interpolation() {
    assert_eq!(
        one("notice(\"a$Foo\")"),
        (
            "variable_name".into(),
            1,
            10,
            "Illegal variable name, The given name 'Foo' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/".into()
        )
    );
    assert_eq!(one("notice(\"${01}\")").0, "numeric_variable_name");
    assert_eq!(one("notice(\"${01}\")").2, 11);
    assert!(findings("t.pp", "notice(\"${Foo} $_ $::x $0 $10\")").is_empty());
}

#[test]
fn definition_findings() {
    assert_eq!(
        one("class Foo {}").3,
        "Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition"
    );
    assert_eq!(
        one("function array() {}").3,
        "The name: 'array' is already defined by Puppet and can not be used as the name of a Function Definition."
    );
    assert_eq!(
        one("if $x { class a {} }"),
        (
            "definition_not_toplevel".into(),
            1,
            9,
            "Classes, definitions, and nodes may only appear at toplevel or inside other classes"
                .into()
        )
    );
    assert_eq!(
        one("if $x { function f() {} }").0,
        "definition_not_toplevel"
    );
    assert_eq!(
        one("if $x { function f() {} notice(1) }").3,
        "A Function Definition may only appear at toplevel"
    );
    assert_eq!(
        one("class a { type A = Integer }"),
        (
            "function_not_toplevel".into(),
            1,
            16,
            "A Type Alias may only appear at toplevel".into()
        )
    );
    assert!(findings("t.pp", "class a { class b {} define c {} node d {} }").is_empty());
    // The finding covers the head of the definition only.
    let parsed = crate::syntax::parse("if $x {\n  class a::b (\n  ) {\n  }\n}\n");
    let rules = RuleSet::only("definition_not_toplevel", Level::Error);
    let d = check_file("t.pp", &parsed, &rules);
    assert_eq!(d.len(), 1);
    assert_eq!(
        &parsed.source[d[0].span.start()..d[0].span.end()],
        "class a::b"
    );
}

#[test]
fn location_findings_need_a_module_path() {
    let src = "class other {}\ninclude other\n";
    assert!(findings("t.pp", src).is_empty());
    let f = findings("modules/m/manifests/init.pp", src);
    assert_eq!(
        f,
        vec![
            (
                "definition_location".into(),
                1,
                1,
                "Unacceptable location. The name 'other' is unacceptable in file 'modules/m/manifests/init.pp'".into()
            ),
            (
                "top_construct_location".into(),
                2,
                1,
                "This Function Call is unacceptable as a top level construct in this location".into()
            ),
        ]
    );
    assert!(findings(
        "modules/m/manifests/init.pp",
        "class mm {}\nclass m::a {}\n# x\n"
    )
    .is_empty());
    assert!(findings("m/manifests/init.pp", src).is_empty());
}
