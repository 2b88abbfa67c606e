"""Warning levels: how a risky action is announced, confirmed or refused (FIDE C.02).

FIDE's verification checklist for tournament programs (FIDE C.02, 2026; the
checklist's questions 218-221) grades what a program must do before an
action that can harm an event, and says the levels can never be switched
off or lowered:

- **Level 2**, a notice the arbiter acknowledges: the action is done and the
  notice is shown with its outcome.
- **Level 3**, a question to confirm or cancel (cancel by default).
- **Level 4**, a two-step confirmation that states the consequences: the
  arbiter confirms the action, then confirms its consequences.
- **Level 5**, refused.

This module is the vocabulary only (pure data and one rule for answers); the
session asks the questions (:mod:`arbiter_app.session.registry`), the window
shows them as dialogs and the command line answers them with ``--confirm``.

An answer (a *confirmation*) is ``True``, which confirms level-3 questions,
or the tokens of level-4 questions (a comma-separated text or a list). A
level-4 question is answered only by its own token, a short name of its
consequence such as ``tiebreaks-reorder-standings``: a script that confirms
everything with ``True`` cannot pass a level-4 question by accident, and a
token typed for one consequence does not answer another.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import RuleError


class Level(enum.IntEnum):
    """FIDE C.02 warning levels (module docstring)."""

    NOTICE = 2
    CONFIRM = 3
    CONFIRM_CONSEQUENCES = 4
    REFUSED = 5

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Level.NOTICE: "notice",
    Level.CONFIRM: "confirmation needed",
    Level.CONFIRM_CONSEQUENCES: "confirmation of the consequences needed",
    Level.REFUSED: "refused",
}


@dataclass(frozen=True, slots=True)
class Alert:
    """One warning (an alert): its *level*, the *question* (or notice), its *consequences*, the *article*.

    *token* names the consequence of a level-4 question; it is what answers it.
    """

    level: Level
    question: str
    article: str
    consequences: tuple[str, ...] = ()
    token: str = ""

    def __post_init__(self) -> None:
        if self.level is Level.CONFIRM_CONSEQUENCES and (not self.token or not self.consequences):
            raise ValueError("a level-4 question states its consequences and names a token")
        if self.token and not all(c.isalnum() or c == "-" for c in self.token):
            raise ValueError(f"a token is letters, digits and hyphens, not {self.token!r}")

    def __str__(self) -> str:
        text = f"{self.question} ({self.article})"
        if self.consequences:
            text += " " + " ".join(self.consequences)
        return text

    def to_json(self) -> dict[str, object]:
        return {
            "level": int(self.level),
            "question": self.question,
            "article": self.article,
            "consequences": list(self.consequences),
            "token": self.token,
        }


Confirmation = bool | str | Sequence[str] | None
"""What an arbiter answered: ``True`` (level 3), or level-4 tokens (text or list)."""


def tokens_of(confirm: Confirmation) -> frozenset[str]:
    """The level-4 tokens in *confirm* (``True`` and ``None`` hold none)."""
    if confirm is None or isinstance(confirm, bool):
        return frozenset()
    items = confirm.split(",") if isinstance(confirm, str) else list(confirm)
    return frozenset(str(item).strip().lower() for item in items if str(item).strip())


def answers(confirm: Confirmation, warning: Alert) -> bool:
    """Whether *confirm* answers *warning*: level 3 by any confirmation, level 4 by its token.

    Level 2 needs no answer; level 5 is never answered.
    """
    if warning.level is Level.NOTICE:
        return True
    if warning.level is Level.REFUSED:
        return False
    if warning.level is Level.CONFIRM:
        return confirm is True or bool(tokens_of(confirm))
    return warning.token.lower() in tokens_of(confirm)


def check_confirmation(confirm: object) -> Confirmation:
    """*confirm* as a :data:`Confirmation`, or ValueError saying what an answer looks like."""
    if confirm is None or confirm is True:
        return confirm
    if isinstance(confirm, str) and confirm.strip():
        return confirm
    if isinstance(confirm, list) and confirm and all(isinstance(t, str) for t in confirm):
        return confirm
    raise ValueError(
        "a confirmation is true (a level-3 question) or the tokens of a level-4 question, "
        f"not {confirm!r}"
    )


class ConfirmationNeeded(RuleError):
    """The action asks level-3 or level-4 questions that were not answered; nothing changed."""

    def __init__(self, warnings: Sequence[Alert]) -> None:
        self.warnings = tuple(warnings)
        super().__init__(
            " ".join(f"{w.level.label.capitalize()}: {str(w).rstrip('.')}." for w in self.warnings)
        )

    @property
    def level(self) -> Level:
        """The highest level asked (4 when any question states consequences)."""
        return max(w.level for w in self.warnings)

    @property
    def tokens(self) -> tuple[str, ...]:
        """The tokens that answer the level-4 questions, in order."""
        return tuple(w.token for w in self.warnings if w.level is Level.CONFIRM_CONSEQUENCES)


class Refused(RuleError):
    """A level-5 warning: the action is refused, whatever the answer."""

    def __init__(self, warning: Alert) -> None:
        self.warning = warning
        super().__init__(f"{warning.question} ({warning.article})")
