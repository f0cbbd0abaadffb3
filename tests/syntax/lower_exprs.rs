//! Lowering of expressions and Puppet's post-parse transforms: statement calls, invoke vs
//! call, pair merging, titleless resource bodies, resource forms, definitions, type
//! aliases, node names.

use crate::ast_text::*;

#[test]
fn literals_and_names() {
    assert_eq!(
        clean("42 0x1F 0755 00 1.5 1e3"),
        "42 ; 31r16 ; 493r8 ; 0r8 ; 1.5f ; 1000.0f"
    );
    assert_eq!(
        clean("true false undef default"),
        "true ; false ; undef ; default"
    );
    assert_eq!(
        clean("private attr"),
        "(reserved private) ; (reserved attr)"
    );
    assert_eq!(
        clean("foo ::a::b Foo::Bar foo-bar _x"),
        "foo ; ::a::b ; Foo::Bar ; w\"foo-bar\" ; w\"_x\""
    );
    assert_eq!(clean("$x $::x $1 $"), "$x ; $::x ; $1 ; $");
}

#[test]
fn operators_and_precedence_shape() {
    assert_eq!(clean("$a = $b -> $c"), "(= $a (-> $b $c))");
    assert_eq!(clean("$a += 1"), "(+= $a 1)");
    assert_eq!(clean("1 < 2 == true"), "(< 1 (== 2 true))");
    assert_eq!(clean("!$a in $b"), "(in (! $a) $b)");
    assert_eq!(clean("-$a[1]"), "(neg (access $a 1))");
    assert_eq!(clean("[*$a]"), "[(splat $a)]");
    assert_eq!(clean("($a = 1)"), "(paren (= $a 1))");
    assert_eq!(
        clean("$x ? { 1 => 2, default => 3 }"),
        "(?{} $x 1 => 2, default => 3)"
    );
    assert_eq!(clean("$x ? 1 => 2"), "(? $x 1 => 2)");
}

#[test]
fn collections_merge_adjacent_pairs() {
    assert_eq!(clean("{ a => 1, 'b' => 2 }"), "{a => 1, 'b' => 2}");
    assert_eq!(
        clean("foo(1, a => 2, b => 3)"),
        "(invoke foo 1 {# a => 2, b => 3})"
    );
    assert_eq!(
        clean("foo(a => 1, 2, b => 3)"),
        "(invoke foo {# a => 1} 2 {# b => 3})"
    );
    assert_eq!(
        clean("$x = [1, a => 2, b => 3]"),
        "(= $x [1 {# a => 2, b => 3}])"
    );
    assert_eq!(clean("$x[a => 1]"), "(access $x {# a => 1})");
    assert_eq!(
        clean("$x = { type => 1, function => 2 }"),
        "(= $x {w\"type\" => 1, w\"function\" => 2})"
    );
    assert_eq!(
        clean("$x = [type, function]"),
        "(= $x [w\"type\" w\"function\"])"
    );
}

#[test]
fn invoke_versus_call() {
    assert_eq!(clean("foo(1)"), "(invoke foo 1)");
    assert_eq!(clean("$x = foo(1)"), "(= $x (call foo 1))");
    assert_eq!(clean("(foo(1))"), "(paren (call foo 1))");
    assert_eq!(clean("foo(1)[0]"), "(access (call foo 1) 0)");
    assert_eq!(
        clean("$y = if $a { foo(1) }"),
        "(= $y (if $a [(invoke foo 1)]))"
    );
    assert_eq!(clean("$f(1)"), "(invoke $f 1)");
    assert_eq!(clean("Integer('1')"), "(invoke Integer '1')");
    assert_eq!(clean("foo(1) |$x| { $x }"), "(invoke foo 1 |($x)| [$x])");
    assert_eq!(clean("$x.foo"), "(.* $x foo)");
    assert_eq!(clean("$x.foo(1, 2)"), "(. $x foo 1 2)");
    assert_eq!(
        clean("$x.map |Integer $v, $w = 1| >> Integer { $v }"),
        "(.* $x map |(Integer $v, $w = 1) >> Integer| [$v])"
    );
}

#[test]
fn statement_calls() {
    assert_eq!(clean("include foo, bar"), "(invoke* include foo bar)");
    assert_eq!(clean("include\n  foo"), "(invoke* include foo)");
    assert_eq!(clean("notice foo(1)"), "(invoke* notice (call foo 1))");
    assert_eq!(clean("notice notice 1"), "(invoke* notice notice) ; 1");
    assert_eq!(clean("notice 'a' 'b'"), "(invoke* notice 'a') ; 'b'");
    assert_eq!(clean("$x = notice 1"), "(= $x notice) ; 1");
    assert_eq!(clean("foo 1"), "foo ; 1");
    assert_eq!(clean("include"), "include");
    assert_eq!(clean("::notice 1"), "::notice ; 1");
    assert_eq!(clean("notice -1"), "(- notice 1)");
    assert_eq!(clean("notice [1]"), "(invoke* notice [1])");
    assert_eq!(clean("notice[1]"), "(access notice 1)");
    assert_eq!(clean("return\n$y = 1"), "(invoke* return (= $y 1))");
    assert_eq!(
        clean("$a.each |$x| { next\nnotice($x) }"),
        "(.* $a each |($x)| [(invoke* next (call notice $x))])"
    );
    assert_eq!(
        clean("realize File['a'], File['b']"),
        "(invoke* realize (access File 'a') (access File 'b'))"
    );
}

#[test]
fn comma_list_errors() {
    assert_eq!(
        diags("lookup 'x', 'y'"),
        vec!["E 1:11 attempt to pass argument list to the function 'lookup' which cannot be called without parentheses"]
    );
    assert_eq!(
        diags("$a = 10, notice hello"),
        vec!["E 1:8 illegal comma separated argument list"]
    );
    assert_eq!(
        diags("notice(1), 2"),
        vec!["E 1:10 illegal comma separated argument list"]
    );
    assert_eq!(
        diags("notice (1), 2"),
        vec!["E 1:11 illegal comma separated argument list"]
    );
}

#[test]
fn resources() {
    assert_eq!(
        clean("file { '/tmp/x': ensure => present, mode => '0644' }"),
        "(resource file '/tmp/x': {ensure => present, mode => '0644'})"
    );
    assert_eq!(
        clean("file { 'a': mode => 1; 'b': require +> File['c'], * => $h; }"),
        "(resource file 'a': {mode => 1}; 'b': {require +> (access File 'c'), * => $h})"
    );
    assert_eq!(clean("@file { 'a': }"), "(@resource file 'a': {})");
    assert_eq!(clean("@@file { 'a': }"), "(@@resource file 'a': {})");
    assert_eq!(
        clean("class { 'foo': x => 1 }"),
        "(resource class 'foo': {x => 1})"
    );
    assert_eq!(
        clean("exec { 'a': unless => 'x', class => 2, default => 3 }"),
        "(resource exec 'a': {unless => 'x', class => 2, default => 3})"
    );
    assert_eq!(clean("File { mode => 1 }"), "(defaults File {mode => 1})");
    assert_eq!(clean("@File { mode => 1 }"), "(@defaults File {mode => 1})");
    assert_eq!(
        clean("File['a'] { mode +> 1 }"),
        "(override (access File 'a') {mode +> 1})"
    );
    assert_eq!(
        clean("Resource[file] { mode => 1 }"),
        "(override (access Resource file) {mode => 1})"
    );
    assert_eq!(
        clean("File <| tag == 'x' |> { mode => 1 }"),
        "(collect File (== tag 'x') {mode => 1})"
    );
    assert_eq!(clean("File <<| |>>"), "(collect@@ File )");
}

#[test]
fn titleless_bodies() {
    assert_eq!(clean("foo { a => 1 }"), "(block foo {w\"a\" => 1})");
    assert_eq!(clean("notice { a => 1 }"), "(invoke* notice {w\"a\" => 1})");
    assert_eq!(
        clean("$a = foo\n{ a => 1 }"),
        "(= $a (block foo {w\"a\" => 1}))"
    );
    assert_eq!(
        diags("file { mode +> 1 }"),
        vec!["E 1:6 Syntax error resource body without title or hash with +>"]
    );
    assert_eq!(
        diags("$a = 1\n{ b => 2 }"),
        vec!["E 1:6 Expression is not valid as a resource, resource-default, or resource-override"]
    );
    assert_eq!(
        diags("$x = $y.foo { }"),
        vec!["E 1:8 Expression is not valid as a resource, resource-default, or resource-override"]
    );
    assert_eq!(
        diags("$x { a => 1 }"),
        vec!["E 1:1 Expression is not valid as a resource, resource-default, or resource-override"]
    );
    assert_eq!(
        diags("@foo { a => 1 }"),
        vec!["E 1:1 Virtual (@) can only be applied to a Resource Expression"]
    );
    assert_eq!(
        diags("@@foo { a => 1 }"),
        vec!["E 1:1 Exported (@@) can only be applied to a Resource Expression"]
    );
}

#[test]
fn conditionals() {
    assert_eq!(
        clean("if $a { 1 } elsif $b { 2 } else { 3 }"),
        "(if $a [1] elsif (if $b [2] else [3]))"
    );
    assert_eq!(
        clean("unless $a { 1 } else { 2 }"),
        "(unless $a [1] else [2])"
    );
    assert_eq!(
        clean("case $x { 1, default: { 2 } /a/: {} }"),
        "(case $x 1 default: [2] /a/: [])"
    );
}

#[test]
fn definitions() {
    assert_eq!(
        clean("class a { class b { class c {} } define d() {} function f() {} }"),
        "(class a [(class a::b [(class a::b::c [])]) (define a::d () []) (function f () [])])"
    );
    assert_eq!(
        clean("define d { class c {} }"),
        "(define d [(class c [])])"
    );
    assert_eq!(
        clean("class foo(String $a = 'x', $b,) inherits ::bar { }"),
        "(class foo inherits ::bar (String $a = 'x', $b) [])"
    );
    assert_eq!(
        clean("class foo inherits default { }"),
        "(class foo inherits default [])"
    );
    assert_eq!(
        clean("function f(Integer *$r) >> Array[String] { 1 }"),
        "(function f (Integer *$r) >> (access Array String) [1])"
    );
    assert_eq!(
        clean("node 'a', b.example.com, 192.168.1.1, /c/, default, { }"),
        "(node 'a' w\"b.example.com\" w\"192.168.1.1\" /c/ default [])"
    );
    assert_eq!(
        clean("node a inherits b {}"),
        "(node w\"a\" inherits w\"b\" [])"
    );
}

#[test]
fn type_aliases_are_rewritten() {
    assert_eq!(clean("type A = Integer"), "(type-alias A Integer)");
    assert_eq!(
        clean("type A = Integer[1]"),
        "(type-alias A (access Integer 1))"
    );
    assert_eq!(
        clean("type A = { attributes => {} }"),
        "(type-alias A (access Object {attributes => {}}))"
    );
    assert_eq!(
        clean("type A = Object { attributes => {} }"),
        "(type-alias A (access Object {attributes => {}}))"
    );
    assert_eq!(
        clean("type A = Parent { a => 1 }"),
        "(type-alias A (access Object {a => 1, parent => Parent}))"
    );
    assert_eq!(
        clean("type Runtime[ruby, 'X'] = MyType"),
        "(type-mapping (access Runtime ruby 'X') MyType)"
    );
    assert_eq!(
        clean("type T inherits P { }"),
        "(type-definition T inherits P [])"
    );
}

#[test]
fn number_errors() {
    assert_eq!(
        diags("$x = 0789"),
        vec!["E 1:6 Not a valid octal number 0789"]
    );
    assert_eq!(diags("$x = 0x"), vec!["E 1:6 Not a valid hex number 0x"]);
    assert_eq!(
        diags("$x = 1e"),
        vec!["E 1:6 Not a valid decimal number 1e"]
    );
    assert_eq!(diags("$x = 1a"), vec!["E 1:6 Illegal number '1a'"]);
}

#[test]
fn spans() {
    let f = rein::syntax::parse("$x = foo(1)\n  include a");
    let b = &f.program.body;
    assert_eq!((b[0].span.start, b[0].span.end), (0, 11));
    assert_eq!((b[1].span.start, b[1].span.end), (14, 23));
}

#[test]
fn titleless_splat_becomes_nop_entry() {
    assert_eq!(clean("foo { * => $h }"), "(block foo {nop => nop})");
    assert_eq!(clean("notice { * => $h }"), "(invoke* notice {nop => nop})");
}

#[test]
fn lexer_errors_found_in_lowering() {
    let first = |s: &str| diags(s).into_iter().next().unwrap_or_default();
    assert_eq!(first("$b = Foo::bar\n"), "E 1:10 Illegal class reference");
    assert_eq!(
        first("$b = ::Aa::b\n"),
        "E 1:13 Illegal fully qualified class reference"
    );
    assert_eq!(first("$b = a::3\n"), "E 1:9 Illegal fully qualified name");
    assert_eq!(first("$b = $a::\n"), "E 1:10 Illegal fully qualified name");
    assert_eq!(first("$b = a-b::\n"), "E 1:11 Illegal fully qualified name");
    assert_eq!(
        first("$x = 1\n@$y\n"),
        "E 2:1 Virtual (@) can only be applied to a Resource Expression"
    );
    assert_eq!(
        first("@@foo(1)\n"),
        "E 1:1 Exported (@@) can only be applied to a Resource Expression"
    );
    assert_eq!(clean("$x = foo::Bar"), "(= $x foo) ; ::Bar");
    assert_eq!(
        diags("$b = Foo::bar::Baz\n"),
        vec!["E 1:10 Illegal class reference"]
    );
    assert_eq!(
        diags("$b = Foo::Bar::_x\n"),
        vec!["E 1:15 Illegal class reference"]
    );
    assert_eq!(
        diags("$b = ::A::B::3\n"),
        vec!["E 1:15 Illegal fully qualified class reference"]
    );
}

#[test]
fn bad_definition_names() {
    let first = |s: &str| diags(s).into_iter().next().unwrap_or_default();
    assert_eq!(
        first("class class {}\n"),
        "E 1:7 'class' keyword not allowed at this location"
    );
    assert_eq!(
        first("define class {}\n"),
        "E 1:8 'class' keyword not allowed at this location"
    );
    assert_eq!(
        first("class 'foo' {}\n"),
        "E 1:7 A quoted string is not valid as a name here"
    );
    assert_eq!(
        first("class foo inherits 'bar' {}\n"),
        "E 1:20 A quoted string is not valid as a name here"
    );
}

#[test]
fn broken_virtual_resource_is_not_a_virtual_error() {
    let d = diags("@file { 'a' mode => 1 }\n");
    assert!(!d.iter().any(|m| m.contains("Virtual")), "{d:?}");
}

#[test]
fn broken_bodies_do_not_get_shape_errors() {
    for src in ["file { 'a' mode +> 1 }\n", "$x { 'a' b => 1 }\n"] {
        let d = diags(src);
        assert!(
            !d.iter()
                .any(|m| m.contains("+>") || m.contains("not valid as a resource")),
            "{src:?}: {d:?}"
        );
        assert!(!d.is_empty());
    }
}
