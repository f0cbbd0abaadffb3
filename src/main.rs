//! The `rein` command-line program.

/// Stack size of the thread that runs the command: deeply nested manifests are parsed,
/// lowered, printed and dropped recursively, and must not overflow the stack.
const MAIN_STACK: usize = 256 * 1024 * 1024;

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
