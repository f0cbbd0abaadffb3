//! EPP templates (`rein::syntax::epp`): the lowering to Puppet's tree (pn-forms.md
//! Appendix A, checked against Puppet 7.23's EPP parser), the text rules of Puppet's EPP
//! scanner, the header's parameters, the syntax errors of broken templates (first error on
//! Puppet's line, then the further ones), and bad input that must neither panic nor hang
//! (every prefix of the EPP grammar's corpus inputs is parsed by `prefix_parse`).

use std::time::Duration;

use rein::syntax::{epp, pn, ExprKind};

/// `(lambda ...)` of a valid template; panics on a syntax error.
fn pn_of(text: &str) -> String {
    let parsed = epp::parse(text);
    assert!(
        !parsed.has_errors(),
        "{text:?}: {:?}",
        parsed.errors.iter().map(|e| &e.message).collect::<Vec<_>>()
    );
    pn::to_pn(&parsed.program)
}

/// Every error of a template as `line:column: message`.
fn errors_of(text: &str) -> Vec<String> {
    let parsed = epp::parse(text);
    parsed
        .errors
        .iter()
        .map(|e| {
            let (l, c) = parsed.line_index.line_col(&parsed.source, e.span.start());
            format!("{l}:{c}: {}", e.message)
        })
        .collect()
}

#[test]
fn appendix_a_forms() {
    // Each row: the template, Puppet's PN (from its EPP parser and PN transformer).
    let rows = [
        (
            "Hello <%= $name %>!\n",
            r#"(lambda {:body [(epp (render-s "Hello ") (render (var "name")) (render-s "!\n"))]})"#,
        ),
        (
            "<%- | String $name, $x = 1 | -%>\nHi <%= $name %>\n",
            r#"(lambda {:params {:name {:type (qr "String")} :x {:value 1}} :body [(epp (render-s "Hi ") (render (var "name")) (render-s "\n"))]})"#,
        ),
        (
            "just text\n",
            r#"(lambda {:body [(epp (render-s "just text\n"))]})"#,
        ),
        (
            "<% if $x { %>yes<% } else { %>no<% } %>\n",
            r#"(lambda {:body [(epp (if {:test (var "x") :then [(render-s "yes")] :else [(render-s "no")]}) (render-s "\n"))]})"#,
        ),
        (
            "a <%# a comment %> b\n",
            r#"(lambda {:body [(epp (render-s "a  b\n"))]})"#,
        ),
        ("", "(lambda {:body [(epp)]})"),
        (
            "<%| |%>text",
            r#"(lambda {:body [(epp (render-s "text"))]})"#,
        ),
        (
            "<%= $a -%>\n  x <%% y %%>\n",
            r#"(lambda {:body [(epp (render (var "a")) (render-s "  x <% y %>\n"))]})"#,
        ),
        (
            "<%- $x = 1 -%>\n<%= { $x } %>",
            r#"(lambda {:body [(epp (= (var "x") 1) (render (var "x")))]})"#,
        ),
        ("<%# comment only %>", "(lambda {:body [(epp)]})"),
        (
            "<%= $x -%>  \n<%- if $y { -%>\n  Y\n<%- } -%>\n",
            r#"(lambda {:body [(epp (render (var "x")) (if {:test (var "y") :then [(render-s "  Y\n")]}) (render-s ""))]})"#,
        ),
    ];
    for (text, want) in rows {
        assert_eq!(pn_of(text), want, "{text:?}");
    }
}

#[test]
fn json_of_a_template() {
    let parsed = epp::parse("Hello <%= $name %>!\n");
    assert_eq!(
        pn::to_json(&parsed.program),
        r##"{"^":["lambda",{"#":["body",[{"^":["epp",{"^":["render-s","Hello "]},{"^":["render",{"^":["var","name"]}]},{"^":["render-s","!\n"]}]}]]}]}"##
    );
}

#[test]
fn text_rules_of_puppets_scanner() {
    let cases = [
        // `<%-` drops the blanks before it on its line, not the newline.
        (
            "a  \n  <%- $x = 1 %>b",
            r#"(epp (render-s "a  \n") (= (var "x") 1) (render-s "b"))"#,
        ),
        // `-%>` drops blanks, one `\r` and one newline after it.
        (
            "<% $x = 1 -%> \t\r\nb",
            r#"(epp (= (var "x") 1) (render-s "b"))"#,
        ),
        // ... only up to the first newline.
        (
            "<% $x = 1 -%>\n\nb",
            r#"(epp (= (var "x") 1) (render-s "\nb"))"#,
        ),
        // `<%#-` drops the blanks before the comment; a comment ending in `-%>` trims after.
        ("a  <%#- c -%>  \nb", r#"(epp (render-s "ab"))"#),
        // A comment ends at the first `%>` not preceded by `%`.
        ("a<%# x %%> y %>b", r#"(epp (render-s "ab"))"#),
        // Text reaching the end right after a comment is dropped by Puppet.
        ("a <%# c %>", "(epp)"),
        // `%>` and `-%>` in code strings and comments do not close the tag.
        ("<%= '%>' %>x", r#"(epp (render "%>") (render-s "x"))"#),
        (
            "<% # %>\n$x = 1 %>x",
            r#"(epp (= (var "x") 1) (render-s "x"))"#,
        ),
        // `%` before anything but `>` is the modulo operator.
        ("<%= 7 % 2 %>", "(epp (render (% 7 2)))"),
        // Text is a value: Puppet code can use it.
        ("<% $a = %>t<% %>", r#"(epp (= (var "a") (render-s "t")))"#),
        // A block of several statements renders as a block.
        (
            "<%= { $a = 1 $a } %>",
            r#"(epp (render (block (= (var "a") 1) (var "a"))))"#,
        ),
        // Each with a text body.
        (
            "<% [1, 2].each |$v| { -%>\n<%= $v %>,\n<% } -%>\n",
            r#"(epp (call-method {:functor (. (array 1 2) (qn "each")) :args [] :block (lambda {:params {:v {}} :body [(render (var "v")) (render-s ",\n")]})}) (render-s ""))"#,
        ),
    ];
    for (text, want) in cases {
        let got = pn_of(text);
        let inner = got
            .strip_prefix("(lambda {:body [")
            .and_then(|s| s.strip_suffix("]})"))
            .unwrap_or(&got);
        assert_eq!(inner, want, "{text:?}");
    }
}

#[test]
fn header_parameters() {
    let parsed = epp::parse("<%- | String $name, Integer $port = 80, $any | -%>\n<%= $name %>\n");
    let params = epp::parameters(&parsed.program).expect("a header");
    let shown: Vec<(String, Option<String>, Option<String>)> = params
        .iter()
        .map(|p| {
            let show =
                |e: &rein::syntax::Expr| parsed.source[e.span.start()..e.span.end()].to_string();
            (
                p.name.name.clone(),
                p.type_expr.as_ref().map(show),
                p.default.as_ref().map(show),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("name".into(), Some("String".into()), None),
            ("port".into(), Some("Integer".into()), Some("80".into())),
            ("any".into(), None, None),
        ]
    );
    assert!(epp::parameters(&epp::parse("no header <%= $x %>").program).is_none());
    assert_eq!(
        epp::parameters(&epp::parse("<%| |%>x").program),
        Some(&[][..])
    );
    // A manifest's program is no template.
    assert!(epp::template(&rein::syntax::parse("$x = 1").program).is_none());
    assert!(matches!(
        epp::parse("x").program.body.first().map(|e| &e.kind),
        Some(ExprKind::Epp(_))
    ));
}

/// Hand-made broken templates: the first error is on the line (and here, mostly the
/// column) of `puppet epp validate`'s, recorded in the comments; the errors after it are
/// the further ones Puppet does not show.
#[test]
fn broken_templates() {
    let cases: &[(&str, &[&str])] = &[
        // Puppet: Syntax error at '%>' (line: 2, column: 9)
        (
            "a\n<%= 1 + %>\nb\n",
            &["2:8: expected an expression after `+`"],
        ),
        // Puppet: Syntax error at 'b' (line: 2, column: 1)
        (
            "a <%= $x \nb\n",
            &[
                "2:1: expected `%>` to close the `<%=` tag opened at 1:3",
                "3:1: Unbalanced epp tag, reached <eof> without closing tag.",
            ],
        ),
        // Puppet: Unbalanced epp tag, reached <eof> without closing tag. (line: 2, column: 1)
        (
            "a <% $x = 1\n",
            &["2:1: Unbalanced epp tag, reached <eof> without closing tag."],
        ),
        // Puppet: Syntax error at 'y' (line: 1, column: 17)
        ("<%- | String $x $y | -%>\nhi\n", &["1:14: unexpected `$x`"]),
        // Puppet: Syntax error at '|' (line: 2, column: 5): a header must come first.
        ("text\n<%- | String $x | -%>\n", &["2:5: unexpected `|`"]),
        // Puppet: Syntax error at ',' (line: 1, column: 7)
        ("<%= $a, $b %>\n", &["1:7: unexpected `,`"]),
        // Puppet: Reaching end after opening <%# without seeing %> (line: 2, column: 3)
        (
            "a\n<%# never closed\n",
            &["2:3: Reaching end after opening <%# without seeing %>"],
        ),
        // Puppet: Unbalanced embedded expression - opening <% and reaching end of input
        // (line: 2, column: 5)
        (
            "a\nb <%",
            &["2:5: Unbalanced embedded expression - opening <% and reaching end of input"],
        ),
        // Puppet: Syntax error at end of input
        (
            "<% if $x { %>\nyes\n",
            &["3:1: expected `}` to close the `if` body opened at 1:10"],
        ),
        // Puppet: Syntax error at '=' (line: 1, column: 11); then the open tag.
        (
            "a <% $x = = 1\n",
            &[
                "1:11: unexpected `=`",
                "2:1: Unbalanced epp tag, reached <eof> without closing tag.",
            ],
        ),
        // `<%= %>` takes an expression, not an assignment or a resource.
        // Puppet: Syntax error at '=' (line: 1, column: 11); Syntax error at '@@' (line: 1,
        // column: 5)
        ("<%= $a::b = 1 %>\n", &["1:11: unexpected `=`"]),
        (
            "<%= @@file { 'x': } %>\n",
            &["1:4: expected an expression after `<%=`"],
        ),
        // A `-%>` where no tag is open is text (Puppet accepts it).
        ("a\n-%> b\n", &[]),
        // Code errors in two tags: the first, then the further one Puppet does not show.
        // Puppet: Syntax error at '=' (line: 2, column: 9)
        (
            "a\n<% $x = = 1 %>\n<%= 1 + %>\n",
            &[
                "2:9: unexpected `=`",
                "3:8: expected an expression after `+`",
            ],
        ),
        // Puppet: Syntax error at '}' (line: 2, column: 4); then the array left open and
        // the next tag's error.
        (
            "<% $x = [1, %>\n<% } %>\n<%= 1 + %>\n",
            &[
                "2:4: unexpected `}`",
                "3:1: expected `]` to close the array opened at 1:9",
                "3:8: expected an expression after `+`",
            ],
        ),
        // An `if` without a condition: the text after the tag is the condition (text is a
        // value), and what follows it is the offending token. Puppet: Syntax error at ''
        // (line: 2, column: 9): a `<%=` it places where the text starts.
        (
            "<% $x = 1 %>\n<% if %>\n<%= 1 %>\n",
            &["2:9: unexpected `<%=`"],
        ),
        // Puppet: Syntax error at '}' (line: 3, column: 4)
        ("<% unless %>\nabc\n<% } %>\n", &["3:4: unexpected `}`"]),
    ];
    for (text, want) in cases {
        assert_eq!(errors_of(text), *want, "{text:?}");
    }
}

/// Parses `text` (and prints its tree) on a thread with a normal stack; fails if that
/// panics or does not finish within a generous bound (a hang).
fn parses_in_time(name: &str, text: String) {
    let limit = Duration::from_secs(60);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let outcome = std::panic::catch_unwind(|| {
                let parsed = epp::parse(&text);
                let _ = pn::to_pn(&parsed.program);
            });
            let _ = tx.send(outcome.is_ok());
        })
        .expect("spawn");
    match rx.recv_timeout(limit) {
        Ok(true) => {}
        Ok(false) | Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            panic!("{name}: panicked")
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => panic!("{name}: no result in {limit:?}"),
    }
}

#[test]
fn bad_input_never_panics_or_hangs() {
    let inputs: Vec<(&str, String)> = vec![
        ("NUL in text", "a\0b <%= $x %>\0".into()),
        ("NUL in code", "<%= $x\0 %>".into()),
        ("NUL in a comment", "<%# \0 %>x".into()),
        ("opener at the end", "text <%".into()),
        ("render opener at the end", "text <%=".into()),
        ("trimming opener at the end", "text <%-".into()),
        ("comment opener at the end", "text <%#".into()),
        ("header opened at the end", "<%- |".into()),
        ("header without closer", "<%- | String $x".into()),
        ("closer only", "%>".into()),
        ("trim closer only", "-%>".into()),
        ("escaped opener at the end", "a <%%".into()),
        ("heredoc in a tag at the end", "<% $x = @(END)".into()),
        ("string open at the end", "<%= \"abc".into()),
        ("deep ifs", "<% if $a { %>x".repeat(3000)),
        (
            "deep closed ifs",
            format!(
                "{}{}",
                "<% if $a { %>x".repeat(2000),
                "<% } %>".repeat(2000)
            ),
        ),
        (
            "deep parens",
            format!("<%= {}1{} %>", "(".repeat(5000), ")".repeat(5000)),
        ),
        ("deep arrays unclosed", format!("<%= {}", "[".repeat(5000))),
        ("many tags", "<%= $x %>-".repeat(20_000)),
        ("many comments", "<%# c %>".repeat(20_000)),
    ];
    for (name, text) in inputs {
        parses_in_time(name, text);
    }
    // The errors of a few of them, exactly.
    assert_eq!(
        errors_of("text <%="),
        ["1:9: Unbalanced epp tag, reached <eof> without closing tag."]
    );
    assert_eq!(
        errors_of("<%- | String $x"),
        ["1:16: Unbalanced epp tag, reached <eof> without closing tag."]
    );
}
