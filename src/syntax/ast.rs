//! rein's typed AST of a Puppet manifest.
//!
//! The tree-sitter concrete tree is lowered once (`lower.rs`) into these types. Every
//! consumer (rules, formatter, evaluator, PN dump) reads this AST, never the CST.
//!
//! Design:
//! - One `Expr` type for everything, because in Puppet every statement is an expression
//!   (definitions, conditionals and resources included). The variants mirror Puppet's own
//!   model classes (`Puppet::Pops::Model`), so the PN printer is a direct mapping.
//! - Every node carries a byte `Span` into the source. Values are *decoded*: escapes are
//!   applied, heredoc margins and trim are applied, interpolation is split into parts.
//! - Layout facts the formatter needs but Puppet's model drops (quote style, radix,
//!   whether a call had parentheses, `elsif` vs `else { if }`) are kept as extra fields.
//! - Comments are not in the tree; they are in `ParsedFile::comments` (trivia table).

/// A half-open byte range `[start, end)` in the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
    pub fn start(&self) -> usize {
        self.start as usize
    }
    pub fn end(&self) -> usize {
        self.end as usize
    }
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// A whole manifest: its top-level statements.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    pub body: Vec<Expr>,
    pub span: Span,
}

/// An expression (= statement) with its source span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}

/// A name as written in the source, with its span (a parameter name, attribute name,
/// method name, definition name, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An empty expression (empty program or empty body where Puppet prints `(nop)`).
    Nop,

    // ---- literals ----
    /// Integer literal. `value` is exact (Puppet prints bignums in full; values that do not
    /// fit in i128 are clamped and flagged by the lowering as a diagnostic). `radix` is 8, 10
    /// or 16 as written.
    Integer {
        value: IntegerValue,
        radix: u8,
    },
    /// Float literal.
    Float(f64),
    /// A string without interpolation (single-quoted, double-quoted without `$`, or a
    /// bare WORD such as `foo-bar`). `value` is the decoded text.
    String {
        value: String,
        style: StringStyle,
    },
    /// A double-quoted string with interpolation. Empty text parts are not stored.
    Concat(Box<StringParts>),
    /// `@(TAG:syntax/flags)` heredoc. `text` is a `String` or `Concat` expression.
    Heredoc(Box<Heredoc>),
    Boolean(bool),
    Undef,
    Default,
    /// `/.../` regular expression; `pattern` is the source between the slashes with `\/`
    /// turned into `/` (as Puppet stores it).
    Regex {
        pattern: String,
    },
    /// A reserved word used as a value (`private`, `attr`).
    Reserved(String),
    /// A bare lower-case name `a::b` (PN `qn`).
    QualifiedName(String),
    /// A capitalised name `Foo::Bar` (PN `qr`), case as written.
    QualifiedReference(String),
    /// `$name`; `name` without the `$` (may be empty, numeric, start with `::`).
    Variable(String),

    // ---- collections and access ----
    Array(Vec<Expr>),
    /// `{ k => v, ... }`. Also produced for adjacent `k => v` pairs in argument, array and
    /// access lists (merged into one hash as Puppet does), with `synthetic` set.
    Hash {
        entries: Box<[HashEntry]>,
        synthetic: bool,
    },
    /// `target[k1, k2, ...]`.
    Access {
        target: Box<Expr>,
        keys: Box<[Expr]>,
    },

    // ---- operators ----
    Unary {
        op: UnaryOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinaryOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Assignment {
        op: AssignOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Relationship {
        op: RelationshipOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    /// `( expr )`.
    Paren(Box<Expr>),
    /// `subject ? { match => value, ... }` (or the braceless single-entry form).
    Selector {
        subject: Box<Expr>,
        entries: Box<[SelectorEntry]>,
        braces: bool,
    },

    // ---- control flow ----
    If(Box<IfExpr>),
    Unless(Box<UnlessExpr>),
    Case(Box<CaseExpr>),

    // ---- calls ----
    /// A call of a named function (or of any functor expression): `f(1)`, `include a`,
    /// `Integer('1')`, `$f(1)`.
    Call(Box<CallExpr>),
    /// `receiver.name(args) |params| { }`.
    MethodCall(Box<MethodCallExpr>),

    // ---- catalog expressions ----
    Resource(Box<ResourceExpr>),
    ResourceDefaults(Box<ResourceDefaultsExpr>),
    ResourceOverride(Box<ResourceOverrideExpr>),
    Collect(Box<CollectExpr>),

    // ---- definitions ----
    Class(Box<ClassDef>),
    Define(Box<DefineDef>),
    Node(Box<NodeDef>),
    Function(Box<FunctionDef>),
    Plan(Box<PlanDef>),
    /// `type Name = Type` (PN `type-alias`). `value` is already rewritten as Puppet does
    /// (`{...}` → `Object[{...}]`, `Parent {...}` → `Object[{..., parent => Parent}]`), and
    /// `source` is kept for the formatter.
    TypeAlias(Box<TypeAliasDef>),
    /// `type Runtime[...] = Type` (PN `type-mapping`).
    TypeMapping {
        mapping: Box<Expr>,
        value: Box<Expr>,
    },
    /// `type Name inherits Parent { ... }` (PN `type-definition`).
    TypeDefinition(Box<TypeDefinitionDef>),

    // ---- EPP templates ----
    /// A whole `.epp` template (PN `(lambda {:params ... :body [(epp ...)]})`): the only
    /// statement of an EPP file's program.
    Epp(Box<EppTemplate>),
    /// Template text (PN `render-s`), decoded as Puppet renders it: trimming by `<%-` and
    /// `-%>` applied, `<%%`/`%%>` unescaped, `<%# %>` comments removed.
    RenderString(String),
    /// `<%= expr %>` (PN `render`).
    Render(Box<Expr>),

    /// A statement list that Puppet prints as a nested `(block ...)`: the titleless-resource
    /// reading of `name { k => v }` as two statements, `(block (qn name) (hash ...))`.
    Block(Vec<Expr>),
}

/// How a plain string was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StringStyle {
    Single,
    Double,
    /// A bare word that is not a valid name (`foo-bar`, `_x`), or the keywords `type` /
    /// `function` used as a hash key or array element, or a node name.
    Bare,
}

/// An integer literal's exact value, kept as two 64-bit halves so that `Expr` stays 8-aligned
/// (an `i128` field would make every expression 16-aligned, and bigger).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct IntegerValue {
    low: u64,
    high: u64,
}

impl IntegerValue {
    pub fn new(value: i128) -> IntegerValue {
        IntegerValue {
            low: value as u64,
            high: (value >> 64) as u64,
        }
    }
    pub fn get(self) -> i128 {
        (((self.high as u128) << 64) | self.low as u128) as i128
    }
}

impl std::fmt::Debug for IntegerValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

/// A piece of an interpolated string or heredoc, as `StringParts` hands it out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StringPart<'a> {
    /// Literal text, decoded.
    Text { value: &'a str, span: Span },
    /// `$name` (braces = false) or `${expr}` (braces = true). For `${x}` the lowering has
    /// already applied Puppet's rule that turns a lone name into a variable.
    Interpolation {
        expr: &'a Expr,
        braces: bool,
        span: Span,
    },
}

/// The parts of an interpolated string or heredoc, in order, stored compactly (a string
/// may have millions of them): the decoded texts side by side in one buffer, the
/// interpolated expressions in one list, and per part 12 bytes saying which it is and
/// where. Read them in order with `iter` (or `first`, `at`).
#[derive(Clone, Default, PartialEq)]
pub struct StringParts {
    items: Vec<PartItem>,
    text: String,
    exprs: Vec<Expr>,
}

/// One part: a text, which ends at byte `x` of `StringParts::text` and starts where the
/// text part before it ends, or an interpolation (`x` is `INTERPOLATION` or
/// `BRACED_INTERPOLATION`), the next of `StringParts::exprs`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PartItem {
    span: Span,
    x: u32,
}

const INTERPOLATION: u32 = u32::MAX;
const BRACED_INTERPOLATION: u32 = u32::MAX - 1;

impl PartItem {
    fn is_text(self) -> bool {
        self.x < BRACED_INTERPOLATION
    }
}

/// Where a walk over `StringParts` is: the part, and where its text or expression starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartCursor {
    item: usize,
    text: usize,
    expr: usize,
}

impl StringParts {
    /// Empty, with room for `parts` parts and `exprs` interpolations.
    pub fn with_capacity(parts: usize, exprs: usize) -> StringParts {
        StringParts {
            items: Vec::with_capacity(parts),
            text: String::new(),
            exprs: Vec::with_capacity(exprs),
        }
    }

    /// Appends decoded text; it joins the text before it when the last part is text.
    pub fn push_text(&mut self, value: &str, span: Span) {
        // The buffer holds decoded text of one source file, which spans (u32) bound.
        let end = match u32::try_from(self.text.len() + value.len()) {
            Ok(end) if end < BRACED_INTERPOLATION => end,
            _ => return,
        };
        self.text.push_str(value);
        if let Some(last) = self.items.last_mut().filter(|last| last.is_text()) {
            last.x = end;
            last.span = last.span.cover(span);
            return;
        }
        self.items.push(PartItem { span, x: end });
    }

    /// Appends an interpolation.
    pub fn push_interpolation(&mut self, expr: Expr, braces: bool, span: Span) {
        self.exprs.push(expr);
        self.items.push(PartItem {
            span,
            x: if braces {
                BRACED_INTERPOLATION
            } else {
                INTERPOLATION
            },
        });
    }

    /// Drops the empty texts and the spare room.
    pub fn finish(&mut self) {
        let mut text_at = 0;
        self.items.retain(|i| {
            if !i.is_text() {
                return true;
            }
            let empty = i.x == text_at;
            text_at = i.x;
            !empty
        });
        self.items.shrink_to_fit();
        self.text.shrink_to_fit();
        self.exprs.shrink_to_fit();
    }

    /// Whether every part is text (there is no interpolation).
    pub fn is_all_text(&self) -> bool {
        self.exprs.is_empty()
    }

    /// All the text, the parts' texts joined.
    pub fn into_text(self) -> String {
        self.text
    }

    pub fn len(&self) -> usize {
        self.items.len()
    }
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    pub fn first(&self) -> Option<StringPart<'_>> {
        self.iter().next()
    }
    pub fn iter(&self) -> StringPartsIter<'_> {
        StringPartsIter {
            parts: self,
            at: PartCursor::default(),
        }
    }

    /// The part at `at` (`PartCursor::default()` for the first) and where the next is.
    pub fn at(&self, at: PartCursor) -> Option<(StringPart<'_>, PartCursor)> {
        let item = *self.items.get(at.item)?;
        let mut next = PartCursor {
            item: at.item + 1,
            ..at
        };
        let part = if item.is_text() {
            next.text = item.x as usize;
            StringPart::Text {
                value: self.text.get(at.text..next.text)?,
                span: item.span,
            }
        } else {
            next.expr += 1;
            StringPart::Interpolation {
                expr: self.exprs.get(at.expr)?,
                braces: item.x == BRACED_INTERPOLATION,
                span: item.span,
            }
        };
        Some((part, next))
    }
}

impl<'a> IntoIterator for &'a StringParts {
    type Item = StringPart<'a>;
    type IntoIter = StringPartsIter<'a>;
    fn into_iter(self) -> StringPartsIter<'a> {
        self.iter()
    }
}

impl std::fmt::Debug for StringParts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The parts of a `StringParts`, in order.
#[derive(Clone)]
pub struct StringPartsIter<'a> {
    parts: &'a StringParts,
    at: PartCursor,
}

impl<'a> Iterator for StringPartsIter<'a> {
    type Item = StringPart<'a>;
    fn next(&mut self) -> Option<StringPart<'a>> {
        let (part, next) = self.parts.at(self.at)?;
        self.at = next;
        Some(part)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.parts.items.len().saturating_sub(self.at.item);
        (left, Some(left))
    }
}

impl ExactSizeIterator for StringPartsIter<'_> {}

#[derive(Clone, Debug, PartialEq)]
pub struct Heredoc {
    /// The `:syntax` part, if any (`json`, `yaml+x`).
    pub syntax: Option<String>,
    /// The end tag as written (without quotes).
    pub tag: String,
    /// Tag was double-quoted: interpolation is on.
    pub interpolate: bool,
    /// The escape flags as written after `/` (`None` when there is no `/`).
    pub flags: Option<String>,
    /// The body: a `String` or a `Concat` expression, with margin, trim and enabled escapes
    /// applied. Its span covers the body lines including the end-tag line.
    pub text: Expr,
    /// Span of the `@(...)` opening.
    pub opening: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HashEntry {
    pub key: Expr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SelectorEntry {
    pub matching: Expr,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `!`
    Not,
    /// unary `-`
    Neg,
    /// unary `*` (splat, PN `unfold`)
    Splat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    Shl,
    Shr,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Match,
    NotMatch,
    In,
    And,
    Or,
}

impl BinaryOp {
    /// The operator as written in Puppet source (also its PN name).
    pub fn as_str(self) -> &'static str {
        match self {
            BinaryOp::Add => "+",
            BinaryOp::Sub => "-",
            BinaryOp::Mul => "*",
            BinaryOp::Div => "/",
            BinaryOp::Mod => "%",
            BinaryOp::Shl => "<<",
            BinaryOp::Shr => ">>",
            BinaryOp::Eq => "==",
            BinaryOp::Ne => "!=",
            BinaryOp::Lt => "<",
            BinaryOp::Le => "<=",
            BinaryOp::Gt => ">",
            BinaryOp::Ge => ">=",
            BinaryOp::Match => "=~",
            BinaryOp::NotMatch => "!~",
            BinaryOp::In => "in",
            BinaryOp::And => "and",
            BinaryOp::Or => "or",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssignOp {
    /// `=`
    Assign,
    /// `+=` (parses; the validator rejects it)
    AddAssign,
    /// `-=` (parses; the validator rejects it)
    SubAssign,
}

impl AssignOp {
    pub fn as_str(self) -> &'static str {
        match self {
            AssignOp::Assign => "=",
            AssignOp::AddAssign => "+=",
            AssignOp::SubAssign => "-=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelationshipOp {
    /// `->`
    Before,
    /// `~>`
    Notify,
    /// `<-`
    After,
    /// `<~`
    NotifiedBy,
}

impl RelationshipOp {
    pub fn as_str(self) -> &'static str {
        match self {
            RelationshipOp::Before => "->",
            RelationshipOp::Notify => "~>",
            RelationshipOp::After => "<-",
            RelationshipOp::NotifiedBy => "<~",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct IfExpr {
    pub test: Expr,
    pub then_body: Body,
    /// `else { ... }` or the `elsif` chain.
    pub else_branch: Option<ElseBranch>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ElseBranch {
    /// `elsif test { ... }`: an `If` expression (PN nests it in `:else`).
    Elsif(Box<Expr>),
    /// `else { ... }`
    Else(Body),
}

#[derive(Clone, Debug, PartialEq)]
pub struct UnlessExpr {
    pub test: Expr,
    pub then_body: Body,
    pub else_body: Option<Body>,
}

/// A braced statement list `{ ... }`; `span` covers the braces.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    pub statements: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CaseExpr {
    pub test: Expr,
    pub options: Vec<CaseOption>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CaseOption {
    pub values: Vec<Expr>,
    pub body: Body,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CallExpr {
    /// Usually a `QualifiedName`; any expression parses (`$f(1)`, `Integer('1')`).
    pub functor: Expr,
    pub args: Vec<Expr>,
    pub lambda: Option<Lambda>,
    /// Written with `( ... )`; false for statement calls such as `include foo`.
    pub parens: bool,
    /// The call is itself a statement (PN `invoke`); false when its value is used (`call`).
    pub statement: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MethodCallExpr {
    pub receiver: Expr,
    pub name: Ident,
    pub args: Vec<Expr>,
    pub lambda: Option<Lambda>,
    pub parens: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lambda {
    pub params: Vec<Parameter>,
    pub return_type: Option<Expr>,
    pub body: Body,
    pub span: Span,
}

/// An EPP template: its parameter header and its body (text, render and code statements).
#[derive(Clone, Debug, PartialEq)]
pub struct EppTemplate {
    /// The `<%- | ... | -%>` header's parameters; `None` without a header (`Some(vec![])`
    /// for `<%| |%>`).
    pub params: Option<Vec<Parameter>>,
    pub body: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    /// Name without `$`.
    pub name: Ident,
    pub type_expr: Option<Expr>,
    /// `*$rest` (captures rest).
    pub captures_rest: bool,
    pub default: Option<Expr>,
    pub span: Span,
}

/// `@` / `@@` prefix of a resource-form expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResourceForm {
    Regular,
    Virtual,
    Exported,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResourceExpr {
    /// `file`, `class`, `Foo`, `$x`... (the `class` keyword lowers to `QualifiedName("class")`).
    pub type_name: Expr,
    pub bodies: Vec<ResourceBody>,
    pub form: ResourceForm,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResourceBody {
    pub title: Expr,
    pub ops: Vec<AttributeOp>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub enum AttributeOp {
    /// `name => value` or `name +> value`.
    Attribute {
        name: Ident,
        op: AttributeOperator,
        value: Expr,
        span: Span,
    },
    /// `* => value`.
    Splat { value: Expr, span: Span },
}

impl AttributeOp {
    pub fn span(&self) -> Span {
        match self {
            AttributeOp::Attribute { span, .. } | AttributeOp::Splat { span, .. } => *span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttributeOperator {
    /// `=>`
    Assign,
    /// `+>`
    Append,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResourceDefaultsExpr {
    pub type_ref: Expr,
    pub ops: Vec<AttributeOp>,
    pub form: ResourceForm,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ResourceOverrideExpr {
    /// An `Access` expression (`File['a']`).
    pub resources: Expr,
    pub ops: Vec<AttributeOp>,
    pub form: ResourceForm,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CollectExpr {
    pub type_expr: Expr,
    pub exported: bool,
    pub query: Option<Expr>,
    pub ops: Vec<AttributeOp>,
    /// Span of `<| ... |>` / `<<| ... |>>`.
    pub query_span: Span,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ClassDef {
    /// Full name: nested classes get the enclosing class name as prefix (as Puppet does).
    pub name: String,
    /// The name token as written.
    pub name_span: Span,
    pub parent: Option<Ident>,
    pub params: Vec<Parameter>,
    /// `true` when `( ... )` was written.
    pub has_param_list: bool,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq)]
pub struct DefineDef {
    pub name: String,
    pub name_span: Span,
    pub params: Vec<Parameter>,
    pub has_param_list: bool,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq)]
pub struct NodeDef {
    /// Host matches: `String` (node names, dotted names joined), `Regex` or `Default`.
    pub matches: Vec<Expr>,
    pub parent: Option<Expr>,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDef {
    pub name: String,
    pub name_span: Span,
    pub params: Vec<Parameter>,
    pub has_param_list: bool,
    pub return_type: Option<Expr>,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PlanDef {
    pub name: String,
    pub name_span: Span,
    pub params: Vec<Parameter>,
    pub has_param_list: bool,
    pub body: Body,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeAliasDef {
    pub name: Ident,
    /// The value as Puppet's model has it (after the `Object[...]` rewrite).
    pub value: Expr,
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeDefinitionDef {
    pub name: Ident,
    pub parent: Option<Ident>,
    pub body: Body,
}

/// One comment of the source (trivia table).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    pub kind: CommentKind,
    /// Covers the whole comment including `#` or `/* */`.
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommentKind {
    /// `# ...` to end of line.
    Line,
    /// `/* ... */`
    Block,
}

#[cfg(all(test, target_pointer_width = "64"))]
mod layout_tests {
    use super::*;

    /// What a string's `${a}x` costs in the AST: an expression (40 bytes) and two parts
    /// (12 bytes each), beside the variable's name and the text `x` in buffers (issue 16.3:
    /// peak memory under 20x the file).
    #[test]
    fn an_interpolated_variable_and_its_text_take_64_bytes_of_structure() {
        assert_eq!(std::mem::size_of::<Expr>(), 40);
        assert_eq!(std::mem::size_of::<PartItem>(), 12);
        assert_eq!(std::mem::align_of::<Expr>(), 8);
    }
}

#[cfg(test)]
mod string_parts_tests {
    use super::*;

    fn var(name: &str, at: usize) -> Expr {
        Expr::new(ExprKind::Variable(name.to_string()), Span::new(at, at + 1))
    }

    /// Each part as `T value start..end` or `I name braces start..end`.
    fn show(parts: &StringParts) -> Vec<String> {
        parts
            .iter()
            .map(|p| match p {
                StringPart::Text { value, span } => {
                    format!("T {value:?} {}..{}", span.start, span.end)
                }
                StringPart::Interpolation { expr, braces, span } => {
                    let ExprKind::Variable(name) = &expr.kind else {
                        panic!("not a variable: {expr:?}")
                    };
                    format!("I {name} {braces} {}..{}", span.start, span.end)
                }
            })
            .collect()
    }

    #[test]
    fn parts_come_back_in_order_with_texts_joined_and_empty_ones_dropped() {
        let mut parts = StringParts::with_capacity(8, 3);
        parts.push_text("", Span::new(0, 0));
        parts.push_interpolation(var("a", 1), true, Span::new(0, 4));
        parts.push_text("x", Span::new(4, 5));
        parts.push_text("yé", Span::new(5, 8));
        parts.push_interpolation(var("b", 9), false, Span::new(8, 10));
        parts.push_interpolation(var("c", 11), false, Span::new(10, 12));
        parts.push_text("", Span::new(12, 12));
        parts.push_interpolation(var("d", 13), true, Span::new(12, 16));
        parts.push_text("z", Span::new(16, 17));
        let before = show(&parts);
        assert_eq!(before.len(), 8);
        assert_eq!(before[0], "T \"\" 0..0");
        parts.finish();
        assert_eq!(
            show(&parts),
            [
                "I a true 0..4",
                "T \"xyé\" 4..8",
                "I b false 8..10",
                "I c false 10..12",
                "I d true 12..16",
                "T \"z\" 16..17"
            ]
        );
        assert_eq!(parts.len(), 6);
        assert_eq!(parts.iter().len(), 6);
        assert!(!parts.is_all_text());
        assert!(matches!(
            parts.first(),
            Some(StringPart::Interpolation { braces: true, .. })
        ));
        // A cursor walks the same parts.
        let mut at = PartCursor::default();
        let mut walked = Vec::new();
        while let Some((part, next)) = parts.at(at) {
            walked.push(part);
            at = next;
        }
        assert_eq!(walked, parts.iter().collect::<Vec<_>>());
        assert_eq!(format!("{parts:?}").matches("Interpolation").count(), 4);
    }

    #[test]
    fn text_only_parts_give_their_text_back() {
        let mut parts = StringParts::default();
        parts.push_text("a\n", Span::new(0, 3));
        parts.push_text("b", Span::new(3, 4));
        assert!(parts.is_all_text());
        assert_eq!(show(&parts), ["T \"a\\nb\" 0..4"]);
        assert_eq!(parts.into_text(), "a\nb");
    }
}
