//! The `.expect` files next to the validation and deep fixtures: the `rein: RULE LINE`
//! lines (the findings rein must report) and the line numbers in Puppet's messages.

/// The rule and line of a `rein: RULE LINE` line; `rest` is what follows `rein:`.
pub fn rein_line(line: &str, rest: &str) -> Result<(String, usize), String> {
    let mut words = rest.split_whitespace();
    let (Some(rule), Some(n), None) = (words.next(), words.next(), words.next()) else {
        return Err(format!("bad rein line {line:?}"));
    };
    let n: usize = n
        .parse()
        .map_err(|_| format!("bad line number in {line:?}"))?;
    Ok((rule.to_string(), n))
}

/// Every `line: N` of a Puppet message (an error inside a defined type names the line in
/// the define and the instance's line).
pub fn puppet_lines(msg: &str) -> Vec<usize> {
    msg.match_indices("line: ")
        .filter_map(|(at, _)| {
            let digits: String = msg[at + 6..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            digits.parse().ok()
        })
        .collect()
}
