//! The operators against Puppet 7.23's answers: expected values and messages are what
//! `puppet apply` 7.23 printed.

use super::operands::{unknown_array, unknown_float, unknown_int, unknown_string};
use super::*;
use crate::eval::regex::Regexes;
use crate::eval::types::{INT_MAX, INT_MIN};
use crate::eval::value::ErrorKind;

fn s(x: &str) -> Value {
    Value::str(x)
}
fn arr(items: Vec<Value>) -> Value {
    Value::array(items)
}
fn hash(entries: Vec<(&str, Value)>) -> Value {
    Value::hash(entries.into_iter().map(|(k, v)| (s(k), v)).collect())
}
fn ok(op: BinaryOp, l: Value, r: Value) -> Value {
    match binary(op, &l, &r, &Regexes::default()) {
        Ok(v) => v,
        Err(e) => panic!("{l:?} {} {r:?}: {e}", op.as_str()),
    }
}
fn err(op: BinaryOp, l: Value, r: Value) -> (ErrorKind, String) {
    match binary(op, &l, &r, &Regexes::default()) {
        Ok(v) => panic!("{l:?} {} {r:?} gave {v:?}", op.as_str()),
        Err(e) => (e.kind, e.message),
    }
}
fn ty(t: PType) -> Value {
    Value::ty(t)
}
use BinaryOp::*;
use Value::{Bool, Float, Int, Undef};

#[test]
fn arithmetic() {
    assert_eq!(ok(Add, Int(1), s("2")), Int(3));
    assert_eq!(ok(Add, s("0x10"), Int(1)), Int(17));
    assert_eq!(ok(Add, s("1.5"), Int(1)), Float(2.5));
    assert_eq!(ok(Add, s("010"), Int(1)), Int(9));
    assert_eq!(ok(Add, s(" 1"), Int(1)), Int(2));
    assert_eq!(ok(Add, s("1e3"), Int(1)), Float(1001.0));
    assert_eq!(ok(Add, s("-1"), Int(1)), Int(0));
    assert_eq!(ok(Div, Int(-7), Int(2)), Int(-4));
    assert_eq!(ok(Div, Int(7), Int(-2)), Int(-4));
    assert_eq!(ok(Mod, Int(-7), Int(2)), Int(1));
    assert_eq!(ok(Mod, Int(7), Int(-2)), Int(-1));
    assert_eq!(ok(Div, Float(-7.0), Int(2)), Float(-3.5));
    assert_eq!(ok(Add, Float(1.0), Int(1)), Float(2.0));
    assert_eq!(ok(Mul, Int(2), Float(3.0)), Float(6.0));
    assert_eq!(ok(Div, Float(10.0), Int(2)), Float(5.0));
    assert_eq!(ok(Shl, Int(1), Int(3)), Int(8));
    assert_eq!(ok(Shl, Int(1), Int(-1)), Int(0));
    assert_eq!(ok(Shr, Int(8), Int(-1)), Int(16));
    assert_eq!(ok(Shr, Int(-8), Int(1)), Int(-4));
}

#[test]
fn arithmetic_errors() {
    assert_eq!(
        err(Add, Int(i64::MAX), Int(1)),
        (
            ErrorKind::Overflow,
            "A '+' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'".into()
        )
    );
    assert_eq!(
        err(Sub, Int(-i64::MAX), Int(2)),
        (
            ErrorKind::Overflow,
            "A '-' expression resulted in a value outside of Puppet Integer min range, got '-0x8000000000000001'".into()
        )
    );
    assert_eq!(
        err(Mul, Int(4611686018427387904), Int(2)).1,
        "A '*' expression resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"
    );
    assert_eq!(
        err(Shl, Int(1), Int(64)).1,
        "A '<<' expression resulted in a value outside of Puppet Integer max range, got '+0x10000000000000000'"
    );
    assert_eq!(
        err(Add, s("a"), Int(1)),
        (
            ErrorKind::Operator,
            "The value 'a' cannot be converted to Numeric.".into()
        )
    );
    let div0 = (ErrorKind::DivisionByZero, "Division by 0".to_string());
    assert_eq!(err(Div, Int(1), Int(0)), div0);
    assert_eq!(err(Mod, Int(1), Int(0)), div0);
    assert_eq!(
        err(Div, Float(1.0), Int(0)).1,
        "The result of the / expression is Infinity"
    );
    assert_eq!(
        err(Mul, arr(vec![Int(1)]), Int(2)).1,
        "The value '[1]' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Add, Int(1), arr(vec![Int(1), s("a")])).1,
        "The value '[1, \"a\"]' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Add, Int(1), hash(vec![("a", s("b"))])).1,
        "The value '{\"a\"=>\"b\"}' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Mod, Float(1.5), Int(2)).1,
        "Operator '%' is not applicable to a Float."
    );
    assert_eq!(
        err(Mod, Int(2), Float(1.5)).1,
        "Operator '%' is not applicable to an Integer when right side is a Float."
    );
    assert_eq!(
        err(Add, Bool(true), Int(1)).1,
        "The value 'true' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Add, Undef, Int(1)).1,
        "The value '' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Add, Value::Default, Int(1)).1,
        "The value 'default' cannot be converted to Numeric."
    );
}

#[test]
fn collections() {
    let a12 = arr(vec![Int(1), Int(2)]);
    assert_eq!(
        ok(Add, a12.clone(), arr(vec![Int(3)])),
        arr(vec![Int(1), Int(2), Int(3)])
    );
    assert_eq!(ok(Add, arr(vec![Int(1)]), Int(2)), a12);
    assert_eq!(
        ok(Add, arr(vec![Int(1)]), hash(vec![("a", Int(1))])),
        arr(vec![Int(1), arr(vec![s("a"), Int(1)])])
    );
    assert_eq!(
        ok(
            Add,
            hash(vec![("a", Int(1))]),
            hash(vec![("a", Int(2)), ("b", Int(3))])
        ),
        hash(vec![("a", Int(2)), ("b", Int(3))])
    );
    let ab = hash(vec![("a", Int(1)), ("b", Int(2))]);
    assert_eq!(
        ok(Add, hash(vec![("a", Int(1))]), arr(vec![s("b"), Int(2)])),
        ab
    );
    assert_eq!(
        ok(
            Add,
            hash(vec![("a", Int(1))]),
            arr(vec![arr(vec![s("b"), Int(2)])])
        ),
        ab
    );
    let a1213 = arr(vec![Int(1), Int(2), Int(1), Int(3)]);
    let a23 = arr(vec![Int(2), Int(3)]);
    assert_eq!(ok(Sub, a1213.clone(), arr(vec![Int(1)])), a23);
    assert_eq!(ok(Sub, a1213, Int(1)), a23);
    let nested = arr(vec![arr(vec![Int(1)]), Int(2)]);
    assert_eq!(ok(Sub, nested.clone(), arr(vec![Int(1)])), nested);
    let b2 = hash(vec![("b", Int(2))]);
    assert_eq!(ok(Sub, ab.clone(), arr(vec![s("a")])), b2);
    assert_eq!(ok(Sub, ab.clone(), s("a")), b2);
    assert_eq!(ok(Sub, ab, hash(vec![("a", Int(5))])), b2);
    assert_eq!(
        ok(Shl, arr(vec![Int(1)]), arr(vec![Int(2)])),
        arr(vec![Int(1), arr(vec![Int(2)])])
    );
    assert_eq!(
        err(Shl, hash(vec![("a", Int(1))]), Int(1)),
        (
            ErrorKind::Operator,
            "Operator '<<' is not applicable to a Hash.".into()
        )
    );
    assert_eq!(
        err(Add, hash(vec![("a", Int(1))]), Int(1)).1,
        "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash"
    );
}

#[test]
fn comparisons() {
    assert_eq!(ok(Lt, s("a"), s("B")), Bool(true));
    assert_eq!(ok(Eq, s("abc"), s("ABC")), Bool(true));
    assert_eq!(ok(Eq, Int(1), Float(1.0)), Bool(true));
    assert_eq!(ok(Eq, s("1"), Int(1)), Bool(false));
    assert_eq!(ok(Lt, Value::Default, Value::Default), Bool(false));
    assert_eq!(
        err(Lt, s("a"), Int(1)).1,
        "Comparison of: String < Integer, is not possible. Caused by 'A String is not comparable to a non String'."
    );
    assert_eq!(
        err(Lt, Int(1), s("a")).1,
        "Comparison of: Integer < String, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
    );
    assert_eq!(
        err(Lt, arr(vec![Int(1)]), arr(vec![Int(2)])).1,
        "Comparison of: Array < Array, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
    );
    assert_eq!(
        err(Lt, Undef, Int(1)).1,
        "Comparison of: Undef Value < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'."
    );
    assert_eq!(
        err(Lt, Int(1), ty(PType::integer())).1,
        "Comparison of: Integer < Integer-Type, is not possible. Caused by 'A Numeric is not comparable to non Numeric'."
    );
    // Types on the left compare by assignability: the type system's business.
    assert!(ok(Lt, ty(PType::integer()), Int(1)).is_unknown());
}

#[test]
fn membership() {
    assert_eq!(ok(In, s("b"), s("ABC")), Bool(true));
    assert_eq!(ok(In, s("B"), s("abc")), Bool(true));
    assert_eq!(ok(In, Int(1), arr(vec![Int(1), Int(2)])), Bool(true));
    assert_eq!(ok(In, s("A"), arr(vec![s("a")])), Bool(true));
    assert_eq!(ok(In, Float(1.0), arr(vec![Int(1)])), Bool(true));
    assert_eq!(ok(In, s("a"), hash(vec![("a", Int(1))])), Bool(true));
    assert_eq!(
        ok(In, Value::Regex("b".into()), arr(vec![s("abc")])),
        Bool(true)
    );
    assert_eq!(ok(In, Value::Regex("B".into()), s("abc")), Bool(false));
}

#[test]
fn matching() {
    assert_eq!(
        matches(
            &s("abc"),
            &Value::Regex("a(b)(x)?".into()),
            &Regexes::default()
        ),
        Ok(Some(vec![Some("ab".into()), Some("b".into()), None]))
    );
    assert_eq!(matches(&s("abc"), &s("^b"), &Regexes::default()), Ok(None));
    assert_eq!(
        matches(&Int(1), &Value::Regex("a".into()), &Regexes::default()).map_err(|e| e.message),
        Err("Left match operand must result in a String value. Got an Integer.".into())
    );
    assert_eq!(
        matches(&s("a"), &s("("), &Regexes::default()).map_err(|e| e.message),
        Err("Can not convert right match operand to a regular expression. Caused by 'end pattern with unmatched parenthesis: /(/'.".into())
    );
    assert!(match_known(&s("a"), &s("a"), &Regexes::default()));
    assert!(!match_known(
        &s("a"),
        &ty(PType::integer()),
        &Regexes::default()
    ));
    assert!(!match_known(
        &Value::unknown(PType::string()),
        &s("a"),
        &Regexes::default()
    ));
    assert!(match_known(
        &Value::unknown(PType::integer()),
        &s("a"),
        &Regexes::default()
    ));
    assert_eq!(
        ok(NotMatch, s("abc"), Value::Regex("b".into())),
        Bool(false)
    );
}

#[test]
fn negation() {
    assert_eq!(negate(&Int(5)), Ok(Int(-5)));
    assert_eq!(negate(&Float(1.5)), Ok(Float(-1.5)));
    assert_eq!(negate(&s("5")), Ok(Int(-5)));
    assert_eq!(
        negate(&s("a")).map_err(|e| e.message),
        Err("The value 'a' cannot be converted to Numeric.".into())
    );
}

#[test]
fn accessing() {
    let e = |t: Value, k: Vec<Value>| match access(&t, &k) {
        Ok(v) => panic!("gave {v:?}"),
        Err(e) => e.message,
    };
    assert_eq!(
        e(s("abc"), vec![s("x")]),
        "A substring operation does not accept a String as a character index. Expected an Integer"
    );
    assert_eq!(
        e(arr(vec![Int(1), Int(2)]), vec![s("a")]),
        "The value 'a' cannot be converted to Numeric."
    );
    assert_eq!(
        e(Int(5), vec![Int(0)]),
        "Operator '[]' is not applicable to an Integer."
    );
}

#[test]
fn strings() {
    let t = |v: Value| to_s(&v).unwrap_or_else(|| panic!("no string for {v:?}"));
    assert_eq!(t(arr(vec![Int(1), s("a")])), "[1, a]");
    assert_eq!(
        t(Value::hash(vec![
            (s("a"), Int(1)),
            (s("b c"), arr(vec![s("x")]))
        ])),
        "{a => 1, b c => [x]}"
    );
    assert_eq!(t(Value::Regex("x".into())), "/x/");
    assert_eq!(t(s("a\\\"b")), "a\\\"b");
    assert_eq!(t(hash(vec![("a", Undef)])), "{a => }");
    assert_eq!(
        t(arr(vec![
            Undef,
            Bool(true),
            Float(1.0),
            Value::Regex("a".into()),
            Value::Default,
            ty(PType::integer())
        ])),
        "[, true, 1.0, /a/, default, Integer]"
    );
    let floats = [
        (1.0, "1.0"),
        (1.5, "1.5"),
        (1e20, "1.0e+20"),
        (100.0, "100.0"),
        (123456789.0, "123456789.0"),
        (1.5e-5, "1.5e-05"),
        (0.0001, "0.0001"),
        (1e15, "1.0e+15"),
        (1e16, "1.0e+16"),
        (-0.0, "-0.0"),
        (0.1 + 0.2, "0.30000000000000004"),
        (1.0 / 3.0, "0.3333333333333333"),
        // Ruby's Float#to_s
        (1e14, "100000000000000.0"),
        (1.5e15, "1.5e+15"),
        (9.99e14, "999000000000000.0"),
        (1234567890123456.0, "1.234567890123456e+15"),
        (0.00012, "0.00012"),
        (0.00001, "1.0e-05"),
        (-1e15, "-1.0e+15"),
        (5e-324, "5.0e-324"),
        (f64::MAX, "1.7976931348623157e+308"),
    ];
    for (f, text) in floats {
        assert_eq!(t(Float(f)), text);
    }
    assert_eq!(t(ty(PType::Integer { from: 1, to: 2 })), "Integer[1, 2]");
    assert_eq!(to_s(&Value::any()), None);
    assert_eq!(to_s(&arr(vec![Value::any()])), None);
}

#[test]
fn more_arithmetic() {
    assert_eq!(ok(Shl, Int(1), Float(1.5)), Int(2));
    assert_eq!(ok(Shr, Int(7), Float(1.9)), Int(3));
    assert_eq!(ok(Add, s("::1"), Int(1)), Int(2));
    match ok(Div, Float(0.0), Int(0)) {
        Float(f) => assert!(f.is_nan()),
        v => panic!("{v:?}"),
    }
    assert_eq!(
        err(Sub, Int(-i64::MAX - 1), Int(1)).1,
        "A '-' expression resulted in a value outside of Puppet Integer min range, got '-0x8000000000000001'"
    );
    assert_eq!(
        err(Mul, Int(-i64::MAX), Int(2)).1,
        "A '*' expression resulted in a value outside of Puppet Integer min range, got '-0xfffffffffffffffe'"
    );
    assert_eq!(
        err(Mul, Float(1.0e308), Int(10)),
        (
            ErrorKind::Overflow,
            "The result of the * expression is Infinity".into()
        )
    );
    assert_eq!(
        err(Div, Int(1), Float(0.0)),
        (
            ErrorKind::DivisionByZero,
            "The result of the / expression is Infinity".into()
        )
    );
    for bad in ["08", "0e1", "1e400", "0x", "1 2", "1.", ".5", "1e+3"] {
        assert_eq!(
            err(Add, s(bad), Int(1)).1,
            format!("The value '{bad}' cannot be converted to Numeric.")
        );
    }
    assert_eq!(
        err(Sub, Int(1), arr(vec![Int(1)])).1,
        "The value '[1]' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Shr, arr(vec![Int(1)]), Int(1)).1,
        "The value '[1]' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Shl, Int(1), s("a")).1,
        "The value 'a' cannot be converted to Numeric."
    );
}

#[test]
fn more_collections() {
    let h = |entries: Vec<(Value, Value)>| Value::hash(entries);
    assert_eq!(
        ok(
            Add,
            hash(vec![("a", Int(1))]),
            arr(vec![arr(vec![s("b"), Int(2)]), arr(vec![s("c")])])
        ),
        hash(vec![("a", Int(1)), ("b", Int(2)), ("c", Undef)])
    );
    assert_eq!(
        ok(Add, hash(vec![("a", Int(1))]), arr(vec![])),
        hash(vec![("a", Int(1))])
    );
    assert_eq!(
        ok(
            Add,
            hash(vec![("a", Int(1)), ("b", Int(2))]),
            hash(vec![("a", Int(3))])
        ),
        hash(vec![("a", Int(3)), ("b", Int(2))])
    );
    assert_eq!(
        ok(Sub, hash(vec![("a", Int(1))]), arr(vec![arr(vec![s("a")])])),
        hash(vec![("a", Int(1))])
    );
    assert_eq!(
        ok(Sub, arr(vec![Int(1), Int(2)]), arr(vec![Float(1.0)])),
        arr(vec![Int(2)])
    );
    assert_eq!(
        ok(Sub, arr(vec![s("a"), s("B")]), arr(vec![s("A"), s("b")])),
        arr(vec![s("a"), s("B")])
    );
    assert_eq!(
        ok(Sub, arr(vec![Int(1), Float(1.0), Int(2)]), Int(1)),
        arr(vec![Int(2)])
    );
    assert_eq!(ok(Add, arr(vec![Int(1)]), Undef), arr(vec![Int(1), Undef]));
    assert_eq!(
        err(
            Add,
            hash(vec![("a", Int(1))]),
            arr(vec![arr(vec![s("b"), Int(2), Int(3)])])
        )
        .1,
        "Error while evaluating a '+' expression, invalid number of elements (3 for 1..2)"
    );
    assert_eq!(
        err(
            Add,
            hash(vec![("a", Int(1))]),
            arr(vec![s("a"), Int(2), s("b")])
        )
        .1,
        "Error while evaluating a '+' expression, odd number of arguments for Hash"
    );
    assert_eq!(
        err(Add, hash(vec![("a", Int(1))]), arr(vec![arr(vec![])])).1,
        "Error while evaluating a '+' expression, invalid number of elements (0 for 1..2)"
    );
    assert_eq!(ok(Add, arr(vec![Int(1)]), hash(vec![])), arr(vec![Int(1)]));
    // Access
    let abc = s("abc");
    let sub = |keys: Vec<Value>| access(&abc, &keys);
    for (keys, want) in [
        (vec![Int(5)], ""),
        (vec![Int(-5)], ""),
        (vec![Int(3)], ""),
        (vec![Int(-1)], "c"),
        (vec![Int(1), Int(-1)], "bc"),
        (vec![Int(-2), Int(1)], "b"),
        (vec![Int(-5), Int(3)], "a"),
        (vec![Int(3), Int(1)], ""),
        (vec![Int(4), Int(1)], ""),
        (vec![s("1")], "b"),
    ] {
        assert_eq!(sub(keys.clone()), Ok(s(want)), "{keys:?}");
    }
    assert_eq!(access(&s("abcdef"), &[Int(1), Int(2)]), Ok(s("bc")));
    let a123 = arr(vec![Int(1), Int(2), Int(3)]);
    let at = |keys: Vec<Value>| access(&a123, &keys);
    assert_eq!(at(vec![Int(1), Int(2)]), Ok(arr(vec![Int(2), Int(3)])));
    assert_eq!(at(vec![Int(-1)]), Ok(Int(3)));
    assert_eq!(at(vec![Int(5)]), Ok(Undef));
    assert_eq!(at(vec![Int(1), Int(-1)]), Ok(arr(vec![Int(2), Int(3)])));
    assert_eq!(at(vec![Int(-5), Int(3)]), Ok(arr(vec![Int(1)])));
    assert_eq!(at(vec![Int(3), Int(1)]), Ok(arr(vec![])));
    assert_eq!(at(vec![Int(4), Int(1)]), Ok(arr(vec![])));
    assert_eq!(at(vec![arr(vec![Int(0), Int(1)])]), Ok(arr(vec![Int(1)])));
    assert_eq!(at(vec![s("1")]), Ok(Int(2)));
    let ab = hash(vec![("a", Int(1)), ("b", Int(2))]);
    assert_eq!(
        access(&ab, &[s("a"), s("b"), s("c")]),
        Ok(arr(vec![Int(1), Int(2)]))
    );
    let abc_h = hash(vec![("a", Int(1)), ("b", Undef), ("c", Int(3))]);
    assert_eq!(
        access(&abc_h, &[s("a"), s("b"), s("c")]),
        Ok(arr(vec![Int(1), Int(3)]))
    );
    assert_eq!(access(&ab, &[s("A")]), Ok(Undef));
    assert_eq!(access(&h(vec![(Int(1), s("a"))]), &[Float(1.0)]), Ok(Undef));
    assert_eq!(
        access(&h(vec![(arr(vec![Int(1)]), s("a"))]), &[arr(vec![Int(1)])]),
        Ok(s("a"))
    );
    let e = |t: Value, k: Vec<Value>| access(&t, &k).map_err(|e| e.message);
    assert_eq!(
        e(s("abc"), vec![Float(1.5)]),
        Err("A substring operation does not accept a Float as a character index. Expected an Integer".into())
    );
    assert_eq!(
        e(s("abc"), vec![Undef]),
        Err("A substring operation does not accept an Undef as a character index. Expected an Integer".into())
    );
    assert_eq!(
        e(arr(vec![Int(1)]), vec![Float(1.5)]),
        Err("An Array[] cannot use Float where Integer is expected".into())
    );
    assert_eq!(
        e(s("abc"), vec![Int(1), Int(2), Int(3)]),
        Err("String supports [] with one or two arguments. Got 3".into())
    );
    for (v, l) in [
        (Undef, "an Undef Value"),
        (Bool(true), "a Boolean"),
        (Value::Regex("a".into()), "a Regexp"),
        (Value::Default, "an Object"),
    ] {
        assert_eq!(
            e(v, vec![Int(0)]),
            Err(format!("Operator '[]' is not applicable to {l}."))
        );
    }
}

#[test]
fn more_comparisons() {
    let only = "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable";
    assert_eq!(
        err(Lt, Bool(true), Bool(false)).1,
        format!("Comparison of: Boolean < Boolean, is not possible. Caused by '{only}'.")
    );
    assert_eq!(
        err(Lt, Value::Regex("a".into()), Value::Regex("b".into())).1,
        format!("Comparison of: Regexp < Regexp, is not possible. Caused by '{only}'.")
    );
    assert_eq!(ok(Lt, s("1"), s("10")), Bool(true));
    assert_eq!(ok(Eq, s("Ä"), s("ä")), Bool(false));
    assert_eq!(ok(Eq, Int(1), s("1")), Bool(false));
    assert_eq!(ok(Eq, Undef, s("")), Bool(false));
    assert_eq!(ok(Eq, s("09"), Int(9)), Bool(false));
    assert_eq!(
        ok(
            Eq,
            arr(vec![Int(1), arr(vec![Int(2)])]),
            arr(vec![Float(1.0), arr(vec![Int(2)])])
        ),
        Bool(true)
    );
    assert_eq!(
        ok(Eq, hash(vec![("a", Undef)]), hash(vec![("b", Undef)])),
        Bool(true)
    );
    assert_eq!(
        ok(Eq, hash(vec![("a", Int(1))]), hash(vec![("A", Int(1))])),
        Bool(false)
    );
    assert_eq!(
        ok(Eq, Value::Regex("a".into()), Value::Regex("a".into())),
        Bool(true)
    );
    assert_eq!(
        ok(Eq, ty(PType::integer()), ty(PType::integer())),
        Bool(true)
    );
    // `String == String[0]` and `Optional[String] == Variant[Undef, String]` are true
    // in Puppet: different structures are not claimed unequal.
    assert!(ok(
        Eq,
        ty(PType::string()),
        ty(PType::String { min: 0, max: 5 })
    )
    .is_unknown());
    // In
    assert_eq!(ok(In, s("ä"), s("XÄX")), Bool(true));
    assert_eq!(ok(In, s("x"), arr(vec![Value::Default])), Bool(true));
    assert_eq!(
        ok(In, s("abc"), arr(vec![Value::Regex("b".into())])),
        Bool(true)
    );
    assert_eq!(ok(In, s("a"), arr(vec![arr(vec![s("a")])])), Bool(false));
    assert_eq!(ok(In, Int(1), s("1")), Bool(false));
    assert_eq!(ok(In, Int(1), Int(1)), Bool(false));
    assert_eq!(ok(In, s("1"), arr(vec![Int(1)])), Bool(false));
    assert_eq!(ok(In, Undef, arr(vec![Undef])), Bool(true));
}

#[test]
fn more_matching_and_strings() {
    let e = |l: Value, r: Value| matches(&l, &r, &Regexes::default()).map_err(|e| e.message);
    assert_eq!(
        e(s("a"), Int(1)),
        Err("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of Integer into String'.".into())
    );
    assert_eq!(
        e(s("a"), Undef),
        Err("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of nil into String'.".into())
    );
    assert_eq!(
        e(Undef, Value::Regex("a".into())),
        Err("Left match operand must result in a String value. Got an Undef Value.".into())
    );
    assert_eq!(
        e(arr(vec![s("a")]), Value::Regex("a".into())),
        Err("Left match operand must result in a String value. Got an Array.".into())
    );
    let t = |v: Value| to_s(&v);
    let types = [
        (
            PType::Integer {
                from: 1,
                to: INT_MAX,
            },
            "Integer[1]",
        ),
        (
            PType::Integer {
                from: INT_MIN,
                to: 5,
            },
            "Integer[default, 5]",
        ),
        (PType::Class(Some("foo".into())), "Class[foo]"),
        (
            PType::Resource {
                type_name: Some("File".into()),
                title: None,
            },
            "File",
        ),
        (
            PType::Resource {
                type_name: Some("File".into()),
                title: Some("/x".into()),
            },
            "File['/x']",
        ),
        (
            PType::Resource {
                type_name: None,
                title: None,
            },
            "Resource",
        ),
    ];
    for (ty_, text) in types {
        assert_eq!(t(ty(ty_)).as_deref(), Some(text));
    }
    let sens = Value::Sensitive(std::sync::Arc::new(s("x")));
    assert_eq!(
        t(sens.clone()).as_deref(),
        Some("Sensitive [value redacted]")
    );
    assert_eq!(
        t(arr(vec![sens])).as_deref(),
        Some("[Sensitive [value redacted]]")
    );
}

#[test]
fn unknowns() {
    let ui = Value::unknown(PType::integer());
    let us = Value::unknown(PType::string());
    let fl = Value::unknown(PType::float());
    assert_eq!(ok(Add, ui.clone(), Int(1)), unknown_int());
    assert_eq!(ok(Add, ui.clone(), Float(1.0)), unknown_float());
    assert!(ok(Add, us.clone(), Int(1)).is_unknown());
    assert!(ok(Add, Value::any(), Int(1)).is_unknown());
    assert_eq!(err(Div, ui.clone(), Int(0)).0, ErrorKind::DivisionByZero);
    assert!(ok(Div, fl.clone(), Int(0)).is_unknown());
    assert_eq!(
        err(Mod, fl, Int(2)).1,
        "Operator '%' is not applicable to a Float."
    );
    // The left side converts first: 'a' fails whatever the right side is.
    assert_eq!(
        err(Add, s("a"), Value::any()).1,
        "The value 'a' cannot be converted to Numeric."
    );
    assert_eq!(
        err(Add, ui.clone(), s("a")).1,
        "The value 'a' cannot be converted to Numeric."
    );
    assert!(ok(Add, us.clone(), s("a")).is_unknown());
    assert_eq!(ok(Add, arr(vec![Int(1)]), ui.clone()), unknown_array());
    assert_eq!(
        ok(Shl, arr(vec![Int(1)]), ui.clone()),
        arr(vec![Int(1), ui.clone()])
    );
    assert_eq!(
        ok(Add, arr(vec![Int(1)]), arr(vec![ui.clone()])),
        arr(vec![Int(1), ui.clone()])
    );
    assert_eq!(ok(Sub, arr(vec![ui.clone()]), Int(1)), unknown_array());
    assert_eq!(
        ok(Sub, arr(vec![ui.clone(), s("a")]), Int(1)),
        unknown_array()
    );
    assert_eq!(
        ok(Sub, arr(vec![us.clone(), s("a")]), Int(1)),
        arr(vec![us.clone(), s("a")])
    );
    // Equality
    assert_eq!(equals(&ui, &s("abc")), Some(false));
    assert_eq!(equals(&ui, &Float(1.0)), None);
    assert_eq!(equals(&us, &s("abc")), None);
    assert_eq!(equals(&Value::any(), &s("abc")), None);
    assert_eq!(
        equals(&Value::unknown(PType::Integer { from: 0, to: 9 }), &Int(10)),
        Some(false)
    );
    let e = Value::unknown(PType::Enum {
        values: vec!["a".into(), "b".into()],
        case_insensitive: false,
    });
    assert_eq!(equals(&e, &s("C")), Some(false));
    assert_eq!(equals(&e, &s("A")), None);
    assert_eq!(
        equals(&arr(vec![ui.clone()]), &arr(vec![s("a")])),
        Some(false)
    );
    assert_eq!(
        equals(&arr(vec![ui.clone()]), &arr(vec![Int(1), Int(2)])),
        Some(false)
    );
    // Comparisons
    assert_eq!(ok(Lt, ui.clone(), Int(1)), unknown_bool());
    assert_eq!(
        err(Lt, us.clone(), Int(1)).1,
        "Comparison of: String < Integer, is not possible. Caused by 'A String is not comparable to a non String'."
    );
    assert!(ok(Lt, Value::any(), Int(1)).is_unknown());
    // In
    assert_eq!(ok(In, ui.clone(), s("abc")), Bool(false));
    assert!(ok(In, us.clone(), s("abc")).is_unknown());
    assert!(ok(In, s("a"), arr(vec![us.clone()])).is_unknown());
    assert_eq!(ok(In, s("a"), arr(vec![ui.clone(), Int(1)])), Bool(false));
    assert_eq!(ok(In, s("a"), arr(vec![us.clone(), s("A")])), Bool(true));
    // Matching
    assert!(!match_known(
        &us,
        &Value::Regex("a".into()),
        &Regexes::default()
    ));
    assert_eq!(
        matches(&us, &Value::Regex("a".into()), &Regexes::default()),
        Ok(None)
    );
    assert!(match_known(&us, &s("("), &Regexes::default()));
    // `=~` reads `\w` as Ruby does (ASCII only); a function's regexp of the same source,
    // compiled in the same evaluation, is Oniguruma's (Unicode): two regexps, not one.
    let rx = Regexes::default();
    let w = Value::Regex("\\w".into());
    assert_eq!(matches(&s("é"), &w, &rx), Ok(None));
    let unicode = rx.compiled(
        crate::eval::regex::Reading::AsWritten,
        "\\w",
        onig::Regex::new,
    );
    assert_eq!(
        unicode.ok().map(|re| rx.is_match(&re, "é")),
        Some(Some(true))
    );
    assert_eq!(matches(&s("é"), &w, &rx), Ok(None));
    assert!(matches(&us, &s("("), &Regexes::default()).is_err());
    // Access, negation, truthiness, strings
    assert_eq!(access(&us, &[Int(0)]), Ok(unknown_string()));
    assert_eq!(
        access(&ui, &[Int(0)]).map_err(|e| e.message),
        Err("Operator '[]' is not applicable to an Integer.".into())
    );
    assert_eq!(
        access(&s("abc"), std::slice::from_ref(&ui)),
        Ok(unknown_string())
    );
    assert!(access(&arr(vec![Int(1)]), std::slice::from_ref(&ui))
        .map(|v| v.is_unknown())
        .unwrap_or(false));
    assert_eq!(access(&hash(vec![]), std::slice::from_ref(&us)), Ok(Undef));
    assert_eq!(negate(&ui), Ok(unknown_int()));
    assert_eq!(negate(&Int(i64::MIN)), Ok(unknown_int()));
    assert_eq!(truthy(&ui), Some(true));
    assert_eq!(truthy(&Value::unknown(PType::Boolean)), None);
    assert_eq!(truthy(&Value::any()), None);
    assert_eq!(to_s(&ui), None);
}

#[test]
fn probes_of_labels() {
    assert_eq!(negate(&s("0x10")), Ok(Int(-16)));
    assert_eq!(
        ok(
            Sub,
            arr(vec![Int(1), arr(vec![Int(1), Int(2)])]),
            Value::hash(vec![(Int(1), Int(2))])
        ),
        arr(vec![Int(1)])
    );
    assert_eq!(
        access(&hash(vec![("a", Int(1))]), &[arr(vec![s("a")])]),
        Ok(Undef)
    );
    assert_eq!(ok(In, s("a"), hash(vec![("A", Int(1))])), Bool(true));
    assert_eq!(access(&arr(vec![Int(1)]), &[s("-1")]), Ok(Int(1)));
    assert_eq!(access(&s("abc"), &[Int(0), Int(10)]), Ok(s("abc")));
    assert_eq!(access(&s("héllo"), &[Int(1), Int(2)]), Ok(s("él")));
    let huge = s("170141183460469231731687303715884105727");
    assert_eq!(access(&s("abc"), &[huge.clone(), huge.clone()]), Ok(s("")));
    assert_eq!(access(&s("abc"), &[Int(0), huge.clone()]), Ok(s("abc")));
    assert_eq!(
        access(
            &s("abc"),
            &[huge, s("-170141183460469231731687303715884105727")]
        ),
        Ok(s(""))
    );
    let sens = Value::Sensitive(std::sync::Arc::new(s("x")));
    let cases = [
        (
            err(Lt, Int(1), Undef).1,
            "Comparison of: Integer < Undef Value, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.",
        ),
        (
            err(Add, Int(1), sens.clone()).1,
            "The value 'Sensitive [value redacted]' cannot be converted to Numeric.",
        ),
        (
            negate(&arr(vec![Int(1)])).map_err(|e| e.message).err().unwrap_or_default(),
            "The value '[1]' cannot be converted to Numeric.",
        ),
        (
            negate(&Undef).map_err(|e| e.message).err().unwrap_or_default(),
            "The value '' cannot be converted to Numeric.",
        ),
        (
            err(Lt, Int(1), sens.clone()).1,
            "Comparison of: Integer < Sensitive, is not possible. Caused by 'A Numeric is not comparable to non Numeric'.",
        ),
        (
            err(Lt, sens, Int(1)).1,
            "Comparison of: Sensitive < Integer, is not possible. Caused by 'Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable'.",
        ),
        (
            err(Lt, s("a"), Value::Default).1,
            "Comparison of: String < Object, is not possible. Caused by 'A String is not comparable to a non String'.",
        ),
        (
            err(Lt, Value::Default, Int(1)).1,
            "Comparison of: Object < Integer, is not possible. Caused by 'Symbol not comparable to non Symbol'.",
        ),
        (
            access(&arr(vec![Int(1)]), &[Undef]).map_err(|e| e.message).err().unwrap_or_default(),
            "The value '' cannot be converted to Numeric.",
        ),
    ];
    for (got, want) in cases {
        assert_eq!(got, want);
    }
    for (rhs, class) in [
        (Bool(true), "true"),
        (arr(vec![Int(1)]), "Array"),
        (hash(vec![("a", Int(1))]), "Hash"),
    ] {
        assert_eq!(
            matches(&s("x"), &rhs, &Regexes::default()).map_err(|e| e.message),
            Err(format!("Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of {class} into String'."))
        );
    }
}

#[test]
fn numeric_strings() {
    assert_eq!(ok(Add, s("\u{a0}1\u{3000}"), Int(1)), Int(2));
    assert_eq!(ok(Add, s("\t-\t0x1f"), Int(1)), Int(-30));
    assert_eq!(ok(Add, s("00.5"), Int(1)), Float(1.5));
    assert_eq!(ok(Add, s("0.01e2"), Int(1)), Float(2.0));
    assert_eq!(ok(Add, s("007"), Int(1)), Int(8));
    for bad in ["09.5", "0.0e5"] {
        assert_eq!(
            err(Add, s(bad), Int(1)).1,
            format!("The value '{bad}' cannot be converted to Numeric.")
        );
    }
    assert_eq!(
        err(Add, Int(1), arr(vec![s("a\u{7}b\u{1}"), s("#{")])).1,
        "The value '[\"a\\ab\\u0001\", \"\\#{\"]' cannot be converted to Numeric."
    );
}

#[test]
fn types_printed() {
    let b = Box::new;
    let string = PType::string;
    let int12 = PType::Integer { from: 1, to: 2 };
    let cases = [
        (PType::String { min: 1, max: 5 }, "String[1, 5]"),
        (PType::String { min: 0, max: 5 }, "String[0, 5]"),
        (
            PType::Enum {
                values: vec!["a".into(), "b c".into()],
                case_insensitive: false,
            },
            "Enum['a', 'b c']",
        ),
        (
            PType::Enum {
                values: vec!["a".into(), "b".into()],
                case_insensitive: true,
            },
            "Enum['a', 'b', true]",
        ),
        (
            PType::Optional(Some(b(int12.clone()))),
            "Optional[Integer[1, 2]]",
        ),
        (PType::NotUndef(Some(b(string()))), "NotUndef[String]"),
        (PType::Type(Some(b(PType::integer()))), "Type[Integer]"),
        (PType::Sensitive(Some(b(string()))), "Sensitive[String]"),
        (
            PType::Variant(vec![PType::integer(), string()]),
            "Variant[Integer, String]",
        ),
        (
            PType::Array {
                elem: b(string()),
                min: 0,
                max: INT_MAX,
            },
            "Array[String]",
        ),
        (
            PType::Array {
                elem: b(string()),
                min: 1,
                max: INT_MAX,
            },
            "Array[String, 1]",
        ),
        (
            PType::Array {
                elem: b(string()),
                min: 1,
                max: 5,
            },
            "Array[String, 1, 5]",
        ),
        (
            PType::Array {
                elem: b(PType::Any),
                min: 1,
                max: INT_MAX,
            },
            "Array[Any, 1]",
        ),
        (
            PType::Array {
                elem: b(PType::Any),
                min: 0,
                max: INT_MAX,
            },
            "Array",
        ),
        (
            PType::Hash {
                key: b(string()),
                value: b(PType::integer()),
                min: 0,
                max: INT_MAX,
            },
            "Hash[String, Integer]",
        ),
        (
            PType::Hash {
                key: b(string()),
                value: b(PType::integer()),
                min: 1,
                max: INT_MAX,
            },
            "Hash[String, Integer, 1]",
        ),
        (
            PType::Hash {
                key: b(PType::Any),
                value: b(PType::Any),
                min: 0,
                max: INT_MAX,
            },
            "Hash",
        ),
        (
            PType::Pattern(vec!["a".into(), "b".into()]),
            "Pattern[/a/, /b/]",
        ),
        (PType::Regexp(Some("a".into())), "Regexp[/a/]"),
        (PType::Float { from: 1.5, to: 2.0 }, "Float[1.5, 2.0]"),
        (
            PType::Float {
                from: f64::NEG_INFINITY,
                to: 2.0,
            },
            "Float[default, 2.0]",
        ),
        (PType::Class(Some("foo::bar".into())), "Class[foo::bar]"),
        (
            PType::Float {
                from: 1.5,
                to: f64::INFINITY,
            },
            "Float[1.5]",
        ),
        (
            PType::Array {
                elem: b(PType::Any),
                min: 0,
                max: 5,
            },
            "Array[Any, 0, 5]",
        ),
        (
            PType::Hash {
                key: b(string()),
                value: b(PType::integer()),
                min: 0,
                max: 5,
            },
            "Hash[String, Integer, 0, 5]",
        ),
        (
            PType::Integer {
                from: 0,
                to: INT_MAX,
            },
            "Integer[0]",
        ),
        (PType::Regexp(Some(r"a\/b".into())), r"Regexp[/a\/b/]"),
    ];
    for (t, text) in cases {
        assert_eq!(to_s(&ty(t)).as_deref(), Some(text));
    }
}

#[test]
fn more_probes() {
    assert_eq!(ok(Shl, Int(-1), Int(63)), Int(i64::MIN));
    assert_eq!(
        err(Shl, Int(-1), Int(64)).1,
        "A '<<' expression resulted in a value outside of Puppet Integer min range, got '-0x10000000000000000'"
    );
    assert_eq!(
        access(&hash(vec![("a", Int(1))]), &[arr(vec![])]),
        Ok(Undef)
    );
    assert_eq!(ok(Lt, s("Ä"), s("ä")), Bool(true));
    assert_eq!(
        ok(Add, Int(i64::MAX), Float(0.5)),
        Float(9.223372036854776e18)
    );
    let sens = Value::Sensitive(std::sync::Arc::new(s("a")));
    assert_eq!(ok(In, s("a"), arr(vec![sens.clone()])), Bool(false));
    assert_eq!(ok(In, Int(1), sens.clone()), Bool(false));
    assert_eq!(
        access(&sens, &[Int(0)]).map_err(|e| e.message),
        Err("Operator '[]' is not applicable to a Sensitive.".into())
    );
    assert_eq!(
        ok(
            Add,
            arr(vec![arr(vec![Int(1), Int(2)])]),
            arr(vec![arr(vec![Int(3)])])
        ),
        arr(vec![arr(vec![Int(1), Int(2)]), arr(vec![Int(3)])])
    );
    assert_eq!(
        ok(Add, hash(vec![("a", Int(1))]), hash(vec![])),
        hash(vec![("a", Int(1))])
    );
    assert_eq!(
        ok(
            Sub,
            arr(vec![Int(1), s("a"), arr(vec![Int(2)])]),
            arr(vec![arr(vec![Int(2)]), s("A")])
        ),
        arr(vec![Int(1), s("a")])
    );
    assert_eq!(
        ok(
            Sub,
            arr(vec![Value::Regex("a".into()), ty(PType::integer())]),
            arr(vec![Value::Regex("a".into())])
        ),
        arr(vec![ty(PType::integer())])
    );
    let mixed = Value::hash(vec![(arr(vec![Int(1)]), Int(2)), (Int(1), Int(3))]);
    assert_eq!(ok(Sub, mixed.clone(), arr(vec![Float(1.0)])), mixed);
    assert_eq!(ok(Eq, Float(1.0), Int(1)), Bool(true));
    assert_eq!(ok(Eq, Float(1.5), s("1.5")), Bool(false));
    assert_eq!(ok(Eq, arr(vec![]), hash(vec![])), Bool(false));
    assert_eq!(ok(Eq, Undef, arr(vec![])), Bool(false));
    let e = |t: Value, k: Vec<Value>| access(&t, &k).map_err(|e| e.message);
    assert_eq!(
        e(s("abc"), vec![Bool(true)]),
        Err("A substring operation does not accept a Boolean as a character index. Expected an Integer".into())
    );
    assert_eq!(
        e(s("abc"), vec![arr(vec![])]),
        Err("String supports [] with one or two arguments. Got 0".into())
    );
    assert_eq!(
        e(arr(vec![Int(1)]), vec![Int(0), Int(1), Int(2)]),
        Err("Array supports [] with one or two arguments. Got 3".into())
    );
    assert_eq!(
        err(
            Add,
            ty(PType::Integer {
                from: 1,
                to: INT_MAX
            }),
            Int(1)
        )
        .1,
        "The value 'Integer[1]' cannot be converted to Numeric."
    );
}

#[test]
fn ruby_regexps() {
    let m = |l: &str, p: &str| {
        matches(&s(l), &Value::Regex(p.into()), &Regexes::default()).map(|c| c.is_some())
    };
    assert_eq!(m("abc", r"\Aabc\z"), Ok(true));
    assert_eq!(m("x\nabc", r"^abc$"), Ok(true));
    assert_eq!(m("x\nabc", r"\Aabc"), Ok(false));
    assert_eq!(m("a\nb", r"a.b"), Ok(false));
    assert_eq!(m("ABC", r"(?i)abc"), Ok(true));
    assert_eq!(m("ff", r"\A\h+\z"), Ok(true));
    assert_eq!(m("é", r"\A\p{Alpha}\z"), Ok(true));
    assert_eq!(m("é", r"\A[[:alpha:]]\z"), Ok(true));
    // Ruby's \d, \w, \s are ASCII-only; POSIX brackets and \p{} are not.
    assert_eq!(m("é", r"\A\w\z"), Ok(false));
    assert_eq!(m("é", r"\A\W\z"), Ok(true));
    assert_eq!(m("١", r"\d"), Ok(false));
    assert_eq!(m("\u{a0}", r"\s"), Ok(false));
    assert_eq!(m("a\u{b}", r"a\s"), Ok(true));
    assert_eq!(m("é", r"\A\p{Word}\z"), Ok(true));
    assert_eq!(m(r"a\d", r"a\\d"), Ok(true));
    for (subject, pattern, want) in [
        ("a-b.c", r"\A[\w.-]+\z", true),
        ("a-b", r"\A[\w-]+\z", true),
        ("é", r"\A[\w-]+\z", false),
        ("a b", r"\A[^\s,]+\z", false),
        ("ab,", r"\A[^\s]+\z", true),
        ("1-2", r"\A[\d\-]+\z", true),
        ("x", r"\A[\D]\z", true),
        ("1", r"\A[^\D]\z", true),
    ] {
        assert_eq!(m(subject, pattern), Ok(want), "{subject} =~ /{pattern}/");
    }
    assert_eq!(m("ab", r"a\Kb"), Ok(true));
    assert_eq!(
        matches(
            &s("key=val"),
            &Value::Regex(r"(?<k>\w+)=(?<v>\w+)".into()),
            &Regexes::default()
        ),
        Ok(Some(vec![
            Some("key=val".into()),
            Some("key".into()),
            Some("val".into())
        ]))
    );
}
