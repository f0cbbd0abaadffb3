//! The document after Unfurl's merge directives are processed (`rein unfurl expand`), as
//! Unfurl 1.2 computes it when it loads the document (`unfurl.merge.expand_doc`):
//!
//! - each mapping is rebuilt key by key; a directive's target (an included file, an
//!   anchored node, a path in the document) is itself expanded, unless the directive's
//!   value is `raw`, and mappings are merged into the mapping holding the directive, whose
//!   own keys win (recursively for nested mappings; lists are appended to, without
//!   duplicates); a target that is no mapping replaces the mapping when the directive is its
//!   only key (and is spliced into a list the mapping is an item of), else loading fails;
//! - directives whose target is not found are kept and the document expanded again, with
//!   the lookups in the expanded document, while that finds more; then a directive still
//!   missing fails loading, unless it has `?`: the mapping holding it is dropped;
//! - `+%: whiteout` and `+%: nullout` mappings are dropped at the end.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::value::{Budget, Key, Map, Value};
use crate::syntax::unfurl::merge_key::{self, KeyKind, MergeKey};
use crate::syntax::yaml::{self, Node, NodeKind, YamlFile};

/// One step of a path from the root: a key or an index.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// The document `file` (read from `path`) with its merge directives processed, or why
/// Unfurl would fail to load it.
pub fn expand(path: &Path, file: &YamlFile) -> Result<Value, String> {
    if let Some(e) = &file.error {
        let (line, col) = file.line_col(e.span.start());
        return Err(format!("{}:{line}:{col}: {}", path.display(), e.message));
    }
    let root_node = file.root().ok_or("the file holds no YAML document")?;
    let mut budget = Budget::default();
    let root = value_of(file, root_node, &mut budget)?;
    let Value::Map(root_map) = &root else {
        return Err(format!(
            "the top level of {} is not a mapping",
            path.display()
        ));
    };
    let dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut ex = Expander {
        anchors: HashMap::new(),
        files: HashMap::new(),
        missing: Vec::new(),
        budget,
        depth: 0,
    };
    ex.add_anchors(file)?;
    let mut doc = ex.budget.copy(&root)?;
    let mut last = 0;
    loop {
        ex.missing.clear();
        let mut expanded = ex.map(&doc, &[], root_map, &dir)?;
        let missing = std::mem::take(&mut ex.missing);
        if missing.is_empty() {
            delete_deleted_keys(&mut expanded);
            return Ok(expanded);
        }
        if missing.len() == last {
            let required: Vec<String> = missing
                .iter()
                .filter(|m| !m.maybe)
                .map(|m| format!("{}:{}", m.key, m.value))
                .collect();
            if !required.is_empty() {
                return Err(format!("missing includes: {}", required.join(", ")));
            }
            for m in &missing {
                match m.path.split_last() {
                    Some((last, parent)) => delete_path(&mut expanded, parent, last),
                    None => {
                        if let Value::Map(entries) = &mut expanded {
                            entries.retain(|(k, _)| k.text != m.key);
                        }
                    }
                }
            }
            return Ok(expanded);
        }
        last = missing.len();
        doc = expanded;
    }
}

/// The value of `node` of `file`, its aliases followed, taken from `budget`.
fn value_of(file: &YamlFile, node: &Node, budget: &mut Budget) -> Result<Value, String> {
    let mut anchors = HashMap::new();
    for d in &file.documents {
        d.walk(&mut |n| {
            if let Some(a) = &n.anchor {
                anchors.insert(a.as_str(), n);
            }
        });
    }
    Value::from_node(node, &anchors, budget)
}

/// How deep mappings may be expanded within each other (the document's nesting, and the
/// includes and merge directives that expand a mapping inside another): past it, a file
/// that includes itself or a directive that names its own mapping.
const MAX_DEPTH: usize = 512;

/// A directive whose target was not found in this pass.
struct Missing {
    path: Vec<Step>,
    key: String,
    maybe: bool,
    value: String,
}

struct Expander {
    /// Unfurl's anchors (mappings and sequences with `&name`, mappings named by `+&`) of
    /// the document and the files it includes, unexpanded.
    anchors: HashMap<String, Value>,
    /// The included files read, by path (`None`: empty).
    files: HashMap<PathBuf, Option<Value>>,
    missing: Vec<Missing>,
    /// The values the expansion may still build.
    budget: Budget,
    /// How deep [`Expander::map`] is nested.
    depth: usize,
}

impl Expander {
    fn add_anchors(&mut self, file: &YamlFile) -> Result<(), String> {
        let mut anchored = Vec::new();
        for d in &file.documents {
            d.walk(&mut |n| {
                if let (Some(a), NodeKind::Map(_) | NodeKind::Seq(_)) = (&n.anchor, &n.kind) {
                    anchored.push((a.clone(), n, false));
                }
                if let Some(name) = n.get("+&").and_then(Node::as_str) {
                    anchored.push((name.to_string(), n, true));
                }
            });
        }
        for (name, n, named_by_key) in anchored {
            let mut v = value_of(file, n, &mut self.budget)?;
            if let (true, Value::Map(m)) = (named_by_key, &mut v) {
                m.retain(|(k, _)| k.text != "+&");
            }
            self.anchors.insert(name, v);
        }
        Ok(())
    }

    /// `expand_dict`: the mapping `current` at `path`, lookups in `doc`, includes
    /// relative to `dir`.
    fn map(
        &mut self,
        doc: &Value,
        path: &[Step],
        current: &Map,
        dir: &Path,
    ) -> Result<Value, String> {
        if self.depth >= MAX_DEPTH {
            return Err(format!(
                "mappings expanded more than {MAX_DEPTH} deep within each other (a file that \
                 includes itself, or a merge directive that names its own mapping?)"
            ));
        }
        self.depth += 1;
        let out = self.map_entries(doc, path, current, dir);
        self.depth -= 1;
        out
    }

    /// [`Expander::map`] one level down.
    fn map_entries(
        &mut self,
        doc: &Value,
        path: &[Step],
        current: &Map,
        dir: &Path,
    ) -> Result<Value, String> {
        let mut cp: Map = Vec::new();
        let mut templates = Vec::new();
        for (key, value) in current {
            if !key.is_str {
                cp.push((key.clone(), self.budget.copy(value)?));
                continue;
            }
            if !key.text.starts_with('+') {
                let mut sub = path.to_vec();
                sub.push(Step::Key(key.text.clone()));
                let v = match value {
                    Value::Map(m) => self.map(doc, &sub, m, dir)?,
                    Value::Seq(items) => Value::Seq(self.list(doc, &sub, items, dir)?),
                    other => self.budget.copy(other)?,
                };
                cp.push((key.clone(), v));
                continue;
            }
            let mk = match merge_key::parse(&key.text) {
                Some(KeyKind::Directive(mk)) => mk,
                Some(KeyKind::AnchorName) => continue,
                Some(KeyKind::BadEscape { escape, .. }) => {
                    return Err(format!(
                        "Found invalid escape {escape} in JSON pointer {}",
                        &key.text[1..]
                    ))
                }
                _ => {
                    cp.push((key.clone(), self.budget.copy(value)?));
                    continue;
                }
            };
            let raw = matches!(value, Value::Str(s) if s == "raw");
            let template = if mk.include.is_some() {
                let Some((template, sub_dir, raw)) = self.include(&key.text, &mk, value, dir)?
                else {
                    continue;
                };
                self.budget.charge(&template)?;
                match template {
                    Value::Map(m) if !raw => self.map(doc, path, &m, &sub_dir)?,
                    other => other,
                }
            } else {
                let Some((template, at)) = self.find(doc, &mk, path) else {
                    self.missing.push(Missing {
                        path: path.to_vec(),
                        key: key.text.clone(),
                        maybe: mk.maybe,
                        value: match value {
                            Value::Null => String::new(),
                            Value::Str(s) => s.clone(),
                            other => other.to_json(),
                        },
                    });
                    cp.push((key.clone(), self.budget.copy(value)?));
                    continue;
                };
                self.budget.charge(&template)?;
                match template {
                    Value::Map(m) if !raw => {
                        if let Some(at) = at.filter(|_| mk.anchor.is_none()) {
                            if at.len() <= path.len() && at.iter().zip(path).all(|(a, p)| a == p) {
                                return Err(format!(
                                    "recursive include: `{}` includes a mapping that holds it",
                                    key.text
                                ));
                            }
                        }
                        self.map(doc, path, &m, dir)?
                    }
                    other => other,
                }
            };
            match template {
                Value::Map(m) => templates.push(m),
                other => {
                    if current.len() > 1 {
                        return Err(format!(
                            "can not merge `{}` with a value that is not a mapping: {}",
                            key.text,
                            other.to_json()
                        ));
                    }
                    return Ok(other);
                }
            }
        }
        if templates.is_empty() {
            return Ok(Value::Map(cp));
        }
        templates.push(cp);
        let mut templates = templates.into_iter();
        let mut accum = templates.next().unwrap_or_default();
        for next in templates {
            accum = merge_dicts(&accum, &next)?;
            self.budget.take(1)?;
            for (_, v) in &accum {
                self.budget.charge(v)?;
            }
        }
        Ok(Value::Map(accum))
    }

    /// `expand_list`: mappings of a list expanded; a mapping replaced by a list is spliced.
    fn list(
        &mut self,
        doc: &Value,
        path: &[Step],
        items: &[Value],
        dir: &Path,
    ) -> Result<Vec<Value>, String> {
        let mut out = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let Value::Map(m) = item else {
                out.push(self.budget.copy(item)?);
                continue;
            };
            if item
                .get("+%")
                .is_some_and(|s| *s == Value::Str("whiteout".into()))
            {
                continue;
            }
            let mut sub = path.to_vec();
            sub.push(Step::Index(i));
            match self.map(doc, &sub, m, dir)? {
                Value::Seq(spliced) => out.extend(spliced),
                other => out.push(other),
            }
        }
        Ok(out)
    }

    /// The template a directive without `include` names, and its path when known.
    fn find(
        &self,
        doc: &Value,
        mk: &MergeKey,
        path: &[Step],
    ) -> Option<(Value, Option<Vec<Step>>)> {
        let (mut node, mut at) = if let Some((name, _)) = &mk.anchor {
            (self.anchors.get(name)?, None)
        } else if mk.relative > 0 {
            let up = usize::try_from(mk.relative - 1).unwrap_or(0);
            let base = &path[..path.len().saturating_sub(up)];
            (lookup(doc, base)?, Some(base.to_vec()))
        } else {
            (doc, None)
        };
        let absolute = mk.anchor.is_none() && mk.relative <= 0;
        let mut pointer = Vec::new();
        for (segment, _) in &mk.pointer {
            let (next, step) = step(node, segment)?;
            node = next;
            if let Some(at) = at.as_mut() {
                at.push(step);
            }
            pointer.push(Step::Key(segment.clone()));
        }
        // Unfurl compares an absolute path's segments as written (strings).
        Some((node.clone(), if absolute { Some(pointer) } else { at }))
    }

    /// An include's template, the directory its own includes are relative to, and whether
    /// it is to be merged raw; `None` when there is nothing to merge.
    fn include(
        &mut self,
        key: &str,
        mk: &MergeKey,
        value: &Value,
        dir: &Path,
    ) -> Result<Option<(Value, PathBuf, bool)>, String> {
        let (name, merge) = match value {
            Value::Str(s) => (s.clone(), None),
            Value::Map(_) => {
                if let Some(when) = value.get("when").filter(|w| w.truthy()) {
                    let set = match when {
                        Value::Str(var) => std::env::var_os(var).is_some_and(|v| !v.is_empty()),
                        _ => false,
                    };
                    if !set {
                        return Ok(None);
                    }
                }
                match value.get("file") {
                    Some(Value::Str(f)) => (f.clone(), value.get("merge").cloned()),
                    Some(other) => return Err(format!("Invalid include: {}", other.to_json())),
                    None => {
                        return Err(format!(
                            "`file` key missing from document include: {}",
                            value.to_json()
                        ))
                    }
                }
            }
            other => return Err(format!("Invalid include: {}", other.to_json())),
        };
        if name.contains("://") {
            return Err(format!(
                "`{key}`: rein does not fetch included URLs ({name})"
            ));
        }
        let (file_name, fragment) = match name.split_once('#') {
            Some((f, frag)) => (f, Some(frag)),
            None => (name.as_str(), None),
        };
        let path = dir.join(file_name);
        let loaded = match self.load(&path) {
            Ok(v) => v,
            Err(_) if mk.maybe => return Ok(None),
            Err(e) => return Err(e),
        };
        let Some(mut template) = loaded else {
            return Ok(None);
        };
        if let Some(fragment) = fragment
            .map(|f| f.trim_start_matches('/'))
            .filter(|f| !f.is_empty())
        {
            for part in fragment.split('/') {
                let part = part.replace("~1", "/").replace("~0", "~");
                match step(&template, &part) {
                    Some((v, _)) => template = v.clone(),
                    None if mk.maybe => return Ok(None),
                    None => return Err(format!("`#{fragment}` not found in {}", path.display())),
                }
            }
        }
        let raw = matches!(merge, Some(Value::Str(ref s)) if s == "raw");
        let sub_dir = path.parent().unwrap_or(Path::new("")).to_path_buf();
        Ok(Some((template, sub_dir, raw)))
    }

    /// An included file's value (`None`: empty), read once; its anchors join the document's.
    fn load(&mut self, path: &Path) -> Result<Option<Value>, String> {
        if let Some(v) = self.files.get(path) {
            return Ok(v.clone());
        }
        let bytes = super::read::read_included(path).map_err(|e| {
            // The system's message without Rust's " (os error N)".
            let message = e.to_string();
            let message = message
                .split(" (os error")
                .next()
                .unwrap_or_default()
                .to_string();
            format!("{}: {message}", path.display())
        })?;
        let file = yaml::parse_bytes(&bytes);
        if let Some(e) = &file.error {
            let (line, col) = file.line_col(e.span.start());
            return Err(format!("{}:{line}:{col}: {}", path.display(), e.message));
        }
        self.add_anchors(&file)?;
        let v = match file.root() {
            Some(r) => Some(value_of(&file, r, &mut self.budget)?),
            None => None,
        }
        .filter(|v| *v != Value::Null);
        self.files.insert(path.to_path_buf(), v.clone());
        Ok(v)
    }
}

/// One JSON pointer step, as Unfurl takes it: an index into a list, a key of a mapping.
fn step<'v>(node: &'v Value, segment: &str) -> Option<(&'v Value, Step)> {
    match node {
        Value::Seq(items) => {
            let n: i64 = segment.trim().parse().ok()?;
            let len = i64::try_from(items.len()).ok()?;
            let i = usize::try_from(if n < 0 { n + len } else { n }).ok()?;
            Some((items.get(i)?, Step::Index(i)))
        }
        Value::Map(_) => Some((node.get(segment)?, Step::Key(segment.to_string()))),
        _ => None,
    }
}

/// The value at `path` (`lookup_path`).
fn lookup<'v>(doc: &'v Value, path: &[Step]) -> Option<&'v Value> {
    let mut v = doc;
    for s in path {
        v = match (s, v) {
            (Step::Key(k), Value::Map(_)) => v.get(k)?,
            (Step::Index(i), Value::Seq(items)) => items.get(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

/// Removes `last` from the collection at `parent` (`delete_path`).
fn delete_path(doc: &mut Value, parent: &[Step], last: &Step) {
    let mut v = doc;
    for s in parent {
        let next = match (s, v) {
            (Step::Key(k), Value::Map(m)) => {
                m.iter_mut().find(|(key, _)| key.text == *k).map(|(_, v)| v)
            }
            (Step::Index(i), Value::Seq(items)) => items.get_mut(*i),
            _ => None,
        };
        match next {
            Some(n) => v = n,
            None => return,
        }
    }
    match (last, v) {
        (Step::Key(k), Value::Map(m)) => m.retain(|(key, _)| key.text != *k),
        (Step::Index(i), Value::Seq(items)) if *i < items.len() => {
            items.remove(*i);
        }
        _ => {}
    }
}

/// The merge strategy key.
const STRATEGY: &str = "+%";

/// `merge_dicts(b, a)`: `a` merged over `b`; `a`'s keys first, then `b`'s others.
fn merge_dicts(b: &Map, a: &Map) -> Result<Map, String> {
    let b_get = |k: &Key| b.iter().find(|(bk, _)| bk == k).map(|(_, v)| v);
    let mut cp: Map = Vec::new();
    let mut skip = Vec::new();
    for (key, val) in a {
        if key.text == STRATEGY {
            continue;
        }
        let mut val = val.clone();
        if matches!(val, Value::Map(_) | Value::Null) {
            let mut strategy = val.get(STRATEGY).cloned().filter(|_| val.truthy());
            if let Some(Value::Map(bm)) = b_get(key) {
                if strategy.is_none() {
                    strategy = Some(
                        Value::Map(bm.clone())
                            .get(STRATEGY)
                            .cloned()
                            .filter(Value::truthy)
                            .unwrap_or(Value::Str("merge".into())),
                    );
                }
                match strategy.as_ref() {
                    Some(Value::Str(s)) if s == "merge" => {
                        if let Value::Map(am) = &val {
                            if !am.is_empty() {
                                cp.push((key.clone(), Value::Map(merge_dicts(bm, am)?)));
                            }
                        }
                        continue;
                    }
                    Some(Value::Str(s)) if s == "error" => {
                        return Err(format!(
                            "merging {} is not allowed, +%: error was set",
                            key.text
                        ))
                    }
                    _ => {}
                }
            }
            match strategy.as_ref() {
                Some(Value::Str(s)) if s == "whiteout" => {
                    skip.push(key.clone());
                    continue;
                }
                Some(Value::Str(s)) if s == "nullout" => val = Value::Null,
                _ => {}
            }
        } else if let (Value::Seq(items), Some(Value::Seq(bitems))) = (&val, b_get(key)) {
            cp.push((key.clone(), Value::Seq(merge_lists(items, bitems)?)));
            continue;
        }
        cp.push((key.clone(), val));
    }
    for (key, val) in b {
        if key.text == STRATEGY || skip.contains(key) || cp.iter().any(|(k, _)| k == key) {
            continue;
        }
        cp.push((key.clone(), val.clone()));
    }
    Ok(cp)
}

/// `_merge_lists` (append unique): `b`'s items, then `a`'s that are not there; a one-key
/// mapping merges into `b`'s one-key mapping with that key, `+%: merge` into the item at
/// its index.
fn merge_lists(a: &[Value], b: &[Value]) -> Result<Vec<Value>, String> {
    let mut out = b.to_vec();
    for (i, item) in a.iter().enumerate() {
        if let Value::Map(m) = item {
            if item.get(STRATEGY) == Some(&Value::Str("merge".into())) {
                match out.get(i) {
                    None => out.push(item.clone()),
                    Some(Value::Map(bm)) => {
                        let merged = merge_dicts(bm, m)?;
                        out[i] = Value::Map(merged);
                    }
                    Some(_) => out[i] = item.clone(),
                }
                continue;
            }
            if let [(key, _)] = m.as_slice() {
                let found = out
                    .iter()
                    .position(|v| matches!(v, Value::Map(bm) if bm.len() == 1 && bm[0].0 == *key));
                if let Some(index) = found {
                    if let Value::Map(bm) = &out[index] {
                        let merged = merge_dicts(bm, m)?;
                        out[index] = Value::Map(merged);
                    }
                    continue;
                }
            }
        }
        if !out.contains(item) {
            out.push(item.clone());
        }
    }
    Ok(out)
}

/// Drops the mappings marked `+%: whiteout` or `nullout` (`_delete_deleted_keys`).
fn delete_deleted_keys(v: &mut Value) {
    let Value::Map(m) = v else {
        return;
    };
    m.retain(|(_, v)| {
        !matches!(v.get(STRATEGY), Some(Value::Str(s)) if s == "whiteout" || s == "nullout")
    });
    for (_, v) in m.iter_mut() {
        delete_deleted_keys(v);
    }
}
