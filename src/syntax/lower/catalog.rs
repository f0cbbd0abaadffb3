//! Catalog expressions: resource bodies, the `@`/`@@` forms, and Puppet's reading of a
//! titleless `X { attrs }` (defaults, override, a name followed by a hash or a statement
//! call, or an error, §7.5).

use tree_sitter::Node;

use super::nodes::{at, field, nop, span, usable, Kids};
use super::walk::{Lowerer, STATEMENT_CALLS};
use crate::syntax::ast::*;

impl<'t, 's> Lowerer<'t, 's> {
    pub(super) fn form(&self, kids: &Kids<'t>) -> (ResourceForm, Option<Span>) {
        for (_, n) in kids {
            if !n.is_named() {
                match self.text(*n) {
                    "@" => return (ResourceForm::Virtual, Some(span(*n))),
                    "@@" => return (ResourceForm::Exported, Some(span(*n))),
                    _ => {}
                }
            }
        }
        (ResourceForm::Regular, None)
    }

    pub(super) fn attribute_ops(&mut self, kids: &Kids<'t>) -> Vec<AttributeOp> {
        let k = &self.ids.k;
        let f = &self.ids.f;
        let mut ops = Vec::new();
        for (_, n) in kids {
            let id = n.kind_id();
            if id == k.attribute {
                let ak = self.kids(*n);
                let name = self.ident(field(&ak, f.name), *n);
                let op = if self.operator(&ak) == "+>" {
                    AttributeOperator::Append
                } else {
                    AttributeOperator::Assign
                };
                let value = self.opt_expr(field(&ak, f.value), *n);
                ops.push(AttributeOp::Attribute {
                    name,
                    op,
                    value,
                    span: span(*n),
                });
            } else if id == k.splat_attribute {
                let ak = self.kids(*n);
                let v =
                    field(&ak, f.value).or_else(|| ak.iter().map(|(_, c)| *c).find(|c| usable(*c)));
                let value = self.opt_expr(v, *n);
                ops.push(AttributeOp::Splat {
                    value,
                    span: span(*n),
                });
            }
        }
        // Exact sizes: a file of small resources is mostly these lists.
        ops.shrink_to_fit();
        ops
    }

    pub(super) fn resource(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let (form, _) = self.form(&kids);
        let type_name = match field(&kids, self.ids.f.type_) {
            Some(t) if !t.is_named() => {
                Expr::new(ExprKind::QualifiedName(self.text(t).to_string()), span(t))
            }
            t => self.opt_expr(t, node),
        };
        let mut bodies = Vec::new();
        for (_, b) in &kids {
            if b.kind_id() != self.ids.k.resource_body {
                continue;
            }
            let bk = self.kids(*b);
            let title = self.opt_expr(field(&bk, self.ids.f.title), *b);
            let ops = self.attribute_ops(&bk);
            bodies.push(ResourceBody {
                title,
                ops,
                span: span(*b),
            });
        }
        bodies.shrink_to_fit();
        ExprKind::Resource(Box::new(ResourceExpr {
            type_name,
            bodies,
            form,
        }))
    }

    /// `X { attrs }` without a title: defaults, override, a name followed by a hash (or a
    /// statement call with a hash argument), or an error (§7.5).
    pub(super) fn attribute_block(&mut self, node: Node<'t>) -> ExprKind {
        let kids = self.kids(node);
        let (form, at_span) = self.form(&kids);
        let left = self.opt_expr(field(&kids, self.ids.f.type_), node);
        let ops = self.attribute_ops(&kids);
        let lbrace = kids
            .iter()
            .find(|(_, n)| !n.is_named() && self.text(*n) == "{")
            .map(|(_, n)| n.start_byte())
            .unwrap_or(left.span.end());
        match &left.kind {
            ExprKind::QualifiedReference(_) => {
                ExprKind::ResourceDefaults(Box::new(ResourceDefaultsExpr {
                    type_ref: left,
                    ops,
                    form,
                }))
            }
            ExprKind::Access { .. } => ExprKind::ResourceOverride(Box::new(ResourceOverrideExpr {
                resources: left,
                ops,
                form,
            })),
            ExprKind::QualifiedName(name) => {
                let name = name.clone();
                let plain = !ops.iter().any(|op| {
                    matches!(
                        op,
                        AttributeOp::Attribute {
                            op: AttributeOperator::Append,
                            ..
                        }
                    )
                });
                if !plain {
                    if !node.has_error() {
                        self.error(
                            at(lbrace),
                            "Syntax error resource body without title or hash with +>",
                        );
                    }
                    return ExprKind::Nop;
                }
                if let Some(s) = at_span.filter(|_| !node.has_error()) {
                    self.error(s, virtual_error(form));
                }
                // A `* => x` entry becomes `(nop) => (nop)`, as Puppet does.
                let entries = ops
                    .into_iter()
                    .map(|op| match op {
                        AttributeOp::Attribute {
                            name, value, span, ..
                        } => HashEntry {
                            key: Expr::new(
                                ExprKind::String {
                                    value: name.name,
                                    style: StringStyle::Bare,
                                },
                                name.span,
                            ),
                            value,
                            span,
                        },
                        AttributeOp::Splat { span, .. } => HashEntry {
                            key: nop(span),
                            value: nop(span),
                            span,
                        },
                    })
                    .collect();
                let hash = Expr::new(
                    ExprKind::Hash {
                        entries,
                        synthetic: false,
                    },
                    Span::new(lbrace, node.end_byte()),
                );
                if STATEMENT_CALLS.contains(&name.as_str()) {
                    ExprKind::Call(Box::new(CallExpr {
                        functor: left,
                        args: vec![hash],
                        lambda: None,
                        parens: false,
                        statement: true,
                    }))
                } else {
                    ExprKind::Block(vec![left, hash])
                }
            }
            _ => {
                // Puppet positions a method call at its `.`.
                let pos = match &left.kind {
                    ExprKind::MethodCall(m) => {
                        let from = m.receiver.span.end();
                        let gap = self.src.get(from..m.name.span.start()).unwrap_or("");
                        gap.find('.').map_or(left.span.start(), |i| from + i)
                    }
                    _ => left.span.start(),
                };
                if !node.has_error() {
                    self.error(
                        at(pos),
                        "Expression is not valid as a resource, resource-default, or resource-override",
                    );
                }
                ExprKind::Nop
            }
        }
    }
}

fn virtual_error(form: ResourceForm) -> &'static str {
    match form {
        ResourceForm::Exported => "Exported (@@) can only be applied to a Resource Expression",
        _ => "Virtual (@) can only be applied to a Resource Expression",
    }
}
