//! `manifest_whitespace_newline_beginning_of_file`: each line end at the very start of a
//! file (before anything else, even blanks). The fix removes them.

use super::manifest_whitespace::finding;
use super::manifest_whitespace::MANIFEST_WHITESPACE;
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Context, Edit, Rule, RuleMeta};

pub struct ManifestWhitespaceNewlineBeginningOfFile;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_newline_beginning_of_file",
    summary: "Empty lines at the start of the file.",
    doc: include_str!("../../../rules/manifest_whitespace_newline_beginning_of_file.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceNewlineBeginningOfFile {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for t in s.toks.iter().take_while(|t| t.ty == Ty::Newline) {
            found.push(finding(
                t.span,
                "there should not be a newline at the beginning of a manifest",
                Some(vec![Edit::delete(t.span)]),
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

    const RULE: &str = "manifest_whitespace_newline_beginning_of_file";

    #[test]
    fn leading_newlines() {
        let src = "\n\n# comment\n$a = 1\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:1 there should not be a newline at the beginning of a manifest",
                "2:1 there should not be a newline at the beginning of a manifest",
            ]
        );
        assert_eq!(fixed(RULE, src), "# comment\n$a = 1\n");
        assert!(findings(RULE, "$a = 1\n\n").is_empty());
    }
}
