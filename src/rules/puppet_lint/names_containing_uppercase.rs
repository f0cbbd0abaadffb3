//! `names_containing_uppercase` (puppet-lint): a class or defined type whose name contains
//! an upper-case letter (`class Foo`). The fix writes the name in lower case.

use crate::rules::class_or_define::definition;
use crate::rules::validation::naming::is_definition_name;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::Expr;

pub struct NamesContainingUppercase;

static META: RuleMeta = RuleMeta {
    name: "names_containing_uppercase",
    level: Level::Error,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("names_containing_uppercase"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A class or defined type whose name contains an upper-case letter.",
    doc: include_str!("../../../rules/names_containing_uppercase.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[],
};

impl Rule for NamesContainingUppercase {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some(def) = definition(expr) else { return };
        let written = cx.text(def.name_span);
        if !written.chars().any(|c| c.is_ascii_uppercase()) {
            return;
        }
        let diagnostic = Diagnostic::new(
            def.name_span,
            format!("{} '{written}' contains illegal uppercase", def.what()),
        );
        // Renaming changes which name the definition has (and which file the autoloader
        // expects it in): the fix is unsafe. A name that lower case does not make a name
        // (`G::0l`: a segment starts with a digit; `Class`: a keyword) gets none: it would
        // not parse.
        let lower = written.to_ascii_lowercase();
        if !is_definition_name(&lower)
            || crate::syntax::parse(&format!("class {lower} {{}}")).has_errors()
        {
            cx.report(diagnostic);
            return;
        }
        let fix = Fix::unsafe_(vec![Edit::replace(def.name_span, lower)]);
        cx.report(diagnostic.with_fix(fix));
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    #[test]
    fn uppercase_in_class_and_define_names() {
        let src = "class Foo::Bar {\n}\ndefine Baz {\n}\nclass foo {\n}\n";
        assert_eq!(
            findings("names_containing_uppercase", src),
            vec![
                "1:7 class 'Foo::Bar' contains illegal uppercase",
                "3:8 defined type 'Baz' contains illegal uppercase"
            ]
        );
        assert_eq!(
            fixed("names_containing_uppercase", src),
            "class foo::bar {\n}\ndefine baz {\n}\nclass foo {\n}\n"
        );
    }

    #[test]
    fn no_fix_when_lower_case_makes_no_name() {
        // Fuzz finding: `class g::0l {}` does not parse (a segment starts with a digit).
        // Fuzz finding: `class class {}` does not parse either (a keyword is no name).
        let src = "class G::0l {}\ndefine D::_x {}\nclass\nClass {}\ndefine If {}\n";
        assert_eq!(
            findings("names_containing_uppercase", src),
            vec![
                "1:7 class 'G::0l' contains illegal uppercase",
                "2:8 defined type 'D::_x' contains illegal uppercase",
                "4:1 class 'Class' contains illegal uppercase",
                "5:8 defined type 'If' contains illegal uppercase"
            ]
        );
        assert_eq!(fixed("names_containing_uppercase", src), src);
    }
}
