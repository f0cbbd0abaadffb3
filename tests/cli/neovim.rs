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

/// The README's ALE linter (`tests/neovim/ale/ale_linters/puppet/rein.vim`, word for word)
/// in Neovim with Debian's `vim-ale`: ALE gives rein the unsaved buffer on standard input and
/// reads its gcc-style lines; the finding on the line added without saving shows the buffer,
/// not the file, was checked, and the module rules apply as for the file.
#[test]
fn ale_checks_the_unsaved_buffer_through_stdin() {
    if !installed("nvim", "neovim") {
        return;
    }
    let runtime = Path::new("/usr/share/vim-ale");
    if !runtime.join("plugin/ale.vim").is_file() {
        let msg = "ALE is not installed (apt-get install vim-ale)";
        if std::env::var("CI").is_ok_and(|v| v == "true") {
            panic!("{msg}");
        }
        eprintln!("skipped: {msg}");
        return;
    }
    let (d, _) = module_and_formatted("ale");
    let out = d.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let init = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/neovim/ale.vim");
    let bin = Path::new(env!("CARGO_BIN_EXE_rein"));
    let path = std::env::join_paths(std::iter::once(bin.parent().unwrap().to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let mut nvim = Command::new("nvim");
    nvim.args(["--headless", "-n", "-i", "NONE", "-u"])
        .arg(&init)
        .arg(MANIFEST_PATH)
        .current_dir(&d)
        .env("PATH", path)
        .env("REIN_ALE_RUNTIME", runtime)
        .env("REIN_ALE_OUT", &out);
    let (status, transcript) = run(nvim, &out, "Neovim (ALE)", 60);
    let status = status.unwrap_or_else(|| panic!("nvim did not finish in 60 s:\n{transcript}"));
    assert!(status.success(), "nvim failed ({status}):\n{transcript}");
    let problems = std::fs::read_to_string(out.join("problems")).unwrap_or_default();
    assert_eq!(
        problems,
        "3:18 W ? [double_quoted_strings] double quoted string containing no variables\n\
         7:12 W ? [arrow_alignment] indentation of => is not properly aligned (expected in column 14, but found it in column 12)\n\
         13:10 E ? [top_construct_location] This '=' expression is unacceptable as a top level construct in this location\n\
         13:12 W ? [double_quoted_strings] double quoted string containing no variables\n"
    );
    let on_disk = std::fs::read_to_string(d.join(MANIFEST_PATH)).unwrap();
    assert_eq!(on_disk, crate::editor_session::MANIFEST);
}
