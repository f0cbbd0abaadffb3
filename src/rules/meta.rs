//! What the registry and the docs know about a rule ([`RuleMeta`]): its name, [`Level`],
//! [`Category`], [`FixKind`], [`Plugin`] and [`RuleOption`]s.

use serde::Serialize;

use super::diagnostic::Severity;
use crate::syntax::visit::NodeKind;

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
