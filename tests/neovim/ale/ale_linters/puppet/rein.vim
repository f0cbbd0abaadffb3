call ale#linter#Define('puppet', {
\   'name': 'rein',
\   'executable': 'rein',
\   'command': 'rein check - --stdin-filepath %s ''--log-format=%%{path}:%%{line}:%%{column}: %%{kind}: [%%{check}] %%{message}''',
\   'callback': 'ale#handlers#gcc#HandleGCCFormat',
\})
