//! Node kind ids and field ids of the grammar (see `tree-sitter-grammar/CST.md`), looked up
//! once per process so that the walk dispatches on `kind_id()` integers.

use std::sync::OnceLock;

/// Id used for a kind the compiled grammar does not have (never equal to a real node's id).
pub(super) const ABSENT_KIND: u16 = u16::MAX - 1;
/// Id used for a field the compiled grammar does not have (never reported by a cursor).
const ABSENT_FIELD: u16 = u16::MAX;

macro_rules! kinds {
    ($($field:ident = $name:literal),* $(,)?) => {
        /// Named node kinds, by id (some are listed for completeness only).
        #[allow(dead_code)]
        #[derive(Debug)]
        pub struct Kinds { $(pub $field: u16,)* }
        impl Kinds {
            fn load(lang: &tree_sitter::Language) -> Kinds {
                Kinds { $($field: match lang.id_for_node_kind($name, true) {
                    0 => ABSENT_KIND,
                    id => id,
                },)* }
            }
        }
    };
}

macro_rules! fields {
    ($($field:ident = $name:literal),* $(,)?) => {
        /// Field ids.
        #[derive(Debug)]
        pub struct Fields { $(pub $field: u16,)* }
        impl Fields {
            fn load(lang: &tree_sitter::Language) -> Fields {
                Fields { $($field: lang
                    .field_id_for_name($name)
                    .map(|f| f.get())
                    .unwrap_or(ABSENT_FIELD),)* }
            }
        }
    };
}

kinds! {
    manifest = "manifest",
    epp_text = "epp_text",
    epp_render = "epp_render",
    epp_parameters = "epp_parameters",
    comma_list = "comma_list",
    block = "block",
    comment = "comment",
    assignment = "assignment",
    relationship = "relationship",
    resource_expression = "resource_expression",
    resource_body = "resource_body",
    attribute_block = "attribute_block",
    attribute = "attribute",
    attribute_name = "attribute_name",
    splat_attribute = "splat_attribute",
    binary_expression = "binary_expression",
    unary_expression = "unary_expression",
    selector_expression = "selector_expression",
    selector_entry = "selector_entry",
    access_expression = "access_expression",
    call_expression = "call_expression",
    method_call = "method_call",
    argument_list = "argument_list",
    lambda = "lambda",
    lambda_parameters = "lambda_parameters",
    parenthesized_expression = "parenthesized_expression",
    if_expression = "if_expression",
    elsif_clause = "elsif_clause",
    else_clause = "else_clause",
    unless_expression = "unless_expression",
    case_expression = "case_expression",
    case_option = "case_option",
    collect_expression = "collect_expression",
    virtual_query = "virtual_query",
    exported_query = "exported_query",
    variable = "variable",
    name = "name",
    word = "word",
    type_reference = "type_reference",
    number = "number",
    true_ = "true",
    false_ = "false",
    undef = "undef",
    default = "default",
    reserved_word = "reserved_word",
    regex = "regex",
    single_quoted_string = "single_quoted_string",
    double_quoted_string = "double_quoted_string",
    string_text = "string_text",
    interpolation = "interpolation",
    short_interpolation = "short_interpolation",
    heredoc = "heredoc",
    heredoc_tag = "heredoc_tag",
    heredoc_body = "heredoc_body",
    heredoc_text = "heredoc_text",
    heredoc_end = "heredoc_end",
    array = "array",
    hash = "hash",
    pair = "pair",
    type_keyword_string = "type_keyword_string",
    class_definition = "class_definition",
    define_definition = "define_definition",
    node_definition = "node_definition",
    node_match = "node_match",
    hostname = "hostname",
    function_definition = "function_definition",
    plan_definition = "plan_definition",
    type_alias = "type_alias",
    type_with_hash = "type_with_hash",
    type_mapping = "type_mapping",
    type_definition = "type_definition",
    parameter_list = "parameter_list",
    parameter = "parameter",
    identifier = "identifier",
}

fields! {
    left = "left",
    right = "right",
    operator = "operator",
    type_ = "type",
    title = "title",
    name = "name",
    value = "value",
    operand = "operand",
    subject = "subject",
    key = "key",
    target = "target",
    function = "function",
    arguments = "arguments",
    lambda = "lambda",
    parameters = "parameters",
    return_type = "return_type",
    body = "body",
    condition = "condition",
    consequence = "consequence",
    query = "query",
    parent = "parent",
    hash = "hash",
    mapping = "mapping",
    splat = "splat",
    captures_rest = "captures_rest",
    default = "default",
    receiver = "receiver",
}

/// Kinds and fields of the compiled grammar.
pub struct Ids {
    pub k: Kinds,
    pub f: Fields,
}

impl Ids {
    fn load(lang: &tree_sitter::Language) -> Ids {
        Ids {
            k: Kinds::load(lang),
            f: Fields::load(lang),
        }
    }
}

/// The ids of the Puppet grammar, looked up on first use.
pub fn ids() -> &'static Ids {
    static IDS: OnceLock<Ids> = OnceLock::new();
    IDS.get_or_init(|| Ids::load(&super::super::grammar::language()))
}

/// The ids of the grammar a tree was parsed with: the Puppet grammar or its EPP dialect
/// (whose ids differ; the EPP kinds are absent from the Puppet grammar).
pub fn ids_for(tree: &tree_sitter::Tree) -> &'static Ids {
    static EPP_IDS: OnceLock<Ids> = OnceLock::new();
    if tree.language().name() == Some("epp") {
        EPP_IDS.get_or_init(|| Ids::load(&super::super::grammar::epp_language()))
    } else {
        ids()
    }
}
