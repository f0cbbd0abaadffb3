"""Bracket structure of a masked manifest (see lexer.py).

`brackets(masked)` finds every `(`, `[` and `{` with its matching closer and classifies it
by what precedes it:

  params    `(` of a class, define, function or plan parameter list
  call      `(` right after a name (a function or method call)
  paren     any other `(`
  access    `[` right after a name, a variable, `]` or `)` (`$a['k']`, `Enum[...]`)
  array     any other `[`
  hash      `{` after `=>`, `=`, `+`, `(`, `,`, `[` or `{`
  selector  `{` after `?`
  lambda    `{` after the `|...|` of a lambda parameter list
  resource  `{` after a lower-case name whose first element has a `title:`
  attrs     `{` of resource defaults, overrides and collectors (`File {`, `] {`, `|> {`)
  block     any other `{` (class, define, if, case, node bodies...)

Each bracket knows its elements: the spans between top-level commas (and `;` in
resources), with surrounding blanks trimmed.
"""

import re

_KEYWORDS = {'if', 'elsif', 'unless', 'else', 'case', 'class', 'define', 'node', 'function',
             'plan', 'inherits', 'and', 'or', 'in', 'default', 'undef', 'true', 'false',
             'type', 'application', 'site', 'consumes', 'produces', 'attr', 'private'}
_DEF_PARAMS = re.compile(r'\b(class|define|function|plan)\s+[\w:]+\s*$')
_NAME_END = re.compile(r'([\w:$]+)\s*$')
_LAMBDA_END = re.compile(r'\|(?:\s*>>\s*[\w:\[\], \']+)?\s*$')
_DEF_BLOCK = re.compile(r'\b(class|define|node|function|plan|type)\b')


class Bracket:
    __slots__ = ('open', 'close', 'char', 'kind', 'elems', 'parent', 'children')

    def __init__(self, open_, char, parent):
        self.open = open_
        self.close = None
        self.char = char
        self.kind = None
        self.elems = []
        self.parent = parent
        self.children = []


def _classify(m, b):
    before = m[:b.open]
    tail = before[-200:]
    stripped = tail.rstrip()
    last = stripped[-1:] if stripped else ''
    if b.char == '(':
        if _DEF_PARAMS.search(tail):
            return 'params'
        nm = _NAME_END.search(tail)
        if nm and not nm.group(1).startswith('$') and nm.group(1) not in _KEYWORDS:
            return 'call'
        return 'paren'
    if b.char == '[':
        if tail and (tail[-1].isalnum() or tail[-1] in "_]$)'\"}"):
            return 'access'
        nm = _NAME_END.search(tail)
        if nm and nm.group(1)[:1].isupper():
            return 'access'
        return 'array'
    # `{`
    if stripped.endswith('=>') or last in '=+(,[{':
        return 'hash'
    if last == '?':
        return 'selector'
    if last == ':':
        return 'block'
    if _LAMBDA_END.search(tail) and not stripped.endswith('|>'):
        return 'lambda'
    if stripped.endswith('|>') or stripped.endswith('|>>') or last == ']':
        return 'attrs'
    nm = _NAME_END.search(tail)
    line = tail[tail.rfind('\n') + 1:]
    if nm and nm.group(1) not in _KEYWORDS and not _DEF_BLOCK.search(line) \
            and not nm.group(1).startswith('$'):
        word = nm.group(1).lstrip('@')
        if word[:1].isupper():
            return 'attrs'
        return 'resource?'
    return 'block'


def brackets(m):
    """Every bracket of masked text `m`, in order of their openers."""
    out = []
    stack = []
    for i, c in enumerate(m):
        if c in '([{':
            b = Bracket(i, c, stack[-1] if stack else None)
            if stack:
                stack[-1].children.append(b)
            stack.append(b)
            out.append(b)
        elif c in ')]}':
            if stack and {'(': ')', '[': ']', '{': '}'}[stack[-1].char] == c:
                stack.pop().close = i
    for b in out:
        if b.close is None:
            continue
        b.kind = _classify(m, b)
        seps = ',;' if b.kind in ('resource?', 'selector') else ','
        start = b.open + 1
        inner = [(c.open, c.close) for c in b.children if c.close is not None]
        k = 0
        pos = start
        while pos < b.close:
            if k < len(inner) and inner[k][0] == pos:
                pos = inner[k][1] + 1
                k += 1
                continue
            if m[pos] in seps:
                b.elems.append(_trim(m, start, pos) + (m[pos],))
                start = pos + 1
            pos += 1
        last = _trim(m, start, b.close)
        if last[0] < last[1]:
            b.elems.append(last + ('',))
        if b.kind == 'resource?':
            first = m[b.elems[0][0]:b.elems[0][1]] if b.elems else ''
            b.kind = 'resource' if top_colon(first) is not None else 'block'
    return [b for b in out if b.close is not None]


def top_level(s, found):
    """The first index `i` of `s` outside brackets where `found(s, i)`, or None."""
    depth = 0
    for i, c in enumerate(s):
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        elif depth == 0 and found(s, i):
            return i
    return None


def top_colon(s):
    """Where `s` has a `:` outside brackets (not part of `::`), or None."""
    return top_level(s, lambda t, i: t[i] == ':' and t[i + 1:i + 2] != ':' and t[i - 1:i] != ':')


def top_arrow(s):
    """Where `s` has a `=>` outside brackets, or None."""
    return top_level(s, lambda t, i: t.startswith('=>', i))


def _trim(m, a, b):
    while a < b and m[a] in ' \t\r\n':
        a += 1
    while b > a and m[b - 1] in ' \t\r\n':
        b -= 1
    return (a, b)
