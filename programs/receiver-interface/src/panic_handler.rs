//! The SBF panic handler, for programs that depend on `attested-receiver` with `no-entrypoint`.
//!
//! Cargo builds every crate type of a dependency, so `attested-receiver`'s `cdylib` is linked even
//! when another program only uses its library, and on SBF that link needs a panic handler the
//! `no-entrypoint` build leaves out. A program in that position enables this crate's
//! `sbf-panic-handler` feature for the BPF target (and defines no panic handler of its own
//! there): both links then use this one.

pinocchio::nostd_panic_handler!();
