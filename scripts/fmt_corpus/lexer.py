"""A small Puppet lexer for the corpus scripts: masks what is not code.

`mask(text)` returns a copy of `text` of the same length, with the same line breaks, in
which comments are blanked, the contents of quoted strings are replaced by `x` (the
quotes stay, so widths are kept), heredoc bodies are blanked and regex contents are
replaced by `x`. The layout scripts then look for brackets, commas, `=`, `=>` and names
in the masked text without being misled by what a string or a comment says.

It is deliberately simple (the scripts measure layout, not meaning): a `/` starts a
regex where an operand is expected (after `=~`, `!~`, `(`, `,`, `[`, `{`, `=>`, `?`,
`node`, `and`, `or` or at the start of a line), otherwise it is a division.
"""

import re

_HEREDOC = re.compile(r'@\(\s*("?)([^":/)\s]+)\1\s*(?::[^/)]*)?(?:/[^)]*)?\)')
_REGEX_BEFORE = re.compile(r'(?:=~|!~|[(,\[{?]|=>|\bnode|\band|\bor)\s*$')


def mask(text):
    out = list(text)
    n = len(text)
    i = 0
    pending = []  # heredoc end tags opened on the current line
    line_start = 0
    while i < n:
        c = text[i]
        if c == '\n':
            i += 1
            line_start = i
            while pending:
                tag = pending.pop(0)
                end_re = re.compile(r'[ \t]*\|?[ \t]*-?[ \t]*' + re.escape(tag) + r'[ \t]*(?:\n|$)')
                # Blank body lines up to (not including) the end-tag line.
                while i < n:
                    eol = text.find('\n', i)
                    eol = n if eol < 0 else eol
                    if end_re.match(text, i):
                        i = eol + 1 if eol < n else n
                        break
                    for k in range(i, eol):
                        out[k] = ' '
                    i = eol + 1
                line_start = i
            continue
        if c == '#':
            j = text.find('\n', i)
            j = n if j < 0 else j
            for k in range(i, j):
                out[k] = ' '
            i = j
            continue
        if c == '/' and text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                if text[k] != '\n':
                    out[k] = ' '
            i = j
            continue
        if c in '\'"':
            j = i + 1
            while j < n and text[j] != c:
                if text[j] == '\\':
                    j += 1
                j += 1
            for k in range(i + 1, min(j, n)):
                if text[k] != '\n':
                    out[k] = 'x'
            i = j + 1
            continue
        if c == '@' and text.startswith('@(', i):
            m = _HEREDOC.match(text, i)
            if m:
                pending.append(m.group(2))
                i = m.end()
                continue
        if c == '/' and _REGEX_BEFORE.search(text, line_start, i) is not None \
                or c == '/' and text[line_start:i].strip() == '':
            j = i + 1
            while j < n and text[j] not in '/\n':
                if text[j] == '\\':
                    j += 1
                j += 1
            if j < n and text[j] == '/':
                for k in range(i + 1, j):
                    out[k] = 'x'
                i = j + 1
                continue
        i += 1
    return ''.join(out)
