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
    pub replacement: String,
}

impl Edit {
    pub fn replace(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            span,
            replacement: replacement.into(),
        }
    }
    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), text)
    }
    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

/// A fix: edits applied together, or not at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    pub edits: Vec<Edit>,
    pub applicability: Applicability,
}

impl Fix {
    pub fn safe(edits: Vec<Edit>) -> Fix {
        Fix {
            edits,
            applicability: Applicability::Safe,
        }
    }
    pub fn unsafe_(edits: Vec<Edit>) -> Fix {
        Fix {
            edits,
            applicability: Applicability::Unsafe,
        }
    }
}

/// One problem a rule found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's name (set by the engine).
    pub rule: &'static str,
    /// The severity (set by the engine from the rule's configured level).
    pub severity: Severity,
    pub span: Span,
    /// Most rules' messages and helps are constant: those are not copied per finding.
    pub message: Cow<'static, str>,
    /// What to do about it, when the message alone does not say.
    pub help: Option<Cow<'static, str>>,
    pub fix: Option<Fix>,
    /// Suppressed by a `# lint:ignore:` directive, with the directive's reason (empty when
    /// it gives none). Only kept when the run shows ignored findings.
    pub ignored: Option<String>,
    /// Its place among the file's diagnostics in the order the rules reported them (set
    /// by the engine, which then sorts them by position): a rule following puppet-lint's
    /// walk reports in puppet-lint's order, which puppet-lint's output keeps.
    pub order: usize,
    /// Other places the finding involves (the first declaration of a duplicate).
    pub related: Vec<Related>,
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
            related: Vec::new(),
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
}
