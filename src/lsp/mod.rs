//! `rein lsp`: a Language Server Protocol 3.17 server over standard input and output, a
//! front end beside the command line that drives the same [`crate::workspace::Workspace`].
//!
//! - [`transport`]: the wire (headers, JSON-RPC errors for malformed messages);
//! - [`server`]: the main loop, the order of messages, debouncing, the panic boundary;
//! - [`documents`]: the open documents and their URIs;
//! - [`position`]: LSP positions in the negotiated encoding;
//! - [`settings`]: initialization options and per-folder configuration;
//! - [`diagnostics`], [`formatting`], [`code_actions`]: the capabilities;
//! - [`locate`] (what a position names), [`navigation`] (hover and definition of names),
//!   [`symbols`] (outline, workspace symbols), [`completion`];
//! - [`edits`]: minimal text edits between two versions of a document.

pub mod code_actions;
pub mod completion;
pub mod diagnostics;
pub mod documents;
pub mod edits;
pub mod formatting;
pub mod locate;
pub mod names;
pub mod navigation;
pub mod position;
pub mod server;
pub mod settings;
pub mod symbols;
pub mod transport;

use std::io::{self, BufReader};

/// Runs the server on standard input and output until `exit` or the end of input; the
/// exit status (1 for `exit` without `shutdown`, as the protocol says).
pub fn run() -> i32 {
    let t = match transport::start(BufReader::new(io::stdin()), io::stdout()) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("rein lsp: cannot start: {e}");
            return 2;
        }
    };
    let end = server::Server::serve(t.incoming, t.outgoing);
    // Everything queued is written before the process ends (the reader has stopped: the
    // input ended, or `exit` was read).
    for th in t.threads.into_iter().rev().take(1) {
        let _ = th.join();
    }
    match end {
        server::End::Clean | server::End::InputClosed => 0,
        server::End::ExitWithoutShutdown => 1,
    }
}
