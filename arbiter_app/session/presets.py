"""Named event settings that reproduce the seed documents' announcements.

A preset fills the tie-break list, the rule set for unplayed rounds and the
bye policy; the arbiter can change any of them afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass

from arbiter_app.core.model import RuleSet


@dataclass(frozen=True, slots=True)
class Preset:
    name: str
    tiebreaks: tuple[str, ...]
    rule_set: RuleSet | None
    bye_policy: str
    playoff: str | None
    source: str


_USCF_LIST = ("MM", "SOLK", "CUM", "OPPC")

PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "uscf",
            _USCF_LIST,
            RuleSet.USCF,
            "uscf-28l",
            None,
            "seed 001_…: US Chess rule 34E, the first four tie-breaks in order",
        ),
        Preset(
            "city-chess-ok",
            _USCF_LIST,
            RuleSet.USCF,
            "uscf-28l",
            "city-chess-ok",
            "seed 001_…: first place by play-off, other places by the US Chess list",
        ),
        Preset(
            "online-swiss",
            ("BH/C1", "BH", "SB", "WIN", "BWG", "DE", "ARO/C1"),
            None,
            "once-per-tournament",
            None,
            "seed 002_…: Buchholz cut 1, Buchholz, Sonneborn-Berger, wins, wins with Black, "
            "direct encounter, AROC 1",
        ),
    )
}


def preset(name: str) -> Preset:
    try:
        return PRESETS[name]
    except KeyError as exc:
        raise KeyError(f"unknown preset {name!r} (known: {', '.join(sorted(PRESETS))})") from exc
