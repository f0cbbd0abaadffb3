//! `manifest_whitespace_opening_bracket_before`: an opening bracket `[` of an array not
//! preceded by exactly one space (accesses such as `$a[0]`, `Array[String]`, `$f()[0]` are
//! fine, and so is `[` after `(`, `[`, `{`, at the start of a line, or after a comment).
//! The fix makes the blanks one space where that keeps the meaning.

use super::manifest_whitespace::MANIFEST_WHITESPACE;
use super::manifest_whitespace::{finding, set_gap_checked};
use crate::rules::whitespace_tokens::Ty;
use crate::rules::{Context, Edit, Rule, RuleMeta};

pub struct ManifestWhitespaceOpeningBracketBefore;

static META: RuleMeta = RuleMeta {
    name: "manifest_whitespace_opening_bracket_before",
    summary: "Not exactly one space before `[` (other than an access).",
    doc: include_str!("../../../rules/manifest_whitespace_opening_bracket_before.md"),
    ..MANIFEST_WHITESPACE
};

impl Rule for ManifestWhitespaceOpeningBracketBefore {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let s = cx.whitespace_tokens();
        let mut found = Vec::new();
        for i in s.indexes_of("[") {
            if i == 0 || s.kind_is(i - 1, &["type_reference", "variable", "name"]) {
                continue;
            }
            let Some(pc) = s.prev_non_space(i) else {
                continue;
            };
            if s.ty_is(pc, Ty::Comment) {
                continue;
            }
            let referent = s.kind_is(pc, &["type_reference", "variable"]);
            // A `[` starting a line is fine (the plugin allows it only after `,`, `;`, `:`, a
            // name, a bracket or a brace), unless it follows a variable or a type: there it reads
            // like an access but is a new array.
            let prev_nl = s.ty_is(i - 1, Ty::Indent) || s.ty_is(i - 1, Ty::Newline);
            if prev_nl && !referent {
                continue;
            }
            let opener = s.kind_is(pc, &["(", "[", "{"]);
            if opener || s.kind_is(pc, &["]", "}", ")"]) {
                if pc + 1 == i {
                    continue;
                }
            } else if !referent && pc + 2 == i && s.single_space(i - 1) {
                continue;
            }
            if s.kind_is(pc, &["{"]) {
                let Some(ppct) = s.prev_non_space(pc) else {
                    continue;
                };
                if s.kind_is(ppct, &["name", "|"]) && pc + 2 == i && s.single_space(i - 1) {
                    continue;
                }
            }
            let Some(bracket) = s.get(i) else {
                continue;
            };
            let edits = if pc + 1 == i {
                // A blank before `[` makes an access an array: only after an operator (not
                // after the `|>` or `|>>` that closes a collector: `User <| |>[0]` is an
                // access).
                let operator = s.get(pc).is_some_and(|t| {
                    t.ty == Ty::Code
                        && !t.named
                        && !t.kind.starts_with(|c: char| c.is_alphabetic())
                        && !matches!(t.kind, "|>" | "|>>")
                });
                operator.then(|| vec![Edit::insert(bracket.span.start(), " ")])
            } else if referent {
                None
            } else {
                set_gap_checked(cx, &s, pc, i, if opener { "" } else { " " }).map(|e| vec![e])
            };
            found.push(finding(
                bracket.span,
                "there should be a single space before an opening bracket",
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

    const RULE: &str = "manifest_whitespace_opening_bracket_before";

    #[test]
    fn before_bracket() {
        let src = "$a =[1]\n$b = f( [2])\n$c =  [3]\n$d = $a[0]\n$e = Array[String]\n$f = [[4], [5]]\n$g = f([6])\n$h = {\n  'k' => [7],\n}\nfile { ['/x']: }\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:5 there should be a single space before an opening bracket",
                "2:9 there should be a single space before an opening bracket",
                "3:7 there should be a single space before an opening bracket",
            ]
        );
        assert_eq!(
            fixed(RULE, src),
            "$a = [1]\n$b = f([2])\n$c = [3]\n$d = $a[0]\n$e = Array[String]\n$f = [[4], [5]]\n$g = f([6])\n$h = {\n  'k' => [7],\n}\nfile { ['/x']: }\n"
        );
    }

    #[test]
    fn no_fix_that_changes_meaning() {
        let src = "$a = 'abc'[0]\n$b = $a\n  [1]\n$c = $x in\n  ['a', 'b']\n$d = User <| |>[0]\n$e = User <<| |>>[0]\n";
        assert_eq!(
            findings(RULE, src),
            [
                "1:11 there should be a single space before an opening bracket",
                "3:3 there should be a single space before an opening bracket",
                "6:16 there should be a single space before an opening bracket",
                "7:18 there should be a single space before an opening bracket",
            ]
        );
        assert_eq!(fixed(RULE, src), src);
    }

    #[test]
    fn accepted_layouts() {
        let src = "$r = $l.map |$x| { [] }\npackage {\n  ['a', 'b']:\n    ensure => installed;\n}\npackage { ['c']: }\ninclude a\n[\n  'd',\n].each |$i| {}\n$v = $f['k'][$i]\n$w = $l.keys[0]\n";
        assert!(findings(RULE, src).is_empty());
    }
}
