//! EPP templates (`.epp` files): parsing with the EPP dialect of rein's grammar
//! (`tree-sitter-grammar/epp/`) and access to a template's parameter header.
//!
//! A parsed template is a [`ParsedFile`] whose program holds one statement, an
//! [`ExprKind::Epp`] (Puppet's lambda whose body is `(epp ...)`): text is
//! [`ExprKind::RenderString`], `<%= E %>` is [`ExprKind::Render`], and Puppet code in
//! `<% %>` tags is ordinary statements (a control structure spanning tags holds the text
//! pieces in its body). Syntax errors are in `ParsedFile::errors`, as for manifests.

use super::ast::{EppTemplate, ExprKind, Parameter, Program};
use super::parsed::ParsedFile;

/// Parse template text.
pub fn parse(source: &str) -> ParsedFile {
    super::lower::parse_epp_str(source)
}

/// Parse raw template bytes (a byte order mark or invalid UTF-8 is an error, as for
/// manifests).
pub fn parse_bytes(bytes: &[u8]) -> ParsedFile {
    super::lower::parse_epp_bytes(bytes)
}

/// The template of a program produced by [`parse`] (`None` for a manifest's program).
pub fn template(program: &Program) -> Option<&EppTemplate> {
    match program.body.as_slice() {
        [only] => match &only.kind {
            ExprKind::Epp(t) => Some(t),
            _ => None,
        },
        _ => None,
    }
}

/// The parameters the template's header `<%- | ... | -%>` declares (name without `$`,
/// `type_expr`, `default`), or `None` when it has no header (a template without a header
/// accepts any parameters; `<%| |%>` declares none).
pub fn parameters(program: &Program) -> Option<&[Parameter]> {
    template(program)?.params.as_deref()
}

/// Every text piece of the template, in order (what it renders besides its `<%= %>`
/// expressions): the fixer and the formatter check that they leave it as it was.
pub fn rendered_text(program: &Program) -> Vec<&str> {
    fn collect<'a>(e: &'a super::ast::Expr, out: &mut Vec<&'a str>) {
        if let ExprKind::RenderString(text) = &e.kind {
            out.push(text);
        }
        super::visit::for_each_child(e, &mut |child, _| collect(child, out));
    }
    let mut out = Vec::new();
    for e in &program.body {
        collect(e, &mut out);
    }
    out
}

/// Whether `path` names an EPP template (by its `.epp` extension).
pub fn is_template_path(path: &std::path::Path) -> bool {
    path.extension().is_some_and(|e| e == "epp")
}
