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
