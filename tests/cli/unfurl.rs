//! Unfurl documents in `rein check`: found when walking by what they say
//! (`apiVersion: unfurl/...`) or by `[files] unfurl` globs, checked when named, and their
//! findings printed with line and column like any other. Other YAML files found by walking
//! are left alone.

use crate::harness::{outcome, temp_dir, write};

const ENSEMBLE: &str = "\
apiVersion: unfurl/v1alpha1
kind: Ensemble
spec:
  +incude: service-template.yaml
  inputs:
    port:
      eval: ::app::.instances[name=web]port
";

#[test]
fn walking_finds_ensembles_and_leaves_other_yaml_alone() {
    let dir = temp_dir("unfurl-walk");
    write(&dir, "ensemble.yaml", ENSEMBLE);
    write(&dir, ".gitlab-ci.yml", "stages: [build]\n+incude: x\n");
    let (code, out, err) = outcome(&["check", "--no-cache", "--format", "concise", "."], &dir);
    assert_eq!(
        out,
        "ensemble.yaml:4:3: warning[unfurl_ignored_directive] `+incude` is not a merge directive: \
         Unfurl keeps it as an ordinary key; did you mean `+include`?\n\
         ensemble.yaml:7:40: error[unfurl_eval_syntax] Unfurl ignores `port`: after `]` only `[`, \
         `::`, `?` or a test (`=value`, `!=value`) may follow\n"
    );
    assert_eq!((code, err.as_str()), (1, ""));
}

#[test]
fn configured_globs_make_yaml_files_unfurl_documents() {
    let dir = temp_dir("unfurl-config");
    let template = "tosca_definitions_version: tosca_simple_unfurl_1_0_0\n+/missing:\n";
    write(&dir, "templates/web.yaml", template);
    write(&dir, "other/web.yaml", template);
    let args = ["check", "--no-cache", "--format", "concise", "."];
    // Not an Unfurl document by its text, and not configured: left alone.
    let (code, out, _) = outcome(&args, &dir);
    assert_eq!((code, out.as_str()), (0, ""));
    write(
        &dir,
        "rein.toml",
        "[files]\nunfurl = [\"templates/*.yaml\"]\n",
    );
    let (code, out, err) = outcome(&args, &dir);
    assert_eq!(
        out,
        "templates/web.yaml:2:1: error[unfurl_unresolved_path] `+/missing`: `/missing` is not in \
         the document\n"
    );
    assert_eq!((code, err.as_str()), (1, ""));
}

#[test]
fn a_named_ensemble_is_checked_with_its_includes_relative_to_it() {
    let dir = temp_dir("unfurl-named");
    write(
        &dir,
        "ensembles/prod/ensemble.yaml",
        "apiVersion: unfurl/v1alpha1\nkind: Ensemble\n+include: ../base.yaml\nspec:\n  +include: template.yaml\n",
    );
    write(&dir, "ensembles/base.yaml", "metadata: {name: base}\n");
    let args = [
        "check",
        "--no-cache",
        "--format",
        "concise",
        "ensembles/prod/ensemble.yaml",
    ];
    let (code, out, _) = outcome(&args, &dir);
    assert_eq!(
        out,
        "ensembles/prod/ensemble.yaml:5:13: error[unfurl_missing_include] included file \
         `template.yaml` not found (looked for ensembles/prod/template.yaml); `+?include` allows \
         a missing file\n"
    );
    assert_eq!(code, 1);
    write(&dir, "ensembles/prod/template.yaml", "topology: {}\n");
    let (code, out, _) = outcome(&args, &dir);
    assert_eq!((code, out.as_str()), (0, ""));
}

#[test]
fn expand_prints_the_document_with_its_directives_processed() {
    let dir = temp_dir("unfurl-expand");
    write(
        &dir,
        "ensemble.yaml",
        "apiVersion: unfurl/v1alpha1\nkind: Ensemble\n+include: base.yaml\nspec:\n  web:\n    +/templates/web:\n    port: 8080\n",
    );
    write(
        &dir,
        "base.yaml",
        "templates:\n  web: {image: nginx, port: 80, env: [A]}\n",
    );
    let (code, out, err) = outcome(&["unfurl", "expand", "ensemble.yaml"], &dir);
    assert_eq!(
        out,
        "apiVersion: unfurl/v1alpha1\nkind: Ensemble\nspec:\n  web:\n    port: 8080\n    \
         image: nginx\n    env:\n    - A\ntemplates:\n  web:\n    image: nginx\n    port: 80\n    \
         env:\n    - A\n"
    );
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, out, _) = outcome(
        &["unfurl", "expand", "--format", "json", "ensemble.yaml"],
        &dir,
    );
    assert_eq!(
        out,
        "{\"apiVersion\": \"unfurl/v1alpha1\", \"kind\": \"Ensemble\", \"spec\": {\"web\": \
         {\"port\": 8080, \"image\": \"nginx\", \"env\": [\"A\"]}}, \"templates\": {\"web\": \
         {\"image\": \"nginx\", \"port\": 80, \"env\": [\"A\"]}}}\n"
    );
    assert_eq!(code, 0);
    // A document Unfurl fails to load prints nothing but why.
    write(&dir, "base.yaml", "other: 1\n");
    let (code, out, err) = outcome(&["unfurl", "expand", "ensemble.yaml"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "rein: ensemble.yaml: missing includes: +/templates/web:\n"
        )
    );
    let (code, _, err) = outcome(&["unfurl", "expand", "missing.yaml"], &dir);
    assert_eq!(
        (code, err.as_str()),
        (2, "rein: missing.yaml: No such file or directory\n")
    );
}

/// Anchors whose aliases copy each other ten times over, nine levels deep ("billion
/// laughs"): a 1 KB document naming 10^10 values.
fn laughs() -> String {
    let mut doc = String::from("apiVersion: unfurl/v1alpha1\na0: &a0 [");
    doc.push_str(&["lol"; 10].join(", "));
    doc.push_str("]\n");
    for i in 1..10 {
        let aliases = vec![format!("*a{}", i - 1); 10].join(", ");
        doc.push_str(&format!("a{i}: &a{i} [{aliases}]\n"));
    }
    doc
}

/// Forty mapping keys each nested in the next (`? ? ? ... a`): each key's JSON text quotes
/// the one inside it, doubling its backslashes (found by fuzzing: 24 GB, killed).
#[test]
fn expand_stops_at_keys_nested_in_keys_and_at_long_strings_copied_by_aliases() {
    let dir = temp_dir("unfurl-key-bounds");
    let nested = format!("apiVersion: unfurl/v1alpha1\nx:\n  {}a\n", "? ".repeat(40));
    write(&dir, "nested.yaml", &nested);
    let (code, out, err) = outcome(&["unfurl", "expand", "nested.yaml"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "rein: nested.yaml: a mapping key that is not a string is more than 65536 \
             characters long as JSON (keys nested in keys): rein stops there\n"
        )
    );
    // A 6,400-byte string copied 10,000 times (64 MB) counts for its length; copied 100
    // times it expands.
    let long = |copies: usize| {
        format!(
            "apiVersion: unfurl/v1alpha1\na: &a \"{}\"\nb: &b [{}]\nc: [{}]\n",
            "x".repeat(6400),
            vec!["*a"; 100].join(", "),
            vec!["*b"; copies].join(", ")
        )
    };
    write(&dir, "long.yaml", &long(100));
    let (code, out, err) = outcome(&["unfurl", "expand", "long.yaml"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "rein: long.yaml: the document expands to more than 1000000 values (anchors, \
             aliases or merge directives that copy each other over and over): rein stops there\n"
        )
    );
    write(&dir, "short.yaml", &long(1));
    let (code, out, _) = outcome(&["unfurl", "expand", "short.yaml"], &dir);
    assert_eq!(code, 0);
    assert_eq!(out.matches(&"x".repeat(6400)).count(), 201);
}

#[test]
fn expand_stops_at_a_million_values_and_at_a_file_that_includes_itself() {
    let dir = temp_dir("unfurl-bounds");
    write(&dir, "laughs.yaml", &laughs());
    let (code, out, err) = outcome(&["unfurl", "expand", "laughs.yaml"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "rein: laughs.yaml: the document expands to more than 1000000 values (anchors, \
             aliases or merge directives that copy each other over and over): rein stops there\n"
        )
    );
    write(
        &dir,
        "a.yaml",
        "apiVersion: unfurl/v1alpha1\n+include: b.yaml\n",
    );
    write(&dir, "b.yaml", "+include: a.yaml\n");
    let (code, out, err) = outcome(&["unfurl", "expand", "a.yaml"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (
            1,
            "",
            "rein: a.yaml: mappings expanded more than 512 deep within each other (a file that \
             includes itself, or a merge directive that names its own mapping?)\n"
        )
    );
    // A mapping that merges the anchor it names.
    write(
        &dir,
        "anchor.yaml",
        "apiVersion: unfurl/v1alpha1\nx:\n  +&: foo\n  +*foo:\n",
    );
    let (code, _, err) = outcome(&["unfurl", "expand", "anchor.yaml"], &dir);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("rein: anchor.yaml: mappings expanded more than 512 deep"),
        "{err}"
    );
}

#[test]
fn an_include_of_a_device_is_refused_not_read() {
    let dir = temp_dir("unfurl-device");
    write(
        &dir,
        "zero.yaml",
        "apiVersion: unfurl/v1alpha1\n+include: /dev/zero\n",
    );
    let (code, out, err) = outcome(&["unfurl", "expand", "zero.yaml"], &dir);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (1, "", "rein: zero.yaml: /dev/zero: not a regular file\n")
    );
    let args = ["check", "--no-cache", "--format", "concise", "zero.yaml"];
    let (code, out, _) = outcome(&args, &dir);
    assert_eq!(
        (code, out.as_str()),
        (
            1,
            "zero.yaml:2:11: error[unfurl_missing_include] included file `/dev/zero` cannot be \
             read: /dev/zero: not a regular file\n"
        )
    );
    // Even where a missing file would be allowed (`+?include`): it is there, and unreadable.
    write(
        &dir,
        "maybe.yaml",
        "apiVersion: unfurl/v1alpha1\n+?include: /dev/zero\n",
    );
    let args = ["check", "--no-cache", "--format", "concise", "maybe.yaml"];
    let (_, out, _) = outcome(&args, &dir);
    assert_eq!(
        out,
        "maybe.yaml:2:12: error[unfurl_missing_include] included file `/dev/zero` cannot be \
         read: /dev/zero: not a regular file\n"
    );
}
