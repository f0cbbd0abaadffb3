//! Which YAML files rein checks, and as what ([`YamlKind`]): a `hiera.yaml` (a Hiera
//! layer's configuration, at the root of a module or control repository), the data files
//! below the data directories it names (`datadir`, `data` by default; a control repo's
//! `hieradata/` when named; also when only the data directory is walked), and any `.yaml`/`.yml` file named on the command line (as
//! the Hiera file it is, or plain YAML). Other YAML files found by walking a directory are
//! left out (CI settings, fixtures), unless a [`YamlClaim`] claims them (the hook for
//! configured YAML files such as Unfurl ensembles).

use std::collections::BTreeMap;

use foldhash::{HashMap, HashMapExt};
use std::path::{Path, PathBuf};

use crate::rules::yaml_context::YamlKind;
use crate::syntax::yaml;

/// Decides what a walked YAML file that is not Hiera's is, if rein checks it.
pub type YamlClaim<'a> = &'a dyn Fn(&Path) -> Option<YamlKind>;

/// Whether `path` names a YAML file (`.yaml`, `.yml`).
pub fn is_yaml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"))
}

/// Whether `path` is a Hiera configuration file.
pub fn is_hiera_config(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "hiera.yaml")
}

/// The data directories the Hiera configuration `config` names (relative to its
/// directory): every `datadir` of `defaults` and the hierarchy, `data` when the defaults
/// name none. A version 3 configuration (no `version: 5`) names none that rein checks.
pub fn data_dirs(config: &Path, text: &str) -> Vec<PathBuf> {
    let file = yaml::parse(text);
    let Some(root) = file.root() else {
        return Vec::new();
    };
    let dir = config.parent().unwrap_or(Path::new(""));
    let version = root.get("version").and_then(|v| v.as_str());
    if version != Some("5") {
        return Vec::new();
    }
    let default = root
        .get("defaults")
        .and_then(|d| d.get("datadir"))
        .and_then(|d| d.as_str())
        .unwrap_or("data");
    let mut dirs = vec![default.to_string()];
    for level in root
        .get("hierarchy")
        .and_then(|h| h.as_seq())
        .unwrap_or(&[])
    {
        if let Some(d) = level.get("datadir").and_then(|d| d.as_str()) {
            dirs.push(d.to_string());
        }
    }
    let mut out: Vec<PathBuf> = dirs
        .into_iter()
        .filter(|d| !d.contains("%{") && !Path::new(d).is_absolute())
        .map(|d| clean_join(dir, &d))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// `dir/rel` without `./` components.
fn clean_join(dir: &Path, rel: &str) -> PathBuf {
    let mut p = dir.to_path_buf();
    for part in Path::new(rel).components() {
        match part {
            std::path::Component::CurDir => {}
            other => p.push(other),
        }
    }
    p
}

/// The kinds of the YAML files of a run: `hiera_configs` found (with their texts' data
/// directories), the walked `candidates`, and the `named` YAML files.
pub fn classify(
    configs: &[(PathBuf, Vec<PathBuf>)],
    candidates: &[PathBuf],
    named: &[PathBuf],
    claim: Option<YamlClaim<'_>>,
) -> BTreeMap<PathBuf, YamlKind> {
    let mut out = BTreeMap::new();
    let data_of = |file: &Path| {
        configs
            .iter()
            .filter(|(_, dirs)| dirs.iter().any(|d| file.starts_with(d)))
            .max_by_key(|(c, _)| c.components().count())
            .map(|(c, _)| YamlKind::HieraData { config: c.clone() })
    };
    for (config, _) in configs {
        out.insert(config.clone(), YamlKind::HieraConfig);
    }
    // The data directories of the `hiera.yaml` of each directory looked at, read once.
    let mut layers = HashMap::new();
    let mut named_data_of = |file: &Path| named_data_of(file, &mut layers);
    for file in candidates {
        if out.contains_key(file) {
            continue;
        }
        let kind = data_of(file)
            .or_else(|| named_data_of(file))
            .or_else(|| claim.and_then(|c| c(file)));
        if let Some(kind) = kind {
            out.insert(file.clone(), kind);
        }
    }
    for file in named.iter().filter(|f| is_yaml(f)) {
        let kind = if is_hiera_config(file) {
            YamlKind::HieraConfig
        } else {
            data_of(file)
                .or_else(|| named_data_of(file))
                .or_else(|| claim.and_then(|c| c(file)))
                .unwrap_or(YamlKind::Plain)
        };
        out.insert(file.clone(), kind);
    }
    out
}

/// The Hiera layer of a data file whose `hiera.yaml` is not among those found (a data
/// directory named or walked on its own): the nearest `hiera.yaml` above it whose data
/// directories hold it. `layers` keeps the data directories of the `hiera.yaml` of each
/// directory looked at (none when it has none).
fn named_data_of(file: &Path, layers: &mut HashMap<PathBuf, Vec<PathBuf>>) -> Option<YamlKind> {
    for dir in file.ancestors().skip(1) {
        let config = dir.join("hiera.yaml");
        let config = if dir.as_os_str().is_empty() {
            PathBuf::from("hiera.yaml")
        } else {
            config
        };
        let dirs = layers.entry(dir.to_path_buf()).or_insert_with(|| {
            std::fs::read_to_string(&config)
                .map(|text| data_dirs(&config, &text))
                .unwrap_or_default()
        });
        if dirs.iter().any(|d| file.starts_with(d)) {
            return Some(YamlKind::HieraData { config });
        }
    }
    None
}
