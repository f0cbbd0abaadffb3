//! Completion at a position of a manifest, from the text before it (which, while typing,
//! rarely parses): inside a resource body, the type's attribute names (a core type's from
//! the schema with their valid values, a module's custom type's, a class's or defined
//! type's parameters with their types and defaults) and after `attribute => ` the
//! attribute's valid values; after `$facts['`, the core fact names.

use crate::eval::loader::ModulePath;
use crate::eval::schema::core_types;
use crate::rules::facter::CORE_FACTS;
use crate::syntax::Program;

use super::navigation::definition_params;

/// What is being typed.
#[derive(Debug, PartialEq, Eq)]
pub enum Context {
    /// An attribute name of a resource of `type_name` (for `class { 'x': }`, `type_name` is
    /// `class` and `title` the class).
    Attribute {
        type_name: String,
        title: String,
        prefix: String,
    },
    /// The value of `attr` of a resource of `type_name`.
    Value {
        type_name: String,
        attr: String,
        prefix: String,
    },
    /// A key of `$facts[...]`.
    Fact { prefix: String },
}

/// One proposal.
#[derive(Debug, PartialEq, Eq)]
pub struct Item {
    pub label: String,
    pub kind: ItemKind,
    pub detail: Option<String>,
    /// Text to insert instead of `label`.
    pub insert: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    Attribute,
    Parameter,
    Value,
    Fact,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Words before `{` that open a block which is not a resource body.
const NOT_RESOURCES: &[&str] = &["if", "elsif", "else", "unless", "case", "default", "node"];

/// The context at byte `offset` of `text`.
pub fn context(text: &str, offset: usize) -> Option<Context> {
    let before = text.get(..offset)?;
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    if let Some(i) = line.rfind("$facts[") {
        let rest = &line[i + "$facts[".len()..];
        let prefix = rest.strip_prefix(['\'', '"']).unwrap_or(rest);
        if prefix.chars().all(is_name_char) {
            return Some(Context::Fact {
                prefix: prefix.to_string(),
            });
        }
    }
    // The innermost `{` still open.
    let mut depth = 0usize;
    let mut open = None;
    for (i, c) in before.char_indices().rev() {
        match c {
            '}' => depth += 1,
            '{' if depth == 0 => {
                open = Some(i);
                break;
            }
            '{' => depth -= 1,
            _ => {}
        }
    }
    let open = open?;
    let head = before[..open].trim_end();
    let type_start = head
        .rfind(|c: char| !(is_name_char(c) || c == ':'))
        .map_or(0, |i| i + 1);
    let type_name = head[type_start..]
        .trim_start_matches("::")
        .to_ascii_lowercase();
    let preceding = head[..type_start].trim_end();
    let keyword_before = preceding
        .rsplit(|c: char| !is_name_char(c))
        .next()
        .unwrap_or("");
    if type_name.is_empty()
        || head[..type_start].ends_with('$')
        || NOT_RESOURCES.contains(&type_name.as_str())
        || matches!(keyword_before, "class" | "define" | "node")
    {
        return None;
    }
    // The title ends at the first `:` that is not part of `::`.
    let body = &before[open + 1..];
    let colon = title_colon(body)?;
    let title = body[..colon]
        .trim()
        .trim_matches(['\'', '"'])
        .trim_start_matches("::")
        .to_ascii_lowercase();
    let item_start = body
        .rfind([',', ';'])
        .map_or(colon + 1, |i| i.max(colon) + 1);
    let item = body[item_start..].trim_start();
    if let Some((attr, value)) = item.split_once("=>") {
        let prefix = value.trim_start().trim_start_matches(['\'', '"']);
        return prefix.chars().all(is_name_char).then(|| Context::Value {
            type_name,
            attr: attr.trim().to_string(),
            prefix: prefix.to_string(),
        });
    }
    item.chars().all(is_name_char).then(|| Context::Attribute {
        type_name,
        title,
        prefix: item.to_string(),
    })
}

fn title_colon(body: &str) -> Option<usize> {
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b':' {
            if b.get(i + 1) == Some(&b':') {
                i += 2;
                continue;
            }
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The proposals for `ctx`, with the document's `program` and `text`.
pub fn items(ctx: &Context, mp: &ModulePath, program: &Program, text: &str) -> Vec<Item> {
    let core = core_types();
    let mut out = Vec::new();
    match ctx {
        Context::Fact { prefix } => {
            let mut facts: Vec<&str> = CORE_FACTS.to_vec();
            facts.sort_unstable();
            facts.dedup();
            for f in facts.into_iter().filter(|f| f.starts_with(prefix.as_str())) {
                out.push(Item {
                    label: f.to_string(),
                    kind: ItemKind::Fact,
                    detail: Some("core fact".into()),
                    insert: None,
                });
            }
        }
        Context::Value {
            type_name,
            attr,
            prefix,
        } => {
            let values = core.get(type_name).and_then(|s| s.values.get(attr));
            for v in values.into_iter().flatten() {
                // A pattern (`/./`) is not a value to insert.
                if v.starts_with(prefix.as_str()) && !v.starts_with('/') {
                    out.push(Item {
                        label: v.clone(),
                        kind: ItemKind::Value,
                        detail: Some(format!("{type_name}.{attr}")),
                        insert: None,
                    });
                }
            }
        }
        Context::Attribute {
            type_name,
            title,
            prefix,
        } => {
            let attr = |name: &str, detail: Option<String>, kind| Item {
                label: name.to_string(),
                kind,
                detail,
                insert: Some(format!("{name} => ")),
            };
            if let Some(schema) = core.get(type_name) {
                for a in &schema.attributes {
                    let detail = schema
                        .values
                        .get(a)
                        .map(|v| format!("valid values: {}", v.join(", ")));
                    out.push(attr(a, detail, ItemKind::Attribute));
                }
            } else if let Some(ct) = mp.custom_type(type_name) {
                for a in &ct.attributes {
                    out.push(attr(
                        a,
                        Some(format!("{type_name} (custom type)")),
                        ItemKind::Attribute,
                    ));
                }
            } else {
                let (name, class) = if type_name == "class" {
                    (title.as_str(), true)
                } else {
                    (type_name.as_str(), false)
                };
                if let Some((params, src)) = definition_params(name, mp, program, text, class) {
                    for p in &params {
                        let slice = |e: &crate::syntax::Expr| {
                            src.get(e.span.start()..e.span.end())
                                .unwrap_or("")
                                .trim()
                                .to_string()
                        };
                        let mut detail = p.type_expr.as_ref().map(slice).unwrap_or_default();
                        match &p.default {
                            Some(d) => detail.push_str(&format!(" = {}", slice(d))),
                            None => detail.push_str(" (required)"),
                        }
                        out.push(attr(
                            &p.name.name,
                            Some(detail.trim().to_string()),
                            ItemKind::Parameter,
                        ));
                    }
                }
            }
            if type_name != "class" || !out.is_empty() {
                for m in &core.metaparameters {
                    out.push(attr(m, Some("metaparameter".into()), ItemKind::Attribute));
                }
            }
            out.retain(|i| i.label.starts_with(prefix.as_str()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(src: &str) -> Option<Context> {
        let at = src.find('|').unwrap();
        let text = src.replace('|', "");
        context(&text, at)
    }

    #[test]
    fn contexts_from_the_text_before_the_cursor() {
        let attr = |t: &str, title: &str, p: &str| {
            Some(Context::Attribute {
                type_name: t.into(),
                title: title.into(),
                prefix: p.into(),
            })
        };
        assert_eq!(ctx("file { '/a':\n  en|\n}"), attr("file", "/a", "en"));
        assert_eq!(
            ctx("file { '/a':\n  ensure => file,\n  |"),
            attr("file", "/a", "")
        );
        assert_eq!(ctx("class { '::a::b': p|"), attr("class", "a::b", "p"));
        assert_eq!(
            ctx("file { '/a': ensure => fi|"),
            Some(Context::Value {
                type_name: "file".into(),
                attr: "ensure".into(),
                prefix: "fi".into()
            })
        );
        assert_eq!(
            ctx("$x = $facts['os|"),
            Some(Context::Fact {
                prefix: "os".into()
            })
        );
        assert_eq!(ctx("class a {\n  |"), None);
        assert_eq!(ctx("if $x {\n  |"), None);
        assert_eq!(ctx("file { '/a': ensure => $x ? { 'a' => 1, |"), None);
    }
}
