//! The cache of unchanged files (`.rein_cache/`): the same findings with and without it,
//! an edit re-checks the edited file and the files whose deep findings read it (and no
//! other), broken entries are ignored and rewritten, `--cache-dir`, `REIN_CACHE_DIR` and
//! `--no-cache`, and fixes stay right when files change between runs.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::harness::{rein, stdout, temp_dir, write};

/// A module `m` whose class includes `m::a`, which declares the same file: a duplicate
/// found in `init.pp` only by reading `a.pp`; `m::b` and module `n` stand apart.
pub(crate) fn tree(name: &str) -> crate::harness::TempDir {
    let dir = temp_dir(name);
    write(
        &dir,
        "modules/m/manifests/init.pp",
        "class m {\n  include m::a\n  file { '/tmp/x': ensure => file }\n}\n",
    );
    write(
        &dir,
        "modules/m/manifests/a.pp",
        "class m::a {\n  file { '/tmp/x': ensure => file }\n}\n",
    );
    write(
        &dir,
        "modules/m/manifests/b.pp",
        "class m::b {\n  notice(\"b\")\n}\n",
    );
    write(&dir, "modules/n/manifests/init.pp", "class n {\n}\n");
    dir
}

/// `rein check --format concise ARGS .` in `dir`: exit code and output.
fn check(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["check", "--format", "concise"];
    all.extend_from_slice(args);
    all.push(".");
    let o = rein(&all, dir);
    (o.status.code(), stdout(&o))
}

/// The index file of the cache at `cache` (there is one: one working directory).
fn index_file(cache: &Path) -> std::path::PathBuf {
    let mut found: Vec<_> = std::fs::read_dir(cache)
        .expect("cache dir")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "bin"))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found.remove(0)
}

/// The entries of the cache at `cache`: displayed path -> the run that stored it.
fn entries(cache: &Path) -> BTreeMap<String, u64> {
    let (_, entries) = index(&index_file(cache));
    entries.into_iter().map(|(p, run, _)| (p, run)).collect()
}

/// The version and entries (path, run, stamp stored) of the sound index at `p`.
fn index(p: &Path) -> (String, Vec<(String, u64, bool)>) {
    rein::workspace::cache::inspect(p).expect("a sound index")
}

/// `rein check --verbose --format concise ARGS .` in `dir`: exit code, output, and the
/// files it says were checked anew (not taken from the cache).
fn check_verbose(dir: &Path, args: &[&str]) -> (Option<i32>, String, Vec<String>) {
    let mut all = vec!["check", "--verbose", "--format", "concise"];
    all.extend_from_slice(args);
    all.push(".");
    let o = rein(&all, dir);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    let anew: Vec<String> = err
        .lines()
        .filter_map(|l| l.strip_prefix("rein: checked "))
        .map(str::to_string)
        .collect();
    let total = err
        .lines()
        .filter(|l| l.contains(" checked anew, "))
        .count();
    assert_eq!(total, 1, "{err}");
    (o.status.code(), stdout(&o), anew)
}

/// The paths whose entries were rewritten between `before` and `after`.
fn rewritten(before: &BTreeMap<String, u64>, after: &BTreeMap<String, u64>) -> Vec<String> {
    after
        .iter()
        .filter(|(p, ino)| before.get(*p) != Some(ino))
        .map(|(p, _)| p.clone())
        .collect()
}

/// Writes `text` to `modules/m/manifests/FILE` (`file`), checks with the cache, and
/// asserts that the findings are `expected` without the finding `gone` (below
/// `modules/m/manifests/`) and that exactly the entries of `rechecked` were rewritten;
/// returns the findings.
fn edit(
    dir: &Path,
    (file, text): (&str, &str),
    expected: &str,
    gone: &str,
    rechecked: &[&str],
) -> String {
    let cache = dir.join(".rein_cache");
    let before = entries(&cache);
    write(dir, &format!("modules/m/manifests/{file}"), text);
    let gone = format!("modules/m/manifests/{gone}\n");
    assert!(expected.contains(&gone), "{gone}");
    let expected = expected.replace(&gone, "");
    let rechecked: Vec<String> = rechecked
        .iter()
        .map(|f| format!("modules/m/manifests/{f}"))
        .collect();
    assert_eq!(
        check_verbose(dir, &[]),
        (Some(0), expected.clone(), rechecked.clone())
    );
    assert_eq!(rewritten(&before, &entries(&cache)), rechecked);
    expected
}

const EXPECTED: &str = "\
modules/m/manifests/a.pp:1:1: warning[documentation] class not documented
modules/m/manifests/b.pp:1:1: warning[documentation] class not documented
modules/m/manifests/b.pp:2:10: warning[double_quoted_strings] double quoted string containing no variables
modules/m/manifests/init.pp:1:1: warning[documentation] class not documented
modules/m/manifests/init.pp:3:10: error[duplicate_resource] Duplicate declaration: File[/tmp/x] is already declared at modules/m/manifests/a.pp:2; cannot redeclare
modules/n/manifests/init.pp:1:1: warning[documentation] class not documented
";

#[test]
fn cache_findings_equal_uncached_ones_and_an_edit_rechecks_only_its_dependants() {
    let dir = tree("cache-edit");
    let uncached = check(&dir, &["--no-cache"]);
    assert_eq!(uncached, (Some(1), EXPECTED.to_string()));
    assert!(
        !dir.join(".rein_cache").exists(),
        "--no-cache writes nothing"
    );
    // Cold, then warm: the same findings; the warm run rewrites nothing.
    assert_eq!(check(&dir, &[]), uncached);
    let cache = dir.join(".rein_cache");
    assert_eq!(
        std::fs::read_to_string(cache.join(".gitignore")).expect(".gitignore"),
        "# Created by rein: the cache is not for version control.\n*\n"
    );
    let cold = entries(&cache);
    assert_eq!(cold.len(), 4);
    assert_eq!(check(&dir, &["--select", "all"]).0, Some(1));
    let all = entries(&cache);
    assert_eq!(rewritten(&cold, &all).len(), 4, "other rules: other keys");
    assert_eq!(check(&dir, &[]), uncached);
    let warm = entries(&cache);
    assert_eq!(rewritten(&all, &warm).len(), 4, "back to the default rules");
    assert_eq!(check(&dir, &[]), uncached);
    assert_eq!(rewritten(&warm, &entries(&cache)), Vec::<String>::new());

    // `m::a` no longer declares the file: `a.pp` and `init.pp` (whose evaluation read
    // `a.pp`) are checked again, and the duplicate is gone; the others are not.
    let expected = edit(
        &dir,
        ("a.pp", "class m::a {\n  file { '/tmp/y': ensure => file }\n}\n"),
        EXPECTED,
        "init.pp:3:10: error[duplicate_resource] Duplicate declaration: File[/tmp/x] is already declared at modules/m/manifests/a.pp:2; cannot redeclare",
        &["a.pp", "init.pp"],
    );
    assert_eq!(check(&dir, &["--no-cache"]), (Some(0), expected.clone()));

    // An edit of `b.pp` that nothing reads re-checks `b.pp` alone.
    edit(
        &dir,
        ("b.pp", "class m::b {\n  notice('b')\n}\n"),
        &expected,
        "b.pp:2:10: warning[double_quoted_strings] double quoted string containing no variables",
        &["b.pp"],
    );
}

#[test]
fn corrupt_truncated_and_foreign_indexes_are_ignored_and_rewritten() {
    let dir = tree("cache-corrupt");
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    let cache = dir.join(".rein_cache");
    let file = index_file(&cache);
    let good = std::fs::read(&file).expect("index");
    let all: Vec<String> = [
        "m/manifests/a.pp",
        "m/manifests/b.pp",
        "m/manifests/init.pp",
    ]
    .iter()
    .chain(&["n/manifests/init.pp"])
    .map(|f| format!("modules/{f}"))
    .collect();
    let replace = |bytes: &[u8], from: &str, to: &str| -> Vec<u8> {
        assert_eq!(from.len(), to.len());
        let at = bytes
            .windows(from.len())
            .position(|w| w == from.as_bytes())
            .expect("found");
        let mut out = bytes.to_vec();
        out[at..at + to.len()].copy_from_slice(to.as_bytes());
        out
    };
    let version = rein::workspace::cache::VERSION;
    let foreign = version.replace("+index-", "+index-9");
    let foreign = &foreign[..version.len()];
    let breakages: Vec<Vec<u8>> = vec![
        good[..good.len() / 2].to_vec(),
        good[..10].to_vec(),
        Vec::new(),
        b"\x00\x01not an index at all".to_vec(),
        // Findings that were never found: a damaged index must not be trusted.
        replace(&good, "class not documented", "forged finding here!"),
        // Another version's index, whole (its checksum matches): not read.
        rein::workspace::cache::framed(&replace(&good[16..], version, foreign)),
    ];
    for broken in breakages {
        std::fs::write(&file, &broken).expect("write");
        assert_eq!(
            check_verbose(&dir, &[]),
            (Some(1), EXPECTED.to_string(), all.clone())
        );
        // The broken index was rewritten whole, by this run.
        let (v, entries) = index(&file);
        assert_eq!(v, version);
        assert_eq!(entries.len(), 4);
        let bytes = std::fs::read(&file).expect("index");
        assert!(!bytes.windows(6).any(|w| w == b"forged"));
        assert_eq!(
            check_verbose(&dir, &[]),
            (Some(1), EXPECTED.to_string(), Vec::new())
        );
    }
}

/// A file whose stamp (inode, size, times) was stored is not read again while the stamp
/// is the same; a new stamp with the same bytes keeps the entry (its digest is the truth),
/// new bytes under any stamp are checked again.
#[test]
fn stamps_spare_reading_and_the_digest_decides_when_they_change() {
    let dir = tree("cache-stamp");
    // Files last changed long before the run: their stamps are stored.
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(60);
    let set_old = |rel: &str| {
        let f = std::fs::File::options()
            .write(true)
            .open(dir.join(rel))
            .expect("open");
        f.set_modified(old).expect("mtime");
    };
    std::thread::sleep(std::time::Duration::from_millis(2100));
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    let (_, v) = index(&index_file(&dir.join(".rein_cache")));
    let stamped = v.iter().filter(|(_, _, stamped)| *stamped).count();
    assert_eq!(stamped, 4, "{v:?}");
    // Same bytes, new times (a checkout): the digest says unchanged, nothing is rechecked.
    let before = entries(&dir.join(".rein_cache"));
    let b = "modules/m/manifests/b.pp";
    let text = std::fs::read(dir.join(b)).expect("read");
    std::fs::write(dir.join(b), &text).expect("write");
    set_old(b);
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    assert_eq!(entries(&dir.join(".rein_cache")), before);
    // New bytes of the same size, with the old modification time put back: the change
    // time moved, so the stamp differs and the file is checked again.
    std::fs::write(dir.join(b), "class m::b {\n  notice('b')\n}\n").expect("write");
    set_old(b);
    let (code, out) = check(&dir, &[]);
    assert_eq!(code, Some(1));
    assert!(!out.contains("double_quoted_strings"), "{out}");
    assert_eq!(
        rewritten(&before, &entries(&dir.join(".rein_cache"))),
        vec![b.to_string()]
    );
}

#[test]
fn cache_dir_option_and_environment() {
    let dir = tree("cache-dir");
    assert_eq!(check(&dir, &["--cache-dir", "elsewhere"]).0, Some(1));
    assert_eq!(entries(&dir.join("elsewhere")).len(), 4);
    assert!(!dir.join(".rein_cache").exists());
    let o = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(["check", "--format", "concise", "."])
        .current_dir(&dir)
        .env("REIN_CACHE_DIR", "from-env")
        .output()
        .expect("run rein");
    assert_eq!(stdout(&o), EXPECTED);
    assert_eq!(entries(&dir.join("from-env")).len(), 4);
    assert!(!dir.join(".rein_cache").exists());
    // A cache that cannot be created: the run goes on without one.
    write(&dir, "blocked", "a file, not a directory\n");
    assert_eq!(
        check(&dir, &["--cache-dir", "blocked/cache"]),
        (Some(1), EXPECTED.to_string())
    );
    // A run that stores nothing (its one path does not exist) leaves no cache behind.
    let o = rein(&["check", "--cache-dir", "unused", "nope.pp"], &dir);
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.join("unused").exists());
}

#[test]
fn fixes_and_checks_follow_files_changed_between_runs() {
    let dir = tree("cache-fix");
    assert_eq!(check(&dir, &[]).0, Some(1));
    // `--fix` reads no cache: it fixes what is on disk now.
    write(
        &dir,
        "modules/n/manifests/init.pp",
        "class n {\n  notice(\"n\")\n}\n",
    );
    let o = rein(&["check", "--fix", "--format", "concise", "."], &dir);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        std::fs::read_to_string(dir.join("modules/n/manifests/init.pp")).expect("read"),
        "class n {\n  notice('n')\n}\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("modules/m/manifests/b.pp")).expect("read"),
        "class m::b {\n  notice('b')\n}\n"
    );
    // The next check sees the fixed files, as an uncached one does.
    let cached = check(&dir, &[]);
    assert_eq!(cached, check(&dir, &["--no-cache"]));
    assert!(!cached.1.contains("double_quoted_strings"), "{}", cached.1);
}

/// Two modules: `m`'s class includes `m::a` (a duplicate found by reading `a.pp`) and
/// renders a template with a syntax error; `m`'s Hiera data sets parameters of both
/// classes (a type mismatch, two unknown keys); `n` stands apart.
fn hiera_tree(name: &str) -> crate::harness::TempDir {
    let dir = temp_dir(name);
    let files = [
        (
            "modules/m/manifests/init.pp",
            "# @summary m\n# @param port the port\nclass m (Integer $port = 80) {\n  include m::a\n  file { '/tmp/x': ensure => file, content => epp('m/conf.epp') }\n}\n",
        ),
        (
            "modules/m/manifests/a.pp",
            "# @summary a\nclass m::a {\n  file { '/tmp/x': ensure => file }\n}\n",
        ),
        (
            "modules/m/templates/conf.epp",
            "<%- | Integer $port | -%>\nport = <%= $port %>\n<% if $x { %>\n",
        ),
        (
            "modules/m/hiera.yaml",
            "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: common\n    path: common.yaml\n",
        ),
        (
            "modules/m/data/common.yaml",
            "---\nm::port: \"eighty\"\nm::prot: 81\nm::a::x: 1\n",
        ),
        ("modules/n/manifests/init.pp", "class n {\n  notice(\"n\")\n}\n"),
    ];
    for (path, text) in files {
        write(&dir, path, text);
    }
    dir
}

const HIERA_EXPECTED: &str = "\
modules/m/data/common.yaml:2:10: error[hiera_type_mismatch] Class[M]: parameter 'port' expects an Integer value, got String
modules/m/data/common.yaml:3:1: warning[hiera_unknown_key] class 'm' has no parameter 'prot'
modules/m/data/common.yaml:4:1: warning[hiera_unknown_key] class 'm::a' has no parameter 'x'
modules/m/manifests/init.pp:5:10: error[duplicate_resource] Duplicate declaration: File[/tmp/x] is already declared at modules/m/manifests/a.pp:3; cannot redeclare
modules/m/templates/conf.epp:4:1: error[syntax] expected `}` to close the `if` body opened at 3:10
modules/n/manifests/init.pp:1:1: warning[documentation] class not documented
modules/n/manifests/init.pp:2:10: warning[double_quoted_strings] double quoted string containing no variables
";

/// The output of every format (exit code, stdout) with `args`.
fn every_format(dir: &Path, args: &[&str]) -> Vec<(Option<i32>, String)> {
    let formats = "text concise json sarif github codeclimate puppet-lint puppet-lint-json";
    formats
        .split(' ')
        .map(|f| {
            let mut all = vec!["check", "--format", f];
            all.extend_from_slice(args);
            all.push(".");
            let o = rein(&all, dir);
            (o.status.code(), stdout(&o))
        })
        .collect()
}

/// Manifests, a template and Hiera data: the findings of every output format are the same
/// byte for byte without the cache, filling it and from it; an edit of a class re-checks
/// the data that sets its parameters (and what includes it), and nothing else.
#[test]
fn yaml_and_templates_are_cached_and_every_format_is_the_same_from_the_cache() {
    let dir = hiera_tree("cache-hiera");
    assert_eq!(
        check(&dir, &["--no-cache"]),
        (Some(1), HIERA_EXPECTED.into())
    );
    let uncached = every_format(&dir, &["--no-cache"]);
    assert!(!dir.join(".rein_cache").exists());
    assert_eq!(every_format(&dir, &[]), uncached, "cold");
    let all: Vec<String> = [
        "m/data/common.yaml",
        "m/hiera.yaml",
        "m/manifests/a.pp",
        "m/manifests/init.pp",
        "m/templates/conf.epp",
        "n/manifests/init.pp",
    ]
    .iter()
    .map(|f| format!("modules/{f}"))
    .collect();
    // Every format used the same entries: nothing is checked anew.
    let warm = check_verbose(&dir, &[]);
    assert_eq!(warm, (Some(1), HIERA_EXPECTED.into(), Vec::new()));
    assert_eq!(every_format(&dir, &[]), uncached, "warm");
    assert_eq!(
        check_verbose(&dir, &["--no-cache"]),
        (Some(1), HIERA_EXPECTED.into(), all)
    );

    // `m::a` gets the parameter the data sets: `a.pp`, `init.pp` (which includes it) and
    // the data are checked again.
    let edits: [(&str, &str, &str, &[&str]); 3] = [
        (
            "modules/m/manifests/a.pp",
            "class m::a {",
            "class m::a (Integer $x = 1) {",
            &[
                "m/data/common.yaml",
                "m/manifests/a.pp",
                "m/manifests/init.pp",
            ],
        ),
        // The data alone.
        (
            "modules/m/data/common.yaml",
            "m::prot: 81",
            "m::port: 81",
            &["m/data/common.yaml"],
        ),
        // A template: with its syntax error gone, `init.pp`, which renders it, finds it
        // called without its parameter; the data's reads of class `m` are checked again.
        (
            "modules/m/templates/conf.epp",
            "<% if $x { %>",
            "<% if $x { %><% } %>",
            &[
                "m/data/common.yaml",
                "m/manifests/init.pp",
                "m/templates/conf.epp",
            ],
        ),
    ];
    for (file, from, to, rechecked) in edits {
        let text = std::fs::read_to_string(dir.join(file)).expect("read");
        assert!(text.contains(from), "{file}");
        write(&dir, file, &text.replace(from, to));
        let uncached = check(&dir, &["--no-cache"]);
        let rechecked: Vec<String> = rechecked.iter().map(|f| format!("modules/{f}")).collect();
        assert_eq!(
            check_verbose(&dir, &[]),
            (uncached.0, uncached.1.clone(), rechecked),
            "{file}"
        );
        assert_eq!(every_format(&dir, &[]), every_format(&dir, &["--no-cache"]));
    }
    assert_eq!(
        check(&dir, &[]).1,
        "\
modules/m/data/common.yaml:2:10: error[hiera_type_mismatch] Class[M]: parameter 'port' expects an Integer value, got String
modules/m/data/common.yaml:3:1: error[yaml_duplicate_key] duplicate key 'm::port' (first at 2:1)
modules/m/manifests/init.pp:5:10: error[duplicate_resource] Duplicate declaration: File[/tmp/x] is already declared at modules/m/manifests/a.pp:3; cannot redeclare
modules/m/manifests/init.pp:5:47: error[epp_missing_parameter] epp('m/conf.epp'): expects a value for parameter 'port'
modules/m/templates/conf.epp:3:4: error[expression_has_no_effect] This 'if' statement has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)
modules/m/templates/conf.epp:3:7: warning[epp_undeclared_variable] Variable $x is not a parameter of this template, not set in it and not a fact: epp() renders it in the top scope, where $x is undefined
modules/n/manifests/init.pp:1:1: warning[documentation] class not documented
modules/n/manifests/init.pp:2:10: warning[double_quoted_strings] double quoted string containing no variables
"
    );
}

/// A walk is kept while the directories walked and the ignore files that apply keep their
/// stamps: a file added is found, an ignore file rewritten in place applies.
#[test]
fn walks_are_kept_while_directories_and_ignore_files_hold() {
    let dir = tree("cache-walk");
    write(&dir, ".gitignore", "# nothing ignored\n");
    // Directories last changed long enough before the run: the walk is kept.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    // The cache directory was made by that run: the root changed, its walk is kept now.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    let cache = dir.join(".rein_cache");
    let walks = || rein::workspace::cache::inspect_walks(&index_file(&cache)).expect("index");
    assert_eq!(walks(), vec![".".to_string()]);
    assert_eq!(
        check_verbose(&dir, &[]),
        (Some(1), EXPECTED.to_string(), Vec::new())
    );
    // A new file in a walked directory is found.
    write(&dir, "modules/n/manifests/c.pp", "class n::c {\n}\n");
    let (code, out, anew) = check_verbose(&dir, &[]);
    assert_eq!(code, Some(1));
    // (A new class is a new project: every deep finding is checked again.)
    let every = [
        "m/manifests/a.pp",
        "m/manifests/b.pp",
        "m/manifests/init.pp",
    ]
    .iter()
    .chain(&["n/manifests/c.pp", "n/manifests/init.pp"])
    .map(|f| format!("modules/{f}"))
    .collect::<Vec<_>>();
    assert_eq!(anew, every);
    assert!(out.ends_with("modules/n/manifests/c.pp:1:1: warning[documentation] class not documented\nmodules/n/manifests/init.pp:1:1: warning[documentation] class not documented\n"), "{out}");
    std::fs::remove_file(dir.join("modules/n/manifests/c.pp")).expect("remove");
    std::thread::sleep(std::time::Duration::from_millis(2100));
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    // The ignore file rewritten in place (its directory's stamp unchanged) applies.
    write(&dir, ".gitignore", "b.pp\n");
    assert_eq!(
        check(&dir, &[]),
        (Some(1), EXPECTED.replace("modules/m/manifests/b.pp:1:1: warning[documentation] class not documented\nmodules/m/manifests/b.pp:2:10: warning[double_quoted_strings] double quoted string containing no variables\n", ""))
    );
    // A configuration file appears in a walked directory (which the kept walk knew had
    // none): it applies.
    std::thread::sleep(std::time::Duration::from_millis(2100));
    write(&dir, ".gitignore", "# nothing ignored\n");
    assert_eq!(check(&dir, &[]), (Some(1), EXPECTED.to_string()));
    write(
        &dir,
        "modules/m/rein.toml",
        "[rules]\ndocumentation = \"off\"\n",
    );
    assert_eq!(
        check(&dir, &[]),
        (Some(1), EXPECTED.replace("modules/m/manifests/a.pp:1:1: warning[documentation] class not documented\nmodules/m/manifests/b.pp:1:1: warning[documentation] class not documented\n", "").replace("modules/m/manifests/init.pp:1:1: warning[documentation] class not documented\n", ""))
    );
}

/// What a module's custom facts and Ruby functions gave is kept with the stamps of their
/// directories (and of the facts' files), and taken while those hold: a fact or function
/// added under the module, or a fact file rewritten in place, is seen by the next run.
#[test]
fn facts_and_functions_added_under_a_module_are_seen() {
    let dir = temp_dir("cache-proofs");
    write(
        &dir,
        "modules/m/manifests/init.pp",
        "# m\nclass m {\n  notice($my_fact)\n  notice(m::hello())\n}\n",
    );
    write(
        &dir,
        "modules/m/lib/facter/other.rb",
        "Facter.add(:other) do\nend\n",
    );
    write(&dir, "modules/m/lib/puppet/functions/m/other.rb", "");
    // Directories last changed long enough before the run: their stamps are kept.
    let settle = || std::thread::sleep(std::time::Duration::from_millis(2100));
    settle();
    let scope = "modules/m/manifests/init.pp:3:10: warning[variable_scope] top-scope variable being used without an explicit namespace\n";
    let fact = "modules/m/manifests/init.pp:3:10: warning[undefined_variable] Unknown variable: '$my_fact' (unless a custom fact or a top-scope variable defines it)\n";
    let function =
        "modules/m/manifests/init.pp:4:10: error[unknown_function] Unknown function: 'm::hello'\n";
    let all = format!("{fact}{scope}{function}");
    assert_eq!(check(&dir, &["--no-cache"]), (Some(1), all.clone()));
    assert_eq!(check(&dir, &[]), (Some(1), all.clone()));
    let cache = dir.join(".rein_cache");
    assert_eq!(
        rein::workspace::cache::inspect_proofs(&index_file(&cache)).expect("index"),
        [
            "Modules(\"./modules\")",
            "Ruby(\"./modules/m\")",
            "Facts(\"./modules/m\")"
        ]
    );
    assert_eq!(check_verbose(&dir, &[]), (Some(1), all, Vec::new()));
    let init = vec!["modules/m/manifests/init.pp".to_string()];
    // A fact added.
    write(
        &dir,
        "modules/m/lib/facter/my_fact.rb",
        "Facter.add('my_fact') do\nend\n",
    );
    assert_eq!(
        check_verbose(&dir, &[]),
        (Some(1), format!("{scope}{function}"), init.clone())
    );
    settle();
    // A function added.
    write(&dir, "modules/m/lib/puppet/functions/m/hello.rb", "");
    assert_eq!(
        check_verbose(&dir, &[]),
        (Some(0), scope.to_string(), init.clone())
    );
    settle();
    assert_eq!(
        check_verbose(&dir, &[]),
        (Some(0), scope.to_string(), Vec::new())
    );
    // The fact file rewritten in place (its directory's stamp unchanged): the fact is gone.
    write(
        &dir,
        "modules/m/lib/facter/my_fact.rb",
        "Facter.add('my_fac') do\nend\n",
    );
    assert_eq!(
        check_verbose(&dir, &[]),
        (Some(0), format!("{fact}{scope}"), init)
    );
}

/// `rein check --format concise ARGS .` in `dir` on one worker thread (files evaluated in
/// path order): exit code and output.
fn check_one_thread(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut all = vec!["check", "--format", "concise"];
    all.extend_from_slice(args);
    all.push(".");
    let o = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(&all)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("run rein");
    (o.status.code(), stdout(&o))
}

#[test]
fn a_file_that_replays_a_recorded_class_depends_on_what_the_class_read() {
    // `b.pp` is evaluated first and records `m::a`; `c.pp` replays the recording. When
    // `a.pp` changes, both are checked again: the replay counts what `m::a` read.
    let dir = temp_dir("cache-replay");
    write(
        &dir,
        "modules/m/manifests/a.pp",
        "# a\nclass m::a {\n  file { '/tmp/x': ensure => file }\n}\n",
    );
    for (file, class) in [("b", "m::b"), ("c", "m::c")] {
        write(
            &dir,
            &format!("modules/m/manifests/{file}.pp"),
            &format!("# {file}\nclass {class} {{\n  include m::a\n  file {{ '/tmp/x': ensure => file }}\n}}\n"),
        );
    }
    let duplicate = |file: &str| {
        format!("modules/m/manifests/{file}.pp:4:10: error[duplicate_resource] Duplicate declaration: File[/tmp/x] is already declared at modules/m/manifests/a.pp:3; cannot redeclare\n")
    };
    let both = format!("{}{}", duplicate("b"), duplicate("c"));
    assert_eq!(check_one_thread(&dir, &[]), (Some(1), both.clone()));
    assert_eq!(check_one_thread(&dir, &[]), (Some(1), both));
    write(
        &dir,
        "modules/m/manifests/a.pp",
        "# a\nclass m::a {\n  file { '/tmp/y': ensure => file }\n}\n",
    );
    assert_eq!(check_one_thread(&dir, &[]), (Some(0), String::new()));
    assert_eq!(check(&dir, &["--no-cache"]), (Some(0), String::new()));
}
