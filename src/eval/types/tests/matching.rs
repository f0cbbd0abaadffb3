//! `instance_of` and `assignable` as Puppet 7.23 answers them.

use super::*;

/// `value =~ Type` as Puppet 7.23 answered it.
const INSTANCE: &[(&str, &str, Option<bool>)] = &[
    ("3", "Integer[1,5]", Some(true)),
    ("6", "Integer[1,5]", Some(false)),
    ("3", "Float", Some(false)),
    ("3.0", "Float", Some(true)),
    ("3", "Numeric", Some(true)),
    ("3.5", "Numeric", Some(true)),
    ("'3'", "Numeric", Some(false)),
    ("'ab'", "String[3]", Some(false)),
    ("'abc'", "String[3]", Some(true)),
    ("'abcd'", "String[1,3]", Some(false)),
    ("''", "String[1]", Some(false)),
    ("'héé'", "String[3,3]", Some(true)),
    ("'A'", "Enum['a']", Some(false)),
    ("'A'", "Enum['a', true]", Some(true)),
    ("'a'", "Enum['a','b']", Some(true)),
    ("'c'", "Enum['a','b']", Some(false)),
    ("'x'", "Enum", Some(false)),
    ("3", "Enum['3']", Some(false)),
    ("'abc'", "Pattern[/b/]", Some(true)),
    ("'abc'", "Pattern[/^b/]", Some(false)),
    ("'abc'", "Pattern[/^b/, /c$/]", Some(true)),
    ("'x'", "Pattern", Some(true)),
    ("3", "Pattern[/3/]", Some(false)),
    ("'ABC'", "Pattern[/(?i:abc)/]", Some(true)),
    ("'a\\nb'", "Pattern[/^b$/]", Some(false)),
    ("/x/", "Regexp", Some(true)),
    ("/x/", "Regexp[/x/]", Some(true)),
    ("/x/", "Regexp[/y/]", Some(false)),
    ("'x'", "Regexp", Some(false)),
    ("true", "Boolean", Some(true)),
    ("'true'", "Boolean", Some(false)),
    ("undef", "Undef", Some(true)),
    ("3", "Undef", Some(false)),
    ("default", "Default", Some(true)),
    ("undef", "Default", Some(false)),
    ("3", "Scalar", Some(true)),
    ("/x/", "Scalar", Some(true)),
    ("[1]", "Scalar", Some(false)),
    ("undef", "Scalar", Some(false)),
    ("/x/", "ScalarData", Some(false)),
    ("true", "ScalarData", Some(true)),
    ("default", "ScalarData", Some(false)),
    ("undef", "Data", Some(true)),
    ("[1,'a',{'b'=>[true]}]", "Data", Some(true)),
    ("{1=>2}", "Data", Some(false)),
    ("[/x/]", "Data", Some(false)),
    ("default", "Data", Some(false)),
    ("[default]", "Data", Some(false)),
    ("default", "RichData", Some(true)),
    ("/x/", "RichData", Some(true)),
    ("{1=>2}", "RichData", Some(true)),
    ("{true=>2}", "RichData", Some(false)),
    ("[Integer]", "RichData", Some(true)),
    ("{'a'=>[default, undef]}", "RichData", Some(true)),
    ("[1,2]", "Collection[1,2]", Some(true)),
    ("{}", "Collection[1]", Some(false)),
    ("'ab'", "Collection", Some(false)),
    ("['a','b']", "Array[String]", Some(true)),
    ("['a',1]", "Array[String]", Some(false)),
    ("['a']", "Array[String,2]", Some(false)),
    ("['a','b','c']", "Array[String,1,2]", Some(false)),
    ("[]", "Array[Integer,0,0]", Some(true)),
    ("[]", "Array", Some(true)),
    ("{}", "Array", Some(false)),
    ("{'a'=>1}", "Hash[String,Integer]", Some(true)),
    ("{'a'=>'b'}", "Hash[String,Integer]", Some(false)),
    ("{1=>1}", "Hash[String,Integer]", Some(false)),
    ("{}", "Hash[String,Integer,1]", Some(false)),
    ("{'a'=>1,'b'=>2}", "Hash[String,Integer,1,1]", Some(false)),
    ("[]", "Hash", Some(false)),
    ("['a',1]", "Tuple[String,Integer]", Some(true)),
    ("['a']", "Tuple[String,Integer]", Some(false)),
    ("['a',1,2]", "Tuple[String,Integer]", Some(false)),
    ("['a',1,2]", "Tuple[String,Integer,1]", Some(true)),
    ("['a',1,'x']", "Tuple[String,Integer,1]", Some(false)),
    ("['a']", "Tuple[String,Integer,1]", Some(true)),
    ("[]", "Tuple[String,Integer,0,1]", Some(true)),
    ("[1,'x']", "Tuple", Some(true)),
    ("[]", "Tuple", Some(true)),
    ("{'a'=>1}", "Struct[{'a'=>Integer}]", Some(true)),
    ("{}", "Struct[{'a'=>Integer}]", Some(false)),
    ("{'a'=>1,'b'=>2}", "Struct[{'a'=>Integer}]", Some(false)),
    ("{'a'=>'x'}", "Struct[{'a'=>Integer}]", Some(false)),
    ("{}", "Struct[{Optional['a']=>Integer}]", Some(true)),
    (
        "{'a'=>undef}",
        "Struct[{Optional['a']=>Integer}]",
        Some(false),
    ),
    ("{}", "Struct[{'a'=>Optional[Integer]}]", Some(true)),
    (
        "{'a'=>undef}",
        "Struct[{'a'=>Optional[Integer]}]",
        Some(true),
    ),
    (
        "{}",
        "Struct[{NotUndef['a']=>Optional[Integer]}]",
        Some(false),
    ),
    (
        "{'a'=>undef}",
        "Struct[{NotUndef['a']=>Optional[Integer]}]",
        Some(true),
    ),
    ("{1=>1}", "Struct[{'a'=>Optional[Integer]}]", Some(false)),
    ("{'A'=>1}", "Struct[{'a'=>Integer}]", Some(false)),
    ("3", "Variant[String,Integer]", Some(true)),
    ("true", "Variant[String,Integer]", Some(false)),
    ("3", "Variant", Some(false)),
    ("undef", "Optional[String]", Some(true)),
    ("'x'", "Optional[String]", Some(true)),
    ("3", "Optional[String]", Some(false)),
    ("'x'", "Optional['x']", Some(true)),
    ("'y'", "Optional['x']", Some(false)),
    ("undef", "Optional", Some(true)),
    ("undef", "NotUndef", Some(false)),
    ("3", "NotUndef", Some(true)),
    ("3", "NotUndef[String]", Some(false)),
    ("'x'", "NotUndef[String]", Some(true)),
    ("undef", "NotUndef[Optional[String]]", Some(false)),
    ("Integer", "Type", Some(true)),
    ("Integer[1,2]", "Type[Integer]", Some(true)),
    ("String", "Type[Integer]", Some(false)),
    ("3", "Type", Some(false)),
    ("Integer", "Type[Type]", Some(false)),
    ("Type[Integer]", "Type[Type[Numeric]]", Some(true)),
    ("File['/x']", "Type[File]", Some(true)),
    ("File['/x']", "Type[Resource]", Some(true)),
    ("File['/x']", "Type[File['/x']]", Some(true)),
    ("File['/x']", "Type[File['/y']]", Some(false)),
    ("File", "Type[File['/x']]", Some(false)),
    ("File['/x']", "Type[CatalogEntry]", Some(true)),
    ("Class['a']", "Type[Class]", Some(true)),
    ("Class['a']", "Type[Class['a']]", Some(true)),
    ("Class['a']", "Type[Class['b']]", Some(false)),
    ("Class['a']", "Type[CatalogEntry]", Some(true)),
    // rein: None, `File` might be an alias it has not seen.
    ("File['/x']", "File", None),
    ("File['/x']", "CatalogEntry", Some(false)),
    ("Class['a']", "Class", Some(false)),
    ("File['/x']", "Type[Class]", Some(false)),
    ("Class['::A']", "Type[Class['a']]", Some(true)),
    ("Resource['file','/x']", "Type[File['/x']]", Some(true)),
    ("Resource[file]", "Type[File]", Some(true)),
    ("[1]", "Iterable", Some(true)),
    ("{}", "Iterable", Some(true)),
    ("'ab'", "Iterable", Some(true)),
    ("3", "Iterable", Some(true)),
    ("-1", "Iterable", Some(false)),
    ("0", "Iterable", Some(true)),
    ("Integer[1,3]", "Iterable", Some(true)),
    ("Integer", "Iterable", Some(false)),
    ("Integer[0]", "Iterable", Some(false)),
    ("Enum['a']", "Iterable", Some(true)),
    ("String", "Iterable", Some(false)),
    ("3.0", "Iterable", Some(false)),
    ("undef", "Iterable", Some(false)),
    ("[1]", "Iterator", Some(false)),
    ("3", "Callable", Some(false)),
    ("3", "Any", Some(true)),
    ("undef", "Any", Some(true)),
    ("Sensitive('x')", "Sensitive", Some(true)),
    ("Sensitive('x')", "Sensitive[String]", Some(true)),
    ("Sensitive('x')", "Sensitive[Integer]", Some(false)),
    ("'x'", "Sensitive", Some(false)),
    ("Sensitive('x')", "Any", Some(true)),
    ("Sensitive('x')", "Data", Some(false)),
    ("Sensitive('x')", "Scalar", Some(false)),
];

/// `T1 <= T2` as Puppet 7.23 answered it.
const ASSIGNABLE: &[(&str, &str, Option<bool>)] = &[
    // Puppet: false (its Iterable takes String types only); rein: no conclusion.
    ("Pattern[/^a/]", "Iterable", None),
    // Puppet: true (it counts 'a' as required when comparing sizes, though `{}` is an
    // instance); rein: no conclusion.
    (
        "Struct[{a=>Optional[Integer], Optional[b]=>String}]",
        "Collection[1]",
        None,
    ),
    // Puppet: false (NotUndef[Optional[T]] is not simplified); rein: no conclusion.
    ("NotUndef[Optional[Integer]]", "Data", None),
    ("Integer[1,10]", "Integer", Some(true)),
    ("Integer", "Numeric", Some(true)),
    ("Enum['a']", "String", Some(true)),
    ("Pattern[/a/]", "String", Some(true)),
    ("Optional[String]", "Variant[Undef,String]", Some(true)),
    ("Integer[1,10]", "Float", Some(false)),
    ("Float", "Numeric", Some(true)),
    ("Numeric", "Scalar", Some(true)),
    ("String", "ScalarData", Some(true)),
    ("Array[String]", "Data", Some(true)),
    ("Hash[String,Data]", "Data", Some(true)),
    ("Hash[Integer,Data]", "Data", Some(false)),
    ("Hash[Integer,Data]", "RichData", Some(true)),
    ("Undef", "Data", Some(true)),
    ("Default", "RichData", Some(true)),
    ("Regexp", "ScalarData", Some(false)),
    ("Regexp", "Scalar", Some(true)),
    ("Type", "RichData", Some(true)),
    ("Sensitive", "RichData", Some(true)),
    // rein: None, `File` might be an alias it has not seen.
    ("File", "RichData", None),
    ("Tuple[String,Integer]", "Array[Scalar]", Some(true)),
    ("Array[String]", "Tuple[String]", Some(false)),
    ("Struct[{a=>Integer}]", "Hash[String,Integer]", Some(true)),
    // rein: None where Puppet is certain but rein does not reason it out.
    ("Hash[String,Integer]", "Struct[{a=>Integer}]", None),
    ("Array", "Iterable", Some(true)),
    ("String", "Iterable", Some(true)),
    ("Integer[0]", "Iterable", Some(true)),
    ("Optional[String]", "String", Some(false)),
    ("String", "Optional[String]", Some(true)),
    ("Undef", "Optional[String]", Some(true)),
    ("NotUndef", "Any", Some(true)),
    ("String", "NotUndef", Some(true)),
    ("Optional[String]", "NotUndef", Some(false)),
    ("Enum['a','b']", "Enum['a','b','c']", Some(true)),
    ("Enum['a','d']", "Enum['a','b','c']", Some(false)),
    ("Enum['a']", "Pattern[/a/]", Some(true)),
    ("Enum['b']", "Pattern[/a/]", Some(false)),
    ("String[1,3]", "String[1]", Some(true)),
    ("String", "String[1]", Some(false)),
    ("Enum['ab']", "String[2,2]", Some(true)),
    ("Enum['abc']", "String[2,2]", Some(false)),
    ("Enum['A']", "Enum['a', true]", Some(true)),
    ("Class['a']", "Class", Some(true)),
    ("Class", "CatalogEntry", Some(true)),
    ("File['/x']", "File", Some(true)),
    ("File", "Resource", Some(true)),
    ("Resource", "CatalogEntry", Some(true)),
    ("Class['a']", "Class['b']", Some(false)),
    ("Type[Integer]", "Type", Some(true)),
    ("Type[Integer]", "Type[Numeric]", Some(true)),
    ("File", "File['/x']", Some(false)),
    ("File['/x']", "File['/y']", Some(false)),
    ("File['/x']", "Resource['file','/x']", Some(true)),
    ("Resource", "File", Some(false)),
    ("Boolean", "ScalarData", Some(true)),
    ("Integer", "Variant[Integer,String]", Some(true)),
    ("Variant[Integer,String]", "Scalar", Some(true)),
    ("Variant[Integer,String]", "Integer", Some(false)),
    ("Collection", "Iterable", Some(true)),
    ("Hash", "Collection", Some(true)),
    ("Array[String,1,2]", "Collection[1,5]", Some(true)),
    ("Tuple[String]", "Collection[1]", Some(true)),
    ("Array[String]", "Collection[1]", Some(false)),
    ("Type[Integer[1,3]]", "Iterable", Some(true)),
    ("Tuple[String, Integer]", "Array[String]", Some(false)),
    ("Array[String,1,1]", "Tuple[String]", Some(true)),
    ("Array[String,0,0]", "Array[Integer]", Some(true)),
    ("Array[Any]", "Data", None),
    ("Sensitive", "Sensitive[String]", None),
    ("Type", "Type[Integer]", Some(false)),
    ("Integer", "Float", Some(false)),
    ("Float[1.0,2.0]", "Float[0.0]", Some(true)),
    ("Float[1.0]", "Float[0.0, 5.0]", Some(false)),
    ("Integer[default,5]", "Integer[default,10]", Some(true)),
    ("Integer[0,5]", "Integer[1,10]", Some(false)),
    (
        "Hash[String,Integer,1,2]",
        "Hash[String,Numeric]",
        Some(true),
    ),
    (
        "Hash[String,Integer]",
        "Hash[String,Integer,1]",
        Some(false),
    ),
    (
        "Struct[{a=>Integer, Optional[b]=>String}]",
        "Struct[{a=>Numeric, Optional[b]=>String, Optional[c]=>Integer}]",
        Some(true),
    ),
    (
        "Struct[{a=>Integer}]",
        "Struct[{a=>Integer, b=>String}]",
        Some(false),
    ),
    (
        "Struct[{a=>Integer, b=>String}]",
        "Struct[{a=>Integer}]",
        Some(false),
    ),
    (
        "Struct[{Optional[a]=>Integer}]",
        "Struct[{a=>Integer}]",
        Some(false),
    ),
    ("Tuple[Integer,String]", "Tuple[Numeric,String]", Some(true)),
    (
        "Tuple[Integer,String]",
        "Tuple[Numeric,Integer]",
        Some(false),
    ),
    ("Tuple[Integer,1]", "Tuple[Numeric,0]", Some(true)),
    ("Tuple[Integer, 1]", "Array[Integer]", Some(true)),
    (
        "Tuple[Integer,String]",
        "Tuple[Integer,String,Boolean]",
        Some(false),
    ),
    ("Undef", "NotUndef", Some(false)),
    ("Data", "NotUndef", Some(false)),
    ("Scalar", "NotUndef", Some(true)),
    ("Variant[String,Integer]", "NotUndef[Scalar]", Some(true)),
    ("Optional[Integer]", "Data", Some(true)),
    ("Optional[Integer]", "Optional[Numeric]", Some(true)),
    ("NotUndef[Optional[Integer]]", "Integer", None),
    ("Regexp[/a/]", "Regexp", Some(true)),
    ("Regexp", "Regexp[/a/]", Some(false)),
    ("Regexp[/a/]", "Regexp[/b/]", Some(false)),
    ("Pattern[/a/]", "Pattern[/a/, /b/]", None),
    ("Iterator", "Iterable", Some(true)),
    ("Callable", "Callable", Some(true)),
    ("Any", "Any", Some(true)),
    ("Scalar", "RichData", Some(true)),
    ("Data", "RichData", Some(true)),
    ("RichData", "Data", Some(false)),
    ("ScalarData", "Data", Some(true)),
    ("Data", "Any", Some(true)),
    ("Default", "Data", Some(false)),
    ("Iterable", "Array", Some(false)),
    ("Collection", "Array", Some(false)),
    ("Array", "Collection", Some(true)),
    ("Struct[{a=>Regexp}]", "Data", Some(false)),
    ("Struct[{a=>Regexp}]", "RichData", Some(true)),
    ("Tuple[Regexp]", "Data", Some(false)),
    (
        "Variant[Integer[1,5],Integer[6,10]]",
        "Integer[1,10]",
        Some(true),
    ),
    (
        "Integer[1,10]",
        "Variant[Integer[1,5],Integer[6,10]]",
        Some(false),
    ),
    ("Enum['a']", "Variant[Integer,Enum['a','b']]", Some(true)),
];

#[test]
fn unknowns_conclude_only_when_certain() {
    let cases: &[(&str, &str, Option<bool>)] = &[
        ("unknown(String)", "Integer", Some(false)),
        ("unknown(String)", "String", Some(true)),
        ("unknown(String[1])", "String", Some(true)),
        ("unknown(String)", "String[1]", None),
        ("unknown(Any)", "Integer", None),
        ("unknown(Any)", "Any", Some(true)),
        ("unknown(Any)", "Optional[Integer]", None),
        ("unknown(Integer[1,5])", "Integer[10,20]", Some(false)),
        ("unknown(Integer[1,15])", "Integer[10,20]", None),
        ("unknown(Integer)", "Float", Some(false)),
        ("unknown(Integer)", "Numeric", Some(true)),
        ("unknown(Optional[String])", "String", None),
        ("unknown(Optional[String])", "Integer", Some(false)),
        ("unknown(Optional[String])", "Optional[Integer]", None),
        ("unknown(Enum['a','b'])", "Enum['c']", Some(false)),
        ("unknown(Enum['a','b'])", "Pattern[/a/]", None),
        ("unknown(Enum['a','b'])", "Pattern[/^[ab]$/]", Some(true)),
        ("unknown(Enum['a','b'])", "String[1,1]", Some(true)),
        ("[1, unknown(String)]", "Array[Integer]", Some(false)),
        ("[1, unknown(Integer)]", "Array[Integer]", Some(true)),
        ("[1, unknown(Any)]", "Array[Integer]", None),
        ("[unknown(Any), 'x']", "Array[Integer]", Some(false)),
        ("[unknown(Any), 1]", "Array[Integer, 3]", Some(false)),
        ("{'a' => unknown(Any)}", "Struct[{a => Integer}]", None),
        (
            "{'b' => unknown(Any)}",
            "Struct[{a => Integer}]",
            Some(false),
        ),
        ("{unknown(String) => 1}", "Struct[{a => Integer}]", None),
        (
            "{unknown(String) => 1}",
            "Hash[String, Integer]",
            Some(true),
        ),
        ("unknown(Data)", "Integer", None),
        ("unknown(Data)", "Type", Some(false)),
        ("unknown(Timespan)", "Integer", None),
        ("unknown(Array[String])", "Hash", Some(false)),
        ("unknown(Array[String])", "Array[String, 1]", None),
        ("unknown(Integer)", "Variant[String, Integer]", Some(true)),
        ("unknown(Variant[String, Integer])", "Boolean", Some(false)),
        ("unknown(Variant[String, Integer])", "Integer", None),
        ("unknown(NotUndef)", "Undef", Some(false)),
        ("unknown(Scalar)", "Regexp", None),
        ("unknown(Type[Integer])", "Type", Some(true)),
        ("unknown(Type[Integer])", "Type[String]", None),
        (
            "Sensitive(unknown(String))",
            "Sensitive[String]",
            Some(true),
        ),
        ("unknown(Integer)", "Iterable", None),
        ("unknown(Integer[0])", "Iterable", Some(true)),
        ("unknown(Hash[String, Data])", "Data", Some(true)),
        (
            "unknown(Struct[{a => Integer}])",
            "Hash[String, Integer]",
            Some(true),
        ),
        ("unknown(Optional[Integer])", "NotUndef", None),
        ("unknown(Integer)", "NotUndef", Some(true)),
    ];
    let bad: Vec<String> = cases
        .iter()
        .filter(|(v, t, want)| is(v, t) != *want)
        .map(|(v, t, want)| format!("{v} =~ {t}: got {:?}, want {want:?}", is(v, t)))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn aliases_resolve_and_recursion_terminates() {
    let a = test_aliases();
    let is_a =
        |v: &str, t: &str| instance_of(&ty_in(t, &a), &val_in(v, &a), &a, &Regexes::default());
    assert_eq!(
        from_reference("My::Port", &a),
        PType::Alias("My::Port".into())
    );
    assert_eq!(
        from_reference("My::PORT", &a),
        PType::Alias("My::Port".into())
    );
    assert_eq!(display(&ty_in("My::Port", &a)), "My::Port");
    assert_eq!(is_a("80", "My::Port"), Some(true));
    assert_eq!(is_a("70000", "My::Port"), Some(false));
    assert_eq!(is_a("['a', ['b', ['c']], []]", "Tree"), Some(true));
    assert_eq!(is_a("['a', [1]]", "Tree"), Some(false));
    assert_eq!(is_a("3", "Loop"), None);
    // Not known as an alias, so taken for a resource type: but it may be an alias from
    // a module outside the run.
    assert_eq!(is_a("3", "Unknown::Alias"), None);
    assert_eq!(is_a("unknown(String)", "Unknown::Alias"), None);
    assert_eq!(is_a("unknown(My::Port)", "Integer"), Some(true));
    assert_eq!(is_a("unknown(My::Port)", "String"), Some(false));
    assert_eq!(is_a("unknown(Loop)", "String"), None);
    let le_a = |x: &str, y: &str| assignable(&ty_in(y, &a), &ty_in(x, &a), &a, &Regexes::default());
    assert_eq!(le_a("Tree", "Tree"), Some(true));
    assert_eq!(le_a("Array[String]", "Tree"), Some(true));
    assert_eq!(le_a("Array[Integer]", "Tree"), Some(false));
    assert_eq!(le_a("Loop", "Integer"), None);
    assert_eq!(le_a("My::Port", "Integer[0]"), Some(true));
    assert_eq!(
        mismatch(&ty_in("My::Port", &a), &Value::str("x"), &a),
        "a My::Port = Integer[0, 65535] value, got String"
    );
}

#[test]
fn patterns_are_ruby_regexps() {
    let a = Aliases::default();
    let pat = |p: &str| PType::Pattern(vec![p.to_string()]);
    // Ruby's ^ and $ match at line boundaries; . does not match a newline.
    assert_eq!(
        instance_of(&pat("^b$"), &Value::str("a\nb"), &a, &Regexes::default()),
        Some(true)
    );
    assert_eq!(
        instance_of(&pat("a.b"), &Value::str("a\nb"), &a, &Regexes::default()),
        Some(false)
    );
    assert_eq!(
        instance_of(
            &pat("\\Ab\\z"),
            &Value::str("a\nb"),
            &a,
            &Regexes::default()
        ),
        Some(false)
    );
    assert_eq!(
        instance_of(&pat("\\h+"), &Value::str("fe"), &a, &Regexes::default()),
        Some(true)
    );
    assert_eq!(
        instance_of(
            &pat("(?<x>a)\\k<x>"),
            &Value::str("aa"),
            &a,
            &Regexes::default()
        ),
        Some(true)
    );
    // A regexp that does not compile: unknown.
    assert_eq!(
        instance_of(&pat("(a"), &Value::str("a"), &a, &Regexes::default()),
        None
    );
    assert_eq!(
        instance_of(
            &PType::Pattern(vec!["(a".into(), "b".into()]),
            &Value::str("b"),
            &a,
            &Regexes::default()
        ),
        Some(true)
    );
}

#[test]
fn recursive_aliases_against_each_other_terminate() {
    let mut pre = Aliases::default();
    pre.insert("J".into(), PType::Any);
    pre.insert("K".into(), PType::Any);
    let mut a = Aliases::default();
    a.insert(
        "J".into(),
        ty_in("Variant[Array[J], Hash[String, J], Integer]", &pre),
    );
    a.insert(
        "K".into(),
        ty_in("Variant[Array[K], Hash[String, K], Integer, String]", &pre),
    );
    a.insert("V".into(), ty_in("Variant[J, K]", &pre));
    a.insert(
        "W".into(),
        PType::Variant(vec![PType::Alias("W".into()); 2]),
    );
    let start = std::time::Instant::now();
    let j = PType::Alias("J".into());
    let k = PType::Alias("K".into());
    // Every J is a K, but proving it runs out of steps; K's strings are not Js.
    assert_eq!(assignable(&k, &j, &a, &Regexes::default()), None);
    assert_eq!(assignable(&j, &k, &a, &Regexes::default()), Some(false));
    assert_eq!(
        instance_of(&j, &Value::unknown(k.clone()), &a, &Regexes::default()),
        None
    );
    assert_eq!(
        instance_of(
            &PType::Alias("W".into()),
            &Value::Int(1),
            &a,
            &Regexes::default()
        ),
        None
    );
    assert_eq!(
        instance_of(
            &j,
            &val_in("[[1, {'a' => [2]}]]", &a),
            &a,
            &Regexes::default()
        ),
        Some(true)
    );
    assert_eq!(
        instance_of(
            &j,
            &val_in("[[1, {'a' => ['x']}]]", &a),
            &a,
            &Regexes::default()
        ),
        Some(false)
    );
    assert_eq!(
        instance_of(
            &PType::Alias("V".into()),
            &Value::str("x"),
            &a,
            &Regexes::default()
        ),
        Some(true)
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
}

#[test]
fn stdlib_patterns_as_ruby() {
    // Patterns of puppetlabs-stdlib's path, URL, FQDN and IPv4 types; Ruby's answers.
    let cases: &[(&str, &str, bool)] = &[
        (r"\A\/([^\n\/\0]+\/*)*\z", "/etc/x", true),
        (r"\A\/([^\n\/\0]+\/*)*\z", "etc/x", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "/a\n", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "C:\\x", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "\\\\srv\\share", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "HTTP://x.org", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "ftp://x", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "a.b-c.org", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "-a.org", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "10.0.0.256", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "10.0.0.255", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "é/x", false),
        (r"\A\/([^\n\/\0]+\/*)*\z", "/é", true),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "/etc/x",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "etc/x",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "/a\n",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "C:\\x",
            true,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "\\\\srv\\share",
            true,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "HTTP://x.org",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "ftp://x",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "a.b-c.org",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "-a.org",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "10.0.0.256",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "10.0.0.255",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "é/x",
            false,
        ),
        (
            r"\A(([a-zA-Z]:[\\\/])|([\\\/][\\\/][^\\\/]+[\\\/][^\\\/]+)|([\\\/][\\\/]\?[\\\/][^\\\/]+))",
            "/é",
            false,
        ),
        (r"(?i:\Ahttps?:\/\/.*\z)", "/etc/x", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "etc/x", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "/a\n", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "C:\\x", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "\\\\srv\\share", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "HTTP://x.org", true),
        (r"(?i:\Ahttps?:\/\/.*\z)", "ftp://x", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "a.b-c.org", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "-a.org", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "10.0.0.256", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "10.0.0.255", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "é/x", false),
        (r"(?i:\Ahttps?:\/\/.*\z)", "/é", false),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "/etc/x",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "etc/x",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "/a\n",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "C:\\x",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "\\\\srv\\share",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "HTTP://x.org",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "ftp://x",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "a.b-c.org",
            true,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "-a.org",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "10.0.0.256",
            true,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "10.0.0.255",
            true,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "é/x",
            false,
        ),
        (
            r"\A(([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9\-]*[a-zA-Z0-9])\.)*([A-Za-z0-9]|[A-Za-z0-9][A-Za-z0-9\-]*[A-Za-z0-9])\z",
            "/é",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "/etc/x",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "etc/x",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "/a\n",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "C:\\x",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "\\\\srv\\share",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "HTTP://x.org",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "ftp://x",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "a.b-c.org",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "-a.org",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "10.0.0.256",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "10.0.0.255",
            true,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "é/x",
            false,
        ),
        (
            r"\A([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])(\.([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])){3}\z",
            "/é",
            false,
        ),
    ];
    let a = Aliases::default();
    for (p, v, want) in cases {
        let t = PType::Pattern(vec![p.to_string()]);
        assert_eq!(
            instance_of(&t, &Value::str(*v), &a, &Regexes::default()),
            Some(*want),
            "{v:?} =~ /{p}/"
        );
    }
}

#[test]
fn large_values_are_checked_in_full() {
    let a = Aliases::default();
    let entries: Vec<(Value, Value)> = (0..20_000)
        .map(|i| {
            (
                Value::str(format!("k{i}")),
                Value::array(vec![Value::Int(i), Value::unknown(ty("String"))]),
            )
        })
        .collect();
    let h = Value::hash(entries);
    assert_eq!(
        instance_of(&ty("Hash[String, Data]"), &h, &a, &Regexes::default()),
        Some(true)
    );
    assert_eq!(
        instance_of(
            &ty("Hash[String, Array[Integer]]"),
            &h,
            &a,
            &Regexes::default()
        ),
        Some(false)
    );
}

#[test]
fn instance_of_as_puppet() {
    let bad: Vec<String> = INSTANCE
        .iter()
        .filter(|(v, t, want)| is(v, t) != *want)
        .map(|(v, t, want)| format!("{v} =~ {t}: got {:?}, want {want:?}", is(v, t)))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn assignable_as_puppet() {
    let bad: Vec<String> = ASSIGNABLE
        .iter()
        .filter(|(a, b, want)| le(a, b) != *want)
        .map(|(a, b, want)| format!("{a} <= {b}: got {:?}, want {want:?}", le(a, b)))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
