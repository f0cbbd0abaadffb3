//! rein's configuration schema: parses `rein.toml` text into a [`Config`], reporting every
//! problem (TOML syntax, unknown sections, keys, rules, levels, options, bad globs) at its
//! line and column. The document is read as a spanned TOML tree (`toml::de::DeTable`) so
//! that each message points at the key or value it is about.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::glob::GlobError;
use super::{by_rank, target_hint, Config, ConfigError, Op, Override, PathGlobs, Target};
use crate::fmt::FormatConfig;
use crate::rules::{registry, Category, Level, OptionKind, RuleMeta};

type Entry<'t, 'i> = (&'t Spanned<DeValue<'i>>, &'t str, Range<usize>);

struct Parser<'a> {
    path: &'a str,
    text: &'a str,
    errors: Vec<ConfigError>,
}

/// Parses configuration text; `path` is the file as displayed in messages. All problems
/// are returned, in source order.
pub fn parse_config(text: &str, path: &str) -> Result<Config, Vec<ConfigError>> {
    let doc = DeTable::parse(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        vec![ConfigError::at(path, text, at, e.message().trim_end())]
    })?;
    let mut p = Parser {
        path,
        text,
        errors: Vec::new(),
    };
    let mut config = Config::default();
    for (value, key, key_span) in entries(doc.get_ref()) {
        match key {
            "format" => {
                if let Some(t) = p.table(value, "[format]") {
                    config.format = p.format(t);
                }
            }
            "rules" => {
                if let Some(t) = p.table(value, "[rules]") {
                    config.ops = by_rank(p.rules(t, "[rules]"));
                }
            }
            "files" => {
                if let Some(t) = p.table(value, "[files]") {
                    p.files(t, &mut config);
                }
            }
            "check" => {
                if let Some(t) = p.table(value, "[check]") {
                    p.check(t, &mut config);
                }
            }
            "overrides" => p.overrides(value, &mut config),
            "puppet" => {
                if let Some(t) = p.table(value, "[puppet]") {
                    p.puppet(t, &mut config);
                }
            }
            other => p.error(
                key_span,
                format!(
                    "unknown section `{other}` (expected [format], [files], [check], [puppet], [rules] or [[overrides]])"
                ),
            ),
        }
    }
    if p.errors.is_empty() {
        Ok(config)
    } else {
        p.errors.sort_by_key(|e| (e.line, e.column));
        Err(p.errors)
    }
}

/// A table's entries in source order, with their key text and key span.
fn entries<'t, 'i>(t: &'t DeTable<'i>) -> Vec<Entry<'t, 'i>> {
    let mut v: Vec<Entry<'t, 'i>> = t
        .iter()
        .map(|(k, v)| (v, k.get_ref().as_ref(), k.span()))
        .collect();
    v.sort_by_key(|(_, _, s)| s.start);
    v
}

/// How an option kind is named in messages.
fn kind_name(kind: OptionKind) -> &'static str {
    match kind {
        OptionKind::Bool => "a boolean",
        OptionKind::Integer => "an integer",
        OptionKind::String => "a string",
        OptionKind::StringList => "an array of strings",
    }
}

/// An integer value, if `v` is one that fits in an `i64`.
fn integer(v: &DeValue<'_>) -> Option<i64> {
    let i = v.as_integer()?;
    i64::from_str_radix(i.as_str(), i.radix()).ok()
}

/// The `toml::Value` of a spanned value (`None` for integers out of range).
fn to_value(v: &DeValue<'_>) -> Option<toml::Value> {
    Some(match v {
        DeValue::String(s) => toml::Value::String(s.to_string()),
        DeValue::Integer(_) => toml::Value::Integer(integer(v)?),
        DeValue::Float(f) => toml::Value::Float(f.as_str().parse().ok()?),
        DeValue::Boolean(b) => toml::Value::Boolean(*b),
        DeValue::Datetime(d) => toml::Value::Datetime(*d),
        DeValue::Array(a) => toml::Value::Array(
            a.iter()
                .map(|x| to_value(x.get_ref()))
                .collect::<Option<_>>()?,
        ),
        DeValue::Table(t) => {
            let mut out = toml::Table::new();
            for (k, x) in t {
                out.insert(k.get_ref().to_string(), to_value(x.get_ref())?);
            }
            toml::Value::Table(out)
        }
    })
}

impl Parser<'_> {
    fn error(&mut self, span: Range<usize>, message: String) {
        self.errors
            .push(ConfigError::at(self.path, self.text, span.start, message));
    }

    /// `v` as a table, or an error saying `what` must be one.
    fn table<'t, 'i>(
        &mut self,
        v: &'t Spanned<DeValue<'i>>,
        what: &str,
    ) -> Option<&'t DeTable<'i>> {
        let t = v.get_ref().as_table();
        if t.is_none() {
            self.error(v.span(), format!("{what} must be a table"));
        }
        t
    }

    /// `v` as an array of strings (with their spans), or an error.
    fn strings(
        &mut self,
        v: &Spanned<DeValue<'_>>,
        what: &str,
    ) -> Option<Vec<(String, Range<usize>)>> {
        let Some(items) = v.get_ref().as_array() else {
            self.error(v.span(), format!("{what} must be an array of strings"));
            return None;
        };
        let mut out = Vec::new();
        for item in items.iter() {
            match item.get_ref().as_str() {
                Some(s) => out.push((s.to_string(), item.span())),
                None => {
                    self.error(item.span(), format!("{what} must be an array of strings"));
                    return None;
                }
            }
        }
        Some(out)
    }

    /// Compiles gitignore-like globs, reporting a bad one at its position.
    fn globs(&mut self, v: &Spanned<DeValue<'_>>, what: &str) -> Option<PathGlobs> {
        self.patterns(v, what, |p| PathGlobs::tree(p))
    }

    /// Compiles the patterns of `v` with `compile` (gitignore-like globs or puppet-lint's
    /// fnmatch patterns), reporting a bad one at its position.
    fn patterns(
        &mut self,
        v: &Spanned<DeValue<'_>>,
        what: &str,
        compile: fn(&[&str]) -> Result<PathGlobs, GlobError>,
    ) -> Option<PathGlobs> {
        let items = self.strings(v, what)?;
        let patterns: Vec<&str> = items.iter().map(|(s, _)| s.as_str()).collect();
        match compile(&patterns) {
            Ok(g) => Some(g),
            Err(e) => {
                let span = items.get(e.index).map_or(v.span(), |(_, s)| s.clone());
                self.error(span, e.message);
                None
            }
        }
    }

    fn format(&mut self, t: &DeTable<'_>) -> FormatConfig {
        let mut c = FormatConfig::default();
        for (v, key, key_span) in entries(t) {
            let (min, max) = match key {
                "indent_width" => (1, 16),
                "line_width" => (20, 10_000),
                other => {
                    self.error(key_span, format!("unknown field `{other}` in [format]"));
                    continue;
                }
            };
            match integer(v.get_ref()) {
                Some(n) if (min..=max).contains(&n) => {
                    let n = usize::try_from(n).unwrap_or(min as usize);
                    if key == "indent_width" {
                        c.indent_width = n;
                    } else {
                        c.line_width = n;
                    }
                }
                _ => self.error(
                    v.span(),
                    format!("{key} must be an integer between {min} and {max}"),
                ),
            }
        }
        c
    }

    fn files(&mut self, t: &DeTable<'_>, config: &mut Config) {
        for (v, key, key_span) in entries(t) {
            match key {
                "include" => config.include = self.globs(v, "[files] include"),
                "exclude" => config.exclude = self.globs(v, "[files] exclude"),
                "ignore_paths" => {
                    config.ignore_paths =
                        self.patterns(v, "[files] ignore_paths", |p| PathGlobs::fnmatch(p));
                }
                "unfurl" => config.unfurl = self.globs(v, "[files] unfurl"),
                other => self.error(key_span, format!("unknown field `{other}` in [files]")),
            }
        }
    }

    /// `[check]`: `fail_on_warnings` and `show_ignored`.
    fn check(&mut self, t: &DeTable<'_>, config: &mut Config) {
        for (v, key, key_span) in entries(t) {
            let field = match key {
                "fail_on_warnings" => &mut config.fail_on_warnings,
                "show_ignored" => &mut config.show_ignored,
                other => {
                    self.error(key_span, format!("unknown field `{other}` in [check]"));
                    continue;
                }
            };
            match v.get_ref() {
                DeValue::Boolean(b) => *field = *b,
                _ => self.error(v.span(), format!("{key} must be true or false")),
            }
        }
    }

    /// `[puppet]`: the Puppet settings that change what rein reports.
    fn puppet(&mut self, t: &DeTable<'_>, config: &mut Config) {
        for (v, key, key_span) in entries(t) {
            match key {
                "strict" => match v.get_ref().as_str().and_then(Level::parse) {
                    Some(l) => config.strict = Some(l),
                    None => self.error(
                        v.span(),
                        "[puppet] strict must be \"error\" (Puppet 8's default), \"warning\" (Puppet 7's default) or \"off\"".into(),
                    ),
                },
                other => self.error(key_span, format!("unknown field `{other}` in [puppet]")),
            }
        }
    }

    fn overrides(&mut self, v: &Spanned<DeValue<'_>>, config: &mut Config) {
        let Some(items) = v.get_ref().as_array() else {
            self.error(
                v.span(),
                "`overrides` must be an array of tables ([[overrides]])".into(),
            );
            return;
        };
        for item in items.iter() {
            let Some(t) = self.table(item, "each [[overrides]] entry") else {
                continue;
            };
            let mut files = None;
            let mut ops = Vec::new();
            for (v, key, key_span) in entries(t) {
                match key {
                    "files" => files = self.globs(v, "[[overrides]] files"),
                    "rules" => {
                        if let Some(t) = self.table(v, "[[overrides]] rules") {
                            ops = by_rank(self.rules(t, "[[overrides]] rules"));
                        }
                    }
                    other => self.error(
                        key_span,
                        format!("unknown field `{other}` in [[overrides]]"),
                    ),
                }
            }
            match files {
                Some(files) => config.overrides.push(Override { files, ops }),
                None if !t.contains_key("files") => self.error(
                    item.span(),
                    "[[overrides]] entry without `files = [globs]`".into(),
                ),
                None => {}
            }
        }
    }

    /// A level string, or an error at its position.
    fn level(&mut self, v: &Spanned<DeValue<'_>>, name: &str) -> Option<Level> {
        let level = v.get_ref().as_str().and_then(Level::parse);
        if level.is_none() {
            let shown = match v.get_ref().as_str() {
                Some(s) => format!("unknown level `{s}`"),
                None => "bad level".to_string(),
            };
            self.error(
                v.span(),
                format!("{shown} for `{name}` (expected \"off\", \"warning\" or \"error\")"),
            );
        }
        level
    }

    /// The entries of a `[rules]` table, as operations in source order.
    fn rules(&mut self, t: &DeTable<'_>, section: &str) -> Vec<Op> {
        let mut ops = Vec::new();
        for (v, name, key_span) in entries(t) {
            let Some(target) = Target::parse(name) else {
                let hint = target_hint(name);
                self.error(
                    key_span,
                    format!("unknown rule `{name}` in {section}{hint}"),
                );
                continue;
            };
            let meta = match target {
                Target::Rule(i) => registry::all().get(i).map(|r| r.meta()),
                _ => None,
            };
            if meta.is_some_and(|m| m.category == Category::Syntax) {
                self.error(
                    key_span,
                    format!(
                        "rule `{name}` cannot be configured: syntax errors are always reported"
                    ),
                );
                continue;
            }
            match v.get_ref() {
                DeValue::String(_) => {
                    if let Some(l) = self.level(v, name) {
                        ops.push(Op::Level(target, l));
                    }
                }
                DeValue::Table(opts) => {
                    let mut options = toml::Table::new();
                    for (ov, key, key_span) in entries(opts) {
                        if key == "level" {
                            if let Some(l) = self.level(ov, name) {
                                ops.push(Op::Level(target, l));
                            }
                            continue;
                        }
                        match (meta, target) {
                            (Some(m), Target::Rule(_)) => {
                                if let Some(value) = self.option(m, key, key_span, ov) {
                                    options.insert(key.to_string(), value);
                                }
                            }
                            _ => self.error(
                                key_span,
                                format!(
                                    "`{name}` is a group: only `level` can be set for it, options are set per rule"
                                ),
                            ),
                        }
                    }
                    if let (Target::Rule(i), false) = (target, options.is_empty()) {
                        ops.push(Op::Options(i, options));
                    }
                }
                _ => self.error(
                    v.span(),
                    format!(
                        "`{name}` must be a level (\"off\", \"warning\" or \"error\") or a table such as {{ level = \"error\" }}"
                    ),
                ),
            }
        }
        ops
    }

    /// One option of a rule, checked against its declared name and kind.
    fn option(
        &mut self,
        meta: &RuleMeta,
        key: &str,
        key_span: Range<usize>,
        v: &Spanned<DeValue<'_>>,
    ) -> Option<toml::Value> {
        let rule = meta.name;
        let Some(opt) = meta.options.iter().find(|o| o.name == key) else {
            let known: Vec<String> = meta
                .options
                .iter()
                .map(|o| format!("`{}`", o.name))
                .collect();
            let hint = if known.is_empty() {
                "it has no options".to_string()
            } else {
                format!("expected {}", known.join(", "))
            };
            self.error(
                key_span,
                format!("unknown option `{key}` for rule `{rule}` ({hint})"),
            );
            return None;
        };
        let value = v.get_ref();
        let ok = match opt.kind {
            OptionKind::Bool => value.is_bool(),
            OptionKind::Integer => integer(value).is_some(),
            OptionKind::String => value.is_str(),
            OptionKind::StringList => value
                .as_array()
                .is_some_and(|a| a.iter().all(|x| x.get_ref().is_str())),
        };
        if !ok {
            self.error(
                v.span(),
                format!(
                    "option `{key}` of rule `{rule}` must be {}",
                    kind_name(opt.kind)
                ),
            );
            return None;
        }
        to_value(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{FixKind, RuleOption};

    fn errors(text: &str) -> Vec<String> {
        match parse_config(text, "rein.toml") {
            Ok(_) => Vec::new(),
            Err(e) => e.iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn every_problem_is_reported_in_source_order() {
        let text = "[rules]\nunrecognised_escape = \"off\"\nunrecognized_escape = \"loud\"\n\n[format]\nindent_width = 0\ncolour = 1\n[what]\n";
        assert_eq!(
            errors(text),
            [
                "rein.toml:2:1: unknown rule `unrecognised_escape` in [rules]; did you mean `unrecognized_escape`?",
                "rein.toml:3:23: unknown level `loud` for `unrecognized_escape` (expected \"off\", \"warning\" or \"error\")",
                "rein.toml:6:16: indent_width must be an integer between 1 and 16",
                "rein.toml:7:1: unknown field `colour` in [format]",
                "rein.toml:8:2: unknown section `what` (expected [format], [files], [check], [puppet], [rules] or [[overrides]])",
            ]
        );
    }

    #[test]
    fn unknown_groups_get_a_did_you_mean_too() {
        assert_eq!(
            errors("[rules]\nvoxpupli = \"warning\"\nzzzzzz = \"off\"\n"),
            [
                "rein.toml:2:1: unknown rule `voxpupli` in [rules]; did you mean `voxpupuli`?",
                "rein.toml:3:1: unknown rule `zzzzzz` in [rules]",
            ]
        );
    }

    #[test]
    fn check_settings_and_ignore_paths() {
        let c = parse_config(
            "[check]\nfail_on_warnings = true\nshow_ignored = true\n[files]\nignore_paths = [\"vendor/*\"]\n",
            "r",
        )
        .unwrap();
        assert!(c.fail_on_warnings && c.show_ignored);
        assert!(c
            .ignore_paths
            .is_some_and(|g| g.matches_str("vendor/a/b.pp") && !g.matches_str("a/vendor/b.pp")));
        assert_eq!(
            errors(
                "[check]\nfail_on_warnings = 1\nquiet = true\n[files]\nignore_paths = [\"a[\"]\n"
            ),
            [
                "rein.toml:2:20: fail_on_warnings must be true or false",
                "rein.toml:3:1: unknown field `quiet` in [check]",
                "rein.toml:5:17: bad glob `a[`: unclosed character class; missing ']'",
            ]
        );
    }

    #[test]
    fn puppet_strict_is_a_level() {
        let c = parse_config("[puppet]\nstrict = \"warning\"\n", "r").unwrap();
        assert_eq!(c.strict, Some(Level::Warning));
        assert_eq!(parse_config("", "r").unwrap().strict, None);
        assert_eq!(
            errors("[puppet]\nstrict = true\nversion = 8\n"),
            [
                "rein.toml:2:10: [puppet] strict must be \"error\" (Puppet 8's default), \"warning\" (Puppet 7's default) or \"off\"",
                "rein.toml:3:1: unknown field `version` in [puppet]",
            ]
        );
    }

    #[test]
    fn toml_syntax_errors_have_positions() {
        assert_eq!(
            errors("[rules]\nx = \n"),
            ["rein.toml:2:5: string values must be quoted, expected literal string"]
        );
    }

    #[test]
    fn groups_accept_only_a_level_and_syntax_is_not_configurable() {
        assert_eq!(
            errors("[rules]\nstyle = { level = \"off\", max = 3 }\nsyntax = \"off\"\n"),
            [
                "rein.toml:2:26: `style` is a group: only `level` can be set for it, options are set per rule",
                "rein.toml:3:1: rule `syntax` cannot be configured: syntax errors are always reported",
            ]
        );
    }

    #[test]
    fn rules_become_ops_groups_first() {
        let c = parse_config(
            "[rules]\nUNRECOGNIZED_ESCAPE = { level = \"error\" }\nall = \"off\"\n",
            "r",
        )
        .unwrap();
        let esc = match Target::parse("unrecognized_escape") {
            Some(t) => t,
            None => panic!(),
        };
        assert_eq!(
            c.ops,
            vec![
                Op::Level(Target::All, Level::Off),
                Op::Level(esc, Level::Error)
            ]
        );
    }

    #[test]
    fn overrides_and_files() {
        let c = parse_config(
            "[files]\nexclude = [\"vendor\"]\n[[overrides]]\nfiles = [\"tests/**\"]\nrules = { all = \"off\" }\n",
            "r",
        )
        .unwrap();
        assert_eq!(c.overrides.len(), 1);
        assert!(c.exclude.is_some());
        assert_eq!(
            errors("[[overrides]]\nrules = {}\n[[overrides]]\nfiles = [\"a[\"]\nfoo = 1\n"),
            [
                "rein.toml:1:1: [[overrides]] entry without `files = [globs]`",
                "rein.toml:4:10: bad glob `a[`: unclosed character class; missing ']'",
                "rein.toml:5:1: unknown field `foo` in [[overrides]]",
            ]
        );
        assert_eq!(
            errors("[files]\ninclude = \"*.pp\"\n"),
            ["rein.toml:2:11: [files] include must be an array of strings"]
        );
    }

    static OPTS: RuleMeta = RuleMeta {
        name: "demo",
        level: Level::Warning,
        category: Category::Style,
        fix: FixKind::None,
        puppet_lint: None,
        plugin: None,
        aliases: &[],
        since: "0.1.0",
        summary: "",
        doc: "",
        kinds: &[],
        options: &[
            RuleOption {
                name: "max",
                kind: OptionKind::Integer,
                default: "3",
                doc: "",
            },
            RuleOption {
                name: "names",
                kind: OptionKind::StringList,
                default: "[]",
                doc: "",
            },
        ],
    };

    #[test]
    fn options_are_checked_against_the_rule() {
        let text = "max = \"x\"\nnames = [\"a\", 1]\nmin = 1\n";
        let doc = DeTable::parse(text).unwrap();
        let mut p = Parser {
            path: "rein.toml",
            text,
            errors: Vec::new(),
        };
        let mut got = Vec::new();
        for (v, key, span) in entries(doc.get_ref()) {
            got.push(p.option(&OPTS, key, span, v));
        }
        assert_eq!(got, vec![None, None, None]);
        let msgs: Vec<String> = p.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            msgs,
            [
                "rein.toml:1:7: option `max` of rule `demo` must be an integer",
                "rein.toml:2:9: option `names` of rule `demo` must be an array of strings",
                "rein.toml:3:1: unknown option `min` for rule `demo` (expected `max`, `names`)",
            ]
        );
        let text = "max = 0x10\nnames = [\"a\"]\n";
        let doc = DeTable::parse(text).unwrap();
        let mut got = Vec::new();
        for (v, key, span) in entries(doc.get_ref()) {
            got.push(p.option(&OPTS, key, span, v));
        }
        assert_eq!(
            got,
            vec![
                Some(toml::Value::Integer(16)),
                Some(toml::Value::Array(vec![toml::Value::String("a".into())]))
            ]
        );
    }

    #[test]
    fn options_of_a_rule_without_options() {
        assert_eq!(
            errors("[rules.unrecognized_escape]\nlevel = \"error\"\nmax = 1\n"),
            ["rein.toml:3:1: unknown option `max` for rule `unrecognized_escape` (it has no options)"]
        );
    }
}
