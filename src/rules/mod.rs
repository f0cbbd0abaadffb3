//! The rule engine and every rule.
//!
//! A rule is one file `src/rules/<family>/<name>.rs` holding a unit struct that implements
//! [`Rule`] and its [`RuleMeta`] (name, default level, category, fix availability,
//! puppet-lint name, aliases, the node kinds it subscribes to, options), plus its
//! documentation page `rules/<name>.md` (included into the binary: `rein rule NAME` prints
//! it, and its examples are the rule's tests), plus one line in [`registry`] (and its `mod`
//! line in the family's `mod.rs`).
//!
//! The family of a rule follows from its metadata:
//!
//! - [`validation`]: category `validation`, what Puppet's validator rejects;
//! - [`deep`]: category `deep`, what Puppet finds when it compiles a catalog;
//! - [`puppet_lint`]: style and layout checks of puppet-lint itself (no plugin);
//! - [`voxpupuli`]: checks of puppet-lint plugins (a [`Plugin`] in the metadata);
//! - [`suppression`]: category `suppression`, problems with `# lint:ignore:` directives;
//! - the `syntax` pseudo-rule ([`syntax`]), under which parse errors are reported, sits
//!   beside the engine.
//!
//! The engine: [`engine::check_file`] walks a parsed file's AST once; at each expression it
//! calls the rules subscribed to that expression's [`NodeKind`], then every rule's file
//! pass (for token and line checks), then applies the file's `# lint:ignore:`
//! [`directives`]. Rules report [`Diagnostic`]s through a [`Context`], which also holds what
//! every rule may need: the file, the ancestors of the current node and facts computed once
//! per file. [`fix`] applies the fixes of diagnostics.
//!
//! Beside the engine, what rules of several families share: resource expressions
//! ([`resources`]), quoting ([`quoting`]), Facter's facts ([`facter`]), classes and defined
//! types as the lint checks see them ([`class_or_define`]), the scopes of a file
//! ([`scopes`]), and rein's tokens as puppet-lint's lexer sees them ([`lint_tokens`],
//! [`whitespace_tokens`]).

// ---- the engine ----
pub mod context;
pub mod directives;
pub mod engine;
pub mod fix;
pub mod registry;
pub mod syntax;
#[cfg(test)]
pub mod testing;

// ---- shared by the rules of several families ----
pub mod class_or_define;
pub mod facter;
pub mod lint_tokens;
pub mod quoting;
pub mod resources;
pub mod scopes;
pub mod whitespace_tokens;

// ---- rule families ----
pub mod deep;
pub mod puppet_lint;
pub mod suppression;
pub mod validation;
pub mod voxpupuli;

use serde::Serialize;

pub use crate::syntax::visit::{BodyKind, NodeKind, Slot};
pub use context::Context;

use crate::syntax::{Expr, Span};

/// How bad a finding is. Only errors change the exit status of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl From<crate::syntax::Severity> for Severity {
    fn from(s: crate::syntax::Severity) -> Severity {
        match s {
            crate::syntax::Severity::Error => Severity::Error,
            crate::syntax::Severity::Warning => Severity::Warning,
        }
    }
}

/// The configured level of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Off,
    Warning,
    Error,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Off => "off",
            Level::Warning => "warning",
            Level::Error => "error",
        }
    }

    /// Parses `off`, `warning` or `error`.
    pub fn parse(s: &str) -> Option<Level> {
        match s {
            "off" => Some(Level::Off),
            "warning" => Some(Level::Warning),
            "error" => Some(Level::Error),
            _ => None,
        }
    }

    /// The severity of findings at this level (`None` when off).
    pub fn severity(self) -> Option<Severity> {
        match self {
            Level::Off => None,
            Level::Warning => Some(Severity::Warning),
            Level::Error => Some(Severity::Error),
        }
    }
}

/// What a rule is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// Parse errors (the `syntax` pseudo-rule).
    Syntax,
    /// Constraints of the language that Puppet's validator or runtime enforces.
    Validation,
    /// Problems with `# lint:ignore:` directives.
    Suppression,
    /// Style checks (puppet-lint and its plugins).
    Style,
    /// Whitespace and layout checks.
    Layout,
    /// Likely bugs that are not errors in Puppet.
    Correctness,
    /// What Puppet finds only when it compiles or applies a catalog (unknown attributes,
    /// missing parameters, ...), found by rein's evaluator and the definitions of the run.
    Deep,
}

impl Category {
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Syntax => "syntax",
            Category::Validation => "validation",
            Category::Suppression => "suppression",
            Category::Style => "style",
            Category::Layout => "layout",
            Category::Correctness => "correctness",
            Category::Deep => "deep",
        }
    }
}

/// Whether a rule can fix what it finds, and how safely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FixKind {
    /// No fix.
    None,
    /// Fixes keep the meaning of the code (applied by `--fix`).
    Safe,
    /// Fixes may change the meaning (applied only with `--unsafe-fixes`).
    Unsafe,
}

/// Whether one fix keeps the code's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    Safe,
    Unsafe,
}

/// Replace the bytes of `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    #[serde(skip)]
    pub span: Span,
    pub replacement: String,
}

impl Edit {
    pub fn replace(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            span,
            replacement: replacement.into(),
        }
    }
    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), text)
    }
    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

/// A fix: edits applied together, or not at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

impl Fix {
    pub fn safe(edits: Vec<Edit>) -> Fix {
        Fix {
            edits,
            applicability: Applicability::Safe,
        }
    }
    pub fn unsafe_(edits: Vec<Edit>) -> Fix {
        Fix {
            edits,
            applicability: Applicability::Unsafe,
        }
    }
}

/// One problem a rule found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's name (set by the engine).
    pub rule: &'static str,
    /// The severity (set by the engine from the rule's configured level).
    pub severity: Severity,
    pub span: Span,
    pub message: String,
    /// What to do about it, when the message alone does not say.
    pub help: Option<String>,
    pub fix: Option<Fix>,
    /// Suppressed by a `# lint:ignore:` directive, with the directive's reason (empty when
    /// it gives none). Only kept when the run shows ignored findings.
    pub ignored: Option<String>,
}

impl Diagnostic {
    /// A diagnostic at `span`; the engine fills in the rule and severity.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            rule: "",
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
            fix: None,
            ignored: None,
        }
    }
    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fix = Some(fix);
        self
    }
}

/// The type of a rule option's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionKind {
    Bool,
    Integer,
    String,
    /// An array of strings.
    StringList,
}

/// An option a rule accepts in `[rules.NAME]`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RuleOption {
    pub name: &'static str,
    pub kind: OptionKind,
    /// The default, written as a TOML value (`140`, `true`, `["a", "b"]`, `"x"`).
    pub default: &'static str,
    pub doc: &'static str,
}

/// A puppet-lint plugin check that a rule implements.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Plugin {
    /// The gem that provides the check (`puppet-lint-trailing_comma-check`).
    pub gem: &'static str,
    /// The plugin's own severity: the level the rule is switched on at by `--select`.
    pub level: Level,
}

/// What the registry and the docs know about a rule.
#[derive(Debug)]
pub struct RuleMeta {
    /// snake_case; puppet-lint's name where puppet-lint has the check.
    pub name: &'static str,
    /// Level when the configuration says nothing.
    pub level: Level,
    pub category: Category,
    pub fix: FixKind,
    /// The puppet-lint check (or plugin check) this rule implements, also when its name is
    /// the rule's own name (`rein rule --format json` reports it; tools map findings with it).
    pub puppet_lint: Option<&'static str>,
    /// The puppet-lint plugin (a gem outside puppet-lint itself) whose check of the same name
    /// this rule implements. Plugin rules are off by default and form the `voxpupuli` group.
    pub plugin: Option<Plugin>,
    /// Other names accepted everywhere a rule name is (Puppet issue codes, old names).
    pub aliases: &'static [&'static str],
    /// The rein version that added the rule.
    pub since: &'static str,
    /// One line saying what the rule finds.
    pub summary: &'static str,
    /// The rule's documentation page (`rules/<name>.md`).
    pub doc: &'static str,
    /// The expression kinds whose nodes the rule's `check_expr` receives.
    pub kinds: &'static [NodeKind],
    pub options: &'static [RuleOption],
}

impl RuleMeta {
    /// Every name the rule answers to: its name, its puppet-lint name and its aliases.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name)
            .chain(self.puppet_lint)
            .chain(self.aliases.iter().copied())
    }
}

/// A rule. Implementations are unit structs; all state lives in the [`Context`].
pub trait Rule: Sync + Send {
    fn meta(&self) -> &'static RuleMeta;

    /// Called for each expression whose kind is in `meta().kinds`, in source order.
    fn check_expr(&self, _expr: &Expr, _cx: &mut Context<'_>) {}

    /// Called once per file, after the walk (token and line passes).
    fn check_file(&self, _cx: &mut Context<'_>) {}
}
