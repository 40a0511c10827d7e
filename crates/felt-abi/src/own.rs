//! A batch's ruleset in a helper process of its own ([`crate::Isolation::batch`]): its table's
//! calls and its searches go to the one helper, so a one-deal `felt solve` starts one helper
//! where the table's helper and a search's helper (`analysts.rs`) took two.
//!
//! Nothing waits on a batch's table while it searches, so the table's calls lose nothing by
//! waiting behind a search here. What a search costs when it goes wrong is what it costs on a
//! search's helper: a cancel, the wall watchdog or a crash stops the helper and answers the
//! search as undecided with what stopped it ([`search_on`]), and the next call starts a new
//! helper and builds the ruleset there again from the same request. That is sound for the
//! reason a search's helper is: a ruleset is pure and a state is the host's bytes, which mean
//! the same in any helper of the plugin. A table's call that fails stops the helper for good,
//! as it stops the plugin's table helper: every later call is refused with why
//! ([`Own::dead`]).

use crate::analysts::{search_on, start_built, Outcome};
use crate::child::ChildLink;
use crate::error::PluginError;
use crate::host::{read_reply, Plugin};
use crate::protocol::{encode, Reply, Request};
use felt_core::{AnalyzeRequest, Cancel, Stopped};
use std::sync::{Mutex, OnceLock, PoisonError};

/// A ruleset's own helper.
pub(crate) struct Own {
    state: Mutex<State>,
    /// Why its calls are refused, once a table's call failed or a new helper would not
    /// start: read without the state's lock, which a search holds while it runs.
    dead: OnceLock<PluginError>,
}

enum State {
    /// A helper (boxed: far larger than the other state), and the instance built in it.
    Running { link: Box<ChildLink>, instance: u64 },
    /// Stopped after a search: the next call starts another.
    Gone,
}

impl Own {
    /// The helper `link`, where the ruleset's instance `instance` was built.
    pub(crate) fn new(link: ChildLink, instance: u64) -> Own {
        Own {
            state: Mutex::new(State::Running {
                link: Box::new(link),
                instance,
            }),
            dead: OnceLock::new(),
        }
    }

    /// Why every call is refused, if so. Never waits.
    pub(crate) fn dead(&self) -> Option<&PluginError> {
        self.dead.get()
    }

    /// The running helper and its instance, starting one (and building `build` in it) when
    /// a search stopped the last.
    fn running<'a>(
        &self,
        state: &'a mut State,
        plugin: &Plugin,
        build: &Request,
    ) -> Result<(&'a ChildLink, u64), PluginError> {
        if let Some(error) = self.dead.get() {
            return Err(error.clone());
        }
        if matches!(state, State::Gone) {
            match start_built(plugin, build) {
                Ok((link, instance)) => {
                    *state = State::Running {
                        link: Box::new(link),
                        instance,
                    }
                }
                Err(why) => {
                    let error = PluginError::Process(format!(
                        "after a search stopped its helper, another would not start: {why}"
                    ));
                    let _ = self.dead.set(error.clone());
                    return Err(error);
                }
            }
        }
        match state {
            State::Running { link, instance } => Ok((link, *instance)),
            State::Gone => Err(PluginError::Process("its helper is gone".to_string())),
        }
    }

    /// A table's call: `request` (made for any instance: it is sent to the one built in the
    /// running helper) with the state `blob`.
    pub(crate) fn call(
        &self,
        plugin: &Plugin,
        build: &Request,
        request: &Request,
        blob: &[u8],
    ) -> Result<(Reply, Vec<u8>), PluginError> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (link, instance) = self.running(&mut state, plugin, build)?;
        let mut request = request.clone();
        if let Some(slot) = request.instance_mut() {
            *slot = instance;
        }
        match link.exchange(&encode(&request, blob)) {
            Ok((status, bytes)) => read_reply(status, &bytes),
            Err(error) => {
                let _ = self.dead.set(error.clone());
                Err(error)
            }
        }
    }

    /// A search of the state `bytes`, as a search's helper runs it (`analysts.rs`).
    pub(crate) fn search(
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
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (link, instance) = match self.running(&mut state, plugin, build) {
            Ok(running) => running,
            Err(error) => return Outcome::Failed(error.to_string(), Stopped::Failed),
        };
        let outcome = search_on(link, instance, plugin, bytes, request, cancel);
        // A refusal or a panic the plugin caught leaves its helper as good as new.
        if link.stopped().is_some() {
            *state = State::Gone;
        }
        outcome
    }
}
