//! Fuzz target `epp`: the property `properties::epp` (tests/fuzz/properties.rs, which the
//! test suite also runs on every input fuzzing found) on every input.
#![no_main]

// Each target uses one of the properties.
#[allow(dead_code)]
#[path = "../../tests/fuzz/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::epp(data));
