"""Counts and sentences as an arbiter says them: "1 player", "3 players", never "1 players".

Every message that states how many of something there are says it with
:func:`count`, so no message reads "1 boards" or "game(s)";
``tests/test_words.py`` scans the program's strings for the patterns this
module exists to avoid.
"""

from __future__ import annotations

import re

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
