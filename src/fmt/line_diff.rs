//! The lines two texts share and the lines that differ, as a list of operations (keep,
//! delete, insert), for `rein fmt --diff` and for the language server's range formatting.

/// The operations that turn the lines `x` into the lines `y`: `(' ', line)` kept, `('-',
/// line)` deleted, `('+', line)` inserted, in order. The common prefix and suffix are kept,
/// then a longest common subsequence of the middle (replaced whole when it is too large).
pub fn line_ops<'a>(x: &[&'a str], y: &[&'a str]) -> Vec<(char, &'a str)> {
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
    ops
}
