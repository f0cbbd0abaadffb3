//! Fixes inside a YAML implicit key (`key: value`, without `?`) keep it within YAML's limit
//! of 1024 characters from the key's start to its `:` (longer, the parser no longer reads
//! it as a key and the file stops parsing). A fix that would push a key past the limit is
//! dropped: the finding stays, without its fix. Quoting would not help, since a quoted
//! implicit key has the same limit.

use super::diagnostic::Diagnostic;
use crate::syntax::yaml::{Node, NodeKind, YamlFile};

/// The most characters from an implicit key's first character (its anchor or tag, if it
/// has one) to its `:` (YAML 1.2, 7.4.2; `saphyr-parser` stops the key at 1024).
pub const IMPLICIT_KEY_LIMIT: usize = 1024;

/// Drops the fixes of `diagnostics` (findings on `file`, which parses) that would make an
/// implicit key of `file` longer than [`IMPLICIT_KEY_LIMIT`]. The fixes are taken in
/// order, each counted by what it adds (never by what it removes, since it may not be
/// applied), and kept while the key stays within the limit.
pub fn keep_implicit_keys(file: &YamlFile, diagnostics: &mut [Diagnostic]) {
    // The start of every edit, sorted: a key without an edit in it is left alone.
    let mut starts: Vec<usize> = diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .flat_map(|f| f.edits.iter().map(|e| e.span.start()))
        .collect();
    if starts.is_empty() {
        return;
    }
    starts.sort_unstable();
    let mut keys = Vec::new();
    for d in &file.documents {
        implicit_keys(&file.source, d, &mut keys);
    }
    for (start, colon) in keys {
        let first = starts.partition_point(|&s| s < start);
        if starts.get(first).is_none_or(|&s| s >= colon) {
            continue;
        }
        let Some(key) = file.source.get(start..colon) else {
            continue;
        };
        let mut room = IMPLICIT_KEY_LIMIT.saturating_sub(key.chars().count());
        for d in diagnostics.iter_mut() {
            let Some(fix) = &d.fix else { continue };
            let inside: Vec<_> = fix
                .edits
                .iter()
                .filter(|e| e.span.start() >= start && e.span.end() <= colon)
                .collect();
            if inside.is_empty() {
                continue;
            }
            let added: usize = inside
                .iter()
                .map(|e| {
                    let old = file.source.get(e.span.start()..e.span.end()).unwrap_or("");
                    e.replacement
                        .chars()
                        .count()
                        .saturating_sub(old.chars().count())
                })
                .sum();
            if added > room {
                d.fix = None;
            } else {
                room -= added;
            }
        }
    }
}

/// Where each implicit key below `node` starts and where its `:` is (byte offsets of
/// `source`), in source order. A key whose `:` does not follow it on its line (an
/// explicit `? key`) has no limit and is left out.
fn implicit_keys(source: &str, node: &Node, out: &mut Vec<(usize, usize)>) {
    match &node.kind {
        NodeKind::Seq(items) => items.iter().for_each(|n| implicit_keys(source, n, out)),
        NodeKind::Map(entries) => {
            for e in entries {
                let start = e.key.span.start();
                let end = e.key.span.end();
                let after = source.get(end..).unwrap_or("");
                let gap = after.len() - after.trim_start_matches([' ', '\t']).len();
                if after.get(gap..).is_some_and(|rest| rest.starts_with(':')) {
                    out.push((start, end + gap));
                }
                implicit_keys(source, &e.key, out);
                implicit_keys(source, &e.value, out);
            }
        }
        NodeKind::Scalar(_) | NodeKind::Alias(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::diagnostic::{Edit, Fix};
    use crate::syntax::yaml;
    use crate::syntax::Span;

    /// A finding at `at` whose fix replaces `len` bytes there with `with`.
    fn fixing(at: usize, len: usize, with: &str) -> Diagnostic {
        Diagnostic::new(Span::new(at, at + len), "x").with_fix(Fix::unsafe_(vec![Edit::replace(
            Span::new(at, at + len),
            with,
        )]))
    }

    #[test]
    fn the_limit_is_the_parsers() {
        // A key of exactly the limit parses; one character more does not.
        let key = "k".repeat(IMPLICIT_KEY_LIMIT);
        assert_eq!(yaml::parse(&format!("{key}: v\n")).error, None);
        assert!(yaml::parse(&format!("{key}k: v\n")).error.is_some());
        assert_eq!(yaml::parse(&format!("{}  : v\n", &key[2..])).error, None);
        assert!(yaml::parse(&format!("{}   : v\n", &key[2..]))
            .error
            .is_some());
    }

    #[test]
    fn fixes_are_kept_while_the_key_fits() {
        // 1020 characters to the `:`: room for 4 more.
        let src = format!("a:\n  {}  : v\nb: {}\n", "k".repeat(1018), "k".repeat(2000));
        let mut d = vec![
            fixing(5, 1, "kkkk"),
            fixing(9, 1, "kkk"),
            fixing(10, 3, "k"),
            fixing(1035, 1, "kkkkkkkk"),
        ];
        keep_implicit_keys(&yaml::parse(&src), &mut d);
        let kept: Vec<bool> = d.iter().map(|d| d.fix.is_some()).collect();
        // The second adds 2 where 1 is left; the third shortens (counted as adding
        // nothing); the value of `b` has no limit.
        assert_eq!(kept, vec![true, false, true, true]);
    }

    #[test]
    fn explicit_and_flow_keys() {
        let long = "k".repeat(1000);
        let src = format!("? {long}\n: v\n{{{long}: v}}: w\n");
        let file = yaml::parse(&src);
        assert_eq!(file.error, None);
        let mut keys = Vec::new();
        implicit_keys(&file.source, &file.documents[0], &mut keys);
        // The explicit key is left out; the flow mapping is a key, and so is the key in it.
        let flow = 2 + long.len() + 5;
        assert_eq!(
            keys,
            vec![
                (flow, flow + long.len() + 5),
                (flow + 1, flow + 1 + long.len())
            ]
        );
    }
}
