//! Standard output: a write that fails is an error (a message, exit status 2), so that
//! `rein fmt - < f > g && mv g f` never empties `f` on a full disk; only a closed pipe
//! (`rein check | head`) ends the output quietly, with the status the command had.

use std::io::{self, Write};

use super::EXIT_USAGE;
use crate::config::io_message;
use crate::workspace::run_memo::Replay;

/// The exit status a write to standard output that gave `result` calls for: `None` when
/// it went well or the reader went away; otherwise 2, once the message is printed.
pub fn failed(result: io::Result<()>) -> Option<i32> {
    match result {
        Ok(()) => None,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => None,
        Err(e) => {
            eprintln!("rein: cannot write to standard output: {}", io_message(&e));
            Some(EXIT_USAGE)
        }
    }
}

/// Writes `bytes` to standard output; `status` unless that fails (see [`failed`]).
pub fn print(bytes: &[u8], status: i32) -> i32 {
    let mut out = io::stdout().lock();
    let written = out.write_all(bytes).and_then(|()| out.flush());
    failed(written).unwrap_or(status)
}

/// Copies the output a run memo kept to standard output; its status unless that fails.
pub fn replay(replay: Replay) -> i32 {
    let status = replay.status;
    let mut out = io::stdout().lock();
    let written = replay.copy_to(&mut out).and_then(|()| out.flush());
    failed(written).unwrap_or(status)
}
