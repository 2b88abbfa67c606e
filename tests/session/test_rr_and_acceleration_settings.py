"""Round-robin and acceleration settings through the session (FIDE C.02 groups Q89-105, Q106-111).

The checklist summary names the groups, not each question's number: tests carry
the group's range (Q101, every mandatory round-robin tie-break, is named by the task).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.model import Colour
from arbiter_app.core.trf import event_to_trf, parse_trf
from arbiter_app.core.trf.document import TrfVersion
from arbiter_app.session import Session
from arbiter_app.session.codec import event_to_json
from arbiter_app.session.commands import (
    AddPlayer,
    EditSettings,
    EnterResult,
    ImportEvent,
    LateEntry,
    SetPairingNumbers,
)
from arbiter_app.session.pairing import pair_next_round
from tests.session.test_commands import refused
from tests.support.sessions import TickingClock


def _new(path: Path, system: str, rounds: int, players: int, **settings: object) -> Session:
    session = Session.create(
        path, name="Test", system=system, rounds=rounds, clock=TickingClock(), durable=False,
        settings=settings,
    )  # fmt: skip
    for n in range(1, players + 1):
        session.run(AddPlayer(name=f"Player {n}", rating=2500 - 10 * n))
    return session


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[Session]:
    s = _new(tmp_path / "s.arbiter", "swiss", 9, 16, acceleration="baku")
    yield s
    s.close()


def test_q106_111_baku_virtual_points_reach_the_pairing_and_the_trf(swiss: Session) -> None:
    assert swiss.settings.acceleration == "baku"
    table = swiss.event.accelerations
    assert [(a.points, a.first_round, a.last_round, a.last_tpn) for a in table] == [
        (Fraction(1), 1, 3, 8),
        (Fraction(1, 2), 4, 5, 8),
    ]
    pairing, _ = pair_next_round(swiss, initial_colour=Colour.WHITE)
    games = [set(b.players) for b in pairing.boards]
    assert {1, 5} in games and {9, 13} in games  # paired inside GA and inside GB
    text = event_to_trf(swiss.event, TrfVersion.TRF26)
    assert "250       1.0 001 003    1    8" in text.splitlines()


def test_q106_111_the_method_is_fixed_after_round_one(swiss: Session) -> None:
    swiss.run(EditSettings(acceleration=None))  # before round 1: allowed
    swiss.run(EditSettings(acceleration="baku"))
    pair_next_round(swiss, initial_colour=Colour.WHITE)
    refused(swiss, EditSettings, "fixed once round 1 is paired", acceleration=None)
    swiss.run(EditSettings(acceleration="baku"))  # the same value is no change of method


def test_q106_111_late_entry_keeps_the_last_group_a_player(swiss: Session) -> None:
    """C.04.5.1: the last GA player stays; a late entry numbered before him joins GA."""
    pair_next_round(swiss, initial_colour=Colour.WHITE)
    last = swiss.event.player(swiss.event.accelerations[0].last_tpn).name
    swiss.run(LateEntry(name="Late", rating=2600))  # numbered first (C.04.2)
    event = swiss.event
    assert {event.player(a.last_tpn).name for a in event.accelerations} == {last}
    late = next(p.tpn for p in event.players if p.name == "Late")
    assert event.virtual_points(late, 2) == 1


@pytest.mark.parametrize(
    ("settings", "fragment"),
    [
        ({"acceleration": "accelerated"}, "unknown acceleration"),
        ({"point_system": "gct-rapid"}, "standard point system"),
        ({"system": "round-robin"}, "Swiss events"),
    ],
)
def test_q106_111_refusals(swiss: Session, settings: dict[str, object], fragment: str) -> None:
    refused(swiss, EditSettings, fragment, **settings)


def test_q106_111_imported_records_250(tmp_path: Path, swiss: Session) -> None:
    """Records 250 that are the Baku Acceleration's make a Baku event; others are kept as read."""
    pair_next_round(swiss, initial_colour=Colour.WHITE)
    event = parse_trf(event_to_trf(swiss.event, TrfVersion.TRF26)).event
    with Session.create(
        tmp_path / "i.arbiter", name="I", system="swiss", rounds=9, durable=False
    ) as imported:
        imported.run(ImportEvent(event=event_to_json(event), source="x.trf"))
        assert imported.event.accelerations == swiss.event.accelerations
        assert imported.settings.acceleration == "baku"
    odd = replace(event, accelerations=(replace(event.accelerations[0], last_tpn=3),))
    with Session.create(
        tmp_path / "j.arbiter", name="J", system="swiss", rounds=9, durable=False
    ) as imported:
        imported.run(ImportEvent(event=event_to_json(odd), source="y.trf"))
        assert imported.event.accelerations == odd.accelerations
        assert imported.settings.acceleration is None


def test_q89_105_double_round_robin_may_exchange_the_last_two_rounds(tmp_path: Path) -> None:
    rounds: dict[bool, list[set[frozenset[int]]]] = {}
    for swap in (False, True):
        with _new(tmp_path / f"d{swap}.arbiter", "double-round-robin", 10, 6, tiebreaks=["SB"],
                  swap_last_two=swap) as s:  # fmt: skip
            assert s.settings.swap_last_two is swap
            s.run(SetPairingNumbers(by="order", order=[1, 2, 3, 4, 5, 6]))
            played = []
            for r in range(1, 6):
                pairing, _ = pair_next_round(s)
                played.append({frozenset(b.players) for b in pairing.boards})
                for b in pairing.boards:
                    s.run(EnterResult(round=r, board=b.number, result="1/2"))
            rounds[swap] = played
            if swap:
                refused(s, EditSettings, "fixed once round 1", swap_last_two=False)
    assert rounds[True][:3] == rounds[False][:3]
    assert rounds[True][3] == rounds[False][4] and rounds[True][4] == rounds[False][3]


def test_q89_105_exchanging_rounds_is_for_a_double_round_robin(tmp_path: Path) -> None:
    with _new(tmp_path / "r.arbiter", "round-robin", 5, 6, tiebreaks=["SB"]) as s:
        refused(s, EditSettings, "double round robin", swap_last_two=True)
        refused(s, EditSettings, "true or false", swap_last_two="yes")


@pytest.mark.parametrize("code", ["BH", "BH/C1", "FB", "AOB"])
def test_q89_105_buchholz_refused_for_a_round_robin_with_the_article(
    tmp_path: Path, code: str
) -> None:
    with _new(tmp_path / "r.arbiter", "round-robin", 5, 6) as s:
        refused(s, EditSettings, "FIDE C.07, 2026 text", tiebreaks=["DE", code])
        s.run(EditSettings(tiebreaks=["DE", "SB", "KS/L-1", "TPN/R"]))
        assert s.settings.tiebreaks == ("DE", "SB", "KS/L-1", "TPN/R")
    with _new(tmp_path / "w.arbiter", "swiss", 5, 6, tiebreaks=[code]) as swiss:
        refused(swiss, EditSettings, "round robin", system="round-robin")


def test_q89_105_q106_111_trf_export_states_the_pairing_and_fide_agrees(tmp_path: Path) -> None:
    """Record 192 of an export says what the settings say; FIDE's checker reads it so."""
    from arbiter_app.cli import main
    from tests.support.gacrux_checker import gacrux_check

    for swap, code in ((False, "BERGER_DOUBLEROUNDROBIN"), (True, "FIDE_DOUBLEROUNDROBIN")):
        path = tmp_path / f"d{swap}.arbiter"
        with _new(path, "double-round-robin", 10, 6, tiebreaks=["SB"], swap_last_two=swap) as s:
            s.run(SetPairingNumbers(by="order", order=[1, 2, 3, 4, 5, 6]))
            for r in range(1, 11):
                pairing, _ = pair_next_round(s)
                for b in pairing.boards:
                    s.run(EnterResult(round=r, board=b.number, result="1-0"))
        out = tmp_path / f"d{swap}.trf"
        assert main(["export", str(path), "--format", "trf", "-o", str(out)]) == 0
        text = out.read_text(encoding="utf-8")
        assert f"192 {code}" in text.splitlines()
        assert all(r.agrees for r in gacrux_check(text, round_robin=True))
    with _new(tmp_path / "b.arbiter", "swiss", 7, 12, acceleration="baku") as s:
        pair_next_round(s, initial_colour=Colour.WHITE)
        for b in s.boards(1):
            s.run(EnterResult(round=1, board=b.number, result="1/2"))
    out = tmp_path / "b.trf"
    assert main(["export", str(tmp_path / "b.arbiter"), "--format", "trf", "-o", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert "192 FIDE_DUTCH_BAKU" in lines
    assert "250       1.0 001 002    1    6" in lines


def test_q89_105_an_imported_round_robin_keeps_its_announced_list(tmp_path: Path) -> None:
    """A round robin file announcing Buchholz (played before the 2026 text) imports with its
    list; a new choice with Buchholz is still refused, other settings still change."""
    from arbiter_app.cli import main

    source = tmp_path / "rr.trf"
    argv = [
        "generate",
        "-o",
        str(source),
        "--players",
        "6",
        "--system",
        "round-robin",
        "--unset",
        "none",
    ]
    assert main([*argv, "--seed", "4"]) == 0
    text = source.read_text(encoding="utf-8")
    text = text.replace("202 DE,WIN,SB,KS", "202 BH,SB").replace(
        "212 PTS,DE,WIN,SB,KS", "212 PTS,BH,SB"
    )
    source.write_text(text, encoding="utf-8")
    target = tmp_path / "rr.arbiter"
    assert main(["import", str(source), "-o", str(target)]) == 0
    with Session.open(target) as s:
        assert s.settings.tiebreaks == ("BH", "SB")
        s.run(EditSettings(info={"city": "Elsewhere"}))
        refused(s, EditSettings, "round robin", tiebreaks=["BH/C1", "SB"])
