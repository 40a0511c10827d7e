//! Status-bar items, built the one way every patience ruleset builds them.

use felt_core::StatusItem;

/// A status item: `key` for tests and the headless protocol, `label` for the bar.
pub fn item(key: &str, label: &str, value: String) -> StatusItem {
    StatusItem {
        key: key.into(),
        label: label.into(),
        value,
    }
}
