//! Fuzz target `memo`: the property `properties::memo` (tests/fuzz/properties.rs, which the
//! test suite also runs on every input fuzzing found) on every input.
#![no_main]

// Each target uses one of the properties.
#[allow(dead_code)]
#[path = "../../tests/fuzz/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::memo(data));
