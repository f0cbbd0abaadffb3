//! `variable_contains_upcase` (plugin puppet-lint-variable_contains_upcase): a variable or
//! parameter name with a capital letter. The fix downcases every use of the name in the
//! file, or none when that could change which variable is meant.

use std::collections::HashMap;

use super::walk::{for_each_variable, walk};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Plugin, Rule, RuleMeta,
};
use crate::syntax::{ExprKind, Parameter, Span};

pub struct VariableContainsUpcase;

static META: RuleMeta = RuleMeta {
    name: "variable_contains_upcase",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-variable_contains_upcase",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A variable or parameter name with a capital letter.",
    doc: include_str!("../../../rules/variable_contains_upcase.md"),
    kinds: &[],
    options: &[],
};

/// One place a variable name is written.
struct Use {
    span: Span,
    name: String,
    /// A parameter of a class, defined type, function or plan (part of its interface).
    interface: bool,
}

fn params_of(kind: &ExprKind) -> (&[Parameter], bool) {
    match kind {
        ExprKind::Class(c) => (&c.params, true),
        ExprKind::Define(d) => (&d.params, true),
        ExprKind::Function(f) => (&f.params, true),
        ExprKind::Plan(p) => (&p.params, true),
        ExprKind::Call(c) => (c.lambda.as_ref().map_or(&[], |l| &l.params), false),
        ExprKind::MethodCall(m) => (m.lambda.as_ref().map_or(&[], |l| &l.params), false),
        _ => (&[], false),
    }
}

impl Rule for VariableContainsUpcase {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let program = cx.file.program;
        let mut uses: Vec<Use> = Vec::new();
        for_each_variable(program, &mut |e, _| {
            if let ExprKind::Variable(name) = &e.kind {
                uses.push(Use {
                    span: e.span,
                    name: name.clone(),
                    interface: false,
                });
            }
        });
        for e in &program.body {
            walk(e, &mut |x| {
                let (params, interface) = params_of(&x.kind);
                for p in params {
                    uses.push(Use {
                        span: p.name.span,
                        name: p.name.name.clone(),
                        interface,
                    });
                }
            });
        }
        uses.sort_by_key(|u| u.span.start());
        // Every spelling of each name, by its lowercase form.
        let mut spellings: HashMap<String, Vec<&Use>> = HashMap::new();
        for u in &uses {
            spellings
                .entry(u.name.to_ascii_lowercase())
                .or_default()
                .push(u);
        }
        // A name can be downcased when all its uses are spelt the same, none is another
        // scope's variable (`$a::B`, `$::B`) and none is a parameter callers pass by name.
        let fixable = |lower: &str| {
            let group = spellings.get(lower).map_or(&[][..], |g| g.as_slice());
            group.windows(2).all(|w| w[0].name == w[1].name)
                && group.iter().all(|u| !u.interface && !u.name.contains("::"))
        };
        let mut found = Vec::new();
        for u in uses
            .iter()
            .filter(|u| u.name.bytes().any(|b| b.is_ascii_uppercase()))
        {
            let lower = u.name.to_ascii_lowercase();
            let text = cx.text(u.span);
            let replacement = text.to_ascii_lowercase();
            let mut d = Diagnostic::new(u.span, "variable contains a capital letter")
                .with_help("use lowercase letters, digits and `_` in variable names");
            let same_text = text.strip_prefix('$').unwrap_or(text) == u.name;
            if fixable(&lower) && same_text {
                d = d.with_fix(Fix::unsafe_(vec![Edit::replace(u.span, replacement)]));
            }
            found.push(d);
        }
        for d in found {
            cx.report(d);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{findings, fixed};

    const NAME: &str = "variable_contains_upcase";
    const MSG: &str = "variable contains a capital letter";

    #[test]
    fn capital_letters() {
        let src = "class a ($Param = 1) {\n  $Local = \"${Param} $Other\"\n  [1].each |$Item| { notice($Item) }\n  $b = $::Top\n  $c = $facts['Key']\n}\n";
        assert_eq!(
            findings(NAME, src),
            vec![
                format!("1:10 {MSG}"),
                format!("2:3 {MSG}"),
                format!("2:22 {MSG}"),
                format!("3:13 {MSG}"),
                format!("3:29 {MSG}"),
                format!("4:8 {MSG}"),
            ]
        );
    }

    #[test]
    fn fix_downcases_every_use_or_none() {
        let src = "class a ($Param = 1) {\n  $Local = \"${Param} $Local\"\n  [1].each |$Item| { notice($Item) }\n  $Mixed = 1\n  $mixed = 2\n  $b = $::Top\n}\n";
        assert_eq!(
            fixed(NAME, src),
            "class a ($Param = 1) {\n  $local = \"${Param} $local\"\n  [1].each |$item| { notice($item) }\n  $Mixed = 1\n  $mixed = 2\n  $b = $::Top\n}\n"
        );
    }
}
