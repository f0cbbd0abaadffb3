//! `legacy_facts` (puppet-lint 3.1+): a legacy (flat, Facter 2 style) fact, as a top-scope
//! variable (`$::osfamily`) or as a key of `$facts` (`$facts['osfamily']`); in Hiera's YAML
//! (puppet-lint 4.3+), in an interpolation `%{::osfamily}` / `%{facts.osfamily}`.

use crate::rules::facter::{facts_access, legacy_fact, LegacyFact};
use crate::rules::hiera::interpolation::{fact_of, facts_dotted, rewritten, scope_keys};
use crate::rules::yaml_context::{YamlContext, YamlKind};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind};

pub struct LegacyFacts;

static META: RuleMeta = RuleMeta {
    name: "legacy_facts",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("legacy_facts"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A legacy fact instead of its structured equivalent.",
    doc: include_str!("../../../rules/legacy_facts.md"),
    kinds: &[NodeKind::Variable, NodeKind::Access],
    options: &[],
};

/// The fact named by `$facts['name']` / `$::facts['name']` (one literal key).
fn facts_key(expr: &Expr) -> Option<&str> {
    let ExprKind::Access { target, keys } = &expr.kind else {
        return None;
    };
    let ExprKind::Variable(v) = &target.kind else {
        return None;
    };
    if v != "facts" && v != "::facts" {
        return None;
    }
    match &keys[..] {
        [k] => match &k.kind {
            ExprKind::String { value, .. } => Some(value.as_str()),
            ExprKind::QualifiedName(n) => Some(n.as_str()),
            _ => None,
        },
        _ => None,
    }
}

impl Rule for LegacyFacts {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let name = match &expr.kind {
            ExprKind::Variable(v) => match v.strip_prefix("::") {
                Some(n) => n,
                None => return,
            },
            ExprKind::Access { .. } => match facts_key(expr) {
                Some(n) => n,
                None => return,
            },
            _ => return,
        };
        let Some(fact) = legacy_fact(name) else {
            return;
        };
        let mut d = Diagnostic::new(expr.span, format!("legacy fact '{name}'"));
        if let LegacyFact::Structured(keys) = fact {
            let access = facts_access(&keys);
            d = d.with_help(format!("use the structured fact `{access}`"));
            let replacement = if cx.in_unbraced_interpolation(expr) {
                format!("${{{}}}", access.trim_start_matches('$'))
            } else if cx.text(expr.span).starts_with('$') {
                access
            } else {
                // Inside `${...}`, where a leading name followed by `[` is a variable.
                access.trim_start_matches('$').to_string()
            };
            d = d.with_fix(Fix::unsafe_(vec![Edit::replace(expr.span, replacement)]));
        } else {
            d = d.with_help("this legacy fact has no one-to-one structured equivalent");
        }
        cx.report(d);
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        if *cx.kind == YamlKind::Unfurl {
            return;
        }
        let mut found = Vec::new();
        for read in scope_keys(cx) {
            let Some((name, rest, _)) = fact_of(read.key) else {
                continue;
            };
            let Some(fact) = legacy_fact(name) else {
                continue;
            };
            let span = read.span.unwrap_or(read.node.span);
            let mut d = Diagnostic::new(span, format!("legacy fact '{name}'"));
            match (fact, read.span) {
                (LegacyFact::Structured(keys), Some(span)) => {
                    let dotted = format!("{}{rest}", facts_dotted(&keys));
                    d = d.with_help(format!("use the structured fact `%{{{dotted}}}`"));
                    let new = rewritten(cx.text(span), &dotted);
                    d = d.with_fix(Fix::unsafe_(vec![Edit::replace(span, new)]));
                }
                (LegacyFact::Structured(_), None) => {}
                (LegacyFact::Unconvertible, _) => {
                    d = d.with_help("this legacy fact has no one-to-one structured equivalent");
                }
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
    use crate::rules::testing::{fixed, positions, run};

    const NAME: &str = "legacy_facts";

    #[test]
    fn flags_legacy_facts() {
        let src = "$a = $::osfamily\n$b = $facts['operatingsystem']\n$c = \"${::fqdn} $::hostname ${facts['domain']}\"\n$d = $osfamily\n$e = $facts['os']['family']\n$f = $::ipaddress_eth0\n$g = $::interfaces\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 6, "legacy fact 'osfamily'".into()),
                (2, 6, "legacy fact 'operatingsystem'".into()),
                (3, 9, "legacy fact 'fqdn'".into()),
                (3, 17, "legacy fact 'hostname'".into()),
                (3, 31, "legacy fact 'domain'".into()),
                (6, 6, "legacy fact 'ipaddress_eth0'".into()),
                (7, 6, "legacy fact 'interfaces'".into()),
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = $facts['os']['family']\n$b = $facts['os']['name']\n$c = \"${facts['networking']['fqdn']} ${facts['networking']['hostname']} ${facts['networking']['domain']}\"\n$d = $osfamily\n$e = $facts['os']['family']\n$f = $facts['networking']['interfaces']['eth0']['ip']\n$g = $::interfaces\n"
        );
        assert!(run(NAME, "$g = $::interfaces\n")[0].fix.is_none());
    }

    #[test]
    fn processor_index_is_an_integer() {
        // `['3']` would be coerced with a warning ("The string '3' was automatically
        // coerced to the numerical value 3").
        let src = "$a = $::processor3\n$b = \"${::processor0}\"\n$c = $::processor03\n";
        assert_eq!(
            positions(NAME, src),
            vec![
                (1, 6, "legacy fact 'processor3'".into()),
                (2, 9, "legacy fact 'processor0'".into()),
                (3, 6, "legacy fact 'processor03'".into()),
            ]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = $facts['processors']['models'][3]\n$b = \"${facts['processors']['models'][0]}\"\n$c = $::processor03\n"
        );
    }

    #[test]
    fn every_spelling_of_a_facts_key() {
        let src = "$a = $::facts['osfamily']\n$b = $facts[osfamily]\n$c = $facts[\"osfamily\"]\n$d = $facts['osfamily', 'x']\n$e = $facts[$k]\n";
        let lines: Vec<usize> = positions(NAME, src).into_iter().map(|p| p.0).collect();
        assert_eq!(lines, vec![1, 2, 3]);
        assert_eq!(
            fixed(NAME, src),
            "$a = $facts['os']['family']\n$b = $facts['os']['family']\n$c = $facts['os']['family']\n$d = $facts['osfamily', 'x']\n$e = $facts[$k]\n"
        );
    }

    #[test]
    fn fixed_strings_keep_their_meaning() {
        let fixed_src = fixed(NAME, "$c = \"${::fqdn} $::hostname ${facts['domain']}\"\n");
        let pn = |s: &str| {
            let f = crate::syntax::parse(s);
            assert!(!f.has_errors());
            crate::syntax::pn::to_json(&f.program)
        };
        assert_eq!(
            pn(&fixed_src),
            pn("$c = \"${$facts['networking']['fqdn']} ${$facts['networking']['hostname']} ${$facts['networking']['domain']}\"\n")
        );
    }
}
