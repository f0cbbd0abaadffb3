//! Reading the files Unfurl's include directives name: regular files only, so that
//! `+include: /dev/zero` or a FIFO ends in a message instead of reading forever or waiting
//! for a writer.

use std::io::{Error, Read};
use std::path::Path;

/// The bytes of the included file `path`, or why not: a path that is not a regular file
/// (after following links) is refused before it is opened.
pub fn read_included(path: &Path) -> std::io::Result<Vec<u8>> {
    let not_regular = || Error::other("not a regular file");
    if !std::fs::metadata(path)?.is_file() {
        return Err(not_regular());
    }
    let mut file = std::fs::File::open(path)?;
    // Replaced by something else since: checked again on what was opened.
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Why an included file could not be read, in words: "not a regular file", or the
/// kind of the I/O error ("permission denied").
pub fn message(e: &Error) -> String {
    match e.kind() {
        std::io::ErrorKind::Other => e.to_string(),
        kind => kind.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_read() {
        for special in ["/dev/zero", "/dev/null", "/"] {
            let e = read_included(Path::new(special)).expect_err(special);
            assert_eq!(e.to_string(), "not a regular file", "{special}");
        }
        let missing = read_included(Path::new("/nonexistent/rein/x.yaml"));
        assert_eq!(
            missing.map_err(|e| e.kind()),
            Err(std::io::ErrorKind::NotFound)
        );
    }
}
