//! `resource_reference_without_whitespace` (plugin puppet-lint-resource_reference_syntax):
//! blanks between a reference's type and its `[` (`Package ['x']`), for types other than
//! the built-in ones of `resource_reference_chain_without_whitespace`.

use super::resource_references::reference_whitespace;
use super::resource_references::RESOURCE_REFERENCE_SYNTAX;
use crate::rules::{Category, Context, FixKind, Rule, RuleMeta};

pub struct ResourceReferenceWithoutWhitespace;

static META: RuleMeta = RuleMeta {
    name: "resource_reference_without_whitespace",
    category: Category::Layout,
    fix: FixKind::Unsafe,
    summary: "Whitespace between a resource reference's type and its `[`.",
    doc: include_str!("../../../rules/resource_reference_without_whitespace.md"),
    kinds: &[],
    ..RESOURCE_REFERENCE_SYNTAX
};

impl Rule for ResourceReferenceWithoutWhitespace {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        reference_whitespace(cx, false);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "resource_reference_without_whitespace";
    const MSG: &str = "whitespace between reference type and title";

    #[test]
    fn ignores_strings_regexes_comments_and_line_breaks() {
        let src = "if $a =~ /Foo [a]/ { notice(\"Foo [b] ${c}\") }\n# Foo [d]\n$e = @(X)\n  Foo [f]\n  | X\nPackage\n['g'].each |$h| { }\n";
        assert!(positions(NAME, src).is_empty());
    }

    #[test]
    fn flags_blanks_before_the_bracket() {
        let src =
            "Package ['a'] -> Service['b']\nClass ['c'] -> Foo::Bar\t['d']\n$x = 'File [e]'\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 1, MSG.into()), (2, 16, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "Package['a'] -> Service['b']\nClass ['c'] -> Foo::Bar['d']\n$x = 'File [e]'\n"
        );
    }

    #[test]
    fn a_type_before_an_empty_array_is_not_a_reference() {
        // `A[]` does not parse, with a comment in the brackets or not (fuzz finding:
        // `A [ # o⏎]`).
        let src = "$a = A [ ]\n$b = A [1]\n$c = A [ # o\n]\n$d = A [ /* p */ ]\n";
        assert_eq!(positions(NAME, src), vec![(2, 6, MSG.into())]);
        assert_eq!(
            fixed(NAME, src),
            "$a = A [ ]\n$b = A[1]\n$c = A [ # o\n]\n$d = A [ /* p */ ]\n"
        );
    }

    #[test]
    fn an_array_holding_a_relationship_is_not_a_reference() {
        // `C[$a->[]]` does not parse (Puppet: syntax error at ']').
        let src = "C [$a->[]]\nD [$b ~> $c]\n$e = F [[$g -> $h]]\n";
        assert_eq!(positions(NAME, src), vec![(3, 6, MSG.into())]);
        assert_eq!(
            fixed(NAME, src),
            "C [$a->[]]\nD [$b ~> $c]\n$e = F[[$g -> $h]]\n"
        );
    }

    #[test]
    fn an_array_holding_a_resource_body_is_not_a_reference() {
        // `A[t {a => 1}]` does not parse (a fuzz finding); a hash after a comma does.
        let src = "A  [ t ⏎{a => 1}]\n$b = B [c, {d => 1}]\n".replace('⏎', "\n");
        assert_eq!(positions(NAME, &src), vec![(3, 6, MSG.into())]);
        assert_eq!(
            fixed(NAME, &src),
            "A  [ t \n{a => 1}]\n$b = B[c, {d => 1}]\n"
        );
    }

    #[test]
    fn an_array_holding_an_assignment_is_not_a_reference() {
        // `A[a=[]]` does not parse; an assignment nested deeper does not count.
        let src = "A [a=[]]\n$b = A [\"${c}\", [1].map |$x| { $y = $x }]\n";
        assert_eq!(positions(NAME, src), vec![(2, 6, MSG.into())]);
        assert_eq!(
            fixed(NAME, src),
            "A [a=[]]\n$b = A[\"${c}\", [1].map |$x| { $y = $x }]\n"
        );
    }
}
