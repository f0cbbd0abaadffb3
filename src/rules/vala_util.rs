//! Helpers shared by the validation rules of group A (assignments, names, parameters,
//! definitions): the words Puppet's messages use for each kind of expression, Puppet's
//! naming patterns, the parameter lists of definitions and lambdas, what the left side of an
//! assignment may be, and the namespace a module file's definitions must live in.

use crate::syntax::visit::{BodyKind, Slot};
use crate::syntax::{AssignOp, BinaryOp, Expr, ExprKind, Parameter, Span, UnaryOp};

/// Puppet's label for an expression (`Puppet::Pops::Model::ModelLabelProvider`), the words
/// it uses in messages such as "Illegal attempt to assign to 'a Literal Integer'".
pub fn label(expr: &Expr) -> String {
    let s = match &expr.kind {
        ExprKind::Nop => "Nop Expression",
        ExprKind::Integer { .. } => "Literal Integer",
        ExprKind::Float(_) => "Literal Float",
        ExprKind::String { .. } => "String",
        ExprKind::Concat(_) => "Double Quoted String",
        ExprKind::Heredoc(h) => {
            return format!("'@({})' expression", h.syntax.as_deref().unwrap_or(""));
        }
        ExprKind::Boolean(_) => "Boolean",
        ExprKind::Undef => "'undef' expression",
        ExprKind::Default => "'default' expression",
        ExprKind::Regex { .. } => "Regular Expression",
        ExprKind::Reserved(w) => return format!("Reserved Word '{w}'"),
        ExprKind::QualifiedName(_) => "Name",
        ExprKind::QualifiedReference(_) => "Type-Name",
        ExprKind::Variable(_) => "Variable",
        ExprKind::Array(_) => "Array Expression",
        ExprKind::Hash { .. } => "Hash Expression",
        ExprKind::Access { .. } => "'[]' expression",
        ExprKind::Unary { op, .. } => match op {
            UnaryOp::Not => "'not' expression",
            UnaryOp::Neg => "Unary Minus",
            UnaryOp::Splat => "Unfold",
        },
        ExprKind::Binary { op, .. } => return binary_label(*op),
        ExprKind::Assignment { op, .. } => return format!("'{}' expression", op.as_str()),
        ExprKind::Relationship { op, .. } => return format!("'{}' expression", op.as_str()),
        ExprKind::Paren(_) => "Parenthesized Expression",
        ExprKind::Selector { .. } => "Selector Expression",
        ExprKind::If(_) => "'if' statement",
        ExprKind::Unless(_) => "'unless' Statement",
        ExprKind::Case(_) => "'case' statement",
        ExprKind::Call(_) => "Function Call",
        ExprKind::MethodCall(_) => "Method call",
        ExprKind::Resource(_) => "Resource Statement",
        ExprKind::ResourceDefaults(_) => "Resource Defaults Expression",
        ExprKind::ResourceOverride(_) => "Resource Override",
        ExprKind::Collect(c) => {
            if c.exported {
                "Exported Query"
            } else {
                "Virtual Query"
            }
        }
        ExprKind::Class(_) => "Host Class Definition",
        ExprKind::Define(_) => "'define' expression",
        ExprKind::Node(_) => "Node Definition",
        ExprKind::Function(_) => "Function Definition",
        ExprKind::Plan(_) => "Plan Definition",
        ExprKind::TypeAlias(_) => "Type Alias",
        ExprKind::TypeMapping { .. } => "Type Mapping",
        ExprKind::TypeDefinition(_) => "Type Definition",
        ExprKind::Block(_) => "Block Expression",
    };
    s.to_string()
}

fn binary_label(op: BinaryOp) -> String {
    format!("'{}' expression", op.as_str())
}

/// `label` with the indefinite article Puppet puts before it ("a Name", "an 'in' expression").
pub fn a_an(label: &str) -> String {
    let mut chars = label.chars();
    let mut first = chars.next();
    if matches!(first, Some('"') | Some('\'')) {
        first = chars.next();
    }
    let vowel = first.is_some_and(|c| "aeiouy".contains(c.to_ascii_lowercase()));
    format!("{} {label}", if vowel { "an" } else { "a" })
}

/// Ruby's `\w` (ASCII letters, digits, `_`).
fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// `first` followed by word characters only.
fn segment(s: &str, first: impl Fn(char) -> bool) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(first) && chars.all(is_word)
}

/// Puppet's `VAR_NAME`: `/\A(?:::)?(?:[a-z]\w*::)*[a-z_]\w*\z/`.
pub fn is_var_name(name: &str) -> bool {
    let rest = name.strip_prefix("::").unwrap_or(name);
    let parts: Vec<&str> = rest.split("::").collect();
    let Some((last, init)) = parts.split_last() else {
        return false;
    };
    init.iter().all(|p| segment(p, |c| c.is_ascii_lowercase()))
        && segment(last, |c| c.is_ascii_lowercase() || c == '_')
}

/// Puppet's `NUMERIC_VAR_NAME`: `/\A(?:0|(?:[1-9][0-9]*))\z/`.
pub fn is_numeric_var_name(name: &str) -> bool {
    name == "0"
        || (name.starts_with(|c: char| ('1'..='9').contains(&c))
            && name.chars().all(|c| c.is_ascii_digit()))
}

/// Puppet's `PARAM_NAME`: `/\A[a-z_]\w*\z/`.
pub fn is_param_name(name: &str) -> bool {
    segment(name, |c| c.is_ascii_lowercase() || c == '_')
}

/// The checker's test for a numeric parameter name: `/^(?:0x)?[0-9]+$/`.
pub fn is_numeric_param_name(name: &str) -> bool {
    let digits = name.strip_prefix("0x").unwrap_or(name);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// Puppet's `CLASSREF_DECL` (names of classes, defines, functions):
/// `/\A[a-z][\w]*(?:::[a-z][\w]*)*\z/`.
pub fn is_definition_name(name: &str) -> bool {
    name.split("::")
        .all(|p| segment(p, |c| c.is_ascii_lowercase()))
}

/// Puppet's `CLASSREF_EXT_DECL` (names of type aliases): `/\A[A-Z][\w]*(?:::[A-Z][\w]*)*\z/`.
pub fn is_type_alias_name(name: &str) -> bool {
    name.split("::")
        .all(|p| segment(p, |c| c.is_ascii_uppercase()))
}

/// What owns a parameter list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamOwner {
    Class,
    Define,
    Function,
    Plan,
    Lambda,
}

impl ParamOwner {
    /// Puppet's label for the owner.
    pub fn label(self) -> &'static str {
        match self {
            ParamOwner::Class => "Host Class Definition",
            ParamOwner::Define => "'define' expression",
            ParamOwner::Function => "Function Definition",
            ParamOwner::Plan => "Plan Definition",
            ParamOwner::Lambda => "Lambda",
        }
    }
}

/// The parameter list that `expr` owns: a definition's, or the lambda's of a call.
pub fn params_of(expr: &Expr) -> Option<(ParamOwner, &[Parameter])> {
    match &expr.kind {
        ExprKind::Class(c) => Some((ParamOwner::Class, &c.params)),
        ExprKind::Define(d) => Some((ParamOwner::Define, &d.params)),
        ExprKind::Function(f) => Some((ParamOwner::Function, &f.params)),
        ExprKind::Plan(p) => Some((ParamOwner::Plan, &p.params)),
        ExprKind::Call(c) => c
            .lambda
            .as_ref()
            .map(|l| (ParamOwner::Lambda, l.params.as_slice())),
        ExprKind::MethodCall(m) => m
            .lambda
            .as_ref()
            .map(|l| (ParamOwner::Lambda, l.params.as_slice())),
        _ => None,
    }
}

/// The node kinds whose expressions own parameter lists (see [`params_of`]).
pub const PARAM_OWNER_KINDS: &[crate::syntax::visit::NodeKind] = {
    use crate::syntax::visit::NodeKind;
    &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::Call,
        NodeKind::MethodCall,
    ]
};

/// Where Puppet places a parameter in its messages: at its `$name` (after any type and `*`).
pub fn param_span(p: &Parameter, source: &str) -> Span {
    let name = p.name.span;
    // The name's span may or may not include the `$`; include it when it is just before.
    let start = name.start();
    if start > 0 && source.as_bytes().get(start - 1) == Some(&b'$') {
        Span::new(start - 1, name.end())
    } else {
        name
    }
}

/// Why the target of an `=` assignment (or a part of it) cannot be assigned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AssignProblem {
    /// `$1 = ...` (ILLEGAL_NUMERIC_ASSIGNMENT); the variable's name.
    Numeric(String),
    /// `$a::b = ...` (CROSS_SCOPE_ASSIGNMENT); the variable's name.
    CrossScope(String),
    /// `$a[0] = ...` (ILLEGAL_INDEXED_ASSIGNMENT).
    Indexed,
    /// Anything else (ILLEGAL_ASSIGNMENT); Puppet's label of the target.
    NotAssignable(String),
}

/// The problems of the left side `lhs` of an `=` assignment, each with the expression it
/// is about, in source order (Puppet's `assign` visitor of `Checker4_0`).
pub fn assign_problems<'a>(lhs: &'a Expr, out: &mut Vec<(&'a Expr, AssignProblem)>) {
    match &lhs.kind {
        ExprKind::Variable(name) => {
            if is_numeric_var_name(name) {
                out.push((lhs, AssignProblem::Numeric(name.clone())));
            }
            if name.contains("::") {
                out.push((lhs, AssignProblem::CrossScope(name.clone())));
            }
        }
        // Indexed assignment is not allowed at all (the issue is an error by default, so
        // Puppet never goes on to check the target via the index).
        ExprKind::Access { .. } => out.push((lhs, AssignProblem::Indexed)),
        ExprKind::Array(items) => items.iter().for_each(|e| assign_problems(e, out)),
        _ => out.push((lhs, AssignProblem::NotAssignable(label(lhs)))),
    }
}

/// The offset of the first byte at or after `i` (and before `end`) that is not a blank or
/// part of a comment.
fn skip_trivia(source: &str, mut i: usize, end: usize) -> usize {
    let bytes = source.as_bytes();
    while i < end {
        match bytes.get(i) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => i += 1,
            Some(b'#') => {
                while i < end && bytes.get(i) != Some(&b'\n') {
                    i += 1;
                }
            }
            Some(b'/') if bytes.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < end
                    && !(bytes.get(i) == Some(&b'*') && bytes.get(i + 1) == Some(&b'/'))
                {
                    i += 1;
                }
                i += 2;
            }
            _ => break,
        }
    }
    i
}

/// The `=`, `+=` or `-=` of an assignment: the operator between the end of `lhs` and the
/// start of `rhs` (skipping blanks and comments). Puppet places assignments there.
pub fn assign_op_span(source: &str, lhs: Span, rhs: Span, op: AssignOp) -> Span {
    infix_op_span(source, lhs, rhs, op.as_str())
        .unwrap_or_else(|| Span::new(lhs.end(), rhs.start().max(lhs.end())))
}

/// The operator `op` between the end of `lhs` and the start of `rhs` (skipping blanks and
/// comments), if it is there.
fn infix_op_span(source: &str, lhs: Span, rhs: Span, op: &str) -> Option<Span> {
    let end = rhs.start().min(source.len());
    let i = skip_trivia(source, lhs.end(), end);
    let len = op.len();
    (i + len <= end && source.get(i..i + len) == Some(op)).then(|| Span::new(i, i + len))
}

/// Where Puppet places `expr` in its messages: an operator expression (assignment, binary,
/// relationship) at its operator and a method call at its `.`, both up to the end of the
/// expression; everything else at its start.
pub fn puppet_span(source: &str, expr: &Expr) -> Span {
    let at = match &expr.kind {
        ExprKind::MethodCall(m) => {
            let dot = skip_trivia(source, m.receiver.span.end(), m.name.span.start());
            (source.as_bytes().get(dot) == Some(&b'.')).then_some(dot)
        }
        ExprKind::Assignment { lhs, rhs, op } => {
            infix_op_span(source, lhs.span, rhs.span, op.as_str()).map(|s| s.start())
        }
        ExprKind::Binary { lhs, rhs, op } => {
            infix_op_span(source, lhs.span, rhs.span, op.as_str()).map(|s| s.start())
        }
        ExprKind::Relationship { lhs, rhs, op } => {
            infix_op_span(source, lhs.span, rhs.span, op.as_str()).map(|s| s.start())
        }
        _ => None,
    };
    match at {
        Some(start) if start < expr.span.end() => Span::new(start, expr.span.end()),
        _ => expr.span,
    }
}

/// The namespace that the definitions of the manifest at `path` must be in when Puppet
/// loads it from a module (`mymod/manifests/sub/file.pp` → `mymod::sub::file`,
/// `mymod/manifests/init.pp` → `mymod`; also `functions/`, `types/` and `plans/`), in
/// lower case as Puppet compares it. `None` when the path is not in a module.
///
/// Puppet only checks this for files below the configured module path, which rein does not
/// know, so the module is taken from the path: the directory above `manifests` (or
/// `functions`, `types`, `plans`), when it is in a directory named `modules`, `site`,
/// `site-modules` or `dist` or has a `metadata.json`. A checkout named `owner-name` or
/// `puppet-name` stands for module `name`; a directory that is not a valid module name after
/// that is not a module, nor is an environment or control repository (`environment.conf` or
/// `Puppetfile` next to `manifests`, or a parent directory named `environments`), nor a
/// `site.pp`, nor the test manifests of `spec/fixtures/manifests`.
pub fn module_namespace(path: &str) -> Option<String> {
    let (root, parts) = absolute_parts(path);
    let (last, _) = parts.split_last()?;
    let stem = last.strip_suffix(".pp")?;
    let m = parts.iter().rposition(|p| p == "manifests").or_else(|| {
        parts
            .iter()
            .rposition(|p| matches!(p.as_str(), "functions" | "types" | "plans"))
    })?;
    let module_dir = parts.get(m.checked_sub(1)?)?;
    let sub = parts.get(m + 1..parts.len().checked_sub(1)?)?;
    if m >= 2
        && parts
            .get(m - 2)
            .is_some_and(|p| p == "environments" || p == "spec")
    {
        return None;
    }
    if sub.is_empty() && stem == "site" && parts.get(m).is_some_and(|p| p == "manifests") {
        return None;
    }
    let module = module_name(module_dir)?;
    let mut dir = root;
    for c in parts.get(..m)? {
        dir.push(c);
    }
    if dir.join("environment.conf").exists() || dir.join("Puppetfile").exists() {
        return None;
    }
    // A directory of manifests applied with `puppet apply` looks like a module too; ask for
    // evidence that this one is: a module path directory above it, or a `metadata.json`.
    let in_module_path = m >= 2
        && parts
            .get(m - 2)
            .is_some_and(|p| matches!(p.as_str(), "modules" | "site" | "site-modules" | "dist"));
    if !in_module_path && !dir.join("metadata.json").exists() {
        return None;
    }
    let mut names = vec![module];
    names.extend(sub.iter().map(|s| s.to_ascii_lowercase()));
    if !(sub.is_empty() && stem.eq_ignore_ascii_case("init")) {
        names.push(stem.to_ascii_lowercase());
    }
    Some(names.join("::"))
}

/// `path` split into its root and its names, with `.` and `..` resolved textually (symbolic
/// links are kept: Puppet sees a module under the name of its directory in the module
/// path). A relative path that starts at a module's `manifests` (or `functions`, ...)
/// directory, or leaves its start with `..`, is first made absolute against the current
/// directory, so that `manifests/init.pp` checked from a module's directory finds the
/// module's name.
fn absolute_parts(path: &str) -> (std::path::PathBuf, Vec<String>) {
    let given = std::path::Path::new(path);
    let (root, parts, escaped) = lexical_parts(given);
    let at_module_dir = parts
        .first()
        .is_some_and(|p| matches!(p.as_str(), "manifests" | "functions" | "types" | "plans"));
    if given.is_relative() && (escaped || at_module_dir) {
        if let Ok(cwd) = std::env::current_dir() {
            let (root, parts, _) = lexical_parts(&cwd.join(given));
            return (root, parts);
        }
    }
    (root, parts)
}

/// The root and names of `path` with `.` and `..` resolved, and whether a `..` went above
/// its start.
fn lexical_parts(path: &std::path::Path) -> (std::path::PathBuf, Vec<String>, bool) {
    use std::path::{Component, PathBuf};
    let mut root = PathBuf::new();
    let mut parts: Vec<String> = Vec::new();
    let mut escaped = false;
    for c in path.components() {
        match c {
            Component::Prefix(_) | Component::RootDir => root.push(c.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => escaped |= parts.pop().is_none(),
            Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
        }
    }
    (root, parts, escaped)
}

/// The module a directory stands for: its name, or `name` for `owner-name`, when that is a
/// valid module name (`[a-z][a-z0-9_]*`, compared in lower case as Puppet does).
fn module_name(dir: &str) -> Option<String> {
    let name = dir.split_once('-').map_or(dir, |(_, n)| n);
    let name = name.to_ascii_lowercase();
    let mut chars = name.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    ok.then_some(name)
}

/// The name of a class, define, function or plan definition, with Puppet's label for it.
pub fn named_definition(expr: &Expr) -> Option<(&str, &'static str)> {
    match &expr.kind {
        ExprKind::Class(c) => Some((&c.name, "Host Class Definition")),
        ExprKind::Define(d) => Some((&d.name, "'define' expression")),
        ExprKind::Function(f) => Some((&f.name, "Function Definition")),
        ExprKind::Plan(p) => Some((&p.name, "Plan Definition")),
        _ => None,
    }
}

/// Where a finding about a definition goes: its head, from where Puppet places it (a type
/// alias at its name, a type mapping at its `Runtime[...]`, everything else at its keyword)
/// to the end of its name (a node: of its host matches), not the whole body.
pub fn definition_span(expr: &Expr) -> Span {
    let head = |start: usize, end: usize| {
        if start <= end && end <= expr.span.end() {
            Span::new(start, end)
        } else {
            expr.span
        }
    };
    match &expr.kind {
        ExprKind::Class(c) => head(expr.span.start(), c.name_span.end()),
        ExprKind::Define(d) => head(expr.span.start(), d.name_span.end()),
        ExprKind::Function(f) => head(expr.span.start(), f.name_span.end()),
        ExprKind::Plan(p) => head(expr.span.start(), p.name_span.end()),
        ExprKind::Node(n) => match n.matches.last() {
            Some(m) => head(expr.span.start(), m.span.end()),
            None => expr.span,
        },
        ExprKind::TypeAlias(t) => head(t.name.span.start(), t.name.span.end()),
        ExprKind::TypeDefinition(t) => head(expr.span.start(), t.name.span.end()),
        ExprKind::TypeMapping { mapping, .. } => head(mapping.span.start(), mapping.span.end()),
        _ => expr.span,
    }
}

/// The node kinds of definitions that must be at the top level.
pub const DEFINITION_KINDS: &[crate::syntax::visit::NodeKind] = {
    use crate::syntax::visit::NodeKind;
    &[
        NodeKind::Class,
        NodeKind::Define,
        NodeKind::Node,
        NodeKind::Function,
        NodeKind::Plan,
        NodeKind::TypeAlias,
        NodeKind::TypeMapping,
        NodeKind::TypeDefinition,
    ]
};

/// Which of Puppet's two top-level issues a definition has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TopLevelProblem {
    /// NOT_TOP_LEVEL: "Classes, definitions, and nodes may only appear at toplevel or
    /// inside other classes".
    NotTopLevel,
    /// NOT_ABSOLUTE_TOP_LEVEL: "A Function Definition may only appear at toplevel".
    NotAbsoluteTopLevel,
}

/// Puppet's `top` check of `Checker4_0` for the definition `expr` in `slot`.
///
/// Classes, defines, nodes and type mappings may be statements of the program or of a
/// class body. Functions, type aliases and type definitions only of the program: in a
/// statement list that Puppet models as a block (the body of a class, define, node, lambda,
/// case option, function, or any body with two or more statements) they get
/// NOT_ABSOLUTE_TOP_LEVEL; alone in an `if`, `unless` or `else` body (which Puppet does not
/// wrap in a block) or anywhere else, NOT_TOP_LEVEL.
pub fn top_level_problem(expr: &Expr, slot: Option<Slot>) -> Option<TopLevelProblem> {
    let absolute = match &expr.kind {
        ExprKind::Function(_)
        | ExprKind::Plan(_)
        | ExprKind::TypeAlias(_)
        | ExprKind::TypeDefinition(_) => true,
        ExprKind::Class(_)
        | ExprKind::Define(_)
        | ExprKind::Node(_)
        | ExprKind::TypeMapping { .. } => false,
        _ => return None,
    };
    let Some(Slot::Statement { body, count, .. }) = slot else {
        // No slot: not walked from a program (a test calling the rule directly).
        return slot.map(|_| TopLevelProblem::NotTopLevel);
    };
    if body == BodyKind::Program {
        return None;
    }
    if !absolute {
        return (body != BodyKind::Class).then_some(TopLevelProblem::NotTopLevel);
    }
    let block = count > 1 || !matches!(body, BodyKind::If | BodyKind::Else | BodyKind::Unless);
    Some(if block {
        TopLevelProblem::NotAbsoluteTopLevel
    } else {
        TopLevelProblem::NotTopLevel
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_var_name("::x") && is_var_name("_x") && is_var_name("a::_b"));
        assert!(!is_var_name("_a::b") && !is_var_name("Foo") && !is_var_name("::01"));
        assert!(!is_var_name("") && !is_var_name("a::"));
        assert!(is_numeric_var_name("0") && is_numeric_var_name("10"));
        assert!(!is_numeric_var_name("007") && !is_numeric_var_name("1x"));
        assert!(is_numeric_param_name("0x1") && is_numeric_param_name("01"));
        assert!(!is_numeric_param_name("0x") && !is_numeric_param_name("x1"));
        assert!(is_definition_name("a::b1") && !is_definition_name("a::_b"));
        assert!(!is_definition_name("::a") && !is_definition_name("Foo"));
        assert!(is_type_alias_name("Foo::Bar_baz") && !is_type_alias_name("Foo::bar"));
    }

    #[test]
    fn articles() {
        assert_eq!(a_an("Literal Integer"), "a Literal Integer");
        assert_eq!(a_an("'in' expression"), "an 'in' expression");
        assert_eq!(a_an("Unfold"), "an Unfold");
    }

    #[test]
    fn module_namespaces() {
        let ns = |p: &str| module_namespace(p);
        assert_eq!(
            ns("x/modules/mymod/manifests/init.pp").as_deref(),
            Some("mymod")
        );
        assert_eq!(
            ns("site/mymod/manifests/a/b.pp").as_deref(),
            Some("mymod::a::b")
        );
        assert_eq!(
            ns("/m/modules/Mx/manifests/init/x.pp").as_deref(),
            Some("mx::init::x")
        );
        assert_eq!(
            ns("modules/puppetlabs-ntp/manifests/init.pp").as_deref(),
            Some("ntp")
        );
        assert_eq!(ns("dist/m/functions/f.pp").as_deref(), Some("m::f"));
        assert_eq!(ns("modules/heini-wait-for/manifests/init.pp"), None);
        assert_eq!(ns("modules/control/manifests/site.pp"), None);
        assert_eq!(ns("environments/production/manifests/a.pp"), None);
        assert_eq!(ns("modules/m/examples/init.pp"), None);
        assert_eq!(ns("modules/m/spec/fixtures/manifests/end_to_end.pp"), None);
        assert_eq!(
            ns("m/spec/fixtures/modules/demo/manifests/init.pp").as_deref(),
            Some("demo")
        );
        // No evidence of a module: a directory of manifests for `puppet apply`.
        assert_eq!(ns("home/puppet/manifests/nodes.pp"), None);
        assert_eq!(ns("site.pp"), None);
        assert_eq!(ns("a/b.pp"), None);
        assert_eq!(ns("/manifests/init.pp"), None);
        assert_eq!(
            ns("/x/modules/m/manifests/../manifests/./a.pp").as_deref(),
            Some("m::a")
        );
        // A module with a metadata.json, checked from its directory (the crate has one
        // when its directory is a module; here it has none, so there is no namespace).
        assert_eq!(ns("manifests/init.pp"), None);
    }

    /// `(rule, line, column, message)` of every group A finding on `src` at `path`.
    fn findings(path: &str, src: &str) -> Vec<(String, usize, usize, String)> {
        use crate::rules::engine::{check_file, RuleSet};
        use crate::rules::{registry, Level};
        let parsed = crate::syntax::parse(src);
        let rules = RuleSet::new(
            registry::all()
                .iter()
                .filter(|r| r.meta().category == crate::rules::Category::Validation)
                .map(|r| (*r, Level::Error, toml::Table::new()))
                .collect(),
        );
        check_file(path, &parsed, &rules)
            .into_iter()
            .map(|d| {
                let (l, c) = parsed.line_index.line_col(&parsed.source, d.span.start());
                (d.rule.to_string(), l, c, d.message)
            })
            .collect()
    }

    fn one(src: &str) -> (String, usize, usize, String) {
        let mut f = findings("t.pp", src);
        assert_eq!(f.len(), 1, "{src}: {f:?}");
        f.remove(0)
    }

    #[test]
    fn assignment_findings_are_where_puppet_puts_them() {
        assert_eq!(
            one("$x = 1\n$x  +=  [1]"),
            (
                "append_assignment".into(),
                2,
                5,
                "The operator '+=' is no longer supported. See http://links.puppet.com/remove-plus-equals".into()
            )
        );
        assert_eq!(
            one("[$a, /* c */ 1] = [1, 2]"),
            (
                "illegal_assignment".into(),
                1,
                14,
                "Illegal attempt to assign to 'a Literal Integer'. Not an assignable reference"
                    .into()
            )
        );
        assert_eq!(
            one("$a.each |$x| { $b::c = 1 }"),
            (
                "cross_scope_assignment".into(),
                1,
                16,
                "Illegal attempt to assign to 'b::c'. Cannot assign to variables in other namespaces".into()
            )
        );
        assert_eq!(one("$h = {}\n$h['a'] = 1").0, "indexed_assignment");
        let f = one("$x = 1\n$x /* a */ # b\n  -= 1");
        assert_eq!((f.0.as_str(), f.1, f.2), ("append_assignment", 3, 3));
        assert_eq!(
            one("$a\n  .size = 1"),
            (
                "illegal_assignment".into(),
                2,
                3,
                "Illegal attempt to assign to 'a Method call'. Not an assignable reference".into()
            )
        );
        assert_eq!(
            one("[$a, $1] = [1, 2]").3,
            "Illegal attempt to assign to the numeric match result variable '$1'. Numeric variables are not assignable"
        );
        assert_eq!(
            one("class a ($x = [$y\n  = 1]) {}"),
            (
                "assignment_context".into(),
                2,
                3,
                "Assignment not allowed here".into()
            )
        );
        assert!(findings("t.pp", "[$a, [$b, $c]] = [1, [2, 3]]\nif ($m = 1) {}").is_empty());
    }

    #[test]
    fn parameter_findings_are_on_the_variable() {
        assert_eq!(
            one("class a (Integer $p, String\n  *$q) {}"),
            (
                "captures_rest_not_supported".into(),
                2,
                4,
                "Parameter $q has 'captures rest' - not supported in a Host Class Definition"
                    .into()
            )
        );
        assert_eq!(
            one("define a ($p, $p) {}").3,
            "The parameter 'p' is declared more than once in the parameter list"
        );
        assert_eq!(
            one("define a ($title) {}").3,
            "The parameter $title redefines a built in parameter in the 'define' expression"
        );
        assert_eq!(
            one("$a.each |*$r, $s| {}"),
            (
                "captures_rest_not_last".into(),
                1,
                11,
                "Parameter $r is not last, and has 'captures rest'".into()
            )
        );
        let f = findings("t.pp", "function f($1) {}");
        assert_eq!(
            f.iter().map(|x| (x.0.as_str(), x.2)).collect::<Vec<_>>(),
            vec![("numeric_parameter", 12), ("parameter_name", 12)]
        );
        assert!(findings("t.pp", "function f($name, *$r) {}\n$a.each |$x, $x| {}").is_empty());
    }

    #[test]
    fn variable_findings_include_interpolation() {
        assert_eq!(
            one("notice(\"a$Foo\")"),
            (
                "variable_name".into(),
                1,
                10,
                "Illegal variable name, The given name 'Foo' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/".into()
            )
        );
        assert_eq!(one("notice(\"${01}\")").0, "numeric_variable_name");
        assert_eq!(one("notice(\"${01}\")").2, 11);
        assert!(findings("t.pp", "notice(\"${Foo} $_ $::x $0 $10\")").is_empty());
    }

    #[test]
    fn definition_findings() {
        assert_eq!(
            one("class Foo {}").3,
            "Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition"
        );
        assert_eq!(
            one("function array() {}").3,
            "The name: 'array' is already defined by Puppet and can not be used as the name of a Function Definition."
        );
        assert_eq!(
            one("if $x { class a {} }"),
            (
                "definition_not_toplevel".into(),
                1,
                9,
                "Classes, definitions, and nodes may only appear at toplevel or inside other classes".into()
            )
        );
        assert_eq!(
            one("if $x { function f() {} }").0,
            "definition_not_toplevel"
        );
        assert_eq!(
            one("if $x { function f() {} notice(1) }").3,
            "A Function Definition may only appear at toplevel"
        );
        assert_eq!(
            one("class a { type A = Integer }"),
            (
                "function_not_toplevel".into(),
                1,
                16,
                "A Type Alias may only appear at toplevel".into()
            )
        );
        assert!(findings("t.pp", "class a { class b {} define c {} node d {} }").is_empty());
        // The finding covers the head of the definition only.
        let parsed = crate::syntax::parse("if $x {\n  class a::b (\n  ) {\n  }\n}\n");
        let rules = crate::rules::engine::RuleSet::only(
            "definition_not_toplevel",
            crate::rules::Level::Error,
        );
        let d = crate::rules::engine::check_file("t.pp", &parsed, &rules);
        assert_eq!(d.len(), 1);
        assert_eq!(
            &parsed.source[d[0].span.start()..d[0].span.end()],
            "class a::b"
        );
    }

    #[test]
    fn location_findings_need_a_module_path() {
        let src = "class other {}\ninclude other\n";
        assert!(findings("t.pp", src).is_empty());
        let f = findings("modules/m/manifests/init.pp", src);
        assert_eq!(
            f,
            vec![
                (
                    "definition_location".into(),
                    1,
                    1,
                    "Unacceptable location. The name 'other' is unacceptable in file 'modules/m/manifests/init.pp'".into()
                ),
                (
                    "top_construct_location".into(),
                    2,
                    1,
                    "This Function Call is unacceptable as a top level construct in this location".into()
                ),
            ]
        );
        assert!(findings(
            "modules/m/manifests/init.pp",
            "class mm {}\nclass m::a {}\n# x\n"
        )
        .is_empty());
        assert!(findings("m/manifests/init.pp", src).is_empty());
    }
}
