//! A YAML value of Hiera data written as the Puppet literal of the value Hiera gives a
//! parameter (Psych's reading: `yes` is `true`, `0755` is 493, `~` is `undef`), for the
//! evaluator to check against the parameter's type. Values rein cannot know exactly give
//! `None`: interpolations, aliases, tags other than `!!str`, infinities.

use crate::rules::quoting::single_quoted;
use crate::syntax::yaml::{Node, NodeKind, Plain};

/// The Puppet literal of `node`'s value, if rein knows it.
pub fn puppet_literal(node: &Node) -> Option<String> {
    match &node.kind {
        NodeKind::Scalar(s) => {
            if s.value.contains("%{") {
                return None;
            }
            match node.tag.as_deref() {
                None => {}
                Some("!!str") => return Some(single_quoted(&s.value)),
                Some(_) => return None,
            }
            Some(match s.resolve() {
                Plain::Null => "undef".to_string(),
                Plain::Bool(b) => b.to_string(),
                Plain::Int(i) => i.to_string(),
                Plain::Float(f) if f.is_finite() => {
                    let t = format!("{f:?}");
                    if t.contains(['.', 'e']) {
                        t
                    } else {
                        format!("{t}.0")
                    }
                }
                Plain::Float(_) => return None,
                Plain::Str => single_quoted(&s.value),
            })
        }
        NodeKind::Seq(items) if node.tag.is_none() => {
            let parts: Option<Vec<String>> = items.iter().map(puppet_literal).collect();
            Some(format!("[{}]", parts?.join(", ")))
        }
        NodeKind::Map(entries) if node.tag.is_none() => {
            let parts: Option<Vec<String>> = entries
                .iter()
                .map(|e| {
                    Some(format!(
                        "{} => {}",
                        puppet_literal(&e.key)?,
                        puppet_literal(&e.value)?
                    ))
                })
                .collect();
            Some(format!("{{{}}}", parts?.join(", ")))
        }
        _ => None,
    }
}
