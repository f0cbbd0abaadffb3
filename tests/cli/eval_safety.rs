//! The evaluator is safe on hostile code: it starts no process (`generate`, custom Ruby
//! functions are never run), reads no file outside the checked tree and the module path
//! (`file('/etc/passwd')`, `template('/abs/path')`), and opens no network connection.
//! What those functions return is unknown to rein (a string it cannot see), which the
//! tests observe: a condition on it is undecided, so both branches are checked. The
//! system calls are watched with `strace -f` where it is installed (CI installs it;
//! elsewhere those checks are skipped with a note, or where tracing is not permitted).

use std::path::Path;
use std::process::Command;

use crate::harness::{outcome, temp_dir, write};

/// A module `m` whose class calls `generate`, a custom Ruby function that would start a
/// process, `file` and `template` on absolute paths outside the tree, and
/// `find_file`/`binary_file`; each result is tested so that an unknown shows as a
/// finding (the `1 + 'a'` in the branch).
fn hostile_tree(dir: &Path, outside: &Path) {
    let marker = dir.join("MARKER");
    let marker = marker.display();
    let secret = outside.join("secret.txt");
    let secret = secret.display();
    let tmpl = outside.join("t.erb");
    let tmpl = tmpl.display();
    write(outside, "secret.txt", "secret\n");
    write(outside, "t.erb", "<% system('touch MARKER') %>\n");
    write(
        dir,
        "modules/m/lib/puppet/functions/m/run.rb",
        &format!(
            "Puppet::Functions.create_function(:'m::run') do\n  def run\n    system('touch {marker}')\n    'ran'\n  end\nend\n"
        ),
    );
    write(
        dir,
        "modules/m/manifests/init.pp",
        &format!(
            "class m {{\n  $g = generate('/bin/sh', '-c', 'touch {marker}')\n  $r = m::run()\n  $f = file('{secret}')\n  $t = template('{tmpl}')\n  $p = file('/etc/passwd')\n  if \"${{g}}${{r}}${{f}}${{t}}${{p}}\" == 'x' {{\n    $z = 1 + 'a'\n  }}\n}}\n"
        ),
    );
}

const ARGS: [&str; 6] = [
    "check",
    "--format",
    "concise",
    "--only-checks",
    "invalid_operand",
    "modules",
];

/// The only finding: the addition in the branch, checked because the condition is unknown.
const FOUND: &str = "modules/m/manifests/init.pp:8:10: error[invalid_operand]";

#[test]
fn hostile_code_is_evaluated_without_running_or_reading_it() {
    let dir = temp_dir("eval-safety-plain");
    let outside = temp_dir("eval-safety-plain-outside");
    hostile_tree(&dir, &outside);
    let (code, out, err) = outcome(&ARGS, &dir);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.starts_with(FOUND), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(!dir.join("MARKER").exists(), "a process was started");
}

/// `strace` if it runs here: `None` (with the reason printed) when it is not installed
/// (a failure in CI, which installs it) or when tracing is not permitted.
fn strace() -> Option<&'static str> {
    let ok = Command::new("strace")
        .args(["-f", "-o", "/dev/null", "true"])
        .output();
    match ok {
        Ok(o) if o.status.success() => Some("strace"),
        Ok(o) => {
            println!(
                "skipped: strace cannot trace here: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            None
        }
        Err(_) => {
            assert!(
                std::env::var("CI").as_deref() != Ok("true"),
                "strace is not installed (CI installs it: .ci/run)"
            );
            println!("skipped: strace is not installed");
            None
        }
    }
}

#[test]
fn strace_sees_no_process_no_outside_file_and_no_network() {
    let Some(strace) = strace() else {
        return;
    };
    let dir = temp_dir("eval-safety-strace");
    let outside = temp_dir("eval-safety-strace-outside");
    hostile_tree(&dir, &outside);
    let log = dir.join("strace.log");
    let log_arg = log.display().to_string();
    let mut args = vec![
        "-f",
        "-e",
        "trace=process,network,%file",
        "-o",
        log_arg.as_str(),
        env!("CARGO_BIN_EXE_rein"),
    ];
    args.extend(ARGS);
    let o = Command::new(strace)
        .args(&args)
        .current_dir(&dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run strace");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.starts_with(FOUND), "{out}");
    let trace = std::fs::read_to_string(&log).expect("strace log");
    let lines: Vec<&str> = trace.lines().collect();
    // The trace sees what rein reads: the manifest.
    assert!(
        lines.iter().any(|l| l.contains("manifests/init.pp")),
        "{trace}"
    );
    // One program started: rein itself.
    let execs: Vec<&&str> = lines.iter().filter(|l| l.contains("execve(")).collect();
    assert_eq!(execs.len(), 1, "{execs:#?}");
    assert!(execs[0].contains(env!("CARGO_BIN_EXE_rein")), "{execs:#?}");
    // No socket of any kind, no connection.
    let network: Vec<&&str> = lines
        .iter()
        .filter(|l| {
            ["socket(", "connect(", "sendto(", "bind("]
                .iter()
                .any(|c| l.contains(c))
        })
        .collect();
    assert!(network.is_empty(), "{network:#?}");
    // Nothing outside the tree named by the code, and not /etc/passwd.
    let outside_name = outside.display().to_string();
    let read: Vec<&&str> = lines
        .iter()
        .filter(|l| l.contains(&outside_name) || l.contains("/etc/passwd"))
        .collect();
    assert!(read.is_empty(), "{read:#?}");
    assert!(!dir.join("MARKER").exists(), "a process was started");
}
