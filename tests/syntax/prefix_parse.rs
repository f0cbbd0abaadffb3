//! Every prefix of every known input must parse to completion: no hang, no panic, no stack
//! overflow, whatever state the grammar's scanner is left in at the end of the input.
//!
//! Inputs: every test input of `tree-sitter-grammar/test/corpus/*.txt` and of the EPP
//! grammar's `tree-sitter-grammar/epp/test/corpus/*.txt` (parsed as templates), and every
//! `.pp` (and `.epp`) file under `tests/fixtures/` and `examples/` (every byte-prefix; for
//! inputs over [`BYTE_PREFIX_MAX`] bytes every line-end prefix). With `REIN_PREFIX_DIR=DIR`,
//! also every line-end prefix of each `.pp` and `.epp` file under DIR (optionally only
//! `REIN_PREFIX_SAMPLE=N` of them, evenly spread), for real code that is not in the
//! repository.
//!
//! The inputs are shared among one worker thread per core (large stacks); the test fails if
//! one prefix takes longer than [`PREFIX_LIMIT`]. There is no other timing assertion.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Inputs longer than this get line-end prefixes only.
const BYTE_PREFIX_MAX: usize = 4096;
/// A generous bound for one parse of one prefix (debug build, busy machine).
const PREFIX_LIMIT: Duration = Duration::from_secs(60);

struct Input {
    name: String,
    bytes: Vec<u8>,
    all_bytes: bool,
    /// An EPP template (parsed with the EPP grammar).
    template: bool,
}

/// Splits a tree-sitter corpus file into its test inputs (templates when the corpus is the
/// EPP grammar's).
fn corpus_inputs(path: &Path) -> Vec<Input> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let is_header = |l: &str| {
        let t = l.trim_end();
        t.len() >= 3 && t.starts_with("===") && t.trim_start_matches('=').len() < t.len()
    };
    let is_divider = |l: &str| {
        let t = l.trim_end();
        t.len() >= 3 && t.starts_with("---") && !t.contains(char::is_whitespace)
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_header(lines.get(i).copied().unwrap_or("")) {
            i += 1;
            continue;
        }
        // Header: `===`, name (and attribute) lines, `===`.
        let mut j = i + 1;
        let mut name = String::new();
        while j < lines.len() && !is_header(lines.get(j).copied().unwrap_or("")) {
            if name.is_empty() {
                name = lines.get(j).copied().unwrap_or("").trim().to_string();
            }
            j += 1;
        }
        let body_start = j + 1;
        // The input runs to the last divider line before the next header.
        let mut k = body_start;
        let mut divider = None;
        while k < lines.len() {
            let l = lines.get(k).copied().unwrap_or("");
            if is_header(l) && lines.get(k + 1).is_some_and(|n| !is_header(n)) {
                // A next test starts only if a closing header follows its name.
                let closes = (k + 2..k + 8).any(|m| lines.get(m).is_some_and(|n| is_header(n)));
                if closes && divider.is_some() {
                    break;
                }
            }
            if is_divider(l) {
                divider = Some(k);
            }
            k += 1;
        }
        let end = divider.unwrap_or(k);
        let mut input: String = lines.get(body_start.min(end)..end).unwrap_or(&[]).concat();
        // tree-sitter drops the newline before the divider.
        if input.ends_with('\n') {
            input.pop();
        }
        out.push(Input {
            name: format!("{}: {name}", path.display()),
            bytes: input.into_bytes(),
            all_bytes: true,
            template: path.components().any(|c| c.as_os_str() == "epp"),
        });
        i = k;
    }
    out
}

fn pp_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            pp_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "pp" || x == "epp") {
            out.push(p);
        }
    }
}

fn file_input(path: &Path, real: bool) -> Option<Input> {
    let bytes = std::fs::read(path).ok()?;
    Some(Input {
        name: path.display().to_string(),
        all_bytes: !real && bytes.len() <= BYTE_PREFIX_MAX,
        bytes,
        template: rein::syntax::epp::is_template_path(path),
    })
}

/// The prefix lengths to parse.
fn prefix_lengths(input: &Input) -> Vec<usize> {
    if input.all_bytes {
        (0..=input.bytes.len()).collect()
    } else {
        let mut v: Vec<usize> = input
            .bytes
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'\n')
            .map(|(i, _)| i)
            .collect();
        v.push(input.bytes.len());
        v
    }
}

/// What one worker is doing, for the watchdog.
#[derive(Default)]
struct Progress {
    /// The name of the input being parsed.
    name: Mutex<String>,
    /// The length of the prefix being parsed.
    len: AtomicUsize,
    /// Prefixes parsed so far.
    parsed: AtomicUsize,
    /// Set when the queue is empty and the worker has left.
    done: AtomicBool,
}

/// The inputs still to parse.
type Queue = Mutex<std::vec::IntoIter<Input>>;

/// Takes inputs from `queue` until it is empty and parses every prefix of each, sending
/// the number of prefixes, or an error message if one panics.
fn work(queue: &Queue, progress: &Progress, results: &mpsc::Sender<Result<usize, String>>) {
    while let Some(input) = queue.lock().ok().and_then(|mut q| q.next()) {
        if let Ok(mut name) = progress.name.lock() {
            name.clone_from(&input.name);
        }
        let lengths = prefix_lengths(&input);
        let count = lengths.len();
        let parsed = catch_unwind(AssertUnwindSafe(|| {
            for len in lengths {
                progress.len.store(len, Ordering::SeqCst);
                let prefix = input.bytes.get(..len).unwrap_or(&[]);
                drop(if input.template {
                    rein::syntax::epp::parse_bytes(prefix)
                } else {
                    rein::syntax::parse_bytes(prefix)
                });
                progress.parsed.fetch_add(1, Ordering::SeqCst);
            }
        }));
        let result = parsed.map(|()| count).map_err(|_| {
            format!(
                "{}: panicked on the prefix of {} bytes",
                input.name,
                progress.len.load(Ordering::SeqCst)
            )
        });
        if results.send(result).is_err() {
            break;
        }
    }
    progress.done.store(true, Ordering::SeqCst);
}

/// The message for a worker that has parsed nothing for [`PREFIX_LIMIT`], if one has;
/// `last` holds each worker's count of parsed prefixes and since when it has not changed.
fn hung(progress: &[Arc<Progress>], last: &mut [(usize, Instant)]) -> Option<String> {
    for (p, (parsed, since)) in progress.iter().zip(last.iter_mut()) {
        let now = p.parsed.load(Ordering::SeqCst);
        if now != *parsed {
            *parsed = now;
            *since = Instant::now();
        } else if !p.done.load(Ordering::SeqCst) && since.elapsed() > PREFIX_LIMIT {
            let name = p.name.lock().map(|n| n.clone()).unwrap_or_default();
            return Some(format!(
                "{name}: prefix of {} bytes did not finish within {PREFIX_LIMIT:?}",
                p.len.load(Ordering::SeqCst)
            ));
        }
    }
    None
}

/// Parses every prefix of every input on one worker per core, and fails with every input
/// that panicked, or the first prefix that hangs.
fn run_all(mut inputs: Vec<Input>) {
    let n = inputs.len();
    // The longest first, so that no worker is left with a long one at the end.
    inputs.sort_by_cached_key(|i| std::cmp::Reverse(prefix_lengths(i).iter().sum::<usize>()));
    let workers = std::thread::available_parallelism().map_or(1, |w| w.get());
    let queue: Arc<Queue> = Arc::new(Mutex::new(inputs.into_iter()));
    let progress: Vec<Arc<Progress>> = (0..workers).map(|_| Arc::default()).collect();
    let (tx, rx) = mpsc::channel();
    for p in &progress {
        let (queue, p, tx) = (Arc::clone(&queue), Arc::clone(p), tx.clone());
        std::thread::Builder::new()
            .stack_size(64 * 1024 * 1024)
            .spawn(move || work(&queue, &p, &tx))
            .expect("spawn a worker");
    }
    drop(tx);
    let mut failures = Vec::new();
    let mut parses = 0;
    let mut last = vec![(0, Instant::now()); workers];
    loop {
        match rx.recv_timeout(Duration::from_secs(1)) {
            Ok(Ok(count)) => parses += count,
            Ok(Err(e)) => failures.push(e),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if let Some(e) = hung(&progress, &mut last) {
            failures.push(e);
            break;
        }
    }
    eprintln!("prefix test: {n} inputs, {parses} prefixes parsed");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_prefix_of_corpus_tests_and_fixtures_parses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut inputs = Vec::new();
    let mut corpus: Vec<PathBuf> = [
        "tree-sitter-grammar/test/corpus",
        "tree-sitter-grammar/epp/test/corpus",
    ]
    .iter()
    .flat_map(|dir| std::fs::read_dir(root.join(dir)).into_iter().flatten())
    .filter_map(|e| e.ok())
    .map(|e| e.path())
    .collect();
    corpus.sort();
    for path in corpus
        .iter()
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
    {
        inputs.extend(corpus_inputs(path));
    }
    let mut files = Vec::new();
    pp_files(&root.join("tests/fixtures"), &mut files);
    pp_files(&root.join("examples"), &mut files);
    inputs.extend(files.iter().filter_map(|p| file_input(p, false)));
    run_all(inputs);
}

#[test]
fn every_line_prefix_of_real_files_parses() {
    let Some(dir) = std::env::var_os("REIN_PREFIX_DIR") else {
        return;
    };
    let mut files = Vec::new();
    pp_files(Path::new(&dir), &mut files);
    if let Some(n) = std::env::var("REIN_PREFIX_SAMPLE")
        .ok()
        .and_then(|s| s.parse::<usize>().ok())
        .filter(|n| *n > 0 && *n < files.len())
    {
        let step = files.len() as f64 / n as f64;
        files = (0..n)
            .filter_map(|i| files.get((i as f64 * step) as usize).cloned())
            .collect();
    }
    run_all(files.iter().filter_map(|p| file_input(p, true)).collect());
}

#[test]
fn corpus_files_split_into_their_inputs() {
    let dir = std::env::temp_dir().join(format!("rein-prefix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    let path = dir.join("t.txt");
    std::fs::write(
        &path,
        "==========\nfirst\n==========\n$x = 1\n---\n(manifest)\n\n\
         ==========\nsecond\n:error\n==========\nfoo {\n\n---\n\n",
    )
    .expect("write");
    let inputs = corpus_inputs(&path);
    let got: Vec<(String, String)> = inputs
        .iter()
        .map(|i| {
            (
                i.name.rsplit(": ").next().unwrap_or("").to_string(),
                String::from_utf8_lossy(&i.bytes).into_owned(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("first".to_string(), "$x = 1".to_string()),
            ("second".to_string(), "foo {\n".to_string())
        ]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
