"""Games whose result is not known in a TRF file (FIDE C.02, the checklist's questions
164-166): ``?`` (TRF-26 record 162's ``X``, "unknown result, e.g. adjourned game"; the
mark FIDE's pairing commission recommends) and codes TRF-26 does not define are read as a
game paired without a result; the writer marks such a game ``?`` and says ``X`` in 162."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.model import EntryKind
from arbiter_app.core.trf import parse_trf, write_trf
from arbiter_app.core.trf.document import UnknownResult
from arbiter_app.core.trf.records import cell_start
from tests.core.trf.tec import TEC_TRF

BASE = TEC_TRF.read_text(encoding="utf-8")
LINES = BASE.splitlines()
HEADER = next(i for i, line in enumerate(LINES) if line.startswith("001"))


def _line(tpn: int) -> int:
    return HEADER + tpn


def _with_codes(codes: dict[int, str], round_no: int = 5) -> str:
    """The TEC file with the result code of *round_no* replaced, by player."""
    lines = list(LINES)
    col = cell_start(round_no) + 9
    for tpn, code in codes.items():
        text = lines[_line(tpn) - 1]
        lines[_line(tpn) - 1] = text[:col] + code + text[col + 1 :]
    return "\n".join(lines) + "\n"


def test_a_game_marked_with_a_question_mark_is_paired_without_a_result() -> None:
    """Q165's mark read back: round 5, Alyx (1, White) v David (4), written ``?`` on both
    records; the points column, which counts 162's X (a draw's points by default), agrees."""
    before = parse_trf(BASE).event.scores()
    doc = parse_trf(_with_codes({1: "?", 4: "?"}), "adj.trf")
    assert doc.unknown_results == (UnknownResult(5, 1, 4, ("?", "?"), _line(1)),)
    assert doc.unknown_results[0].adjourned
    assert doc.warnings == ()
    event = doc.event
    assert event.entry(1, 5).kind is EntryKind.NOT_PAIRED
    assert event.entry(4, 5).kind is EntryKind.NOT_PAIRED
    # No provisional score (checklist Q167): the game counts nothing until it is known.
    scores = event.scores()
    assert (scores[1], scores[4]) == (before[1] - Fraction(1, 2), before[4] - Fraction(1, 2))
    assert scores[2] == before[2]


def test_an_unknown_code_is_read_as_a_result_not_known_and_named() -> None:
    """Checklist Q166: ``Q`` on Alyx's record (``=`` on David's) is no TRF code: the game is
    read as paired without a result, and a warning names the player, the round and the code
    where it stands."""
    doc = parse_trf(_with_codes({1: "Q"}), "odd.trf")
    (game,) = doc.unknown_results
    assert (game.round, game.white, game.black, game.codes) == (5, 1, 4, ("Q", "="))
    assert game.odd_codes == ("Q",) and not game.adjourned
    (warning,) = [w for w in doc.warnings if "not a TRF-26 code" in w.message]
    assert (warning.line, warning.column) == (_line(1), 139)
    assert warning.message.startswith(
        "player 1, round 5: the result code 'Q' against player 4 is not a TRF-26 code; read "
        "as a result not known"
    )
    assert "checklist question 166" in warning.message
    assert doc.event.entry(4, 5).kind is EntryKind.NOT_PAIRED


def test_written_back_with_a_question_mark_and_record_162s_x() -> None:
    """Checklist Q164-165: both records write ``?``, record 162 says X at a draw's points,
    the points column counts them; read again, the same game is not known."""
    doc = parse_trf(_with_codes({1: "Q"}), "odd.trf")
    text = write_trf(doc)
    lines = text.splitlines()
    assert "162  W 1.0    D 0.5    L 0.0    A 0.0    X 0.5" in lines
    alyx = next(line for line in lines if line.startswith("001    1 "))
    david = next(line for line in lines if line.startswith("001    4 "))
    assert alyx.endswith("     4 w ?") and david.endswith("     1 b ?")
    assert alyx[80:84] == " 3.5"  # 3 points played and X's 0.5
    again = parse_trf(text, "again.trf")
    assert again.unknown_results == (UnknownResult(5, 1, 4, ("?", "?"), _line(1) + 0),)
    assert again.warnings == ()
    assert again.event.scores() == doc.event.scores()


def test_fides_reference_reader_takes_the_question_mark() -> None:
    """gacrux, FIDE's reference reader, reads the file written: the game is an adjourned
    game to it too, worth 162's X (a draw's points) in its score."""
    trf2json = pytest.importorskip("gacrux.trf2json").trf2json
    text = write_trf(parse_trf(_with_codes({1: "?", 4: "?"})))
    reader = trf2json()
    reader.parse_file(text, False)
    assert reader.get_status() == 0, reader.chessjson.get("status")
    tournament = reader.get_tournament(1)
    (game,) = [
        g
        for g in tournament["gameList"]
        if g["round"] == 5 and g["white"]["cid"] == 1 and (g.get("black") or {}).get("cid") == 4
    ]
    # gacrux's "A" is record 162's X: the adjourned game's result, the same on both sides.
    assert (game["white"]["result"], game["black"]["result"]) == ("A", "A")
    assert game["rated"] is False


@pytest.mark.parametrize(
    ("cell", "said"),
    [
        ("  0000 - ?", "a result not known ('?') is a game's: it needs an opponent"),
        ("  0000 - Q", "unknown result code 'Q'"),
        ("     3 w ?", "does not name player 1 in that round"),
    ],
    ids=["question-mark-without-opponent", "odd-code-without-opponent", "opponent-disagrees"],
)
def test_what_cannot_be_a_game_not_known_is_refused(cell: str, said: str) -> None:
    """A malformed round stays refused: a ``?`` or an undefined code with no opponent, or
    a ``?`` whose opponent's record names someone else."""
    lines = list(LINES)
    start = cell_start(5)
    text = lines[_line(1) - 1]
    lines[_line(1) - 1] = text[:start] + cell + text[start + 10 :]
    with pytest.raises(InputError) as refused:
        parse_trf("\n".join(lines) + "\n", "bad.trf")
    assert any(said in issue.message for issue in refused.value.issues), refused.value.issues


def _record(tpn: int, name: str, points: str, *cells: str) -> str:
    head = f"001 {tpn:>4}      {name:<33} 2000{'':28}{points:>4}    1"
    return head.ljust(cell_start(1))[: cell_start(1)] + "".join(cells)


def test_a_round_of_games_not_known_is_a_round_paired() -> None:
    """Round 2 has no result yet on any board: it is still a round paired (its ``?`` says
    so), so E's ``0000 - H`` there is the half-point bye E had, not a request for the
    round to pair (the engines' convention for the cells after the last round paired);
    written back, the file says the same without any record of Arbiter's own."""
    text = "\n".join(
        [
            "012 Club",
            "142 3",
            _record(1, "A", "1.5", "     2 w 1", "     3 w ?"),
            _record(2, "B", "0.5", "     1 b 0", "     4 b ?"),
            _record(3, "C", "1.5", "     4 w 1", "     1 b ?"),
            _record(4, "D", "0.5", "     3 b 0", "     2 w ?"),
            _record(5, "E", "1.5", "  0000 - U", "  0000 - H"),
        ]
    )
    doc = parse_trf(text + "\n", "club.trf")
    assert [(g.round, g.white, g.black) for g in doc.unknown_results] == [(2, 1, 3), (2, 4, 2)]
    assert doc.event.bye_requests == ()
    assert doc.event.entry(5, 2).kind is EntryKind.HALF_BYE
    assert doc.warnings == ()
    written = write_trf(doc)
    assert "ARB" not in written
    again = parse_trf(written, "again.trf")
    assert [(g.round, g.white, g.black) for g in again.unknown_results] == [(2, 1, 3), (2, 4, 2)]
    assert again.event.entry(5, 2).kind is EntryKind.HALF_BYE
