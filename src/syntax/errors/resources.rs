//! Hints for resource expressions: a title without its `:`, a resource type without the
//! `{` before its title, attributes without a `,` between them.

use tree_sitter::Node;

use super::context::Ctx;
use super::leaves::Leaf;

impl<'s, 't> Ctx<'s, 't> {
    /// Does `token` follow a `name => value` in its list (a `=>` or `+>` after the last
    /// `{`, `;` or `,` at the same bracket depth)?
    pub(super) fn follows_attribute(&self, token: Node) -> bool {
        let mut depth = 0usize;
        let mut n = token;
        for _ in 0..500 {
            let Some(prev) = self.nav.previous_leaf(n) else {
                return false;
            };
            n = prev;
            match self.node_text(prev) {
                ")" | "]" | "}" => depth += 1,
                "(" | "[" | "${" if depth > 0 => depth -= 1,
                "{" if depth > 0 => depth -= 1,
                "{" | "(" | "[" | ";" | "," | ":" if depth == 0 => return false,
                "=>" | "+>" if depth == 0 => return true,
                _ => {}
            }
        }
        false
    }

    /// For a `:` token: if it follows `TYPE TITLE` (a resource type name and a string or
    /// variable title, with no `{` between), the start of the title.
    pub(super) fn title_without_brace(&self, colon: Node) -> Option<usize> {
        let mut title = self.nav.previous_leaf(colon)?;
        if title.kind() == "\"" {
            title = self.nav.parent(title)?;
        }
        if !matches!(
            title.kind(),
            "single_quoted_string" | "double_quoted_string" | "variable"
        ) {
            return None;
        }
        let type_name = self.nav.previous_leaf(title)?;
        matches!(type_name.kind(), "name" | "type_reference").then(|| title.start_byte())
    }

    /// Is `leaves[i]` just after `NAME { TITLE` (a resource title without its `:`)?
    pub(super) fn after_resource_title(&self, leaves: &[Leaf], i: usize) -> bool {
        let Some(title_end) = i.checked_sub(1) else {
            return false;
        };
        // Walk back over the title's tokens to the `{` that opens the resource.
        let mut depth = 0usize;
        let mut j = title_end;
        loop {
            let Some(l) = leaves.get(j) else {
                return false;
            };
            if !l.in_atomic {
                match self.text(l.start, l.end) {
                    ")" | "]" | "}" => depth += 1,
                    "(" | "[" | "${" => depth = depth.saturating_sub(1),
                    "{" if depth == 0 => {
                        if j == title_end {
                            return false;
                        }
                        let before = j.checked_sub(1).and_then(|k| leaves.get(k));
                        return before.is_some_and(|b| {
                            matches!(b.node.kind(), "name" | "type_reference" | "class")
                                || self.text(b.start, b.end) == "]"
                        });
                    }
                    "{" => depth = depth.saturating_sub(1),
                    ";" | "=>" | ":" if depth == 0 => return false,
                    _ => {}
                }
            }
            match j.checked_sub(1) {
                Some(k) => j = k,
                None => return false,
            }
        }
    }
}
