"""``arbiter-app generate``: unset values drawn and printed (checklist Q25), ratings given or
parametrised (Q27, Q28)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.trf import parse_trf

Capture = pytest.CaptureFixture[str]


def test_q25_unset_values_are_drawn_printed_and_repeat_the_file(
    tmp_path: Path, capsys: Capture
) -> None:
    """Only a seed given: players, rounds, byes, forfeits, odd results, the acceleration, the
    tie-breaks and the ratings are drawn, said, and the command printed makes the same file
    with every value given."""
    first = tmp_path / "first.trf"
    assert main(["generate", "-o", str(first), "--seed", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    drawn = lines[1]
    assert drawn.startswith("Drawn from seed 6: players ")
    for word in ("rounds", "half-byes", "full-byes", "zero-byes", "forfeits", "unusual", "baku"):
        assert f"; {word} " in drawn
    assert "tiebreaks " in drawn and "ratings" in drawn
    assert lines[2] == "The same file again, every value given:"
    again = shlex.split(lines[3])
    assert again[:3] == ["arbiter-app", "generate", "-o"] and again[3] == str(first)
    second = tmp_path / "second.trf"
    assert main(["generate", "-o", str(second), *again[4:]]) == 0
    assert "Drawn" not in capsys.readouterr().out  # nothing left to draw
    assert second.read_bytes() == first.read_bytes()
    assert main(["check", str(first)]) == 0


def test_q25_the_same_seed_draws_the_same_values_another_seed_others(
    tmp_path: Path, capsys: Capture
) -> None:
    said = []
    for seed in ("6", "6", "7"):
        assert main(["generate", "-o", str(tmp_path / f"{seed}.trf"), "--seed", seed]) == 0
        said.append(capsys.readouterr().out.splitlines()[1].split(": ", 1)[1])
    assert said[0] == said[1] and said[0] != said[2]


def test_q25_json_says_every_value_and_which_were_drawn(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "j.trf"
    argv = ["generate", "-o", str(out), "--seed", "3", "--players", "10", "--tiebreaks", "SB"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 3
    assert data["settings"]["players"] == 10 and data["settings"]["tiebreaks"] == ["SB"]
    assert "players" not in data["drawn"] and "tiebreaks" not in data["drawn"]
    assert {"rounds", "half_byes", "forfeits", "unusual", "baku", "ratings"} <= set(data["drawn"])
    assert set(data["settings"]["ratings"]) == {"given", "min", "max", "gap", "unrated_players"}
    again = tmp_path / "again.trf"
    repeat = data["again"]
    assert repeat[:3] == ["generate", "-o", str(out)]
    assert main(["generate", "-o", str(again), *repeat[3:]]) == 0
    assert again.read_bytes() == out.read_bytes()


def test_q25_unset_none_draws_nothing(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "n.trf"
    argv = ["generate", "-o", str(out), "--seed", "3", "--players", "10", "--rounds", "4"]
    assert main([*argv, "--unset", "none"]) == 0
    said = capsys.readouterr().out
    assert "Drawn" not in said and "byes" not in said and "Baku" not in said
    assert "202 ARO/C1,BH/C1,BH,DE" in out.read_text(encoding="utf-8").splitlines()


def test_q27_ratings_from_a_csv_file(tmp_path: Path, capsys: Capture) -> None:
    table = tmp_path / "players.csv"
    table.write_text(
        "Name;Federation;Rating\nAnna;NOR;2210\nBen;ESP;\nCleo;FRA;2395\nDan;GER;1990\n"
        "Eve;ITA;2050\nFay;POL;1805\n",
        encoding="utf-8",
    )
    out = tmp_path / "rated.trf"
    assert main(["generate", "-o", str(out), "--seed", "2", "--ratings", str(table)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert "6 ratings given" in said[0] and ", 6 players," in said[0]
    assert said[1].startswith("Drawn from seed 2: rounds ")  # the count follows the file
    doc = parse_trf(out.read_text(encoding="utf-8"))
    assert [p.rating for p in doc.event.players] == [2395, 2210, 2050, 1990, 1805, None]
    assert main(["check", str(out)]) == 0


def test_q27_ratings_as_a_list_and_the_count_must_match(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "list.trf"
    argv = ["generate", "-o", str(out), "--seed", "2", "--ratings", "2400,2300,2200,2100"]
    assert main(argv) == 0
    capsys.readouterr()
    doc = parse_trf(out.read_text(encoding="utf-8"))
    assert [p.rating for p in doc.event.players] == [2400, 2300, 2200, 2100]
    bad = tmp_path / "bad.trf"
    assert main(["generate", "-o", str(bad), "--players", "5", *argv[3:]]) == 2
    assert "4 ratings given for 5 players: give one rating per player" in capsys.readouterr().err
    assert not bad.exists()


def test_q28_ratings_by_min_max_and_gaps(tmp_path: Path, capsys: Capture) -> None:
    ranged = tmp_path / "ranged.trf"
    base = ["generate", "--seed", "4", "--players", "24"]
    assert main([*base, "-o", str(ranged), "--rating-min", "1500", "--rating-max", "1700"]) == 0
    ratings = [p.rating for p in parse_trf(ranged.read_text(encoding="utf-8")).event.players]
    assert all(r is not None and 1500 <= r <= 1700 for r in ratings)
    ladder = tmp_path / "ladder.trf"
    argv = [*base, "-o", str(ladder), "--rating-max", "2600", "--rating-gap", "20"]
    assert main([*argv, "--unrated-players", "2"]) == 0
    assert "ratings from 2600 down by gaps of 20, unrated 2" in capsys.readouterr().out
    ratings = [p.rating for p in parse_trf(ladder.read_text(encoding="utf-8")).event.players]
    assert ratings[:3] == [2600, 2580, 2560] and ratings[-2:] == [None, None]
    assert main(["check", str(ladder)]) == 0


def test_q30_without_a_seed_two_runs_make_two_tournaments(tmp_path: Path, capsys: Capture) -> None:
    """Q30 ("same parameters always give the same TRF?" must be no): without --seed each run
    draws a fresh seed, so the same options make another tournament; the seed is said."""
    texts, seeds = [], []
    for name in ("a.trf", "b.trf"):
        out = tmp_path / name
        assert main(["generate", "-o", str(out), "--players", "12", "--rounds", "4"]) == 0
        seeds.append(capsys.readouterr().out.split("seed ")[1].split(",")[0])
        texts.append(out.read_text(encoding="utf-8"))
    assert seeds[0] != seeds[1] and texts[0] != texts[1]


def test_late_entries_are_given_said_and_given_back(tmp_path: Path, capsys: Capture) -> None:
    """``--late-entries r2:2``: two players join in round 2; the file's first line says so,
    and the command printed with every value given makes the same file."""
    out = tmp_path / "late.trf"
    argv = ["generate", "-o", str(out), "--seed", "8", "--players", "14", "--rounds", "5"]
    assert main([*argv, "--late-entries", "r2:2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    text = out.read_text(encoding="utf-8")
    assert "late-entries r2:2" in text.splitlines()[0]
    again = shlex.split(lines[3])
    assert again[again.index("--late-entries") + 1] == "r2:2"
    copy = tmp_path / "again.trf"
    again[3] = str(copy)
    assert main(again[1:]) == 0
    assert copy.read_text(encoding="utf-8") == text
    first_round = [line[91:101] for line in text.splitlines() if line.startswith("001")]
    assert sum(1 for cell in first_round if not cell.strip()) == 2
