"""An event over 30 days keeps several ratings per player, each linked to the rounds it
counts in (FIDE C.02 checklist Q212, Q213; FIDE C.07 article 10): a rating changed between
two rounds counts from the next round paired, and the rounds paired keep the ratings their
boards were paired with."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.core.tiebreaks import TieBreakContext, explain, parse_spec
from arbiter_app.session import Session
from arbiter_app.session.commands import (
    AddPlayer,
    ApplyListRatings,
    EditSettings,
    EnterResult,
    RecordPairings,
)


def test_q212_q213_each_round_keeps_the_ratings_it_was_paired_with(tmp_path: Path) -> None:
    path = tmp_path / "long.arbiter"
    with Session.create(path, name="Winter League", system="swiss", rounds=3) as session:
        session.run(
            EditSettings(
                info={
                    "start_date": "2026-10-28",
                    "round_dates": ["2026-10-28", "2026-11-18", "2026-12-02"],
                }
            )
        )
        for name, rating in (("Ann", 2000), ("Ben", 1800), ("Cid", 1700), ("Dan", 1500)):
            session.run(AddPlayer(name=name, rating=rating))
        session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]]))
        session.run(EnterResult(round=1, board=1, result="1-0"))
        session.run(EnterResult(round=1, board=2, result="1/2-1/2"))
        # The list of November rates Cid 1650, from round 2 on.
        session.run(
            ApplyListRatings(
                ratings=[{"tpn": 3, "rating": 1650, "rating_source": "fide:standard:2026-11"}],
                from_round=2,
            )
        )
        session.run(RecordPairings(round=2, boards=[[2, 1], [3, 4]]))
        session.run(EnterResult(round=2, board=1, result="0-1"))
        session.run(EnterResult(round=2, board=2, result="1/2-1/2"))

    with Session.open(path, readonly=True) as session:
        event = session.event
        assert event.player(3).rating == 1650
        # Round 1 keeps the rating Cid was paired with, round 2 the new one.
        assert event.entry(1, 1).opponent == 3 and event.entry(1, 1).opponent_rating == 1700
        assert event.entry(4, 2).opponent == 3 and event.entry(4, 2).opponent_rating == 1650
        # Dan met Ben in round 1 and Cid in round 2: each opponent's first rating by default
        # (C.07 article 10), the rating of the round played with /P.
        ctx = TieBreakContext(event)
        assert explain(ctx, parse_spec("ARO"), 4).value == 1750  # (1800 + 1700) / 2
        assert explain(ctx, parse_spec("ARO/P"), 4).value == 1725  # (1800 + 1650) / 2
