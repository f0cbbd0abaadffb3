//! `top_scope_facts` (puppet-lint 3.1+): a fact read as a top-scope variable (`$::kernel`)
//! instead of from the `$facts` hash; in Hiera's YAML, a core fact read as `%{::kernel}`.

use crate::rules::facter::{legacy_fact, CORE_FACTS};
use crate::rules::hiera::interpolation::{fact_of, rewritten, scope_keys};
use crate::rules::quoting::single_quoted;
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, OptionKind, Rule, RuleMeta,
    RuleOption,
};
use crate::syntax::{Expr, ExprKind};

pub struct TopScopeFacts;

static META: RuleMeta = RuleMeta {
    name: "top_scope_facts",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("top_scope_facts"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A fact read as a top-scope variable instead of from `$facts`.",
    doc: include_str!("../../../rules/top_scope_facts.md"),
    kinds: &[NodeKind::Variable],
    options: &[RuleOption {
        name: "top_scope_variables",
        kind: OptionKind::StringList,
        default: "[]",
        doc: "Top-scope variables that are not facts (set in site.pp or by an ENC), by exact name without `$::`.",
    }],
};

/// Top-scope variables that Puppet sets itself and that are not facts: no `$facts` fix.
const NOT_FACTS: &[&str] = &[
    "environment",
    "servername",
    "serverip",
    "serverversion",
    "server_facts",
    "settings",
    "module_name",
    "name",
    "title",
];

impl Rule for TopScopeFacts {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let ExprKind::Variable(v) = &expr.kind else {
            return;
        };
        let Some(name) = v.strip_prefix("::") else {
            return;
        };
        // `$::facts`, `$::trusted`, qualified names (`$::a::b`), and legacy facts (which
        // `legacy_facts` reports) are not this rule's business.
        if name.is_empty()
            || name.contains("::")
            || name == "facts"
            || name == "trusted"
            || legacy_fact(name).is_some()
            || cx
                .option_list("top_scope_variables")
                .iter()
                .any(|a| a == name)
        {
            return;
        }
        let mut d = Diagnostic::new(expr.span, "top scope fact instead of facts hash").with_help(
            format!("read `$facts['{name}']`, or list `{name}` in `top_scope_variables` if it is not a fact"),
        );
        if !NOT_FACTS.contains(&name) {
            let access = format!("facts[{}]", single_quoted(name));
            let replacement = if cx.in_unbraced_interpolation(expr) {
                format!("${{{access}}}")
            } else if cx.text(expr.span).starts_with('$') {
                format!("${access}")
            } else {
                access
            };
            d = d.with_fix(Fix::unsafe_(vec![Edit::replace(expr.span, replacement)]));
        }
        cx.report(d);
    }

    /// In YAML only core facts are reported: a top-scope variable of another name may be
    /// set by an ENC or `site.pp`, and Hiera reads those too.
    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if *cx.kind == YamlKind::Unfurl {
            return;
        }
        let mut found = Vec::new();
        for read in scope_keys(cx) {
            let Some((name, rest, true)) = fact_of(read.key) else {
                continue;
            };
            if !CORE_FACTS.contains(&name) || legacy_fact(name).is_some() {
                continue;
            }
            let span = read.span.unwrap_or(read.node.span);
            let dotted = format!("facts.{name}{rest}");
            let mut d = Diagnostic::new(span, "top scope fact instead of facts hash")
                .with_help(format!("read `%{{{dotted}}}`"));
            if let Some(span) = read.span {
                let new = rewritten(cx.text(span), &dotted);
                d = d.with_fix(Fix::unsafe_(vec![Edit::replace(span, new)]));
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
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::testing::{fixed, positions};
    use crate::rules::Level;

    const NAME: &str = "top_scope_facts";
    const MSG: &str = "top scope fact instead of facts hash";

    #[test]
    fn flags_top_scope_facts() {
        let src = "$a = $::kernel\n$b = $::osfamily\n$c = $::facts['x']\n$d = $::a::b\n$e = \"$::role ${::role}\"\n$f = $kernel\n$g = $::fqdn_custom['k']\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 6, MSG.into()),
                (5, 7, MSG.into()),
                (5, 17, MSG.into()),
                (7, 6, MSG.into())
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = $facts['kernel']\n$b = $::osfamily\n$c = $::facts['x']\n$d = $::a::b\n$e = \"${facts['role']} ${facts['role']}\"\n$f = $kernel\n$g = $facts['fqdn_custom']['k']\n"
        );
    }

    #[test]
    fn allow_list_option() {
        let src = "$a = $::role\n$b = $::kernel\n";
        let parsed = crate::syntax::parse(src);
        let mut opts = toml::Table::new();
        opts.insert(
            "top_scope_variables".into(),
            toml::Value::Array(vec![toml::Value::String("role".into())]),
        );
        let rule = crate::rules::registry::find(NAME).unwrap();
        let d = check_file(
            "x.pp",
            &parsed,
            &RuleSet::new(vec![(rule, Level::Warning, opts)]),
        );
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].span.start(), 18);
    }
}
