//! The host's opaque game state ([`GameState`]) and the error of a state that does not read back.

use std::any::Any;
use std::fmt;

/// The host's view of a game state: a value it can clone, compare and hand back, but not read.
pub struct GameState(Box<dyn ErasedState>);

trait ErasedState: Any + Send + Sync + fmt::Debug {
    fn clone_box(&self) -> Box<dyn ErasedState>;
    fn clone_into_box(&self, target: &mut dyn ErasedState) -> bool;
    fn eq_dyn(&self, other: &dyn ErasedState) -> bool;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<T: Clone + PartialEq + fmt::Debug + Send + Sync + 'static> ErasedState for T {
    fn clone_box(&self) -> Box<dyn ErasedState> {
        Box::new(self.clone())
    }
    fn clone_into_box(&self, target: &mut dyn ErasedState) -> bool {
        match target.as_any_mut().downcast_mut::<T>() {
            Some(t) => {
                t.clone_from(self);
                true
            }
            None => false,
        }
    }
    fn eq_dyn(&self, other: &dyn ErasedState) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

impl GameState {
    /// Wraps a ruleset's state.
    pub fn new<T: Clone + PartialEq + fmt::Debug + Send + Sync + 'static>(state: T) -> GameState {
        GameState(Box::new(state))
    }
    /// The ruleset's state, if it is of type `T`.
    pub fn downcast_ref<T: 'static>(&self) -> Option<&T> {
        self.0.as_any().downcast_ref()
    }
    /// The ruleset's state, mutably, if it is of type `T`.
    pub fn downcast_mut<T: 'static>(&mut self) -> Option<&mut T> {
        self.0.as_any_mut().downcast_mut()
    }
}

impl Clone for GameState {
    fn clone(&self) -> Self {
        GameState(self.0.clone_box())
    }
    // Reuses the target's allocations: undo snapshots then cost no allocation once warm.
    fn clone_from(&mut self, source: &Self) {
        if !source.0.clone_into_box(self.0.as_mut()) {
            *self = source.clone();
        }
    }
}

impl PartialEq for GameState {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_dyn(other.0.as_ref())
    }
}

impl fmt::Debug for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Why a saved state could not be read back.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("saved game state does not decode: {0}")]
pub struct StateError(pub String);
