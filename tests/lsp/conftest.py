"""Fixtures of the end-to-end tests of `rein lsp`: the built binary (REIN_BIN), a
language client (pytest-lsp) speaking to it over stdio, and a raw stdio connection for the
bad-input tests."""

import asyncio
import json
import os
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

# A client that takes pushed diagnostics (Neovim 0.10 and later pull them).
PUSH = "neovim@v0.9.1"
REIN = os.environ.get("REIN_BIN", "rein")


def uri(path):
    return "file://" + str(path)


class History(dict):
    """client.diagnostics that also keeps every publication, in order."""

    def __init__(self):
        super().__init__()
        self.log = []

    def __setitem__(self, key, value):
        self.log.append((key, value))
        super().__setitem__(key, value)


async def start(request, lsp_client, profile, root, options=None, folders=None):
    lsp_client.diagnostics = History()
    folders = folders or [root]
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(profile),
            root_uri=uri(root),
            workspace_folders=[
                types.WorkspaceFolder(uri=uri(f), name=f.name) for f in folders
            ],
            initialization_options=options,
        )
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[REIN, "lsp"]))
async def client(lsp_client: LanguageClient):
    """A session with Neovim 0.10's capabilities (diagnostics pushed); tests call
    `start` themselves with their folder."""
    yield
    await lsp_client.shutdown_session()


class Raw:
    """`rein lsp` driven over raw stdio, for what a well-behaved client never sends."""

    def __init__(self, env=None):
        self.p = subprocess.Popen(
            [REIN, "lsp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, **(env or {})},
        )

    def send_bytes(self, payload: bytes):
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(payload) + payload)
        self.p.stdin.flush()

    def send(self, msg):
        self.send_bytes(json.dumps({"jsonrpc": "2.0", **msg}).encode())

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def response(self, id):
        while True:
            m = self.read()
            if m.get("id") == id and "method" not in m:
                return m

    def initialize(self):
        self.send({"id": 0, "method": "initialize", "params": {"capabilities": {}}})
        r = self.response(0)
        self.send({"method": "initialized", "params": {}})
        return r

    def wait(self):
        try:
            return self.p.wait(timeout=10)
        finally:
            self.p.stderr.close()
            self.p.stdout.close()


@pytest.fixture
def raw():
    servers = []

    def make(env=None):
        s = Raw(env)
        servers.append(s)
        return s

    yield make
    for s in servers:
        if s.p.poll() is None:
            s.p.kill()
            s.p.wait()


async def until(condition, timeout=10):
    """Waits until `condition()` holds (polling), failing after `timeout` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out waiting for the server"
        await asyncio.sleep(0.01)


def apply_edits(text, edits):
    """The text with LSP edits (UTF-16 positions) applied."""
    lines = text.split("\n")

    def offset(pos):
        before = sum(len(l) + 1 for l in lines[: pos.line])
        line = lines[pos.line] if pos.line < len(lines) else ""
        units, i = 0, 0
        while i < len(line) and units < pos.character:
            units += 2 if ord(line[i]) > 0xFFFF else 1
            i += 1
        return min(before + i, len(text))

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for a, b, t in spans:
        text = text[:a] + t + text[b:]
    return text


def rein_fmt(text, tmp_path, name="fmt_ref.pp"):
    """What `rein fmt` makes of `text`."""
    f = tmp_path / name
    f.write_text(text)
    subprocess.run([REIN, "fmt", str(f)], check=False, capture_output=True)
    return f.read_text()
