//! What the real-editor tests of `rein lsp` share (Neovim, Emacs): a module with one
//! manifest whose findings and formatting are known, the file `rein fmt` makes of it, the
//! check that the editor is installed (a missing editor fails in CI, is skipped elsewhere),
//! and running the editor headless with a deadline, returning its transcript.

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::harness::{outcome, temp_dir, write};

/// The module's manifest: documented, with a double-quoted string, a misaligned arrow and
/// bad indentation (what `rein fmt` changes).
pub const MANIFEST: &str = "# The module.
class mymod (
  String $path = \"/etc/mymod.conf\",
) {
    file { $path:
      ensure => file,
      mode => '0644',
    }
  file { '/etc/mymod.conf':
    ensure => file,
  }
}
";

/// Where the manifest lives, relative to the session's directory.
pub const MANIFEST_PATH: &str = "mymod/manifests/init.pp";

/// A directory with the module, and `expected/` holding what `rein fmt` made of the same
/// module; returns the directory and the formatted manifest.
pub fn module_and_formatted(name: &str) -> (crate::harness::TempDir, String) {
    let d = temp_dir(name);
    for root in ["", "expected/"] {
        write(
            &d,
            &format!("{root}mymod/metadata.json"),
            "{\"name\": \"me-mymod\", \"version\": \"0.1.0\"}\n",
        );
        write(&d, &format!("{root}{MANIFEST_PATH}"), MANIFEST);
    }
    let (code, _, err) = outcome(&["fmt", &format!("expected/{MANIFEST_PATH}")], &d);
    assert_eq!(code, 0, "{err}");
    let expected = std::fs::read_to_string(d.join("expected").join(MANIFEST_PATH)).unwrap();
    assert_ne!(expected, MANIFEST);
    (d, expected)
}

/// Whether `program --version` runs; if not, panics in CI and returns false elsewhere
/// (the caller skips), naming the package to install.
pub fn installed(program: &str, package: &str) -> bool {
    let found = Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    if found.is_ok_and(|s| s.success()) {
        return true;
    }
    let msg = format!("{program} is not installed (apt-get install {package})");
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{msg}");
    }
    eprintln!("skipped: {msg}");
    false
}

/// Runs the editor (its stdio detached) until it exits or `seconds` pass (then it is
/// killed); prints and returns the transcript it wrote to `out/transcript` and its status
/// (`None` when it was killed).
pub fn run(
    mut command: Command,
    out: &Path,
    editor: &str,
    seconds: u64,
) -> (Option<ExitStatus>, String) {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("run {editor}: {e}"));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for the editor") {
            break Some(s);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let transcript = std::fs::read_to_string(out.join("transcript")).unwrap_or_default();
    eprintln!("--- {editor} transcript ---\n{transcript}---");
    (status, transcript)
}
