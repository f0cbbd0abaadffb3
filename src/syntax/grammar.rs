//! The compiled tree-sitter grammar (`tree-sitter-grammar/`), exposed as a `Language`.

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_puppet() -> *const ();
}

/// The tree-sitter language function of rein's Puppet grammar.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_puppet) };

/// The grammar as a tree-sitter `Language`.
pub fn language() -> tree_sitter::Language {
    LANGUAGE.into()
}

/// `node-types.json` of the grammar, for tests that check node kinds.
pub const NODE_TYPES: &str = include_str!("../../tree-sitter-grammar/src/node-types.json");
