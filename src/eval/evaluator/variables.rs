//! Variables: looking them up (local, top-scope, qualified `$class::name`, facts and
//! Puppet's built-in variables), reporting undefined ones, and assignment.

use super::state::{Evaluator, R};
use crate::eval::names::has_colons;
use crate::eval::types::PType;
use crate::eval::value::Value;
use crate::syntax::suggest::closest;
use crate::syntax::{Expr, ExprKind, Span};

fn builtin_variable(name: &str) -> bool {
    matches!(
        name,
        "facts"
            | "trusted"
            | "server_facts"
            | "settings"
            | "environment"
            | "clientcert"
            | "clientversion"
            | "clientnoop"
            | "servername"
            | "serverip"
            | "serverversion"
            | "module_name"
            | "caller_module_name"
            | "title"
            | "name"
            | "agent_specified_environment"
    ) || name.starts_with("settings::")
}

impl<'a> Evaluator<'a> {
    pub(super) fn lookup(&mut self, name: &str, span: Span) -> R {
        // Match variables.
        if !name.is_empty() && name.chars().all(|c| c.is_ascii_digit()) {
            let n: usize = name.parse().unwrap_or(usize::MAX);
            return Ok(match &self.matches {
                Some(m) => m.get(n).cloned().flatten().map_or(Value::Undef, Value::str),
                None => Value::unknown(PType::Optional(Some(Box::new(PType::string())))),
            });
        }
        if let Some(rest) = name.strip_prefix("::") {
            if has_colons(rest) {
                return self.lookup_qualified(rest, span);
            }
            return self.lookup_top(rest, span);
        }
        if has_colons(name) {
            return self.lookup_qualified(name, span);
        }
        let mut s = Some(self.current);
        while let Some(i) = s {
            let Some(scope) = self.scopes.get(i) else {
                break;
            };
            if let Some(v) = scope.vars.get(name) {
                let v = v.clone();
                if !self.recorders.is_empty() {
                    self.note_scope_read(i, name, Some(&v));
                }
                return Ok(v);
            }
            s = scope.parent;
        }
        if !self.recorders.is_empty() {
            self.note_scope_read(0, name, None);
        }
        self.undefined(name, span)
    }

    fn lookup_top(&mut self, name: &str, span: Span) -> R {
        if let Some(v) = self.scopes.first().and_then(|s| s.vars.get(name)) {
            let v = v.clone();
            if !self.recorders.is_empty() {
                self.note_scope_read(0, name, Some(&v));
            }
            return Ok(v);
        }
        if !self.recorders.is_empty() {
            self.note_scope_read(0, name, None);
        }
        self.undefined(name, span)
    }

    fn undefined(&mut self, name: &str, span: Span) -> R {
        let known = match self.unscoped.get(name) {
            Some(known) => *known,
            None => {
                let known = builtin_variable(name)
                    || (self.options.is_fact)(name)
                    || self.modulepath.has_custom_fact(name);
                self.unscoped.insert(name.to_string(), known);
                known
            }
        };
        if known {
            return Ok(Value::any());
        }
        let before = self.findings.len();
        if !self.main && !self.modulepath.dependencies_visible() {
            // A custom fact of a dependency rein cannot see may well define it.
            return Ok(Value::any());
        }
        if !self.main {
            // A top-scope variable of a site manifest, or a custom fact, could define it.
            self.warn(
                "undefined_variable",
                span,
                format!("Unknown variable: '${name}' (unless a custom fact or a top-scope variable defines it)"),
            );
        } else {
            self.report(
                "undefined_variable",
                span,
                format!("Unknown variable: '${name}'"),
            );
        }
        // The help is looked for only when the finding is kept (code of the checked file).
        if self.findings.len() > before {
            let names = self.visible_variables();
            let help = closest(name, names.iter().map(String::as_str))
                .map(|c| format!("did you mean `${c}`?"));
            self.with_help(before, help);
        }
        Ok(Value::any())
    }

    fn lookup_qualified(&mut self, name: &str, span: Span) -> R {
        // Lower case (a copy only when it is not already).
        let lower: std::borrow::Cow<'_, str> = if name.bytes().any(|b| b.is_ascii_uppercase()) {
            name.to_ascii_lowercase().into()
        } else {
            name.into()
        };
        // The last `::` (as `rsplit_once` finds it), by a scan of the bytes.
        let cut = lower.as_bytes().windows(2).rposition(|w| w == b"::");
        let Some((class, var)) = cut.and_then(|i| Some((lower.get(..i)?, lower.get(i + 2..)?)))
        else {
            return Ok(Value::any());
        };
        let scope = self.class_scopes.get(class).copied();
        let value = scope.and_then(|s| self.class_variable(s, var)).cloned();
        if !self.recorders.is_empty() {
            self.note_class_variable(class, var, scope, value.as_ref());
        }
        if scope.is_none() {
            return Ok(Value::any());
        }
        if let Some(v) = value {
            return Ok(v);
        }
        if self.declared_classes.get(class) == Some(&true) {
            self.report(
                "undefined_variable",
                span,
                format!("Unknown variable: '${name}' (class {class} does not set it)"),
            );
        }
        Ok(Value::any())
    }

    /// The variable `var` in the class scope `scope` or the scopes of the classes it
    /// inherits (not top scope).
    pub(super) fn class_variable(&self, scope: usize, var: &str) -> Option<&Value> {
        let mut s = Some(scope);
        while let Some(i) = s {
            if i == 0 {
                break;
            }
            let sc = self.scopes.get(i)?;
            if let Some(v) = sc.vars.get(var) {
                return Some(v);
            }
            s = sc.parent;
        }
        None
    }

    pub(super) fn assign(&mut self, lhs: &Expr, v: Value) {
        match &lhs.kind {
            ExprKind::Variable(name) => self.set_var(name, v),
            ExprKind::Array(targets) => {
                for (i, t) in targets.iter().enumerate() {
                    let item = match &v {
                        Value::Array(a) => a.get(i).cloned().unwrap_or(Value::Undef),
                        Value::Hash(h) => match &t.kind {
                            ExprKind::Variable(n) => h
                                .iter()
                                .find(|(k, _)| k.as_str() == Some(n.as_str()))
                                .map_or(Value::Undef, |(_, v)| v.clone()),
                            _ => Value::any(),
                        },
                        _ => Value::any(),
                    };
                    self.assign(t, item);
                }
            }
            _ => {}
        }
    }
}
