//! `rein unfurl expand FILE`: print an Unfurl document after its merge directives are
//! processed, as Unfurl does when it loads it ([`crate::eval::unfurl::expand`]): block YAML,
//! or JSON (`--format json`, as Python's `json.dumps` writes Unfurl's expanded document).
//! A document Unfurl would fail to load prints nothing; `rein: FILE: why` goes to stderr
//! and the exit status is 1 (2 when the file cannot be read).

use std::path::PathBuf;

use clap::{Subcommand, ValueEnum};

use super::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE};
use crate::config::io_message;

#[derive(clap::Args, Debug)]
pub struct UnfurlArgs {
    #[command(subcommand)]
    command: UnfurlCommand,
}

#[derive(Subcommand, Debug)]
enum UnfurlCommand {
    /// Print the document after its merge directives (`+include`, `+*anchor`, `+/path`)
    /// are processed.
    Expand(ExpandArgs),
}

#[derive(clap::Args, Debug)]
struct ExpandArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = ExpandFormat::Yaml)]
    format: ExpandFormat,
    /// The Unfurl document (an ensemble, a project, a file it includes).
    file: PathBuf,
}

/// Output formats of `rein unfurl expand`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExpandFormat {
    Yaml,
    Json,
}

/// Runs `rein unfurl ...`; returns the exit status.
pub fn run(args: UnfurlArgs) -> i32 {
    let UnfurlCommand::Expand(a) = args.command;
    let display = a.file.display().to_string();
    let bytes = match std::fs::read(&a.file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("rein: {display}: {}", io_message(&e));
            return EXIT_USAGE;
        }
    };
    let file = crate::syntax::yaml::parse_bytes(&bytes);
    match crate::eval::unfurl::expand(&a.file, &file) {
        Ok(v) => {
            match a.format {
                ExpandFormat::Yaml => print!("{}", v.to_yaml()),
                ExpandFormat::Json => println!("{}", v.to_json()),
            }
            EXIT_OK
        }
        Err(message) => {
            eprintln!("rein: {display}: {message}");
            EXIT_FINDINGS
        }
    }
}
