//! The module-path manifests one evaluation (all the roots of a checked file) found for
//! the names of classes and defined types it declared: a name declared again (by another
//! root, or by each instance of a defined type) neither builds its file's path again nor
//! asks the module store for it. The module store holds the same parsed files for the
//! whole run, and the reads the first lookup recorded are the ones a second would record.

use std::cell::RefCell;
use std::sync::Arc;

use foldhash::HashMap;

use crate::eval::loader::ModulePath;
use crate::eval::module_store::Loaded;

/// The manifests found so far, by name (`None`: no module, no file, or it does not parse).
#[derive(Default)]
pub(super) struct Manifests {
    by_name: RefCell<HashMap<String, Option<Arc<Loaded>>>>,
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
}
