//! Links the unwinder statically (`libgcc_eh.a`) on Linux with glibc, into every program and
//! plugin library that links this crate (felt, its helper, each plugin), instead of loading
//! `libgcc_s.so.1` at each start.
//!
//! Why: `libgcc_s`'s start-up code asks the processor what it supports (`cpuid`), which in a
//! virtual machine traps to the host: about 10 µs a question on the machine felt is measured
//! on, 0.18 ms for each process that loads the library (an empty C program linked with it,
//! 0.83 -> 1.01 ms), paid by felt and again by a helper process when it loads a plugin. The
//! same unwinder, linked statically, starts with nothing (docs/process-cost.md). gcc's own
//! `-static-libgcc` does the same for C++ programs. Rust's standard library names `gcc_s`
//! after the crates it links, so this archive, named first, provides the `_Unwind_*`
//! functions and the linker (which Rust runs with `--as-needed`) leaves `libgcc_s` out.

// A build script speaks to cargo on its standard output.
#![allow(clippy::disallowed_macros)]

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" && toolchain_has("libgcc_eh.a") {
        // Not bundled into this crate's rlib: the archive is the C toolchain's, named on
        // the final link of each program and library.
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// Whether the C toolchain that links Rust programs here (the linker cargo names in
/// `RUSTC_LINKER` when one is configured, else `cc`, Rust's default) has `file` among its own
/// libraries: it prints the file's whole path when it has, the bare name when not. Without it
/// (another toolchain, or a linker that cannot say) the programs link `libgcc_s` as Rust's
/// standard library asks, and only start a little slower.
fn toolchain_has(file: &str) -> bool {
    let linker = std::env::var_os("RUSTC_LINKER").unwrap_or_else(|| "cc".into());
    std::process::Command::new(linker)
        .arg(format!("-print-file-name={file}"))
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| std::path::PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
        .is_some_and(|path| path.is_absolute() && path.is_file())
}
