//! Rules on Hiera's files: `hiera.yaml` (version 5) and the data files of its layer.
//! Shared: the interpolations `%{...}` of strings ([`interpolation`]).

pub mod interpolation;
