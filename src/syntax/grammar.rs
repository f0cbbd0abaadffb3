//! The compiled tree-sitter grammars (`tree-sitter-grammar/` and its EPP dialect
//! `tree-sitter-grammar/epp/`), exposed as `Language`s.

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_puppet() -> *const ();
    fn tree_sitter_epp() -> *const ();
}

/// The tree-sitter language function of rein's Puppet grammar.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_puppet) };

/// The grammar as a tree-sitter `Language`.
pub fn language() -> tree_sitter::Language {
    LANGUAGE.into()
}

/// `node-types.json` of the grammar, for tests that check node kinds.
pub const NODE_TYPES: &str = include_str!("../../tree-sitter-grammar/src/node-types.json");

/// The tree-sitter language function of the EPP dialect (templates).
pub const EPP_LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_epp) };

/// The EPP grammar as a tree-sitter `Language`.
pub fn epp_language() -> tree_sitter::Language {
    EPP_LANGUAGE.into()
}
