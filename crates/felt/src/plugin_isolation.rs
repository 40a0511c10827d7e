//! Where plugin code runs: each plugin in a helper process of its own (`felt-helper`),
//! or, with `--plugins-in-process`, in felt's own. Read by listing, loading and installing
//! plugins alike, so it stands apart from each of them.

/// Whether `--plugins-in-process` was given: set once, at start.
static IN_PROCESS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Loads plugins into felt's own process from now on (`--plugins-in-process`), or each into a
/// helper process of its own (the default).
pub fn set_in_process(yes: bool) {
    IN_PROCESS.store(yes, std::sync::atomic::Ordering::Relaxed);
}

/// Whether this command is a batch where nothing waits on a table while it searches: set
/// once, at start.
static BATCH: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Runs each plugin ruleset built from now on in one helper process of its own, for its
/// table's calls and its searches alike ([`felt_abi::Isolation::batch`]): for `felt solve` on
/// one thread, where a search never keeps anyone waiting on the table, so a one-deal solve
/// starts one helper instead of two.
pub fn set_batch(yes: bool) {
    BATCH.store(yes, std::sync::atomic::Ordering::Relaxed);
}

/// How this felt runs plugin code: in a helper process unless `--plugins-in-process` was
/// given or felt cannot name its own executable. The helper is `felt-helper`, the small
/// binary built beside felt, when it is there (a helper starts for each plugin played, and
/// starting felt's whole binary cost a one-deal solve a tenth of a millisecond more), else
/// `felt plugin-host`. A helper built by another felt refuses to serve (felt-abi's framing
/// check), so a stale `felt-helper` is said, never misread.
pub fn isolation() -> Option<felt_abi::Isolation> {
    if IN_PROCESS.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let felt = std::env::current_exe().ok()?;
    let helper = felt.with_file_name(format!("felt-helper{}", std::env::consts::EXE_SUFFIX));
    let (program, args) = if helper.is_file() {
        (helper, Vec::new())
    } else {
        (felt, vec!["plugin-host".into()])
    };
    Some(felt_abi::Isolation {
        batch: BATCH.load(std::sync::atomic::Ordering::Relaxed),
        ..felt_abi::Isolation::new(program, args)
    })
}
