//! Reading a `[game]` table key by key, so every mistake names its dotted key (for the file,
//! line and column the catalog finds from it) and says the values allowed, and a key the
//! engine does not know is refused rather than silently ignored.

use felt_core::ParamError;
use std::collections::BTreeSet;
use toml::{Table, Value};

/// One table of the game's settings being read: where it sits (`game.build`), and which of its
/// keys have been read, so [`Reader::finish`] can refuse the rest.
pub struct Reader<'a> {
    table: &'a Table,
    path: String,
    read: BTreeSet<&'static str>,
}

/// A setting that is one word from a fixed list, each word with the value it gives.
pub type Words<T> = &'static [(&'static str, T)];

impl<'a> Reader<'a> {
    /// A reader of `table`, which sits at `path` (dotted from the file's top).
    pub fn new(table: &'a Table, path: &str) -> Reader<'a> {
        Reader {
            table,
            path: path.to_string(),
            read: BTreeSet::new(),
        }
    }

    /// The dotted path of `key` in this table.
    pub fn path_of(&self, key: &str) -> String {
        format!("{}.{key}", self.path)
    }

    /// An error about `key` of this table. The message does not repeat the key: felt says it
    /// before the message, with the file, line and column.
    pub fn error(&self, key: &str, message: String) -> ParamError {
        ParamError {
            key: Some(self.path_of(key)),
            message,
        }
    }

    fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.read.insert(key);
        self.table.get(key)
    }

    /// Whether the file gives `key` at all.
    pub fn has(&self, key: &str) -> bool {
        self.table.contains_key(key)
    }

    /// A whole number in `range`, or `default` when the key is absent.
    pub fn number(
        &mut self,
        key: &'static str,
        range: std::ops::RangeInclusive<u32>,
        default: u32,
    ) -> Result<u32, ParamError> {
        match self.get(key) {
            None => Ok(default),
            Some(value) => self.number_value(key, value, &range),
        }
    }

    fn number_value(
        &self,
        key: &str,
        value: &Value,
        range: &std::ops::RangeInclusive<u32>,
    ) -> Result<u32, ParamError> {
        value
            .as_integer()
            .and_then(|n| u32::try_from(n).ok())
            .filter(|n| range.contains(n))
            .ok_or_else(|| {
                self.error(
                    key,
                    format!(
                        "{} is not allowed: expected a whole number from {} to {}",
                        shown(value),
                        range.start(),
                        range.end()
                    ),
                )
            })
    }

    /// One number for every one of `count` places, or a list of exactly `count` numbers, each
    /// in `range`; `default` for every place when the key is absent.
    pub fn numbers(
        &mut self,
        key: &'static str,
        count: usize,
        range: std::ops::RangeInclusive<u32>,
        default: u32,
    ) -> Result<Vec<u32>, ParamError> {
        match self.get(key) {
            None => Ok(vec![default; count]),
            Some(Value::Array(list)) => {
                if list.len() != count {
                    return Err(self.error(
                        key,
                        format!(
                            "gives {} numbers for {count} columns: give one for each column, or one number for all",
                            list.len()
                        ),
                    ));
                }
                list.iter()
                    .map(|v| self.number_value(key, v, &range))
                    .collect()
            }
            Some(value) => Ok(vec![self.number_value(key, value, &range)?; count]),
        }
    }

    /// `true` or `false`, or `default` when the key is absent.
    pub fn flag(&mut self, key: &'static str, default: bool) -> Result<bool, ParamError> {
        match self.get(key) {
            None => Ok(default),
            Some(Value::Boolean(b)) => Ok(*b),
            Some(value) => Err(self.error(
                key,
                format!("{} is not allowed: expected true or false", shown(value)),
            )),
        }
    }

    /// One word of `words`, or `default` when the key is absent.
    pub fn word<T: Copy>(
        &mut self,
        key: &'static str,
        words: Words<T>,
        default: T,
    ) -> Result<T, ParamError> {
        match self.get(key) {
            None => Ok(default),
            Some(value) => self.word_value(key, value, words),
        }
    }

    /// `value` read as one word of `words`.
    pub fn word_value<T: Copy>(
        &self,
        key: &str,
        value: &Value,
        words: Words<T>,
    ) -> Result<T, ParamError> {
        value
            .as_str()
            .and_then(|s| words.iter().find(|(w, _)| *w == s))
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                let allowed: Vec<&str> = words.iter().map(|(w, _)| *w).collect();
                self.error(
                    key,
                    format!(
                        "{} is not allowed: expected one of {}",
                        shown(value),
                        allowed.join(", ")
                    ),
                )
            })
    }

    /// The raw value of `key`, marked as read, for settings that may be spelled more than one
    /// way (a word or a table).
    pub fn value(&mut self, key: &'static str) -> Option<&'a Value> {
        self.get(key)
    }

    /// A reader of the table under `key`, or of an empty table when the key is absent.
    pub fn table(&mut self, key: &'static str) -> Result<Reader<'a>, ParamError> {
        static EMPTY: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
        let path = self.path_of(key);
        match self.get(key) {
            None => Ok(Reader::new(EMPTY.get_or_init(Table::new), &path)),
            Some(Value::Table(table)) => Ok(Reader::new(table, &path)),
            Some(value) => Err(self.error(
                key,
                format!(
                    "{} is not allowed: expected a table of settings",
                    shown(value)
                ),
            )),
        }
    }

    /// Refuses any key of this table that was not read: a misspelt setting would otherwise
    /// be a game other than the one its author meant, with no word said.
    pub fn finish(self) -> Result<(), ParamError> {
        let unknown = self.table.keys().find(|k| !self.read.contains(k.as_str()));
        match unknown {
            None => Ok(()),
            Some(key) => {
                let known: Vec<&str> = self.read.iter().copied().collect();
                Err(self.error(
                    key,
                    format!("is not a setting here (known: {})", known.join(", ")),
                ))
            }
        }
    }
}

/// A value as the file wrote it, for messages.
fn shown(value: &Value) -> String {
    match value {
        Value::String(s) => format!("\"{s}\""),
        Value::Table(_) => "a table".to_string(),
        Value::Array(_) => "a list".to_string(),
        other => other.to_string(),
    }
}
