"""The benchmarks' set-up runs in the default suite on a small event, so a change that
breaks it (a new question asked, a command renamed) is seen at once, not at the next
benchmark run (``tests/benchmarks`` is left out of the default run: it measures time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.session import Session
from tests.benchmarks import bench_cli, bench_gui, bench_pairing, bench_store


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_store, "PLAYERS", 20)
    monkeypatch.setattr(bench_store, "MEASURED_RESULTS", 4)


def test_the_store_benchmark_builds_its_event(small: None, tmp_path: Path) -> None:
    path = tmp_path / "benchmark.arbiter"
    pending = bench_store.build(path)
    assert pending == [1, 2, 3, 4]
    with Session.open(path, readonly=True) as session:
        assert len(session.event.players) == 20
        boards = session.boards(bench_store.ROUNDS)
        assert [b.number for b in boards if b.result is None] == pending


def test_the_window_benchmark_prepares_its_file(
    small: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    path = tmp_path / "benchmark.arbiter"
    assert bench_gui.prepare(path) == [1, 2, 3, 4]
    with Session.open(path, readonly=True) as session:
        assert session.settings.tiebreaks == bench_store.TIEBREAKS


def test_the_command_line_benchmark_runs_every_command_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each command of ``bench_cli`` runs to its end on a 24-player Swiss, gacrux beside it."""
    monkeypatch.setattr(bench_cli, "GACRUX_SIZES", frozenset({24}))
    rows = bench_cli.run(sizes=(24,), runs=1, heavy_runs=1)
    assert [r.what.split(",")[0] for r in rows] == [
        "arbiter-app --version (CPU)",
        "arbiter-app standings",
        "arbiter-app print FILE standings",
        "arbiter-app import FILE.trf",
        "arbiter-app verify FILE",
    ]
    assert all(r.seconds > 0 for r in rows)
    assert rows[1].peer_seconds is not None and rows[1].peer_seconds > 0
    assert rows[3].what.startswith("arbiter-app import FILE.trf, 24 players")
    assert rows[3].peer_seconds is not None and rows[3].peer_seconds > 0


def test_the_pairing_benchmark_pairs_round_six_with_both_engines() -> None:
    """Rounds 1–5 by the own engine, then round 6 by each engine: the same boards and bye."""
    assert bench_pairing.dutch_history(30).rounds_played == 5
    own, reference = bench_pairing._one("own", 30), bench_pairing._one("gacrux", 30)
    assert own["boards"] and (own["boards"], own["bye"]) == (reference["boards"], reference["bye"])


def test_the_window_benchmark_types_its_results(
    small: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The results of the window benchmark, typed on a 20-player event: one timing each, and
    the standings shown at the end equal a computation from scratch (the benchmark checks)."""
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    path = tmp_path / "benchmark.arbiter"
    pending = bench_gui.prepare(path)
    wall, cpu = bench_gui.result_to_standings(path, pending, tmp_path)
    assert len(wall) == len(cpu) == len(pending) == 4
    with Session.open(path, readonly=True) as session:
        boards = session.boards(bench_store.ROUNDS)
        assert all(b.result is not None for b in boards)


def test_the_importer_benchmark_reads_its_inputs(monkeypatch: pytest.MonkeyPatch) -> None:
    """``bench_importers`` reads its PGN files (small here) and times the refused TRF line."""
    from tests.benchmarks import bench_importers, run_all

    monkeypatch.setattr(bench_importers, "GAMES", (10, 20))
    lines = run_all.SUITES["importers"]()
    assert [x.benchmark for x in lines] == [
        "read a PGN of 10 games",
        "read a PGN of 20 games",
        "read a TRF with a line of 15 MB",
    ]
    assert all(x.ours > 0 for x in lines)


def test_the_us_chess_engine_row_is_in_the_pairing_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pairing table's US Chess row pairs a section (small here) by the US engine."""
    from tests.benchmarks import bench_pairing, run_all

    real = bench_pairing.uschess_row
    monkeypatch.setattr(bench_pairing, "uschess_row", lambda: real(players=24, round_no=3))
    (line,) = run_all.uschess_lines()
    assert line.benchmark == "US Chess engine, round 3, 24 players (CPU)"
    assert line.target == bench_pairing.US_TARGET_SECONDS and line.note == "12 boards"


def test_the_endorsed_engine_pairs_round_six_when_its_binary_is_given() -> None:
    """With ``ARBITER_BBP`` naming bbpPairings, it pairs the benchmark's round 6 from the
    event written as TRF-16, as Arbiter's engine does (a 30-player field)."""
    import os

    binary = os.environ.get(bench_pairing.BBP_ENV)
    if not binary:
        pytest.skip("ARBITER_BBP does not name a bbpPairings binary")
    theirs = bench_pairing._bbp(binary, 30)
    assert theirs["boards"] and float(theirs["cpu"]) >= 0  # type: ignore[arg-type]
    assert bench_pairing._same_pairs(bench_pairing._one("own", 30), theirs)


def test_pairings_compare_board_order_aside_but_colours_and_bye_kept() -> None:
    one = {"boards": [[1, 2], [3, 4]], "bye": 5}
    assert bench_pairing._same_pairs(one, {"boards": [[3, 4], [1, 2]], "bye": 5})
    assert not bench_pairing._same_pairs(one, {"boards": [[2, 1], [3, 4]], "bye": 5})
    assert not bench_pairing._same_pairs(one, {"boards": [[1, 2], [3, 4]], "bye": None})
