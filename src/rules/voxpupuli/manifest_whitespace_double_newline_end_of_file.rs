//! `manifest_whitespace_double_newline_end_of_file`: each line end after the one ending the
//! last line of a file (the empty lines at the end). The fix removes them.

use super::manifest_whitespace::finding;
use super::manifest_whitespace::MANIFEST_WHITESPACE;
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Context, Edit, Rule, RuleMeta};

pub struct ManifestWhitespaceDoubleNewlineEndOfFile;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_double_newline_end_of_file",
    summary: "Empty lines at the end of the file.",
    doc: include_str!("../../../rules/manifest_whitespace_double_newline_end_of_file.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceDoubleNewlineEndOfFile {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        let mut j = s.toks.len();
        while j >= 2 && s.ty_is(j - 1, Ty::Newline) && s.ty_is(j - 2, Ty::Newline) {
            if let Some(t) = s.get(j - 1) {
                found.push(finding(
                    t.span,
                    "there should be a single newline at the end of a manifest",
                    Some(vec![Edit::delete(t.span)]),
                ));
            }
            j -= 1;
        }
        found.reverse();
        for d in found {
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_double_newline_end_of_file";

    #[test]
    fn trailing_newlines() {
        let src = "$a = 1\n\n\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:1 there should be a single newline at the end of a manifest",
                "3:1 there should be a single newline at the end of a manifest",
            ]
        );
        assert_eq!(fixed(RULE, src), "$a = 1\n");
        assert!(findings(RULE, "$a = 1\n").is_empty());
    }
}
