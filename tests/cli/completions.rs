//! `rein completions SHELL`: the completion script of each shell names every command, and
//! the bash one completes in a real bash.

use std::process::Command;

use crate::harness::{rein, stderr, stdout, temp_dir};

/// rein's commands.
pub(super) const COMMANDS: [&str; 9] = [
    "check",
    "dump",
    "fmt",
    "rule",
    "init",
    "completions",
    "man",
    "lsp",
    "unfurl",
];

fn script(shell: &str) -> String {
    // A directory of its own: tests running at the same time print scripts too.
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let o = rein(
        &["completions", shell],
        &temp_dir(&format!("completions-{n}")),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(o.stderr.is_empty());
    stdout(&o)
}

#[test]
fn every_shell_gets_every_command() {
    let bash = script("bash");
    let zsh = script("zsh");
    let fish = script("fish");
    for c in COMMANDS {
        assert!(
            bash.contains(&format!(
                "rein,{c})\n                cmd=\"rein__subcmd__{c}\""
            )),
            "bash: {c}"
        );
        assert!(zsh.contains(&format!("({c})\n_arguments ")), "zsh: {c}");
        assert!(
            fish.contains(&format!(
                "complete -c rein -n \"__fish_rein_needs_command\" -f -a \"{c}\" -d '"
            )),
            "fish: {c}"
        );
    }
    assert!(script("elvish").contains("'rein;check'"));
    assert!(script("powershell").contains("'rein;check'"));
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let o = rein(&["completions", "tcsh"], &temp_dir("completions-bad"));
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    assert!(
        stderr(&o).starts_with("error: invalid value 'tcsh' for '<SHELL>'\n  [possible values: bash, elvish, fish, powershell, zsh]\n"),
        "{}",
        stderr(&o)
    );
}

/// What bash completes after `words` (the last one being completed).
fn bash_completes(words: &[&str]) -> Vec<String> {
    let d = temp_dir("completions-bash");
    std::fs::write(d.join("rein.bash"), script("bash")).unwrap();
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let n = words.len();
    let program = format!(
        "source ./rein.bash\nCOMP_WORDS=(rein {})\nCOMP_CWORD={n}\n_rein rein '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        quoted.join(" "),
        words.last().copied().unwrap_or(""),
        if n >= 2 { words[n - 2] } else { "rein" },
    );
    let o = Command::new("bash")
        .args(["--norc", "--noprofile", "-c", &program])
        .current_dir(&d)
        .output()
        .expect("bash is installed");
    assert!(o.status.success(), "{o:?}");
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_commands_options_and_values() {
    let mut commands = bash_completes(&[""]);
    commands.retain(|c| !c.starts_with('-'));
    let mut want: Vec<&str> = COMMANDS.to_vec();
    want.push("help");
    assert_eq!(commands, want);
    assert_eq!(bash_completes(&["fmt", "--c"]), ["--check", "--config"]);
    assert_eq!(bash_completes(&["completions", "z"]), ["zsh"]);
    assert_eq!(
        bash_completes(&["check", "--format", ""]),
        [
            "text",
            "concise",
            "json",
            "sarif",
            "github",
            "codeclimate",
            "puppet-lint",
            "puppet-lint-json"
        ]
    );
}
