//! Writing files safely.
//!
//! [`Writer::replace`] rewrites a file in place (`rein fmt`, `rein check --fix`). The new
//! text goes to a temporary file created exclusively (`O_EXCL`, mode 0600) with a random
//! name next to the file (`.rein-tmp.PID.RANDOM`); its owner (when rein runs as root) and
//! mode are set on the open descriptor before any content is written; just before the
//! rename that puts it in place, the file is read again and compared with the bytes that
//! were formatted, so that a file changed or deleted during the run is never overwritten
//! with stale output. A failure (a full disk, say) removes the temporary file and leaves
//! the original as it was.
//!
//! - A symbolic link stays a link: its target is written, when the target is inside the
//!   tree being checked or the link was named explicitly; otherwise it is left alone.
//! - A read-only file, or a file in a read-only directory, is refused unless `--force`.
//! - A file with several hard links, or whose owner the new file could not keep (another
//!   user's file that rein may write), is written in place through its descriptor (space
//!   reserved first), which keeps the links and the owner but is not atomic.
//! - Durability: rein does not `fsync` each file (that made formatting 100,000 files take
//!   many minutes). A crash or `kill -9` of rein leaves every file either old or new (the
//!   rename is atomic); after a power failure within seconds of a run, a file system that
//!   does not order a renamed file's data before the rename (ext4 and btrfs do) may lose
//!   the run's changes: run `sync` after rein where that matters.
//! - A temporary file left by a killed run is removed by the next run that writes into
//!   the directory ([`clean_stale`]), once its process is gone (or after an hour).
//!
//! [`write_file`] writes a file that is rein's own output (a report, a configuration, a
//! man page, a cache entry) the same way: the whole file or nothing, never a 0-byte file.
//!
//! Every write goes through a [`Disk`], which tests replace to inject faults.

use std::collections::HashSet;
use std::fmt;
use std::fs::{File, Permissions};
use std::io::{self, Read, Seek, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use rustix::fs::{Access, AtFlags, FallocateFlags, Mode, OFlags, CWD};

use crate::config::io_message;

/// The prefix of rein's temporary files (`.rein-tmp.PID.RANDOM`).
pub const TEMP_PREFIX: &str = ".rein-tmp.";

/// A temporary file this old is stale even when a process with its PID runs.
const STALE_AGE: Duration = Duration::from_secs(3600);

/// Where the bytes go: the real file system, or (in tests) one that injects faults.
pub trait Disk: Send + Sync {
    /// Writes `bytes` into `file` (a temporary file, or the file itself in place).
    fn write(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes)
    }

    /// Called when the new text is written and `target` is about to be compared and
    /// replaced.
    fn before_commit(&self, _target: &Path) {}
}

/// The real file system.
#[derive(Debug, Default)]
pub struct RealDisk;

impl Disk for RealDisk {}

/// Why a file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The file went away during the run.
    Gone,
    /// The file's content is not what was formatted any more.
    Changed,
    /// The file is read-only (its mode bits).
    ReadOnly(u32),
    /// The file's directory is read-only.
    ReadOnlyDir(PathBuf),
    /// A symbolic link to a file outside the checked tree (its target).
    Outside(PathBuf),
    /// Not a regular file (what it is).
    NotRegular(&'static str),
    /// The file system failed.
    Io(io::Error),
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

impl From<rustix::io::Errno> for WriteError {
    fn from(e: rustix::io::Errno) -> WriteError {
        WriteError::Io(e.into())
    }
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Gone => write!(f, "deleted during the run; not written"),
            WriteError::Changed => write!(
                f,
                "changed on disk during the run; not written (run rein again)"
            ),
            WriteError::ReadOnly(mode) => write!(
                f,
                "read-only file (mode {mode:04o}); not written (--force writes read-only files)"
            ),
            WriteError::ReadOnlyDir(dir) => write!(
                f,
                "its directory {} is read-only; not written (--force writes it anyway)",
                dir.display()
            ),
            WriteError::Outside(target) => write!(
                f,
                "symbolic link to {}, outside the checked tree; not written (name the link to write through it)",
                target.display()
            ),
            WriteError::NotRegular(kind) => {
                write!(f, "not a regular file ({kind}); not written")
            }
            WriteError::Io(e) => write!(f, "cannot write: {}", io_message(e)),
        }
    }
}

/// Rewrites files in place for one run (see the module documentation).
pub struct Writer {
    /// `--force`: write read-only files and files in read-only directories.
    force: bool,
    /// The directories and files the run checks, as given, and canonical (resolved when a
    /// file is first written: a run that writes nothing need not).
    given: Vec<PathBuf>,
    roots: std::sync::OnceLock<Vec<PathBuf>>,
    /// The files named explicitly, by name.
    named: HashSet<PathBuf>,
    disk: Arc<dyn Disk>,
}

impl Writer {
    /// The directories and files the run checks, canonical.
    fn roots(&self) -> &[PathBuf] {
        self.roots.get_or_init(|| {
            let mut real = crate::eval::real_paths::RealPaths::default();
            self.given.iter().filter_map(|r| real.real(r)).collect()
        })
    }

    /// A writer for a run over `roots` (the paths named) of which `named` are files,
    /// through `disk`.
    pub fn new(force: bool, roots: &[PathBuf], named: &[PathBuf], disk: Arc<dyn Disk>) -> Writer {
        Writer {
            force,
            given: roots.to_vec(),
            roots: std::sync::OnceLock::new(),
            named: named.iter().cloned().collect(),
            disk,
        }
    }

    /// Replaces the content of `path` (by name), which was `old` when it was read, with
    /// `new`.
    pub fn replace(&self, path: &Path, old: &[u8], new: &[u8]) -> Result<(), WriteError> {
        let target = self.target(path)?;
        let mut file = match open_regular(&target) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(WriteError::Gone),
            Err(e) => return Err(e.into()),
        };
        let meta = file.metadata()?;
        if !meta.file_type().is_file() {
            return Err(WriteError::NotRegular(kind(&meta.file_type())));
        }
        let dir = parent(&target);
        if !self.force {
            if !may_write(&target, &meta) {
                return Err(WriteError::ReadOnly(meta.mode() & 0o7777));
            }
            if std::fs::metadata(dir).is_ok_and(|d| !may_write(dir, &d)) {
                return Err(WriteError::ReadOnlyDir(dir.to_path_buf()));
            }
        }
        if meta.nlink() > 1 {
            return self.in_place(&target, &mut file, &meta, old, new);
        }
        let temp = match self.temp_file(dir, &meta) {
            Ok(Some(t)) => t,
            // The owner cannot be kept (or, forced, the directory is read-only).
            Ok(None) => return self.in_place(&target, &mut file, &meta, old, new),
            Err(e) => return Err(e),
        };
        let mut temp = temp;
        self.disk.write(temp.as_file_mut(), new)?;
        self.disk.before_commit(&target);
        unchanged(&mut file, &meta, &target, old)?;
        temp.persist(&target).map_err(|e| WriteError::Io(e.error))?;
        Ok(())
    }

    /// The file to write for `path`: itself, or the target of a symbolic link that may be
    /// written through.
    fn target(&self, path: &Path) -> Result<PathBuf, WriteError> {
        match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::canonicalize(path)?;
                if self.named.contains(path) || self.roots().iter().any(|r| target.starts_with(r)) {
                    Ok(target)
                } else {
                    Err(WriteError::Outside(target))
                }
            }
            Ok(_) => Ok(path.to_path_buf()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(WriteError::Gone),
            Err(e) => Err(e.into()),
        }
    }

    /// A temporary file in `dir` with the owner and mode of the file `meta`; `None` when
    /// it cannot have that owner, or (forced) the directory refuses new files.
    fn temp_file(
        &self,
        dir: &Path,
        meta: &std::fs::Metadata,
    ) -> Result<Option<tempfile::NamedTempFile>, WriteError> {
        let temp = match temp_in(dir) {
            Ok(t) => t,
            Err(e) if self.force && e.kind() == io::ErrorKind::PermissionDenied => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let mine = temp.as_file().metadata()?;
        if (mine.uid(), mine.gid()) != (meta.uid(), meta.gid()) {
            let owner = rustix::fs::Uid::from_raw(meta.uid());
            let group = rustix::fs::Gid::from_raw(meta.gid());
            if rustix::fs::fchown(temp.as_file(), Some(owner), Some(group)).is_err() {
                return Ok(None);
            }
        }
        temp.as_file()
            .set_permissions(Permissions::from_mode(meta.mode() & 0o7777))?;
        Ok(Some(temp))
    }

    /// Writes `new` over the file `target`, open as `file`, through a descriptor: the
    /// space is reserved first, so that a full disk fails before anything changes.
    fn in_place(
        &self,
        target: &Path,
        file: &mut File,
        meta: &std::fs::Metadata,
        old: &[u8],
        new: &[u8],
    ) -> Result<(), WriteError> {
        let mut out = std::fs::OpenOptions::new().write(true).open(target)?;
        let now = out.metadata()?;
        if (now.dev(), now.ino()) != (meta.dev(), meta.ino()) {
            return Err(WriteError::Changed);
        }
        let len = new.len() as u64;
        if len > 0 {
            match rustix::fs::fallocate(&out, FallocateFlags::KEEP_SIZE, 0, len) {
                Ok(()) => {}
                Err(e) if e == rustix::io::Errno::OPNOTSUPP || e == rustix::io::Errno::NOSYS => {}
                Err(e) => return Err(e.into()),
            }
        }
        self.disk.before_commit(target);
        unchanged(file, meta, target, old)?;
        self.disk.write(&mut out, new)?;
        out.set_len(len)?;
        Ok(())
    }
}

/// Writes `bytes` to `path` as a whole: through a temporary file renamed into place, with
/// the mode of the file it replaces (a new file gets the umask's). A failure leaves what
/// was there. A symbolic link is written through; a device or FIFO (`/dev/stdout`) is
/// written into.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    let mode = match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() => {
            let mut out = std::fs::OpenOptions::new().write(true).open(&target)?;
            return out.write_all(bytes).and_then(|()| out.flush());
        }
        Ok(m) => Some(m.mode() & 0o7777),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let mut temp = match mode {
        Some(_) => temp_in(parent(&target))?,
        // As `open(O_CREAT, 0666)` would create it.
        None => tempfile::Builder::new()
            .prefix(&temp_prefix())
            .permissions(Permissions::from_mode(0o666))
            .tempfile_in(parent(&target))?,
    };
    if let Some(mode) = mode {
        temp.as_file()
            .set_permissions(Permissions::from_mode(mode))?;
    }
    temp.write_all(bytes)?;
    temp.persist(&target).map_err(|e| e.error)?;
    Ok(())
}

/// Removes the temporary files a killed run of rein left in `dir`: those whose process
/// is gone, or older than an hour. Only regular files are removed, and (unless rein runs
/// as root) only the user's own.
pub fn clean_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let root = rustix::process::geteuid().is_root();
    let me = rustix::process::geteuid().as_raw();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temp_pid) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        if !meta.file_type().is_file() || (!root && meta.uid() != me) {
            continue;
        }
        let old = meta
            .modified()
            .ok()
            .and_then(|m| SystemTime::now().duration_since(m).ok())
            .is_some_and(|age| age > STALE_AGE);
        if old || !alive(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The process ID in the name of one of rein's temporary files (`.rein-tmp.PID.RANDOM`,
/// or the `.NAME.rein.PID.tmp` of rein 0.1).
fn temp_pid(name: &str) -> Option<i32> {
    if let Some(rest) = name.strip_prefix(TEMP_PREFIX) {
        let (pid, random) = rest.split_once('.')?;
        return (!random.is_empty()).then(|| pid.parse().ok()).flatten();
    }
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, pid) = rest.rsplit_once(".rein.")?;
    pid.parse().ok()
}

/// Whether the process `pid` runs (on this machine).
fn alive(pid: i32) -> bool {
    if pid == std::process::id() as i32 {
        return true;
    }
    match rustix::process::Pid::from_raw(pid) {
        Some(p) => rustix::process::test_kill_process(p) != Err(rustix::io::Errno::SRCH),
        None => false,
    }
}

fn temp_prefix() -> String {
    format!("{TEMP_PREFIX}{}.", std::process::id())
}

/// A new temporary file in `dir` (mode 0600, created exclusively with a random name).
fn temp_in(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    tempfile::Builder::new()
        .prefix(&temp_prefix())
        .rand_bytes(10)
        .tempfile_in(dir)
}

/// The directory of `path` (`.` for a bare name).
fn parent(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// Opens `path` for reading without following a symbolic link and without blocking (a
/// FIFO).
pub fn open_regular(path: &Path) -> io::Result<File> {
    let flags = OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    Ok(File::from(rustix::fs::open(path, flags, Mode::empty())?))
}

/// What a file that is not a regular file is.
pub fn kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "a special file"
    }
}

/// Whether the permission bits of `path` (with metadata `meta`) let rein write it: the
/// kernel's answer, except for root, which may write anything: then whether anyone may.
fn may_write(path: &Path, meta: &std::fs::Metadata) -> bool {
    if rustix::process::geteuid().is_root() {
        return meta.mode() & 0o222 != 0;
    }
    rustix::fs::accessat(CWD, path, Access::WRITE_OK, AtFlags::EACCESS).is_ok()
}

/// Checks that `target` is still the file `file` (with metadata `meta`) and still holds
/// `old`.
fn unchanged(
    file: &mut File,
    meta: &std::fs::Metadata,
    target: &Path,
    old: &[u8],
) -> Result<(), WriteError> {
    match std::fs::symlink_metadata(target) {
        Ok(now) if (now.dev(), now.ino()) == (meta.dev(), meta.ino()) => {}
        Ok(_) => return Err(WriteError::Changed),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(WriteError::Gone),
        Err(e) => return Err(e.into()),
    }
    file.rewind()?;
    let mut now = Vec::with_capacity(old.len());
    file.read_to_end(&mut now)?;
    if now != old {
        return Err(WriteError::Changed);
    }
    Ok(())
}

#[cfg(test)]
mod tests;
