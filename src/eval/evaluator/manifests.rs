//! What one evaluation (all the roots of a checked file) asked the module path about
//! names: the manifest of each class and defined type it declared, and whether each
//! function it called exists. A name met again (by another root, by each instance of a
//! defined type, by each call) neither builds a file's path again nor asks the module
//! store: the store holds the same files and answers for the whole run, and the reads the
//! first question recorded are the ones a second would record.

use std::cell::RefCell;
use std::sync::Arc;

use foldhash::HashMap;

use crate::eval::loader::ModulePath;
use crate::eval::module_store::Loaded;

/// The answers so far, by name.
#[derive(Default)]
pub(super) struct Manifests {
    /// `None`: no module, no file, or it does not parse.
    by_name: RefCell<HashMap<String, Option<Arc<Loaded>>>>,
    /// Whether a function exists (`None`: rein cannot tell).
    functions: RefCell<HashMap<String, Option<bool>>>,
}

impl Manifests {
    /// The parsed manifest that must define `key` (lower case, without leading `::`), as
    /// `modulepath` finds and loads it.
    pub(super) fn get(&self, modulepath: &ModulePath, key: &str) -> Option<Arc<Loaded>> {
        if let Some(found) = self.by_name.borrow().get(key) {
            return found.clone();
        }
        let loaded = modulepath
            .manifest_for(key)
            .and_then(|f| modulepath.load(&f));
        self.by_name
            .borrow_mut()
            .insert(key.to_string(), loaded.clone());
        loaded
    }

    /// Whether function `name` exists, as `find` answers the first time.
    pub(super) fn function(&self, name: &str, find: impl FnOnce() -> Option<bool>) -> Option<bool> {
        if let Some(known) = self.functions.borrow().get(name) {
            return *known;
        }
        let known = find();
        self.functions.borrow_mut().insert(name.to_string(), known);
        known
    }
}
