//! EPP templates from the command line: `rein check` finds `.epp` files when walking and
//! when named and reports their syntax errors and findings; `rein dump` prints Puppet's
//! tree of a template; `rein fmt` leaves templates alone; `--fix` fixes the code in tags
//! and keeps the text.

use crate::harness::{outcome, outcome_with_stdin, temp_dir, write};

const TEMPLATE: &str = "<%- | String $owner | -%>\nBy <%= \"x\" %> <%= $owner %>   \n";

#[test]
fn check_walks_into_templates_and_reports_in_them() {
    let dir = temp_dir("epp-walk");
    write(&dir, "m/manifests/init.pp", "# M.\nclass m {\n}\n");
    write(&dir, "m/templates/motd.epp", TEMPLATE);
    let (code, out, err) = outcome(&["check", "--no-config", "--format", "concise", "m"], &dir);
    assert_eq!(code, 0, "{err}");
    // No trailing_whitespace: the blanks at the end of the line are the template's text.
    assert_eq!(
        out,
        "m/templates/motd.epp:2:8: warning[double_quoted_strings] double quoted string containing no variables\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_template_named_gives_its_errors_with_code_frames() {
    let dir = temp_dir("epp-broken");
    write(&dir, "t.epp", "a\n<% $x = = 1 %>\n<%= 1 + %>\n");
    let (code, out, _) = outcome(&["check", "--no-config", "t.epp"], &dir);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "error[syntax]: unexpected `=`\n  ┌─ t.epp:2:9\n  │\n2 │ <% $x = = 1 %>\n  │         ^\n\n\
         error[syntax]: expected an expression after `+`\n  ┌─ t.epp:3:8\n  │\n3 │ <%= 1 + %>\n  │        ^\n\n\
         Checked 1 file: 2 errors, 0 warnings.\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_new_template_rules_report() {
    let dir = temp_dir("epp-rules");
    write(
        &dir,
        "t.epp",
        "<%- | String $used, Integer $port = '80', $spare | -%>\n<%= $used %> <%= $port %> <%= $site %>\n",
    );
    let (code, out, _) = outcome(
        &["check", "--no-config", "--format", "concise", "t.epp"],
        &dir,
    );
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "t.epp:1:37: error[epp_default_type_mismatch] Epp Template: parameter 'port' expects an Integer value, got String (the default value)\n\
         t.epp:1:43: warning[epp_unused_parameter] The template parameter $spare is never used\n\
         t.epp:2:31: warning[epp_undeclared_variable] Variable $site is not a parameter of this template, not set in it and not a fact: epp() renders it in the top scope, where $site is undefined\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dump_prints_the_template_tree() {
    let dir = temp_dir("epp-dump");
    write(&dir, "t.epp", "<%- | $x = 1 | -%>\nHi <%= $x %>\n");
    let (code, out, err) = outcome(&["dump", "--format", "pn", "t.epp"], &dir);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "--- t.epp(lambda {:params {:x {:value 1}} :body [(epp (render-s \"Hi \") (render (var \"x\")) (render-s \"\\n\"))]})\n"
    );
    let (code, out, _) = outcome(&["dump", "t.epp"], &dir);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "{\"^\":[\"lambda\",{\"#\":[\"params\",{\"#\":[\"x\",{\"#\":[\"value\",1]}]},\"body\",[{\"^\":[\"epp\",{\"^\":[\"render-s\",\"Hi \"]},{\"^\":[\"render\",{\"^\":[\"var\",\"x\"]}]},{\"^\":[\"render-s\",\"\\n\"]}]}]]}]}\n"
    );
    write(&dir, "bad.epp", "a <%# open\n");
    let (code, out, err) = outcome(&["dump", "bad.epp"], &dir);
    assert_eq!((code, out.as_str()), (1, ""));
    assert_eq!(
        err,
        "bad.epp:1:5: Reaching end after opening <%# without seeing %>\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fmt_leaves_templates_untouched() {
    let dir = temp_dir("epp-fmt");
    let ugly = "<%- | $x | -%>\n<% if $x {%>  x  <%}   %>\n";
    write(&dir, "m/templates/t.epp", ugly);
    write(&dir, "m/manifests/init.pp", "class m{}\n");
    let (code, out, err) = outcome(&["fmt", "m"], &dir);
    assert_eq!((code, out.as_str()), (0, ""));
    // Only the manifest is counted: walked templates are not formatted.
    assert_eq!(err, "1 file reformatted, 0 unchanged\n");
    let (code, out, err) = outcome(&["fmt", "m/templates/t.epp"], &dir);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(err, "0 files reformatted, 1 unchanged\n");
    let read = std::fs::read_to_string(dir.join("m/templates/t.epp")).expect("read");
    assert_eq!(read, ugly);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fix_changes_the_code_in_tags_and_keeps_the_text() {
    let dir = temp_dir("epp-fix");
    write(&dir, "t.epp", TEMPLATE);
    let (code, _, err) = outcome(&["check", "--no-config", "--fix", "t.epp"], &dir);
    assert_eq!(code, 0);
    assert_eq!(err, "rein: fixed 1 problem in 1 file\n");
    let read = std::fs::read_to_string(dir.join("t.epp")).expect("read");
    assert_eq!(
        read,
        "<%- | String $owner | -%>\nBy <%= 'x' %> <%= $owner %>   \n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rein_as_puppet_lint_walks_manifests_only_no_templates_nor_yaml() {
    // puppet-lint lints `**/*.pp`: run as puppet-lint, rein leaves walked templates and
    // YAML out.
    let dir = temp_dir("epp-lint-mode");
    write(
        &dir,
        "m/manifests/init.pp",
        "# M.\nclass m {\n  $x = \"a\"\n}\n",
    );
    write(&dir, "m/templates/t.epp", "<%= \"z\" %>\n");
    // Nor Hiera's YAML (with a finding rein would report in it).
    write(
        &dir,
        "m/hiera.yaml",
        "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
    );
    write(&dir, "m/data/common.yaml", "---\nm::x: '%{::osfamily}'\n");
    let (code, out, _) = outcome(&["m"], &dir);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "WARNING: double quoted string containing no variables on line 3 (check: double_quoted_strings)\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn standard_input_as_a_template() {
    let dir = temp_dir("epp-stdin");
    let text = b"<%= \"z\"   %>\n<%= 1 + %>\n";
    let args = [
        "check",
        "--no-config",
        "--format",
        "concise",
        "-",
        "--stdin-filepath",
        "t.epp",
    ];
    let (code, out, _) = outcome_with_stdin(&args, &dir, text);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "t.epp:2:8: error[syntax] expected an expression after `+`\n"
    );
    // fmt gives a template back as it came.
    let ok = b"<%= \"z\"   %>\n";
    let (code, out, _) = outcome_with_stdin(&["fmt", "-", "--stdin-filepath", "t.epp"], &dir, ok);
    assert_eq!((code, out.as_bytes()), (0, &ok[..]));
    let _ = std::fs::remove_dir_all(&dir);
}
