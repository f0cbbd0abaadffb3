//! Hiera's YAML in `rein check`: which files are found (hiera.yaml, the data directories it
//! names, named `.yaml` files), the YAML and Hiera rules on them with exact output, fixes,
//! and puppet-lint 4.3's YAML `legacy_facts` cases.

use crate::harness::{outcome, temp_dir, write};

const HIERA: &str = "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: OS\n    path: \"os/%{facts.os.family}.yaml\"\n  - name: Common\n    path: common.yaml\n";
const INIT: &str =
    "# NTP.\nclass ntp (\n  Array[String] $servers = [],\n  Boolean $iburst = false,\n) {}\n";

/// A module `ntp` with its Hiera layer.
fn module(name: &str) -> crate::harness::TempDir {
    let dir = temp_dir(name);
    write(&dir, "ntp/hiera.yaml", HIERA);
    write(&dir, "ntp/manifests/init.pp", INIT);
    write(
        &dir,
        "ntp/metadata.json",
        "{\"name\": \"x-ntp\", \"dependencies\": []}\n",
    );
    dir
}

#[test]
fn walking_finds_hiera_config_and_data_only() {
    let dir = module("hiera-walk");
    write(
        &dir,
        "ntp/data/common.yaml",
        "---\nntp::server:\n  - \"ntp.%{::domain}\"\nntp::iburst: \"%{alias('x')} y\"\nntp::client::servers: []\nntp::iburst: true\n",
    );
    write(
        &dir,
        "ntp/data/os/Debian.yaml",
        "ntp::servers: [\"%{::kernel}\"]\n",
    );
    // Not Hiera's: left out when walking.
    write(&dir, "ntp/.sync.yml", "a: [\n");
    write(&dir, "ntp/spec/acceptance/nodesets/x.yml", "a: 1\na: 2\n");
    let (code, out, _) = outcome(&["check", "--no-cache", "--format", "concise", "ntp"], &dir);
    assert_eq!(
        out,
        "ntp/data/common.yaml:2:1: warning[hiera_unknown_key] class 'ntp' has no parameter 'server'\n\
         ntp/data/common.yaml:3:10: warning[legacy_facts] legacy fact 'domain'\n\
         ntp/data/common.yaml:4:15: error[hiera_interpolation] 'alias' interpolation is only permitted if the expression is equal to the entire string\n\
         ntp/data/common.yaml:5:1: warning[hiera_unknown_key] module 'ntp' has no class 'ntp::client'\n\
         ntp/data/common.yaml:6:1: error[yaml_duplicate_key] duplicate key 'ntp::iburst' (first at 4:1)\n\
         ntp/data/os/Debian.yaml:1:17: warning[top_scope_facts] top scope fact instead of facts hash\n"
    );
    assert_eq!(code, 1);
    let (_, text, _) = outcome(&["check", "--no-cache", "ntp"], &dir);
    assert!(
        text.contains("= help: did you mean `ntp::servers`?"),
        "{text}"
    );
    assert!(
        text.ends_with("Checked 4 files: 2 errors, 4 warnings.\n"),
        "{text}"
    );
}

#[test]
fn a_named_yaml_file_is_read_as_yaml() {
    let dir = temp_dir("hiera-named");
    write(&dir, "x.yaml", "a: 1\nb: [1, 2\nc: 3\n");
    write(&dir, "t.yml", "a:\n\tb: 1\n");
    let (code, out, _) = outcome(
        &[
            "check",
            "--no-cache",
            "--format",
            "concise",
            "x.yaml",
            "t.yml",
        ],
        &dir,
    );
    assert_eq!(
        out,
        "t.yml:2:1: error[yaml_tab] a tab in indentation: YAML indents with spaces only\n\
         x.yaml:3:2: error[yaml_syntax] illegal placement of ':' indicator\n"
    );
    assert_eq!(code, 1);
    // A directory with only non-Hiera YAML checks nothing.
    let (code, out, _) = outcome(&["check", "--no-cache", "."], &dir);
    assert_eq!(
        (code, out.as_str()),
        (0, "Checked 0 files: no problems found.\n")
    );
}

#[test]
fn hiera_config_schema() {
    let dir = module("hiera-config");
    write(
        &dir,
        "ntp/hiera.yaml",
        "---\nversion: 5\ndefaults:\n  datadir: data\nhierarchy:\n  - name: A\n    pahts: [a.yaml]\n  - name: A\n    data_hash: yaml_date\n    path: a.yaml\n    glob: '*.yaml'\n  - path: \"n/%{lookup('k')}.yaml\"\n",
    );
    let (code, out, _) = outcome(
        &[
            "check",
            "--no-cache",
            "--format",
            "concise",
            "ntp/hiera.yaml",
        ],
        &dir,
    );
    assert_eq!(
        out,
        "ntp/hiera.yaml:6:5: error[hiera_config] a level without a backend (`data_hash`, `lookup_key` or `data_dig`), and `defaults` gives none\n\
         ntp/hiera.yaml:7:5: error[hiera_config] unknown key 'pahts' in a hierarchy level\n\
         ntp/hiera.yaml:8:11: error[hiera_config] the level name 'A' is used by an earlier level of `hierarchy`\n\
         ntp/hiera.yaml:9:16: error[hiera_config] unknown backend function 'yaml_date'\n\
         ntp/hiera.yaml:11:5: error[hiera_config] a level has one kind of location: `path` and `glob` are both given\n\
         ntp/hiera.yaml:12:5: error[hiera_config] a hierarchy level without a `name`\n\
         ntp/hiera.yaml:12:5: error[hiera_config] a level without a backend (`data_hash`, `lookup_key` or `data_dig`), and `defaults` gives none\n\
         ntp/hiera.yaml:12:14: error[hiera_interpolation] Interpolation using method syntax is not allowed in this context\n"
    );
    assert_eq!(code, 1);
}

/// `rein check` of `file` with `legacy_facts` only, in concise format.
fn legacy_facts_of(file: &str) -> [&str; 7] {
    [
        "check",
        "--no-cache",
        "--format",
        "concise",
        "--select",
        "legacy_facts",
        file,
    ]
}

/// puppet-lint 4.3's YAML `legacy_facts` cases (its pull request #235): `%{::fact}` and
/// `%{facts.fact}` are legacy facts, `%{facts.os.name}` is not; the same messages, with
/// rein's fixes.
#[test]
fn puppet_lint_yaml_legacy_facts_cases_and_fixes() {
    let dir = temp_dir("hiera-lint43");
    let text = "---\nversion: 5\n\ndefaults:  # Used for any hierarchy level that omits these keys.\n  datadir: data         # This path is relative to hiera.yaml's directory.\n  data_hash: yaml_data  # Use the built-in YAML backend.\n\nhierarchy:\n  - name: \"LEGACY FACT PATH\"\n    paths:\n        # Used to distinguish between Debian and Ubuntu\n      - \"os/%{facts.hostname}.yaml\"\n      - \"/var/www/%{::hostname}.yaml\"\n      - \"%{::bios_vendor}.yaml\"\n  - name: \"osfamily/major release\"\n    paths:\n        # Used to distinguish between Debian and Ubuntu\n      - \"os/%{facts.os.name}/%{facts.os.release.major}.yaml\"\n  - name: 'common'\n    path: 'common.yaml'\n";
    write(&dir, "test.yaml", text);
    let (code, out, _) = outcome(&legacy_facts_of("test.yaml"), &dir);
    assert_eq!(
        out,
        "test.yaml:12:13: warning[legacy_facts] legacy fact 'hostname'\n\
         test.yaml:13:19: warning[legacy_facts] legacy fact 'hostname'\n\
         test.yaml:14:10: warning[legacy_facts] legacy fact 'bios_vendor'\n"
    );
    assert_eq!(code, 0);
    let (code, _, err) = outcome(
        &["check", "--no-cache", "--unsafe-fixes", "test.yaml"],
        &dir,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("rein: fixed 3 problems in 1 file"), "{err}");
    let fixed = std::fs::read_to_string(dir.join("test.yaml")).unwrap();
    assert_eq!(
        fixed,
        text.replace("%{facts.hostname}", "%{facts.networking.hostname}")
            .replace("%{::hostname}", "%{facts.networking.hostname}")
            .replace("%{::bios_vendor}", "%{facts.dmi.bios.vendor}")
    );
    // puppet-lint 5.1.1 crashes fixing this one (puppetlabs/puppet-lint#258).
    write(
        &dir,
        "h/hiera.yaml",
        "---\nversion: 5\n\nsample_key: host.%{::domain}\n",
    );
    let (_, _, _) = outcome(
        &[
            "check",
            "--no-cache",
            "--unsafe-fixes",
            "--select",
            "legacy_facts",
            "h/hiera.yaml",
        ],
        &dir,
    );
    let fixed = std::fs::read_to_string(dir.join("h/hiera.yaml")).unwrap();
    assert_eq!(
        fixed,
        "---\nversion: 5\n\nsample_key: host.%{facts.networking.domain}\n"
    );
}

#[test]
fn control_repo_data_is_checked_against_its_modules() {
    let dir = temp_dir("hiera-control");
    write(&dir, "environment.conf", "modulepath = site:modules\n");
    write(&dir, "manifests/site.pp", "# Site.\nnode default {}\n");
    write(&dir, "hiera.yaml", "---\nversion: 5\ndefaults:\n  datadir: hieradata\n  data_hash: yaml_data\nhierarchy:\n  - name: Common\n    path: common.yaml\n");
    write(&dir, "modules/ntp/manifests/init.pp", INIT);
    write(
        &dir,
        "modules/ntp/metadata.json",
        "{\"name\": \"x-ntp\", \"dependencies\": []}\n",
    );
    write(
        &dir,
        "hieradata/common.yaml",
        "ntp::servers: []\nntp::iburts: true\nprofile::x: 1\n",
    );
    let (_, out, _) = outcome(
        &[
            "check",
            "--no-cache",
            "--format",
            "concise",
            "hiera.yaml",
            "hieradata",
        ],
        &dir,
    );
    assert_eq!(
        out,
        "hieradata/common.yaml:2:1: warning[hiera_unknown_key] class 'ntp' has no parameter 'iburts'\n"
    );
}

#[test]
fn a_data_directory_checked_alone_finds_its_hiera_yaml() {
    let dir = module("hiera-datadir");
    write(
        &dir,
        "ntp/data/common.yaml",
        "ntp::servers: one\nntp::iburst: yes\n",
    );
    let (code, out, _) = outcome(
        &["check", "--no-cache", "--format", "concise", "ntp/data"],
        &dir,
    );
    assert_eq!(
        out,
        "ntp/data/common.yaml:1:15: error[hiera_type_mismatch] Class[Ntp]: parameter 'servers' expects an Array value, got String\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn lint_ignore_comments_suppress_yaml_findings() {
    let dir = module("hiera-ignore");
    write(
        &dir,
        "ntp/data/common.yaml",
        "---\nntp::sever: [] # lint:ignore:hiera_unknown_key read by a Ruby function\n\
         # lint:ignore:legacy_facts\nntp::servers: [\"%{::domain}\", '# lint:ignore:hiera_unknown_key']\n\
         # lint:endignore\nntp::srv: 1 # lint:ignore:yaml_duplicate_key lint:ignore:no_such_rule\n",
    );
    let (code, out, _) = outcome(&["check", "--no-cache", "--format", "concise", "ntp"], &dir);
    assert_eq!(
        out,
        "ntp/data/common.yaml:6:1: warning[hiera_unknown_key] class 'ntp' has no parameter 'srv'\n\
         ntp/data/common.yaml:6:27: warning[suppression_unused] `lint:ignore:yaml_duplicate_key` suppresses nothing here\n\
         ntp/data/common.yaml:6:58: warning[suppression_unknown_rule] unknown rule `no_such_rule` in `lint:ignore:`\n"
    );
    // Warnings only.
    assert_eq!(code, 0);
    let (_, shown, _) = outcome(
        &[
            "check",
            "--no-cache",
            "--show-ignored",
            "--format",
            "concise",
            "ntp",
        ],
        &dir,
    );
    assert!(
        shown.contains("common.yaml:2:1: ignored[hiera_unknown_key]"),
        "{shown}"
    );
    assert!(
        shown.contains("common.yaml:4:17: ignored[legacy_facts]"),
        "{shown}"
    );
}

/// A fix that would make an implicit key longer than YAML's 1024 characters is not made
/// (the key would no longer parse as one): the finding stays, without its fix.
#[test]
fn legacy_fact_fixes_keep_a_key_within_yaml_limit() {
    let dir = temp_dir("hiera-long-key");
    // 1000 characters to the `:`; each fix adds 15: the first fits, the second does not.
    let key = format!("a%{{::domain}}{}%{{::domain}}", "b".repeat(977));
    write(&dir, "long.yaml", &format!("---\n{key}: 1\n"));
    let args = legacy_facts_of("long.yaml");
    let (code, out, _) = outcome(&args, &dir);
    assert_eq!(
        out,
        "long.yaml:2:2: warning[legacy_facts] legacy fact 'domain'\n\
         long.yaml:2:990: warning[legacy_facts] legacy fact 'domain'\n"
    );
    assert_eq!(code, 0);
    let mut fixing = args.to_vec();
    fixing.insert(1, "--unsafe-fixes");
    let (code, out, err) = outcome(&fixing, &dir);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "rein: fixed 1 problem in 1 file\n");
    assert_eq!(
        out,
        "long.yaml:2:1005: warning[legacy_facts] legacy fact 'domain'\n"
    );
    let fixed = std::fs::read_to_string(dir.join("long.yaml")).unwrap();
    assert_eq!(
        fixed,
        format!(
            "---\na%{{facts.networking.domain}}{}%{{::domain}}: 1\n",
            "b".repeat(977)
        )
    );
}

#[test]
fn fmt_leaves_yaml_untouched() {
    let dir = module("hiera-fmt");
    let data = "---\nntp::servers:   [a]\n";
    write(&dir, "ntp/data/common.yaml", data);
    write(&dir, "ntp/manifests/init.pp", "class ntp{}\n");
    // Walked: only the manifest is formatted (the YAML files are neither listed nor read
    // as Puppet).
    let (code, out, err) = outcome(&["fmt", "--check", "ntp"], &dir);
    assert_eq!((code, out.as_str()), (1, "ntp/manifests/init.pp\n"));
    assert_eq!(err, "1 file would be reformatted, 0 unchanged\n");
    // Named: given back as it is.
    let (code, out, err) = outcome(&["fmt", "ntp/data/common.yaml", "ntp/hiera.yaml"], &dir);
    assert_eq!((code, out.as_str()), (0, ""));
    assert_eq!(err, "0 files reformatted, 2 unchanged\n");
    let read = std::fs::read_to_string(dir.join("ntp/data/common.yaml")).expect("read");
    assert_eq!(read, data);
}
