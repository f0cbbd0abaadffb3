//! What the two `absolute_classname` plugin checks share: which class names are written
//! with a leading `::`, and the finding for one, whose unsafe fix drops the `::`.

use crate::rules::{Category, Context, Diagnostic, Edit, Fix, FixKind, Level, Plugin, RuleMeta};
use crate::syntax::{Expr, ExprKind, Span};

/// The metadata the two `relative_classname_*` rules share (each sets its `name`,
/// `summary`, `doc` and `kinds`): off by default, warning in the plugin, unsafe fixes.
pub const ABSOLUTE_CLASSNAME: RuleMeta = RuleMeta {
    name: "",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::Unsafe,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-absolute_classname-check",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "",
    doc: "",
    kinds: &[],
    options: &[],
};

/// Whether `e` is a bare name or a plain string starting with `::`.
pub fn is_absolute_name(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::QualifiedName(n) => n.starts_with("::"),
        ExprKind::String { value, .. } => value.starts_with("::"),
        _ => false,
    }
}

/// Reports the class name written at `span` with a leading `::`, with the unsafe fix that
/// drops it when the text there starts so.
pub fn report_absolute_name(cx: &mut Context<'_>, span: Span, message: &str) {
    let mut d = Diagnostic::new(span, message.to_string())
        .with_help("class names are always absolute: drop the leading `::`");
    if let Some(edit) = strip_leading_colons(cx, span) {
        d = d.with_fix(Fix::unsafe_(vec![edit]));
    }
    cx.report(d);
}

/// The edit deleting the leading `::` of a class name written at `span`: a bare name
/// (`::foo`) or a quoted string (`'::foo'`). `None` when the text there does not start
/// so (an escaped or interpolated string), or when more colons follow (`':::foo'`).
fn strip_leading_colons(cx: &Context<'_>, span: Span) -> Option<Edit> {
    let text = cx.text(span);
    let at = if text.starts_with("::") && text.len() > 2 {
        0
    } else if (text.starts_with("'::") || text.starts_with("\"::")) && text.len() > 4 {
        1
    } else {
        return None;
    };
    // `':::foo'` is no name with `::` before it: dropping two colons leaves a leading one.
    if text.get(at + 2..).is_none_or(|rest| rest.starts_with(':')) {
        return None;
    }
    let start = span.start() + at;
    Some(Edit::delete(Span::new(start, start + 2)))
}
