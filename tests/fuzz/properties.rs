//! What the fuzz targets check on every input (`fuzz/fuzz_targets/*.rs` include this file,
//! and `tests/fuzz/main.rs` runs it on the inputs fuzzing found): each function panics
//! when rein breaks a promise on `data`.

use std::path::Path;

use rein::eval::evaluator::{evaluate, Options};
use rein::eval::loader::ModulePath;
use rein::eval::project::Project;
use rein::fmt::{format_source, FormatConfig, FormatError};
use rein::rules::engine::RuleSet;
use rein::rules::fix::fix_until_stable;
use rein::rules::meta::Level;
use rein::rules::registry;
use rein::syntax::{self, ParsedFile};

/// `data` as text and its parse, when it is text that parses without error.
fn valid(data: &[u8]) -> Option<(&str, ParsedFile)> {
    let text = std::str::from_utf8(data).ok()?;
    let parsed = syntax::parse(text);
    (!parsed.has_errors()).then_some((text, parsed))
}

/// Parsing and lowering any bytes: every syntax error has a message and a span inside the
/// source on character boundaries; the PN printer takes what parses.
pub fn parse(data: &[u8]) {
    let parsed = syntax::parse_bytes(data);
    let source = &parsed.source;
    for e in &parsed.errors {
        let (start, end) = (e.span.start(), e.span.end());
        assert!(
            start <= end && end <= source.len(),
            "error span {start}..{end} outside 0..{}: {}",
            source.len(),
            e.message
        );
        assert!(
            source.is_char_boundary(start) && source.is_char_boundary(end),
            "error span {start}..{end} not on character boundaries: {}",
            e.message
        );
        assert!(
            !e.message.is_empty(),
            "an error without a message at {start}"
        );
    }
    if !parsed.has_errors() {
        let _ = syntax::pn::try_to_pn(&parsed.program);
    }
}

/// Formatting any text that parses: the formatter's own check passes (the output parses,
/// has the same PN and the same comments in order) and formatting is idempotent.
pub fn fmt(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let config = FormatConfig::default();
    let once = match format_source(text, &config, true) {
        Ok(out) => out,
        // Code Puppet rejects, or nested past what the formatter lays out: refused.
        Err(FormatError::Syntax { .. } | FormatError::TooDeep { .. }) => return,
        Err(e @ FormatError::Internal(_)) => panic!("formatting a valid file failed: {e}"),
    };
    match format_source(&once, &config, true) {
        Ok(twice) => assert_eq!(once, twice, "formatting is not idempotent"),
        Err(e) => panic!("formatting the formatter's output failed: {e}"),
    }
}

/// `check --fix` with every rule enabled, on any text that parses: it reaches a fixed
/// point and its output parses, with and without the unsafe fixes; the safe fixes never
/// change the PN but for one thing, quoting a reserved word used as a value (`private`
/// into `'private'`, the `reserved_word` fix): Puppet rejects the bare word ("must be
/// quoted if intended to be a String value"), so the code had no meaning to keep, and
/// the string is what Puppet's message says it means. So the two PNs must be equal once
/// every `(reserved "W")` reads as the string `"W"`.
pub fn fix(data: &[u8]) {
    let Some((text, before)) = valid(data) else {
        return;
    };
    let all = RuleSet::new(
        registry::all()
            .iter()
            .map(|r| (*r, Level::Warning, Default::default()))
            .collect(),
    );
    for unsafe_fixes in [false, true] {
        let out = fix_until_stable("fuzz.pp", text, &all, unsafe_fixes);
        assert!(
            !out.rejected,
            "fixes made text that does not parse (unsafe fixes: {unsafe_fixes})"
        );
        assert!(
            !out.unsettled,
            "fixes did not reach a fixed point (unsafe fixes: {unsafe_fixes}):\n{}",
            out.text
        );
    }
    let safe = fix_until_stable("fuzz.pp", text, &all, false);
    let (a, b) = (
        reserved_as_strings(&syntax::pn::to_pn(&before.program)),
        reserved_as_strings(&syntax::pn::to_pn(&safe.parsed.program)),
    );
    assert_eq!(
        a, b,
        "a safe fix changed the PN; fixed text:\n{}",
        safe.text
    );
}

/// `pn` with every reserved word, `(reserved "private")`, as a string: `"private"`.
fn reserved_as_strings(pn: &str) -> String {
    const OPEN: &str = "(reserved \"";
    let mut out = String::with_capacity(pn.len());
    let mut rest = pn;
    while let Some(at) = rest.find(OPEN) {
        let word_start = at + OPEN.len();
        // A reserved word is a bare word: no quote or escape in it.
        let Some(len) = rest[word_start..].find("\")") else {
            break;
        };
        out.push_str(&rest[..at]);
        out.push('"');
        out.push_str(&rest[word_start..word_start + len]);
        out.push('"');
        rest = &rest[word_start + len + 2..];
    }
    out.push_str(rest);
    out
}

/// The static evaluator on any text that parses ends without panicking (its budget bounds
/// the steps and the values; the fuzzer's time and memory limits catch what escapes it).
pub fn eval(data: &[u8]) {
    let Some((_, parsed)) = valid(data) else {
        return;
    };
    let project = Project::of(&parsed.program);
    // A path with no module around it: nothing is read from disk.
    let module_path = ModulePath::for_file(Path::new("/nonexistent/rein-fuzz/init.pp"), &project);
    let is_fact = |name: &str| name == "osfamily" || name == "os";
    let options = Options {
        project: &project,
        module_path: &module_path,
        is_fact: &is_fact,
    };
    let _ = evaluate(&parsed.program, &options);
}
