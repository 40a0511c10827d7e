//! The keys felt's terminal binds at the table, handed to the catalog so that a ruleset (built
//! in or a plugin's) whose variant asks for one of them for an action of its own is refused
//! with why (in `felt variants`, `felt plugins`, `felt check` and when its variant is built)
//! instead of the key silently doing felt's thing. The list is the terminal's own keymap, read,
//! not copied: a key the terminal comes to bind is refused with it.

use crossterm::event::KeyCode;
use felt_core::HostKey;
use felt_tui::keymap::{Key, TABLE_KEYS};

/// Every character the table keymap binds without Ctrl, with what it does there. A ruleset's
/// extra key is a plain character, so the arrows, Tab, Esc and the Ctrl keys cannot clash.
pub fn table_keys() -> Vec<HostKey> {
    let mut keys: Vec<HostKey> = Vec::new();
    for binding in TABLE_KEYS {
        for key in binding.keys {
            if let Key(KeyCode::Char(c), false) = *key {
                if !keys.iter().any(|k| k.key == c) {
                    keys.push(HostKey {
                        key: c,
                        does: binding.help.to_string(),
                    });
                }
            }
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_handed_over_are_the_tables_with_their_use() {
        let keys = table_keys();
        let does = |c: char| keys.iter().find(|k| k.key == c).map(|k| k.does.as_str());
        assert_eq!(does('q'), Some("back to the menu"));
        assert_eq!(does('u'), Some("undo"));
        for c in ['?', 'h', 'd', '1', '0', 'f', 'e', 't', 'v', 'g', ' '] {
            assert!(does(c).is_some(), "{c:?} is felt's");
        }
        // FreeCell's collect key is free.
        assert_eq!(does('m'), None);
    }
}
