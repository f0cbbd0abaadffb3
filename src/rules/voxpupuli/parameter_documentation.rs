//! `parameter_documentation` (plugin puppet-lint-param-docs): a class or defined-type
//! parameter without documentation in the comment above the definition, a parameter
//! documented twice, documentation of a parameter that does not exist, and documentation in
//! a style that is not allowed.

use super::class_parameters::class_or_define;
use crate::rules::{
    Category, Context, Diagnostic, FixKind, Level, NodeKind, OptionKind, Plugin, Rule, RuleMeta,
    RuleOption,
};
use crate::syntax::{Expr, Span};

pub struct ParameterDocumentation;

static META: RuleMeta = RuleMeta {
    name: "parameter_documentation",
    level: Level::Off,
    category: Category::Style,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: Some(Plugin {
        gem: "puppet-lint-param-docs",
        level: Level::Warning,
    }),
    aliases: &[],
    since: "0.2.0",
    summary: "A class or defined-type parameter that is not documented (or documented twice, or documented but missing).",
    doc: include_str!("../../../rules/parameter_documentation.md"),
    kinds: &[NodeKind::Class, NodeKind::Define],
    options: &[RuleOption {
        name: "docs_allowed_styles",
        kind: OptionKind::StringList,
        default: "[\"doc\", \"kafo\", \"strings\"]",
        doc: "The accepted documentation styles: `strings` (`@param name`), `doc` (`[*name*]`) and `kafo` (`$name:: text`).",
    }],
};

/// One parameter documentation line.
struct DocLine {
    style: &'static str,
    /// The parameter's name (`name/title` for a define's `name` or `title`).
    name: String,
    /// Where the finding goes: from after `#`, the blanks and `@param ` to the end of
    /// the comment.
    at: Span,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The name at the start of `s` (`[a-zA-Z0-9_]+`) when it is followed by the end or by
/// at least one space, as `strings` and `kafo` require.
fn leading_name(s: &str) -> Option<(&str, &str)> {
    let end = s.find(|c: char| !is_name_char(c)).unwrap_or(s.len());
    if end == 0 {
        return None;
    }
    Some((&s[..end], &s[end..]))
}

/// The style and parameter name documented by the comment text `body` (after `#`), with
/// the offset in `body` where the documented part starts.
fn detect(body: &str) -> Option<(&'static str, &str, usize)> {
    let trimmed = body.trim_start();
    let lead = body.len() - trimmed.len();
    if let Some(rest) = trimmed.strip_prefix("[*") {
        let (name, after) = leading_name(rest)?;
        if after.starts_with("*]") {
            return Some(("doc", name, lead));
        }
        return None;
    }
    if let Some(rest) = trimmed.strip_prefix('$') {
        let (name, after) = leading_name(rest)?;
        let after = after.strip_prefix("::")?;
        if after.starts_with(' ') {
            return Some(("kafo", name, lead));
        }
        return None;
    }
    let rest = trimmed.strip_prefix("@param ")?;
    let at = lead + "@param".len() + (rest.len() + 1 - rest.trim_start().len());
    let name_ok = |s: &str| {
        leading_name(s)
            .is_some_and(|(_, after)| after.is_empty() || after == "\r" || after.starts_with(' '))
    };
    // `@param [Type] name`: the type may contain `] ` itself, take the longest.
    if rest.starts_with('[') {
        let mut end = rest.len();
        while let Some(i) = rest[..end].rfind("] ") {
            if i > 1 {
                let after = &rest[i + 2..];
                if name_ok(after) {
                    let (name, _) = leading_name(after)?;
                    return Some(("strings", name, at));
                }
            }
            end = i;
        }
    }
    if name_ok(rest) {
        let (name, _) = leading_name(rest)?;
        return Some(("strings", name, at));
    }
    None
}

/// The `#` comments directly above `keyword` (no code between), in source order.
fn doc_comments(cx: &Context<'_>, keyword: usize) -> Vec<Span> {
    let tokens = cx.tokens();
    let mut i = tokens.partition_point(|t| t.span.start() < keyword);
    let mut out = Vec::new();
    while let Some(t) = i.checked_sub(1).and_then(|p| tokens.get(p)) {
        if t.kind() != "comment" {
            break;
        }
        if cx.text(t.span).starts_with('#') {
            out.push(t.span);
        }
        i -= 1;
    }
    out.reverse();
    out
}

fn is_api_private(body: &str) -> bool {
    let t = body.trim();
    t.strip_prefix("@api")
        .is_some_and(|r| r.starts_with([' ', '\t']) && r.trim() == "private")
}

impl Rule for ParameterDocumentation {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_expr(&self, expr: &Expr, cx: &mut Context<'_>) {
        let Some((def, name)) = class_or_define(expr, cx) else {
            return;
        };
        let what = def.what();
        let mut lines: Vec<DocLine> = Vec::new();
        let mut private = false;
        for span in doc_comments(cx, def.keyword) {
            let text = cx.text(span);
            let body = text.get(1..).unwrap_or("");
            if is_api_private(body) {
                private = true;
                continue;
            }
            if let Some((style, pname, at)) = detect(body) {
                let pname = if !def.is_class && (pname == "name" || pname == "title") {
                    "name/title".to_string()
                } else {
                    pname.to_string()
                };
                lines.push(DocLine {
                    style,
                    name: pname,
                    at: Span::new(span.start() + 1 + at, span.end()),
                });
            }
        }
        let mut found = Vec::new();
        // Documented twice: every line of that parameter.
        for l in &lines {
            if lines.iter().filter(|o| o.name == l.name).count() > 1 {
                found.push((
                    l.at,
                    format!(
                        "Duplicate {what} parameter documentation for {name}::{}",
                        l.name
                    ),
                ));
            }
        }
        // Documented but not a parameter (reported once, on the line nearest the definition).
        for (i, l) in lines.iter().enumerate() {
            let last = lines.iter().rposition(|o| o.name == l.name) == Some(i);
            if last && l.name != "name/title" && !def.params.iter().any(|p| p.name.name == l.name) {
                found.push((
                    l.at,
                    format!(
                        "No matching {what} parameter for documentation of {name}::{}",
                        l.name
                    ),
                ));
            }
        }
        found.sort_by_key(|f| f.0.start());
        for (at, message) in found {
            cx.report(Diagnostic::new(at, message));
        }
        if private {
            return;
        }
        let allowed = cx.option_list("docs_allowed_styles");
        for p in def.params {
            let doc = lines.iter().rev().find(|l| l.name == p.name.name);
            match doc {
                None => cx.report(
                    Diagnostic::new(
                        p.name.span,
                        format!(
                            "missing documentation for {what} parameter {name}::{}",
                            p.name.name
                        ),
                    )
                    .with_help(format!(
                        "add `# @param {}` and a description to the comment above the {what}",
                        p.name.name
                    )),
                ),
                Some(l) if !allowed.iter().any(|a| a == l.style) => cx.report(Diagnostic::new(
                    p.name.span,
                    format!(
                        "invalid documentation style for {what} parameter {name}::{} ({})",
                        p.name.name, l.style
                    ),
                )),
                Some(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::testing::findings;
    use crate::rules::Level;

    const NAME: &str = "parameter_documentation";

    #[test]
    fn missing_documentation() {
        let src = "# @summary A\n#\n# @param x The x.\n# @param [Optional[String]] y The y.\n# @param [Hash[String, Array[String]] ] z The z.\nclass a (\n  $x,\n  $y,\n  $z,\n  $w = 1,\n) {}\n";
        assert_eq!(
            findings(NAME, src),
            vec!["10:3 missing documentation for class parameter a::w"]
        );
    }

    #[test]
    fn doc_and_kafo_styles() {
        let src = "# === Parameters:\n#\n# [*x*] The x.\n# $y:: The y.\n# $z::The z is not kafo style.\ndefine a::b ($x, $y, $z) {}\n";
        assert_eq!(
            findings(NAME, src),
            vec!["6:22 missing documentation for defined type parameter a::b::z"]
        );
    }

    #[test]
    fn duplicates_and_unknown() {
        let src = "# @param x The x.\n# @param x Again.\n# @param gone Not a parameter.\n# @param name The title.\ndefine a ($x) {}\n";
        assert_eq!(
            findings(NAME, src),
            vec![
                "1:10 Duplicate defined type parameter documentation for a::x",
                "2:10 Duplicate defined type parameter documentation for a::x",
                "3:10 No matching defined type parameter for documentation of a::gone",
            ]
        );
    }

    #[test]
    fn crlf_line_ends() {
        let src = "# @param x\r\n# @param y The y.\r\nclass a ($x, $y) {}\r\n";
        assert!(findings(NAME, src).is_empty());
    }

    #[test]
    fn name_and_title_of_a_define() {
        let src = "# @param title The title.\n# @param name The name.\ndefine a ($x) {}\n# @param name Not a parameter.\nclass b {}\n";
        assert_eq!(
            findings(NAME, src),
            vec![
                "1:10 Duplicate defined type parameter documentation for a::name/title",
                "2:10 Duplicate defined type parameter documentation for a::name/title",
                "3:11 missing documentation for defined type parameter a::x",
                "4:10 No matching class parameter for documentation of b::name",
            ]
        );
    }

    #[test]
    fn private_and_only_the_block_above() {
        let src = "# @param x The x.\n$v = 1\n# @api private\nclass a ($x) {}\n# The b.\nclass b ($x) {}\nclass c {}\n";
        assert_eq!(
            findings(NAME, src),
            vec!["6:10 missing documentation for class parameter b::x"]
        );
    }

    #[test]
    fn allowed_styles_option() {
        let src = "# [*x*] The x.\n# @param y The y.\nclass a ($x, $y) {}\n";
        let parsed = crate::syntax::parse(src);
        let mut opts = toml::Table::new();
        opts.insert(
            "docs_allowed_styles".into(),
            toml::Value::Array(vec![toml::Value::String("strings".into())]),
        );
        let rule = crate::rules::registry::find(NAME).unwrap();
        let d = check_file(
            "x.pp",
            &parsed,
            &RuleSet::new(vec![(rule, Level::Warning, opts)]),
        );
        let messages: Vec<_> = d.iter().map(|d| &*d.message).collect();
        assert_eq!(
            messages,
            vec!["invalid documentation style for class parameter a::x (doc)"]
        );
    }
}
