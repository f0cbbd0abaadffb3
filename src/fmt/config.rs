//! The formatter's settings. Where they come from (the `[format]` table of a configuration
//! file) is the business of the configuration layer, which reads them for the formatter.

/// Formatter settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatConfig {
    /// Spaces per indentation level.
    pub indent_width: usize,
    /// Maximum line width the formatter aims for.
    pub line_width: usize,
}

impl Default for FormatConfig {
    fn default() -> Self {
        FormatConfig {
            indent_width: 2,
            line_width: 140,
        }
    }
}
