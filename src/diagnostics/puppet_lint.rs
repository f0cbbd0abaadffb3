//! puppet-lint's own output formats, for scripts and CI jobs written for puppet-lint,
//! byte for byte as puppet-lint 3.0.1 prints them:
//!
//! - text: one line per problem from a log format (puppet-lint's `--log-format`, a Ruby
//!   format string with `%{path}`, `%{fullpath}`, `%{filename}`, `%{line}`, `%{column}`,
//!   `%{kind}`, `%{KIND}`, `%{check}`, `%{message}`; default
//!   `%{KIND}: %{message} on line %{line} (check: %{check})`, after `%{path} - ` when more
//!   than one file is checked or with `--with-filename`); an ignored problem's reason
//!   follows on its own indented line; `--with-context` adds the line and a caret (not for
//!   a fixed problem). Values are printed on one line ([`one_line`]).
//! - JSON (`--json`): an array with one array per file checked, each problem an object
//!   `{message, line, column, kind, check, fullpath, path, filename, [reason,] KIND,
//!   [context]}`, laid out as Ruby's `JSON.pretty_generate` does.
//!
//! Kinds are `error`, `warning`, `ignored` (`--show-ignored`) and `fixed` (`--fix`: what the
//! fixes took care of, printed `FIXED: ...`). Within a file, problems come check by check in
//! the order puppet-lint runs its checks ([`CHECK_ORDER`]), each check's by position.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{line_text, one_line, FileReport, Finding, Severity};
use crate::rules::registry;

/// How puppet-lint text output looks.
#[derive(Clone, Debug, Default)]
pub struct Style {
    /// `--log-format`.
    pub log_format: Option<String>,
    /// `--with-filename` (also on when more than one file is checked).
    pub with_filename: bool,
    /// `--with-context`.
    pub with_context: bool,
}

/// puppet-lint's default log format.
pub const DEFAULT_LOG_FORMAT: &str = "%{KIND}: %{message} on line %{line} (check: %{check})";

/// The order puppet-lint runs its checks in, which is the order of their problems in a
/// file: syntax errors first, then the checks as puppet-lint loads them (its plugin
/// directories and files sorted by name: `puppet-lint --list-checks`), with 4.x's
/// `space_before_arrow` among the whitespace checks and its `legacy_facts` and
/// `top_scope_facts` directories last. Plugin checks (loaded after) and rein's own rules
/// follow in rein's order.
pub const CHECK_ORDER: &[&str] = &[
    "syntax",
    // check_classes
    "arrow_on_right_operand_line",
    "autoloader_layout",
    "class_inherits_from_params_class",
    "code_on_top_scope",
    "inherits_across_namespaces",
    "names_containing_dash",
    "names_containing_uppercase",
    "nested_classes_or_defines",
    "parameter_order",
    "right_to_left_relationship",
    "variable_scope",
    // check_comments
    "slash_comments",
    "star_comments",
    // check_conditionals
    "case_without_default",
    "selector_inside_resource",
    // check_documentation
    "documentation",
    // check_nodes
    "unquoted_node_name",
    // check_resources
    "duplicate_params",
    "ensure_first_param",
    "ensure_not_symlink_target",
    "file_mode",
    "unquoted_file_mode",
    "unquoted_resource_title",
    // check_strings
    "double_quoted_strings",
    "only_variable_string",
    "puppet_url_without_modules",
    "quoted_booleans",
    "single_quote_string_with_variables",
    "variables_not_enclosed",
    // check_variables
    "variable_contains_dash",
    "variable_is_lowercase",
    // check_whitespace
    "140chars",
    "2sp_soft_tabs",
    "80chars",
    "arrow_alignment",
    "hard_tabs",
    "space_before_arrow",
    "trailing_whitespace",
    // legacy_facts, top_scope_facts
    "legacy_facts",
    "top_scope_facts",
];

/// Where problems of `rule` come in a file ([`CHECK_ORDER`], then rein's order).
fn check_rank(rule: &str) -> usize {
    CHECK_ORDER
        .iter()
        .position(|c| *c == rule)
        .or_else(|| {
            let rest = registry::all().iter().position(|r| r.meta().name == rule)?;
            Some(CHECK_ORDER.len() + rest)
        })
        .unwrap_or(usize::MAX)
}

/// One problem as puppet-lint reports it.
struct Problem<'a> {
    finding: &'a Finding,
    /// A fix took care of it.
    fixed: bool,
}

impl Problem<'_> {
    fn kind(&self) -> &'static str {
        match (self.fixed, self.finding.severity, self.finding.ignored()) {
            (true, ..) => "fixed",
            (false, _, Some(_)) => "ignored",
            (false, Severity::Error, None) => "error",
            (false, Severity::Warning, None) => "warning",
        }
    }
}

/// The problems of a file in puppet-lint's order: check by check, each by position or, for
/// [`REPORTED_IN_ORDER`], in the order the rule reported them (a fixed problem before one
/// left at the same place).
fn problems(r: &FileReport) -> Vec<Problem<'_>> {
    let fixed = r.fixed.iter().map(|finding| Problem {
        finding,
        fixed: true,
    });
    let left = r.findings.iter().map(|finding| Problem {
        finding,
        fixed: false,
    });
    let mut all: Vec<Problem<'_>> = fixed.chain(left).collect();
    all.sort_by_cached_key(|p| {
        let f = p.finding;
        let place = if REPORTED_IN_ORDER.contains(&&*f.rule) {
            (f.order, 0)
        } else {
            (f.line, f.column)
        };
        (check_rank(&f.rule), place, !p.fixed)
    });
    all
}

/// The checks whose problems puppet-lint reports in another order than by position, and
/// whose rules report them in that order ([`Finding::order`]): `arrow_alignment` reports
/// a group's arrows when the group closes, so an inner hash's before the resource's.
const REPORTED_IN_ORDER: &[&str] = &["arrow_alignment"];

/// Paths as puppet-lint shows them: `%{fullpath}` is the path expanded against `$PWD` (the
/// directory the shell says it is in) when that is the current directory, as Ruby's
/// `File.expand_path(path, ENV['PWD'])` does.
struct Paths {
    base: Option<PathBuf>,
}

impl Paths {
    fn new() -> Paths {
        let cwd = std::env::current_dir().ok();
        let pwd = std::env::var_os("PWD")
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
            .filter(|p| {
                let same = |a: &Path, b: &Path| a.canonicalize().ok() == b.canonicalize().ok();
                cwd.as_deref().is_some_and(|c| same(p, c))
            });
        Paths { base: pwd.or(cwd) }
    }

    fn full(&self, path: &str) -> String {
        let p = Path::new(path);
        match &self.base {
            Some(base) if p.is_relative() => base.join(p).display().to_string(),
            _ => path.to_string(),
        }
    }
}

fn file_name(path: &str) -> String {
    Path::new(path)
        .file_name()
        .map_or_else(|| path.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The value of the placeholder `name` for problem `p` of the file `path`.
fn field(name: &str, path: &str, p: &Problem<'_>, paths: &Paths) -> Option<String> {
    let f = p.finding;
    Some(match name {
        "path" => one_line(path).into_owned(),
        "fullpath" => one_line(&paths.full(path)).into_owned(),
        "filename" => one_line(&file_name(path)).into_owned(),
        "line" | "linenumber" => f.line.to_string(),
        "column" => f.column.to_string(),
        "kind" => p.kind().to_string(),
        "KIND" => p.kind().to_ascii_uppercase(),
        "check" => f.rule.to_string(),
        "message" => one_line(&f.message).into_owned(),
        _ => return None,
    })
}

/// `format` with its `%{name}` and `%<name>s` placeholders filled in for `p`, and `%%` as
/// `%`. An unknown placeholder is kept as written.
fn render(format: &str, path: &str, p: &Problem<'_>, paths: &Paths) -> String {
    let mut out = String::with_capacity(format.len() + p.finding.message.len());
    let mut rest = format;
    while let Some(i) = rest.find('%') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i + 1..).unwrap_or("");
        let placeholder = match after.chars().next() {
            Some('%') => {
                out.push('%');
                rest = after.get(1..).unwrap_or("");
                continue;
            }
            Some('{') => after.find('}').map(|j| (after.get(1..j), j + 1)),
            Some('<') => after
                .find('>')
                .filter(|j| after.get(j + 1..j + 2) == Some("s"))
                .map(|j| (after.get(1..j), j + 2)),
            _ => None,
        };
        match placeholder {
            Some((Some(name), len)) => {
                match field(name, path, p, paths) {
                    Some(v) => out.push_str(&v),
                    None => out.push_str(rest.get(i..i + 1 + len).unwrap_or("")),
                }
                rest = after.get(len..).unwrap_or("");
            }
            _ => {
                out.push('%');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The line of a problem as puppet-lint's `--with-context` shows it: stripped of Ruby's
/// whitespace (spaces, `\t`, `\n`, `\v`, `\f`, `\r`, NUL) at both ends.
fn context(r: &FileReport, f: &Finding) -> String {
    let line = line_text(&r.source, f.span.start())
        .trim_matches(|c| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r' | '\0'));
    one_line(line).into_owned()
}

/// puppet-lint's text output.
pub fn write_text(
    w: &mut dyn Write,
    reports: &[FileReport],
    files_checked: usize,
    style: &Style,
) -> io::Result<()> {
    let format = match style.log_format.as_deref().filter(|f| !f.is_empty()) {
        Some(f) => f.to_string(),
        None if style.with_filename || files_checked > 1 => {
            format!("%{{path}} - {DEFAULT_LOG_FORMAT}")
        }
        None => DEFAULT_LOG_FORMAT.to_string(),
    };
    let paths = Paths::new();
    for r in reports {
        for p in problems(r) {
            let f = p.finding;
            writeln!(w, "{}", render(&format, &r.path, &p, &paths))?;
            if let Some(reason) = f.ignored() {
                writeln!(w, "  {}", one_line(reason))?;
            }
            if style.with_context && !p.fixed {
                // As puppet-lint: the line without its indentation, the caret where the
                // column is counted on the whole line (one column less on a blank line).
                let line = context(r, f);
                let pad = (f.column as usize + 1).saturating_sub(usize::from(line.is_empty()));
                writeln!(w)?;
                writeln!(w, "  {line}")?;
                writeln!(w, "{}^", " ".repeat(pad))?;
                writeln!(w)?;
            }
        }
    }
    Ok(())
}

/// A JSON string.
fn string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_string())
}

/// puppet-lint's `--json` output: one array per file checked; `with_context` adds each
/// problem's line as `"context"`.
pub fn write_json(w: &mut dyn Write, reports: &[FileReport], with_context: bool) -> io::Result<()> {
    let paths = Paths::new();
    let files: Vec<Vec<Vec<(&str, String)>>> = reports
        .iter()
        .map(|r| {
            let (fullpath, filename) = (string(&paths.full(&r.path)), string(&file_name(&r.path)));
            problems(r)
                .iter()
                .map(|p| {
                    let f = p.finding;
                    let mut object = vec![
                        ("message", string(&f.message)),
                        ("line", f.line.to_string()),
                        ("column", f.column.to_string()),
                        ("kind", string(p.kind())),
                        ("check", string(&f.rule)),
                        ("fullpath", fullpath.clone()),
                        ("path", string(&r.path)),
                        ("filename", filename.clone()),
                    ];
                    if let Some(reason) = f.ignored() {
                        object.push(("reason", string(reason)));
                    }
                    object.push(("KIND", string(&p.kind().to_ascii_uppercase())));
                    if with_context {
                        let line = if p.fixed {
                            String::new()
                        } else {
                            context(r, f)
                        };
                        object.push(("context", string(&line)));
                    }
                    object
                })
                .collect()
        })
        .collect();
    write_pretty(w, &files)
}

/// `files` as Ruby's `JSON.pretty_generate` lays it out (two-space indentation, an empty
/// array as `[`, a blank line and `]`).
fn write_pretty(w: &mut dyn Write, files: &[Vec<Vec<(&str, String)>>]) -> io::Result<()> {
    if files.is_empty() {
        return writeln!(w, "[\n\n]");
    }
    writeln!(w, "[")?;
    for (i, problems) in files.iter().enumerate() {
        if problems.is_empty() {
            write!(w, "  [\n\n  ]")?;
        } else {
            writeln!(w, "  [")?;
            for (j, object) in problems.iter().enumerate() {
                writeln!(w, "    {{")?;
                for (k, (key, value)) in object.iter().enumerate() {
                    let comma = if k + 1 < object.len() { "," } else { "" };
                    writeln!(w, "      \"{key}\": {value}{comma}")?;
                }
                let comma = if j + 1 < problems.len() { "," } else { "" };
                writeln!(w, "    }}{comma}")?;
            }
            write!(w, "  ]")?;
        }
        writeln!(w, "{}", if i + 1 < files.len() { "," } else { "" })?;
    }
    writeln!(w, "]")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{LineIndex, Span};

    /// A finding of `rule` at bytes `start..end` of `source` in the file `path`.
    fn mk(path: &str, source: &str, start: usize, rule: &str, severity: Severity) -> Finding {
        let index = LineIndex::new(source);
        Finding::new(
            path,
            source,
            &index,
            Span::new(start, start + 1),
            rule,
            severity,
            "bad",
        )
    }

    fn report(path: &str, source: &str, findings: Vec<Finding>) -> FileReport {
        FileReport {
            path: path.into(),
            source: source.into(),
            findings,
            fixed: Vec::new(),
        }
    }

    fn text(reports: &[FileReport], files: usize, style: &Style) -> String {
        let mut out = Vec::new();
        write_text(&mut out, reports, files, style).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn default_and_custom_log_formats() {
        let src = "x\n$a = \"x\"\n";
        let f = mk("m/a.pp", src, 9, "double_quoted_strings", Severity::Warning);
        let r = vec![report("m/a.pp", src, vec![f])];
        assert_eq!(
            text(&r, 1, &Style::default()),
            "WARNING: bad on line 2 (check: double_quoted_strings)\n"
        );
        assert_eq!(
            text(&r, 2, &Style::default()),
            "m/a.pp - WARNING: bad on line 2 (check: double_quoted_strings)\n"
        );
        let style = Style {
            log_format: Some(
                "%{path}:%{line}:%{column}:%{kind}:%{check}:%<message>s %% %{nope} %{filename}"
                    .into(),
            ),
            ..Style::default()
        };
        assert_eq!(
            text(&r, 1, &style),
            "m/a.pp:2:8:warning:double_quoted_strings:bad % %{nope} a.pp\n"
        );
    }

    #[test]
    fn ignored_findings_and_context() {
        let src = "$a = \"x\" # lint:ignore:x why not\n";
        let mut f = mk("a.pp", src, 5, "double_quoted_strings", Severity::Warning);
        f.set_more(Some("why not".into()), Vec::new());
        let mut g = f.clone();
        g.set_more(Some(String::new()), Vec::new());
        let r = vec![report("a.pp", src, vec![f, g])];
        let style = Style {
            with_context: true,
            ..Style::default()
        };
        // A reason, or none (puppet-lint then prints the indentation alone).
        let ignored = "IGNORED: bad on line 1 (check: double_quoted_strings)\n";
        let frame = "\n  $a = \"x\" # lint:ignore:x why not\n       ^\n\n";
        assert_eq!(
            text(&r, 1, &style),
            format!("{ignored}  why not\n{frame}{ignored}  \n{frame}")
        );
        let mut out = Vec::new();
        write_json(&mut out, &r[..1], false).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(v[0][0]["kind"], "ignored");
        assert_eq!(v[0][0]["KIND"], "IGNORED");
        assert_eq!(v[0][0]["reason"], "why not");
        assert_eq!(v[0][0]["filename"], "a.pp");
    }

    #[test]
    fn problems_come_check_by_check_and_fixed_ones_say_so() {
        let src = "class a {\n  $x = \"y\"  \n}\n";
        let trailing = mk("a.pp", src, 20, "trailing_whitespace", Severity::Error);
        let quotes = mk("a.pp", src, 17, "double_quoted_strings", Severity::Warning);
        let doc = mk("a.pp", src, 0, "documentation", Severity::Warning);
        let escape = mk("a.pp", src, 18, "unrecognized_escape", Severity::Warning);
        let mut r = report("a.pp", src, vec![doc, quotes, escape]);
        r.fixed = vec![trailing];
        let style = Style {
            log_format: Some("%{line}:%{column}:%{KIND}:%{check}".into()),
            ..Style::default()
        };
        // puppet-lint's check order (documentation, strings, whitespace), then rein's rules.
        assert_eq!(
            text(std::slice::from_ref(&r), 1, &style),
            "1:1:WARNING:documentation\n2:8:WARNING:double_quoted_strings\n2:11:FIXED:trailing_whitespace\n2:9:WARNING:unrecognized_escape\n"
        );
        // No context for what was fixed.
        let style = Style {
            with_context: true,
            ..Style::default()
        };
        r.findings.truncate(1);
        assert_eq!(
            text(std::slice::from_ref(&r), 1, &style),
            "WARNING: bad on line 1 (check: documentation)\n\n  class a {\n  ^\n\nFIXED: bad on line 2 (check: trailing_whitespace)\n"
        );
    }

    #[test]
    fn one_line_per_problem_and_a_blank_line_s_caret() {
        let src = "$a = 1\n   \n";
        let mut f = mk("a.pp", src, 8, "trailing_whitespace", Severity::Error);
        f.message = "two\nlines".into();
        let r = vec![report("a.pp", src, vec![f])];
        let style = Style {
            with_context: true,
            ..Style::default()
        };
        assert_eq!(
            text(&r, 1, &style),
            "ERROR: two\\nlines on line 2 (check: trailing_whitespace)\n\n  \n  ^\n\n"
        );
    }

    #[test]
    fn json_is_laid_out_as_ruby_does() {
        let r = vec![
            report("a.pp", "", vec![]),
            report(
                "b.pp",
                "x\n",
                vec![mk("b.pp", "x\n", 0, "syntax", Severity::Error)],
            ),
        ];
        let mut out = Vec::new();
        write_json(&mut out, &r, true).unwrap();
        let raw = String::from_utf8(out).unwrap();
        let full = Paths::new().full("b.pp");
        assert_eq!(
            raw,
            format!(
                "[\n  [\n\n  ],\n  [\n    {{\n      \"message\": \"bad\",\n      \"line\": 1,\n      \"column\": 1,\n      \"kind\": \"error\",\n      \"check\": \"syntax\",\n      \"fullpath\": {},\n      \"path\": \"b.pp\",\n      \"filename\": \"b.pp\",\n      \"KIND\": \"ERROR\",\n      \"context\": \"x\"\n    }}\n  ]\n]\n",
                serde_json::to_string(&full).unwrap()
            )
        );
        let mut out = Vec::new();
        write_json(&mut out, &[], false).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "[\n\n]\n");
    }
}
