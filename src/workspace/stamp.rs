//! A file's stamp: its device, inode, size and modification and change times, as the
//! cache's fast path (as ruff and git do): a file whose stamp is the one stored with a
//! digest of its bytes still has those bytes, so a warm run need not read it.
//!
//! A stamp is only stored when it is *settled*: its change time is well before the run
//! began, so that a write during the run (or within the clock's granularity of the moment
//! the bytes were read) cannot give new bytes under the stamp stored. The change time
//! cannot be set by a user (`touch -d` sets the modification time only), and any write
//! moves it, so a stamp that matches is a file nobody wrote since. Where stamps cannot be
//! read (not Unix), there are none and the bytes are always digested.

use std::path::Path;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

/// How long before the start of the run a file must have last changed for its stamp to
/// be stored (more than any file system's timestamp granularity).
const SETTLED: Duration = Duration::from_secs(2);

/// A file's device, inode, size, and modification and change times (nanoseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Stamp([i64; 5]);

impl Stamp {
    /// The stamp of `path` now (following symbolic links), `None` when it cannot be read.
    #[cfg(unix)]
    pub fn of(path: &Path) -> Option<Stamp> {
        Some(Stamp::from_meta(&std::fs::metadata(path).ok()?))
    }

    #[cfg(unix)]
    fn from_meta(m: &std::fs::Metadata) -> Stamp {
        use std::os::unix::fs::MetadataExt;
        let ns = |s: i64, n: i64| s.saturating_mul(1_000_000_000).saturating_add(n);
        Stamp([
            m.dev() as i64,
            m.ino() as i64,
            m.size() as i64,
            ns(m.mtime(), m.mtime_nsec()),
            ns(m.ctime(), m.ctime_nsec()),
        ])
    }

    #[cfg(not(unix))]
    pub fn of(_path: &Path) -> Option<Stamp> {
        None
    }

    /// The stamp of `path` (as [`Stamp::of`]), whether `path` is a symbolic link, and the
    /// type of what it is (of where it leads), with one system call for a file that is not
    /// a link.
    #[cfg(unix)]
    pub fn with_link(path: &Path) -> Option<(Stamp, bool, std::fs::FileType)> {
        let m = std::fs::symlink_metadata(path).ok()?;
        if m.file_type().is_symlink() {
            let target = std::fs::metadata(path).ok()?;
            return Some((Stamp::from_meta(&target), true, target.file_type()));
        }
        Some((Stamp::from_meta(&m), false, m.file_type()))
    }

    #[cfg(not(unix))]
    pub fn with_link(_path: &Path) -> Option<(Stamp, bool, std::fs::FileType)> {
        None
    }

    /// The inode number.
    pub fn ino(&self) -> u64 {
        self.0[1] as u64
    }

    /// The change time, in nanoseconds since the epoch.
    fn changed(&self) -> i64 {
        self.0[4]
    }
}

/// The stamps a run stores: the moment before which a file's last change must lie for
/// its stamp to be stored.
#[derive(Debug)]
pub struct Stamps {
    /// Nanoseconds since the epoch: the start of the run less [`SETTLED`].
    settled_before: i64,
}

impl Stamps {
    /// Stamps for a run starting now.
    pub fn new() -> Stamps {
        Stamps::before(SystemTime::now())
    }

    /// Stamps for a run starting at `start`.
    pub fn before(start: SystemTime) -> Stamps {
        let settled_before = start
            .checked_sub(SETTLED)
            .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
            .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX));
        Stamps { settled_before }
    }

    /// Whether `stamp` is settled: its change time is well before the run began.
    pub fn is_settled(&self, stamp: &Stamp) -> bool {
        stamp.changed() < self.settled_before
    }

    /// The stamp of `path` to store beside a digest of the bytes read from it in this
    /// run: `None` when the file changed too recently for the stamp to be trusted.
    pub fn settled(&self, path: &Path) -> Option<Stamp> {
        Stamp::of(path).filter(|s| s.changed() < self.settled_before)
    }
}

impl Default for Stamps {
    fn default() -> Stamps {
        Stamps::new()
    }
}
