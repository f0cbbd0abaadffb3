//! Compiles rein's own tree-sitter grammar (the generated `parser.c` and the
//! hand-written external `scanner.c`) into the binary, so that `cargo build`
//! needs neither Node nor the tree-sitter CLI. The EPP dialect (`tree-sitter-grammar/epp/`)
//! is a second grammar whose scanner includes the Puppet one.
fn main() {
    let dir = std::path::Path::new("tree-sitter-grammar").join("src");
    let parser = dir.join("parser.c");
    let scanner = dir.join("scanner.c");
    let mut build = cc::Build::new();
    build.std("c11").include(&dir).warnings(false);
    build.file(&parser);
    build.file(&scanner);
    build.compile("tree-sitter-puppet");
    let epp = std::path::Path::new("tree-sitter-grammar")
        .join("epp")
        .join("src");
    let mut build = cc::Build::new();
    // The shared tree-sitter headers come from the Puppet grammar's `src/tree_sitter/`.
    build.std("c11").include(&epp).include(&dir).warnings(false);
    build.file(epp.join("parser.c"));
    build.file(epp.join("scanner.c"));
    build.compile("tree-sitter-epp");
    println!("cargo:rerun-if-changed={}", epp.join("parser.c").display());
    println!("cargo:rerun-if-changed={}", epp.join("scanner.c").display());
    println!("cargo:rerun-if-changed={}", parser.display());
    println!("cargo:rerun-if-changed={}", scanner.display());
    println!(
        "cargo:rerun-if-changed={}",
        dir.join("tree_sitter").display()
    );
}
