//! The documents open in the editor: their text and version, kept in step with
//! `didOpen`/`didChange`/`didClose` (changes applied one after another, in order), and the
//! mapping between a document's URI and the path the workspace knows it by. The workspace
//! reads an open document's text instead of the disk (`Workspace::set_text`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use lsp_types::{TextDocumentContentChangeEvent, Uri};

use super::position::{self, Encoding};

/// One open document.
#[derive(Debug)]
pub struct Document {
    pub path: PathBuf,
    pub version: i32,
    pub text: String,
}

/// The open documents by URI.
#[derive(Debug, Default)]
pub struct Documents {
    open: HashMap<String, Document>,
}

impl Documents {
    pub fn open(&mut self, uri: &Uri, version: i32, text: String) -> &Document {
        let doc = Document {
            path: uri_to_path(uri),
            version,
            text,
        };
        self.open
            .entry(uri.as_str().to_string())
            .insert_entry(doc)
            .into_mut()
    }

    pub fn get(&self, uri: &Uri) -> Option<&Document> {
        self.open.get(uri.as_str())
    }

    pub fn close(&mut self, uri: &Uri) -> Option<Document> {
        self.open.remove(uri.as_str())
    }

    /// The URIs of the open documents, sorted.
    pub fn uris(&self) -> Vec<Uri> {
        let mut v: Vec<&String> = self.open.keys().collect();
        v.sort();
        v.into_iter()
            .filter_map(|u| Uri::from_str(u).ok())
            .collect()
    }

    /// Applies `changes` in order to the open document `uri`, which is now at `version`;
    /// `None` when it is not open.
    pub fn change(
        &mut self,
        uri: &Uri,
        version: i32,
        changes: Vec<TextDocumentContentChangeEvent>,
        enc: Encoding,
    ) -> Option<&Document> {
        let doc = self.open.get_mut(uri.as_str())?;
        for c in changes {
            match c.range {
                None => doc.text = c.text,
                Some(r) => {
                    let start = position::offset(&doc.text, r.start, enc);
                    let end = position::offset(&doc.text, r.end, enc).max(start);
                    doc.text.replace_range(start..end, &c.text);
                }
            }
        }
        doc.version = version;
        Some(doc)
    }
}

/// The path of a `file:` URI (percent-decoded); for another scheme (an unsaved `untitled:`
/// buffer), a `.pp` file of that name in the current directory, so that it is checked with
/// the configuration found there.
pub fn uri_to_path(uri: &Uri) -> PathBuf {
    let s = uri.as_str();
    match s.strip_prefix("file://") {
        Some(rest) => {
            // `file://host/path`: the path starts at the first slash.
            let path = rest.find('/').map_or("", |i| rest.get(i..).unwrap_or(""));
            PathBuf::from(percent_decode(path))
        }
        None => {
            let name: String = s
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect();
            PathBuf::from(format!("{name}.pp"))
        }
    }
}

/// The `file:` URI of an absolute `path`.
pub fn path_to_uri(path: &Path) -> Option<Uri> {
    let mut s = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            s.push(char::from(b));
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    Uri::from_str(&s).ok()
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = b
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b.get(i), hex) {
            (Some(b'%'), Some(v)) => {
                out.push(v);
                i += 3;
            }
            (Some(&c), _) => {
                out.push(c);
                i += 1;
            }
            (None, _) => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_map_to_paths_and_back() {
        let uri = Uri::from_str("file:///tmp/a%20b/init.pp").unwrap();
        assert_eq!(uri_to_path(&uri), PathBuf::from("/tmp/a b/init.pp"));
        let back = path_to_uri(Path::new("/tmp/a b/init.pp")).unwrap();
        assert_eq!(back.as_str(), "file:///tmp/a%20b/init.pp");
        let untitled = Uri::from_str("untitled:Untitled-1").unwrap();
        assert_eq!(
            uri_to_path(&untitled),
            PathBuf::from("untitled_Untitled_1.pp")
        );
    }
}
