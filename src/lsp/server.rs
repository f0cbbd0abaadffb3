//! The main loop: one thread owns the session (the [`Workspace`], the open documents, the
//! settings) and handles the messages strictly in the order they come. Notifications that
//! change a document only record the change; its diagnostics are computed once the client
//! has been quiet for [`DEBOUNCE`] (or at the latest [`MAX_WAIT`] after the first pending
//! change), always of the latest text, and published with that version, so a stale result
//! is never published. Opening and saving publish at once. Each handler runs under
//! `catch_unwind`: a panic becomes an `InternalError` response (and a message to the user)
//! and the server goes on.

use std::collections::{HashMap, HashSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{self as notif, Notification as _};
use lsp_types::request::{self as req, Request as _};
use lsp_types::*;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::code_actions;
use super::diagnostics;
use super::documents::{path_to_uri, uri_to_path, Documents};
use super::formatting::{self, Refused};
use super::names;
use super::position::Encoding;
use super::settings::{self, Settings};
use crate::workspace::Workspace;

/// Quiet time after a change before its diagnostics are computed.
pub const DEBOUNCE: Duration = Duration::from_millis(20);
/// Longest wait for the diagnostics of a changed document under a stream of changes.
pub const MAX_WAIT: Duration = Duration::from_millis(300);

/// Environment variable that makes the request `rein/panic` panic (for the tests of the
/// panic boundary).
pub const PANIC_HOOK_ENV: &str = "REIN_LSP_TEST_PANIC";

/// The files rein reads besides the open documents, watched for changes: configuration,
/// module metadata, manifests and templates (definitions), Hiera's configuration and data
/// (which files are data, and the keys a manifest's `lookup()` finds), an environment's
/// module path, and the Ruby files that declare custom functions, types and facts.
const WATCHED: &[&str] = &[
    "**/rein.toml",
    "**/.rein.toml",
    "**/lint.toml",
    "**/.puppet-lint.rc",
    "**/metadata.json",
    "**/environment.conf",
    "**/*.pp",
    "**/*.epp",
    "**/*.yaml",
    "**/*.yml",
    "**/*.rb",
];

/// How a session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum End {
    /// `exit` after `shutdown`, or input closed after `shutdown`.
    Clean,
    /// `exit` without `shutdown` (the protocol's exit status 1).
    ExitWithoutShutdown,
    /// The input closed before `shutdown` (the client went away).
    InputClosed,
}

/// The session's state.
pub struct Server {
    out: Sender<String>,
    workspace: Workspace,
    documents: Documents,
    settings: Settings,
    encoding: Encoding,
    /// Documents changed and not yet checked, the time of the first such change, and the
    /// time to check them.
    pending: HashSet<Uri>,
    first_pending: Option<Instant>,
    due: Option<Instant>,
    /// The diagnostics last computed for each open document, with its version.
    last: HashMap<Uri, (i32, Vec<Diagnostic>)>,
    initialized: bool,
    shutdown: bool,
    next_id: i32,
    watch_registration: bool,
}

impl Server {
    /// Serves the messages of `incoming` until `exit` or the end of input.
    pub fn serve(incoming: Receiver<Message>, out: Sender<String>) -> End {
        let mut server = Server {
            out,
            workspace: Workspace::new(),
            documents: Documents::default(),
            settings: Settings::default(),
            encoding: Encoding::Utf16,
            pending: HashSet::new(),
            first_pending: None,
            due: None,
            last: HashMap::new(),
            initialized: false,
            shutdown: false,
            next_id: 0,
            watch_registration: false,
        };
        loop {
            let msg = match server.due {
                None => incoming.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(due) => incoming.recv_deadline(due),
            };
            match msg {
                Ok(Message::Notification(n)) if n.method == notif::Exit::METHOD => {
                    return if server.shutdown {
                        End::Clean
                    } else {
                        End::ExitWithoutShutdown
                    };
                }
                Ok(m) => server.handle(m),
                Err(RecvTimeoutError::Timeout) => {
                    server.guarded("diagnostics", |s| s.flush());
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return if server.shutdown {
                        End::Clean
                    } else {
                        End::InputClosed
                    };
                }
            }
        }
    }

    fn send(&self, m: Message) {
        // lsp-server's `Message` serializes without the `jsonrpc` member.
        let Ok(Value::Object(mut fields)) = serde_json::to_value(&m) else {
            return;
        };
        fields.insert("jsonrpc".into(), Value::from("2.0"));
        if let Ok(text) = serde_json::to_string(&fields) {
            // A client that went away: the writer has stopped; nothing to do.
            let _ = self.out.send(text);
        }
    }

    fn notify<N: notif::Notification>(&self, params: N::Params) {
        self.send(Message::Notification(Notification::new(
            N::METHOD.into(),
            params,
        )));
    }

    fn show(&self, typ: MessageType, message: String) {
        self.notify::<notif::ShowMessage>(ShowMessageParams { typ, message });
    }

    fn log(&self, typ: MessageType, message: String) {
        self.notify::<notif::LogMessage>(LogMessageParams { typ, message });
    }

    fn request_client<R: req::Request>(&mut self, params: R::Params) {
        self.next_id += 1;
        let id = RequestId::from(format!("rein-{}", self.next_id));
        self.send(Message::Request(Request::new(id, R::METHOD.into(), params)));
    }

    /// Runs `f`, turning a panic into a message to the user; whether it returned.
    fn guarded(&mut self, what: &str, f: impl FnOnce(&mut Server)) -> bool {
        let ok = catch_unwind(AssertUnwindSafe(|| f(self))).is_ok();
        if !ok {
            self.show(
                MessageType::ERROR,
                format!("rein: internal error while handling {what} (a bug in rein: please report it); see the server's log"),
            );
        }
        ok
    }

    fn handle(&mut self, m: Message) {
        match m {
            Message::Request(r) => self.request(r),
            Message::Notification(n) => {
                let method = n.method.clone();
                self.guarded(&method, |s| s.notification(n));
            }
            // Answers to our requests (registration): nothing to do.
            Message::Response(_) => {}
        }
    }

    fn request(&mut self, r: Request) {
        let id = r.id.clone();
        if !self.initialized && r.method != req::Initialize::METHOD {
            let e = Response::new_err(
                id,
                ErrorCode::ServerNotInitialized as i32,
                "the server is not initialized".into(),
            );
            return self.send(Message::Response(e));
        }
        if self.shutdown {
            let e = Response::new_err(
                id,
                ErrorCode::InvalidRequest as i32,
                "the server is shutting down".into(),
            );
            return self.send(Message::Response(e));
        }
        let method = r.method.clone();
        let mut answer = None;
        let returned = self.guarded(&method, |s| answer = Some(s.dispatch(r)));
        let response = match answer {
            Some(Ok(v)) => Response::new_ok(id, v),
            Some(Err((code, message))) => Response::new_err(id, code, message),
            None => {
                debug_assert!(!returned);
                Response::new_err(
                    id,
                    ErrorCode::InternalError as i32,
                    format!("rein: internal error while handling {method} (a bug in rein: please report it)"),
                )
            }
        };
        self.send(Message::Response(response));
    }

    /// The result of the request `r`, or an error code and message.
    fn dispatch(&mut self, r: Request) -> Result<Value, (i32, String)> {
        match r.method.as_str() {
            req::Initialize::METHOD => {
                if self.initialized {
                    return Err((
                        ErrorCode::InvalidRequest as i32,
                        "initialize was sent twice".into(),
                    ));
                }
                let p: InitializeParams = params(r.params)?;
                let result = self.initialize(&p);
                to_value(result)
            }
            req::Shutdown::METHOD => {
                self.shutdown = true;
                Ok(Value::Null)
            }
            req::DocumentDiagnosticRequest::METHOD => {
                let p: DocumentDiagnosticParams = params(r.params)?;
                let items = self.diagnose(&p.text_document.uri)?;
                to_value(DocumentDiagnosticReportResult::Report(
                    DocumentDiagnosticReport::Full(RelatedFullDocumentDiagnosticReport {
                        related_documents: None,
                        full_document_diagnostic_report: FullDocumentDiagnosticReport {
                            result_id: None,
                            items,
                        },
                    }),
                ))
            }
            req::Formatting::METHOD => {
                let p: DocumentFormattingParams = params(r.params)?;
                let uri = p.text_document.uri;
                let doc = self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                let result = formatting::format(&mut self.workspace, doc, self.encoding);
                self.formatted(result)
            }
            req::RangeFormatting::METHOD => {
                let p: DocumentRangeFormattingParams = params(r.params)?;
                let uri = p.text_document.uri;
                let doc = self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                let result =
                    formatting::format_range(&mut self.workspace, doc, p.range, self.encoding);
                self.formatted(result)
            }
            req::CodeActionRequest::METHOD => {
                let p: CodeActionParams = params(r.params)?;
                let uri = p.text_document.uri;
                let doc = self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                let actions = code_actions::actions(
                    &mut self.workspace,
                    &self.settings.check,
                    &uri,
                    doc,
                    &p.context.diagnostics,
                    p.context.only.as_deref(),
                    self.encoding,
                );
                to_value(actions)
            }
            req::HoverRequest::METHOD => {
                let p: HoverParams = params(r.params)?;
                let uri = p.text_document_position_params.text_document.uri;
                let pos = p.text_document_position_params.position;
                self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                let finding = self.hover(&uri, pos);
                let name = self
                    .documents
                    .get(&uri)
                    .and_then(|doc| names::hover(doc, pos, self.encoding, &self.settings));
                to_value(names::combine(finding, name))
            }
            req::GotoDefinition::METHOD => {
                let p: GotoDefinitionParams = params(r.params)?;
                let uri = p.text_document_position_params.text_document.uri;
                let pos = p.text_document_position_params.position;
                let doc = self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                let found = names::definition(doc, &uri, pos, self.encoding, &self.settings);
                to_value(found.map(GotoDefinitionResponse::Scalar))
            }
            req::DocumentSymbolRequest::METHOD => {
                let p: DocumentSymbolParams = params(r.params)?;
                let uri = p.text_document.uri;
                let doc = self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                to_value(DocumentSymbolResponse::Nested(names::outline(
                    doc,
                    self.encoding,
                )))
            }
            req::WorkspaceSymbolRequest::METHOD => {
                let p: WorkspaceSymbolParams = params(r.params)?;
                let found = names::workspace_symbols(
                    &self.workspace,
                    &self.settings,
                    &p.query,
                    self.encoding,
                );
                to_value(WorkspaceSymbolResponse::Nested(found))
            }
            req::Completion::METHOD => {
                let p: CompletionParams = params(r.params)?;
                let uri = p.text_document_position.text_document.uri;
                let pos = p.text_document_position.position;
                let doc = self.documents.get(&uri).ok_or_else(|| not_open(&uri))?;
                let items = names::complete(doc, pos, self.encoding, &self.settings);
                to_value(CompletionResponse::Array(items))
            }
            "rein/panic" if std::env::var_os(PANIC_HOOK_ENV).is_some() => {
                panic!("rein/panic: the test of the panic boundary")
            }
            m => Err((
                ErrorCode::MethodNotFound as i32,
                format!("unknown method {m}"),
            )),
        }
    }

    fn initialize(&mut self, p: &InitializeParams) -> InitializeResult {
        let offered = p
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_deref());
        self.encoding = Encoding::negotiate(offered);
        let (settings, problem) = settings::from_initialize(p);
        self.settings = settings;
        if let Some(problem) = problem {
            self.show(
                MessageType::ERROR,
                format!("rein: {problem}; using the defaults"),
            );
        }
        self.watch_registration = p
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files)
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false);
        self.initialized = true;
        InitializeResult {
            capabilities: ServerCapabilities {
                position_encoding: Some(self.encoding.kind()),
                text_document_sync: Some(TextDocumentSyncCapability::Options(
                    TextDocumentSyncOptions {
                        open_close: Some(true),
                        change: Some(TextDocumentSyncKind::INCREMENTAL),
                        save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                        ..TextDocumentSyncOptions::default()
                    },
                )),
                diagnostic_provider: Some(DiagnosticServerCapabilities::Options(
                    DiagnosticOptions {
                        identifier: Some("rein".into()),
                        inter_file_dependencies: true,
                        workspace_diagnostics: false,
                        ..DiagnosticOptions::default()
                    },
                )),
                document_formatting_provider: Some(OneOf::Left(true)),
                document_range_formatting_provider: Some(OneOf::Left(true)),
                code_action_provider: Some(CodeActionProviderCapability::Options(
                    CodeActionOptions {
                        code_action_kinds: Some(vec![
                            CodeActionKind::QUICKFIX,
                            CodeActionKind::from(code_actions::FIX_ALL),
                        ]),
                        ..CodeActionOptions::default()
                    },
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                definition_provider: Some(OneOf::Left(true)),
                document_symbol_provider: Some(OneOf::Left(true)),
                workspace_symbol_provider: Some(OneOf::Left(true)),
                completion_provider: Some(CompletionOptions {
                    trigger_characters: Some(vec!["'".into(), "\"".into()]),
                    ..CompletionOptions::default()
                }),
                ..ServerCapabilities::default()
            },
            server_info: Some(ServerInfo {
                name: "rein".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
        }
    }

    fn notification(&mut self, n: Notification) {
        if !self.initialized {
            return;
        }
        let enc = self.encoding;
        match n.method.as_str() {
            notif::Initialized::METHOD => self.register_watchers(),
            notif::DidOpenTextDocument::METHOD => {
                let Ok(p) = params::<DidOpenTextDocumentParams>(n.params) else {
                    return;
                };
                let d = p.text_document;
                self.documents.open(&d.uri, d.version, d.text);
                self.publish(&d.uri);
            }
            notif::DidChangeTextDocument::METHOD => {
                let Ok(p) = params::<DidChangeTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                let version = p.text_document.version;
                if self
                    .documents
                    .change(&uri, version, p.content_changes, enc)
                    .is_some()
                {
                    let now = Instant::now();
                    self.pending.insert(uri);
                    let first = *self.first_pending.get_or_insert(now);
                    self.due = Some((now + DEBOUNCE).min(first + MAX_WAIT));
                }
            }
            notif::DidSaveTextDocument::METHOD => {
                let Ok(p) = params::<DidSaveTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                self.pending.remove(&uri);
                self.publish(&uri);
            }
            notif::DidCloseTextDocument::METHOD => {
                let Ok(p) = params::<DidCloseTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri;
                if let Some(doc) = self.documents.close(&uri) {
                    self.workspace.clear_text(&doc.path);
                    self.workspace.changed(&doc.path);
                }
                self.pending.remove(&uri);
                self.last.remove(&uri);
                if self.settings.push {
                    self.notify::<notif::PublishDiagnostics>(PublishDiagnosticsParams::new(
                        uri,
                        vec![],
                        None,
                    ));
                }
            }
            notif::DidChangeWatchedFiles::METHOD => {
                let Ok(p) = params::<DidChangeWatchedFilesParams>(n.params) else {
                    return;
                };
                for change in p.changes {
                    let path = uri_to_path(&change.uri);
                    self.workspace.changed(&path);
                }
                // Configuration or definitions changed: every open document again.
                for uri in self.documents.uris() {
                    self.publish(&uri);
                }
            }
            // Requests are answered in order as they come: nothing is left to cancel.
            _ => {}
        }
    }

    /// Asks the client to tell about changes of the files rein reads.
    fn register_watchers(&mut self) {
        if self.watch_registration {
            let watchers = WATCHED
                .iter()
                .map(|g| FileSystemWatcher {
                    glob_pattern: GlobPattern::String((*g).into()),
                    kind: None,
                })
                .collect();
            let options = DidChangeWatchedFilesRegistrationOptions { watchers };
            self.request_client::<req::RegisterCapability>(RegistrationParams {
                registrations: vec![Registration {
                    id: "rein-watched-files".into(),
                    method: notif::DidChangeWatchedFiles::METHOD.into(),
                    register_options: serde_json::to_value(options).ok(),
                }],
            });
        }
    }

    /// Checks the pending documents and publishes their diagnostics.
    fn flush(&mut self) {
        self.due = None;
        self.first_pending = None;
        let mut pending: Vec<Uri> = self.pending.drain().collect();
        pending.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        for uri in pending {
            self.publish(&uri);
        }
    }

    /// The diagnostics of the open document `uri`, computed now (and kept for hover).
    fn diagnose(&mut self, uri: &Uri) -> Result<Vec<Diagnostic>, (i32, String)> {
        let doc = self.documents.get(uri).ok_or_else(|| not_open(uri))?;
        let version = doc.version;
        match diagnostics::check(
            &mut self.workspace,
            doc,
            &self.settings.check,
            self.encoding,
        ) {
            Ok(d) => {
                self.last.insert(uri.clone(), (version, d.clone()));
                Ok(d)
            }
            Err(message) => {
                self.show(MessageType::ERROR, format!("rein: {message}"));
                Ok(vec![])
            }
        }
    }

    /// Publishes the diagnostics of the open document `uri` (when diagnostics are pushed).
    fn publish(&mut self, uri: &Uri) {
        if !self.settings.push {
            return;
        }
        let Some(version) = self.documents.get(uri).map(|d| d.version) else {
            return;
        };
        if let Ok(items) = self.diagnose(uri) {
            self.notify::<notif::PublishDiagnostics>(PublishDiagnosticsParams::new(
                uri.clone(),
                items,
                Some(version),
            ));
        }
    }

    fn formatted(&mut self, r: Result<Vec<TextEdit>, Refused>) -> Result<Value, (i32, String)> {
        match r {
            Ok(edits) if edits.is_empty() => Ok(Value::Null),
            Ok(edits) => to_value(edits),
            Err(Refused::Syntax(m)) => {
                self.log(MessageType::INFO, format!("rein: not formatted: {m}"));
                Ok(Value::Null)
            }
            Err(Refused::Failed(m)) => {
                self.show(MessageType::ERROR, format!("rein: not formatted: {m}"));
                Ok(Value::Null)
            }
        }
    }

    /// On a diagnostic: its rule's documentation page.
    fn hover(&mut self, uri: &Uri, pos: Position) -> Option<Hover> {
        let version = self.documents.get(uri)?.version;
        let fresh = self.last.get(uri).is_some_and(|(v, _)| *v == version);
        if !fresh {
            self.diagnose(uri).ok()?;
        }
        let (_, diags) = self.last.get(uri)?;
        let inside = |d: &&Diagnostic| d.range.start <= pos && pos <= d.range.end;
        let d = diags.iter().find(inside)?;
        let Some(NumberOrString::String(rule)) = &d.code else {
            return None;
        };
        let meta = crate::rules::engine::meta(rule)?;
        Some(Hover {
            contents: HoverContents::Markup(MarkupContent {
                kind: MarkupKind::Markdown,
                value: format!(
                    "**{}** ({}, {})\n\n{}",
                    meta.name,
                    meta.category.as_str(),
                    meta.level.as_str(),
                    meta.doc
                ),
            }),
            range: Some(d.range),
        })
    }
}

/// The error of a request about a document that is not open.
fn not_open(uri: &Uri) -> (i32, String) {
    let _ = path_to_uri;
    (
        ErrorCode::InvalidParams as i32,
        format!("the document {} is not open", uri.as_str()),
    )
}

fn params<P: DeserializeOwned>(v: Value) -> Result<P, (i32, String)> {
    serde_json::from_value(v).map_err(|e| {
        (
            ErrorCode::InvalidParams as i32,
            format!("invalid params: {e}"),
        )
    })
}

fn to_value<T: serde::Serialize>(t: T) -> Result<Value, (i32, String)> {
    serde_json::to_value(t).map_err(|e| (ErrorCode::InternalError as i32, e.to_string()))
}
