//! `rein lsp` in a real editor: Emacs in batch mode with its eglot client (Debian's
//! `emacs-nox` and `elpa-eglot`; built into Emacs 29+), configured by `tests/emacs/init.el`
//! as the README shows, opens a module's manifest, receives its diagnostics through flymake,
//! formats it on save and writes it; the file must then be what `rein fmt` makes of it. In
//! CI (`CI=true`) a missing `emacs` fails the test; elsewhere it is skipped with the reason.

use std::path::Path;
use std::process::Command;

use crate::editor_session::{installed, module_and_formatted, run, MANIFEST_PATH};

#[test]
fn emacs_eglot_receives_diagnostics_and_formats_on_save_as_rein_fmt() {
    if !installed("emacs", "emacs-nox elpa-eglot") {
        return;
    }
    let (d, expected) = module_and_formatted("emacs");
    let out = d.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let init = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/emacs/init.el");
    let mut emacs = Command::new("emacs");
    emacs
        .arg("--batch")
        .arg("-l")
        .arg(&init)
        .arg(MANIFEST_PATH)
        .current_dir(&d)
        // No user init file: HOME is the test's directory.
        .env("HOME", &d)
        .env("REIN_BIN", env!("CARGO_BIN_EXE_rein"))
        .env("REIN_EMACS_OUT", &out);
    let (status, transcript) = run(emacs, &out, "Emacs", 90);
    let status = status.unwrap_or_else(|| panic!("emacs did not finish in 90 s:\n{transcript}"));
    assert!(status.success(), "emacs failed ({status}):\n{transcript}");
    let diagnostics = std::fs::read_to_string(out.join("diagnostics")).unwrap_or_default();
    assert_eq!(
        diagnostics,
        "3:18 warning double_quoted_strings double quoted string containing no variables\n\
         7:12 warning arrow_alignment indentation of => is not properly aligned (expected in column 14, but found it in column 12)\n"
    );
    assert!(
        transcript.contains("formatted on save and wrote init.pp\n"),
        "{transcript}"
    );
    let saved = std::fs::read_to_string(d.join(MANIFEST_PATH)).unwrap();
    assert_eq!(saved, expected);
}

/// The README's flycheck checker: rein reads the unsaved buffer on standard input (with
/// `--stdin-filepath`) and flycheck parses its gcc-style lines; the finding on the line
/// added without saving shows the buffer, not the file, was checked; flycheck runs rein in
/// the file's directory, where the module rules still apply.
#[test]
fn flycheck_checks_the_unsaved_buffer_through_stdin() {
    if !installed("emacs", "emacs-nox elpa-flycheck") {
        return;
    }
    let (d, _) = module_and_formatted("flycheck");
    let out = d.join("out");
    std::fs::create_dir_all(&out).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/emacs/flycheck.el");
    let mut emacs = Command::new("emacs");
    emacs
        .arg("--batch")
        .arg("-l")
        .arg(&script)
        .arg(MANIFEST_PATH)
        .current_dir(&d)
        .env("HOME", &d)
        .env("REIN_BIN", env!("CARGO_BIN_EXE_rein"))
        .env("REIN_EMACS_OUT", &out);
    let (status, transcript) = run(emacs, &out, "Emacs (flycheck)", 60);
    let status = status.unwrap_or_else(|| panic!("emacs did not finish in 60 s:\n{transcript}"));
    assert!(status.success(), "emacs failed ({status}):\n{transcript}");
    let errors = std::fs::read_to_string(out.join("errors")).unwrap_or_default();
    assert_eq!(
        errors,
        "3:18 warning double_quoted_strings double quoted string containing no variables\n\
         7:12 warning arrow_alignment indentation of => is not properly aligned (expected in column 14, but found it in column 12)\n\
         13:10 error top_construct_location This '=' expression is unacceptable as a top level construct in this location\n\
         13:12 warning double_quoted_strings double quoted string containing no variables\n"
    );
    // The file on disk is untouched: flycheck checked the buffer.
    let on_disk = std::fs::read_to_string(d.join(MANIFEST_PATH)).unwrap();
    assert_eq!(on_disk, crate::editor_session::MANIFEST);
}
