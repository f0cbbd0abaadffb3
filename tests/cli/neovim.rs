//! `rein lsp` in a real editor: headless Neovim (its built-in LSP client, configured by
//! `tests/neovim/init.lua` as the README shows) opens a module's manifest, receives its
//! diagnostics, formats it on save and writes it; the file must then be what `rein fmt`
//! makes of it. In CI (`CI=true`) a missing `nvim` fails the test; elsewhere the test is
//! skipped with the reason printed. The transcript of the run is printed (`--nocapture`).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::{outcome, temp_dir, write};

const MANIFEST: &str = "# The module.
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

#[test]
fn neovim_receives_diagnostics_and_formats_on_save_as_rein_fmt() {
    let found = Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .status();
    if !found.is_ok_and(|s| s.success()) {
        let msg = "nvim is not installed (apt-get install neovim)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{msg}");
        }
        eprintln!("skipped: {msg}");
        return;
    }
    let d = temp_dir("neovim");
    let rel = "mymod/manifests/init.pp";
    write(
        &d,
        "mymod/metadata.json",
        "{\"name\": \"me-mymod\", \"version\": \"0.1.0\"}\n",
    );
    write(&d, rel, MANIFEST);
    // What `rein fmt` makes of the same file in the same place.
    write(
        &d,
        "expected/mymod/metadata.json",
        "{\"name\": \"me-mymod\", \"version\": \"0.1.0\"}\n",
    );
    write(&d, &format!("expected/{rel}"), MANIFEST);
    let (code, _, err) = outcome(&["fmt", &format!("expected/{rel}")], &d);
    assert_eq!(code, 0, "{err}");
    let expected = std::fs::read_to_string(d.join("expected").join(rel)).unwrap();
    assert_ne!(expected, MANIFEST);

    let out = d.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let init = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/neovim/init.lua");
    let mut child = Command::new("nvim")
        .args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(rel)
        .current_dir(&d)
        .env("REIN_BIN", env!("CARGO_BIN_EXE_rein"))
        .env("REIN_NVIM_OUT", &out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run nvim");
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait for nvim") {
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
    eprintln!("--- Neovim transcript ---\n{transcript}---");
    let status = status.unwrap_or_else(|| panic!("nvim did not finish in 60 s:\n{transcript}"));
    assert!(status.success(), "nvim failed ({status}):\n{transcript}");
    let diagnostics = std::fs::read_to_string(out.join("diagnostics")).unwrap_or_default();
    assert_eq!(
        diagnostics,
        "3:18 warning double_quoted_strings\n7:12 warning arrow_alignment\n"
    );
    assert!(
        transcript.contains("formatted on save\nwrote init.pp\n"),
        "{transcript}"
    );
    let saved = std::fs::read_to_string(d.join(rel)).unwrap();
    assert_eq!(saved, expected);
}
