//! Running the enabled rules over one parsed file: syntax findings first, then one walk of
//! the AST dispatching each node to the rules subscribed to its kind, then each rule's file
//! pass, then `# lint:ignore:` suppression.

use super::context::{Context, Facts, FileInput, Frame};
use super::directives;
use super::registry;
use super::{Diagnostic, Level, Rule, RuleMeta, Severity};
use crate::eval::project::Project;
use crate::syntax::visit::{for_each_child, for_each_top_statement, nesting_depth, NodeKind, Slot};
use crate::syntax::{Expr, ParsedFile, SyntaxError};

/// One enabled rule with its severity and options.
pub struct Enabled {
    pub rule: &'static dyn Rule,
    pub severity: Severity,
    pub options: toml::Table,
}

/// The rules to run on a file, with their levels and options.
pub struct RuleSet {
    enabled: Vec<Enabled>,
    by_kind: Vec<Vec<usize>>,
}

impl RuleSet {
    /// A rule set from `(rule, level, options)` entries; rules at `off` are left out.
    pub fn new(entries: Vec<(&'static dyn Rule, Level, toml::Table)>) -> RuleSet {
        let mut enabled = Vec::new();
        for (rule, level, options) in entries {
            if let Some(severity) = level.severity() {
                enabled.push(Enabled {
                    rule,
                    severity,
                    options,
                });
            }
        }
        RuleSet::from_enabled(enabled)
    }

    fn from_enabled(enabled: Vec<Enabled>) -> RuleSet {
        let mut by_kind = vec![Vec::new(); NodeKind::COUNT];
        for (i, e) in enabled.iter().enumerate() {
            for k in e.rule.meta().kinds {
                if let Some(list) = by_kind.get_mut(*k as usize) {
                    list.push(i);
                }
            }
        }
        RuleSet { enabled, by_kind }
    }

    /// Every registered rule at its default level, with default options.
    pub fn defaults() -> RuleSet {
        RuleSet::new(
            registry::all()
                .iter()
                .map(|r| (*r, r.meta().level, toml::Table::new()))
                .collect(),
        )
    }

    /// The validation rules at their default levels: what Puppet's validator checks.
    pub fn validation() -> RuleSet {
        RuleSet::new(
            registry::all()
                .iter()
                .filter(|r| r.meta().category == super::Category::Validation)
                .map(|r| (*r, r.meta().level, toml::Table::new()))
                .collect(),
        )
    }

    /// Only the rule named `name` (any of its names), at `level`.
    pub fn only(name: &str, level: Level) -> RuleSet {
        RuleSet::new(
            registry::find(name)
                .map(|r| (r, level, toml::Table::new()))
                .into_iter()
                .collect(),
        )
    }

    /// The rules of this set that run on EPP templates ([`super::templates`]).
    pub fn for_templates(&self) -> RuleSet {
        let enabled: Vec<Enabled> = self
            .enabled
            .iter()
            .filter(|e| super::templates::runs_in_templates(e.rule.meta()))
            .map(|e| Enabled {
                rule: e.rule,
                severity: e.severity,
                options: e.options.clone(),
            })
            .collect();
        RuleSet::from_enabled(enabled)
    }

    /// The enabled rules.
    pub fn enabled(&self) -> &[Enabled] {
        &self.enabled
    }

    /// The severity of the rule named `name` (canonical name), if enabled.
    pub fn severity_of(&self, name: &str) -> Option<Severity> {
        self.enabled
            .iter()
            .find(|e| e.rule.meta().name == name)
            .map(|e| e.severity)
    }
}

/// The rule a syntax finding belongs to: lexical warnings that Puppet issues with their own
/// code are rules of their own (so they can be configured and suppressed).
fn syntax_rule(e: &SyntaxError) -> &'static str {
    if e.severity == crate::syntax::Severity::Warning
        && e.message.starts_with("Unrecognized escape sequence")
    {
        "unrecognized_escape"
    } else {
        super::syntax::NAME
    }
}

/// Checks one parsed file with `rules`; diagnostics sorted by position.
pub fn check_file(path: &str, parsed: &ParsedFile, rules: &RuleSet) -> Vec<Diagnostic> {
    check_file_with(path, parsed, rules, false)
}

/// [`check_file`], also keeping the findings that `# lint:ignore:` directives suppress
/// (marked [`Diagnostic::ignored`]) when `keep_ignored`.
pub fn check_file_with(
    path: &str,
    parsed: &ParsedFile,
    rules: &RuleSet,
    keep_ignored: bool,
) -> Vec<Diagnostic> {
    check_file_in(path, parsed, rules, keep_ignored, None)
}

/// [`check_file_with`] for a file checked with others: `project` holds the definitions of
/// every file of the run (without it, the file's own).
pub fn check_file_in(
    path: &str,
    parsed: &ParsedFile,
    rules: &RuleSet,
    keep_ignored: bool,
    project: Option<&Project>,
) -> Vec<Diagnostic> {
    let here = || check_nested(path, parsed, rules, keep_ignored, project, 0);
    // The rules and the evaluator recurse with the nesting of the code: a deeply nested
    // file (up to the lowering's limit) is checked on a thread with a stack to match, so
    // a caller's 8 MB main thread is enough.
    if nesting_depth(&parsed.program).0 <= SHALLOW {
        return here();
    }
    std::thread::scope(|s| {
        match std::thread::Builder::new()
            .stack_size(DEEP_STACK)
            .spawn_scoped(s, here)
        {
            Ok(h) => h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)),
            Err(_) => here(),
        }
    })
}

/// Nesting up to which a file is checked on the caller's stack.
const SHALLOW: usize = 200;

/// The stack of the thread that checks a more deeply nested file (reserved, not used).
const DEEP_STACK: usize = 1 << 30;

/// How deep Puppet code embedded in heredocs is checked (a `:pp` heredoc inside the text of
/// a `:pp` heredoc is at depth 2).
const EMBEDDED_DEPTH: usize = 4;

/// [`check_file_in`] of code embedded `depth` levels deep in heredocs, on this thread's stack.
fn check_nested(
    path: &str,
    parsed: &ParsedFile,
    rules: &RuleSet,
    keep_ignored: bool,
    project: Option<&Project>,
    depth: usize,
) -> Vec<Diagnostic> {
    let template_rules;
    let rules = if crate::syntax::epp::template(&parsed.program).is_some() {
        template_rules = rules.for_templates();
        &template_rules
    } else {
        rules
    };
    let mut out = Vec::new();
    let syntax_errors = crate::syntax::errors::drop_cascades(
        &parsed.source,
        &parsed.line_index,
        parsed.errors.clone(),
    );
    let mut broken = false;
    for e in &syntax_errors {
        let name = syntax_rule(e);
        let severity = if name == super::syntax::NAME {
            broken |= e.severity == crate::syntax::Severity::Error;
            Some(e.severity.into())
        } else {
            rules.severity_of(name)
        };
        if let Some(severity) = severity {
            let mut d = Diagnostic::new(e.span, e.message.clone());
            d.rule = name;
            d.severity = severity;
            out.push(d);
        }
    }
    let mut input = FileInput::new(path, parsed);
    input.project = project;
    // Rules read a complete tree only: on a file with syntax errors the lowered program is
    // partial and every finding on it would be a guess.
    if !broken {
        let facts = Facts::default();
        let mut cx = Context::new(&input, &facts);
        let embedded = |inner: &ParsedFile| {
            check_nested("", inner, &RuleSet::validation(), false, None, depth + 1)
        };
        if depth < EMBEDDED_DEPTH {
            cx.embedded = Some(&embedded);
        }
        // The evaluation (which the deep rules report from) is made before any rule runs:
        // its catalog is then built beside the parse alone, not beside a big file's
        // findings too. It is the same whenever it is made.
        // The deep rules report its findings then too (they only report the evaluation's):
        // its findings are given back before the other rules' findings grow. Only the
        // order of one rule's findings matters (the engine sorts by place, then rule).
        let deep = |e: &&Enabled| e.rule.meta().category == super::Category::Deep;
        if rules.enabled.iter().any(|e| deep(&e)) {
            cx.evaluate();
        }
        for e in rules.enabled.iter().filter(deep) {
            cx.current = Some((e.rule.meta(), e.severity, &e.options));
            e.rule.check_file(&mut cx);
        }
        cx.current = None;
        for_each_top_statement(&parsed.program, &mut |stmt, slot| {
            walk(stmt, slot, rules, &mut cx);
        });
        for e in rules.enabled.iter().filter(|e| !deep(e)) {
            cx.current = Some((e.rule.meta(), e.severity, &e.options));
            e.rule.check_file(&mut cx);
        }
        cx.current = None;
        // Taken, not copied, when there is nothing before them: a big file has a copy's
        // worth of findings.
        if out.is_empty() {
            out = std::mem::take(&mut cx.diagnostics);
        } else {
            out.append(&mut cx.diagnostics);
        }
    }
    let severity_of = |name: &str| rules.severity_of(name);
    let text = directives::Commented {
        source: input.source,
        comments: input.comments,
        line_index: input.line_index,
    };
    let mut out = directives::apply(text, out, &severity_of, broken, keep_ignored);
    for (i, d) in out.iter_mut().enumerate() {
        d.order = u32::try_from(i).unwrap_or(u32::MAX);
    }
    // Unstable, with the order last (each diagnostic's own): the same order as a stable
    // sort, without its scratch buffer of half the diagnostics.
    out.sort_unstable_by(|a, b| {
        (a.span.start, a.span.end, a.rule, a.order).cmp(&(
            b.span.start,
            b.span.end,
            b.rule,
            b.order,
        ))
    });
    out
}

fn walk<'a>(expr: &'a Expr, slot: Slot, rules: &'a RuleSet, cx: &mut Context<'a>) {
    cx.stack.push(Frame { expr, slot });
    let kind = expr.kind.node_kind() as usize;
    if let Some(list) = rules.by_kind.get(kind) {
        for &i in list {
            if let Some(e) = rules.enabled.get(i) {
                cx.current = Some((e.rule.meta(), e.severity, &e.options));
                e.rule.check_expr(expr, cx);
            }
        }
        cx.current = None;
    }
    for_each_child(expr, &mut |child, slot| walk(child, slot, rules, cx));
    cx.stack.pop();
}

/// The metadata of the rule named `name` (any of its names).
pub fn meta(name: &str) -> Option<&'static RuleMeta> {
    registry::find(name).map(|r| r.meta())
}
