"""Bad input and load: malformed messages, unknown methods, unopened documents, odd
documents, panics, a client that goes away, shutdown and exit."""

import asyncio

import pytest
from lsprotocol import types

from conftest import PUSH, start, uri
from test_diagnostics import opened, published


def test_malformed_json_rpc_gets_errors_and_the_server_goes_on(raw):
    s = raw()
    s.initialize()
    s.send_bytes(b"{not json")
    assert s.read()["error"]["code"] == -32700
    s.send({"id": 5, "method": 42})
    assert s.read()["error"]["code"] == -32600
    s.send({"id": 6, "method": "rein/unknown"})
    assert s.response(6)["error"] == {"code": -32601, "message": "unknown method rein/unknown"}
    s.send({"id": 7, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "file:///nowhere.pp"}, "options": {"tabSize": 2, "insertSpaces": True}}})
    assert s.response(7)["error"] == {"code": -32602, "message": "the document file:///nowhere.pp is not open"}
    s.send({"id": 8, "method": "shutdown"})
    assert s.response(8)["result"] is None
    s.send({"method": "exit"})
    assert s.wait() == 0


def test_a_parse_error_answer_has_a_null_id(raw):
    s = raw()
    s.send_bytes(b"{not json")
    m = s.read()
    assert (m["id"], m["error"]["code"]) == (None, -32700)
    s.p.stdin.close()
    assert s.wait() == 0


def test_requests_before_initialize_and_exit_without_shutdown(raw):
    s = raw()
    s.send({"id": 1, "method": "textDocument/hover", "params": {}})
    assert s.response(1)["error"]["code"] == -32002
    s.initialize()
    s.send({"method": "exit"})
    assert s.wait() == 1


def test_a_panic_becomes_an_error_response_and_the_server_goes_on(raw):
    s = raw({"REIN_LSP_TEST_PANIC": "1"})
    s.initialize()
    s.send({"id": 1, "method": "rein/panic"})
    r = s.response(1)
    assert r["error"]["code"] == -32603
    s.send({"id": 2, "method": "shutdown"})
    assert s.response(2)["result"] is None
    s.send({"method": "exit"})
    assert s.wait() == 0


def test_a_client_that_disappears_mid_request_ends_the_server_cleanly(raw):
    s = raw()
    s.initialize()
    text = "$a = 1 \n" * 300
    s.send({"method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///tmp/gone.pp", "languageId": "puppet", "version": 1, "text": text}}})
    s.send({"id": 3, "method": "textDocument/formatting", "params": {"textDocument": {"uri": "file:///tmp/gone.pp"}, "options": {"tabSize": 2, "insertSpaces": True}}})
    s.p.stdout.close()
    s.p.stdin.close()
    assert s.p.wait(timeout=30) == 0


async def test_syntax_errors_and_nul_bytes_are_findings(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "nul.pp"
    opened(client, path, "$a = 1\x00\nclass {\n")
    diags = await published(client, path)
    assert {d.code for d in diags} == {"syntax"}


async def test_a_5_mb_document(client, tmp_path):
    await start(None, client, PUSH, tmp_path)
    path = tmp_path / "big.pp"
    text = "$a = 1\n# " + "x" * 5_000_000 + "\n"
    opened(client, path, text)
    diags = await asyncio.wait_for(published(client, path), 60)
    assert [(d.code, d.range.start.line) for d in diags] == [("140chars", 1)]
