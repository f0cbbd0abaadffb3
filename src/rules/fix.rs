//! Applying fixes to a source text: each fix's edits are applied together or not at all,
//! fixes whose edits overlap an already accepted fix are left for a later round.

use super::engine::RuleSet;
use super::{Applicability, Diagnostic, Edit};
use crate::eval::project::Project;
use crate::syntax::ParsedFile;

/// The result of applying fixes once.
#[derive(Debug, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// How many fixes were applied.
    pub fixed: usize,
    /// The indices (in the diagnostics given) of the diagnostics whose fixes were applied.
    pub applied: Vec<usize>,
}

/// Applies the fixes of `diagnostics` to `source`: safe ones, and unsafe ones too when
/// `unsafe_fixes`. Fixes are taken in source order; one that overlaps or touches an
/// accepted fix is skipped (left for the next round).
pub fn apply(source: &str, diagnostics: &[Diagnostic], unsafe_fixes: bool) -> Applied {
    let mut fixes: Vec<(usize, &[Edit], &str)> = diagnostics
        .iter()
        .enumerate()
        .filter_map(|(i, d)| Some((i, d.fix.as_ref()?, d.rule)))
        .filter(|(_, f, _)| unsafe_fixes || f.applicability == Applicability::Safe)
        .map(|(i, f, rule)| (i, &*f.edits, rule))
        .filter(|(_, edits, _)| {
            // A fix whose edits leave the text as it is fixes nothing.
            edits
                .iter()
                .any(|e| source.get(e.span.start()..e.span.end()) != Some(&*e.replacement))
        })
        .collect();
    fixes.sort_by_key(|(_, edits, _)| edits.iter().map(|e| e.span.start).min().unwrap_or(0));
    let mut accepted: Vec<(&Edit, &str)> = Vec::new();
    let mut applied = Vec::new();
    for (index, edits, rule) in fixes {
        let valid = edits.iter().all(|e| {
            e.span.start <= e.span.end
                && e.span.end() <= source.len()
                && source.is_char_boundary(e.span.start())
                && source.is_char_boundary(e.span.end())
        });
        let clashes = |a: &Edit, b: &Edit| {
            a.span.start < b.span.end && b.span.start < a.span.end
                || a.span.start == b.span.start
                || (a.span.is_empty() && a.span.start > b.span.start && a.span.start < b.span.end)
                || (b.span.is_empty() && b.span.start > a.span.start && b.span.start < a.span.end)
        };
        // Edits of two rules' fixes that touch clash too: each was made for the text beside
        // it as it is (two deletions meeting at a line end may, together, join a comment to
        // the code after it); one rule's fixes are made to go together.
        let touches = |a: &Edit, b: &Edit| a.span.end == b.span.start || b.span.end == a.span.start;
        let overlaps = edits.iter().enumerate().any(|(i, e)| {
            accepted
                .iter()
                .any(|&(a, r)| clashes(a, e) || (r != rule && touches(a, e)))
                || edits.iter().skip(i + 1).any(|o| clashes(o, e))
        });
        if valid && !overlaps {
            accepted.extend(edits.iter().map(|e| (e, rule)));
            applied.push(index);
        }
    }
    accepted.sort_by_key(|(e, _)| (e.span.start, e.span.end));
    let mut text = String::with_capacity(source.len());
    let mut pos = 0;
    for (e, _) in accepted {
        text.push_str(source.get(pos..e.span.start()).unwrap_or(""));
        text.push_str(&e.replacement);
        pos = e.span.end();
    }
    text.push_str(source.get(pos..).unwrap_or(""));
    applied.sort_unstable();
    Applied {
        text,
        fixed: applied.len(),
        applied,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Fix;
    use crate::syntax::Span;

    fn diag(fix: Fix) -> Diagnostic {
        Diagnostic::new(Span::new(0, 0), "x").with_fix(fix)
    }

    #[test]
    fn applies_non_overlapping_fixes_in_order() {
        let d = vec![
            diag(Fix::safe(vec![Edit::replace(Span::new(4, 5), "B")])),
            diag(Fix::safe(vec![Edit::insert(0, ">")])),
            diag(Fix::unsafe_(vec![Edit::delete(Span::new(1, 2))])),
        ];
        assert_eq!(
            apply("abcdefg", &d, false),
            Applied {
                text: ">abcdBfg".into(),
                fixed: 2,
                applied: vec![0, 1],
            }
        );
        assert_eq!(
            apply("abcdefg", &d, true),
            Applied {
                text: ">acdBfg".into(),
                fixed: 3,
                applied: vec![0, 1, 2],
            }
        );
    }

    #[test]
    fn fixes_of_two_rules_that_touch_wait_for_the_next_round() {
        // Two deletions meeting at a line end: together they would join `#` to the `}`.
        let of = |rule, span| {
            let mut d = diag(Fix::safe(vec![Edit::replace(span, "")]));
            d.rule = rule;
            d
        };
        let d = vec![of("a", Span::new(1, 3)), of("b", Span::new(3, 4))];
        assert_eq!(
            apply("#\n\n\n}", &d, false),
            Applied {
                text: "#\n}".into(),
                fixed: 1,
                applied: vec![0],
            }
        );
        // One rule's fixes that touch go together.
        let d = vec![of("a", Span::new(1, 2)), of("a", Span::new(2, 3))];
        assert_eq!(apply("#\n\n\n}", &d, false).text, "#\n}");
    }

    #[test]
    fn overlapping_fix_is_skipped_whole() {
        let d = vec![
            diag(Fix::safe(vec![Edit::replace(Span::new(0, 3), "X")])),
            diag(Fix::safe(vec![
                Edit::replace(Span::new(5, 6), "Y"),
                Edit::replace(Span::new(2, 4), "Z"),
            ])),
        ];
        assert_eq!(
            apply("abcdefg", &d, false),
            Applied {
                text: "Xdefg".into(),
                fixed: 1,
                applied: vec![0],
            }
        );
    }

    #[test]
    fn fixing_repeats_until_nothing_changes() {
        let rules =
            crate::rules::engine::RuleSet::only("trailing_whitespace", crate::rules::Level::Error);
        let out = fix_until_stable("t.pp", "$a = 1  \n$b = 2\t\n", &rules, false);
        assert_eq!(out.text, "$a = 1\n$b = 2\n");
        assert_eq!((out.fixed, out.rounds, out.rejected), (2, 1, false));
        assert!(out.diagnostics.is_empty());
        let out = fix_until_stable("t.pp", "$a = [1\n", &rules, false);
        assert_eq!(
            (out.text.as_str(), out.fixed, out.rejected),
            ("$a = [1\n", 0, false)
        );
    }

    /// A rule whose fix inserts `text` at the start of every file that does not start with
    /// `marker`.
    macro_rules! inserting_rule {
        ($ty:ident, $meta:ident, $text:expr, $marker:expr) => {
            struct $ty;
            static $meta: crate::rules::RuleMeta = crate::rules::RuleMeta {
                name: "test_insert",
                level: crate::rules::Level::Warning,
                category: crate::rules::Category::Style,
                fix: crate::rules::FixKind::Safe,
                puppet_lint: None,
                plugin: None,
                aliases: &[],
                since: "0.2.0",
                summary: "",
                doc: "",
                kinds: &[],
                options: &[],
            };
            impl crate::rules::Rule for $ty {
                fn meta(&self) -> &'static crate::rules::RuleMeta {
                    &$meta
                }
                fn check_file(&self, cx: &mut crate::rules::Context<'_>) {
                    if !cx.source().starts_with($marker) {
                        cx.report(
                            Diagnostic::new(Span::new(0, 0), "x")
                                .with_fix(Fix::safe(vec![Edit::insert(0, $text)])),
                        );
                    }
                }
            }
        };
    }

    #[test]
    fn a_fix_that_breaks_the_parse_is_rejected() {
        inserting_rule!(Breaker, BREAKER, "(", "(");
        let rules = RuleSet::new(vec![(
            &Breaker,
            crate::rules::Level::Warning,
            toml::Table::new(),
        )]);
        let out = fix_until_stable("t.pp", "$a = 1\n", &rules, false);
        assert_eq!((out.text.as_str(), out.fixed), ("$a = 1\n", 0));
        assert!(out.rejected);
        assert_eq!(out.diagnostics.len(), 1);
    }

    #[test]
    fn fixing_stops_after_the_last_round() {
        // Each round inserts a newline, and the next round wants one more.
        inserting_rule!(Grower, GROWER, "\n", "never");
        let rules = RuleSet::new(vec![(
            &Grower,
            crate::rules::Level::Warning,
            toml::Table::new(),
        )]);
        let out = fix_until_stable("t.pp", "$a = 1\n", &rules, false);
        assert!(out.unsettled && !out.rejected);
        assert_eq!((out.fixed, out.rounds), (MAX_ROUNDS, MAX_ROUNDS));
        assert_eq!(out.text, format!("{}$a = 1\n", "\n".repeat(MAX_ROUNDS)));
    }

    #[test]
    fn out_of_range_edits_are_ignored() {
        let d = vec![diag(Fix::safe(vec![Edit::replace(Span::new(2, 99), "X")]))];
        assert_eq!(
            apply("abc", &d, false),
            Applied {
                text: "abc".into(),
                fixed: 0,
                applied: vec![],
            }
        );
    }
}

/// The result of fixing one file until nothing changes.
#[derive(Debug)]
pub struct FixOutcome {
    /// The fixed text (the original when nothing was fixed or the result did not parse).
    pub text: String,
    /// `text` parsed.
    pub parsed: ParsedFile,
    /// The findings of `text`: what is left after fixing.
    pub diagnostics: Vec<Diagnostic>,
    /// How many fixes were applied in all rounds (0 when the result was rejected).
    pub fixed: usize,
    /// The problems those fixes took care of, round by round, each in source order.
    pub fixed_problems: Vec<FixedProblem>,
    /// How many rounds applied fixes.
    pub rounds: usize,
    /// The fixed text had a syntax error, so it was thrown away.
    pub rejected: bool,
    /// [`MAX_ROUNDS`] rounds ran and the last one still had fixes to apply.
    pub unsettled: bool,
}

/// A problem that a fix took care of, with where it was in the text of the round that
/// fixed it.
#[derive(Clone, Debug)]
pub struct FixedProblem {
    pub diagnostic: Diagnostic,
    /// 1-based line and column (in characters) of its start, and of its end.
    pub start: (usize, usize),
    pub end: (usize, usize),
}

/// Most rounds of fixing before giving up on reaching a fixed point.
pub const MAX_ROUNDS: usize = 10;

/// Fixes `source` (the file `path`) with `rules`: applies the fixes of one check, checks
/// the result again and repeats until no fix applies (at most [`MAX_ROUNDS`] rounds). A
/// result that does not parse without error is rejected and the original text kept.
pub fn fix_until_stable(
    path: &str,
    source: &str,
    rules: &RuleSet,
    unsafe_fixes: bool,
) -> FixOutcome {
    fix_parsed(
        path,
        crate::syntax::parse_file_bytes(std::path::Path::new(path), source.as_bytes()),
        rules,
        unsafe_fixes,
        None,
    )
}

/// [`fix_until_stable`] on a file already parsed, checked with the definitions of `project`
/// (the file's own when `None`). Every text is parsed once, the original included: the
/// outcome carries the last parse and its findings.
pub fn fix_parsed(
    path: &str,
    parsed: ParsedFile,
    rules: &RuleSet,
    unsafe_fixes: bool,
    project: Option<&Project>,
) -> FixOutcome {
    let check =
        |parsed: &ParsedFile| super::engine::check_file_in(path, parsed, rules, false, project);
    let diagnostics = check(&parsed);
    let original = FixOutcome {
        text: parsed.source.clone(),
        parsed,
        diagnostics,
        fixed: 0,
        fixed_problems: Vec::new(),
        rounds: 0,
        rejected: false,
        unsettled: false,
    };
    if original.parsed.has_errors() {
        return original;
    }
    let mut current: Option<FixOutcome> = None;
    loop {
        let now = current.as_ref().unwrap_or(&original);
        let applied = apply(&now.text, &now.diagnostics, unsafe_fixes);
        if applied.fixed == 0 || applied.text == now.text {
            break;
        }
        if now.rounds == MAX_ROUNDS {
            let mut last = current.unwrap_or(original);
            last.unsettled = true;
            return last;
        }
        let template = crate::syntax::epp::template(&original.parsed.program);
        let parsed = match template {
            Some(_) => crate::syntax::epp::parse(&applied.text),
            None => crate::syntax::parse(&applied.text),
        };
        // A template's text must come out of its fixes as it went in.
        let text_changed = template.is_some()
            && crate::syntax::epp::rendered_text(&parsed.program)
                != crate::syntax::epp::rendered_text(&original.parsed.program);
        if parsed.has_errors() || text_changed {
            return FixOutcome {
                rejected: true,
                ..original
            };
        }
        let diagnostics = check(&parsed);
        let (fixed, rounds) = (now.fixed + applied.fixed, now.rounds + 1);
        let (source, index) = (&now.parsed.source, &now.parsed.line_index);
        let mut fixed_problems = now.fixed_problems.clone();
        fixed_problems.extend(applied.applied.iter().filter_map(|&i| {
            let d = now.diagnostics.get(i)?;
            Some(FixedProblem {
                diagnostic: d.clone(),
                start: index.line_col(source, d.span.start()),
                end: index.line_col(source, d.span.end()),
            })
        }));
        current = Some(FixOutcome {
            text: applied.text,
            parsed,
            diagnostics,
            fixed,
            fixed_problems,
            rounds,
            rejected: false,
            unsettled: false,
        });
    }
    current.unwrap_or(original)
}
