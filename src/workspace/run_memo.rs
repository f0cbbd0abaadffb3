//! The run memo: the output and exit status of the last warm run of one invocation, kept
//! in the cache directory with the stamps ([`Stamp`]) of everything that run looked at, so
//! that the same invocation with nothing changed replays them after one `stat` per path
//! instead of resolving, looking up and restoring every file's findings again.
//!
//! An invocation is rein's build and version, the command line, the current directory,
//! the whole environment (but `_`) and whether standard output is coloured: a memo of another is
//! never replayed. Each invocation has its own memo file; a cache directory keeps the
//! [`MEMO_LIMIT`] written last. The output is stored as printed, after a small header, and
//! copied from the file (its checksum checked first, a chunk at a time). A memo is written only after a run that took every file from the cache
//! ([`super::cache`]), printed nothing on standard error and fixed nothing; it watches:
//! - every path the cache looked at ([`super::cache::Cache::watched`]): each checked
//!   file, each file whose stamp held a deep finding's read, each directory of the proofs
//!   that held listings of module paths, Ruby functions, facts and manifest names (a file
//!   added, removed or renamed in a directory changes its stamp);
//! - the directories each walk went through and the ignore files that applied;
//! - every directory above the paths named and the current directory, up to the root, and
//!   in each of those and of the walked directories, the files the run may read there
//!   ([`WATCHED_NAMES`]: configuration files, `environment.conf`, `metadata.json`,
//!   `Puppetfile`, `hiera.yaml`, ignore files), present (their stamps) or absent (the
//!   directory's stamp changes when one appears);
//! - the `--config` file.
//!
//! Absent paths are watched as absent. A memo is written only when every stamp is
//! settled ([`Stamps::is_settled`]) and the same after the run as the run saw it; a
//! replay happens only when every path's stamp is the same now, so an edit keeping the
//! size and modification time is still seen (its change time moves). A memo that is
//! missing, damaged or of another invocation is ignored: the run goes through the cache
//! as without it, and writes the memo anew. `--no-cache` reads and writes none.

use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::cache::{self, build_stamp, Cache, VERSION};
use super::stamp::{Stamp, Stamps};
use super::write::write_file;
use crate::config::{config_files_named, CONFIG_NAMES};

/// What a run looked at, each path with its stamp (`None`: absent or unreadable).
pub type Watch = Vec<(PathBuf, Option<Stamp>)>;

/// The files a run may read in a directory above or among those it checks, besides the
/// configuration files ([`CONFIG_NAMES`]).
pub const WATCHED_NAMES: [&str; 10] = [
    ".puppet-lint.rc",
    "environment.conf",
    "metadata.json",
    "Puppetfile",
    "hiera.yaml",
    ".gitignore",
    ".ignore",
    "manifests",
    "modules",
    "site",
];

/// What a warm run may read in a walked directory besides the configuration files
/// ([`config_files_named`]: `rein.toml`, `.rein.toml`, `lint.toml`, `.puppet-lint.rc`).
const WALKED_EXTRA: [&str; 1] = ["environment.conf"];

/// Adds the stamps of the files `names` present in `dir` to `out`.
fn present<'a>(out: &mut Watch, dir: &Path, names: impl Iterator<Item = &'a str>) {
    for name in names {
        let f = dir.join(name);
        if let Some(s) = Stamp::of(&f) {
            out.push((f, Some(s)));
        }
    }
}

/// The first bytes of a memo file.
const MAGIC: &[u8; 8] = b"reinmem\x02";

/// The most memos a cache directory keeps: the least recently written go first.
pub const MEMO_LIMIT: usize = 8;

/// The output is checksummed in chunks of this size (read back through one buffer).
const CHUNK: usize = 1 << 16;

/// A memo's header as stored. The file is [`MAGIC`], the header's length and checksum
/// (little-endian `u64`s), the header, then the output's `out_len` bytes as printed.
#[derive(Serialize, Deserialize)]
struct Header {
    version: String,
    key: u64,
    watch: Vec<(PathBuf, Option<Stamp>)>,
    status: i32,
    out_len: u64,
    out_sum: u64,
}

/// The memo of one invocation in a cache directory.
#[derive(Debug)]
pub struct RunMemo {
    file: PathBuf,
    key: u64,
    stamps: Stamps,
}

/// A memo that holds: the exit status kept, and the output kept, still in its file.
#[derive(Debug)]
pub struct Replay {
    pub status: i32,
    file: File,
    start: u64,
    len: u64,
}

impl Replay {
    /// Copies the output kept to `to` (by the kernel when `to` is standard output and the
    /// system allows it).
    pub fn copy_to(mut self, to: &mut impl Write) -> io::Result<()> {
        self.file.seek(SeekFrom::Start(self.start))?;
        let copied = io::copy(&mut (&mut self.file).take(self.len), to)?;
        if copied == self.len {
            Ok(())
        } else {
            Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the run memo was shortened while it was read",
            ))
        }
    }
}

/// The checksum of a memo's output: of the checksums of its [`CHUNK`]-sized pieces.
fn out_sum<'a>(chunks: impl Iterator<Item = &'a [u8]>) -> u64 {
    let sums: Vec<u8> = chunks
        .flat_map(|c| cache::checksum(c).to_le_bytes())
        .collect();
    cache::checksum(&sums)
}

/// Reads `len` bytes from `file` and gives their [`out_sum`], one chunk at a time.
fn read_out_sum(file: &mut File, len: u64) -> io::Result<u64> {
    let mut buf = vec![0u8; CHUNK];
    let mut sums = Vec::new();
    let mut left = len;
    while left > 0 {
        let n = usize::try_from(left).map_or(CHUNK, |l| l.min(CHUNK));
        file.read_exact(&mut buf[..n])?;
        sums.extend_from_slice(&cache::checksum(&buf[..n]).to_le_bytes());
        left -= n as u64;
    }
    Ok(cache::checksum(&sums))
}

impl RunMemo {
    /// The memo in `cache_dir` of this process's invocation, with `output` what else
    /// decides its output (whether it is coloured); `None` when the current directory is
    /// unknown. One memo file per invocation ([`MEMO_LIMIT`] in a cache directory).
    pub fn new(cache_dir: &Path, output: impl Hash) -> Option<RunMemo> {
        let stamps = Stamps::new();
        let cwd = std::env::current_dir().ok()?;
        let args: Vec<OsString> = std::env::args_os().skip(1).collect();
        // (Not `_`: the shell's name of the command it ran, `strace` under `strace`.)
        let mut env: Vec<(OsString, OsString)> =
            std::env::vars_os().filter(|(k, _)| k != "_").collect();
        env.sort();
        let build = build_stamp();
        let mut h = DefaultHasher::new();
        (VERSION, build, &cwd, args, env).hash(&mut h);
        output.hash(&mut h);
        let key = h.finish();
        let file = cache_dir.join(format!("memo-{:016x}.run", cache::digest((key, VERSION))));
        Some(RunMemo { file, key, stamps })
    }

    /// The output and exit status the memo keeps, when it is of this invocation, it is
    /// whole and every path it watches has the stamp it had.
    pub fn replay(&self) -> Option<Replay> {
        let mut file = File::open(&self.file).ok()?;
        let size = file.metadata().ok()?.len();
        let mut fixed = [0u8; 24];
        file.read_exact(&mut fixed).ok()?;
        let (magic, rest) = fixed.split_first_chunk::<8>()?;
        let (len, sum) = rest.split_first_chunk::<8>()?;
        let header_len = u64::from_le_bytes(*len);
        if magic != MAGIC || header_len > size.saturating_sub(24) {
            return None;
        }
        let mut header = vec![0u8; usize::try_from(header_len).ok()?];
        file.read_exact(&mut header).ok()?;
        if cache::checksum(&header) != u64::from_le_bytes(sum.try_into().ok()?) {
            return None;
        }
        let stored: Header = postcard::from_bytes(&header).ok()?;
        let start = 24 + header_len;
        if stored.version != VERSION || stored.key != self.key || stored.out_len != size - start {
            return None;
        }
        let holds = stored
            .watch
            .iter()
            .all(|(p, s)| Stamp::of(p) == *s && s.is_none_or(|s| self.stamps.is_settled(&s)));
        if !holds || read_out_sum(&mut file, stored.out_len).ok()? != stored.out_sum {
            return None;
        }
        Some(Replay {
            status: stored.status,
            file,
            start,
            len: stored.out_len,
        })
    }

    /// Keeps `stdout` and `status` with what the run looked at (`watch`), when every stamp
    /// is settled and still the same, and removes the oldest memos past [`MEMO_LIMIT`];
    /// failures are ignored (the next run goes through the cache).
    pub fn store(&self, mut watch: Watch, stdout: &[u8], status: i32) {
        watch.sort();
        watch.dedup();
        // A path seen with two stamps changed during the run.
        if watch.windows(2).any(|w| w[0].0 == w[1].0) {
            return;
        }
        let steady = watch
            .iter()
            .all(|(p, s)| s.is_none_or(|s| self.stamps.is_settled(&s)) && Stamp::of(p) == *s);
        if !steady {
            return;
        }
        let stored = Header {
            version: VERSION.to_string(),
            key: self.key,
            watch,
            status,
            out_len: stdout.len() as u64,
            out_sum: out_sum(stdout.chunks(CHUNK)),
        };
        let Ok(header) = postcard::to_allocvec(&stored) else {
            return;
        };
        let mut framed = Vec::with_capacity(24 + header.len() + stdout.len());
        framed.extend_from_slice(MAGIC);
        framed.extend_from_slice(&(header.len() as u64).to_le_bytes());
        framed.extend_from_slice(&cache::checksum(&header).to_le_bytes());
        framed.extend_from_slice(&header);
        framed.extend_from_slice(stdout);
        let Some(dir) = self.file.parent().filter(|d| d.is_dir()) else {
            return;
        };
        if write_file(&self.file, &framed).is_ok() {
            forget_oldest(dir, &self.file);
        }
    }
}

/// Removes the least recently written memos of `dir` past [`MEMO_LIMIT`] (never `kept`,
/// the one just written); a memo another run removed first is no error.
fn forget_oldest(dir: &Path, kept: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut memos: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("memo-") && name.ends_with(".run")
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .filter(|(_, p)| p != kept)
        .collect();
    if memos.len() < MEMO_LIMIT {
        return;
    }
    memos.sort();
    for (_, p) in &memos[..memos.len() + 1 - MEMO_LIMIT] {
        let _ = std::fs::remove_file(p);
    }
}

/// What a run that took every file from `cache` looked at (see the module documentation):
/// `roots` the paths named, `walked` those walked (directories, by name), `config` the
/// `--config` file; `None` when the cache decided something without stamps.
pub fn watch(
    cache: &Cache,
    roots: &[PathBuf],
    walked: &[String],
    config: Option<&Path>,
) -> Option<Watch> {
    let stamps = Stamps::new();
    let settled = |s: &Option<Stamp>| s.is_none_or(|s| stamps.is_settled(&s));
    let mut out = cache.watched(walked)?;
    // (Before looking further: a run with a recent change writes no memo.)
    if !out.iter().all(|(_, s)| settled(s)) {
        return None;
    }
    let cwd = std::env::current_dir().ok()?;
    // Above the current directory: each name, present or absent (not the directory's
    // stamp, which moves with every file written beside, as in `/tmp` or a home
    // directory).
    let mut above: foldhash::HashSet<PathBuf> = foldhash::HashSet::default();
    for root in roots.iter().chain([&cwd]) {
        let abs = cwd.join(root);
        for a in abs.ancestors() {
            if !above.insert(a.to_path_buf()) {
                break;
            }
        }
    }
    // Walked, and above the paths named within the current directory (a project's own
    // directories): the directory's stamp (which sees a name appear or go) and the files
    // present.
    let (inside, outside): (Vec<PathBuf>, Vec<PathBuf>) =
        above.into_iter().partition(|d| d.starts_with(&cwd));
    for d in outside {
        for name in CONFIG_NAMES.iter().chain(&WATCHED_NAMES) {
            let f = d.join(name);
            let s = Stamp::of(&f);
            out.push((f, s));
        }
    }
    for d in inside {
        let stamp = Stamp::of(&d).filter(|s| stamps.is_settled(s))?;
        out.push((d.clone(), Some(stamp)));
        present(
            &mut out,
            &d,
            CONFIG_NAMES.iter().chain(&WATCHED_NAMES).copied(),
        );
    }
    // A walked directory's stamp is the walk's. Of what it holds, a warm run reads only
    // the configuration files and `environment.conf` (the files checked are stamped, and
    // the evaluation's reads are the cache's). The walk saw which configuration files
    // each directory holds (one appearing changes the directory's stamp): only those and
    // `environment.conf` are looked at.
    for (d, held) in walked.iter().flat_map(|w| cache.walk_dirs(w)) {
        present(&mut out, &d, config_files_named(held).chain(WALKED_EXTRA));
    }
    if let Some(c) = config {
        out.push((c.to_path_buf(), Stamp::of(c)));
    }
    Some(out)
}
