//! The unified diff `rein fmt --diff` prints, in git's format so that `git apply` (or
//! `patch -p1`) takes it: `--- a/PATH` and `+++ b/PATH` headers, 3 lines of context,
//! `diff -u`'s hunk headers, and `\ No newline at end of file` where a side does not end
//! with one.

/// A unified diff (3 lines of context) between `a` and `b`, the old and new text of the
/// file `name` (a leading `./` or `/` is left out of the headers, as git does).
pub fn unified_diff(name: &str, a: &str, b: &str) -> String {
    let x: Vec<&str> = a.split_inclusive('\n').collect();
    let y: Vec<&str> = b.split_inclusive('\n').collect();
    let ops = crate::fmt::line_diff::line_ops(&x, &y);
    // Hunks.
    let path = name
        .strip_prefix("./")
        .unwrap_or(name)
        .trim_start_matches('/');
    let mut out = format!("--- a/{path}\n+++ b/{path}\n");
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
