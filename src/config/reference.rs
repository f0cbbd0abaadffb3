//! The reference configuration (`lint.toml` at the top of rein's
//! repository): every setting and every rule with its default level, options and one-line
//! summary, generated from the registry so that it cannot fall behind it; and the starter
//! configuration `rein init` writes (the same without the rule entries).

use std::fmt::Write;

use crate::fmt::FormatConfig;
use crate::rules::{registry, Category};

/// The text of the reference configuration. It is itself a valid configuration that
/// changes nothing.
pub fn reference_config() -> String {
    let mut s = sections(
        "# rein's reference configuration: every setting and every rule with its default.\n\
         # Copy the entries you change into `rein.toml` (or `.rein.toml`, `lint.toml`) at the root of your\n\
         # repository (`rein init` writes a short one): a rule's own entry wins over its\n\
         # group's, so a copy of every rule entry would pin each rule to its level here.\n\
         # Generated from the rule registry: `REIN_BLESS=1 cargo test --test cli config_reference`.\n",
    );
    for rule in registry::all() {
        let m = rule.meta();
        if m.category == Category::Syntax {
            continue;
        }
        s.push('\n');
        let _ = writeln!(s, "# {}", one_line(m.summary));
        let mut other: Vec<&str> = m.puppet_lint.into_iter().collect();
        other.extend(m.aliases.iter().copied());
        let _ = writeln!(
            s,
            "# ({}{}{}{}{})",
            m.category.as_str(),
            match m.plugin {
                Some(p) => format!(", plugin {}", p.gem),
                None => String::new(),
            },
            if m.fix == crate::rules::FixKind::None {
                ""
            } else {
                ", fixable"
            },
            if other.is_empty() {
                String::new()
            } else {
                format!("; also named {}", other.join(", "))
            },
            if registry::FOLLOW_STRICT.contains(&m.name) {
                "; follows [puppet] strict"
            } else {
                ""
            }
        );
        for o in m.options {
            let _ = writeln!(s, "# {}: {}", o.name, one_line(o.doc));
        }
        if m.options.is_empty() {
            let _ = writeln!(s, "{} = \"{}\"", m.name, m.level.as_str());
        } else {
            let opts: Vec<String> = m
                .options
                .iter()
                .map(|o| format!("{} = {}", o.name, o.default))
                .collect();
            let _ = writeln!(
                s,
                "{} = {{ level = \"{}\", {} }}",
                m.name,
                m.level.as_str(),
                opts.join(", ")
            );
        }
    }
    s.push_str(OVERRIDES);
    s
}

/// The configuration `rein init` writes: every setting but the rules with its default,
/// and how to set rules, for a user to edit. It changes nothing.
pub fn starter_config() -> String {
    let mut s = sections(
        "# rein's configuration: `rein check` and `rein fmt` read the nearest rein.toml or\n\
         # .rein.toml above each file. `rein rule` lists the rules, `rein rule NAME` documents\n\
         # one; lint.toml in rein's repository lists every rule with its default.\n",
    );
    s.push_str(OVERRIDES);
    s
}

/// The end of the configurations: how to set rules for some files.
const OVERRIDES: &str = "\n\
     # Settings for some files only, applied in order after [rules] to the files matching:\n\
     # [[overrides]]\n\
     # files = [\"tests/**\", \"examples/**\"]\n\
     # rules = { style = \"off\" }\n";

/// `preamble`, then `[format]`, `[files]` and `[check]` with their defaults, and the head
/// of `[rules]` (how to write an entry, the groups).
fn sections(preamble: &str) -> String {
    let f = FormatConfig::default();
    let mut s = String::from(preamble);
    s.push_str(
        "\n\
         [format]\n\
         # Spaces per indentation level.\n",
    );
    let _ = writeln!(s, "indent_width = {}", f.indent_width);
    s.push_str("# Maximum line width the formatter aims for.\n");
    let _ = writeln!(s, "line_width = {}", f.line_width);
    s.push_str(
        "\n\
         [files]\n\
         # Globs relative to this file's directory. `exclude` leaves files out, whether named\n\
         # on the command line or found by walking a directory; `include` narrows the files\n\
         # found by walking. A glob without `/` matches a name in any directory; a glob\n\
         # matching a directory matches every file below it.\n\
         # include = [\"manifests/**\", \"site\"]\n\
         # exclude = [\"spec/fixtures\", \"vendor\"]\n\
         # puppet-lint's --ignore-paths patterns (fnmatch: `*` also matches `/`), matched\n\
         # against each file's path; they leave files out as `exclude` does:\n\
         # ignore_paths = [\"vendor/**/*.pp\"]\n\
         # YAML files checked as Unfurl documents (merge directives, `eval` expressions),\n\
         # besides those that say `apiVersion: unfurl/...`, found by walking or named:\n\
         # unfurl = [\"ensembles/**/*.yaml\", \"service-template.yaml\"]\n\
         \n\
         [check]\n\
         # Warnings fail the run (exit status 1) as errors do.\n\
         fail_on_warnings = false\n\
         # Also show the findings that `# lint:ignore:` comments suppress, marked ignored.\n\
         show_ignored = false\n\
         \n\
         [puppet]\n\
         # Puppet's `strict` setting: \"error\" (Puppet 8's default), \"warning\" (Puppet 7's\n\
         # default) or \"off\". The rules marked \"follows [puppet] strict\" below report at\n\
         # this level unless [rules] sets theirs.\n\
         strict = \"error\"\n\
         \n\
         [rules]\n\
         # NAME = \"off\" | \"warning\" | \"error\", or NAME = { level = \"...\", OPTION = VALUE }.\n\
         # NAME is a rule's name, its puppet-lint name or an alias. Groups set the level of\n\
         # many rules at once; a rule's own entry wins over a group entry:\n\
         # all = \"warning\"\n",
    );
    for c in super::GROUPS {
        let _ = writeln!(s, "# {} = \"error\"", c.as_str());
    }
    let _ = writeln!(
        s,
        "# {} = \"warning\"   # every puppet-lint plugin check (off by default)",
        crate::config::PLUGIN_GROUP
    );
    s
}

/// `text` on one comment line.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{default_selection, parse_config};

    #[test]
    fn the_starter_is_a_valid_configuration_that_changes_nothing() {
        let c = match parse_config(&starter_config(), "rein.toml") {
            Ok(c) => c,
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(c.format, FormatConfig::default());
        assert!(!c.fail_on_warnings && !c.show_ignored && c.ops.is_empty());
        assert!(c.include.is_none() && c.exclude.is_none() && c.ignore_paths.is_none());
    }

    #[test]
    fn the_reference_is_a_valid_configuration_that_changes_nothing() {
        let text = reference_config();
        let c = match parse_config(&text, "lint.toml") {
            Ok(c) => c,
            Err(e) => panic!("{e:?}"),
        };
        assert_eq!(c.format, FormatConfig::default());
        assert_eq!(c.selection(&[], &[], false), {
            let mut d = default_selection();
            for (rule, (_, options)) in registry::all().iter().zip(d.iter_mut()) {
                for o in rule.meta().options {
                    if let Some(v) = crate::rules::context::default_value(o.kind, o.default) {
                        options.insert(o.name.to_string(), v);
                    }
                }
            }
            d
        });
    }
}
