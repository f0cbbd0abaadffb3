//! Corpus check (ignored by default): every manifest under `$REIN_DUMP_CORPUS` that parses
//! without errors must also print with `try_to_json`, i.e. rein must not predict a Puppet
//! dumper crash (bad regexp, captures-rest or invalid parameter name, non-finite float)
//! where Puppet prints fine. Run with
//! `REIN_DUMP_CORPUS=/usr/share/puppet/modules.available cargo test --test syntax dump_corpus -- --ignored`.

use rein::syntax::{parse_bytes, pn};

fn manifests(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            manifests(&path, out);
        } else if path.extension().is_some_and(|e| e == "pp") {
            out.push(path);
        }
    }
}

#[test]
#[ignore]
fn no_predicted_crash_on_real_manifests() {
    let Ok(root) = std::env::var("REIN_DUMP_CORPUS") else {
        return;
    };
    let mut files = Vec::new();
    manifests(std::path::Path::new(&root), &mut files);
    assert!(!files.is_empty(), "no .pp files under {root}");
    let mut failures = Vec::new();
    for path in &files {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let parsed = parse_bytes(&bytes);
        if parsed.has_errors() {
            continue;
        }
        if let Err(e) = pn::try_to_json(&parsed.program) {
            failures.push(format!("{}: {}", path.display(), e.message));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
