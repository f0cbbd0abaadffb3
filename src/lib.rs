//! rein: a linter and formatter for the Puppet language.
//!
//! Layers (data flows one way): `syntax` (tree-sitter parse → typed AST, PN dump) →
//! `rules` | `fmt` | `eval` → `diagnostics` | `config` (findings as users see them; the
//! configuration files) → `workspace` (all the state of a run: files, parses,
//! configurations; the check and format pipelines) → `cli` (the command line, a front end
//! over the workspace).

pub mod cli;
pub mod config;
pub mod diagnostics;
pub mod eval;
pub mod fmt;
pub mod lsp;
pub mod rules;
pub mod syntax;
pub mod workspace;
