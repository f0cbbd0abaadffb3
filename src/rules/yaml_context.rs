//! What a rule sees of a YAML file: [`YamlContext`], the file parsed by the YAML front end
//! ([`crate::syntax::yaml`]), what the file is to Puppet ([`YamlKind`]) and the run's
//! definitions; rules report through it as through [`super::Context`].

use std::path::{Path, PathBuf};

use std::cell::OnceCell;

use super::diagnostic::{Diagnostic, Severity};
use super::meta::RuleMeta;
use crate::eval::project::Project;
use crate::eval::unfurl::Finding;
use crate::syntax::yaml::YamlFile;
use crate::syntax::Span;

/// What a YAML file is, which decides the rules that look at it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum YamlKind {
    /// A `hiera.yaml` (its directory is the root of a Hiera layer: a module or an
    /// environment).
    HieraConfig,
    /// A data file of the Hiera layer whose `hiera.yaml` is `config`.
    HieraData { config: PathBuf },
    /// An Unfurl ensemble or other Unfurl YAML file.
    Unfurl,
    /// Any other YAML file (named on the command line): only the YAML rules apply.
    Plain,
}

/// The file, its kind and the run, for the rules checking one YAML file.
pub struct YamlContext<'a> {
    /// The file's name as rein prints it.
    pub path: &'a Path,
    pub file: &'a YamlFile,
    pub kind: &'a YamlKind,
    /// The definitions of the run (for the rules that look at the code).
    pub project: Option<&'a Project>,
    /// The rule running, with its severity (set by the engine).
    pub(crate) current: Option<(&'static RuleMeta, Severity)>,
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// The Unfurl directives the document cannot resolve, found once for the family's
    /// rules (resolving reads the included files).
    unfurl_unresolved: OnceCell<Vec<Finding>>,
}

impl<'a> YamlContext<'a> {
    pub fn new(
        path: &'a Path,
        file: &'a YamlFile,
        kind: &'a YamlKind,
        project: Option<&'a Project>,
    ) -> YamlContext<'a> {
        YamlContext {
            path,
            file,
            kind,
            project,
            current: None,
            diagnostics: Vec::new(),
            unfurl_unresolved: OnceCell::new(),
        }
    }

    /// The directives of this Unfurl document that Unfurl cannot resolve
    /// ([`crate::eval::unfurl::resolve`]), computed on first use.
    pub fn unfurl_unresolved(&self) -> &[Finding] {
        self.unfurl_unresolved
            .get_or_init(|| crate::eval::unfurl::resolve(self.path, self.file))
    }

    /// The text of `span` (empty when out of range).
    pub fn text(&self, span: Span) -> &'a str {
        self.file.text(span)
    }

    /// Reports a problem found by the running rule.
    pub fn report(&mut self, mut d: Diagnostic) {
        if let Some((meta, severity)) = self.current {
            d.rule = meta.name;
            d.severity = severity;
            self.diagnostics.push(d);
        }
    }

    /// The diagnostics reported so far.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}
