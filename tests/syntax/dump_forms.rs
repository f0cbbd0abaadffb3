//! Checks the PN value model and both text writers against every output Puppet printed in
//! pn-forms.md §4 (tests/fixtures/dump/cases.json), independently of the parser: each
//! expected JSON text is read into a `Pn` tree, which must print back to exactly the same
//! JSON and to exactly the PN text Puppet printed for the same snippet.

use rein::syntax::pn::Pn;
use serde_json::Value;

/// A minimal JSON reader for Puppet's output: numbers keep their exact text (so floats
/// are read with Rust's correctly rounded parser and bignums stay integers), and the
/// `{"^":[...]}` / `{"#":[...]}` objects become calls and maps.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, c: u8) -> Result<(), String> {
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected {:?} at {}", c as char, self.i))
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.eat(b'"')?;
        let mut out = String::new();
        loop {
            let rest = self.s.get(self.i..).ok_or("eof")?;
            let text = std::str::from_utf8(rest).map_err(|e| e.to_string())?;
            let mut chars = text.chars();
            let c = chars.next().ok_or("unterminated string")?;
            self.i += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let e = self.peek().ok_or("eof")?;
                    self.i += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hex = self.s.get(self.i..self.i + 4).ok_or("short \\u")?;
                            let hex = std::str::from_utf8(hex).map_err(|e| e.to_string())?;
                            let v = u32::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
                            out.push(char::from_u32(v).ok_or("bad \\u")?);
                            self.i += 4;
                        }
                        _ => return Err(format!("bad escape at {}", self.i)),
                    }
                }
                c => out.push(c),
            }
        }
    }

    fn value(&mut self) -> Result<Pn, String> {
        match self.peek().ok_or("eof")? {
            b'"' => Ok(Pn::Str(self.string()?)),
            b'[' => {
                self.i += 1;
                Ok(Pn::List(self.items(b']')?))
            }
            b'{' => {
                self.i += 1;
                let key = self.string()?;
                self.eat(b':')?;
                self.eat(b'[')?;
                let items = self.items(b']')?;
                self.eat(b'}')?;
                match key.as_str() {
                    "^" => {
                        let mut it = items.into_iter();
                        match it.next() {
                            Some(Pn::Str(name)) => Ok(Pn::Call(name, it.collect())),
                            _ => Err("call without name".to_string()),
                        }
                    }
                    "#" => {
                        let mut entries = Vec::new();
                        let mut it = items.into_iter();
                        while let Some(k) = it.next() {
                            let Pn::Str(k) = k else {
                                return Err("map key is not a string".to_string());
                            };
                            entries.push((k, it.next().ok_or("key without value")?));
                        }
                        Ok(Pn::Map(entries))
                    }
                    other => Err(format!("unexpected object key {other}")),
                }
            }
            b't' => self.word("true", Pn::Bool(true)),
            b'f' => self.word("false", Pn::Bool(false)),
            b'n' => self.word("null", Pn::Nil),
            _ => {
                let start = self.i;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_digit() || b"+-.eE".contains(&c))
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(self.s.get(start..self.i).ok_or("eof")?)
                    .map_err(|e| e.to_string())?;
                if text.contains(['.', 'e', 'E']) {
                    text.parse()
                        .map(Pn::Float)
                        .map_err(|e| format!("{text}: {e}"))
                } else {
                    text.parse()
                        .map(Pn::Int)
                        .map_err(|e| format!("{text}: {e}"))
                }
            }
        }
    }

    fn word(&mut self, w: &str, v: Pn) -> Result<Pn, String> {
        if self.s.get(self.i..self.i + w.len()) == Some(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(format!("bad literal at {}", self.i))
        }
    }

    fn items(&mut self, close: u8) -> Result<Vec<Pn>, String> {
        let mut out = Vec::new();
        if self.peek() == Some(close) {
            self.i += 1;
            return Ok(out);
        }
        loop {
            out.push(self.value()?);
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(c) if c == close => {
                    self.i += 1;
                    return Ok(out);
                }
                _ => return Err(format!("expected , or close at {}", self.i)),
            }
        }
    }
}

fn read_json(s: &str) -> Result<Pn, String> {
    let mut r = Reader {
        s: s.as_bytes(),
        i: 0,
    };
    let v = r.value()?;
    if r.i != s.len() {
        return Err(format!("trailing text at {}", r.i));
    }
    Ok(v)
}

#[test]
fn writers_reproduce_every_puppet_output() {
    let mut cases: Vec<Value> = Vec::new();
    for text in [
        include_str!("../fixtures/dump/cases.json"),
        include_str!("../fixtures/dump/extra.json"),
    ] {
        match serde_json::from_str(text) {
            Ok(Value::Array(v)) => cases.extend(v),
            _ => panic!("a fixture in tests/fixtures/dump is not an array"),
        }
    }
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let (Some(json), Some(pn)) = (
            case.get("json").and_then(Value::as_str),
            case.get("pn").and_then(Value::as_str),
        ) else {
            continue;
        };
        let id = case.get("id").and_then(Value::as_str).unwrap_or("?");
        let tree = match read_json(json) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{id}: expected JSON does not read back: {e}"));
                continue;
            }
        };
        checked += 1;
        let got_json = tree.to_json();
        if got_json != json {
            failures.push(format!("{id}: JSON\n  want {json}\n  got  {got_json}"));
        }
        let got_pn = tree.to_pn();
        if got_pn != pn {
            failures.push(format!("{id}: PN\n  want {pn}\n  got  {got_pn}"));
        }
    }
    assert!(checked > 450, "only {checked} outputs checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
