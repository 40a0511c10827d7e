//! A plugin ruleset's searches, each on a helper process of its own, apart from the one the
//! table's calls go to: a table's `apply` and `view` never wait behind a hint or the live
//! status, and a search that is no longer wanted is stopped by stopping its helper.
//!
//! An analyst is a helper started from the same library under the same [`Isolation`] as the
//! table's ([`Plugin::start_helper`]), holding an instance built from the same request as the
//! table's instance, so a state's bytes mean the same there. One is started at a ruleset's
//! first search, and kept when it answers, for the next: a search finds an idle analyst or
//! starts one, so searches asked at once (a hint while the live status searches, `felt solve
//! --jobs`) run side by side instead of one behind the other.
//!
//! What ends a search early costs that analyst only, never the table's helper or the plugin:
//! a cancel (the asker's [`Cancel`], asked every [`crate::child::CANCEL_POLL`]) or the wall
//! watchdog ([`watchdog`]) stops its process and answers a stop ([`Stopped::Cancelled`],
//! [`Stopped::WallClock`]); a helper that crashes answers [`Stopped::Failed`]. The next search
//! starts a new analyst. The search's CPU time is metered inside the helper (the budget
//! travels with the request), so a busy machine makes it stop, not the watchdog.
//!
//! [`Isolation`]: crate::Isolation

use crate::child::{ChildLink, Watched};
use crate::error::PluginError;
use crate::host::{read_reply, Plugin};
use crate::protocol::{encode, Reply, Request};
use felt_core::{Analysis, AnalyzeRequest, Budget, Cancel, Stopped};
use std::sync::Mutex;
use std::time::Duration;

/// The idle analysts of one plugin ruleset.
#[derive(Default)]
pub(crate) struct Analysts {
    idle: Mutex<Vec<Analyst>>,
}

/// A helper process that searches, and the instance built in it.
struct Analyst {
    link: ChildLink,
    instance: u64,
}

/// How a search on an analyst ended.
pub(crate) enum Outcome {
    /// The plugin's answer (its own stops, such as [`Stopped::RulesetCap`], within it).
    Answer(Option<Analysis>),
    /// Stopped from outside before it answered: cancelled, or past the watchdog.
    Stopped(Stopped),
    /// No answer, and why: the analyst crashed, would not start, or answered nonsense.
    Failed(String, Stopped),
}

impl Analysts {
    /// Runs `request` about the state `bytes` on an idle analyst, or a new one, for the
    /// instance `build` makes: see the module's documentation.
    pub(crate) fn analyze(
        &self,
        plugin: &Plugin,
        build: &Request,
        bytes: &[u8],
        request: &AnalyzeRequest,
        cancel: &Cancel,
    ) -> Outcome {
        if cancel.is_cancelled() {
            return Outcome::Stopped(Stopped::Cancelled);
        }
        let analyst = match self.take() {
            Some(analyst) => analyst,
            None => match start(plugin, build) {
                Ok(analyst) => analyst,
                Err(why) => return Outcome::Failed(why, Stopped::Failed),
            },
        };
        let outcome = search_on(
            &analyst.link,
            analyst.instance,
            plugin,
            bytes,
            request,
            cancel,
        );
        // A refusal or a panic the plugin caught leaves its helper as good as new.
        if analyst.link.stopped().is_none() {
            self.give_back(analyst);
        }
        outcome
    }

    fn take(&self) -> Option<Analyst> {
        self.idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .pop()
    }

    fn give_back(&self, analyst: Analyst) {
        self.idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(analyst);
    }
}

/// Runs `request` about the state `bytes` on `link`, for the instance `instance` built there,
/// watched as the module's documentation says: a cancel, the watchdog or a crash stops that
/// helper (its link then says so, [`ChildLink::stopped`]) and answers why.
pub(crate) fn search_on(
    link: &ChildLink,
    instance: u64,
    plugin: &Plugin,
    bytes: &[u8],
    request: &AnalyzeRequest,
    cancel: &Cancel,
) -> Outcome {
    let frame = encode(
        &Request::Analyze {
            instance,
            request: request.clone(),
        },
        bytes,
    );
    let limit = watchdog(plugin, request.budget());
    match link.exchange_watched(&frame, limit, &|| cancel.is_cancelled()) {
        Watched::Answer(status, reply) => match read_reply(status, &reply) {
            Ok((Reply::Analysis(analysis), _)) => Outcome::Answer(analysis),
            Ok((other, _)) => Outcome::Failed(
                PluginError::Unexpected {
                    asked: "analyze",
                    got: other.name(),
                }
                .to_string(),
                Stopped::Failed,
            ),
            Err(e) => Outcome::Failed(e.to_string(), Stopped::Failed),
        },
        Watched::Cancelled => Outcome::Stopped(Stopped::Cancelled),
        Watched::Failed(PluginError::TimedOut(why)) => {
            Outcome::Failed(format!("its search {why}"), Stopped::WallClock)
        }
        Watched::Failed(e) => Outcome::Failed(format!("its search: {e}"), Stopped::Failed),
    }
}

/// Starts an analyst: a helper for `plugin`'s library, and the instance `build` makes in it.
fn start(plugin: &Plugin, build: &Request) -> Result<Analyst, String> {
    let (link, instance) = start_built(plugin, build)?;
    Ok(Analyst { link, instance })
}

/// A new helper for `plugin`'s library, and the instance `build` makes in it, or why not.
pub(crate) fn start_built(plugin: &Plugin, build: &Request) -> Result<(ChildLink, u64), String> {
    let link = match plugin.start_helper() {
        Some(Ok(link)) => link,
        Some(Err(e)) => return Err(format!("its search's helper process: {e}")),
        None => return Err("its search's helper process: the plugin runs in felt".to_string()),
    };
    let (status, bytes) = link
        .exchange(&encode(build, &[]))
        .map_err(|e| format!("its search's helper process: {e}"))?;
    match read_reply(status, &bytes) {
        Ok((Reply::Built { instance, .. }, _)) => Ok((link, instance)),
        Ok((Reply::Refused { message, .. }, _)) => Err(format!(
            "its search's helper process refused the variant the table plays: {message}"
        )),
        Ok((other, _)) => Err(PluginError::Unexpected {
            asked: "build",
            got: other.name(),
        }
        .to_string()),
        Err(e) => Err(format!("its search's helper process: {e}")),
    }
}

/// How long a search may take on the wall clock before its analyst is stopped: the plugin's
/// call limit, or twice the search's CPU budget when that is longer, so that a search given
/// more CPU time than the limit still gets it on a machine that gives it half a core. The
/// budget itself is the search's real bound (metered in the helper); this catches a plugin
/// that hangs, and costs its search only.
pub(crate) fn watchdog(plugin: &Plugin, budget: Option<&Budget>) -> Duration {
    let limit = plugin
        .isolation()
        .map_or(Duration::from_secs(30), |i| i.call_limit);
    let cpu = budget.and_then(|b| b.cpu_ms).map_or(Duration::ZERO, |ms| {
        Duration::from_millis(ms).saturating_mul(2)
    });
    limit.max(cpu)
}
