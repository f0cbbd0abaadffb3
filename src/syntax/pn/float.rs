//! Ruby's `Float#to_s`, which Puppet uses to print floats in both PN and JSON.
//!
//! The digits are the shortest string that reads back as the same double (Rust's `{:e}`
//! gives those), except on exact ties, where Ruby picks the candidate whose last digit is
//! even (pn-forms §2.2, Appendix D). The layout switches between fixed and exponent form
//! depending on the decimal exponent.

/// Formats `v` exactly as Ruby's `Float#to_s` does (`1.0`, `1000.0`, `1.0e+15`, `1.0e-05`,
/// `-0.0`, `NaN`, `Infinity`).
pub fn ruby_float_to_s(v: f64) -> String {
    if v.is_nan() {
        return "NaN".to_string();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    let a = v.abs();
    let (mut digits, exp) = sci_parts(&format!("{a:e}"));
    if let Some(even) = tie_to_even(a, &digits, exp) {
        digits = even;
    }
    let mut out = String::new();
    if v.is_sign_negative() {
        out.push('-');
    }
    layout(&digits, exp + 1, &mut out);
    out
}

/// Splits Rust scientific notation (`6.25e-3`) into its digits without the point
/// (`625`) and the exponent of the first digit (`-3`). Trailing zeros are removed.
fn sci_parts(s: &str) -> (String, i32) {
    let (mantissa, exp) = match s.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (s, 0),
    };
    let mut digits: String = mantissa.chars().filter(|c| c.is_ascii_digit()).collect();
    while digits.len() > 1 && digits.ends_with('0') {
        digits.pop();
    }
    (digits, exp)
}

/// When `a` lies exactly halfway between two shortest candidates, returns the one whose
/// last digit is even (if it differs from `digits` and reads back as `a`).
fn tie_to_even(a: f64, digits: &str, exp: i32) -> Option<String> {
    // The exact decimal expansion of a double has at most 767 significant digits.
    let (exact, exact_exp) = sci_parts(&format!("{a:.800e}"));
    let n = digits.len();
    if exact_exp != exp || exact.len() != n + 1 || !exact.ends_with('5') {
        return None;
    }
    let lower = exact.get(..n)?;
    let last = lower.bytes().last()?;
    let chosen = if (last - b'0').is_multiple_of(2) {
        lower.to_string()
    } else {
        increment(lower)?
    };
    if chosen == digits {
        return None;
    }
    let (first, rest) = chosen.split_at(1);
    let text = format!("{first}.{rest}0e{exp}");
    match text.parse::<f64>() {
        Ok(back) if back == a => Some(chosen),
        _ => None,
    }
}

/// Adds one to the last digit of a decimal digit string; `None` on carry out of the
/// first digit (the exponent would change).
fn increment(digits: &str) -> Option<String> {
    let mut bytes = digits.as_bytes().to_vec();
    for i in (0..bytes.len()).rev() {
        if bytes[i] == b'9' {
            bytes[i] = b'0';
        } else {
            bytes[i] += 1;
            return String::from_utf8(bytes).ok();
        }
    }
    None
}

/// Lays out `0.DIGITS × 10^k` the way Ruby does.
fn layout(digits: &str, k: i32, out: &mut String) {
    let n = digits.len() as i32;
    if 0 < k && k < n {
        let (int, frac) = digits.split_at(k as usize);
        out.push_str(int);
        out.push('.');
        out.push_str(frac);
    } else if n <= k && k <= 15 {
        out.push_str(digits);
        for _ in 0..(k - n) {
            out.push('0');
        }
        out.push_str(".0");
    } else if -4 < k && k <= 0 {
        out.push_str("0.");
        for _ in 0..(-k) {
            out.push('0');
        }
        out.push_str(digits);
    } else {
        let (first, rest) = digits.split_at(1);
        out.push_str(first);
        out.push('.');
        out.push_str(if rest.is_empty() { "0" } else { rest });
        out.push('e');
        let e = k - 1;
        out.push(if e < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", e.unsigned_abs()));
    }
}

#[cfg(test)]
mod tests {
    use super::ruby_float_to_s as f;

    #[test]
    fn layouts_from_the_notes() {
        let cases: &[(f64, &str)] = &[
            (1.0, "1.0"),
            (1.5, "1.5"),
            (1e3, "1000.0"),
            (1e14, "100000000000000.0"),
            (1e15, "1.0e+15"),
            (1e16, "1.0e+16"),
            (1234567890123456.0, "1.234567890123456e+15"),
            (999999999999999.9, "999999999999999.9"),
            (1e-4, "0.0001"),
            (1e-5, "1.0e-05"),
            (0.00015, "0.00015"),
            (0.000099, "9.9e-05"),
            (123456789012345678.0, "1.2345678901234568e+17"),
            (std::f64::consts::PI, "3.141592653589793"),
            (-0.0, "-0.0"),
            (0.0, "0.0"),
            (5e-324, "5.0e-324"),
            (-1e-7, "-1.0e-07"),
            (1e100, "1.0e+100"),
            (1e22, "1.0e+22"),
            (12345678.9, "12345678.9"),
            (1.5e10, "15000000000.0"),
            (2.5e-3, "0.0025"),
            (0.000123, "0.000123"),
            (9007199254740993.0, "9.007199254740992e+15"),
            (125.0, "125.0"),
            (-2.5, "-2.5"),
            (100.0, "100.0"),
            (0.1, "0.1"),
            (1e-10, "1.0e-10"),
            (f64::MAX, "1.7976931348623157e+308"),
        ];
        for (v, want) in cases {
            assert_eq!(f(*v), *want, "{v:e}");
        }
    }

    #[test]
    #[allow(clippy::excessive_precision)]
    fn ties_go_to_the_even_digit() {
        assert_eq!(f(641147632885297.25), "641147632885297.2");
        assert_eq!(f(1229708085296267.25), "1229708085296267.2");
        assert_eq!(f(-641147632885297.25), "-641147632885297.2");
    }

    #[test]
    fn non_finite_values() {
        assert_eq!(f(f64::NAN), "NaN");
        assert_eq!(f(f64::INFINITY), "Infinity");
        assert_eq!(f(f64::NEG_INFINITY), "-Infinity");
    }
}

/// Compares with a file of `HEXBITS RUBY_TO_S` lines made by Ruby, e.g.
/// `ruby -e 'r=Random.new(1); 200000.times { b=r.rand(2**64); f=[b].pack("Q").unpack1("D");
/// puts "%016x %s" % [b, f.to_s] if f.finite? }' > /tmp/floats.txt`, then
/// `REIN_FLOAT_ORACLE=/tmp/floats.txt cargo test -- --ignored ruby_oracle`.
#[cfg(test)]
#[test]
#[ignore]
fn ruby_oracle() {
    let Ok(path) = std::env::var("REIN_FLOAT_ORACLE") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut bad = Vec::new();
    let mut n = 0;
    for line in text.lines() {
        let Some((hex, want)) = line.split_once(' ') else {
            continue;
        };
        let Ok(bits) = u64::from_str_radix(hex, 16) else {
            continue;
        };
        n += 1;
        let got = ruby_float_to_s(f64::from_bits(bits));
        if got != want {
            bad.push(format!("{hex}: got {got}, Ruby {want}"));
        }
    }
    assert!(n > 0);
    assert!(
        bad.is_empty(),
        "{} of {n} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
