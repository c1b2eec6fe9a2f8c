"""A text field that takes its keys in the order they were typed.

Textual's Input types a character when the key reaches it, but runs its own key bindings
(Backspace, Delete, the arrows, Home, End, Enter...) only once the key has bubbled up through
every container to the app, one message queue after another. Keys that arrive together (a fast
typist over SSH, where several keys share one packet, or typing ahead of a busy screen) then
come apart: "Ax<Backspace>i" left "Ax", and "12<Left>3" gave "123". Here the field's own
bindings run when the key reaches it, in turn with the characters around it; a priority binding
(the app's) still comes first, as Textual checks those before the key is sent to the field.

Only the field's own bindings are taken in order: a key its screen or the app binds (Escape, Tab)
still runs after the characters typed behind it reach the field, and what Enter starts (its
Submitted message) comes after them too, so a handler reads the value it carries (`event.value`),
not the field's.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input


class TypedInput(Input):
    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                self._restart_blink()  # as Input's own _on_key does for every key
                event.stop()
                event.prevent_default()  # Input's own _on_key: the key is used
                return
