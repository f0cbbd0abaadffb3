//! `manifest_whitespace_closing_brace_before`: a closing brace `}` not preceded by exactly
//! one space (on one line) or by one line end and the indentation: `}` right after a value,
//! two blanks, or empty lines before it. `{}` is fine, `{ }` is not. The fix makes it one
//! space, or removes the empty lines.

use super::manifest_whitespace::finding;
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Category, Context, FixKind, Level, Plugin, Rule, RuleMeta};

pub struct ManifestWhitespaceClosingBraceBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_closing_brace_before",
    level: Level::Off,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-manifest_whitespace-check",
        level: Level::Error,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "Not one space or one line end before `}`.",
    doc: include_str!("../../../rules/manifest_whitespace_closing_brace_before.md"),
    kinds: &[],
    options: &[],
};

impl Rule for ManifestWhitespaceClosingBraceBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for i in s.indexes_of("}") {
            let Some(pc) = s.prev_non_space(i) else {
                continue;
            };
            if s.kind_is(i - 1, &["{"]) {
                continue;
            }
            if !s.kind_is(pc, &["{"]) && s.single_space(i - 1) && pc + 2 == i {
                continue;
            }
            if s.ty_is(i - 1, Ty::Indent) && pc + 3 == i {
                continue;
            }
            if s.ty_is(i - 1, Ty::Newline) && pc + 2 == i {
                continue;
            }
            let Some(at) = s.get(pc + 1) else {
                continue;
            };
            let edit = if s.has_newline(pc + 1, i) {
                s.keep_last_line(pc, i)
            } else {
                Some(s.set_gap(pc, i, if s.kind_is(pc, &["{"]) { "" } else { " " }))
            };
            found.push(finding(
                at.span,
                "there should be a single space or newline before a closing brace",
                edit.map(|e| vec![e]),
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

    const RULE: &str = "manifest_whitespace_closing_brace_before";

    #[test]
    fn before_brace() {
        let src = "class a {\n  $h = { 'a' => 1}\n  $i = { 'b' => 2  }\n  $j = { }\n  $k = {\n    'c' => 3,\n\n  }\n  $l = {\n    # nothing\n  }\n  $m = {}\n  if $x { include b }\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "2:18 there should be a single space or newline before a closing brace",
                "3:18 there should be a single space or newline before a closing brace",
                "4:9 there should be a single space or newline before a closing brace",
                "6:14 there should be a single space or newline before a closing brace",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "class a {\n  $h = { 'a' => 1 }\n  $i = { 'b' => 2 }\n  $j = {}\n  $k = {\n    'c' => 3,\n  }\n  $l = {\n    # nothing\n  }\n  $m = {}\n  if $x { include b }\n}\n"
        );
    }

    #[test]
    fn empty_lines_in_empty_braces() {
        let src = "$h = {\n\n}\n$i = {\n\n  'a' => 1,\n\n}\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:7 there should be a single space or newline before a closing brace",
                "6:12 there should be a single space or newline before a closing brace",
            ]
        );
        assert_eq!(fixed(RULE, src), "$h = {\n}\n$i = {\n\n  'a' => 1,\n}\n");
    }
}
