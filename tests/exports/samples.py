"""A small event whose players' names use several scripts (and one hostile name)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from arbiter_app.core.model import Event, EventInfo, RuleSet, System
from tests.support.compact import event_from_text

NAMES = {
    1: "Přemysl Ďuriš",
    2: "Иван Петров",
    3: "李明",
    4: "محمد الأحمد",
    5: '=HYPERLINK("x","<b>click</b>")',
    6: "Zoë O'Brien-Łukasiewicz",
}
RATINGS = {1: 2610, 2: 2544, 3: 2480, 4: None, 5: 1900, 6: 2105}

ROUNDS = """
1: +W4 =B2 +W3
2: =B3 =W1 -B4
3: =W2 +B5 -B1
4: -B1 +W6 +W2
5: +BYE -W3 =BYE
6: -- -B4 +FPB
"""


def sample_event() -> Event:
    """Three rounds of a six-player Swiss, with a pairing bye, byes and a late entry."""
    ev = event_from_text(ROUNDS, names=NAMES, ratings=RATINGS, rule_set=RuleSet.FIDE_2024)
    return replace(
        ev,
        info=EventInfo(
            name="Open de Brno — Кубок 2024",
            city="Brno",
            federation="CZE",
            start_date=date(2024, 5, 3),
            end_date=date(2024, 5, 5),
            chief_arbiter="Jana Nováková",
            time_control="5400+30",
        ),
        system=System.SWISS,
        planned_rounds=5,
    )
