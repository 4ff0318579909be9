//! Where a game's step sends its events: nowhere on the fast path (`()`), into a vector on
//! the checked one; one sink for every game's event type.

/// A receiver of a game's events of type `E`.
///
/// ```
/// use koloda_native::core::events::EventSink;
///
/// fn announce<S: EventSink<&'static str>>(sink: &mut S) {
///     if S::ON {
///         sink.push("dealt");
///     }
/// }
/// let mut events = Vec::new();
/// announce(&mut events);
/// announce(&mut ());
/// assert_eq!(events, ["dealt"]);
/// ```
pub trait EventSink<E> {
    /// Whether the events are kept (a step may skip building them when not).
    const ON: bool;
    /// Receives one event.
    fn push(&mut self, event: E);
}

impl<E> EventSink<E> for () {
    const ON: bool = false;
    #[inline]
    fn push(&mut self, _event: E) {}
}

impl<E> EventSink<E> for Vec<E> {
    const ON: bool = true;
    fn push(&mut self, event: E) {
        Vec::push(self, event);
    }
}
