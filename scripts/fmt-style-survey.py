#!/usr/bin/env python3
"""Counts how real Puppet code lays out what the style guide leaves open.

Usage: scripts/fmt-style-survey.py [--examples N] [DIR...]
       (default DIR: /usr/share/puppet/modules.available, Debian's Puppet modules)

For every `.pp` file under the given directories (symbolic links followed,
`spec/fixtures/` and `vendor/` skipped), each layout decision below is counted where the
code gives a choice, and the table says how often each way was written. Only cases where
the two ways differ are counted (two typed parameters whose types have the same width say
nothing about padding). `tests/fixtures/format/style/README.md` records the counts and
what `rein fmt` does.

The scripts work on a masked copy of each file (scripts/fmt_corpus/lexer.py: comments,
string contents, heredoc bodies and regexes blanked) and its brackets
(scripts/fmt_corpus/brackets.py); they measure layout, not meaning, and a few odd cases
land in `other`.
"""

import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'fmt_corpus'))
from lexer import mask  # noqa: E402
from brackets import brackets, top_arrow, top_colon  # noqa: E402
from files import pp_files  # noqa: E402

WIDTH = 140

# decision -> (question, label of each way in order)
DECISIONS = collections.OrderedDict([
    ('param_type_padding', ('typed parameters, types of different widths: names aligned?',
                            ['types padded, names aligned', 'one space after each type'])),
    ('param_untyped_name', ('untyped parameter in a list with padded types: where is its name?',
                            ['in the name column', 'at the indentation'])),
    ('param_eq_alignment', ('parameter defaults, names of different widths: `=` aligned?',
                            ['aligned', 'one space before each `=`'])),
    ('param_eq_column', ('aligned parameter `=`: where is the column?',
                         ['one space after the longest', 'further right'])),
    ('param_eq_basis', ('aligned `=`, the longest parameter has no default: the column follows',
                        ['parameters with a default', 'every parameter'])),
    ('param_eq_scope', ('parameter list in sections (blank or comment lines): `=` aligned over',
                        ['the whole list', 'each section'])),
    ('assign_alignment', ('consecutive `$x = ...` lines, names of different widths: `=` aligned?',
                          ['aligned', 'one space before each `=`'])),
    ('assign_multiline_value', ('assignment whose value spans lines, after aligned one-line ones',
                                ['aligned with the others', 'one space before `=`'])),
    ('assign_split_blank', ('two aligned runs of assignments with an empty line between',
                            ['each run its own', 'one column'])),
    ('assign_split_comment', ('two aligned runs of assignments with a comment line between',
                              ['each run its own', 'one column'])),
    ('hash_arrow_alignment', ('multi-line hash outside resources, keys of different widths: `=>` aligned?',
                              ['aligned', 'one space before each `=>`'])),
    ('hash_arrow_column', ('aligned hash `=>`: where is the column?',
                           ['one space after the longest key', 'further right'])),
    ('selector_arrow_alignment', ('multi-line selector, cases of different widths: `=>` aligned?',
                                  ['aligned', 'one space before each `=>`'])),
    ('lambda_one_line', ('lambda whose body is one statement that fits on the line',
                         ['on one line', 'body on its own lines'])),
    ('if_one_line', ('`if`/`unless`/`else` block of one statement that fits on the line',
                     ['on one line', 'body on its own lines'])),
    ('if_value_one_line', ('`if`/`else` used as a value (`$x = if ...`), blocks of one statement that fit',
                           ['on one line', 'body on its own lines'])),
    ('case_body_one_line', ('`case` option whose body is one statement that fits on the line',
                            ['on one line', 'body on its own lines'])),
    ('single_body_title_line', ('resource with one body over several lines: the title is',
                                ['on the `{` line', 'title on its own line'])),
    ('multi_body_one_line', ('body of a resource with several bodies (`;`), attributes fit on the line',
                             ['on the title line', 'attributes on their own lines'])),
    ('multi_body_one_line_multi', ('the same, bodies with two or more attributes',
                                   ['on the title line', 'attributes on their own lines'])),
    ('multi_body_value_alignment', ('one-line bodies (`\'t\': value => x;`) in a row, titles of different widths: attributes aligned?',
                                    ['aligned', 'one space after each `:`'])),
    ('multi_body_value_column', ('aligned one-line bodies: where is the column?',
                                 ['one space after the longest', 'further right'])),
    ('trailing_comma_array', ('multi-line array, last element', ['comma', 'no comma'])),
    ('trailing_comma_hash', ('multi-line hash, last entry', ['comma', 'no comma'])),
    ('trailing_comma_params', ('multi-line parameter list, last parameter', ['comma', 'no comma'])),
    ('trailing_comma_call', ('multi-line call arguments, last argument', ['comma', 'no comma'])),
    ('trailing_comma_resource', ('multi-line resource body, last attribute', ['comma', 'no comma'])),
    ('trailing_comma_selector', ('multi-line selector, last case', ['comma', 'no comma'])),
    ('trailing_comma_type', ('multi-line type parameters (`Enum[`, `Struct[` ...), last one',
                             ['comma', 'no comma'])),
    ('trailing_comma_type_single', ('multi-line type with one parameter (`Struct[` newline `{...}` newline `]`)',
                                    ['comma', 'no comma'])),
    ('type_struct_hug', ('multi-line `Struct[{ ... }]`: the hash opens',
                         ['on the `Struct[` line (`Struct[{`)', 'on a line of its own'])),
    ('one_line_trailing_comma', ('one-line array or hash, last element', ['no comma', 'comma'])),
    ('hash_one_line_spaces', ('one-line hash', ['`{ a => 1 }`', '`{a => 1}`'])),
    ('array_one_line_spaces', ('one-line array', ['`[a, b]`', '`[ a, b ]`'])),
    ('def_paren_space', ('class/define name and `(`', ['`name (`', '`name(`'])),
    ('call_paren_space', ('function call name and `(`', ['`name(`', '`name (`'])),
    ('collector_space', ('collector type and `<|`', ['`Type <|`', '`Type<|`'])),
    ('collector_empty', ('empty collector query', ['`<| |>`', '`<||>`'])),
    ('collector_inner_space', ('collector query and `<|`, `|>`', ['`<| x |>`', '`<|x|>`'])),
    ('not_space', ('unary `!` and its operand', ['`!$x`', '`! $x`'])),
    ('trailing_comment_space', ('code then a comment on the same line', ['one space before `#`',
                                                                         'more than one'])),
    ('blank_after_open', ('class/define/node body: first line after `{`',
                          ['code or comment', 'an empty line'])),
    ('chain_arrow_indent', ('`->`/`~>` starting a line after the first operand of a chain',
                            ['at the first operand\'s indentation', 'indented further'])),
    ('else_cuddled', ('`else`/`elsif` after `}`', ['`} else {`', '`}` then `else` on the next line'])),
])


class File:
    def __init__(self, path, text):
        self.path = path
        self.text = text
        self.m = mask(text)
        self.lines = text.split('\n')
        self.mlines = self.m.split('\n')
        self.starts = [0]
        for ln in self.lines:
            self.starts.append(self.starts[-1] + len(ln) + 1)
        self.brackets = brackets(self.m)

    def line(self, pos):
        lo, hi = 0, len(self.starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def col(self, pos):
        return pos - self.starts[self.line(pos)]

    def has_comment(self, first, last):
        """Whether a comment starts on lines `first` to `last`."""
        for i in range(first, last + 1):
            ln, ml = self.lines[i], self.mlines[i]
            if any(c == '#' and ml[k] == ' ' for k, c in enumerate(ln)):
                return True
        return False


class Survey:
    def __init__(self, examples):
        self.counts = collections.defaultdict(collections.Counter)
        self.examples = collections.defaultdict(list)
        self.max_examples = examples

    def add(self, decision, way, f, pos):
        self.counts[decision][way] += 1
        ex = self.examples[(decision, way)]
        if len(ex) < self.max_examples:
            ex.append(f'{f.path}:{f.line(pos) + 1}')

    def file(self, f):
        self._if_value = {}
        for b in f.brackets:
            k = b.kind
            if k == 'params':
                self.params(f, b)
            elif k == 'hash':
                self.hash_like(f, b, 'hash')
            elif k == 'selector':
                self.hash_like(f, b, 'selector')
            elif k == 'lambda':
                self.one_line_block(f, b, 'lambda_one_line')
            elif k == 'block':
                head = f.m[f.starts[f.line(b.open)]:b.open]
                if re.search(r'\b(if|elsif|unless|else)\b', head) \
                        and not re.search(r'[|{]\s*$', head):
                    stmt = re.search(r'(=>|=|\(|,)\s*(if|unless)\b[^{]*$', head) or \
                        (re.search(r'\belse\s*$', head) and self._if_value.get(f.line(b.open)))
                    name = 'if_value_one_line' if stmt else 'if_one_line'
                    if re.search(r'(=>|=|\(|,)\s*(if|unless)\b', head):
                        self._if_value[f.line(b.open)] = True
                    self.one_line_block(f, b, name)
                elif re.search(r':\s*$', head) and b.parent is not None \
                        and b.parent.kind == 'block' \
                        and re.search(r'\bcase\b', f.m[f.starts[f.line(b.parent.open)]:b.parent.open]):
                    self.one_line_block(f, b, 'case_body_one_line')
                if re.search(r'\b(class|define|node)\b', head):
                    self.blank_after_open(f, b)
            elif k == 'resource':
                self.resource(f, b)
            self.trailing_comma(f, b)
            self.one_line_spaces(f, b)
        self.assignments(f)
        self.regexes(f)

    # -- parameter lists -------------------------------------------------------------
    def params(self, f, b):
        if f.line(b.open) == f.line(b.close):
            return
        rows = []
        prev_line = f.line(b.open)
        for (a, e, _sep) in b.elems:
            la = f.line(a)
            if la == prev_line:
                return  # two parameters on one line: not a table
            prev_line = f.line(e)
            seg = f.m[a:e]
            first = seg.split('\n', 1)[0]
            dollar = re.search(r'\*?\$\w+', first)
            if not dollar:
                return
            type_text = first[:dollar.start()].rstrip()
            eq = re.search(r'\s*=(?![=~>])', first[dollar.end():])
            name_end = dollar.end()
            rows.append({
                'line': la,
                'indent': f.col(a),
                'type_w': len(type_text) if type_text else None,
                'type_multi': '\n' in seg[:seg.find('$')] if '$' in seg else False,
                'name_col': f.col(a) + dollar.start(),
                'lhs_end': f.col(a) + name_end,
                'eq_col': f.col(a) + name_end + eq.end() - 1 if eq else None,
                'pos': a,
            })
        if len(rows) < 2:
            return
        typed = [r for r in rows if r['type_w'] is not None and not r['type_multi']]
        if len(typed) >= 2 and len({r['type_w'] for r in typed}) > 1:
            padded = len({r['name_col'] for r in typed}) == 1
            one = all(r['name_col'] == r['indent'] + r['type_w'] + 1 for r in typed)
            self.add('param_type_padding', 'types padded, names aligned' if padded else
                     'one space after each type' if one else 'other', f, b.open)
            if padded:
                col = typed[0]['name_col']
                for r in rows:
                    if r['type_w'] is None:
                        self.add('param_untyped_name', 'in the name column' if r['name_col'] == col
                                 else 'at the indentation' if r['name_col'] == r['indent']
                                 else 'other', f, r['pos'])
        with_eq = [r for r in rows if r['eq_col'] is not None]
        if len(with_eq) >= 2 and len({r['lhs_end'] for r in with_eq}) > 1:
            cols = {r['eq_col'] for r in with_eq}
            one = all(r['eq_col'] == r['lhs_end'] + 1 for r in with_eq)
            if len(cols) == 1:
                self.add('param_eq_alignment', 'aligned', f, b.open)
                col = next(iter(cols))
                all_max = max(r['lhs_end'] for r in rows)
                eq_max = max(r['lhs_end'] for r in with_eq)
                if all_max > eq_max:
                    self.add('param_eq_basis', 'parameters with a default' if col == eq_max + 1
                             else 'every parameter' if col == all_max + 1 else 'other', f, b.open)
                tight = cols.pop() == max(r['lhs_end'] for r in with_eq) + 1
                self.add('param_eq_column', 'one space after the longest' if tight
                         else 'further right', f, b.open)
            else:
                self.add('param_eq_alignment', 'one space before each `=`' if one else 'other',
                         f, b.open)
            # Sections: runs of parameters not separated by a blank or comment line.
            sections = [[with_eq[0]]]
            for r0, r1 in zip(with_eq, with_eq[1:]):
                gap = f.lines[r0['line'] + 1:r1['line']]
                split = any(g.strip() == '' or g.strip().startswith('#') for g in gap)
                (sections.append([r1]) if split else sections[-1].append(r1))
            secs = [s for s in sections if len(s) >= 1]
            if len(secs) >= 2:
                tights = [max(r['lhs_end'] for r in s) + 1 for s in secs]
                whole = len({r['eq_col'] for r in with_eq}) == 1
                per = all(len({r['eq_col'] for r in s}) == 1 and s[0]['eq_col'] == t
                          for s, t in zip(secs, tights))
                if len(set(tights)) > 1:
                    if whole:
                        self.add('param_eq_scope', 'the whole list', f, b.open)
                    elif per:
                        self.add('param_eq_scope', 'each section', f, b.open)

    # -- hashes and selectors ----------------------------------------------------------
    def hash_like(self, f, b, what):
        if f.line(b.open) == f.line(b.close):
            return
        rows = []
        prev = f.line(b.open)
        for (a, e, _sep) in b.elems:
            if f.line(a) == prev:
                return
            prev = f.line(e)
            seg = f.m[a:e]
            first = seg.split('\n', 1)[0]
            arrow = top_arrow(first)
            if arrow is None:
                return
            key_end = len(first[:arrow].rstrip())
            rows.append((f.col(a) + key_end, f.col(a) + arrow, a))
        if len(rows) < 2 or len({r[0] for r in rows}) == 1:
            return
        if what == 'hash' and _inside_resource(b):
            return
        cols = {r[1] for r in rows}
        name = 'hash_arrow_alignment' if what == 'hash' else 'selector_arrow_alignment'
        if len(cols) == 1:
            self.add(name, 'aligned', f, b.open)
            if what == 'hash':
                tight = cols.pop() == max(r[0] for r in rows) + 1
                self.add('hash_arrow_column', 'one space after the longest key' if tight
                         else 'further right', f, b.open)
        else:
            one = all(r[1] == r[0] + 1 for r in rows)
            self.add(name, 'one space before each `=>`' if one else 'other', f, b.open)

    # -- one-line blocks ---------------------------------------------------------------
    def one_line_block(self, f, b, name):
        lo, lc = f.line(b.open), f.line(b.close)
        inner = f.m[b.open + 1:b.close]
        if not inner.strip():
            return
        if lo == lc:
            self.add(name, 'on one line', f, b.open)
            return
        body = [ln for ln in f.mlines[lo + 1:lc] if ln.strip()]
        raw = [ln for ln in f.lines[lo + 1:lc] if ln.strip()]
        if len(body) != 1 or f.m[b.open + 1:f.starts[lo + 1]].strip() \
                or f.m[f.starts[lc]:b.close].strip() or len(raw) != 1 \
                or raw[0].strip().startswith('#'):
            return
        if f.has_comment(lo, lc):
            return
        joined = f.lines[lo][:f.col(b.open) + 1] + ' ' + raw[0].strip() + ' ' \
            + f.lines[lc][f.col(b.close):]
        if len(joined.rstrip()) > WIDTH:
            return
        self.add(name, 'body on its own lines', f, b.open)

    def blank_after_open(self, f, b):
        lo = f.line(b.open)
        if lo == f.line(b.close) or f.m[b.open + 1:f.starts[lo + 1]].strip():
            return
        nxt = f.lines[lo + 1] if lo + 1 < len(f.lines) else ''
        if lo + 1 == f.line(b.close):
            return
        self.add('blank_after_open', 'an empty line' if not nxt.strip() else 'code or comment',
                 f, b.open)

    # -- resources ---------------------------------------------------------------------
    def resource(self, f, b):
        bodies = []
        cur = []
        for el in b.elems:
            cur.append(el)
            if el[2] == ';':
                bodies.append(cur)
                cur = []
        if cur:
            bodies.append(cur)
        if len(bodies) == 1:
            if f.line(b.close) != f.line(b.open) and b.elems:
                own = f.line(b.elems[0][0]) != f.line(b.open)
                self.add('single_body_title_line', 'title on its own line' if own
                         else 'on the `{` line', f, b.open)
            return
        one_line_rows = []
        for body in bodies:
            a = body[0][0]
            e = body[-1][1]
            seg = f.m[a:e]
            colon = top_colon(seg)
            if colon is None:
                continue
            attrs = seg[colon + 1:].strip()
            if not attrs:
                continue
            n_attrs = len(body)
            if '\n' not in seg:
                self.add('multi_body_one_line', 'on the title line', f, a)
                if n_attrs > 1:
                    self.add('multi_body_one_line_multi', 'on the title line', f, a)
                after = colon + 1
                while after < len(seg) and seg[after] == ' ':
                    after += 1
                one_line_rows.append((f.line(a), f.col(a) + colon, f.col(a) + after))
            else:
                joined = f.lines[f.line(a)][:f.col(a)] + ' '.join(
                    x.strip() for x in f.text[a:e].split('\n')) + ';'
                if len(joined) <= WIDTH and not f.has_comment(f.line(a), f.line(e)):
                    self.add('multi_body_one_line', 'attributes on their own lines', f, a)
                    if n_attrs > 1:
                        self.add('multi_body_one_line_multi', 'attributes on their own lines', f, a)
        # Runs of one-line bodies on consecutive lines.
        run = []
        for row in one_line_rows + [None]:
            if row is not None and run and row[0] == run[-1][0] + 1:
                run.append(row)
                continue
            if len(run) >= 2 and len({r[1] for r in run}) > 1:
                if len({r[2] for r in run}) == 1:
                    self.add('multi_body_value_alignment', 'aligned', f, f.starts[run[0][0]])
                    tight = run[0][2] == max(r[1] for r in run) + 2
                    self.add('multi_body_value_column', 'one space after the longest'
                             if tight else 'further right', f, f.starts[run[0][0]])
                elif all(r[2] == r[1] + 2 for r in run):
                    self.add('multi_body_value_alignment', 'one space after each `:`', f,
                             f.starts[run[0][0]])
                else:
                    self.add('multi_body_value_alignment', 'other', f, f.starts[run[0][0]])
            run = [row] if row is not None else []

    # -- trailing commas and one-line spacing ------------------------------------------
    def trailing_comma(self, f, b):
        if f.line(b.open) == f.line(b.close) or not b.elems:
            return
        if f.m[f.starts[f.line(b.close)]:b.close].strip():
            return  # the closer is not on a line of its own
        kind = {'array': 'array', 'hash': 'hash', 'params': 'params', 'call': 'call',
                'resource': 'resource', 'selector': 'selector', 'attrs': 'resource'}.get(b.kind)
        if b.kind == 'access':
            kind = 'type' if re.search(r'[A-Z][\w:]*\s*$', f.m[max(0, b.open - 100):b.open]) else None
            if _in_params(b):
                kind = None  # Puppet rejects a comma after a parameter type's last argument
            elif kind == 'type' and len(b.elems) == 1:
                kind = 'type_single'
        if kind is None:
            return
        last = b.elems[-1]
        if last[2] == ';':
            return
        self.add('trailing_comma_' + kind, 'comma' if last[2] == ',' else 'no comma', f, last[0])
        if kind in ('type', 'type_single') and re.search(r'Struct\s*$', f.m[max(0, b.open - 20):b.open]):
            hug = f.m[b.open + 1:b.open + 2] == '{'
            self.add('type_struct_hug', 'on the `Struct[` line (`Struct[{`)' if hug
                     else 'on a line of its own', f, b.open)

    def one_line_spaces(self, f, b):
        if f.line(b.open) != f.line(b.close) or b.close == b.open + 1:
            return
        inner = f.m[b.open + 1:b.close]
        if not inner.strip():
            return
        spaced = inner.startswith(' ') and inner.endswith(' ')
        tight = not inner.startswith(' ') and not inner.endswith(' ')
        if b.kind in ('hash', 'array') and b.elems:
            self.add('one_line_trailing_comma', 'no comma' if b.elems[-1][2] != ','
                     else 'comma', f, b.open)
        if b.kind == 'hash':
            self.add('hash_one_line_spaces', '`{ a => 1 }`' if spaced else '`{a => 1}`' if tight
                     else 'other', f, b.open)
        elif b.kind == 'array':
            self.add('array_one_line_spaces', '`[a, b]`' if tight else '`[ a, b ]`' if spaced
                     else 'other', f, b.open)

    # -- line-based checks -------------------------------------------------------------
    def assignment_multiline(self, f):
        """An assignment whose value spans lines, after an aligned pair of one-line ones."""
        pat = re.compile(r'^(\s*)(\$[\w:]+)(\s*)=(?![=~>])')

        def opens(s):
            return sum(s.count(c) for c in '([{') - sum(s.count(c) for c in ')]}')
        ml = f.mlines
        for i in range(2, len(ml)):
            m, p, q = pat.match(ml[i]), pat.match(ml[i - 1]), pat.match(ml[i - 2])
            if not (m and p and q) or opens(ml[i]) <= 0 or opens(ml[i - 1]) or opens(ml[i - 2]):
                continue
            if not len(m.group(1)) == len(p.group(1)) == len(q.group(1)):
                continue
            widths = {len(x.group(2)) for x in (m, p, q)}
            if len(widths) < 2 or q.end() != p.end() or len(q.group(2)) == len(p.group(2)):
                continue
            self.add('assign_multiline_value', 'aligned with the others' if m.end() == p.end()
                     else 'one space before `=`' if m.group(3) == ' ' else 'other', f, f.starts[i])

    def assignment_groups(self, f):
        """Two runs of aligned assignments separated by one blank or comment line."""
        pat = re.compile(r'^(\s*)(\$[\w:]+)(\s*)=(?![=~>])')
        runs = []  # (first line, last line, indent, tight column, actual column or None)
        cur = []
        for i, ln in enumerate(f.mlines + ['x']):
            mm = pat.match(ln)
            if mm and cur and len(mm.group(1)) == len(cur[-1][1].group(1)) and i == cur[-1][0] + 1:
                cur.append((i, mm))
                continue
            if cur:
                cols = {x[1].end() for x in cur}
                tight = max(len(x[1].group(1)) + len(x[1].group(2)) for x in cur) + 2
                runs.append((cur[0][0], cur[-1][0], len(cur[0][1].group(1)),
                             tight, cols.pop() if len(cols) == 1 else None))
            cur = [(i, mm)] if mm else []
        for r0, r1 in zip(runs, runs[1:]):
            if r0[2] != r1[2] or r0[4] is None or r1[4] is None or r1[0] != r0[1] + 2:
                continue
            gap = f.lines[r0[1] + 1]
            what = 'blank' if not gap.strip() else 'comment' if gap.strip().startswith('#') else None
            if what is None or r0[3] == r1[3]:
                continue
            way = 'one column' if r0[4] == r1[4] else 'each run its own' \
                if (r0[4], r1[4]) == (r0[3], r1[3]) else 'other'
            self.add('assign_split_' + what, way, f, f.starts[r0[0]])

    def assignments(self, f):
        self.assignment_groups(f)
        self.assignment_multiline(f)
        pat = re.compile(r'^(\s*)(\$[\w:]+)(\s*)=(?![=~>])')
        run = []
        for i, ln in enumerate(f.mlines + ['']):
            mm = pat.match(ln)
            if mm and run and len(mm.group(1)) == len(run[-1][1].group(1)) and i == run[-1][0] + 1:
                run.append((i, mm))
                continue
            if len(run) >= 2 and len({len(x[1].group(1)) + len(x[1].group(2)) for x in run}) > 1:
                eqs = {x[1].end() for x in run}
                if len(eqs) == 1:
                    way = 'aligned'
                elif all(x[1].group(3) == ' ' for x in run):
                    way = 'one space before each `=`'
                else:
                    way = 'other'
                self.add('assign_alignment', way, f, f.starts[run[0][0]])
            run = [(i, mm)] if mm else []

    def regexes(self, f):
        m = f.m
        for mm in re.finditer(r'\b(class|define)\s+[\w:]+(\s*)\(', m):
            self.add('def_paren_space', '`name (`' if mm.group(2) == ' ' else '`name(`'
                     if mm.group(2) == '' else 'other', f, mm.start())
        for b in f.brackets:
            if b.kind == 'call':
                head = m[max(0, b.open - 80):b.open]
                nm = re.search(r'(?<![\w$.:])([a-z][\w:]*)(\s*)$', head)
                if nm and not re.search(r'\b(class|define|function|plan)\s+$', head[:nm.start()]):
                    self.add('call_paren_space', '`name(`' if nm.group(2) == '' else '`name (`'
                             if nm.group(2) == ' ' else 'other', f, b.open)
        for mm in re.finditer(r'[A-Z][\w:]*(\s*)<<?\|', m):
            self.add('collector_space', '`Type <|`' if mm.group(1) == ' ' else '`Type<|`'
                     if mm.group(1) == '' else 'other', f, mm.start())
        for mm in re.finditer(r'<<?\|([^|])(?:[^|]*[^|\s])?([^|])\|>>?', m):
            if mm.group(1).strip() == '' and mm.group(2).strip() == '':
                self.add('collector_inner_space', '`<| x |>`', f, mm.start())
            elif mm.group(1).strip() != '' and mm.group(2).strip() != '':
                self.add('collector_inner_space', '`<|x|>`', f, mm.start())
        for mm in re.finditer(r'<<?\|(\s*)\|>>?', m):
            self.add('collector_empty', '`<| |>`' if mm.group(1) == ' ' else '`<||>`'
                     if mm.group(1) == '' else 'other', f, mm.start())
        for mm in re.finditer(r'!(?![=~])(\s*)[$\w(]', m):
            self.add('not_space', '`!$x`' if mm.group(1) == '' else '`! $x`', f, mm.start())
        for i, (ln, ml) in enumerate(zip(f.lines, f.mlines)):
            code = ml.rstrip()
            if code.strip() and len(code) < len(ln.rstrip()):
                rest = ln[len(code):]
                k = len(code)
                if ln[k:].lstrip().startswith('#') and ml[k:].strip() == '':
                    gap = len(rest) - len(rest.lstrip())
                    if gap >= 1:
                        self.add('trailing_comment_space', 'one space before `#`' if gap == 1
                                 else 'more than one', f, f.starts[i])
            s = ml.strip()
            if re.match(r'(->|~>)', s) and i and f.mlines[i - 1].strip() \
                    and not re.match(r'\s*(->|~>)', f.mlines[i - 1]) \
                    and not f.mlines[i - 1].rstrip().endswith(('{', '(', '[', ',')):
                ind = len(ml) - len(ml.lstrip())
                prev = f.mlines[i - 1]
                pind = len(prev) - len(prev.lstrip())
                self.add('chain_arrow_indent', 'at the first operand\'s indentation' if ind == pind
                         else 'indented further' if ind > pind else 'other', f, f.starts[i])
            if s.startswith('else') or s.startswith('elsif'):
                prev = f.mlines[i - 1].strip() if i else ''
                if prev == '}':
                    self.add('else_cuddled', '`}` then `else` on the next line', f, f.starts[i])
            elif re.match(r'\}\s*(else|elsif)\b', s):
                self.add('else_cuddled', '`} else {`', f, f.starts[i])


def _in_params(b):
    p = b.parent
    while p is not None:
        if p.kind == 'params':
            return True
        p = p.parent
    return False


def _inside_resource(b):
    p = b.parent
    while p is not None:
        if p.kind in ('resource', 'attrs'):
            return True
        if p.kind not in ('hash', 'array'):
            return False
        p = p.parent
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('dirs', nargs='*', default=['/usr/share/puppet/modules.available'])
    ap.add_argument('--examples', type=int, default=0,
                    help='print up to N file:line examples of each way')
    args = ap.parse_args()
    s = Survey(args.examples)
    n = 0
    for p in pp_files(args.dirs):
        with open(p, encoding='utf-8', errors='replace') as fh:
            s.file(File(p, fh.read()))
        n += 1
    print(f'{n} files')
    print(f'{"decision":28} {"first way":>10} {"second way":>10} {"other":>6}  (majority)')
    for key, (question, ways) in DECISIONS.items():
        c = s.counts.get(key, collections.Counter())
        a, b = c.get(ways[0], 0), c.get(ways[1], 0)
        other = sum(c.values()) - a - b
        total = a + b
        maj = '-' if total == 0 else (ways[0] if a >= b else ways[1])
        share = 0 if total == 0 else round(100 * max(a, b) / total)
        print(f'{key:28} {a:>10} {b:>10} {other:>6}  ({maj}, {share}%)')
        if args.examples:
            print(f'  {question}')
            for w in ways + ['other']:
                for e in s.examples.get((key, w), []):
                    print(f'    {w}: {e}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
