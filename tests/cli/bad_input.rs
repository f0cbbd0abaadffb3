//! Hostile input: a byte order mark, invalid UTF-8, NUL bytes, a 10 MB file and 5,000
//! nested brackets must each give a diagnostic or a result, never a panic, a hang or a
//! stack overflow. The inputs are generated here, in a temporary directory.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::harness::temp_dir;

/// Generous: a debug build checks the 10 MB file in about a second, the others in less.
const LIMIT: Duration = Duration::from_secs(120);

/// Runs rein, killing it (and failing) if it does not finish within [`LIMIT`].
fn rein(args: &[&str], dir: &Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rein"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rein");
    // Drain the pipes on threads so a large output cannot block the child.
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out_pipe, &mut v);
        v
    });
    let err_thread = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err_pipe, &mut v);
        v
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > LIMIT {
            let _ = child.kill();
            panic!("rein {args:?} did not finish within {LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: out_thread.join().expect("stdout thread"),
        stderr: err_thread.join().expect("stderr thread"),
    }
}

/// `rein check --format json FILE` on `bytes`: exit 0 or 1, no panic, and the findings.
fn check_bytes(name: &str, bytes: &[u8]) -> Vec<serde_json::Value> {
    let dir = temp_dir(&format!("bad_input-{name}"));
    std::fs::write(dir.join("input.pp"), bytes).expect("write");
    let o = rein(&["check", "--format", "json", "input.pp"], &dir);
    let stderr = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{name}: {stderr}");
    assert!(
        matches!(o.status.code(), Some(0 | 1)),
        "{name}: {:?} {stderr}",
        o.status
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON output");
    // Also the dump must not crash.
    let d = rein(&["dump", "input.pp"], &dir);
    let stderr = String::from_utf8_lossy(&d.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{name} (dump): {stderr}");
    assert!(
        matches!(d.status.code(), Some(0 | 1)),
        "{name} (dump): {stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    v.as_array().cloned().unwrap_or_default()
}

fn errors(findings: &[serde_json::Value]) -> Vec<(u64, String)> {
    findings
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            (
                f["line"].as_u64().unwrap_or(0),
                f["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[test]
fn byte_order_mark_is_an_error() {
    let f = check_bytes("bom", b"\xEF\xBB\xBF$x = 1\n");
    let e = errors(&f);
    assert_eq!(
        e.first().map(|(_, m)| m.as_str()),
        Some("Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source")
    );
}

#[test]
fn invalid_utf8_is_an_error_naming_its_line() {
    let f = check_bytes("utf8", b"$a = 1\n$b = 2\n$c = '\xFF\xFE'\n$d = 4\n");
    let e = errors(&f);
    assert!(e.iter().any(|(line, _)| *line == 3), "{e:?}");
}

#[test]
fn nul_bytes_do_not_crash() {
    check_bytes("nul", b"$a = 1\n\0\0\0\n$b = '\0'\nclass \0 {}\n");
    check_bytes("nul-only", &[0u8; 4096]);
}

#[test]
fn deep_nesting_does_not_overflow() {
    let n = 5000;
    let mut s = String::from("$x = ");
    s.push_str(&"[".repeat(n));
    s.push('1');
    s.push_str(&"]".repeat(n));
    s.push('\n');
    check_bytes("nest-array", s.as_bytes());
    let mut s = String::from("$x = ");
    s.push_str(&"(".repeat(n));
    s.push('1');
    s.push_str(&")".repeat(n));
    s.push('\n');
    check_bytes("nest-paren", s.as_bytes());
    // Unbalanced: 5,000 openers only.
    let mut s = String::from("$x = ");
    s.push_str(&"{ a => ".repeat(n));
    check_bytes("nest-open", s.as_bytes());
    let mut s = String::new();
    for _ in 0..n {
        s.push_str("if $a { ");
    }
    s.push_str(&"}".repeat(n));
    check_bytes("nest-if", s.as_bytes());
}

/// 10,000,000 bytes, sized by what each part proves rather than filled with code (a debug
/// build takes about 2 s per million bytes of resources for `check` and `dump` together;
/// 10 MB of them took 20 s to 50 s):
/// - first 66,000 comment lines of 139 characters (under the 140 of `140chars`): every
///   byte is still read, lexed, indexed and scanned by the line rules, and the code after
///   them starts past line 65,536 and byte 9,000,000, where a 16-bit line number or a
///   23-bit offset would wrap;
/// - then resources up to 10,000,000 bytes (about 8,400, on 42,000 lines): the tree, the
///   rules and the evaluator on a program of that size;
/// - a last line with warnings, whose line number (108,226) must come out exact.
#[test]
fn a_ten_megabyte_file_gives_a_result() {
    let comment = format!("# {}\n", "x".repeat(137));
    let unit =
        "file { \"/tmp/f${facts['i']}\":\n  ensure  => file,\n  content => 'x',\n  mode    => '0644',\n}\n";
    let last = "$last = \"\\q\"\n";
    let mut s = String::with_capacity(10_000_100);
    for _ in 0..66_000 {
        s.push_str(&comment);
    }
    while s.len() + last.len() < 10_000_000 {
        s.push_str(unit);
    }
    s.push_str(last);
    let lines = s.lines().count() as u64;
    assert!(
        s.len() >= 9_999_900 && lines > 100_000,
        "{} {lines}",
        s.len()
    );
    let f = check_bytes("big", s.as_bytes());
    assert!(errors(&f).is_empty(), "{:?}", &f[..f.len().min(3)]);
    let at: Vec<(u64, &str)> = f
        .iter()
        .map(|d| {
            (
                d["line"].as_u64().unwrap_or(0),
                d["rule"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert!(at.contains(&(lines, "unrecognized_escape")), "{at:?}");
    assert!(at.iter().all(|(line, _)| *line == lines), "{at:?}");
}

#[test]
fn random_bytes_do_not_crash() {
    // A fixed pseudo-random sequence (xorshift), biased towards Puppet punctuation.
    let alphabet = b"{}[]()$'\"@|<>-=~!,;:/*\\\n abcXYZ019#%.&?";
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut bytes = Vec::with_capacity(200_000);
    for _ in 0..200_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let i = (state % (alphabet.len() as u64 + 8)) as usize;
        bytes.push(alphabet.get(i).copied().unwrap_or((state >> 32) as u8));
    }
    check_bytes("random", &bytes);
}
