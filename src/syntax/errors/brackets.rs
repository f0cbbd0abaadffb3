//! Brackets in broken code: which opener a closer pairs with, what an opening bracket
//! opens (the class body, an argument list, ...), and the innermost one left unclosed.

use tree_sitter::Node;

use super::context::Ctx;
use super::leaves::Leaf;
use super::nav::Nav;

impl<'s, 't> Ctx<'s, 't> {
    /// A name for a `{` from the keyword that starts its construct (`class foo {` → class
    /// body), when the tree around it is broken.
    pub(super) fn keyword_context(&self, leaves: &[Leaf], opener: Leaf) -> Option<String> {
        if self.text(opener.start, opener.end) != "{" {
            return None;
        }
        let before = leaves.iter().take_while(|l| l.start < opener.start);
        let mut last_keyword = None;
        for leaf in before {
            let t = self.text(leaf.start, leaf.end);
            match t {
                "{" | "}" | ";" => last_keyword = None,
                "class" | "define" | "node" | "function" | "plan" | "if" | "elsif" | "else"
                | "unless" | "case" => last_keyword = Some(t),
                _ => {}
            }
        }
        let name = match last_keyword? {
            "class" => "class body",
            "define" => "define body",
            "node" => "node body",
            "function" => "function body",
            "plan" => "plan body",
            "if" => "`if` body",
            "elsif" => "`elsif` body",
            "else" => "`else` body",
            "unless" => "`unless` body",
            "case" => "`case` body",
            _ => return None,
        };
        Some(name.to_string())
    }
}

/// The opening bracket a closing token pairs with.
pub(super) fn opener_of(close: &str) -> Option<&'static str> {
    Some(match close {
        "}" => "{",
        "]" => "[",
        ")" => "(",
        "|>" => "<|",
        "|>>" => "<<|",
        _ => return None,
    })
}

pub(super) fn closer_of(open: &str) -> Option<&'static str> {
    Some(match open {
        "{" | "${" => "}",
        "[" => "]",
        "(" | "@(" => ")",
        "<|" => "|>",
        "<<|" => "|>>",
        _ => return None,
    })
}

/// The last child of `parent` before `offset` that is the opening token `open` (`{` also
/// matches `${`).
pub(super) fn find_opener_before<'t>(
    parent: Node<'t>,
    offset: usize,
    open: &str,
) -> Option<Node<'t>> {
    let mut found = None;
    let mut cursor = parent.walk();
    for child in parent.children(&mut cursor) {
        if child.start_byte() >= offset && child.end_byte() > offset {
            break;
        }
        let kind = child.kind();
        if !child.is_named() && (kind == open || (open == "{" && kind == "${")) {
            found = Some(child);
        }
    }
    found
}

/// What an opening bracket opens, from the node it belongs to.
pub(super) fn container_name<'t>(nav: &Nav<'t>, opener: Node<'t>) -> Option<String> {
    let parent = nav.parent(opener)?;
    let name = match parent.kind() {
        "block" => match nav.parent(parent).map(|g| g.kind()).unwrap_or("") {
            "class_definition" => "class body",
            "define_definition" => "define body",
            "node_definition" => "node body",
            "function_definition" => "function body",
            "plan_definition" => "plan body",
            "type_definition" => "type definition body",
            "if_expression" => "`if` body",
            "elsif_clause" => "`elsif` body",
            "else_clause" => "`else` body",
            "unless_expression" => "`unless` body",
            "case_option" => "case option body",
            "lambda" => "lambda body",
            _ => "block",
        },
        "hash" => "hash",
        "case_expression" => "`case` body",
        "selector_expression" => "selector",
        "resource_expression" | "resource_body" | "attribute_block" => "resource body",
        "collect_expression" => "collector attribute list",
        "array" => "array",
        "access_expression" => "access `[`",
        "argument_list" => "argument list",
        "parameter_list" => "parameter list",
        "parenthesized_expression" => "parenthesis",
        "interpolation" => "interpolation `${`",
        "virtual_query" | "exported_query" => "collector query",
        "heredoc" => "heredoc opening `@(`",
        _ => return None,
    };
    Some(name.to_string())
}

/// The innermost opening bracket among `leaves` that no later leaf closes, with the
/// closing token it needs.
pub(super) fn innermost_unclosed<'t>(leaves: &[Leaf<'t>]) -> Option<(Leaf<'t>, &'static str)> {
    let mut stack: Vec<(Leaf<'t>, &'static str)> = Vec::new();
    for leaf in leaves {
        if leaf.node.is_named() || leaf.node.is_missing() || leaf.in_atomic {
            continue;
        }
        let kind = leaf.node.kind();
        if let Some(close) = closer_of(kind) {
            stack.push((*leaf, close));
        } else if opener_of(kind).is_some() {
            if let Some(pos) = stack.iter().rposition(|(_, c)| *c == kind) {
                stack.truncate(pos);
            }
        }
    }
    stack.pop()
}
