//! `manifest_whitespace_opening_brace_before`: an opening brace `{` not preceded by exactly
//! one space. A brace starting a line after a `,`, a brace after `:` or a comment, a brace
//! right after `(` or `[` (or on a later line), and a brace on a later line than a `{` are
//! fine; `{{` is not (the plugin's rule since its 1.0.1 release). The fix makes the blanks
//! one space (none after `(`, `[`).

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{finding, set_gap_checked};
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Context, Rule, RuleMeta};

pub struct ManifestWhitespaceOpeningBraceBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_opening_brace_before",
    summary: "Not exactly one space before `{`.",
    doc: include_str!("../../../rules/manifest_whitespace_opening_brace_before.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceOpeningBraceBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for i in s.indexes_of("{") {
            let Some(pc) = s.prev_non_space(i) else {
                continue;
            };
            let prev_nl = s.ty_is(i - 1, Ty::Indent) || s.ty_is(i - 1, Ty::Newline);
            if s.kind_is(pc, &[","]) && prev_nl {
                continue;
            }
            if s.ty_is(pc, Ty::Comment) || s.kind_is(pc, &[":"]) {
                continue;
            }
            let opener = s.kind_is(pc, &["(", "["]);
            if opener {
                if pc + 1 == i || s.has_newline(pc, i) {
                    continue;
                }
            } else if (pc + 2 == i && s.single_space(i - 1))
                || (s.kind_is(pc, &["{"]) && s.has_newline(pc, i))
            {
                continue;
            }
            let Some(brace) = s.get(i) else {
                continue;
            };
            // Joining a `{` to the line before could make a hash literal starting a statement
            // part of the previous one: set_gap_checked gives no fix then.
            let edits =
                set_gap_checked(cx, &s, pc, i, if opener { "" } else { " " }).map(|e| vec![e]);
            found.push(finding(
                brace.span,
                "there should be a single space before an opening brace",
                edits,
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

    const RULE: &str = "manifest_whitespace_opening_brace_before";

    #[test]
    fn before_brace() {
        let src = "class a\n{\n  if $x{\n    $h = {  'a' => 1 }\n  }\n  $y = [ { 'b' => 2 }]\n  $z = [\n    {\n      'c' => 3,\n    },\n    {\n      'd' => 4,\n    },\n  ]\n  case $x {\n    'a': {}\n    default:  {}\n  }\n  $l.each |$i|  {}\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:1 there should be a single space before an opening brace",
                "3:8 there should be a single space before an opening brace",
                "6:10 there should be a single space before an opening brace",
                "19:17 there should be a single space before an opening brace",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a {\n  if $x {\n    $h = {  'a' => 1 }\n  }\n  $y = [{ 'b' => 2 }]\n  $z = [\n    {\n      'c' => 3,\n    },\n    {\n      'd' => 4,\n    },\n  ]\n  case $x {\n    'a': {}\n    default:  {}\n  }\n  $l.each |$i| {}\n}\n"
        );
    }

    #[test]
    fn brace_after_brace_needs_one_space() {
        // The plugin's rule since 1.0.1: `{ {` is fine, `{{` and `{  {` are not.
        let src = "$r = $v.lest || { {} }\n$s = $v.lest || {{}}\n$t = $v.lest || {  {} }\n$u = $v.lest || {\n  {}\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:18 there should be a single space before an opening brace",
                "3:20 there should be a single space before an opening brace",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$r = $v.lest || { {} }\n$s = $v.lest || { {}}\n$t = $v.lest || { {} }\n$u = $v.lest || {\n  {}\n}\n"
        );
    }
}
