//! `rein man [DIR]`: rein's manual page in roff, generated from the same definition the
//! command line is parsed with (clap_mangen), with rein run as puppet-lint (PUPPET-LINT
//! MODE) and the sections a command's page has besides (EXIT STATUS, FILES, ENVIRONMENT,
//! SEE ALSO). Without DIR, `rein.1` is printed;
//! with it, `rein.1` and one page per command (`rein-check.1`, ...) are written into DIR
//! (created when missing), each through a temporary file renamed into place.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::CommandFactory;
use clap_mangen::roff::{bold, roman, Roff};
use clap_mangen::Man;

use super::{Cli, EXIT_OK, EXIT_USAGE, PUPPET_LINT_MODE};
use crate::config::io_message;
use crate::workspace::write::write_file;

/// Arguments of `rein man`.
#[derive(clap::Args, Debug)]
pub struct ManArgs {
    /// Write `rein.1` and a page per command into this directory instead of printing
    /// `rein.1`.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// Runs `rein man`; returns the exit status.
pub fn run(args: &ManArgs) -> i32 {
    // What `rein --help` says after the commands is a section of its own here.
    let mut cmd = Cli::command()
        .disable_help_subcommand(true)
        .after_help(None::<&str>);
    cmd.build();
    let Some(dir) = &args.dir else {
        let mut page = Vec::new();
        if let Err(e) = render(&Man::new(cmd), &mut page) {
            eprintln!("rein: cannot render the man page: {e}");
            return EXIT_USAGE;
        }
        return super::output::print(&page, EXIT_OK);
    };
    let written = std::fs::create_dir_all(dir)
        .map_err(|e| format!("{}: {}", dir.display(), io_message(&e)))
        .and_then(|()| write_pages(cmd, dir));
    match written {
        Ok(()) => EXIT_OK,
        Err(message) => {
            eprintln!("rein: {message}");
            EXIT_USAGE
        }
    }
}

/// `rein.1`: clap_mangen's page, with rein's own sections before VERSION.
fn render(man: &Man, w: &mut dyn Write) -> std::io::Result<()> {
    let mut page = Vec::new();
    man.render(&mut page)?;
    let page = String::from_utf8_lossy(&page);
    let ours = rein_sections().render();
    // Its sections only: the page already starts with the preamble.
    let ours = ours.find(".SH ").and_then(|i| ours.get(i..)).unwrap_or("");
    let at = page.find("\n.SH VERSION\n").map_or(page.len(), |i| i + 1);
    let (before, after) = page.split_at(at);
    w.write_all(before.as_bytes())?;
    w.write_all(ours.as_bytes())?;
    w.write_all(after.as_bytes())
}

/// PUPPET-LINT MODE, EXIT STATUS, FILES, ENVIRONMENT and SEE ALSO of `rein.1`.
fn rein_sections() -> Roff {
    let mut r = Roff::new();
    let item = |r: &mut Roff, term: &str, text: &str| {
        r.control("TP", []).text([bold(term)]).text([roman(text)]);
    };
    r.control("SH", ["PUPPET-LINT MODE"]);
    r.text([roman(PUPPET_LINT_MODE.replace('\n', " "))]);
    r.control("SH", ["EXIT STATUS"]);
    item(&mut r, "0", "Nothing at error level was found (warnings allowed), or the command did what it was asked.");
    item(&mut r, "1", "rein check: a finding at error level, or a warning with --fail-on-warnings. rein fmt --check or --diff: a file would change.");
    item(&mut r, "2", "A usage error, a path that cannot be read, a configuration file with problems, a file that cannot be formatted or written.");
    r.control("SH", ["FILES"]);
    item(&mut r, "rein.toml, .rein.toml", "The configuration of rein check and rein fmt: the nearest one in a file's directory or above it (rein.toml first), unless --config names one. rein init writes one.");
    item(&mut r, ".puppet-lint.rc", "puppet-lint's flags, one a line: honoured for the files no rein configuration applies to (the nearest one above the file, or the one in the current directory). rein init --from .puppet-lint.rc writes the rein.toml equivalent to it.");
    r.control("SH", ["ENVIRONMENT"]);
    item(
        &mut r,
        "NO_COLOR",
        "When set, --color auto does not colour the output.",
    );
    r.control("SH", ["SEE ALSO"]);
    r.text([roman(
        "puppet-lint(1), puppet(8), and rein rule NAME for the documentation of each rule.",
    )]);
    r
}

/// Writes the page of `cmd`, and those of its visible commands, into `dir`.
fn write_pages(cmd: clap::Command, dir: &Path) -> Result<(), String> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_sub_pages(sub.clone(), dir)?;
    }
    write_page(&Man::new(cmd), dir, true)
}

/// Writes the page of the command `cmd`, and those of its own commands.
fn write_sub_pages(cmd: clap::Command, dir: &Path) -> Result<(), String> {
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        write_sub_pages(sub.clone(), dir)?;
    }
    let source = format!("rein {}", env!("CARGO_PKG_VERSION"));
    write_page(&Man::new(cmd).source(source), dir, false)
}

/// Writes one page into `dir`, under the name clap_mangen gives it (`top`: rein's own).
fn write_page(man: &Man, dir: &Path, top: bool) -> Result<(), String> {
    let path = dir.join(man.get_filename());
    let mut page = Vec::new();
    let rendered = if top {
        render(man, &mut page)
    } else {
        man.render(&mut page)
    };
    rendered.map_err(|e| format!("cannot render {}: {e}", path.display()))?;
    write_file(&path, &page).map_err(|e| format!("{}: {}", path.display(), io_message(&e)))
}
