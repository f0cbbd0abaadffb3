//! `rein lsp` through a real language client: runs the pytest-lsp suite in `tests/lsp/`
//! (Python) against the built binary. In CI (`CI=true`) a missing pytest-lsp fails the
//! test; elsewhere the test is skipped with the reason printed.

use std::path::Path;
use std::process::Command;

#[test]
fn the_language_server_passes_its_pytest_lsp_suite() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let probe = Command::new("python3")
        .args(["-c", "import pytest_lsp"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        let msg = "pytest-lsp is not installed (pip install pytest-lsp)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{msg}");
        }
        eprintln!("skipped: {msg}");
        return;
    }
    let out = Command::new("python3")
        .args([
            "-m",
            "pytest",
            "tests/lsp",
            "-x",
            "-q",
            "-p",
            "no:cacheprovider",
        ])
        .current_dir(root)
        .env("REIN_BIN", env!("CARGO_BIN_EXE_rein"))
        .output()
        .expect("run pytest");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "pytest tests/lsp failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains(" passed"), "{stdout}");
    assert!(!stdout.contains("skipped"), "{stdout}");
}
