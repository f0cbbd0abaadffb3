//! `syntax::errors::collect` on deep broken trees: it must not overflow a normal 2 MiB
//! thread stack (it is called outside the lowering's big-stack thread too) and must take
//! time linear in the size of the tree (20,000 nested `-` took 75 s when it was quadratic).

use rein::syntax::errors::collect;
use rein::syntax::grammar::language;
use std::time::{Duration, Instant};

const DEPTH: usize = 20_000;

/// Parses `source` and runs `collect` on a thread with a 2 MiB stack; returns each error
/// as `(start, end, message)` and how long `collect` took.
fn collect_on_small_stack(source: String) -> (Vec<(usize, usize, String)>, Duration) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut parser = tree_sitter::Parser::new();
            parser.set_language(&language()).expect("grammar loads");
            let tree = parser.parse(&source, None).expect("a tree");
            let t0 = Instant::now();
            let errors = collect(&tree, &source);
            let took = t0.elapsed();
            let errors = errors
                .into_iter()
                .map(|e| (e.span.start(), e.span.end(), e.message))
                .collect();
            (errors, took)
        })
        .expect("spawn")
        .join()
        .expect("collect does not overflow a 2 MiB stack")
}

/// Generous even for a debug build on a busy machine (the linear walk takes ~0.15 s in
/// debug); the quadratic one took minutes.
const LIMIT: Duration = Duration::from_secs(20);

#[test]
fn deep_unary_minus_without_operand() {
    let source = format!("$x = {}\n", "-".repeat(DEPTH));
    let at = 5 + DEPTH;
    let (errors, took) = collect_on_small_stack(source);
    assert_eq!(
        errors,
        [(at, at, "expected an expression after `-`".to_string())]
    );
    assert!(took < LIMIT, "collect took {took:?}");
}

#[test]
fn deep_unary_minus_around_a_broken_expression() {
    let source = format!("notice({}1 ~ 2)\n", "-".repeat(DEPTH));
    let at = 7 + DEPTH + 2;
    let (errors, took) = collect_on_small_stack(source);
    assert_eq!(errors, [(at, at + 1, "unexpected `~`".to_string())]);
    assert!(took < LIMIT, "collect took {took:?}");
}

#[test]
fn deep_unary_minus_with_unclosed_bracket() {
    let source = format!("$x = {}$y [\n", "-".repeat(DEPTH));
    let (errors, took) = collect_on_small_stack(source);
    let messages: Vec<&str> = errors.iter().map(|e| e.2.as_str()).collect();
    assert_eq!(
        messages,
        [format!("expected `]` to close the `[` opened at 1:{}", DEPTH + 9).as_str()]
    );
    assert!(took < LIMIT, "collect took {took:?}");
}
