//! `rein lsp` in a real editor: headless Neovim (its built-in LSP client, configured by
//! `tests/neovim/init.lua` as the README shows) opens a module's manifest, receives its
//! diagnostics, formats it on save and writes it; the file must then be what `rein fmt`
//! makes of it. In CI (`CI=true`) a missing `nvim` fails the test; elsewhere the test is
//! skipped with the reason printed. The transcript of the run is printed (`--nocapture`).

use std::path::Path;
use std::process::Command;

use crate::editor_session::{installed, module_and_formatted, run, MANIFEST_PATH};

#[test]
fn neovim_receives_diagnostics_and_formats_on_save_as_rein_fmt() {
    if !installed("nvim", "neovim") {
        return;
    }
    let (d, expected) = module_and_formatted("neovim");
    let out = d.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let init = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/neovim/init.lua");
    let mut nvim = Command::new("nvim");
    nvim.args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(MANIFEST_PATH)
        .current_dir(&d)
        .env("REIN_BIN", env!("CARGO_BIN_EXE_rein"))
        .env("REIN_NVIM_OUT", &out);
    let (status, transcript) = run(nvim, &out, "Neovim", 60);
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
    let saved = std::fs::read_to_string(d.join(MANIFEST_PATH)).unwrap();
    assert_eq!(saved, expected);
}
