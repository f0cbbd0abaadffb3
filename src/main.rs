//! The `rein` command-line program.

/// Stack size of the thread that runs the command: deeply nested manifests are parsed,
/// lowered, printed and dropped recursively, and must not overflow the stack.
const MAIN_STACK: usize = 256 * 1024 * 1024;

// glibc's malloc is left with its arenas (one per thread, up to 8 per core). Limiting it
// to one arena (the main one, which grows in bigger steps) saved about 3,000 `mprotect`s
// of a run taken from the cache (41.6 against 44.3 ms), but then the worker threads wait
// for each other's every allocation: a cold run of the Debian corpus on two free cores
// took 1.75 s of CPU instead of 1.0 s. glibc fixes its arena limit at the first thread
// that asks for an arena, so the command's thread cannot take the main one alone.

fn main() {
    fixed_mmap_threshold();
    let code = match std::thread::Builder::new()
        .name("rein".into())
        .stack_size(MAIN_STACK)
        .spawn(rein::cli::main)
    {
        Ok(handle) => handle.join().unwrap_or(101),
        Err(_) => rein::cli::main(),
    };
    std::process::exit(code);
}

/// Makes glibc's malloc serve every block from 128 KiB up with its own mapping, given back
/// when it is freed. By default the threshold rises to the size of each such block freed
/// (up to 32 MiB): after a big file's first large vector has grown, the next ones come
/// from the heap and their freed space stays resident. Checking 11.5 MB of real code
/// peaked at 163 MB without this, 147 MB with it; CPU time is the same (corpus run).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn fixed_mmap_threshold() {
    /// glibc's `M_MMAP_THRESHOLD` parameter of `mallopt`.
    const M_MMAP_THRESHOLD: std::ffi::c_int = -3;
    extern "C" {
        fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
    }
    // SAFETY: called first thing, before any other thread exists; `mallopt` only sets a
    // parameter of the allocator (it returns 0 when it cannot, and nothing changes).
    unsafe {
        mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn fixed_mmap_threshold() {}
