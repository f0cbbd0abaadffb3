//! Diagnostics: findings with positions, and their output formats.
//!
//! A [`Finding`] is one problem in one file, with 1-based line and column (columns count
//! characters) of its start and end. [`write`] prints the findings of a run in one of the
//! [`Format`]s; each format lives in its own module:
//!
//! - [`text`]: a code frame per finding (codespan-reporting), the rule's help as a note,
//!   whether a fix exists, then a summary line (the default; alias `human`);
//! - `concise`: one line per finding, `path:line:col: severity[rule] message`;
//! - [`json`]: one JSON array of findings, `{"file","line","column","end_line","end_column",
//!   "rule","severity","message"}` plus `help` and `fix` when present;
//! - [`sarif`]: SARIF 2.1.0, for code scanning tools;
//! - [`github`]: GitHub Actions workflow commands (`::error file=...::message`);
//! - [`codeclimate`]: the GitLab Code Quality (Code Climate) JSON report.
//!
//! Every format prints the findings in the order [`sort_reports`] leaves them: by file, then
//! line, then column.

pub mod codeclimate;
pub mod github;
pub mod json;
pub mod puppet_lint;
pub mod sarif;
pub mod text;

use std::borrow::Cow;
use std::io::{self, Write};
use std::sync::Arc;

use serde::Serialize;

use crate::syntax::{LineIndex, Span, SyntaxError};

pub use crate::rules::Severity;

/// One problem found in one file. A file can have one per token, so it is kept small (a
/// test holds its size): no bigger than the rules' diagnostic it is made from, which lets a
/// file's findings take their diagnostics' place in memory as they are made. Its JSON form
/// is [`FindingJson`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The file's path as displayed (shared by the file's findings; a thin pointer).
    pub file: Arc<String>,
    /// 1-based line of the start (as `u32`, like spans: a file is under 4 GiB).
    pub line: u32,
    /// 1-based column (in characters) of the start.
    pub column: u32,
    /// 1-based line of the end (exclusive end position).
    pub end_line: u32,
    /// 1-based column of the end: the column just after the last character.
    pub end_column: u32,
    /// The rule that found it (`syntax` for parse errors): a rule's own `'static` name,
    /// or a copy (a finding read back from the cache).
    pub rule: Cow<'static, str>,
    pub severity: Severity,
    pub message: Cow<'static, str>,
    /// What to do about it, when the rule says more than the message.
    pub help: Option<Cow<'static, str>>,
    /// The edits of the rule's fix, when it has one ([`Finding::fix`]).
    fix_edits: Option<Box<[FindingEdit]>>,
    /// What few findings have ([`Finding::ignored`], [`Finding::related`]), kept apart.
    pub more: Option<Box<FindingMore>>,
    /// The byte range in the source, for code frames.
    pub span: Span,
    /// Its place in the order the rules reported the file's findings
    /// ([`crate::rules::Diagnostic::order`]).
    pub order: u32,
    /// The fix's safety (beside the severity, in what would be padding).
    fix_applicability: crate::rules::Applicability,
}

/// A [`Finding`] as JSON shows it. Field order is the JSON output order.
#[derive(Serialize)]
struct FindingJson<'a> {
    file: &'a str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    rule: &'a str,
    severity: Severity,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    help: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<FixOf<'a>>,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    more: Option<&'a FindingMore>,
}

impl Serialize for Finding {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        FindingJson {
            file: &self.file,
            line: self.line,
            column: self.column,
            end_line: self.end_line,
            end_column: self.end_column,
            rule: &self.rule,
            severity: self.severity,
            message: &self.message,
            help: self.help.as_deref(),
            fix: self.fix(),
            more: self.more.as_deref(),
        }
        .serialize(to)
    }
}

/// The rarely present parts of a [`Finding`]. Field order is the JSON output order (after
/// the finding's own fields).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FindingMore {
    /// Suppressed by a `# lint:ignore:` directive (shown with `--show-ignored`): the
    /// directive's reason, empty when it gives none. Ignored findings count neither as
    /// errors nor as warnings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignored: Option<String>,
    /// Other places the finding involves (the first declaration of a duplicate).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub related: Vec<FindingRelated>,
}

/// A place a finding involves besides its own: a file (as displayed), the 1-based line and
/// column of its start, and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingRelated {
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// A fix as printed: its safety and its edits with 1-based positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingFix {
    pub applicability: crate::rules::Applicability,
    pub edits: Box<[FindingEdit]>,
}

/// A finding's fix ([`Finding::fix`]): its safety and its edits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FixOf<'a> {
    pub applicability: crate::rules::Applicability,
    pub edits: &'a [FindingEdit],
}

/// One edit of a fix: replace the text from (line, column) to (end_line, end_column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FindingEdit {
    pub line: u32,
    pub column: u32,
    pub end_line: u32,
    pub end_column: u32,
    pub replacement: Box<str>,
}

/// The rule name of syntax errors and warnings.
pub const SYNTAX_RULE: &str = "syntax";

impl Finding {
    /// A finding for a syntax error or warning of the file `file` with text `source`.
    pub fn from_syntax(file: &str, source: &str, index: &LineIndex, e: &SyntaxError) -> Finding {
        Finding::new(
            file,
            source,
            index,
            e.span,
            SYNTAX_RULE,
            e.severity.into(),
            &e.message,
        )
    }

    /// A finding at the byte range `span` of `source`.
    pub fn new(
        file: &str,
        source: &str,
        index: &LineIndex,
        span: Span,
        rule: &str,
        severity: Severity,
        message: &str,
    ) -> Finding {
        Finding::at(
            Arc::new(file.to_string()),
            source,
            index,
            span,
            rule.to_string().into(),
            severity,
        )
        .with_message(message)
    }

    /// [`Finding::new`] with the file's shared path and no message yet.
    fn at(
        file: Arc<String>,
        source: &str,
        index: &LineIndex,
        span: Span,
        rule: Cow<'static, str>,
        severity: Severity,
    ) -> Finding {
        let start = floor_char_boundary(source, span.start());
        let end = floor_char_boundary(source, span.end()).max(start);
        let (line, column) = position(index.line_col(source, start));
        let (end_line, end_column) = position(index.line_col(source, end));
        Finding::placed(
            file,
            [line, column, end_line, end_column],
            Span::new(start, end),
            rule,
            severity,
        )
    }

    /// A finding of `rule` in the file `file` from line and column `at[0]`:`at[1]` to
    /// `at[2]`:`at[3]` (the bytes `span`), with no message yet.
    pub fn placed(
        file: Arc<String>,
        at: [u32; 4],
        span: Span,
        rule: Cow<'static, str>,
        severity: Severity,
    ) -> Finding {
        let [line, column, end_line, end_column] = at;
        Finding {
            file,
            line,
            column,
            end_line,
            end_column,
            rule,
            severity,
            message: Cow::Borrowed(""),
            help: None,
            fix_edits: None,
            more: None,
            span,
            order: 0,
            fix_applicability: crate::rules::Applicability::Safe,
        }
    }

    /// A finding for a rule's diagnostic in the file `file` with text `source` (its texts
    /// move into the finding: a run never holds both copies).
    pub fn from_diagnostic(
        file: &Arc<String>,
        source: &str,
        index: &LineIndex,
        mut d: crate::rules::Diagnostic,
    ) -> Finding {
        let (ignored, related) = d.take_more();
        let mut f = Finding::at(
            Arc::clone(file),
            source,
            index,
            d.span,
            Cow::Borrowed(d.rule),
            d.severity,
        );
        f.message = d.message;
        f.help = d.help;
        let related: Vec<FindingRelated> = related
            .into_iter()
            .map(|r| {
                let (file, line, column) = match r.at {
                    crate::rules::diagnostic::RelatedAt::Span(span) => {
                        let (l, c) =
                            index.line_col(source, floor_char_boundary(source, span.start()));
                        (file.to_string(), l, c)
                    }
                    crate::rules::diagnostic::RelatedAt::Position { path, line, column } => {
                        (path, line, column)
                    }
                };
                FindingRelated {
                    file,
                    line,
                    column,
                    message: r.message,
                }
            })
            .collect();
        f.set_more(ignored, related);
        f.order = d.order;
        f.set_fix(d.fix.map(|fix| {
            FindingFix {
                applicability: fix.applicability,
                edits: fix
                    .edits
                    .into_vec()
                    .into_iter()
                    .map(|e| {
                        let start = floor_char_boundary(source, e.span.start());
                        let end = floor_char_boundary(source, e.span.end()).max(start);
                        let (line, column) = position(index.line_col(source, start));
                        let (end_line, end_column) = position(index.line_col(source, end));
                        FindingEdit {
                            line,
                            column,
                            end_line,
                            end_column,
                            replacement: e.replacement,
                        }
                    })
                    .collect(),
            }
        }));
        f
    }

    /// A finding that a fix took care of (`--fix`), in the file `file`: where it was in the
    /// text of the round that fixed it (its span is in that text too).
    pub fn fixed(file: &Arc<String>, p: &crate::rules::fix::FixedProblem) -> Finding {
        let d = &p.diagnostic;
        let (line, column) = position(p.start);
        let (end_line, end_column) = position(p.end);
        let mut f = Finding::placed(
            Arc::clone(file),
            [line, column, end_line, end_column],
            d.span,
            Cow::Borrowed(d.rule),
            d.severity,
        );
        f.message = d.message.clone();
        f.help = d.help.clone();
        f.order = d.order;
        f
    }

    /// The rule's fix, when it has one.
    pub fn fix(&self) -> Option<FixOf<'_>> {
        self.fix_edits.as_deref().map(|edits| FixOf {
            applicability: self.fix_applicability,
            edits,
        })
    }

    /// Sets (or removes) the fix.
    pub fn set_fix(&mut self, fix: Option<FindingFix>) {
        match fix {
            Some(fix) => {
                self.fix_applicability = fix.applicability;
                self.fix_edits = Some(fix.edits);
            }
            None => self.fix_edits = None,
        }
    }

    /// The reason of the `# lint:ignore:` directive that suppressed it (empty when it gives
    /// none), when one did.
    pub fn ignored(&self) -> Option<&str> {
        self.more.as_ref().and_then(|m| m.ignored.as_deref())
    }

    /// The other places the finding involves.
    pub fn related(&self) -> &[FindingRelated] {
        self.more.as_ref().map_or(&[], |m| &m.related)
    }

    /// Sets what it was suppressed by and the other places it involves (kept apart only
    /// when there is one or the other).
    pub fn set_more(&mut self, ignored: Option<String>, related: Vec<FindingRelated>) {
        self.more = (ignored.is_some() || !related.is_empty())
            .then(|| Box::new(FindingMore { ignored, related }));
    }

    fn with_message(mut self, message: &str) -> Finding {
        self.message = message.to_string().into();
        self
    }

    /// `path:line:col: severity[rule] message`, on one line ([`one_line`]).
    pub fn concise(&self) -> String {
        let mut out = String::new();
        self.push_concise(&mut out);
        out
    }

    /// Appends the [`Finding::concise`] form to `out` (without a line break).
    pub fn push_concise(&self, out: &mut String) {
        let severity = if self.ignored().is_some() {
            "ignored"
        } else {
            self.severity.as_str()
        };
        out.push_str(&one_line(&self.file));
        out.push(':');
        push_number(out, self.line as usize);
        out.push(':');
        push_number(out, self.column as usize);
        out.push_str(": ");
        out.push_str(severity);
        out.push('[');
        out.push_str(&self.rule);
        out.push_str("] ");
        out.push_str(&one_line(&self.message));
    }
}

/// A 1-based (line, column) as a finding keeps it (a file is under 4 GiB: its spans are
/// `u32`, so are its lines and columns).
pub fn position((line, column): (usize, usize)) -> (u32, u32) {
    let narrow = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    (narrow(line), narrow(column))
}

/// Appends the decimal digits of `n` to `out`.
fn push_number(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    while let Some(d) = i.checked_sub(1).and_then(|j| digits.get_mut(j)) {
        *d = b'0' + (n % 10) as u8;
        i -= 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(digits.get(i..).unwrap_or_default()).unwrap_or_default());
}

/// `text` on one line, for the formats that print one finding a line: line breaks and the
/// other control characters (a tab excepted) written as escapes (`\n`, `\r`, `\u{1b}`,
/// and `\u{2028}` for Unicode's line and paragraph separators).
pub fn one_line(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| (c.is_control() && c != '\t') || matches!(c, '\u{2028}' | '\u{2029}');
    // Most texts are printable ASCII and common letters: no byte that can start a control
    // character (C0, DEL, C1 as 0xC2 0x80-0x9F) or a line or paragraph separator (0xE2).
    let plain = |b: &u8| (*b >= 0x20 || *b == b'\t') && !matches!(*b, 0x7f | 0xc2 | 0xe2);
    if text.as_bytes().iter().all(plain) || !text.contains(breaks) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if breaks(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// The largest char boundary of `s` at or before `offset` (clamped to the length).
pub fn floor_char_boundary(s: &str, offset: usize) -> usize {
    let mut i = offset.min(s.len());
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The findings of one file, with its text for code frames.
#[derive(Clone, Debug)]
pub struct FileReport {
    pub path: String,
    pub source: String,
    pub findings: Vec<Finding>,
    /// With `--fix`: the findings the fixes took care of ([`Finding::fixed`]), which
    /// puppet-lint's formats print (`FIXED: ...`) and the others count only.
    pub fixed: Vec<Finding>,
}

/// The output formats of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// A code frame per finding, with help and fix notes, and a summary.
    #[value(alias = "human")]
    Text,
    /// One line per finding: `path:line:col: severity[rule] message`.
    Concise,
    /// One JSON array of findings.
    Json,
    /// SARIF 2.1.0 (code scanning).
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// GitLab Code Quality report (Code Climate JSON).
    Codeclimate,
    /// puppet-lint's text output (`KIND: message on line N (check: NAME)`).
    PuppetLint,
    /// puppet-lint's `--json` output.
    PuppetLintJson,
}

/// Writes `reports` to standard output in `format`; `color` says whether to colour it
/// (only the text format has colours).
pub fn write(
    format: Format,
    reports: &[FileReport],
    files_checked: usize,
    color: bool,
) -> io::Result<()> {
    if format == Format::Text {
        use codespan_reporting::term::termcolor::{BufferedStandardStream, ColorChoice};
        let choice = if color {
            ColorChoice::Always
        } else {
            ColorChoice::Never
        };
        // Buffered: the standard stream flushes at every line (a write call per line,
        // most of a warm run's time with tens of thousands of lines).
        let mut stream = BufferedStandardStream::stdout(choice);
        text::write_text(&mut stream, reports, files_checked)?;
        return stream.flush();
    }
    let stdout = std::io::stdout();
    let mut lock = io::BufWriter::new(stdout.lock());
    write_plain(format, &mut lock, reports, files_checked)?;
    lock.flush()
}

/// Writes `reports` in `format` to `w`, without colours.
pub fn write_plain(
    format: Format,
    w: &mut dyn Write,
    reports: &[FileReport],
    files_checked: usize,
) -> io::Result<()> {
    match format {
        Format::Text => {
            let mut plain = codespan_reporting::term::termcolor::NoColor::new(w);
            text::write_text(&mut plain, reports, files_checked)
        }
        Format::Concise => write_concise(w, reports),
        Format::Json => json::write_json(w, reports),
        Format::Sarif => sarif::write_sarif(w, reports),
        Format::Github => github::write_github(w, reports),
        Format::Codeclimate => codeclimate::write_codeclimate(w, reports),
        Format::PuppetLint => {
            puppet_lint::write_text(w, reports, files_checked, &puppet_lint::Style::default())
        }
        Format::PuppetLintJson => puppet_lint::write_json(w, reports, false),
    }
}

/// Sorts reports by path (component by component, as a directory listing is walked:
/// `m/a/b.pp` before `m/a.pp`) and each report's findings by position.
pub fn sort_reports(reports: &mut [FileReport]) {
    reports.sort_by(|a, b| std::path::Path::new(&a.path).cmp(std::path::Path::new(&b.path)));
    for r in reports.iter_mut() {
        sort_findings(&mut r.findings);
    }
}

/// Sorts findings by file, line, column, then end. The sort is stable: findings at the same
/// place keep the order they were produced in (the lowering's order, which is Puppet's:
/// two escape warnings at the end of one string part come out in source order). Findings
/// nearly always come sorted (the rule engine sorts a file's by position): those are left
/// as they are, without the stable sort's scratch buffer of half of them (a big file has a
/// finding per line or more).
pub fn sort_findings(findings: &mut [Finding]) {
    let order = |a: &Finding, b: &Finding| {
        (&a.file, a.line, a.column, a.end_line, a.end_column).cmp(&(
            &b.file,
            b.line,
            b.column,
            b.end_line,
            b.end_column,
        ))
    };
    if findings.is_sorted_by(|a, b| order(a, b).is_le()) {
        return;
    }
    findings.sort_by(order);
}

/// Counts of errors and warnings.
pub fn count(reports: &[FileReport]) -> (usize, usize) {
    let mut errors = 0;
    let mut warnings = 0;
    for f in reports.iter().flat_map(|r| &r.findings) {
        if f.ignored().is_some() {
            continue;
        }
        match f.severity {
            Severity::Error => errors += 1,
            Severity::Warning => warnings += 1,
        }
    }
    (errors, warnings)
}

/// One line per finding: `path:line:col: severity[rule] message`.
pub fn write_concise(w: &mut dyn Write, reports: &[FileReport]) -> io::Result<()> {
    // Lines are gathered in a buffer written a block at a time.
    let mut buf = String::with_capacity(1 << 16);
    for f in reports.iter().flat_map(|r| &r.findings) {
        f.push_concise(&mut buf);
        buf.push('\n');
        if buf.len() >= 1 << 15 {
            w.write_all(buf.as_bytes())?;
            buf.clear();
        }
    }
    w.write_all(buf.as_bytes())
}

/// The path of a finding as the machine formats (SARIF, GitHub, Code Climate) want it:
/// relative to the current directory when it is below it, with `/` separators and without
/// leading `./`.
pub fn report_path(file: &str) -> String {
    let cwd = std::env::current_dir().ok();
    relative_to(file, cwd.as_deref().and_then(|d| d.to_str()))
}

/// `file` relative to the directory `base` (when `file` is absolute and below `base`), with
/// `/` separators on Windows and without leading `./`.
fn relative_to(file: &str, base: Option<&str>) -> String {
    let mut path = file;
    if let Some(base) = base.filter(|b| !b.is_empty()) {
        let base = base.trim_end_matches(['/', '\\']);
        if let Some(rest) = path.strip_prefix(base) {
            if let Some(rest) = rest.strip_prefix(['/', '\\']) {
                if !rest.is_empty() {
                    path = rest;
                }
            }
        }
    }
    let mut path = if cfg!(windows) {
        path.replace('\\', "/")
    } else {
        path.to_string()
    };
    while let Some(rest) = path.strip_prefix("./") {
        path = rest.trim_start_matches('/').to_string();
    }
    path
}

/// The text of the line holding byte `offset` of `source`, without its line break.
pub fn line_text(source: &str, offset: usize) -> &str {
    let offset = floor_char_boundary(source, offset);
    let start = source
        .get(..offset)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let end = source
        .get(offset..)
        .and_then(|s| s.find('\n'))
        .map_or(source.len(), |i| offset + i);
    source.get(start..end).unwrap_or("").trim_end_matches('\r')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(source: &str, start: usize, end: usize) -> Finding {
        let index = LineIndex::new(source);
        Finding::new(
            "f.pp",
            source,
            &index,
            Span::new(start, end),
            SYNTAX_RULE,
            Severity::Error,
            "bad",
        )
    }

    #[test]
    fn a_finding_fits_in_its_diagnostics_place() {
        // A file's findings are made in its diagnostics' buffer (no second list): that
        // needs a finding no bigger than a diagnostic, with the same alignment.
        use std::mem::{align_of, size_of};
        assert_eq!(size_of::<Finding>(), 136);
        assert_eq!(size_of::<FindingEdit>(), 32);
        assert!(size_of::<Finding>() <= size_of::<crate::rules::Diagnostic>());
        assert_eq!(
            align_of::<Finding>(),
            align_of::<crate::rules::Diagnostic>()
        );
    }

    #[test]
    fn ignored_and_related_are_kept_apart_only_when_present() {
        let mut f = finding("abc", 1, 2);
        f.set_more(None, Vec::new());
        assert!(f.more.is_none());
        assert_eq!((f.ignored(), f.related()), (None, &[][..]));
        f.set_more(Some("why".into()), Vec::new());
        assert_eq!((f.ignored(), f.related()), (Some("why"), &[][..]));
        let r = FindingRelated {
            file: "g.pp".into(),
            line: 2,
            column: 3,
            message: "first".into(),
        };
        f.set_more(None, vec![r.clone()]);
        assert_eq!((f.ignored(), f.related()), (None, &[r][..]));
    }

    #[test]
    fn positions_are_one_based_characters() {
        let f = finding("$x = 'ééé' ]\n$y", 14, 15);
        assert_eq!((f.line, f.column, f.end_line, f.end_column), (1, 12, 1, 13));
        let f = finding("a\nbc\n", 3, 5);
        assert_eq!((f.line, f.column, f.end_line, f.end_column), (2, 2, 3, 1));
    }

    #[test]
    fn spans_out_of_range_or_inside_a_character_are_clamped() {
        let f = finding("é", 1, 99);
        assert_eq!(f.span, Span::new(0, 2));
        assert_eq!((f.line, f.column, f.end_column), (1, 1, 2));
    }

    #[test]
    fn concise_form() {
        assert_eq!(
            finding("abc", 1, 2).concise(),
            "f.pp:1:2: error[syntax] bad"
        );
        let mut f = finding("abc", 1, 2);
        f.message = "a\nb\r\tc\u{1b}d\u{2028}é".into();
        assert_eq!(
            f.concise(),
            "f.pp:1:2: error[syntax] a\\nb\\r\tc\\u{1b}d\\u{2028}é"
        );
        assert!(matches!(one_line("plain 'x'\t"), Cow::Borrowed(_)));
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 10, 99, 100, 12_345, usize::MAX] {
            let mut s = String::from("x");
            push_number(&mut s, n);
            assert_eq!(s, format!("x{n}"));
        }
    }

    #[test]
    fn machine_paths_are_relative_without_dot_slash() {
        assert_eq!(relative_to("./a/b.pp", None), "a/b.pp");
        assert_eq!(relative_to(".//./a.pp", None), "a.pp");
        assert_eq!(relative_to("/w/r/a.pp", Some("/w/r")), "a.pp");
        assert_eq!(relative_to("/w/r/a.pp", Some("/w/r/")), "a.pp");
        assert_eq!(relative_to("/w/rx/a.pp", Some("/w/r")), "/w/rx/a.pp");
        assert_eq!(relative_to("/w/r", Some("/w/r")), "/w/r");
        assert_eq!(relative_to("../a.pp", Some("/w/r")), "../a.pp");
    }

    #[test]
    fn line_text_is_the_whole_line() {
        let s = "ab\r\ncd\nef";
        assert_eq!(line_text(s, 0), "ab");
        assert_eq!(line_text(s, 2), "ab");
        assert_eq!(line_text(s, 4), "cd");
        assert_eq!(line_text(s, 6), "cd");
        assert_eq!(line_text(s, 8), "ef");
        assert_eq!(line_text(s, 99), "ef");
        assert_eq!(line_text("", 0), "");
    }

    #[test]
    fn every_format_writes_to_a_plain_writer() {
        let r = test_support::report("abc", vec![finding("abc", 1, 2)]);
        for (format, start) in [
            (Format::Text, "error[syntax]: bad\n"),
            (Format::Concise, "f.pp:1:2: error[syntax] bad\n"),
            (Format::Json, "[\n  {\n    \"file\": \"f.pp\""),
            (Format::Sarif, "{\n  \"$schema\""),
            (Format::Github, "::error file=f.pp,line=1,col=2,"),
            (Format::Codeclimate, "[\n  {\n    \"type\": \"issue\""),
        ] {
            let mut out = Vec::new();
            write_plain(format, &mut out, std::slice::from_ref(&r), 1).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.starts_with(start), "{format:?}: {text}");
        }
    }
}

/// Helpers for the tests of the format modules.
#[cfg(test)]
pub(crate) mod test_support {
    use super::*;

    /// An error of rule `syntax` with message `bad` at bytes `start..end` of `source` in
    /// `f.pp`.
    pub fn finding(source: &str, start: usize, end: usize) -> Finding {
        let index = LineIndex::new(source);
        Finding::new(
            "f.pp",
            source,
            &index,
            Span::new(start, end),
            SYNTAX_RULE,
            Severity::Error,
            "bad",
        )
    }

    /// `f` with a fix of `applicability` made of `edits`: (line, column, end line, end
    /// column, replacement).
    pub fn with_fix(
        mut f: Finding,
        applicability: crate::rules::Applicability,
        edits: &[(u32, u32, u32, u32, &str)],
    ) -> Finding {
        f.set_fix(Some(FindingFix {
            applicability,
            edits: edits
                .iter()
                .map(|&(line, column, end_line, end_column, text)| FindingEdit {
                    line,
                    column,
                    end_line,
                    end_column,
                    replacement: text.into(),
                })
                .collect(),
        }));
        f
    }

    /// The report of `f.pp` with text `source`.
    pub fn report(source: &str, findings: Vec<Finding>) -> FileReport {
        FileReport {
            path: "f.pp".into(),
            source: source.into(),
            findings,
            fixed: Vec::new(),
        }
    }
}
