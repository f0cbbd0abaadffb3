//! Configuration of `rein check` and `rein fmt`: finding the configuration of each file,
//! parsing it, and turning it into the rules to run.
//!
//! A file's configuration is the nearest `rein.toml` or `.rein.toml` in its directory or
//! above (or the file given with `--config`); without one, the nearest `.puppet-lint.rc`
//! above the file, or the one in the current directory, is honoured as puppet-lint would;
//! without any, the defaults apply. Each configuration file is read once per run
//! ([`Resolver`] caches per directory) and parsed once per version ([`ConfigFiles`]), and
//! one [`RuleSet`] is built per distinct (configuration, matching `[[overrides]]`) pair and
//! shared by every file that has it. The formatter's settings of a file come from the
//! `[format]` table of the same configuration.
//!
//! Rule selection is a list of [`Op`]s applied in order to the level and options of every
//! registered rule: the `[rules]` table (groups first, so that a rule's own entry wins),
//! then each matching `[[overrides]]` entry, then the command line (`--select`, then
//! `--ignore`).

pub mod files;
pub mod glob;
pub mod lintrc;
pub mod migrate;
mod parse;
mod reference;
mod resolver;

use std::path::{Component, Path, PathBuf};

pub use files::{io_message, ConfigFiles, LoadError};
pub use glob::PathGlobs;
pub use parse::parse_config;
pub use reference::{reference_config, starter_config};
pub use resolver::{config_files_in, config_files_named, FileSettings, Resolver};

use crate::fmt::FormatConfig;
use crate::rules::engine::RuleSet;
use crate::rules::{registry, Category, Level, OptionKind, RuleMeta};
use crate::syntax::suggest::{close_names, did_you_mean};

/// Names of rein's configuration files, looked for in this order in each directory, by
/// `rein check` and `rein fmt` alike. `lint.toml` is the name of the reference
/// configuration at the top of rein's repository: a copy of it works as it is.
pub const CONFIG_NAMES: [&str; 3] = ["rein.toml", ".rein.toml", "lint.toml"];

/// puppet-lint's configuration file, honoured when no rein configuration applies.
pub const LINT_RC: &str = ".puppet-lint.rc";

/// A problem in a configuration file, or on the command line, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file, as displayed.
    pub path: String,
    /// 1-based line; 0 when the problem is not at one place in the file.
    pub line: usize,
    /// 1-based column in characters (meaningful when `line` is not 0).
    pub column: usize,
    pub message: String,
}

impl ConfigError {
    /// An error at byte `offset` of `text`.
    pub fn at(path: &str, text: &str, offset: usize, message: impl Into<String>) -> ConfigError {
        let before = text.get(..offset).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ConfigError {
            path: path.to_string(),
            line,
            column,
            message: message.into(),
        }
    }

    /// An error about a whole file (it cannot be read).
    pub fn file(path: &str, message: impl Into<String>) -> ConfigError {
        ConfigError {
            path: path.to_string(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.path, self.message)
        } else {
            write!(
                f,
                "{}:{}:{}: {}",
                self.path, self.line, self.column, self.message
            )
        }
    }
}

/// What a rule name or group name in the configuration stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Every rule (`all`).
    All,
    /// Every rule of a category (`validation`, `style`, ...).
    Category(Category),
    /// Every rule implementing a puppet-lint plugin check (`voxpupuli`).
    Plugins,
    /// One rule: its index in [`registry::all`].
    Rule(usize),
}

/// `; did you mean ...?` with the rule and group names close to the unknown `name`
/// (empty when none is).
pub fn target_hint(name: &str) -> String {
    let groups = std::iter::once("all")
        .chain(GROUPS.iter().map(|c| c.as_str()))
        .chain([PLUGIN_GROUP])
        .map(|g| vec![g]);
    did_you_mean(&close_names(name, groups.chain(rule_names())))
}

/// `; did you mean ...?` with the rule names close to the unknown `name`.
pub fn rule_hint(name: &str) -> String {
    did_you_mean(&close_names(name, rule_names()))
}

/// The names of each configurable rule (its name, puppet-lint name and aliases).
fn rule_names() -> impl Iterator<Item = Vec<&'static str>> {
    registry::all()
        .iter()
        .map(|r| r.meta())
        .filter(|m| m.category != Category::Syntax)
        .map(|m| m.names().collect())
}

/// The categories a group key may name (`syntax` findings are always reported).
const GROUPS: [Category; 6] = [
    Category::Validation,
    Category::Style,
    Category::Layout,
    Category::Suppression,
    Category::Correctness,
    Category::Deep,
];

impl Target {
    /// `all`, a category name, or any name of a rule (its name, puppet-lint name or alias).
    pub fn parse(name: &str) -> Option<Target> {
        if name == "all" {
            return Some(Target::All);
        }
        if let Some(c) = GROUPS.iter().find(|c| c.as_str() == name) {
            return Some(Target::Category(*c));
        }
        if name == PLUGIN_GROUP {
            return Some(Target::Plugins);
        }
        let rule = registry::find(name)?;
        let name = rule.meta().name;
        registry::all()
            .iter()
            .position(|r| r.meta().name == name)
            .map(Target::Rule)
    }

    /// Whether the rule at `index` with `meta` is targeted.
    fn matches(self, index: usize, meta: &RuleMeta) -> bool {
        if meta.category == Category::Syntax {
            return false;
        }
        match self {
            Target::All => true,
            Target::Category(c) => meta.category == c,
            Target::Plugins => meta.plugin.is_some(),
            Target::Rule(i) => i == index,
        }
    }

    /// Groups apply before single rules, so that a rule's own entry wins.
    fn rank(self) -> u8 {
        match self {
            Target::All => 0,
            Target::Category(_) | Target::Plugins => 1,
            Target::Rule(_) => 2,
        }
    }
}

/// One step of rule selection.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Set the level of the targeted rules.
    Level(Target, Level),
    /// Turn on the targeted rules that are off: at their default level, or `warning` when
    /// their default is off.
    Enable(Target),
    /// Turn on the listed rules as [`Op::Enable`] does and every other rule off
    /// (puppet-lint's `--only-checks`).
    Only(Vec<Target>),
    /// Set options of one rule (its index in [`registry::all`]).
    Options(usize, toml::Table),
}

/// The level and options of every registered rule, indexed like [`registry::all`].
pub type Selection = Vec<(Level, toml::Table)>;

/// Every rule at its default level with its default options.
pub fn default_selection() -> Selection {
    registry::all()
        .iter()
        .map(|r| (r.meta().level, toml::Table::new()))
        .collect()
}

/// The group of every rule implementing a puppet-lint plugin check.
pub const PLUGIN_GROUP: &str = "voxpupuli";

/// The level a rule is turned on at by `--select` or `--NAME-check`: its default level, or
/// its plugin's severity, or `warning`.
fn enabled_level(meta: &RuleMeta) -> Level {
    match (meta.level, meta.plugin) {
        (Level::Off, Some(p)) => p.level,
        (Level::Off, None) => Level::Warning,
        (l, _) => l,
    }
}

/// Applies `ops` in order to `sel`.
pub fn apply(ops: &[Op], sel: &mut Selection) {
    let rules = registry::all();
    for op in ops {
        for (i, (rule, (level, options))) in rules.iter().zip(sel.iter_mut()).enumerate() {
            let meta = rule.meta();
            match op {
                Op::Level(t, l) if t.matches(i, meta) => *level = *l,
                Op::Enable(t) if t.matches(i, meta) && *level == Level::Off => {
                    *level = enabled_level(meta);
                }
                Op::Only(ts) if meta.category != Category::Syntax => {
                    if !ts.iter().any(|t| t.matches(i, meta)) {
                        *level = Level::Off;
                    } else if *level == Level::Off {
                        *level = enabled_level(meta);
                    }
                }
                Op::Options(j, table) if *j == i => {
                    for (k, v) in table {
                        options.insert(k.clone(), v.clone());
                    }
                }
                _ => {}
            }
        }
    }
}

/// The rule set of a selection.
pub fn rule_set(sel: &Selection) -> RuleSet {
    RuleSet::new(
        registry::all()
            .iter()
            .zip(sel)
            .map(|(r, (level, options))| (*r, *level, options.clone()))
            .collect(),
    )
}

/// Sorts `[rules]` operations so that groups come first (`all`, then categories), then
/// single rules, keeping the source order within each rank.
fn by_rank(mut ops: Vec<Op>) -> Vec<Op> {
    ops.sort_by_key(|op| match op {
        Op::Level(t, _) | Op::Enable(t) => t.rank(),
        Op::Only(_) => 0,
        Op::Options(..) => 2,
    });
    ops
}

/// One `[[overrides]]` entry.
#[derive(Debug)]
pub struct Override {
    pub files: PathGlobs,
    pub ops: Vec<Op>,
}

/// One parsed configuration file (or the built-in defaults).
#[derive(Debug, Default)]
pub struct Config {
    /// The file, as displayed; `None` for the built-in defaults.
    pub path: Option<String>,
    /// The directory globs are relative to (absolute).
    pub dir: Option<PathBuf>,
    pub format: FormatConfig,
    /// `[rules]`, groups first.
    pub ops: Vec<Op>,
    /// `[files] include`: when set, files found by walking must match one of these.
    pub include: Option<PathGlobs>,
    /// `[files] exclude`: files matching one of these are skipped.
    pub exclude: Option<PathGlobs>,
    pub overrides: Vec<Override>,
    /// `[files] unfurl`: YAML files matching one of these are Unfurl documents.
    pub unfurl: Option<PathGlobs>,
    /// `[puppet] strict`: Puppet's `strict` setting, the level of the rules that follow it
    /// ([`registry::FOLLOW_STRICT`]); `None` is Puppet 8's default, `error`.
    pub strict: Option<Level>,
    /// `[files] ignore_paths`, puppet-lint's `--ignore-paths`: files whose path matches
    /// one of these fnmatch patterns are skipped.
    pub ignore_paths: Option<PathGlobs>,
    /// `[check] fail_on_warnings`, puppet-lint's `--fail-on-warnings`: warnings make the
    /// exit status 1.
    pub fail_on_warnings: bool,
    /// `[check] show_ignored`, puppet-lint's `--show-ignored`: findings suppressed by
    /// `# lint:ignore:` are shown.
    pub show_ignored: bool,
    /// puppet-lint's `--relative`: passed as option `relative = true` to every rule that
    /// has such an option (autoloader_layout).
    pub relative: bool,
    /// Warnings met while loading (unknown `.puppet-lint.rc` flags), for stderr.
    pub notes: Vec<String>,
}

impl Config {
    /// Whether a file is checked and formatted: `[files] exclude` and `ignore_paths`
    /// (puppet-lint's `--ignore-paths`) leave out any file, named on the command line or
    /// found by walking a directory; `[files] include` narrows only the files found by
    /// walking (`named` false). `rel` is the path relative to the configuration's
    /// directory, `shown` the path as displayed.
    pub fn selects(&self, rel: &Path, shown: &str, named: bool) -> bool {
        if let Some(inc) = &self.include {
            if !named && !inc.matches_tree(rel) {
                return false;
            }
        }
        if let Some(exc) = &self.exclude {
            if exc.matches_tree(rel) {
                return false;
            }
        }
        if let Some(ign) = &self.ignore_paths {
            if ign.matches_str(shown) || ign.matches_str(&rel.to_string_lossy()) {
                return false;
            }
        }
        true
    }

    /// The indices of the `[[overrides]]` entries whose globs match `rel`.
    pub fn overrides_for(&self, rel: &Path) -> Vec<usize> {
        self.overrides
            .iter()
            .enumerate()
            .filter(|(_, o)| o.files.matches_tree(rel))
            .map(|(i, _)| i)
            .collect()
    }

    /// The rule selection of a file matching the overrides `overrides`, after `cli`;
    /// `relative` is the command line's `--relative`.
    pub fn selection(&self, overrides: &[usize], cli: &[Op], relative: bool) -> Selection {
        let mut sel = default_selection();
        if let Some(strict) = self.strict {
            for (rule, (level, _)) in registry::all().iter().zip(sel.iter_mut()) {
                if registry::FOLLOW_STRICT.contains(&rule.meta().name) {
                    *level = strict;
                }
            }
        }
        apply(&self.ops, &mut sel);
        for i in overrides {
            if let Some(o) = self.overrides.get(*i) {
                apply(&o.ops, &mut sel);
            }
        }
        apply(cli, &mut sel);
        if self.relative || relative {
            for (rule, (_, options)) in registry::all().iter().zip(sel.iter_mut()) {
                let has = rule
                    .meta()
                    .options
                    .iter()
                    .any(|o| o.name == "relative" && o.kind == OptionKind::Bool);
                if has && !options.contains_key("relative") {
                    options.insert("relative".into(), toml::Value::Boolean(true));
                }
            }
        }
        sel
    }
}

/// Whether `path` is spelled as its components would print it: not empty, no `.` or `..`
/// component, no repeated or trailing separator (so it needs no lexical cleaning).
pub fn is_clean(path: &Path) -> bool {
    let b = path.as_os_str().as_encoded_bytes();
    if b == b"/" {
        return true;
    }
    let rest = b.strip_prefix(b"/").unwrap_or(b);
    !rest.is_empty()
        && rest
            .split(|&c| c == b'/')
            .all(|c| !matches!(c, b"" | b"." | b".."))
}

/// `path` made absolute against the current directory, with `.` and `..` resolved
/// lexically (symbolic links are not followed).
pub fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() && is_clean(path) {
        return path.to_path_buf();
    }
    let cwd = if path.is_absolute() {
        PathBuf::new()
    } else {
        std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/"))
    };
    absolute_in(&cwd, path)
}

/// `path` made absolute against `cwd` (an absolute directory, the current one as read
/// once by the caller), with `.` and `..` resolved lexically as [`absolute`] does.
pub fn absolute_in(cwd: &Path, path: &Path) -> PathBuf {
    if path.is_absolute() && is_clean(path) {
        return path.to_path_buf();
    }
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        cwd.join(path)
    };
    let mut out = PathBuf::new();
    for c in joined.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The rule-selection operations of `--select` and `--ignore` (each a list of rule or
/// group names), or the message of a usage error.
pub fn cli_ops(select: &[String], ignore: &[String]) -> Result<Vec<Op>, String> {
    let mut ops = Vec::new();
    for (flag, names) in [("--select", select), ("--ignore", ignore)] {
        let names = names.iter().flat_map(|n| n.split(','));
        for name in names.map(str::trim).filter(|n| !n.is_empty()) {
            let Some(t) = Target::parse(name) else {
                let hint = target_hint(name);
                return Err(format!("unknown rule or group `{name}` in {flag}{hint}"));
            };
            ops.push(if flag == "--select" {
                Op::Enable(t)
            } else {
                Op::Level(t, Level::Off)
            });
        }
    }
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(name: &str) -> usize {
        match Target::parse(name) {
            Some(Target::Rule(i)) => i,
            other => panic!("{name}: {other:?}"),
        }
    }

    #[test]
    fn targets_parse_names_groups_and_aliases() {
        assert_eq!(Target::parse("all"), Some(Target::All));
        assert_eq!(
            Target::parse("style"),
            Some(Target::Category(Category::Style))
        );
        assert!(Target::parse("syntax").is_some());
        assert_eq!(
            Target::parse("UNRECOGNIZED_ESCAPE"),
            Some(Target::Rule(index("unrecognized_escape")))
        );
        assert_eq!(Target::parse("nope"), None);
        assert_eq!(Target::parse(PLUGIN_GROUP), Some(Target::Plugins));
    }

    #[test]
    fn the_plugin_group_turns_plugin_rules_on_at_their_plugins_level() {
        let rules = registry::all();
        let mut sel = default_selection();
        apply(&[Op::Enable(Target::Plugins)], &mut sel);
        for (r, (level, _)) in rules.iter().zip(&sel) {
            let m = r.meta();
            match m.plugin {
                Some(p) => assert_eq!(*level, p.level, "{}", m.name),
                None => assert_eq!(*level, m.level, "{}", m.name),
            }
        }
        let mut all = default_selection();
        apply(&[Op::Enable(Target::All)], &mut all);
        assert!(rules
            .iter()
            .zip(&all)
            .all(|(r, (l, _))| *l != Level::Off || r.meta().category == Category::Syntax));
    }

    #[test]
    fn rule_entries_win_over_groups_whatever_the_order() {
        let esc = index("unrecognized_escape");
        let ops = by_rank(vec![
            Op::Level(Target::Rule(esc), Level::Error),
            Op::Level(Target::All, Level::Off),
        ]);
        let mut sel = default_selection();
        apply(&ops, &mut sel);
        assert_eq!(sel[esc].0, Level::Error);
        let unused = index("suppression_unused");
        assert_eq!(sel[unused].0, Level::Off);
    }

    #[test]
    fn enable_keeps_a_configured_level_and_only_turns_others_off() {
        let esc = index("unrecognized_escape");
        let unused = index("suppression_unused");
        let mut sel = default_selection();
        apply(
            &[
                Op::Level(Target::Rule(esc), Level::Error),
                Op::Enable(Target::All),
            ],
            &mut sel,
        );
        assert_eq!(sel[esc].0, Level::Error);
        apply(&[Op::Only(vec![Target::Rule(unused)])], &mut sel);
        assert_eq!(sel[esc].0, Level::Off);
        assert_eq!(sel[unused].0, Level::Warning);
        apply(&[Op::Enable(Target::Rule(esc))], &mut sel);
        assert_eq!(sel[esc].0, Level::Warning);
    }

    #[test]
    fn syntax_is_never_selected() {
        let syntax = index("syntax");
        let mut sel = default_selection();
        let before = sel[syntax].0;
        apply(&[Op::Level(Target::All, Level::Off)], &mut sel);
        assert_eq!(sel[syntax].0, before);
    }

    #[test]
    fn cli_names_are_checked() {
        assert_eq!(
            cli_ops(&["foo".into()], &[]),
            Err("unknown rule or group `foo` in --select".into())
        );
        assert_eq!(
            cli_ops(&[], &["unrecognized_escape, stlye".into()]),
            Err("unknown rule or group `stlye` in --ignore; did you mean `style`?".into())
        );
        assert_eq!(
            cli_ops(&["style".into()], &["suppression".into()]),
            Ok(vec![
                Op::Enable(Target::Category(Category::Style)),
                Op::Level(Target::Category(Category::Suppression), Level::Off)
            ])
        );
    }

    #[test]
    fn errors_print_with_positions() {
        let e = ConfigError::at("rein.toml", "a = 1\nbé = 2\n", 9, "x");
        assert_eq!(e.to_string(), "rein.toml:2:3: x");
        assert_eq!(ConfigError::file("r", "gone").to_string(), "r: gone");
    }
}
