//! `manifest_whitespace_two_empty_lines`: a line end that ends a second empty line in a row
//! (each further empty line is one more finding). Lines inside strings, heredocs and
//! comments are not looked at. The fix removes the extra empty lines.

use super::manifest_whitespace::finding;
use super::manifest_whitespace::MANIFEST_WHITESPACE;
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Context, Edit, Rule, RuleMeta};
use crate::syntax::Span;

pub struct ManifestWhitespaceTwoEmptyLines;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_two_empty_lines",
    summary: "Two or more empty lines in a row.",
    doc: include_str!("../../../rules/manifest_whitespace_two_empty_lines.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceTwoEmptyLines {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        let nls: Vec<usize> = (0..s.toks.len())
            .filter(|&i| s.ty_is(i, Ty::Newline))
            .collect();
        for w in nls.windows(3) {
            let [a, b, c] = [w[0], w[1], w[2]];
            if !(a..=c).all(|j| s.get(j).is_some_and(|t| t.is_space())) {
                continue;
            }
            let (Some(prev), Some(nl)) = (s.get(b), s.get(c)) else {
                continue;
            };
            found.push(finding(
                nl.span,
                "there should be no two consecutive empty lines",
                Some(vec![Edit::delete(Span::new(
                    prev.span.end(),
                    nl.span.end(),
                ))]),
            ));
        }
        for d in found {
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_two_empty_lines";

    #[test]
    fn empty_lines() {
        let src = "$a = 1\n\n\n$b = 2\n\n$c = 3\n  \n\n\n$d = \"x\n\n\ny\"\n";
        assert_eq!(
            findings(RULE, src),
            [
                "3:1 there should be no two consecutive empty lines",
                "8:1 there should be no two consecutive empty lines",
                "9:1 there should be no two consecutive empty lines",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$a = 1\n\n$b = 2\n\n$c = 3\n  \n$d = \"x\n\n\ny\"\n"
        );
    }
}
