//! Tests of safe writes: each fault the module guards against, on real files.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::sync::Mutex;

use super::*;

/// A writer over `dir` (the checked tree) with `named` files, through `disk`.
fn writer(dir: &Path, named: &[&Path], force: bool, disk: Arc<dyn Disk>) -> Writer {
    let named: Vec<PathBuf> = named.iter().map(|p| p.to_path_buf()).collect();
    Writer::new(force, &[dir.to_path_buf()], &named, disk)
}

fn real(dir: &Path) -> Writer {
    writer(dir, &[], false, Arc::new(RealDisk))
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A file `name` in `dir` holding `old\n`.
fn old_file(dir: &Path, name: &str) -> PathBuf {
    let f = dir.join(name);
    std::fs::write(&f, "old\n").unwrap();
    f
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().mode() & 0o7777
}

#[test]
fn replaces_a_file_keeping_its_mode() {
    let dir = tempfile::tempdir().unwrap();
    let f = old_file(dir.path(), "a.pp");
    std::fs::set_permissions(&f, Permissions::from_mode(0o640)).unwrap();
    real(dir.path()).replace(&f, b"old\n", b"new\n").unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "new\n");
    assert_eq!(mode(&f), 0o640);
    assert_eq!(names(dir.path()), ["a.pp"]);
}

/// Records the mode of the file being written when its first byte is written.
#[derive(Default)]
struct ModeAtWrite(Mutex<Vec<u32>>);

impl Disk for ModeAtWrite {
    fn write(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        let m = file.metadata()?.mode() & 0o7777;
        self.0.lock().unwrap().push(m);
        file.write_all(bytes)
    }
}

#[test]
fn the_mode_is_set_before_any_content_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let f = old_file(dir.path(), "secret.pp");
    std::fs::set_permissions(&f, Permissions::from_mode(0o600)).unwrap();
    let disk = Arc::new(ModeAtWrite::default());
    writer(dir.path(), &[], false, disk.clone())
        .replace(&f, b"old\n", b"new\n")
        .unwrap();
    assert_eq!(*disk.0.lock().unwrap(), [0o600]);
    assert_eq!(mode(&f), 0o600);
}

#[test]
fn a_symlink_inside_the_tree_is_written_through_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let target = old_file(dir.path(), "real.pp");
    let link = dir.path().join("link.pp");
    std::os::unix::fs::symlink("real.pp", &link).unwrap();
    real(dir.path()).replace(&link, b"old\n", b"new\n").unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new\n");
}

#[test]
fn a_symlink_out_of_the_tree_is_written_only_when_named() {
    let outside = tempfile::tempdir().unwrap();
    let notes = outside.path().join("notes.txt");
    std::fs::write(&notes, "old\n").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("x.pp");
    std::os::unix::fs::symlink(&notes, &link).unwrap();
    let e = real(dir.path())
        .replace(&link, b"old\n", b"new\n")
        .unwrap_err();
    let canonical = notes.canonicalize().unwrap();
    assert_eq!(
        e.to_string(),
        format!(
            "symbolic link to {}, outside the checked tree; not written (name the link to write through it)",
            canonical.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "old\n");
    writer(dir.path(), &[&link], false, Arc::new(RealDisk))
        .replace(&link, b"old\n", b"new\n")
        .unwrap();
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "new\n");
    assert_eq!(names(outside.path()), ["notes.txt"]);
}

#[test]
fn a_read_only_file_is_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let f = old_file(dir.path(), "a.pp");
    std::fs::set_permissions(&f, Permissions::from_mode(0o444)).unwrap();
    let e = real(dir.path())
        .replace(&f, b"old\n", b"new\n")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "read-only file (mode 0444); not written (--force writes read-only files)"
    );
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "old\n");
    writer(dir.path(), &[], true, Arc::new(RealDisk))
        .replace(&f, b"old\n", b"new\n")
        .unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "new\n");
    assert_eq!(mode(&f), 0o444);
}

#[test]
fn hard_links_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.pp");
    let b = dir.path().join("b.pp");
    std::fs::write(&a, "old old old\n").unwrap();
    std::fs::hard_link(&a, &b).unwrap();
    real(dir.path())
        .replace(&a, b"old old old\n", b"new\n")
        .unwrap();
    assert_eq!(std::fs::read_to_string(&b).unwrap(), "new\n");
    assert_eq!(std::fs::metadata(&a).unwrap().nlink(), 2);
    assert_eq!(names(dir.path()), ["a.pp", "b.pp"]);
}

#[test]
fn the_owner_is_kept_when_root_writes_another_users_file() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("skipped: only root can give a file to another user");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let f = old_file(dir.path(), "a.pp");
    std::os::unix::fs::chown(&f, Some(65534), Some(65534)).unwrap();
    real(dir.path()).replace(&f, b"old\n", b"new\n").unwrap();
    let m = std::fs::metadata(&f).unwrap();
    assert_eq!((m.uid(), m.gid()), (65534, 65534));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "new\n");
}

/// Runs `f` on the target just before it is compared and replaced.
struct Meddle(Box<dyn Fn(&Path) + Send + Sync>);

impl Disk for Meddle {
    fn before_commit(&self, target: &Path) {
        (self.0)(target)
    }
}

#[test]
fn a_file_changed_or_deleted_during_the_run_is_not_overwritten() {
    for hard_link in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.pp");
        std::fs::write(&f, "old\n").unwrap();
        if hard_link {
            std::fs::hard_link(&f, dir.path().join("b.pp")).unwrap();
        }
        let edit = Meddle(Box::new(|t| std::fs::write(t, "edited\n").unwrap()));
        let w = writer(dir.path(), &[], false, Arc::new(edit));
        let e = w.replace(&f, b"old\n", b"new\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "changed on disk during the run; not written (run rein again)"
        );
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "edited\n");
        let delete = Meddle(Box::new(|t| std::fs::remove_file(t).unwrap()));
        std::fs::write(&f, "old\n").unwrap();
        let w = writer(dir.path(), &[], false, Arc::new(delete));
        let e = w.replace(&f, b"old\n", b"new\n").unwrap_err();
        assert_eq!(e.to_string(), "deleted during the run; not written");
        assert!(!f.exists());
        let left = if hard_link { vec!["b.pp"] } else { vec![] };
        assert_eq!(names(dir.path()), left);
    }
}

/// A disk that fills up after `room` bytes of a write.
struct Full {
    room: usize,
}

impl Disk for Full {
    fn write(&self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(bytes.get(..self.room).unwrap_or(bytes))?;
        Err(io::Error::from_raw_os_error(28))
    }
}

#[test]
fn a_full_disk_loses_nothing() {
    for hard_link in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.pp");
        std::fs::write(&f, "old\n").unwrap();
        if hard_link {
            std::fs::hard_link(&f, dir.path().join("b.pp")).unwrap();
        }
        let w = writer(dir.path(), &[], false, Arc::new(Full { room: 0 }));
        let e = w.replace(&f, b"old\n", b"new text\n").unwrap_err();
        assert_eq!(e.to_string(), "cannot write: No space left on device");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "old\n");
        let left = if hard_link {
            vec!["a.pp", "b.pp"]
        } else {
            vec!["a.pp"]
        };
        assert_eq!(names(dir.path()), left);
    }
}

#[test]
fn a_fifo_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("p.pp");
    rustix::fs::mknodat(
        CWD,
        &f,
        rustix::fs::FileType::Fifo,
        Mode::from_raw_mode(0o644),
        0,
    )
    .unwrap();
    let e = real(dir.path()).replace(&f, b"", b"new\n").unwrap_err();
    assert_eq!(e.to_string(), "not a regular file (a FIFO); not written");
}

#[test]
fn stale_temporary_files_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new("true").spawn().unwrap();
    let dead = child.id();
    child.wait().unwrap();
    let me = std::process::id();
    for name in [
        format!("{TEMP_PREFIX}{dead}.abcdef"),
        format!("{TEMP_PREFIX}{me}.abcdef"),
        format!(".a.pp.rein.{dead}.tmp"),
        format!("{TEMP_PREFIX}{dead}."),
        "keep.pp".to_string(),
    ] {
        std::fs::write(dir.path().join(name), "x").unwrap();
    }
    std::fs::create_dir(dir.path().join(format!("{TEMP_PREFIX}{dead}.dir"))).unwrap();
    clean_stale(dir.path());
    let mut left = vec![
        format!("{TEMP_PREFIX}{dead}."),
        format!("{TEMP_PREFIX}{dead}.dir"),
        format!("{TEMP_PREFIX}{me}.abcdef"),
        "keep.pp".to_string(),
    ];
    left.sort();
    assert_eq!(names(dir.path()), left);
}

#[test]
fn write_file_writes_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("report.json");
    write_file(&f, b"[]\n").unwrap();
    let plain = dir.path().join("plain");
    std::fs::write(&plain, "").unwrap();
    assert_eq!(mode(&f), mode(&plain));
    std::fs::set_permissions(&f, Permissions::from_mode(0o600)).unwrap();
    write_file(&f, b"[1]\n").unwrap();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "[1]\n");
    assert_eq!(mode(&f), 0o600);
    let missing = dir.path().join("no/such/dir/r.json");
    assert!(write_file(&missing, b"x").is_err());
    assert_eq!(names(dir.path()), ["plain", "report.json"]);
}
