//! Unfurl's YAML processing, evaluated statically: the merge directives of an Unfurl
//! document resolved as Unfurl resolves them when it loads the document ([`resolve`]), to
//! find those that make loading fail, and the document they give ([`expand`], over the
//! [`value`]s Unfurl's loader builds). Included files are [`read`] only when regular. The
//! directive keys themselves are read by [`crate::syntax::unfurl`].

pub mod expand;
pub mod read;
pub mod resolve;
pub mod value;

pub use expand::expand;
pub use resolve::{resolve, Finding, Issue};
