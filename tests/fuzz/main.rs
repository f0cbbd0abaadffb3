//! The fuzz targets' properties (`properties.rs`, shared with `fuzz/fuzz_targets/`) on every
//! input fuzzing found a problem with, each now fixed: `found/<target>/<name>` (the name
//! says what went wrong). `open/<target>/` holds what fuzzing found that is not fixed yet
//! (not replayed: rein refuses those inputs safely, but it should not). `REIN_FUZZ_CORPUS=DIR` runs every target's property on every file
//! of `DIR` too (the seed corpus, say: `scripts/fuzz.sh seeds`).

mod properties;

use std::path::{Path, PathBuf};

/// A property: panics when rein breaks a promise on the input.
type Property = fn(&[u8]);

/// The files of `dir`, sorted (none when it does not exist).
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| Some(e.ok()?.path())).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file());
    out.sort();
    out
}

/// Whether `property` holds on `data`, run on a thread with an 8 MB stack (a library
/// user's main thread).
fn holds(property: Property, data: Vec<u8>) -> bool {
    let ran = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || property(&data))
        .map(|h| h.join());
    matches!(ran, Ok(Ok(())))
}

/// Runs `property` on every input in `found/<target>/`; there must be some.
fn replay(target: &str, property: Property) {
    replay_dir("found", target, property);
}

/// Runs `property` on every input in `<dir>/<target>/`; there must be some.
fn replay_dir(dir: &str, target: &str, property: Property) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz")
        .join(dir)
        .join(target);
    let inputs = files(&dir);
    assert!(!inputs.is_empty(), "no inputs in {}", dir.display());
    for path in inputs {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(holds(property, data), "{} fails", path.display());
    }
}

#[test]
fn parse_findings() {
    replay("parse", properties::parse);
}

#[test]
fn fmt_findings() {
    replay("fmt", properties::fmt);
}

#[test]
fn fix_findings() {
    replay("fix", properties::fix);
}

#[test]
fn eval_findings() {
    replay("eval", properties::eval);
}

#[test]
fn epp_findings() {
    replay("epp", properties::epp);
}

#[test]
fn yaml_findings() {
    replay("yaml", properties::yaml);
}

#[test]
fn memo_findings() {
    replay("memo", properties::memo);
}

/// The memo target's own seeds (module classes included from classes and defined types,
/// in several roots): nothing found there yet, and its property is worth running anyway.
#[test]
fn memo_seeds() {
    replay_dir("seeds", "memo", properties::memo);
}

/// With `REIN_FUZZ_CORPUS=DIR`: every property (or the one `REIN_FUZZ_PROPERTY` names) on
/// every file of `DIR`, each failure listed, and each that takes a second or more. Without it: nothing (printed).
#[test]
fn corpus_holds() {
    let Some(dir) = std::env::var_os("REIN_FUZZ_CORPUS") else {
        println!("skipped: REIN_FUZZ_CORPUS is not set");
        return;
    };
    let properties: [(&str, Property); 7] = [
        ("parse", properties::parse),
        ("fmt", properties::fmt),
        ("fix", properties::fix),
        ("eval", properties::eval),
        ("epp", properties::epp),
        ("yaml", properties::yaml),
        ("memo", properties::memo),
    ];
    // `REIN_FUZZ_PROPERTY=NAME`: that property only.
    let only = std::env::var("REIN_FUZZ_PROPERTY").ok();
    let mut failed = Vec::new();
    let inputs = files(Path::new(&dir));
    for path in &inputs {
        let Ok(data) = std::fs::read(path) else {
            continue;
        };
        for (name, property) in properties {
            if only.as_ref().is_some_and(|o| o != name) {
                continue;
            }
            let started = std::time::Instant::now();
            let held = holds(property, data.clone());
            let took = started.elapsed();
            if took.as_secs() >= 1 {
                println!("{name}: {} took {took:.1?}", path.display());
            }
            if !held {
                failed.push(format!("{name}: {}", path.display()));
            }
        }
    }
    println!("{} inputs", inputs.len());
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
