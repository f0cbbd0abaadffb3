//! Tests of lowering a manifest a part at a time: where it is cut, and that the parts
//! give exactly the whole file's parse or none at all.

use super::{cuts, starts_statement, Cut};
use crate::syntax::{self, pn, ParsedFile};

/// Everything a parse gives, in comparable form: PN, program span, comments, errors and
/// tokens.
fn facts(p: &ParsedFile) -> String {
    let tokens: Vec<_> = crate::syntax::tokens::tokens(p)
        .iter()
        .map(|t| format!("{:?}", t))
        .collect();
    format!(
        "{}\n{:?}\n{:?}\n{:?}\n{:?}",
        pn::to_pn(&p.program),
        p.program.span,
        p.comments,
        p.errors,
        tokens
    )
}

/// The whole file's parse, with its tokens packed as a run keeps them.
fn whole(text: &str) -> ParsedFile {
    syntax::parse_bytes_packed(text.as_bytes().to_vec()).0
}

/// Whether `text` is parsed in parts (every cut taken); when it is, the parts give exactly
/// the whole file's parse.
fn in_parts(text: &str) -> bool {
    match syntax::parse_in_parts(text, 1) {
        Some(parts) => {
            assert_eq!(facts(&parts), facts(&whole(text)), "{text}");
            true
        }
        None => false,
    }
}

const THREE: &str = "# first\nclass a {\n  file { '/a': ensure => file }\n}\n\n# second\ndefine b::c (String $x = \"y\") {\n  notice(\"${x}\")\n}\nfile { '/tmp/x':\n  content => @(END),\n    text\n    | END\n  mode    => '0644',\n}\nnode default {\n}\n";

#[test]
fn cuts_are_before_definitions_and_resources_that_follow_a_lone_brace() {
    let at = |s: &str| THREE.find(s).unwrap_or(usize::MAX);
    let cut = |brace: &str, next: &str| Cut {
        brace_end: at(brace) + 1,
        next: at(next),
        row: THREE[..at(next)].matches('\n').count(),
    };
    assert_eq!(
        cuts(THREE, 1),
        vec![
            // Not before the comment `# second` nor `define`: a cut is at a statement's
            // first line, right after a lone `}`.
            cut("}\nfile { '/tmp/x'", "file { '/tmp/x'"),
            cut("}\nnode", "node default"),
        ]
    );
    // Parts of at least 120 bytes: the first cut comes too early.
    assert_eq!(cuts(THREE, 120), vec![cut("}\nnode", "node default")]);
    assert!(cuts(THREE, THREE.len()).is_empty());
}

#[test]
fn a_statement_is_recognised_by_its_first_line() {
    for yes in [
        "class a {",
        "class a::b inherits c {",
        "define a (",
        "node default {",
        "node 'x' {",
        "function f() {",
        "plan p {",
        "file {",
        "file{",
        "apt::source { 'x':",
        "package {'a':}",
    ] {
        assert!(starts_statement(yes), "{yes}");
    }
    for no in [
        "  class a {",
        "class { 'a': }",
        "else {",
        "elsif $x {",
        "if $x {",
        "unless $x {",
        "case $x {",
        "Class['a'] {",
        "File {",
        "$x = 1",
        "include a",
        "# file {",
        "node",
        "type A = B",
        "default {",
    ] {
        assert!(!starts_statement(no), "{no}");
    }
}

#[test]
fn parts_give_the_whole_files_parse() {
    assert!(in_parts(THREE));
    // Lexical errors found while lowering and warnings are the whole file's too.
    assert!(in_parts(
        "class a {\n  $x = \"\\q\"\n}\nclass b {\n  $y = 0789\n}\n"
    ));
    // A division with a `/` after it in its part.
    assert!(in_parts(
        "class a {\n  $x = 4 / 2\n  $p = '/tmp'\n}\nclass b {\n}\n"
    ));
    // CRLF line ends, and a NUL in a string.
    assert!(in_parts(
        "class a {\r\n}\r\nclass b {\r\n  $s = \"x\0y\"\r\n}\r\n"
    ));
}

#[test]
fn a_cut_inside_a_string_comment_or_heredoc_leaves_the_file_whole() {
    for text in [
        "$x = @(END)\n}\nclass a {}\nEND\n",
        "$x = @(\"END\")\n  text\n}\nfile { 'a': }\n  | END\n",
        "/*\n}\nclass a {}\n*/\n",
        "$s = \"\n}\nclass a {}\n\"\n",
        "$s = '\n}\nclass a {}\n'\n",
        "if $x {\n}\nelse {\n}\n",
        // A `/` the part reads as a division for want of a closing `/`, which the whole
        // file reads as a regex up to the `/` of the next part.
        "class a {\n  $x = [1].map |$i| { $i }/ 2\n}\nclass b {\n  $y = 'p/q'\n}\n",
        // A syntax error in a later part: errors and recovery are the whole file's.
        "class a {\n}\nclass b {\n  $x = \n}\n",
    ] {
        assert!(!in_parts(text), "{text}");
    }
}

#[test]
fn a_big_file_is_parsed_in_parts_as_it_would_be_whole() {
    let mut text = String::new();
    let mut n = 0;
    while text.len() < super::PARTS_FROM + 2 * super::PART {
        text.push_str(&format!(
            "class c{n} (String $p = 'x') {{\n  file {{ \"/tmp/{n}\": content => $p }}\n}}\ninclude c{n}\nfile {{ '/f{n}':\n  ensure => file,\n}}\n"
        ));
        n += 1;
    }
    assert!(cuts(&text, super::PART).len() >= 2);
    let (program, comments, mut errors, packed) =
        super::super::lower_owned(&text, true, None).expect("a tree");
    errors.sort_by_key(|e| (e.span.start, e.span.end));
    let whole_parse = ParsedFile {
        source: text.clone(),
        program,
        comments,
        errors,
        line_index: crate::syntax::LineIndex::new(&text),
        tree: None,
        packed,
    };
    assert_eq!(facts(&whole(&text)), facts(&whole_parse));
}
