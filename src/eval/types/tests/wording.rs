//! Types, inferred types and mismatch messages as Puppet 7.23 prints them.

use super::*;

/// Types as Puppet 7.23 printed them.
const DISPLAY: &[(&str, &str)] = &[
    ("Array[Any,0,0]", "Array[0, 0]"),
    ("Hash[Any,Any,0,0]", "Hash[0, 0]"),
    ("Optional[Enum['a']]", "Optional[Enum['a']]"),
    ("NotUndef[Enum['a']]", "NotUndef[Enum['a']]"),
    ("Pattern['x','x']", "Pattern[/x/]"),
    (
        "Struct[{Optional['x'] => Variant[String,Undef], 'y' => Undef}]",
        "Struct[{'x' => Variant[String, Undef], 'y' => Undef}]",
    ),
    (
        "Hash[Pattern[/^a/],Optional[Integer],1,5]",
        "Hash[Pattern[/^a/], Optional[Integer], 1, 5]",
    ),
    (
        "Tuple[Optional[String],Integer[default,3],0,default]",
        "Tuple[Optional[String], Integer[default, 3], 0]",
    ),
    ("Type[Optional[Class['a']]]", "Type[Optional[Class[a]]]"),
    ("Collection[default,5]", "Collection[0, 5]"),
    ("Float[-1.5e-10]", "Float[-1.5e-10]"),
    ("Resource['apache::vhost','x']", "Apache::Vhost['x']"),
    ("Apache::Vhost", "Apache::Vhost"),
    ("Class['A::B']", "Class[a::b]"),
    ("Integer[1,10]", "Integer[1, 10]"),
    ("Integer[1]", "Integer[1]"),
    ("Integer[default,5]", "Integer[default, 5]"),
    ("Integer[default,default]", "Integer"),
    ("Float[1]", "Float[1.0]"),
    ("Float[1.5,2]", "Float[1.5, 2.0]"),
    ("Float[default, 5.0]", "Float[default, 5.0]"),
    ("Float[1e16]", "Float[1.0e+16]"),
    ("Float[0.00001]", "Float[1.0e-05]"),
    ("Float[-2.5, 1e15]", "Float[-2.5, 1.0e+15]"),
    (
        "Float[0.0001, 123456789012345.0]",
        "Float[0.0001, 123456789012345.0]",
    ),
    ("String[1]", "String[1]"),
    ("String[1,10]", "String[1, 10]"),
    ("String[default,5]", "String[0, 5]"),
    // rein does not keep an explicit `0` minimum size.
    ("String[0]", "String"),
    ("Enum['b','a']", "Enum['a', 'b']"),
    ("Enum['a', true]", "Enum['a', true]"),
    ("Enum[\"it's\"]", "Enum['it\\'s']"),
    ("Pattern[/a/,'b']", "Pattern[/a/, /b/]"),
    ("Regexp[/x/]", "Regexp[/x/]"),
    ("Regexp", "Regexp"),
    ("Array", "Array"),
    ("Array[String]", "Array[String]"),
    ("Array[String,1]", "Array[String, 1]"),
    ("Array[String,1,5]", "Array[String, 1, 5]"),
    ("Array[String,default,5]", "Array[String, 0, 5]"),
    ("Array[Any,0]", "Array"),
    ("Array[1,2]", "Array[Any, 1, 2]"),
    ("Hash", "Hash"),
    ("Hash[String,Integer]", "Hash[String, Integer]"),
    ("Hash[String,Integer,1]", "Hash[String, Integer, 1]"),
    (
        "Hash[String,Integer,default,3]",
        "Hash[String, Integer, 0, 3]",
    ),
    ("Tuple[String,Integer]", "Tuple[String, Integer]"),
    ("Tuple[String,1,2]", "Tuple[String, 1, 2]"),
    ("Tuple[String,1]", "Tuple[String, 1]"),
    ("Tuple", "Tuple"),
    (
        "Struct[{'a'=>Integer, Optional['b']=>String}]",
        "Struct[{'a' => Integer, Optional['b'] => String}]",
    ),
    (
        "Struct[{'a'=>Optional[Integer]}]",
        "Struct[{'a' => Optional[Integer]}]",
    ),
    (
        "Struct[{Optional['a']=>Optional[Integer]}]",
        "Struct[{'a' => Optional[Integer]}]",
    ),
    (
        "Struct[{NotUndef['a']=>Optional[Integer]}]",
        "Struct[{NotUndef['a'] => Optional[Integer]}]",
    ),
    (
        "Struct[{NotUndef['a']=>Integer}]",
        "Struct[{'a' => Integer}]",
    ),
    ("Struct", "Struct"),
    ("Optional", "Optional"),
    ("Optional[String]", "Optional[String]"),
    // rein: `Optional['x']` is `Optional[Enum['x']]`.
    ("Optional['x']", "Optional[Enum['x']]"),
    ("NotUndef", "NotUndef"),
    ("NotUndef[String]", "NotUndef[String]"),
    ("NotUndef['x']", "NotUndef[Enum['x']]"),
    ("Variant[String,Integer]", "Variant[String, Integer]"),
    ("Variant", "Variant"),
    ("Type", "Type"),
    ("Type[String]", "Type[String]"),
    ("Sensitive", "Sensitive"),
    ("Sensitive[String]", "Sensitive[String]"),
    ("Collection[1,2]", "Collection[1, 2]"),
    ("Collection[1]", "Collection[1]"),
    ("Collection", "Collection"),
    ("Any", "Any"),
    ("Undef", "Undef"),
    ("Default", "Default"),
    ("Boolean", "Boolean"),
    ("Numeric", "Numeric"),
    ("Scalar", "Scalar"),
    ("ScalarData", "ScalarData"),
    ("Data", "Data"),
    ("RichData", "RichData"),
    ("Callable", "Callable"),
    ("Iterable", "Iterable"),
    ("Iterator", "Iterator"),
    ("CatalogEntry", "CatalogEntry"),
    ("Class['apache']", "Class[apache]"),
    ("Class['::Apache::Foo']", "Class[apache::foo]"),
    ("File['/x']", "File['/x']"),
    ("Resource['file']", "File"),
    ("Resource['file','/x']", "File['/x']"),
    ("Class", "Class"),
    ("Resource", "Resource"),
    ("Resource[File]", "File"),
    ("Resource[File, '/y']", "File['/y']"),
    ("Timespan", "Timespan"),
    ("Timestamp", "Timestamp"),
    ("SemVer", "SemVer"),
    ("SemVerRange", "SemVerRange"),
    ("Binary", "Binary"),
    ("URI", "URI"),
    ("Init", "Init"),
    ("Runtime", "Runtime"),
    ("INTEGER", "Integer"),
    ("STRING[1]", "String[1]"),
    ("Iterable[String]", "Iterable[String]"),
    ("Callable[String]", "Callable[String]"),
    ("Type[File['/x']]", "Type[File['/x']]"),
    ("Type[Class[x]]", "Type[Class[x]]"),
    ("Optional[Enum['x', 'y']]", "Optional[Enum['x', 'y']]"),
    ("Variant[Undef, Enum['a']]", "Variant[Undef, Enum['a']]"),
];

/// `type(value)` as Puppet 7.23 printed it.
const INFER: &[(&str, &str)] = &[
    ("3", "Integer[3, 3]"),
    ("'ab'", "String"),
    ("1.5", "Float[1.5, 1.5]"),
    ("[1,'a']", "Tuple[Integer[1, 1], String]"),
    ("{'a'=>1}", "Struct[{'a' => Integer[1, 1]}]"),
    ("undef", "Undef"),
    // rein has no `Boolean[true]`.
    ("true", "Boolean"),
    ("/x/", "Regexp[/x/]"),
    ("default", "Default"),
    ("Integer", "Type[Integer]"),
    ("[]", "Array[0, 0]"),
    ("{}", "Hash[0, 0]"),
    ("-3", "Integer[-3, -3]"),
    ("1e20", "Float[1.0e+20, 1.0e+20]"),
    ("0.1", "Float[0.1, 0.1]"),
    ("100.0", "Float[100.0, 100.0]"),
    ("false", "Boolean"),
    ("['a','b']", "Tuple[String, String]"),
    (
        "{'a'=>'b','c'=>1}",
        "Struct[{'a' => String, 'c' => Integer[1, 1]}]",
    ),
    ("{1=>2}", "Hash[Integer[1, 1], Integer[2, 2], 1, 1]"),
    (
        "{1=>2,3=>4}",
        "Hash[Variant[Integer[1, 1], Integer[3, 3]], Variant[Integer[2, 2], Integer[4, 4]], 2, 2]",
    ),
    (
        "{1=>2,'a'=>4}",
        "Hash[Variant[Integer[1, 1], String], Variant[Integer[2, 2], Integer[4, 4]], 2, 2]",
    ),
    ("{'a'=>undef}", "Struct[{NotUndef['a'] => Undef}]"),
    ("Class['x']", "Type[Class[x]]"),
    ("File['/x']", "Type[File['/x']]"),
    ("[[1]]", "Tuple[Tuple[Integer[1, 1]]]"),
    ("Sensitive('x')", "Sensitive[String]"),
    ("[undef]", "Tuple[Undef]"),
    ("{'a'=>[]}", "Struct[{'a' => Array[0, 0]}]"),
];

/// Messages of `assert_type(T, value)` in Puppet 7.23, the part after "expects".
const MISMATCH: &[(&str, &str, &str)] = &[
    ("Regexp[/a/]", "/b/", "a Regexp[/a/] value, got Regexp[/b/]"),
    ("Data", "Integer", "a Data value, got Type"),
    ("Data", "Sensitive('x')", "a Data value, got Sensitive"),
    ("Undef", "File['/x']", "an Undef value, got Type[Resource]"),
    (
        "Undef",
        "Sensitive('x')",
        "an Undef value, got Sensitive[String]",
    ),
    (
        "Type[Integer]",
        "File['/x']",
        "a Type[Integer] value, got Type[File['/x']]",
    ),
    (
        "Type[Class]",
        "Integer[1,2]",
        "a Type[Class] value, got Type[Integer[1, 2]]",
    ),
    (
        "Hash[String,Integer]",
        "{1=>'x'}",
        "a Hash[String, Integer] value, got Hash[Integer[1, 1], String]",
    ),
    (
        "Struct[{a=>Integer}]",
        "{1=>'x'}",
        "a Struct[{'a' => Integer}] value, got Hash[Integer[1, 1], String]",
    ),
    ("NotUndef[String]", "undef", "a String value, got Undef"),
    (
        "NotUndef[Optional[Integer]]",
        "'a'",
        "an Integer value, got String",
    ),
    (
        "Variant[Enum['a'],Pattern[/b/]]",
        "'A'",
        "a match for Variant[Enum['a'], Pattern[/b/]], got 'A'",
    ),
    (
        "Variant[Enum['a'],Pattern[/b/]]",
        "[1]",
        "a match for Variant[Enum['a'], Pattern[/b/]], got Tuple",
    ),
    (
        "Struct[{a=>Integer, Optional[b]=>Integer}]",
        "{}",
        "size to be between 1 and 2, got 0",
    ),
    (
        "Struct[{a=>Integer, b=>Integer}]",
        "{'b'=>1}",
        "a value for key 'a'",
    ),
    ("Struct[{a=>Integer}]", "'x'", "a Struct value, got String"),
    (
        "Optional[Struct[{a=>Integer}]]",
        "'x'",
        "a value of type Undef or Struct, got String",
    ),
    (
        "Variant[Integer, Array[Integer]]",
        "'x'",
        "a value of type Integer or Array, got String",
    ),
    (
        "Variant[Integer, Enum['a']]",
        "'x'",
        "a value of type Integer or Enum['a'], got String",
    ),
    ("Tuple[Integer]", "'x'", "a Tuple value, got String"),
    ("NotUndef[String]", "3", "a String value, got Integer"),
    ("Iterable", "3.0", "an Iterable value, got Float"),
    ("Class", "3", "a Class value, got Integer"),
    ("Type[File]", "3", "a Type[Resource] value, got Integer"),
    ("Pattern[/a/]", "3", "a match for Pattern[/a/], got Integer"),
    ("Array[Integer,1,1]", "[1,2]", "size to be 1, got 2"),
    (
        "Hash[String, Integer, 2, 3]",
        "{'a'=>1}",
        "size to be between 2 and 3, got 1",
    ),
    (
        "Variant[String, Integer[1,2]]",
        "5",
        "a value of type String or Integer[1, 2], got Integer[5, 5]",
    ),
    (
        "Optional[Integer[1,2]]",
        "5",
        "a value of type Undef or Integer[1, 2], got Integer[5, 5]",
    ),
    (
        "Variant[Integer[1,2],Integer[5,6]]",
        "3",
        "a value of type Integer[1, 2] or Integer[5, 6], got Integer[3, 3]",
    ),
    ("Integer", "'x'", "an Integer value, got String"),
    ("Integer", "[1]", "an Integer value, got Tuple"),
    ("Integer", "{'a'=>1}", "an Integer value, got Struct"),
    ("String[1,3]", "'abcd'", "a String[1, 3] value, got String"),
    ("String", "3", "a String value, got Integer"),
    ("Undef", "3", "an Undef value, got Integer"),
    ("Enum['a']", "3", "a match for Enum['a'], got Integer"),
    (
        "Enum['a','b']",
        "'c'",
        "a match for Enum['a', 'b'], got 'c'",
    ),
    ("Pattern[/a/]", "'b'", "a match for Pattern[/a/], got 'b'"),
    (
        "Variant[String,Integer,Boolean]",
        "[1]",
        "a value of type String, Integer, or Boolean, got Tuple",
    ),
    (
        "Variant[String,Integer]",
        "true",
        "a value of type String or Integer, got Boolean",
    ),
    (
        "Optional[String]",
        "3",
        "a value of type Undef or String, got Integer",
    ),
    (
        "Optional[Variant[String,Integer]]",
        "true",
        "a value of type Undef, String, or Integer, got Boolean",
    ),
    ("Array[String,2]", "['a']", "size to be at least 2, got 1"),
    (
        "Array[String,1,2]",
        "['a','b','c']",
        "size to be between 1 and 2, got 3",
    ),
    ("Struct[{a=>Integer}]", "{}", "size to be 1, got 0"),
    ("Tuple[String,Integer]", "['a']", "size to be 2, got 1"),
    ("Boolean", "'true'", "a Boolean value, got String"),
    ("Float", "3", "a Float value, got Integer"),
    ("Numeric", "'x'", "a Numeric value, got String"),
    ("Data", "default", "a Data value, got Default"),
    ("Integer", "undef", "an Integer value, got Undef"),
    ("NotUndef", "undef", "a NotUndef value, got Undef"),
    ("Type[Integer]", "3", "a Type[Integer] value, got Integer"),
    ("Regexp", "'x'", "a Regexp value, got String"),
    (
        "Sensitive[String]",
        "'x'",
        "a Sensitive[String] value, got String",
    ),
    (
        "Variant[Enum['a'],Enum['b']]",
        "'c'",
        "a match for Enum['a', 'b'], got 'c'",
    ),
    (
        "Optional[Enum['a']]",
        "'c'",
        "an undef value or a match for Enum['a'], got 'c'",
    ),
    ("Array", "'x'", "an Array value, got String"),
    ("Hash", "[]", "a Hash value, got Array"),
    ("Scalar", "[1]", "a Scalar value, got Tuple"),
    ("Integer[1]", "0", "an Integer[1] value, got Integer[0, 0]"),
    (
        "Float[1.0,2.0]",
        "3.0",
        "a Float[1.0, 2.0] value, got Float[3.0, 3.0]",
    ),
    (
        "Enum['a', true]",
        "'b'",
        "a match for Enum['a', true], got 'b'",
    ),
    (
        "Integer[1,10]",
        "20",
        "an Integer[1, 10] value, got Integer[20, 20]",
    ),
    ("Collection", "1", "a Collection value, got Integer"),
    (
        "Hash[String,Integer,1]",
        "{}",
        "size to be at least 1, got 0",
    ),
    ("Default", "1", "a Default value, got Integer"),
    ("Integer", "3.5", "an Integer value, got Float"),
    ("Float", "'x'", "a Float value, got String"),
    (
        "Hash[String,Integer,1,1]",
        "{'a'=>1,'b'=>2}",
        "size to be 1, got 2",
    ),
    (
        "Type[Integer]",
        "String",
        "a Type[Integer] value, got Type[String]",
    ),
];

#[test]
fn mismatch_as_puppet() {
    let a = Aliases::default();
    let bad: Vec<String> = MISMATCH
        .iter()
        .filter(|(t, v, want)| mismatch(&ty(t), &val(v), &a) != *want)
        .map(|(t, v, want)| {
            format!(
                "{t} / {v}: got {}, want {want}",
                mismatch(&ty(t), &val(v), &a)
            )
        })
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn floats_print_as_ruby() {
    let cases = [
        (1.0, "1.0"),
        (100.0, "100.0"),
        (1e14, "100000000000000.0"),
        (1e15, "1.0e+15"),
        (1.234567890123456e15, "1.234567890123456e+15"),
        (0.0001, "0.0001"),
        (0.00012, "0.00012"),
        (1e-5, "1.0e-05"),
        (2.5e-7, "2.5e-07"),
        (-2.5, "-2.5"),
        (1.0 / 3.0, "0.3333333333333333"),
        (1e100, "1.0e+100"),
        (12345.678, "12345.678"),
        (0.0, "0.0"),
    ];
    for (f, want) in cases {
        assert_eq!(crate::eval::value::ruby_float(f), want);
    }
}

#[test]
fn display_as_puppet() {
    let bad: Vec<String> = DISPLAY
        .iter()
        .filter(|(t, want)| display(&ty(t)) != *want)
        .map(|(t, want)| format!("{t}: got {}, want {want}", display(&ty(t))))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn infer_as_puppet() {
    let bad: Vec<String> = INFER
        .iter()
        .filter(|(v, want)| display(&infer(&val(v))) != *want)
        .map(|(v, want)| format!("{v}: got {}, want {want}", display(&infer(&val(v)))))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
