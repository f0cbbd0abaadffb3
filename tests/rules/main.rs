//! The analyses on parsed files: rule pages and their examples, suppression directives,
//! the validation and deep rules against Puppet's recorded verdicts, the evaluator on
//! generated code, and the formatter's fixtures and safety checks. One test binary, one
//! module per subject, so the suite links the crate once for all of them.

mod deep_fixtures;
mod deep_nesting;
mod docs;
mod eval_robustness;
mod expect;
mod fmt_canonical;
mod fmt_fixtures;
mod fmt_safety;
mod fmt_scripts;
mod suppression;
mod unfurl_documents;
mod validate_fixtures;
