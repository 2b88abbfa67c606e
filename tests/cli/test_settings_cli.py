"""``arbiter-app settings FILE``: print (text, JSON) and change, with FIDE C.02's questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.session import Session
from arbiter_app.session.integrity import stored_pibes
from tests.session.test_configuration_recheck import EIGHT, event
from tests.support.cli import Capture, refused, run
from tests.support.sessions import small_event


@pytest.fixture
def started(tmp_path: Path) -> Path:
    """Round 1 played and round 2 paired: changes that decide pairings or ranks ask first."""
    path = tmp_path / "spring.arbiter"
    small_event(path).close()
    return path


@pytest.fixture
def fresh(tmp_path: Path, capsys: Capture) -> Path:
    path = tmp_path / "fresh.arbiter"
    assert run(capsys, "new", str(path), "--name", "Fresh", "--system", "swiss",
               "--rounds", "5")[0] == 0  # fmt: skip
    return path


def settings_json(capsys: Capture, path: Path) -> dict[str, object]:
    code, out, _ = run(capsys, "settings", str(path), "--json")
    assert code == 0
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_printed_as_text_and_as_json(capsys: Capture, started: Path) -> None:
    code, out, _ = run(capsys, "settings", str(started))
    assert code == 0
    assert "name:            Spring Open\n" in out
    assert "system:          swiss, 5 rounds (2 paired)\n" in out
    assert "pairing:         The FIDE Dutch system (C.04.3)\n" in out
    assert "rule set:        by the start date: fide-2026\n" in out
    assert "points:          standard (1/½/0)\n" in out
    data = settings_json(capsys, started)
    assert data["rounds"] == 5 and data["games_per_round"] == 1
    assert data["rounds_paired"] == 2
    assert data["tiebreaks"] == [] and data["prize_fund"] is None
    assert data["rule_set"] is None and data["rule_set_in_effect"] == "fide-2026"


def test_before_the_start_everything_changes_in_one_journal_entry(
    capsys: Capture, fresh: Path
) -> None:
    code, out, _ = run(
        capsys, "settings", str(fresh), "--name", "Fresh Open", "--city", "Tulsa",
        "--start-date", "2024-05-04", "--end-date", "2024-05-05",
        "--round-dates", "2024-05-04,2024-05-04,2024-05-04,2024-05-05,2024-05-05",
        "--time-control", "G/90;+30", "--rounds", "6", "--rules", "uscf",
        "--bye-policy", "uscf-28l", "--points", "gct-rapid", "--tiebreaks", "MM,SOLK",
        "--playoff", "city-chess-ok", "--fund", "500,300", "--currency", "usd",
        "--chief-arbiter", "R. Ruiz", "--deputy-arbiters", "A. Bell, C. Dorn",
    )  # fmt: skip
    assert code == 0, out
    assert out.startswith("fresh.arbiter: settings changed\n")
    assert "time control:    G/90+30 (FIDE 5400+30)\n" in out
    with Session.open(fresh, readonly=True) as session:
        entries = session.journal()
        event = session.event
    assert [e.command for e in entries] == ["create_event", "edit_settings"]
    assert "confirm" not in entries[-1].arguments  # nothing was asked before the start
    assert event.info.city == "Tulsa" and event.info.time_control == "G/90;+30"
    assert event.info.round_dates[3] == "2024-05-05"
    assert event.info.deputy_arbiters == ("A. Bell", "C. Dorn")
    data = settings_json(capsys, fresh)
    assert data["tiebreaks"] == ["MM", "SOLK"] and data["rule_set"] == "uscf"
    assert data["rounds"] == 6 and data["bye_policy"] == "uscf-28l"
    assert data["playoff"] == "city-chess-ok"
    # The US Chess rule set brings the US Chess Swiss system, and the settings say so.
    assert data["pairing"] == (
        "The US Chess Swiss system (rules 27-29), chosen by the US Chess rule set"
    )
    assert data["prize_fund"] == {"currency": "USD", "prizes": ["500.00", "300.00"]}
    assert data["point_system"]["win"] == "2"  # type: ignore[index]


def test_a_preset_and_back_to_none(capsys: Capture, fresh: Path) -> None:
    run(capsys, "settings", str(fresh), "--preset", "online-swiss")
    data = settings_json(capsys, fresh)
    assert data["preset"] == "online-swiss"
    assert data["tiebreaks"] == ["BH/C1", "BH", "SB", "WIN", "BWG", "DE/ALL", "ARO/C1"]
    assert data["rule_set"] == "online-swiss"
    assert data["bye_policy"] == "once-per-tournament"
    run(capsys, "settings", str(fresh), "--preset", "none", "--playoff", "none", "--rules",
        "by-date")  # fmt: skip
    data = settings_json(capsys, fresh)
    assert data["preset"] is None and data["playoff"] is None and data["rule_set"] is None


def test_after_the_start_the_tie_breaks_need_the_level_4_token(
    capsys: Capture, started: Path
) -> None:
    path = str(started)
    err = refused(capsys, started, "settings", path, "--tiebreaks", "BH/C1,BH")
    assert "level 4 question" in err
    assert "Change the tie-break list from none to BH/C1, BH now that round 2 is paired?" in err
    assert "Consequences:" in err
    assert "run the command again with --confirm=tiebreaks-reorder-standings." in err
    # --confirm alone answers level 3 only: a script cannot pass level 4 by accident.
    err = refused(capsys, started, "settings", path, "--tiebreaks", "BH/C1,BH", "--confirm")
    assert "level 4 question" in err
    err = refused(capsys, started, "settings", path, "--tiebreaks", "BH/C1,BH",
                  "--confirm=rounds-change-pairings")  # fmt: skip
    assert "--confirm=tiebreaks-reorder-standings" in err
    code, out, _ = run(capsys, "settings", path, "--tiebreaks", "BH/C1,BH",
                       "--confirm=tiebreaks-reorder-standings")  # fmt: skip
    assert code == 0
    assert "tie-breaks:      BH/C1, BH\n" in out
    with Session.open(started, readonly=True) as session:
        assert session.journal()[-1].arguments["confirm"] == "tiebreaks-reorder-standings"


def test_after_the_start_level_3_and_several_level_4_at_once(
    capsys: Capture, started: Path
) -> None:
    path = str(started)
    err = refused(capsys, started, "settings", path, "--bye-policy", "fide", "--rules", "fide-2024")
    assert "level 3 question" in err and err.rstrip().endswith("again with --confirm.")
    assert run(capsys, "settings", path, "--rules", "fide-2024", "--confirm")[0] == 0
    # The rounds and the points are fixed in FIDE mode once round 1 is paired: left first.
    assert run(capsys, "settings", path, "--leave-fide-mode",
               "--confirm=leave-fide-mode-for-good")[0] == 0  # fmt: skip
    err = refused(capsys, started, "settings", path, "--rounds", "7", "--points", "gct-rapid")
    assert "--confirm=rounds-change-pairings,points-change-scores." in err
    code, _, _ = run(capsys, "settings", path, "--rounds", "7", "--points", "gct-rapid",
                     "--confirm=rounds-change-pairings,points-change-scores")  # fmt: skip
    assert code == 0
    assert settings_json(capsys, started)["rounds"] == 7
    # The header is not asked about.
    assert run(capsys, "settings", path, "--city", "Tulsa")[0] == 0


def test_bad_values_are_refused_with_the_reason(capsys: Capture, started: Path) -> None:
    path = str(started)
    cases = {
        (
            "--start-date",
            "04.05.2024",
        ): "--start-date: '04.05.2024' is not a date written YYYY-MM-DD",
        ("--round-dates", "2024-05-04,May 5"): "--round-dates: 'May 5' is not a date",
        ("--time-control", "40/90 SD/30 ++"): "time control",
        ("--rounds", "0"): "--rounds: an event has at least 1 round, not 0",
        ("--rounds", "1"): "2 rounds are paired already; rounds cannot be fewer",
        ("--tiebreaks", "BH,XYZ"): "XYZ",
        ("--currency", "EUR"): "--currency goes with --fund",
        ("--fund", "100,abc"): "not an amount of money: 'abc'",
    }
    for argv, message in cases.items():
        err = refused(capsys, started, "settings", path, *argv, "--confirm")
        assert message in err, (argv, err)


def test_a_double_swiss_counts_rounds_of_two_games(capsys: Capture, tmp_path: Path) -> None:
    path = tmp_path / "blitz.arbiter"
    code, out, _ = run(capsys, "new", str(path), "--name", "Blitz", "--system", "double-swiss",
                       "--rounds", "5")  # fmt: skip
    assert code == 0
    assert out == f"created {path}: Blitz, double-swiss, 5 rounds of 2 games (10 games)\n"
    with Session.open(path, readonly=True) as session:
        assert session.event.planned_rounds == 10  # the model counts games
    assert (
        "system:          double-swiss, 5 rounds of 2 games (10 games) (0 paired)"
        in run(capsys, "settings", str(path))[1]
    )
    run(capsys, "settings", str(path), "--rounds", "7")
    data = settings_json(capsys, path)
    assert (data["rounds"], data["games_per_round"]) == (7, 2)
    with Session.open(path, readonly=True) as session:
        assert session.event.planned_rounds == 14


def test_a_new_point_system_names_the_rounds_it_would_pair_otherwise(
    capsys: Capture, tmp_path: Path
) -> None:
    # Eight players, rounds 1 and 2 played, round 3 paired: 3/1/0 pairs round 3 otherwise
    # (FIDE C.02, the checklist's question 76).
    started = tmp_path / "eight.arbiter"
    event(started, EIGHT).close()
    path = str(started)
    # Outside FIDE mode: in it the point system is fixed once round 1 is paired.
    assert run(capsys, "settings", path, "--leave-fide-mode",
               "--confirm=leave-fide-mode-for-good")[0] == 0  # fmt: skip
    err = refused(capsys, started, "settings", path, "--points", "3-1-0")
    assert "level 4 question" in err
    assert "Change the point system from 1/½/0 to 3/1/0 now that round 3 is paired?" in err
    assert (
        "- Round 3 would be paired otherwise under the new point system; the recorded rounds "
        "stand (FIDE C.02 Q76).\n"
    ) in err
    code, out, _ = run(capsys, "settings", path, "--points", "3-1-0",
                       "--confirm=points-change-scores")  # fmt: skip
    assert code == 0
    assert "points:          3-1-0 (3/1/0)\n" in out
    with Session.open(started, readonly=True) as session:
        assert [p.text for p in stored_pibes(session.state)][-1].startswith(
            "pairings checked again: round 3 would be paired otherwise"
        )
