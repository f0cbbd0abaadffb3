//! Running the `rein` binary in the integration tests, on files in a fresh temporary
//! directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// `rein ARGS` run in `dir`, without colours. In the repository's own fixtures the cache
/// goes to cargo's temporary directory for tests (in `target/`), so that the checkout is
/// left as it was; runs share it, as runs of rein share a cache.
pub fn rein(args: &[&str], dir: &Path) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rein"));
    command.args(args).current_dir(dir).env("NO_COLOR", "1");
    if dir.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests")) {
        command.env(
            "REIN_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("fixture-cache"),
        );
    }
    command.output().expect("run rein")
}

/// The standard output of `o`, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The standard error of `o`, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty directory `rein-PID-NAME` under the system temp dir, removed when the
/// value is dropped (at the end of the test, passed or failed). Every module of this binary
/// runs in the same process: `name` starts with the module's own prefix so that two modules
/// never share a directory.
pub fn temp_dir(name: &str) -> TempDir {
    no_stray_configuration(&std::env::temp_dir());
    let dir = std::env::temp_dir().join(format!("rein-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    TempDir(dir)
}

/// Panics, naming it, when a configuration file lies in `base` or above it: rein would
/// find it from every test's directory (configuration is looked for upwards), and the
/// tests that expect the defaults would fail, each in its own way.
fn no_stray_configuration(base: &Path) {
    let names = rein::config::CONFIG_NAMES
        .iter()
        .chain([&rein::config::LINT_RC]);
    for dir in base.ancestors() {
        for name in names.clone() {
            let stray = dir.join(name);
            assert!(
                !stray.exists(),
                "{} would apply to every test's files: move it away to run the tests",
                stray.display()
            );
        }
    }
}

/// A temporary directory of a test; see [`temp_dir`].
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // A test may leave a directory unreadable or unwritable: make it removable first.
        let _ = Command::new("chmod")
            .args(["-R", "u+rwx"])
            .arg(&self.0)
            .output();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Writes `text` to `dir/rel`, creating the directories on the way.
pub fn write(dir: &Path, rel: &str, text: &str) {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("mkdir");
    }
    std::fs::write(path, text).expect("write");
}

/// `rein ARGS` run in `dir`: (exit code, stdout, stderr).
pub fn outcome(args: &[&str], dir: &Path) -> (i32, String, String) {
    let o = rein(args, dir);
    (o.status.code().unwrap_or(-1), stdout(&o), stderr(&o))
}

/// `rein ARGS` run in `dir` with `input` on standard input: (exit code, stdout, stderr).
pub fn outcome_with_stdin(args: &[&str], dir: &Path, input: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run rein");
    let mut stdin = child.stdin.take().expect("stdin");
    // rein may exit (a usage error) before it reads its input: a closed pipe is no error.
    if let Err(e) = std::io::Write::write_all(&mut stdin, input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "write stdin: {e}");
    }
    drop(stdin);
    let o = child.wait_with_output().expect("wait");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}
