//! Path globs of the configuration.
//!
//! `[files]` include/exclude and `[[overrides]] files` are gitignore-like: relative to the
//! configuration file's directory, `*` and `?` do not cross `/`, `**` crosses any number of
//! directories, a pattern without `/` matches a name in any directory (`site.pp`), a
//! leading `/` anchors a pattern to the configuration's directory, and a pattern matching a
//! directory matches every file below it (`vendor`, `spec/fixtures`).
//!
//! puppet-lint's `--ignore-paths` patterns are Ruby `File.fnmatch` patterns without flags:
//! `*` crosses `/`, matched against the whole path string.

use std::path::Path;

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

/// A compiled list of globs.
#[derive(Clone, Debug)]
pub struct PathGlobs {
    set: GlobSet,
    /// The patterns as written.
    pub patterns: Vec<String>,
}

/// A pattern that does not compile: its index in the list and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobError {
    pub index: usize,
    pub message: String,
}

impl PathGlobs {
    /// gitignore-like globs (see the module documentation).
    pub fn tree<S: AsRef<str>>(patterns: &[S]) -> Result<PathGlobs, GlobError> {
        PathGlobs::build(patterns, true)
    }

    /// fnmatch patterns, as puppet-lint's `--ignore-paths`.
    pub fn fnmatch<S: AsRef<str>>(patterns: &[S]) -> Result<PathGlobs, GlobError> {
        PathGlobs::build(patterns, false)
    }

    fn build<S: AsRef<str>>(patterns: &[S], tree: bool) -> Result<PathGlobs, GlobError> {
        let mut b = GlobSetBuilder::new();
        for (index, p) in patterns.iter().enumerate() {
            let p = p.as_ref();
            let text = if tree { tree_pattern(p) } else { p.to_string() };
            let glob = GlobBuilder::new(&text)
                .literal_separator(tree)
                .backslash_escape(true)
                .build()
                .map_err(|e| GlobError {
                    index,
                    message: format!("bad glob `{p}`: {}", e.kind()),
                })?;
            b.add(glob);
        }
        let set = b.build().map_err(|e| GlobError {
            index: 0,
            message: format!("bad glob: {}", e.kind()),
        })?;
        Ok(PathGlobs {
            set,
            patterns: patterns.iter().map(|p| p.as_ref().to_string()).collect(),
        })
    }

    /// Whether `rel` (a path relative to the configuration's directory) or one of the
    /// directories it is in matches.
    pub fn matches_tree(&self, rel: &Path) -> bool {
        rel.ancestors()
            .filter(|a| !a.as_os_str().is_empty())
            .any(|a| self.set.is_match(a))
    }

    /// Whether the path string `s` matches.
    pub fn matches_str(&self, s: &str) -> bool {
        self.set.is_match(s)
    }
}

/// The glob a gitignore-like pattern stands for.
fn tree_pattern(p: &str) -> String {
    let p = p.strip_prefix("./").unwrap_or(p);
    let p = p.strip_suffix('/').unwrap_or(p);
    if let Some(anchored) = p.strip_prefix('/') {
        anchored.to_string()
    } else if p.contains('/') {
        p.to_string()
    } else {
        format!("**/{p}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(p: &[&str]) -> PathGlobs {
        PathGlobs::tree(p).unwrap()
    }

    #[test]
    fn names_match_in_any_directory_and_directories_match_below() {
        let g = tree(&["site.pp", "vendor"]);
        assert!(g.matches_tree(Path::new("site.pp")));
        assert!(g.matches_tree(Path::new("a/b/site.pp")));
        assert!(g.matches_tree(Path::new("x/vendor/m/init.pp")));
        assert!(!g.matches_tree(Path::new("a/b/init.pp")));
    }

    #[test]
    fn slashes_anchor_and_star_stays_in_its_directory() {
        let g = tree(&["manifests/*.pp", "/top.pp"]);
        assert!(g.matches_tree(Path::new("manifests/init.pp")));
        assert!(!g.matches_tree(Path::new("manifests/sub/x.pp")));
        assert!(!g.matches_tree(Path::new("mod/manifests/init.pp")));
        assert!(g.matches_tree(Path::new("top.pp")));
        assert!(!g.matches_tree(Path::new("a/top.pp")));
        let g = tree(&["**/manifests/**/*.pp"]);
        assert!(g.matches_tree(Path::new("mod/manifests/sub/x.pp")));
    }

    #[test]
    fn fnmatch_star_crosses_slashes() {
        let g = PathGlobs::fnmatch(&["modules/stdlib/*"]).unwrap();
        assert!(g.matches_str("modules/stdlib/manifests/init.pp"));
        assert!(!g.matches_str("modules/apt/manifests/init.pp"));
    }

    #[test]
    fn bad_globs_say_which() {
        let e = PathGlobs::tree(&["ok", "a[b"]).unwrap_err();
        assert_eq!(e.index, 1);
        assert!(e.message.starts_with("bad glob `a[b`: "), "{}", e.message);
    }
}
