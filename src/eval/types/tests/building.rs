//! Types built from references and parameters as Puppet 7.23 builds them.

use super::*;

/// `Type[...]` as Puppet 7.23 evaluated it (printed type, or error message).
const PARAMETERIZE: &[(&str, Result<&str, &str>)] = &[
    ("Integer[1,2,3]", Err("Integer-Type supports [] with one or two arguments (from, to). Got 3")),
    ("Integer['a']", Err("Integer-Type [] requires all arguments to be integers (or default). Got String")),
    ("Integer[5,1]", Err("'from' must be less or equal to 'to'. Got (5, 1)")),
    ("Integer[1.5]", Err("Integer-Type [] requires all arguments to be integers (or default). Got Float")),
    ("Float['a']", Err("Float-Type [] requires all arguments to be floats, or integers (or default). Got String")),
    ("Float[2.0, 1.0]", Err("'from' must be less or equal to 'to'. Got (2.0, 1.0)")),
    ("String['a']", Err("A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String")),
    ("String[3,1]", Err("'from' must be less or equal to 'to'. Got (3, 1)")),
    // rein prints an explicit minimum size of 0 as no size (see `String[0]`).
    ("String[-1]", Ok("String")),
    ("Array[1,2,3]", Err("Array-Type[] arguments must be types. Got Integer")),
    ("Array[String,'a']", Err("A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String")),
    ("Array[String,3,1]", Err("'from' must be less or equal to 'to'. Got (3, 1)")),
    ("Hash[1]", Err("Hash-Type[] arguments must be types. Got Integer")),
    ("Hash[String]", Err("Hash-Type[] accepts 2 to 4 arguments. Got 1")),
    ("Hash[String,Integer,1,2,3]", Err("Hash-Type[] accepts 2 to 4 arguments. Got 5")),
    ("Enum[1]", Err("Error creating type specialization of an Enum-Type, Cannot use Integer where String is expected")),
    ("Enum['a', 1]", Err("Error creating type specialization of an Enum-Type, Cannot use Integer where String is expected")),
    ("Optional[1]", Err("Optional-Type[] arguments must be types. Got Integer")),
    ("Optional[String, Integer]", Err("Optional-Type[] accepts 1 argument. Got 2")),
    ("Struct['a']", Err("Error creating type specialization of a Struct-Type, Cannot use String where Hash is expected")),
    ("Struct[{1 => Integer}]", Err("Illegal Struct member key type. Expected NotUndef, Optional, String, or Enum. Got: Integer")),
    ("Tuple[1]", Err("A Tuple-Type[] accepts 1 or more arguments. Got 0")),
    ("Tuple['a']", Err("Error creating type specialization of a Tuple-Type, Cannot use String where Any-Type is expected")),
    ("Type[1]", Err("Type-Type[] arguments must be types. Got Integer")),
    ("Type[String, Integer]", Err("Type-Type[] accepts 1 argument. Got 2")),
    ("Variant[1]", Err("Error creating type specialization of a Variant-Type, Cannot use Integer where Any-Type is expected")),
    ("Pattern[1]", Err("Error creating type specialization of a Pattern-Type, Cannot use Integer where String or Regexp or Pattern-Type or Regexp-Type is expected")),
    ("Regexp[1]", Err("Error creating type specialization of a Regexp-Type, Cannot use Integer where String or Regexp is expected")),
    ("Sensitive[1]", Err("Sensitive-Type[] arguments must be types. Got Integer")),
    ("Collection['a']", Err("A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got a String")),
    ("NotUndef[1]", Err("NotUndef-Type[] argument must be a Type or a String. Got Integer")),
    ("Class[1]", Err("Illegal Class name in class reference. An Integer cannot be used where a String is expected")),
    ("File[1]", Err("Error creating type specialization of a File-Type, Cannot use Integer where a resource title String is expected")),
    ("Resource[1]", Err("First argument to Resource[] must be a resource type or a String. Got Integer.")),
    ("Integer[1][2]", Ok("Integer[2]")),
    ("Default[1]", Err("Operator '[]' is not applicable to a Default-Type.")),
    ("Any[1]", Err("Operator '[]' is not applicable to an Any-Type.")),
    ("Data[1]", Err("Operator '[]' is not applicable to a Data-Type.")),
    ("Class[File]", Err("Illegal Class name in class reference. A File-Type cannot be used where a String is expected")),
    ("Integer[default]", Ok("Integer")),
    ("Array[Integer, default]", Ok("Array[Integer]")),
    ("String[Integer[1,2]]", Ok("String[1, 2]")),
    ("Enum[['a','b'],'c']", Ok("Enum['a', 'b', 'c']")),
    ("Pattern[Regexp[/a/]]", Ok("Pattern[/a/]")),
    ("Pattern[Pattern[/a/,/b/], 'c']", Ok("Pattern[/a/, /b/, /c/]")),
    ("Struct[{'a' => Integer, 'a' => String}]", Ok("Struct[{'a' => String}]")),
    ("Tuple[String,1,2,3]", Err("Error creating type specialization of a Tuple-Type, Cannot use Integer where Any-Type is expected")),
    ("Tuple[1,2]", Err("A Tuple-Type[] accepts 1 or more arguments. Got 0")),
    ("Array[1]", Err("Array-Type[] arguments must be types. Got Integer")),
    ("Struct[{}]", Ok("Struct")),
    ("Enum['it\\'s']", Ok("Enum['it\\'s']")),
    ("Numeric[1]", Err("Operator '[]' is not applicable to a Numeric-Type.")),
    ("Scalar[1]", Err("Operator '[]' is not applicable to a Scalar-Type.")),
    ("Undef[1]", Err("Operator '[]' is not applicable to an Undef-Type.")),
    ("CatalogEntry[1]", Err("Operator '[]' is not applicable to a CatalogEntry-Type.")),
    ("ScalarData[1]", Err("Operator '[]' is not applicable to a ScalarData-Type.")),
    ("RichData[1]", Err("Operator '[]' is not applicable to a RichData-Type.")),
    ("Array[String][Integer]", Ok("Array[Integer]")),
    ("Enum['a']['b']", Ok("Enum['b']")),
    ("Optional[String][Integer]", Ok("Optional[Integer]")),
    ("Hash[1,2]", Ok("Hash[Any, Any, 1, 2]")),
    ("Array[String,-1]", Ok("Array[String]")),
    ("Collection[-1]", Ok("Collection")),
    ("String[1][2]", Ok("String[2]")),
    ("Float[1][2]", Ok("Float[2.0]")),
    ("Resource[File]['/x']", Ok("File['/x']")),
    ("Tuple[String][Integer]", Ok("Tuple[Integer]")),
    ("Pattern[/a/]['b']", Ok("Pattern[/b/]")),
    ("Struct[{a => Integer}][{b => Integer}]", Ok("Struct[{'b' => Integer}]")),
    ("Integer[1,default]", Ok("Integer[1]")),
    ("Sensitive[String][Integer]", Ok("Sensitive[Integer]")),
    ("Type[String][Integer]", Ok("Type[Integer]")),
];

/// `Name[args][args]...` through `parameterize`, printed, or the error message.
fn param_result(src: &str) -> Result<String, String> {
    let aliases = Aliases::default();
    let mut r = Reader {
        s: src.as_bytes(),
        i: 0,
        aliases: &aliases,
    };
    let start = r.i;
    while r.s[r.i].is_ascii_alphanumeric() || r.s[r.i] == b':' {
        r.i += 1;
    }
    let mut t = from_reference(&src[start..r.i], &aliases);
    while r.eat(b'[') {
        let args = r.list(b']');
        t = parameterize(&t, &args, &aliases)?;
    }
    Ok(display(&t))
}

#[test]
fn parameterize_as_puppet() {
    let bad: Vec<String> = PARAMETERIZE
        .iter()
        .filter(|(src, want)| param_result(src).as_deref().map_err(String::as_str) != *want)
        .map(|(src, want)| format!("{src}: got {:?}, want {want:?}", param_result(src)))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn unknown_parameters_give_unknown_types() {
    let t = ty("Integer[unknown(Integer)]");
    assert!(matches!(t, PType::Other(_)));
    assert_eq!(
        instance_of(&t, &Value::Int(3), &Aliases::default(), &Regexes::default()),
        None
    );
    assert_eq!(display(&t), "Integer[Integer]");
}

#[test]
fn references() {
    let a = Aliases::default();
    assert_eq!(from_reference("Integer", &a), PType::integer());
    assert_eq!(from_reference("Optional", &a), PType::Optional(None));
    assert_eq!(from_reference("Array", &a), PType::array());
    assert_eq!(from_reference("Unit", &a), PType::Other("Unit".into()));
    assert_eq!(from_reference("SEMVER", &a), PType::Other("SemVer".into()));
    assert_eq!(
        from_reference("Timespan", &a),
        PType::Other("Timespan".into())
    );
    assert_eq!(
        from_reference("Foo::Bar", &a),
        PType::Resource {
            type_name: Some("Foo::Bar".into()),
            title: None
        }
    );
    assert_eq!(
        from_reference("File", &a),
        PType::Resource {
            type_name: Some("File".into()),
            title: None
        }
    );
    assert_eq!(from_reference("CatalogEntry", &a), PType::CatalogEntry);
    // Each segment capitalised (Unicode's cases), the rest lower case; empty segments kept.
    for (name, shown) in [
        ("::foo::BAR::bAz", "Foo::Bar::Baz"),
        ("ébène::ÉTÉ", "Ébène::Été"),
        ("a::::b", "A::::B"),
        ("a:::b", "A:::b"),
        ("x::", "X::"),
    ] {
        let t = PType::Resource {
            type_name: Some(shown.into()),
            title: None,
        };
        assert_eq!(from_reference(name, &a), t, "{name}");
    }
    // Several titles: the caller makes one reference per title.
    assert!(matches!(ty("File['/a', '/b']"), PType::Other(_)));
}

#[test]
fn struct_keys() {
    let PType::Struct(ms) = ty("Struct[{'a' => Integer, Optional['b'] => String, 'c' => Optional[String], NotUndef['d'] => Optional[String]}]") else {
        panic!("not a struct");
    };
    let flags: Vec<(&str, bool)> = ms.iter().map(|m| (m.key.as_str(), m.optional)).collect();
    assert_eq!(
        flags,
        [("a", false), ("b", true), ("c", true), ("d", false)]
    );
}
