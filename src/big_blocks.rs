//! The program's allocator: mimalloc, except for big blocks, which are the kernel's own
//! mappings.
//!
//! mimalloc grows a block by copying it into a new one: a list grown by doubling is then
//! touched twice over at its last doubling, both copies at once. A 1,000,000-line manifest
//! of small resources has 600,000 findings: their list's last doubling touched 142 MB for
//! 71 MB of findings, and made the check's peak 22x the file. A block of at least [`BIG`]
//! bytes is mapped on its own instead: `mremap` grows and shrinks it by moving its pages,
//! without a copy, and it is given back to the system as soon as it is freed. Big blocks
//! are few (a big file's text, tokens, statements and findings), so their system calls
//! cost nothing measurable.

use std::alloc::{GlobalAlloc, Layout};
use std::ptr::{self, null_mut};

use mimalloc::MiMalloc;
use rustix::mm::{mmap_anonymous, mremap, munmap, MapFlags, MremapFlags, ProtFlags};

/// The size from which a block is a mapping of its own.
pub const BIG: usize = 4 << 20;

/// The page size the mappings are rounded to (a mapping's start is page-aligned, which
/// meets any alignment up to it).
const PAGE: usize = 4096;

/// mimalloc, with big blocks mapped on their own.
pub struct Allocator;

/// Whether a block of layout `l` is a mapping of its own.
fn big(l: Layout) -> bool {
    l.size() >= BIG && l.align() <= PAGE
}

/// `size` rounded up to whole pages.
fn pages(size: usize) -> usize {
    size.div_ceil(PAGE) * PAGE
}

/// A new mapping of `size` bytes (zeroed), or null.
fn map(size: usize) -> *mut u8 {
    // SAFETY: a new anonymous private mapping, at an address the kernel chooses.
    match unsafe {
        mmap_anonymous(
            null_mut(),
            pages(size),
            ProtFlags::READ | ProtFlags::WRITE,
            MapFlags::PRIVATE,
        )
    } {
        Ok(p) => p.cast(),
        Err(_) => null_mut(),
    }
}

// SAFETY: every block is either mimalloc's (not big) or a mapping of its own (big), and a
// layout's size says which, as the caller gives back the layout it was allocated with.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if big(l) {
            map(l.size())
        } else {
            // SAFETY: the caller's layout, passed on.
            unsafe { MiMalloc.alloc(l) }
        }
    }

    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        if big(l) {
            // A new anonymous mapping reads as zeros.
            map(l.size())
        } else {
            // SAFETY: the caller's layout, passed on.
            unsafe { MiMalloc.alloc_zeroed(l) }
        }
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        if big(l) {
            // SAFETY: `p` is a mapping of `pages(l.size())` bytes made by `map` or `mremap`.
            let _ = unsafe { munmap(p.cast(), pages(l.size())) };
        } else {
            // SAFETY: the caller's block and layout, passed on.
            unsafe { MiMalloc.dealloc(p, l) }
        }
    }

    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees `size`, rounded up to `l.align()`, fits an isize.
        let new = unsafe { Layout::from_size_align_unchecked(size, l.align()) };
        match (big(l), big(new)) {
            // SAFETY: the caller's block and layout, passed on.
            (false, false) => unsafe { MiMalloc.realloc(p, l, size) },
            (true, true) => {
                // SAFETY: `p` is a mapping of `pages(l.size())` bytes; it may move.
                match unsafe {
                    mremap(p.cast(), pages(l.size()), pages(size), MremapFlags::MAYMOVE)
                } {
                    Ok(q) => q.cast(),
                    Err(_) => null_mut(),
                }
            }
            _ => {
                // SAFETY: `new` is a valid layout (above).
                let q = unsafe { self.alloc(new) };
                if !q.is_null() {
                    // SAFETY: both blocks hold at least the smaller size, and do not overlap.
                    unsafe {
                        ptr::copy_nonoverlapping(p, q, l.size().min(size));
                        self.dealloc(p, l);
                    }
                }
                q
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A block of `size` bytes from `Allocator`, filled with a pattern.
    fn filled(size: usize) -> (*mut u8, Layout) {
        let l = Layout::from_size_align(size, 8).expect("layout");
        // SAFETY: a non-zero size.
        let p = unsafe { Allocator.alloc(l) };
        assert!(!p.is_null());
        for i in 0..size {
            // SAFETY: within the block.
            unsafe { p.add(i).write((i % 251) as u8) };
        }
        (p, l)
    }

    fn holds_pattern(p: *const u8, size: usize) -> bool {
        // SAFETY: the caller's block holds `size` bytes.
        (0..size).all(|i| unsafe { p.add(i).read() } == (i % 251) as u8)
    }

    #[test]
    fn blocks_keep_their_bytes_across_every_kind_of_resize() {
        // Small to big (copied into a mapping), big to bigger (moved by the kernel), big
        // to small (copied back to mimalloc), small to small.
        let (p, l) = filled(1000);
        // SAFETY: the block and layout just made; each resize's result replaces them.
        unsafe {
            let p = Allocator.realloc(p, l, BIG + 10);
            assert!(!p.is_null());
            assert!(holds_pattern(p, 1000));
            let l = Layout::from_size_align(BIG + 10, 8).expect("layout");
            for i in 1000..BIG + 10 {
                p.add(i).write((i % 251) as u8);
            }
            let q = Allocator.realloc(p, l, 3 * BIG);
            assert!(!q.is_null());
            assert!(holds_pattern(q, BIG + 10));
            let l = Layout::from_size_align(3 * BIG, 8).expect("layout");
            let r = Allocator.realloc(q, l, 500);
            assert!(!r.is_null());
            assert!(holds_pattern(r, 500));
            let l = Layout::from_size_align(500, 8).expect("layout");
            let s = Allocator.realloc(r, l, 700);
            assert!(holds_pattern(s, 500));
            Allocator.dealloc(s, Layout::from_size_align(700, 8).expect("layout"));
        }
    }

    #[test]
    fn a_big_zeroed_block_reads_as_zeros_and_a_list_grows_through_the_threshold() {
        let l = Layout::from_size_align(BIG, 16).expect("layout");
        // SAFETY: a non-zero size; the block is freed with its layout.
        unsafe {
            let p = Allocator.alloc_zeroed(l);
            assert!(!p.is_null());
            assert!((0..BIG).step_by(997).all(|i| p.add(i).read() == 0));
            Allocator.dealloc(p, l);
        }
        // The global allocator of the test binary is not this one: a list is grown through
        // `Allocator` by hand, as `Vec` grows, doubling.
        let (mut p, mut l) = filled(64);
        let mut size = 64;
        while size < 4 * BIG {
            let next = size * 2;
            // SAFETY: the current block and layout; replaced by the result.
            p = unsafe { Allocator.realloc(p, l, next) };
            assert!(!p.is_null());
            assert!(holds_pattern(p, size));
            for i in size..next {
                // SAFETY: within the grown block.
                unsafe { p.add(i).write((i % 251) as u8) };
            }
            size = next;
            l = Layout::from_size_align(size, 8).expect("layout");
        }
        assert!(holds_pattern(p, size));
        // SAFETY: the last block and its layout.
        unsafe { Allocator.dealloc(p, l) };
    }
}
