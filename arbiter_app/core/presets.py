"""Named tie-break lists: the seed documents' announcements and FIDE defaults.

A preset is data: the ordered tie-break codes, the rule set that decides
unplayed rounds, and which places (if any) are decided over the board by a
play-off before the tie-breaks apply (FIDE C.07 articles 3.1.1 and 3.1.2 ask
regulations to say exactly that). The arbiter can also build any list from
codes: :func:`parse_tiebreak_list` reads ``"BH/C1, BH, SB"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import ArbiterError, UnknownTieBreak
from arbiter_app.core.model import RuleSet
from arbiter_app.core.tiebreaks import parse_spec


class UnknownPreset(ArbiterError):
    """A preset name that is not in :data:`PRESETS`."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named tie-break list with its rule set and, optionally, its play-off regulation.

    *rule_set* None means the FIDE text in force on the event's start date
    (``Event.effective_rule_set``). *playoff* names the play-off regulation that comes
    with the preset: the places it decides over the board, and after how many
    tie-breaks (FIDE C.07 3.1.1, 3.1.2), are the regulation's own
    (:mod:`arbiter_app.core.playoff.scope`).
    """

    name: str
    title: str
    tiebreaks: tuple[str, ...]
    source: str
    rule_set: RuleSet | None = None
    playoff: str | None = None
    note: str = ""


USCF_LIST: tuple[str, ...] = ("MM", "SOLK", "CUM", "OPPC")

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "uscf",
            "US Chess default tie-breaks",
            USCF_LIST,
            "US Chess rule 34E as quoted by City Chess OK (Modified Median, Solkoff, "
            "Cumulative, Cumulative of Opposition, the expected first four)",
            RuleSet.USCF,
        ),
        Preset(
            "online-swiss",
            "Online Swiss",
            ("BH/C1", "BH", "SB", "WIN", "BWG", "DE/ALL", "ARO/C1"),
            "Online Swiss rules (Immortal Game), tie-break list: Buchholz cut 1, Buchholz, Sonneborn-Berger, "
            "number of wins, wins with Black, direct encounter only when all tied "
            "players met, AROC 1",
            # "Each player you played against", "each opponent you have beaten … drawn":
            # no virtual opponent for a round without one (the online Swiss rules).
            RuleSet.ONLINE_SWISS,
            note="ARO/C1 uses the opponent's rating at the start of each round "
            "(RoundEntry.opponent_rating) when the event records it",
        ),
        Preset(
            "city-chess-ok",
            "City Chess OK",
            USCF_LIST,
            "City Chess OK rules: first place by head-to-head result, blitz match and "
            "Armageddon; every other tie by the US Chess tie-breaks",
            RuleSet.USCF,
            "city-chess-ok",
        ),
        Preset(
            "fide-swiss",
            "FIDE individual Swiss",
            ("ARO/C1", "BH/C1", "BH", "DE"),
            "FIDE C.07 article 4.1 leaves the list to the organiser; this is the "
            "list FIDE adopted for the Swiss events of its World Championship cycle "
            "(average rating of opponents cut 1, Buchholz cut 1, Buchholz, direct "
            "encounter)",
        ),
        Preset(
            "fide-round-robin",
            "FIDE individual round robin",
            ("DE", "WIN", "SB", "KS"),
            "FIDE handbook recommendation for individual round robins (direct "
            "encounter, number of wins, Sonneborn-Berger, Koya); C.07 (2026) also "
            "says Buchholz is not to be used in round robins",
        ),
    )
}


def get_preset(name: str) -> Preset:
    """The preset called *name* (case-insensitive); :class:`UnknownPreset` lists the known ones."""
    key = name.strip().lower()
    if key not in PRESETS:
        raise UnknownPreset(f"unknown preset {name!r}; known: {', '.join(sorted(PRESETS))}")
    return PRESETS[key]


def parse_tiebreak_list(text: str | Sequence[str]) -> tuple[str, ...]:
    """Read a comma-separated list of codes (or a sequence of them) and check every code.

    Codes are kept as written, because standings report values under the
    code the arbiter announced. Raises :class:`UnknownTieBreak` naming the
    bad code and the known ones.
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    codes = tuple(c.strip() for c in items if c.strip())
    for code in codes:
        parse_spec(code)
    if not codes and isinstance(text, str) and text.strip():
        raise UnknownTieBreak(f"no tie-break code in {text!r}")
    return codes
