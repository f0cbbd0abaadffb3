//! Which YAML files are Unfurl documents: those whose configuration names them
//! (`[files] unfurl` globs in `rein.toml`) and those that say so
//! (`apiVersion: unfurl/...`, [`crate::syntax::unfurl::is_unfurl_document`]). The claim
//! [`super::discover::discover_claiming`] asks about every YAML file walked or named that is
//! not Hiera's.

use std::cell::RefCell;
use std::path::{Path, PathBuf};

use super::cache::Cache;
use super::discover::{self, Discovered};
use super::Workspace;
use crate::config::Resolver;
use crate::rules::yaml_context::YamlKind;
use crate::syntax::unfurl::is_unfurl_document;

/// YAML files larger than this are not read to see whether they are Unfurl's (an ensemble
/// is a few kilobytes; a generated data dump is not one).
const SNIFF_LIMIT: u64 = 4 << 20;

impl Workspace {
    /// [`Workspace::discover`], keeping the Unfurl documents among the YAML files too, by
    /// the configuration `--config` (`config`) or the one found for each file gives (none
    /// when `use_config` is false: `--no-config`).
    pub fn discover_with_unfurl(
        &mut self,
        paths: &[PathBuf],
        config: Option<&Path>,
        use_config: bool,
        cache: Option<&Cache>,
    ) -> Discovered {
        let files = std::mem::take(&mut self.configs);
        let resolver = match Resolver::reading(files, config, Vec::new(), false) {
            Ok(r) if use_config => Some(RefCell::new(r)),
            Ok(r) => {
                self.configs = r.into_files();
                None
            }
            // The run reports the configuration's problems when it plans.
            Err(_) => None,
        };
        let claim = |path: &Path| -> Option<YamlKind> {
            let configured = resolver
                .as_ref()
                .is_some_and(|r| r.borrow_mut().is_unfurl(path));
            (configured || self.says_unfurl(path, cache)).then_some(YamlKind::Unfurl)
        };
        let found = discover::discover_claiming(
            paths,
            self.files.names(),
            |p| self.files.has_text(p),
            Some(&claim),
            cache,
        );
        if let Some(r) = resolver {
            self.configs = r.into_inner().into_files();
        }
        found
    }

    /// Whether the text of `path` is an Unfurl document; the `cache` keeps which files on
    /// disk are not, so that an unchanged one is not read again.
    fn says_unfurl(&self, path: &Path, cache: Option<&Cache>) -> bool {
        let on_disk = !self.files.has_text(path);
        let display = path.display().to_string();
        let cache = cache.filter(|_| on_disk);
        if cache.is_some_and(|c| c.known_plain(&display, path)) {
            return false;
        }
        if on_disk && std::fs::metadata(path).map_or(true, |m| m.len() > SNIFF_LIMIT) {
            return false;
        }
        // Cheap test first: most YAML files never mention it.
        let unfurl = self.files.read(path).is_ok_and(|bytes| {
            bytes.windows(7).any(|w| w == b"unfurl/")
                && is_unfurl_document(&crate::syntax::yaml::parse_bytes(&bytes))
        });
        if let (false, Some(c)) = (unfurl, cache) {
            c.note_plain(&display, path);
        }
        unfurl
    }
}
