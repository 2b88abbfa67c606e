"""What the store did on its own that the arbiter must be told (a leftover set aside).

The store does not print. It tells the listeners registered here (the command
line prints each notice on standard error; the window may show them), and a
notice told while nobody listens is simply kept by the caller that made it.
This module imports nothing, so registering a listener costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable

Listener = Callable[[str], None]

_LISTENERS: list[Listener] = []


def on_notice(listener: Listener) -> Callable[[], None]:
    """Call *listener* with every notice from now on; returns the way to stop."""
    _LISTENERS.append(listener)

    def stop() -> None:
        if listener in _LISTENERS:
            _LISTENERS.remove(listener)

    return stop


def tell(notice: str) -> None:
    """Tell every listener *notice*."""
    for listener in list(_LISTENERS):
        listener(notice)
