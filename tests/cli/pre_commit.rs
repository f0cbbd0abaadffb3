//! rein's pre-commit hooks, run by the real `pre-commit` tool (PyPI) on throwaway git
//! repositories: the hooks are those of `.pre-commit-hooks.yaml`, taken from a hook
//! repository as a user's `.pre-commit-config.yaml` takes them, except that the
//! `language: rust` hooks become `language: system` ones running the `rein` just built
//! (pre-commit would otherwise build rein in release mode, which takes minutes). A bad
//! commit is refused, a good one passes, `rein-fmt` rewrites and fails so that the commit
//! can be redone, and the files that `--ignore-paths` or `[files] exclude` leave out are
//! left out even though pre-commit names them.
//!
//! Without `pre-commit` on PATH the tests are skipped, except in CI (`CI=true`), where
//! `.ci/run` installs it and its absence is a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::harness::{temp_dir, write};

/// A git repository whose commits run rein's hooks through pre-commit.
struct Repo {
    /// The repository.
    dir: PathBuf,
    /// Where the `rein` on PATH is, and pre-commit's cache.
    bin: PathBuf,
    home: PathBuf,
    /// The temporary directory holding all three, removed with the value.
    _root: crate::harness::TempDir,
}

/// Whether `pre-commit` can be run; in CI its absence fails the test.
fn pre_commit_available() -> bool {
    let found = Command::new("pre-commit")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pre-commit is not installed (CI installs it: pip install pre-commit)"
        );
        eprintln!("skipped: pre-commit is not installed (pip install pre-commit)");
    }
    found
}

/// `.pre-commit-hooks.yaml` with its `language: rust` hooks running the `rein` on PATH.
fn hooks_on_path() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(".pre-commit-hooks.yaml");
    let text = std::fs::read_to_string(path).expect("read .pre-commit-hooks.yaml");
    let rust = "\n  language: rust\n";
    assert_eq!(text.matches(rust).count(), 2, "{text}");
    text.replace(rust, "\n  language: system\n")
}

impl Repo {
    /// A fresh repository `name` whose `.pre-commit-config.yaml` takes the hooks `ids` (with
    /// the `args:` given, if any) from a hook repository holding our hook definitions, and
    /// whose commits run them (`pre-commit install`).
    fn new(name: &str, hooks: &[(&str, &str)]) -> Repo {
        let root = temp_dir(&format!("pre-commit-{name}"));
        let hook_repo = root.join("hooks");
        let repo = Repo {
            dir: root.join("work"),
            bin: root.join("bin"),
            home: root.join("cache"),
            _root: root,
        };
        std::fs::create_dir_all(&repo.bin).expect("mkdir");
        std::fs::create_dir_all(&repo.dir).expect("mkdir");
        #[cfg(unix)]
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_rein"), repo.bin.join("rein"))
            .expect("link rein");
        write(&hook_repo, ".pre-commit-hooks.yaml", &hooks_on_path());
        repo.git(&hook_repo, &["init", "-q"]);
        repo.git(&hook_repo, &["add", "."]);
        repo.git(&hook_repo, &["commit", "-q", "-m", "hooks"]);
        let rev = repo.git(&hook_repo, &["rev-parse", "HEAD"]);
        let mut config = format!(
            "repos:\n  - repo: {}\n    rev: {}\n    hooks:\n",
            hook_repo.display(),
            String::from_utf8_lossy(&rev.stdout).trim()
        );
        for (id, args) in hooks {
            config.push_str(&format!("      - id: {id}\n"));
            if !args.is_empty() {
                config.push_str(&format!("        args: {args}\n"));
            }
        }
        write(&repo.dir, ".pre-commit-config.yaml", &config);
        repo.git(&repo.dir, &["init", "-q"]);
        let installed = repo.run("pre-commit", &["install", "--install-hooks"]);
        assert!(installed.status.success(), "{}", text(&installed));
        repo.git(&repo.dir, &["add", ".pre-commit-config.yaml"]);
        repo.git(&repo.dir, &["commit", "-q", "-m", "config"]);
        repo
    }

    /// `program ARGS` in the repository, with rein on PATH, pre-commit's cache and git's
    /// configuration of its own.
    fn run(&self, program: &str, args: &[&str]) -> Output {
        self.command(program, &self.dir)
            .args(args)
            .output()
            .expect(program)
    }

    /// `git ARGS` in `dir`; it must succeed.
    fn git(&self, dir: &Path, args: &[&str]) -> Output {
        let o = self.command("git", dir).args(args).output().expect("git");
        assert!(o.status.success(), "git {args:?}: {}", text(&o));
        o
    }

    fn command(&self, program: &str, dir: &Path) -> Command {
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![self.bin.clone()];
        dirs.extend(std::env::split_paths(&path));
        let mut c = Command::new(program);
        c.current_dir(dir)
            .env("PATH", std::env::join_paths(dirs).expect("PATH"))
            .env("PRE_COMMIT_HOME", &self.home)
            .env("PRE_COMMIT_COLOR", "never")
            .env("NO_COLOR", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_AUTHOR_NAME", "rein")
            .env("GIT_AUTHOR_EMAIL", "rein@example.com")
            .env("GIT_COMMITTER_NAME", "rein")
            .env("GIT_COMMITTER_EMAIL", "rein@example.com");
        c
    }

    /// Writes `files` (path, text), stages them and commits: the exit status of `git
    /// commit` and what the hooks printed.
    fn commit(&self, files: &[(&str, &str)]) -> (i32, String) {
        for (path, text) in files {
            write(&self.dir, path, text);
            self.git(&self.dir, &["add", path]);
        }
        let o = self.run("git", &["commit", "-q", "-m", "change"]);
        (o.status.code().unwrap_or(-1), text(&o))
    }

    /// The number of commits.
    fn commits(&self) -> usize {
        let o = self.git(&self.dir, &["rev-list", "--count", "HEAD"]);
        String::from_utf8_lossy(&o.stdout)
            .trim()
            .parse()
            .unwrap_or(0)
    }

    fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.dir.join(path)).expect("read")
    }
}

/// Standard output, then standard error.
fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned() + &String::from_utf8_lossy(&o.stderr)
}

/// pre-commit's line for a hook: its name, dots up to column 79, and the result.
fn status(name: &str, result: &str) -> String {
    let dots = 79 - name.len() - result.len();
    format!("{name}{}{result}\n", ".".repeat(dots))
}

const UGLY: &str = "file { \"/tmp/a\":\nensure=>file,\n}\n";
const PRETTY: &str = "file { '/tmp/a':\n  ensure => file,\n}\n";
/// Formatted, and an error for `rein check` (a resource declared twice).
const DUPLICATE: &str =
    "file { '/tmp/a':\n  ensure => file,\n}\nfile { '/tmp/a':\n  ensure => file,\n}\n";

fn duplicate_finding(path: &str) -> String {
    format!(
        "error[duplicate_resource]: Duplicate declaration: File[/tmp/a] is already declared at {path}:1; cannot redeclare\n  \
         ┌─ {path}:4:8\n  │\n4 │ file {{ '/tmp/a':\n  │        ^^^^^^^^\n  │\n  \
         = note: File[/tmp/a] is first declared here: {path}:1:8\n\n"
    )
}

#[cfg(unix)]
#[test]
fn a_bad_commit_is_refused_a_good_one_passes_and_fmt_rewrites() {
    if !pre_commit_available() {
        return;
    }
    let repo = Repo::new("flow", &[("rein-check", ""), ("rein-fmt", "")]);
    assert_eq!(repo.commits(), 1);

    // A syntax error: both hooks fail, nothing is committed.
    let (code, out) = repo.commit(&[("bad.pp", "class bad {\n")]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        status("rein check", "Failed")
            + "- hook id: rein-check\n- exit code: 1\n\n\
               error[syntax]: expected `}` to close the class body opened at 1:11\n  \
               ┌─ bad.pp:1:12\n  │\n1 │ class bad {\n  │            ^\n\n\
               Checked 1 file: 1 error, 0 warnings.\n\n"
            + &status("rein fmt", "Failed")
            + "- hook id: rein-fmt\n- exit code: 2\n\n\
               rein fmt: bad.pp:1:12: syntax error: expected `}` to close the class body opened at 1:11\n\
               0 files reformatted, 0 unchanged, 1 failed\n\n"
    );
    assert_eq!(repo.commits(), 1);

    // Valid, badly formatted: `rein-fmt` rewrites the file and fails the commit.
    repo.git(&repo.dir, &["rm", "-q", "--cached", "bad.pp"]);
    let (code, out) = repo.commit(&[("site.pp", UGLY)]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        status("rein check", "Passed")
            + &status("rein fmt", "Failed")
            + "- hook id: rein-fmt\n- files were modified by this hook\n\n\
               1 file reformatted, 0 unchanged\n\n"
    );
    assert_eq!(repo.read("site.pp"), PRETTY);
    assert_eq!(repo.commits(), 1);

    // The rewritten file staged, the commit passes.
    let (code, out) = repo.commit(&[("site.pp", PRETTY)]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        status("rein check", "Passed") + &status("rein fmt", "Passed")
    );
    assert_eq!(repo.commits(), 2);

    // `.epp` templates are checked, not formatted: a broken one is refused...
    let (code, out) = repo.commit(&[("templates/motd.epp", "<%- | String $x | -%>\n<%= $x\n")]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        status("rein check", "Failed")
            + "- hook id: rein-check\n- exit code: 1\n\n\
               error[syntax]: Unbalanced epp tag, reached <eof> without closing tag.\n  \
               ┌─ templates/motd.epp:3:1\n  │\n3 │ \n  │ ^\n\n\
               Checked 1 file: 1 error, 0 warnings.\n\n"
            + &status("rein fmt", "(no files to check)Skipped")
    );
    assert_eq!(repo.commits(), 2);
    // ... a valid one passes.
    let (code, out) = repo.commit(&[("templates/motd.epp", "<%- | String $x | -%>\n<%= $x %>\n")]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        status("rein check", "Passed") + &status("rein fmt", "(no files to check)Skipped")
    );
    assert_eq!(repo.commits(), 3);
}

#[cfg(unix)]
#[test]
fn ignore_paths_and_excluded_files_are_left_out_though_named() {
    if !pre_commit_available() {
        return;
    }
    // The `-system` hooks, as a user who installed rein writes them; `--ignore-paths` as
    // a puppet-lint user passes it.
    let repo = Repo::new(
        "ignore",
        &[
            ("rein-check-system", "[--ignore-paths, 'tab*']"),
            ("rein-fmt-system", ""),
        ],
    );
    write(&repo.dir, "rein.toml", "[files]\nexclude = [\"legacy\"]\n");
    repo.git(&repo.dir, &["add", "rein.toml"]);
    // tabs.pp (ignored) and legacy/old.pp (excluded, badly formatted and wrong) are named
    // by pre-commit, and left out; other.pp fails.
    let (code, out) = repo.commit(&[
        ("tabs.pp", DUPLICATE),
        ("legacy/old.pp", "class old {\n$x=1\n"),
        ("other.pp", DUPLICATE),
    ]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(
        out,
        status("rein check", "Failed")
            + "- hook id: rein-check-system\n- exit code: 1\n\n"
            + &duplicate_finding("other.pp")
            + "Checked 1 file: 1 error, 0 warnings.\n\n"
            + &status("rein fmt", "Passed")
    );
    assert_eq!(repo.read("legacy/old.pp"), "class old {\n$x=1\n");
    repo.git(&repo.dir, &["rm", "-q", "--cached", "other.pp"]);
    let (code, out) = repo.commit(&[]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        status("rein check", "Passed") + &status("rein fmt", "Passed")
    );
    assert_eq!(repo.commits(), 2);
}
