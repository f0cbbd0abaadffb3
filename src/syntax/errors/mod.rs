//! Syntax errors from tree-sitter's error recovery (being split by construct).

mod region;

pub use region::{collect, drop_cascades};
