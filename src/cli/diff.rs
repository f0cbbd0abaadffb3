//! The unified diff `rein fmt --diff` prints, in git's format so that `git apply` (or
//! `patch -p1`) takes it: `--- a/PATH` and `+++ b/PATH` headers, 3 lines of context,
//! `diff -u`'s hunk headers, and `\ No newline at end of file` where a side does not end
//! with one.

/// A unified diff (3 lines of context) between `a` and `b`, the old and new text of the
/// file `name` (a leading `./` or `/` is left out of the headers, as git does).
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
