//! What evaluation finds ([`Finding`], with the [`Related`] places it involves), and the
//! findings of one root ([`Findings`]), each kept once: code run many times (a loop's body, a
//! defined type declared in a loop) reports the same finding at every pass, and keeping
//! every copy until the end made memory grow with the steps taken (a 1 KB template with
//! three nested loops over strings held 38,000 copies, 144 MB). A finding of the rule,
//! place and severity of one already kept is dropped when reported, so the first copy,
//! with its help and related places, is the one kept; a place that fails with another
//! message at each pass (`Integer[1, 99999].each |$i| { $y = $i + "a${i}" }`: another value
//! each time) reports its first failure, as Puppet, which stops there (it gave 99,999
//! findings on one line before).

use std::path::PathBuf;

use foldhash::{HashSet, HashSetExt};

use crate::syntax::Span;

/// One problem found by evaluation, for the deep rule named `rule`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub rule: &'static str,
    pub span: Span,
    pub message: String,
    /// The rule's milder form (a warning where the finding is not certain).
    pub warning: bool,
    /// What few findings have: kept apart, so that a finding is small (a big file has a
    /// finding per line or more).
    pub more: Option<Box<FindingMore>>,
}

/// The rarely present parts of a [`Finding`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FindingMore {
    /// What to do about it ("did you mean ...").
    pub help: Option<String>,
    /// Other places the finding involves (the first declaration of a duplicate).
    pub related: Vec<Related>,
}

impl Finding {
    /// A finding with no help and no related place.
    pub fn new(rule: &'static str, span: Span, message: String, warning: bool) -> Finding {
        Finding {
            rule,
            span,
            message,
            warning,
            more: None,
        }
    }

    /// What to do about it ("did you mean ..."), if the finding says.
    pub fn help(&self) -> Option<&str> {
        self.more.as_ref().and_then(|m| m.help.as_deref())
    }

    /// The other places the finding involves.
    pub fn related(&self) -> &[Related] {
        self.more.as_ref().map_or(&[], |m| &m.related)
    }

    /// Its rarely present parts, made when first needed.
    pub(super) fn more_mut(&mut self) -> &mut FindingMore {
        self.more.get_or_insert_with(Default::default)
    }

    /// Its help and related places, leaving none.
    pub fn take_more(&mut self) -> FindingMore {
        self.more.take().map(|m| *m).unwrap_or_default()
    }
}

/// A place a finding involves besides its own, with what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub place: Place,
    pub message: String,
}

/// Where a related place is: in the checked file, or in another file of the module path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    Here(Span),
    /// 1-based line and column (in characters) of the start in the file at `path`.
    Elsewhere {
        path: PathBuf,
        line: usize,
        column: usize,
    },
}

/// What makes two findings the same: the rule, the place and the form.
type Key = (&'static str, Span, bool);

/// The findings of a root, in the order first reported, without repeats.
pub(super) struct Findings {
    list: Vec<Finding>,
    seen: HashSet<Key>,
}

impl Findings {
    pub(super) fn new() -> Findings {
        Findings {
            list: Vec::new(),
            seen: HashSet::new(),
        }
    }

    /// Keeps `f` unless an equal finding is kept already.
    pub(super) fn push(&mut self, f: Finding) {
        if self.seen.insert((f.rule, f.span, f.warning)) {
            self.list.push(f);
        }
    }

    /// How many findings are kept: a finding reported since an earlier `len()` was kept
    /// (not a repeat) when it has grown.
    pub(super) fn len(&self) -> usize {
        self.list.len()
    }

    pub(super) fn last_mut(&mut self) -> Option<&mut Finding> {
        self.list.last_mut()
    }

    /// The findings kept, leaving none.
    pub(super) fn take(&mut self) -> Vec<Finding> {
        self.seen.clear();
        std::mem::take(&mut self.list)
    }
}
