//! Template calls checked by `rein check` on a module tree: the templates are found in the
//! module's `templates/` without `--modulepath`, their headers checked against `epp()`
//! calls, and an edit of a template re-checks the manifests that render it (the cache
//! knows they read it).

use crate::harness::{rein, stdout, temp_dir, write};

#[test]
fn template_calls_follow_the_templates_through_edits_and_the_cache() {
    let dir = temp_dir("templates-cache");
    write(
        &dir,
        "modules/m/manifests/init.pp",
        "# The m module.\nclass m {\n  file { '/etc/m.conf':\n    content => epp('m/conf.epp', { 'port' => 80 }),\n  }\n  file { '/etc/motd':\n    content => template('m/motd.erb'),\n  }\n}\n",
    );
    write(
        &dir,
        "modules/m/templates/conf.epp",
        "<%- | String $server, Integer $port | -%>\nserver <%= $server %>:<%= $port %>\n",
    );
    let run = || {
        let o = rein(
            &[
                "check",
                "--format",
                "concise",
                "--select",
                "epp_missing_parameter,unknown_template",
                ".",
            ],
            &dir,
        );
        (o.status.code(), stdout(&o))
    };
    assert_eq!(
        run(),
        (
            Some(1),
            "modules/m/manifests/init.pp:4:16: error[epp_missing_parameter] epp('m/conf.epp'): expects a value for parameter 'server'\nmodules/m/manifests/init.pp:7:25: error[unknown_template] Could not find template 'm/motd.erb'\n".to_string()
        )
    );
    // The template gets a default, and the ERB template appears: the cached findings of
    // `init.pp` are stale.
    write(
        &dir,
        "modules/m/templates/conf.epp",
        "<%- | String $server = 'localhost', Integer $port | -%>\nserver <%= $server %>:<%= $port %>\n",
    );
    write(&dir, "modules/m/templates/motd.erb", "Managed by Puppet\n");
    assert_eq!(run(), (Some(0), String::new()));
    let _ = std::fs::remove_dir_all(&dir);
}
