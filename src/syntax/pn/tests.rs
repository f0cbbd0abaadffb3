//! Unit tests of the PN printer on hand-built ASTs (exact JSON and PN text).

use super::*;

fn sp() -> Span {
    Span::default()
}

fn ex(kind: ExprKind) -> Expr {
    Expr::new(kind, sp())
}

fn int(v: i128) -> Expr {
    ex(ExprKind::Integer {
        value: IntegerValue::new(v),
        radix: 10,
    })
}

fn radix(v: i128, r: u8) -> Expr {
    ex(ExprKind::Integer {
        value: IntegerValue::new(v),
        radix: r,
    })
}

fn float(v: f64) -> Expr {
    ex(ExprKind::Float(v))
}

fn s(v: &str) -> Expr {
    ex(ExprKind::String {
        value: v.to_string(),
        style: StringStyle::Single,
    })
}

fn var(n: &str) -> Expr {
    ex(ExprKind::Variable(n.to_string()))
}

fn qn(n: &str) -> Expr {
    ex(ExprKind::QualifiedName(n.to_string()))
}

fn qr(n: &str) -> Expr {
    ex(ExprKind::QualifiedReference(n.to_string()))
}

fn id(n: &str) -> Ident {
    Ident {
        name: n.to_string(),
        span: sp(),
    }
}

fn body(stmts: Vec<Expr>) -> Body {
    Body {
        statements: stmts,
        span: sp(),
    }
}

fn neg(e: Expr) -> Expr {
    ex(ExprKind::Unary {
        op: UnaryOp::Neg,
        operand: Box::new(e),
    })
}

fn assign(l: Expr, r: Expr) -> Expr {
    ex(ExprKind::Assignment {
        op: AssignOp::Assign,
        lhs: Box::new(l),
        rhs: Box::new(r),
    })
}

fn call(name: &str, args: Vec<Expr>, statement: bool) -> Expr {
    ex(ExprKind::Call(Box::new(CallExpr {
        functor: qn(name),
        args,
        lambda: None,
        parens: true,
        statement,
    })))
}

fn param(name: &str, ty: Option<Expr>, default: Option<Expr>) -> Parameter {
    Parameter {
        name: id(name),
        type_expr: ty,
        captures_rest: false,
        default,
        span: sp(),
    }
}

fn prog(body: Vec<Expr>) -> Program {
    Program { body, span: sp() }
}

/// Asserts the JSON and PN of a one-statement program.
fn check(e: Expr, json: &str, pn: &str) {
    let p = prog(vec![e]);
    assert_eq!(to_json(&p), json);
    assert_eq!(to_pn(&p), pn);
    assert_eq!(to_pn_value(&p).to_json(), json);
    assert_eq!(try_to_json(&p), Ok(json.to_string()));
}

#[test]
fn program_structure() {
    assert_eq!(to_json(&prog(vec![])), r##"{"^":["nop"]}"##);
    assert_eq!(to_pn(&prog(vec![])), "(nop)");
    check(
        assign(var("x"), int(1)),
        r##"{"^":["=",{"^":["var","x"]},1]}"##,
        r##"(= (var "x") 1)"##,
    );
    let two = prog(vec![int(1), int(2), s("a")]);
    assert_eq!(to_json(&two), r##"{"^":["block",1,2,"a"]}"##);
    assert_eq!(to_pn(&two), r##"(block 1 2 "a")"##);
}

#[test]
fn integers_and_negation_folding() {
    check(int(42), "42", "42");
    check(
        radix(31, 16),
        r##"{"^":["int",{"#":["radix",16,"value",31]}]}"##,
        "(int {:radix 16 :value 31})",
    );
    check(
        radix(0, 8),
        r##"{"^":["int",{"#":["radix",8,"value",0]}]}"##,
        "(int {:radix 8 :value 0})",
    );
    check(neg(radix(16, 16)), "-16", "-16");
    check(neg(int(0)), "0", "0");
    check(neg(float(0.0)), "-0.0", "-0.0");
    check(neg(float(1.5)), "-1.5", "-1.5");
    check(neg(neg(int(1))), r##"{"^":["-",-1]}"##, "(- -1)");
    check(
        neg(ex(ExprKind::Paren(Box::new(int(1))))),
        r##"{"^":["-",{"^":["paren",1]}]}"##,
        "(- (paren 1))",
    );
    check(neg(s("a")), r##"{"^":["-","a"]}"##, r##"(- "a")"##);
    check(
        int(123456789012345678901234567890),
        "123456789012345678901234567890",
        "123456789012345678901234567890",
    );
    check(
        radix(4722366482869645213695, 16),
        r##"{"^":["int",{"#":["radix",16,"value",4722366482869645213695]}]}"##,
        "(int {:radix 16 :value 4722366482869645213695})",
    );
}

#[test]
#[allow(clippy::excessive_precision)]
fn floats_in_a_tree() {
    let arr = ex(ExprKind::Array(vec![
        float(0.00015),
        float(0.000099),
        float(1e15),
    ]));
    check(
        arr,
        r##"{"^":["array",0.00015,9.9e-05,1.0e+15]}"##,
        "(array 0.00015 9.9e-05 1.0e+15)",
    );
    check(
        float(641147632885297.25),
        "641147632885297.2",
        "641147632885297.2",
    );
}

#[test]
fn non_finite_float_is_a_dump_error() {
    let p = prog(vec![float(f64::INFINITY)]);
    assert_eq!(to_json(&p), "Infinity");
    assert!(try_to_json(&p).is_err());
    assert!(try_to_pn(&p).is_err());
}

#[test]
fn string_escaping_in_both_formats() {
    check(
        s("a\u{1}b\u{1f}c\u{7f}d"),
        "\"a\\u0001b\\u001fc\u{7f}d\"",
        "\"a\\o001b\\o037c\u{7f}d\"",
    );
    check(
        s("\u{8}\u{c}\u{7f}\u{0}"),
        "\"\\b\\f\u{7f}\\u0000\"",
        "\"\\o010\\o014\u{7f}\\o000\"",
    );
    check(
        s("it's \"q\" a\\b"),
        r##""it's \"q\" a\\b""##,
        r##""it's \"q\" a\\b""##,
    );
    check(
        s("héllo ☃ 😀\u{2028}/"),
        "\"héllo ☃ 😀\u{2028}/\"",
        "\"héllo ☃ 😀\u{2028}/\"",
    );
}

#[test]
fn literals_and_names() {
    check(ex(ExprKind::Boolean(true)), "true", "true");
    check(ex(ExprKind::Undef), "null", "nil");
    check(ex(ExprKind::Default), r##"{"^":["default"]}"##, "(default)");
    check(
        ex(ExprKind::Regex {
            pattern: "^\\d+$".to_string(),
        }),
        r##"{"^":["regexp","^\\d+$"]}"##,
        r##"(regexp "^\\d+$")"##,
    );
    check(
        ex(ExprKind::Reserved("private".to_string())),
        r##"{"^":["reserved","private"]}"##,
        r##"(reserved "private")"##,
    );
    check(
        qn("::foo"),
        r##"{"^":["qn","::foo"]}"##,
        r##"(qn "::foo")"##,
    );
    check(
        qr("Foo::Bar"),
        r##"{"^":["qr","Foo::Bar"]}"##,
        r##"(qr "Foo::Bar")"##,
    );
    check(var(""), r##"{"^":["var",""]}"##, r##"(var "")"##);
    check(ex(ExprKind::Nop), r##"{"^":["nop"]}"##, "(nop)");
}

#[test]
fn concat_drops_empty_text() {
    // Made by hand, without `StringParts::finish`, which would drop it.
    let mut parts = StringParts::default();
    parts.push_text("", sp());
    parts.push_interpolation(var("x"), true, sp());
    parts.push_text("b\n", sp());
    let e = ex(ExprKind::Concat(Box::new(parts)));
    check(
        e,
        r##"{"^":["concat",{"^":["str",{"^":["var","x"]}]},"b\n"]}"##,
        r##"(concat (str (var "x")) "b\n")"##,
    );
}

#[test]
fn heredoc_syntax_only_when_given() {
    let h = |syntax: Option<&str>| {
        ex(ExprKind::Heredoc(Box::new(Heredoc {
            syntax: syntax.map(str::to_string),
            tag: "END".to_string(),
            interpolate: false,
            flags: None,
            text: s("a\n"),
            opening: sp(),
        })))
    };
    check(
        h(Some("json")),
        r##"{"^":["heredoc",{"#":["syntax","json","text","a\n"]}]}"##,
        r##"(heredoc {:syntax "json" :text "a\n"})"##,
    );
    check(
        h(None),
        r##"{"^":["heredoc",{"#":["text","a\n"]}]}"##,
        r##"(heredoc {:text "a\n"})"##,
    );
}

#[test]
fn collections_access_selector() {
    check(
        ex(ExprKind::Array(vec![])),
        r##"{"^":["array"]}"##,
        "(array)",
    );
    let h = ex(ExprKind::Hash {
        entries: vec![HashEntry {
            key: s("a"),
            value: int(1),
            span: sp(),
        }]
        .into(),
        synthetic: false,
    });
    check(
        h,
        r##"{"^":["hash",{"^":["=>","a",1]}]}"##,
        r##"(hash (=> "a" 1))"##,
    );
    check(
        ex(ExprKind::Access {
            target: Box::new(var("x")),
            keys: vec![int(1), neg(int(2))].into(),
        }),
        r##"{"^":["access",{"^":["var","x"]},1,-2]}"##,
        r##"(access (var "x") 1 -2)"##,
    );
    check(
        ex(ExprKind::Selector {
            subject: Box::new(var("x")),
            entries: vec![SelectorEntry {
                matching: ex(ExprKind::Default),
                value: s("b"),
                span: sp(),
            }]
            .into(),
            braces: true,
        }),
        r##"{"^":["?",{"^":["var","x"]},[{"^":["=>",{"^":["default"]},"b"]}]]}"##,
        r##"(? (var "x") [(=> (default) "b")])"##,
    );
}

#[test]
fn operators() {
    let b = ex(ExprKind::Binary {
        op: BinaryOp::Add,
        lhs: Box::new(int(1)),
        rhs: Box::new(ex(ExprKind::Binary {
            op: BinaryOp::In,
            lhs: Box::new(int(2)),
            rhs: Box::new(int(3)),
        })),
    });
    check(b, r##"{"^":["+",1,{"^":["in",2,3]}]}"##, "(+ 1 (in 2 3))");
    let u = ex(ExprKind::Unary {
        op: UnaryOp::Splat,
        operand: Box::new(ex(ExprKind::Unary {
            op: UnaryOp::Not,
            operand: Box::new(var("a")),
        })),
    });
    check(
        u,
        r##"{"^":["unfold",{"^":["!",{"^":["var","a"]}]}]}"##,
        r##"(unfold (! (var "a")))"##,
    );
    let r = ex(ExprKind::Relationship {
        op: RelationshipOp::NotifiedBy,
        lhs: Box::new(int(1)),
        rhs: Box::new(int(2)),
    });
    check(r, r##"{"^":["<~",1,2]}"##, "(<~ 1 2)");
    let a = ex(ExprKind::Assignment {
        op: AssignOp::SubAssign,
        lhs: Box::new(var("a")),
        rhs: Box::new(int(2)),
    });
    check(
        a,
        r##"{"^":["-=",{"^":["var","a"]},2]}"##,
        r##"(-= (var "a") 2)"##,
    );
}

#[test]
fn if_omits_empty_branches_and_nests_elsif() {
    let elsif = ex(ExprKind::If(Box::new(IfExpr {
        test: var("b"),
        then_body: body(vec![]),
        else_branch: None,
    })));
    let e = ex(ExprKind::If(Box::new(IfExpr {
        test: var("a"),
        then_body: body(vec![int(1)]),
        else_branch: Some(ElseBranch::Elsif(Box::new(elsif))),
    })));
    check(
        e,
        r##"{"^":["if",{"#":["test",{"^":["var","a"]},"then",[1],"else",[{"^":["if",{"#":["test",{"^":["var","b"]}]}]}]]}]}"##,
        r##"(if {:test (var "a") :then [1] :else [(if {:test (var "b")})]})"##,
    );
    let e = ex(ExprKind::If(Box::new(IfExpr {
        test: var("a"),
        then_body: body(vec![]),
        else_branch: Some(ElseBranch::Else(body(vec![]))),
    })));
    check(
        e,
        r##"{"^":["if",{"#":["test",{"^":["var","a"]}]}]}"##,
        r##"(if {:test (var "a")})"##,
    );
    let e = ex(ExprKind::Unless(Box::new(UnlessExpr {
        test: var("a"),
        then_body: body(vec![]),
        else_body: Some(body(vec![int(2), int(3)])),
    })));
    check(
        e,
        r##"{"^":["unless",{"#":["test",{"^":["var","a"]},"else",[2,3]]}]}"##,
        r##"(unless {:test (var "a") :else [2 3]})"##,
    );
}

#[test]
fn case_empty_option_is_nop_list() {
    let e = ex(ExprKind::Case(Box::new(CaseExpr {
        test: var("x"),
        options: vec![
            CaseOption {
                values: vec![int(1), ex(ExprKind::Default)],
                body: body(vec![int(2)]),
                span: sp(),
            },
            CaseOption {
                values: vec![s("b")],
                body: body(vec![]),
                span: sp(),
            },
        ],
    })));
    check(
        e,
        r##"{"^":["case",{"^":["var","x"]},[{"#":["when",[1,{"^":["default"]}],"then",[2]]},{"#":["when",["b"],"then",[{"^":["nop"]}]]}]]}"##,
        r##"(case (var "x") [{:when [1 (default)] :then [2]} {:when ["b"] :then [(nop)]}])"##,
    );
}

#[test]
fn invoke_call_and_lambda() {
    check(
        call("foo", vec![int(1), int(2)], true),
        r##"{"^":["invoke",{"#":["functor",{"^":["qn","foo"]},"args",[1,2]]}]}"##,
        r##"(invoke {:functor (qn "foo") :args [1 2]})"##,
    );
    check(
        assign(var("x"), call("foo", vec![], false)),
        r##"{"^":["=",{"^":["var","x"]},{"^":["call",{"#":["functor",{"^":["qn","foo"]},"args",[]]}]}]}"##,
        r##"(= (var "x") (call {:functor (qn "foo") :args []}))"##,
    );
    let lambda = Lambda {
        params: vec![param("v", None, None)],
        return_type: Some(qr("Integer")),
        body: body(vec![int(1)]),
        span: sp(),
    };
    let m = ex(ExprKind::MethodCall(Box::new(MethodCallExpr {
        receiver: var("x"),
        name: id("map"),
        args: vec![],
        lambda: Some(lambda),
        parens: false,
    })));
    check(
        m,
        r##"{"^":["call-method",{"#":["functor",{"^":[".",{"^":["var","x"]},{"^":["qn","map"]}]},"args",[],"block",{"^":["lambda",{"#":["params",{"#":["v",{"#":[]}]},"returns",{"^":["qr","Integer"]},"body",[1]]}]}]}]}"##,
        r##"(call-method {:functor (. (var "x") (qn "map")) :args [] :block (lambda {:params {:v {}} :returns (qr "Integer") :body [1]})})"##,
    );
    let empty_lambda = Lambda {
        params: vec![],
        return_type: None,
        body: body(vec![]),
        span: sp(),
    };
    let c = ex(ExprKind::Call(Box::new(CallExpr {
        functor: qr("Integer"),
        args: vec![],
        lambda: Some(empty_lambda),
        parens: true,
        statement: true,
    })));
    check(
        c,
        r##"{"^":["invoke",{"#":["functor",{"^":["qr","Integer"]},"args",[],"block",{"^":["lambda",{"#":[]}]}]}]}"##,
        r##"(invoke {:functor (qr "Integer") :args [] :block (lambda {})})"##,
    );
}

fn attr(name: &str, op: AttributeOperator, value: Expr) -> AttributeOp {
    AttributeOp::Attribute {
        name: id(name),
        op,
        value,
        span: sp(),
    }
}

#[test]
fn catalog_expressions() {
    let r = ex(ExprKind::Resource(Box::new(ResourceExpr {
        type_name: qn("file"),
        bodies: vec![
            ResourceBody {
                title: s("a"),
                ops: vec![
                    AttributeOp::Splat {
                        value: var("h"),
                        span: sp(),
                    },
                    attr("mode", AttributeOperator::Assign, int(1)),
                ],
                span: sp(),
            },
            ResourceBody {
                title: qn("b"),
                ops: vec![],
                span: sp(),
            },
        ],
        form: ResourceForm::Exported,
    })));
    check(
        r,
        r##"{"^":["resource",{"#":["type",{"^":["qn","file"]},"bodies",[{"#":["title","a","ops",[{"^":["splat-hash",{"^":["var","h"]}]},{"^":["=>","mode",1]}]]},{"#":["title",{"^":["qn","b"]},"ops",[]]}],"form","exported"]}]}"##,
        r##"(resource {:type (qn "file") :bodies [{:title "a" :ops [(splat-hash (var "h")) (=> "mode" 1)]} {:title (qn "b") :ops []}] :form "exported"})"##,
    );
    let d = ex(ExprKind::ResourceDefaults(Box::new(ResourceDefaultsExpr {
        type_ref: qr("File"),
        ops: vec![],
        form: ResourceForm::Virtual,
    })));
    check(
        d,
        r##"{"^":["resource-defaults",{"#":["type",{"^":["qr","File"]},"ops",[],"form","virtual"]}]}"##,
        r##"(resource-defaults {:type (qr "File") :ops [] :form "virtual"})"##,
    );
    let o = ex(ExprKind::ResourceOverride(Box::new(ResourceOverrideExpr {
        resources: ex(ExprKind::Access {
            target: Box::new(qr("File")),
            keys: vec![s("a")].into(),
        }),
        ops: vec![attr("require", AttributeOperator::Append, int(2))],
        form: ResourceForm::Regular,
    })));
    check(
        o,
        r##"{"^":["resource-override",{"#":["resources",{"^":["access",{"^":["qr","File"]},"a"]},"ops",[{"^":["+>","require",2]}]]}]}"##,
        r##"(resource-override {:resources (access (qr "File") "a") :ops [(+> "require" 2)]})"##,
    );
    let c = |query: Option<Expr>, exported: bool, ops: Vec<AttributeOp>| {
        ex(ExprKind::Collect(Box::new(CollectExpr {
            type_expr: qr("File"),
            exported,
            query,
            ops,
            query_span: sp(),
        })))
    };
    check(
        c(None, false, vec![]),
        r##"{"^":["collect",{"#":["type",{"^":["qr","File"]},"query",{"^":["virtual-query"]}]}]}"##,
        r##"(collect {:type (qr "File") :query (virtual-query)})"##,
    );
    check(
        c(
            Some(qn("x")),
            true,
            vec![attr("m", AttributeOperator::Assign, int(1))],
        ),
        r##"{"^":["collect",{"#":["type",{"^":["qr","File"]},"query",{"^":["exported-query",{"^":["qn","x"]}]},"ops",[{"^":["=>","m",1]}]]}]}"##,
        r##"(collect {:type (qr "File") :query (exported-query (qn "x")) :ops [(=> "m" 1)]})"##,
    );
}

#[test]
fn definitions_key_order() {
    let class = ex(ExprKind::Class(Box::new(ClassDef {
        name: "foo".to_string(),
        name_span: sp(),
        parent: Some(id("bar")),
        params: vec![param("a", Some(qr("String")), Some(s("x")))],
        has_param_list: true,
        body: body(vec![assign(var("y"), int(1))]),
    })));
    check(
        class,
        r##"{"^":["class",{"#":["name","foo","parent","bar","params",{"#":["a",{"#":["type",{"^":["qr","String"]},"value","x"]}]},"body",[{"^":["=",{"^":["var","y"]},1]}]]}]}"##,
        r##"(class {:name "foo" :parent "bar" :params {:a {:type (qr "String") :value "x"}} :body [(= (var "y") 1)]})"##,
    );
    let define = ex(ExprKind::Define(Box::new(DefineDef {
        name: "a::b".to_string(),
        name_span: sp(),
        params: vec![],
        has_param_list: true,
        body: body(vec![]),
    })));
    check(
        define,
        r##"{"^":["define",{"#":["name","a::b"]}]}"##,
        r##"(define {:name "a::b"})"##,
    );
    let function = ex(ExprKind::Function(Box::new(FunctionDef {
        name: "f".to_string(),
        name_span: sp(),
        params: vec![param("a", Some(qr("Integer")), None)],
        has_param_list: true,
        return_type: Some(qr("String")),
        body: body(vec![s("x")]),
    })));
    check(
        function,
        r##"{"^":["function",{"#":["name","f","params",{"#":["a",{"#":["type",{"^":["qr","Integer"]}]}]},"body",["x"],"returns",{"^":["qr","String"]}]}]}"##,
        r##"(function {:name "f" :params {:a {:type (qr "Integer")}} :body ["x"] :returns (qr "String")})"##,
    );
    let plan = ex(ExprKind::Plan(Box::new(PlanDef {
        name: "p".to_string(),
        name_span: sp(),
        params: vec![param("x", None, Some(int(1)))],
        has_param_list: true,
        body: body(vec![]),
    })));
    check(
        plan,
        r##"{"^":["plan",{"#":["name","p","params",{"#":["x",{"#":["value",1]}]}]}]}"##,
        r##"(plan {:name "p" :params {:x {:value 1}}})"##,
    );
    let node = ex(ExprKind::Node(Box::new(NodeDef {
        matches: vec![s("a"), ex(ExprKind::Default)],
        parent: Some(s("b")),
        body: body(vec![int(1)]),
    })));
    check(
        node,
        r##"{"^":["node",{"#":["matches",["a",{"^":["default"]}],"parent","b","body",[1]]}]}"##,
        r##"(node {:matches ["a" (default)] :parent "b" :body [1]})"##,
    );
    let node = ex(ExprKind::Node(Box::new(NodeDef {
        matches: vec![s("a")],
        parent: Some(qn("b")),
        body: body(vec![]),
    })));
    check(
        node,
        r##"{"^":["node",{"#":["matches",["a"],"parent","b"]}]}"##,
        r##"(node {:matches ["a"] :parent "b"})"##,
    );
}

#[test]
fn type_definitions() {
    check(
        ex(ExprKind::TypeAlias(Box::new(TypeAliasDef {
            name: id("MyType"),
            value: qr("Integer"),
        }))),
        r##"{"^":["type-alias","MyType",{"^":["qr","Integer"]}]}"##,
        r##"(type-alias "MyType" (qr "Integer"))"##,
    );
    check(
        ex(ExprKind::TypeMapping {
            mapping: Box::new(qr("Runtime")),
            value: Box::new(qr("T")),
        }),
        r##"{"^":["type-mapping",{"^":["qr","Runtime"]},{"^":["qr","T"]}]}"##,
        r##"(type-mapping (qr "Runtime") (qr "T"))"##,
    );
    let td = |parent: Option<&str>, stmts: Vec<Expr>| {
        ex(ExprKind::TypeDefinition(Box::new(TypeDefinitionDef {
            name: id("MyType"),
            parent: parent.map(id),
            body: body(stmts),
        })))
    };
    check(
        td(None, vec![]),
        r##"{"^":["type-definition","MyType",null,{"^":["nop"]}]}"##,
        r##"(type-definition "MyType" nil (nop))"##,
    );
    check(
        td(Some("Parent"), vec![int(1)]),
        r##"{"^":["type-definition","MyType","Parent",{"^":["block",1]}]}"##,
        r##"(type-definition "MyType" "Parent" (block 1))"##,
    );
    check(
        ex(ExprKind::Block(vec![
            qn("foo"),
            ex(ExprKind::Hash {
                entries: vec![].into(),
                synthetic: false,
            }),
        ])),
        r##"{"^":["block",{"^":["qn","foo"]},{"^":["hash"]}]}"##,
        r##"(block (qn "foo") (hash))"##,
    );
}

#[test]
fn parameters_puppet_cannot_dump() {
    let mut rest = param("a", None, None);
    rest.captures_rest = true;
    let define = |p: Parameter| {
        prog(vec![ex(ExprKind::Define(Box::new(DefineDef {
            name: "foo".to_string(),
            name_span: sp(),
            params: vec![p],
            has_param_list: true,
            body: body(vec![]),
        })))])
    };
    let p = define(rest);
    assert_eq!(
        to_json(&p),
        r##"{"^":["define",{"#":["name","foo","params",{"#":["a",{"#":[]}]}]}]}"##
    );
    assert!(try_to_json(&p).is_err());
    for bad in ["1", "::x", "x::y", ""] {
        let e = try_to_pn(&define(param(bad, None, None)));
        assert_eq!(
            e.map_err(|e| e.message),
            Err(format!(
                "key {bad} does not conform to pattern /^[A-Za-z_-][0-9A-Za-z_-]*$/)"
            ))
        );
    }
    for good in ["Bar", "_x", "-a", "class"] {
        assert!(try_to_pn(&define(param(good, None, None))).is_ok());
    }
}

#[test]
fn deep_nesting_is_iterative() {
    let mut e = int(1);
    for _ in 0..50_000 {
        e = ex(ExprKind::Paren(Box::new(e)));
    }
    let p = prog(vec![e]);
    let out = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let out = to_json(&p);
            // Dismantle iteratively so that dropping does not recurse deeply.
            let mut cur = p.body.into_iter().next();
            while let Some(Expr {
                kind: ExprKind::Paren(inner),
                ..
            }) = cur
            {
                cur = Some(*inner);
            }
            out
        })
        .map(|h| h.join());
    let out = match out {
        Ok(Ok(s)) => s,
        _ => panic!("printing thread failed"),
    };
    assert!(out.starts_with(r##"{"^":["paren",{"^":["paren","##));
    assert_eq!(out.len(), 50_000 * r##"{"^":["paren",]}"##.len() + 1);
}

#[test]
fn regexp_text_like_ruby() {
    // Sources and outputs from `puppet parser dump` (Puppet 7.23).
    let cases: &[(&str, &str)] = &[
        ("é", "(?-imx:é)"),
        ("aé/b", "(?-imx:aé/b)"),
        ("a\\u00e9", "(?-imx:a\\u00e9)"),
        ("\\d+é(x)", "(?-imx:\\d+é(x))"),
        ("\\u0041", "\\u0041"),
        ("\\x41", "\\x41"),
        ("\\p{L}", "(?-imx:\\p{L})"),
        ("\\P{L}", "(?-imx:\\P{L})"),
        ("\\p{^L}", "(?-imx:\\p{^L})"),
        ("\\pL", "(?-imx:\\pL)"),
        ("\\h", "\\h"),
        ("a\\\\b", "a\\\\b"),
        ("\\u{41}", "\\u{41}"),
        ("\\u{e9}", "(?-imx:\\u{e9})"),
        ("\\\\u00e9", "\\\\u00e9"),
        ("\\\\\\u00e9", "(?-imx:\\\\\\u00e9)"),
        ("[é]", "(?-imx:[é])"),
        ("\\é", "(?-imx:\\é)"),
        ("\\u00E9x", "(?-imx:\\u00E9x)"),
        ("(?i)é", "(?-imx:(?i)é)"),
        ("[[:alpha:]]", "[[:alpha:]]"),
        ("\\u007f", "\\u007f"),
        ("\\u0080", "(?-imx:\\u0080)"),
        ("\\h\\u{7f}", "\\h\\u{7f}"),
        ("", ""),
    ];
    for (src, want) in cases {
        assert_eq!(regexp_text(src), *want, "{src}");
        let e = ex(ExprKind::Regex {
            pattern: src.to_string(),
        });
        let mut json = String::new();
        json_string(want, &mut json);
        assert_eq!(
            to_json(&prog(vec![e])),
            format!(r#"{{"^":["regexp",{json}]}}"#)
        );
    }
}

#[test]
fn regexps_ruby_cannot_compile() {
    assert_eq!(
        regexp_error("("),
        Some("end pattern with unmatched parenthesis: /(/".to_string())
    );
    assert_eq!(
        regexp_error("a)"),
        Some("unmatched close parenthesis: /a)/".to_string())
    );
    assert_eq!(
        regexp_error("[a"),
        Some("premature end of char-class: /[a/".to_string())
    );
    assert_eq!(
        regexp_error("\\uZZ"),
        Some("invalid Unicode escape: /\\uZZ/".to_string())
    );
    for ok in [
        "",
        "a",
        "(x|y)*",
        "\\(",
        "[(]",
        "[]a]",
        "[^]a]",
        "[a[b]]",
        "(?#(comment)",
        "\\)",
        "[[:alpha:]]",
        "\\u0041",
        "\\u{41 42}",
        "^(.*)$",
        "(?<n>a)\\k<n>",
    ] {
        assert_eq!(regexp_error(ok), None, "{ok}");
    }
    let p = prog(vec![ex(ExprKind::Regex {
        pattern: "(".to_string(),
    })]);
    assert_eq!(to_json(&p), r##"{"^":["regexp","("]}"##);
    assert_eq!(
        try_to_json(&p).map_err(|e| e.message),
        Err("end pattern with unmatched parenthesis: /(/".to_string())
    );
}
