//! The catalog: ruleset factories, scoring tables and variants, and how game codes resolve.
//!
//! The catalog reads no files itself: callers hand it `(origin, text)` pairs, so the same code
//! serves embedded variants, user files and plugin-bundled ones.

use crate::code::{CodeError, GameCode};
use crate::ruleset::{DynRuleset, HostKey, RuleChoice, RulesetFactory, Setup};
use crate::variant::{parse_score_table, parse_variant, Origin, ScoreTable, Variant, VariantError};
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// A loaded variant and where it came from.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The parsed variant.
    pub variant: Variant,
    /// Its file.
    pub origin: Origin,
    /// The file it replaced, when a later file used the same id.
    pub overrides: Option<Origin>,
    /// The rules choices it offers, default first.
    pub rules: Vec<RuleChoice>,
}

/// Why a game could not be set up from the catalog.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    /// No variant has this id.
    #[error("unknown variant '{0}' (felt variants lists them)")]
    UnknownVariant(String),
    /// No variant has this id because the file that gives it was refused: the player is told
    /// why, as `felt variants` tells it, rather than that no such game exists.
    #[error("{}", refused_text(id, *by_name, error))]
    Refused {
        /// The id asked for.
        id: String,
        /// Whether the refused file only bears the id as its name (its own `id` could not be
        /// read), so it is the likely one rather than surely the one.
        by_name: bool,
        /// Why the file was refused.
        error: Box<VariantError>,
    },
    /// The variant does not offer these rules.
    #[error("variant {variant} has no rules '{rules}' (it offers: {offered})")]
    UnknownRules {
        /// The variant.
        variant: String,
        /// The rules asked for.
        rules: String,
        /// Those offered.
        offered: String,
    },
    /// A code did not resolve.
    #[error(transparent)]
    Code(#[from] CodeError),
    /// The ruleset refused the variant.
    #[error(transparent)]
    Variant(#[from] VariantError),
}

/// Every ruleset, scoring table and variant felt knows.
#[derive(Default)]
pub struct Catalog {
    factories: Vec<Arc<dyn RulesetFactory>>,
    scoring: BTreeMap<String, ScoreTable>,
    entries: Vec<Entry>,
    /// Where each variant id and each code prefix sits in `entries`: loading thousands of
    /// files must not look through all the others for each one.
    by_id: HashMap<String, usize>,
    by_code: HashMap<String, usize>,
    /// Former ids, each to the id it now names.
    aliases: HashMap<String, String>,
    texts: BTreeMap<String, String>,
    errors: Vec<VariantError>,
    /// The ids of refused variant files, each to its error in `errors` and whether the id is
    /// only the file's name: asking for one of these says why it is not there.
    refused: HashMap<String, (usize, bool)>,
    /// The variant codes of refused files that give one, each to its error in `errors` and the
    /// id it goes by: a game code of one of these says why it does not resolve.
    refused_codes: HashMap<String, (usize, String)>,
    /// The keys the host binds at its table, which no ruleset's extra action may ask for.
    reserved: Vec<HostKey>,
}

/// The message of [`CatalogError::Refused`].
fn refused_text(id: &str, by_name: bool, error: &VariantError) -> String {
    if by_name {
        format!("unknown variant '{id}'; a variant file named {id} was refused:\n{error}")
    } else {
        format!("variant '{id}' was refused, so felt does not offer it:\n{error}")
    }
}

/// The id a variant file gives, if it can be read even from a file that did not load: from the
/// whole file when it is TOML at all, else from an `id = ...` line before the first table (a
/// file broken further down still says which variant it meant to be).
fn declared_id(text: &str) -> Option<String> {
    declared(text, "id")
}

/// A top-level string a variant file gives under `key`, read as [`declared_id`] reads its id.
fn declared(text: &str, key: &str) -> Option<String> {
    let value_of = |table: toml::Table| table.get(key)?.as_str().map(str::to_string);
    if let Ok(table) = text.parse::<toml::Table>() {
        return value_of(table);
    }
    text.lines()
        .map(str::trim)
        .take_while(|line| !line.starts_with('['))
        .filter(|line| {
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .find_map(|line| line.parse::<toml::Table>().ok().and_then(value_of))
}

/// The name of a variant file without `.toml`: what a refused file is known by when not even
/// its id can be read. A plugin's origin ends with its file's name in brackets.
fn file_stem(origin: &Origin) -> Option<String> {
    let name = match origin {
        Origin::BuiltIn(name) => name.as_str(),
        Origin::File(path) => path.file_name()?.to_str()?,
        Origin::Plugin(text) => text.rsplit_once(" (")?.1.strip_suffix(')')?,
    };
    let stem = name.strip_suffix(".toml")?;
    (!stem.is_empty()).then(|| stem.to_string())
}

impl Catalog {
    /// An empty catalog.
    pub fn new() -> Catalog {
        Catalog::default()
    }

    /// Gives the catalog the keys the host binds at its table: from then on every variant it
    /// checks or builds, of any ruleset, is refused when one of its extra actions asks for one
    /// of them ([`crate::RulesetInfo::key_clash`]). Set it before adding variants, so that a refused one is
    /// refused when it loads and `felt variants` shows why.
    pub fn reserve_keys(&mut self, keys: Vec<HostKey>) {
        self.reserved = keys;
    }

    /// The keys given to [`Catalog::reserve_keys`].
    pub fn reserved_keys(&self) -> &[HostKey] {
        &self.reserved
    }

    /// Adds a ruleset factory (built in or from a plugin).
    pub fn add_ruleset(&mut self, factory: Arc<dyn RulesetFactory>) {
        self.factories.push(factory);
    }

    /// The rulesets known, in the order added.
    pub fn rulesets(&self) -> &[Arc<dyn RulesetFactory>] {
        &self.factories
    }

    /// Adds a scoring table from a file named `id.toml`; a later table with the same id wins.
    pub fn add_scoring(
        &mut self,
        origin: Origin,
        id: &str,
        text: &str,
    ) -> Result<(), VariantError> {
        match parse_score_table(&origin, id, text) {
            Ok(table) => {
                self.scoring.insert(id.to_string(), table);
                Ok(())
            }
            Err(e) => {
                self.errors.push(e.clone());
                Err(e)
            }
        }
    }

    /// A scoring table by id.
    pub fn scoring(&self, id: &str) -> Option<&ScoreTable> {
        self.scoring.get(id)
    }

    /// Whether the score of `variant` (or the variant an old id now names) runs on across
    /// games: its scoring table says `running_total`.
    pub fn score_runs_on(&self, variant: &str) -> bool {
        self.get(variant)
            .and_then(|e| e.variant.scoring.as_deref())
            .and_then(|id| self.scoring(id))
            .is_some_and(|t| t.running_total)
    }

    /// Parses and checks a variant file, then adds it (replacing a variant of the same id).
    /// A bad file is recorded in [`Catalog::errors`] and returned; the others are unaffected.
    pub fn add_variant(&mut self, origin: Origin, text: &str) -> Result<&Entry, VariantError> {
        match self.check_variant(&origin, text) {
            Ok(entry) => {
                let id = entry.variant.id.clone();
                let code = entry.variant.code.clone();
                let index = match self.by_id.get(&id) {
                    Some(&i) => {
                        if matches!(origin, Origin::Plugin(_))
                            && matches!(self.entries[i].origin, Origin::BuiltIn(_))
                        {
                            // A plugin adds games; it never changes one felt ships, whose
                            // saved games and records would then belong to another game.
                            let e = VariantError::at_key(
                                &origin,
                                text,
                                Some("id"),
                                format!(
                                    "a plugin cannot replace the built-in variant '{id}': give \
                                     its variant another id"
                                ),
                            );
                            self.refuse(&origin, text, e.clone());
                            return Err(e);
                        }
                        let old = std::mem::replace(&mut self.entries[i], entry);
                        self.by_code.remove(&old.variant.code);
                        self.entries[i].overrides = Some(old.origin);
                        i
                    }
                    None => {
                        self.entries.push(entry);
                        self.by_id.insert(id.clone(), self.entries.len() - 1);
                        self.entries.len() - 1
                    }
                };
                self.by_code.insert(code, index);
                for alias in &self.entries[index].variant.aliases {
                    self.aliases.insert(alias.clone(), id.clone());
                }
                self.texts.insert(id, text.to_string());
                Ok(&self.entries[index])
            }
            Err(e) => {
                self.refuse(&origin, text, e.clone());
                Err(e)
            }
        }
    }

    /// Records a refused variant file under the id it gives (or its file's name), so that
    /// asking for that variant says why it is not there.
    fn refuse(&mut self, origin: &Origin, text: &str, error: VariantError) {
        let id = declared_id(text)
            .map(|id| (id, false))
            .or_else(|| file_stem(origin).map(|stem| (stem, true)));
        if let Some((id, by_name)) = id {
            if let Some(code) = declared(text, "code") {
                self.refused_codes
                    .insert(code, (self.errors.len(), id.clone()));
            }
            self.refused.insert(id, (self.errors.len(), by_name));
        }
        self.errors.push(error);
    }

    /// Checks a variant file without adding it: the schema, the scoring table, the code prefix
    /// and every rules choice built by its ruleset.
    pub fn check_variant(&self, origin: &Origin, text: &str) -> Result<Entry, VariantError> {
        let variant = parse_variant(origin, text)?;
        let err =
            |key: &str, message: String| VariantError::at_key(origin, text, Some(key), message);
        let factory = self.factory(&variant.ruleset).ok_or_else(|| {
            let known: Vec<&str> = self.factories.iter().map(|f| f.id()).collect();
            err(
                "ruleset",
                format!(
                    "unknown ruleset '{}' (known: {})",
                    variant.ruleset,
                    known.join(", ")
                ),
            )
        })?;
        let scoring = match &variant.scoring {
            Some(id) => Some(self.scoring.get(id).ok_or_else(|| {
                let known: Vec<&str> = self.scoring.keys().map(String::as_str).collect();
                err(
                    "scoring",
                    format!("unknown scoring table '{id}' (known: {})", known.join(", ")),
                )
            })?),
            None => None,
        };
        if let Some(other) = self
            .by_code
            .get(&variant.code)
            .map(|&i| &self.entries[i])
            .filter(|e| e.variant.id != variant.id)
        {
            return Err(err(
                "code",
                format!(
                    "code prefix {} is already used by variant {}",
                    variant.code, other.variant.id
                ),
            ));
        }
        let offered = factory.rule_choices();
        let rules: Vec<RuleChoice> = if variant.rules.is_empty() {
            offered.clone()
        } else {
            let mut chosen = Vec::new();
            for id in &variant.rules {
                let choice = offered.iter().find(|c| &c.id == id).ok_or_else(|| {
                    let ids: Vec<&str> = offered.iter().map(|c| c.id.as_str()).collect();
                    err(
                        "rules",
                        format!(
                            "ruleset {} has no rules '{id}' (it offers: {})",
                            factory.id(),
                            ids.join(", ")
                        ),
                    )
                })?;
                chosen.push(choice.clone());
            }
            chosen
        };
        if rules.is_empty() {
            return Err(err(
                "rules",
                format!("ruleset {} offers no rules choice", factory.id()),
            ));
        }
        for choice in &rules {
            factory
                .check(
                    Setup {
                        variant: &variant,
                        scoring,
                        rules: choice,
                    },
                    &self.reserved,
                )
                .map_err(|e| VariantError::at_key(origin, text, e.key.as_deref(), e.message))?;
        }
        Ok(Entry {
            variant,
            origin: origin.clone(),
            overrides: None,
            rules,
        })
    }

    /// Records a file that could not even be read, so it is reported with the others.
    pub fn push_error(&mut self, error: VariantError) {
        self.errors.push(error);
    }

    /// Records a variant file that could not even be read: reported with the others, and
    /// refused under its file's name, so asking for that variant says why it is not there.
    pub fn refuse_unreadable(&mut self, origin: &Origin, error: VariantError) {
        self.refuse(origin, "", error);
    }

    /// Files that failed to load, in load order.
    pub fn errors(&self) -> &[VariantError] {
        &self.errors
    }

    /// Every variant, in load order.
    pub fn variants(&self) -> &[Entry] {
        &self.entries
    }

    /// A variant by id, or by a former id one of them lists in `aliases`.
    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.by_id
            .get(id)
            .or_else(|| self.aliases.get(id).and_then(|now| self.by_id.get(now)))
            .map(|&i| &self.entries[i])
    }

    /// The id `id` names now: itself, or the id of the variant that lists it as an alias.
    pub fn canonical<'a>(&'a self, id: &'a str) -> &'a str {
        self.get(id).map_or(id, |e| e.variant.id.as_str())
    }

    /// Every former id with the id it names now, sorted: what a host renames in old records.
    pub fn aliases(&self) -> Vec<(&str, &str)> {
        let mut all: Vec<(&str, &str)> = self
            .aliases
            .iter()
            .filter(|(old, now)| !self.by_id.contains_key(*old) && self.by_id.contains_key(*now))
            .map(|(old, now)| (old.as_str(), now.as_str()))
            .collect();
        all.sort_unstable();
        all
    }

    /// A ruleset factory by id.
    pub fn factory(&self, id: &str) -> Option<&Arc<dyn RulesetFactory>> {
        self.factories.iter().find(|f| f.id() == id)
    }

    /// The error for an id [`Catalog::get`] did not find: the refusal of the file that gave
    /// that id (or bears that name) if one was refused, else an unknown variant.
    pub fn missing(&self, id: &str) -> CatalogError {
        match self.refused.get(id) {
            Some(&(index, by_name)) => CatalogError::Refused {
                id: id.to_string(),
                by_name,
                error: Box::new(self.errors[index].clone()),
            },
            None => CatalogError::UnknownVariant(id.to_string()),
        }
    }

    /// The entry and rules choice for a variant id and optional rules id (default first).
    pub fn choose(
        &self,
        variant: &str,
        rules: Option<&str>,
    ) -> Result<(&Entry, &RuleChoice), CatalogError> {
        let entry = self.get(variant).ok_or_else(|| self.missing(variant))?;
        let choice = match rules {
            None => entry.rules.first(),
            Some(r) => entry.rules.iter().find(|c| c.id == r),
        };
        let choice = choice.ok_or_else(|| CatalogError::UnknownRules {
            variant: variant.to_string(),
            rules: rules.unwrap_or_default().to_string(),
            offered: entry
                .rules
                .iter()
                .map(|c| c.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })?;
        Ok((entry, choice))
    }

    /// A ruleset instance for a variant and rules choice.
    pub fn build(
        &self,
        variant: &str,
        rules: Option<&str>,
    ) -> Result<Arc<dyn DynRuleset>, CatalogError> {
        self.build_seated(variant, rules, &[])
    }

    /// [`Catalog::build`] with the seats driven from outside (`--seats`) given in the words
    /// of the command line; empty keeps the variant's own [`Variant::seats`]. The words are
    /// the ruleset's to read: the catalog only passes them on.
    pub fn build_seated(
        &self,
        variant: &str,
        rules: Option<&str>,
        seats: &[String],
    ) -> Result<Arc<dyn DynRuleset>, CatalogError> {
        let (entry, choice) = self.choose(variant, rules)?;
        let mut seated;
        let mut entry_variant = &entry.variant;
        if !seats.is_empty() {
            seated = entry.variant.clone();
            seated.seats = seats.to_vec();
            entry_variant = &seated;
        }
        let origin = entry.origin.clone();
        let text = self
            .texts
            .get(self.canonical(variant))
            .map(String::as_str)
            .unwrap_or("");
        let factory = self
            .factory(&entry.variant.ruleset)
            .ok_or_else(|| CatalogError::UnknownVariant(variant.to_string()))?;
        let scoring = entry_variant
            .scoring
            .as_deref()
            .and_then(|id| self.scoring.get(id));
        let refused = |key: Option<&str>, message: String| {
            CatalogError::from(VariantError::at_key(&origin, text, key, message))
        };
        let ruleset = factory
            .build(Setup {
                variant: entry_variant,
                scoring,
                rules: choice,
            })
            .map_err(|e| refused(e.key.as_deref(), e.message))?;
        // Checked again on every build, not only when the file loaded: the keys may have been
        // reserved after, and a plugin's answer may differ from the one it gave then.
        match ruleset.info().key_clash(&self.reserved) {
            Some(message) => Err(refused(None, message)),
            None => Ok(ruleset),
        }
    }

    /// The game code of a deal.
    pub fn code_for(
        &self,
        variant: &str,
        rules: Option<&str>,
        shuffle: u64,
    ) -> Result<GameCode, CatalogError> {
        let (entry, choice) = self.choose(variant, rules)?;
        Ok(GameCode::new(&entry.variant.code, choice.letter, shuffle)?)
    }

    /// The variant and rules a code names.
    pub fn resolve(&self, code: &GameCode) -> Result<(&Entry, &RuleChoice), CodeError> {
        let entry = match self.by_code.get(&code.variant).map(|&i| &self.entries[i]) {
            Some(e) => e,
            None => {
                if let Some((index, id)) = self.refused_codes.get(&code.variant) {
                    return Err(CodeError::Refused {
                        code: code.to_string(),
                        id: id.clone(),
                        error: Box::new(self.errors[*index].clone()),
                    });
                }
                let prefix = code.prefix();
                let known: Vec<&str> = self
                    .entries
                    .iter()
                    .filter(|e| e.variant.code.split('-').next() == Some(prefix))
                    .map(|e| e.variant.code.as_str())
                    .collect();
                return Err(if known.is_empty() {
                    CodeError::UnknownPrefix(prefix.to_string())
                } else {
                    CodeError::UnknownVariant {
                        variant: code.variant.clone(),
                        prefix: prefix.to_string(),
                        known: known.join(", "),
                    }
                });
            }
        };
        let choice = entry
            .rules
            .iter()
            .find(|c| c.letter == code.rules)
            .ok_or_else(|| CodeError::UnknownRules {
                variant: code.variant.clone(),
                letter: code.rules,
                offered: entry
                    .rules
                    .iter()
                    .map(|c| c.letter.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        Ok((entry, choice))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_file_is_known_by_the_id_it_gives_even_when_broken_below_it() {
        assert_eq!(declared_id("id = \"a\"\nname = 3\n").as_deref(), Some("a"));
        assert_eq!(
            declared_id("# c\n id = 'b' # note\nname = \"x\n[game\n").as_deref(),
            Some("b")
        );
        // An `id` inside a table, or one that is not a string, is no variant's id.
        assert_eq!(declared_id("name = \"x\n[game]\nid = \"c\"\n"), None);
        assert_eq!(declared_id("id = 5\n"), None);
        assert_eq!(declared_id("identity = \"d\"\n"), None);
    }

    #[test]
    fn a_refused_file_with_no_readable_id_is_known_by_its_name() {
        let stem = |o: Origin| file_stem(&o);
        assert_eq!(
            stem(Origin::File("dir/mine.toml".into())).as_deref(),
            Some("mine")
        );
        assert_eq!(
            stem(Origin::Plugin("/p/libfelt_x.so (x-easy.toml)".into())).as_deref(),
            Some("x-easy")
        );
        assert_eq!(
            stem(Origin::BuiltIn("patience-easy.toml".into())).as_deref(),
            Some("patience-easy")
        );
        assert_eq!(stem(Origin::File("dir/.toml".into())), None);
        assert_eq!(stem(Origin::File("dir/notes.txt".into())), None);
    }
}
