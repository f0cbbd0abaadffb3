//! What the fuzz targets check on every input (`fuzz/fuzz_targets/*.rs` include this file,
//! and `tests/fuzz/main.rs` runs it on the inputs fuzzing found): each function panics
//! when rein breaks a promise on `data`.

use std::path::Path;

use rein::diagnostics::Finding;
use rein::eval::class_memo::ClassMemo;
use rein::eval::evaluator::{evaluate, Options};
use rein::eval::loader::ModulePath;
use rein::eval::project::Project;
use rein::eval::unfurl;
use rein::fmt::{format_source, FormatConfig, FormatError};
use rein::rules;
use rein::rules::engine::RuleSet;
use rein::rules::fix::{apply, fix_until_stable, MAX_ROUNDS};
use rein::rules::meta::{Category, Level};
use rein::rules::registry;
use rein::rules::yaml_context::YamlKind;
use rein::rules::yaml_engine::check_yaml_file;
use rein::syntax::unfurl::{expr, merge_key};
use rein::syntax::yaml::{self, YamlFile};
use rein::syntax::{self, ParsedFile, Span};

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
    errors_inside(&parsed);
    if !parsed.has_errors() {
        let _ = syntax::pn::try_to_pn(&parsed.program);
    }
}

/// Every syntax error of `parsed` has a message and a span inside its source on character
/// boundaries.
fn errors_inside(parsed: &ParsedFile) {
    for e in &parsed.errors {
        assert!(
            !e.message.is_empty(),
            "an error without a message at {}",
            e.span.start()
        );
        span_inside(&parsed.source, e.span, &e.message);
    }
}

/// `span` (of the problem `what`) lies inside `source`, on character boundaries.
fn span_inside(source: &str, span: Span, what: &str) {
    let (start, end) = (span.start(), span.end());
    assert!(
        start <= end && end <= source.len(),
        "span {start}..{end} outside 0..{}: {what}",
        source.len()
    );
    assert!(
        source.is_char_boundary(start) && source.is_char_boundary(end),
        "span {start}..{end} not on character boundaries: {what}"
    );
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

/// Every rule, enabled at warning level, or those of the categories `keep` keeps.
fn rules_where(keep: &dyn Fn(Category) -> bool) -> RuleSet {
    RuleSet::new(
        registry::all()
            .iter()
            .filter(|r| keep(r.meta().category))
            .map(|r| (*r, Level::Warning, Default::default()))
            .collect(),
    )
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
    let all = rules_where(&|_| true);
    let mut safe = None;
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
        if !unsafe_fixes {
            safe = Some(out);
        }
    }
    let Some(safe) = safe else {
        return;
    };
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

/// The class memo changes no finding. The text is cut into files at lines `#---` (at most
/// eight; each that parses is a module manifest named after the first class or defined type
/// it defines, `modules/m/manifests/a/b.pp` for `m::a::b`, or else a manifest of a module
/// `site`), written to a directory of this process, and every file is evaluated as a root in
/// turn, as `rein check` does: once with the memo (a module class's first evaluation
/// recorded, replayed in later roots it fits) and once without (every class evaluated in
/// every root). Both give the same findings.
pub fn memo(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut files: Vec<(String, &str, ParsedFile)> = Vec::new();
    for (i, piece) in text.split("#---\n").take(8).enumerate() {
        let parsed = syntax::parse(piece);
        if parsed.has_errors() {
            continue;
        }
        let rel = manifest_path(&parsed.program)
            .unwrap_or_else(|| format!("modules/site/manifests/s{i}.pp"));
        if files.iter().all(|(r, ..)| *r != rel) {
            files.push((rel, piece, parsed));
        }
    }
    if files.is_empty() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("rein-fuzz-memo-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (rel, piece, _) in &files {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
        }
        std::fs::write(&path, piece).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let is_fact = |name: &str| name == "osfamily" || name == "os";
    let run = |memo: ClassMemo| {
        let mut project = Project::default();
        for (_, _, parsed) in &files {
            project.merge(Project::of(&parsed.program));
        }
        project.roots = vec![dir.clone()];
        project.memo = memo;
        let found: Vec<_> = files
            .iter()
            .map(|(rel, _, parsed)| {
                let module_path = ModulePath::for_file(&dir.join(rel), &project);
                let options = Options {
                    project: &project,
                    module_path: &module_path,
                    is_fact: &is_fact,
                };
                (rel.clone(), evaluate(&parsed.program, &options))
            })
            .collect();
        (found, project.memo.replays())
    };
    let (without, none) = run(ClassMemo::off());
    assert_eq!(none, 0, "a memo that is off replayed");
    let (with, _) = run(ClassMemo::default());
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        with == without,
        "the class memo changed the findings:\nwith {with:#?}\nwithout {without:#?}"
    );
}

/// Where the autoloader looks for the first class or defined type `program` defines at
/// its top (`None` when it defines none, or its name is not a module's, or has a segment
/// too long for a file name).
fn manifest_path(program: &syntax::Program) -> Option<String> {
    let name = program.body.iter().find_map(|s| match &s.kind {
        syntax::ExprKind::Class(c) => Some(c.name.as_str()),
        syntax::ExprKind::Define(d) => Some(d.name.as_str()),
        _ => None,
    })?;
    let name = name.trim_start_matches("::").to_ascii_lowercase();
    let segments: Vec<&str> = name.split("::").collect();
    // (A file name is at most 255 bytes.)
    let valid = |s: &&str| {
        s.len() <= 64
            && s.starts_with(|c: char| c.is_ascii_lowercase())
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    if !segments.iter().all(valid) {
        return None;
    }
    let (module, rest) = segments.split_first()?;
    Some(match rest {
        [] => format!("modules/{module}/manifests/init.pp"),
        _ => format!("modules/{module}/manifests/{}.pp", rest.join("/")),
    })
}

/// An EPP template from any bytes, as `rein dump`, `rein check` and `rein check --fix` read
/// it: parsing and lowering keep every error's span inside the text on character
/// boundaries, the errors print with a line and column, the PN and JSON printers take what
/// parses, every rule that runs in templates checks it (every finding inside the text),
/// and `check --fix` reaches a fixed point that parses and renders the same text (rein does
/// not format templates: `rein fmt` leaves them as they are).
pub fn epp(data: &[u8]) {
    let parsed = syntax::epp::parse_bytes(data);
    errors_inside(&parsed);
    let errors =
        syntax::errors::drop_cascades(&parsed.source, &parsed.line_index, parsed.errors.clone());
    for e in &errors {
        let f = Finding::from_syntax("fuzz.epp", &parsed.source, &parsed.line_index, e);
        assert!(
            f.line >= 1 && f.column >= 1,
            "{}:{}: {}",
            f.line,
            f.column,
            f.message
        );
    }
    let rules = rules_where(&|_| true);
    for d in rules::engine::check_file("fuzz.epp", &parsed, &rules) {
        span_inside(&parsed.source, d.span, &d.message);
    }
    if parsed.has_errors() {
        return;
    }
    let _ = syntax::pn::try_to_pn(&parsed.program);
    let _ = syntax::pn::try_to_json(&parsed.program);
    for unsafe_fixes in [false, true] {
        let out = fix_until_stable("fuzz.epp", &parsed.source, &rules, unsafe_fixes);
        assert!(
            !out.rejected,
            "fixes made a template that does not parse or renders other text (unsafe fixes: {unsafe_fixes})"
        );
        assert!(
            !out.unsettled,
            "fixes did not reach a fixed point (unsafe fixes: {unsafe_fixes}):\n{}",
            out.text
        );
    }
}

/// Where the YAML property puts its file: no file is there, so nothing around it is read.
const YAML_DIR: &str = "/nonexistent/rein-fuzz";

/// A YAML file from any bytes, as each of rein's YAML readers takes it: the front end (its
/// error, tabs and duplicate keys inside the text on character boundaries), the rules with
/// the file read as a `hiera.yaml`, as a Hiera data file, as an Unfurl document and as
/// plain YAML (every finding inside the text; `check --fix` reaches a fixed point that
/// parses), Unfurl's `eval` expressions and merge directive keys (on the text and on each
/// string of the file), and `rein unfurl expand` (a document or a message; both printers
/// take the document). libFuzzer's limits catch an expansion that does not end or grows
/// without bound (anchors and aliases, merge directives).
pub fn yaml(data: &[u8]) {
    let file = yaml::parse_bytes(data);
    let source = &file.source;
    if let Some(e) = &file.error {
        assert!(!e.message.is_empty(), "a YAML error without a message");
        span_inside(source, e.span, &e.message);
        let _ = file.line_col(e.span.start());
    }
    for tab in &file.tabs {
        span_inside(source, *tab, "a tab");
    }
    for d in &file.duplicate_keys {
        span_inside(source, d.span, &d.key);
        span_inside(source, d.first, &d.key);
    }
    let rules = rules_where(&|_| true);
    let project = Project::of(&syntax::parse("").program);
    let kinds = [
        YamlKind::HieraConfig,
        YamlKind::HieraData {
            config: Path::new(YAML_DIR).join("hiera.yaml"),
        },
        YamlKind::Unfurl,
        YamlKind::Plain,
    ];
    let path = Path::new(YAML_DIR).join("data.yaml");
    for kind in &kinds {
        for d in check_yaml_file(&path, &file, kind, &rules, Some(&project), false) {
            span_inside(source, d.span, &d.message);
        }
        for unsafe_fixes in [false, true] {
            yaml_fix(&path, &file, kind, &rules, &project, unsafe_fixes);
        }
    }
    unfurl_text(source);
    for d in &file.documents {
        d.walk(&mut |n| {
            if let Some(s) = n.as_str() {
                unfurl_text(s);
            }
        });
    }
    if let Ok(v) = unfurl::expand(&path, &file) {
        let _ = v.to_yaml();
        let _ = v.to_json();
    }
}

/// Unfurl's parsers on `text`: as an `eval` expression, and as a merge directive key (with
/// a `+` before it when it has none): every problem inside the text on character
/// boundaries.
fn unfurl_text(text: &str) {
    for p in expr::parse(text).problems {
        span_inside(text, Span::new(p.at.start, p.at.end), &p.message);
    }
    let key = if text.starts_with('+') {
        text.to_string()
    } else {
        format!("+{text}")
    };
    if let Some(kind) = merge_key::parse(&key) {
        for p in merge_key::problems(&key, &kind) {
            span_inside(&key, Span::new(p.at.start, p.at.end), &p.message);
        }
    }
}

/// `check --fix` of the YAML file `file` (as the workspace fixes one): rounds of fixes
/// reach a fixed point within [`MAX_ROUNDS`], and every text they make parses.
fn yaml_fix(
    path: &Path,
    file: &YamlFile,
    kind: &YamlKind,
    rules: &RuleSet,
    project: &Project,
    unsafe_fixes: bool,
) {
    let mut text = file.source.clone();
    let mut diagnostics = check_yaml_file(path, file, kind, rules, Some(project), false);
    for _ in 0..=MAX_ROUNDS {
        let applied = apply(&text, &diagnostics, unsafe_fixes);
        if applied.fixed == 0 {
            return;
        }
        let next = yaml::parse(&applied.text);
        assert!(
            next.error.is_none(),
            "fixes made YAML that does not parse (unsafe fixes: {unsafe_fixes}):\n{}",
            applied.text
        );
        text = applied.text;
        diagnostics = check_yaml_file(path, &next, kind, rules, Some(project), false);
    }
    panic!("YAML fixes did not reach a fixed point (unsafe fixes: {unsafe_fixes}):\n{text}");
}
