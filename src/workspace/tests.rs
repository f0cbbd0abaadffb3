//! A workspace kept across requests sees what changed between them: files and
//! configuration files edited on disk, texts set by a front end, its own fixes.

use std::path::{Path, PathBuf};

use super::*;

/// A fresh directory holding `rein.toml` with `config` (so that nothing above applies).
fn temp_dir(name: &str, config: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rein-ws-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    write(&dir.join("rein.toml"), config);
    dir
}

fn write(path: &Path, text: &str) {
    std::fs::write(path, text).expect("write");
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("read")
}

fn check(ws: &mut Workspace, path: &Path, options: &CheckOptions) -> Result<Report, CheckError> {
    ws.check(&[path.to_path_buf()], options)
}

/// The rule and line of every finding of `path`, in order.
fn findings(ws: &mut Workspace, path: &Path, options: &CheckOptions) -> Vec<(String, usize)> {
    let report = check(ws, path, options).expect("check");
    assert!(report.io_errors.is_empty(), "{:?}", report.io_errors);
    report
        .files
        .iter()
        .flat_map(|f| &f.findings)
        .map(|f| (f.rule.to_string(), f.line as usize))
        .collect()
}

fn escape(line: usize) -> (String, usize) {
    ("unrecognized_escape".to_string(), line)
}

fn trailing(line: usize) -> (String, usize) {
    ("trailing_whitespace".to_string(), line)
}

#[test]
fn a_file_edited_on_disk_is_checked_again() {
    let dir = temp_dir("edit", "");
    let file = dir.join("a.pp");
    let options = CheckOptions::default();
    let mut ws = Workspace::new();
    write(&file, "$a = \"\\q\\n\"\n");
    assert_eq!(findings(&mut ws, &file, &options), [escape(1)]);
    // Same length, other bytes: a parse is reused only for the same bytes.
    write(&file, "\n$a = \"\\q\\n\"");
    assert_eq!(findings(&mut ws, &file, &options), [escape(2)]);
    assert_eq!(findings(&mut ws, &file, &options), [escape(2)]);
    write(&file, "$a = 'q'\n");
    assert_eq!(findings(&mut ws, &file, &options), []);
    std::fs::remove_file(&file).expect("remove");
    let Err(CheckError::Missing(missing)) = check(&mut ws, &file, &options) else {
        panic!("a file named and gone is missing");
    };
    assert_eq!(
        missing,
        [format!("{}: No such file or directory", file.display())]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_configuration_file_edited_on_disk_is_read_again() {
    let dir = temp_dir("config", "[rules]\nunrecognized_escape = \"error\"\n");
    let file = dir.join("a.pp");
    write(&file, "$a = \"\\q\\n\"\n");
    let options = CheckOptions::default();
    let mut ws = Workspace::new();
    let report = check(&mut ws, &file, &options).expect("check");
    assert_eq!((report.errors, report.warnings), (1, 0));
    // Same length: the text is compared, not the size or the time.
    write(
        &dir.join("rein.toml"),
        "[rules]\nunrecognized_escape = \"off\"  \n",
    );
    assert_eq!(findings(&mut ws, &file, &options), []);
    write(&dir.join("rein.toml"), "[rules]\nnope = \"off\"\n");
    match check(&mut ws, &file, &options) {
        Err(CheckError::Config(errors)) => assert_eq!(errors.len(), 1),
        other => panic!("{other:?}"),
    }
    std::fs::remove_file(dir.join("rein.toml")).expect("remove");
    write(&dir.join(".puppet-lint.rc"), "--only-checks=none_at_all\n");
    assert_eq!(findings(&mut ws, &file, &options), []);
    std::fs::remove_file(dir.join(".puppet-lint.rc")).expect("remove");
    assert_eq!(findings(&mut ws, &file, &options), [escape(1)]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_text_set_is_checked_instead_of_the_disk() {
    let dir = temp_dir("text", "");
    let file = dir.join("buffer.pp");
    let options = CheckOptions::default();
    let mut ws = Workspace::new();
    // Not on disk at all.
    let report = ws
        .check_text(&file, "\n\n$a = \"\\q\\n\"\n", &options)
        .expect("check");
    assert_eq!(report.files_checked, 1);
    assert_eq!(findings(&mut ws, &file, &options), [escape(3)]);
    write(&file, "$a = 'q'\n");
    assert_eq!(findings(&mut ws, &file, &options), [escape(3)]);
    ws.clear_text(&file);
    assert_eq!(findings(&mut ws, &file, &options), []);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fixes_are_written_and_seen_by_the_next_check() {
    let dir = temp_dir("fix", "");
    let file = dir.join("a.pp");
    let buffer = dir.join("b.pp");
    write(&file, "$a = 1   \n");
    write(&buffer, "$b = 1\n");
    let mut ws = Workspace::new();
    let plain = CheckOptions::default();
    assert_eq!(findings(&mut ws, &file, &plain), [trailing(1)]);
    let fix = CheckOptions {
        fix: Some(false),
        ..CheckOptions::default()
    };
    ws.set_text(&buffer, "$b = 2  \n");
    let report = check(&mut ws, &dir, &fix).expect("check");
    let summary = report.fix.expect("fix summary");
    assert_eq!((summary.fixes, summary.files), (2, 2));
    assert_eq!(read(&file), "$a = 1\n");
    assert_eq!(findings(&mut ws, &file, &plain), []);
    // A buffer's fixes change its text, not the file.
    assert_eq!(read(&buffer), "$b = 1\n");
    assert_eq!(ws.text(&buffer), Some("$b = 2\n"));
    assert_eq!(ws.text(&file), None);
    assert_eq!(findings(&mut ws, &buffer, &plain), []);
    ws.clear_text(&buffer);
    write(&file, "$a = 1 \n");
    ws.changed(&file);
    assert_eq!(findings(&mut ws, &file, &plain), [trailing(1)]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn format_settings_follow_the_configuration_file() {
    let dir = temp_dir("format", "[format]\nindent_width = 4\n");
    let file = dir.join("a.pp");
    write(&file, "class a {\n  $x = 1\n}\n");
    let mut ws = Workspace::new();
    let check = FormatOptions {
        verify: true,
        ..FormatOptions::default()
    };
    let four = "class a {\n    $x = 1\n}\n".to_string();
    assert_eq!(
        ws.format_file(&file, &check),
        Formatted::Changed {
            before: read(&file),
            after: four.clone()
        }
    );
    write(&dir.join("rein.toml"), "[format]\nindent_width = 2\n");
    assert_eq!(ws.format_file(&file, &check), Formatted::Unchanged);
    let write_it = FormatOptions {
        write: true,
        ..check.clone()
    };
    write(&dir.join("rein.toml"), "[format]\nindent_width = 4\n");
    assert!(matches!(
        ws.format_file(&file, &write_it),
        Formatted::Changed { .. }
    ));
    assert_eq!(read(&file), four);
    assert_eq!(
        ws.format_text(Some(&file), "a.pp", "class a {\n$x = 1\n}\n", &check),
        Ok(four.clone())
    );
    // The configuration's exclusions hold for a file named, or a text given with its path.
    write(
        &dir.join("rein.toml"),
        "[format]\nindent_width = 4\n[files]\nexclude = [\"b.pp\"]\n",
    );
    let excluded = dir.join("b.pp");
    write(&excluded, "class b {\n$x = 1\n}\n");
    assert_eq!(ws.format_file(&excluded, &write_it), Formatted::Excluded);
    assert_eq!(read(&excluded), "class b {\n$x = 1\n}\n");
    assert_eq!(
        ws.format_text(Some(&excluded), "b.pp", "class b {\n$x = 1\n}\n", &check),
        Ok("class b {\n$x = 1\n}\n".to_string())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_parse_is_reused_for_the_same_bytes_only() {
    let dir = temp_dir("reuse", "");
    let file = dir.join("a.pp");
    let mut ws = Workspace::new();
    // Bytes that are not the parsed source (invalid UTF-8) are compared too.
    for (text, other) in [
        (&b"$a = 1\n"[..], &b"$a = 2\n"[..]),
        (b"$a = \xff\n", b"$a = \xfe\n"),
    ] {
        std::fs::write(&file, text).expect("write");
        let first = ws.files.parse(&file, None).expect("read");
        let tree = first.tree.clone();
        let again = ws.files.parse(&file, Some(first)).expect("read");
        assert!(Arc::ptr_eq(&tree, &again.tree));
        std::fs::write(&file, other).expect("write");
        let changed = ws.files.parse(&file, Some(again)).expect("read");
        assert!(!Arc::ptr_eq(&tree, &changed.tree));
        ws.files.keep(file.clone(), changed);
        ws.changed(&file);
        assert!(ws.files.take(&file).is_none());
    }
    // A check keeps the parse of a buffer (an editor checks it again and again), not that
    // of a file on disk.
    std::fs::write(&file, "$a = 1\n").expect("write");
    check(&mut ws, &file, &CheckOptions::default()).expect("check");
    assert!(ws.files.take(&file).is_none());
    let options = CheckOptions::default();
    ws.check_text(&file, "$b = 1\n", &options).expect("check");
    let kept = ws.files.take(&file).expect("kept");
    assert_eq!(kept.tree.source, "$b = 1\n");
    ws.files.keep(file.clone(), kept);
    check(&mut ws, &file, &options).expect("check");
    assert!(ws.files.take(&file).is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The findings of a check of `dir`, as concise lines, and the workspace after it.
fn check_dir(
    dir: &Path,
    store: crate::eval::module_store::ModuleStore,
) -> (Vec<String>, Workspace) {
    let mut ws = Workspace::new();
    ws.project.store = Arc::new(store);
    let report = ws
        .check(&[dir.to_path_buf()], &CheckOptions::default())
        .expect("check");
    assert!(report.io_errors.is_empty(), "{:?}", report.io_errors);
    let lines = report
        .files
        .iter()
        .flat_map(|f| &f.findings)
        .map(|f| f.concise())
        .collect();
    (lines, ws)
}

#[test]
fn a_check_streams_its_files_through_a_bounded_store() {
    use crate::eval::module_store::ModuleStore;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/control-repo");
    let (all, ws) = check_dir(&dir, ModuleStore::default());
    // Cross-file findings: a class of the module path judged from the site manifest.
    assert!(
        all.iter().any(|l| l
            .ends_with("error[unknown_attribute] no parameter named 'servrs' on class `chrony`")),
        "{all:#?}"
    );
    assert!(ws.files.parses_kept() == 0);
    // The default budget holds every file of this small tree.
    let (_, kept) = ws.project.store.manifests_kept();
    assert!(kept >= 5, "{kept}");
    // With room for one parse at a time, every file is parsed again when needed, with the
    // same findings; the store holds one parse after the run, the workspace none.
    let (one, ws) = check_dir(&dir, ModuleStore::with_budget(1));
    assert_eq!(one, all);
    assert_eq!(ws.project.store.manifests_kept().1, 1);
    assert!(ws.files.parses_kept() == 0);
}

/// Edits a file just before rein replaces it (another program saving it), or fills the
/// disk while rein writes.
struct Fault {
    edit: bool,
}

impl write::Disk for Fault {
    fn write(&self, file: &mut std::fs::File, bytes: &[u8]) -> std::io::Result<()> {
        if self.edit {
            return std::io::Write::write_all(file, bytes);
        }
        std::io::Write::write_all(file, bytes.get(..bytes.len() / 2).unwrap_or(bytes))?;
        Err(std::io::Error::from_raw_os_error(28))
    }

    fn before_commit(&self, target: &Path) {
        if self.edit {
            write(target, "$edited = 1\n");
        }
    }
}

#[test]
fn a_file_changed_during_the_run_or_a_full_disk_loses_nothing() {
    let dir = temp_dir("faults", "");
    let (a, b) = (dir.join("a.pp"), dir.join("b.pp"));
    let format = FormatOptions {
        write: true,
        ..FormatOptions::default()
    };
    let fix = CheckOptions {
        fix: Some(false),
        ..CheckOptions::default()
    };
    for edit in [true, false] {
        write(&a, "$a=1\n");
        write(&b, "$b = 1   \n");
        let mut ws = Workspace::with_disk(Arc::new(Fault { edit }));
        let report = ws
            .format(std::slice::from_ref(&a), &format)
            .expect("format");
        let after = if edit { "$edited = 1\n" } else { "$a=1\n" };
        let why = if edit {
            "changed on disk during the run; not written (run rein again)"
        } else {
            "cannot write: No space left on device"
        };
        assert_eq!(
            report.files,
            [(
                a.clone(),
                Formatted::Failed(format!("{}: {why}", a.display()))
            )]
        );
        assert_eq!(read(&a), after);
        let report = check(&mut ws, &b, &fix).expect("check");
        assert_eq!(report.io_errors, [format!("{}: {why}", b.display())]);
        let after = if edit { "$edited = 1\n" } else { "$b = 1   \n" };
        assert_eq!(read(&b), after);
        let mut left: Vec<_> = std::fs::read_dir(&dir)
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        left.sort();
        assert_eq!(left, ["a.pp", "b.pp", "rein.toml"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_report_keeps_the_text_only_for_the_formats_that_print_it() {
    let dir = temp_dir("sources", "");
    let file = dir.join("a.pp");
    write(&file, "$a = \"\\q\"\n");
    let mut ws = Workspace::new();
    for (without_sources, source) in [(false, "$a = \"\\q\"\n"), (true, "")] {
        let options = CheckOptions {
            without_sources,
            ..CheckOptions::default()
        };
        let report = check(&mut ws, &file, &options).expect("check");
        let sources: Vec<&str> = report.files.iter().map(|f| f.source.as_str()).collect();
        assert_eq!(sources, [source]);
        let rules: Vec<&str> = report
            .files
            .iter()
            .flat_map(|f| &f.findings)
            .map(|f| &*f.rule)
            .collect();
        assert_eq!(rules, ["double_quoted_strings", "unrecognized_escape"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_path_and_its_dot_slash_spelling_are_looked_at_once() {
    // An environment's files come anchored (`./m/a.pp`), the walk's without (`m/a.pp`).
    let dir = temp_dir("look-once", "");
    let cache = cache::Cache::open(&dir.join("cache")).expect("cache");
    let plain = cache.look(Path::new("Cargo.toml"));
    assert!(plain.is_some());
    assert_eq!(cache.look(Path::new("./Cargo.toml")), plain);
    assert_eq!(cache.look(Path::new("././Cargo.toml")), plain);
    assert_eq!(cache.looked(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_renamed_between_two_runs_is_seen_by_the_second() {
    // A run asks about each directory once (`eval::probes`); the next run asks again.
    // `site/` next to `manifests/` makes the directory an environment whose module path
    // holds `foo`, so `foo::bar` is certainly missing; under `dist/`, rein cannot see `foo`.
    let dir = temp_dir("probes", "");
    std::fs::create_dir_all(dir.join("manifests")).expect("mkdir");
    std::fs::create_dir_all(dir.join("dist/foo/manifests")).expect("mkdir");
    write(&dir.join("manifests/site.pp"), "include foo::bar\n");
    write(&dir.join("dist/foo/manifests/init.pp"), "class foo {\n}\n");
    let options = CheckOptions::default();
    let mut ws = Workspace::new();
    let unknown = |ws: &mut Workspace| {
        let report = check(ws, &dir, &options).expect("check");
        report
            .files
            .iter()
            .flat_map(|f| f.findings.iter().map(move |d| (f, d)))
            .filter(|(_, d)| &*d.rule == "unknown_class")
            .map(|(f, d)| (f.path.clone(), d.line, d.message.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(unknown(&mut ws), []);
    std::fs::rename(dir.join("dist"), dir.join("site")).expect("rename");
    let found = unknown(&mut ws);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].1, &*found[0].2),
        (1, "Could not find class ::foo::bar")
    );
    std::fs::rename(dir.join("site"), dir.join("dist")).expect("rename");
    assert_eq!(unknown(&mut ws), []);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_file_is_checked_on_the_calling_thread_and_more_start_the_workers() {
    // A pre-commit hook's one changed file needs no threads: it is parsed, evaluated and
    // checked where the check was asked for, with the same findings.
    let dir = temp_dir("one-thread", "");
    let a = dir.join("a.pp");
    let b = dir.join("b.pp");
    write(&a, "# @summary A.\nclass a {\n  $x = '\\q' \n}\n");
    write(&b, "# @summary B.\nclass b {\n  notify { $y: }\n}\n");
    let options = CheckOptions::default();
    let mut ws = Workspace::default();
    assert_eq!(findings(&mut ws, &a, &options), vec![trailing(3)]);
    assert!(ws.pool.is_none(), "one file started the worker threads");
    let report = ws.check(&[a.clone(), b.clone()], &options).expect("check");
    let rules: Vec<(String, String, usize)> = report
        .files
        .iter()
        .flat_map(|f| &f.findings)
        .map(|f| (f.file.to_string(), f.rule.to_string(), f.line as usize))
        .collect();
    let (a, b) = (a.display().to_string(), b.display().to_string());
    assert_eq!(
        rules,
        vec![
            (a, "trailing_whitespace".to_string(), 3),
            (b.clone(), "undefined_variable".to_string(), 3),
            (b, "variable_scope".to_string(), 3),
        ]
    );
    assert!(
        ws.pool.is_some(),
        "two files to check did not start the workers"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
