//! The evaluator on generated code: thousands of small manifests that combine literals of
//! every kind with every operator and many built-in functions (a deterministic
//! pseudo-random generator, so a failure is reproducible). Evaluation must end without a
//! panic (in the test profile, integer overflow panics too) whatever the values.

use rein::rules::engine::{self, RuleSet};

/// xorshift64*: a small deterministic generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const LITERALS: &[&str] = &[
    "0",
    "1",
    "-1",
    "9223372036854775807",
    "-9223372036854775807",
    "0x7fffffffffffffff",
    "010",
    "1.5",
    "-0.0",
    "1e308",
    "'a'",
    "'10'",
    "'0x1f'",
    "''",
    "\"x${1}\"",
    "[]",
    "[1, 'a', [2]]",
    "{}",
    "{ 'a' => 1, 'b' => [2] }",
    "undef",
    "default",
    "true",
    "false",
    "/a(b)?/",
    "'['",
    "Integer",
    "Integer[1, 3]",
    "String[2]",
    "Enum['a', 'b']",
    "Pattern[/x/]",
    "Array[Integer]",
    "Hash[String, Integer]",
    "Optional[String]",
    "File['/x']",
    "Class['c']",
    "$facts",
    "$facts['os']",
    "$nosuch",
    "$1",
];

const BINARY: &[&str] = &[
    "+", "-", "*", "/", "%", "<<", ">>", "==", "!=", "<", "<=", ">", ">=", "=~", "!~", "in", "and",
    "or",
];

const FUNCTIONS: &[&str] = &[
    "size",
    "length",
    "keys",
    "values",
    "flatten",
    "unique",
    "sort",
    "upcase",
    "downcase",
    "capitalize",
    "strip",
    "empty",
    "type",
    "abs",
    "floor",
    "ceiling",
    "round",
    "reverse_each",
    "join",
    "split",
    "sprintf",
    "regsubst",
    "versioncmp",
    "min",
    "max",
    "merge",
    "dig",
    "slice",
    "step",
    "index",
    "match",
    "assert_type",
    "with",
    "then",
    "lest",
    "map",
    "filter",
    "reduce",
    "each",
    "any",
    "all",
    "camelcase",
    "chop",
    "chomp",
];

fn expr(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 {
        return rng.pick(LITERALS).to_string();
    }
    match rng.next() % 7 {
        0 => format!(
            "({} {} {})",
            expr(rng, depth - 1),
            rng.pick(BINARY),
            expr(rng, depth - 1)
        ),
        1 => format!("-{}", expr(rng, depth - 1)),
        2 => format!("!{}", expr(rng, depth - 1)),
        3 => format!("{}[{}]", expr(rng, depth - 1), expr(rng, depth - 1)),
        4 => format!(
            "{}({}, {})",
            rng.pick(FUNCTIONS),
            expr(rng, depth - 1),
            expr(rng, depth - 1)
        ),
        5 => format!(
            "{}({}) |$a, $b| {{ {} }}",
            rng.pick(FUNCTIONS),
            expr(rng, depth - 1),
            expr(rng, depth - 1)
        ),
        _ => format!(
            "{} ? {{ {} => {}, default => {} }}",
            expr(rng, depth - 1),
            expr(rng, 0),
            expr(rng, depth - 1),
            expr(rng, 0)
        ),
    }
}

/// 1,600 manifests: every one of them parses, so this evaluates more than the 3,000 of before
/// did (1,515: half of them held the literal `/[/`, which does not parse and so never reached
/// the evaluator; the string `'['` in its place does, as a pattern that fails to compile).
const MANIFESTS: usize = 1600;

#[test]
fn generated_code_evaluates_without_panicking() {
    let rules = RuleSet::defaults();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut evaluated = 0;
    for i in 0..MANIFESTS {
        let mut src = String::new();
        for j in 0..4 {
            src.push_str(&format!("$v{j} = {}\n", expr(&mut rng, 3)));
        }
        src.push_str("file { \"/tmp/${v0}\": }\nif $v1 { notice($v2) }\n");
        let parsed = rein::syntax::parse(&src);
        if parsed.has_errors() {
            continue;
        }
        evaluated += 1;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            engine::check_file(&format!("gen{i}.pp"), &parsed, &rules)
        }));
        assert!(result.is_ok(), "evaluation panicked on:\n{src}");
    }
    assert!(
        evaluated > 1515,
        "only {evaluated} generated manifests parsed"
    );
}
