//! The `rein` command-line program.

/// Stack size of the thread that runs the command: deeply nested manifests are parsed,
/// lowered, printed and dropped recursively, and must not overflow the stack.
const MAIN_STACK: usize = 256 * 1024 * 1024;

// The allocator is mimalloc: with glibc's malloc, a cold check of the Debian corpus took
// 14% more CPU (malloc and free were a fifth of the run), and a warm one a page-sized
// `mprotect` each time a worker's arena grew. Limiting glibc to one arena made the
// workers wait for each other's every allocation.

#[cfg(target_os = "linux")]
mod big_blocks;

// On Linux, big blocks are mappings of their own, grown without a copy (`big_blocks`).
#[cfg(target_os = "linux")]
#[global_allocator]
static ALLOCATOR: big_blocks::Allocator = big_blocks::Allocator;

#[cfg(not(target_os = "linux"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_arena_eager_commit` and `mi_option_purge_delay` (its
/// `mimalloc.h`, v3).
#[cfg(target_os = "linux")]
const ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
#[cfg(target_os = "linux")]
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Sets mimalloc's options before the program's first allocation (its first arena is
/// made then, with the options it finds): arenas committed on demand, and freed pages
/// given back after 2 ms, not kept for a second (the default). A cold check of the Debian
/// corpus then peaks at about 58 MB instead of 115 MB. Giving them back at once (a delay
/// of 0) costs 9% more CPU there: each page given back is an `madvise` whose TLB
/// shootdown interrupts the other workers, and is faulted in again soon after (0.74
/// against 0.68 s). 2 ms costs nothing measurable against 10 ms (0.678 against 0.676 s,
/// five runs each) and keeps a big file's peak steady: checking a 3.2 MB manifest of
/// small resources peaked at 72 or 74 MB from run to run with 10 ms (whether the pages
/// the evaluation gave back were reused by the rules' findings), at 71.2-71.6 MB with 2 ms.
#[cfg(target_os = "linux")]
#[used]
#[unsafe(link_section = ".init_array")]
static SET_ALLOCATOR_OPTIONS: extern "C" fn() = set_allocator_options;

#[cfg(target_os = "linux")]
extern "C" fn set_allocator_options() {
    // SAFETY: runs before `main`, before any allocation or thread.
    unsafe {
        libmimalloc_sys::mi_option_set(ARENA_EAGER_COMMIT, 0);
        libmimalloc_sys::mi_option_set(PURGE_DELAY, 2);
    }
}

fn main() {
    // tree-sitter's C code allocates with mimalloc too (its nodes are most of a parse's
    // allocations).
    // SAFETY: before any other tree-sitter call; the functions are mimalloc's malloc,
    // calloc, realloc and free, which meet libc's alignment.
    unsafe {
        tree_sitter::set_allocator(Some(tree_sitter::Allocator {
            malloc: libmimalloc_sys::mi_malloc,
            calloc: libmimalloc_sys::mi_calloc,
            realloc: libmimalloc_sys::mi_realloc,
            free: libmimalloc_sys::mi_free,
        }));
    }
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
