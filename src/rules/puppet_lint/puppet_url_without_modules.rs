//! `puppet_url_without_modules` (puppet-lint): a `puppet://` URL whose path does not start
//! with `modules/`.

use crate::rules::Slot;
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, NodeKind, Rule, RuleMeta,
};
use crate::syntax::{Expr, ExprKind, StringPart, StringStyle};

pub struct PuppetUrlWithoutModules;

static META: RuleMeta = RuleMeta {
    name: "puppet_url_without_modules",
    level: Level::Warning,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: Some("puppet_url_without_modules"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "A `puppet://` URL whose path does not start with `modules/`.",
    doc: include_str!("../../../rules/puppet_url_without_modules.md"),
    kinds: &[NodeKind::String, NodeKind::Concat],
    options: &[],
};

/// The path of a `puppet://host/path` URL: what follows the first `/` after the scheme
/// (on the same line).
fn url_path(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("puppet://")?;
    let line = rest.split('\n').next().unwrap_or("");
    let slash = line.find('/')?;
    rest.get(slash + 1..)
}

impl Rule for PuppetUrlWithoutModules {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        if cx.slot() == Some(Slot::HeredocText) {
            return;
        }
        // The text up to the first interpolation, as puppet-lint sees it.
        let start = match &expr.kind {
            ExprKind::String { value, style } if *style != StringStyle::Bare => value.as_str(),
            ExprKind::Concat(parts) => match parts.first() {
                Some(StringPart::Text { value, .. }) => value,
                _ => "",
            },
            _ => return,
        };
        if !start.starts_with("puppet://") {
            return;
        }
        if url_path(start).is_some_and(|p| !p.is_empty() && p.starts_with("modules/")) {
            return;
        }
        // Insert `modules/` after the slash that ends the host, in the source.
        let text = cx.text(expr.span);
        let fix = text.find("puppet://").and_then(|i| {
            let after = i + "puppet://".len();
            let slash = text.get(after..)?.split('\n').next()?.find('/')?;
            let at = expr.span.start() + after + slash + 1;
            Some(Fix::unsafe_(vec![Edit::insert(at, "modules/")]))
        });
        let mut d = Diagnostic::new(expr.span, "puppet:// URL without modules/ found")
            .with_help("module files are served as `puppet:///modules/<module>/<file>`");
        if let Some(f) = fix {
            d = d.with_fix(f);
        }
        cx.report(d);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::testing::{fixed, positions};

    const NAME: &str = "puppet_url_without_modules";
    const MSG: &str = "puppet:// URL without modules/ found";

    #[test]
    fn flags_urls_without_modules() {
        let src = "$a = 'puppet:///foo/bar'\n$b = \"puppet://srv/modules/x\"\n$c = \"puppet:///files/${x}\"\n$d = \"puppet:///modules/${x}\"\n$e = 'http://x/y'\n";
        assert_eq!(
            positions(NAME, src),
            vec![(1, 6, MSG.into()), (3, 6, MSG.into())]
        );
        assert_eq!(
            fixed(NAME, src),
            "$a = 'puppet:///modules/foo/bar'\n$b = \"puppet://srv/modules/x\"\n$c = \"puppet:///modules/files/${x}\"\n$d = \"puppet:///modules/${x}\"\n$e = 'http://x/y'\n"
        );
    }
}
