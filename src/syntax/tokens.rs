//! The token stream of a parsed file, for rules that look at layout (spacing around
//! operators, arrows, brackets, line breaks) rather than at the AST.
//!
//! Tokens are the leaves of rein's concrete tree, in source order, with the kind names of
//! the grammar (`tree-sitter-grammar/CST.md`): punctuation and keywords are unnamed tokens
//! whose kind is their text (`=>`, `{`, `class`); named tokens are `name`, `variable`,
//! `type_reference`, `number`, `word`, `regex`, `comment`, `single_quoted_string`, ...
//! A double-quoted string and a heredoc body are one token each (`double_quoted_string`,
//! `heredoc_body`): their insides are in the AST (`StringPart`). Whitespace is not a token;
//! it lies between token spans.
//!
//! A parse may drop its concrete tree (most of its memory: [`ParsedFile::drop_tree`]) and
//! keep the tokens packed instead ([`super::packed`], 12 bytes each); [`tokens`] gives the same
//! either way.

use super::packed::pack;
use super::parsed::ParsedFile;

pub use super::packed::Token;

impl Token {
    /// The grammar's kind name; for punctuation and keywords, the token's text.
    pub fn kind(&self) -> &'static str {
        kind_names()
            .get(usize::from(self.kind_id))
            .copied()
            .unwrap_or("")
    }
}

/// The grammar's kind names by kind id, as `'static` strings (built once).
fn kind_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let lang = super::grammar::language();
        (0..lang.node_kind_count())
            .map(|id| {
                let name = u16::try_from(id)
                    .ok()
                    .and_then(|id| lang.node_kind_for_id(id))
                    .unwrap_or("");
                &*Box::leak(name.to_string().into_boxed_str())
            })
            .collect()
    })
}

/// The tokens of `file` in source order (empty when the file was not parsed, e.g. for
/// invalid UTF-8). Zero-width tokens (inserted by error recovery) are left out.
pub fn tokens(file: &ParsedFile) -> Vec<Token> {
    match (&file.packed, &file.tree) {
        (Some(p), _) => p.clone(),
        (None, Some(tree)) => pack(tree),
        (None, None) => Vec::new(),
    }
}

/// The tokens of `file` as its parse keeps them, when it dropped its tree (then
/// [`tokens`] would copy them).
pub fn kept(file: &ParsedFile) -> Option<&[Token]> {
    file.packed.as_deref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parse_without_its_tree_gives_the_same_tokens() {
        let src =
            "class a (String $x = \"${y}z\") {\n  # c\n  file { '/t': ensure => file }\n}\n@@@\n";
        let mut f = crate::syntax::parse(src);
        let before = tokens(&f);
        assert!(before.len() > 10);
        f.drop_tree();
        assert!(f.tree.is_none());
        assert_eq!(tokens(&f), before);
    }

    #[test]
    fn tokens_packed_while_lowering_are_those_of_the_tree() {
        let srcs = [
            "class a (String $x = \"${y}z\") {\n  # c\n  file { '/t': ensure => file }\n}\n@@@\n",
            "$a = @(E)\n  ${b} text\n  | E\nnotice(\"x${ [1, 2].map |$v| { \"${v}\" } } /* c */\")\n",
            "$h = { 'k' => @(\"X\"/L)\n  one \\\n  ${two}\n  |-X\n}\nif $a { } else { $b = -1 }\n",
            "class { x: y => ,\n",
        ];
        for src in srcs {
            let kept = crate::syntax::parse(src);
            assert!(kept.tree.is_some());
            let (packed, _) = crate::syntax::parse_bytes_packed(src.as_bytes().to_vec());
            assert!(packed.tree.is_none() && packed.packed.is_some());
            assert_eq!(tokens(&packed), tokens(&kept), "{src}");
        }
    }

    fn kinds(src: &str) -> Vec<(&'static str, String)> {
        let f = crate::syntax::parse(src);
        tokens(&f)
            .into_iter()
            .map(|t| (t.kind(), src[t.span.start()..t.span.end()].to_string()))
            .collect()
    }

    #[test]
    fn resource_tokens_in_order() {
        let got = kinds("file { 'a': # c\n  mode => \"x${y}\",\n}\n");
        let want: Vec<(&str, &str)> = vec![
            ("name", "file"),
            ("{", "{"),
            ("single_quoted_string", "'a'"),
            (":", ":"),
            ("comment", "# c"),
            ("name", "mode"),
            ("=>", "=>"),
            ("double_quoted_string", "\"x${y}\""),
            (",", ","),
            ("}", "}"),
        ];
        let got: Vec<(&str, &str)> = got.iter().map(|(k, t)| (*k, t.as_str())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn heredoc_body_is_one_token() {
        let got = kinds("$a = @(E)\n  text\n  | E\n$b = 1\n");
        let ks: Vec<&str> = got.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            ks,
            vec![
                "variable",
                "=",
                "heredoc",
                "heredoc_body",
                "variable",
                "=",
                "number"
            ]
        );
    }
}
