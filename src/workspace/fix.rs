//! The fix step of `rein check --fix`: one file's fixes applied until nothing changes, and
//! the result written in place (atomically) when it parses, or kept as the file's text
//! when the file is an editor's buffer.

use std::path::Path;

use super::files::Parse;
use super::write::Writer;
use crate::eval::project::Project;
use crate::rules::fix::FixedProblem;
use crate::rules::{self, engine::RuleSet, Diagnostic};

/// What fixing did to one file.
#[derive(Debug, Default)]
pub struct Fixed {
    /// Fixes applied (and written).
    pub fixes: usize,
    /// Unsafe fixes not applied because `--unsafe-fixes` was not given.
    pub unsafe_left: usize,
    /// A problem to report (the fixed text did not parse, or fixing did not settle).
    pub problem: Option<String>,
}

/// A file fixed: what was done, the findings left, and the parse of its text now.
pub struct FixedFile {
    pub fixed: Fixed,
    /// The problems the fixes written took care of (none when nothing was written).
    pub fixed_problems: Vec<FixedProblem>,
    pub diagnostics: Vec<Diagnostic>,
    pub parse: Parse,
}

/// Fixes the file `path` (displayed as `display`), parsed in `parse`, with the rules of
/// `rule_set` and the definitions of `project`, and writes it with `writer` (`None` for a
/// buffer, whose text is not on disk); or the message of why it cannot be written.
pub fn fix_file(
    path: &Path,
    display: &str,
    parse: Parse,
    rule_set: &RuleSet,
    unsafe_fixes: bool,
    project: &Project,
    writer: Option<&Writer>,
) -> Result<FixedFile, String> {
    let (raw, parsed) = parse.into_parts();
    // The bytes read, compared with the file's before it is replaced.
    let old = match (&raw, writer) {
        (_, None) => Vec::new(),
        (Some(r), Some(_)) => r.clone(),
        (None, Some(_)) => parsed.source.as_bytes().to_vec(),
    };
    let out = rules::fix::fix_parsed(display, parsed, rule_set, unsafe_fixes, Some(project));
    let mut fixed = Fixed::default();
    if out.rejected {
        fixed.problem = Some(format!(
            "{display}: fixes not applied: the fixed text would not parse (a bug in rein: please report it)"
        ));
    } else if out.fixed > 0 {
        if let Some(writer) = writer {
            writer
                .replace(path, &old, out.text.as_bytes())
                .map_err(|e| format!("{display}: {e}"))?;
        }
        fixed.fixes = out.fixed;
        if out.unsettled {
            fixed.problem = Some(format!(
                "{display}: fixes still apply after {} rounds; the file was written as it was then",
                rules::fix::MAX_ROUNDS
            ));
        }
    }
    if !unsafe_fixes {
        fixed.unsafe_left = unsafe_fixes_of(&out.diagnostics);
    }
    // The file now holds the bytes read, or the fixed text (the parsed source).
    let raw = raw.filter(|_| fixed.fixes == 0);
    let fixed_problems = if fixed.fixes > 0 {
        out.fixed_problems
    } else {
        Vec::new()
    };
    Ok(FixedFile {
        fixed,
        fixed_problems,
        diagnostics: out.diagnostics,
        parse: Parse::from_parts(raw, out.parsed),
    })
}

/// How many of `diagnostics` have an unsafe fix (left for `--unsafe-fixes`).
pub fn unsafe_fixes_of(diagnostics: &[rules::Diagnostic]) -> usize {
    diagnostics
        .iter()
        .filter(|d| {
            d.fix
                .as_ref()
                .is_some_and(|f| f.applicability == rules::Applicability::Unsafe)
        })
        .count()
}
