//! Resolving Unfurl's merge directives as Unfurl does when it loads a document
//! (`unfurl.merge.expand_doc`), to find the directives that make loading fail:
//!
//! - an include whose file does not exist (relative to the including file), does not
//!   parse, or whose `#fragment` is not in it; an include value that is no file name and no
//!   mapping with `file` ([`Issue::Include`]);
//! - an anchor (`+*name`) that neither the document nor a file it includes defines, as a
//!   mapping or a sequence, or names with `+&` ([`Issue::Anchor`]);
//! - a path (`+/a/b`, `+../a`) not found in its target (a JSON pointer: keys of mappings,
//!   indexes of sequences), or that points at the mapping holding the directive or one
//!   above it (a recursive include) ([`Issue::Path`]);
//! - a directive whose result is not a mapping in a mapping with other keys: Unfurl can
//!   replace a mapping by a value, not merge one into it ([`Issue::Merge`]).
//!
//! A directive with `?` may miss its target. Unfurl expands the document in passes, so a
//! path may name a key that another directive adds: a lookup that fails in a mapping
//! holding directives is not reported. As in Unfurl 1.2, an include ignores the anchor and
//! path written after `include` (`+include/a` merges the whole file).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::syntax::unfurl::merge_key::{self, KeyKind, MergeKey};
use crate::syntax::yaml::{self, Node, NodeKind, YamlFile};
use crate::syntax::Span;

/// What a finding is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Issue {
    Include,
    Anchor,
    Path,
    Merge,
}

/// A directive that makes Unfurl fail to load the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub issue: Issue,
    pub span: Span,
    pub message: String,
}

/// How many files an include chain may load (a guard against include cycles and huge trees).
const MAX_INCLUDES: usize = 64;

/// The directives of the document `file` (read from `path`) that make Unfurl fail.
pub fn resolve(path: &Path, file: &YamlFile) -> Vec<Finding> {
    let Some(root) = file.root().filter(|r| r.as_map().is_some()) else {
        return Vec::new();
    };
    let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let (includes, unreadable) = load_includes(root, &dir);
    let mut anchors = HashMap::new();
    let mut aliases = HashMap::new();
    collect_anchors(root, &mut anchors, &mut aliases);
    for inc in &includes {
        if let Some(r) = inc.file.root() {
            collect_anchors(r, &mut anchors, &mut aliases);
        }
    }
    let mut cx = Cx {
        root,
        dir,
        includes: &includes,
        unreadable: &unreadable,
        anchors,
        aliases,
        findings: Vec::new(),
    };
    cx.walk(root, &mut Vec::new());
    cx.findings
}

/// A file an include directive names, parsed.
struct Included {
    path: PathBuf,
    file: YamlFile,
}

/// One step of a path from the root.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

struct Cx<'a> {
    root: &'a Node,
    dir: PathBuf,
    includes: &'a [Included],
    /// The included files that exist but could not be read, and why.
    unreadable: &'a [(PathBuf, String)],
    /// Unfurl's anchors: mappings and sequences with `&name`, mappings named by `+&`.
    anchors: HashMap<&'a str, &'a Node>,
    /// Every YAML anchor, for following aliases.
    aliases: HashMap<&'a str, &'a Node>,
    findings: Vec<Finding>,
}

/// The directives of the mappings below `node` (as `expand_dict` visits them: values of
/// ordinary string keys, and the mappings directly in their sequences), with their paths.
fn directives<'a>(
    node: &'a Node,
    path: &mut Vec<Step>,
    f: &mut impl FnMut(&'a Node, &'a yaml::Entry, MergeKey, &[Step]),
) {
    let Some(entries) = node.as_map() else {
        return;
    };
    for e in entries {
        let Some(key) = e.key.as_string() else {
            continue;
        };
        if key.starts_with('+') {
            if let Some(KeyKind::Directive(mk)) = merge_key::parse(key) {
                f(node, e, mk, path);
            }
            continue;
        }
        path.push(Step::Key(key.to_string()));
        match &e.value.kind {
            NodeKind::Map(_) => directives(&e.value, path, f),
            NodeKind::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    directives(item, path, f);
                    path.pop();
                }
            }
            _ => {}
        }
        path.pop();
    }
}

/// The files the include directives of `root` (in `dir`) name, and theirs, parsed; and
/// those that exist but could not be read, with why (a device, a FIFO, no permission).
fn load_includes(root: &Node, dir: &Path) -> (Vec<Included>, Vec<(PathBuf, String)>) {
    let mut out: Vec<Included> = Vec::new();
    let mut unreadable = Vec::new();
    let mut queue = vec![(dir.to_path_buf(), names_included(root))];
    while let Some((dir, names)) = queue.pop() {
        for name in names {
            let path = dir.join(&name);
            if out.len() >= MAX_INCLUDES || out.iter().any(|i| i.path == path) {
                continue;
            }
            let bytes = match super::read::read_included(&path) {
                Ok(b) => b,
                Err(e) => {
                    if e.kind() != std::io::ErrorKind::NotFound {
                        unreadable.push((path, crate::eval::unfurl::read::message(&e)));
                    }
                    continue;
                }
            };
            let file = yaml::parse_bytes(&bytes);
            if let Some(r) = file.root() {
                let sub = path.parent().unwrap_or(Path::new("")).to_path_buf();
                queue.push((sub, names_included(r)));
            }
            out.push(Included { path, file });
        }
    }
    (out, unreadable)
}

/// The local file names the include directives below `root` give (without `#fragment`).
fn names_included(root: &Node) -> Vec<String> {
    let mut names = Vec::new();
    directives(root, &mut Vec::new(), &mut |_, e, mk, _| {
        if mk.include.is_some() {
            if let Some(IncludeRef::File { name, .. }) = include_ref(&e.value) {
                names.push(name);
            }
        }
    });
    names
}

/// What an include directive's value names.
enum IncludeRef {
    File {
        name: String,
        fragment: Option<String>,
    },
    /// A URL, or a conditional include (`when`): not checked.
    Unchecked,
    /// A mapping without `file`.
    NoFile,
    /// Neither a string nor a mapping.
    Invalid,
}

fn include_ref(value: &Node) -> Option<IncludeRef> {
    let text = match &value.kind {
        NodeKind::Map(_) => {
            if value.get("when").is_some() {
                return Some(IncludeRef::Unchecked);
            }
            match value.get("file") {
                None => return Some(IncludeRef::NoFile),
                Some(f) => match f.as_string() {
                    Some(s) => s,
                    None => return Some(IncludeRef::Invalid),
                },
            }
        }
        NodeKind::Alias(_) => return None,
        _ => match value.as_string() {
            Some(s) => s,
            None => return Some(IncludeRef::Invalid),
        },
    };
    if is_url(text) {
        return Some(IncludeRef::Unchecked);
    }
    let (name, fragment) = match text.split_once('#') {
        Some((n, f)) => (n, Some(f.to_string())),
        None => (text, None),
    };
    Some(IncludeRef::File {
        name: name.to_string(),
        fragment,
    })
}

/// `http(s)://host...`: Unfurl fetches it.
fn is_url(text: &str) -> bool {
    text.split_once("://")
        .is_some_and(|(scheme, rest)| scheme.starts_with("http") && !rest.is_empty())
}

fn collect_anchors<'a>(
    node: &'a Node,
    anchors: &mut HashMap<&'a str, &'a Node>,
    aliases: &mut HashMap<&'a str, &'a Node>,
) {
    node.walk(&mut |n| {
        if let Some(a) = &n.anchor {
            aliases.insert(a.as_str(), n);
            if matches!(n.kind, NodeKind::Map(_) | NodeKind::Seq(_)) {
                anchors.insert(a.as_str(), n);
            }
        }
        if let Some(name) = n.get("+&").and_then(Node::as_str) {
            anchors.insert(name, n);
        }
    });
}

impl<'a> Cx<'a> {
    fn walk(&mut self, root: &'a Node, path: &mut Vec<Step>) {
        let mut found = Vec::new();
        directives(root, path, &mut |map, entry, mk, path| {
            found.push((map, entry, mk, path.to_vec()));
        });
        for (map, entry, mk, path) in found {
            self.directive(map, entry, &mk, &path);
        }
    }

    /// Follows an alias to the node it names.
    fn deref(&self, node: &'a Node) -> &'a Node {
        let mut n = node;
        for _ in 0..16 {
            match &n.kind {
                NodeKind::Alias(name) => match self.aliases.get(name.as_str()) {
                    Some(target) => n = target,
                    None => return n,
                },
                _ => return n,
            }
        }
        n
    }

    fn report(&mut self, issue: Issue, span: Span, message: String) {
        self.findings.push(Finding {
            issue,
            span,
            message,
        });
    }

    fn directive(&mut self, map: &'a Node, entry: &'a yaml::Entry, mk: &MergeKey, path: &[Step]) {
        let key = entry.key.as_str().unwrap_or("");
        let target = if mk.include.is_some() {
            match self.include_target(entry, mk) {
                Some(t) => t,
                None => return,
            }
        } else {
            match self.path_target(entry, mk, path) {
                Some(t) => t,
                None => return,
            }
        };
        let target = self.deref(target);
        let siblings = map.as_map().map_or(0, <[_]>::len) > 1;
        if siblings && !matches!(target.kind, NodeKind::Map(_)) {
            self.report(
                Issue::Merge,
                entry.key.span,
                format!(
                    "`{key}` gives {}, which cannot be merged into a mapping with other keys \
                     (Unfurl replaces the mapping only when the directive is its only key)",
                    target.describe()
                ),
            );
        }
    }

    /// The file (or fragment of it) an include names; `None` when there is nothing (more)
    /// to check.
    fn include_target(&mut self, entry: &'a yaml::Entry, mk: &MergeKey) -> Option<&'a Node> {
        let key = entry.key.as_str().unwrap_or("");
        let span = entry.value.span;
        let (name, fragment) = match include_ref(&entry.value)? {
            IncludeRef::File { name, fragment } => (name, fragment),
            IncludeRef::Unchecked => return None,
            IncludeRef::NoFile => {
                self.report(
                    Issue::Include,
                    span,
                    format!("the mapping of `{key}` has no `file` key: Unfurl cannot load it"),
                );
                return None;
            }
            IncludeRef::Invalid => {
                self.report(
                    Issue::Include,
                    span,
                    format!(
                        "`{key}` needs a file name (or a mapping with `file`), not {}",
                        entry.value.describe()
                    ),
                );
                return None;
            }
        };
        let path = self.dir.join(&name);
        let Some(inc) = self.includes.iter().find(|i| i.path == path) else {
            if let Some((_, why)) = self.unreadable.iter().find(|(p, _)| *p == path) {
                self.report(
                    Issue::Include,
                    span,
                    format!(
                        "included file `{name}` cannot be read: {}: {why}",
                        path.display()
                    ),
                );
            } else if !mk.maybe {
                self.report(
                    Issue::Include,
                    span,
                    format!(
                        "included file `{name}` not found (looked for {}); `+?include` \
                         allows a missing file",
                        path.display()
                    ),
                );
            }
            return None;
        };
        if let Some(e) = &inc.file.error {
            if !mk.maybe {
                let (line, col) = inc.file.line_col(e.span.start());
                self.report(
                    Issue::Include,
                    span,
                    format!(
                        "included file `{name}` does not parse: {}:{line}:{col}: {}",
                        path.display(),
                        e.message
                    ),
                );
            }
            return None;
        }
        let mut node = inc.file.root()?;
        if let Some(fragment) = fragment {
            for part in fragment
                .trim_start_matches('/')
                .split('/')
                .filter(|_| !fragment.trim_start_matches('/').is_empty())
            {
                let part = part.replace("~1", "/").replace("~0", "~");
                match self.step(node, &part, entry) {
                    Lookup::Found(n) => node = n,
                    Lookup::Unsure => return None,
                    Lookup::Missing => {
                        if !mk.maybe {
                            self.report(
                                Issue::Include,
                                span,
                                format!("`#{fragment}` not found in included file `{name}`"),
                            );
                        }
                        return None;
                    }
                }
            }
        }
        Some(node)
    }

    /// The node an anchor, relative or absolute directive names; `None` when there is
    /// nothing (more) to check.
    fn path_target(
        &mut self,
        entry: &'a yaml::Entry,
        mk: &MergeKey,
        path: &[Step],
    ) -> Option<&'a Node> {
        let key = entry.key.as_str().unwrap_or("");
        let span = entry.key.span;
        // The path of the target from the root, when known (not through an anchor).
        let (mut node, mut at): (&'a Node, Option<Vec<Step>>) = if let Some((name, _)) = &mk.anchor
        {
            match self.anchors.get(name.as_str()) {
                Some(n) => (*n, None),
                None => {
                    if !mk.maybe {
                        self.report(
                            Issue::Anchor,
                            span,
                            format!(
                                "anchor `{name}` is not defined in the document or the files it \
                                 includes (as `&{name}` on a mapping or sequence, or `+&: {name}`)"
                            ),
                        );
                    }
                    return None;
                }
            }
        } else {
            let up = usize::try_from(mk.relative.max(1) - 1).unwrap_or(0);
            let base = if mk.relative > 0 {
                &path[..path.len().saturating_sub(up)]
            } else {
                &[][..]
            };
            let mut n = self.root;
            for step in base {
                n = self.deref(n);
                n = match (step, &n.kind) {
                    (Step::Key(k), NodeKind::Map(_)) => &n.entry(k)?.value,
                    (Step::Index(i), NodeKind::Seq(items)) => items.get(*i)?,
                    _ => return None,
                };
            }
            (n, Some(base.to_vec()))
        };
        for (i, (segment, _)) in mk.pointer.iter().enumerate() {
            let from = self.deref(node);
            match self.step(node, segment, entry) {
                Lookup::Found(n) => {
                    // Unfurl keeps an index into a list as a number, except in an absolute
                    // path, whose segments stay as written.
                    if let Some(at) = at.as_mut() {
                        match (
                            &from.kind,
                            py_index(segment, from.as_seq().map_or(0, <[_]>::len)),
                        ) {
                            (NodeKind::Seq(_), Some(i)) if mk.relative > 0 => {
                                at.push(Step::Index(i))
                            }
                            _ => at.push(Step::Key(segment.clone())),
                        }
                    }
                    node = n;
                }
                Lookup::Unsure => return None,
                Lookup::Missing => {
                    if !mk.maybe {
                        let so_far: Vec<&str> =
                            mk.pointer[..=i].iter().map(|(s, _)| s.as_str()).collect();
                        self.report(
                            Issue::Path,
                            span,
                            format!(
                                "`{key}`: `/{}` is not in {}",
                                so_far.join("/"),
                                if mk.anchor.is_some() {
                                    "the anchored node"
                                } else if mk.relative > 0 {
                                    "the mapping the dots lead to"
                                } else {
                                    "the document"
                                }
                            ),
                        );
                    }
                    return None;
                }
            }
        }
        let raw = entry.value.as_str() == Some("raw");
        if let Some(at) = at.filter(|_| mk.anchor.is_none() && !raw) {
            let node = self.deref(node);
            if matches!(node.kind, NodeKind::Map(_)) && is_prefix(&at, path) {
                self.report(
                    Issue::Path,
                    span,
                    format!(
                        "`{key}` includes a mapping that holds it (recursive include); Unfurl \
                         fails on it"
                    ),
                );
                return None;
            }
        }
        Some(node)
    }

    /// One JSON pointer step from `node`, as Unfurl takes it, for the directive `current`.
    fn step(&self, node: &'a Node, segment: &str, current: &yaml::Entry) -> Lookup<'a> {
        let node = self.deref(node);
        match &node.kind {
            NodeKind::Map(entries) => {
                if let Some(e) = entries
                    .iter()
                    .rev()
                    .find(|e| e.key.as_string() == Some(segment))
                {
                    return Lookup::Found(&e.value);
                }
                // Another directive of this mapping may add the key.
                let has_directive = entries.iter().any(|e| {
                    !std::ptr::eq(e, current)
                        && matches!(
                            e.key.as_string().and_then(merge_key::parse),
                            Some(KeyKind::Directive(_))
                        )
                });
                if has_directive {
                    Lookup::Unsure
                } else {
                    Lookup::Missing
                }
            }
            NodeKind::Seq(items) => match py_index(segment, items.len()) {
                Some(i) => items.get(i).map_or(Lookup::Missing, Lookup::Found),
                None => Lookup::Missing,
            },
            NodeKind::Alias(_) => Lookup::Unsure,
            NodeKind::Scalar(_) => Lookup::Missing,
        }
    }
}

/// The result of a lookup.
enum Lookup<'a> {
    Found(&'a Node),
    Missing,
    /// Not there now, but maybe once the document's directives are expanded.
    Unsure,
}

/// Python's `items[int(segment)]` index, when in range (negative counts from the end).
fn py_index(segment: &str, len: usize) -> Option<usize> {
    let t = segment.trim();
    let n: i64 = t
        .strip_prefix('+')
        .unwrap_or(t)
        .replace('_', "")
        .parse()
        .ok()?;
    let len = i64::try_from(len).ok()?;
    let i = if n < 0 { n + len } else { n };
    (0..len)
        .contains(&i)
        .then(|| usize::try_from(i).ok())
        .flatten()
}

/// Whether the template path `at` is `path` or above it (compared as Unfurl compares
/// them: a key `"0"` is not the index `0`).
fn is_prefix(at: &[Step], path: &[Step]) -> bool {
    at.len() <= path.len() && at.iter().zip(path).all(|(a, p)| a == p)
}
