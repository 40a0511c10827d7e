//! Rust sources read as tokens, far enough to see a file's modules, items, imports and paths:
//! comments are dropped and string literals kept whole (a `#[path]` names its file in one).
//! It reads what rustc would compile, not what a comment or a string happens to say.

use std::path::{Path, PathBuf};

/// One token of a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name or a keyword (`r#` taken off a raw one).
    Ident(String),
    /// A string literal's text, escapes left as written.
    Str(String),
    /// `::`.
    PathSep,
    /// Any other character of punctuation; literals other than strings are left out.
    Punct(char),
}

/// The tokens of `text`.
pub fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let ident_start = |ch: char| ch == '_' || ch.is_alphabetic();
    let ident_char = |ch: char| ch == '_' || ch.is_alphanumeric();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            let (text, next) = quoted(&c, i + 1);
            out.push(Tok::Str(text));
            i = next;
        } else if ch == '\'' {
            // A character literal ('a', '\n', '\'') or a lifetime ('a, 'static).
            if at(i + 1) == '\\' {
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if ch.is_ascii_digit() {
            while i < c.len() && (ident_char(c[i]) || (c[i] == '.' && at(i + 1).is_ascii_digit())) {
                i += 1;
            }
        } else if ident_start(ch) {
            // Literal prefixes first: r"…", r#"…"#, b"…", br"…", c"…", b'…'; then r#name.
            let mut j = i;
            if matches!(ch, 'b' | 'c') {
                j += 1;
            }
            if at(j) == 'r'
                && (at(j + 1) == '"' || (at(j + 1) == '#' && matches!(at(j + 2), '"' | '#')))
            {
                let mut hashes = 0;
                j += 1;
                while at(j) == '#' {
                    hashes += 1;
                    j += 1;
                }
                j += 1;
                let start = j;
                loop {
                    if j >= c.len() {
                        break;
                    }
                    if c[j] == '"' && (1..=hashes).all(|h| at(j + h) == '#') {
                        break;
                    }
                    j += 1;
                }
                out.push(Tok::Str(c[start..j.min(c.len())].iter().collect()));
                i = j + 1 + hashes;
            } else if j > i && at(j) == '"' {
                let (text, next) = quoted(&c, j + 1);
                out.push(Tok::Str(text));
                i = next;
            } else if ch == 'b' && at(i + 1) == '\'' {
                i += 2;
                if at(i) == '\\' {
                    i += 2;
                }
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else {
                if ch == 'r' && at(i + 1) == '#' {
                    i += 2;
                }
                let start = i;
                while i < c.len() && ident_char(c[i]) {
                    i += 1;
                }
                out.push(Tok::Ident(c[start..i].iter().collect()));
            }
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Tok::PathSep);
            i += 2;
        } else {
            out.push(Tok::Punct(ch));
            i += 1;
        }
    }
    out
}

/// The text of a string literal whose opening quote is just before `i`, and the index after
/// its closing quote.
fn quoted(c: &[char], mut i: usize) -> (String, usize) {
    let start = i;
    while i < c.len() && c[i] != '"' {
        if c[i] == '\\' {
            i += 1;
        }
        i += 1;
    }
    (c[start..i.min(c.len())].iter().collect(), i + 1)
}

/// A `mod NAME;` (its file elsewhere) or `mod NAME { … }` (inline) declaration.
#[derive(Clone, Debug)]
pub struct ModDecl {
    /// The inline modules of the file it is declared in (empty at the file's top).
    pub inline: Vec<String>,
    /// Its name.
    pub name: String,
    /// Its `#[path = "…"]`, if it has one.
    pub path: Option<String>,
    /// Whether its body is in the declaring file.
    pub is_inline: bool,
}

/// One name a `use` declaration brings in, or one glob.
#[derive(Clone, Debug)]
pub struct UseLeaf {
    /// The inline modules it stands in.
    pub inline: Vec<String>,
    /// Whether it stands among the module's items (not inside a function, impl, …).
    pub module_level: bool,
    /// The path it names (for a glob, the module the glob takes from).
    pub path: Vec<String>,
    /// The name it binds, `None` for a glob (and `_`).
    pub name: Option<String>,
    /// Whether it is a re-export (`pub use`, `pub(crate) use`): it hands names on.
    pub is_pub: bool,
}

/// What [`facts`] sees in one file.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// Its module declarations.
    pub mods: Vec<ModDecl>,
    /// The items it defines among a module's items: the inline modules they stand in, and name.
    pub items: Vec<(Vec<String>, String)>,
    /// Its `#[macro_export]` macros, which live at the crate's root.
    pub exported_macros: Vec<String>,
    /// Its `use` declarations.
    pub uses: Vec<UseLeaf>,
    /// Every other path of two names or more: the inline modules it stands in, and its names.
    pub paths: Vec<(Vec<String>, Vec<String>)>,
}

/// The modules, items, imports and paths of a file's tokens.
pub fn facts(toks: &[Tok]) -> Facts {
    #[derive(PartialEq)]
    enum Scope {
        Module(String),
        Other,
    }
    let ident = |i: usize| match toks.get(i) {
        Some(Tok::Ident(s)) => Some(s.as_str()),
        _ => None,
    };
    let punct = |i: usize, p: char| toks.get(i) == Some(&Tok::Punct(p));
    let mut out = Facts::default();
    let mut stack: Vec<Scope> = Vec::new();
    let mut path_attr: Option<String> = None;
    let mut macro_export = false;
    // An inline module whose `{` comes next.
    let mut opening: Option<String> = None;
    let mut i = 0;
    while i < toks.len() {
        let inline: Vec<String> = stack
            .iter()
            .filter_map(|s| match s {
                Scope::Module(m) => Some(m.clone()),
                Scope::Other => None,
            })
            .collect();
        let module_level = stack.last().is_none_or(|s| *s != Scope::Other);
        match &toks[i] {
            Tok::Punct('#') => {
                // An attribute: skipped whole, noting the two that matter here.
                let mut j = i + 1;
                if punct(j, '!') {
                    j += 1;
                }
                if punct(j, '[') {
                    let mut depth = 0;
                    let start = j;
                    while j < toks.len() {
                        match toks[j] {
                            Tok::Punct('[') => depth += 1,
                            Tok::Punct(']') => {
                                depth -= 1;
                                if depth == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    let attr = &toks[start..j];
                    if ident(start + 1) == Some("path") && attr.len() == 4 {
                        if let Tok::Str(p) = &attr[3] {
                            path_attr = Some(p.clone());
                        }
                    }
                    if ident(start + 1) == Some("macro_export") {
                        macro_export = true;
                    }
                    i = j + 1;
                    continue;
                }
                i += 1;
            }
            Tok::Punct('{') => {
                stack.push(match opening.take() {
                    Some(name) => Scope::Module(name),
                    None => Scope::Other,
                });
                i += 1;
            }
            Tok::Punct('}') => {
                stack.pop();
                path_attr = None;
                i += 1;
            }
            Tok::Punct(';') => {
                path_attr = None;
                macro_export = false;
                i += 1;
            }
            Tok::Ident(word) if word == "use" && !punct(i + 1, '!') => {
                let mut j = i + 1;
                if toks.get(j) == Some(&Tok::PathSep) {
                    j += 1;
                }
                let is_pub = ident(i.wrapping_sub(1)) == Some("pub")
                    || (punct(i.wrapping_sub(1), ')')
                        && toks[..i]
                            .iter()
                            .rposition(|t| *t == Tok::Punct('('))
                            .is_some_and(|open| ident(open.wrapping_sub(1)) == Some("pub")));
                let mut leaves = Vec::new();
                j = use_tree(toks, j, Vec::new(), &mut leaves);
                for (path, name) in leaves {
                    out.uses.push(UseLeaf {
                        inline: inline.clone(),
                        module_level,
                        path,
                        name,
                        is_pub,
                    });
                }
                i = j;
            }
            Tok::Ident(word) if word == "mod" && module_level => {
                if let Some(name) = ident(i + 1) {
                    let is_inline = punct(i + 2, '{');
                    out.mods.push(ModDecl {
                        inline: inline.clone(),
                        name: name.to_string(),
                        path: path_attr.take(),
                        is_inline,
                    });
                    if is_inline {
                        opening = Some(name.to_string());
                    }
                    i += 2;
                } else {
                    i += 1;
                }
            }
            Tok::Ident(word) if word == "macro_rules" && punct(i + 1, '!') => {
                if let Some(name) = ident(i + 2) {
                    if macro_export {
                        out.exported_macros.push(name.to_string());
                    }
                    if module_level {
                        out.items.push((inline.clone(), name.to_string()));
                    }
                }
                macro_export = false;
                i += 3;
            }
            Tok::Ident(word)
                if module_level
                    && matches!(
                        word.as_str(),
                        "fn" | "struct" | "enum" | "trait" | "type" | "const" | "static" | "union"
                    ) =>
            {
                let mut j = i + 1;
                if ident(j) == Some("mut") {
                    j += 1;
                }
                match ident(j) {
                    Some(name) if !matches!(name, "fn" | "unsafe" | "extern" | "async" | "_") => {
                        out.items.push((inline.clone(), name.to_string()));
                        i = j + 1;
                    }
                    _ => i += 1,
                }
            }
            Tok::Ident(first) => {
                // The start of a path (not a later name of one, not `$crate`, not `<T>::`).
                let starts = i == 0 || !matches!(toks[i - 1], Tok::PathSep | Tok::Punct('$'));
                if starts && toks.get(i + 1) == Some(&Tok::PathSep) && ident(i + 2).is_some() {
                    let mut names = vec![first.clone()];
                    let mut j = i + 1;
                    while toks.get(j) == Some(&Tok::PathSep) {
                        match ident(j + 1) {
                            Some(n) => {
                                names.push(n.to_string());
                                j += 2;
                            }
                            None => break,
                        }
                    }
                    out.paths.push((inline.clone(), names));
                    i = j;
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    out
}

/// Reads one use tree from `i` below `prefix`, adding its leaves (path, bound name); returns
/// the index after it.
fn use_tree(
    toks: &[Tok],
    mut i: usize,
    mut prefix: Vec<String>,
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) -> usize {
    loop {
        match toks.get(i) {
            Some(Tok::Punct('*')) => {
                leaves.push((prefix, None));
                return i + 1;
            }
            Some(Tok::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i) {
                        None => return i,
                        Some(Tok::Punct('}')) => return i + 1,
                        Some(Tok::Punct(',')) => i += 1,
                        _ => i = use_tree(toks, i, prefix.clone(), leaves),
                    }
                }
            }
            Some(Tok::Ident(name)) => {
                if toks.get(i + 1) == Some(&Tok::PathSep) {
                    prefix.push(name.clone());
                    i += 2;
                    continue;
                }
                let (path, bound) = if name == "self" {
                    let last = prefix.last().cloned();
                    (prefix, last)
                } else {
                    prefix.push(name.clone());
                    (prefix, Some(name.clone()))
                };
                i += 1;
                let bound = match (toks.get(i), toks.get(i + 1)) {
                    (Some(Tok::Ident(kw)), Some(Tok::Ident(alias))) if kw == "as" => {
                        i += 2;
                        (alias != "_").then(|| alias.clone())
                    }
                    _ => bound,
                };
                leaves.push((path, bound));
                return i;
            }
            _ => return i + 1,
        }
    }
}

/// The file a `mod` declaration of `parent` names, if it exists. `parent_owns_dir` is true for
/// a file whose modules sit beside it (a crate's root, `mod.rs`), false for `foo.rs`, whose
/// modules sit in `foo/`.
pub fn module_file(parent: &Path, parent_owns_dir: bool, decl: &ModDecl) -> Option<PathBuf> {
    let dir = parent.parent()?;
    let mut base = if parent_owns_dir {
        dir.to_path_buf()
    } else {
        dir.join(parent.file_stem()?)
    };
    if let Some(p) = &decl.path {
        let base = if decl.inline.is_empty() {
            dir.to_path_buf()
        } else {
            base
        };
        let file = decl.inline.iter().fold(base, |b, m| b.join(m)).join(p);
        return file.is_file().then_some(file);
    }
    for m in &decl.inline {
        base = base.join(m);
    }
    [
        base.join(format!("{}.rs", decl.name)),
        base.join(&decl.name).join("mod.rs"),
    ]
    .into_iter()
    .find(|f| f.is_file())
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                todo.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The facts of the file at `path`.
pub fn read(path: &Path) -> Facts {
    let text =
        std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reads {}: {e}", path.display()));
    facts(&tokens(&text))
}
