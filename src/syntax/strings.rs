//! Decoding of string literals, escapes and heredoc text.
