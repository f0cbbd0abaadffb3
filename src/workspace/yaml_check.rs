//! Checking the YAML files of a run (Hiera's, and those a claim keeps): each is parsed by
//! the YAML front end and checked by the YAML engine against the run's definitions (read
//! after the manifests are gathered); with `--fix`, fixed until nothing changes (at most
//! [`rules::fix::MAX_ROUNDS`] rounds) and written atomically, only if the fixed text still
//! parses.
//!
//! With a cache, a YAML file whose entry still holds (its bytes, its key, and what its
//! Hiera rules read: see [`super::cache`]) is not parsed: its findings are the entry's.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::cache::YamlCache;
use super::check::file_report;
use super::fix::{unsafe_fixes_of, Fixed};
use super::write::Writer;
use super::Workspace;
use crate::config::{io_message, FileSettings};
use crate::diagnostics::FileReport;
use crate::eval::project::Project;
use crate::eval::reads::Read;
use crate::rules::{self, engine::RuleSet, yaml_context::YamlKind, Diagnostic};
use crate::syntax::yaml;

/// What checking one YAML file gave: its report and what fixing did, its fixed text when
/// it is a buffer, or why it could not be read or written.
pub type YamlOutcome = Result<(FileReport, Fixed, Option<String>), String>;

impl Workspace {
    /// Checks the YAML `jobs` (of kinds `kinds`); `fix`: `Some(unsafe_fixes)`;
    /// `show_ignored`: keep suppressed findings (marked) in every file, as well as in those
    /// whose settings say so. Each outcome comes with whether it was taken from the `cache`.
    pub(super) fn check_yaml_jobs(
        &self,
        pool: Option<&rayon::ThreadPool>,
        jobs: &[(PathBuf, FileSettings)],
        kinds: &BTreeMap<PathBuf, YamlKind>,
        (fix, show_ignored): (Option<bool>, bool),
        writer: &Writer,
        cache: Option<YamlCache<'_>>,
    ) -> Vec<(YamlOutcome, bool)> {
        let (files, project) = (&self.files, &self.project);
        let one = |(i, (path, settings)): (usize, &(PathBuf, FileSettings))| {
            let display = path.display().to_string();
            let kind = kinds.get(path).cloned().unwrap_or(YamlKind::Plain);
            let in_buffer = files.has_text(path);
            let cached = cache.as_ref().filter(|_| !in_buffer).and_then(|c| {
                let key = *c.keys.get(i)?;
                Some((c, key))
            });
            let hit = cached.and_then(|(c, key)| {
                let entry = c.cache.load(&display, path, key)?;
                c.cache.deep_holds(&entry, c.project).then_some(entry)
            });
            if let Some(entry) = hit {
                let text = !cache.as_ref().is_some_and(|c| c.without_sources);
                let report = entry.report(path, display, text);
                return (Ok((report, Fixed::default(), None)), true);
            }
            let bytes = match files.read(path) {
                Ok(b) => b,
                Err(e) => return (Err(format!("{display}: {}", io_message(&e))), false),
            };
            let out = check_one(
                path,
                &bytes,
                &kind,
                (&settings.rules, show_ignored || settings.show_ignored),
                project,
                fix,
                (!in_buffer).then_some(writer),
            );
            if let (Some((c, key)), Ok((report, _, _))) = (cached, &out) {
                let deep = reads_of(path, &kind, project).map(|r| (c.project, r));
                c.cache.store(
                    &display,
                    key,
                    &bytes,
                    false,
                    Default::default(),
                    deep,
                    &report.findings,
                );
            }
            (out, false)
        };
        // Without a pool (every manifest of the run was taken from the cache), one by one.
        match pool {
            Some(pool) => pool.install(|| jobs.par_iter().enumerate().map(one).collect()),
            None => jobs.iter().enumerate().map(one).collect(),
        }
    }
}

/// What the findings of the YAML file `path` (of kind `kind`) depend on besides its bytes
/// and key, when the Hiera rules looked beyond it: its Hiera configuration, and what they
/// read through the module path (recorded in the run's log of the file).
fn reads_of(path: &Path, kind: &YamlKind, project: &Project) -> Option<Vec<Read>> {
    let config = match kind {
        YamlKind::HieraData { config } => config,
        YamlKind::HieraConfig | YamlKind::Unfurl | YamlKind::Plain => return None,
    };
    let mut reads = project
        .reads
        .as_ref()
        .map(|r| r.reads_of(path))
        .unwrap_or_default();
    reads.push(Read::File(config.clone()));
    reads.sort();
    reads.dedup();
    Some(reads)
}

/// Checks (and fixes) one YAML file whose bytes are `bytes`, with `rules`; the findings
/// its directives suppress are reported marked when `show_ignored` (and never fixed).
fn check_one(
    path: &Path,
    bytes: &[u8],
    kind: &YamlKind,
    (rules, show_ignored): (&RuleSet, bool),
    project: &Project,
    fix: Option<bool>,
    writer: Option<&Writer>,
) -> YamlOutcome {
    let in_buffer = writer.is_none();
    let display = path.display().to_string();
    let mut file = yaml::parse_bytes(bytes);
    let check = |f: &yaml::YamlFile, keep_ignored: bool| {
        rules::yaml_engine::check_yaml_file(path, f, kind, rules, Some(project), keep_ignored)
    };
    let mut diagnostics = check(&file, show_ignored && fix.is_none());
    let mut fixed = Fixed::default();
    let mut fixed_problems = Vec::new();
    if let Some(unsafe_fixes) = fix {
        let mut text = file.source.clone();
        for round in 0..=rules::fix::MAX_ROUNDS {
            let applied = rules::fix::apply(&text, &diagnostics, unsafe_fixes);
            if applied.fixed == 0 {
                break;
            }
            if round == rules::fix::MAX_ROUNDS {
                fixed.problem = Some(format!(
                    "{display}: fixes still apply after {} rounds; the file was written as it was then",
                    rules::fix::MAX_ROUNDS
                ));
                break;
            }
            let next = yaml::parse(&applied.text);
            if next.error.is_some() {
                fixed.problem = Some(format!(
                    "{display}: fixes not applied: the fixed text would not parse (a bug in rein: please report it)"
                ));
                break;
            }
            for i in &applied.applied {
                if let Some(d) = diagnostics.get(*i) {
                    fixed_problems.push(problem(&file, d));
                }
            }
            fixed.fixes += applied.fixed;
            text = applied.text;
            file = next;
            diagnostics = check(&file, false);
        }
        if let Some(writer) = writer.filter(|_| fixed.fixes > 0) {
            writer
                .replace(path, bytes, file.source.as_bytes())
                .map_err(|e| format!("{display}: {e}"))?;
        }
        if !unsafe_fixes {
            fixed.unsafe_left = unsafe_fixes_of(&diagnostics);
        }
        if show_ignored {
            diagnostics = check(&file, true);
        }
    }
    let buffer_text = (in_buffer && fixed.fixes > 0).then(|| file.source.clone());
    let report = file_report(
        display,
        &file.source,
        &file.line_index,
        diagnostics,
        &fixed_problems,
    );
    Ok((report, fixed, buffer_text))
}

/// A fixed problem, positioned in the text it was found in.
fn problem(file: &yaml::YamlFile, d: &Diagnostic) -> rules::fix::FixedProblem {
    rules::fix::FixedProblem {
        diagnostic: d.clone(),
        start: file.line_col(d.span.start()),
        end: file.line_col(d.span.end()),
    }
}
