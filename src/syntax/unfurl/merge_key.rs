//! Unfurl's merge directive keys: a mapping key starting with `+` that asks Unfurl to merge
//! something into the mapping when it loads the document (`+include`, `+?include`,
//! `+*anchor`, `+../path`, `+/absolute/path`, ...).
//!
//! The seed's grammar is
//! `"+" ["?"] ["include"] [anchor] [relative_path] [absolute_path]`, with
//! `anchor: "*" PCHAR*`, `relative_path: "."+` and `absolute_path: ("/" PCHAR*)+`. Unfurl
//! (1.2, `unfurl.merge.parse_merge_key`) reads a key as follows, and [`parse`] reads it the
//! same way, keeping where each part is:
//!
//! - the text after `+` must be a valid JSON pointer as far as `~` goes (`~0`, `~1`), or
//!   loading fails;
//! - it is split at `/`: the first piece holds the directive, the others are the path
//!   (each unescaped: `~1` is `/`, `~0` is `~`);
//! - the first piece is matched from its start against `?`, then `include` followed by
//!   word characters or `-` (`+include-foo` is an include), then `*` and the anchor name
//!   (every character up to a space, dots included: in `+*a.` the anchor is `a.`), then
//!   dots up to the end of the piece (the relative path); what follows the match is
//!   ignored;
//! - when none of those is there and the first piece is not empty (`+incude`, `+*`,
//!   `+.x`), or the key is only `+`, the key is no directive and stays in the document as
//!   an ordinary key.
//!
//! `+%` (a merge strategy) and `+&` (names the mapping as an anchor) are keys of their own,
//! not directives.

pub use super::Range;
use super::{Gravity, Problem};

/// What a key starting with `+` is to Unfurl.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyKind {
    /// A merge directive.
    Directive(MergeKey),
    /// `+%`: the merge strategy of the mapping.
    Strategy,
    /// `+&`: names the mapping as an anchor.
    AnchorName,
    /// Not a directive: Unfurl keeps the key as it is.
    Literal,
    /// A `~` that is not `~0` or `~1`: Unfurl stops loading the document.
    BadEscape { at: Range, escape: String },
}

/// A parsed merge directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeKey {
    /// `?`: the target may be missing.
    pub maybe: bool,
    /// `include` and the word characters after it (`include-foo`), and where.
    pub include: Option<(String, Range)>,
    /// The anchor name (without `*`), and where (with `*`).
    pub anchor: Option<(String, Range)>,
    /// How many levels up the path starts (`.` is 1: the mapping holding the key). After
    /// an anchor, Unfurl makes this minus the number of dots that end the anchor name.
    pub relative: i64,
    /// The segments of the path after the first `/`, unescaped, each with where it is.
    pub pointer: Vec<(String, Range)>,
    /// Text after the directive in the first piece, which Unfurl ignores.
    pub ignored: Option<Range>,
}

/// What `key` is to Unfurl; `None` when it does not start with `+`.
pub fn parse(key: &str) -> Option<KeyKind> {
    let body = key.strip_prefix('+')?;
    match body {
        "%" => return Some(KeyKind::Strategy),
        "&" => return Some(KeyKind::AnchorName),
        _ => {}
    }
    if let Some((at, escape)) = bad_escape(body) {
        return Some(KeyKind::BadEscape {
            at: at.start + 1..at.end + 1,
            escape,
        });
    }
    // Pieces between `/`, with their offsets in `key`.
    let mut pieces = Vec::new();
    let mut start = 1;
    for piece in body.split('/') {
        pieces.push((unescape(piece), start..start + piece.len()));
        start += piece.len() + 1;
    }
    let mut pieces = pieces.into_iter();
    let Some((_, first_range)) = pieces.next() else {
        return Some(KeyKind::Literal);
    };
    // Unfurl matches the unescaped piece; ranges are mapped back to the raw key.
    let first_raw = key.get(first_range.clone()).unwrap_or("");
    let first = unescape(first_raw);
    let base = first_range.start;
    let head = match_first(&first);
    let pointer: Vec<(String, Range)> = pieces.collect();
    if !(head.maybe || head.include.is_some() || head.anchor.is_some() || head.relative > 0)
        && (!first.is_empty() || pointer.is_empty())
    {
        return Some(KeyKind::Literal);
    }
    let shift = |r: Range| map_range(first_raw, &first, r, base);
    let relative = match &head.anchor {
        Some(a) => {
            let name = first.get(a.clone()).unwrap_or("");
            name.trim_end_matches('.').len() as i64 - name.len() as i64
        }
        None => head.relative as i64,
    };
    Some(KeyKind::Directive(MergeKey {
        maybe: head.maybe,
        include: head
            .include
            .map(|r| (first.get(r.clone()).unwrap_or("").to_string(), shift(r))),
        anchor: head.anchor.map(|r| {
            (
                first.get(r.start + 1..r.end).unwrap_or("").to_string(),
                shift(r),
            )
        }),
        relative,
        pointer,
        ignored: (head.end < first.len()).then(|| shift(head.end..first.len())),
    }))
}

/// What is wrong with a key starting with `+`, as Unfurl reads it (`kind` is
/// [`parse`]`(key)`): a `~` escape Unfurl rejects is an error; a key Unfurl keeps as an
/// ordinary key that looks like a directive gone wrong (`+incude`, `+*`, `+.x`, `+`), text
/// it ignores, and an anchor name ending in dots (Unfurl keeps the dots in the name, where
/// the seed's grammar reads a relative path) are warnings. Other `+` keys are Unfurl's
/// ordinary keys (`+HELM_NAMESPACE` in an `environment` mapping copies a variable).
pub fn problems(key: &str, kind: &KeyKind) -> Vec<Problem> {
    let warn = |at: Range, message: String| Problem {
        at,
        gravity: Gravity::Warning,
        message,
    };
    match kind {
        KeyKind::BadEscape { at, escape } => vec![Problem {
            at: at.clone(),
            gravity: Gravity::Error,
            message: format!(
                "invalid escape `{escape}` in merge directive `{key}` (only `~0` and `~1`): \
                 Unfurl fails to load the document"
            ),
        }],
        KeyKind::Literal => literal_hint(key)
            .map(|hint| {
                let message = format!(
                    "`{key}` is not a merge directive: Unfurl keeps it as an ordinary key{hint}"
                );
                warn(0..key.len(), message)
            })
            .into_iter()
            .collect(),
        KeyKind::Directive(k) => {
            let mut out = Vec::new();
            if let Some((name, at)) = &k.anchor {
                if name.ends_with('.') {
                    out.push(warn(
                        at.clone(),
                        format!(
                            "Unfurl reads the anchor name as `{name}`, dots included (a relative \
                             path cannot follow an anchor)"
                        ),
                    ));
                }
            }
            if let Some((_, include)) = &k.include {
                let rest = include.end..k.ignored.as_ref().map_or(key.len(), |r| r.start);
                if k.anchor.is_some() || k.relative != 0 || !k.pointer.is_empty() {
                    out.push(warn(
                        rest,
                        "Unfurl ignores the anchor and path of an include: it merges the whole \
                         file (name a part of it with `#/path` after the file name)"
                            .to_string(),
                    ));
                }
            }
            if let Some(at) = &k.ignored {
                let text = key.get(at.clone()).unwrap_or("");
                out.push(warn(
                    at.clone(),
                    format!("Unfurl ignores `{text}` in merge directive `{key}`"),
                ));
            }
            out
        }
        KeyKind::Strategy | KeyKind::AnchorName => Vec::new(),
    }
}

/// Why a key starting with `+` that Unfurl keeps is a directive gone wrong; `None` when it
/// does not look like one.
fn literal_hint(key: &str) -> Option<String> {
    let first = key[1..].split('/').next().unwrap_or("");
    let word = first.trim_start_matches('?');
    let lead = &first[..first.len() - word.len()];
    if word.starts_with('*') {
        Some(" (`*` must be followed by an anchor name)".to_string())
    } else if word.starts_with('.') {
        Some(" (the dots of a relative path must end the directive, before any `/`)".to_string())
    } else if key == "+" {
        Some(String::new())
    } else {
        let head: String = word
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-')
            .collect();
        let rest = &word[head.len()..];
        let lower = head.to_ascii_lowercase();
        let close = crate::syntax::suggest::edit_distance(&lower, "include") <= 2
            || (lower.len() >= 3 && "include".starts_with(&lower));
        (!head.is_empty() && close).then(|| format!("; did you mean `+{lead}include{rest}`?"))
    }
}

/// What the first piece's match found (ranges into the unescaped piece).
struct Head {
    maybe: bool,
    include: Option<Range>,
    anchor: Option<Range>,
    relative: usize,
    end: usize,
}

/// Matches `?`, `include[\w-]*`, `*\S+` and `\.+$` in turn from the start of `first`.
fn match_first(first: &str) -> Head {
    let mut at = 0;
    let maybe = first.starts_with('?');
    if maybe {
        at = 1;
    }
    let mut include = None;
    if first[at..].starts_with("include") {
        let word = first[at + 7..]
            .char_indices()
            .find(|&(_, c)| !(is_word(c) || c == '-'))
            .map_or(first.len(), |(i, _)| at + 7 + i);
        include = Some(at..word);
        at = word;
    }
    let mut anchor = None;
    if first[at..].starts_with('*') {
        let end = first[at + 1..]
            .char_indices()
            .find(|&(_, c)| super::py_space(c))
            .map_or(first.len(), |(i, _)| at + 1 + i);
        if end > at + 1 {
            anchor = Some(at..end);
            at = end;
        }
    }
    let mut relative = 0;
    let rest = &first[at..];
    // `$` also matches before a final newline.
    let dots = rest.strip_suffix('\n').unwrap_or(rest);
    if !dots.is_empty() && dots.bytes().all(|b| b == b'.') {
        relative = dots.len();
        at += dots.len();
    }
    Head {
        maybe,
        include,
        anchor,
        relative,
        end: at,
    }
}

/// Python's `\w` (Unicode word characters).
fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The first `~` not followed by `0` or `1` in `body`, and the escape as Unfurl quotes it.
fn bad_escape(body: &str) -> Option<(Range, String)> {
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c != '~' {
            continue;
        }
        match chars.peek() {
            Some(&(_, '0' | '1')) => {
                chars.next();
            }
            Some(&(j, next)) => return Some((i..j + next.len_utf8(), format!("~{next}"))),
            None => return Some((i..i + 1, "~".to_string())),
        }
    }
    None
}

/// A JSON pointer segment unescaped as Unfurl does it: `~1` to `/`, then `~0` to `~`.
fn unescape(s: &str) -> String {
    s.replace("~1", "/").replace("~0", "~")
}

/// Maps a range of the unescaped piece back to the raw key (an escape is two raw bytes
/// for one unescaped one).
fn map_range(raw: &str, unescaped: &str, r: Range, base: usize) -> Range {
    if raw.len() == unescaped.len() {
        return base + r.start..base + r.end;
    }
    let to_raw = |target: usize| {
        let (mut u, mut w) = (0, 0);
        let bytes = raw.as_bytes();
        while u < target && w < raw.len() {
            w += if bytes.get(w) == Some(&b'~') { 2 } else { 1 };
            u += 1;
        }
        base + w.min(raw.len())
    };
    to_raw(r.start)..to_raw(r.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directive(key: &str) -> MergeKey {
        match parse(key) {
            Some(KeyKind::Directive(k)) => k,
            other => panic!("{key}: {other:?}"),
        }
    }

    #[test]
    fn parts_and_ranges() {
        let k = directive("+?include-x*a../p~1q/r");
        assert!(k.maybe);
        assert_eq!(k.include, Some(("include-x".into(), 2..11)));
        assert_eq!(k.anchor, Some(("a..".into(), 11..15)));
        assert_eq!(k.relative, -2);
        assert_eq!(
            k.pointer,
            vec![("p/q".into(), 16..20), ("r".into(), 21..22)]
        );
        assert_eq!(k.ignored, None);
        let k = directive("+../a");
        assert_eq!((k.relative, k.pointer.len()), (2, 1));
        let k = directive("+include!x");
        assert_eq!(k.ignored, Some(8..10));
    }

    #[test]
    fn literals_and_errors() {
        for key in ["+", "+incude", "+*", "+.x", "+a~01/b"] {
            assert_eq!(parse(key), Some(KeyKind::Literal), "{key}");
        }
        assert_eq!(parse("+%"), Some(KeyKind::Strategy));
        assert_eq!(parse("+&"), Some(KeyKind::AnchorName));
        assert_eq!(parse("plain"), None);
        assert_eq!(
            parse("+include~x"),
            Some(KeyKind::BadEscape {
                at: 8..10,
                escape: "~x".into()
            })
        );
        assert_eq!(directive("+/").pointer, vec![(String::new(), 2..2)]);
    }

    #[test]
    fn only_keys_that_look_like_directives_are_problems() {
        let problems = |key: &str| problems(key, &parse(key).expect("a + key"));
        // Unfurl's environment mappings copy variables with `+NAME` keys.
        assert!(problems("+HELM_NAMESPACE").is_empty());
        assert!(problems("+1").is_empty());
        for key in ["+incude", "+incl/a", "+Include", "+*", "+.x", "+"] {
            assert_eq!(problems(key).len(), 1, "{key}");
        }
    }
}
