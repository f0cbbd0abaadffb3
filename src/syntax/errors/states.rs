//! Replaying tree-sitter's parse states over an error region to find the first token the
//! parser could not take, and asking a state which tokens it would take.

use tree_sitter::Node;

use super::leaves::Leaf;
use super::nav::Nav;

/// Where the parser got stuck in an error region.
pub(super) enum Rejected<'t> {
    /// `leaves[i]` was not acceptable in the state (the state is given).
    Inside(usize, u16),
    /// Every leaf was acceptable, but the token after the region (None: the end of the
    /// input) was not acceptable in the state after the last leaf.
    After(Option<Node<'t>>, u16),
}

/// Finds the first token the parser could not accept, replaying the parse states
/// tree-sitter records on each leaf: starting from the state after the token before the
/// region, each leaf must be a valid lookahead in the state after the previous one.
pub(super) fn first_rejected<'t>(
    nav: &Nav<'t>,
    region: Node<'t>,
    leaves: &[Leaf<'t>],
) -> Option<Rejected<'t>> {
    let mut state: Option<u16> = nav.previous_leaf(region).map(|p| p.next_parse_state());
    let mut last: Option<Node> = None;
    for (i, leaf) in leaves.iter().enumerate() {
        let n = leaf.node;
        if n.is_missing() || leaf.in_atomic {
            continue;
        }
        if n.is_error() {
            // Characters the parser skipped: this is where it stumbled.
            let here = state.unwrap_or(0);
            return Some(Rejected::Inside(i, here));
        }
        // A token whose action was a reduction has no recorded next state: the next
        // token's own state (where it was shifted, after the reductions) is used.
        let here = match state {
            Some(s) if s != 0 && s != u16::MAX => s,
            _ => n.parse_state(),
        };
        if here == 0 || here == u16::MAX {
            return None;
        }
        if !accepts(n, here, n.grammar_id()) {
            return Some(Rejected::Inside(i, here));
        }
        state = Some(n.next_parse_state());
        last = Some(n);
    }
    let last = last?;
    let here = state?;
    if here == 0 || here == u16::MAX {
        return None;
    }
    let next = nav.next_leaf(region);
    let symbol = next.map(|n| n.grammar_id()).unwrap_or(0);
    if accepts(last, here, symbol) {
        return None;
    }
    Some(Rejected::After(next, here))
}

/// Does `state` accept the anonymous token spelled `token`?
pub(super) fn accepts_token(node: Node, state: u16, token: &str) -> bool {
    let id = node.language().id_for_node_kind(token, false);
    id != 0 && accepts(node, state, id)
}

/// Does `state` accept the start of an expression (a variable)?
pub(super) fn expects_expression(node: Node, state: u16) -> bool {
    let language = node.language();
    let variable = language.id_for_node_kind("variable", true);
    variable != 0 && accepts(node, state, variable)
}

/// Can the parser take the symbol `symbol` in `state`? Symbols are compared by name as
/// well, because a grammar may have several tokens spelled alike.
pub(super) fn accepts(node: Node, state: u16, symbol: u16) -> bool {
    let language = node.language();
    let name = language.node_kind_for_id(symbol);
    let named = language.node_kind_is_named(symbol);
    match language.lookahead_iterator(state) {
        Some(mut it) => it.any(|s| {
            s == symbol
                || (name.is_some()
                    && language.node_kind_for_id(s) == name
                    && language.node_kind_is_named(s) == named)
        }),
        None => true,
    }
}

/// The tokens the parser would take in `state`, when they are all plain tokens (a list of
/// expression starts is not worth printing). Comments are left out.
pub(super) fn expected_tokens(node: Node, state: u16) -> Vec<String> {
    let language = node.language();
    let Some(it) = language.lookahead_iterator(state) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for symbol in it {
        let Some(name) = language.node_kind_for_id(symbol) else {
            continue;
        };
        if symbol == 0 || name == "comment" || !language.node_kind_is_visible(symbol) {
            continue;
        }
        if language.node_kind_is_named(symbol) {
            return Vec::new();
        }
        if !out.iter().any(|o| o == name) {
            out.push(name.to_string());
        }
    }
    out
}
