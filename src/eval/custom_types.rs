//! Custom resource types of modules (`<module>/lib/puppet/type/<name>.rb`), read without
//! running Ruby: the type's name (`Puppet::Type.newtype(:name)`, or `Type.newtype(:name)`
//! inside `module Puppet`), its parameters and
//! properties (`newparam(:x)`, `newproperty(:x)`, `ensurable` for `ensure`) and its namevar.
//!
//! A type file is *closed* when those calls are all there is to know: every `newparam` and
//! `newproperty` names a literal symbol or string, and nothing else can add attributes (a
//! mixin `include`/`extend`, `instance_eval`/`class_eval`, a second `newtype`, attributes
//! made in a loop). Only a closed type's attribute list is used to report unknown
//! attributes; an open one is treated as unknown, so that rein never reports an attribute
//! a type has. The run's module store keeps the types read.

/// What a custom type file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CustomType {
    pub name: String,
    /// Parameters and properties (`ensure` when the type is `ensurable`), sorted.
    pub attributes: Vec<String>,
    /// Whether `attributes` is the whole list (see the module documentation).
    pub closed: bool,
}

impl CustomType {
    /// Whether the type takes `attr` (its own attribute, `name` or `provider`); `None` when
    /// the type is open, so nobody can tell.
    pub fn takes(&self, attr: &str) -> Option<bool> {
        if !self.closed {
            return None;
        }
        Some(
            attr == "name"
                || attr == "provider"
                || self
                    .attributes
                    .binary_search_by(|a| a.as_str().cmp(attr))
                    .is_ok(),
        )
    }
}

/// The first argument of a call `name(` or `name ` at the start of `rest`: a literal symbol
/// (`:x`) or string (`'x'`, `"x"`) gives `Some(Some(x))`, anything else `Some(None)`.
fn literal_argument(rest: &str) -> Option<String> {
    let rest = rest.trim_start_matches(['(', ' ', '\t']);
    if let Some(sym) = rest.strip_prefix(':') {
        let end = sym
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(sym.len());
        return (end > 0).then(|| sym.get(..end).unwrap_or("").to_string());
    }
    for q in ['\'', '"'] {
        if let Some(s) = rest.strip_prefix(q) {
            let end = s.find(q)?;
            let v = s.get(..end)?;
            return (!v.is_empty() && !v.contains("#{")).then(|| v.to_string());
        }
    }
    None
}

/// Reads the text of a type file.
pub fn parse(text: &str) -> Option<CustomType> {
    let mut name = None;
    let mut newtypes = 0;
    let mut attributes = Vec::new();
    let mut closed = true;
    let mut in_heredoc: Option<String> = None;
    for raw in text.lines() {
        let line = raw.trim();
        if let Some(end) = &in_heredoc {
            if line == end {
                in_heredoc = None;
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        // `<<-EOT`, `<<~EOT`: documentation text, which may mention `newparam(`.
        if let Some(i) = line.find("<<-").or_else(|| line.find("<<~")) {
            let tag: String = line
                .get(i + 3..)
                .unwrap_or("")
                .trim_matches(['\'', '"'])
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if !tag.is_empty() {
                in_heredoc = Some(tag);
            }
        }
        // `Puppet::Type.newtype(:x)`, or `Type.newtype(:x)` inside `module Puppet`.
        if let Some(i) = line.find("Type.newtype") {
            newtypes += 1;
            name = literal_argument(line.get(i + "Type.newtype".len()..).unwrap_or(""));
            continue;
        }
        for call in ["newparam", "newproperty"] {
            if let Some(rest) = line.strip_prefix(call) {
                if rest.starts_with(['(', ' ']) {
                    match literal_argument(rest) {
                        Some(a) => attributes.push(a),
                        None => closed = false,
                    }
                }
            } else if line.contains(&format!(".{call}")) || line.contains(&format!(" {call}(")) {
                // `Puppet::Type.type(:x).newparam`, `[...].each { |p| newparam(p) }`.
                closed = false;
            }
        }
        if line == "ensurable" || line.starts_with("ensurable ") || line.starts_with("ensurable(") {
            attributes.push("ensure".to_string());
        }
        let first = line.split_whitespace().next().unwrap_or("");
        if [
            "include",
            "extend",
            "instance_eval",
            "class_eval",
            "newmetaparam",
        ]
        .contains(&first)
            || line.contains("instance_eval")
            || line.contains("class_eval")
        {
            closed = false;
        }
    }
    let name = name?;
    if newtypes != 1 {
        closed = false;
    }
    attributes.sort();
    attributes.dedup();
    Some(CustomType {
        name,
        attributes,
        closed,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_parameters_properties_and_ensurable() {
        let t = parse(
            "# frozen_string_literal: true\n\
             Puppet::Type.newtype(:my_thing) do\n  @doc = <<-DOC\n    newparam(:not_this) in the docs\n  DOC\n  ensurable\n\n  newparam(:name, namevar: true) do\n    desc 'x'\n  end\n  newproperty(:value) do\n  end\n  newparam 'path'\nend\n",
        );
        assert_eq!(
            t,
            Some(CustomType {
                name: "my_thing".into(),
                attributes: vec![
                    "ensure".into(),
                    "name".into(),
                    "path".into(),
                    "value".into()
                ],
                closed: true,
            })
        );
        let t = t.unwrap_or_else(|| panic!("parsed"));
        assert_eq!(t.takes("value"), Some(true));
        assert_eq!(t.takes("provider"), Some(true));
        assert_eq!(t.takes("bogus"), Some(false));
    }

    #[test]
    fn anything_dynamic_opens_the_type() {
        for body in [
            "  [:a, :b].each do |p|\n    newparam(p)\n  end\n",
            "  include PuppetX::Mixin\n",
            "  newproperty(name_of_it)\n",
            "  Puppet::Type.type(:other).newparam(:x)\n",
            "  newparam(\"#{prefix}_x\")\n",
        ] {
            let text = format!("Puppet::Type.newtype(:t) do\n  newparam(:name)\n{body}end\n");
            let t = parse(&text).unwrap_or_else(|| panic!("{text}"));
            assert!(!t.closed, "{body}");
            assert_eq!(t.takes("anything"), None);
        }
        assert_eq!(parse("class Foo; end\n"), None);
    }
}
