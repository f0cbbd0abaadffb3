#!/usr/bin/env python3
"""Benchmark of `rein lsp` through the real protocol (JSON-RPC over the server's stdio; no
client library needed). Not a test: it prints figures.

  scripts/bench-lsp.py [--rein target/release/rein] [--runs 40] [--modules DIR]

1. Diagnostics after an edit of a 3,000-line manifest: the time from `didChange` to the
   `publishDiagnostics` of that version (the server's debounce included), p50 and p95,
   with the deep rules and without them (`ignore: ["deep"]`).
2. `textDocument/formatting` of that manifest (p50, p95).
3. The server's memory (VmRSS, VmHWM) with a 300-file module tree as its workspace: after
   a `workspace/symbol` over it, and after opening all 300 files.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

# src/lsp/server.rs's DEBOUNCE: how long the server waits for more changes.
DEBOUNCE_MS = 20


class Server:
    def __init__(self, rein, root, options=None):
        self.p = subprocess.Popen([rein, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next = 0
        r = self.request("initialize", {
            "processId": os.getpid(),
            "rootUri": "file://" + root,
            "workspaceFolders": [{"uri": "file://" + root, "name": "bench"}],
            "capabilities": {},
            "initializationOptions": options or {},
        })
        assert "result" in r, r
        self.notify("initialized", {})

    def send(self, msg):
        body = json.dumps({"jsonrpc": "2.0", **msg}).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("server closed its output")
            line = line.strip()
            if not line:
                break
            k, _, v = line.partition(b":")
            if k.lower() == b"content-length":
                length = int(v)
        return json.loads(self.p.stdout.read(length))

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def request(self, method, params):
        self.next += 1
        rid = self.next
        self.send({"id": rid, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == rid and "method" not in m:
                return m

    def diagnostics_of(self, uri, version):
        while True:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics":
                p = m["params"]
                if p["uri"] == uri and p.get("version") == version:
                    return p["diagnostics"]

    def memory(self):
        out = {}
        with open(f"/proc/{self.p.pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmRSS", "VmHWM"):
                    out[k] = int(v.split()[0]) / 1024
        return out

    def cpu(self):
        """The server's CPU time so far (user + system), in seconds: unlike the latency,
        it does not grow with the load of a shared machine."""
        with open(f"/proc/{self.p.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.p.wait(timeout=10)


def manifest(lines):
    """A class of exactly `lines` lines that parses: resources, variables, conditionals, as
    modules are (whole blocks, then comment lines up to the count)."""
    head = ["# A large class.", "class bench (", "  String $user = 'root',", "  Boolean $manage = true,", ") {"]
    out = list(head)
    i = 0
    while True:
        block = [
            f"  $dir_{i} = \"/srv/bench/{i}\"",
            f"  if $manage {{",
            f"    file {{ $dir_{i}:",
            "      ensure => directory,",
            "      owner  => $user,",
            "      mode   => '0755',",
            "    }",
            "  }",
            f"  exec {{ 'refresh-{i}':",
            "    command     => '/bin/true',",
            f"    refreshonly => true,",
            f"    subscribe   => File[$dir_{i}],",
            "  }",
        ]
        if len(out) + len(block) > lines - 1:
            break
        out += block
        i += 1
    out += ["  # padding"] * (lines - 1 - len(out))
    return "\n".join(out + ["}"]) + "\n"


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def fmt_ms(xs):
    return f"p50 {pct(xs, 50) * 1000:6.1f} ms   p95 {pct(xs, 95) * 1000:6.1f} ms   (n={len(xs)})"


def latency(rein, root, text, options, runs):
    path = os.path.join(root, "bench/manifests/init.pp")
    uri = "file://" + path
    s = Server(rein, root, options)
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}})
    first = s.diagnostics_of(uri, 1)
    broken = [d for d in first if d.get("code") == "syntax"]
    assert not broken, f"the benchmark manifest does not parse: {broken[:3]}"
    times = []
    lines = text.split("\n")
    # An edit that keeps the file valid, so that every run parses and checks all of it:
    # type in a string in the middle (the `0755` of a `mode` line), alternately `6` and `5`.
    line = next(n for n in range(len(lines) // 2, len(lines)) if "mode   => '0755'" in lines[n])
    column = lines[line].index("0755") + 3
    cpu = s.cpu()
    for v in range(2, runs + 2):
        digit = "6" if v % 2 == 0 else "5"
        change = {"range": {"start": {"line": line, "character": column},
                            "end": {"line": line, "character": column + 1}}, "text": digit}
        t = time.perf_counter()
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v}, "contentChanges": [change]})
        diagnostics = s.diagnostics_of(uri, v)
        times.append(time.perf_counter() - t)
        assert len(diagnostics) == len(first), (len(diagnostics), len(first))
    edit_cpu = (s.cpu() - cpu) / runs
    cpu = s.cpu()
    fmt_times = []
    for _ in range(runs):
        t = time.perf_counter()
        r = s.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
        fmt_times.append(time.perf_counter() - t)
        assert "result" in r, r
    fmt_cpu = (s.cpu() - cpu) / runs
    s.close()
    return len(first), times, fmt_times, len(lines), edit_cpu, fmt_cpu


def workspace_memory(rein, modules, count):
    root = tempfile.mkdtemp(prefix="rein-bench-ws-")
    files = []
    for mod in sorted(os.listdir(modules)):
        src = os.path.join(modules, mod)
        if not os.path.isdir(os.path.join(src, "manifests")):
            continue
        dst = os.path.join(root, mod)
        shutil.copytree(src, dst, symlinks=False, ignore=shutil.ignore_patterns("spec", "examples", "tests"))
        for d, _, names in os.walk(dst):
            files += [os.path.join(d, n) for n in names if n.endswith(".pp")]
        if len(files) >= count:
            break
    files = sorted(files)[:count]
    s = Server(rein, root)
    idle = s.memory()
    found = s.request("workspace/symbol", {"query": ""})
    after_symbols = s.memory()
    for i, f in enumerate(files):
        with open(f, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        uri = "file://" + f
        s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "puppet", "version": 1, "text": text}})
        s.diagnostics_of(uri, 1)
    opened = s.memory()
    s.close()
    shutil.rmtree(root)
    return len(files), len(found.get("result") or []), idle, after_symbols, opened


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rein", default="target/release/rein")
    ap.add_argument("--runs", type=int, default=40)
    ap.add_argument("--modules", default="/usr/share/puppet/modules.available")
    a = ap.parse_args()
    rein = os.path.abspath(a.rein)
    root = tempfile.mkdtemp(prefix="rein-bench-")
    os.makedirs(os.path.join(root, "bench/manifests"))
    with open(os.path.join(root, "bench/metadata.json"), "w") as f:
        f.write('{"name": "me-bench", "version": "0.1.0"}\n')
    text = manifest(3000)
    with open(os.path.join(root, "bench/manifests/init.pp"), "w") as f:
        f.write(text)
    print(f"rein lsp benchmark ({rein}), load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    for label, options in (("with deep rules", {}), ("without deep rules", {"ignore": ["deep"]})):
        n, times, fmt_times, lines, edit_cpu, fmt_cpu = latency(rein, root, text, options, a.runs)
        print(f"diagnostics after an edit, {lines - 1}-line file, {label} ({n} findings): {fmt_ms(times)}"
              f"   server CPU per edit {edit_cpu * 1000:.1f} ms")
    print(f"formatting the {lines - 1}-line file:                                  {fmt_ms(fmt_times)}"
          f"   server CPU per request {fmt_cpu * 1000:.1f} ms")
    print(f"(each latency includes the server's {DEBOUNCE_MS} ms debounce after a change)")
    shutil.rmtree(root)
    if os.path.isdir(a.modules):
        files, symbols, idle, syms, opened = workspace_memory(rein, a.modules, 300)
        print(f"memory, {files}-file workspace: idle {idle['VmRSS']:.1f} MB; after workspace/symbol ({symbols} symbols) "
              f"{syms['VmRSS']:.1f} MB; all {files} files open {opened['VmRSS']:.1f} MB (peak {opened['VmHWM']:.1f} MB)")
    else:
        print(f"memory: skipped ({a.modules} not found)", file=sys.stderr)


if __name__ == "__main__":
    main()
