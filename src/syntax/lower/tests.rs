//! Tests of what a parse keeps: its lists and tokens at their sizes (they are grown by
//! doubling while lowering, and a parse is kept as long as its file is checked).

use super::*;

const CODE: &str = "class a (String $x, Integer $y = 1, $z = 2) {\n  file { '/a':\n    ensure => file,\n    mode   => '0644',\n    owner  => root,\n  }\n  $h = { 'k' => 1, 'l' => 2, 'm' => 3 }\n  $l = [1, 2, 3, 4, 5]\n  notice($h)\n}\n";

#[test]
fn the_asts_lists_are_kept_at_their_sizes() {
    let parsed = parse_str(CODE);
    let [class] = parsed.program.body.as_slice() else {
        panic!("one statement: {:?}", parsed.program.body);
    };
    let ExprKind::Class(class) = &class.kind else {
        panic!("a class: {class:?}");
    };
    assert_eq!((class.params.len(), class.params.capacity()), (3, 3));
    let body = &class.body.statements;
    assert_eq!((body.len(), body.capacity()), (4, 4));
    let ExprKind::Resource(resource) = &body[0].kind else {
        panic!("a resource: {:?}", body[0]);
    };
    assert_eq!(resource.bodies.capacity(), 1);
    let ops = &resource.bodies[0].ops;
    assert_eq!((ops.len(), ops.capacity()), (3, 3));
    fn rhs(e: &Expr) -> &ExprKind {
        match &e.kind {
            ExprKind::Assignment { rhs, .. } => &rhs.kind,
            other => panic!("an assignment: {other:?}"),
        }
    }
    let ExprKind::Hash { entries, .. } = rhs(&body[1]) else {
        panic!("a hash");
    };
    // A boxed slice: its size is its length.
    assert_eq!(entries.len(), 3);
    let ExprKind::Array(items) = rhs(&body[2]) else {
        panic!("an array");
    };
    assert_eq!((items.len(), items.capacity()), (5, 5));
}

#[test]
fn the_packed_tokens_are_kept_at_their_size() {
    let (parsed, _) = parse_bytes_packed(CODE.as_bytes().to_vec());
    let packed = parsed.packed.as_ref().map(|p| (p.len(), p.capacity()));
    assert!(
        packed.is_some_and(|(len, cap)| len > 50 && len == cap),
        "{packed:?}"
    );
}
