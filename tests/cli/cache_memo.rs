//! The run memo (`.rein_cache/memo-*.run`): a warm run of the same invocation with
//! nothing changed replays the last output without reading the cache's index, and each
//! kind of change made after such a run is seen by the next one (exact output, compared
//! with `--no-cache`).

use std::path::{Path, PathBuf};

use crate::cache::tree;
use crate::harness::{rein, stdout, temp_dir, write};

/// `rein check --format concise ARGS` in `dir`: exit code and output.
fn check(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["check", "--format", "concise"];
    all.extend_from_slice(args);
    let o = rein(&all, dir);
    (o.status.code(), stdout(&o))
}

/// The memo files of the cache in `dir`.
fn memos(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir.join(".rein_cache")) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "run"))
        .collect();
    found.sort();
    found
}

/// Waits for the files' stamps to settle (the cache directory made first: its making
/// changes its parent's stamp), fills the cache with `args` and runs again, which writes
/// the memo; asserts that each run gave what `--no-cache` gives, which is returned.
fn memo_written(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    std::fs::create_dir_all(dir.join(".rein_cache")).expect("cache dir");
    std::thread::sleep(std::time::Duration::from_millis(2100));
    let mut uncached = vec!["--no-cache"];
    uncached.extend_from_slice(args);
    let expected = check(dir, &uncached);
    assert_eq!(check(dir, args), expected);
    assert_eq!(check(dir, args), expected);
    assert_eq!(memos(dir).len(), 1, "a memo is written");
    expected
}

/// After a memo was written, `change` is made; the next run gives what `--no-cache` gives,
/// and that differs from before.
fn seen(name: &str, args: &[&str], change: impl FnOnce(&Path)) {
    let dir = tree(name);
    let before = memo_written(&dir, args);
    change(&dir);
    let mut uncached = vec!["--no-cache"];
    uncached.extend_from_slice(args);
    let after = check(&dir, &uncached);
    assert_ne!(after, before, "the change changes the output");
    assert_eq!(check(&dir, args), after);
}

const DUPLICATE: &str = "modules/m/manifests/init.pp:3:10: error[duplicate_resource] Duplicate declaration: File[/tmp/x] is already declared at modules/m/manifests/a.pp:2; cannot redeclare\n";

#[test]
fn a_warm_run_replays_the_memo_without_the_index() {
    let dir = tree("memo-replay");
    let expected = memo_written(&dir, &["."]);
    assert!(expected.1.contains(DUPLICATE), "{}", expected.1);
    // The memo alone gives the output: the index is neither read nor written again.
    remove_index(&dir);
    assert_eq!(check(&dir, &["."]), expected);
    let left: Vec<_> = std::fs::read_dir(dir.join(".rein_cache"))
        .expect("cache")
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "bin"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    // A damaged memo is ignored: the run goes through the cache (and writes the index).
    std::fs::write(&memos(&dir)[0], b"reinmem\x01garbage").expect("damage");
    assert_eq!(check(&dir, &["."]), expected);
}

/// Removes the cache's index files from `dir`: a run that still gives its output took it
/// from a memo.
fn remove_index(dir: &Path) {
    for e in std::fs::read_dir(dir.join(".rein_cache"))
        .expect("cache")
        .flatten()
    {
        if e.path().extension().is_some_and(|x| x == "bin") {
            std::fs::remove_file(e.path()).expect("remove index");
        }
    }
}

#[test]
fn each_invocation_keeps_its_own_memo_up_to_the_limit() {
    let dir = tree("memo-several");
    let concise = memo_written(&dir, &["."]);
    let json = |dir: &Path| {
        let o = rein(&["check", "--format", "json", "."], dir);
        (o.status.code(), stdout(&o))
    };
    let expected_json = json(&dir);
    assert_eq!(json(&dir), expected_json);
    assert_eq!(memos(&dir).len(), 2);
    // Both replay, one after the other, with no index left to go through.
    remove_index(&dir);
    for _ in 0..2 {
        assert_eq!(check(&dir, &["."]), concise);
        assert_eq!(json(&dir), expected_json);
    }
    // Ten more invocations: the cache keeps the eight written last.
    let rules = [
        "documentation",
        "arrow_alignment",
        "trailing_whitespace",
        "variable_scope",
        "unquoted_node_name",
        "duplicate_resource",
        "140chars",
        "quoted_booleans",
        "hard_tabs",
        "ensure_first_param",
    ];
    for rule in rules {
        let args = ["--ignore", rule, "."];
        let mut uncached = vec!["--no-cache"];
        uncached.extend_from_slice(&args);
        let expected = check(&dir, &uncached);
        assert_eq!(check(&dir, &args), expected, "{rule}");
        assert_eq!(check(&dir, &args), expected, "{rule}");
    }
    assert_eq!(memos(&dir).len(), 8);
}

#[test]
fn a_memo_damaged_or_cut_short_is_not_replayed() {
    let dir = tree("memo-damaged");
    let expected = memo_written(&dir, &["."]);
    let memo = memos(&dir)[0].clone();
    let whole = std::fs::read(&memo).expect("memo");
    // The last byte of the output, changed; then the output cut short.
    let mut damaged = whole.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x20;
    let cut = &whole[..whole.len() - 1];
    for bad in [damaged.as_slice(), cut] {
        std::fs::write(&memo, bad).expect("damage");
        assert_eq!(check(&dir, &["."]), expected);
        // The run went through the cache and wrote the memo anew.
        assert_eq!(std::fs::read(&memo).expect("memo"), whole);
    }
}

#[test]
fn an_edit_keeping_size_and_modification_time_is_seen() {
    seen("memo-same-size", &["."], |dir| {
        let f = dir.join("modules/m/manifests/a.pp");
        let mtime = std::fs::metadata(&f)
            .and_then(|m| m.modified())
            .expect("mtime");
        // Same length, another title: the duplicate is gone.
        std::fs::write(&f, "class m::a {\n  file { '/tmp/y': ensure => file }\n}\n")
            .expect("write");
        let file = std::fs::File::options().write(true).open(&f).expect("open");
        file.set_modified(mtime).expect("set mtime");
    });
}

#[test]
fn a_new_file_in_a_checked_directory_is_seen() {
    seen("memo-new-file", &["."], |dir| {
        write(
            dir,
            "modules/n/manifests/b.pp",
            "class n::b {\n  notice(\"b\")\n}\n",
        );
    });
}

#[test]
fn a_deleted_file_is_seen() {
    seen("memo-deleted", &["."], |dir| {
        std::fs::remove_file(dir.join("modules/n/manifests/init.pp")).expect("remove");
    });
}

#[test]
fn a_new_configuration_file_in_a_parent_directory_is_seen() {
    seen("memo-new-config", &["modules/m"], |dir| {
        write(
            dir,
            "modules/lint.toml",
            "[rules]\ndocumentation = \"off\"\n",
        );
    });
    seen("memo-new-rein-toml", &["modules/m"], |dir| {
        write(dir, ".rein.toml", "[rules]\nduplicate_resource = \"off\"\n");
    });
}

#[test]
fn a_configuration_edit_is_seen() {
    let dir = tree("memo-config-edit");
    write(&dir, "lint.toml", "[rules]\ndocumentation = \"error\"\n");
    let before = memo_written(&dir, &["."]);
    write(&dir, "lint.toml", "[rules]\ndocumentation = \"off\"\n");
    let after = check(&dir, &["--no-cache", "."]);
    assert_ne!(after, before);
    assert_eq!(check(&dir, &["."]), after);
}

#[test]
fn a_configuration_edit_in_a_walked_directory_is_seen() {
    // The memo looks only at the configuration files the walk saw in each directory (one
    // appearing changes the directory's stamp): an edit of one it saw is seen.
    for (name, on, off) in [
        (
            "modules/m/rein.toml",
            "[rules]\ndocumentation = \"error\"\n",
            "[rules]\ndocumentation = \"off\"\n",
        ),
        (
            "modules/m/.puppet-lint.rc",
            "--only-checks=documentation\n",
            "--only-checks=trailing_whitespace\n",
        ),
    ] {
        let dir = tree("memo-walked-config");
        write(&dir, name, on);
        let before = memo_written(&dir, &["."]);
        write(&dir, name, off);
        let after = check(&dir, &["--no-cache", "."]);
        assert_ne!(after, before, "{name}");
        assert_eq!(check(&dir, &["."]), after, "{name}");
    }
}

#[test]
fn a_module_path_manifest_a_deep_finding_read_is_seen() {
    // Only `init.pp` is named: `a.pp` is read by the evaluation, not checked.
    let args = ["modules/m/manifests/init.pp"];
    let dir = tree("memo-deep");
    let before = memo_written(&dir, &args);
    assert!(before.1.contains(DUPLICATE), "{}", before.1);
    write(
        &dir,
        "modules/m/manifests/a.pp",
        "class m::a {\n  file { '/tmp/z': ensure => file }\n}\n",
    );
    let after = check(&dir, &args);
    assert!(!after.1.contains("duplicate_resource"), "{}", after.1);
    assert_eq!(after, check(&dir, &["--no-cache", args[0]]));
}

#[test]
fn a_fact_file_is_seen() {
    let dir = temp_dir("memo-fact");
    write(
        &dir,
        "modules/m/manifests/init.pp",
        "# m\nclass m {\n  notice($my_fact)\n}\n",
    );
    write(
        &dir,
        "modules/m/lib/facter/my_fact.rb",
        "Facter.add('my_fact') do\nend\n",
    );
    let before = memo_written(&dir, &["."]);
    assert!(!before.1.contains("undefined_variable"), "{}", before.1);
    // Rewritten in place, in a directory whose entries stay the same.
    write(
        &dir,
        "modules/m/lib/facter/my_fact.rb",
        "Facter.add('other') do\nend\n",
    );
    let after = check(&dir, &["."]);
    assert!(after.1.contains("undefined_variable"), "{}", after.1);
    assert_eq!(after, check(&dir, &["--no-cache", "."]));
}

#[test]
fn another_format_selection_or_directory_is_another_invocation() {
    let dir = tree("memo-invocation");
    let concise = memo_written(&dir, &["."]);
    let o = rein(&["check", "--format", "json", "."], &dir);
    let json = rein(&["check", "--no-cache", "--format", "json", "."], &dir);
    assert_eq!(
        (o.status.code(), stdout(&o)),
        (json.status.code(), stdout(&json))
    );
    assert_ne!(stdout(&o), concise.1);
    let selected = check(&dir, &["--ignore", "documentation", "."]);
    assert_eq!(
        selected,
        check(&dir, &["--no-cache", "--ignore", "documentation", "."])
    );
    assert_ne!(selected, concise);
    // From another directory, the same arguments name other files.
    let sub = dir.join("modules/n");
    assert_eq!(check(&sub, &["."]), check(&sub, &["--no-cache", "."]));
    assert_ne!(check(&sub, &["."]), concise);
    assert_eq!(check(&dir, &["."]), concise);
}

#[test]
fn no_cache_reads_and_writes_no_memo() {
    let dir = tree("memo-no-cache");
    let expected = check(&dir, &["--no-cache", "."]);
    std::thread::sleep(std::time::Duration::from_millis(2100));
    assert_eq!(check(&dir, &["--no-cache", "."]), expected);
    assert!(!dir.join(".rein_cache").exists());
    let _ = memo_written(&dir, &["."]);
    // A memo that would no longer hold is not read either: `--no-cache` checks.
    write(&dir, "modules/n/manifests/b.pp", "class n::b {\n}\n");
    let now = check(&dir, &["--no-cache", "."]);
    assert_ne!(now, expected);
    assert!(now.1.contains("modules/n/manifests/b.pp"), "{}", now.1);
}

#[test]
fn a_missing_file_the_evaluation_looked_for_is_seen_when_it_appears() {
    // Only `init.pp` is named: `types/` is neither walked nor checked; the evaluation
    // looked for `types/port.pp` and found none.
    let dir = temp_dir("memo-appears");
    write(
        &dir,
        "modules/m/manifests/init.pp",
        "# m\nclass m (M::Port $p = 'x') {\n  notice($p)\n}\n",
    );
    write(&dir, "modules/m/manifests/site.pp", "include m\n");
    write(
        &dir,
        "modules/m/types/other.pp",
        "# o\ntype M::Other = Integer\n",
    );
    let args = ["modules/m/manifests/init.pp"];
    let before = memo_written(&dir, &args);
    assert!(!before.1.contains("type_mismatch"), "{}", before.1);
    write(
        &dir,
        "modules/m/types/port.pp",
        "# p\ntype M::Port = Integer\n",
    );
    let after = check(&dir, &args);
    assert!(after.1.contains("type_mismatch"), "{}", after.1);
    assert_eq!(after, check(&dir, &["--no-cache", args[0]]));
}
