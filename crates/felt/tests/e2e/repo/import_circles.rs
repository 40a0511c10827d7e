//! Files of one crate that import each other in a circle are explained. The check reads every
//! `.rs` file of `crates/*/src` and `rulesets/*/src` from its crate's roots (`lib.rs`,
//! `main.rs`, `bin/`) through its `mod` declarations, and draws an arrow from a file to the
//! file that defines what it names: a `use` (`crate::a::b`, `super::x`, a child module's name),
//! or a path in code (`crate::a::f()`). A name a module re-exports or imports is followed to
//! where it is defined; a module named whole points at the module's own file. A re-export
//! (`pub use`, as a crate's `lib.rs` has) only hands names on, so it is no arrow of its own
//! file; nor is declaring `mod x;`: a parent and its child form a circle only when each takes
//! something from the other. Every circle of more than one file must stand, with why it is kept, as a
//! bullet of "## Import circles" in docs/architecture.md; a bullet whose circle is gone fails
//! too, so that list says what the code is.

use super::rust::{module_file, read, Facts};
use super::{packages, relative, root};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// One module of a crate: the file it is written in, and what names it has.
#[derive(Default)]
struct Module {
    file: usize,
    children: BTreeSet<String>,
    /// Items defined here, and the file that defines them.
    items: BTreeMap<String, usize>,
    /// Names imported here: the module the import stands in, and the path it names.
    imports: BTreeMap<String, (Vec<String>, Vec<String>)>,
    globs: Vec<(Vec<String>, Vec<String>)>,
}

/// What a path names: a module, or an item defined in a file.
enum Target {
    Module(Vec<String>),
    Item(usize, String),
}

/// The modules of every crate (one per root: a package's library and each binary).
struct Crates {
    /// Each file as read: its path, its crate, its module and its facts.
    files: Vec<(PathBuf, usize, Vec<String>, Facts)>,
    crates: Vec<BTreeMap<Vec<String>, Module>>,
}

impl Crates {
    fn read() -> Crates {
        let mut all = Crates {
            files: Vec::new(),
            crates: Vec::new(),
        };
        for package in packages() {
            let src = package.join("src");
            let mut roots = vec![src.join("lib.rs"), src.join("main.rs")];
            for entry in std::fs::read_dir(src.join("bin"))
                .into_iter()
                .flatten()
                .flatten()
            {
                let path = entry.path();
                roots.push(if path.is_dir() {
                    path.join("main.rs")
                } else {
                    path
                });
            }
            for root in roots.into_iter().filter(|r| r.is_file()) {
                all.add_crate(root);
            }
        }
        all
    }

    fn add_crate(&mut self, root: PathBuf) {
        let krate = self.crates.len();
        let mut modules: BTreeMap<Vec<String>, Module> = BTreeMap::new();
        let mut todo = vec![(root, Vec::<String>::new(), true)];
        while let Some((path, module, owns_dir)) = todo.pop() {
            let facts = read(&path);
            let file = self.files.len();
            modules.entry(module.clone()).or_default().file = file;
            for decl in &facts.mods {
                let parent: Vec<String> = module.iter().chain(&decl.inline).cloned().collect();
                let mut child = parent.clone();
                child.push(decl.name.clone());
                modules
                    .entry(parent)
                    .or_default()
                    .children
                    .insert(decl.name.clone());
                if decl.is_inline {
                    modules.entry(child).or_default().file = file;
                } else if let Some(child_file) = module_file(&path, owns_dir, decl) {
                    let owns = decl.path.is_some() || child_file.ends_with("mod.rs");
                    todo.push((child_file, child, owns));
                }
            }
            for (inline, name) in &facts.items {
                let at: Vec<String> = module.iter().chain(inline).cloned().collect();
                modules
                    .entry(at)
                    .or_default()
                    .items
                    .insert(name.clone(), file);
            }
            for name in &facts.exported_macros {
                modules
                    .entry(Vec::new())
                    .or_default()
                    .items
                    .insert(name.clone(), file);
            }
            for leaf in facts.uses.iter().filter(|u| u.module_level) {
                let at: Vec<String> = module.iter().chain(&leaf.inline).cloned().collect();
                let entry = modules.entry(at.clone()).or_default();
                match &leaf.name {
                    Some(name) => {
                        entry.imports.insert(name.clone(), (at, leaf.path.clone()));
                    }
                    None => entry.globs.push((at, leaf.path.clone())),
                }
            }
            self.files.push((path, krate, module, facts));
        }
        self.crates.push(modules);
    }

    /// What `path`, written in module `at` of crate `krate`, names in that crate; `None` for
    /// a name of another crate (or of no module: a generic, `Self`).
    fn resolve(
        &self,
        krate: usize,
        at: &[String],
        path: &[String],
        depth: usize,
    ) -> Option<Target> {
        let modules = &self.crates[krate];
        if depth > 12 || path.is_empty() {
            return None;
        }
        let mut m: Vec<String> = at.to_vec();
        let mut i = 0;
        match path[0].as_str() {
            "crate" => {
                m.clear();
                i = 1;
            }
            "self" => i = 1,
            "super" => {
                while path.get(i).is_some_and(|s| s == "super") {
                    m.pop();
                    i += 1;
                }
            }
            _ => {}
        }
        let mut relative = i == 0;
        while i < path.len() {
            let name = &path[i];
            let module = modules.get(&m)?;
            if module.children.contains(name) {
                m.push(name.clone());
            } else if let Some(&file) = module.items.get(name) {
                return Some(Target::Item(file, name.clone()));
            } else if let Some((from, imported)) = module.imports.get(name) {
                match self.resolve(krate, from, imported, depth + 1)? {
                    Target::Module(found) => m = found,
                    item => return Some(item),
                }
            } else {
                let through_glob = module.globs.iter().find_map(|(from, glob)| {
                    match self.resolve(krate, from, glob, depth + 1)? {
                        Target::Module(g) if g != m => {
                            self.resolve(krate, &g, &path[i..], depth + 1)
                        }
                        _ => None,
                    }
                });
                if through_glob.is_some() || relative {
                    return through_glob;
                }
                // A name no declaration shows (a macro made it): the module it was sought in.
                return Some(Target::Module(m));
            }
            relative = false;
            i += 1;
        }
        Some(Target::Module(m))
    }

    /// The file a target is written in, and the name that ties to it.
    fn file_of(&self, krate: usize, target: Target, glob: bool) -> Option<(usize, String)> {
        match target {
            Target::Item(file, name) => Some((file, name)),
            Target::Module(m) => {
                let file = self.crates[krate].get(&m)?.file;
                let name = m.last().cloned().unwrap_or_else(|| "crate".into());
                Some((file, if glob { format!("{name}::*") } else { name }))
            }
        }
    }

    /// Every arrow between two files: from, to, and the names that tie them.
    fn arrows(&self) -> BTreeMap<(usize, usize), BTreeSet<String>> {
        let mut arrows: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
        for (from, (_, krate, module, facts)) in self.files.iter().enumerate() {
            let uses = facts
                .uses
                .iter()
                .filter(|u| !u.is_pub)
                .map(|u| (&u.inline, &u.path, u.name.is_none()));
            let paths = facts.paths.iter().map(|(inline, p)| (inline, p, false));
            for (inline, path, glob) in uses.chain(paths) {
                let at: Vec<String> = module.iter().chain(inline).cloned().collect();
                let Some(target) = self.resolve(*krate, &at, path, 0) else {
                    continue;
                };
                if let Some((to, name)) = self.file_of(*krate, target, glob) {
                    let below = self.files[to].2.starts_with(module);
                    if !below && self.files[to].0 != self.files[from].0 {
                        arrows.entry((from, to)).or_default().insert(name);
                    }
                }
            }
        }
        arrows
    }
}

/// Strongly connected components of more than one node (Tarjan's algorithm).
fn circles(nodes: usize, arrows: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<Vec<usize>> {
    struct Walk<'a> {
        next: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        count: usize,
        found: Vec<Vec<usize>>,
    }
    fn visit(w: &mut Walk, v: usize) {
        w.index[v] = Some(w.count);
        w.low[v] = w.count;
        w.count += 1;
        w.stack.push(v);
        w.on_stack[v] = true;
        for &n in &w.next[v] {
            match w.index[n] {
                None => {
                    visit(w, n);
                    w.low[v] = w.low[v].min(w.low[n]);
                }
                Some(i) if w.on_stack[n] => w.low[v] = w.low[v].min(i),
                Some(_) => {}
            }
        }
        if Some(w.low[v]) == w.index[v] {
            let mut part = Vec::new();
            while let Some(n) = w.stack.pop() {
                w.on_stack[n] = false;
                part.push(n);
                if n == v {
                    break;
                }
            }
            if part.len() > 1 {
                part.sort();
                w.found.push(part);
            }
        }
    }
    let mut next = vec![Vec::new(); nodes];
    for &(a, b) in arrows.keys() {
        next[a].push(b);
    }
    let mut walk = Walk {
        next: &next,
        index: vec![None; nodes],
        low: vec![0; nodes],
        on_stack: vec![false; nodes],
        stack: Vec::new(),
        count: 0,
        found: Vec::new(),
    };
    for v in 0..nodes {
        if walk.index[v].is_none() {
            visit(&mut walk, v);
        }
    }
    walk.found.sort();
    walk.found
}

/// The circles docs/architecture.md explains: each bullet of its "## Import circles" section,
/// as the files it names (in backticks) and the words left when they are taken out.
fn explained() -> Vec<(BTreeSet<String>, String)> {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).expect("reads the doc");
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Import circles\n"))
        .unwrap_or("");
    let mut bullets: Vec<String> = Vec::new();
    for line in section.lines().skip(1) {
        if let Some(rest) = line.strip_prefix("- ") {
            bullets.push(rest.to_string());
        } else if line.starts_with(' ') && !line.trim().is_empty() {
            if let Some(last) = bullets.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        }
    }
    bullets
        .into_iter()
        .map(|bullet| {
            let mut files = BTreeSet::new();
            let mut words = String::new();
            for (i, part) in bullet.split('`').enumerate() {
                if i % 2 == 1 && part.ends_with(".rs") {
                    files.insert(part.to_string());
                } else {
                    words.push_str(part);
                }
            }
            (files, words)
        })
        .collect()
}

#[test]
fn every_import_circle_is_explained_in_the_architecture_doc() {
    let crates = Crates::read();
    let arrows = crates.arrows();
    let name = |f: usize| relative(&crates.files[f].0);
    let mut found: BTreeMap<BTreeSet<String>, Vec<usize>> = BTreeMap::new();
    for circle in circles(crates.files.len(), &arrows) {
        found.insert(circle.iter().map(|&f| name(f)).collect(), circle);
    }
    let explained = explained();
    let mut problems = Vec::new();
    for (files, circle) in &found {
        match explained.iter().find(|(listed, _)| listed == files) {
            Some((_, why)) if why.chars().any(char::is_alphabetic) => {}
            Some(_) => problems.push(format!(
                "the circle of {} is listed without a reason",
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            )),
            None => {
                let mut text = format!(
                    "an import circle of {} files, not explained under \"## Import circles\" \
                     in docs/architecture.md (break it, or add a bullet naming its files and why it is kept):",
                    circle.len()
                );
                for ((a, b), names) in &arrows {
                    if circle.contains(a) && circle.contains(b) {
                        let names: Vec<&str> = names.iter().map(String::as_str).collect();
                        text.push_str(&format!(
                            "\n  {} -> {}: {}",
                            name(*a),
                            name(*b),
                            names.join(", ")
                        ));
                    }
                }
                problems.push(text);
            }
        }
    }
    for (files, _) in &explained {
        if !found.contains_key(files) {
            problems.push(format!(
                "docs/architecture.md explains an import circle the code no longer has: {} \
                 (remove its bullet, or name the files of the circle as it is now)",
                files.iter().cloned().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
