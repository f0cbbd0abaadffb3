//! Tests of the type system, against Puppet 7.23's answers: [`matching`] (`instance_of`,
//! `assignable`), [`building`] (`parameterize`, references) and [`wording`] (printed types,
//! inferred types, mismatch messages). Values and types are written as Puppet literals and
//! read by a small reader.

use super::*;
use crate::eval::regex::Regexes;
use crate::eval::value::Value;

mod building;
mod matching;
mod wording;

/// A small reader for Puppet literals and type expressions, for the tests.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    aliases: &'a Aliases,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn delimited(&mut self, end: u8) -> String {
        let mut out = Vec::new();
        self.i += 1;
        while self.s[self.i] != end {
            if self.s[self.i] == b'\\'
                && end != b'/'
                && matches!(self.s.get(self.i + 1), Some(b'\\' | b'\'' | b'"'))
            {
                self.i += 1;
            }
            out.push(self.s[self.i]);
            self.i += 1;
        }
        self.i += 1;
        String::from_utf8(out).unwrap()
    }
    fn list(&mut self, end: u8) -> Vec<Value> {
        let mut items = Vec::new();
        while !self.eat(end) {
            items.push(self.value());
            self.eat(b',');
        }
        items
    }
    fn value(&mut self) -> Value {
        self.ws();
        let c = self.s[self.i];
        let v = match c {
            b'\'' | b'"' => Value::str(self.delimited(c)),
            b'/' => Value::Regex(self.delimited(b'/').into()),
            b'[' => {
                self.i += 1;
                Value::array(self.list(b']'))
            }
            b'{' => {
                self.i += 1;
                let mut entries = Vec::new();
                while !self.eat(b'}') {
                    let k = self.value();
                    assert!(self.eat(b'=') && self.eat(b'>'));
                    entries.push((k, self.value()));
                    self.eat(b',');
                }
                Value::hash(entries)
            }
            b'-' | b'0'..=b'9' => {
                let start = self.i;
                self.i += 1;
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric()
                        || matches!(self.s[self.i], b'.' | b'+' | b'-'))
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                match text.parse::<i64>() {
                    Ok(i) => Value::Int(i),
                    Err(_) => Value::Float(text.parse().unwrap()),
                }
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric()
                        || matches!(self.s[self.i], b'_' | b':'))
                {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                match word {
                    "undef" => Value::Undef,
                    "default" => Value::Default,
                    "true" => Value::Bool(true),
                    "false" => Value::Bool(false),
                    "Sensitive" if self.s.get(self.i) == Some(&b'(') => {
                        self.i += 1;
                        let inner = self.value();
                        assert!(self.eat(b')'));
                        Value::Sensitive(std::sync::Arc::new(inner))
                    }
                    "unknown" => {
                        assert!(self.eat(b'('));
                        let t = self.value();
                        assert!(self.eat(b')'));
                        match t {
                            Value::Type(t) => Value::Unknown(t),
                            _ => panic!("unknown() takes a type"),
                        }
                    }
                    w if w.starts_with(|c: char| c.is_ascii_uppercase()) => {
                        Value::ty(from_reference(w, self.aliases))
                    }
                    w => Value::str(w),
                }
            }
        };
        if let Value::Type(t) = &v {
            if self.eat(b'[') {
                let args = self.list(b']');
                return Value::ty(parameterize(t, &args, self.aliases).unwrap());
            }
        }
        v
    }
}

fn val_in(src: &str, aliases: &Aliases) -> Value {
    let mut r = Reader {
        s: src.as_bytes(),
        i: 0,
        aliases,
    };
    let v = r.value();
    r.ws();
    assert_eq!(r.i, src.len(), "trailing text in {src}");
    v
}

fn val(src: &str) -> Value {
    val_in(src, &Aliases::default())
}

fn ty_in(src: &str, aliases: &Aliases) -> PType {
    match val_in(src, aliases) {
        Value::Type(t) => (*t).clone(),
        v => panic!("not a type: {v:?}"),
    }
}

fn ty(src: &str) -> PType {
    ty_in(src, &Aliases::default())
}

fn is(v: &str, t: &str) -> Option<bool> {
    instance_of(&ty(t), &val(v), &Aliases::default(), &Regexes::default())
}

fn le(t1: &str, t2: &str) -> Option<bool> {
    assignable(&ty(t2), &ty(t1), &Aliases::default(), &Regexes::default())
}

fn test_aliases() -> Aliases {
    let mut a = Aliases::default();
    let tree = ty_in("Array[Variant[String, Tree]]", &{
        let mut pre = Aliases::default();
        pre.insert("Tree".to_string(), PType::Any);
        pre
    });
    a.insert("Tree".to_string(), tree);
    a.insert("Loop".to_string(), PType::Alias("Loop2".to_string()));
    a.insert("Loop2".to_string(), PType::Alias("Loop".to_string()));
    a.insert(
        "My::Port".to_string(),
        PType::Integer { from: 0, to: 65535 },
    );
    a
}

#[test]
fn aliases_are_found_in_any_case() {
    let mut a = Aliases::default();
    assert_eq!(a.get("Foo"), None);
    a.insert("my::type".to_string(), PType::Any);
    a.insert("My::Type".to_string(), PType::Boolean);
    a.insert("Key".to_string(), PType::Undef);
    // As written, then the least of the names written in another case.
    assert_eq!(a.get("my::type"), Some(&PType::Any));
    assert_eq!(a.get("MY::TYPE"), Some(&PType::Boolean));
    assert_eq!(a.get("::my::TYPE"), Some(&PType::Boolean));
    // Unicode case: the Kelvin sign lower-cases to `k`.
    assert_eq!(a.get("\u{212a}EY"), Some(&PType::Undef));
    assert_eq!(a.get("My::Typ"), None);
    assert_eq!(a.get("String"), None);
}
