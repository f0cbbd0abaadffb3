//! Puppet's type system for the static evaluator: the types ([`ptype`]: `PType`, type
//! aliases), building them from references and `[...]` parameters ([`parameterize`]),
//! `instance_of` (does a value match a type) and `assignable` (is every value of one type a
//! value of another) in [`matching`] (on [`question`]: aliases, step budget, three-valued
//! answers; and [`kinds`]), type aliases (`type X = ...`, recursive ones included), the type
//! of a value ([`infer`]), and types printed as Puppet prints them ([`display`]) in its
//! messages ([`mismatch`]).
//!
//! Answers are `Option<bool>`: `None` when rein cannot know (an unknown value whose known
//! type neither fits nor excludes, an alias it cannot resolve, a type it does not model).
//! The answers follow Puppet 7 (checked against `puppet apply` 7.23), except where being
//! conservative matters more: a wrong "no" becomes a false error in the linter, so a
//! doubtful case answers `None` rather than `Some(false)`.
//!
//! Representation choices:
//! - `Optional['x']` and `NotUndef['x']` (a string parameter) are `Optional[Enum['x']]`
//!   and `NotUndef[Enum['x']]`, and print so (Puppet prints `Optional['x']`). As `Struct`
//!   keys they make the key optional / required, and print as Puppet prints keys.
//! - `Tuple[A, B]` has `min == max == 2`; `Tuple[A, 1]` has `max == INT_MAX`.
//! - The type of an empty array or hash (`Array[0, 0]`, `Hash[0, 0]`) has `Unit` element
//!   types, which are not printed.
//! - `Boolean[true]` (the type Puppet 7 infers for `true`) is plain `Boolean`, and an
//!   explicit minimum size of 0 is not kept (`String[0]` prints as `String`).
//! - Resource references with several titles (`File['/a', '/b']`) are arrays of
//!   references: the caller parameterizes once per title; given several titles,
//!   [`parameterize`] answers an unmodelled `Other` type.
//! - `Unit` is not a type name in Puppet 7's language (it is looked up as a resource type),
//!   and neither are Bolt's `Target`, `Task`, ...: these names give `Other` (unknown), so
//!   that nothing is concluded about them.
//! - Parameterized `Callable`, `Iterable`, `Iterator`, `Runtime`, `Object`, `Timespan`,
//!   ... are `Other` carrying their printed form.
//! - A name that is neither a core type nor a known alias is taken for a resource type
//!   (`Foo::Bar`), as Puppet does; but it may be an alias from a module outside the run,
//!   so nothing is concluded from it against non-reference values and types.
//! - Aliases may be recursive (`type Tree = Array[Variant[String, Tree]]`): values are
//!   finite, so matching them ends; alias-to-alias cycles stop after a depth limit, and
//!   every question has a step budget (recursive aliases compared with each other), both
//!   answering `None`.
//! - `Pattern` matching uses Oniguruma with Ruby syntax (as Puppet's Ruby does); a pattern
//!   that does not compile answers `None`.
//! - `Integer <= Iterable` is true in Puppet although negative integers are not iterable;
//!   [`assignable`] answers `None` for integer ranges reaching below zero.
//! - [`mismatch`] words the top-level cases as Puppet does (kind, with both sides
//!   generalized across families: `a Struct value, got String`; range; size; enum and
//!   pattern; variants and optionals; a missing struct key; an alias as `a Name = T
//!   value`). For a mismatch inside a collection Puppet names the index or key first
//!   (`index 0 expects ...`), and an unrecognized struct key has no "expects": these do
//!   not fit after "expects", so rein then names the collection's type and the value's.

mod display;
mod infer;
mod kinds;
mod matching;
mod mismatch;
mod parameterize;
pub mod ptype;
mod question;

pub use display::display;
pub use infer::infer;
pub use matching::{assignable, instance_of};
pub use mismatch::mismatch;
pub use parameterize::{from_reference, parameterize};
pub use ptype::{Aliases, PType, StructMember, INT_MAX, INT_MIN};

#[cfg(test)]
mod tests;
