//! The evaluator on small manifests: what it reports, and where it stays silent.

use std::path::Path;

use super::*;
use crate::eval::class_memo::ClassMemo;
use crate::eval::loader::ModulePath;
use crate::eval::project::Project;

/// The findings of evaluating `src` as the file `path`, as `(rule, line, warning)`.
fn run(path: &str, src: &str) -> Vec<(&'static str, usize, bool)> {
    run_with(path, src, Vec::new())
}

/// [`run`] with the module path `--modulepath` gives (none: found from `path`).
fn run_with(
    path: &str,
    src: &str,
    modulepath: Vec<std::path::PathBuf>,
) -> Vec<(&'static str, usize, bool)> {
    let parsed = crate::syntax::parse(src);
    assert!(!parsed.has_errors(), "{src}");
    let facts = |n: &str| n == "osfamily";
    with_options(&parsed.program, path, modulepath, &facts, |options| {
        evaluate(&parsed.program, options)
    })
    .into_iter()
    .map(|f| (f.rule, parsed.line_index.line(f.span.start()), f.warning))
    .collect()
}

/// `f` with the options of evaluating `program` as the file `path`, with the module path
/// `modulepath` (none: found from `path`) and the facts `is_fact` names.
fn with_options<T>(
    program: &crate::syntax::Program,
    path: &str,
    modulepath: Vec<std::path::PathBuf>,
    is_fact: &dyn Fn(&str) -> bool,
    f: impl FnOnce(&Options<'_>) -> T,
) -> T {
    let mut project = Project::of(program);
    project.modulepath = modulepath;
    let module_path = ModulePath::for_file(Path::new(path), &project);
    f(&Options {
        project: &project,
        module_path: &module_path,
        is_fact,
    })
}

#[test]
fn unknown_branches_are_evaluated_but_not_compared() {
    let src = "if $osfamily == 'Debian' {\n  $x = 1 + 'a'\n  file { '/a': }\n} else {\n  file { '/a': }\n}\nfile { \"/b${x}\": }\n";
    assert_eq!(run("t.pp", src), vec![("invalid_operand", 2, false)]);
}

#[test]
fn declarations_under_different_conditions_are_not_duplicates() {
    let src = "if $osfamily == 'Debian' { file { '/a': } }\nif $osfamily != 'RedHat' { file { '/a': } }\nfile { '/b': }\nif $osfamily == 'x' { file { '/b': } }\n";
    assert_eq!(run("t.pp", src), vec![]);
    let src = "if $osfamily == 'Debian' {\n  file { '/a': }\n  file { '/a': }\n}\n";
    assert_eq!(run("t.pp", src), vec![("duplicate_resource", 3, false)]);
}

#[test]
fn a_class_is_evaluated_on_its_own_with_unknown_parameters() {
    let src = "class c (Integer $n = 3) {\n  $m = $n + 1\n  $k = 'x' + 1\n  notice($nowhere)\n}\n";
    assert_eq!(
        run("t.pp", src),
        vec![
            ("invalid_operand", 3, false),
            ("undefined_variable", 4, true)
        ]
    );
}

#[test]
fn loops_declare_each_title() {
    let src = "[1, 2, 1].each |$i| {\n  notify { \"n${i}\": }\n}\n$h = { 'a' => 1 }\n$h.each |$k, $v| { notify { \"${k}${v}\": } }\n";
    assert_eq!(run("t.pp", src), vec![("duplicate_resource", 2, false)]);
}

#[test]
fn values_doubled_in_a_loop_stay_small() {
    // 2^40 characters and elements if kept: they become unknowns past the limits.
    let n = (1..=40)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let src = format!(
        "$s = [{n}].reduce('ab') |$m, $x| {{ \"${{m}}${{m}}\" }}\n$a = [{n}].reduce([1]) |$m, $x| {{ $m + $m }}\n$b = $a + 'x'\n"
    );
    assert_eq!(run("t.pp", &src), vec![]);
}

#[test]
fn loops_over_big_values_end() {
    // 99,999 iterations that each copy a 99,999-element array: the work is counted.
    let src = "$big = Integer[1, 99999].map |$i| { $i }\nInteger[1, 99999].each |$i| { $c = $big + [1] }\n";
    assert_eq!(run("t.pp", src), vec![]);
}

#[test]
fn a_regexp_search_that_gives_up_is_unknown() {
    let src = "$x = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!' =~ /^(a+)+$/\n$y = $x ? { true => 1 }\n$z = $x ? { false => 1 }\n";
    assert_eq!(run("t.pp", src), vec![]);
}

#[test]
fn recursion_stops() {
    // A defined type that declares itself, and a function that calls itself.
    let src = "define d ($n) {\n  d { \"x${n}\": n => $n + 1 }\n}\nd { 'a': n => 0 }\nfunction f($x) { f($x + 1) }\n$y = f(0)\n";
    let found = run("t.pp", src);
    assert!(
        found.iter().all(|(r, _, _)| *r != "duplicate_resource"),
        "{found:?}"
    );
}

#[test]
fn match_variables_and_selectors() {
    let src = "if 'web01' =~ /^([a-z]+)(\\d+)$/ {\n  $role = $1 ? { 'web' => 'frontend', 'db' => 'backend' }\n  $n = $2 ? { '02' => 2 }\n}\n";
    assert_eq!(run("t.pp", src), vec![("selector_no_match", 3, false)]);
}

#[test]
fn relationships_to_undeclared_resources_only_in_a_closed_catalog() {
    let src = "notify { 'a': }\nNotify['a'] -> Notify['b']\n";
    assert_eq!(run("t.pp", src), vec![("undeclared_resource", 2, false)]);
    // A class rein cannot find may declare it (the class itself is only likely missing:
    // a warning, since no module path was given).
    let src = "include somewhere\nnotify { 'a': }\nNotify['a'] -> Notify['b']\n";
    assert_eq!(run("t.pp", src), vec![("unknown_class", 1, true)]);
}

/// A manifest of the fixture module `deepmod` (it has `templates/conf.epp` with a header,
/// `templates/motd.epp` without one, and `templates/legacy.erb`).
const IN_DEEPMOD: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/deep/modules/deepmod/manifests/calls.pp"
);

#[test]
fn template_calls_are_checked_against_the_template() {
    let src = "$a = epp('deepmod/conf.epp', { 'server' => 'a', 'port' => 80 })\n$b = epp('deepmod/conf.epp', {})\n$c = epp('deepmod/conf.epp', { 'server' => 'a', 'serevr' => 'b' })\n$d = epp('deepmod/conf.epp', { 'server' => 1 })\n$e = epp('deepmod/cnof.epp')\n$f = template('deepmod/legacy.erb', 'deepmod/legacy2.erb')\n$g = epp('deepmod/conf.epp', { 'server' => 'a', 'log-dir' => '/x' })\n";
    assert_eq!(
        run(IN_DEEPMOD, src),
        vec![
            ("epp_missing_parameter", 2, false),
            ("epp_unknown_parameter", 3, false),
            ("type_mismatch", 4, false),
            ("unknown_template", 5, false),
            ("unknown_template", 6, false),
            ("type_mismatch", 7, false),
        ]
    );
}

#[test]
fn template_calls_rein_cannot_judge_are_left_alone() {
    // A hash rein does not know, `undef` for a parameter with a default, a template
    // without a header, an absolute path, a module rein does not see, an unknown name.
    let src = "$params = $facts['params']\n$a = epp('deepmod/conf.epp', $params)\n$b = epp('deepmod/conf.epp', { 'server' => 'a', 'port' => undef })\n$c = epp('deepmod/motd.epp', { 'anything' => 1 })\n$d = epp('/etc/puppet/x.epp')\n$e = epp('othermod/x.epp', {})\n$f = epp($facts['t'])\n$g = template($facts['t'])\n";
    assert_eq!(run(IN_DEEPMOD, src), vec![]);
}

#[test]
fn inline_templates_are_parsed_and_checked() {
    let src = "$a = inline_epp('<%- | Integer $n | -%><%= $n %>', { 'n' => 'x' })\n$b = inline_epp('<%= $x')\n$c = inline_epp('<%- | | -%>x', { 'y' => 1 })\n$d = inline_epp('<%= $x %>', { 'x' => 1 })\n";
    assert_eq!(
        run("t.pp", src),
        vec![
            ("type_mismatch", 1, false),
            ("evaluation_error", 2, false),
            ("epp_unknown_parameter", 3, false),
        ]
    );
}

#[test]
fn with_a_complete_module_path_a_missing_module_has_no_templates() {
    let src = "$a = epp('othermod/x.epp')\n$b = epp('deepmod/conf.epp', { 'server' => 'a' })\n";
    let modules = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/deep/modules");
    assert_eq!(
        run_with("site.pp", src, vec![modules]),
        vec![("unknown_template", 1, false)]
    );
}

#[test]
fn a_template_parameter_finding_points_at_the_declaration() {
    let src = "$a = epp('deepmod/conf.epp', { 'port' => 'x' })\n";
    let parsed = crate::syntax::parse(src);
    let project = Project::of(&parsed.program);
    let module_path = ModulePath::for_file(Path::new(IN_DEEPMOD), &project);
    let options = Options {
        project: &project,
        module_path: &module_path,
        is_fact: &|_: &str| false,
    };
    let related: Vec<(&str, String)> = evaluate(&parsed.program, &options)
        .into_iter()
        .flat_map(|mut f| f.take_more().related.into_iter().map(move |r| (f.rule, r)))
        .map(|(rule, r)| match r.place {
            Place::Elsewhere { path, line, .. } => (
                rule,
                format!(
                    "{}:{line} {}",
                    path.file_name().unwrap_or_default().to_string_lossy(),
                    r.message
                ),
            ),
            Place::Here(_) => (rule, r.message),
        })
        .collect();
    assert_eq!(
        related,
        vec![
            (
                "epp_missing_parameter",
                "conf.epp:1 `$server` is declared here".to_string()
            ),
            (
                "type_mismatch",
                "conf.epp:2 `$port` is declared here".to_string()
            ),
        ]
    );
}

/// `class i { <code> if <test> { $z = 1 + 'a' } }`: the addition is reported (in a
/// speculative branch) exactly when `test` is unknown or true.
fn unknown_test(code: &str, test: &str) -> bool {
    let src = format!("class i {{\n  {code}\n  if {test} {{\n    $z = 1 + 'a'\n  }}\n}}\n");
    match run("t.pp", &src).as_slice() {
        [] => false,
        [("invalid_operand", 4, false)] => true,
        other => panic!("{src}: {other:?}"),
    }
}

/// `$a` doubled `n` times in a loop (2^n items if nothing were shared), then `rest`.
fn doubled(n: u32, rest: &str) -> String {
    format!("$a = {n}.reduce([1]) |$m, $i| {{ [$m, $m] }} {rest}")
}

#[test]
fn a_value_doubled_through_sharing_becomes_unknown() {
    // 2^30 items: the array becomes unknown, and so its text.
    let text = "$s = \"${a}\"";
    assert!(unknown_test(&doubled(30, text), "$s == ''"));
    // Small enough: known (and not empty).
    assert!(!unknown_test(&doubled(3, text), "$s == ''"));
    let known = "$s != '[[[[1], [1]], [[1], [1]]], [[[1], [1]], [[1], [1]]]]'";
    assert!(!unknown_test(&doubled(3, text), known));
}

#[test]
fn flatten_compare_and_assert_type_of_a_doubled_value_end() {
    assert!(unknown_test(&doubled(30, "$f = flatten($a)"), "$f == []"));
    assert!(!unknown_test(&doubled(3, "$f = flatten($a)"), "$f == []"));
    for (n, unknown) in [(30, true), (3, false)] {
        let b = format!("$b = {n}.reduce([1]) |$m, $i| {{ [$m, $m] }} $e = $a == $b");
        assert_eq!(unknown_test(&doubled(n, &b), "!$e"), unknown);
    }
    // The type of the unknown is known: the assertion holds.
    let asserted = "$t = assert_type(Array[Array], $a) $n = $t =~ Array";
    assert!(!unknown_test(&doubled(30, asserted), "!$n"));
}

#[test]
fn unique_over_many_items_is_computed() {
    let code = "$u = unique(Integer[0, 99998].map |$i| { $i % 7 }) $v = unique(Integer[0, 99998].map |$i| { \"${i}\" })";
    assert!(!unknown_test(code, "$u != [0, 1, 2, 3, 4, 5, 6]"));
    assert!(!unknown_test(code, "$v.length != 99999"));
}

#[test]
fn nested_splits_end() {
    let code =
        "$s = 30.reduce('a,b') |$m, $i| { join(split(\"${m},${m}\", ','), ',') } $t = \"${s}\"";
    assert!(unknown_test(code, "$t == ''"));
    let small =
        "$s = 2.reduce('a,b') |$m, $i| { join(split(\"${m},${m}\", ','), ',') } $t = \"${s}\"";
    assert!(!unknown_test(small, "$t != 'a,b,a,b,a,b,a,b'"));
}

#[test]
fn deep_values_become_unknown() {
    // 100,000 levels of arrays: printing or dropping it would recurse that deep.
    let code = "$a = 100000.reduce([]) |$m, $i| { [$m] } $s = \"${a}\"";
    assert!(unknown_test(code, "$s == ''"));
    let small = "$a = 3.reduce([]) |$m, $i| { [$m] } $s = \"${a}\"";
    assert!(!unknown_test(small, "$s != '[[[[]]]]'"));
}

#[test]
fn the_step_budget_is_shared_by_the_roots() {
    // Each class takes 10,000 to 50,000 steps; after a few, the evaluation's (here 50,000) are
    // spent and later roots stop at once (the last class's error goes unseen).
    let burner = |n: usize| {
        format!("class b{n} {{ Integer[1, 100].each |$i| {{ Integer[1, 100].each |$j| {{ $x = $j }} }} }}\n")
    };
    let last = "class z {\n  $z = 1 + 'a'\n}\n";
    let within = |src: &str| {
        let parsed = crate::syntax::parse(src);
        let budget = Budget {
            total_steps: 50_000,
            ..Budget::default()
        };
        with_options(&parsed.program, "t.pp", Vec::new(), &|_| false, |options| {
            evaluate_within(&parsed.program, options, budget)
        })
        .into_iter()
        .map(|f| (f.rule, parsed.line_index.line(f.span.start())))
        .collect::<Vec<_>>()
    };
    let few: String = (0..1).map(burner).collect::<String>() + last;
    assert_eq!(within(&few), vec![("invalid_operand", 3)]);
    let many: String = (0..6).map(burner).collect::<String>() + last;
    assert_eq!(within(&many), vec![]);
}

#[test]
fn capitalized_names() {
    use super::state::capitalize;
    for (name, shown) in [
        ("apache::vhost", "Apache::Vhost"),
        ("::Apache::VHost", "Apache::Vhost"),
        ("::::a", "A"),
        ("a::::b", "A::::B"),
        ("a:::b", "A:::b"),
        ("", ""),
        ("éclair::ÿ::ß", "Éclair::Ÿ::SS"),
        ("x::", "X::"),
    ] {
        assert_eq!(capitalize(name), shown, "{name}");
    }
}

/// The main root of `src` evaluated: how many findings it kept while it ran, and the
/// findings it gave (rule, line, message).
fn root_findings(src: &str) -> (usize, Vec<(&'static str, usize, String)>) {
    let parsed = crate::syntax::parse(src);
    assert!(!parsed.has_errors());
    let mut locals = Locals::default();
    collect_locals(&parsed.program.body, &mut locals);
    let (regexes, manifests) = (Regexes::default(), Manifests::default());
    let mut while_running = 0;
    let found = with_options(&parsed.program, "t.pp", Vec::new(), &|_| false, |options| {
        let mut ev = Evaluator::new(options, options.module_path, &locals, &regexes, &manifests);
        ev.root_main(&parsed.program);
        while_running = ev.findings.len();
        ev.finish_root(true)
    });
    let kept = found
        .into_iter()
        .map(|f| (f.rule, parsed.line_index.line(f.span.start()), f.message))
        .collect();
    (while_running, kept)
}

#[test]
fn a_finding_repeated_in_nested_loops_is_kept_once() {
    // The fuzzed template's shape: three nested loops over 20-character strings (8,000
    // passes), each failing the same two ways at the same places. The root keeps each
    // finding once as it goes (a template of this shape held 38,000 copies, 144 MB), and
    // the result is as before: each finding once, in order.
    let word = "a".repeat(20);
    let src = format!(
        "'{word}'.each |$a| {{\n  '{word}'.each |$b| {{\n    '{word}'.each |$c| {{\n      $x = e['']\n      $y = 1 + \"${{a}}${{b}}\"\n    }}\n  }}\n}}\n"
    );
    // Kept while the root runs: each finding once.
    let (kept_while_running, kept) = root_findings(&src);
    assert_eq!(kept_while_running, 2);
    let substring =
        "A substring operation does not accept a String as a character index. Expected an Integer";
    assert_eq!(
        kept,
        vec![
            ("evaluation_error", 4, substring.to_string()),
            (
                "invalid_operand",
                5,
                "The value 'aa' cannot be converted to Numeric.".to_string()
            ),
        ]
    );
    assert_eq!(
        run("t.pp", &src),
        vec![
            ("evaluation_error", 4, false),
            ("invalid_operand", 5, false)
        ]
    );
}

#[test]
fn a_place_failing_differently_at_each_pass_reports_its_first_failure() {
    // Each pass fails with another value: Puppet stops at the first; the root keeps the
    // first finding of a rule at a place (not 1,000, nor 99,999 for a longer range).
    let src = "Integer[1, 1000].each |$i| {\n  $y = $i + \"a${i}\"\n}\n";
    let (kept_while_running, kept) = root_findings(src);
    assert_eq!(kept_while_running, 1);
    assert_eq!(
        kept,
        vec![(
            "invalid_operand",
            2,
            "The value 'a1' cannot be converted to Numeric.".to_string()
        )]
    );
}

#[test]
fn the_roots_findings_are_sorted_and_each_kept_once_an_error_winning_over_its_warning() {
    // As several roots report them: by place and rule after, each (rule, place, message)
    // once, a warning dropped where its rule found an error at the same place; two
    // messages at one place both kept, in the order reported.
    let f = |rule, start, end, message: &str, warning| {
        Finding::new(rule, Span::new(start, end), message.to_string(), warning)
    };
    let mut out = vec![
        f("undefined_variable", 10, 12, "b", false),
        f("type_mismatch", 0, 5, "x", true),
        f("undefined_variable", 10, 12, "a", false),
        f("type_mismatch", 0, 5, "x", false),
        f("case_no_match", 0, 5, "y", false),
        f("undefined_variable", 10, 12, "b", false),
        f("type_mismatch", 0, 5, "x", true),
        f("type_mismatch", 0, 9, "x", true),
        f("undefined_variable", 3, 4, "c", true),
        f("undefined_variable", 3, 4, "c", true),
    ];
    in_order_once(&mut out);
    let got: Vec<_> = out
        .iter()
        .map(|f| {
            (
                f.span.start(),
                f.span.end(),
                f.rule,
                f.message.as_str(),
                f.warning,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (0, 5, "case_no_match", "y", false),
            (0, 5, "type_mismatch", "x", false),
            (0, 9, "type_mismatch", "x", true),
            (3, 4, "undefined_variable", "c", true),
            (10, 12, "undefined_variable", "b", false),
            (10, 12, "undefined_variable", "a", false),
        ]
    );
}

#[test]
fn a_finding_is_small() {
    // A big file has a finding per line or more: its help and related places are boxed.
    assert_eq!(std::mem::size_of::<Finding>(), 64);
}

#[test]
fn a_class_included_again_and_again_keeps_one_path_per_branch() {
    // The fuzzed shape: a function calling itself includes the same class at every call
    // (3 s for 553 bytes when each `include` scanned every path the class was declared
    // under). A loop adds no path; the class declared resource-like under the same
    // branch is still a duplicate.
    let src = "class x {}\nInteger[1, 100].each |$i| {\n  include x\n}\nif $facts['a'] {\n  include x\n}\nclass { 'x': }\n";
    let parsed = crate::syntax::parse(src);
    assert!(!parsed.has_errors());
    let mut locals = Locals::default();
    collect_locals(&parsed.program.body, &mut locals);
    let (regexes, manifests) = (Regexes::default(), Manifests::default());
    let mut paths = 0;
    let found = with_options(&parsed.program, "t.pp", Vec::new(), &|_| false, |options| {
        let mut ev = Evaluator::new(options, options.module_path, &locals, &regexes, &manifests);
        ev.root_main(&parsed.program);
        paths = ev.class_paths.get("x").map_or(0, Vec::len);
        ev.finish_root(true)
    });
    // The first `include`, the one under the `if`, and `class { 'x': }`.
    assert_eq!(paths, 3);
    let found: Vec<(&str, usize)> = found
        .iter()
        .map(|f| (f.rule, parsed.line_index.line(f.span.start())))
        .collect();
    assert_eq!(found, vec![("duplicate_resource", 8)]);
}

#[test]
fn an_inline_template_rendered_again_and_again_is_parsed_once() {
    // The fuzzed shape: a function calling itself renders the same text each time (8 s
    // when each call parsed it again). Two texts, each rendered 100 times: two parses, and
    // each finding once, as before.
    let src = "Integer[1, 100].each |$i| {\n  $a = inline_epp('<%- | Integer $n | -%><%= $n %>', { 'n' => 'x' })\n  $b = inline_epp('<%= $x')\n}\n";
    let parsed = crate::syntax::parse(src);
    assert!(!parsed.has_errors());
    let mut locals = Locals::default();
    collect_locals(&parsed.program.body, &mut locals);
    let (regexes, manifests) = (Regexes::default(), Manifests::default());
    let mut parsed_texts = 0;
    let found = with_options(&parsed.program, "t.pp", Vec::new(), &|_| false, |options| {
        let mut ev = Evaluator::new(options, options.module_path, &locals, &regexes, &manifests);
        ev.root_main(&parsed.program);
        parsed_texts = ev.inline_templates.len();
        ev.finish_root(true)
    });
    assert_eq!(parsed_texts, 2);
    let found: Vec<(&str, usize)> = found
        .iter()
        .map(|f| (f.rule, parsed.line_index.line(f.span.start())))
        .collect();
    assert_eq!(found, vec![("type_mismatch", 2), ("evaluation_error", 3)]);
}

/// The findings of evaluating the files `files` (relative to `dir`, the run's root) one
/// after the other in one run with the class memo `memo`, as `file:line rule message`;
/// with how many recordings were replayed.
fn run_files(dir: &Path, files: &[&str], memo: ClassMemo) -> (Vec<String>, usize) {
    let parsed: Vec<(&str, crate::syntax::ParsedFile)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(dir.join(f)).unwrap_or_else(|e| panic!("{e}"));
            (*f, crate::syntax::parse(&text))
        })
        .collect();
    let mut project = Project::default();
    for (_, p) in &parsed {
        project.merge(Project::of(&p.program));
    }
    project.roots = vec![dir.to_path_buf()];
    project.memo = memo;
    let mut out = Vec::new();
    for (f, p) in &parsed {
        let module_path = ModulePath::for_file(&dir.join(f), &project);
        let options = Options {
            project: &project,
            module_path: &module_path,
            is_fact: &|_: &str| false,
        };
        for finding in evaluate(&p.program, &options) {
            let line = p.line_index.line(finding.span.start());
            out.push(format!("{f}:{line} {} {}", finding.rule, finding.message));
        }
    }
    (out, project.memo.replays())
}

#[test]
fn a_replayed_module_class_leaves_each_root_as_its_evaluation_would() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (rel, text) in [
        (
            "modules/base/manifests/init.pp",
            "class base {\n  include base::params\n  $mode = $base::params::mode\n  file { '/etc/base': mode => $mode }\n  if $facts['os'] == 'x' {\n    include base::extra\n    file { '/etc/cond': }\n  }\n  $n = $top_var\n  base::item { 'one': }\n  'x' =~ /(x)/\n  $typed = Base::Port\n}\n",
        ),
        (
            "modules/base/manifests/params.pp",
            "class base::params {\n  $mode = '0644'\n  $count = 1\n}\n",
        ),
        (
            "modules/base/manifests/extra.pp",
            "class base::extra {\n  file { '/etc/extra': }\n}\n",
        ),
        (
            "modules/base/manifests/item.pp",
            "define base::item() {\n  file { \"/etc/item/${title}\": }\n}\n",
        ),
        ("modules/base/types/port.pp", "type Base::Port = Integer[1, 65535]\n"),
        (
            "modules/app/manifests/a.pp",
            "class app::a {\n  include base\n  file { '/etc/base': }\n}\n",
        ),
        (
            "modules/app/manifests/b.pp",
            "class app::b {\n  include base\n  $y = $base::params::count + 'a'\n  $z = $1 + 1\n  $q = assert_type($base::typed, 0)\n}\n",
        ),
        (
            "modules/app/manifests/c.pp",
            "class app::c {\n  include base::params\n  include base\n  file { '/etc/item/one': }\n}\n",
        ),
        (
            "modules/app/manifests/d.pp",
            "$top_var = 'set'\ninclude base\nfile { '/etc/base': }\n",
        ),
        (
            "modules/app/manifests/e.pp",
            "class app::e {\n  include base\n  file { '/etc/item/one': }\n}\ndefine base::item() {\n  file { \"/etc/local/${title}\": }\n}\n",
        ),
        (
            "modules/app/manifests/f.pp",
            "class app::f {\n  app::f::thing { 'x': }\n  include base\n  file { '/etc/item/one': }\n}\ndefine app::f::thing() { }\n",
        ),
        (
            "modules/app/manifests/g.pp",
            "class app::g(Integer $p = 1) {\n  if $p == 2 {\n    include base\n  } else {\n    include base\n  }\n  file { '/etc/base': }\n}\n",
        ),
    ] {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap_or(dir.path()))
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    }
    let files =
        ["a", "b", "c", "d", "e", "f", "g"].map(|f| format!("modules/app/manifests/{f}.pp"));
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let (evaluated, none) = run_files(dir.path(), &files, ClassMemo::off());
    assert_eq!(none, 0);
    let (replayed, replays) = run_files(dir.path(), &files, ClassMemo::default());
    assert_eq!(replayed, evaluated);
    // a.pp records `base` (and, within it, `base::params` and `base::extra`); b.pp, f.pp
    // (an instance numbered first) and g.pp (under a branch; its second `include` finds
    // it declared) replay `base`; c.pp (`base::params` declared first), d.pp (`$top_var`
    // set) and e.pp (its own `base::item`) evaluate `base`, replaying the two within it.
    assert_eq!(replays, 9);
    assert_eq!(
        evaluated,
        [
            "modules/app/manifests/a.pp:3 duplicate_resource Duplicate declaration: File[/etc/base] is already declared; cannot redeclare",
            "modules/app/manifests/b.pp:3 invalid_operand The value 'a' cannot be converted to Numeric.",
            "modules/app/manifests/b.pp:4 invalid_operand The value 'x' cannot be converted to Numeric.",
            "modules/app/manifests/b.pp:5 type_mismatch assert_type(): expects a Base::Port = Integer[1, 65535] value, got Integer[0, 0]",
            "modules/app/manifests/c.pp:4 duplicate_resource Duplicate declaration: File[/etc/item/one] is already declared; cannot redeclare",
            "modules/app/manifests/d.pp:3 duplicate_resource Duplicate declaration: File[/etc/base] is already declared; cannot redeclare",
            "modules/app/manifests/f.pp:4 duplicate_resource Duplicate declaration: File[/etc/item/one] is already declared; cannot redeclare",
        ]
    );
}

#[test]
fn a_module_class_replayed_inside_a_defined_type_instance_leaves_the_root_as_its_evaluation_would()
{
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    for (rel, text) in [
        (
            "modules/web/manifests/init.pp",
            "class web {\n  web::site { 'main': }\n  file { '/etc/web': }\n  file { '/etc/web': }\n}\n",
        ),
        (
            "modules/web/manifests/site.pp",
            "define web::site() {\n  include web\n  file { \"/etc/site/${title}\": }\n}\n",
        ),
        ("modules/app/manifests/a.pp", "class app::a {\n  include web\n}\n"),
        (
            "modules/app/manifests/h.pp",
            "define app::h() {\n  include web\n  file { '/etc/web': }\n}\n",
        ),
        (
            "modules/app/manifests/i.pp",
            "class app::i {\n  app::i::w { 'x': }\n  app::i::w { 'y': }\n}\ndefine app::i::w() {\n  include web\n  file { '/etc/site/main': }\n}\n",
        ),
        (
            "modules/app/manifests/k.pp",
            "web::site { 'main': }\nnotify { 'n': require => File['/nowhere'] }\n",
        ),
        (
            "modules/app/manifests/m.pp",
            "app::m { 'one': }\nnotify { 'n': require => File['/nowhere'] }\ndefine app::m() {\n  include web\n  file { '/etc/web': }\n}\n",
        ),
    ] {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap_or(dir.path()))
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
    }
    let files = ["a", "h", "i", "k", "m"].map(|f| format!("modules/app/manifests/{f}.pp"));
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let (evaluated, none) = run_files(dir.path(), &files, ClassMemo::off());
    assert_eq!(none, 0);
    let (replayed, replays) = run_files(dir.path(), &files, ClassMemo::default());
    assert_eq!(replayed, evaluated);
    // a.pp records `web` outside any instance; h.pp, i.pp (both its roots: the class and
    // the defined type) and m.pp (both roots) replay it inside an instance of their own
    // defined type; k.pp evaluates it: `web` declares `Web::Site[main]`, the instance
    // being evaluated, which is not entered again (so k.pp's catalog is not complete, and
    // its reference is not judged).
    assert_eq!(replays, 5);
    // k.pp first: its evaluation of `web` (inside `Web::Site[main]`, which `web` does not
    // enter again) is not recorded, so a.pp records `web` and the others replay that.
    let files: Vec<&str> = [&files[3..4], &files[..3], &files[4..]].concat();
    let (k_first, replays) = run_files(dir.path(), &files, ClassMemo::default());
    assert_eq!(k_first, run_files(dir.path(), &files, ClassMemo::off()).0);
    assert_eq!(k_first, evaluated);
    assert_eq!(replays, 5);
    assert_eq!(
        evaluated,
        [
            "modules/app/manifests/h.pp:3 duplicate_resource Duplicate declaration: File[/etc/web] is already declared; cannot redeclare",
            "modules/app/manifests/i.pp:7 duplicate_resource Duplicate declaration: File[/etc/site/main] is already declared; cannot redeclare",
            "modules/app/manifests/m.pp:2 undeclared_resource Could not find resource 'File[/nowhere]' in parameter 'require'",
            "modules/app/manifests/m.pp:5 duplicate_resource Duplicate declaration: File[/etc/web] is already declared; cannot redeclare",
        ]
    );
}
