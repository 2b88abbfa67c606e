"""The GCT overall standings start the tour play-off themselves (GCT 2023 section 4).

``tour E1 E2 --playoff TOUR.arbiter`` writes the tour standings to a tour file and
starts the play-off there: only ties for first and for third are broken (4.1),
second place and every other stay tied (4.2), separate ties run separately
(4.5), and the tour bonus is shared from the tour file (4.2).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings
from tests.support.cli import Capture, run
from tests.support.sessions import TickingClock

# A four-player round robin by the Berger table; the lower pairing number wins every game.
BERGER_4 = [([1, 4], [2, 3]), ([4, 3], [1, 2]), ([2, 4], [3, 1])]


def event_in_order(path: Path, names: Sequence[str]) -> Path:
    """An event whose final standings are *names* in that order (12, 10, 8, 7 tour points)."""
    with Session.create(
        path, name=path.stem, system="round-robin", rounds=3, clock=TickingClock(), durable=False
    ) as session:
        for name in names:
            session.run(AddPlayer(name=name, rating=2700))
        for number, boards in enumerate(BERGER_4, 1):
            session.run(RecordPairings(round=number, boards=[list(b) for b in boards]))
            for board, (white, black) in enumerate(boards, 1):
                result = "1-0" if white < black else "0-1"
                session.run(EnterResult(round=number, board=board, result=result))
    return path


def run_json(capsys: Capture, *argv: str) -> Any:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def start(capsys: Capture, tmp_path: Path, *events: Path) -> Path:
    tour = tmp_path / "tour.arbiter"
    code, out, err = run(capsys, "tour", *map(str, events), "--playoff", str(tour),
                         "--last-game-end", "2023-09-02T19:00", "--at", "2023-09-03T12:00")  # fmt: skip
    assert code == 0, err
    assert f"tour play-off started in {tour}:" in out
    return tour


def play_out(capsys: Capture, tour: Path, winner_first: Sequence[str]) -> list[dict[str, Any]]:
    """Draw, print and play every step; in each game the player earlier in *winner_first*
    wins. Returns the steps met."""
    numbers = {p["name"]: p["tpn"] for p in run_json(capsys, "player", "list", str(tour))}
    rank = {numbers[name]: index for index, name in enumerate(winner_first)}
    steps = []
    for _ in range(40):
        step = run_json(capsys, "playoff", "next", str(tour))
        steps.append(step)
        if step["step"] == "done":
            return steps
        if step["step"] == "draw-lots":
            run_json(capsys, "playoff", "draw", str(tour))
        elif step["step"] == "print":
            run_json(capsys, "playoff", "printed", str(tour))
        elif step["step"] == "play":
            for game in step["games"]:
                better = rank[game["white"]] < rank[game["black"]]
                run_json(capsys, "playoff", "result", str(tour), game["id"],
                         "1-0" if better else "0-1")  # fmt: skip
        else:
            raise AssertionError(step)
    raise AssertionError("the play-off did not end")


def test_ties_for_first_and_third_run_separately_and_the_bonus_is_split(
    capsys: Capture, tmp_path: Path
) -> None:
    first = event_in_order(tmp_path / "sinquefield.arbiter", ["Ann", "Ben", "Cid", "Dee"])
    second = event_in_order(tmp_path / "croatia.arbiter", ["Ben", "Ann", "Dee", "Cid"])
    rows = run_json(capsys, "tour", str(first), str(second))
    assert [(r["name"], r["place"], r["total"], r["playoff"]) for r in rows] == [
        ("Ann", "1-2", "23.00", True),  # 13 as outright winner (2.7) + 10
        ("Ben", "1-2", "23.00", True),
        ("Cid", "3-4", "15.00", True),
        ("Dee", "3-4", "15.00", True),
    ]
    tour = start(capsys, tmp_path, first, second)
    with Session.open(tour, readonly=True) as session:
        assert [e.command for e in session.journal()] == [
            "create_event",
            "tour.create",
            "playoff.start",
        ]
        assert session.verify() == []
        # The tour file holds the tour, not a stand-in event: no round, the points by event.
        assert session.event.rounds_played == 0
        assert [a.reason for a in session.event.adjustments][:2] == [
            "tour points: sinquefield",
            "tour points: sinquefield",
        ]
    steps = play_out(capsys, tour, ["Ben", "Ann", "Dee", "Cid"])
    ties_seen = {tuple(s["players"]) for s in steps if s["step"] == "draw-lots"}
    assert ties_seen == {(1, 2), (3, 4)}  # 4.5: each tie drawn and played on its own
    assert all(s["article"] in ("4.6", "4.7") for s in steps if s["step"] == "draw-lots")
    rows = run_json(capsys, "tour", str(tour))
    assert [(r["name"], r["place"], r.get("by_playoff")) for r in rows] == [
        ("Ben", "1", True),
        ("Ann", "2", True),
        ("Dee", "3", True),
        ("Cid", "4", True),
    ]
    # 4.2: "the bonus payment shall be split equally between all players involved in the tie".
    prizes = run_json(capsys, "prizes", str(tour), "--fund", "100000,50000,25000,10000")
    assert [(p["name"], p["money"]) for p in prizes] == [
        ("Ben", "75000.00"),
        ("Ann", "75000.00"),
        ("Dee", "17500.00"),
        ("Cid", "17500.00"),
    ]


def test_a_tie_for_second_place_stays_tied(capsys: Capture, tmp_path: Path) -> None:
    """4.2: a tie for places 2-3 is a tie for second place: not broken."""
    first = event_in_order(tmp_path / "one.arbiter", ["Ann", "Ben", "Cid", "Dee"])
    second = event_in_order(tmp_path / "two.arbiter", ["Ann", "Cid", "Ben", "Dee"])
    rows = run_json(capsys, "tour", str(first), str(second))
    assert [(r["place"], r["playoff"]) for r in rows] == [
        ("1", False),
        ("2-3", False),
        ("2-3", False),
        ("4", False),
    ]
    tour = start(capsys, tmp_path, first, second)
    step = run_json(capsys, "playoff", "next", str(tour))
    assert step["step"] == "done"
    _, log, _ = run(capsys, "playoff", "log", str(tour))
    assert "is a tie for place 2, which is not broken; the places are shared" in log
    assert [r["place"] for r in run_json(capsys, "tour", str(tour))] == ["1", "2-3", "2-3", "4"]


def test_refusals(capsys: Capture, tmp_path: Path) -> None:
    first = event_in_order(tmp_path / "one.arbiter", ["Ann", "Ben", "Cid", "Dee"])
    second = event_in_order(tmp_path / "two.arbiter", ["Ben", "Ann", "Dee", "Cid"])
    tour = tmp_path / "tour.arbiter"
    tour.write_text("")
    code, _, err = run(capsys, "tour", str(first), str(second), "--playoff", str(tour))
    assert code == 2 and "the file exists already" in err
    tour.unlink()
    code, _, err = run(capsys, "tour", str(first), str(second), "--playoff", str(tour),
                       "--at", "tomorrow")  # fmt: skip
    assert code == 2 and "at must be a date and time" in err
    assert not tour.exists()  # no half-made tour file
    # One event alone: nobody is tied, nothing to play off, no file.
    code, _, err = run(capsys, "tour", str(first), "--playoff", str(tour))
    assert code == 2 and "No play-off is needed: no place it decides is tied" in err
    assert not tour.exists()
    start(capsys, tmp_path, first, second)
    code, _, err = run(capsys, "tour", str(first), str(tour))
    assert code == 2 and "tour.arbiter is a tour file, not an event of the tour" in err
