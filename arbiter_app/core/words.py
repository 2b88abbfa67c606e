"""Counts and sentences as an arbiter says them: "1 player", "3 players", never "1 players".

Every message that states how many of something there are says it with
:func:`count`, so no message reads "1 boards" or "game(s)";
``tests/test_words.py`` scans the program's strings for the patterns this
module exists to avoid.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from arbiter_app.core.model import EntryKind

_IRREGULAR = {
    "entry": "entries",
    "category": "categories",
    "match": "matches",
    "bye": "byes",
    "is": "are",
    "was": "were",
    "has": "have",
}


def plural(noun: str) -> str:
    """The plural of *noun* ("board" → "boards", "entry" → "entries", "match" → "matches").

    Only the last word changes: "pairing-allocated bye" → "pairing-allocated byes",
    "game column" → "game columns".
    """
    head, _, last = noun.rpartition(" ")
    if last in _IRREGULAR:
        many = _IRREGULAR[last]
    elif last.endswith(("s", "x", "ch", "sh")):
        many = last + "es"
    elif last.endswith("y") and last[-2:-1] not in ("a", "e", "o", "u"):
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def count(n: int, noun: str, many: str | None = None, *, thousands: bool = False) -> str:
    """*n* and *noun* in the number *n* calls for: ``count(1, "player")`` is "1 player".

    *many* gives a plural :func:`plural` does not know; *thousands* writes
    large numbers with separators ("1,310,000 players").
    """
    shown = f"{n:,}" if thousands else str(n)
    return f"{shown} {noun if n == 1 else (many or plural(noun))}"


def rounds_words(rounds: Sequence[int]) -> str:
    """Rounds as a sentence names them: "round 3", "rounds 3-5", "rounds 2, 4" (*rounds* sorted)."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    if list(rounds) == list(range(rounds[0], rounds[-1] + 1)):
        return f"rounds {rounds[0]}-{rounds[-1]}"
    return "rounds " + ", ".join(map(str, rounds))


def sentence(text: str) -> str:
    """*text* as a sentence: a capital first letter and a full stop (or its own ? or !).

    Refusals are written in lower case so that they read inside other
    messages ("FILE: round 3 is not paired yet"); a window shows one alone,
    as a sentence.
    """
    text = text.strip()
    if not text:
        return text
    first = re.split(r"[\s:,;]", text, maxsplit=1)[0]
    if re.fullmatch(r"[a-z][a-z'-]*", first):
        # A word, not a file name or a code ("notes.arbiter: …", "dBH"): it takes a capital.
        text = text[0].upper() + text[1:]
    return text if text[-1] in ".?!:" else text + "."


def noun_for(n: int, noun: str) -> str:
    """*noun* as *n* of them are called, without the number: "unknown setting" / "settings"."""
    return noun if n == 1 else plural(noun)


# -- what a player without a game has in a round ------------------------------------------
def _entry_words() -> dict[EntryKind, str]:
    return {
        EntryKind.PAIRING_BYE: "pairing-allocated bye",
        EntryKind.FULL_BYE: "full-point bye",
        EntryKind.HALF_BYE: "half-point bye",
        EntryKind.ZERO_BYE: "zero-point bye",
        EntryKind.NOT_PAIRED: "not paired",
        EntryKind.WITHDRAWN: "withdrawn",
    }


ENTRY_WORDS: Final[dict[EntryKind, str]] = _entry_words()
"""The words for a round without a game, as FIDE's texts say them (C.04.1 article 1.4; the
byes a player asks for, TRF-26 record 240): the one table every screen, sheet and command
reads."""

REQUESTED: Final = frozenset({EntryKind.FULL_BYE, EntryKind.HALF_BYE, EntryKind.ZERO_BYE})
"""The byes a player asks for (as against the one the pairing allocates)."""


def bye_words(kind: EntryKind, *, us_chess: bool = False, requested: bool = False) -> str:
    """What a player without a game has this round, in the rule set's words.

    US Chess calls the pairing's odd-player point simply a "bye" (US Chess 22C); FIDE says
    "pairing-allocated bye" (FIDE C.04.1, article 1.4 of the general rules for Swiss
    systems). With *requested*, a bye the player asked for says so (the pairing sheets).
    """
    if kind is EntryKind.PAIRING_BYE and us_chess:
        return "bye"
    text = ENTRY_WORDS.get(kind, kind.value)
    return f"{text} (requested)" if requested and kind in REQUESTED else text
