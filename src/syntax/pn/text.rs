//! Text output of PN trees: the `Sink` interface every PN producer writes to, and the two
//! text writers, minified JSON exactly as Ruby's `json` gem prints it and PN text as
//! Puppet's `PN#to_s` prints it (pn-forms §2.2, §2.3).

use super::float::ruby_float_to_s;

/// Receives a PN tree as a stream of events (a pre-order walk). Containers are opened
/// with `call`, `list` or `map` and closed with `end`; inside a map every value is preceded
/// by its `key`.
pub trait Sink {
    fn call(&mut self, name: &str);
    fn list(&mut self);
    fn map(&mut self);
    fn end(&mut self);
    fn key(&mut self, key: &str);
    fn int(&mut self, v: i128);
    fn float(&mut self, v: f64);
    fn str(&mut self, v: &str);
    fn bool(&mut self, v: bool);
    fn nil(&mut self);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Open {
    Call,
    List,
    Map,
}

/// Writes PN events as JSON (`json == true`) or PN text.
pub struct TextSink {
    out: String,
    json: bool,
    /// Open containers, with "no element written yet".
    open: Vec<(Open, bool)>,
}

impl TextSink {
    pub fn new(json: bool) -> TextSink {
        TextSink {
            out: String::new(),
            json,
            open: Vec::new(),
        }
    }

    pub fn finish(self) -> String {
        self.out
    }

    /// Hands the text written since the last call to `f` and forgets it, so that a
    /// consumer that streams the text (into a digest) never holds all of it.
    pub fn drain(&mut self, f: impl FnOnce(&str)) {
        f(&self.out);
        self.out.clear();
    }

    /// The length of the text written since the last [`TextSink::drain`].
    pub fn pending(&self) -> usize {
        self.out.len()
    }

    fn sep(&mut self) {
        if let Some((_, first)) = self.open.last_mut() {
            if *first {
                *first = false;
            } else {
                self.out.push(if self.json { ',' } else { ' ' });
            }
        }
    }

    fn string(&mut self, v: &str) {
        if self.json {
            json_string(v, &mut self.out);
        } else {
            pn_string(v, &mut self.out);
        }
    }
}

impl Sink for TextSink {
    fn call(&mut self, name: &str) {
        self.sep();
        if self.json {
            self.out.push_str("{\"^\":[");
            json_string(name, &mut self.out);
        } else {
            self.out.push('(');
            self.out.push_str(name);
        }
        self.open.push((Open::Call, false));
    }

    fn list(&mut self) {
        self.sep();
        self.out.push('[');
        self.open.push((Open::List, true));
    }

    fn map(&mut self) {
        self.sep();
        self.out.push_str(if self.json { "{\"#\":[" } else { "{" });
        self.open.push((Open::Map, true));
    }

    fn end(&mut self) {
        let close = match (self.open.pop(), self.json) {
            (Some((Open::Call, _)), true) | (Some((Open::Map, _)), true) => "]}",
            (Some((Open::List, _)), _) => "]",
            (Some((Open::Call, _)), false) => ")",
            (Some((Open::Map, _)), false) => "}",
            (None, _) => "",
        };
        self.out.push_str(close);
    }

    fn key(&mut self, key: &str) {
        self.sep();
        if self.json {
            json_string(key, &mut self.out);
        } else {
            self.out.push(':');
            self.out.push_str(key);
        }
    }

    fn int(&mut self, v: i128) {
        self.sep();
        self.out.push_str(&v.to_string());
    }

    fn float(&mut self, v: f64) {
        self.sep();
        self.out.push_str(&ruby_float_to_s(v));
    }

    fn str(&mut self, v: &str) {
        self.sep();
        self.string(v);
    }

    fn bool(&mut self, v: bool) {
        self.sep();
        self.out.push_str(if v { "true" } else { "false" });
    }

    fn nil(&mut self) {
        self.sep();
        self.out.push_str(if self.json { "null" } else { "nil" });
    }
}

/// Appends `s` as a JSON string the way Ruby's `json` 2.6 generator does: `"` and `\`
/// escaped, `\b \f \n \r \t` short forms, other controls below U+0020 as `\u00xx` (lower
/// case), everything else (DEL, U+2028, `/`, non-ASCII) raw.
pub fn json_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends `s` as a PN string literal: `\t \n \r \" \\`, any other control below U+0020
/// as `\o` and three octal digits, everything else raw.
pub fn pn_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\o{:03o}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn j(s: &str) -> String {
        let mut o = String::new();
        json_string(s, &mut o);
        o
    }

    fn p(s: &str) -> String {
        let mut o = String::new();
        pn_string(s, &mut o);
        o
    }

    #[test]
    fn json_escapes_like_ruby_json() {
        assert_eq!(j("a\u{1}b\u{1f}c\u{7f}d"), "\"a\\u0001b\\u001fc\u{7f}d\"");
        assert_eq!(j("\u{8}\u{c}\u{7f}\u{0}"), "\"\\b\\f\u{7f}\\u0000\"");
        assert_eq!(j("a\u{0}b\u{1b}c"), "\"a\\u0000b\\u001bc\"");
        assert_eq!(j("a\u{2028}b\u{2029}c/d"), "\"a\u{2028}b\u{2029}c/d\"");
        assert_eq!(j("héllo ☃ 😀"), "\"héllo ☃ 😀\"");
        assert_eq!(j("q\" b\\ \n\t\r"), "\"q\\\" b\\\\ \\n\\t\\r\"");
    }

    #[test]
    fn pn_escapes_with_octal_controls() {
        assert_eq!(p("a\u{1}b\u{1f}c\u{7f}d"), "\"a\\o001b\\o037c\u{7f}d\"");
        assert_eq!(p("\u{8}\u{c}\u{7f}\u{0}"), "\"\\o010\\o014\u{7f}\\o000\"");
        assert_eq!(p("a\u{0}b\u{1b}c"), "\"a\\o000b\\o033c\"");
        assert_eq!(p("q\" b\\ \n\t\r"), "\"q\\\" b\\\\ \\n\\t\\r\"");
        assert_eq!(p("héllo ☃ 😀/"), "\"héllo ☃ 😀/\"");
    }
}
