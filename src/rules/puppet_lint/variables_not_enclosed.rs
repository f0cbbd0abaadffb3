//! `variables_not_enclosed` (puppet-lint): a variable interpolated without braces (`"$x"`).

use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringPart};

pub struct VariablesNotEnclosed;

static META: RuleMeta = RuleMeta {
    name: "variables_not_enclosed",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Safe,
    puppet_lint: Some("variables_not_enclosed"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A variable interpolated without braces.",
    doc: include_str!("../../../rules/variables_not_enclosed.md"),
    kinds: &[NodeKind::Concat],
    options: &[],
};

impl Rule for VariablesNotEnclosed {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Concat(parts) = &expr.kind else {
            return;
        };
        for p in parts.iter() {
            let StringPart::Interpolation {
                expr: var,
                braces: false,
                span,
            } = p
            else {
                continue;
            };
            let ExprKind::Variable(name) = &var.kind else {
                continue;
            };
            // `$x` becomes `${x}`: Puppet's lexer never indexes an unbraced variable, so
            // text after it (`[1]`, `-a`, `.b`) stays text outside the braces. Inside
            // braces a name with an uppercase letter is a type (`${X}` is `(qr X)`), so
            // such a variable keeps its `$`: `${$X}`, and so does every name that is not
            // a bare word there (`$a::9b`, `$::3`: `${a::9b}` does not parse).
            let replacement = if bare_word(name) {
                format!("${{{name}}}")
            } else {
                format!("${{${name}}}")
            };
            cx.report(
                Diagnostic::new(span, "variable not enclosed in {}")
                    .with_help("write `${name}` so that the end of the name is visible")
                    .with_fix(Fix::safe(vec![Edit::replace(span, replacement)])),
            );
        }
    }
}

/// Whether `name` (a variable's name without its `$`) reads as that variable inside `${}`
/// without its `$`: a number (`${0}`), or a lowercase qualified name whose segments start
/// with a letter (the first one also with `_`), with or without a leading `::`.
fn bare_word(name: &str) -> bool {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let name = name.strip_prefix("::").unwrap_or(name);
    name.split("::").enumerate().all(|(i, segment)| {
        let mut bytes = segment.bytes();
        bytes
            .next()
            .is_some_and(|b| b.is_ascii_lowercase() || (i == 0 && b == b'_'))
            && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{ast, fixed, positions};

    const NAME: &str = "variables_not_enclosed";
    const MSG: &str = "variable not enclosed in {}";

    #[test]
    fn flags_unbraced_variables() {
        let src = "$a = \"$x\"\n$b = \"pre ${x} mid $::y end\"\n$c = @(\"E\")\n  $z\n  | E\n$d = \"\\$w\"\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 7, MSG.into()), (2, 20, MSG.into()), (4, 3, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = \"${x}\"\n$b = \"pre ${x} mid ${::y} end\"\n$c = @(\"E\")\n  ${z}\n  | E\n$d = \"\\$w\"\n"
        );
    }

    #[test]
    fn fix_keeps_the_ast() {
        let src = "$a = \"$X $Foo::bar $_x $x[1] $y-z $::w.v $0 $class\"\n";
        assert_eq!(ast(&fixed(NAME, src)), ast(src));
    }

    #[test]
    fn fix_keeps_uppercase_names_variables() {
        assert_eq!(
            fixed(NAME, "$a = \"$X $Foo::bar $_x\"\n"),
            "$a = \"${$X} ${$Foo::bar} ${_x}\"\n"
        );
    }

    #[test]
    fn fix_keeps_following_text_outside_the_braces() {
        assert_eq!(
            fixed(NAME, "$a = \"$x[1] $y-z $w.v\"\n"),
            "$a = \"${x}[1] ${y}-z ${w}.v\"\n"
        );
    }

    #[test]
    fn fix_keeps_the_dollar_of_names_that_are_not_bare_words() {
        let src = "$a = \"$x::9b $::3 $a::_b $::x::y $0\"\n";
        assert_eq!(
            fixed(NAME, src),
            "$a = \"${$x::9b} ${$::3} ${$a::_b} ${::x::y} ${0}\"\n"
        );
        assert_eq!(ast(&fixed(NAME, src)), ast(src));
    }
}
