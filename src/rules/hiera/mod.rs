//! Rules on Hiera's files: `hiera.yaml` (version 5) and the data files of its layer.
//! Shared: the interpolations `%{...}` of strings ([`interpolation`]).

pub mod class_params;
pub mod hiera_config;
pub mod hiera_interpolation;
pub mod hiera_lookup_options;
pub mod hiera_type_mismatch;
pub mod hiera_unknown_key;
pub mod interpolation;
pub mod puppet_value;
