//! `arrow_alignment`: the `=>` of a multi-line group of attributes (a resource body, or a
//! hash or selector inside one) not aligned in one column, the one just after the longest
//! key (puppet-lint's `arrow_alignment`, with its rules for the expected column). With the
//! option `hashes`, groups outside resource bodies (hashes, selectors, resource defaults,
//! overrides and collector bodies) are checked too. The fix moves each arrow to its
//! column; an arrow that shares its line with an earlier arrow of the group moves with its
//! key onto a new line.

use crate::rules::lint_tokens::{chars, is_comment, is_ws, resource_ranges};
use crate::rules::{
    Category, Context, Diagnostic, Edit, Fix, FixKind, Level, OptionKind, Rule, RuleMeta,
    RuleOption,
};
use crate::syntax::tokens::Token;
use crate::syntax::{LineIndex, Span};
use std::collections::BTreeMap;

pub struct ArrowAlignment;

static META: RuleMeta = RuleMeta {
    name: "arrow_alignment",
    level: Level::Warning,
    category: Category::Layout,
    fix: FixKind::Safe,
    puppet_lint: Some("arrow_alignment"),
    plugin: None,
    aliases: &[],
    since: "0.1.0",
    summary: "The `=>` arrows of a multi-line resource body (or hash, selector) are not aligned.",
    doc: include_str!("../../../rules/arrow_alignment.md"),
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
        let layout = Layout {
            source: cx.source(),
            tokens: cx.tokens(),
            lines: cx.file.line_index,
            changed: BTreeMap::new(),
        };
        let first = find(&layout, hashes);
        if first.is_empty() {
            return;
        }
        // Fixing one group can move the keys of another on the same line (a hash that
        // starts on the line of an outer arrow): redo the walk on the fixed layout until
        // nothing moves, so that the fixes of one run leave every group aligned.
        // Only the changed gaps are held (a big file has a gap per token), with where
        // each is in the source.
        let mut current: BTreeMap<usize, String> = BTreeMap::new();
        let mut spans: BTreeMap<usize, Span> = BTreeMap::new();
        let mut owner: BTreeMap<usize, usize> = BTreeMap::new();
        for (k, f) in first.iter().enumerate() {
            for (g, span, text) in f.edits.iter().flatten() {
                current.insert(*g, text.clone());
                spans.insert(*g, *span);
                owner.insert(*g, k);
            }
        }
        for _ in 0..4 {
            let relaid = Layout {
                changed: current.clone(),
                ..layout.clone()
            };
            let mut changed = false;
            for f in find(&relaid, hashes) {
                for (g, span, text) in f.edits.into_iter().flatten() {
                    let now = current
                        .get(&g)
                        .map_or_else(|| layout.gap(g, span), String::as_str);
                    if now != text {
                        current.insert(g, text);
                        spans.insert(g, span);
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        // Each changed gap goes with the finding that changed it first, or else with the
        // last finding that changed a gap before it (the one that moved its line).
        let mut edits: Vec<Vec<Edit>> = vec![Vec::new(); first.len()];
        let mut last_owner = None;
        for (&g, text) in &current {
            let own = owner.get(&g).copied();
            if own.is_some() {
                last_owner = own;
            }
            let Some(&span) = spans.get(&g) else {
                continue;
            };
            if layout.gap(g, span) == text {
                continue;
            }
            let Some(k) = own
                .or(last_owner)
                .or_else(|| owner.values().next().copied())
            else {
                continue;
            };
            if let Some(list) = edits.get_mut(k) {
                list.push(Edit::replace(span, text.clone()));
            }
        }
        for (f, e) in first.into_iter().zip(edits) {
            let mut d = Diagnostic::new(
                f.span,
                format!(
                    "indentation of => is not properly aligned (expected in column {}, but found it in column {})",
                    f.expected, f.column
                ),
            );
            if !e.is_empty() {
                d = d.with_fix(Fix::safe(e));
            }
            cx.report(d);
        }
    }
}

/// Runs the walks: each resource body (puppet-lint's `resource_indexes`), then with
/// `hashes` everything outside resource bodies, keeping the `}` that closes a body's
/// resource so that braces stay balanced. Positions come from a [`Cursor`] that moves
/// forward through the file once per pass (the bodies are in order): no buffer per token.
fn find(layout: &Layout<'_>, hashes: bool) -> Vec<Found> {
    let ranges = resource_ranges(layout.tokens);
    let mut walk = Walk {
        layout,
        cursor: Cursor::new(layout),
        found: Vec::new(),
    };
    for r in &ranges {
        walk.run(r.colon..=r.end, true);
    }
    if hashes {
        walk.cursor = Cursor::new(layout);
        let tokens = layout.tokens;
        let mut next_range = ranges.iter().peekable();
        let outside = std::iter::from_fn({
            let mut i = 0;
            move || loop {
                if i >= tokens.len() {
                    return None;
                }
                if let Some(r) = next_range.next_if(|r| r.colon == i) {
                    i = r.end + 1;
                    if tokens.get(r.end).is_some_and(|t| t.kind() == "}") {
                        return Some(r.end);
                    }
                    continue;
                }
                i += 1;
                return Some(i - 1);
            }
        });
        walk.run(outside, false);
    }
    walk.found
}

/// The file as tokens and the gaps between them; fixes only change gaps.
#[derive(Clone)]
struct Layout<'a> {
    source: &'a str,
    tokens: &'a [Token],
    /// The source's lines: where nothing changed, a token's position is its position in
    /// the source.
    lines: &'a LineIndex,
    /// The gaps changed by fixes, by the index of the token they precede; the others are
    /// as in the source.
    changed: BTreeMap<usize, String>,
}

impl<'a> Layout<'a> {
    fn text(&self, i: usize) -> &'a str {
        self.tokens
            .get(i)
            .and_then(|t| self.source.get(t.span.start()..t.span.end()))
            .unwrap_or("")
    }

    /// The gap before token `i`, which is at `span` in the source.
    fn gap(&self, i: usize, span: Span) -> &str {
        if self.changed.is_empty() {
            return self.source.get(span.start()..span.end()).unwrap_or("");
        }
        match self.changed.get(&i) {
            Some(text) => text,
            None => self.source.get(span.start()..span.end()).unwrap_or(""),
        }
    }
}

/// A token as a [`Cursor`] passed it: its index, its 1-based (line, column) in the layout
/// (as `u32`: a file is under 4 GiB, its spans are `u32`), and where the gap before it is
/// in the source.
#[derive(Clone, Copy)]
struct Spot {
    index: usize,
    line: u32,
    column: u32,
    gap: Span,
}

/// Walks the layout's tokens forward, keeping the position after the last one passed.
///
/// While the layout is the source's (no gap changed) and no token has begun inside one
/// before it, the position of a token is its position in the source: the cursor then
/// finds it through the line index, not by counting every character before it (the
/// spots it passes wait for their line and column until asked).
struct Cursor<'l, 'a> {
    layout: &'l Layout<'a>,
    /// The next token to pass.
    next: usize,
    /// The furthest end of a token passed (where the next gap starts).
    end: usize,
    /// (line, column) after the last token passed (kept only when not `in_source`).
    pos: (u32, u32),
    /// The last code (non-comment) token passed (its line and column set only when not
    /// `in_source`).
    last_code: Option<Spot>,
    /// Whether every position passed so far is the one in the source.
    in_source: bool,
}

impl<'l, 'a> Cursor<'l, 'a> {
    fn new(layout: &'l Layout<'a>) -> Self {
        Cursor {
            layout,
            next: 0,
            end: 0,
            pos: (1, 1),
            last_code: None,
            in_source: layout.changed.is_empty(),
        }
    }

    /// `spot` with the line and column of where it is in the source.
    fn placed(&self, spot: Spot) -> Spot {
        let offset = self
            .layout
            .tokens
            .get(spot.index)
            .map_or(0, |t| t.span.start());
        let (line, column) = self.layout.lines.line_col(self.layout.source, offset);
        Spot {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            column: u32::try_from(column).unwrap_or(u32::MAX),
            ..spot
        }
    }

    /// Passes the tokens up to `i` while their positions are the source's; stops early
    /// (with the position counted so far) at a token that begins inside an earlier one.
    fn pass_in_source(&mut self, i: usize) -> Option<Option<(Spot, Option<Spot>)>> {
        let tokens = self.layout.tokens;
        loop {
            let j = self.next;
            let Some(t) = tokens.get(j) else {
                return Some(None);
            };
            if t.span.start() < self.end {
                // From here on, counted: the position after the last token passed is
                // where it ends in the source.
                self.in_source = false;
                let (line, column) = self.layout.lines.line_col(self.layout.source, self.end);
                self.pos = (
                    u32::try_from(line).unwrap_or(u32::MAX),
                    u32::try_from(column).unwrap_or(u32::MAX),
                );
                self.last_code = self.last_code.map(|s| self.placed(s));
                return None;
            }
            let prev = self.last_code;
            let spot = Spot {
                index: j,
                line: 0,
                column: 0,
                gap: Span::new(self.end, t.span.start()),
            };
            self.end = t.span.end();
            self.next = j + 1;
            if !is_comment(t) {
                self.last_code = Some(spot);
            }
            if j == i {
                return Some(Some((self.placed(spot), prev.map(|p| self.placed(p)))));
            }
        }
    }

    /// Passes the tokens up to `i` (which must not be behind the cursor): token `i`'s
    /// spot, and the spot of the code token before it (puppet-lint's `prev_code_token`).
    fn to(&mut self, i: usize) -> Option<(Spot, Option<Spot>)> {
        fn advance(pos: &mut (u32, u32), text: &str) {
            for c in text.chars() {
                if c == '\n' {
                    *pos = (pos.0.saturating_add(1), 1);
                } else {
                    pos.1 = pos.1.saturating_add(1);
                }
            }
        }
        if i < self.next {
            return None;
        }
        if self.in_source {
            if let Some(found) = self.pass_in_source(i) {
                return found;
            }
        }
        let tokens = self.layout.tokens;
        loop {
            let j = self.next;
            let t = tokens.get(j)?;
            let prev = self.last_code;
            let gap = Span::new(self.end.min(t.span.start()), t.span.start());
            advance(&mut self.pos, self.layout.gap(j, gap));
            let spot = Spot {
                index: j,
                line: self.pos.0,
                column: self.pos.1,
                gap,
            };
            advance(&mut self.pos, self.layout.text(j));
            self.end = self.end.max(t.span.end());
            self.next = j + 1;
            if !is_comment(t) {
                self.last_code = Some(spot);
            }
            if j == i {
                return Some((spot, prev));
            }
        }
    }
}

/// The column just after `text` when it starts in column `column`: a key that spans lines
/// (a string with a newline in it) ends on its last line, so its arrow's column follows
/// that line, not the key's length (which would grow with the key's first column, and so
/// with every padding of an arrow before it on that line, round after round).
fn end_column(column: usize, text: &str) -> usize {
    match text.rsplit_once('\n') {
        Some((_, last)) => chars(last) + 1,
        None => column + chars(text),
    }
}

struct Found {
    span: Span,
    expected: usize,
    column: usize,
    /// New texts of gaps (by the index of the token they precede, with where the gap is in
    /// the source), when the finding can be fixed.
    edits: Option<Vec<(usize, Span, String)>>,
}

#[derive(Clone, Copy)]
struct Arrow {
    /// The `=>` token.
    tok: Spot,
    /// The key's last token (puppet-lint's `prev_code_token`).
    param: Spot,
    line: usize,
    column: usize,
}

#[derive(Default)]
struct Group {
    arrow_column: usize,
    arrows: Vec<Arrow>,
    param_column: Option<usize>,
}

struct Walk<'l, 'a> {
    layout: &'l Layout<'a>,
    cursor: Cursor<'l, 'a>,
    found: Vec<Found>,
}

impl Walk<'_, '_> {
    /// Runs puppet-lint's level walk over the token indexes `order` (in increasing order;
    /// comments are skipped). In a resource body (`resource`), the `;` that ends it closes
    /// the body.
    fn run(&mut self, order: impl Iterator<Item = usize>, resource: bool) {
        let tokens = self.layout.tokens;
        let mut levels: Vec<Group> = vec![Group::default()];
        for i in order {
            let Some(t) = tokens.get(i) else { continue };
            match t.kind() {
                "=>" => {
                    let Some((at, Some(p))) = self.cursor.to(i) else {
                        continue;
                    };
                    let (line, column) = (at.line as usize, at.column as usize);
                    let (pline, pcol) = (p.line as usize, p.column as usize);
                    let key = self.layout.text(p.index);
                    let plen = chars(key);
                    let Some(g) = levels.last_mut() else { continue };
                    let first = *g.param_column.get_or_insert(pcol);
                    // An arrow below its key (`*` ending a line, `=>` on the next) counts
                    // the key as if it began a line of its own in the group's first
                    // key's column: where the key is does not say where its arrow can
                    // go, and its column moves with each padding of an arrow before it on
                    // its line, round after round.
                    let below = pline + key.matches('\n').count() != line;
                    let this = if below || g.arrows.iter().any(|a| a.line == line) {
                        first + plen + 1
                    } else {
                        end_column(pcol, key) + 1
                    };
                    g.arrow_column = g.arrow_column.max(this);
                    g.arrows.push(Arrow {
                        tok: at,
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
            let edits = if newline {
                g.param_column
                    .and_then(|pc| self.newline_fix(a, g.arrow_column, pc))
            } else {
                self.pad_fix(a, g.arrow_column)
            };
            let span = self
                .layout
                .tokens
                .get(a.tok.index)
                .map_or(Span::new(0, 0), |t| t.span);
            self.found.push(Found {
                span,
                expected: g.arrow_column,
                column: a.column,
                edits,
            });
        }
    }

    /// Pads (or narrows) the whitespace before the arrow on its line. An arrow on a line
    /// of its own (below its key) has no fix: its indentation is `strict_indent`'s, and
    /// padding it would undo that rule's fix round after round.
    fn pad_fix(&self, a: &Arrow, expected: usize) -> Option<Vec<(usize, Span, String)>> {
        let gap = self.layout.gap(a.tok.index, a.tok.gap);
        if !gap.chars().all(|c| c != '\n' && is_ws(c)) {
            return None;
        }
        let new_len = chars(gap) as i64 + expected as i64 - a.column as i64;
        if new_len < 1 {
            return None;
        }
        let new_len = usize::try_from(new_len).ok()?;
        Some(vec![(a.tok.index, a.tok.gap, " ".repeat(new_len))])
    }

    /// Moves the key and its arrow onto a new line indented like the group's first key.
    fn newline_fix(
        &self,
        a: &Arrow,
        expected: usize,
        param_column: usize,
    ) -> Option<Vec<(usize, Span, String)>> {
        let tokens = self.layout.tokens;
        let key = self.layout.text(a.param.index);
        // Only a one-token key directly after a separator, with nothing but whitespace
        // around it, can be moved without touching the code.
        if a.param.index + 1 != a.tok.index || key.contains('\n') {
            return None;
        }
        let before = tokens.get(a.param.index.checked_sub(1)?)?;
        if !matches!(before.kind(), "," | "{" | ";") {
            return None;
        }
        for s in [a.param, a.tok] {
            if !self.layout.gap(s.index, s.gap).chars().all(is_ws) {
                return None;
            }
        }
        let indent = param_column.checked_sub(1)?;
        let ws = expected.checked_sub(indent + chars(key) + 1)?;
        if ws < 1 {
            return None;
        }
        Some(vec![
            (
                a.param.index,
                a.param.gap,
                format!("\n{}", " ".repeat(indent)),
            ),
            (a.tok.index, a.tok.gap, " ".repeat(ws)),
        ])
    }
}

#[cfg(test)]
mod tests {
    use super::{find, Layout};
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, registry, Level};
    use crate::syntax::Span;
    use std::collections::BTreeMap;

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
                (l, c, d.message.to_string())
            })
            .collect();
        (at, fix::apply(src, &d, false).text)
    }

    fn run(src: &str) -> (Vec<(usize, usize, String)>, String) {
        run_with(src, false)
    }

    /// Where each finding is, and whether it has a fix.
    fn fixes(src: &str) -> Vec<(usize, bool)> {
        let f = crate::syntax::parse(src);
        check_file(
            "t.pp",
            &f,
            &RuleSet::only("arrow_alignment", Level::Warning),
        )
        .iter()
        .map(|d| (d.span.start(), d.fix.is_some()))
        .collect()
    }

    /// A finding of `find`: where, the expected and found columns, the gaps' new texts.
    type Seen = (Span, usize, usize, Option<Vec<(usize, Span, String)>>);

    /// What `find` gives on `src` when positions are counted token by token from the
    /// start of the file, and when they are taken from the source's line index.
    fn found_both_ways(src: &str) -> [Vec<Seen>; 2] {
        let f = crate::syntax::parse(src);
        let tokens = crate::syntax::tokens::tokens(&f);
        let in_source = Layout {
            source: src,
            tokens: &tokens,
            lines: &f.line_index,
            changed: BTreeMap::new(),
        };
        // A "change" that leaves the first gap as it is: the cursor counts.
        let first_gap = tokens
            .first()
            .map_or("", |t| &src[..t.span.start()])
            .to_string();
        let counted = Layout {
            changed: BTreeMap::from([(0, first_gap)]),
            ..in_source.clone()
        };
        [in_source, counted].map(|layout| {
            find(&layout, true)
                .into_iter()
                .map(|f| (f.span, f.expected, f.column, f.edits))
                .collect()
        })
    }

    #[test]
    fn positions_from_the_line_index_are_the_counted_ones() {
        let sources = [
            "file { 'a':\n  ensure => present,\n  mode   => '0644', # ü\n  owner =>  'root',\n}\n",
            "# é à\nfile { \"x${y}\":\n\tensure => present,\n  content => @(END),\n    text ${x}\n    | END\n  mode => 1,\n}\n",
            "$h = {\n  'a' => 1,\n  'bb' => { 'c' => 2,\n    'dd' => 3 },\n}\nfile { 'b': x => 1, yy => 2;\n  'c':\n    z => 3,\n    zzz => 4,\n}\n",
            "$s = $x ? {\n  'a' => \"multi\nline\",\n  default => 2,\n}\nFile { mode => 1,\n  owner => 2 }\n",
        ];
        for src in sources {
            let [fast, counted] = found_both_ways(src);
            assert!(!fast.is_empty(), "{src}");
            assert_eq!(fast, counted, "{src}");
        }
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
        // `$b['y']` shares its line with `$a['x']`: moving it would need more than one token.
        assert_eq!(fixes(src), vec![(42, false), (56, true)]);
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

    #[test]
    fn a_hash_on_a_moving_line_is_aligned_in_the_same_run() {
        let src = "foo { 'a':\n  mode    => 'x',\n  bind      => { 'k1' => 1,\n                   'key2' => 2 },\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(
            at,
            vec![
                (2, 11, msg(8, 11)),
                (3, 13, msg(8, 13)),
                (3, 23, msg(27, 23))
            ]
        );
        let want = "foo { 'a':\n  mode => 'x',\n  bind => { 'k1'          => 1,\n                   'key2' => 2 },\n}\n";
        assert_eq!(fixed, want);
        assert_eq!(run(want).0, vec![]);
    }

    #[test]
    fn a_key_over_two_lines_ends_on_its_last_line() {
        // Counted by its length from its first column, the key moved with each padding of
        // the arrow before it, and the fix never settled.
        let src = "file { 'a':\n  * => { 'm' => 1, 'a long\nkey' => 2 },\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(3, 6, msg(14, 6))]);
        let want = "file { 'a':\n  * => { 'm' => 1, 'a long\nkey'         => 2 },\n}\n";
        assert_eq!(fixed, want);
        assert_eq!(run(want).0, vec![]);
    }

    #[test]
    fn a_key_after_an_arrow_with_its_own_arrow_below_counts_in_the_first_keys_column() {
        // Counted from where it is, `*` moved with each padding of `ensure`'s arrow, and
        // the fix never settled.
        let src = "file { 'a':\n  ensure => file,*\n   => $h,\n  content => 'x',\n}\n";
        let (at, fixed) = run(src);
        assert_eq!(at, vec![(2, 10, msg(11, 10)), (3, 4, msg(11, 4))]);
        let want = "file { 'a':\n  ensure  => file,*\n   => $h,\n  content => 'x',\n}\n";
        assert_eq!(fixed, want);
        assert_eq!(run(want).0, vec![(3, 4, msg(11, 4))]);
        assert_eq!(fixes(want), vec![(35, false)]);
    }

    #[test]
    fn an_arrow_below_its_key_has_no_fix() {
        // Padding the arrow's line would undo `strict_indent`'s fix, round after round.
        let src = "class { 'app':\n  settings\n\n  => 1,\n  manage_service => true,\n}\n";
        assert_eq!(fixes(src), vec![(29, false)]);
        assert_eq!(run(src).1, src);
    }
}
