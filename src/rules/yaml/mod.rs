//! Rules on any YAML file rein checks (Hiera's, Unfurl's): what the YAML front end finds.
//! `yaml_syntax` and `yaml_tab` are reported by the YAML engine itself, as `syntax` is for
//! manifests.

pub mod yaml_duplicate_key;
pub mod yaml_syntax;
pub mod yaml_tab;
