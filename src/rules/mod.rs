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
//! [`directives`]. Rules report [`Diagnostic`]s ([`diagnostic`]) through a [`Context`], which
//! also holds what every rule may need: the file, the ancestors of the current node and facts
//! computed once per file. [`meta`] holds what a rule is; [`fix`] applies the fixes of
//! diagnostics.
//!
//! Beside the engine, the facts the [`Context`] computes once per file and what rules of
//! several families share: resource expressions ([`resources`]), quoting ([`quoting`]),
//! Facter's facts ([`facter`]), classes and defined types as the lint checks see them
//! ([`class_or_define`]), the scopes of a file ([`scopes`]), and rein's tokens as
//! puppet-lint's lexer sees them ([`lint_tokens`]; with whitespace tokens for the
//! `manifest_whitespace` checks, [`whitespace_tokens`]).

// ---- the engine ----
pub mod context;
pub mod diagnostic;
pub mod directives;
pub mod engine;
pub mod fix;
pub mod meta;
pub mod registry;
pub mod syntax;
#[cfg(test)]
pub mod testing;
pub mod yaml_context;
pub mod yaml_engine;
pub mod yaml_key_limit;

// ---- per-file facts of the Context, and what rules of several families share ----
pub mod class_or_define;
pub mod facter;
pub mod lint_tokens;
pub mod quoting;
pub mod resources;
pub mod scopes;
pub mod templates;
pub mod whitespace_tokens;

// ---- rule families ----
pub mod deep;
pub mod epp;
pub mod hiera;
pub mod puppet_lint;
pub mod suppression;
pub mod unfurl;
pub mod validation;
pub mod voxpupuli;
pub mod yaml;

pub use crate::syntax::visit::{BodyKind, NodeKind, Slot};
pub use context::Context;
pub use diagnostic::{Applicability, Diagnostic, Edit, Fix, Severity};
pub use meta::{Category, FixKind, Level, OptionKind, Plugin, RuleMeta, RuleOption};

use crate::syntax::Expr;

/// A rule. Implementations are unit structs; all state lives in the [`Context`].
pub trait Rule: Sync + Send {
    fn meta(&self) -> &'static RuleMeta;

    /// Called for each expression whose kind is in `meta().kinds`, in source order.
    fn check_expr(&self, _expr: &Expr, _cx: &mut Context<'_>) {}

    /// Called once per file, after the walk (token and line passes).
    fn check_file(&self, _cx: &mut Context<'_>) {}

    /// Called once per YAML file that parses (Hiera's, Unfurl's: see
    /// [`yaml_context::YamlKind`]); rules that do not look at YAML leave it empty.
    fn check_yaml(&self, _cx: &mut yaml_context::YamlContext<'_>) {}
}
