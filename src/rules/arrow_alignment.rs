//! `arrow_alignment`: the `=>` of a multi-line group of attributes (a resource body, or a
//! hash or selector inside one) not aligned in one column, the one just after the longest
//! key (puppet-lint's `arrow_alignment`, with its rules for the expected column). With the
//! option `hashes`, groups outside resource bodies (hashes, selectors, resource defaults,
//! overrides and collector bodies) are checked too. The fix moves each arrow to its
//! column; an arrow that shares its line with an earlier arrow of the group moves with its
//! key onto a new line.

use super::style_a_util::{chars, is_ws, prev_code, resource_ranges};
use super::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, OptionKind, Rule, RuleMeta,
    RuleOption,
};
use crate::syntax::tokens::Token;
use crate::syntax::{LineIndex, Span};

pub struct ArrowAlignment;

static META: RuleMeta = RuleMeta {
    name: "arrow_alignment",
    level: Level::Warning,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: Some("arrow_alignment"),
    aliases: &[],
    since: "0.1.0",
    summary: "The `=>` arrows of a multi-line resource body (or hash, selector) are not aligned.",
    doc: include_str!("../../rules/arrow_alignment.md"),
    kinds: &[],
    options: &[RuleOption {
        name: "hashes",
        kind: OptionKind::Bool,
        default: "false",
        doc: "Also check hashes, selectors, resource defaults, overrides and collector bodies \
              outside resource bodies (puppet-lint checks only what is inside a resource body).",
    }],
};

impl Rule for ArrowAlignment {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_file(&self, cx: &mut Context<'_>) {
        let hashes = cx.option_bool("hashes").unwrap_or(false);
        let source = cx.source();
        let tokens = cx.tokens();
        let mut walk = Walk {
            source,
            li: cx.file.line_index,
            tokens,
            found: Vec::new(),
        };
        let ranges = resource_ranges(tokens);
        for r in &ranges {
            walk.run((r.colon..=r.end).collect(), true);
        }
        if hashes {
            // Everything outside resource bodies, keeping the `}` that closes a body's
            // resource so that braces stay balanced.
            let mut outside = Vec::new();
            let mut next_range = ranges.iter().peekable();
            let mut i = 0;
            while i < tokens.len() {
                if let Some(r) = next_range.peek() {
                    if i == r.colon {
                        if tokens.get(r.end).is_some_and(|t| t.kind == "}") {
                            outside.push(r.end);
                        }
                        i = r.end + 1;
                        next_range.next();
                        continue;
                    }
                }
                outside.push(i);
                i += 1;
            }
            walk.run(outside, false);
        }
        let found = std::mem::take(&mut walk.found);
        for f in found {
            let mut d = Diagnostic::new(
                f.span,
                format!(
                    "indentation of => is not properly aligned (expected in column {}, but found it in column {})",
                    f.expected, f.column
                ),
            );
            if let Some(fix) = f.fix {
                d = d.with_fix(fix);
            }
            cx.report(d);
        }
    }
}

struct Found {
    span: Span,
    expected: usize,
    column: usize,
    fix: Option<Fix>,
}

#[derive(Clone, Copy)]
struct Arrow {
    /// Index of the `=>` token.
    tok: usize,
    /// Index of the key's last token (puppet-lint's `prev_code_token`).
    param: usize,
    line: usize,
    column: usize,
}

#[derive(Default)]
struct Group {
    arrow_column: usize,
    arrows: Vec<Arrow>,
    param_column: Option<usize>,
}

struct Walk<'a> {
    source: &'a str,
    li: &'a LineIndex,
    tokens: &'a [Token],
    found: Vec<Found>,
}

impl Walk<'_> {
    fn text(&self, t: &Token) -> &str {
        self.source.get(t.span.start()..t.span.end()).unwrap_or("")
    }

    fn pos(&self, offset: usize) -> (usize, usize) {
        self.li.line_col(self.source, offset)
    }

    /// Runs puppet-lint's level walk over the token indexes `order` (comments are
    /// skipped). In a resource body (`resource`), the `;` that ends it closes the body.
    fn run(&mut self, order: Vec<usize>, resource: bool) {
        let tokens = self.tokens;
        let mut levels: Vec<Group> = vec![Group::default()];
        for i in order {
            let Some(t) = tokens.get(i) else { continue };
            match t.kind {
                "=>" => {
                    let Some(p) = prev_code(tokens, i) else {
                        continue;
                    };
                    let Some(pt) = tokens.get(p) else { continue };
                    let (line, column) = self.pos(t.span.start());
                    let (_, pcol) = self.pos(pt.span.start());
                    let plen = chars(self.text(pt));
                    let Some(g) = levels.last_mut() else { continue };
                    let first = *g.param_column.get_or_insert(pcol);
                    let this = if g.arrows.iter().any(|a| a.line == line) {
                        first + plen + 1
                    } else {
                        pcol + plen + 1
                    };
                    g.arrow_column = g.arrow_column.max(this);
                    g.arrows.push(Arrow {
                        tok: i,
                        param: p,
                        line,
                        column,
                    });
                }
                "{" => levels.push(Group::default()),
                "}" => {
                    if let Some(g) = levels.pop() {
                        self.close(&g);
                    }
                    if levels.is_empty() {
                        levels.push(Group::default());
                    }
                }
                ";" if resource && levels.len() == 1 => {
                    if let Some(g) = levels.pop() {
                        self.close(&g);
                    }
                    levels.push(Group::default());
                }
                _ => {}
            }
        }
    }

    fn close(&mut self, g: &Group) {
        let mut lines: Vec<usize> = g.arrows.iter().map(|a| a.line).collect();
        lines.dedup();
        if lines.len() < 2 {
            return;
        }
        for (k, a) in g.arrows.iter().enumerate() {
            if a.column == g.arrow_column {
                continue;
            }
            let newline = g
                .arrows
                .get(..k)
                .is_some_and(|before| before.iter().any(|b| b.line == a.line));
            let fix = if newline {
                g.param_column
                    .and_then(|pc| self.newline_fix(a, g.arrow_column, pc))
            } else {
                self.pad_fix(a, g.arrow_column)
            };
            let span = self.tokens.get(a.tok).map_or(Span::new(0, 0), |t| t.span);
            self.found.push(Found {
                span,
                expected: g.arrow_column,
                column: a.column,
                fix,
            });
        }
    }

    /// Pads (or narrows) the whitespace before the arrow on its line.
    fn pad_fix(&self, a: &Arrow, expected: usize) -> Option<Fix> {
        let arrow = self.tokens.get(a.tok)?;
        let gap_start = a
            .tok
            .checked_sub(1)
            .and_then(|p| self.tokens.get(p))
            .map_or(0, |t| t.span.end());
        let gap = self.source.get(gap_start..arrow.span.start())?;
        let (ws_start, min) = match gap.rfind('\n') {
            Some(nl) => (gap_start + nl + 1, 0),
            None => (gap_start, 1),
        };
        let ws = self.source.get(ws_start..arrow.span.start())?;
        if !ws.chars().all(is_ws) {
            return None;
        }
        let new_len = chars(ws) as i64 + expected as i64 - a.column as i64;
        if new_len < min {
            return None;
        }
        let new_len = usize::try_from(new_len).ok()?;
        Some(Fix::safe(vec![Edit::replace(
            Span::new(ws_start, arrow.span.start()),
            " ".repeat(new_len),
        )]))
    }

    /// Moves the key and its arrow onto a new line indented like the group's first key.
    fn newline_fix(&self, a: &Arrow, expected: usize, param_column: usize) -> Option<Fix> {
        let arrow = self.tokens.get(a.tok)?;
        let param = self.tokens.get(a.param)?;
        // Only a one-token key directly after a separator, with nothing but whitespace
        // around it, can be moved without touching the code.
        if a.param + 1 != a.tok || self.text(param).contains('\n') {
            return None;
        }
        let before = self.tokens.get(a.param.checked_sub(1)?)?;
        if !matches!(before.kind, "," | "{" | ";") {
            return None;
        }
        let gap1 = Span::new(before.span.end(), param.span.start());
        let gap2 = Span::new(param.span.end(), arrow.span.start());
        for g in [gap1, gap2] {
            if !self.source.get(g.start()..g.end())?.chars().all(is_ws) {
                return None;
            }
        }
        let indent = param_column.checked_sub(1)?;
        let ws = expected.checked_sub(indent + chars(self.text(param)) + 1)?;
        if ws < 1 {
            return None;
        }
        Some(Fix::safe(vec![
            Edit::replace(gap1, format!("\n{}", " ".repeat(indent))),
            Edit::replace(gap2, " ".repeat(ws)),
        ]))
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, registry, Level};

    fn run_with(src: &str, hashes: bool) -> (Vec<(usize, usize, String)>, String) {
        let f = crate::syntax::parse(src);
        assert!(!f.has_errors(), "{src}");
        let mut options = toml::Table::new();
        options.insert("hashes".into(), toml::Value::Boolean(hashes));
        let rules = RuleSet::new(vec![(
            registry::find("arrow_alignment").unwrap(),
            Level::Warning,
            options,
        )]);
        let d = check_file("t.pp", &f, &rules);
        let at = d
            .iter()
            .map(|d| {
                let (l, c) = f.line_index.line_col(src, d.span.start());
                (l, c, d.message.clone())
            })
            .collect();
        (at, fix::apply(src, &d, false).text)
    }

    fn run(src: &str) -> (Vec<(usize, usize, String)>, String) {
        run_with(src, false)
    }

    fn msg(expected: usize, found: usize) -> String {
        format!("indentation of => is not properly aligned (expected in column {expected}, but found it in column {found})")
    }

    #[test]
    fn misaligned_attributes() {
        let src =
            "file { '/tmp/a':\n  ensure => file,\n  mode   => '0644',\n  owner    => 'root',\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(4, 12, msg(10, 12))]);
        assert_eq!(
            fixed,
            "file { '/tmp/a':\n  ensure => file,\n  mode   => '0644',\n  owner  => 'root',\n}\n"
        );
    }

    #[test]
    fn aligned_too_far_right_and_single_line() {
        let (at, _) = run("file { 'a':\n  ensure  => file,\n  mode    => '0644',\n}\nfile { 'b': ensure => file, mode  => '0644' }\n");
        assert_eq!(at, vec![(2, 11, msg(10, 11)), (3, 11, msg(10, 11))]);
    }

    #[test]
    fn nested_hash_is_its_own_group_and_arrows_sharing_a_line_move() {
        let src =
            "foo { 'a':\n  opts => { 'k' => 1, 'long' => 2,\n    'x' => 3 },\n  b    => 1,\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(
            at,
            vec![
                (2, 17, msg(20, 17)),
                (2, 30, msg(20, 30)),
                (3, 9, msg(20, 9))
            ]
        );
        assert_eq!(
            fixed,
            "foo { 'a':\n  opts => { 'k'    => 1,\n            'long' => 2,\n    'x'            => 3 },\n  b    => 1,\n}\n"
        );
    }

    #[test]
    fn hashes_outside_resources_only_with_the_option() {
        let src = "$h = {\n  'a' => 1,\n  'bbb' => 2,\n}\n";
        assert_eq!(run(src).0, vec![]);
        let (at, fixed) = run_with(src, true);
        assert_eq!(at, vec![(2, 7, msg(9, 7))]);
        assert_eq!(fixed, "$h = {\n  'a'   => 1,\n  'bbb' => 2,\n}\n");
    }

    #[test]
    fn several_bodies_and_defaults() {
        let src = "file {\n  'a':\n    ensure => file,\n    mode => '0644';\n  'b':\n    ensure => file;\n}\nFile {\n  owner => 'root',\n  mode => '0644',\n}\n";
        let (at, _) = run(src);
        assert_eq!(at, vec![(4, 10, msg(12, 10))]);
        let (at, _) = run_with(src, true);
        assert_eq!(at, vec![(4, 10, msg(12, 10)), (10, 8, msg(9, 8))]);
    }

    #[test]
    fn multi_token_keys_sharing_a_line_have_no_fix() {
        let src = "foo { 'a':\n  h => { $a['x'] => 1, $b['y'] => 2,\n    'z' => 3 },\n}\n";
        let f = crate::syntax::parse(src);
        let d = check_file(
            "t.pp",
            &f,
            &RuleSet::only("arrow_alignment", Level::Warning),
        );
        let fixes: Vec<bool> = d.iter().map(|d| d.fix.is_some()).collect();
        // `$b['y']` shares its line with `$a['x']`: moving it would need more than one token.
        assert_eq!(fixes, vec![false, true]);
    }

    #[test]
    fn splat_counts_as_a_key() {
        let (at, fixed) = run("file { 'a':\n  * => $h,\n  ensure => file,\n}\n");
        assert_eq!(at, vec![(2, 5, msg(10, 5))]);
        assert_eq!(
            fixed,
            "file { 'a':\n  *      => $h,\n  ensure => file,\n}\n"
        );
    }
}
