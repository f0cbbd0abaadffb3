//! `rein fmt`: the command line of [`Workspace::format_file`] and
//! [`Workspace::format_text`]: format manifests in place, check them (`--check`), show a
//! diff (`--diff`), or filter stdin to stdout (`rein fmt -`).
//!
//! Exit status: 0 success; 1 when `--check`/`--diff` found files that would change; 2 on
//! any error (syntax error, I/O, bad config, internal safety-check failure). In-place
//! writes go through a temporary file in the same directory and a rename; unchanged files
//! are not touched and permissions are kept.

use std::io::{Read, Write};
use std::path::PathBuf;

use crate::workspace::{FormatOptions, Formatted, Workspace};

/// Options of `rein fmt`.
#[derive(clap::Args, Debug)]
pub struct FmtArgs {
    /// Files or directories to format (`-` reads stdin and writes stdout). Default: `.`
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change; exit 1 if any.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print a unified diff; exit 1 if it is not empty.
    #[arg(long)]
    pub diff: bool,
    /// Skip the safety check (re-parse and compare the output with the input).
    #[arg(long)]
    pub no_verify: bool,
    /// Path of the stdin text, for config discovery and messages.
    #[arg(long)]
    pub stdin_filepath: Option<PathBuf>,
}

/// Runs `rein fmt`; returns the exit status.
pub fn run(args: FmtArgs) -> i32 {
    let mut workspace = Workspace::new();
    let stdin_mode = args.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin_mode {
        if args.paths.len() > 1 {
            eprintln!("rein fmt: `-` cannot be combined with other paths");
            return 2;
        }
        return run_stdin(&mut workspace, &args);
    }
    let paths = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let found = workspace.discover(&paths);
    let mut status = 0;
    for e in &found.errors {
        eprintln!("rein fmt: {e}");
        status = 2;
    }
    let options = FormatOptions {
        verify: !args.no_verify,
        write: !args.check && !args.diff,
    };
    let mut changed = 0usize;
    let mut out = std::io::stdout().lock();
    for file in &found.files {
        match workspace.format_file(file, &options) {
            Formatted::Unchanged => {}
            Formatted::Changed { before, after } => {
                changed += 1;
                let display = file.display().to_string();
                if args.diff {
                    let _ = out.write_all(unified_diff(&display, &before, &after).as_bytes());
                } else if args.check {
                    let _ = writeln!(out, "{display}");
                }
            }
            Formatted::Failed(message) => {
                eprintln!("rein fmt: {message}");
                status = 2;
            }
        }
    }
    if status == 0 && changed > 0 && (args.check || args.diff) {
        status = 1;
    }
    status
}

fn run_stdin(workspace: &mut Workspace, args: &FmtArgs) -> i32 {
    let mut bytes = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
        eprintln!("rein fmt: cannot read stdin: {e}");
        return 2;
    }
    let display = args
        .stdin_filepath
        .as_ref()
        .map_or("<stdin>".to_string(), |p| p.display().to_string());
    let Ok(src) = String::from_utf8(bytes) else {
        eprintln!("rein fmt: {display}: not valid UTF-8");
        return 2;
    };
    match workspace.format_text(
        args.stdin_filepath.as_deref(),
        &display,
        &src,
        !args.no_verify,
    ) {
        Ok(f) => {
            let mut out = std::io::stdout().lock();
            if args.diff {
                if f == src {
                    return 0;
                }
                let _ = out.write_all(unified_diff(&display, &src, &f).as_bytes());
                return 1;
            }
            if args.check {
                if f == src {
                    return 0;
                }
                let _ = writeln!(out, "{display}");
                return 1;
            }
            let _ = out.write_all(f.as_bytes());
            let _ = out.flush();
            0
        }
        Err(message) => {
            eprintln!("rein fmt: {message}");
            2
        }
    }
}

/// A unified diff (3 lines of context) between `a` and `b`, labelled with `name`.
pub fn unified_diff(name: &str, a: &str, b: &str) -> String {
    let x: Vec<&str> = a.split_inclusive('\n').collect();
    let y: Vec<&str> = b.split_inclusive('\n').collect();
    // Common prefix and suffix, then an LCS table on the middle.
    let mut pre = 0;
    while pre < x.len() && pre < y.len() && x.get(pre) == y.get(pre) {
        pre += 1;
    }
    let mut suf = 0;
    while suf < x.len() - pre
        && suf < y.len() - pre
        && x.get(x.len() - 1 - suf) == y.get(y.len() - 1 - suf)
    {
        suf += 1;
    }
    let xm = x.get(pre..x.len() - suf).unwrap_or(&[]);
    let ym = y.get(pre..y.len() - suf).unwrap_or(&[]);
    let (n, m) = (xm.len(), ym.len());
    // ops: (tag, line) with tag ' ', '-', '+'
    let mut ops: Vec<(char, &str)> = Vec::new();
    for l in x.iter().take(pre) {
        ops.push((' ', l));
    }
    if n.saturating_mul(m) <= 25_000_000 {
        let w = m + 1;
        let mut t = vec![0u32; (n + 1) * w];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                let v = if xm.get(i) == ym.get(j) {
                    t.get((i + 1) * w + j + 1).copied().unwrap_or(0) + 1
                } else {
                    let a1 = t.get((i + 1) * w + j).copied().unwrap_or(0);
                    let b1 = t.get(i * w + j + 1).copied().unwrap_or(0);
                    a1.max(b1)
                };
                if let Some(c) = t.get_mut(i * w + j) {
                    *c = v;
                }
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && xm.get(i) == ym.get(j) {
                ops.push((' ', xm.get(i).copied().unwrap_or("")));
                i += 1;
                j += 1;
            } else if i < n
                && (j >= m
                    || t.get((i + 1) * w + j).copied().unwrap_or(0)
                        >= t.get(i * w + j + 1).copied().unwrap_or(0))
            {
                ops.push(('-', xm.get(i).copied().unwrap_or("")));
                i += 1;
            } else {
                ops.push(('+', ym.get(j).copied().unwrap_or("")));
                j += 1;
            }
        }
    } else {
        ops.extend(xm.iter().map(|l| ('-', *l)));
        ops.extend(ym.iter().map(|l| ('+', *l)));
    }
    for l in x.iter().skip(x.len() - suf) {
        ops.push((' ', l));
    }
    // Hunks.
    let mut out = format!("--- {name}\n+++ {name}\n");
    let ctx = 3;
    let changes: Vec<usize> = ops
        .iter()
        .enumerate()
        .filter(|(_, o)| o.0 != ' ')
        .map(|(i, _)| i)
        .collect();
    let mut k = 0;
    while k < changes.len() {
        let first = changes.get(k).copied().unwrap_or(0);
        let mut last = first;
        while let Some(&nx) = changes.get(k + 1) {
            if nx > last + 2 * ctx {
                break;
            }
            last = nx;
            k += 1;
        }
        k += 1;
        let lo = first.saturating_sub(ctx);
        let hi = (last + ctx + 1).min(ops.len());
        let (mut a0, mut b0) = (1, 1);
        for o in ops.iter().take(lo) {
            if o.0 != '+' {
                a0 += 1;
            }
            if o.0 != '-' {
                b0 += 1;
            }
        }
        let slice = ops.get(lo..hi).unwrap_or(&[]);
        let al = slice.iter().filter(|o| o.0 != '+').count();
        let bl = slice.iter().filter(|o| o.0 != '-').count();
        out.push_str(&format!(
            "@@ -{},{} +{},{} @@\n",
            if al == 0 { a0 - 1 } else { a0 },
            al,
            if bl == 0 { b0 - 1 } else { b0 },
            bl
        ));
        for (tag, line) in slice {
            out.push(*tag);
            out.push_str(line);
            if !line.ends_with('\n') {
                out.push_str("\n\\ No newline at end of file\n");
            }
        }
    }
    out
}
