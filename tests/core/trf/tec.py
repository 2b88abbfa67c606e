"""The FIDE TEC 2024 tie-break exercise as an Event (source of ``tests/data/trf/tec-2024.trf``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from arbiter_app.core.model import Event, EventInfo
from tests.support.compact import event_from_csv

DATA = Path(__file__).resolve().parents[2] / "data"
TEC_TRF = DATA / "trf" / "tec-2024.trf"


def tec_event() -> Event:
    """16 players, 5 rounds, every kind of unplayed round; starts 18 March 2024 (C.07 2024 text).

    The crosstable is the exercise's own (``tec-2024-crosstable.csv``, copied from the FIDE
    reference); names and ratings are the exercise's players (``fide/swiss16-2023/players.csv``).
    """
    event = event_from_csv(
        DATA / "trf" / "tec-2024-crosstable.csv", DATA / "fide" / "swiss16-2023" / "players.csv"
    )
    info = EventInfo(
        name="FIDE TEC tie-break exercise (published 18 March 2024)",
        start_date=date(2024, 3, 18),
        tournament_type="Individual: Swiss-System",
    )
    return replace(event, info=info)
