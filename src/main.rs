//! The `rein` command-line program.

/// Stack size of the thread that runs the command: deeply nested manifests are parsed,
/// lowered, printed and dropped recursively, and must not overflow the stack.
const MAIN_STACK: usize = 256 * 1024 * 1024;

fn main() {
    one_malloc_arena();
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

/// Makes glibc's malloc serve every thread from its main arena. The command runs on a
/// thread of its own (for its stack), and glibc grows another thread's arena a few pages
/// at a time, one `mprotect` each (about 3,000 in a run taken from the cache, a fifth of
/// its system time); the main arena grows by larger steps. Each thread keeps its own
/// cache of small blocks, so the worker threads seldom wait for one another.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn one_malloc_arena() {
    /// glibc's `M_ARENA_MAX` parameter of `mallopt`.
    const M_ARENA_MAX: std::ffi::c_int = -8;
    extern "C" {
        fn mallopt(param: std::ffi::c_int, value: std::ffi::c_int) -> std::ffi::c_int;
    }
    // SAFETY: called first thing, before any other thread exists; `mallopt` only sets a
    // parameter of the allocator (it returns 0 when it cannot, and nothing changes).
    unsafe {
        mallopt(M_ARENA_MAX, 1);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn one_malloc_arena() {}
