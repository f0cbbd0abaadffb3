//! The `rein` command-line program.

fn main() {
    std::process::exit(rein::cli::main());
}
