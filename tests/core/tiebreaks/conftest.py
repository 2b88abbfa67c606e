"""Shared helpers for the tie-break tests: the reference crosstables as events."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.core.model import Event, RuleSet, System
from tests.support.compact import event_from_csv

DATA = Path(__file__).resolve().parents[2] / "data" / "fide"

SETS = {
    "swiss16-2023": (System.SWISS, RuleSet.FIDE_2024),
    "swiss16-9rounds-2023": (System.SWISS, RuleSet.FIDE_2024),
    "rr6-2023": (System.ROUND_ROBIN, RuleSet.FIDE_2024),
    "slides-2026": (System.SWISS, RuleSet.FIDE_2026),
}


def reference_event(name: str, rule_set: RuleSet | None = None) -> Event:
    """The crosstable of folder *name* under tests/data/fide, with its rule set."""
    system, default = SETS[name]
    folder = DATA / name
    return event_from_csv(
        folder / "crosstable.csv",
        folder / "players.csv",
        system=system,
        rule_set=rule_set or default,
    )
