"""Formatting, range formatting, code actions, configuration."""

import asyncio

from lsprotocol import types

from conftest import PUSH, apply_edits, rein_fmt, start, until, uri
from test_diagnostics import opened, published

UNFORMATTED = "class foo {\nfile { '/a':\n  ensure => file,\n  mode => '0644',\n}\n  file { '/b':\n    ensure => file,\n    mode => '0644',\n  }\n}\n"


def doc(path):
    return types.TextDocumentIdentifier(uri=uri(path))


async def test_formatting_gives_what_rein_fmt_gives(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "fmt.pp"
    opened(client, path, UNFORMATTED)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(path), options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert apply_edits(UNFORMATTED, edits) == rein_fmt(UNFORMATTED, tmp_path)


async def test_range_formatting_widens_to_the_whole_resource_only(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "range.pp"
    opened(client, path, UNFORMATTED)
    # Only the `mode` line of the second resource.
    edits = await client.text_document_range_formatting_async(
        types.DocumentRangeFormattingParams(
            text_document=doc(path),
            range=types.Range(types.Position(7, 4), types.Position(7, 8)),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    out = apply_edits(UNFORMATTED, edits)
    # The whole alignment group of the second resource is aligned; the first is untouched.
    assert out == UNFORMATTED.replace("    ensure => file,\n    mode => '0644',\n  }", "    ensure => file,\n    mode   => '0644',\n  }")


async def test_a_syntax_error_gives_no_edit_and_no_popup(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "broken.pp"
    opened(client, path, "class {\n")
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(path), options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert edits is None
    assert client.messages == []


async def test_a_failed_format_gives_no_edit_and_shows_why(client, tmp_path):
    (tmp_path / "rein.toml").write_text("[format]\nline_width = 'wide'\n")
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "bad_config.pp"
    opened(client, path, UNFORMATTED)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=doc(path), options=types.FormattingOptions(tab_size=2, insert_spaces=True))
    )
    assert edits is None
    assert any(m.message.startswith("rein: not formatted:") for m in client.messages), client.messages


async def test_code_actions_fix_unsafe_fix_ignore_and_fix_all(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "actions.pp"
    text = '$b = 1\n$a = "${b}"  \n'
    opened(client, path, text)
    diags = await published(client, path)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(path),
            range=types.Range(types.Position(1, 0), types.Position(1, 0)),
            context=types.CodeActionContext(diagnostics=list(diags)),
        )
    )
    titles = sorted(a.title for a in actions)
    assert titles == [
        "Fix all safe problems in this file",
        "Fix only_variable_string (unsafe: may change what the code does)",
        "Fix trailing_whitespace",
        "Ignore only_variable_string on this line",
        "Ignore trailing_whitespace on this line",
    ]
    by_title = {a.title: a for a in actions}
    def applied(title):
        return apply_edits(text, by_title[title].edit.changes[uri(path)])
    assert applied("Fix trailing_whitespace") == '$b = 1\n$a = "${b}"\n'
    assert by_title["Fix trailing_whitespace"].is_preferred
    assert not by_title["Fix only_variable_string (unsafe: may change what the code does)"].is_preferred
    assert applied("Ignore trailing_whitespace on this line") == '$b = 1\n$a = "${b}" # lint:ignore:trailing_whitespace  \n'
    assert applied("Fix all safe problems in this file") == '$b = 1\n$a = "${b}"\n'
    only = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc(path),
            range=types.Range(types.Position(1, 0), types.Position(1, 0)),
            context=types.CodeActionContext(diagnostics=list(diags), only=[types.CodeActionKind.Source]),
        )
    )
    assert [a.kind for a in only] == ["source.fixAll.rein"]


async def test_configuration_per_folder_and_reload_on_change(client, tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (b / "rein.toml").write_text("[rules]\ntrailing_whitespace = 'off'\n")
    await start(None, client, PUSH, a, folders=[a, b])
    for d in (a, b):
        opened(client, d / "x.pp", "$a = 1 \n")
    await until(lambda: uri(a / "x.pp") in client.diagnostics and uri(b / "x.pp") in client.diagnostics)
    assert [d.code for d in client.diagnostics[uri(a / "x.pp")]] == ["trailing_whitespace"]
    assert list(client.diagnostics[uri(b / "x.pp")]) == []
    (b / "rein.toml").write_text("[rules]\n")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri(b / "rein.toml"), type=types.FileChangeType.Changed)])
    )
    await until(lambda: list(client.diagnostics[uri(b / "x.pp")]))
    assert [d.code for d in client.diagnostics[uri(b / "x.pp")]] == ["trailing_whitespace"]


async def test_initialization_options_select_and_ignore_rules(client, tmp_path):
    await start(None, client, PUSH, tmp_path, options={"select": ["quoted_booleans"], "ignore": "trailing_whitespace"})
    path = tmp_path / "opts.pp"
    opened(client, path, "$a = 'true' \n")
    assert [d.code for d in await published(client, path)] == ["quoted_booleans"]
