//! A loaded plugin's [`RulesetFactory`]: each variant checked and each ruleset built in the
//! plugin's process, its verdicts kept by a key of the request ([`crate::cache`]).

use crate::error::PluginError;
use crate::host::Plugin;
use crate::protocol::{Reply, Request};
use crate::remote::PluginRuleset;
use felt_core::{DynRuleset, HostKey, ParamError, RuleChoice, RulesetFactory, Setup};
use std::sync::Arc;

/// A plugin's ruleset factory.
pub struct PluginFactory {
    plugin: Arc<Plugin>,
}

impl PluginFactory {
    /// The factory of a loaded plugin.
    pub fn new(plugin: Arc<Plugin>) -> PluginFactory {
        PluginFactory { plugin }
    }

    /// The plugin behind it.
    pub fn plugin(&self) -> &Arc<Plugin> {
        &self.plugin
    }

    /// Builds an instance, telling a refused variant from a failed plugin. One whose extra
    /// actions ask for a key of `reserved` (the host's own) is refused.
    pub fn try_build(
        &self,
        setup: Setup<'_>,
        reserved: &[HostKey],
    ) -> Result<Result<PluginRuleset, ParamError>, PluginError> {
        self.build_in(setup, reserved, false)
    }

    /// [`PluginFactory::try_build`], in a helper process of the ruleset's own when `apart`
    /// and the plugin runs in helpers ([`crate::Isolation::batch`]); else in the plugin's.
    fn build_in(
        &self,
        setup: Setup<'_>,
        reserved: &[HostKey],
        apart: bool,
    ) -> Result<Result<PluginRuleset, ParamError>, PluginError> {
        let request = build_request(setup);
        let own = match apart.then(|| self.plugin.start_helper()).flatten() {
            Some(link) => Some(link?),
            None => None,
        };
        let reply = match &own {
            Some(link) => {
                let (status, bytes) = link.exchange(&crate::protocol::encode(&request, &[]))?;
                crate::host::read_reply(status, &bytes)?
            }
            None => self.plugin.call(&request, &[])?,
        };
        match reply {
            (
                Reply::Built {
                    instance,
                    info,
                    shuffles,
                },
                _,
            ) => {
                let plugin = self.plugin.clone();
                let ruleset = match own {
                    Some(link) => PluginRuleset::built_apart(
                        plugin,
                        request,
                        link,
                        (instance, info, shuffles),
                    ),
                    None => PluginRuleset::built(plugin, request, instance, info, shuffles),
                };
                // A key the host keeps would silently do the host's thing: refused here, so
                // the ruleset's author reads why wherever its variants are checked. Dropping
                // the instance releases it.
                match ruleset.info().key_clash(reserved) {
                    Some(message) => Ok(Err(ParamError { key: None, message })),
                    None => Ok(Ok(ruleset)),
                }
            }
            (Reply::Refused { key, message }, _) => Ok(Err(ParamError { key, message })),
            (other, _) => Err(PluginError::Unexpected {
                asked: "build",
                got: other.name(),
            }),
        }
    }
}

impl RulesetFactory for PluginFactory {
    fn id(&self) -> &str {
        self.plugin.ruleset_id()
    }
    fn description(&self) -> &str {
        self.plugin.description()
    }
    fn name(&self) -> String {
        match self.plugin.family_name() {
            "" => felt_core::ruleset::capitalised(self.id()),
            name => name.to_string(),
        }
    }
    fn rule_choices(&self) -> Vec<RuleChoice> {
        self.plugin.rule_choices().to_vec()
    }
    fn bundled_variants(&self) -> Vec<(String, String)> {
        self.plugin.bundled_variants().to_vec()
    }
    fn bundled_scoring(&self) -> Vec<(String, String)> {
        self.plugin.bundled_scoring().to_vec()
    }
    /// In a batch ([`crate::Isolation::batch`]) the ruleset gets a helper process of its own;
    /// a variant's check (below) never does: it would start a process for each.
    fn build(&self, setup: Setup<'_>) -> Result<Arc<dyn DynRuleset>, ParamError> {
        match self.build_in(setup, &[], self.plugin.batch()) {
            Ok(Ok(ruleset)) => Ok(Arc::new(ruleset)),
            Ok(Err(refused)) => Err(refused),
            Err(fault) => Err(self.fault(fault)),
        }
    }
    /// Answers from the plugin's remembered verdicts when it has one for this very request,
    /// so the catalog checks a listed plugin's variants without loading it. Only the
    /// plugin's own answers are remembered, and of its failures only a hang
    /// ([`PluginError::TimedOut`], of this request or of one before it that stopped the
    /// plugin): waiting the call limit again at every start of felt would make the one
    /// faulty plugin cost every game.
    fn check(&self, setup: Setup<'_>, reserved: &[HostKey]) -> Result<(), ParamError> {
        let key = request_key(&build_request(setup), reserved);
        if let Some(verdict) = self.plugin.verdict(key) {
            return verdict;
        }
        if let Some(why) = self.plugin.hang(key) {
            return Err(self.fault(PluginError::Remembered(why)));
        }
        match self.try_build(setup, reserved) {
            Ok(answer) => {
                let verdict = answer.map(|_| ());
                self.plugin.remember(key, verdict.clone());
                verdict
            }
            Err(fault) => {
                if matches!(fault, PluginError::TimedOut(_)) {
                    self.plugin.remember_hang(key, fault.to_string());
                }
                Err(self.fault(fault))
            }
        }
    }
}

impl PluginFactory {
    fn fault(&self, fault: PluginError) -> ParamError {
        ParamError {
            key: None,
            message: format!("plugin {}: {fault}", self.plugin.short_name()),
        }
    }
}

fn build_request(setup: Setup<'_>) -> Request {
    Request::Build {
        variant: setup.variant.clone(),
        scoring: setup.scoring.cloned(),
        rules: setup.rules.clone(),
    }
}

/// A key for a request: FNV-1a of its encoding, which is the same for the same variant,
/// scoring table and rules choice, on every run and every build of felt that speaks this
/// protocol (unlike the standard library's hasher, which may change between releases). The
/// host's own keys (`reserved`) are part of it, since a verdict depends on them too: a felt
/// whose keymap changed asks the plugin again.
fn request_key(request: &Request, reserved: &[HostKey]) -> u64 {
    let keys: String = reserved
        .iter()
        .map(|k| format!("{}{}\n", k.key, k.does))
        .collect();
    crate::protocol::encode(request, &[])
        .iter()
        .chain(keys.as_bytes())
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
        })
}
