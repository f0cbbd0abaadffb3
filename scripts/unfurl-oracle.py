#!/usr/bin/env python3
"""Unfurl's verdicts on the cases of tests/fixtures/unfurl/: cases.jsonl and docs/.

Each line of that file is one case: a merge directive key (`"key"`) or an `eval`
expression (`"expr"`), the verdict of Unfurl recorded under `"unfurl"`, and rein's findings
recorded under `"rein"` (which tests/syntax/unfurl_cases.rs checks). This script asks the
real Unfurl (the `unfurl` package from PyPI) again, by calling the functions that read keys
and expressions when Unfurl loads a document (`unfurl.merge.parse_merge_key`,
`unfurl.eval.parse_exp` and `unfurl.eval.Expr`), and fails when a recorded verdict differs.

    unfurl-oracle.py [--bless] [--table] [CASES]
    unfurl-oracle.py --rein BIN

Each directory of docs/ holds a document, main.yaml (and the files it includes), and an
`expect` file: the line `unfurl: ok` or `unfurl: error: ...` (what loading main.yaml with
`unfurl.yamlloader.YamlConfig` does: it expands the merge directives), the document
Unfurl expands it to (`expanded: JSON`, which `rein unfurl expand --format json` must
print), then rein's findings, `rein: LINE:COL RULE MESSAGE` (tests/rules/unfurl_documents.rs
checks them).

--bless rewrites the `"unfurl"` verdicts and `unfurl:` lines; --table prints the table of
cases with both verdicts (Markdown). --rein BIN runs the rein binary BIN over the YAML
files the unfurl package ships instead (see `real_code`).

A key's verdict: `{"kind": "literal"}` (no directive: Unfurl keeps the key), `"error"`
(Unfurl's message), `"strategy"`/`"anchor-name"` (`+%`, `+&`), or the directive's parts as
Unfurl reads them, with the text it ignores. An expression's verdict: Unfurl's reading
(its segments), `"fails"` (the error Unfurl raises when it builds the expression) and
`"misread"` (Unfurl's reading leaves out text that is written, or a `[` is never closed).
"""
import json
import operator
import os
import re
import sys

from unfurl import eval as ueval
from unfurl.merge import RE_FIRST, _json_pointer_unescape, parse_merge_key
from unfurl.util import UnfurlError


def key_verdict(key):
    # unfurl.merge.expand_dict handles these two before parse_merge_key.
    if key == "+%":
        return {"kind": "strategy"}
    if key == "+&":
        return {"kind": "anchor-name"}
    try:
        mk = parse_merge_key(key)
    except UnfurlError as e:
        return {"kind": "error", "message": str(e)}
    if mk is None:
        return {"kind": "literal"}
    first = _json_pointer_unescape(key[1:].split("/")[0])
    ignored = first[RE_FIRST.match(first).end():]
    return {
        "kind": "directive",
        "maybe": mk.maybe,
        "include": mk.include,
        "anchor": mk.anchor,
        "relative": mk.relative,
        "pointer": list(mk.pointer),
        "ignored": ignored or None,
    }


def segment_json(s):
    test = None
    if s.test:
        test = ["=" if s.test[0] is operator.eq else "!=", s.test[1]]
    return {
        "key": s.key,
        "test": test,
        "modifier": s.modifier,
        "filters": [[segment_json(x) for x in f] for f in s.filters],
    }


def texts(segments):
    for s in segments:
        yield str(s.key)
        if s.test:
            yield s.test[1]
        for f in s.filters:
            yield from texts(f)


def misread(expr):
    """Unfurl's reading leaves out written text, or a `[` is never closed."""
    strip = lambda s: sorted(re.sub(r"[\[\]:?!=\s]", "", s))
    make_key = ueval._make_key
    ueval._make_key = lambda k: k  # keys as written
    try:
        reading = list(ueval.parse_exp(expr))
    finally:
        ueval._make_key = make_key
    if strip("".join(texts(reading))) != strip(expr):
        return True
    depth = 0
    for c in expr:
        if c == "[":
            depth += 1
        elif c == "]" and depth:
            depth -= 1
    return depth > 0


def expr_verdict(expr):
    reading = [segment_json(s) for s in ueval.parse_exp(expr)]
    try:
        ueval.Expr(expr)
        fails = None
    except Exception as e:  # what Unfurl raises is the verdict
        fails = f"{type(e).__name__}: {e}"
    return {"reading": reading, "fails": fails, "misread": misread(expr)}


def unfurl_verdict(case):
    if "key" in case:
        return key_verdict(case["key"])
    return expr_verdict(case["expr"])


def unfurl_error(case, v):
    if "key" in case:
        return v["kind"] == "error"
    return v["fails"] is not None or v["misread"]


def describe(case, v):
    if "key" in case:
        if v["kind"] != "directive":
            return v["kind"] + (f": {v['message']}" if "message" in v else "")
        parts = [k for k in ("maybe",) if v[k]]
        parts += [f"{k}={v[k]!r}" for k in ("include", "anchor") if v[k]]
        if v["relative"]:
            parts.append(f"relative={v['relative']}")
        if v["pointer"]:
            parts.append("pointer=/" + "/".join(v["pointer"]))
        if v["ignored"]:
            parts.append(f"ignores {v['ignored']!r}")
        return "directive " + " ".join(parts)
    if v["fails"]:
        return "fails: " + v["fails"]
    return "misread" if v["misread"] else "ok"


def doc_verdict(directory):
    import logging
    import os

    from unfurl.yamlloader import YamlConfig

    logging.disable(logging.CRITICAL)
    path = os.path.join(os.path.abspath(directory), "main.yaml")
    try:
        config = YamlConfig(path=path)
        return "ok", json.dumps(config.expanded, ensure_ascii=False)
    except Exception as e:  # the root cause is the verdict
        cause = e
        while cause.__cause__ or cause.__context__:
            cause = cause.__cause__ or cause.__context__
        message = str(cause).replace(os.path.abspath(directory) + "/", "").replace("\n", " ")
        return f"error: {type(cause).__name__}: {message}", None


def check_docs(root, bless, rows):
    import os

    bad = 0
    for name in sorted(os.listdir(root)):
        directory = os.path.join(root, name)
        expect = os.path.join(directory, "expect")
        lines = open(expect, encoding="utf-8").read().splitlines() if os.path.exists(expect) else []
        rein = [l for l in lines if l.startswith("rein:")]
        verdict, expanded = doc_verdict(directory)
        verdict = "unfurl: " + verdict
        recorded = [verdict] + ([f"expanded: {expanded}"] if expanded else [])
        if bless:
            with open(expect, "w", encoding="utf-8") as f:
                f.write("\n".join(recorded + rein) + "\n")
        elif any(r not in lines for r in recorded):
            bad += 1
            print(f"== docs/{name}: Unfurl now says\n{verdict}\n-- recorded:\n"
                  + "\n".join(l for l in lines if l.startswith("unfurl:")), file=sys.stderr)
        rein_error = any(" unfurl_" in l and l.split()[2] in ERROR_RULES for l in rein)
        agree = rein_error == verdict.startswith("unfurl: error")
        bad += not agree and not bless
        shown = "; ".join(l[len("rein: "):] for l in rein) or "no finding"
        rows.append(("doc", name, verdict[len("unfurl: "):], shown, "yes" if agree else "NO"))
    return bad


# The rules whose findings are errors by default (Unfurl fails to load the document).
ERROR_RULES = {
    "unfurl_invalid_directive",
    "unfurl_missing_include",
    "unfurl_unknown_anchor",
    "unfurl_unresolved_path",
    "unfurl_merge_conflict",
}


def real_code(rein):
    """rein over the YAML files the unfurl package ships (its TOSCA templates, ensemble
    examples, configurator templates), checked as Unfurl documents: rein must report an
    `eval` error exactly for the expressions Unfurl fails on or misreads, and no directive
    error (Unfurl loads these files). Returns the number of disagreements."""
    import shutil
    import subprocess
    import tempfile

    import unfurl
    import yaml as pyyaml

    package = os.path.dirname(unfurl.__file__)
    with tempfile.TemporaryDirectory() as tmp:
        count = 0
        exprs = []
        for base, dirs, files in os.walk(package):
            dirs[:] = [d for d in dirs if d != "vendor"]
            for name in files:
                if not name.endswith(".yaml"):
                    continue
                src = os.path.join(base, name)
                dst = os.path.join(tmp, os.path.relpath(src, package))
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(src, dst)
                count += 1
                with open(src, encoding="utf-8") as f:
                    for doc in pyyaml.safe_load_all(f):
                        exprs.extend(evals(doc))
        with open(os.path.join(tmp, "rein.toml"), "w") as f:
            f.write('[files]\nunfurl = ["**/*.yaml"]\n')
        out = subprocess.run([rein, "check", "--no-cache", "--format", "concise", "."],
                             cwd=tmp, capture_output=True, text=True).stdout
    errors = [l for l in out.splitlines() if "error[unfurl_" in l]
    unfurl_bad = [e for e in exprs if unfurl_error({"expr": e}, expr_verdict(e))]
    rein_eval = [l for l in errors if "[unfurl_eval_syntax]" in l]
    print(f"unfurl's own YAML files: {count} checked as Unfurl documents, "
          f"{len(exprs)} eval expressions; Unfurl fails on or misreads {len(unfurl_bad)}, "
          f"rein reports {len(rein_eval)} eval errors and {len(errors) - len(rein_eval)} "
          f"directive errors")
    for line in errors:
        print("  " + line)
    return int(len(unfurl_bad) != len(rein_eval)) + len(errors) - len(rein_eval)


def evals(node):
    """The `eval` expressions (strings, not templates) of a loaded YAML document."""
    if isinstance(node, dict):
        keys = set(node)
        if keys & {"eval", "ref"} and keys <= {"eval", "ref", "vars", "trace", "foreach", "select", "strict"}:
            for k in ("eval", "ref"):
                v = node.get(k)
                if isinstance(v, str) and not re.search(r"\{\{|\{%|%\}|\}\}", v):
                    yield v
        for v in node.values():
            yield from evals(v)
    elif isinstance(node, list):
        for v in node:
            yield from evals(v)


def main(argv):
    if "--rein" in argv:
        return 1 if real_code(argv[argv.index("--rein") + 1]) else 0
    bless = "--bless" in argv
    table = "--table" in argv
    paths = [a for a in argv if not a.startswith("--")]
    path = paths[0] if paths else "tests/fixtures/unfurl/cases.jsonl"
    with open(path, encoding="utf-8") as f:
        cases = [json.loads(line) for line in f if line.strip()]
    bad = 0
    rows = []
    for case in cases:
        v = unfurl_verdict(case)
        if bless:
            case["unfurl"] = v
        elif case.get("unfurl") != v:
            bad += 1
            print(f"== {json.dumps(case.get('key', case.get('expr')))}: Unfurl now says\n"
                  f"{json.dumps(v)}\n-- recorded:\n{json.dumps(case.get('unfurl'))}",
                  file=sys.stderr)
        rein = case.get("rein", [])
        rein_error = any(r.startswith("error") for r in rein)
        agree = rein_error == unfurl_error(case, v)
        bad += not agree and not bless
        text = case.get("key", case.get("expr"))
        rows.append((("key" if "key" in case else "expr"), text, describe(case, v),
                     "; ".join(rein) or "no finding", "yes" if agree else "NO"))
    docs = os.path.join(os.path.dirname(path), "docs")
    if os.path.isdir(docs):
        bad += check_docs(docs, bless, rows)
    if bless:
        with open(path, "w", encoding="utf-8") as f:
            for case in cases:
                # As the Rust test writes it (REIN_BLESS): sorted keys, compact.
                f.write(json.dumps(case, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n")
    if table:
        print("| # | kind | case | Unfurl | rein | agree |")
        print("|---|---|---|---|---|---|")
        for i, (kind, text, u, r, a) in enumerate(rows, 1):
            cell = lambda s: s.replace("|", "\\|")
            print(f"| {i} | {kind} | `{cell(text)}` | {cell(u)} | {cell(r)} | {a} |")
    agreeing = sum(1 for r in rows if r[4] == "yes")
    print(f"unfurl cases: {len(rows)}, verdicts agreeing: {agreeing}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
