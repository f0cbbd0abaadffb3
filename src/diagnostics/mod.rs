//! Diagnostics: findings with positions, and their output formats.
