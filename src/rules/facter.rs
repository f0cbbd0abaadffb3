//! Facter's facts as the rules need them: the legacy facts with their structured
//! equivalents (`$osfamily` is `$facts['os']['family']`), and the modern core facts that
//! every agent defines at top scope.

use crate::rules::quoting::single_quoted;

/// What the legacy fact `name` is in the structured facts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegacyFact {
    /// The keys below `$facts` of the structured fact (`['os']['family']`).
    Structured(Vec<FactKey>),
    /// A legacy fact with no structured equivalent.
    Unconvertible,
}

/// One step into a structured fact: a hash key or an array index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FactKey {
    /// A hash key (`['os']`).
    Name(String),
    /// An array index (`[3]` of `processors.models`): an Integer, since Puppet only
    /// accepts a String index with a coercion warning.
    Index(u64),
}

impl From<&str> for FactKey {
    fn from(name: &str) -> Self {
        FactKey::Name(name.to_string())
    }
}

impl From<String> for FactKey {
    fn from(name: String) -> Self {
        FactKey::Name(name)
    }
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

fn keys(path: &str) -> Vec<FactKey> {
    path.split('/').map(FactKey::from).collect()
}

/// `name` split as `prefix<middle>suffix` with a non-empty middle.
fn between<'a>(name: &'a str, prefix: &str, suffix: &str) -> Option<&'a str> {
    let m = name.strip_prefix(prefix)?.strip_suffix(suffix)?;
    (!m.is_empty()).then_some(m)
}

/// The legacy fact `name` (without `::`), if it is one: the fixed list, then the families
/// named after devices, interfaces, processors, zones... (matched without building
/// strings: asked for at every variable of every file).
pub fn legacy_fact(name: &str) -> Option<LegacyFact> {
    if let Some((_, path)) = EASY_FACTS.iter().find(|(n, _)| *n == name) {
        return Some(LegacyFact::Structured(keys(path)));
    }
    if UNCONVERTIBLE_FACTS.contains(&name) {
        return Some(LegacyFact::Unconvertible);
    }
    if let Some(rest) = name.strip_prefix("blockdevice_") {
        for attr in ["model", "size", "vendor"] {
            if let Some(dev) = rest.strip_suffix(attr).and_then(|r| between(r, "", "_")) {
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
        if let Some(iface) = name.strip_prefix(attr).and_then(|r| between(r, "_", "")) {
            return Some(LegacyFact::Structured(vec![
                "networking".into(),
                "interfaces".into(),
                iface.into(),
                attr.replace("address", "").into(),
            ]));
        }
    }
    if let Some(id) = name.strip_prefix("processor") {
        if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
            // Facter numbers processors 0, 1, ...: `processor01` names no processor.
            return Some(match id.parse::<u64>() {
                Ok(n) if n.to_string() == id => LegacyFact::Structured(vec![
                    "processors".into(),
                    "models".into(),
                    FactKey::Index(n),
                ]),
                _ => LegacyFact::Unconvertible,
            });
        }
    }
    if let Some(n) = between(name, "sp_", "") {
        return Some(LegacyFact::Structured(vec![
            "system_profiler".into(),
            n.into(),
        ]));
    }
    for algo in ["dsa", "ecdsa", "ed25519", "rsa"] {
        if name.strip_prefix("ssh").and_then(|r| r.strip_suffix("key")) == Some(algo) {
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
            if let Some(zone) = rest.strip_suffix(attr).and_then(|r| between(r, "", "_")) {
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

/// `$facts['a']['b']` (`[3]` for an index) for `keys`.
pub fn facts_access(keys: &[FactKey]) -> String {
    let mut s = String::from("$facts");
    for k in keys {
        s.push('[');
        match k {
            FactKey::Name(n) => s.push_str(&single_quoted(n)),
            FactKey::Index(i) => s.push_str(&i.to_string()),
        }
        s.push(']');
    }
    s
}

/// Facter 4's top-level core facts with modern names (the legacy ones are
/// [`legacy_fact`]'s): a top-scope variable of one of these names is defined on
/// every agent.
pub const CORE_FACTS: &[&str] = &[
    "aio_agent_version",
    "augeas",
    "az_metadata",
    "cloud",
    "disks",
    "dmi",
    "ec2_metadata",
    "ec2_userdata",
    "facterversion",
    "filesystems",
    "fips_enabled",
    "gce",
    "hypervisors",
    "identity",
    "is_virtual",
    "kernel",
    "kernelmajversion",
    "kernelrelease",
    "kernelversion",
    "ldom",
    "load_averages",
    "memory",
    "mountpoints",
    "networking",
    "os",
    "partitions",
    "path",
    "processors",
    "puppetversion",
    "ruby",
    "selinux",
    "solaris_zones",
    "ssh",
    "system_profiler",
    "system_uptime",
    "timezone",
    "virtual",
    "xen",
    "zfs_featurenumbers",
    "zfs_version",
    "zpool_featureflags",
    "zpool_featurenumbers",
    "zpool_version",
    "fqdn",
    "hostname",
    "domain",
    "ipaddress",
    "ipaddress6",
    "macaddress",
    "netmask",
    "network",
    "mtu",
    "dhcp_servers",
    "interfaces",
    "uptime",
    "uptime_days",
    "uptime_hours",
    "uptime_seconds",
    "physicalprocessorcount",
    "processorcount",
    "clientcert",
    "clientversion",
];

/// Whether `name` (without `::`) is a fact every agent defines at top scope: a core fact
/// or a legacy one.
pub fn is_fact(name: &str) -> bool {
    legacy_fact(name).is_some() || CORE_FACTS.contains(&name)
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
        assert_eq!(
            legacy_fact("processor3"),
            Some(LegacyFact::Structured(vec![
                "processors".into(),
                "models".into(),
                FactKey::Index(3)
            ]))
        );
        assert_eq!(legacy_fact("processor03"), Some(LegacyFact::Unconvertible));
        assert_eq!(legacy_fact("processors"), None);
        assert_eq!(legacy_fact("os"), None);
        let structured = |keys: &[&str]| {
            Some(LegacyFact::Structured(
                keys.iter().map(|k| (*k).into()).collect(),
            ))
        };
        assert_eq!(legacy_fact("sshrsakey"), structured(&["ssh", "rsa", "key"]));
        assert_eq!(legacy_fact("sshkey"), None);
        assert_eq!(legacy_fact("sshfookey"), None);
        assert_eq!(
            legacy_fact("zone_global_iptype"),
            structured(&["solaris_zones", "zones", "global", "iptype"])
        );
        assert_eq!(
            legacy_fact("blockdevice_sd_a_vendor"),
            structured(&["disks", "sd_a", "vendor"])
        );
        assert_eq!(
            legacy_fact("netmask_lo"),
            structured(&["networking", "interfaces", "lo", "netmask"])
        );
        // No device, interface or zone between the parts: no fact.
        for name in [
            "blockdevice__size",
            "blockdevice_size",
            "ipaddress_",
            "network6_",
            "zone__id",
        ] {
            assert_eq!(legacy_fact(name), None, "{name}");
        }
        assert_eq!(
            facts_access(&["os".into(), "family".into()]),
            "$facts['os']['family']"
        );
        assert_eq!(
            facts_access(&["processors".into(), "models".into(), FactKey::Index(3)]),
            "$facts['processors']['models'][3]"
        );
    }
}
