//! Code nested 100,000 levels deep (and 11,000: within the lowering's limit) on a thread
//! with an 8 MB stack, a library user's main thread: parsing, printing the PN, formatting,
//! checking (every default rule, the evaluator among them), evaluating on its own and
//! dropping the tree all end, with a clear "nesting too deep" finding where a limit applies.

use std::path::Path;

use rein::eval::evaluator::{evaluate, Options};
use rein::eval::loader::ModulePath;
use rein::eval::project::Project;
use rein::fmt::{format_source, FormatConfig, FormatError};
use rein::rules::engine::{check_file, RuleSet};
use rein::syntax::{self, ParsedFile};

/// Each kind of nesting, `depth` levels deep.
fn nestings(depth: usize) -> Vec<(&'static str, String)> {
    vec![
        (
            "array",
            format!("$x = {}{}\n", "[".repeat(depth), "]".repeat(depth)),
        ),
        (
            "paren",
            format!("$x = {}1{}\n", "(".repeat(depth), ")".repeat(depth)),
        ),
        ("plus", format!("$x = 1{}\n", " + 1".repeat(depth))),
        ("not", format!("$x = {}true\n", "!".repeat(depth))),
        (
            "call",
            format!("$x = {}1{}\n", "f(".repeat(depth), ")".repeat(depth)),
        ),
        (
            "if",
            format!("{}{}\n", "if $a { ".repeat(depth), "}".repeat(depth)),
        ),
        (
            "hash",
            format!("$x = {}1{}\n", "{a => ".repeat(depth), "}".repeat(depth)),
        ),
        (
            "interp",
            format!("$x = {}1{}\n", "\"${".repeat(depth), "}\"".repeat(depth)),
        ),
        ("assign", format!("{}1\n", "$x = ".repeat(depth))),
    ]
}

/// Runs `f` on a thread with an 8 MB stack; fails if it overflows or panics (an overflow
/// aborts the whole test binary).
fn on_8mb_stack(f: impl FnOnce() + Send + 'static) {
    let done = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .map(|h| h.join());
    assert!(matches!(done, Ok(Ok(()))));
}

fn evaluate_alone(parsed: &ParsedFile) -> usize {
    let project = Project::of(&parsed.program);
    let module_path = ModulePath::for_file(Path::new("/nonexistent/t.pp"), &project);
    let options = Options {
        project: &project,
        module_path: &module_path,
        is_fact: &|_: &str| false,
    };
    evaluate(&parsed.program, &options).len()
}

#[test]
fn nesting_past_the_lowering_limit_is_a_finding_everywhere() {
    on_8mb_stack(|| {
        for (kind, src) in nestings(100_000) {
            let parsed = syntax::parse(&src);
            let messages: Vec<&str> = parsed.errors.iter().map(|e| e.message.as_str()).collect();
            assert_eq!(messages, ["nesting too deep"], "{kind}");
            let _ = syntax::pn::to_pn(&parsed.program);
            match format_source(&src, &FormatConfig::default(), true) {
                Err(FormatError::Syntax { message, .. }) => {
                    assert_eq!(message, "nesting too deep", "{kind}")
                }
                other => panic!("{kind}: {other:?}"),
            }
            let found = check_file("t.pp", &parsed, &RuleSet::defaults());
            assert!(
                found.iter().any(|d| d.message == "nesting too deep"),
                "{kind}: {found:?}"
            );
            evaluate_alone(&parsed);
            drop(parsed);
        }
    });
}

#[test]
fn nesting_within_the_lowering_limit_is_checked_and_evaluated() {
    on_8mb_stack(|| {
        for (kind, src) in nestings(11_000) {
            let parsed = syntax::parse(&src);
            assert!(parsed.errors.is_empty(), "{kind}: {:?}", parsed.errors);
            let _ = syntax::pn::to_pn(&parsed.program);
            // The formatter refuses: laid out, the indentation alone would be quadratic.
            match format_source(&src, &FormatConfig::default(), true) {
                Err(e @ FormatError::TooDeep { line: 1, depth, .. }) => {
                    assert!((11_001..=11_002).contains(&depth), "{kind}: {depth}");
                    assert!(
                        e.to_string()
                            .contains(&format!("nesting too deep to format: {depth} levels (the formatter lays out up to 500)")),
                        "{e}"
                    );
                }
                other => panic!("{kind}: {other:?}"),
            }
            let found = check_file("t.pp", &parsed, &RuleSet::defaults());
            assert!(
                found.iter().all(|d| !d.message.contains("nesting")),
                "{kind}"
            );
            // Past 200 levels, expressions evaluate to unknowns: `if $a` reports its
            // unknown variable 199 times, `f(` its unknown function.
            let expected = if matches!(kind, "if" | "call") {
                199
            } else {
                0
            };
            assert_eq!(evaluate_alone(&parsed), expected, "{kind}");
        }
    });
}

#[test]
fn nesting_within_the_formatters_limit_is_formatted() {
    on_8mb_stack(|| {
        let src = format!("$x = {}1{}\n", "[".repeat(497), "]".repeat(497));
        let config = FormatConfig::default();
        let out = format_source(&src, &config, true).unwrap_or_default();
        // Too long for a line: one bracket a line, 497 opening, the 1, 497 closing.
        assert_eq!(out.lines().count(), 2 * 497 + 1);
        assert_eq!(
            format_source(&out, &config, true).as_deref(),
            Ok(out.as_str())
        );
        let src = format!("{}{}\n", "if $a { ".repeat(300), "}".repeat(300));
        let out = format_source(&src, &FormatConfig::default(), true).unwrap_or_default();
        // Each level on its own lines, indented two more spaces; the innermost on one line.
        assert_eq!(out.lines().count(), 599);
        assert_eq!(
            out.lines().nth(299),
            Some(format!("{}if $a {{}}", "  ".repeat(299)).as_str())
        );
    });
}
