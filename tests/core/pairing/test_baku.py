"""The Baku Acceleration (FIDE C.04.5.1): groups, virtual points, record 250, pairings.

Checklist group Q106-111 (acceleration); the summary does not give each
question's own number, so tests carry the group's range.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from gacrux.tournamentgenerator import tournamentgenerator
from gacrux.trf2json import trf2json

from arbiter_app.core.checker import Kind, check_document
from arbiter_app.core.model import ByeRequest, Colour, EntryKind, Event, Player, System
from arbiter_app.core.pairing.baku import (
    accelerated_rounds,
    baku_refusal,
    baku_virtual_points,
    group_a_size,
    round_one_field,
)
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
from arbiter_app.core.points import GCT_RAPID
from arbiter_app.core.trf import event_to_trf, parse_trf


def field(players: int, rounds: int) -> Event:
    people = tuple(Player(t, f"Player {t}", 2600 - 10 * t) for t in range(1, players + 1))
    return Event(planned_rounds=rounds, players=people, entries={p.tpn: () for p in people})


def test_q106_111_group_a_is_half_the_field_rounded_up_to_even() -> None:
    """C.04.5.1: 161 players give a GA of 82 (2 × Q, Q = 161 / 4 rounded up)."""
    assert group_a_size(161) == 82
    assert group_a_size(160) == 80
    assert group_a_size(803) == 402
    assert [group_a_size(n) for n in (2, 3, 4, 5, 6, 7)] == [2, 2, 2, 4, 4, 4]


def test_q106_111_virtual_points_by_round() -> None:
    """C.04.5.1: nine rounds, five accelerated: 1 point in rounds 1-3, ½ in rounds 4-5."""
    assert accelerated_rounds(9) == (3, 5)
    assert accelerated_rounds(11) == (3, 6)
    assert accelerated_rounds(7) == (2, 4)
    event = field(20, 9)
    table = baku_virtual_points(event)
    assert [(a.points, a.first_round, a.last_round, a.first_tpn, a.last_tpn) for a in table] == [
        (Fraction(1), 1, 3, 1, 10),
        (Fraction(1, 2), 4, 5, 1, 10),
    ]
    accelerated = replace(event, accelerations=table)
    assert accelerated.virtual_points(10, 3) == 1
    assert accelerated.virtual_points(10, 4) == Fraction(1, 2)
    assert accelerated.virtual_points(11, 1) == 0  # GB never
    assert accelerated.virtual_points(1, 6) == 0  # nobody after the accelerated rounds


def test_q106_111_players_not_paired_in_round_one_are_not_counted() -> None:
    """GA is split from the players to be paired: a round-1 bye request leaves the count."""
    event = field(20, 9)
    asking = replace(event, bye_requests=(ByeRequest(3, 1, EntryKind.HALF_BYE),))
    assert 3 not in round_one_field(asking)
    # 19 to pair: GA holds 10 of them, so the last GA player is number 11.
    assert baku_virtual_points(asking)[0].last_tpn == 11


def test_q106_111_round_one_pairs_inside_each_group() -> None:
    event = field(16, 9)
    table = baku_virtual_points(event)
    plain = pair_round(event, 1, SwissOptions(initial_colour=Colour.WHITE))
    fast = pair_round(
        replace(event, accelerations=table), 1, SwissOptions(initial_colour=Colour.WHITE)
    )
    assert [b.players for b in plain.boards][:2] == [(1, 9), (10, 2)]
    games = [set(b.players) for b in fast.boards]
    assert all(g <= set(range(1, 9)) or g <= set(range(9, 17)) for g in games)
    assert {1, 5} in games


def test_q106_111_needs_a_swiss_with_standard_points() -> None:
    event = field(12, 7)
    assert baku_refusal(event) is None
    assert "standard point system" in str(baku_refusal(replace(event, point_system=GCT_RAPID)))
    assert "Swiss" in str(baku_refusal(replace(event, system=System.ROUND_ROBIN)))


def test_q106_111_record_250_is_written_and_read_back() -> None:
    event = field(20, 9)
    event = replace(event, accelerations=baku_virtual_points(event))
    text = event_to_trf(event)
    assert "250       1.0 001 003    1   10" in text.splitlines()
    assert "250       0.5 004 005    1   10" in text.splitlines()
    assert parse_trf(text).event.accelerations == event.accelerations


def _gacrux_generated(players: int, rounds: int, fileno: int) -> str:
    """An accelerated Swiss made and paired by FIDE's reference generator (gacrux)."""
    generator = tournamentgenerator()
    params: dict[str, Any] = {
        "players": str(players),
        "number_of_rounds": rounds,
        "current_round": 0,
        "rating": [],
        "statistics": ["0.0", "0.05", "0.02"],
        "method": ["dutch"],
        "maxmeets": "0",
        "acceleration": True,
        "experimental": [],
        "game_score": None,
        "match_score": None,
        "verbose": 0,
        "top_color": " ",
        "members": "1",
    }
    generator.params = params
    generator.statistics.set_team(1)
    generator.statistics.set_seed(fileno * 10000 + 4711)
    with contextlib.redirect_stdout(io.StringIO()):
        event = generator.gen_tournament(fileno)
        return str(trf2json().output_file(event, 1, 0))


@pytest.mark.parametrize(("players", "rounds", "fileno"), [(30, 7, 3), (41, 9, 4), (16, 5, 5)])
def test_q106_111_same_virtual_points_and_pairings_as_fide_reference(
    players: int, rounds: int, fileno: int
) -> None:
    """gacrux's generator pairs an accelerated Swiss with its own virtual points (record 250).

    Without its records 250 and with record 192 saying ``FIDE_DUTCH_BAKU``, Arbiter
    computes the virtual points itself: they equal gacrux's, and re-pairing every
    round gives gacrux's pairings (the checker finds no pairing to report; gacrux
    writes its initial ranks in the rank column, so standings findings are ignored).
    """
    text = _gacrux_generated(players, rounds, fileno)
    reference = parse_trf(text).event.accelerations
    stripped = "".join(
        ("192 FIDE_DUTCH_BAKU" if line.startswith("192") else line) + "\n"
        for line in text.splitlines()
        if not line.startswith("250")
    )
    doc = parse_trf(stripped)
    assert baku_virtual_points(doc.event) == reference
    report = check_document(doc)
    assert "Baku" in " ".join(report.notes)
    assert [f.message for f in report.findings if f.kind is not Kind.STANDINGS] == []
