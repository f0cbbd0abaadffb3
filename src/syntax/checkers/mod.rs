//! Puppet's syntax checkers for the text of heredocs (`@(END:json)`): the checker a
//! `:syntax` tag selects, and the messages Puppet gives when the text fails it.
//!
//! Puppet 7 has four: `json` ([`json`], Ruby's JSON parser), `base64` ([`base64`]), `pp`
//! (the text parses and validates as Puppet) and `epp` (as an EPP template). A tag names a
//! checker when it, or one of its `+` suffixes, is the checker's name (`data+json` is
//! checked as `json`; `json+foo` by nothing). Puppet's validator runs them on heredocs
//! whose text has no interpolation; the evaluator on the others, on the text they produce.

mod base64;
mod json;

pub use base64::base64_error;
pub use json::ruby_json_error;

/// A checker of Puppet's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Checker {
    Json,
    Base64,
    Pp,
    Epp,
}

/// The checker Puppet runs on text of `syntax`: the first of `syntax` and its `+`
/// suffixes (`a+b+json`, `b+json`, `json`) that names one.
pub fn checker_for(syntax: &str) -> Option<Checker> {
    // Ruby's `split(/\+/)` drops trailing empty segments.
    let mut segments: Vec<&str> = syntax.split('+').collect();
    while segments.last() == Some(&"") {
        segments.pop();
    }
    (0..segments.len()).find_map(|i| match segments.get(i..)?.join("+").as_str() {
        "json" => Some(Checker::Json),
        "base64" => Some(Checker::Base64),
        "pp" => Some(Checker::Pp),
        "epp" => Some(Checker::Epp),
        _ => None,
    })
}

/// Puppet's message for text of `syntax` that its checker rejected with `detail`.
pub fn produced_text_message(syntax: &str, detail: &str) -> String {
    format!("Invalid produced text having syntax: '{syntax}'. {detail}")
}

/// The JSON checker's detail for `text`, or `None` when it is valid.
pub fn json_detail(text: &str) -> Option<String> {
    let error = ruby_json_error(text)?;
    Some(format!(
        "JSON syntax checker: Cannot parse invalid JSON string. \"{}\"",
        capped(&error, 100)
    ))
}

/// The detail of the `pp` or `epp` checker (`kind` "PP" or "EPP") for a text whose parse
/// or validation failed with `message` (Puppet's, with its `(line: L, column: C)` in the
/// text when it has a position).
pub fn puppet_detail(kind: &str, message: &str) -> String {
    format!("{kind} syntax checker: \"{}\"", capped(message, 500))
}

/// The first `n` characters of `message`, line breaks written `\n` (as Puppet does).
fn capped(message: &str, n: usize) -> String {
    let cut: String = message.chars().take(n).collect();
    cut.replace("\r\n", "\\n").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_select_checkers_as_puppet_does() {
        assert_eq!(checker_for("json"), Some(Checker::Json));
        assert_eq!(checker_for("data+json"), Some(Checker::Json));
        assert_eq!(checker_for("a+b+base64"), Some(Checker::Base64));
        assert_eq!(checker_for("pp"), Some(Checker::Pp));
        assert_eq!(checker_for("epp"), Some(Checker::Epp));
        assert_eq!(checker_for("json+foo"), None);
        assert_eq!(checker_for("yaml"), None);
        assert_eq!(checker_for("json+"), Some(Checker::Json));
        assert_eq!(checker_for(""), None);
    }

    #[test]
    fn messages_are_puppets() {
        let detail = json_detail("{\"a\":1,}\n");
        assert_eq!(
            produced_text_message("json", detail.as_deref().unwrap_or("")),
            "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. \"859: unexpected token at '{\"a\":1,}\\n'\""
        );
        assert_eq!(json_detail("[1]\n"), None);
        // Ruby's message is cut at 100 characters before its line breaks are written out.
        let long = format!("[\"{}\n", "a".repeat(200));
        let d = json_detail(&long).unwrap_or_default();
        assert_eq!(
            d,
            format!(
                "JSON syntax checker: Cannot parse invalid JSON string. \"451: unexpected token at '\"{}\"",
                "a".repeat(73)
            )
        );
        assert_eq!(
            puppet_detail("PP", "Syntax error at '=' (line: 1, column: 6)"),
            "PP syntax checker: \"Syntax error at '=' (line: 1, column: 6)\""
        );
    }
}
