//! Command-line interface: argument parsing and the `check` and `dump` commands.

/// Runs rein with the process arguments and returns the exit code.
pub fn main() -> i32 {
    eprintln!("rein: not yet implemented");
    2
}
