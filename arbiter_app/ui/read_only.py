"""An event opened read-only: the reason every changing action is disabled, and the helper
that disables them.

A file another window holds for writing can still be opened to look at (the lock's
message promises it: ``it can be opened read-only``); the session refuses every change
to it, and the window says so before anyone tries: each action that would change the
event is greyed out with this reason as its tip.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

READ_ONLY = "The event is open read-only in this window: nothing can be changed here."
"""The reason an action that changes the event is disabled, as its tooltip says it."""

_SAVED_TIP = "arbiter-tip-before-read-only"


def hold(read_only: bool, items: Iterable[QAction | QWidget], *, restore: bool = False) -> None:
    """Disable *items* (actions or buttons that change the event) with the reason when the
    event is *read_only*; otherwise give back the tip they had. Called after the owner has
    set what they would be, so read-only always has the last word. *restore*: the owner
    never disables these items itself, so they are enabled again once writable."""
    for item in items:
        tip = item.toolTip()
        if read_only:
            if tip != READ_ONLY:
                item.setProperty(_SAVED_TIP, tip)
            item.setEnabled(False)
            item.setToolTip(READ_ONLY)
            continue
        if tip == READ_ONLY:
            saved = item.property(_SAVED_TIP)
            item.setToolTip(saved if isinstance(saved, str) else "")
        if restore:
            item.setEnabled(True)
