//! `manifest_whitespace_missing_newline_end_of_file`: a file whose last line does not end
//! with a line end. The fix adds one.

use super::manifest_whitespace::finding;
use super::manifest_whitespace::MANIFEST_WHITESPACE;
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Context, Edit, Rule, RuleMeta};

pub struct ManifestWhitespaceMissingNewlineEndOfFile;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_missing_newline_end_of_file",
    summary: "No line end at the end of the file.",
    doc: include_str!("../../../rules/manifest_whitespace_missing_newline_end_of_file.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceMissingNewlineEndOfFile {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        if let Some(last) = s.toks.last() {
            if last.ty != Ty::Newline {
                found.push(finding(
                    last.span,
                    "there should be a single newline at the end of a manifest",
                    Some(vec![Edit::insert(s.source.len(), "\n")]),
                ));
            }
        }
        for d in found {
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const RULE: &str = "manifest_whitespace_missing_newline_end_of_file";

    #[test]
    fn missing_newline() {
        let src = "$a = 1\n$b = 2";
        assert_eq!(
            findings(RULE, src),
            ["2:6 there should be a single newline at the end of a manifest"]
        );
        assert_eq!(fixed(RULE, src), "$a = 1\n$b = 2\n");
        assert!(findings(RULE, "$a = 1\n").is_empty());
        assert!(findings(RULE, "").is_empty());
    }
}
