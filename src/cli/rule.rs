//! `rein rule`: list the rules, or print one rule's documentation page.

use super::{EXIT_OK, EXIT_USAGE};
use crate::rules::registry;

/// Arguments of `rein rule`.
#[derive(clap::Args, Debug)]
pub struct RuleArgs {
    /// The rule to document (its name, puppet-lint name or an alias). Without it, every
    /// rule is listed.
    pub name: Option<String>,
}

/// Runs `rein rule`; returns the exit status.
pub fn run(args: RuleArgs) -> i32 {
    match args.name {
        Some(name) => match registry::find(&name) {
            Some(rule) => {
                print!("{}", rule.meta().doc);
                EXIT_OK
            }
            None => {
                eprintln!("rein: no rule named `{name}` (`rein rule` lists them)");
                EXIT_USAGE
            }
        },
        None => {
            for rule in registry::all() {
                let m = rule.meta();
                println!("{:<32} {:<8} {}", m.name, m.level.as_str(), m.summary);
            }
            EXIT_OK
        }
    }
}
