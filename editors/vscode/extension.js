// The rein extension for VS Code: starts `rein lsp` for Puppet files (the `puppet` language,
// `.pp` and `.epp`) through vscode-languageclient and passes the `rein.*` settings as the
// server's initialization options. Everything else (diagnostics, formatting, code actions,
// hover, definitions, symbols, completion) is the server's.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

function options() {
  const c = vscode.workspace.getConfiguration('rein');
  const init = {};
  const modulepath = c.get('modulepath', []);
  if (modulepath.length > 0) init.modulepath = modulepath;
  const select = c.get('select', []);
  if (select.length > 0) init.select = select;
  const ignore = c.get('ignore', []);
  if (ignore.length > 0) init.ignore = ignore;
  return init;
}

async function start() {
  const command = vscode.workspace.getConfiguration('rein').get('path', 'rein');
  client = new LanguageClient(
    'rein',
    'rein',
    { command, args: ['lsp'] },
    {
      documentSelector: [{ scheme: 'file', language: 'puppet' }, { scheme: 'untitled', language: 'puppet' }],
      initializationOptions: options(),
      synchronize: {
        fileEvents: vscode.workspace.createFileSystemWatcher('**/{rein.toml,.rein.toml,lint.toml,.puppet-lint.rc}'),
      },
    },
  );
  await client.start();
}

async function activate(context) {
  await start();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (e.affectsConfiguration('rein')) {
        await client.stop();
        await start();
      }
    }),
    vscode.commands.registerCommand('rein.restart', async () => {
      await client.stop();
      await start();
    }),
  );
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
