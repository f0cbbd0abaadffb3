//! The wire: LSP's base protocol (`Content-Length` headers, then a JSON-RPC payload) over
//! standard input and output, on two threads. The reader hands each message to the main
//! loop; a payload that is not JSON, or not a JSON-RPC message, is answered on the spot
//! with the error JSON-RPC prescribes (`ParseError`, `InvalidRequest`) and reading goes on.
//! The writer frames what the main loop sends. When standard input closes (the client went
//! away), the reader's channel closes and the main loop ends.

use std::io::{self, BufRead, Write};
use std::thread;

use crossbeam_channel::{unbounded, Receiver, Sender};
use lsp_server::Message;
use serde_json::{json, Value};

/// JSON-RPC error codes used here and by the server.
pub mod codes {
    pub const PARSE_ERROR: i32 = -32700;
    pub const INVALID_REQUEST: i32 = -32600;
}

/// The two channels of a connection: messages read, and payloads to write.
pub struct Transport {
    pub incoming: Receiver<Message>,
    pub outgoing: Sender<String>,
    pub threads: Vec<thread::JoinHandle<()>>,
}

/// Starts the reader and writer threads on `input` and `output`.
pub fn start<R, W>(input: R, output: W) -> io::Result<Transport>
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let (in_tx, in_rx) = unbounded::<Message>();
    let (out_tx, out_rx) = unbounded::<String>();
    let writer = thread::Builder::new()
        .name("rein-lsp-writer".into())
        .spawn(move || write_loop(output, out_rx))?;
    let errors = out_tx.clone();
    let reader = thread::Builder::new()
        .name("rein-lsp-reader".into())
        .spawn(move || read_loop(input, in_tx, errors))?;
    Ok(Transport {
        incoming: in_rx,
        outgoing: out_tx,
        threads: vec![reader, writer],
    })
}

/// Writes each payload with its header until the channel closes or the output fails (a
/// client that went away).
fn write_loop<W: Write>(mut output: W, payloads: Receiver<String>) {
    for p in payloads {
        let framed =
            write!(output, "Content-Length: {}\r\n\r\n{p}", p.len()).and_then(|()| output.flush());
        if framed.is_err() {
            return;
        }
    }
}

/// Reads messages until end of input, or until `exit` was read.
fn read_loop<R: BufRead>(mut input: R, messages: Sender<Message>, errors: Sender<String>) {
    loop {
        let payload = match read_frame(&mut input) {
            Ok(Some(p)) => p,
            Ok(None) => return,
            Err(e) => {
                eprintln!("rein lsp: cannot read a message: {e}");
                return;
            }
        };
        let Some(payload) = payload else {
            // A frame without a usable Content-Length: skipped.
            continue;
        };
        match parse(&payload) {
            Ok(msg) => {
                let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                if messages.send(msg).is_err() || exit {
                    return;
                }
            }
            Err(answer) => {
                let _ = errors.send(answer.to_string());
            }
        }
    }
}

/// A payload read as a message, or the error response it gets.
fn parse(payload: &[u8]) -> Result<Message, Value> {
    let value: Value = serde_json::from_slice(payload).map_err(|e| {
        error_response(
            Value::Null,
            codes::PARSE_ERROR,
            &format!("parse error: {e}"),
        )
    })?;
    let id = value.get("id").cloned().unwrap_or(Value::Null);
    let id_ok = matches!(id, Value::Null | Value::Number(_) | Value::String(_));
    let method = value.get("method");
    let is_call = method.is_some_and(Value::is_string);
    let is_response = method.is_none()
        && value.get("id").is_some()
        && (value.get("result").is_some() || value.get("error").is_some());
    let shaped = value.get("jsonrpc") == Some(&json!("2.0")) && id_ok && (is_call || is_response);
    let message = shaped
        .then(|| serde_json::from_value::<Message>(value.clone()).ok())
        .flatten();
    message.ok_or_else(|| {
        let id = if id_ok { id } else { Value::Null };
        error_response(id, codes::INVALID_REQUEST, "invalid JSON-RPC message")
    })
}

/// A JSON-RPC error response.
pub fn error_response(id: Value, code: i32, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

/// One frame's payload: `Ok(None)` at end of input, `Ok(Some(None))` for a frame whose
/// header has no valid `Content-Length`.
fn read_frame<R: BufRead>(input: &mut R) -> io::Result<Option<Option<Vec<u8>>>> {
    let mut length = None;
    let mut line = String::new();
    let mut any = false;
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            if any {
                break;
            }
            continue;
        }
        any = true;
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
    }
    let Some(length) = length else {
        return Ok(Some(None));
    };
    let mut payload = vec![0; length];
    input.read_exact(&mut payload)?;
    Ok(Some(Some(payload)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_json_is_a_parse_error_and_a_bad_shape_an_invalid_request() {
        let e = parse(b"{nope").unwrap_err();
        assert_eq!(e["error"]["code"], json!(codes::PARSE_ERROR));
        assert_eq!(e["id"], Value::Null);
        let e = parse(br#"{"jsonrpc":"2.0","id":7,"method":3}"#).unwrap_err();
        assert_eq!(e["error"]["code"], json!(codes::INVALID_REQUEST));
        assert_eq!(e["id"], json!(7));
        assert!(parse(br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#).is_ok());
    }

    #[test]
    fn frames_are_read_one_after_another() {
        let mut input = io::Cursor::new(
            b"Content-Length: 2\r\n\r\n{}X-Other: 1\r\n\r\nContent-Length: 1\r\n\r\n1".to_vec(),
        );
        assert_eq!(read_frame(&mut input).unwrap(), Some(Some(b"{}".to_vec())));
        assert_eq!(read_frame(&mut input).unwrap(), Some(None));
        assert_eq!(read_frame(&mut input).unwrap(), Some(Some(b"1".to_vec())));
        assert_eq!(read_frame(&mut input).unwrap(), None);
    }
}
