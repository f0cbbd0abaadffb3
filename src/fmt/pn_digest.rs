//! A digest of a program's PN text, for the formatter's safety check: the input's and the
//! output's PN are compared without holding either text (a big file's PN is several times
//! its size). The text is written a block at a time into two keyed SipHash digests (128
//! bits together, keyed at random per run).

use std::hash::{BuildHasher, Hasher, RandomState};

use crate::syntax::ast::Program;
use crate::syntax::pn::{emit_program, Sink, TextSink};

/// How much PN text is held before it goes into the digest.
const BLOCK: usize = 64 * 1024;

/// The keys of the digests of one safety check (both sides must use the same).
pub(super) struct Keys(RandomState, RandomState);

impl Keys {
    pub(super) fn new() -> Keys {
        Keys(RandomState::new(), RandomState::new())
    }

    /// The digest of the PN of `program` (as [`crate::syntax::pn::to_pn`] writes it).
    pub(super) fn digest(&self, program: &Program) -> (u64, u64) {
        let mut d = Digesting {
            text: TextSink::new(false),
            a: self.0.build_hasher(),
            b: self.1.build_hasher(),
        };
        emit_program(program, &mut d);
        d.spill(0);
        (d.a.finish(), d.b.finish())
    }
}

/// A [`Sink`] that writes PN text and hashes it a block at a time.
struct Digesting {
    text: TextSink,
    a: std::hash::DefaultHasher,
    b: std::hash::DefaultHasher,
}

impl Digesting {
    /// Hashes the text written so far when there is at least `least` of it.
    fn spill(&mut self, least: usize) {
        if self.text.pending() >= least {
            let (a, b) = (&mut self.a, &mut self.b);
            self.text.drain(|t| {
                a.write(t.as_bytes());
                b.write(t.as_bytes());
            });
        }
    }
}

impl Sink for Digesting {
    fn call(&mut self, name: &str) {
        self.text.call(name);
    }
    fn list(&mut self) {
        self.text.list();
    }
    fn map(&mut self) {
        self.text.map();
    }
    fn end(&mut self) {
        self.text.end();
        self.spill(BLOCK);
    }
    fn key(&mut self, key: &str) {
        self.text.key(key);
    }
    fn int(&mut self, v: i128) {
        self.text.int(v);
    }
    fn float(&mut self, v: f64) {
        self.text.float(v);
    }
    fn str(&mut self, v: &str) {
        self.text.str(v);
        self.spill(BLOCK);
    }
    fn bool(&mut self, v: bool) {
        self.text.bool(v);
    }
    fn nil(&mut self) {
        self.text.nil();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::{self, pn};

    #[test]
    fn the_digest_is_that_of_the_pn_text_whatever_its_blocks() {
        let keys = Keys::new();
        // A program whose PN is several blocks long, in pieces of every size.
        let mut src = String::new();
        for i in 0..3000 {
            src.push_str(&format!(
                "file {{ '/tmp/{i}': content => \"{}\" }}\n",
                "x".repeat(i % 97)
            ));
        }
        let program = syntax::parse(&src).program;
        let text = pn::to_pn(&program);
        assert!(text.len() > 4 * BLOCK);
        let mut a = keys.0.build_hasher();
        let mut b = keys.1.build_hasher();
        a.write(text.as_bytes());
        b.write(text.as_bytes());
        assert_eq!(keys.digest(&program), (a.finish(), b.finish()));
    }

    #[test]
    fn programs_with_the_same_pn_have_the_same_digest_and_others_not() {
        let keys = Keys::new();
        let d = |s: &str| keys.digest(&syntax::parse(s).program);
        assert_eq!(d("$a = 'x'"), d("$a   =  \"x\"\n"));
        assert_ne!(d("$a = 'x'"), d("$a = 'y'"));
        assert_ne!(d("$a = 'x'"), d("$a = 'x' $b = 1"));
    }
}
