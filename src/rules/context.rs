//! What a rule sees while it runs: the file, the node being visited with its ancestors,
//! the rule's options, facts computed once per file, and where to report diagnostics.

use crate::eval::evaluator::{self, Finding, Place};
use crate::eval::loader::ModulePath;
use crate::eval::project::Project;
use std::cell::{OnceCell, RefCell};

use super::diagnostic::{Diagnostic, Related, RelatedAt, Severity};
use super::lint_tokens::{whitespace_runs, WsRun};
use super::meta::{OptionKind, RuleMeta};
use super::scopes::Scopes;
use super::whitespace_tokens::{interpolations, stream_tokens, PlTok, Stream};
use crate::syntax::tokens::Token;
use crate::syntax::visit::{for_each_child, for_each_top_statement, Slot};
use crate::syntax::{Comment, Expr, ExprKind, LineIndex, ParsedFile, Program, Span, StringPart};

/// The file being checked.
pub struct FileInput<'a> {
    /// The path as given on the command line (or as found below a directory).
    pub path: &'a str,
    pub source: &'a str,
    pub program: &'a Program,
    pub comments: &'a [Comment],
    pub line_index: &'a LineIndex,
    pub parsed: &'a ParsedFile,
    /// The definitions of every file of the run, when the file is checked with others.
    pub project: Option<&'a Project>,
}

impl<'a> FileInput<'a> {
    pub fn new(path: &'a str, parsed: &'a ParsedFile) -> FileInput<'a> {
        FileInput {
            parsed,
            path,
            source: &parsed.source,
            program: &parsed.program,
            comments: &parsed.comments,
            line_index: &parsed.line_index,
            project: None,
        }
    }
}

/// Where a manifest sits in a module, from its path (`<module>/manifests/<sub>.pp`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModuleLayout {
    /// The module directory's name (`apache` for `.../apache/manifests/init.pp`).
    pub module: String,
    /// The path below `manifests/` without `.pp`, split at `/` (`["mod", "php"]`).
    pub sub_path: Vec<String>,
}

impl ModuleLayout {
    /// The layout of `path`, when it is below a `manifests` directory.
    pub fn of(path: &str) -> Option<ModuleLayout> {
        let parts: Vec<&str> = path.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
        let m = parts.iter().rposition(|p| *p == "manifests")?;
        let module = (*parts.get(m.checked_sub(1)?)?).to_string();
        let rest = parts.get(m + 1..)?;
        let (last, dirs) = rest.split_last()?;
        let stem = last.strip_suffix(".pp")?;
        let mut sub_path: Vec<String> = dirs.iter().map(|s| s.to_string()).collect();
        sub_path.push(stem.to_string());
        Some(ModuleLayout { module, sub_path })
    }

    /// The name a class or define in this file must have to be autoloaded
    /// (`apache` for `init.pp`, `apache::mod::php` for `mod/php.pp`).
    pub fn expected_name(&self) -> String {
        if self.sub_path.len() == 1 && self.sub_path.first().is_some_and(|s| s == "init") {
            return self.module.clone();
        }
        let mut name = self.module.clone();
        for s in &self.sub_path {
            name.push_str("::");
            name.push_str(s);
        }
        name
    }
}

/// Facts about the file that several rules use; each is computed at most once per file.
#[derive(Default)]
pub struct Facts {
    /// The file's own definitions, when it is checked on its own.
    own_project: OnceCell<Project>,
    module_layout: OnceCell<Option<ModuleLayout>>,
    tokens: OnceCell<Vec<Token>>,
    whitespace_tokens: OnceCell<Vec<PlTok>>,
    whitespace_runs: OnceCell<Vec<WsRun>>,
    scopes: OnceCell<Scopes>,
    /// Where the file's classes are, by name ([`crate::eval::loader::class_paths`]).
    class_paths: OnceCell<std::collections::HashMap<String, Vec<u32>>>,
    /// The evaluator's findings not yet reported (each deep rule takes its share).
    evaluation: OnceCell<RefCell<Vec<Finding>>>,
    module_path: OnceCell<ModulePath>,
}

/// How the engine checks embedded Puppet code (see [`Context::check_embedded`]).
pub type EmbeddedCheck<'a> = dyn Fn(&ParsedFile) -> Vec<Diagnostic> + 'a;

/// One step on the path from the program to the current node.
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    pub expr: &'a Expr,
    /// The role of `expr` in its parent.
    pub slot: Slot,
}

/// The rule's view of the file and the walk.
pub struct Context<'a> {
    pub file: &'a FileInput<'a>,
    facts: &'a Facts,
    /// From the top-level statement down to the current node (inclusive).
    pub(super) stack: Vec<Frame<'a>>,
    pub(super) current: Option<(&'static RuleMeta, Severity, &'a toml::Table)>,
    pub(super) diagnostics: Vec<Diagnostic>,
    /// Checks Puppet code embedded in the file (the text of a `:pp` heredoc) as a file of
    /// its own with the validation rules; set by the engine (none: not checked).
    pub(super) embedded: Option<&'a EmbeddedCheck<'a>>,
}

impl<'a> Context<'a> {
    pub(super) fn new(file: &'a FileInput<'a>, facts: &'a Facts) -> Context<'a> {
        Context {
            file,
            facts,
            stack: Vec::new(),
            current: None,
            diagnostics: Vec::new(),
            embedded: None,
        }
    }

    /// What Puppet's validator finds in embedded Puppet code `parsed` (the text of a `:pp`
    /// heredoc): its syntax errors and the findings of the validation rules, in order.
    /// Empty when embedded code is not checked (nested too deep).
    pub fn check_embedded(&self, parsed: &ParsedFile) -> Vec<Diagnostic> {
        self.embedded.map(|check| check(parsed)).unwrap_or_default()
    }

    /// The source text.
    pub fn source(&self) -> &'a str {
        self.file.source
    }

    /// The text of `span` (empty when out of range).
    pub fn text(&self, span: Span) -> &'a str {
        self.file.source.get(span.start()..span.end()).unwrap_or("")
    }

    /// Reports a problem found by the running rule.
    pub fn report(&mut self, mut d: Diagnostic) {
        if let Some((meta, severity, _)) = self.current {
            d.rule = meta.name;
            d.severity = severity;
            self.diagnostics.push(d);
        }
    }

    /// Reports a problem at most at warning severity (the rule's milder, uncertain form).
    pub fn report_milder(&mut self, mut d: Diagnostic) {
        if let Some((meta, severity, _)) = self.current {
            d.rule = meta.name;
            d.severity = match severity {
                Severity::Error | Severity::Warning => Severity::Warning,
            };
            self.diagnostics.push(d);
        }
    }

    /// Where this file's code finds other modules (computed once per file).
    pub fn module_path(&self) -> &ModulePath {
        self.facts.module_path.get_or_init(|| {
            let path = std::path::Path::new(self.file.path);
            let project = self.project();
            let log = project.reads.as_ref().and_then(|r| r.log_for(path));
            ModulePath::for_file(path, project).recording(log)
        })
    }

    /// Evaluates the file with the static evaluator, unless done already (once per file;
    /// the deep rules each report their share of its findings).
    pub fn evaluate(&self) {
        self.evaluation();
    }

    fn evaluation(&self) -> &RefCell<Vec<Finding>> {
        self.facts.evaluation.get_or_init(|| {
            let project = self.project();
            let options = evaluator::Options {
                project,
                module_path: self.module_path(),
                is_fact: &super::facter::is_fact,
            };
            RefCell::new(evaluator::evaluate(self.file.program, &options))
        })
    }

    /// Reports the evaluator's findings for the running rule.
    pub fn report_evaluation(&mut self) {
        self.report_evaluation_with(|_, _| {});
    }

    /// Reports the evaluator's findings for the running rule, each worded by `adjust`
    /// first (which may use the places the finding involves). They are moved, not
    /// copied, out of what the evaluation found: a big file has a finding per line or more.
    pub fn report_evaluation_with(&mut self, adjust: impl Fn(&Context<'a>, &mut Diagnostic)) {
        let Some((meta, _, _)) = self.current else {
            return;
        };
        let mut all = std::mem::take(&mut *self.evaluation().borrow_mut());
        for mut f in all.extract_if(.., |f| f.rule == meta.name) {
            let more = f.take_more();
            let mut d = Diagnostic::new(f.span, f.message);
            if let Some(h) = more.help {
                d = d.with_help(h);
            }
            for r in more.related.into_iter().map(|r| Related {
                at: match r.place {
                    Place::Here(span) => RelatedAt::Span(span),
                    Place::Elsewhere { path, line, column } => RelatedAt::Position {
                        path: path.display().to_string(),
                        line,
                        column,
                    },
                },
                message: r.message,
            }) {
                d.push_related(r);
            }
            adjust(self, &mut d);
            if f.warning {
                self.report_milder(d);
            } else {
                self.report(d);
            }
        }
        // The others stay for their rules (none left: their memory is given back).
        if !all.is_empty() {
            *self.evaluation().borrow_mut() = all;
        }
    }

    /// `path:line` of a related place (this file's path as displayed).
    pub fn place_of(&self, at: &RelatedAt) -> String {
        match at {
            RelatedAt::Span(span) => {
                format!(
                    "{}:{}",
                    self.file.path,
                    self.file.line_index.line(span.start())
                )
            }
            RelatedAt::Position { path, line, .. } => format!("{path}:{line}"),
        }
    }

    /// The role of the current node in its parent.
    pub fn slot(&self) -> Option<Slot> {
        self.stack.last().map(|f| f.slot)
    }

    /// The current node's parent and the parent's own slot.
    pub fn parent(&self) -> Option<Frame<'a>> {
        let n = self.stack.len();
        n.checked_sub(2).and_then(|i| self.stack.get(i)).copied()
    }

    /// Whether the current node `expr` is interpolated into a string without braces (`"$x"`).
    pub fn in_unbraced_interpolation(&self, expr: &Expr) -> bool {
        if self.slot() != Some(Slot::Interpolation) {
            return false;
        }
        let Some(parent) = self.parent() else {
            return false;
        };
        let ExprKind::Concat(parts) = &parent.expr.kind else {
            return false;
        };
        parts.iter().any(|p| match p {
            StringPart::Interpolation {
                expr: e, braces, ..
            } => !braces && e.span == expr.span,
            _ => false,
        })
    }

    /// The path from the top-level statement to the current node (inclusive).
    pub fn path(&self) -> &[Frame<'a>] {
        &self.stack
    }

    /// The ancestors of the current node, innermost first (the node itself excluded).
    pub fn ancestors(&self) -> impl Iterator<Item = Frame<'a>> + '_ {
        let n = self.stack.len().saturating_sub(1);
        self.stack.get(..n).unwrap_or(&[]).iter().rev().copied()
    }

    /// The statement list the current node is a statement of (the program's, a body's, one
    /// case option's), in source order; empty when the node is not a statement.
    pub fn statement_list(&self) -> Vec<&'a Expr> {
        let Some(Frame {
            expr,
            slot: Slot::Statement { .. },
        }) = self.stack.last().copied()
        else {
            return Vec::new();
        };
        // A parent may own several lists (the options of a case, `if` and `else`): each list
        // starts at index 0.
        let mut lists: Vec<Vec<&'a Expr>> = Vec::new();
        let mut push = |e: &'a Expr, slot: Slot| {
            if let Slot::Statement { index, .. } = slot {
                if index == 0 || lists.is_empty() {
                    lists.push(Vec::new());
                }
                if let Some(list) = lists.last_mut() {
                    list.push(e);
                }
            }
        };
        match self.parent() {
            Some(p) => for_each_child(p.expr, &mut push),
            None => for_each_top_statement(self.file.program, &mut push),
        }
        lists
            .into_iter()
            .find(|l| l.iter().any(|e| std::ptr::eq(*e, expr)))
            .unwrap_or_default()
    }

    /// The module layout of this file, if it is below a `manifests` directory.
    /// The definitions the file may use: those of every file of the run, or the file's own
    /// when it is checked alone.
    pub fn project(&self) -> &Project {
        match self.file.project {
            Some(p) => p,
            None => self
                .facts
                .own_project
                .get_or_init(|| Project::of(self.file.program)),
        }
    }

    pub fn module_layout(&self) -> Option<&ModuleLayout> {
        self.facts
            .module_layout
            .get_or_init(|| ModuleLayout::of(self.file.path))
            .as_ref()
    }

    /// The file's tokens in source order: those its parse keeps, or else computed on
    /// first use, once per file.
    pub fn tokens(&self) -> &'a [Token] {
        let facts: &'a Facts = self.facts;
        match crate::syntax::tokens::kept(self.file.parsed) {
            Some(kept) => kept,
            None => facts
                .tokens
                .get_or_init(|| crate::syntax::tokens::tokens(self.file.parsed)),
        }
    }

    /// The file's tokens with the whitespace between them as tokens of their own, as the
    /// `manifest_whitespace_*` checks read them (computed on first use, once per file).
    pub fn whitespace_tokens(&self) -> Stream<'a> {
        let facts: &'a Facts = self.facts;
        let toks = facts.whitespace_tokens.get_or_init(|| {
            stream_tokens(
                self.file.source,
                self.tokens(),
                &interpolations(self.file.program),
            )
        });
        Stream {
            source: self.file.source,
            toks,
        }
    }

    /// The whitespace runs between the file's tokens (puppet-lint's `INDENT` and
    /// `WHITESPACE` tokens), computed on first use, once per file.
    pub fn whitespace_runs(&self) -> &'a [WsRun] {
        let facts: &'a Facts = self.facts;
        facts
            .whitespace_runs
            .get_or_init(|| whitespace_runs(self.file.source, self.tokens()).collect())
    }

    /// The scopes of the file with their parameters and assigned variables (computed on
    /// first use, once per file).
    pub fn scopes(&self) -> &Scopes {
        self.facts
            .scopes
            .get_or_init(|| Scopes::of(self.file.program))
    }

    /// The file's first class named `key` (lower case, no leading `::`; nested classes
    /// included), found through an index built once per file.
    pub fn local_class(&self, key: &str) -> Option<&'a crate::syntax::ClassDef> {
        let paths = self
            .facts
            .class_paths
            .get_or_init(|| crate::eval::loader::class_paths(self.file.program));
        crate::eval::loader::class_at(self.file.program, paths.get(key)?)
    }

    /// The file's lines: 1-based number and the span of the line without its `\n` (a
    /// `\r` before it is part of the line).
    pub fn lines(&self) -> impl Iterator<Item = (usize, Span)> + 'a {
        let source = self.file.source;
        let mut start = 0;
        let mut number = 0;
        std::iter::from_fn(move || {
            if start > source.len() || (start == source.len() && number > 0) {
                return None;
            }
            let end = source
                .get(start..)
                .and_then(|r| r.find('\n'))
                .map_or(source.len(), |i| start + i);
            number += 1;
            let span = Span::new(start, end);
            start = end + 1;
            Some((number, span))
        })
    }

    fn option_value(&self, name: &str) -> Option<toml::Value> {
        let (meta, _, table) = self.current?;
        if let Some(v) = table.get(name) {
            return Some(v.clone());
        }
        let opt = meta.options.iter().find(|o| o.name == name)?;
        default_value(opt.kind, opt.default)
    }

    /// The running rule's integer option `name` (configured, or its default).
    pub fn option_int(&self, name: &str) -> Option<i64> {
        self.option_value(name).and_then(|v| v.as_integer())
    }

    /// The running rule's boolean option `name`.
    pub fn option_bool(&self, name: &str) -> Option<bool> {
        self.option_value(name).and_then(|v| v.as_bool())
    }

    /// The running rule's string option `name`.
    pub fn option_str(&self, name: &str) -> Option<String> {
        self.option_value(name)
            .and_then(|v| v.as_str().map(str::to_string))
    }

    /// The running rule's string-list option `name`.
    pub fn option_list(&self, name: &str) -> Vec<String> {
        match self.option_value(name) {
            Some(toml::Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect(),
            _ => Vec::new(),
        }
    }
}

/// Parses an option's default, written as a TOML value.
pub fn default_value(kind: OptionKind, text: &str) -> Option<toml::Value> {
    let table: toml::Table = toml::from_str(&format!("v = {text}")).ok()?;
    let v = table.get("v")?.clone();
    let ok = matches!(
        (kind, &v),
        (OptionKind::Bool, toml::Value::Boolean(_))
            | (OptionKind::Integer, toml::Value::Integer(_))
            | (OptionKind::String, toml::Value::String(_))
            | (OptionKind::StringList, toml::Value::Array(_))
    );
    ok.then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_layout_from_paths() {
        let l = ModuleLayout::of("mods/apache/manifests/mod/php.pp").unwrap();
        assert_eq!(l.module, "apache");
        assert_eq!(l.expected_name(), "apache::mod::php");
        let l = ModuleLayout::of("/x/ntp/manifests/init.pp").unwrap();
        assert_eq!(l.expected_name(), "ntp");
        assert_eq!(ModuleLayout::of("site.pp"), None);
        assert_eq!(ModuleLayout::of("manifests/init.pp"), None);
    }

    #[test]
    fn option_defaults_parse_by_kind() {
        assert_eq!(
            default_value(OptionKind::Integer, "140"),
            Some(toml::Value::Integer(140))
        );
        assert_eq!(default_value(OptionKind::Bool, "140"), None);
        assert!(default_value(OptionKind::StringList, "[\"a\"]").is_some());
    }
}
