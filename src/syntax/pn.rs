//! PN printer: the AST as `puppet parser dump --format pn|json` prints it.
