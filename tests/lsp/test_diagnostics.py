"""Diagnostics: pushed on open, change (debounced, latest version) and save; pulled."""

import asyncio

from lsprotocol import types

from conftest import PUSH, start, until, uri

MANIFEST = 'class foo {\n  $a = "é"   \n  file { \'/a\': ensure => file }\n  file { \'/a\': ensure => file }\n}\n'


def opened(client, path, text, version=1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="puppet", version=version, text=text)
        )
    )


def change(client, path, version, text):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def published(client, path):
    await asyncio.wait_for(client.wait_for_notification("textDocument/publishDiagnostics"), 10)
    return client.diagnostics[uri(path)]


async def test_diagnostics_on_open_carry_rule_severity_summary_range_and_fix(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "init.pp"
    opened(client, path, MANIFEST)
    diags = await published(client, path)
    by_rule = {d.code: d for d in diags}
    assert sorted(by_rule) == ["documentation", "double_quoted_strings", "duplicate_resource", "trailing_whitespace"]
    t = by_rule["trailing_whitespace"]
    # UTF-16 columns after `é` (one unit): `  $a = "é"` is 10 characters.
    assert (t.range.start.line, t.range.start.character, t.range.end.character) == (1, 10, 13)
    assert t.severity == types.DiagnosticSeverity.Error
    assert t.source == "rein"
    assert t.message.startswith("trailing whitespace found\ntrailing_whitespace: ")
    assert t.data == {"version": 1, "fix": {"unsafe": False, "edits": [
        {"range": {"start": {"line": 1, "character": 10}, "end": {"line": 1, "character": 13}}, "newText": ""}]}}
    # A deep rule: the evaluator's duplicate declaration.
    dup = by_rule["duplicate_resource"]
    assert dup.range.start.line == 3
    assert dup.severity == types.DiagnosticSeverity.Error
    # Its related information is the first declaration.
    assert len(dup.related_information) == 1
    first = dup.related_information[0]
    assert first.location.uri == uri(path)
    assert (first.location.range.start.line, first.location.range.start.character) == (2, 9)
    assert first.message.startswith("File[/a]"), first.message


async def test_an_epp_template_gets_its_diagnostics_and_no_ignore_comment_action(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "motd.epp"
    # Text with trailing blanks is the template's output: no layout finding on it.
    opened(client, path, '<%- | String $owner | -%>\nBy <%= "x" %> for <%= $site %>   \n<%= 1 + %>\n')
    diags = await published(client, path)
    assert [(d.code, d.range.start.line, d.range.start.character) for d in diags] == [("syntax", 2, 7)]
    change(client, path, 2, '<%- | String $owner | -%>\nBy <%= "x" %> for <%= $site %>   \n')
    diags = await published(client, path)
    assert sorted((d.code, d.range.start.line, d.range.start.character) for d in diags) == [
        ("double_quoted_strings", 1, 7),
        ("epp_undeclared_variable", 1, 22),
        ("epp_unused_parameter", 0, 13),
    ]
    dq = next(d for d in diags if d.code == "double_quoted_strings")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            range=dq.range,
            context=types.CodeActionContext(diagnostics=[dq]),
        )
    )
    assert [a.title for a in actions] == ["Fix double_quoted_strings", "Fix all safe problems in this file"]


async def test_tags_mark_unnecessary_and_deprecated_code(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "tags.pp"
    opened(client, path, "# lint:ignore:140chars\n$a = 1\n# lint:endignore\n$b = $::osfamily\nnotice($a, $b)\n")
    diags = await published(client, path)
    tags = {d.code: list(d.tags or []) for d in diags}
    assert tags["suppression_unused"] == [types.DiagnosticTag.Unnecessary]
    assert tags["legacy_facts"] == [types.DiagnosticTag.Deprecated]


async def test_rapid_changes_publish_the_latest_version_only_and_never_a_stale_one(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "rapid.pp"
    opened(client, path, "$a = 1 \n")
    await published(client, path)
    for v in range(2, 1002):
        change(client, path, v, "$a = 1" + " " * (v % 7 + 1) + "\n" + "$b = 2\n" * (v % 3))
    def versions():
        return [d[0].data["version"] for k, d in client.diagnostics.log if d]

    await until(lambda: versions()[-1] == 1001)
    # Anything still in flight would come now.
    await asyncio.sleep(0.1)
    versions = versions()
    assert versions == sorted(versions)
    assert versions[-1] == 1001
    # Debounced: far fewer checks than changes.
    assert len(versions) < 100


async def test_save_publishes_at_once(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "save.pp"
    opened(client, path, "$a = 1\n")
    assert list(await published(client, path)) == []
    change(client, path, 2, "$a = 1 \n")
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(path))))
    diags = await published(client, path)
    assert [(d.code, d.data["version"]) for d in diags] == [("trailing_whitespace", 2)]


async def test_pull_diagnostics(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "pull.pp"
    opened(client, path, "$a = 1 \n")
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    assert report.kind == "full"
    assert [(d.code, d.range.start.line, d.range.start.character) for d in report.items] == [
        ("trailing_whitespace", 0, 6)
    ]


async def test_hover_on_a_finding_shows_its_rule_page(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "hover.pp"
    opened(client, path, "$a = 1 \n")
    await published(client, path)
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(0, 6))
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert hover.contents.value.startswith("**trailing_whitespace** (layout, error)\n\n")
    none = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(0, 1))
    )
    assert none is None


async def test_hiera_data_gets_yaml_and_hiera_diagnostics(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    (tmp_path / "ntp" / "manifests").mkdir(parents=True)
    (tmp_path / "ntp" / "manifests" / "init.pp").write_text("class ntp (Array[String] $servers = []) {}\n")
    (tmp_path / "ntp" / "hiera.yaml").write_text("---\nversion: 5\n")
    path = tmp_path / "ntp" / "data" / "common.yaml"
    path.parent.mkdir()
    text = "ntp::servers: one\nntp::sever: []\nntp::x: \"%{::osfamily}\"\nntp::x: 1\n"
    path.write_text(text)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="yaml", version=1, text=text)
        )
    )
    diags = await published(client, path)
    got = sorted((d.range.start.line, d.range.start.character, d.code) for d in diags)
    assert got == [
        (0, 14, "hiera_type_mismatch"),
        (1, 0, "hiera_unknown_key"),
        (2, 0, "hiera_unknown_key"),
        (2, 9, "legacy_facts"),
        (3, 0, "hiera_unknown_key"),
        (3, 0, "yaml_duplicate_key"),
    ], got


async def test_a_changed_hiera_config_rechecks_open_data(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    (tmp_path / "ntp" / "manifests").mkdir(parents=True)
    (tmp_path / "ntp" / "manifests" / "init.pp").write_text("class ntp (Array[String] $servers = []) {}\n")
    config = tmp_path / "ntp" / "hiera.yaml"
    config.write_text("---\nversion: 5\ndefaults:\n  datadir: other\n")
    path = tmp_path / "ntp" / "data" / "common.yaml"
    path.parent.mkdir()
    text = "ntp::sever: []\n"
    path.write_text(text)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="yaml", version=1, text=text)
        )
    )
    # Not in the data directory hiera.yaml names: no Hiera finding.
    assert [d.code for d in await published(client, path)] == []
    config.write_text("---\nversion: 5\ndefaults:\n  datadir: data\n")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=uri(config), type=types.FileChangeType.Changed)])
    )
    await until(lambda: list(client.diagnostics[uri(path)]))
    assert [d.code for d in client.diagnostics[uri(path)]] == ["hiera_unknown_key"]


async def test_unfurl_ensemble_gets_its_diagnostics(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "ensemble.yaml"
    (tmp_path / "template.yaml").write_text("topology: {}\n")
    # The buffer is not saved: rein reads its text, and the includes from the disk.
    text = (
        "apiVersion: unfurl/v1alpha1\nkind: Ensemble\nspec:\n  +incude: template.yaml\n"
        "  +include: missing.yaml\n  x:\n    eval: a[b]c\n"
    )
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="yaml", version=1, text=text)
        )
    )
    diags = await published(client, path)
    got = sorted((d.range.start.line, d.range.start.character, d.code) for d in diags)
    assert got == [
        (3, 2, "unfurl_ignored_directive"),
        (4, 12, "unfurl_missing_include"),
        (6, 14, "unfurl_eval_syntax"),
    ], got


async def test_a_file_of_a_control_repo_is_checked_against_its_module_path(client, tmp_path):
    # The workspace folder is a control repo: its `environment.conf` puts `modules/` on the
    # module path, so an open manifest sees the classes there, as `rein check .` would.
    await start(None, client, PUSH, tmp_path)
    (tmp_path / "environment.conf").write_text("modulepath = site:modules\n")
    chrony = tmp_path / "modules" / "chrony" / "manifests"
    chrony.mkdir(parents=True)
    (chrony / "init.pp").write_text("# Chrony.\nclass chrony (Array[String] $servers = []) {}\n")
    path = tmp_path / "manifests" / "site.pp"
    path.parent.mkdir()
    text = "node default {\n  class { 'chrony':\n    servrs => ['ntp1'],\n  }\n}\n"
    path.write_text(text)
    opened(client, path, text)
    diags = await published(client, path)
    got = sorted((d.range.start.line, d.range.start.character, d.code, d.message.split("\n")[0]) for d in diags)
    assert got == [(2, 4, "unknown_attribute", "no parameter named 'servrs' on class `chrony`")], got
