//! The syntax layer: lowering to the AST, syntax error messages and spans, the dump
//! writers, and every prefix of every known input parsing to completion. One test binary,
//! one module per subject, so the suite links the crate once for all of them.

mod ast_text;

mod broken_fixtures;
mod deep_errors;
mod dump_corpus;
mod dump_forms;
mod dump_snippets;
mod epp_templates;
mod error_spans;
mod lower_exprs;
mod lower_input;
mod lower_strings;
mod prefix_parse;
mod syntax_errors;
