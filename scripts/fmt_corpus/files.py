"""The manifests of a corpus: every `.pp` file under the given paths, in sorted order,
following symbolic links (Debian's module folders are links) and skipping `vendor/` and
`spec/fixtures/` (copies of other modules), as `rein check` does."""

import os


def pp_files(paths):
    for d in paths:
        if os.path.isfile(d):
            yield d
            continue
        for root, subdirs, files in os.walk(d, followlinks=True):
            subdirs[:] = sorted(s for s in subdirs if s != 'vendor'
                                and not (s == 'fixtures' and os.path.basename(root) == 'spec'))
            for f in sorted(files):
                if f.endswith('.pp'):
                    yield os.path.join(root, f)
