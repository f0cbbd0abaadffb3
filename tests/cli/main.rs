//! rein as a program: each command run as a process on files in a temporary directory
//! (check, fix, fmt, dump, rule, init, completions, man, the puppet-lint compatible
//! command line, the pre-commit hooks, help, paths and usage errors), hostile input, and
//! configuration (discovery, the resolver, the generated reference). One test binary, one
//! module per subject, so the suite links the crate once for all of them.

mod harness;

mod bad_input;
mod cache;
mod cache_memo;
mod check;
mod completions;
mod config;
mod config_lintrc;
mod config_reference;
mod config_resolver;
mod config_strict;
mod deep;
mod dump;
mod duplicate_resource;
mod editor_session;
mod emacs;
mod epp;
mod eval_safety;
mod faults;
mod fix;
mod fmt;
mod hiera;
mod hygiene;
mod init;
mod lsp;
mod man;
mod neovim;
mod output;
mod pre_commit;
mod puppet_lint;
mod puppet_lint_mode;
mod rule;
mod stdin;
mod templates;
mod unfurl;
mod unknown_attribute;
mod unknown_names;
