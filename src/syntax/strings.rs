//! Decoding of lexical values, as Puppet's lexer does it: string literal escapes
//! (single-quoted, double-quoted, heredoc flags), heredoc openings (`@(TAG:syntax/flags)`),
//! heredoc end lines (margin and trim), number tokens (radix, value, lexer errors) and regex
//! tokens. Everything here is pure: the lowering (`lower.rs`) turns the problems reported
//! here into positioned diagnostics.

/// Which backslash escapes are active in a piece of string text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EscapeSet {
    /// `\\` → `\`.
    pub backslash: bool,
    /// `\"` → `"` and `\'` → `'` (double-quoted strings only).
    pub quotes: bool,
    /// `\t`.
    pub tab: bool,
    /// `\r`.
    pub cr: bool,
    /// `\n`.
    pub lf: bool,
    /// `\s` → space.
    pub space: bool,
    /// `\uXXXX` and `\u{X...}`.
    pub unicode: bool,
    /// Backslash + line break (LF or CRLF) → removed.
    pub line_join: bool,
    /// `\$` → `$`.
    pub dollar: bool,
    /// Unknown escapes produce an `Unrecognized escape sequence` warning (double-quoted
    /// strings only; heredocs never warn).
    pub warn_unknown: bool,
}

impl EscapeSet {
    /// The escapes of a double-quoted string (§4.2 of the grammar facts).
    pub fn double_quoted() -> EscapeSet {
        EscapeSet {
            backslash: true,
            quotes: true,
            tab: true,
            cr: true,
            lf: true,
            space: true,
            unicode: true,
            line_join: true,
            dollar: true,
            warn_unknown: true,
        }
    }

    /// No escapes at all (a heredoc without `/flags`).
    pub fn none() -> EscapeSet {
        EscapeSet::default()
    }

    /// The escapes enabled by heredoc flags (`t r n s u L $`); an empty flag string
    /// enables all of them. Any flag also enables `\\`.
    pub fn heredoc(flags: &str) -> EscapeSet {
        let all = flags.is_empty();
        let has = |c: char| all || flags.contains(c);
        EscapeSet {
            backslash: true,
            quotes: false,
            tab: has('t'),
            cr: has('r'),
            lf: has('n'),
            space: has('s'),
            unicode: has('u'),
            line_join: has('L'),
            dollar: has('$'),
            warn_unknown: false,
        }
    }
}

/// A problem found while decoding escapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EscapeIssue {
    /// `\q`: kept verbatim. The char is the one after the backslash.
    Unrecognized(char),
    /// `\u` not followed by a valid form: kept verbatim.
    BadUnicode,
    /// `\u` naming a surrogate or a code point above U+10FFFF (Puppet aborts).
    InvalidCodePoint,
}

impl EscapeIssue {
    /// Puppet's message for the issue.
    pub fn message(&self) -> String {
        match self {
            EscapeIssue::Unrecognized(c) => format!("Unrecognized escape sequence '\\{c}'"),
            EscapeIssue::BadUnicode => "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff".to_string(),
            EscapeIssue::InvalidCodePoint => "invalid byte sequence in UTF-8".to_string(),
        }
    }

    /// Whether Puppet treats it as a warning (the parse goes on).
    pub fn is_warning(&self) -> bool {
        !matches!(self, EscapeIssue::InvalidCodePoint)
    }
}

/// Decode a single-quoted string body (without the quotes): only `\\` and `\'` are escapes.
pub fn decode_single_quoted(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('\\') | Some('\'') => {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Decode backslash escapes in raw string text with the given escape set. Problems are
/// appended to `issues` (in order of occurrence).
pub fn decode_escapes(raw: &str, set: &EscapeSet, issues: &mut Vec<EscapeIssue>) -> String {
    if !raw.contains('\\') {
        return raw.to_string();
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(pos) = rest.find('\\') {
        out.push_str(&rest[..pos]);
        let after = &rest[pos + 1..];
        let mut chars = after.chars();
        let Some(c) = chars.next() else {
            // A lone backslash at the end of the text.
            out.push('\\');
            rest = "";
            break;
        };
        let mut consumed = c.len_utf8();
        match c {
            '\\' if set.backslash => out.push('\\'),
            '"' | '\'' if set.quotes => out.push(c),
            't' if set.tab => out.push('\t'),
            'r' if set.cr => out.push('\r'),
            'n' if set.lf => out.push('\n'),
            's' if set.space => out.push(' '),
            '$' if set.dollar => out.push('$'),
            '\n' if set.line_join => {}
            '\r' if set.line_join && after[1..].starts_with('\n') => consumed = 2,
            'u' if set.unicode => match decode_unicode(&after[1..]) {
                Unicode::Ok(ch, len) => {
                    out.push(ch);
                    consumed = 1 + len;
                }
                Unicode::Invalid(len) => {
                    issues.push(EscapeIssue::InvalidCodePoint);
                    out.push('\u{FFFD}');
                    consumed = 1 + len;
                }
                Unicode::Bad => {
                    issues.push(EscapeIssue::BadUnicode);
                    out.push_str("\\u");
                }
            },
            _ => {
                if set.warn_unknown && c != '\n' && c != '\r' {
                    issues.push(EscapeIssue::Unrecognized(c));
                }
                out.push('\\');
                out.push(c);
            }
        }
        rest = after.get(consumed..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

enum Unicode {
    /// The char and the number of bytes consumed after `\u`.
    Ok(char, usize),
    /// Well-formed but not a valid scalar value; bytes consumed after `\u`.
    Invalid(usize),
    Bad,
}

fn decode_unicode(s: &str) -> Unicode {
    let b = s.as_bytes();
    if b.first() == Some(&b'{') {
        let digits = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        if (1..=6).contains(&digits) && b.get(1 + digits) == Some(&b'}') {
            let v = u32::from_str_radix(&s[1..1 + digits], 16).unwrap_or(u32::MAX);
            return match char::from_u32(v) {
                Some(c) => Unicode::Ok(c, digits + 2),
                None => Unicode::Invalid(digits + 2),
            };
        }
        return Unicode::Bad;
    }
    if b.len() >= 4 && b[..4].iter().all(|c| c.is_ascii_hexdigit()) {
        let v = u32::from_str_radix(&s[..4], 16).unwrap_or(u32::MAX);
        return match char::from_u32(v) {
            Some(c) => Unicode::Ok(c, 4),
            None => Unicode::Invalid(4),
        };
    }
    Unicode::Bad
}

/// The parsed `@(...)` heredoc opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeredocSpec {
    /// The end tag (quotes removed).
    pub tag: String,
    /// The `:syntax`, if given.
    pub syntax: Option<String>,
    /// The tag was double-quoted.
    pub interpolate: bool,
    /// The flags after `/` (`None` when there is no `/`).
    pub flags: Option<String>,
}

const HEREDOC_SYNTAX_ERROR: &str =
    "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])";

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || (c != '\n' && c != '\r' && c.is_whitespace())
}

/// Parse the text between `@(` and `)`. The error is Puppet's message.
pub fn parse_heredoc_tag(raw: &str) -> Result<HeredocSpec, String> {
    // TAG: one or more chars other than : / ) CR LF.
    let tag_end = raw.find([':', '/', ')', '\r', '\n']).unwrap_or(raw.len());
    if tag_end == 0 {
        return Err(HEREDOC_SYNTAX_ERROR.to_string());
    }
    let mut rest = &raw[tag_end..];
    let mut syntax = None;
    if let Some(r) = rest.strip_prefix(':') {
        let r = r.trim_start_matches(is_blank);
        let mut chars = r.char_indices();
        match chars.next() {
            Some((_, c)) if c.is_ascii_lowercase() => {}
            _ => return Err(HEREDOC_SYNTAX_ERROR.to_string()),
        }
        let len = r
            .char_indices()
            .skip(1)
            .take_while(|(_, c)| c.is_ascii_alphanumeric() || *c == '_' || *c == '+')
            .count();
        if len == 0 {
            return Err(HEREDOC_SYNTAX_ERROR.to_string());
        }
        syntax = Some(r[..1 + len].to_string());
        rest = r[1 + len..].trim_start_matches(is_blank);
    }
    let mut flags = None;
    if let Some(r) = rest.strip_prefix('/') {
        let len = r
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .map(|c| c.len_utf8())
            .sum::<usize>();
        flags = Some(r[..len].to_string());
        rest = r[len..].trim_start_matches(is_blank);
    }
    if !rest.is_empty() {
        return Err(HEREDOC_SYNTAX_ERROR.to_string());
    }
    let mut tag = raw[..tag_end].trim_matches(is_blank);
    let mut interpolate = false;
    if tag.len() >= 2 && tag.starts_with('"') && tag.ends_with('"') {
        tag = &tag[1..tag.len() - 1];
        interpolate = true;
    }
    if tag.is_empty() {
        return Err("Heredoc with an empty endtag".to_string());
    }
    if let Some(f) = &flags {
        if let Some(bad) = f.chars().find(|c| !"trnsuL$".contains(*c)) {
            return Err(format!(
                "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '{bad}'"
            ));
        }
        let mut seen = String::new();
        for c in f.chars() {
            if seen.contains(c) {
                let list: Vec<String> = f.chars().map(|c| c.to_string()).collect();
                return Err(format!(
                    "An escape char for @() may only appear once. Got '{}'",
                    list.join(", ")
                ));
            }
            seen.push(c);
        }
    }
    Ok(HeredocSpec {
        tag: tag.to_string(),
        syntax,
        interpolate,
        flags,
    })
}

/// What the end line of a heredoc says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndLine {
    /// `Some(margin)` when a `|` was given (the blanks right before it, maybe empty).
    pub margin: Option<String>,
    /// `-` was given: remove one final line break.
    pub trim: bool,
}

/// Match a heredoc end line (the whole raw line, with or without its line break) against
/// the tag, as Puppet does: the leftmost suffix matching
/// `[blanks] [| [blanks]] [- [blanks]] TAG [blanks] [CR]`.
pub fn match_end_line(line: &str, tag: &str) -> Option<EndLine> {
    let line = line.strip_suffix('\n').unwrap_or(line);
    let line = line.strip_suffix('\r').unwrap_or(line);
    let line = line.trim_end_matches(is_blank);
    let body = line.strip_suffix(tag)?;
    // `body` must end with: [blanks] [| [blanks]] [- [blanks]], leftmost start.
    for (start, _) in body
        .char_indices()
        .chain(std::iter::once((body.len(), ' ')))
    {
        let cand = &body[start..];
        let after_blanks = cand.trim_start_matches(is_blank);
        let margin = &cand[..cand.len() - after_blanks.len()];
        let mut r = after_blanks;
        let mut pipe = false;
        if let Some(x) = r.strip_prefix('|') {
            pipe = true;
            r = x.trim_start_matches(is_blank);
        }
        let mut trim = false;
        if let Some(x) = r.strip_prefix('-') {
            trim = true;
            r = x.trim_start_matches(is_blank);
        }
        if r.is_empty() {
            return Some(EndLine {
                margin: pipe.then(|| margin.to_string()),
                trim,
            });
        }
    }
    None
}

/// Remove `margin` from the start of every line of `text` that starts with it. `at_line_start`
/// says whether `text` itself begins at the start of a line.
pub fn strip_margin(text: &str, margin: &str, at_line_start: bool) -> String {
    if margin.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut first = true;
    for line in text.split_inclusive('\n') {
        let starts_line = !first || at_line_start;
        first = false;
        match line.strip_prefix(margin) {
            Some(rest) if starts_line => out.push_str(rest),
            _ => out.push_str(line),
        }
    }
    out
}

/// Remove one final line break (`\n` or `\r\n`).
pub fn trim_final_newline(text: &mut String) {
    if text.ends_with('\n') {
        text.pop();
        if text.ends_with('\r') {
            text.pop();
        }
    }
}

/// The value of a number token.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum NumberValue {
    /// `overflow` is set when the value does not fit in i128 (then clamped).
    Integer {
        value: i128,
        radix: u8,
        overflow: bool,
    },
    Float(f64),
}

/// Classify a number token as Puppet's lexer does; the error is Puppet's message.
pub fn parse_number(text: &str) -> Result<NumberValue, String> {
    let b = text.as_bytes();
    let is_hex_prefix = b.len() >= 2 && b[0] == b'0' && (b[1] == b'x' || b[1] == b'X');
    if is_hex_prefix {
        let digits = &text[2..];
        if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
            return Err(format!("Not a valid hex number {text}"));
        }
        return Ok(int_value(digits, 16));
    }
    if b.len() >= 2 && b[0] == b'0' && b[1] != b'.' {
        if !b[1..].iter().all(|c| (b'0'..=b'7').contains(c)) {
            return Err(format!("Not a valid octal number {text}"));
        }
        return Ok(int_value(&text[1..], 8));
    }
    let lead = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if lead == b.len() && lead > 0 {
        return Ok(int_value(text, 10));
    }
    if lead > 0 && matches!(b.get(lead), Some(b'e' | b'E' | b'.')) {
        if !is_valid_float(text) {
            return Err(format!("Not a valid decimal number {text}"));
        }
        return match text.parse::<f64>() {
            // Puppet also fails on a zero mantissa with an exponent (`0.0e5`).
            Ok(v) if v == 0.0 && text.contains(['e', 'E']) => Err(format!(
                "Internal Error, NUMBER token does not contain a valid number, {text}"
            )),
            Ok(v) if v.is_finite() => Ok(NumberValue::Float(v)),
            _ => Err(format!(
                "Internal Error, NUMBER token does not contain a valid number, {text}"
            )),
        };
    }
    Err(format!("Illegal number '{text}'"))
}

/// `\d+(\.\d+)?([eE]-?\d+)?`
fn is_valid_float(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if i == 0 {
        return false;
    }
    if b.get(i) == Some(&b'.') {
        let d = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if d == 0 {
            return false;
        }
        i += 1 + d;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let d = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if d == 0 {
            return false;
        }
        i += d;
    }
    i == b.len()
}

fn int_value(digits: &str, radix: u8) -> NumberValue {
    let mut value: i128 = 0;
    let mut overflow = false;
    for c in digits.chars() {
        let d = c.to_digit(radix as u32).unwrap_or(0) as i128;
        match value
            .checked_mul(radix as i128)
            .and_then(|v| v.checked_add(d))
        {
            Some(v) => value = v,
            None => {
                overflow = true;
                value = i128::MAX;
                break;
            }
        }
    }
    NumberValue::Integer {
        value,
        radix,
        overflow,
    }
}

/// The pattern of a regex token `/.../`: the text between the slashes with `\/` → `/`.
pub fn regex_pattern(token: &str) -> String {
    let inner = token.strip_prefix('/').unwrap_or(token);
    let inner = inner.strip_suffix('/').unwrap_or(inner);
    inner.replace("\\/", "/")
}

/// A conservative check of a regex pattern for the Onigmo syntax errors that make Puppet
/// abort (unbalanced parentheses, unterminated class, bad repeat range, repeat without a
/// target). Returns Ruby's message (`end pattern with unmatched parenthesis: /(/`). Patterns
/// it cannot judge are accepted.
pub fn check_regex(pattern: &str) -> Option<String> {
    let b: Vec<char> = pattern.chars().collect();
    let err = |m: &str| Some(format!("{m}: /{pattern}/"));
    let mut i = 0;
    let mut depth = 0usize;
    let mut has_target = false;
    while let Some(&c) = b.get(i) {
        match c {
            '\\' => {
                i += 2;
                has_target = true;
                continue;
            }
            '(' => {
                depth += 1;
                has_target = false;
                i += 1;
                if b.get(i) == Some(&'?') {
                    // A group prefix (`(?:`, `(?<n>`, `(?=`, `(?#...)`): not a repeat.
                    i += 1;
                    if b.get(i) == Some(&'#') {
                        while b.get(i).is_some_and(|c| *c != ')') {
                            i += 1;
                        }
                        depth -= 1;
                        i += 1;
                    }
                    has_target = true;
                }
                continue;
            }
            ')' => {
                if depth == 0 {
                    return err("unmatched close parenthesis");
                }
                depth -= 1;
                has_target = true;
            }
            '|' => has_target = false,
            '[' => {
                match class_end(&b, i) {
                    Some(end) => i = end,
                    None => return err("premature end of char-class"),
                }
                has_target = true;
                continue;
            }
            '*' | '+' | '?' => {
                if !has_target {
                    return err("target of repeat operator is not specified");
                }
            }
            '{' => {
                if let Some((lo, hi, len)) = interval(&b[i..]) {
                    if !has_target {
                        return err("target of repeat operator is not specified");
                    }
                    if let (Some(lo), Some(hi)) = (lo, hi) {
                        if hi < lo {
                            return err("upper is smaller than lower in repeat range");
                        }
                    }
                    i += len;
                    continue;
                }
                has_target = true;
            }
            _ => has_target = true,
        }
        i += 1;
    }
    if depth > 0 {
        return err("end pattern with unmatched parenthesis");
    }
    None
}

/// The index just after the character class starting at `start` (`[`), or `None` when it
/// is not closed. Nested classes (`[[:alpha:]]`, `[a[b]]`) are followed.
fn class_end(b: &[char], start: usize) -> Option<usize> {
    let mut i = start + 1;
    let mut depth = 1usize;
    if b.get(i) == Some(&'^') {
        i += 1;
    }
    if b.get(i) == Some(&']') {
        i += 1;
    }
    while let Some(&c) = b.get(i) {
        match c {
            '\\' => i += 1,
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// A repeat interval `{n}`, `{n,}`, `{,m}`, `{n,m}` at the start of `b`: (lower, upper,
/// length in chars).
fn interval(b: &[char]) -> Option<(Option<u64>, Option<u64>, usize)> {
    let close = b.iter().position(|c| *c == '}')?;
    let inner: String = b.get(1..close)?.iter().collect();
    let (lo, hi) = match inner.split_once(',') {
        Some((l, h)) => (l, Some(h)),
        None => (inner.as_str(), None),
    };
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(lo) || !hi.is_none_or(digits) || (lo.is_empty() && hi.is_none_or(str::is_empty)) {
        return None;
    }
    let lo_v = if lo.is_empty() { None } else { lo.parse().ok() };
    let hi_v = match hi {
        None => lo_v,
        Some("") => None,
        Some(h) => h.parse().ok(),
    };
    Some((lo_v, hi_v, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dq(s: &str) -> (String, Vec<EscapeIssue>) {
        let mut issues = Vec::new();
        let v = decode_escapes(s, &EscapeSet::double_quoted(), &mut issues);
        (v, issues)
    }

    #[test]
    fn single_quoted() {
        assert_eq!(decode_single_quoted(r"it\'s"), "it's");
        assert_eq!(decode_single_quoted(r"a\\b"), r"a\b");
        assert_eq!(decode_single_quoted(r"a\nb\tc\$d"), r"a\nb\tc\$d");
        assert_eq!(decode_single_quoted(r"\u0041"), r"\u0041");
    }

    #[test]
    fn double_quoted_escapes() {
        assert_eq!(dq(r"a\nb\tc\rd\se").0, "a\nb\tc\rd e");
        assert_eq!(dq(r#"q\" s\' b\\ d\$"#).0, "q\" s' b\\ d$");
        assert_eq!(dq(r"\u0041\u00e9").0, "Aé");
        assert_eq!(dq(r"\u{1F600}\u{41}").0, "😀A");
        assert_eq!(dq("a\\\nb").0, "ab");
        assert_eq!(dq("a\\\r\nb").0, "ab");
        assert_eq!(
            dq(r"a\qb"),
            ("a\\qb".to_string(), vec![EscapeIssue::Unrecognized('q')])
        );
        assert_eq!(
            dq(r"\uZZ"),
            ("\\uZZ".to_string(), vec![EscapeIssue::BadUnicode])
        );
        assert_eq!(dq(r"\u{1234567}").1, vec![EscapeIssue::BadUnicode]);
        assert_eq!(dq(r"\u{110000}").1, vec![EscapeIssue::InvalidCodePoint]);
        assert_eq!(dq(r"\uD800").1, vec![EscapeIssue::InvalidCodePoint]);
        assert_eq!(dq(r"\\u00e9").0, "\\u00e9");
        assert_eq!(dq("a\\").0, "a\\");
    }

    #[test]
    fn heredoc_escapes() {
        let mut i = Vec::new();
        assert_eq!(
            decode_escapes(r"a\tb\nc", &EscapeSet::heredoc("t"), &mut i),
            "a\tb\\nc"
        );
        assert_eq!(
            decode_escapes(r"a\tb\nc\sd\u0041\$e\\f", &EscapeSet::heredoc(""), &mut i),
            "a\tb\nc dA$e\\f"
        );
        assert_eq!(
            decode_escapes("ab\\\ncd", &EscapeSet::heredoc("L"), &mut i),
            "abcd"
        );
        assert_eq!(
            decode_escapes(r"a\tb\\c", &EscapeSet::none(), &mut i),
            r"a\tb\\c"
        );
        assert!(i.is_empty());
    }

    #[test]
    fn heredoc_tags() {
        let s = parse_heredoc_tag("END").unwrap();
        assert_eq!(
            s,
            HeredocSpec {
                tag: "END".into(),
                syntax: None,
                interpolate: false,
                flags: None
            }
        );
        let s = parse_heredoc_tag(r#" "END" : yaml+x /tL "#).unwrap();
        assert_eq!(s.tag, "END");
        assert!(s.interpolate);
        assert_eq!(s.syntax.as_deref(), Some("yaml+x"));
        assert_eq!(s.flags.as_deref(), Some("tL"));
        assert_eq!(
            parse_heredoc_tag("END/").unwrap().flags.as_deref(),
            Some("")
        );
        assert_eq!(
            parse_heredoc_tag("Verse 8 of Raven").unwrap().tag,
            "Verse 8 of Raven"
        );
        assert_eq!(parse_heredoc_tag("'END'").unwrap().tag, "'END'");
        for bad in ["END:JSON", "END:a", "END/ t", "END/t:json", "E:N", ":json"] {
            assert_eq!(
                parse_heredoc_tag(bad),
                Err(HEREDOC_SYNTAX_ERROR.to_string()),
                "{bad}"
            );
        }
        assert_eq!(
            parse_heredoc_tag("END/x"),
            Err("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'x'".into())
        );
        assert_eq!(
            parse_heredoc_tag("END/tt"),
            Err("An escape char for @() may only appear once. Got 't, t'".into())
        );
        assert_eq!(
            parse_heredoc_tag(r#""""#),
            Err("Heredoc with an empty endtag".into())
        );
        assert_eq!(
            parse_heredoc_tag(" "),
            Err("Heredoc with an empty endtag".into())
        );
    }

    #[test]
    fn end_lines() {
        let m = |l: &str| match_end_line(l, "END");
        assert_eq!(
            m("END\n"),
            Some(EndLine {
                margin: None,
                trim: false
            })
        );
        assert_eq!(
            m("  | END\n"),
            Some(EndLine {
                margin: Some("  ".into()),
                trim: false
            })
        );
        assert_eq!(
            m("  |- END \r\n"),
            Some(EndLine {
                margin: Some("  ".into()),
                trim: true
            })
        );
        assert_eq!(
            m("  -END"),
            Some(EndLine {
                margin: None,
                trim: true
            })
        );
        assert_eq!(
            m("-| END"),
            Some(EndLine {
                margin: Some("".into()),
                trim: false
            })
        );
        assert_eq!(
            m("foo | END"),
            Some(EndLine {
                margin: Some(" ".into()),
                trim: false
            })
        );
        assert_eq!(
            m("foo -END"),
            Some(EndLine {
                margin: None,
                trim: true
            })
        );
        assert_eq!(
            m("APPEND"),
            Some(EndLine {
                margin: None,
                trim: false
            })
        );
        assert_eq!(m("END foo"), None);
        assert_eq!(m("ENDING"), None);
    }

    #[test]
    fn margins() {
        assert_eq!(
            strip_margin("  XXX\n    YYY\n", "   ", true),
            "  XXX\n YYY\n"
        );
        assert_eq!(strip_margin("\ta\n\t  b\n", "\t", true), "a\n  b\n");
        assert_eq!(strip_margin("  x", "  ", false), "  x");
        let mut s = "a\r\n".to_string();
        trim_final_newline(&mut s);
        assert_eq!(s, "a");
    }

    #[test]
    fn numbers() {
        use NumberValue::*;
        let int = |value, radix| {
            Ok(Integer {
                value,
                radix,
                overflow: false,
            })
        };
        assert_eq!(parse_number("0"), int(0, 10));
        assert_eq!(parse_number("42"), int(42, 10));
        assert_eq!(parse_number("00"), int(0, 8));
        assert_eq!(parse_number("0777"), int(511, 8));
        assert_eq!(parse_number("0x1F"), int(31, 16));
        assert_eq!(parse_number("0XaB"), int(171, 16));
        assert_eq!(parse_number("1.5"), Ok(Float(1.5)));
        assert_eq!(parse_number("1e-10"), Ok(Float(1e-10)));
        assert_eq!(parse_number("0.5e1"), Ok(Float(5.0)));
        assert_eq!(
            parse_number("123456789012345678901234567890"),
            int(123456789012345678901234567890, 10)
        );
        assert_eq!(
            parse_number("0789"),
            Err("Not a valid octal number 0789".into())
        );
        assert_eq!(
            parse_number("08.5"),
            Err("Not a valid octal number 08.5".into())
        );
        assert_eq!(
            parse_number("0e1"),
            Err("Not a valid octal number 0e1".into())
        );
        assert_eq!(parse_number("0x"), Err("Not a valid hex number 0x".into()));
        assert_eq!(
            parse_number("0x1g"),
            Err("Not a valid hex number 0x1g".into())
        );
        assert_eq!(
            parse_number("1e"),
            Err("Not a valid decimal number 1e".into())
        );
        assert_eq!(
            parse_number("4.3g"),
            Err("Not a valid decimal number 4.3g".into())
        );
        assert_eq!(parse_number("1a"), Err("Illegal number '1a'".into()));
        assert_eq!(parse_number("1_000"), Err("Illegal number '1_000'".into()));
        assert_eq!(
            parse_number("1e400"),
            Err("Internal Error, NUMBER token does not contain a valid number, 1e400".into())
        );
        assert_eq!(
            parse_number("0.0e5"),
            Err("Internal Error, NUMBER token does not contain a valid number, 0.0e5".into())
        );
        assert!(matches!(
            parse_number("9999999999999999999999999999999999999999999"),
            Ok(Integer { overflow: true, .. })
        ));
    }

    #[test]
    fn regex_checks() {
        let e = |p: &str| check_regex(p);
        assert_eq!(
            e("("),
            Some("end pattern with unmatched parenthesis: /(/".into())
        );
        assert_eq!(e(")"), Some("unmatched close parenthesis: /)/".into()));
        assert_eq!(e("[a"), Some("premature end of char-class: /[a/".into()));
        assert_eq!(
            e("a{2,1}"),
            Some("upper is smaller than lower in repeat range: /a{2,1}/".into())
        );
        assert_eq!(
            e("x{3,2}?"),
            Some("upper is smaller than lower in repeat range: /x{3,2}?/".into())
        );
        for p in ["{2}", "a|*", "+a", "(*)"] {
            assert_eq!(
                e(p),
                Some(format!("target of repeat operator is not specified: /{p}/"))
            );
        }
        for ok in [
            "a**",
            r"(?<n>a)\k<n>",
            "[[:alpha:]]",
            "a{,2}",
            "a{2}{3}",
            "[]a]",
            "[a-]",
            r"\(",
            "[)]",
            r"[\]]",
            "(?:a|b)*",
            "(?i)a",
            "(?#c)a",
            "^*",
            "a{",
            "{",
            "x{a}",
            "",
        ] {
            assert_eq!(e(ok), None, "{ok}");
        }
    }

    #[test]
    fn regexes() {
        assert_eq!(regex_pattern(r"/a\/b/"), "a/b");
        assert_eq!(regex_pattern(r"/^\d+$/"), r"^\d+$");
        assert_eq!(regex_pattern("//"), "");
    }
}
