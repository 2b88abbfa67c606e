"""``arbiter-app pair``: the engine interface on TRF files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.model import Colour, EntryKind, Event, RoundEntry
from arbiter_app.core.pairing import RoundPairing, pair_swiss
from arbiter_app.core.trf import event_to_trf
from arbiter_app.session.commands import EditPlayer
from tests.support.random_swiss import RoundCase, play
from tests.support.sessions import everybody_met
from tests.support.trf_oracle import event_to_trf as oracle_trf
from tests.support.trf_oracle import gacrux_pairs


def _tournament(seed: int, stop_at: int) -> tuple[RoundCase, Event, Colour]:
    """Round *stop_at*'s case of tournament *seed*, and the whole finished event."""
    seen: dict[str, RoundCase] = {}
    last: list[Event] = []

    def pair(case: RoundCase) -> RoundPairing:
        if case.round == stop_at:
            seen["case"] = case
        last[:] = [case.event]
        return pair_swiss(case.event, case.round, case.options)

    play(seed, pair)
    case = seen["case"]
    assert case.options.initial_colour is not None
    return case, last[0], case.options.initial_colour


def test_next_round_in_engine_format_equals_gacrux(tmp_path: Path) -> None:
    case, _, colour = _tournament(2, 4)
    assert case.not_playing, "the round should have byes or absences to pass on"
    text = oracle_trf(case.event, case.round, case.not_playing, colour)
    trf = tmp_path / "in.trf"
    trf.write_text(text)
    out = tmp_path / "out.txt"
    assert main(["pair", str(trf), "-p", str(out)]) == 0
    lines = out.read_text().splitlines()
    expected = gacrux_pairs(text)
    assert lines[0] == str(len(expected))
    assert [tuple(map(int, line.split())) for line in lines[1:]] == expected


def test_round_one_uses_the_xxc_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = "\n".join(
        f"001 {t:4d}      Player {t:<26} {2000 - t:4d}                             0.0 {t:4d}"
        for t in range(1, 5)
    )
    for word, expected in (("white1", ["2", "1 3", "4 2"]), ("black1", ["2", "3 1", "2 4"])):
        trf = tmp_path / f"{word}.trf"
        trf.write_text(f"012 Club\nXXR 3\nXXC {word}\n{players}\n")
        assert main(["pair", str(trf), "-p", "-"]) == 0
        assert capsys.readouterr().out.splitlines() == expected


def test_round_one_without_a_drawn_colour_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "in.trf"
    trf.write_text(
        "012 Club\nXXR 3\n"
        + "\n".join(
            f"001 {t:4d}      Player {t:<26} {2000 - t:4d}                             0.0 {t:4d}"
            for t in range(1, 5)
        )
        + "\n"
    )
    assert main(["pair", str(trf), "-p", "-"]) == 2
    assert "drawn by lot" in capsys.readouterr().err
    assert main(["pair", str(trf), "-p", "-", "--initial-colour", "black"]) == 0


def test_check_mode_agrees_on_its_own_tournament_and_finds_a_changed_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, event, colour = _tournament(4, 1)
    finished = tmp_path / "done.trf"
    finished.write_text(event_to_trf(event, initial_colour=colour))
    assert main(["pair", str(finished), "-c"]) == 0
    assert "rounds agree" in capsys.readouterr().out

    # Exchange two players' opponents in round 3: the file's pairing is no longer the Dutch one.
    rows = {t: list(v) for t, v in event.entries.items()}
    a, b = sorted(t for t in rows if rows[t][2].kind is EntryKind.GAME)[:2]
    oa, ob = rows[a][2].opponent, rows[b][2].opponent
    assert oa is not None and ob is not None and oa != b
    ea, eb, eoa, eob = rows[a][2], rows[b][2], rows[oa][2], rows[ob][2]
    rows[a][2] = replace(ea, opponent=ob, colour=eb.colour, outcome=eb.outcome)
    rows[ob][2] = replace(eob, opponent=a)
    rows[b][2] = replace(eb, opponent=oa, colour=ea.colour, outcome=ea.outcome)
    rows[oa][2] = replace(eoa, opponent=b)
    changed = event.with_entries({t: tuple(v) for t, v in rows.items()})
    altered = tmp_path / "altered.trf"
    altered.write_text(event_to_trf(changed, initial_colour=colour))
    assert main(["pair", str(altered), "-c"]) == 1
    out = capsys.readouterr().out
    assert "round 3: differs" in out
    assert "round 1: differs" not in out and "round 2: differs" not in out


def test_a_round_robin_file_is_paired_by_the_berger_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """C.05 Annex 1: five players use the 6-table; round 2 is 6-4 (bye for 4), 5-3, 1-2."""
    rows = {1: "     6 w 1", 2: "     5 w =", 3: "     4 w 0", 4: "     3 b 1", 5: "     2 b ="}
    players = "\n".join(
        f"001 {t:4d}      Player {t:<26} {2000 - t:4d}                             0.0 {t:4d}"
        + ("" if t == 1 else "  " + rows[t].strip().rjust(8))
        for t in range(1, 6)
    )
    # Player 1 met the dummy in round 1: a blank round.
    trf = tmp_path / "rr.trf"
    trf.write_text(f"012 Club\n192 FIDE_ROUNDROBIN\nXXR 5\n{players}\n")
    assert main(["pair", str(trf), "-p", "-"]) == 0
    assert capsys.readouterr().out.splitlines() == ["3", "5 3", "1 2", "4 0"]


def test_a_missing_file_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["pair", str(tmp_path / "nope.trf"), "-c"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_round_entries_of_the_round_to_pair_become_bye_requests() -> None:
    from arbiter_app.core.pairing.recorded import next_round

    case, _, _ = _tournament(2, 4)
    rows = dict(case.event.entries)
    tpn = case.event.players[0].tpn
    rows[tpn] = (*case.event.entries_of(tpn, 3), RoundEntry(EntryKind.HALF_BYE))
    event, rnd = next_round(case.event.with_entries(rows))
    assert rnd == 4 and event.rounds_played == 3
    assert any(
        r.tpn == tpn and r.round == 4 and r.kind is EntryKind.HALF_BYE for r in event.bye_requests
    )


def _stored_event(tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str = "") -> Path:
    path = tmp_path / "club.arbiter"
    extra = ["--preset", preset] if preset else []
    assert (
        main(["new", str(path), "--name", "Club", "--system", "swiss", "--rounds", "4", *extra])
        == 0
    )
    for i, rating in enumerate((2200, 2100, 2000, 1900, 1800)):
        assert (
            main(["player", "add", str(path), "--name", f"P{i + 1}", "--rating", str(rating)]) == 0
        )
    capsys.readouterr()
    return path


def test_a_stored_event_is_paired_and_recorded_round_after_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbiter_app.session import Session

    path = _stored_event(tmp_path, capsys)
    # Round 1 without a colour: it is drawn by lot (C.04.3 article 5.2.5); taken back here
    # to pair with the colour drawn at the venue instead.
    assert main(["pair", str(path)]) == 0
    assert "colour drawn by lot" in capsys.readouterr().out
    assert main(["undo", str(path)]) == 0
    out = tmp_path / "r1.txt"
    assert main(["pair", str(path), "--initial-colour", "white", "-p", str(out)]) == 0
    assert out.read_text().splitlines() == ["3", "1 3", "4 2", "5 0"]
    with Session.open(path, readonly=True) as session:
        boards = [(b.white, b.black) for b in session.boards(1)]
        assert boards == [(1, 3), (4, 2)]
        assert session.event.entry(5, 1).kind is EntryKind.PAIRING_BYE
        assert session.log()[-1].entry.command == "record_pairings"
    # Round 2 waits for every result of round 1.
    assert main(["result", str(path), "--round", "1", "--board", "1", "1-0"]) == 0
    assert main(["pair", str(path)]) == 2
    assert "board" in capsys.readouterr().err
    assert main(["result", str(path), "--round", "1", "--board", "2", "0-1"]) == 0
    capsys.readouterr()
    assert main(["pair", str(path)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("round 2: 2 boards")
    with Session.open(path, readonly=True) as session:
        event = session.event
        pairs = {frozenset((b.white, b.black)) for b in session.boards(2)}
    # 5 had the bye in round 1 and may not have it again (C.04.1 d).
    assert len(pairs) == 2 and 5 in {t for p in pairs for t in p}
    assert event.entry(5, 1).kind is EntryKind.PAIRING_BYE


def test_a_stored_event_uses_its_bye_policy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The uscf preset sets US Chess 28L: the bye goes to the lowest rated (5), as FIDE would;
    with player 5 unrated, 28L refuses an unrated player in round one and picks 4."""
    from arbiter_app.session import Session

    path = _stored_event(tmp_path, capsys, preset="uscf")
    with Session.open(path) as session:
        assert session.settings.bye_policy == "uscf-28l"
        session.run(EditPlayer(tpn=5, rating=None))
    assert main(["pair", str(path), "--initial-colour", "black", "-p", "-"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "4 0"


def test_a_tournament_file_draws_round_one_s_colour_and_says_what_was_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.arbiter"
    assert main(["new", str(path), "--name", "Club", "--system", "swiss", "--rounds", "3"]) == 0
    for name in ("Ada", "Bea", "Cy", "Dov"):
        assert main(["player", "add", str(path), "--name", name, "--rating", "2000"]) == 0
    capsys.readouterr()
    assert main(["pair", str(path)]) == 0
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert first.startswith("colour drawn by lot for the top-ranked player in round 1: ")
    assert "(seed " in first and "FIDE C.04.3 article 5.2.5" in first
    assert "round 1: 2 boards" in out


def test_the_own_engine_pairs_a_real_file_as_gacrux(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--engine own``: Arbiter's Dutch engine; the next round of bbpPairings' file, as gacrux."""
    source = Path(__file__).resolve().parent.parent / "data" / "trf" / "real" / "bbp-issue-7.trf"
    assert main(["pair", str(source), "-p", "-"]) == 0
    reference = capsys.readouterr().out
    assert main(["pair", str(source), "-p", "-", "--engine", "own"]) == 0
    assert capsys.readouterr().out == reference
    assert main(["pair", str(source), "-c", "--engine", "own"]) == 0
    assert "all 14 rounds agree" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["pair", str(source), "-p", "-", "--engine", "javafo"])


def test_a_round_without_a_legal_pairing_names_the_command_that_pairs_it_by_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FIDE C.04.3 article 1.9.3 leaves the round to the chief arbiter: the refusal says
    why and how to pair it by hand (the window offers "Pair by hand…" instead)."""
    path = tmp_path / "club.arbiter"
    everybody_met(path).close()
    assert main(["pair", str(path)]) == 2
    err = capsys.readouterr().err
    assert "round 4 cannot be paired by the Dutch system" in err
    assert "C.04.3 article 1.9.3: the chief arbiter decides" in err
    assert (
        f"Pair round 4 by hand: arbiter-app pairing set {path} --round 4 --pairs W-B,W-B,… "
        "[--bye N]"
    ) in err
    # The command named pairs the round once its questions are answered.
    pairs = ["pairing", "set", str(path), "--round", "4", "--pairs", "1-3,2-4"]
    assert main(pairs) == 2
    assert "already played each other" in capsys.readouterr().err
    assert main([*pairs, "--confirm=keep-hand-pairing"]) == 0
    assert "report log: ### MPA @ Round 4: no legal pairing => 1-3 2-4" in capsys.readouterr().out
