//! Running the `rein` binary in the integration tests.

use std::path::Path;
use std::process::{Command, Output};

/// `rein ARGS` run in `dir`, without colours.
pub fn rein(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run rein")
}

/// The standard output of `o`, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard error of `o`, as text.
#[allow(dead_code)]
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
