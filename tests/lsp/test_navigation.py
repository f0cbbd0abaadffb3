"""Hover on names, go to definition, document and workspace symbols, completion."""

from lsprotocol import types

from conftest import PUSH, start, uri
from test_diagnostics import opened

# A module on the module path: a class with parameters, a defined type, a function, a
# type alias and a custom resource type.
FILES = {
    "mymod/metadata.json": '{"name": "me-mymod", "version": "0.1.0"}\n',
    "mymod/manifests/init.pp": (
        "# The module.\n"
        "class mymod (\n"
        "  Mymod::Port $port = 8080,\n"
        "  String $user,\n"
        ") {\n"
        "  $conf = '/etc/mymod.conf'\n"
        "  file { $conf:\n"
        "    ensure => file,\n"
        "    owner  => $user,\n"
        "  }\n"
        "  mymod::vhost { 'www': docroot => mymod::root('www') }\n"
        "  gadget { 'g': size => $port }\n"
        "}\n"
    ),
    "mymod/manifests/vhost.pp": "# A vhost.\ndefine mymod::vhost (\n  String $docroot,\n  Boolean $ssl = false,\n) {\n}\n",
    "mymod/functions/root.pp": "# The root.\nfunction mymod::root(String $n) >> String {\n  \"/srv/${n}\"\n}\n",
    "mymod/types/port.pp": "# A port.\ntype Mymod::Port = Integer[1, 65535]\n",
    "mymod/lib/puppet/type/gadget.rb": (
        "Puppet::Type.newtype(:gadget) do\n  ensurable\n  newparam(:name, namevar: true)\n  newproperty(:size)\nend\n"
    ),
    "site.pp": (
        "# Site.\nclass site {\n  class { 'mymod': user => 'www' }\n  include mymod\n"
        "  notify { $mymod::conf: message => $::mymod::port }\n}\n"
    ),
}


def module(tmp_path):
    for rel, text in FILES.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path / "mymod/manifests/init.pp"



async def hover(client, path, line, character):
    h = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line, character))
    )
    return h.contents.value if h else None


async def test_hover_on_core_types_attributes_custom_types_and_classes(client, tmp_path):
    init = module(tmp_path)
    await start(None, client, PUSH, tmp_path)
    opened(client, init, FILES["mymod/manifests/init.pp"])
    # `file` (line 6): its attributes from the schema, with valid values.
    h = await hover(client, init, 6, 3)
    assert h.startswith("**file** (core resource type)\n\nAttributes:\n")
    assert "- `ensure`: `absent`, `false`, `file`, `present`, `directory`, `link`, `/./`\n" in h
    assert "\nNamevars: `path`\n" in h
    assert "\nMetaparameters: " in h and "`require`" in h
    # `ensure` of file.
    assert await hover(client, init, 7, 5) == "**file**.**ensure**\n\nValid values: `absent`, `false`, `file`, `present`, `directory`, `link`, `/./`"
    # A custom type of the module, and its attribute.
    h = await hover(client, init, 11, 3)
    assert h.startswith("**gadget** (custom resource type, `")
    assert h.endswith("lib/puppet/type/gadget.rb`)\n\nAttributes: `ensure`, `name`, `size`\n")
    assert await hover(client, init, 11, 17) == "**gadget**.**size** (custom resource type)"
    # A defined type of the module (its file on the module path) and its parameter.
    assert await hover(client, init, 10, 5) == (
        "**define mymod::vhost**\n\nParameters:\n- `String $docroot`\n- `Boolean $ssl = false`\n"
    )
    assert await hover(client, init, 10, 25) == "**mymod::vhost**.**docroot**\n\nParameters:\n- `String $docroot`\n"
    # The class's own name: its parameters with types and defaults.
    assert await hover(client, init, 1, 7) == (
        "**class mymod**\n\nParameters:\n- `Mymod::Port $port = 8080`\n- `String $user`\n"
    )


async def test_hover_on_a_class_declared_elsewhere(client, tmp_path):
    module(tmp_path)
    site = tmp_path / "site.pp"
    await start(None, client, PUSH, tmp_path, options={"modulepath": str(tmp_path)})
    opened(client, site, FILES["site.pp"])
    want = "**class mymod**\n\nParameters:\n- `Mymod::Port $port = 8080`\n- `String $user`\n"
    assert await hover(client, site, 2, 12) == want  # class { 'mymod': }
    assert await hover(client, site, 3, 11) == want  # include mymod


async def definition(client, path, line, character):
    r = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line, character))
    )
    if r is None:
        return None
    r = r[0] if isinstance(r, list) else r
    return (r.uri, r.range.start.line, r.range.start.character, r.range.end.line, r.range.end.character)


async def test_definition_of_classes_defines_functions_type_aliases_and_variables(client, tmp_path):
    init = module(tmp_path)
    site = tmp_path / "site.pp"
    await start(None, client, PUSH, tmp_path, options={"modulepath": str(tmp_path)})
    opened(client, init, FILES["mymod/manifests/init.pp"])
    opened(client, site, FILES["site.pp"])
    vhost = uri(tmp_path / "mymod/manifests/vhost.pp")
    # A defined type, a function, a type alias: their files on the module path.
    assert await definition(client, init, 10, 5) == (vhost, 1, 7, 1, 19)
    assert await definition(client, init, 10, 38) == (uri(tmp_path / "mymod/functions/root.pp"), 1, 9, 1, 20)
    assert await definition(client, init, 2, 5) == (uri(tmp_path / "mymod/types/port.pp"), 1, 5, 1, 16)
    # Variables: a parameter, an assignment.
    assert await definition(client, init, 8, 15) == (uri(init), 3, 9, 3, 14)
    assert await definition(client, init, 6, 10) == (uri(init), 5, 2, 5, 7)
    # A class from another file, by `class { 'x': }` and `include x`.
    assert await definition(client, site, 2, 12) == (uri(init), 1, 6, 1, 11)
    assert await definition(client, site, 3, 11) == (uri(init), 1, 6, 1, 11)
    # A class's variables from another file: an assignment in its body, a parameter.
    assert await definition(client, site, 4, 14) == (uri(init), 5, 2, 5, 7)
    assert await definition(client, site, 4, 40) == (uri(init), 2, 14, 2, 19)
    # Nothing there: a keyword.
    assert await definition(client, site, 1, 1) is None


async def test_document_and_workspace_symbols(client, tmp_path):
    init = module(tmp_path)
    await start(None, client, PUSH, tmp_path)
    opened(client, init, FILES["mymod/manifests/init.pp"])
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(init)))
    )

    def tree(ss):
        return [(s.name, s.kind, s.selection_range.start.line, tree(s.children or [])) for s in ss]

    K = types.SymbolKind
    assert tree(symbols) == [
        ("mymod", K.Class, 1, [
            ("$port", K.Field, 2, []),
            ("$user", K.Field, 3, []),
            ("$conf", K.Variable, 5, []),
            ("file $conf", K.Object, 6, []),
            ("mymod::vhost 'www'", K.Object, 10, []),
            ("gadget 'g'", K.Object, 11, []),
        ]),
    ]
    found = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="MYMOD"))
    assert [(s.name, s.kind, s.location.uri, s.location.range.start.line) for s in found] == [
        ("Mymod::Port", K.TypeParameter, uri(tmp_path / "mymod/types/port.pp"), 1),
        ("mymod", K.Class, uri(init), 1),
        ("mymod::root", K.Function, uri(tmp_path / "mymod/functions/root.pp"), 1),
        ("mymod::vhost", K.Struct, uri(tmp_path / "mymod/manifests/vhost.pp"), 1),
    ]
    assert [s.name for s in await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="sit"))] == ["site"]


async def complete(client, path, text, marker):
    """Completion where `|` is in `text` (opened without it)."""
    before = text[: text.index("|")]
    line = before.count("\n")
    character = len(before) - (before.rfind("\n") + 1)
    opened(client, path, text.replace("|", ""))
    r = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line, character))
    )
    items = r.items if hasattr(r, "items") else r
    return {i.label: (i.kind, i.detail, i.insert_text) for i in items}


async def test_completion_of_attributes_values_parameters_and_facts(client, tmp_path):
    module(tmp_path)
    await start(None, client, PUSH, tmp_path, options={"modulepath": str(tmp_path)})
    C = types.CompletionItemKind
    got = await complete(client, tmp_path / "a.pp", "file { '/a':\n  ow|\n}\n", "|")
    assert got == {"owner": (C.Property, None, "owner => ")}
    got = await complete(client, tmp_path / "b.pp", "service { 'x':\n  en|\n}\n", "|")
    assert got == {
        "enable": (C.Property, "valid values: true, false, manual, mask, delayed", "enable => "),
        "ensure": (C.Property, "valid values: stopped, false, running, true", "ensure => "),
    }
    got = await complete(client, tmp_path / "c.pp", "file { '/a': ensure => di|", "|")
    assert got == {"directory": (C.EnumMember, "file.ensure", None)}
    got = await complete(client, tmp_path / "d.pp", "class { 'mymod':\n  |\n}\n", "|")
    assert got["port"] == (C.Field, "Mymod::Port = 8080", "port => ")
    assert got["user"] == (C.Field, "String (required)", "user => ")
    assert got["require"] == (C.Property, "metaparameter", "require => ")
    got = await complete(client, tmp_path / "e.pp", "mymod::vhost { 'w': s|", "|")
    assert got == {
        "ssl": (C.Field, "Boolean = false", "ssl => "),
        "schedule": (C.Property, "metaparameter", "schedule => "),
        "stage": (C.Property, "metaparameter", "stage => "),
        "subscribe": (C.Property, "metaparameter", "subscribe => "),
    }
    got = await complete(client, tmp_path / "f.pp", "$x = $facts['netw|", "|")
    assert got == {"network": (C.Constant, "core fact", None), "networking": (C.Constant, "core fact", None)}
    got = await complete(client, tmp_path / "g.pp", "class a {\n  |\n}\n", "|")
    assert got == {}
