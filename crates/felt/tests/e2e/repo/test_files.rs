//! Every test file runs. cargo compiles `tests/*.rs` and `tests/*/main.rs` of each package by
//! itself, and any other file under `tests/` only when a module of those declares it: a file
//! nobody declares is never compiled, and its tests silently never run. So each `.rs` file
//! under a package's `tests/` must be reached from one of those roots through `mod`
//! declarations, and nothing may switch cargo's finding off or point it elsewhere.

use super::rust::{module_file, read, rust_files};
use super::{packages, relative, root};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The files of a `tests/` folder that cargo compiles: its roots and what they declare.
fn compiled(tests: &Path) -> BTreeSet<PathBuf> {
    let mut roots: Vec<PathBuf> = Vec::new();
    for entry in std::fs::read_dir(tests).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_file() && path.extension().is_some_and(|e| e == "rs") {
            roots.push(path);
        } else if path.join("main.rs").is_file() {
            roots.push(path.join("main.rs"));
        }
    }
    // (file, whether its modules sit beside it): a root's and a mod.rs's do.
    let mut todo: Vec<(PathBuf, bool)> = roots.into_iter().map(|r| (r, true)).collect();
    let mut seen = BTreeSet::new();
    while let Some((file, owns_dir)) = todo.pop() {
        if !seen.insert(file.clone()) {
            continue;
        }
        for decl in read(&file).mods.iter().filter(|m| !m.is_inline) {
            if let Some(child) = module_file(&file, owns_dir, decl) {
                let owns = decl.path.is_some() || child.ends_with("mod.rs");
                todo.push((child, owns));
            }
        }
    }
    seen
}

/// Where a missing declaration goes: the module file of the folder the file is in.
fn declare_in(file: &Path) -> String {
    let dir = file.parent().expect("a folder");
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
    let candidates = [
        dir.join("main.rs"),
        dir.join("mod.rs"),
        dir.with_extension("rs"),
    ];
    match candidates
        .iter()
        .find(|c| c.is_file() && c.as_path() != file)
    {
        Some(parent) => format!("declare `mod {stem};` in {}", relative(parent)),
        None => "move it into a test suite's folder and declare it there".to_string(),
    }
}

#[test]
fn every_file_under_a_packages_tests_folder_is_compiled() {
    let mut problems = Vec::new();
    for package in packages() {
        let tests = package.join("tests");
        if !tests.is_dir() {
            continue;
        }
        let compiled = compiled(&tests);
        for file in rust_files(&tests) {
            // Fixtures are sources the tests themselves build with rustc, not test code.
            if file
                .strip_prefix(&tests)
                .is_ok_and(|f| f.starts_with("fixtures"))
            {
                continue;
            }
            if !compiled.contains(&file) {
                problems.push(format!(
                    "{} is never compiled, so its tests never run: {}",
                    relative(&file),
                    declare_in(&file)
                ));
            }
        }
    }
    // The workspace root is no package: a test file there belongs to none.
    for file in rust_files(&root().join("tests")) {
        problems.push(format!(
            "{} is in no package, so it never runs: move it into a package's tests/",
            relative(&file)
        ));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_package_turns_off_or_moves_cargos_finding_of_tests() {
    let mut problems = Vec::new();
    for package in packages() {
        let manifest = package.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).expect("reads the manifest");
        let mut in_test = false;
        for line in text.lines() {
            let line = line.trim();
            if line.starts_with('[') {
                in_test = line == "[[test]]";
            }
            let key = line.split('=').next().unwrap_or("").trim();
            if key == "autotests" || (in_test && key == "path") {
                problems.push(format!(
                    "{}: `{line}`: tests are found by cargo's own conventions \
                     (tests/*.rs, tests/*/main.rs), so a new file cannot be left out",
                    relative(&manifest)
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
