"""PGN of the play-off games through python-chess, and reading results back."""

from __future__ import annotations

import io
from datetime import date

import chess.pgn
import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.exports.pgn import PlayoffGame, games_to_pgn, read_pgn_results
from tests.exports.golden import check_golden

DAY = date(2023, 5, 12)
GAMES = [
    PlayoffGame(
        "GCT Rapid & Blitz play-off",
        "Warsaw",
        DAY,
        "1.1",
        "Přemysl Ďuriš",
        "李明",
        "1/2-1/2",
        "600+5",
        moves=("e4", "c5", "Nf3", "d6"),
    ),
    PlayoffGame(
        "GCT Rapid & Blitz play-off",
        "Warsaw",
        DAY,
        "1.2",
        "李明",
        "Přemysl Ďuriš",
        "1/2-1/2",
        "600+5",
    ),
    PlayoffGame(
        "GCT Rapid & Blitz play-off",
        "Warsaw",
        DAY,
        "2.1",
        "Иван Петров",
        "Přemysl Ďuriš",
        "1/2-1/2",
        "W300+2@61-B240+2@61",
        armageddon=True,
        stage="places 1-3: Armageddon knockout round 1",
    ),
]


def test_pgn_golden() -> None:
    check_golden("playoff.pgn", games_to_pgn(GAMES))


def test_seven_tag_roster_time_control_and_armageddon_mark() -> None:
    game = chess.pgn.read_game(io.StringIO(games_to_pgn(GAMES[2:])))
    assert game is not None
    h = game.headers
    assert (h["Event"], h["Site"], h["Date"], h["Round"]) == (
        "GCT Rapid & Blitz play-off",
        "Warsaw",
        "2023.05.12",
        "2.1",
    )
    assert (h["White"], h["Black"], h["Result"]) == ("Иван Петров", "Přemysl Ďuriš", "1/2-1/2")
    assert h["TimeControl"] == "W300+2@61-B240+2@61"
    assert "Armageddon" in h
    assert "Black goes through" in game.comment


def test_armageddon_draw_goes_to_black() -> None:
    assert GAMES[2].winner == "Přemysl Ďuriš"
    assert GAMES[0].winner is None


def test_round_trip() -> None:
    back = read_pgn_results(games_to_pgn(GAMES))
    assert back == GAMES


def test_illegal_move_is_refused_on_export() -> None:
    bad = PlayoffGame("E", "S", DAY, "1", "A", "B", "1-0", moves=("e4", "Ke7"))
    with pytest.raises(ValueError, match="move 2 'Ke7'"):
        games_to_pgn([bad])


def test_import_collects_every_problem_with_its_line() -> None:
    text = (
        '[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n'
        '[Event "x"]\n[White "?"]\n[Black "B"]\n[Result "*"]\n\n1. e4 *\n\n'
        '[Event "x"]\n[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. e4 Ke7 0-1\n'
    )
    with pytest.raises(InputError) as err:
        read_pgn_results(text, source="playoff.pgn")
    messages = [str(i) for i in err.value.issues]
    assert any(m.startswith("playoff.pgn:8: game 2: no White") for m in messages)
    assert any(m.startswith("playoff.pgn:8: game 2: result '*'") for m in messages)
    assert any(m.startswith("playoff.pgn:15: game 3:") and "Ke7" in m for m in messages)
    assert len(messages) == 3


def test_empty_file() -> None:
    with pytest.raises(InputError, match="no games"):
        read_pgn_results("")
