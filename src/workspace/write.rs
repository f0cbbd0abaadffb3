//! Writing a file in place safely: the new text goes to a temporary file in the same
//! directory, which then replaces the original by a rename, so that a reader never sees a
//! half-written file and a failure leaves the original as it was. The original's
//! permissions are kept, and a symbolic link is followed (its target is rewritten, the link
//! stays a link). A file that does not exist yet is created the same way.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `text` to `path` atomically (see the module documentation).
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let target: PathBuf = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path)?,
        Ok(_) => path.to_path_buf(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => path.to_path_buf(),
        Err(e) => return Err(e),
    };
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.rein.{}.tmp", std::process::id()));
    let perms = match std::fs::metadata(&target) {
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let res = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        if let Some(perms) = perms {
            std::fs::set_permissions(&tmp, perms)?;
        }
        std::fs::rename(&tmp, &target)
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_keeps_a_symlink() {
        let dir = std::env::temp_dir().join(format!("rein-write-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.pp");
        std::fs::write(&real, "old\n").unwrap();
        write_atomic(&real, "new\n").unwrap();
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new\n");
        #[cfg(unix)]
        {
            let link = dir.join("link.pp");
            std::os::unix::fs::symlink(&real, &link).unwrap();
            write_atomic(&link, "via link\n").unwrap();
            assert!(std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
            assert_eq!(std::fs::read_to_string(&real).unwrap(), "via link\n");
        }
        let new = dir.join("new.pp");
        write_atomic(&new, "created\n").unwrap();
        assert_eq!(std::fs::read_to_string(&new).unwrap(), "created\n");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), if cfg!(unix) { 3 } else { 2 });
        let _ = std::fs::remove_dir_all(&dir);
    }
}
