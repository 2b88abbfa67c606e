"""FIDE's Double-Swiss System (Handbook C.04.5, applied from 1 February 2026).

Each expected pairing below was worked out by hand from the articles cited in the
comments; the engine is only asked to agree.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from arbiter_app.core.model import ByeRequest, Colour, EntryKind, Event, EventInfo, Player, System
from arbiter_app.core.pairing import SwissOptions, append_round, pair_round
from arbiter_app.core.pairing.double_swiss_fide import (
    Contender,
    allocate_colours,
    contender,
    match_is_forfeited,
    pair_match,
)
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf.system import CODES_192, pairing_code, system_from_code

W, D, B = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
WHITE_FIRST = SwissOptions(initial_colour=Colour.WHITE)


def _event(n: int, matches: int = 5) -> Event:
    players = tuple(Player(t, f"P{t}", 2500 - 10 * t) for t in range(1, n + 1))
    return Event(
        info=EventInfo(name="FIDE Double-Swiss"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=2 * matches,
        players=players,
        entries={t: () for t in range(1, n + 1)},
    )


def _boards(event: Event) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pair_round(event, options=WHITE_FIRST).boards]


def test_ten_players_rounds_one_and_two_by_hand() -> None:
    event = _event(10)
    # Round 1: one bracket of ten (1.3), the first pairing identifier (3.6.2): tops 1-5,
    # each against the bottom in the same place, 1-6 … 5-10. Colours 4.3.1: the HRP has
    # the initial-colour (White) with an odd TPN, Black with an even one.
    first = pair_round(event, options=WHITE_FIRST)
    assert [(b.white, b.black) for b in first.boards] == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert first.games_per_round == 2 and first.entry_rounds() == (1, 2)
    # Results game by game (game 2 has the colours reversed, 4.4):
    # 1-6 1-0 ½-½ (1½-½); 7-2 ½-½ ½-½ (1-1); 3-8 0-1 0-1, i.e. 8 wins game 1 and 3 game 2
    # (1-1); 9-4 ½-½ 1-0 with 4 White in game 2 (4 scores 1½); 5-10 1-0 then 10 wins (1-1).
    event = append_round(event, first, {1: (W, D), 2: (D, D), 3: (B, B), 4: (D, W), 5: (W, W)})
    assert event.score(1) == event.score(4) == Fraction(3, 2)
    assert event.score(6) == event.score(9) == Fraction(1, 2)
    # Round 2, no PAB (ten players). Scoregroup 1½ = {1, 4}: paired alone, 1-4 (3.5: no
    # upfloater needed, [C4]). Scoregroup 1 = {2, 3, 5, 7, 8, 10}: its first identifier
    # 2-7, 3-8, 5-10 repeats all three matches of round 1 ([C1]); tops 2, 3, 5 stay, 2's
    # first legal bottom is 8, then 3-7 would leave 5-10, so 3-10 and 5-7. Scoregroup ½:
    # 6-9. Colours: 1 (W) v 4 (B): 4.3.2, 4 had White fewer times, White. 2 (B) v 8 (B):
    # 4.3.4, the HRP 2 alternates to White. 3 (W) v 10 (B): 4.3.2, 10 White. 5 (W) v 7
    # (W): 4.3.4, the HRP 5 alternates to Black. 6 (B) v 9 (W): 4.3.2, 6 White. Boards by
    # the HRP's score, then TPN.
    second = pair_round(event, options=WHITE_FIRST)
    assert [(b.white, b.black) for b in second.boards] == [
        (4, 1),
        (2, 8),
        (10, 3),
        (7, 5),
        (6, 9),
    ]
    assert second.notes == (
        "board 1: colours by article 4.3.2",
        "board 2: colours by article 4.3.4",
        "board 3: colours by article 4.3.2",
        "board 4: colours by article 4.3.4",
        "board 5: colours by article 4.3.2",
    )


def test_thirty_one_players_rounds_one_and_two_by_hand() -> None:
    event = _event(31, matches=7)
    first = pair_round(event, options=WHITE_FIRST)
    # Round 1: 3.4, the PAB to the largest TPN, 31 (all score 0, no match played). Then
    # 1-16 … 15-30; 4.3.1 gives odd HRPs White and even HRPs Black.
    assert first.pairing_bye is not None and first.pairing_bye.tpn == 31
    expected = [(i, i + 15) if i % 2 else (i + 15, i) for i in range(1, 16)]
    assert [(b.white, b.black) for b in first.boards] == expected
    # Every HRP wins 2-0: 1-15 have 2 points, 16-30 none; the PAB scores 1½ (1.4).
    results = {b.number: ((W, B) if b.white < b.black else (B, W)) for b in first.boards}
    event = append_round(event, first, results)
    assert event.score(1) == 2 and event.score(16) == 0 and event.score(31) == Fraction(3, 2)
    assert event.entry(31, 1).kind is event.entry(31, 2).kind is EntryKind.PAIRING_BYE
    second = pair_round(event, options=WHITE_FIRST)
    # Round 2: PAB first (3.3.2). 31 had it ([C2] 2.1.2); the lowest score is 0, everyone
    # played one match, so the largest TPN: 30 (3.4.2-3.4.4), and 16-29 can be paired.
    assert second.pairing_bye is not None and second.pairing_bye.tpn == 30
    # Scoregroup 2 = 1-15, odd: one upfloater ([C4]) of the highest score ([C5]): 31
    # (1½). Bracket 1-15 and 31 in TPN order: 1-9, 2-10, …, 7-15, 8-31; 31 was no floater
    # (a PAB is no match) so [C8] is met; the 1½ scoregroup is now empty ([C6] void).
    # Colours: 1 (W) v 9 (W): 4.3.4, HRP 1 to Black; 2 (B) v 10 (B): 2 White; and so on;
    # 8 (B) v 31 (no colour): 4.3.4, HRP 8 to White. Then scoregroup 0 = 16-29: 16-23 …
    # 22-29, and 4.3.2 gives White to whichever had Black in round 1.
    top = [(9, 1), (2, 10), (11, 3), (4, 12), (13, 5), (6, 14), (15, 7), (8, 31)]
    bottom = [(16, 23), (24, 17), (18, 25), (26, 19), (20, 27), (28, 21), (22, 29)]
    assert [(b.white, b.black) for b in second.boards] == top + bottom
    assert second.notes[0] == (
        "The 2-point scoregroup is paired with 1 upfloater: 31 P31 (1½) (FIDE C.04.5 article 3.5)."
    )


def test_the_pab_scores_a_game_won_and_a_game_drawn() -> None:
    event = _event(3, matches=2)
    first = pair_round(event, options=WHITE_FIRST)
    assert first.pairing_bye is not None and first.pairing_bye.tpn == 3
    event = append_round(event, first, {1: (W, W)})
    # 1.4: 1 for game 1 and ½ for game 2 of the match.
    assert event.round_points(3, 1) == 1 and event.round_points(3, 2) == Fraction(1, 2)
    assert event.score(3) == Fraction(3, 2)
    # Round 2: 3 is barred by [C2]; 1 and 2 both have 1 point and one match, so the
    # largest TPN, 2, has the PAB; 1 and 3 meet.
    second = pair_round(event, options=WHITE_FIRST)
    assert second.pairing_bye is not None and second.pairing_bye.tpn == 2
    assert [(b.white, b.black) for b in second.boards] in ([(1, 3)], [(3, 1)])


def test_a_match_forfeited_in_both_games_may_be_repeated() -> None:
    event = _event(4, matches=3)
    first = pair_round(event, options=WHITE_FIRST)
    assert _pairs(first.boards) == [(1, 3), (2, 4)]
    # Board 1: 3 forfeits both games (Preface: the match ends by forfeit). Board 2: 4
    # forfeits game 1 only, then loses game 2 at the board: a match played.
    event = append_round(
        event,
        first,
        {1: (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN), 2: (B, W)},
    )
    assert match_is_forfeited(event, 1, 1) and not match_is_forfeited(event, 2, 1)
    # [C1] (2.1.1) only counts matches played: 1 may meet 3 again, 2 may not meet 4; and
    # 1 won a match by forfeit, which bars the PAB ([C2] 2.1.2).
    scores = event.scores()
    one, two = contender(event, 1, 2, scores), contender(event, 2, 2, scores)
    assert 3 not in one.met and one.barred and one.matches == 0
    assert 4 in two.met and not two.barred and two.matches == 1
    # Scores: 1 and 2 have 2, 3 and 4 none. 1-2 and 3-4 are legal (1-3 may repeat, but
    # the first identifier needs no repeat).
    assert _pairs(pair_round(event, options=WHITE_FIRST).boards) == [(1, 2), (3, 4)]


def _pairs(boards: object) -> list[tuple[int, int]]:
    return sorted(tuple(sorted((b.white, b.black))) for b in boards)  # type: ignore[attr-defined]


def _player(
    tpn: int, score: str, colours: str = "", met: tuple[int, ...] = (), floated: bool = False
) -> Contender:
    seq = tuple(Colour.WHITE if c == "W" else Colour.BLACK for c in colours)
    return Contender(tpn, Fraction(score), len(seq), seq, frozenset(met), False, floated)


def test_colour_rules_of_article_4_3_in_order() -> None:
    # 4.3.1: neither has played; the HRP (higher score, then smaller TPN, 4.2) of even TPN
    # gets the colour opposite to the initial-colour.
    assert allocate_colours(_player(2, "0"), _player(5, "0"), Colour.WHITE) == (5, 2, "4.3.1")
    # 4.3.2: fewer Whites has White, whatever the rank.
    assert allocate_colours(_player(1, "3", "WW"), _player(4, "2", "BW"), Colour.WHITE) == (
        4,
        1,
        "4.3.2",
    )
    # 4.3.3: the latest difference, back from the last match: there the HRP had Black.
    assert allocate_colours(_player(1, "3", "WBW"), _player(2, "3", "BWW"), Colour.WHITE) == (
        1,
        2,
        "4.3.3",
    )
    # 4.3.4: the same histories: the HRP alternates.
    assert allocate_colours(_player(3, "1", "BW"), _player(2, "1", "BW"), Colour.WHITE) == (
        3,
        2,
        "4.3.4",
    )
    # 4.3.5: the HRP has no colour (a PAB only): the opponent alternates.
    assert allocate_colours(_player(1, "2"), _player(2, "1", "B"), Colour.WHITE) == (2, 1, "4.3.5")


def test_c8_prefers_an_upfloater_opponent_who_did_not_float() -> None:
    # Scoregroup 2: 1, 2, 3 (odd); 4 (1 point) upfloats ([C4], [C5]). The first identifier
    # 1-3, 2-4 gives the upfloater 4 an opponent (2) who floated in the previous round;
    # [C8] (2.3.5) asks for the fewest such: 1-4 (1 did not float), 2-3.
    field = {
        1: _player(1, "2", "W"),
        2: _player(2, "2", "B", floated=True),
        3: _player(3, "2", "W"),
        4: _player(4, "1", "B"),
    }
    paired = pair_match(field, Colour.WHITE)
    assert sorted(tuple(sorted(p)) for p in paired.brackets[0].pairs) == [(1, 4), (2, 3)]
    assert paired.brackets[0].upfloaters == (4,)
    # In the last round [C8] no longer applies: the first identifier stands.
    last = pair_match(field, Colour.WHITE, last=True)
    assert sorted(tuple(sorted(p)) for p in last.brackets[0].pairs) == [(1, 3), (2, 4)]


def test_trf_192_names_the_two_double_swiss_systems_apart() -> None:
    assert CODES_192[System.FIDE_DOUBLE_SWISS] == "FIDE_DOUBLESWISS"
    assert CODES_192[System.DOUBLE_SWISS] == "CUSTOM_DOUBLESWISS"
    assert system_from_code("FIDE_DOUBLESWISS") is System.FIDE_DOUBLE_SWISS
    assert system_from_code("CUSTOM_DOUBLESWISS") is System.DOUBLE_SWISS
    assert pairing_code(System.DOUBLE_SWISS, baku=True) == "CUSTOM_DOUBLESWISS"
    assert System.FIDE_DOUBLE_SWISS.games_per_round == 2


def test_no_acceleration_for_fide_s_double_swiss() -> None:
    from arbiter_app.core.pairing.baku import baku_refusal

    reason = baku_refusal(_event(4))
    assert reason is not None and "C.04.5" in reason
    assert baku_refusal(replace(_event(4), system=System.DOUBLE_SWISS)) is None


def test_the_pairings_checker_makes_the_matches_again_by_c_04_5() -> None:
    from arbiter_app.core.checker.pairings import check_swiss

    event = _event(5, matches=3)
    first = pair_round(event, options=WHITE_FIRST)
    event = append_round(event, first, {1: (W, D), 2: (D, B)})
    second = pair_round(event, options=WHITE_FIRST)
    event = append_round(event, second, {1: (D, D), 2: (W, W)})
    findings, notes = check_swiss(event, Colour.WHITE)
    assert findings == [] and "FIDE Double-Swiss System (C.04.5)" in notes[0]
    # A file whose round 2 swaps two opponents is not C.04.5's pairing.
    swapped = event.truncated(2)
    moved = second.boards[0]
    wrong = replace(second, boards=(replace(moved, white=moved.black, black=moved.white),))
    wrong = replace(wrong, boards=wrong.boards + second.boards[1:])
    swapped = append_round(swapped, wrong, {1: (D, D), 2: (W, W)})
    findings, _ = check_swiss(swapped, Colour.WHITE)
    assert findings


def test_a_single_forfeited_game_of_a_played_match_counts_as_played_in_tie_breaks() -> None:
    from arbiter_app.core.standings import compute_standings

    event = _event(4, matches=2)
    first = pair_round(event, options=WHITE_FIRST)
    # Board 1 (1-3): 3 does not appear for game 1, then draws game 2: the match counts as
    # played (Preface). Board 2 (4-2, 4.3.1): 2 wins both games at the board.
    event = append_round(event, first, {1: (GameResult.WHITE_FORFEIT_WIN, D), 2: (B, W)})
    assert event.entry(1, 1).kind is EntryKind.FORFEIT_WIN
    rows = {r.tpn: r for r in compute_standings(event, ["WON"]).rows}
    # WON counts games won over the board (C.07 7.2): 1's forfeit win counts as one.
    assert rows[1].values["WON"] == 1 and rows[2].values["WON"] == 2
    assert rows[1].points == Fraction(3, 2)
    # The club's double Swiss keeps the forfeit unplayed.
    club = compute_standings(replace(event, system=System.DOUBLE_SWISS), ["WON"])
    assert {r.tpn: r.values["WON"] for r in club.rows}[1] == 0


def test_a_requested_bye_is_for_the_whole_match() -> None:
    """C.04.5 Preface: byes apply only to matches. A request naming game 3 is for match 2."""
    event = _event(5, matches=3)
    first = pair_round(event, options=WHITE_FIRST)
    event = append_round(event, first, {1: (W, W), 2: (D, D)})
    event = replace(event, bye_requests=(ByeRequest(2, 3, EntryKind.HALF_BYE),))
    second = pair_round(event, options=WHITE_FIRST)
    bye = second.bye_of(2)
    assert bye is not None and bye.kind is EntryKind.HALF_BYE
    assert second.pairing_bye is None and len(second.boards) == 2
    event = append_round(event, second, {1: (D, D), 2: (D, D)})
    # A half-point bye over the match: ½ for each of its games.
    assert event.round_points(2, 3) == event.round_points(2, 4) == Fraction(1, 2)


def test_c8_is_met_when_the_top_half_cannot_be_the_tops() -> None:
    """Found by the comparison with gacrux (seed 219, match 4 of its campaign).

    Scoregroup 3 = 6, 12, 14, 15; 6 has met 12, 14 and 15, so it needs an upfloater, and
    with [C4] parity two: 2 and 8 (2½). Bracket 2, 6, 8, 12, 14, 15. The top half 2, 6, 8
    cannot all be tops (6's only opponents are 2 and 8). 12 and 14 floated in the previous
    round, so an upfloater against either is a [C8] failure (2.3.5). 6-2 leaves 8 against
    12 or 14 (one failure); 6-8 leaves 2-15 and 12-14 (none): that pairing (3.6.4).
    """
    field = {
        2: _player(2, "5/2", "W", met=(9, 10, 13), floated=True),
        6: _player(6, "3", "B", met=(12, 14, 15)),
        8: _player(8, "5/2", "W", met=(1, 15, 16)),
        12: _player(12, "3", "B", met=(3, 4, 6), floated=True),
        14: _player(14, "3", "W", met=(4, 6, 10), floated=True),
        15: _player(15, "3", "B", met=(6, 7, 8)),
    }
    paired = pair_match(field, Colour.WHITE)
    assert paired.brackets[0].upfloaters == (2, 8)
    assert sorted(tuple(sorted(p)) for p in paired.brackets[0].pairs) == [(2, 15), (6, 8), (12, 14)]


def test_sets_of_upfloaters_in_the_order_of_article_3_5_4() -> None:
    """C.04.5 article 3.5.4's example (in the same words as the Swiss Team text's, C.04.6):
    2, 6, 8 with 3 points and 1, 3, 5 with 2½, sets of two upfloaters of 3 points and one
    of 2½, each sorted by 3.5.3 (score, then TPN), in lexicographic order. The example
    reached through a whole pairing: ``test_double_swiss_fide_handbook.py``."""
    from arbiter_app.core.pairing.double_swiss_fide import _Round

    field = {t: _player(t, "3" if t in (2, 6, 8) else "5/2") for t in (1, 2, 3, 5, 6, 8)}
    state = _Round(field, (), last=False)
    sets = list(state._sets([1, 2, 3, 5, 6, 8], (Fraction(3), Fraction(3), Fraction(5, 2))))
    assert sets == [
        [2, 6, 1], [2, 6, 3], [2, 6, 5],
        [2, 8, 1], [2, 8, 3], [2, 8, 5],
        [6, 8, 1], [6, 8, 3], [6, 8, 5],
    ]  # fmt: skip
    # [C5] (2.3.2): of three upfloaters, two of 3 and one of 2½ come before one of 3 and
    # two of 2½ (the scores, taken in ascending order, are higher).
    profiles = state._profiles([1, 2, 3, 5, 6, 8], 3)
    assert profiles[:2] == [
        (Fraction(3), Fraction(3), Fraction(3)),
        (Fraction(3), Fraction(3), Fraction(5, 2)),
    ]
