//! The schemas of Puppet's core resource types: every attribute (parameter or property) each
//! type takes, its namevars, the values `puppet describe` lists for an attribute, and the
//! metaparameters every type takes. The data is generated once from `puppet describe` by
//! `scripts/gen-core-types.py` into `core_types.json` and compiled into rein.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// One core resource type.
#[derive(Debug, Deserialize)]
pub struct TypeSchema {
    /// Parameters and properties, sorted.
    pub attributes: Vec<String>,
    /// The attributes that identify a resource (besides `name`).
    pub namevars: Vec<String>,
    /// The values `puppet describe` lists for some attributes ("Valid values are ...").
    pub values: BTreeMap<String, Vec<String>>,
}

/// Every core type and the metaparameters.
#[derive(Debug, Deserialize)]
pub struct CoreTypes {
    /// Which Puppet the data came from.
    pub generated_by: String,
    /// Attributes every resource takes (`before`, `require`, `tag`, ...).
    pub metaparameters: Vec<String>,
    pub types: BTreeMap<String, TypeSchema>,
}

/// What a type says about an attribute name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attribute {
    /// The type takes it (its own attribute, `name`, or a metaparameter).
    Known,
    /// The type does not take it.
    Unknown,
}

impl CoreTypes {
    /// The core type named `name` (lower case, as in a resource expression).
    pub fn get(&self, name: &str) -> Option<&TypeSchema> {
        self.types.get(name)
    }

    /// Whether the core type `type_name` takes the attribute `attr`; `None` when
    /// `type_name` is not a core type.
    pub fn attribute(&self, type_name: &str, attr: &str) -> Option<Attribute> {
        let t = self.get(type_name)?;
        let known = attr == "name"
            || t.attributes
                .binary_search_by(|a| a.as_str().cmp(attr))
                .is_ok()
            || self.metaparameters.iter().any(|m| m == attr);
        Some(if known {
            Attribute::Known
        } else {
            Attribute::Unknown
        })
    }
}

/// The resource types of the modules puppet-agent 7 and 8 vendor (`yumrepo_core`,
/// `zfs_core`, `zone_core`, `scheduled_task`) that `core_types.json` has no schema for
/// (Debian does not package them): they exist on every agent; their attributes are not
/// checked.
pub const VENDORED_TYPES: &[&str] = &["scheduled_task", "yumrepo", "zfs", "zone", "zpool"];

/// The core types, parsed once.
pub fn core_types() -> &'static CoreTypes {
    static TYPES: OnceLock<CoreTypes> = OnceLock::new();
    TYPES.get_or_init(|| {
        // The file is part of rein's source and checked by the tests below: a broken file is
        // a build defect, not user input.
        serde_json::from_str(include_str!("core_types.json")).unwrap_or_else(|e| {
            panic!("src/eval/core_types.json is not valid: {e}");
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_loads_and_knows_the_core_types() {
        let t = core_types();
        assert!(t.generated_by.contains("puppet describe"));
        for name in [
            "file", "exec", "package", "service", "user", "group", "notify", "cron",
        ] {
            assert!(t.get(name).is_some(), "{name}");
        }
        assert!(t.get("concat").is_none());
        for ty in t.types.values() {
            assert!(ty.attributes.windows(2).all(|w| w[0] < w[1]), "sorted");
        }
    }

    #[test]
    fn attributes_names_and_metaparameters() {
        let t = core_types();
        assert_eq!(t.attribute("file", "content"), Some(Attribute::Known));
        assert_eq!(t.attribute("file", "name"), Some(Attribute::Known));
        assert_eq!(t.attribute("file", "require"), Some(Attribute::Known));
        assert_eq!(t.attribute("exec", "provider"), Some(Attribute::Known));
        assert_eq!(t.attribute("file", "bogus"), Some(Attribute::Unknown));
        assert_eq!(t.attribute("file", "title"), Some(Attribute::Unknown));
        assert_eq!(t.attribute("notify", "provider"), Some(Attribute::Unknown));
        assert_eq!(t.attribute("concat", "anything"), None);
        assert_eq!(
            t.get("exec").map(|e| e.namevars.clone()),
            Some(vec!["command".into()])
        );
        assert_eq!(
            t.get("service")
                .and_then(|s| s.values.get("ensure"))
                .cloned(),
            Some(vec![
                "stopped".into(),
                "false".into(),
                "running".into(),
                "true".into()
            ])
        );
    }
}
