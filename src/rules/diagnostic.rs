//! What a rule reports: a [`Diagnostic`] with its [`Severity`], and the [`Fix`] that may
//! come with it (its [`Edit`]s and their [`Applicability`]).

use std::borrow::Cow;

use serde::Serialize;

use crate::syntax::Span;

/// How bad a finding is. Only errors change the exit status of `rein check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl From<crate::syntax::Severity> for Severity {
    fn from(s: crate::syntax::Severity) -> Severity {
        match s {
            crate::syntax::Severity::Error => Severity::Error,
            crate::syntax::Severity::Warning => Severity::Warning,
        }
    }
}

/// Whether one fix keeps the code's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    Safe,
    Unsafe,
}

/// Replace the bytes of `span` with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Edit {
    #[serde(skip)]
    pub span: Span,
    pub replacement: Box<str>,
}

impl Edit {
    pub fn replace(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            span,
            replacement: replacement.into().into_boxed_str(),
        }
    }
    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), text)
    }
    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

/// A fix: edits applied together, or not at all (a boxed slice: a fix's edits are made
/// once, and a file can have a fix per token).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub edits: Box<[Edit]>,
    pub applicability: Applicability,
}

impl Fix {
    pub fn safe(edits: Vec<Edit>) -> Fix {
        Fix {
            edits: edits.into_boxed_slice(),
            applicability: Applicability::Safe,
        }
    }
    pub fn unsafe_(edits: Vec<Edit>) -> Fix {
        Fix {
            edits: edits.into_boxed_slice(),
            applicability: Applicability::Unsafe,
        }
    }
}

/// One problem a rule found in one file. A file can have one per token (a rule's finding
/// on each string), so it is kept small (a test holds its size); its findings are made in
/// its place ([`crate::diagnostics::Finding`] is no bigger).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's name (set by the engine).
    pub rule: &'static str,
    pub span: Span,
    /// Most rules' messages and helps are constant: those are not copied per finding.
    pub message: Cow<'static, str>,
    /// What to do about it, when the message alone does not say.
    pub help: Option<Cow<'static, str>>,
    pub fix: Option<Fix>,
    /// Suppressed by a `# lint:ignore:` directive, with the directive's reason (empty when
    /// it gives none). Only kept when the run shows ignored findings.
    ignored: Option<String>,
    /// Other places the finding involves (the first declaration of a duplicate): few
    /// findings have some, so the list is kept apart, behind a thin pointer (8 bytes; a
    /// boxed slice's is 16).
    #[allow(clippy::box_collection)]
    related: Option<Box<Vec<Related>>>,
    /// Its place among the file's diagnostics in the order the rules reported them (set
    /// by the engine, which then sorts them by position): a rule following puppet-lint's
    /// walk reports in puppet-lint's order, which puppet-lint's output keeps.
    pub order: u32,
    /// The severity (set by the engine from the rule's configured level).
    pub severity: Severity,
}

/// Another place a finding involves, with what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub at: RelatedAt,
    pub message: String,
}

/// Where a related place is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelatedAt {
    /// In the same file.
    Span(Span),
    /// In another file: its path and the 1-based line and column (in characters).
    Position {
        path: String,
        line: usize,
        column: usize,
    },
}

impl Diagnostic {
    /// A diagnostic at `span`; the engine fills in the rule and severity.
    pub fn new(span: Span, message: impl Into<Cow<'static, str>>) -> Diagnostic {
        Diagnostic {
            rule: "",
            severity: Severity::Error,
            span,
            message: message.into(),
            help: None,
            fix: None,
            ignored: None,
            related: None,
            order: 0,
        }
    }
    pub fn with_help(mut self, help: impl Into<Cow<'static, str>>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }
    pub fn with_fix(mut self, fix: Fix) -> Diagnostic {
        self.fix = Some(fix);
        self
    }

    /// The reason of the `# lint:ignore:` directive that suppressed it (empty when it gives
    /// none), when one did and the run keeps suppressed diagnostics.
    pub fn ignored(&self) -> Option<&str> {
        self.ignored.as_deref()
    }

    /// Marks it as suppressed by a directive with `reason`.
    pub fn set_ignored(&mut self, reason: String) {
        self.ignored = Some(reason);
    }

    /// The other places the finding involves.
    pub fn related(&self) -> &[Related] {
        self.related.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Adds another place the finding involves.
    pub fn push_related(&mut self, related: Related) {
        self.related.get_or_insert_with(Box::default).push(related);
    }

    /// Takes its suppressing directive's reason and its related places out.
    pub fn take_more(&mut self) -> (Option<String>, Vec<Related>) {
        let related = self.related.take().map(|r| *r).unwrap_or_default();
        (self.ignored.take(), related)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagnostic_is_small_and_gives_its_rare_parts_away() {
        // A file with a finding per string holds one per string.
        assert_eq!(std::mem::size_of::<Diagnostic>(), 136);
        assert_eq!(std::mem::size_of::<Fix>(), 24);
        let mut d = Diagnostic::new(Span::new(1, 2), "m");
        assert_eq!((d.ignored(), d.related()), (None, &[][..]));
        d.set_ignored("why".into());
        let related = Related {
            at: RelatedAt::Span(Span::new(0, 1)),
            message: "first".into(),
        };
        d.push_related(related.clone());
        assert_eq!(d.ignored(), Some("why"));
        assert_eq!(d.related(), std::slice::from_ref(&related));
        assert_eq!(d.take_more(), (Some("why".into()), vec![related]));
        assert_eq!((d.ignored(), d.related()), (None, &[][..]));
    }
}
