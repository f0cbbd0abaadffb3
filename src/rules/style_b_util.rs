//! Helpers shared by the style B rules (puppet-lint checks about strings, resources,
//! conditionals, nodes, variables and facts): resource attributes, quoting, the position
//! of the current node inside strings, and the table of legacy facts.

use super::{Context, Slot};
use crate::syntax::{AttributeOp, Expr, ExprKind, Ident, ResourceBody, Span};

/// The resource type of a resource expression as written (`file`, `concat`, `class`), when
/// it is a plain name.
pub fn type_name(type_name: &Expr) -> Option<&str> {
    match &type_name.kind {
        ExprKind::QualifiedName(n) => Some(n.as_str()),
        _ => None,
    }
}

/// The named attributes of a resource body: index among all operations (splats count),
/// name, value.
pub fn attributes(body: &ResourceBody) -> impl Iterator<Item = (usize, &Ident, &Expr)> {
    body.ops.iter().enumerate().filter_map(|(i, op)| match op {
        AttributeOp::Attribute { name, value, .. } => Some((i, name, value)),
        AttributeOp::Splat { .. } => None,
    })
}

/// `value` as a single-quoted Puppet string. In single quotes only `\\` and `\'` are
/// escapes, so a backslash is doubled only before `\`, `'` or the closing quote.
pub fn single_quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        let escape = match c {
            '\'' => true,
            '\\' => matches!(chars.peek(), None | Some('\\' | '\'')),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    out
}

/// Whether the current node is interpolated into a string without braces (`"$x"`).
pub fn in_unbraced_interpolation(cx: &Context<'_>, expr: &Expr) -> bool {
    if cx.slot() != Some(Slot::Interpolation) {
        return false;
    }
    let Some(parent) = cx.parent() else {
        return false;
    };
    let parts = match &parent.expr.kind {
        ExprKind::Concat(parts) => parts,
        _ => return false,
    };
    parts.iter().any(|p| match p {
        crate::syntax::StringPart::Interpolation {
            expr: e, braces, ..
        } => !braces && e.span == expr.span,
        _ => false,
    })
}

/// The whitespace that starts the line holding `offset`, when only whitespace precedes
/// `offset` on its line.
pub fn indent_before(source: &str, offset: usize) -> Option<&str> {
    let line_start = source.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let before = source.get(line_start..offset)?;
    before
        .chars()
        .all(|c| c == ' ' || c == '\t')
        .then_some(before)
}

/// The span of the first `=>` or `+>` between `from` and `to`.
pub fn arrow_between(source: &str, from: usize, to: usize) -> Option<Span> {
    let text = source.get(from..to)?;
    let i = text.find("=>").or_else(|| text.find("+>"))?;
    Some(Span::new(from + i, from + i + 2))
}

/// Whether `expr` contains a heredoc anywhere.
pub fn contains_heredoc(expr: &Expr) -> bool {
    if matches!(expr.kind, ExprKind::Heredoc(_)) {
        return true;
    }
    let mut found = false;
    crate::syntax::visit::for_each_child(expr, &mut |c, _| {
        found = found || contains_heredoc(c);
    });
    found
}

/// What the legacy fact `name` is in the structured facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegacyFact {
    /// `$facts` keys of the structured fact (`["os", "family"]`).
    Structured(Vec<String>),
    /// A legacy fact with no structured equivalent.
    Unconvertible,
}

/// Legacy facts with a one-to-one structured equivalent (from Facter's documentation of
/// legacy facts): name, then the path below `$facts`.
const EASY_FACTS: &[(&str, &str)] = &[
    ("architecture", "os/architecture"),
    ("augeasversion", "augeas/version"),
    ("bios_release_date", "dmi/bios/release_date"),
    ("bios_vendor", "dmi/bios/vendor"),
    ("bios_version", "dmi/bios/version"),
    ("boardassettag", "dmi/board/asset_tag"),
    ("boardmanufacturer", "dmi/board/manufacturer"),
    ("boardproductname", "dmi/board/product"),
    ("boardserialnumber", "dmi/board/serial_number"),
    ("chassisassettag", "dmi/chassis/asset_tag"),
    ("chassistype", "dmi/chassis/type"),
    ("domain", "networking/domain"),
    ("fqdn", "networking/fqdn"),
    ("gid", "identity/group"),
    ("hardwareisa", "processors/isa"),
    ("hardwaremodel", "os/hardware"),
    ("hostname", "networking/hostname"),
    ("id", "identity/user"),
    ("ipaddress", "networking/ip"),
    ("ipaddress6", "networking/ip6"),
    ("lsbdistcodename", "os/distro/codename"),
    ("lsbdistdescription", "os/distro/description"),
    ("lsbdistid", "os/distro/id"),
    ("lsbdistrelease", "os/distro/release/full"),
    ("lsbmajdistrelease", "os/distro/release/major"),
    ("lsbminordistrelease", "os/distro/release/minor"),
    ("lsbrelease", "os/distro/release/specification"),
    ("macaddress", "networking/mac"),
    ("macosx_buildversion", "os/macosx/build"),
    ("macosx_productname", "os/macosx/product"),
    ("macosx_productversion", "os/macosx/version/full"),
    ("macosx_productversion_major", "os/macosx/version/major"),
    ("macosx_productversion_minor", "os/macosx/version/minor"),
    ("manufacturer", "dmi/manufacturer"),
    ("memoryfree", "memory/system/available"),
    ("memorysize", "memory/system/total"),
    ("netmask", "networking/netmask"),
    ("netmask6", "networking/netmask6"),
    ("network", "networking/network"),
    ("network6", "networking/network6"),
    ("operatingsystem", "os/name"),
    ("operatingsystemmajrelease", "os/release/major"),
    ("operatingsystemrelease", "os/release/full"),
    ("osfamily", "os/family"),
    ("physicalprocessorcount", "processors/physicalcount"),
    ("processorcount", "processors/count"),
    ("productname", "dmi/product/name"),
    ("rubyplatform", "ruby/platform"),
    ("rubysitedir", "ruby/sitedir"),
    ("rubyversion", "ruby/version"),
    ("selinux", "os/selinux/enabled"),
    ("selinux_config_mode", "os/selinux/config_mode"),
    ("selinux_config_policy", "os/selinux/config_policy"),
    ("selinux_current_mode", "os/selinux/current_mode"),
    ("selinux_enforced", "os/selinux/enforced"),
    ("selinux_policyversion", "os/selinux/policy_version"),
    ("serialnumber", "dmi/product/serial_number"),
    ("swapencrypted", "memory/swap/encrypted"),
    ("swapfree", "memory/swap/available"),
    ("swapsize", "memory/swap/total"),
    ("system32", "os/windows/system32"),
    ("uptime", "system_uptime/uptime"),
    ("uptime_days", "system_uptime/days"),
    ("uptime_hours", "system_uptime/hours"),
    ("uptime_seconds", "system_uptime/seconds"),
    ("uuid", "dmi/product/uuid"),
    ("xendomains", "xen/domains"),
    ("zonename", "solaris_zones/current"),
];

/// Legacy facts without a structured equivalent.
const UNCONVERTIBLE_FACTS: &[&str] = &[
    "memoryfree_mb",
    "memorysize_mb",
    "swapfree_mb",
    "swapsize_mb",
    "blockdevices",
    "interfaces",
    "zones",
    "sshfp_dsa",
    "sshfp_ecdsa",
    "sshfp_ed25519",
    "sshfp_rsa",
];

fn keys(path: &str) -> Vec<String> {
    path.split('/').map(str::to_string).collect()
}

/// `name` split as `prefix<middle>suffix` with a non-empty middle.
fn between<'a>(name: &'a str, prefix: &str, suffix: &str) -> Option<&'a str> {
    let m = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
    (!m.is_empty()).then_some(m)
}

/// The legacy fact `name` (without `::`), if it is one: the fixed list, then the families
/// named after devices, interfaces, processors, zones...
pub fn legacy_fact(name: &str) -> Option<LegacyFact> {
    if let Some((_, path)) = EASY_FACTS.iter().find(|(n, _)| *n == name) {
        return Some(LegacyFact::Structured(keys(path)));
    }
    if UNCONVERTIBLE_FACTS.contains(&name) {
        return Some(LegacyFact::Unconvertible);
    }
    if let Some(rest) = name.strip_prefix("blockdevice_") {
        for attr in ["model", "size", "vendor"] {
            if let Some(dev) = between(rest, "", &format!("_{attr}")) {
                return Some(LegacyFact::Structured(vec![
                    "disks".into(),
                    dev.into(),
                    attr.into(),
                ]));
            }
        }
    }
    for attr in [
        "ipaddress6",
        "ipaddress",
        "macaddress",
        "mtu",
        "netmask6",
        "netmask",
        "network6",
        "network",
    ] {
        if let Some(iface) = between(name, &format!("{attr}_"), "") {
            return Some(LegacyFact::Structured(vec![
                "networking".into(),
                "interfaces".into(),
                iface.into(),
                attr.replace("address", ""),
            ]));
        }
    }
    if let Some(id) = name.strip_prefix("processor") {
        if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
            return Some(LegacyFact::Structured(vec![
                "processors".into(),
                "models".into(),
                id.into(),
            ]));
        }
    }
    if let Some(n) = between(name, "sp_", "") {
        return Some(LegacyFact::Structured(vec![
            "system_profiler".into(),
            n.into(),
        ]));
    }
    for algo in ["dsa", "ecdsa", "ed25519", "rsa"] {
        if name == format!("ssh{algo}key") {
            return Some(LegacyFact::Structured(vec![
                "ssh".into(),
                algo.into(),
                "key".into(),
            ]));
        }
    }
    if let Some(n) = between(name, "ldom_", "") {
        return Some(LegacyFact::Structured(vec!["ldom".into(), n.into()]));
    }
    if let Some(rest) = name.strip_prefix("zone_") {
        for attr in ["brand", "iptype", "name", "uuid", "id", "path", "status"] {
            if let Some(zone) = between(rest, "", &format!("_{attr}")) {
                return Some(LegacyFact::Structured(vec![
                    "solaris_zones".into(),
                    "zones".into(),
                    zone.into(),
                    attr.into(),
                ]));
            }
        }
    }
    None
}

/// `$facts['a']['b']` for `keys`.
pub fn facts_access(keys: &[String]) -> String {
    let mut s = String::from("$facts");
    for k in keys {
        s.push('[');
        s.push_str(&single_quoted(k));
        s.push(']');
    }
    s
}

#[cfg(test)]
pub mod testing {
    //! Running one rule on a snippet, for the rules' unit tests.
    use crate::rules::engine::{check_file, RuleSet};
    use crate::rules::{fix, Diagnostic, Level};

    /// The findings of rule `name` (switched on at warning level) on `src`.
    pub fn run(name: &str, src: &str) -> Vec<Diagnostic> {
        let parsed = crate::syntax::parse(src);
        assert!(!parsed.has_errors(), "snippet does not parse: {src}");
        check_file("x.pp", &parsed, &RuleSet::only(name, Level::Warning))
            .into_iter()
            .filter(|d| d.rule == name)
            .collect()
    }

    /// `(line, column, message)` of each finding of rule `name` on `src`.
    pub fn positions(name: &str, src: &str) -> Vec<(usize, usize, String)> {
        let parsed = crate::syntax::parse(src);
        run(name, src)
            .into_iter()
            .map(|d| {
                let (l, c) = parsed.line_index.line_col(src, d.span.start());
                (l, c, d.message)
            })
            .collect()
    }

    /// Puppet's AST (as PN JSON) of `src`, which must parse.
    pub fn ast(src: &str) -> String {
        let f = crate::syntax::parse(src);
        assert!(!f.has_errors(), "does not parse: {src}");
        crate::syntax::pn::to_json(&f.program)
    }

    /// `src` after applying every fix of rule `name` (unsafe ones too) once.
    pub fn fixed(name: &str, src: &str) -> String {
        fix::apply(src, &run(name, src), true).text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legacy_fact_table() {
        assert_eq!(
            legacy_fact("osfamily"),
            Some(LegacyFact::Structured(vec!["os".into(), "family".into()]))
        );
        assert_eq!(legacy_fact("interfaces"), Some(LegacyFact::Unconvertible));
        assert_eq!(
            legacy_fact("ipaddress6_eth0"),
            Some(LegacyFact::Structured(vec![
                "networking".into(),
                "interfaces".into(),
                "eth0".into(),
                "ip6".into()
            ]))
        );
        assert_eq!(
            legacy_fact("blockdevice_sda_size"),
            Some(LegacyFact::Structured(vec![
                "disks".into(),
                "sda".into(),
                "size".into()
            ]))
        );
        assert!(legacy_fact("processor0").is_some());
        assert_eq!(legacy_fact("processors"), None);
        assert_eq!(legacy_fact("os"), None);
        assert_eq!(
            facts_access(&["os".into(), "family".into()]),
            "$facts['os']['family']"
        );
    }

    #[test]
    fn quoting() {
        assert_eq!(single_quoted("a'b\\c"), "'a\\'b\\c'");
        assert_eq!(single_quoted("C:\\temp\\"), "'C:\\temp\\\\'");
        assert_eq!(single_quoted("a\\\\b\\'"), "'a\\\\\\b\\\\\\''");
        for v in ["a'b\\c", "C:\\temp\\", "a\\\\b\\'", "\\", "x\\q"] {
            assert_eq!(
                crate::syntax::strings::decode_single_quoted(
                    single_quoted(v)
                        .strip_prefix('\'')
                        .and_then(|s| s.strip_suffix('\''))
                        .unwrap()
                ),
                v
            );
        }
    }
}
