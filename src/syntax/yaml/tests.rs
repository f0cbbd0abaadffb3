//! Tests of the YAML front end: the tree and its spans, duplicate keys, syntax errors and
//! tabs with their positions, and Psych's reading of plain scalars.

use super::*;

/// (line, column) of a byte offset.
fn pos(f: &YamlFile, offset: usize) -> (usize, usize) {
    f.line_col(offset)
}

#[test]
fn tree_with_spans_anchors_and_aliases() {
    let src = "---\nbase: &b\n  x: 1\n  'y': \"two\"\nlist: &l [1, 2]\nother: *b\nlit: |\n  abc\nk: !!str &s 5\n";
    let f = parse(src);
    assert_eq!(f.error, None);
    let root = f.root().unwrap();
    let base = root.get("base").unwrap();
    assert_eq!(base.anchor.as_deref(), Some("b"));
    assert_eq!(f.text(base.span), "&b\n  x: 1\n  'y': \"two\"");
    assert_eq!(base.get("y").and_then(Node::as_str), Some("two"));
    let y = &base.entry("y").unwrap().key;
    assert_eq!(pos(&f, y.span.start()), (4, 3));
    assert_eq!(f.text(y.span), "'y'");
    let list = root.get("list").unwrap();
    assert_eq!(f.text(list.span), "&l [1, 2]");
    assert_eq!(list.as_seq().map(<[Node]>::len), Some(2));
    assert_eq!(root.get("other").unwrap().kind, NodeKind::Alias("b".into()));
    assert_eq!(root.get("lit").and_then(Node::as_str), Some("abc\n"));
    let k = root.get("k").unwrap();
    assert_eq!(
        (k.tag.as_deref(), k.anchor.as_deref()),
        (Some("!!str"), Some("s"))
    );
    assert_eq!(k.as_string(), Some("5"));
    assert_eq!(
        root.get("base").unwrap().get("x").unwrap().as_string(),
        None
    );
}

#[test]
fn positions_count_characters_in_non_ascii_text() {
    let f = parse("é: ü\nkey: value\n");
    let e = f.root().unwrap().entry("key").unwrap();
    assert_eq!(f.text(e.value.span), "value");
    assert_eq!(pos(&f, e.value.span.start()), (2, 6));
}

#[test]
fn duplicate_keys_point_at_both() {
    let f = parse("a: 1\nb:\n  c: 1\n  c: 2\na: 3\n");
    let found: Vec<_> = f
        .duplicate_keys
        .iter()
        .map(|d| {
            (
                d.key.as_str(),
                pos(&f, d.span.start()),
                pos(&f, d.first.start()),
            )
        })
        .collect();
    assert_eq!(found, vec![("c", (4, 3), (3, 3)), ("a", (5, 1), (1, 1))]);
    assert_eq!(f.root().unwrap().get("a").and_then(Node::as_str), Some("3"));
}

#[test]
fn syntax_error_has_line_and_column() {
    let f = parse("a: 1\nb: [1, 2\nc: 3\n");
    let e = f.error.as_ref().unwrap();
    assert_eq!(pos(&f, e.span.start()), (3, 2));
    assert!(!e.tab);
    assert!(f.documents.is_empty());
}

#[test]
fn tabs_in_indentation() {
    let f = parse("a:\n\tb: 1\n");
    let e = f.error.as_ref().unwrap();
    assert!(e.tab);
    assert_eq!(pos(&f, e.span.start()), (2, 1));
    assert_eq!(
        e.message,
        "a tab in indentation: YAML indents with spaces only"
    );
    assert_eq!(f.tabs, vec![e.span]);
    // A tab inside a block scalar's or a quoted scalar's text, or after the key, is fine.
    let ok = parse("a: |\n  x\n  \ty\nb: \"p\n \tq\"\nc:\t1\n");
    assert_eq!((ok.error.as_ref(), ok.tabs.len()), (None, 0));
}

#[test]
fn multiple_documents_and_empty_values() {
    let f = parse("---\na:\n---\n- ~\n- null\n");
    assert_eq!(f.documents.len(), 2);
    assert!(f.documents[0].get("a").unwrap().is_null());
    assert!(f.documents[1].as_seq().unwrap().iter().all(Node::is_null));
}

#[test]
fn invalid_utf8_is_an_error() {
    let f = parse_bytes(b"a: \xff\n");
    assert_eq!(
        f.error.as_ref().map(|e| e.message.as_str()),
        Some("the file is not valid UTF-8")
    );
}

#[test]
fn plain_scalars_resolve_as_psych_does() {
    let cases: &[(&str, Plain)] = &[
        ("", Plain::Null),
        ("~", Plain::Null),
        ("NULL", Plain::Null),
        ("yes", Plain::Bool(true)),
        ("Off", Plain::Bool(false)),
        ("y", Plain::Str),
        ("0755", Plain::Int(493)),
        ("08", Plain::Str),
        ("0x1F", Plain::Int(31)),
        ("0b101", Plain::Int(5)),
        ("1_000", Plain::Int(1000)),
        ("1,000", Plain::Int(1000)),
        ("-12", Plain::Int(-12)),
        ("1:30", Plain::Int(90)),
        ("1.5", Plain::Float(1.5)),
        ("1.", Plain::Float(1.0)),
        ("1e5", Plain::Str),
        ("1.0e+3", Plain::Float(1000.0)),
        ("1.2.3", Plain::Str),
        ("-.inf", Plain::Float(f64::NEG_INFINITY)),
        ("99999999999999999999", Plain::Str),
        ("abc", Plain::Str),
    ];
    for (text, want) in cases {
        assert_eq!(Plain::of(text), *want, "{text:?}");
    }
}

#[test]
fn a_quoted_scalar_ends_at_its_closing_quote() {
    let src = "a: 'it''s' # note\nb: \"q\\\" \" # more\nc: &x 'y'\n";
    let f = parse(src);
    let root = f.root().unwrap();
    let texts: Vec<&str> = ["a", "b", "c"]
        .iter()
        .map(|k| f.text(root.get(k).unwrap().span))
        .collect();
    assert_eq!(texts, ["'it''s'", "\"q\\\" \"", "&x 'y'"]);
}
