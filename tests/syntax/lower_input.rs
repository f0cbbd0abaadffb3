//! Input checks of the lowering: byte order marks, invalid UTF-8, NUL bytes, empty and
//! huge inputs, deep nesting (no stack overflow), comments table.

use crate::ast_text::*;
use rein::syntax::*;

fn messages(f: &ParsedFile) -> Vec<(String, u32)> {
    f.errors
        .iter()
        .map(|e| (e.message.clone(), e.span.start))
        .collect()
}

#[test]
fn utf8_bom_is_an_error_at_1_1_and_program_is_empty() {
    let f = parse_bytes(b"\xEF\xBB\xBF$x = 1\n");
    assert_eq!(
        messages(&f),
        vec![(
            "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source".to_string(),
            0
        )]
    );
    assert!(f.program.body.is_empty());
    assert!(f.has_errors());
}

#[test]
fn other_boms_are_named() {
    let cases: &[(&[u8], &str)] = &[
        (b"\xFF\xFE\x00\x00x", "Illegal UTF-32LE Byte Order mark at beginning of input: [FF FE 0 0] - remove these from the puppet source"),
        (b"\xFF\xFEx", "Illegal UTF-16LE Byte Order mark at beginning of input: [FF FE] - remove these from the puppet source"),
        (b"\xFE\xFFx", "Illegal UTF-16BE Byte Order mark at beginning of input: [FE FF] - remove these from the puppet source"),
        (b"\x00\x00\xFE\xFFx", "Illegal UTF-32BE Byte Order mark at beginning of input: [0 0 FE FF] - remove these from the puppet source"),
        (b"\x84\x31\x95\x33x", "Illegal GB-18030 Byte Order mark at beginning of input: [84 31 95 33] - remove these from the puppet source"),
    ];
    for (bytes, msg) in cases {
        let f = parse_bytes(bytes);
        assert_eq!(f.errors.len(), 1);
        assert_eq!(f.errors[0].message, *msg);
        assert!(f.program.body.is_empty());
    }
}

#[test]
fn invalid_utf8_names_the_offending_byte() {
    let f = parse_bytes(b"$x = 1\n# caf\xE9\n");
    assert_eq!(
        messages(&f),
        vec![("invalid byte sequence in UTF-8".to_string(), 12)]
    );
    let (line, col) = f.line_index.line_col(&f.source, f.errors[0].span.start());
    assert_eq!((line, col), (2, 6));
    assert!(f.program.body.is_empty());
    // Found by fuzzing: the span covers the replacement character that stands for the
    // byte in the (lossy) source, so it ends on a character boundary.
    let span = f.errors[0].span;
    assert_eq!(f.source.get(span.start()..span.end()), Some("\u{FFFD}"));
}

#[test]
fn empty_and_comment_only_files() {
    for src in [
        "",
        "  \n\n\t\n",
        "# just a comment\n",
        "/* block\n comment */\n",
    ] {
        let f = parse(src);
        assert!(f.errors.is_empty(), "{src:?}: {:?}", f.errors);
        assert!(f.program.body.is_empty());
    }
}

#[test]
fn comments_are_collected_in_order() {
    let f = parse("# a\n$x = 1 # b\n/* c */ $y = 2\n");
    let got: Vec<(CommentKind, u32, u32)> = f
        .comments
        .iter()
        .map(|c| (c.kind, c.span.start, c.span.end))
        .collect();
    assert_eq!(
        got,
        vec![
            (CommentKind::Line, 0, 3),
            (CommentKind::Line, 11, 14),
            (CommentKind::Block, 15, 22)
        ]
    );
}

#[test]
fn nul_bytes_do_not_panic() {
    let f = parse_bytes(b"$x = '\x00'\n\x00\n");
    assert!(f.source.contains('\0'));
    let _ = diags("$x = \0 1");
}

#[test]
fn huge_file_parses() {
    let mut src = String::new();
    for i in 0..20_000 {
        src.push_str(&format!("$x{i} = {i}\n"));
    }
    let f = parse(&src);
    assert!(f.errors.is_empty());
    assert_eq!(f.program.body.len(), 20_000);
}

/// Runs `f` on a thread with a 64 MiB stack, as `rein check` does: the lowering itself
/// runs on a big stack of its own, but an AST thousands of levels deep is also dropped
/// (and printed) recursively by whoever holds it.
fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    let done = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(f)
        .map(|h| h.join());
    assert!(matches!(done, Ok(Ok(()))));
}

#[test]
fn deep_nesting_reports_instead_of_overflowing() {
    on_big_stack(|| {
        // Deeper than MAX_DEPTH (12,000).
        for depth in [12_001, 20_000] {
            let src = format!("$x = {}{}", "[".repeat(depth), "]".repeat(depth));
            let f = parse(&src);
            let messages: Vec<_> = f.errors.iter().map(|e| e.message.as_str()).collect();
            assert_eq!(messages, ["nesting too deep"]);
        }
        // Within the limit, nesting lowers fully.
        let src = format!("$x = {}{}", "[".repeat(200), "]".repeat(200));
        let f = parse(&src);
        assert!(f.errors.is_empty());
    });
}

#[test]
fn long_left_nested_chains_lower_fully() {
    on_big_stack(|| {
        // Puppet dumps `1 + 1 + ...` with 1,000 terms; each term is one more level of
        // left nesting.
        let src = format!("$x = 1{}", " + 1".repeat(9_999));
        let f = parse(&src);
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        let src = format!("$x = $a{}", " and $b".repeat(9_999));
        let f = parse(&src);
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        // 5,000 nested brackets are within the limit too.
        let src = format!("$x = {}{}", "[".repeat(5_000), "]".repeat(5_000));
        let f = parse(&src);
        assert!(f.errors.is_empty(), "{:?}", f.errors);
    });
}

#[test]
fn deep_nesting_of_parens_and_calls() {
    let depth = 3_000;
    let src = format!("$x = {}1{}", "f(".repeat(depth), ")".repeat(depth));
    let _ = parse(&src);
    let src = format!("$x = {}1{}", "(".repeat(depth), ")".repeat(depth));
    let _ = parse(&src);
    let src = format!("$x = {}", "!".repeat(depth));
    let _ = parse(&src);
    let src = format!("$x = \"{}\"", "${\"".repeat(depth));
    let _ = parse(&src);
}

#[test]
fn bom_in_text_is_rejected_too() {
    let f = parse("\u{FEFF}$x = 1");
    assert_eq!(f.errors.len(), 1);
    assert!(f.errors[0]
        .message
        .starts_with("Illegal UTF-8 Byte Order mark"));
    assert!(f.program.body.is_empty());
}

#[test]
fn broken_and_pathological_inputs_do_not_panic() {
    // Deeper than MAX_DEPTH; kept moderate because error collection is slow on these.
    let depth = 2_000;
    let cases = [
        "[".repeat(depth),
        "{".repeat(depth),
        "(".repeat(depth),
        format!("$x = {}", "\"${".repeat(depth)),
        format!("class a {{ {}", "if $x { ".repeat(depth)),
        format!("$x = {}", "-".repeat(depth)),
        format!("$x = 1{}", " + 1".repeat(depth * 4)),
        "@(END".to_string(),
        "@(END)\n".to_string(),
        "\"${".to_string(),
        "/*".to_string(),
        "'".to_string(),
        "$x = @(\"A\")\n${@(B)}\nb\nB\nA\n".to_string(),
        "}}}]]])))".to_string(),
        "\u{0}\u{1}\u{7f}é€".to_string(),
    ];
    for src in &cases {
        let f = parse(src);
        let _ = f.has_errors();
    }
}

#[test]
fn nul_bytes_in_strings_and_comments_are_kept() {
    assert_eq!(clean("# a\0b\n$x = 1\n"), "(= $x 1)");
    assert_eq!(clean("$x = 'a\0b\u{1b}c'"), "(= $x 'a\0b\u{1b}c')");
    assert_eq!(clean("$x = \"a\0b\""), "(= $x \"a\\0b\")");
    assert!(parse("$x = \0").has_errors());
}

#[test]
fn brace_after_a_resource_opens_a_resource_body() {
    // Trap 10: never a hash statement after a statement ending in `}` (Puppet agrees).
    let invalid = "Expression is not valid as a resource, resource-default, or resource-override";
    for (src, pos) in [
        ("Service['a'] { x => 1 }\n{b => 1}\n", 0),
        ("file { 'a': x => 1 }\n{b => 1}\n", 0),
        ("@file { 'a': x => 1 }\n{b => 1}\n", 1),
        ("File { x => 1 }\n{b => 1}\n", 0),
        ("File['a'] -> File['b'] { x => 1 }\n{b => 1}\n", 13),
        ("if $a { 1 }\n{b => 1}\n", 0),
    ] {
        assert_eq!(messages(&parse(src)), [(invalid.to_string(), pos)], "{src}");
    }
    // After `;` it is a hash statement.
    assert!(parse("File { x => 1 };\n{b => 1}\n").errors.is_empty());
    // A number key is a syntax error at the number.
    let f = parse("Service['a'] { x => 1 }\n{b => 1, 5 => 2}\n");
    assert_eq!(f.errors.first().map(|e| e.span.start), Some(33));
}

#[test]
fn collector_closers_lex_by_longest_match() {
    for (src, pos) in [
        ("File <| |>>\n$foo = 1\n", 8),
        ("File <<| |>\n$foo = 1\n", 9),
    ] {
        let f = parse(src);
        assert_eq!(f.errors.first().map(|e| e.span.start), Some(pos), "{src}");
    }
    assert!(parse("File <| |>\nFile <<| |>>\n").errors.is_empty());
}

#[test]
fn nesting_depth_is_the_first_deepest_expression_in_preorder() {
    fn depth_of(src: &str) -> (usize, &str) {
        let f = parse(src);
        assert!(f.errors.is_empty(), "{:?}", f.errors);
        let (depth, at) = rein::syntax::visit::nesting_depth(&f.program);
        (depth, &src[at.start()..at.end()])
    }
    // assignment 1, array 2, `[1, [2]]` and `[[3]]` 3, `[2]` and `[3]` 4, `2` and `3` 5.
    assert_eq!(depth_of("$x = [[1, [2]], [[3]]]\n"), (5, "2"));
    assert_eq!(depth_of("$x = [[[3]], [1, [2]]]\n"), (5, "3"));
    // A leaf comes before its deeper cousins, a deeper leaf after them.
    assert_eq!(depth_of("$y = 1\n$x = [4, [5]]\n"), (4, "5"));
    assert_eq!(depth_of("$y = 1\n"), (2, "$y"));
    // A string's variables are the deepest: the first of them.
    assert_eq!(depth_of("$x = \"${a}x$b${c}\"\n"), (3, "a"));
    assert_eq!(depth_of(""), (0, ""));
}
