//! Unfurl's YAML processing, evaluated statically: the merge directives of an Unfurl
//! document resolved as Unfurl resolves them when it loads the document ([`resolve`]), to
//! find those that make loading fail. The directive keys themselves are read by
//! [`crate::syntax::unfurl`].

pub mod resolve;

pub use resolve::{resolve, Finding, Issue};
