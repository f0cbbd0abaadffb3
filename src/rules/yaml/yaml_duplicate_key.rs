//! `yaml_duplicate_key`: a key repeated in one YAML mapping. Hiera (Ruby's Psych) keeps
//! the last value and drops the others without a word.

use crate::rules::diagnostic::{Related, RelatedAt};
use crate::rules::yaml_context::YamlContext;
use crate::rules::{Category, Diagnostic, FixKind, Level, Rule, RuleMeta};

pub struct YamlDuplicateKey;

static META: RuleMeta = RuleMeta {
    name: "yaml_duplicate_key",
    level: Level::Error,
    category: Category::Correctness,
    fix: FixKind::None,
    puppet_lint: None,
    plugin: None,
    aliases: &[],
    since: "0.2.0",
    summary: "A key repeated in one YAML mapping: only its last value is used.",
    doc: include_str!("../../../rules/yaml_duplicate_key.md"),
    kinds: &[],
    options: &[],
};

impl Rule for YamlDuplicateKey {
    fn meta(&self) -> &'static RuleMeta {
        &META
    }

    fn check_yaml(&self, cx: &mut YamlContext<'_>) {
        for dup in &cx.file.duplicate_keys {
            let (line, column) = cx.file.line_col(dup.first.start());
            let mut d = Diagnostic::new(
                dup.span,
                format!("duplicate key '{}' (first at {line}:{column})", dup.key),
            )
            .with_help("YAML keeps the last value of a repeated key and drops the others");
            d.push_related(Related {
                at: RelatedAt::Span(dup.first),
                message: "first here".to_string(),
            });
            cx.report(d);
        }
    }
}
