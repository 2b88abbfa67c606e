"""FIDE's Double-Swiss System (Handbook C.04.5): the text's worked examples, then its
articles one by one on small constructed cases.

C.04.5 gives two worked examples, both in Article 3: the order of the sets of upfloaters
(3.5.4) and the identifier of a pairing (3.6.2). Each is turned here into a position the
engine must pair the way the example reads. The other articles have no example of their
own; each is checked on the smallest case in which it decides the pairing, worked out by
hand from the article cited.
"""

from __future__ import annotations

from fractions import Fraction

from arbiter_app.core.model import Colour, EntryKind, Event, EventInfo, Player, System
from arbiter_app.core.pairing import SwissOptions, append_round, pair_round
from arbiter_app.core.pairing.double_swiss_fide import (
    Contender,
    MatchPairing,
    contender,
    match_is_forfeited,
    pair_match,
)
from arbiter_app.core.result import GameResult

W, D, B = GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS
WHITE_FIRST = SwissOptions(initial_colour=Colour.WHITE)


def _player(
    tpn: int,
    score: str,
    *,
    met: tuple[int, ...] = (),
    matches: int = 1,
    floated: bool = False,
    barred: bool = False,
) -> Contender:
    return Contender(tpn, Fraction(score), matches, (), frozenset(met), barred, floated)


def _field(*players: Contender) -> dict[int, Contender]:
    """The players, each one's *met* made mutual (C.04.1 article 2 works both ways)."""
    met = {p.tpn: set(p.met) for p in players}
    for p in players:
        for other in p.met:
            met[other].add(p.tpn)
    return {
        p.tpn: Contender(
            p.tpn, p.score, p.matches, p.colours, frozenset(met[p.tpn]), p.barred, p.floated
        )
        for p in players
    }


def _four_players(name: str, rounds: int) -> Event:
    """A new FIDE Double-Swiss of four players, rated in pairing-number order."""
    return Event(
        info=EventInfo(name=name),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=rounds,
        players=tuple(Player(t, f"P{t}", 2400 - t) for t in range(1, 5)),
        entries={t: () for t in range(1, 5)},
    )


def _identifier(pairs: tuple[tuple[int, int], ...]) -> list[int]:
    """Article 3.6.2: the top members (the smaller TPN of each pair) in ascending order,
    then the bottom member of each of those pairs in the same order."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return [top for top, _ in ordered] + [bottom for _, bottom in ordered]


def _pairs(paired: MatchPairing) -> list[tuple[int, int]]:
    return sorted((min(w, b), max(w, b)) for w, b in paired.boards)


# -- the worked examples -------------------------------------------------------------------


def test_3_6_2_the_identifier_example_is_the_pairing_the_engine_chooses() -> None:
    """Article 3.6.2's example: "If 11-24 16-6 10-9 8-4 is a pairing, its identifier is
    4 6 9 11 8 16 10 24"; 3.6.3 sorts the pairings by their identifiers and 3.6.4 takes
    the first that complies with [C1] and [C8].

    The eight players of the example share a score, and each may meet only the two
    opponents that make either the example's pairing or 4-6 8-9 10-11 16-24 (the two
    pairings of one cycle of eight). The rival's identifier is 4 8 10 16 6 9 11 24, which
    comes after the example's at its second number (8 > 6), although it gives the
    lowest player, 4, his lowest opponent, 6: the identifier orders the top members first,
    not the opponents of the top player. The engine must choose the example's pairing.
    """
    example = ((11, 24), (16, 6), (10, 9), (8, 4))
    rival = ((4, 6), (8, 9), (10, 11), (16, 24))
    assert _identifier(example) == [4, 6, 9, 11, 8, 16, 10, 24]
    assert _identifier(rival) == [4, 8, 10, 16, 6, 9, 11, 24]
    tpns = sorted({t for pair in example for t in pair})
    allowed = {frozenset(p) for p in example + rival}
    field = _field(
        *(
            _player(t, "2", met=tuple(u for u in tpns if u != t and {t, u} not in allowed))
            for t in tpns
        )
    )
    paired = pair_match(field, Colour.WHITE)
    (bracket,) = paired.brackets
    assert bracket.upfloaters == ()
    assert _identifier(bracket.pairs) == [4, 6, 9, 11, 8, 16, 10, 24]
    # The bracket's pairs come in the identifier's order: top members ascending (3.6.2).
    assert list(bracket.pairs) == [(4, 8), (6, 16), (9, 10), (11, 24)]


def _example_3_5_4(*, six_met_the_residents: bool) -> dict[int, Contender]:
    """Article 3.5.4's example, "2,6,8 have 3 points, and 1,3,5 have 2.5 points", placed
    below a top-scoregroup of three players (4, 7, 9 with 4 points) who have all met one
    another, so that each needs an upfloater as opponent and [C4] asks for three. Player
    10 (no point) has met 1, 3 and 5: taking 2, 6 and 8 (all three of 3 points, which
    [C5] would prefer) leaves 1, 3, 5 and 10 to pair, which [C3] forbids. So, as the
    example says, two upfloaters have 3 points and the other 2½.
    """
    residents = (4, 7, 9)
    shut_out = residents if six_met_the_residents else ()
    return _field(
        *(_player(t, "4", met=tuple(r for r in residents if r != t)) for t in residents),
        _player(2, "3"),
        _player(6, "3", met=shut_out),
        _player(8, "3"),
        *(_player(t, "5/2") for t in (1, 3, 5)),
        _player(10, "0", met=(1, 3, 5)),
    )


def test_3_5_4_the_first_set_of_the_example_s_order_is_chosen() -> None:
    """Article 3.5.4's example lists the sets in their order: {2,6,1} < {2,6,3} <
    {2,6,5} < {2,8,1} < … < {6,8,5}; 3.5.5 chooses the first that, with the
    top-scoregroup, makes a legal pairing complying with [C6] and [C7]. {2,6,1} does,
    and 3, 5, 8, 10 remain pairable. The bracket 1, 2, 4, 6, 7, 9 is paired by its first
    identifier (3.6): the top members 1, 2, 4; 4 may meet only 6 of the others; 1 takes
    the first bottom member that leaves the rest a pairing, 7, then 2-9 and 4-6."""
    paired = pair_match(_example_3_5_4(six_met_the_residents=False), Colour.WHITE)
    top = paired.brackets[0]
    assert top.residents == (4, 7, 9)
    assert top.upfloaters == (1, 2, 6)
    assert top.pairs == ((1, 7), (2, 9), (4, 6))
    # 3.3.2: the next top-scoregroup is 8 alone (3 points); 10 is the only opponent
    # that leaves 3 and 5 a pairing ([C3], [C6]).
    assert paired.brackets[1].residents == (8,) and paired.brackets[1].upfloaters == (10,)
    assert _pairs(paired) == [(1, 7), (2, 9), (3, 5), (4, 6), (8, 10)]


def test_3_5_4_the_example_s_order_decides_when_the_first_sets_fail() -> None:
    """The same position, but 6 has met 4, 7 and 9: every set holding 6 leaves one of the
    residents without an opponent, so {2,6,1}, {2,6,3} and {2,6,5} make no legal pairing
    and the next set in the example's order, {2,8,1}, is chosen (not {2,8,3} or any later
    one, which would comply as well): the bracket 1, 2, 4, 7, 8, 9 pairs 1-7, 2-9, 4-8 by
    the first identifier (3.6). 6 then meets 10, who has met 3 and 5 ([C3])."""
    paired = pair_match(_example_3_5_4(six_met_the_residents=True), Colour.WHITE)
    assert paired.brackets[0].upfloaters == (1, 2, 8)
    assert _pairs(paired) == [(1, 7), (2, 9), (3, 5), (4, 8), (6, 10)]


# -- the articles one by one ---------------------------------------------------------------


def test_preface_the_rare_game_results_score_as_the_text_lists_them() -> None:
    """Preface: "since a game can (rarely) end ½-0, 0-½, or 0-0, other possible match
    results are 1½-0, 1-½, … and 0-0", and a match ends by forfeit only if a player
    forfeits both games: a match of ½-0 then 0-0 is played, 1½-0 is ½-0 then 1-0."""
    event = _four_players("Preface", 6)
    first = pair_round(event, options=WHITE_FIRST)
    assert [(b.white, b.black) for b in first.boards] == [(1, 3), (4, 2)]
    event = append_round(
        event,
        first,
        {1: (GameResult.WHITE_HALF, GameResult.BOTH_LOSE), 2: (GameResult.WHITE_HALF, B)},
    )
    # Board 1: 1 scores ½ + 0, 3 nothing: a match of ½-0. Board 2: 4 scores ½ in game 1
    # and, with Black in game 2 (4.4), 1 more: 1½-0.
    assert [event.score(t) for t in (1, 2, 3, 4)] == [Fraction(1, 2), 0, 0, Fraction(3, 2)]
    assert not match_is_forfeited(event, 1, 1) and not match_is_forfeited(event, 2, 1)
    # Both matches count as played ([C1] 2.1.1): nobody meets his opponent again.
    second = pair_round(event, options=WHITE_FIRST)
    assert sorted(tuple(sorted((b.white, b.black))) for b in second.boards) == [(1, 4), (2, 3)]


def test_1_6_a_match_whose_first_game_was_forfeited_gives_the_colour_of_game_1() -> None:
    """Article 1.6: a player had a colour in a match when at least one of its games was
    played, the colour he had in game 1. 3 loses game 1 by forfeit and plays game 2: the
    match is played (Preface) and 1 had White in it, 3 Black."""
    event = _four_players("1.6", 4)
    first = pair_round(event, options=WHITE_FIRST)
    event = append_round(event, first, {1: (GameResult.WHITE_FORFEIT_WIN, D), 2: (D, D)})
    assert event.entry(3, 1).kind is EntryKind.FORFEIT_LOSS
    scores = event.scores()
    one, three = contender(event, 1, 2, scores), contender(event, 3, 2, scores)
    assert one.colours == (Colour.WHITE,) and three.colours == (Colour.BLACK,)
    assert 3 in one.met and one.matches == 1 and not one.barred


def test_3_6_1_an_upfloater_with_a_smaller_tpn_is_a_top_member() -> None:
    """Articles 3.6.1-3.6.2 number the bracket's members by TPN only, whatever their
    scores: the upfloater 1 (1 point) is the first top member of the bracket 1, 5, 6, 7,
    so the first identifier is 1 5 6 7: 1-6 and 5-7 (not 5-1 as a bracket ranked by
    score would pair it)."""
    field = _field(
        _player(1, "1"), _player(5, "2"), _player(6, "2"), _player(7, "2"), _player(8, "1")
    )
    field[8] = Contender(8, Fraction(0), 1, (), frozenset(), False, False)
    paired = pair_match(field, Colour.WHITE)
    # 3.4: the PAB to the lowest score, 8 (0 points).
    assert paired.pab == 8
    assert paired.brackets[0].upfloaters == (1,)
    assert paired.brackets[0].pairs == ((1, 6), (5, 7))


def test_3_4_3_the_pab_goes_to_the_player_with_more_matches_played() -> None:
    """Article 3.4: the lowest score (3.4.2), then the most matches played (3.4.3), then
    the largest TPN (3.4.4). 2 and 3 share the lowest score; 2 has played a match, 3
    none (absent with a bye worth a point): 2 has the PAB, though 3's TPN is larger."""
    field = {
        1: _player(1, "2", met=(2,)),
        2: _player(2, "1", met=(1,)),
        3: _player(3, "1", matches=0),
    }
    paired = pair_match(field, Colour.WHITE)
    assert paired.pab == 2
    assert _pairs(paired) == [(1, 3)]


def test_3_4_1_the_pab_leaves_a_legal_pairing_for_all_the_others() -> None:
    """Article 3.4.1: the PAB goes to a player whose bye leaves a legal pairing for all
    the others. All five players are alike, so 5 (the largest TPN, 3.4.4) comes first,
    but 4 has met 1, 2 and 3: without 5, 4 has no opponent. The PAB goes to 4, and
    1, 2, 3, 5 are paired by their first identifier, 1-3 2-5 (3.6.2)."""
    field = _field(*(_player(t, "1") for t in (1, 2, 3, 5)), _player(4, "1", met=(1, 2, 3)))
    paired = pair_match(field, Colour.WHITE)
    assert paired.pab == 4
    assert _pairs(paired) == [(1, 3), (2, 5)]


def test_2_1_2_c2_no_pab_after_a_pab_or_a_match_won_by_forfeit() -> None:
    """[C2] article 2.1.2: a player who had a PAB or won a match by forfeit does not get
    the PAB. 3 is barred, so the lowest score's next candidate, 2, gets it."""
    field = {
        1: _player(1, "2"),
        2: _player(2, "1"),
        3: _player(3, "1", barred=True),
    }
    assert pair_match(field, Colour.WHITE).pab == 2


def _c7_field() -> dict[int, Contender]:
    """The 2-point group 1, 2, 3 needs one upfloater of 1 point: 4, first in the order of
    3.5.4, floated in the previous match; 5 did not."""
    return {
        1: _player(1, "2"),
        2: _player(2, "2"),
        3: _player(3, "2"),
        4: _player(4, "1", floated=True),
        5: _player(5, "1"),
        6: _player(6, "0"),
    }


def test_2_3_4_c7_an_upfloater_who_did_not_float_in_the_previous_match() -> None:
    """[C7] article 2.3.4: minimise the upfloaters who were floaters in the previous match
    (not in the last round). The 2-point group 1, 2, 3 needs one upfloater ([C4]) of 1
    point ([C5]); 4 comes first in the order of 3.5.4 but floated in the previous match,
    5 did not: 5 upfloats. In the last round [C7] no longer applies: 4."""
    field = _c7_field()
    assert pair_match(field, Colour.WHITE).brackets[0].upfloaters == (5,)
    assert pair_match(field, Colour.WHITE, last=True).brackets[0].upfloaters == (4,)


def test_4_4_the_player_given_white_plays_game_1_white_and_game_2_black() -> None:
    """Article 4.4: the player with White in the match plays game 1 with White and game 2
    with Black."""
    event = Event(
        info=EventInfo(name="4.4"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=2,
        players=(Player(1, "P1", 2400), Player(2, "P2", 2300)),
        entries={1: (), 2: ()},
    )
    first = pair_round(event, options=WHITE_FIRST)
    assert [(b.white, b.black) for b in first.boards] == [(1, 2)]
    event = append_round(event, first, {1: (D, D)})
    assert event.entry(1, 1).colour is Colour.WHITE and event.entry(1, 2).colour is Colour.BLACK
    assert event.entry(2, 1).colour is Colour.BLACK and event.entry(2, 2).colour is Colour.WHITE


# -- a ten-player event, round 3 by hand ---------------------------------------------------


def test_ten_players_round_three_by_hand() -> None:
    """Round 3 of the ten-player event of ``test_double_swiss_fide.py`` (rounds 1 and 2 as
    there), worked out from the articles.

    Round 2's results, game by game from White's side: 4-1 ½-½ ½-½ (1-1); 2-8 1-0 then 8
    (White in game 2) loses, 2-0; 10-3 ½-½ ½-½; 7-5 0-1 then 5 wins with White, 0-2; 6-9
    1-0 then 9 wins with White, 1-1. Scores: 2 and 5 have 3; 1 and 4 2½; 3 and 10 2; 6
    and 9 1½; 7 and 8 1. Nobody floated in round 2 (every pair had equal scores, 1.5), so
    [C7] and [C8] decide nothing.

    - 3 points: 2 and 5 have not met: paired alone (no upfloater, [C4]), and the others
      stay pairable ([C3]). 2 (Black, White) and 5 (White, Black) had White as often
      (4.3.2); their histories last differ in round 2, where 2 had White: 2 gets Black,
      5 White (4.3.3).
    - 2½ points: 1 and 4 have met ([C1]), so two upfloaters ([C4]) of the highest score
      ([C5]): 3 and 10. The bracket 1, 3, 4, 10 (3.6): the top members 1 and 3; 1-4 is a
      repeat, so 1-10 and 3-4. Colours by 4.3.3 (the same number of Whites, different
      colours in round 2): 1 White against 10, 3 White against 4.
    - 1½ points: 6 and 9 have met; 7 and 8 upfloat: 6-8 and 7-9, the first identifier.
      8 had White in no match and 7 in both: 8 and 9 have White (4.3.2).
    """
    event = Event(
        info=EventInfo(name="FIDE Double-Swiss"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=10,
        players=tuple(Player(t, f"P{t}", 2500 - 10 * t) for t in range(1, 11)),
        entries={t: () for t in range(1, 11)},
    )
    first = pair_round(event, options=WHITE_FIRST)
    event = append_round(event, first, {1: (W, D), 2: (D, D), 3: (B, B), 4: (D, W), 5: (W, W)})
    second = pair_round(event, options=WHITE_FIRST)
    assert [(b.white, b.black) for b in second.boards] == [(4, 1), (2, 8), (10, 3), (7, 5), (6, 9)]
    event = append_round(event, second, {1: (D, D), 2: (W, B), 3: (D, D), 4: (B, W), 5: (W, W)})
    scores = event.scores()
    assert [scores[t] for t in range(1, 11)] == [
        Fraction(5, 2), 3, 2, Fraction(5, 2), 3, Fraction(3, 2), 1, 1, Fraction(3, 2), 2
    ]  # fmt: skip
    third = pair_round(event, options=WHITE_FIRST)
    assert [(b.white, b.black) for b in third.boards] == [(5, 2), (1, 10), (3, 4), (8, 6), (9, 7)]
    assert third.notes == (
        "The 2½-point scoregroup is paired with 2 upfloaters: 3 P3 (2), 10 P10 (2) "
        "(FIDE C.04.5 article 3.5).",
        "The 1½-point scoregroup is paired with 2 upfloaters: 7 P7 (1), 8 P8 (1) "
        "(FIDE C.04.5 article 3.5).",
        "board 1: colours by article 4.3.3",
        "board 2: colours by article 4.3.3",
        "board 3: colours by article 4.3.3",
        "board 4: colours by article 4.3.2",
        "board 5: colours by article 4.3.2",
    )


def test_thirty_one_players_round_three_by_hand() -> None:
    """Round 3 of the 31-player event of ``test_double_swiss_fide.py`` (round 1 as there:
    every higher-ranked player wins 2-0, 31 has the PAB), every match of round 2 drawn
    1-1. Scores: 1-15 have 3, 31 2½, 30 1½ (his PAB), 16-29 1.

    - The PAB first (3.4): the lowest score is 1 (16-29), all have played two matches,
      the largest TPN is 29.
    - 3 points, 1-15 (odd): one upfloater ([C4]) of the highest score ([C5]): 31. He
      floated in round 2 (he met 8, who had more points), but no other set has his score
      ([C7] comes after [C5]). The bracket 1-15 and 31 (3.6): the tops 1-8; 1-9, 3-11,
      5-13 and 7-15 were played in round 2 and 8-31 too, so the first identifier is 1-10,
      2-9, 3-12, 4-11, 5-14, 6-13, 7-31, 8-15. In every pair one player had White fewer
      times (4.3.2): 10, 2, 12, 4, 14, 6, 31 and 8 (31's PAB gave him no colour, 1.6).
    - 1½ points: 30 alone takes one upfloater of 1 point: the first in TPN order, 16
      (3.5.4); 30 has had no White (Black in round 1, the PAB in round 2): 30-16 (4.3.2).
    - 1 point, 17-28: the first identifier 17-23, 18-24, 19-25, 20-26, 21-27, 22-28 repeats
      nothing; each pair had the same colours in both rounds, so the higher-ranked player
      alternates from his last match (4.3.4).
    """
    event = Event(
        info=EventInfo(name="FIDE Double-Swiss"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=14,
        players=tuple(Player(t, f"P{t}", 2500 - 10 * t) for t in range(1, 32)),
        entries={t: () for t in range(1, 32)},
    )
    first = pair_round(event, options=WHITE_FIRST)
    event = append_round(
        event, first, {b.number: ((W, B) if b.white < b.black else (B, W)) for b in first.boards}
    )
    second = pair_round(event, options=WHITE_FIRST)
    assert second.pairing_bye is not None and second.pairing_bye.tpn == 30
    event = append_round(event, second, {b.number: (D, D) for b in second.boards})
    scores = event.scores()
    assert {scores[t] for t in range(1, 16)} == {3} and scores[31] == Fraction(5, 2)
    assert scores[30] == Fraction(3, 2) and {scores[t] for t in range(16, 30)} == {1}
    third = pair_round(event, options=WHITE_FIRST)
    assert third.pairing_bye is not None and third.pairing_bye.tpn == 29
    top = [(10, 1), (2, 9), (12, 3), (4, 11), (14, 5), (6, 13), (8, 15), (31, 7)]
    middle = [(30, 16)]
    bottom = [(17, 23), (24, 18), (19, 25), (26, 20), (21, 27), (28, 22)]
    assert [(b.white, b.black) for b in third.boards] == top + middle + bottom
    assert third.notes[:2] == (
        "The 3-point scoregroup is paired with 1 upfloater: 31 P31 (2½) (FIDE C.04.5 article 3.5).",
        "The 1½-point scoregroup is paired with 1 upfloater: 16 P16 (1) (FIDE C.04.5 article 3.5).",
    )
    rules = [note.rsplit(" ", 1)[1] for note in third.notes[2:]]
    assert rules == ["4.3.2"] * 9 + ["4.3.4"] * 6


def test_the_log_says_which_criterion_chose_the_upfloaters_and_the_bye() -> None:
    """The engine's log (``RoundPairing.log`` through :func:`explanation`) names the criteria
    in the text's words: [C7] passes over 4 for 5 (article 2.3.4); a player [C2] bars and
    the players whose bye would leave the others unpairable are named (articles 2.1.2 and
    3.4.1)."""
    from arbiter_app.core.pairing.double_swiss_fide import Contender

    field = _c7_field()
    why = pair_match(field, Colour.WHITE).brackets[0].why
    assert why == (
        "[C4] article 2.3.1: 1 upfloater, the fewest the scoregroup's size allows",
        "[C5] article 2.3.2: the highest scores available",
        "1 set before it had more upfloaters who floated in the previous match ([C7] "
        "article 2.3.4)",
    )
    # 1 has met everybody: the bye must be his (3.4.1), though 5, on nothing, is lower;
    # [C2] bars 5 (a bye before), and 4, 3 and 2 would leave 1 without an opponent.
    met_all = Contender(1, Fraction(2), 2, (), frozenset({2, 3, 4, 5}), False, False)
    barred = Contender(5, Fraction(0), 1, (), frozenset(), True, False)
    field = {1: met_all, 2: _player(2, "1", met=(1,)), 3: _player(3, "1", met=(1,)),
             4: _player(4, "1", met=(1,)), 5: barred}  # fmt: skip
    paired = pair_match(field, Colour.WHITE)
    assert paired.pab == 1
    assert paired.pab_why == (
        "1 (2, 2 matches played): the lowest score, then the most matches played, then the "
        "largest TPN (article 3.4); [C2] article 2.1.2 bars 5, who had a bye or a forfeit "
        "win; 4, 3, 2 would leave the others without a legal pairing (article 3.4.1)"
    )
