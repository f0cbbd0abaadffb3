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
        // A clean relative path is a name (as walking a named directory gives them), and
        // so is a clean absolute one that is not below the directory.
        if crate::config::is_clean(path)
            && (path.is_relative() || self.cwd.as_deref().is_none_or(|cwd| !path.starts_with(cwd)))
        {
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

/// `path` as the key of a map: its bytes, hashed and compared as such. `Path`'s own
/// `Hash` goes component by component, a byte at a time (in a warm run, the cache's
/// lookups by path cost more than what they look up). Two spellings of one path (`a//b`,
/// `a/b`) are two keys: a map keyed so is a memo, where that costs a second look only.
pub fn key(path: &Path) -> &[u8] {
    path.as_os_str().as_encoded_bytes()
}

/// Sorts `paths` in `Path`'s order (component by component), quickly when all are clean
/// ([`crate::config::is_clean`]): their components hold no separator, so their bytes with
/// the separator made the lowest byte compare as their components do in turn (a leading
/// root, the lowest, before any component, as `Path` orders it).
pub fn sort_paths(paths: &mut Vec<PathBuf>) {
    let key = |p: &Path| -> Option<Vec<u8>> {
        let bytes = p.as_os_str().as_encoded_bytes();
        crate::config::is_clean(p).then(|| {
            bytes
                .iter()
                .map(|&c| if c == b'/' { 0 } else { c })
                .collect()
        })
    };
    let keys: Option<Vec<Vec<u8>>> = paths.iter().map(|p| key(p)).collect();
    match keys {
        Some(keys) => {
            let mut keyed: Vec<(Vec<u8>, PathBuf)> =
                keys.into_iter().zip(paths.drain(..)).collect();
            keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0));
            paths.extend(keyed.into_iter().map(|(_, p)| p));
        }
        None => paths.sort_unstable(),
    }
}

/// The paths named (`roots`, names) and each directory of `dirs` that holds one of them:
/// files named below a directory the run works in are checked as part of it.
pub fn project_roots(roots: &[PathBuf], dirs: &[PathBuf], names: &PathNames) -> Vec<PathBuf> {
    let mut out = roots.to_vec();
    for dir in dirs {
        let dir = names.name(dir).into_owned();
        if !out.contains(&dir) && roots.iter().any(|r| is_below(r, &dir)) {
            out.push(dir);
        }
    }
    out
}

/// Whether the path named `path` is the directory named `dir` or below it.
fn is_below(path: &Path, dir: &Path) -> bool {
    if dir == Path::new(".") {
        path.is_relative()
    } else {
        path.starts_with(dir)
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
    fn a_directory_the_run_works_in_joins_the_roots_named_below_it() {
        let names = PathNames::relative_to(Some(PathBuf::from("/w/r")));
        let roots = |named: &[&str], dirs: &[&str]| -> Vec<String> {
            let named: Vec<PathBuf> = named
                .iter()
                .map(|p| names.name(Path::new(p)).into_owned())
                .collect();
            let dirs: Vec<PathBuf> = dirs.iter().map(PathBuf::from).collect();
            project_roots(&named, &dirs, &names)
                .iter()
                .map(|p| p.display().to_string())
                .collect()
        };
        assert_eq!(roots(&["m/a.pp", "b.pp"], &["."]), ["m/a.pp", "b.pp", "."]);
        assert_eq!(roots(&["/w/r/m/a.pp"], &["/w/r"]), ["m/a.pp", "."]);
        assert_eq!(roots(&["/t/a.pp"], &["."]), ["/t/a.pp"]);
        assert_eq!(roots(&["."], &["."]), ["."]);
        assert_eq!(
            roots(&["/t/x/a.pp", "m/b.pp"], &["/t", "/u"]),
            ["/t/x/a.pp", "m/b.pp", "/t"]
        );
        assert_eq!(roots(&["m/b.pp"], &["/w/r/m"]), ["m/b.pp", "m"]);
        assert_eq!(roots(&["mx/b.pp"], &["/w/r/m"]), ["mx/b.pp"]);
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
    fn paths_sort_as_their_components() {
        let clean = [
            "a", "a-b", "a/b", "a/b/c", "a.b", "ab", "a/.h", ".hidden", "b", "a b", "é", "a/é",
        ];
        let absolute = ["/", "/a", "/a/b", "/a-b", "/a.b/c", "/a/b-c", "/a/b/c"];
        let unclean = ["..", "./a", "a/./b", "a//b", "a/", "/..", "x/../a"];
        for set in [
            &clean[..],
            &absolute[..],
            &[&clean[..], &absolute[..]].concat(),
            &[&clean[..], &unclean[..]].concat(),
        ] {
            let mut ours: Vec<PathBuf> = set.iter().rev().map(PathBuf::from).collect();
            let mut std = ours.clone();
            sort_paths(&mut ours);
            std.sort();
            assert_eq!(ours, std);
        }
    }

    #[test]
    fn without_a_directory_paths_are_only_cleaned() {
        assert_eq!(name(None, "./a/../b.pp"), "b.pp");
        assert_eq!(name(None, "../b.pp"), "../b.pp");
        assert_eq!(name(None, "./"), ".");
    }
}
