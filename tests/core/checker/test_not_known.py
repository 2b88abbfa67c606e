"""The checker reads a file with a game whose result is not known (a ``?``, TRF-26 record
162's ``X``, worth a draw's points by default): the game is paired in its round and a draw
in the scores, so the file's pairings and its ranks (which count X) are checked without
false findings."""

from __future__ import annotations

from arbiter_app.core.checker import check_document
from arbiter_app.core.trf import parse_trf
from tests.core.trf.test_unknown_results import _with_codes


def test_a_game_not_known_is_checked_as_a_draw() -> None:
    report = check_document(parse_trf(_with_codes({1: "?", 4: "?"}), "adj.trf"))
    assert report.findings == ()
    assert (
        "1 game whose result is not known (round 5: 1-4) checked as a draw: TRF-26 record "
        "162's X (an unknown result) is worth a draw's points unless the file says otherwise"
    ) in report.notes


def test_a_game_not_known_in_an_earlier_round_pairs_the_next_rounds_as_a_draw() -> None:
    """Round 3's Alyx v Bruno was a draw in the TEC file: written ``?``, rounds 4 and 5 are
    still the rounds the Dutch system pairs from those scores."""
    report = check_document(parse_trf(_with_codes({1: "?", 2: "?"}, round_no=3), "r3.trf"))
    assert report.findings == ()
