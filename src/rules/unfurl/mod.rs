//! The Unfurl family: rules on Unfurl's documents (YAML files that say
//! `apiVersion: unfurl/...`, or that `[files] unfurl` names): merge directive keys Unfurl
//! rejects or ignores, directives it cannot resolve (includes, anchors, paths, merges), and
//! `eval` expressions it fails on or misreads. What they share is in [`findings`].

pub mod findings;
pub mod unfurl_eval_stray_bracket;
pub mod unfurl_eval_syntax;
pub mod unfurl_ignored_directive;
pub mod unfurl_invalid_directive;
pub mod unfurl_merge_conflict;
pub mod unfurl_missing_include;
pub mod unfurl_unknown_anchor;
pub mod unfurl_unresolved_path;
