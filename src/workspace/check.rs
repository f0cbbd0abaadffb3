//! The check pipeline: find the manifests, resolve each one's configuration (see
//! [`crate::config`]), parse them in parallel and gather the definitions of all of them,
//! then check (and fix, when asked) each one against the whole, and sort the findings by
//! file, line and column.
//!
//! Memory stays bounded by the largest file, not the sum of all: the first pass keeps only
//! the definitions (a compact index) and hands each parse to the module store
//! ([`crate::eval::module_store`]), which keeps as many as its budget allows for the second
//! pass and for the evaluator following classes into other files; the second pass parses
//! again the files it no longer holds, checks each and drops its parse. Only the parses of
//! files whose text is set (an editor's buffers) stay in the workspace after the run
//! (reused when their bytes are the same), and a report keeps a file's text only for the
//! output formats that print it.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Weak};

use rayon::prelude::*;

use super::cache::{self, Cache, Entry, YamlCache};
use super::discover::Discovered;
use super::files::Parse;
use super::fix::{fix_file, Fixed};
use super::paths::project_roots;
use super::select::select;
use super::write::Writer;
use super::Workspace;
use crate::config::{ConfigError, FileSettings, Op, PathGlobs, Resolver};
use crate::diagnostics::{self, FileReport, Finding, Severity};
use crate::eval::loader::{environment_of, outside_modulepath};
use crate::eval::project::Project;
use crate::rules::{self, engine::RuleSet};
use crate::syntax::ParsedFile;

/// Stack size of the worker threads: deep nesting in a manifest must not overflow.
pub const WORKER_STACK: usize = 64 * 1024 * 1024;

/// How to check: the configuration and what to do besides reporting.
#[derive(Debug, Default)]
pub struct CheckOptions {
    /// `--config`: this configuration file for every file.
    pub config: Option<PathBuf>,
    /// `--no-config`: no configuration file, every rule at its default.
    pub no_config: bool,
    /// The command line's rule selection (`--only-checks`, `--no-NAME-check`/`--NAME-check`,
    /// `--select`, `--ignore`), in the order they apply.
    pub ops: Vec<Op>,
    /// Warnings count as failures (besides the files whose configuration says so).
    pub fail_on_warnings: bool,
    /// Fix the files in place: `Some(unsafe_fixes)`.
    pub fix: Option<bool>,
    /// Keep the findings that `# lint:ignore:` comments suppress, marked ignored.
    pub show_ignored: bool,
    /// Where the deep checks find modules; empty: each file's own module path.
    pub modulepath: Vec<PathBuf>,
    /// puppet-lint's `--ignore-paths`: files matching these are skipped (named or walked).
    pub ignore_paths: Option<PathGlobs>,
    /// puppet-lint's `--relative` (for autoloader_layout).
    pub relative: bool,
    /// The cache of unchanged files to use ([`super::cache`]); `None`: no cache. Fixing
    /// never uses it.
    pub cache: Option<PathBuf>,
    /// Walk directories for manifests only, not EPP templates nor YAML (puppet-lint's file
    /// set: rein run as puppet-lint); templates and YAML named explicitly are still checked.
    pub manifests_only: bool,
    /// `--force`: fixing writes read-only files too.
    pub force: bool,
    /// `--allow-outside-modulepath`: the deep checks read the `modulepath` entries of an
    /// `environment.conf` that leave the environment (a warning names each otherwise).
    pub allow_outside_modulepath: bool,
    /// The front end shows no source text (`--format concise`, `json`...): the findings
    /// of a file taken from the cache come without its text (the file is not read).
    pub without_sources: bool,
    /// The directories the run works in (the command line's current directory, the
    /// language server's workspace folders): a path named below one of them is checked
    /// as part of it, so that the deep checks look for modules where a check of the whole
    /// directory would (pre-commit and CI name files from the repository's root).
    pub project_dirs: Vec<PathBuf>,
}

/// The outcome of a check: everything a front end reports.
#[derive(Debug, Default)]
pub struct Report {
    /// Warnings about the configuration files read (unknown `.puppet-lint.rc` flags).
    pub notes: Vec<String>,
    /// The findings of each file, sorted by path (a file's source is kept only when it
    /// has findings).
    pub files: Vec<FileReport>,
    /// How many files were checked.
    pub files_checked: usize,
    /// Findings at error level, and at warning level (suppressed ones not counted).
    pub errors: usize,
    pub warnings: usize,
    /// A warning was found where warnings count as failures.
    pub failing_warnings: bool,
    /// Paths that could not be read (or files not written), as messages, sorted.
    pub io_errors: Vec<String>,
    /// What fixing did, when asked to fix.
    pub fix: Option<FixSummary>,
    /// The files checked anew, sorted: all of them without a cache, else those whose
    /// cache entry did not hold.
    pub rechecked: Vec<String>,
    /// When every file was taken from the cache: what the run looked at, for a run memo
    /// ([`super::run_memo`]).
    pub watch: Option<super::run_memo::Watch>,
}

impl Report {
    /// Adds the outcome of checking one file; `fail_on_warnings`: its warnings count as
    /// failures.
    fn add(&mut self, outcome: Outcome, fail_on_warnings: bool) {
        match outcome {
            Outcome::Report(r, fixed) => {
                if fail_on_warnings {
                    self.failing_warnings |= r
                        .findings
                        .iter()
                        .any(|f| f.severity == Severity::Warning && f.ignored().is_none());
                }
                if let Some(summary) = &mut self.fix {
                    summary.fixes += fixed.fixes;
                    summary.files += usize::from(fixed.fixes > 0);
                    summary.unsafe_left += fixed.unsafe_left;
                    summary.problems.extend(fixed.problem);
                }
                self.files.push(r)
            }
            Outcome::IoError(e) => self.io_errors.push(e),
        }
    }
}

/// What fixing did to all files.
#[derive(Debug, Default)]
pub struct FixSummary {
    /// Unsafe fixes were applied too.
    pub unsafe_fixes: bool,
    /// Fixes applied, and in how many files.
    pub fixes: usize,
    pub files: usize,
    /// Unsafe fixes not applied because they were not asked for.
    pub unsafe_left: usize,
    /// Files whose fixes were not applied or did not settle, as messages, sorted.
    pub problems: Vec<String>,
}

/// Why nothing was checked.
#[derive(Debug)]
pub enum CheckError {
    /// A configuration file (or `--config`) has problems.
    Config(Vec<ConfigError>),
    /// The worker threads could not be started; the configuration had been read, with
    /// these `notes` (as [`Report::notes`]).
    Threads { message: String, notes: Vec<String> },
    /// Paths named do not exist (or cannot be reached): these messages. Nothing is checked.
    Missing(Vec<String>),
}

/// The result of checking one file.
enum Outcome {
    Report(FileReport, Fixed),
    IoError(String),
}

/// The files of a check with their settings, and the warnings about the configuration
/// files read.
struct Plan {
    jobs: Vec<(PathBuf, FileSettings)>,
    notes: Vec<String>,
}

/// How to check one file.
#[derive(Clone, Copy)]
struct Mode<'a> {
    /// Fix it: `Some(unsafe_fixes)`.
    fix: Option<bool>,
    /// Keep the suppressed findings, marked ignored.
    show_ignored: bool,
    /// Its text is a buffer set in the workspace: fixes change that, not the disk.
    in_buffer: bool,
    /// What writes the fixed files.
    writer: &'a Writer,
    /// The report keeps the file's text (for the formats that print it).
    with_source: bool,
}

/// A file to check, with its settings.
type Job = (PathBuf, FileSettings);

/// What the first pass leaves of a file for the second.
enum Held {
    /// Taken from the cache: nothing to check.
    Hit,
    /// Its parse, kept by the run (the text of a buffer: the workspace keeps it anyway).
    Parse(Parse),
    /// Its parse, as long as the module store keeps it (else it is parsed again).
    Shared(Weak<ParsedFile>),
    /// To be read and parsed again.
    Again,
    /// Why it could not be read.
    Error(String),
}

/// A file's cache entry, when it holds.
type Hit = Option<Arc<Entry>>;

impl Workspace {
    /// Checks the manifests named by or below `paths` with `options`.
    pub fn check(
        &mut self,
        paths: &[PathBuf],
        options: &CheckOptions,
    ) -> Result<Report, CheckError> {
        let cache = options
            .cache
            .as_deref()
            .filter(|_| options.fix.is_none())
            .and_then(Cache::open);
        let mut found = self.discover_with_unfurl(
            paths,
            options.config.as_deref(),
            !options.no_config,
            cache.as_ref(),
        );
        if options.manifests_only {
            let named = &found.named;
            let yaml = &found.yaml;
            found.files.retain(|f| {
                named.contains(f)
                    || !(crate::syntax::epp::is_template_path(f) || yaml.contains_key(f))
            });
            found.yaml.retain(|f, _| named.contains(f));
        }
        if !found.missing.is_empty() {
            return Err(CheckError::Missing(found.missing));
        }
        // From here on the paths are those named, each once under its name.
        let roots = project_roots(&found.roots, &options.project_dirs, self.files.names());
        let paths = roots.as_slice();
        let Plan { jobs, mut notes } = self.plan(&found, options).map_err(CheckError::Config)?;
        // YAML files are checked after the manifests, against their definitions.
        let (yaml_jobs, jobs): (Vec<_>, Vec<_>) = jobs
            .into_iter()
            .partition(|(p, _)| found.yaml.contains_key(p));
        notes.extend(found.notes.iter().cloned());
        if rules_evaluate(&jobs) && options.modulepath.is_empty() {
            notes.extend(self.outside_modulepath(&jobs, paths, options));
        }
        let fixing = jobs
            .iter()
            .chain(&yaml_jobs)
            .map(|(p, _)| p)
            .filter(|_| options.fix.is_some());
        let writer = self.writer(options.force, &found, fixing);
        // The entries of unchanged files (none for a file whose text is set).
        let mut rule_digests: HashMap<*const RuleSet, u64> = HashMap::new();
        let mut layouts = cache::Layouts::default();
        let run = cache::digest((&options.modulepath, paths, options.allow_outside_modulepath));
        let mut key_of = |p: &PathBuf, s: &FileSettings, layouts: &mut cache::Layouts| -> u64 {
            let Some(c) = &cache else {
                return 0;
            };
            let display = p.display().to_string();
            let rules = *rule_digests
                .entry(Arc::as_ptr(&s.rules))
                .or_insert_with(|| cache::rules_digest(&s.rules));
            let is_link = c.stamp(p).map(|s| s.1);
            cache::key(&display, rules, show(options, s), run, layouts, is_link)
        };
        let keys: Vec<u64> = jobs
            .iter()
            .map(|(p, s)| key_of(p, s, &mut layouts))
            .collect();
        // (One by one: a lookup and a `stat` each, less than handing them to threads.)
        let mut hits: Vec<Option<Arc<Entry>>> = match &cache {
            Some(c) => jobs
                .iter()
                .zip(&keys)
                .map(|((p, _), key)| {
                    if self.files.has_text(p) {
                        return None;
                    }
                    c.load(&p.display().to_string(), p, *key)
                })
                .collect(),
            None => jobs.iter().map(|_| None).collect(),
        };
        // Threads are started only for files to parse and check, and only for more than
        // one: a run whose every file is taken from the cache does its little work on this
        // thread, and so does a run with one file to check (a pre-commit hook's one changed
        // file, one big manifest): no threads to start, and its parse, evaluation and
        // findings are made on one thread, which reuses the memory each gives back.
        let mut pool = None;
        let parallel = |hits: &[Hit]| hits.iter().filter(|h| h.is_none()).count() > 1;
        if parallel(&hits) {
            match self.pool() {
                Ok(p) => pool = Some(p),
                Err(message) => return Err(CheckError::Threads { message, notes }),
            }
        }
        // The definitions of all files are gathered before any is checked, for the checks
        // that look across files; the parses are kept within the store's budget.
        let mut held = self.gather(pool.as_deref(), &jobs, &hits, paths, options);
        let project_digest = cache::digest(self.project.definitions());
        // An entry whose deep findings no longer hold is checked again.
        if let Some(c) = &cache {
            let stale: Vec<bool> = hits
                .iter()
                .map(|h| h.as_ref().is_some_and(|e| !c.deep_holds(e, project_digest)))
                .collect();
            for (i, stale) in stale.into_iter().enumerate() {
                if stale {
                    if let (Some(h), Some(slot)) = (hits.get_mut(i), held.get_mut(i)) {
                        *h = None;
                        *slot = match jobs.get(i).and_then(|(p, _)| self.files.take(p)) {
                            Some(last) => Held::Parse(last),
                            None => Held::Again,
                        };
                    }
                }
            }
            self.project.reads = Some(Arc::default());
        }
        if pool.is_none() && parallel(&hits) {
            match self.pool() {
                Ok(p) => pool = Some(p),
                Err(message) => return Err(CheckError::Threads { message, notes }),
            }
        }
        let (files, project, writer) = (&self.files, &self.project, &writer);
        let deep = rules_evaluate(&jobs);
        let one = |(((p, s), held), (hit, key)): ((&Job, Held), (&Hit, &u64))| {
            let display = p.display().to_string();
            if let Some(entry) = hit {
                let report = entry.report(p, display, !options.without_sources);
                return (Outcome::Report(report, Fixed::default()), None);
            }
            let in_buffer = files.has_text(p);
            let mode = Mode {
                fix: options.fix,
                show_ignored: show(options, s),
                in_buffer,
                writer,
                with_source: !options.without_sources,
            };
            let parse = match held {
                Held::Parse(parse) => Ok(parse),
                // A fix takes its parse over: the store's stays as it was.
                Held::Shared(tree) => match tree.upgrade() {
                    Some(t) if options.fix.is_some() => {
                        Ok(Parse::from_parts(None, ParsedFile::clone(&t)))
                    }
                    Some(t) => Ok(Parse::shared(t)),
                    None => files.parse(p, None),
                },
                Held::Again => files.parse(p, None),
                Held::Error(e) => Err(e),
                Held::Hit => Err(format!("{display}: not read")),
            };
            let mut out = match parse {
                Ok(f) => check_file(p, f, &s.rules, mode, project),
                Err(e) => (Outcome::IoError(e), None),
            };
            if let (Some(c), (Outcome::Report(r, _), Some(parse))) = (&cache, &out) {
                remember(
                    c,
                    p,
                    &display,
                    *key,
                    parse,
                    r,
                    deep,
                    project,
                    project_digest,
                );
            }
            // The parse of a file on disk is dropped now; a buffer's stays in the workspace.
            if !in_buffer {
                out.1 = None;
            }
            out
        };
        let checked: Vec<(Outcome, Option<Parse>)> = match &pool {
            Some(pool) => pool.install(|| {
                jobs.par_iter()
                    .zip(held)
                    .zip(hits.par_iter().zip(&keys))
                    .map(one)
                    .collect()
            }),
            None => jobs
                .iter()
                .zip(held)
                .zip(hits.iter().zip(&keys))
                .map(one)
                .collect(),
        };
        let yaml_keys: Vec<u64> = yaml_jobs
            .iter()
            .map(|(p, s)| {
                let base = key_of(p, s, &mut layouts);
                cache::yaml_key(base, p, found.yaml.get(p), &mut layouts)
            })
            .collect();
        let yaml_cache = cache.as_ref().map(|c| YamlCache {
            cache: c,
            keys: &yaml_keys,
            project: project_digest,
            without_sources: options.without_sources,
        });
        let yaml = self.check_yaml_jobs(
            pool.as_deref(),
            &yaml_jobs,
            &found.yaml,
            (options.fix, options.show_ignored),
            writer,
            yaml_cache,
        );
        let all_hit = hits.iter().all(Option::is_some) && yaml.iter().all(|(_, hit)| *hit);
        let watch = cache.as_ref().filter(|_| all_hit).and_then(|c| {
            let buffers = found.files.iter().any(|p| self.files.has_text(p));
            let walked: Vec<String> = found
                .roots
                .iter()
                .filter(|r| c.look(r).is_some_and(|(_, _, t)| t.is_dir()))
                .map(|r| r.display().to_string())
                .collect();
            let config = options.config.as_deref();
            (!buffers)
                .then(|| super::run_memo::watch(c, &found.roots, &walked, config))
                .flatten()
        });
        if let Some(c) = &cache {
            c.save();
        }
        self.spent_cache = cache;
        let mut rechecked: Vec<String> = jobs
            .iter()
            .zip(hits.iter().map(Option::is_some))
            .chain(yaml_jobs.iter().zip(yaml.iter().map(|(_, hit)| *hit)))
            .filter(|(_, hit)| !hit)
            .map(|((p, _), _)| p.display().to_string())
            .collect();
        let mut report = Report {
            notes,
            files_checked: jobs.len() + yaml_jobs.len(),
            io_errors: found.errors,
            fix: options.fix.map(|unsafe_fixes| FixSummary {
                unsafe_fixes,
                ..FixSummary::default()
            }),
            watch,
            ..Report::default()
        };
        for ((path, settings), (outcome, parse)) in jobs.into_iter().zip(checked) {
            if let Some(parse) = parse {
                // A buffer's fixes change its text (a file's were written).
                let fixed = matches!(&outcome, Outcome::Report(_, f) if f.fixes > 0);
                if fixed && self.files.has_text(&path) {
                    self.files.set_text(&path, parse.tree.source.clone());
                }
                self.files.keep(path, parse);
            }
            let fail_on_warnings = settings.fail_on_warnings || options.fail_on_warnings;
            report.add(outcome, fail_on_warnings);
        }
        rechecked.sort();
        report.rechecked = rechecked;
        for ((path, settings), (outcome, _)) in yaml_jobs.into_iter().zip(yaml) {
            let outcome = match outcome {
                Ok((r, fixed, buffer_text)) => {
                    if let Some(text) = buffer_text {
                        self.files.set_text(&path, text);
                    }
                    Outcome::Report(r, fixed)
                }
                Err(e) => Outcome::IoError(e),
            };
            report.add(
                outcome,
                settings.fail_on_warnings || options.fail_on_warnings,
            );
        }
        diagnostics::sort_reports(&mut report.files);
        (report.errors, report.warnings) = diagnostics::count(&report.files);
        report.io_errors.sort();
        if let Some(summary) = &mut report.fix {
            summary.problems.sort();
        }
        Ok(report)
    }

    /// Checks the file `path` with `text` as its text (kept as its text from now on: see
    /// [`Workspace::set_text`]).
    pub fn check_text(
        &mut self,
        path: &Path,
        text: &str,
        options: &CheckOptions,
    ) -> Result<Report, CheckError> {
        self.set_text(path, text);
        self.check(&[path.to_path_buf()], options)
    }

    /// The warnings about the `modulepath` entries that leave the environments of the
    /// files of `jobs` (none with `--allow-outside-modulepath`).
    fn outside_modulepath(
        &self,
        jobs: &[(PathBuf, FileSettings)],
        roots: &[PathBuf],
        options: &CheckOptions,
    ) -> Vec<String> {
        if options.allow_outside_modulepath {
            return Vec::new();
        }
        // With every file named, the roots are as many as the files: each directory is
        // resolved once, and only when some file is in an environment.
        let mut real_roots: Option<Arc<std::collections::HashSet<PathBuf>>> = None;
        let mut real_roots = || {
            let made = real_roots.get_or_insert_with(|| {
                let mut real = crate::eval::real_paths::RealPaths::default();
                Arc::new(roots.iter().filter_map(|r| real.real(r)).collect())
            });
            made.clone()
        };
        let mut envs = HashMap::new();
        let store = &self.project.store;
        let found: std::collections::BTreeSet<PathBuf> = jobs
            .iter()
            .filter_map(|(p, _)| environment_of(p, &mut real_roots, store, &mut envs))
            .collect();
        found
            .iter()
            .flat_map(|env| outside_modulepath(env))
            .collect()
    }

    /// The first pass: reads and parses the files of `jobs` without a cache entry (`hits`),
    /// gathers their definitions and those of the cache entries (the files below `paths`)
    /// into the project, and hands the clean parses to the module store (see the module
    /// documentation); what is left of each file for the second pass. A buffer's parse is
    /// reused for the same bytes.
    fn gather(
        &mut self,
        pool: Option<&rayon::ThreadPool>,
        jobs: &[(PathBuf, FileSettings)],
        hits: &[Option<Arc<Entry>>],
        paths: &[PathBuf],
        options: &CheckOptions,
    ) -> Vec<Held> {
        let cached = |e: &Arc<Entry>| Project::from_definitions(e.definitions.clone());
        // Nothing to parse: the definitions are the cache entries'.
        if hits.iter().all(Option::is_some) {
            let mut project = Project::default();
            for e in hits.iter().flatten().filter(|e| e.clean) {
                project.merge(cached(e));
            }
            self.set_project(project, paths, options);
            return jobs.iter().map(|_| Held::Hit).collect();
        }
        let last: Vec<Option<Parse>> = jobs.iter().map(|(p, _)| self.files.take(p)).collect();
        let (files, store) = (&self.files, &self.project.store);
        store.begin_run();
        // A run of as many files as threads (one big file...) keeps their parses whatever
        // the budget: checking them holds as much anyway, and parsing again costs time.
        let threads = pool.map_or(1, rayon::ThreadPool::current_num_threads);
        let few = hits.iter().filter(|h| h.is_none()).count() <= threads;
        let one = |(((p, _), last), hit): ((&Job, Option<Parse>), &Hit)| {
            if hit.is_some() {
                return (Held::Hit, None);
            }
            let parse = match files.parse(p, last) {
                Ok(parse) => parse,
                Err(e) => return (Held::Error(e), None),
            };
            let clean = !parse.tree.has_errors() && parse.source_is_bytes().is_some();
            let project = clean.then(|| Project::of(&parse.tree.program));
            let buffer = files.has_text(p);
            let held = if clean && store.offer(p, parse.tree.clone(), buffer) {
                if buffer {
                    Held::Parse(parse)
                } else {
                    Held::Shared(Arc::downgrade(&parse.tree))
                }
            } else if buffer || few {
                Held::Parse(parse)
            } else {
                Held::Again
            };
            (held, project)
        };
        let merge = |mut a: Project, b: Project| {
            a.merge(b);
            a
        };
        let (held, project) = match pool {
            Some(pool) => {
                let (held, projects): (Vec<Held>, Vec<Option<Project>>) =
                    pool.install(|| jobs.par_iter().zip(last).zip(hits).map(one).unzip());
                let project = pool.install(|| {
                    let cached = hits.par_iter().flatten().filter(|e| e.clean).map(cached);
                    projects
                        .into_par_iter()
                        .flatten()
                        .chain(cached)
                        .reduce(Project::default, merge)
                });
                (held, project)
            }
            None => {
                let (held, projects): (Vec<Held>, Vec<Option<Project>>) =
                    jobs.iter().zip(last).zip(hits).map(one).unzip();
                let cached = hits.iter().flatten().filter(|e| e.clean).map(cached);
                let all = projects.into_iter().flatten().chain(cached);
                (held, all.fold(Project::default(), merge))
            }
        };
        self.set_project(project, paths, options);
        held
    }

    /// Makes `project` (the definitions gathered) the run's, with its module path, roots
    /// and options, and the module-path files loaded so far (they stay across runs).
    fn set_project(&mut self, mut project: Project, paths: &[PathBuf], options: &CheckOptions) {
        project.modulepath = options.modulepath.clone();
        project.roots = paths.to_vec();
        project.allow_outside_modulepath = options.allow_outside_modulepath;
        project.store = std::mem::take(&mut self.project.store);
        self.project = project;
    }

    /// The files to check with their settings (`named`: those named on the command line),
    /// and the warnings about the configuration files read; or the problems of a
    /// configuration file.
    fn plan(
        &mut self,
        found: &Discovered,
        options: &CheckOptions,
    ) -> Result<Plan, Vec<ConfigError>> {
        let (named, files) = (&found.named, &found.files);
        let mut resolver = Resolver::reading(
            std::mem::take(&mut self.configs),
            options.config.as_deref(),
            options.ops.clone(),
            options.relative,
        )?;
        if options.no_config {
            resolver.defaults_only();
        }
        for (dir, present) in &found.configs {
            resolver.knowing(dir, *present);
        }
        let jobs = select(&mut resolver, named, files, options.ignore_paths.as_ref());
        let notes = resolver
            .configs()
            .iter()
            .flat_map(|c| c.notes.iter().cloned())
            .collect();
        self.configs = resolver.into_files();
        Ok(Plan { jobs: jobs?, notes })
    }

    /// The worker threads, started on first use.
    pub(super) fn pool(&mut self) -> Result<Arc<rayon::ThreadPool>, String> {
        if let Some(p) = &self.pool {
            return Ok(p.clone());
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .stack_size(WORKER_STACK)
            .build()
            .map_err(|e| e.to_string())?;
        Ok(self.pool.insert(Arc::new(pool)).clone())
    }
}

/// Whether the suppressed findings of a file with settings `s` are kept.
fn show(options: &CheckOptions, s: &FileSettings) -> bool {
    options.show_ignored || s.show_ignored
}

/// Stores the findings `report` of the file `path` (parsed as `parse`) in the cache, with
/// what its deep findings (when `deep` rules ran) read. A file whose bytes are not its
/// text (a byte order mark, invalid UTF-8) is not stored.
#[allow(clippy::too_many_arguments)]
fn remember(
    cache: &Cache,
    path: &Path,
    display: &str,
    key: u64,
    parse: &Parse,
    report: &FileReport,
    deep: bool,
    project: &Project,
    project_digest: u64,
) {
    let Some(source) = parse.source_is_bytes() else {
        return;
    };
    let tree = &parse.tree;
    let clean = !tree.has_errors();
    let definitions = if clean {
        Project::of(&tree.program).definitions()
    } else {
        Default::default()
    };
    let reads = project.reads.as_ref().map(|r| r.reads_of(path));
    let deep = deep.then(|| (project_digest, reads.unwrap_or_default()));
    cache.store(
        display,
        key,
        source.as_bytes(),
        clean,
        definitions,
        deep,
        &report.findings,
    );
}

/// Whether some file of the run is checked with a deep rule (those evaluate code).
fn rules_evaluate(jobs: &[(PathBuf, FileSettings)]) -> bool {
    jobs.iter().any(|(_, s)| {
        s.rules
            .enabled()
            .iter()
            .any(|e| e.rule.meta().category == rules::Category::Deep)
    })
}

/// Checks one parsed file (and fixes it, in fix mode) with the definitions of the whole
/// run: its findings (the source is kept only when there are some), and the parse of its
/// text now (none when it could not be written).
fn check_file(
    path: &Path,
    parse: Parse,
    rule_set: &RuleSet,
    mode: Mode,
    project: &Project,
) -> (Outcome, Option<Parse>) {
    let display = path.display().to_string();
    let mut fixed_problems = Vec::new();
    let (fixed, diagnostics, parse) = match mode.fix {
        Some(unsafe_fixes) => {
            match fix_file(
                path,
                &display,
                parse,
                rule_set,
                unsafe_fixes,
                project,
                (!mode.in_buffer).then_some(mode.writer),
            ) {
                Ok(f) => {
                    fixed_problems = f.fixed_problems;
                    (f.fixed, Some(f.diagnostics), f.parse)
                }
                Err(e) => return (Outcome::IoError(e), None),
            }
        }
        None => (Fixed::default(), None, parse),
    };
    // Fixing checked without the suppressed findings.
    let diagnostics = diagnostics
        .filter(|_| !mode.show_ignored)
        .unwrap_or_else(|| {
            rules::engine::check_file_in(
                &display,
                &parse.tree,
                rule_set,
                mode.show_ignored,
                Some(project),
            )
        });
    let parsed = &parse.tree;
    let report = report_of(
        display,
        (&parsed.source, &parsed.line_index),
        diagnostics,
        &fixed_problems,
        mode.with_source,
    );
    (Outcome::Report(report, fixed), Some(parse))
}

/// The report of the file `display` with text `source`: its findings for `diagnostics`
/// (the source kept only when there are some) and the problems its fixes took care of.
pub(super) fn file_report(
    display: String,
    source: &str,
    index: &crate::syntax::LineIndex,
    diagnostics: Vec<rules::Diagnostic>,
    fixed_problems: &[rules::fix::FixedProblem],
) -> FileReport {
    report_of(display, (source, index), diagnostics, fixed_problems, true)
}

/// The findings of `diagnostics` (by `finding`), in their order, made in the diagnostics'
/// own buffer: a [`Finding`] is no bigger than a [`rules::Diagnostic`] (a test holds it),
/// so the standard library's in-place collection writes each finding where its diagnostic
/// was, and a file with many findings never holds both lists.
fn findings_of(
    diagnostics: Vec<rules::Diagnostic>,
    finding: impl Fn(rules::Diagnostic) -> Finding,
) -> Vec<Finding> {
    diagnostics.into_iter().map(finding).collect()
}

/// [`file_report`], keeping the source only when `with_source` (the output format prints
/// it) and there are findings.
fn report_of(
    display: String,
    (source, index): (&str, &crate::syntax::LineIndex),
    diagnostics: Vec<rules::Diagnostic>,
    fixed_problems: &[rules::fix::FixedProblem],
    with_source: bool,
) -> FileReport {
    let file = Arc::new(display.clone());
    let findings = findings_of(diagnostics, |d| {
        Finding::from_diagnostic(&file, source, index, d)
    });
    let source = if findings.is_empty() || !with_source {
        String::new()
    } else {
        source.to_string()
    };
    let fixed = fixed_problems
        .iter()
        .map(|p| Finding::fixed(&file, p))
        .collect();
    FileReport {
        path: display,
        source,
        findings,
        fixed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{LineIndex, Span};

    #[test]
    fn findings_are_made_in_the_diagnostics_buffer_in_order() {
        let source = "$a = \"x\"\n".repeat(1000);
        let index = LineIndex::new(&source);
        let diagnostics: Vec<rules::Diagnostic> = (0..1000u32)
            .map(|i| {
                let mut d =
                    rules::Diagnostic::new(Span::new(i as usize * 9 + 5, i as usize * 9 + 8), "dq");
                d.rule = "double_quoted_strings";
                d.order = 999 - i;
                d
            })
            .collect();
        let buffer = diagnostics.as_ptr() as usize;
        let file = Arc::new(String::from("f.pp"));
        let findings = findings_of(diagnostics, |d| {
            Finding::from_diagnostic(&file, &source, &index, d)
        });
        assert_eq!(findings.as_ptr() as usize, buffer);
        assert_eq!(findings.len(), 1000);
        for (i, f) in findings.iter().enumerate() {
            assert_eq!((f.line as usize, f.column, f.end_column), (i + 1, 6, 9));
            assert_eq!(f.order as usize, 999 - i);
        }
    }
}
