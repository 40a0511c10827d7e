//! Where plugin code runs: each plugin in a helper process of its own (`felt plugin-host`),
//! or, with `--plugins-in-process`, in felt's own. Read by listing, loading and installing
//! plugins alike, so it stands apart from each of them.

/// Whether `--plugins-in-process` was given: set once, at start.
static IN_PROCESS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Loads plugins into felt's own process from now on (`--plugins-in-process`), or each into a
/// helper process of its own (the default).
pub fn set_in_process(yes: bool) {
    IN_PROCESS.store(yes, std::sync::atomic::Ordering::Relaxed);
}

/// How this felt runs plugin code: in a helper process (`felt plugin-host`) unless
/// `--plugins-in-process` was given or felt cannot name its own executable.
pub fn isolation() -> Option<felt_abi::Isolation> {
    if IN_PROCESS.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    std::env::current_exe()
        .ok()
        .map(|felt| felt_abi::Isolation::new(felt, vec!["plugin-host".into()]))
}
