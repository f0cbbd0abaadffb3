//! The files of a workspace: the texts a front end set for some of them (an editor's
//! unsaved buffer, read instead of the disk), and the last parse of each file with the
//! bytes it was parsed from. A file is read again on every request; its parse is reused
//! only when the bytes are the same. Files are keyed by their name ([`PathNames`]), so
//! `a.pp`, `./a.pp` and its absolute path are one file.

use foldhash::HashMap;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::paths::PathNames;
use crate::config::io_message;
use crate::syntax::{self, ParsedFile};

/// One version of a file, parsed.
#[derive(Debug)]
pub struct Parse {
    /// The bytes parsed, when they are not the parsed source (a byte order mark, invalid
    /// UTF-8); otherwise they are `tree.source`.
    raw: Option<Vec<u8>>,
    pub tree: Arc<ParsedFile>,
}

impl Parse {
    /// `bytes` of the file `path` parsed (as a template when it is a `.epp`). A manifest's
    /// concrete tree is dropped (a workspace holds the parses of many files at once); a
    /// template keeps it, as its packed tokens would be read with the manifest grammar's
    /// kind names.
    pub fn of(path: &Path, bytes: Vec<u8>) -> Parse {
        if !syntax::epp::is_template_path(path) {
            // The bytes are moved into the parse, not copied.
            let (tree, raw) = syntax::parse_bytes_packed(bytes);
            return Parse::from_parts(raw, tree);
        }
        let tree = syntax::parse_file_bytes(path, &bytes);
        let raw = (tree.source.as_bytes() != bytes.as_slice()).then_some(bytes);
        Parse::from_parts(raw, tree)
    }

    /// The parse of the bytes `raw`, or of `tree.source` when `raw` is `None` (as
    /// [`Parse::into_parts`] gives them).
    pub fn from_parts(raw: Option<Vec<u8>>, tree: ParsedFile) -> Parse {
        Parse {
            raw,
            tree: Arc::new(tree),
        }
    }

    /// The parse `tree` of bytes that are its source, shared (with the module store).
    pub fn shared(tree: Arc<ParsedFile>) -> Parse {
        Parse { raw: None, tree }
    }

    /// The source, when it is exactly the bytes parsed.
    pub fn source_is_bytes(&self) -> Option<&str> {
        self.raw.is_none().then_some(self.tree.source.as_str())
    }

    /// The bytes parsed.
    fn bytes(&self) -> &[u8] {
        self.raw
            .as_deref()
            .unwrap_or_else(|| self.tree.source.as_bytes())
    }

    /// The bytes parsed when they are not the source, and the parsed file, owned (parsed
    /// again when the tree is shared).
    pub fn into_parts(self) -> (Option<Vec<u8>>, ParsedFile) {
        let tree = Arc::try_unwrap(self.tree).unwrap_or_else(|shared| {
            let bytes = self.raw.as_deref().unwrap_or(shared.source.as_bytes());
            if syntax::epp::template(&shared.program).is_some() {
                syntax::epp::parse_bytes(bytes)
            } else {
                syntax::parse_bytes(bytes)
            }
        });
        (self.raw, tree)
    }
}

/// The texts set and the parses kept, by name.
#[derive(Debug, Default)]
pub struct Files {
    names: PathNames,
    texts: HashMap<PathBuf, String>,
    parses: HashMap<PathBuf, Parse>,
}

impl Files {
    /// How files are named.
    pub fn names(&self) -> &PathNames {
        &self.names
    }

    /// Reads `text` as the text of `path` from now on, instead of the disk; returns the
    /// text set before.
    pub fn set_text(&mut self, path: &Path, text: String) -> Option<String> {
        self.texts.insert(self.names.name(path).into_owned(), text)
    }

    /// Reads `path` from the disk again; returns the text that was set.
    pub fn clear_text(&mut self, path: &Path) -> Option<String> {
        self.texts.remove(&*self.names.name(path))
    }

    /// The text set for `path`, if any.
    pub fn text(&self, path: &Path) -> Option<&str> {
        self.texts.get(path).map(String::as_str)
    }

    /// Whether a text is set for `path`.
    pub fn has_text(&self, path: &Path) -> bool {
        !self.texts.is_empty() && self.texts.contains_key(&*self.names.name(path))
    }

    /// The bytes of `path` now: its text when one is set, else the file's.
    pub fn read(&self, path: &Path) -> std::io::Result<Cow<'_, [u8]>> {
        if self.texts.is_empty() {
            return read_regular(path).map(Cow::Owned);
        }
        match self.texts.get(&*self.names.name(path)) {
            Some(t) => Ok(Cow::Borrowed(t.as_bytes())),
            None => read_regular(path).map(Cow::Owned),
        }
    }

    /// Takes the parse kept for `path` out (to give it to [`Files::parse`], then back to
    /// [`Files::keep`]).
    pub fn take(&mut self, path: &Path) -> Option<Parse> {
        if self.parses.is_empty() {
            return None;
        }
        let key = self.names.name(path);
        self.parses.remove(&*key)
    }

    /// `path` read now and parsed, `last` being reused when it is of the same bytes; or why
    /// it cannot be read.
    pub fn parse(&self, path: &Path, last: Option<Parse>) -> Result<Parse, String> {
        let bytes = self
            .read(path)
            .map_err(|e| format!("{}: {}", path.display(), io_message(&e)))?;
        Ok(match last {
            Some(last) if last.bytes() == &*bytes => last,
            _ => Parse::of(path, bytes.into_owned()),
        })
    }

    /// Keeps `parse` as the last parse of `path`.
    pub fn keep(&mut self, path: PathBuf, parse: Parse) {
        let key = self.names.name(&path).into_owned();
        self.parses.insert(key, parse);
    }

    /// How many parses are kept.
    pub fn parses_kept(&self) -> usize {
        self.parses.len()
    }

    /// Drops the parse kept for `path` (the text set stays).
    pub fn forget(&mut self, path: &Path) {
        let key = self.names.name(path);
        self.parses.remove(&*key);
    }
}

/// The bytes of the regular file `path`; an error for anything else (opened without
/// blocking, so that a FIFO put where a file was does not hang the run).
pub fn read_regular(path: &Path) -> std::io::Result<Vec<u8>> {
    use rustix::fs::{Mode, OFlags};
    use std::io::Read;
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let mut file = std::fs::File::from(rustix::fs::open(path, flags, Mode::empty())?);
    let meta = file.metadata()?;
    if !meta.is_file() {
        let kind = super::write::kind(&meta.file_type());
        return Err(std::io::Error::other(format!(
            "not a regular file ({kind})"
        )));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    // Through `take`: `File::read_to_end` would ask for the file's size again (a second
    // `statx` for every file of a run).
    (&mut file).take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(bytes)
}
