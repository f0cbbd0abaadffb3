//! The layering of `src/`: no `use` cycle between the top-level folders (each one layer:
//! syntax -> rules | fmt | eval -> diagnostics -> workspace -> cli), and none between files.
//!
//! Edges come from every path a file names (`use` trees, `crate::`/`super::`/`self::` paths
//! in code, relative `use child::...`), with comments and literals stripped. A path resolves
//! to the deepest module file it names; a name a module re-exports (`pub use x::Name`, `pub
//! use x::*`) resolves to the file that defines it, so a parent that re-exports its children
//! is not counted as depending on them through the re-export alone.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// One source file seen as a module.
#[derive(Default, Debug)]
struct ModFile {
    /// `crate::a::b` as segments (`[]` is the crate root).
    path: Vec<String>,
    /// Child modules declared with `mod x;`, by name, with their file.
    children: BTreeMap<String, PathBuf>,
    /// Names of the items it defines at its top level.
    defines: BTreeSet<String>,
    /// `pub use` re-exports: name -> full path of what it names.
    reexports: HashMap<String, Vec<String>>,
    /// `pub use path::*`: full module paths.
    globs: Vec<Vec<String>>,
    /// Every path it names, made absolute (`crate::` first segment dropped).
    uses: Vec<Vec<String>>,
}

/// The text with comments, string and char literals blanked out (lines kept).
fn strip(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if b[i] == b'\n' {
                        out.push('\n');
                    }
                    i += 1;
                }
            }
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push(c as char);
                i += 1;
                continue;
            }
            j += 1;
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            while j < b.len() && !b[j..].starts_with(&close) {
                if b[j] == b'\n' {
                    out.push('\n');
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j + close.len();
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                if i < b.len() && b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            out.push_str("\"\"");
            i += 1;
        } else if c == b'\'' {
            // A char literal ('x', '\n', '\u{..}', '\''), else a lifetime.
            let rest = &b[i + 1..];
            let len = if rest.first() == Some(&b'\\') {
                rest.iter().skip(1).position(|&x| x == b'\'').map(|p| p + 2)
            } else {
                let ch = src[i + 1..].chars().next().map_or(1, char::len_utf8);
                (rest.get(ch) == Some(&b'\'')).then_some(ch)
            };
            match len {
                Some(n) => {
                    out.push_str("' '");
                    i += n + 2;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            let ch = src[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Expands a `use` tree (`a::{b, c::{d, e as f}, self}`) into full paths.
fn expand(tree: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if tree.is_empty() {
        return;
    }
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = split_path(&tree[..open]);
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut base = prefix.to_vec();
        base.extend(head);
        let mut depth = 0;
        let mut start = 0;
        for (k, ch) in inner.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..k], &base, out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &base, out);
    } else {
        let tree = tree.split(" as ").next().unwrap_or(tree);
        let mut p = prefix.to_vec();
        for s in split_path(tree) {
            if s != "self" || p.is_empty() {
                p.push(s);
            }
        }
        out.push(p);
    }
}

fn split_path(s: &str) -> Vec<String> {
    s.split("::")
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}

/// Makes `segs` (as written in a module at `here`, inside `inline` inline modules) absolute
/// from the crate root; `None` for another crate's path.
fn absolute(
    segs: &[String],
    here: &[String],
    inline: usize,
    children: &BTreeMap<String, PathBuf>,
) -> Option<Vec<String>> {
    let first = segs.first()?;
    match first.as_str() {
        "crate" => Some(segs[1..].to_vec()),
        "super" | "self" => {
            let mut base = here.to_vec();
            let mut depth = inline;
            let mut k = 0;
            while k < segs.len() && (segs[k] == "super" || segs[k] == "self") {
                if segs[k] == "super" {
                    if depth > 0 {
                        depth -= 1;
                    } else {
                        base.pop();
                    }
                }
                k += 1;
            }
            base.extend(segs[k..].iter().cloned());
            Some(base)
        }
        name if inline == 0 && children.contains_key(name) => {
            let mut base = here.to_vec();
            base.extend(segs.iter().cloned());
            Some(base)
        }
        _ => None,
    }
}

fn read_mod(file: &Path, path: Vec<String>, out: &mut BTreeMap<Vec<String>, ModFile>) {
    let Ok(src) = std::fs::read_to_string(file) else {
        return;
    };
    let text = strip(&src);
    let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    // Children of `a.rs` live in `a/`, those of `mod.rs`/`lib.rs`/`main.rs` beside it.
    let child_dir = if matches!(stem, "mod" | "lib" | "main") {
        dir.clone()
    } else {
        dir.join(stem)
    };
    let mut m = ModFile {
        path: path.clone(),
        ..ModFile::default()
    };
    // Statement-level scan: track brace depth and inline `mod x {` nesting.
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let mut depth = 0usize;
    let mut inline_at: Vec<usize> = Vec::new();
    let mut pending_path_attr: Option<String> = None;
    // After `#[cfg(test)]`: the next item is test code, left out of the graph (a rule's
    // tests may run the engine that runs the rule).
    let mut skip_test_item = false;
    let word_at =
        |i: usize| -> String { chars[i..].iter().take_while(|c| is_ident(**c)).collect() };
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
            i += 1;
            continue;
        }
        if c == '}' {
            depth = depth.saturating_sub(1);
            if inline_at.last() == Some(&depth) {
                inline_at.pop();
            }
            i += 1;
            continue;
        }
        if c == '#' && chars.get(i + 1) == Some(&'[') {
            let end = chars[i..]
                .iter()
                .position(|&x| x == ']')
                .map_or(chars.len(), |p| i + p);
            let attr: String = chars[i..end].iter().collect();
            if attr.contains("cfg(test)") {
                skip_test_item = true;
            }
            if attr.contains("path") {
                // #[path = "x.rs"]: the literal was blanked; read it from the raw source.
                pending_path_attr = Some(attr);
            }
            i = end + 1;
            continue;
        }
        if !is_ident(c) || (i > 0 && (is_ident(chars[i - 1]) || chars[i - 1] == ':')) {
            i += 1;
            continue;
        }
        let w = word_at(i);
        if skip_test_item && w != "pub" {
            skip_test_item = false;
            // Skip the item: to its `;` or past its braced body, whichever comes first.
            let mut j = i;
            let mut d = 0usize;
            while j < chars.len() {
                match chars[j] {
                    ';' if d == 0 => break,
                    '{' => d += 1,
                    '}' => {
                        d -= 1;
                        if d == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            i = j + 1;
            continue;
        }
        match w.as_str() {
            "use" => {
                let end = chars[i..]
                    .iter()
                    .position(|&x| x == ';')
                    .map_or(chars.len(), |p| i + p);
                let stmt: String = chars[i + 3..end].iter().collect();
                let before: String = chars[i.saturating_sub(12)..i].iter().collect();
                let is_pub = before.trim_end().ends_with("pub")
                    || before.trim_end().ends_with(')') && before.contains("pub(");
                let mut paths = Vec::new();
                expand(&stmt, &[], &mut paths);
                for p in paths {
                    let Some(abs) = absolute(&p, &path, inline_at.len(), &m.children) else {
                        continue;
                    };
                    if is_pub && depth == 0 {
                        match abs.last().map(String::as_str) {
                            Some("*") => m.globs.push(abs[..abs.len() - 1].to_vec()),
                            Some(name) => {
                                let alias = stmt
                                    .split(" as ")
                                    .nth(1)
                                    .filter(|_| !stmt.contains('{'))
                                    .map_or(name.to_string(), |a| a.trim().to_string());
                                m.reexports.insert(alias, abs.clone());
                            }
                            None => {}
                        }
                    } else {
                        m.uses.push(abs);
                    }
                }
                i = end + 1;
                continue;
            }
            "mod" => {
                let mut j = i + 3;
                while j < chars.len() && chars[j].is_whitespace() {
                    j += 1;
                }
                let name = word_at(j);
                let mut k = j + name.chars().count();
                while k < chars.len() && chars[k].is_whitespace() {
                    k += 1;
                }
                if chars.get(k) == Some(&';') && depth == 0 {
                    let file = match pending_path_attr.take() {
                        Some(_) => {
                            // Find `#[path = "..."]` right before this `mod` in the raw text.
                            let raw_before = &src[..src.find(&format!("mod {name};")).unwrap_or(0)];
                            let lit = raw_before.rsplit("#[path = \"").next().unwrap_or("");
                            child_dir.join(lit.split('"').next().unwrap_or(""))
                        }
                        None => {
                            let a = child_dir.join(format!("{name}.rs"));
                            if a.exists() {
                                a
                            } else {
                                child_dir.join(&name).join("mod.rs")
                            }
                        }
                    };
                    m.defines.insert(name.clone());
                    m.children.insert(name, file);
                } else if chars.get(k) == Some(&'{') {
                    inline_at.push(depth);
                    if depth == 0 {
                        m.defines.insert(name);
                    }
                }
                i = k;
                continue;
            }
            "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "union" => {
                if depth == 0 && inline_at.is_empty() {
                    let mut j = i + w.len();
                    while j < chars.len() && chars[j].is_whitespace() {
                        j += 1;
                    }
                    let name = word_at(j);
                    if !name.is_empty() {
                        m.defines.insert(name);
                    }
                }
                pending_path_attr = None;
            }
            "macro_rules" => {
                let j = i + w.len() + 1;
                let name: String = chars[j..]
                    .iter()
                    .skip_while(|c| c.is_whitespace())
                    .take_while(|c| is_ident(**c))
                    .collect();
                m.defines.insert(name);
            }
            "crate" | "super" | "self" => {
                // A path in code: `crate::a::b`, `super::x::y(...)`.
                let mut j = i;
                let mut segs = Vec::new();
                loop {
                    let s = word_at(j);
                    if s.is_empty() {
                        break;
                    }
                    j += s.chars().count();
                    segs.push(s);
                    if chars.get(j) == Some(&':') && chars.get(j + 1) == Some(&':') {
                        j += 2;
                    } else {
                        break;
                    }
                }
                if segs.len() > 1 {
                    if let Some(abs) = absolute(&segs, &path, inline_at.len(), &m.children) {
                        m.uses.push(abs);
                    }
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += w.chars().count().max(1);
    }
    let children: Vec<(String, PathBuf)> = m
        .children
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    out.insert(path.clone(), m);
    for (name, file) in children {
        let mut p = path.clone();
        p.push(name);
        read_mod(&file, p, out);
    }
}

/// The module file a full path depends on, following re-exports.
fn resolve(
    mods: &BTreeMap<Vec<String>, ModFile>,
    path: &[String],
    hops: usize,
) -> Option<Vec<String>> {
    // The deepest module that is a prefix of the path.
    let mut k = path.len();
    while k > 0 && !mods.contains_key(&path[..k]) {
        k -= 1;
    }
    let module = &mods[&path[..k].to_vec()];
    let Some(next) = path.get(k) else {
        return Some(module.path.clone());
    };
    if hops > 8 || module.defines.contains(next) {
        return Some(module.path.clone());
    }
    if let Some(target) = module.reexports.get(next) {
        let mut t = target.clone();
        t.extend(path[k + 1..].iter().cloned());
        return resolve(mods, &t, hops + 1);
    }
    for g in &module.globs {
        let mut t = g.clone();
        t.extend(path[k..].iter().cloned());
        if let Some(r) = resolve(mods, &t, hops + 1) {
            if r != *g || mods.get(g).is_some_and(|m| m.defines.contains(next)) {
                return Some(r);
            }
        }
    }
    Some(module.path.clone())
}

fn name(p: &[String]) -> String {
    if p.is_empty() {
        "crate".into()
    } else {
        p.join("::")
    }
}

/// The strongly connected components with more than one node (Tarjan).
fn cycles(nodes: &[String], edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct St<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: HashMap<String, usize>,
        low: HashMap<String, usize>,
        stack: Vec<String>,
        on: BTreeSet<String>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit(s: &mut St, v: &str) {
        s.index.insert(v.into(), s.next);
        s.low.insert(v.into(), s.next);
        s.next += 1;
        s.stack.push(v.into());
        s.on.insert(v.into());
        let succ: Vec<String> = s
            .edges
            .get(v)
            .map(|e| e.iter().cloned().collect())
            .unwrap_or_default();
        for w in succ {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let lw = s.low[&w];
                let lv = s.low[v];
                s.low.insert(v.into(), lv.min(lw));
            } else if s.on.contains(&w) {
                let iw = s.index[&w];
                let lv = s.low[v];
                s.low.insert(v.into(), lv.min(iw));
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on.remove(&w);
                let done = w == v;
                comp.push(w);
                if done {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = St {
        edges,
        index: HashMap::new(),
        low: HashMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for n in nodes {
        if !s.index.contains_key(n) {
            visit(&mut s, n);
        }
    }
    s.out
}

/// The file-level and folder-level dependency graphs of `src/`.
fn graphs() -> (
    BTreeMap<String, BTreeSet<String>>,
    BTreeMap<String, BTreeSet<String>>,
) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut mods = BTreeMap::new();
    read_mod(&src.join("lib.rs"), Vec::new(), &mut mods);
    assert!(mods.len() > 20, "read only {} modules of src/", mods.len());
    let mut files: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut folders: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for m in mods.values() {
        let from = name(&m.path);
        files.entry(from.clone()).or_default();
        for u in &m.uses {
            let Some(to) = resolve(&mods, u, 0) else {
                continue;
            };
            if to == m.path || to.is_empty() {
                continue;
            }
            files.entry(from.clone()).or_default().insert(name(&to));
            if let (Some(a), Some(b)) = (m.path.first(), to.first()) {
                if a != b {
                    folders.entry(a.clone()).or_default().insert(b.clone());
                }
            }
        }
    }
    (files, folders)
}

#[test]
fn top_level_folders_import_each_other_one_way_only() {
    let (_, folders) = graphs();
    let nodes: Vec<String> = folders.keys().cloned().collect();
    let found = cycles(&nodes, &folders);
    assert!(
        found.is_empty(),
        "import cycles between folders of src/: {found:?}\nedges: {folders:#?}"
    );
}

#[test]
fn no_file_imports_one_that_imports_it_back() {
    let (files, _) = graphs();
    let nodes: Vec<String> = files.keys().cloned().collect();
    let found = cycles(&nodes, &files);
    let listing: Vec<String> = found
        .iter()
        .map(|c| {
            let members: BTreeSet<&String> = c.iter().collect();
            let inner: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    files[a]
                        .iter()
                        .filter(|b| members.contains(b))
                        .map(move |b| format!("  {a} -> {b}"))
                })
                .collect();
            format!("cycle among {c:?}:\n{}", inner.join("\n"))
        })
        .collect();
    assert!(found.is_empty(), "{}", listing.join("\n"));
}

#[test]
fn the_graph_sees_known_edges() {
    // The checker itself must find real edges, or the tests above prove nothing.
    let (files, folders) = graphs();
    assert!(
        folders.get("cli").is_some_and(|s| s.contains("syntax")),
        "{folders:?}"
    );
    assert!(files.values().map(BTreeSet::len).sum::<usize>() > 100);
}

#[test]
fn strip_blanks_comments_and_literals() {
    let s = strip("a // crate::x\n\"crate::y\" /* crate::z */ 'c' b'\\'' r#\"crate::w\"# x<'a>");
    assert!(!s.contains("crate::"), "{s}");
    assert!(s.contains("x<'a>"), "{s}");
}

/// The immutable tables `src/` may build once per process: `(file, what it is)`.
const IMMUTABLE_TABLES: &[(&str, &str)] = &[
    ("syntax/lower/kinds.rs", "the grammar's node kind ids"),
    ("syntax/tokens.rs", "the grammar's kind names"),
    (
        "eval/schema.rs",
        "the core resource types, parsed from an embedded JSON file",
    ),
];

#[test]
fn no_process_global_mutable_state() {
    // State belongs to a `Workspace`: a long-running server must see a file change, and
    // tests must not share state. Only the immutable tables above may live in statics.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut found = Vec::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src/ is readable").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|e| e.to_str()) != Some("rs") {
                continue;
            }
            let rel = path
                .strip_prefix(&src)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            let text = strip(&std::fs::read_to_string(&path).unwrap_or_default());
            for (n, line) in text.lines().enumerate() {
                let l = line.trim_start();
                let global = l.contains("thread_local!")
                    || l.contains("static mut ")
                    || l.contains("lazy_static!")
                    || (l.starts_with("static ")
                        || l.starts_with("pub static ")
                        || l.starts_with("pub(crate) static "))
                        && [
                            "OnceLock", "LazyLock", "OnceCell", "Mutex", "RwLock", "Atomic",
                            "RefCell", "Cell<",
                        ]
                        .iter()
                        .any(|t| l.contains(t));
                if global && !IMMUTABLE_TABLES.iter().any(|(f, _)| *f == rel) {
                    found.push(format!("src/{rel}:{}: {}", n + 1, l));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "process-global state:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_state_check_sees_a_thread_local() {
    let text = strip("fn f() {\n    thread_local! { static X: Cell<u8> = Cell::new(0); }\n}\n// thread_local! in a comment\n");
    assert_eq!(text.matches("thread_local!").count(), 1);
}
