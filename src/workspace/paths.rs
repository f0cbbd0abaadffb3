//! How the workspace names files: relative to the directory it runs in when the file is
//! below it (`a.pp`, `manifests/init.pp`, never `./a.pp`), absolute otherwise
//! (`/srv/t/a.pp`, never `../t/a.pp`), with `.`, `..` and repeated separators resolved
//! lexically (symbolic links are not followed, so a file keeps the name it was given).
//! Every file has one name, so a file named twice (`a.pp ./a.pp`) is one file, and that
//! name is what every output format prints.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};

/// Names files against the directory a workspace runs in.
#[derive(Clone, Debug)]
pub struct PathNames {
    /// The current directory when the workspace was made (`None` when it cannot be read:
    /// paths are then only cleaned).
    cwd: Option<PathBuf>,
}

impl Default for PathNames {
    fn default() -> PathNames {
        PathNames::relative_to(std::env::current_dir().ok())
    }
}

impl PathNames {
    /// Names relative to `cwd` (an absolute directory).
    pub fn relative_to(cwd: Option<PathBuf>) -> PathNames {
        PathNames {
            cwd: cwd.map(|d| lexical(&d)),
        }
    }

    /// The name of `path`; borrowed when `path` already is one (a relative path without
    /// `.` or `..`, as walking a named directory gives them).
    pub fn name<'a>(&self, path: &'a Path) -> Cow<'a, Path> {
        let bytes = path.as_os_str().as_encoded_bytes();
        let clean = path.is_relative()
            && !bytes.is_empty()
            && path.components().all(|c| matches!(c, Component::Normal(_)))
            && !bytes.windows(2).any(|w| w == b"//")
            && !bytes.windows(3).any(|w| w == b"/./")
            && !bytes.ends_with(b"/")
            && !bytes.ends_with(b"/.");
        if clean {
            return Cow::Borrowed(path);
        }
        let Some(cwd) = &self.cwd else {
            let l = lexical(path);
            return Cow::Owned(if l.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                l
            });
        };
        let abs = lexical(&cwd.join(path));
        Cow::Owned(match abs.strip_prefix(cwd) {
            Ok(rel) if rel.as_os_str().is_empty() => PathBuf::from("."),
            Ok(rel) => rel.to_path_buf(),
            Err(_) => abs,
        })
    }
}

/// `path` with `.` components dropped and `..` applied to what precedes it (a leading `..`
/// of a relative path is kept; `/..` is `/`).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                let last = out.components().next_back();
                match last {
                    Some(Component::Normal(_)) => {
                        out.pop();
                    }
                    Some(Component::RootDir | Component::Prefix(_)) => {}
                    _ => out.push(".."),
                }
            }
            other => out.push(other),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(cwd: Option<&str>, path: &str) -> String {
        PathNames::relative_to(cwd.map(PathBuf::from))
            .name(Path::new(path))
            .display()
            .to_string()
    }

    #[test]
    fn below_the_directory_relative_elsewhere_absolute() {
        let w = Some("/w/r");
        assert_eq!(name(w, "a.pp"), "a.pp");
        assert_eq!(name(w, "./a.pp"), "a.pp");
        assert_eq!(name(w, "m//manifests/./init.pp"), "m/manifests/init.pp");
        assert_eq!(name(w, "/w/r/m/a.pp"), "m/a.pp");
        assert_eq!(name(w, "../t/a.pp"), "/w/t/a.pp");
        assert_eq!(name(w, "m/../../r/a.pp"), "a.pp");
        assert_eq!(name(w, "/w/rx/a.pp"), "/w/rx/a.pp");
        assert_eq!(name(w, "."), ".");
        assert_eq!(name(w, "./"), ".");
        assert_eq!(name(w, "m/"), "m");
        assert_eq!(name(w, "/w/r"), ".");
        assert_eq!(name(w, "/../x"), "/x");
    }

    #[test]
    fn without_a_directory_paths_are_only_cleaned() {
        assert_eq!(name(None, "./a/../b.pp"), "b.pp");
        assert_eq!(name(None, "../b.pp"), "../b.pp");
        assert_eq!(name(None, "./"), ".");
    }
}
