//! Finding the configuration of each file of a run, for `rein check` and `rein fmt` alike:
//! [`Resolver`] looks for the nearest `rein.toml` or `.rein.toml` (then `.puppet-lint.rc`)
//! above each file, once per directory, reads each file found through a [`ConfigFiles`],
//! tells whether the configuration leaves the file out (`[files]`, `--ignore-paths`), and
//! builds one rule set per distinct (configuration, matching `[[overrides]]`) pair.

use foldhash::{HashMap, HashMapExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::files::ConfigFiles;
use super::{absolute, absolute_in, rule_set, Config, ConfigError, Op, CONFIG_NAMES, LINT_RC};
use crate::fmt::FormatConfig;
use crate::rules::engine::RuleSet;

/// What `rein check` and `rein fmt` need to know about one file.
#[derive(Clone)]
pub struct FileSettings {
    pub rules: Arc<RuleSet>,
    /// The formatter's settings (`[format]`).
    pub format: FormatConfig,
    /// Warnings in this file make the exit status 1.
    pub fail_on_warnings: bool,
    /// Findings suppressed in this file are shown (as ignored).
    pub show_ignored: bool,
}

/// Finds and caches the configuration of each file of a run.
pub struct Resolver {
    cwd: PathBuf,
    /// Where the configuration files are read.
    files: ConfigFiles,
    /// Index 0: the defaults; then every configuration file loaded, once each.
    configs: Vec<Arc<Config>>,
    /// The configuration given with `--config`.
    forced: Option<usize>,
    cli: Vec<Op>,
    /// `--relative` on the command line.
    relative: bool,
    /// Directory → nearest rein configuration at or above it.
    rein_dirs: HashMap<PathBuf, Option<usize>>,
    /// Directory → nearest `.puppet-lint.rc` at or above it.
    rc_dirs: HashMap<PathBuf, Option<usize>>,
    /// The `.puppet-lint.rc` of the current directory, once looked for.
    cwd_rc: Option<Option<usize>>,
    /// Directory (absolute) → which configuration files it holds ([`config_files_in`]),
    /// known without looking (a walk kept by the cache saw them).
    known: HashMap<PathBuf, u8>,
    sets: HashMap<(usize, Vec<usize>), Arc<RuleSet>>,
}

impl Resolver {
    /// A resolver for a run in the current directory; `forced` is `--config FILE`, `cli`
    /// the command line's rule selection, `relative` its `--relative`.
    pub fn new(
        forced: Option<&Path>,
        cli: Vec<Op>,
        relative: bool,
    ) -> Result<Resolver, Vec<ConfigError>> {
        Resolver::reading(ConfigFiles::default(), forced, cli, relative)
    }

    /// [`Resolver::new`] reading the configuration files through `files` (kept from an
    /// earlier run: a file whose text did not change is not parsed again); get them back
    /// with [`Resolver::into_files`].
    pub fn reading(
        files: ConfigFiles,
        forced: Option<&Path>,
        cli: Vec<Op>,
        relative: bool,
    ) -> Result<Resolver, Vec<ConfigError>> {
        let mut r = Resolver {
            cwd: absolute(Path::new(".")),
            files,
            configs: vec![Arc::new(Config::default())],
            forced: None,
            cli,
            relative,
            rein_dirs: HashMap::new(),
            rc_dirs: HashMap::new(),
            cwd_rc: None,
            known: HashMap::new(),
            sets: HashMap::new(),
        };
        if let Some(f) = forced {
            let c = r.files.load(f, &f.display().to_string())?;
            r.configs.push(c);
            r.forced = Some(r.configs.len() - 1);
        }
        Ok(r)
    }

    /// Tells which configuration files the directory `dir` holds (`present`, as
    /// [`config_files_in`] gives it), so that they need not be looked for.
    pub fn knowing(&mut self, dir: &Path, present: u8) {
        self.known.insert(absolute_in(&self.cwd, dir), present);
    }

    /// Reads no configuration file: every file gets the defaults and the command line
    /// (puppet-lint's `--no-config`).
    pub fn defaults_only(&mut self) {
        self.forced = Some(0);
    }

    /// The configurations loaded so far.
    pub fn configs(&self) -> &[Arc<Config>] {
        &self.configs
    }

    /// The configuration files read, for the next run.
    pub fn into_files(self) -> ConfigFiles {
        self.files
    }

    /// Loads the configuration file `path` found at or above the current work.
    fn load_found(&mut self, path: &Path) -> Result<usize, Vec<ConfigError>> {
        let shown = path
            .strip_prefix(&self.cwd)
            .map_or_else(|_| path.display().to_string(), |p| p.display().to_string());
        let c = self.files.load(path, &shown)?;
        self.configs.push(c);
        Ok(self.configs.len() - 1)
    }

    /// The nearest file named one of `names` at or above `dir`, loaded (cached per
    /// directory in `rc` or rein's map).
    fn nearest(
        &mut self,
        dir: &Path,
        names: &[&str],
        rc: bool,
    ) -> Result<Option<usize>, Vec<ConfigError>> {
        let mut chain = Vec::new();
        let mut found = None;
        let mut cur = Some(dir);
        while let Some(d) = cur {
            let cache = if rc { &self.rc_dirs } else { &self.rein_dirs };
            if let Some(hit) = cache.get(d) {
                found = *hit;
                break;
            }
            chain.push(d.to_path_buf());
            let known = self.known.get(d).copied();
            let present = |n: &&&str| match (known, bit(n)) {
                (Some(mask), Some(b)) => mask & b != 0,
                _ => d.join(n).is_file(),
            };
            if let Some(p) = names.iter().find(present).map(|n| d.join(n)) {
                found = Some(self.load_found(&p)?);
                break;
            }
            cur = d.parent();
        }
        let cache = if rc {
            &mut self.rc_dirs
        } else {
            &mut self.rein_dirs
        };
        for d in chain {
            cache.insert(d, found);
        }
        Ok(found)
    }

    /// The index of the configuration of the file at `abs` (absolute).
    fn config_index(&mut self, abs: &Path) -> Result<usize, Vec<ConfigError>> {
        if let Some(i) = self.forced {
            return Ok(i);
        }
        let dir = abs.parent().unwrap_or(abs).to_path_buf();
        if let Some(i) = self.nearest(&dir, &CONFIG_NAMES, false)? {
            return Ok(i);
        }
        if let Some(i) = self.nearest(&dir, &[LINT_RC], true)? {
            return Ok(i);
        }
        let cwd_rc = match self.cwd_rc {
            Some(c) => c,
            None => {
                let p = self.cwd.join(LINT_RC);
                let c = if p.is_file() {
                    Some(self.load_found(&p)?)
                } else {
                    None
                };
                self.cwd_rc = Some(c);
                c
            }
        };
        Ok(cwd_rc.unwrap_or(0))
    }

    /// The configuration of the file `file`, whatever it leaves out (the defaults when
    /// none applies).
    pub fn config_of(&mut self, file: &Path) -> Result<Arc<Config>, Vec<ConfigError>> {
        let (index, _) = self.locate(file)?;
        Ok(self.configs.get(index).cloned().unwrap_or_default())
    }

    /// The index of the configuration of `file`, and `file` relative to its directory
    /// (as given when the configuration has none).
    fn locate(&mut self, file: &Path) -> Result<(usize, PathBuf), Vec<ConfigError>> {
        let abs = absolute_in(&self.cwd, file);
        let index = self.config_index(&abs)?;
        let dir = self.configs.get(index).and_then(|c| c.dir.as_deref());
        let rel = match dir.and_then(|d| abs.strip_prefix(d).ok()) {
            Some(r) => r.to_path_buf(),
            None => file.to_path_buf(),
        };
        Ok((index, rel))
    }

    /// The settings of the file `file`, or `None` when its configuration leaves it out
    /// (see [`Config::selects`]; `named`: the file was named, not found by walking).
    pub fn settings(
        &mut self,
        file: &Path,
        named: bool,
    ) -> Result<Option<FileSettings>, Vec<ConfigError>> {
        let (index, rel) = self.locate(file)?;
        let Some(config) = self.configs.get(index) else {
            return Ok(None);
        };
        if !config.selects(&rel, &file.to_string_lossy(), named) {
            return Ok(None);
        }
        let overrides = config.overrides_for(&rel);
        let fail_on_warnings = config.fail_on_warnings;
        let show_ignored = config.show_ignored;
        let format = config.format;
        let key = (index, overrides);
        let rules = match self.sets.get(&key) {
            Some(s) => s.clone(),
            None => {
                let s = Arc::new(rule_set(&config.selection(
                    &key.1,
                    &self.cli,
                    self.relative,
                )));
                self.sets.insert(key, s.clone());
                s
            }
        };
        Ok(Some(FileSettings {
            rules,
            format,
            fail_on_warnings,
            show_ignored,
        }))
    }

    /// Whether the configuration of `file` names it an Unfurl document (`[files] unfurl`);
    /// false when its configuration cannot be read (the run reports that).
    pub fn is_unfurl(&mut self, file: &Path) -> bool {
        let Ok((index, rel)) = self.locate(file) else {
            return false;
        };
        self.configs
            .get(index)
            .and_then(|c| c.unfurl.as_ref())
            .is_some_and(|g| g.matches_tree(&rel))
    }

    /// How many distinct rule sets were built.
    pub fn rule_set_count(&self) -> usize {
        self.sets.len()
    }
}

/// Every configuration file name a directory may hold: rein's, then puppet-lint's.
const ALL_NAMES: [&str; 4] = [CONFIG_NAMES[0], CONFIG_NAMES[1], CONFIG_NAMES[2], LINT_RC];

// A new configuration file name goes into `ALL_NAMES` too.
const _: () = assert!(CONFIG_NAMES.len() == 3);

/// The bit of the configuration file name `name` in [`config_files_in`]'s answer.
fn bit(name: &str) -> Option<u8> {
    ALL_NAMES.iter().position(|n| *n == name).map(|i| 1 << i)
}

/// Which configuration files (`rein.toml`, `.rein.toml`, `lint.toml`, `.puppet-lint.rc`)
/// the directory `dir` holds, one bit each: for [`Resolver::knowing`].
pub fn config_files_in(dir: &Path) -> u8 {
    ALL_NAMES
        .iter()
        .filter(|n| dir.join(n).is_file())
        .fold(0, |mask, n| mask | bit(n).unwrap_or(0))
}

/// The names of the configuration files whose bits `mask` ([`config_files_in`]'s answer)
/// holds.
pub fn config_files_named(mask: u8) -> impl Iterator<Item = &'static str> {
    ALL_NAMES
        .into_iter()
        .filter(move |n| bit(n).is_some_and(|b| mask & b != 0))
}
