//! rein: a linter and formatter for the Puppet language.
//!
//! Layers (data flows one way): `syntax` (tree-sitter parse → typed AST, PN dump) →
//! `rules` | `fmt` | `eval` → `diagnostics` → `cli`.

pub mod cli;
pub mod config;
pub mod diagnostics;
pub mod eval;
pub mod fmt;
pub mod rules;
pub mod syntax;
