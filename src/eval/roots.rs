//! The directories a run checks, which the deep checks read modules inside of (unless
//! given a module path): each named directory resolved once, so that whether a directory
//! is inside one costs one resolution and a lookup per ancestor, however many paths the
//! run names.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The directories a run checks, each resolved once (symbolic links followed).
#[derive(Clone, Debug, Default)]
pub struct Roots(HashSet<PathBuf>);

impl Roots {
    /// The directories among `paths` (files named on their own are no roots: the deep
    /// checks read no module beside a file named alone).
    pub fn new(paths: &[PathBuf]) -> Roots {
        Roots(
            paths
                .iter()
                .filter(|p| p.is_dir())
                .filter_map(|p| p.canonicalize().ok())
                .collect(),
        )
    }

    /// Whether `dir` is one of the roots or below one.
    pub fn contain(&self, dir: &Path) -> bool {
        let Ok(dir) = dir.canonicalize() else {
            return false;
        };
        dir.ancestors().any(|a| self.0.contains(a))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_are_the_directories_named_and_what_is_below_them() {
        let fixtures = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"));
        let deep = fixtures.join("deep");
        let named_file = fixtures.join("deep/modules/deepmod/manifests/init.pp");
        // Named in any spelling, each once; a file named alone is no root.
        let roots = Roots::new(&[
            deep.join("modules/../modules"),
            deep.join("./modules"),
            named_file.clone(),
        ]);
        assert_eq!(roots.0.len(), 1);
        assert!(roots.contain(&deep.join("modules")));
        assert!(roots.contain(&deep.join("modules/deepmod/manifests")));
        assert!(!roots.contain(&deep));
        assert!(!roots.contain(&fixtures.join("missing")));
        assert!(!Roots::new(&[named_file]).contain(&deep.join("modules/deepmod/manifests")));
    }
}
