//! `# lint:ignore:` suppression: puppet-lint's semantics and rein's three directive rules,
//! with exact rules, lines and messages. The subject rule is `unrecognized_escape` (`"\q"`);
//! style and layout rules are off here (they would flag the samples' strings and comments),
//! so `140chars` and `arrow_alignment` are rules that are off.

use rein::rules::engine::{self, RuleSet};
use rein::rules::{registry, Category, Level};

/// Every rule at its default level, except style and layout rules, which are off.
fn rules() -> RuleSet {
    RuleSet::new(
        registry::all()
            .iter()
            .map(|r| {
                let m = r.meta();
                let level = match m.category {
                    Category::Style | Category::Layout => Level::Off,
                    _ => m.level,
                };
                (*r, level, toml::Table::new())
            })
            .collect(),
    )
}

/// `(rule, 1-based line, message)` of every finding with all rules at their defaults.
fn check(src: &str) -> Vec<(String, usize, String)> {
    let parsed = rein::syntax::parse(src);
    engine::check_file("t.pp", &parsed, &rules())
        .into_iter()
        .map(|d| {
            (
                d.rule.to_string(),
                parsed.line_index.line(d.span.start()),
                d.message.into_owned(),
            )
        })
        .collect()
}

fn rules_and_lines(src: &str) -> Vec<(String, usize)> {
    check(src).into_iter().map(|(r, l, _)| (r, l)).collect()
}

fn f(rule: &str, line: usize) -> (String, usize) {
    (rule.to_string(), line)
}

#[test]
fn trailing_directive_covers_its_line_only() {
    let src = "$a = \"\\q\" # lint:ignore:unrecognized_escape because\n$b = \"\\q\"\n";
    assert_eq!(rules_and_lines(src), vec![f("unrecognized_escape", 2)]);
}

#[test]
fn block_directive_covers_until_endignore() {
    let src = "# lint:ignore:unrecognized_escape\n$a = \"\\q\"\n$b = \"\\q\"\n# lint:endignore\n$c = \"\\q\"\n";
    assert_eq!(rules_and_lines(src), vec![f("unrecognized_escape", 5)]);
}

#[test]
fn blocks_nest_as_a_stack() {
    let src = "# lint:ignore:unrecognized_escape\n$a = \"\\q\"\n# lint:ignore:140chars\n$b = \"\\q\"\n# lint:endignore\n$c = \"\\q\"\n# lint:endignore\n$d = \"\\q\"\n";
    // The first endignore closes the inner block only; the outer block covers lines 1-7.
    assert_eq!(rules_and_lines(src), vec![f("unrecognized_escape", 8)]);
}

#[test]
fn several_names_in_one_comment_and_aliases() {
    let src = "$a = \"\\q\" #lint:ignore:140chars lint:ignore:UNRECOGNIZED_ESCAPE reason text\n";
    assert_eq!(rules_and_lines(src), vec![]);
}

#[test]
fn words_after_the_reason_are_not_directives() {
    let src = "$a = \"\\q\" # lint:ignore:140chars see lint:ignore:unrecognized_escape\n";
    assert_eq!(rules_and_lines(src), vec![f("unrecognized_escape", 1)]);
}

#[test]
fn block_comments_are_directives_too() {
    let src = "$a = \"\\q\" /* lint:ignore:unrecognized_escape */\n";
    assert_eq!(rules_and_lines(src), vec![]);
}

#[test]
fn unclosed_block_suppresses_nothing() {
    let src = "# lint:ignore:unrecognized_escape\n$a = \"\\q\"\n";
    assert_eq!(
        rules_and_lines(src),
        vec![f("suppression_unclosed", 1), f("unrecognized_escape", 2)]
    );
}

#[test]
fn stray_endignore_is_reported() {
    assert_eq!(
        check("$a = 1\n# lint:endignore\n"),
        vec![(
            "suppression_unclosed".to_string(),
            2,
            "`lint:endignore` without an opening `lint:ignore:` block".to_string()
        )]
    );
}

#[test]
fn unknown_and_unused_names_are_reported() {
    assert_eq!(
        check("$a = 1 # lint:ignore:nosuch lint:ignore:unrecognized_escape\n"),
        vec![
            (
                "suppression_unknown_rule".to_string(),
                1,
                "unknown rule `nosuch` in `lint:ignore:`".to_string()
            ),
            (
                "suppression_unused".to_string(),
                1,
                "`lint:ignore:unrecognized_escape` suppresses nothing here".to_string()
            )
        ]
    );
}

#[test]
fn puppet_lint_checks_rein_lacks_are_not_unknown() {
    assert_eq!(
        rules_and_lines("$a = 1 # lint:ignore:strict_indent lint:ignore:arrow_alignment\n"),
        vec![]
    );
}

#[test]
fn syntax_errors_cannot_be_suppressed_and_nothing_is_unused_then() {
    let src = "$a = [1 # lint:ignore:syntax lint:ignore:unrecognized_escape\n";
    let found = rules_and_lines(src);
    assert!(!found.is_empty());
    assert!(found.iter().all(|(r, _)| r == "syntax"), "{found:?}");
}

#[test]
fn directive_for_a_rule_that_is_off_is_not_unused() {
    let parsed = rein::syntax::parse("$a = 1 # lint:ignore:unrecognized_escape\n");
    let rules = RuleSet::new(
        rein::rules::registry::all()
            .iter()
            .map(|r| {
                let level = if r.meta().name == "unrecognized_escape" {
                    rein::rules::Level::Off
                } else {
                    r.meta().level
                };
                (*r, level, toml::Table::new())
            })
            .collect(),
    );
    assert!(engine::check_file("t.pp", &parsed, &rules).is_empty());
}
