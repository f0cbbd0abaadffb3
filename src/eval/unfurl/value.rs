//! The values of an Unfurl document as Unfurl's loader (ruamel.yaml, YAML 1.2's core
//! schema) builds them from YAML ([`Value::from_node`], aliases followed), and their
//! printing as JSON (as Python's `json.dumps` writes it, for comparing with Unfurl) and as
//! block YAML ([`Value::to_yaml`]).

use std::collections::HashMap;

use crate::syntax::yaml::{Node, NodeKind, ScalarStyle};

/// A mapping: its entries in order.
pub type Map = Vec<(Key, Value)>;

/// A mapping key: its text, and whether it is a string (only string keys can be
/// directives; Unfurl leaves the values of other keys as they are).
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    pub text: String,
    pub is_str: bool,
}

impl Key {
    pub fn str(text: &str) -> Key {
        Key {
            text: text.to_string(),
            is_str: true,
        }
    }
}

/// A value of the document.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Seq(Vec<Value>),
    Map(Map),
}

/// How deep aliases may nest (a recursive alias would not end).
const MAX_DEPTH: usize = 256;

/// How many values one expansion may build: aliases and merge directives copy values, and
/// a few lines whose anchors copy each other ten times over ("billion laughs") name more
/// values than memory holds.
pub const MAX_VALUES: usize = 1_000_000;

/// The bytes of text (a string, a mapping key) that count as one value against
/// [`MAX_VALUES`]: copies of a long string cost what they hold.
const BYTES_PER_VALUE: usize = 64;

/// The longest JSON text of a mapping key that is not a string (a mapping or a sequence as
/// a key): each key nested in a key quotes the text of the one inside it again, which
/// doubles its backslashes, so thirty nested keys would need gigabytes.
pub const MAX_KEY_TEXT: usize = 64 * 1024;

/// The values `text` counts for, beyond the value that holds it.
fn text_values(text: &str) -> usize {
    text.len() / BYTES_PER_VALUE
}

/// The values an expansion may still build ([`MAX_VALUES`] to start with).
#[derive(Debug)]
pub struct Budget {
    left: usize,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { left: MAX_VALUES }
    }
}

impl Budget {
    /// Takes `n` values; when fewer are left, the message saying why the expansion stops.
    pub fn take(&mut self, n: usize) -> Result<(), String> {
        match self.left.checked_sub(n) {
            Some(left) => {
                self.left = left;
                Ok(())
            }
            None => {
                self.left = 0;
                Err(format!(
                    "the document expands to more than {MAX_VALUES} values (anchors, aliases or \
                     merge directives that copy each other over and over): rein stops there"
                ))
            }
        }
    }

    /// Takes the values of `v` (a value built by copying others).
    pub fn charge(&mut self, v: &Value) -> Result<(), String> {
        self.take(v.size_upto(self.left.saturating_add(1)))
    }

    /// A copy of `v`, its values taken.
    pub fn copy(&mut self, v: &Value) -> Result<Value, String> {
        self.charge(v)?;
        Ok(v.clone())
    }
}

impl Value {
    /// The value of `node`, aliases replaced by the nodes of `anchors` they name, each
    /// value built taken from `budget`.
    pub fn from_node(
        node: &Node,
        anchors: &HashMap<&str, &Node>,
        budget: &mut Budget,
    ) -> Result<Value, String> {
        Value::convert(node, anchors, 0, budget)
    }

    fn convert(
        node: &Node,
        anchors: &HashMap<&str, &Node>,
        depth: usize,
        budget: &mut Budget,
    ) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Ok(Value::Null);
        }
        budget.take(1)?;
        Ok(match &node.kind {
            NodeKind::Scalar(s) => {
                budget.take(text_values(&s.value))?;
                if s.style != ScalarStyle::Plain || node.tag.as_deref() == Some("!!str") {
                    Value::Str(s.value.clone())
                } else {
                    plain(&s.value)
                }
            }
            NodeKind::Seq(items) => Value::Seq(
                items
                    .iter()
                    .map(|n| Value::convert(n, anchors, depth + 1, budget))
                    .collect::<Result<_, _>>()?,
            ),
            NodeKind::Map(entries) => {
                let mut map = Vec::with_capacity(entries.len());
                for e in entries {
                    let key = Value::convert(&e.key, anchors, depth + 1, budget)?;
                    let is_str = matches!(key, Value::Str(_));
                    let text = match key {
                        Value::Str(s) => s,
                        other => other.to_json(),
                    };
                    if !is_str && text.len() > MAX_KEY_TEXT {
                        return Err(format!(
                            "a mapping key that is not a string is more than {MAX_KEY_TEXT} \
                             characters long as JSON (keys nested in keys): rein stops there"
                        ));
                    }
                    budget.take(text_values(&text))?;
                    let value = Value::convert(&e.value, anchors, depth + 1, budget)?;
                    map.push((Key { text, is_str }, value));
                }
                Value::Map(map)
            }
            NodeKind::Alias(name) => match anchors.get(name.as_str()) {
                Some(target) => Value::convert(target, anchors, depth + 1, budget)?,
                None => Value::Null,
            },
        })
    }

    /// How many values `self` holds (itself included, and its texts by their length),
    /// counted up to `limit`: a count past it stops there.
    pub fn size_upto(&self, limit: usize) -> usize {
        let mut count = 0;
        let mut stack = vec![self];
        while let Some(v) = stack.pop() {
            count += 1;
            if count > limit {
                break;
            }
            match v {
                Value::Str(s) => count += text_values(s),
                Value::Seq(items) => stack.extend(items),
                Value::Map(entries) => {
                    for (k, v) in entries {
                        count += text_values(&k.text);
                        stack.push(v);
                    }
                }
                _ => {}
            }
        }
        count
    }

    /// The entries, if the value is a mapping.
    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// The value of the string key `key` of a mapping.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_map()?
            .iter()
            .find(|(k, _)| k.is_str && k.text == key)
            .map(|(_, v)| v)
    }

    /// Python's truth: `None`, `False`, `0`, empty strings and collections are false.
    pub fn truthy(&self) -> bool {
        match self {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Int(n) => *n != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::Seq(s) => !s.is_empty(),
            Value::Map(m) => !m.is_empty(),
        }
    }

    /// JSON as Python's `json.dumps` writes it (`", "` and `": "` separators).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.json(&mut out);
        out
    }

    fn json(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Int(n) => out.push_str(&n.to_string()),
            Value::Float(f) => out.push_str(&float_text(*f, "Infinity", "NaN")),
            Value::Str(s) => out.push_str(&quote(s)),
            Value::Seq(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.json(out);
                }
                out.push(']');
            }
            Value::Map(m) => {
                out.push('{');
                for (i, (k, v)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push_str(&quote(&k.text));
                    out.push_str(": ");
                    v.json(out);
                }
                out.push('}');
            }
        }
    }

    /// Block YAML, ending with a newline.
    pub fn to_yaml(&self) -> String {
        let mut out = String::new();
        match self {
            Value::Map(m) if !m.is_empty() => yaml_map(m, 0, &mut out),
            Value::Seq(s) if !s.is_empty() => yaml_seq(s, 0, &mut out),
            other => {
                out.push_str(&other.inline());
                out.push('\n');
            }
        }
        out
    }

    /// A scalar or an empty collection on one line.
    fn inline(&self) -> String {
        match self {
            Value::Null => "null".to_string(),
            Value::Bool(b) => b.to_string(),
            Value::Int(n) => n.to_string(),
            Value::Float(f) => float_text(*f, ".inf", ".nan"),
            Value::Str(s) => yaml_str(s),
            Value::Seq(_) => "[]".to_string(),
            Value::Map(_) => "{}".to_string(),
        }
    }

    fn is_block(&self) -> bool {
        matches!(self, Value::Map(m) if !m.is_empty())
            || matches!(self, Value::Seq(s) if !s.is_empty())
    }
}

/// A plain scalar by YAML 1.2's core schema.
fn plain(s: &str) -> Value {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Value::Float(f64::INFINITY)
        }
        "-.inf" | "-.Inf" | "-.INF" => return Value::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Value::Float(f64::NAN),
        _ => {}
    }
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(n) = s.parse::<i64>() {
            return Value::Int(n);
        }
    }
    if let Some(hex) = s.strip_prefix("0x") {
        if let Ok(n) = i64::from_str_radix(hex, 16) {
            return Value::Int(n);
        }
    }
    if let Some(oct) = s.strip_prefix("0o") {
        if let Ok(n) = i64::from_str_radix(oct, 8) {
            return Value::Int(n);
        }
    }
    let looks_float = digits.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && digits
            .bytes()
            .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        && digits.bytes().any(|b| b.is_ascii_digit());
    match s.parse::<f64>() {
        Ok(f) if looks_float => Value::Float(f),
        _ => Value::Str(s.to_string()),
    }
}

/// A float as Python's `repr` writes it, with the given spellings of infinity and NaN.
fn float_text(f: f64, inf: &str, nan: &str) -> String {
    if f.is_nan() {
        nan.to_string()
    } else if f.is_infinite() {
        format!("{}{inf}", if f < 0.0 { "-" } else { "" })
    } else if f.fract() == 0.0 && f.abs() < 1e16 {
        format!("{f:.1}")
    } else {
        format!("{f}")
    }
}

/// A JSON string (also a YAML double-quoted scalar).
fn quote(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| format!("\"{s}\""))
}

/// A string as a plain scalar when YAML reads it back as the same string, else quoted.
fn yaml_str(s: &str) -> String {
    let plain_ok = !s.is_empty()
        && s.trim() == s
        && !s.starts_with([
            '-', '?', ':', ',', '[', ']', '{', '}', '#', '&', '*', '!', '|', '>', '\'', '"', '%',
            '@', '`',
        ])
        && !s.contains(": ")
        && !s.contains(" #")
        && !s.ends_with(':')
        && !s.chars().any(char::is_control)
        && matches!(plain(s), Value::Str(_));
    if plain_ok {
        s.to_string()
    } else {
        quote(s)
    }
}

fn yaml_map(m: &Map, indent: usize, out: &mut String) {
    for (i, (k, v)) in m.iter().enumerate() {
        // The first entry of a map in a sequence follows its `- `.
        if i > 0 || !out.ends_with("- ") {
            out.push_str(&" ".repeat(indent));
        }
        out.push_str(&yaml_str(&k.text));
        out.push(':');
        match v {
            Value::Map(inner) if !inner.is_empty() => {
                out.push('\n');
                yaml_map(inner, indent + 2, out);
            }
            Value::Seq(items) if !items.is_empty() => {
                out.push('\n');
                yaml_seq(items, indent, out);
            }
            _ => {
                out.push(' ');
                out.push_str(&v.inline());
                out.push('\n');
            }
        }
    }
}

fn yaml_seq(items: &[Value], indent: usize, out: &mut String) {
    for v in items {
        out.push_str(&" ".repeat(indent));
        out.push_str("- ");
        match v {
            Value::Map(m) if v.is_block() => yaml_map(m, indent + 2, out),
            Value::Seq(s) if v.is_block() => {
                out.push('\n');
                yaml_seq(s, indent + 2, out);
            }
            _ => {
                out.push_str(&v.inline());
                out.push('\n');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        let file = crate::syntax::yaml::parse(text);
        Value::from_node(
            file.root().expect("a document"),
            &HashMap::new(),
            &mut Budget::default(),
        )
        .expect("within the budget")
    }

    #[test]
    fn json_and_yaml() {
        let v = value("a: [1, 'x', {b: null, c: 2.5}]\nd: {}\ne: 'yes: no'\nf: true\n");
        assert_eq!(
            v.to_json(),
            r#"{"a": [1, "x", {"b": null, "c": 2.5}], "d": {}, "e": "yes: no", "f": true}"#
        );
        assert_eq!(
            v.to_yaml(),
            "a:\n- 1\n- x\n- b: null\n  c: 2.5\nd: {}\ne: \"yes: no\"\nf: true\n"
        );
        assert_eq!(value(&v.to_yaml()), v);
    }
}
