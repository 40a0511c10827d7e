//! The keys a host binds at its table itself, so that a plugin's ruleset that asks for one of
//! them for an action of its own ([`felt_core::RulesetInfo::extras`]) is refused with why,
//! where its author sees it, instead of the key silently doing the host's thing.
//!
//! The host's front end owns the list (felt: its terminal's table keymap); the host hands it
//! over once at start ([`set_host_keys`]), and every plugin instance built after that is
//! checked against it ([`key_clash`]). felt-abi itself binds no key.

use felt_core::RulesetInfo;
use std::sync::OnceLock;

/// A key the host binds at its table, and what it does there, in its help's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostKey {
    /// The character.
    pub key: char,
    /// What the host does with it (`back to the menu`).
    pub does: String,
}

static HOST_KEYS: OnceLock<Vec<HostKey>> = OnceLock::new();

/// Gives felt-abi the keys the host keeps for itself at the table. Set once, before plugins
/// build their rulesets; a later call changes nothing and returns false. Without it no key is
/// refused (a host with no table, felt-abi's own tests).
pub fn set_host_keys(keys: Vec<HostKey>) -> bool {
    HOST_KEYS.set(keys).is_ok()
}

/// The keys given to [`set_host_keys`], or none.
pub fn host_keys() -> &'static [HostKey] {
    HOST_KEYS.get().map_or(&[], Vec::as_slice)
}

/// Why the ruleset of `info` cannot have its keys at a table where the host binds `keys`: the
/// first extra action that asks for a key the host uses, or one an earlier extra already has
/// (a key sends one action: the later one would never be sent). `None` when every key works.
pub fn key_clash(info: &RulesetInfo, keys: &[HostKey]) -> Option<String> {
    for (i, extra) in info.extras.iter().enumerate() {
        let asks = format!(
            "ruleset {}'s extra '{}' asks for key '{}'",
            info.ruleset,
            extra.name,
            extra.key.escape_debug()
        );
        if let Some(host) = keys.iter().find(|k| k.key == extra.key) {
            return Some(format!(
                "{asks}, which felt uses for {}; choose another key",
                host.does
            ));
        }
        if let Some(earlier) = info.extras[..i].iter().find(|e| e.key == extra.key) {
            return Some(format!(
                "{asks}, which its extra '{}' already has; choose another key",
                earlier.name
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use felt_core::ExtraKey;

    fn info(extras: &[(&str, char)]) -> RulesetInfo {
        RulesetInfo {
            ruleset: "sweeper".into(),
            variant: "sweeper".into(),
            name: "Sweeper".into(),
            rules: "standard".into(),
            help: Vec::new(),
            seats: 1,
            hints: false,
            commands: None,
            extras: extras
                .iter()
                .map(|(name, key)| ExtraKey {
                    name: (*name).into(),
                    arg: 0,
                    key: *key,
                    help: String::new(),
                })
                .collect(),
        }
    }

    fn keys() -> Vec<HostKey> {
        vec![
            HostKey {
                key: 'q',
                does: "back to the menu".into(),
            },
            HostKey {
                key: 'u',
                does: "undo".into(),
            },
        ]
    }

    #[test]
    fn a_key_the_host_uses_is_refused_with_its_use() {
        assert_eq!(
            key_clash(&info(&[("collect", 'm'), ("sweep", 'u')]), &keys()).as_deref(),
            Some("ruleset sweeper's extra 'sweep' asks for key 'u', which felt uses for undo; choose another key")
        );
    }

    #[test]
    fn a_key_two_extras_ask_for_is_refused_for_the_second() {
        assert_eq!(
            key_clash(&info(&[("collect", 'm'), ("sweep", 'm')]), &keys()).as_deref(),
            Some("ruleset sweeper's extra 'sweep' asks for key 'm', which its extra 'collect' already has; choose another key")
        );
    }

    #[test]
    fn free_keys_pass_and_no_host_keys_refuse_nothing() {
        assert_eq!(key_clash(&info(&[("collect", 'm')]), &keys()), None);
        assert_eq!(key_clash(&info(&[("sweep", 'q')]), &[]), None);
    }
}
