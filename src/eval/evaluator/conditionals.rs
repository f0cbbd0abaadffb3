//! `case` and selectors: matching options against the value (equality, regexps, types,
//! arrays of options), and evaluating every option when the value is unknown.

use super::state::{Evaluator, Flow, R};
use crate::eval::ops;
use crate::eval::three_valued::any3;
use crate::eval::types;
use crate::eval::value::Value;
use crate::syntax::{CaseExpr, Expr, ExprKind, Span};

impl<'a> Evaluator<'a> {
    pub(super) fn eval_selector(
        &mut self,
        subject: &Expr,
        entries: &[crate::syntax::SelectorEntry],
        span: Span,
    ) -> R {
        let v = self.eval(subject)?;
        let mut uncertain = v.has_unknown();
        for en in entries {
            if matches!(en.matching.kind, ExprKind::Default) {
                return if uncertain {
                    self.eval_uncertain_values(entries)
                } else {
                    self.eval(&en.value)
                };
            }
            let m = self.eval(&en.matching)?;
            match self.case_match(&v, &m) {
                Some(true) if !uncertain => return self.eval(&en.value),
                Some(false) => {}
                _ => uncertain = true,
            }
        }
        if uncertain {
            return self.eval_uncertain_values(entries);
        }
        let shown = ops::to_s(&v).unwrap_or_default();
        self.report(
            "selector_no_match",
            span,
            format!("No matching entry for selector parameter with value '{shown}'"),
        );
        Ok(Value::any())
    }

    /// Evaluates every option value of a selector whose choice is unknown.
    fn eval_uncertain_values(&mut self, entries: &[crate::syntax::SelectorEntry]) -> R {
        let cond = self.new_cond();
        let mut all = Vec::new();
        for (i, en) in entries.iter().enumerate() {
            let (_, a) = self.branch(cond, i as u32 + 1, |ev| ev.eval(&en.value));
            all.extend(a);
        }
        self.merge_branches(all);
        Ok(Value::any())
    }

    /// Whether case/selector option `m` matches `v`: equality, regexp, type, or an
    /// element of an array option.
    fn case_match(&mut self, v: &Value, m: &Value) -> Option<bool> {
        match m {
            Value::Default => Some(true),
            Value::Regex(_) => {
                if !ops::match_known(v, m, self.regexes) {
                    return if matches!(v, Value::Str(_)) || v.has_unknown() {
                        None
                    } else {
                        Some(false)
                    };
                }
                let found = ops::matches(v, m, self.regexes);
                if self.regexes.take_gave_up() {
                    return None;
                }
                match found {
                    Ok(Some(caps)) => {
                        self.matches = Some(caps);
                        Some(true)
                    }
                    Ok(None) => Some(false),
                    Err(_) => None,
                }
            }
            Value::Type(t) => types::instance_of(t, v, &self.aliases, self.regexes),
            Value::Array(items) if !matches!(v, Value::Array(_)) => {
                any3(items.iter().map(|i| self.case_match(v, i)))
            }
            _ => ops::equals(v, m),
        }
    }

    pub(super) fn eval_case(&mut self, c: &CaseExpr, span: Span) -> R {
        let v = self.eval(&c.test)?;
        let mut uncertain = v.has_unknown();
        let mut chosen = None;
        'options: for (i, opt) in c.options.iter().enumerate() {
            for m in &opt.values {
                let mv = self.eval(m)?;
                match self.case_match(&v, &mv) {
                    Some(true) if !uncertain => {
                        chosen = Some(i);
                        break 'options;
                    }
                    Some(false) => {}
                    _ => uncertain = true,
                }
            }
        }
        if !uncertain {
            return match chosen {
                Some(i) => match c.options.get(i) {
                    Some(opt) => self.eval_body(&opt.body),
                    None => Ok(Value::Undef),
                },
                None => {
                    let shown = ops::to_s(&v).unwrap_or_default();
                    self.warn(
                        "case_no_match",
                        span,
                        format!("no option of this case matches its value '{shown}'"),
                    );
                    Ok(Value::Undef)
                }
            };
        }
        let cond = self.new_cond();
        let mut all = Vec::new();
        let mut results = Vec::new();
        for (i, opt) in c.options.iter().enumerate() {
            let (r, a) = self.branch(cond, i as u32 + 1, |ev| ev.eval_body(&opt.body));
            all.extend(a);
            results.push(r);
        }
        self.merge_branches(all);
        for r in results {
            if let Err(Flow::Return(_)) = r {
                return Err(Flow::Return(Value::any()));
            }
        }
        Ok(Value::any())
    }
}
