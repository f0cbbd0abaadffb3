//! `rein completions SHELL`: prints the completion script of rein's command line for a
//! shell (bash, elvish, fish, powershell, zsh), generated from the same definition the
//! command line is parsed with (clap_complete), so that it completes every command and
//! option rein has.

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, EXIT_OK};

/// Arguments of `rein completions`.
#[derive(clap::Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete rein's command line in.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Runs `rein completions`; returns the exit status.
pub fn run(args: &CompletionsArgs) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "rein", &mut script);
    super::output::print(&script, EXIT_OK)
}
