//! AST → document (being split by node family).

mod lists;

pub(crate) use lists::Formatter;
