//! The PN value model: a tree of literals, lists, maps and calls, as Puppet's
//! `Puppet::Pops::PN` classes hold it, with its JSON and PN text forms.

use super::text::{Sink, TextSink};

/// One PN node.
#[derive(Clone, Debug, PartialEq)]
pub enum Pn {
    Int(i128),
    Float(f64),
    Str(String),
    Bool(bool),
    Nil,
    /// `(name arg ...)`, JSON `{"^":["name",arg,...]}`.
    Call(String, Vec<Pn>),
    /// `[a b]`, JSON `[a,b]`.
    List(Vec<Pn>),
    /// `{:k v}`, JSON `{"#":["k",v]}`; entry order is significant.
    Map(Vec<(String, Pn)>),
}

impl Pn {
    /// A call with the given name and arguments.
    pub fn call(name: &str, args: Vec<Pn>) -> Pn {
        Pn::Call(name.to_string(), args)
    }

    /// A string literal.
    pub fn str(s: &str) -> Pn {
        Pn::Str(s.to_string())
    }

    /// A map from `(key, value)` pairs.
    pub fn map(entries: Vec<(&str, Pn)>) -> Pn {
        Pn::Map(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }

    /// Minified JSON, as `puppet parser dump --format json` prints it (no newline).
    pub fn to_json(&self) -> String {
        let mut sink = TextSink::new(true);
        self.walk(&mut sink);
        sink.finish()
    }

    /// PN text, as `puppet parser dump --format pn` prints it (no file prefix, no newline).
    pub fn to_pn(&self) -> String {
        let mut sink = TextSink::new(false);
        self.walk(&mut sink);
        sink.finish()
    }

    /// Sends the tree to `sink` in pre-order, without recursion.
    pub fn walk(&self, sink: &mut dyn Sink) {
        enum Step<'a> {
            Val(&'a Pn),
            Key(&'a str),
            End,
        }
        let mut stack = vec![Step::Val(self)];
        while let Some(step) = stack.pop() {
            match step {
                Step::End => sink.end(),
                Step::Key(k) => sink.key(k),
                Step::Val(v) => match v {
                    Pn::Int(i) => sink.int(*i),
                    Pn::Float(f) => sink.float(*f),
                    Pn::Str(s) => sink.str(s),
                    Pn::Bool(b) => sink.bool(*b),
                    Pn::Nil => sink.nil(),
                    Pn::Call(name, args) => {
                        sink.call(name);
                        stack.push(Step::End);
                        stack.extend(args.iter().rev().map(Step::Val));
                    }
                    Pn::List(items) => {
                        sink.list();
                        stack.push(Step::End);
                        stack.extend(items.iter().rev().map(Step::Val));
                    }
                    Pn::Map(entries) => {
                        sink.map();
                        stack.push(Step::End);
                        for (k, v) in entries.iter().rev() {
                            stack.push(Step::Val(v));
                            stack.push(Step::Key(k));
                        }
                    }
                },
            }
        }
    }
}

enum Frame {
    Call(String, Vec<Pn>),
    List(Vec<Pn>),
    Map(Vec<(String, Pn)>, Option<String>),
}

/// A `Sink` that builds a [`Pn`] tree from events.
#[derive(Default)]
pub struct PnBuilder {
    stack: Vec<Frame>,
    root: Option<Pn>,
}

impl PnBuilder {
    pub fn new() -> PnBuilder {
        PnBuilder::default()
    }

    /// The finished tree (`Nil` if nothing was sent).
    pub fn finish(mut self) -> Pn {
        while !self.stack.is_empty() {
            self.end();
        }
        self.root.unwrap_or(Pn::Nil)
    }

    fn add(&mut self, v: Pn) {
        match self.stack.last_mut() {
            Some(Frame::Call(_, items)) | Some(Frame::List(items)) => items.push(v),
            Some(Frame::Map(entries, key)) => {
                let k = key.take().unwrap_or_default();
                entries.push((k, v));
            }
            None => self.root = Some(v),
        }
    }
}

impl Sink for PnBuilder {
    fn call(&mut self, name: &str) {
        self.stack.push(Frame::Call(name.to_string(), Vec::new()));
    }
    fn list(&mut self) {
        self.stack.push(Frame::List(Vec::new()));
    }
    fn map(&mut self) {
        self.stack.push(Frame::Map(Vec::new(), None));
    }
    fn end(&mut self) {
        let v = match self.stack.pop() {
            Some(Frame::Call(n, a)) => Pn::Call(n, a),
            Some(Frame::List(a)) => Pn::List(a),
            Some(Frame::Map(e, _)) => Pn::Map(e),
            None => return,
        };
        self.add(v);
    }
    fn key(&mut self, key: &str) {
        if let Some(Frame::Map(_, k)) = self.stack.last_mut() {
            *k = Some(key.to_string());
        }
    }
    fn int(&mut self, v: i128) {
        self.add(Pn::Int(v));
    }
    fn float(&mut self, v: f64) {
        self.add(Pn::Float(v));
    }
    fn str(&mut self, v: &str) {
        self.add(Pn::Str(v.to_string()));
    }
    fn bool(&mut self, v: bool) {
        self.add(Pn::Bool(v));
    }
    fn nil(&mut self) {
        self.add(Pn::Nil);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_print_in_both_formats() {
        let v = Pn::call(
            "class",
            vec![Pn::map(vec![
                ("name", Pn::str("foo")),
                ("params", Pn::map(vec![("a", Pn::map(vec![]))])),
                ("body", Pn::List(vec![Pn::Int(1), Pn::Float(2.5), Pn::Nil])),
            ])],
        );
        assert_eq!(
            v.to_json(),
            r##"{"^":["class",{"#":["name","foo","params",{"#":["a",{"#":[]}]},"body",[1,2.5,null]]}]}"##
        );
        assert_eq!(
            v.to_pn(),
            r##"(class {:name "foo" :params {:a {}} :body [1 2.5 nil]})"##
        );
    }

    #[test]
    fn empty_containers() {
        assert_eq!(Pn::call("nop", vec![]).to_json(), r##"{"^":["nop"]}"##);
        assert_eq!(Pn::call("nop", vec![]).to_pn(), "(nop)");
        assert_eq!(Pn::List(vec![]).to_json(), "[]");
        assert_eq!(Pn::List(vec![]).to_pn(), "[]");
        assert_eq!(Pn::Map(vec![]).to_json(), r##"{"#":[]}"##);
        assert_eq!(Pn::Map(vec![]).to_pn(), "{}");
        assert_eq!(
            Pn::List(vec![Pn::Bool(true), Pn::Bool(false), Pn::Int(-5)]).to_pn(),
            "[true false -5]"
        );
    }

    #[test]
    fn builder_round_trips() {
        let v = Pn::call(
            "x",
            vec![
                Pn::List(vec![Pn::Map(vec![]), Pn::str("s")]),
                Pn::map(vec![("k", Pn::call("y", vec![Pn::Int(3)]))]),
            ],
        );
        let mut b = PnBuilder::new();
        v.walk(&mut b);
        assert_eq!(b.finish(), v);
    }

    #[test]
    fn deep_trees_do_not_overflow_when_printed() {
        let mut v = Pn::Int(1);
        for _ in 0..100_000 {
            v = Pn::List(vec![v]);
        }
        let s = v.to_json();
        assert_eq!(s.len(), 200_001);
        // Dismantle iteratively so that dropping does not recurse deeply.
        let mut cur = v;
        while let Pn::List(mut items) = cur {
            cur = items.pop().unwrap_or(Pn::Nil);
        }
    }
}
