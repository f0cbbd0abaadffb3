//! File-system faults and output errors (issue 16): read-only files and directories,
//! symbolic links (written through, never out of the tree, loops), unreadable directories
//! (as an unprivileged user), FIFOs, hard links, `kill -9` during in-place formatting and
//! fixing, a full disk (a small tmpfs in a private mount namespace), and standard output
//! that cannot be written (`/dev/full`, a closed pipe). Every fault gives a clear message
//! with the path and exit status 2, and loses nothing.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::harness::{outcome, outcome_with_stdin, temp_dir, write};

const UGLY: &str = "class a{$x=1}\n";
const PRETTY: &str = "class a {\n  $x = 1\n}\n";

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("read")
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("stat").mode() & 0o7777
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self")
        .map(|m| m.uid() == 0)
        .unwrap_or(false)
}

/// The entries of `dir` and below (relative), sorted.
fn tree(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).expect("read_dir") {
            let p = e.expect("entry").path();
            let rel = p.strip_prefix(base).expect("below").display().to_string();
            let t = std::fs::symlink_metadata(&p).expect("lstat").file_type();
            out.push(rel);
            if t.is_dir() {
                walk(&p, base, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// `rein ARGS` in `dir` with standard output sent to `stdout`: (exit code, stderr).
fn with_stdout(args: &[&str], dir: &Path, stdout: Stdio, input: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rein");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = std::io::Write::write_all(&mut stdin, input);
    drop(stdin);
    let o = child.wait_with_output().expect("wait");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn dev_full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

const FULL: &str = "rein: cannot write to standard output: No space left on device\n";

#[test]
fn every_command_fails_on_a_full_standard_output() {
    let dir = temp_dir("faults-devfull");
    write(&dir, "a.pp", PRETTY);
    write(&dir, "u.pp", UGLY);
    write(&dir, "bad.pp", "class {\n");
    let input = UGLY.as_bytes();
    for args in [
        &["fmt", "-"][..],
        &["fmt", "--diff", "-"],
        &["fmt", "--check", "-"],
        &["fmt", "--diff", "u.pp"],
        &["dump", "a.pp"],
        &["dump", "--format", "pn", "a.pp"],
        &["check", "--no-cache", "--format", "sarif", "a.pp"],
        &["check", "--no-cache", "--format", "json", "bad.pp"],
        &["check", "--no-cache", "a.pp"],
        &["check", "--no-cache", "--format", "puppet-lint", "a.pp"],
        &["check", "--list-checks"],
        &["--no-cache", "a.pp"],
        &["rule"],
        &["rule", "arrow_alignment"],
        &["completions", "bash"],
        &["man"],
    ] {
        let (code, err) = with_stdout(args, &dir, dev_full(), input);
        assert_eq!((code, err.as_str()), (2, FULL), "rein {args:?}");
    }
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let dir = temp_dir("faults-epipe");
    write(&dir, "a.pp", "class a {}\n");
    for (args, status) in [
        (&["fmt", "-"][..], 0),
        (&["check", "--no-cache", "--format", "json", "a.pp"][..], 0),
        (&["rule"][..], 0),
        (&["dump", "a.pp"][..], 0),
    ] {
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let (code, err) = with_stdout(args, &dir, Stdio::from(writer), UGLY.as_bytes());
        assert_eq!((code, err.as_str()), (status, ""), "rein {args:?}");
    }
}

#[test]
fn a_report_file_that_cannot_be_written_is_an_error_and_never_empty() {
    let dir = temp_dir("faults-report");
    write(&dir, "a.pp", "class a {}\n");
    let report = |file: &str| {
        let args = [
            "check",
            "--no-cache",
            "--codeclimate-report-file",
            file,
            "a.pp",
        ];
        let (code, _, err) = outcome(&args, &dir);
        (code, err)
    };
    // Into a directory that does not exist: nothing is created.
    let (code, err) = report("no/r.json");
    assert_eq!(
        (code, err.as_str()),
        (2, "rein: no/r.json: No such file or directory\n")
    );
    // A device is written into, not replaced.
    let (code, err) = report("/dev/full");
    assert_eq!(
        (code, err.as_str()),
        (2, "rein: /dev/full: No space left on device\n")
    );
    let full = std::fs::metadata("/dev/full").expect("stat");
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(
        &full.file_type()
    ));
    // An existing report keeps its mode, and the new one is whole.
    write(&dir, "r.json", "old");
    set_mode(&dir.join("r.json"), 0o640);
    assert_eq!(report("r.json"), (0, String::new()));
    assert!(read(&dir.join("r.json")).starts_with('['));
    assert_eq!(mode(&dir.join("r.json")), 0o640);
    assert_eq!(tree(&dir), ["a.pp", "r.json"]);
}

#[test]
fn a_read_only_file_is_refused_unless_forced() {
    let dir = temp_dir("faults-readonly");
    write(&dir, "a.pp", UGLY);
    write(&dir, "b.pp", "class b {\n  $x = \"hi\"\n}\n");
    set_mode(&dir.join("a.pp"), 0o444);
    set_mode(&dir.join("b.pp"), 0o444);
    let (code, out, err) = outcome(&["fmt", "a.pp"], &dir);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "rein fmt: a.pp: read-only file (mode 0444); not written (--force writes read-only files)\n\
         0 files reformatted, 0 unchanged, 1 failed\n"
    );
    assert_eq!(read(&dir.join("a.pp")), UGLY);
    let (code, _, err) = outcome(
        &[
            "check",
            "--no-cache",
            "--fix",
            "--format",
            "concise",
            "b.pp",
        ],
        &dir,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("rein: b.pp: read-only file (mode 0444); not written (--force writes read-only files)\n"),
        "{err}"
    );
    assert_eq!(read(&dir.join("b.pp")), "class b {\n  $x = \"hi\"\n}\n");
    let (code, _, err) = outcome(&["fmt", "--force", "a.pp"], &dir);
    assert_eq!(
        (code, err.as_str()),
        (0, "1 file reformatted, 0 unchanged\n")
    );
    assert_eq!(read(&dir.join("a.pp")), PRETTY);
    assert_eq!(mode(&dir.join("a.pp")), 0o444);
    let (code, _, _) = outcome(&["check", "--no-cache", "--fix", "--force", "b.pp"], &dir);
    assert_eq!(code, 0);
    assert_eq!(read(&dir.join("b.pp")), "class b {\n  $x = 'hi'\n}\n");
    assert_eq!(tree(&dir), ["a.pp", "b.pp"]);
}

#[test]
fn a_file_in_a_read_only_directory_is_refused_unless_forced() {
    let dir = temp_dir("faults-readonly-dir");
    write(&dir, "ro/a.pp", UGLY);
    set_mode(&dir.join("ro"), 0o555);
    let (code, _, err) = outcome(&["fmt", "ro"], &dir);
    set_mode(&dir.join("ro"), 0o755);
    assert_eq!(code, 2);
    if is_root() {
        assert_eq!(
            err,
            "rein fmt: ro/a.pp: its directory ro is read-only; not written (--force writes it anyway)\n\
             0 files reformatted, 0 unchanged, 1 failed\n"
        );
    } else {
        assert!(
            err.starts_with("rein fmt: ro/a.pp: its directory ro is read-only"),
            "{err}"
        );
    }
    assert_eq!(read(&dir.join("ro/a.pp")), UGLY);
    set_mode(&dir.join("ro"), 0o555);
    let (code, _, err) = outcome(&["fmt", "--force", "ro"], &dir);
    set_mode(&dir.join("ro"), 0o755);
    assert_eq!(
        (code, err.as_str()),
        (0, "1 file reformatted, 0 unchanged\n")
    );
    assert_eq!(read(&dir.join("ro/a.pp")), PRETTY);
    assert_eq!(tree(&dir), ["ro", "ro/a.pp"]);
}

#[test]
fn a_symlink_is_written_through_and_stays_a_link() {
    let dir = temp_dir("faults-symlink");
    write(&dir, "t/real.pp", UGLY);
    std::os::unix::fs::symlink("real.pp", dir.join("t/link.pp")).expect("symlink");
    write(&dir, "u/target.pp", UGLY);
    write(&dir, "v/other.pp", PRETTY);
    std::os::unix::fs::symlink("../u/target.pp", dir.join("v/named.pp")).expect("symlink");
    // The tree: the link and its target are one file, formatted once.
    let (code, _, err) = outcome(&["fmt", "t"], &dir);
    assert_eq!(
        (code, err.as_str()),
        (0, "1 file reformatted, 0 unchanged\n")
    );
    assert_eq!(read(&dir.join("t/real.pp")), PRETTY);
    // Named, a link to outside the tree is written through.
    let (code, _, err) = outcome(&["fmt", "v/named.pp"], &dir);
    assert_eq!(
        (code, err.as_str()),
        (0, "1 file reformatted, 0 unchanged\n")
    );
    assert_eq!(read(&dir.join("u/target.pp")), PRETTY);
    for link in ["t/link.pp", "v/named.pp"] {
        let m = std::fs::symlink_metadata(dir.join(link)).expect("lstat");
        assert!(m.file_type().is_symlink(), "{link}");
    }
    assert_eq!(
        tree(&dir),
        [
            "t",
            "t/link.pp",
            "t/real.pp",
            "u",
            "u/target.pp",
            "v",
            "v/named.pp",
            "v/other.pp"
        ]
    );
}

#[test]
fn a_walk_never_follows_a_link_out_of_the_tree() {
    let dir = temp_dir("faults-outside");
    write(&dir, "outside/notes.txt", UGLY);
    write(&dir, "outside/m/init.pp", UGLY);
    write(&dir, "tree/a.pp", UGLY);
    std::os::unix::fs::symlink("../outside/notes.txt", dir.join("tree/x.pp")).expect("symlink");
    std::os::unix::fs::symlink("../outside/m", dir.join("tree/m")).expect("symlink");
    let notes = dir
        .join("outside/notes.txt")
        .canonicalize()
        .expect("canonical");
    let (code, _, err) = outcome(&["fmt", "tree"], &dir);
    assert_eq!(code, 0);
    assert_eq!(
        err,
        format!(
            "rein fmt: warning: tree/x.pp: symbolic link to {}, outside tree; skipped (name it to use it)\n\
             1 file reformatted, 0 unchanged\n",
            notes.display()
        )
    );
    assert_eq!(read(&dir.join("tree/a.pp")), PRETTY);
    assert_eq!(read(&notes), UGLY);
    assert_eq!(read(&dir.join("outside/m/init.pp")), UGLY);
    let (code, out, _) = outcome(
        &["check", "--no-cache", "--format", "concise", "tree"],
        &dir,
    );
    assert_eq!(code, 0);
    assert!(!out.contains("x.pp") && !out.contains("init.pp"), "{out}");
}

#[test]
fn a_symlink_loop_is_an_error_with_its_path() {
    let dir = temp_dir("faults-loop");
    write(&dir, "t/a.pp", UGLY);
    std::os::unix::fs::symlink("y.pp", dir.join("t/x.pp")).expect("symlink");
    std::os::unix::fs::symlink("x.pp", dir.join("t/y.pp")).expect("symlink");
    std::os::unix::fs::symlink("..", dir.join("t/up")).expect("symlink");
    let loop_msg = |p: &str| {
        format!("{p}: symbolic link that cannot be followed: Too many levels of symbolic links")
    };
    let (code, _, err) = outcome(&["fmt", "t"], &dir);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "rein fmt: {}\nrein fmt: {}\n",
            loop_msg("t/x.pp"),
            loop_msg("t/y.pp")
        )
    );
    assert_eq!(read(&dir.join("t/a.pp")), UGLY);
    let (code, _, err) = outcome(&["check", "--no-cache", "t"], &dir);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("rein: {}\n", loop_msg("t/x.pp"))),
        "{err}"
    );
    // Named, a loop is a path that cannot be reached.
    let (code, _, err) = outcome(&["fmt", "t/x.pp"], &dir);
    assert_eq!(code, 2);
    assert_eq!(err, "rein fmt: t/x.pp: Too many levels of symbolic links\n");
}

#[test]
fn fifos_are_skipped_and_never_block() {
    let dir = temp_dir("faults-fifo");
    write(&dir, "t/a.pp", UGLY);
    for p in ["t/p.pp", "named.pp"] {
        let status = Command::new("mkfifo")
            .arg(dir.join(p))
            .status()
            .expect("mkfifo");
        assert!(status.success());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(["fmt", "named.pp", "t"])
        .current_dir(&dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rein");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("rein fmt blocked on a FIFO");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let o = child.wait_with_output().expect("output");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "rein fmt: warning: named.pp: not a regular file (a FIFO); skipped\n\
         rein fmt: warning: t/p.pp: not a regular file (a FIFO); skipped\n\
         1 file reformatted, 0 unchanged\n"
    );
    assert_eq!(read(&dir.join("t/a.pp")), PRETTY);
}

#[test]
fn hard_links_are_kept_and_formatted_once() {
    let dir = temp_dir("faults-hardlink");
    write(&dir, "t/a.pp", UGLY);
    std::fs::hard_link(dir.join("t/a.pp"), dir.join("t/b.pp")).expect("link");
    let (code, _, err) = outcome(&["fmt", "t"], &dir);
    assert_eq!(
        (code, err.as_str()),
        (0, "1 file reformatted, 0 unchanged\n")
    );
    let (code, out, err) = outcome(&["fmt", "--check", "t/a.pp", "t/b.pp"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "", "0 files would be reformatted, 1 unchanged\n")
    );
    assert_eq!(read(&dir.join("t/b.pp")), PRETTY);
    assert_eq!(
        std::fs::metadata(dir.join("t/a.pp")).expect("stat").nlink(),
        2
    );
    assert_eq!(tree(&dir), ["t", "t/a.pp", "t/b.pp"]);
}

/// The user that runs rein in the permission tests: rein itself when it is not root,
/// else `nobody` through `setpriv` (root ignores permissions). `None` when root has no
/// `setpriv` (outside CI only).
fn unprivileged(bin: &Path) -> Option<Command> {
    if !is_root() {
        return Some(Command::new(bin));
    }
    let found = Command::new("setpriv").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "setpriv (util-linux) is needed in CI"
        );
        eprintln!("skipped: running as root without setpriv");
        return None;
    }
    let mut c = Command::new("setpriv");
    c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(bin);
    Some(c)
}

/// A copy of the rein binary that any user may run (the build directory may be private).
fn shared_binary(dir: &Path) -> PathBuf {
    let bin = dir.join("rein-bin");
    std::fs::copy(env!("CARGO_BIN_EXE_rein"), &bin).expect("copy rein");
    set_mode(&bin, 0o755);
    bin
}

#[test]
fn an_unreadable_directory_is_an_error_with_its_path() {
    let dir = temp_dir("faults-unreadable");
    let bin = shared_binary(&dir);
    write(&dir, "t/a.pp", UGLY);
    write(&dir, "t/locked/b.pp", UGLY);
    for d in ["", "t", "t/locked"] {
        set_mode(&dir.join(d), 0o777);
    }
    set_mode(&dir.join("t/a.pp"), 0o666);
    set_mode(&dir.join("t/locked"), 0o000);
    let run = |args: &[&str]| {
        let mut c = unprivileged(&bin)?;
        let o = c
            .args(args)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .output()
            .expect("run");
        Some((
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        ))
    };
    let fmt = run(&["fmt", "t"]);
    let check = run(&["check", "--no-cache", "--format", "concise", "t"]);
    set_mode(&dir.join("t/locked"), 0o755);
    let (Some((fcode, ferr)), Some((ccode, cerr))) = (fmt, check) else {
        return;
    };
    assert_eq!(fcode, 2);
    assert!(
        ferr.starts_with("rein fmt: ")
            && ferr.contains("t/locked")
            && ferr.contains("Permission denied"),
        "{ferr}"
    );
    // Nothing was formatted.
    assert_eq!(read(&dir.join("t/a.pp")), UGLY);
    assert_eq!(ccode, 2);
    assert!(
        cerr.contains("t/locked") && cerr.contains("Permission denied"),
        "{cerr}"
    );
}

/// Files of the kill tests: `count` manifests in 10 directories, each `text`.
fn many(dir: &Path, count: usize, text: &str) -> Vec<PathBuf> {
    (0..count)
        .map(|i| {
            let rel = format!("t/d{}/f{i}.pp", i % 10);
            write(dir, &rel, text);
            dir.join(rel)
        })
        .collect()
}

/// Counts the files of `files` that hold `new`; each must hold `old` or `new` (a reader
/// never sees a half-written file).
fn count_new(files: &[PathBuf], old: &str, new: &str) -> usize {
    let mut done = 0;
    for f in files {
        let text = read(f);
        assert!(text == old || text == new, "{}: {text:?}", f.display());
        done += usize::from(text == new);
    }
    done
}

/// Runs `rein ARGS` in `dir` and kills it (SIGKILL) once `at` of `files` hold `new`;
/// then every file must hold `old` or `new`. Returns how many hold `new`.
fn kill_at(dir: &Path, args: &[&str], at: usize, files: &[PathBuf], old: &str, new: &str) -> usize {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run rein");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none()
        && count_new(files, old, new) < at
        && start.elapsed() < Duration::from_secs(120)
    {
        std::thread::sleep(Duration::from_millis(1));
    }
    let _ = child.kill();
    let _ = child.wait();
    count_new(files, old, new)
}

/// The temporary files left below `dir`.
fn litter(dir: &Path) -> Vec<String> {
    tree(dir)
        .into_iter()
        .filter(|p| p.contains(".rein-tmp."))
        .collect()
}

#[test]
fn kill_9_during_in_place_formatting_and_fixing_leaves_every_file_old_or_new() {
    let dir = temp_dir("faults-kill");
    // Long enough that formatting takes a while.
    let body: String = (0..60).map(|i| format!("$v{i}=[1,2,{i}]\n")).collect();
    let old = format!("class a{{\n{body}}}\n");
    let (_, new, _) = outcome_with_stdin(&["fmt", "-"], &dir, old.as_bytes());
    let files = many(&dir, 200, &old);
    let mut seen = Vec::new();
    for at in [1, 70, 140] {
        seen.push(kill_at(&dir, &["fmt", "t"], at, &files, &old, &new));
    }
    eprintln!("fmt killed with {seen:?} of 200 files formatted");
    let (code, _, _) = outcome(&["fmt", "t"], &dir);
    assert_eq!(code, 0);
    assert!(files.iter().all(|f| read(f) == new));
    assert_eq!(litter(&dir), Vec::<String>::new());
    // The same with --fix.
    let old: String = (0..60).map(|i| format!("  $x{i} = \"hi\"\n")).collect();
    let old = format!("class b {{\n{old}}}\n");
    let fixed = old.replace('"', "'");
    for f in &files {
        std::fs::write(f, &old).expect("write");
    }
    let args = ["check", "--fix", "--no-cache", "--format", "concise", "t"];
    let mut seen = Vec::new();
    for at in [1, 70, 140] {
        seen.push(kill_at(&dir, &args, at, &files, &old, &fixed));
    }
    eprintln!("check --fix killed with {seen:?} of 200 files fixed");
    let (code, _, _) = outcome(&args, &dir);
    assert_eq!(code, 0);
    assert!(files.iter().all(|f| read(f) == fixed));
    assert_eq!(litter(&dir), Vec::<String>::new());
}

#[test]
fn a_killed_runs_temporary_files_are_removed_by_the_next() {
    let dir = temp_dir("faults-litter");
    write(&dir, "t/a.pp", PRETTY);
    let mut child = Command::new("true").spawn().expect("true");
    let dead = child.id();
    child.wait().expect("wait");
    write(&dir, &format!("t/.rein-tmp.{dead}.Ab3dE"), "half");
    write(&dir, &format!("t/.a.pp.rein.{dead}.tmp"), "half");
    let (code, _, _) = outcome(&["fmt", "--check", "t"], &dir);
    assert_eq!(code, 0);
    assert_eq!(
        litter(&dir).len(),
        1,
        "--check writes nothing, removes nothing"
    );
    let (code, _, _) = outcome(&["fmt", "t"], &dir);
    assert_eq!(code, 0);
    assert_eq!(tree(&dir), ["t", "t/a.pp"]);
}

#[test]
fn a_full_disk_loses_nothing() {
    // A 64 KiB tmpfs in a private mount namespace (gone when the shell exits).
    let dir = temp_dir("faults-full");
    write(&dir, "src/t/a.pp", UGLY);
    write(&dir, "src/t/b.pp", "class b {\n  $x = \"hi\"\n}\n");
    write(&dir, "src/report.json", "old report\n");
    std::fs::create_dir_all(dir.join("mnt")).expect("mkdir");
    let script = format!(
        "set -u
         mount -t tmpfs -o size=64k tmpfs mnt || exit 97
         cp -r src/. mnt/ && cd mnt
         dd if=/dev/zero of=fill bs=4k 2>/dev/null
         {bin} fmt t; echo \"fmt=$?\"
         {bin} check --no-cache --fix --format concise t/b.pp; echo \"fix=$?\"
         {bin} check --no-cache --format concise --codeclimate-report-file report.json t/a.pp >/dev/null; echo \"report=$?\"
         {bin} check --no-cache --format concise --codeclimate-report-file new.json t/a.pp >/dev/null; echo \"new=$?\"
         {bin} fmt - < t/a.pp > out.pp; echo \"stdin=$?\"
         cat t/a.pp t/b.pp report.json; ls -A; ls -A t",
        bin = env!("CARGO_BIN_EXE_rein")
    );
    let mut c = if is_root() {
        let mut c = Command::new("unshare");
        c.arg("-m");
        c
    } else {
        let mut c = Command::new("unshare");
        c.args(["-U", "-r", "-m"]);
        c
    };
    let o = c
        .args(["sh", "-c", &script])
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output();
    let o = match o {
        Ok(o) if o.status.code() != Some(97) && o.status.success() => o,
        other => {
            eprintln!("skipped: cannot mount a tmpfs here ({other:?}); src/workspace/write/tests.rs injects the fault");
            return;
        }
    };
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        out,
        format!(
            "fmt=2\nfix=2\nreport=2\nnew=2\nstdin=2\n{UGLY}class b {{\n  $x = \"hi\"\n}}\nold report\n\
             fill\nout.pp\nreport.json\nt\na.pp\nb.pp\n"
        )
    );
    assert!(
        err.contains("rein fmt: t/a.pp: cannot write: No space left on device\n"),
        "{err}"
    );
    assert!(
        err.contains("rein: t/b.pp: cannot write: No space left on device\n"),
        "{err}"
    );
    assert!(
        err.contains("rein: report.json: No space left on device\n"),
        "{err}"
    );
    assert!(
        err.contains("rein: new.json: No space left on device\n"),
        "{err}"
    );
    assert!(err.contains(FULL), "{err}");
}

#[test]
fn a_modulepath_entry_out_of_the_environment_needs_a_flag() {
    let dir = temp_dir("faults-modulepath");
    write(
        &dir,
        "control/environment.conf",
        "modulepath = site:../shared:$basemodulepath\n",
    );
    write(
        &dir,
        "control/manifests/site.pp",
        "node default {\n  class { 'shared_mod': q => 1 }\n}\n",
    );
    write(&dir, "control/site/.keep", "");
    write(
        &dir,
        "shared/shared_mod/manifests/init.pp",
        "class shared_mod (String $p) {\n}\n",
    );
    let control = dir.join("control");
    let args = ["check", "--no-cache", "--format", "concise", "."];
    let (code, out, err) = outcome(&args, &control);
    assert_eq!(code, 0);
    assert_eq!(
        err,
        "rein: warning: environment.conf:1: modulepath entry `../shared` is outside the environment; \
         not read (--allow-outside-modulepath reads it)\n"
    );
    assert_eq!(
        out,
        "manifests/site.pp:2:11: warning[unknown_class] Could not find class ::shared_mod \
         (unless a module rein cannot see defines it: give --modulepath to be certain)\n"
    );
    let (code, out, err) = outcome(
        &[&args[..4], &["--allow-outside-modulepath", "."]].concat(),
        &control,
    );
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(
        out,
        "manifests/site.pp:2:25: error[unknown_attribute] no parameter named 'q' on class `shared_mod`\n"
    );
    // The cache keeps the two apart.
    let cached = [
        "check",
        "--format",
        "concise",
        "--cache-dir",
        "../cache",
        ".",
    ];
    let (code, _, _) = outcome(&cached, &control);
    assert_eq!(code, 0);
    let (code, _, _) = outcome(
        &[&cached[..], &["--allow-outside-modulepath"]].concat(),
        &control,
    );
    assert_eq!(code, 1);
}

#[test]
fn links_planted_at_temporary_names_are_never_followed() {
    // rein 0.1 wrote `.NAME.rein.PID.tmp` without O_EXCL: links planted at the next PIDs'
    // names made it overwrite their targets. Plant them for the next thousand PIDs.
    let dir = temp_dir("faults-planted");
    write(&dir, "victim", "secret\n");
    set_mode(&dir.join("victim"), 0o600);
    write(&dir, "t/a.pp", UGLY);
    let me = std::process::id();
    for pid in me..me + 1000 {
        let _ =
            std::os::unix::fs::symlink("../victim", dir.join(format!("t/.a.pp.rein.{pid}.tmp")));
    }
    let (code, _, err) = outcome(&["fmt", "t"], &dir);
    assert_eq!(
        (code, err.as_str()),
        (0, "1 file reformatted, 0 unchanged\n")
    );
    assert_eq!(read(&dir.join("t/a.pp")), PRETTY);
    assert_eq!(read(&dir.join("victim")), "secret\n");
    assert_eq!(mode(&dir.join("victim")), 0o600);
    // The planted links are not regular files: the clean-up leaves them.
    assert_eq!(tree(&dir.join("t")).len(), 1001);
}
