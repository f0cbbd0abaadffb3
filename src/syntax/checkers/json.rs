//! The JSON checker of Puppet's heredocs (`@(END:json)`), as Puppet 7 runs it: Ruby's
//! `JSON.parse` (the `json` 2.6.1 extension of Ruby 3.1, which `puppet-agent` 7 uses on
//! Debian 12), with its exact verdicts and messages.
//!
//! Ruby's parser is a set of state machines, one per kind of value, and where it stops
//! decides the message: `"<code>: unexpected token at '<rest of the text>'"`, the code being
//! the line of the parser's C source that raised. An array raises where its own machine
//! stopped, or at the start of an element that did not parse (code 451); an object or a
//! malformed scalar gives up silently and the failure travels up to the enclosing array or
//! to the top (code 859, at the start of the outermost value that failed). `NaN` (225),
//! `Infinity` (232, from one character before it: Ruby's off-by-one) and `-Infinity` (249)
//! raise where they stand; a high surrogate `\uD8xx` with fewer than six characters after
//! it in its string raises 521 ("incomplete surrogate pair"); more than 100 nested arrays
//! and objects raise "nesting of 101 is too deep". What Ruby accepts and strict JSON does
//! not is accepted too: `/* */` and `// ...\n` comments between tokens, any character after
//! a backslash in a string (`"\x"`), a scalar alone (`12`, `"a"`).

/// Ruby's message for `text`, or `None` when `JSON.parse` accepts it.
pub fn ruby_json_error(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut p = Parser { b, depth: 0 };
    let failure = p.document().err()?;
    Some(match failure {
        Failure::Raise(code, at) => format!("{code}: unexpected token at '{}'", fragment(b, at)),
        Failure::Raise521(at) => format!("521: incomplete surrogate pair at '{}'", fragment(b, at)),
        Failure::Nesting(depth) => format!("nesting of {depth} is too deep"),
        // A value that failed at the top: reported by the top-level machine.
        Failure::Quiet(at) => format!("859: unexpected token at '{}'", fragment(b, at)),
    })
}

/// The text from byte `at` as Ruby prints it with `%s`: up to the end, or to a NUL.
/// `None` positions (before the text) print nothing, as Ruby's does here.
fn fragment(b: &[u8], at: Option<usize>) -> String {
    let Some(at) = at else {
        return String::new();
    };
    let rest = b.get(at..).unwrap_or(&[]);
    let end = rest.iter().position(|&c| c == 0).unwrap_or(rest.len());
    String::from_utf8_lossy(rest.get(..end).unwrap_or(&[])).into_owned()
}

/// How a machine failed. Positions are byte offsets; `None` is before the text.
#[derive(Debug, PartialEq)]
enum Failure {
    /// A value gave up without raising, at the start of that value; its container decides.
    Quiet(Option<usize>),
    /// Raised with the C source line `code`, at the position.
    Raise(u32, Option<usize>),
    /// An incomplete surrogate pair, at the backslash of the `\u` escape.
    Raise521(Option<usize>),
    /// Nested deeper than Ruby's `max_nesting` (100).
    Nesting(usize),
}

/// The line codes of Ruby's `json` 2.6.1 parser.
const TOP: u32 = 859;
const ARRAY: u32 = 451;
const NAN: u32 = 225;
const INFINITY: u32 = 232;
const MINUS_INFINITY: u32 = 249;
const MAX_NESTING: usize = 100;

struct Parser<'t> {
    b: &'t [u8],
    depth: usize,
}

type Step = Result<usize, Failure>;

fn begins_value(c: u8) -> bool {
    matches!(
        c,
        b'"' | b'-' | b'[' | b'{' | b'n' | b't' | b'f' | b'N' | b'I'
    ) || c.is_ascii_digit()
}

impl Parser<'_> {
    fn at(&self, i: usize) -> Option<u8> {
        self.b.get(i).copied()
    }

    fn starts(&self, i: usize, s: &str) -> bool {
        self.b
            .get(i..)
            .is_some_and(|rest| rest.starts_with(s.as_bytes()))
    }

    /// Skips whitespace and comments from `i`; `Err(at)` where a comment is malformed
    /// (at the offending character, or at the end of the text).
    fn ignore(&self, mut i: usize) -> Result<usize, usize> {
        loop {
            match self.at(i) {
                Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
                Some(b'/') => match self.at(i + 1) {
                    Some(b'*') => {
                        let mut j = i + 2;
                        loop {
                            match self.at(j) {
                                None => return Err(j),
                                Some(b'*') if self.at(j + 1) == Some(b'/') => break,
                                Some(_) => j += 1,
                            }
                        }
                        i = j + 2;
                    }
                    Some(b'/') => {
                        let mut j = i + 2;
                        loop {
                            match self.at(j) {
                                None => return Err(j),
                                Some(b'\n') => break,
                                Some(_) => j += 1,
                            }
                        }
                        i = j + 1;
                    }
                    _ => return Err(i + 1),
                },
                _ => return Ok(i),
            }
        }
    }

    /// The whole text: one value between ignorables.
    fn document(&mut self) -> Result<(), Failure> {
        let start = self.ignore(0).map_err(|at| Failure::Raise(TOP, Some(at)))?;
        match self.at(start) {
            Some(c) if begins_value(c) => {}
            _ => return Err(Failure::Raise(TOP, Some(start))),
        }
        let end = match self.value(start) {
            Ok(end) => end,
            Err(Failure::Quiet(at)) => return Err(Failure::Raise(TOP, at)),
            Err(f) => return Err(f),
        };
        let end = self
            .ignore(end)
            .map_err(|at| Failure::Raise(TOP, Some(at)))?;
        if end < self.b.len() {
            return Err(Failure::Raise(TOP, Some(end)));
        }
        Ok(())
    }

    /// A value starting at `i` (a character that begins one); the position after it.
    fn value(&mut self, i: usize) -> Step {
        let quiet = Err(Failure::Quiet(Some(i)));
        match self.at(i) {
            Some(b'"') => self.string(i),
            Some(b'[') => self.array(i),
            Some(b'{') => self.object(i),
            Some(b'n') | Some(b't') | Some(b'f') => {
                for word in ["null", "true", "false"] {
                    if self.starts(i, word) {
                        return Ok(i + word.len());
                    }
                }
                quiet
            }
            Some(b'N') if self.starts(i, "NaN") => Err(Failure::Raise(NAN, Some(i))),
            Some(b'I') if self.starts(i, "Infinity") => {
                Err(Failure::Raise(INFINITY, i.checked_sub(1)))
            }
            Some(b'-') if self.starts(i, "-Infinity") => {
                Err(Failure::Raise(MINUS_INFINITY, Some(i)))
            }
            Some(c) if c == b'-' || c.is_ascii_digit() => match self.number(i) {
                Some(end) => Ok(end),
                None => quiet,
            },
            _ => quiet,
        }
    }

    /// `-? (0 | [1-9][0-9]*)` from `i`: the position after it.
    fn integer_part(&self, i: usize) -> Option<usize> {
        let mut j = i;
        if self.at(j) == Some(b'-') {
            j += 1;
        }
        match self.at(j) {
            Some(b'0') => Some(j + 1),
            Some(c) if c.is_ascii_digit() => {
                j += 1;
                while self.at(j).is_some_and(|c| c.is_ascii_digit()) {
                    j += 1;
                }
                Some(j)
            }
            _ => None,
        }
    }

    /// One or more digits from `i`: the position after them.
    fn digits(&self, i: usize) -> Option<usize> {
        let mut j = i;
        while self.at(j).is_some_and(|c| c.is_ascii_digit()) {
            j += 1;
        }
        (j > i).then_some(j)
    }

    /// `[Ee] [+-]? [0-9]+` from `i`.
    fn exponent(&self, i: usize) -> Option<usize> {
        let mut j = i;
        if !matches!(self.at(j), Some(b'e' | b'E')) {
            return None;
        }
        j += 1;
        if matches!(self.at(j), Some(b'+' | b'-')) {
            j += 1;
        }
        self.digits(j)
    }

    /// A number: Ruby tries its float machine, then its integer machine.
    fn number(&self, i: usize) -> Option<usize> {
        self.float(i).or_else(|| {
            let end = self.integer_part(i)?;
            // The integer machine stops only on a character that is not a digit.
            (!self.at(end).is_some_and(|c| c.is_ascii_digit())).then_some(end)
        })
    }

    fn float(&self, i: usize) -> Option<usize> {
        let int = self.integer_part(i)?;
        let end = if self.at(int) == Some(b'.') {
            let frac = self.digits(int + 1)?;
            if matches!(self.at(frac), Some(b'e' | b'E')) {
                self.exponent(frac)?
            } else {
                frac
            }
        } else {
            self.exponent(int)?
        };
        // The float machine stops only on a character that cannot continue a number.
        match self.at(end) {
            Some(c) if c.is_ascii_digit() || matches!(c, b'E' | b'e' | b'.' | b'-') => None,
            _ => Some(end),
        }
    }

    /// A string from its opening quote at `i`: the position after the closing quote.
    fn string(&self, i: usize) -> Step {
        let mut j = i + 1;
        loop {
            match self.at(j) {
                None => return Err(Failure::Quiet(Some(i))),
                Some(b'"') => break,
                Some(c) if c < 0x20 => return Err(Failure::Quiet(Some(i))),
                Some(b'\\') => match self.at(j + 1) {
                    None => return Err(Failure::Quiet(Some(i))),
                    Some(c) if c < 0x20 => return Err(Failure::Quiet(Some(i))),
                    Some(b'u') => {
                        let hex = self.b.get(j + 2..j + 6);
                        if !hex.is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)) {
                            return Err(Failure::Quiet(Some(i)));
                        }
                        j += 6;
                    }
                    Some(_) => j += 2,
                },
                Some(_) => j += 1,
            }
        }
        let close = j;
        self.surrogates(i + 1, close)?;
        Ok(close + 1)
    }

    /// Ruby's unescaping of a string's body `[from, close)`: a high surrogate escape needs
    /// six more characters in the string (for its low half).
    fn surrogates(&self, from: usize, close: usize) -> Result<(), Failure> {
        let mut j = from;
        while j < close {
            if self.at(j) != Some(b'\\') {
                j += 1;
                continue;
            }
            if self.at(j + 1) == Some(b'u') {
                let hex = self.b.get(j + 2..j + 6).unwrap_or(&[]);
                let unit = std::str::from_utf8(hex)
                    .ok()
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .unwrap_or(0);
                if unit & 0xFC00 == 0xD800 && close.saturating_sub(j + 6) < 6 {
                    return Err(Failure::Raise521(Some(j)));
                }
                j += 6;
            } else {
                j += 2;
            }
        }
        Ok(())
    }

    fn enter(&mut self) -> Result<(), Failure> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(Failure::Nesting(self.depth));
        }
        Ok(())
    }

    /// An array from `[` at `i`. Its machine raises where it stops.
    fn array(&mut self, i: usize) -> Step {
        self.enter()?;
        let raise = |at: usize| Failure::Raise(ARRAY, Some(at));
        let mut j = self.ignore(i + 1).map_err(raise)?;
        if self.at(j) == Some(b']') {
            self.depth -= 1;
            return Ok(j + 1);
        }
        loop {
            match self.at(j) {
                Some(c) if begins_value(c) => {}
                _ => return Err(raise(j)),
            }
            j = match self.value(j) {
                Ok(end) => end,
                Err(Failure::Quiet(_)) => return Err(raise(j)),
                Err(f) => return Err(f),
            };
            j = self.ignore(j).map_err(raise)?;
            match self.at(j) {
                Some(b']') => {
                    self.depth -= 1;
                    return Ok(j + 1);
                }
                Some(b',') => j = self.ignore(j + 1).map_err(raise)?,
                _ => return Err(raise(j)),
            }
        }
    }

    /// An object from `{` at `i`. Its machine gives up quietly (the failure is reported
    /// at the object's start by whatever contains it).
    fn object(&mut self, i: usize) -> Step {
        self.enter()?;
        let quiet = |_| Failure::Quiet(Some(i));
        let mut j = self.ignore(i + 1).map_err(quiet)?;
        if self.at(j) == Some(b'}') {
            self.depth -= 1;
            return Ok(j + 1);
        }
        loop {
            if self.at(j) != Some(b'"') {
                return Err(Failure::Quiet(Some(i)));
            }
            j = match self.string(j) {
                Ok(end) => end,
                Err(Failure::Quiet(_)) => return Err(Failure::Quiet(Some(i))),
                Err(f) => return Err(f),
            };
            j = self.ignore(j).map_err(quiet)?;
            if self.at(j) != Some(b':') {
                return Err(Failure::Quiet(Some(i)));
            }
            j = self.ignore(j + 1).map_err(quiet)?;
            match self.at(j) {
                Some(c) if begins_value(c) => {}
                _ => return Err(Failure::Quiet(Some(i))),
            }
            j = match self.value(j) {
                Ok(end) => end,
                Err(Failure::Quiet(_)) => return Err(Failure::Quiet(Some(i))),
                Err(f) => return Err(f),
            };
            j = self.ignore(j).map_err(quiet)?;
            match self.at(j) {
                Some(b'}') => {
                    self.depth -= 1;
                    return Ok(j + 1);
                }
                Some(b',') => j = self.ignore(j + 1).map_err(quiet)?,
                _ => return Err(Failure::Quiet(Some(i))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ruby_json_error as check;

    /// Each case with what Ruby 3.1's `JSON.parse` (json 2.6.1) says, taken from `ruby -rjson`.
    #[test]
    fn verdicts_are_rubys() {
        let cases: &[(&str, Option<&str>)] = &[
            ("{\"a\":1}\n", None),
            ("12", None),
            ("\"str\"", None),
            ("-0", None),
            ("1e5", None),
            ("1.5", None),
            ("/* c */ 1", None),
            ("// c\n1", None),
            ("[1, /* x */ 2]", None),
            ("{\"a\"/**/:1}", None),
            ("[\"\\a\", \"a\\/b\"]", None),
            ("{\"a\":1,\"a\":2}", None),
            ("\"\\ud800\\u0041\"", None),
            ("\"\\udc00\"", None),
            ("{ }", None),
            ("[ ]", None),
            ("{\"a\":1,}", Some("859: unexpected token at '{\"a\":1,}'")),
            ("[1,]", Some("451: unexpected token at ']'")),
            ("[1 2]", Some("451: unexpected token at '2]'")),
            ("{\"a\" 1}", Some("859: unexpected token at '{\"a\" 1}'")),
            ("tru", Some("859: unexpected token at 'tru'")),
            ("\"abc", Some("859: unexpected token at '\"abc'")),
            ("[1, \"a", Some("451: unexpected token at '\"a'")),
            ("{\"a\":1} x", Some("859: unexpected token at 'x'")),
            ("1 2", Some("859: unexpected token at '2'")),
            ("-", Some("859: unexpected token at '-'")),
            ("01", Some("859: unexpected token at '01'")),
            ("-01", Some("859: unexpected token at '-01'")),
            ("1.", Some("859: unexpected token at '.'")),
            ("1.5e", Some("859: unexpected token at '.5e'")),
            ("1.5.3", Some("859: unexpected token at '.5.3'")),
            ("1e5e", Some("859: unexpected token at 'e5e'")),
            ("1E+", Some("859: unexpected token at 'E+'")),
            ("[1e]", Some("451: unexpected token at 'e]'")),
            ("[1.5e]", Some("451: unexpected token at '.5e]'")),
            ("[1.5", Some("451: unexpected token at ''")),
            ("[NaN]", Some("225: unexpected token at 'NaN]'")),
            ("NaN x", Some("225: unexpected token at 'NaN x'")),
            ("[Infinity]", Some("232: unexpected token at '[Infinity]'")),
            ("Infinity", Some("232: unexpected token at ''")),
            ("  Infinity", Some("232: unexpected token at ' Infinity'")),
            (
                "{\"a\":Infinity}",
                Some("232: unexpected token at ':Infinity}'"),
            ),
            ("[-Infinity]", Some("249: unexpected token at '-Infinity]'")),
            (
                "{\"a\":-Infinity}",
                Some("249: unexpected token at '-Infinity}'"),
            ),
            ("[-Inf]", Some("451: unexpected token at '-Inf]'")),
            ("Inf", Some("859: unexpected token at 'Inf'")),
            ("{\"a\":[1,}", Some("451: unexpected token at '}'")),
            (
                "[{\"a\":1,}]",
                Some("451: unexpected token at '{\"a\":1,}]'"),
            ),
            (
                "{\"a\":{\"b\":}}",
                Some("859: unexpected token at '{\"a\":{\"b\":}}'"),
            ),
            (
                "[1, {\"a\": tru}]",
                Some("451: unexpected token at '{\"a\": tru}]'"),
            ),
            ("{1:2}", Some("859: unexpected token at '{1:2}'")),
            ("{'a':1}", Some("859: unexpected token at '{'a':1}'")),
            ("[1,2]]", Some("859: unexpected token at ']'")),
            ("{} {}", Some("859: unexpected token at '{}'")),
            ("[", Some("451: unexpected token at ''")),
            ("{", Some("859: unexpected token at '{'")),
            ("\"", Some("859: unexpected token at '\"'")),
            ("[1,,2]", Some("451: unexpected token at ',2]'")),
            ("", Some("859: unexpected token at ''")),
            ("  ", Some("859: unexpected token at ''")),
            ("\"\\u12\"", Some("859: unexpected token at '\"\\u12\"'")),
            ("[\"\\u12\"]", Some("451: unexpected token at '\"\\u12\"]'")),
            ("\"a\tb\"", Some("859: unexpected token at '\"a\tb\"'")),
            (
                "\"\\ud800\"",
                Some("521: incomplete surrogate pair at '\\ud800\"'"),
            ),
            (
                "[\"\\ud800\", 1]",
                Some("521: incomplete surrogate pair at '\\ud800\", 1]'"),
            ),
            (
                "\"\\ud800x\"",
                Some("521: incomplete surrogate pair at '\\ud800x\"'"),
            ),
            ("{\"a\":1} // c", Some("859: unexpected token at ''")),
            ("{\"a\":1} /* c", Some("859: unexpected token at ''")),
            ("[1] /x", Some("859: unexpected token at 'x'")),
            ("\u{feff}{}", Some("859: unexpected token at '\u{feff}{}'")),
            ("\"a\u{0}b\"", Some("859: unexpected token at '\"a'")),
            ("[truex]", Some("451: unexpected token at 'x]'")),
            ("truex", Some("859: unexpected token at 'x'")),
        ];
        for (text, want) in cases {
            assert_eq!(check(text).as_deref(), *want, "{text:?}");
        }
    }

    #[test]
    fn nesting_is_limited_to_one_hundred() {
        let ok = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(check(&ok), None);
        let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
        assert_eq!(check(&deep).as_deref(), Some("nesting of 101 is too deep"));
        let objects = format!("{}1{}", "{\"a\":".repeat(101), "}".repeat(101));
        assert_eq!(
            check(&objects).as_deref(),
            Some("nesting of 101 is too deep")
        );
        // Deep input never overflows the stack: the limit stops it first.
        let huge = "[".repeat(1_000_000);
        assert_eq!(check(&huge).as_deref(), Some("nesting of 101 is too deep"));
    }
}
