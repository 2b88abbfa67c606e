"""US Chess rule 34E tie-breaks as seed 001_… describes them.

The six-player event below is consistent (every game on both rows). Its
opponent figures were worked by hand:

- scores: 1: 2, 2: 2, 3: 3½, 4: 4, 5: 1½, 6: 1½ (five rounds, half of the
  maximum is 2½);
- adjusted scores (unplayed rounds count ½): 1: 3 (won, won, lost, withdrew:
  the seed's own example), 2: 2, 3: 3½, 4: 4, 5: 1 (pairing bye counted ½),
  6: 1½ (half-point bye).
"""

from fractions import Fraction

import pytest

from arbiter_app.core.model import RuleSet
from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, explain, parse_spec
from arbiter_app.core.tiebreaks.uscf import adjusted_scores
from tests.support.compact import event_from_text

EVENT = event_from_text(
    """
    1: +W2 +B3 -B4 WD WD
    2: -B1 +W5 =W6 -B4 =W3
    3: +W4 -W1 +B5 +W6 =B2
    4: -B3 +B6 +W1 +W2 +B5
    5: =W6 -B2 -W3 +BYE -W4
    6: =B5 -W4 =B2 -B3 =BYE
    """,
    rule_set=RuleSet.USCF,
)

H = Fraction(1, 2)


def values(code: str, event=EVENT, after_round=None, players=None):
    ctx = TieBreakContext(event, after_round=after_round)
    spec = parse_spec(code)
    tpns = players or [p.tpn for p in event.players]
    return REGISTRY[spec.name].compute(ctx, spec, tpns)


def test_the_event_is_consistent() -> None:
    from arbiter_app.core.model import check_consistency

    assert check_consistency(EVENT) == []
    assert EVENT.scores() == {
        1: 2,
        2: 2,
        3: Fraction(7, 2),
        4: 4,
        5: Fraction(3, 2),
        6: Fraction(3, 2),
    }


def test_withdrawn_opponent_has_adjusted_score_3() -> None:
    """Seed 001_…: won, won, lost, withdrew from a five-round event -> 1+1+0+½+½ = 3."""
    adj = adjusted_scores(TieBreakContext(EVENT))
    assert adj[1] == 3
    assert EVENT.score(1) == 2  # the player's own score does not change
    assert adj[5] == 1  # a pairing bye counts ½ too, "regardless of whether they were byes"
    assert adj[6] == Fraction(3, 2)
    assert adj[4] == 4


def test_solkoff_counts_own_unplayed_rounds_as_zero() -> None:
    assert values("SOLK") == {
        1: Fraction(19, 2),  # 2 + 3½ + 4 + 0 + 0
        2: 13,
        3: Fraction(23, 2),
        4: 11,
        5: 11,  # bye round counts as an opponent with 0
        6: Fraction(21, 2),
    }


def test_modified_median_drops_by_plus_or_minus_score() -> None:
    mm = values("MM")
    assert mm[1] == Fraction(11, 2)  # minus score: highest (4) dropped from 9½
    assert mm[3] == Fraction(21, 2)  # plus score: lowest (1) dropped from 11½
    assert mm[4] == 10  # plus score: lowest (1) dropped from 11
    assert mm[6] == Fraction(13, 2)  # minus: highest (4) dropped from 10½


def test_modified_median_even_score_drops_both() -> None:
    """After round 4, player 1 has 2 of 4 (even): drop highest and lowest."""
    mm = values("MM", after_round=4, players=[1, 2])
    # adjusted after 4 rounds: 2 -> 1½, 3 -> 3, 4 -> 3; own round 4 unplayed -> 0
    assert mm[1] == Fraction(9, 2)  # [1½, 3, 3, 0] minus 3 and 0
    # player 2: 1½ of 4 is a minus score; [2½, 1, 1, 3] minus 3
    assert mm[2] == Fraction(9, 2)


def test_median_drops_highest_and_lowest_whatever_the_score() -> None:
    med = values("MED")
    assert med[1] == Fraction(11, 2)  # [2, 3½, 4, 0, 0] minus 4 and 0
    assert med[3] == Fraction(13, 2)  # [4, 3, 1, 1½, 2] minus 4 and 1


def _nine_rounds(row: str):
    """Player 1 meets 2..10 in rounds 1..9; each opponent has half-point byes otherwise.

    Unplayed rounds count ½, so an opponent's adjusted score is 4 plus its
    result against player 1.
    """
    cells_1 = row.split()
    lines = ["1: " + row]
    flip = {"+": "-", "-": "+", "=": "="}
    for k in range(2, 11):
        cells = ["=BYE"] * 9
        mine = cells_1[k - 2]
        colour = "B" if mine[1] == "W" else "W"
        cells[k - 2] = f"{flip[mine[0]]}{colour}1"
        lines.append(f"{k}: " + " ".join(cells))
    return event_from_text("\n".join(lines), rule_set=RuleSet.USCF)


def test_nine_rounds_even_score_drops_two_on_each_side() -> None:
    """Seed 001_…: from nine rounds, the top two and bottom two go for an even score."""
    event = _nine_rounds("+W2 +W3 +W4 +W5 -B6 -B7 -B8 -B9 =W10")
    adj = adjusted_scores(TieBreakContext(event))
    assert [adj[k] for k in range(2, 11)] == [4] * 4 + [5] * 4 + [Fraction(9, 2)]
    assert values("SOLK", event, players=[1])[1] == Fraction(81, 2)
    # 4½ of 9 is even: 40½ less 4, 4 and 5, 5
    assert values("MM", event, players=[1])[1] == Fraction(45, 2)
    assert values("MED", event, players=[1])[1] == Fraction(45, 2)


def test_nine_rounds_plus_and_minus_scores() -> None:
    plus = _nine_rounds("+W2 +W3 +W4 +W5 +W6 -B7 -B8 -B9 -B10")
    # 5 of 9 is a plus score: drop the two lowest (4, 4): 40 - 8 = 32
    assert values("MM", plus, players=[1])[1] == 32
    assert values("MED", plus, players=[1])[1] == 22  # drop 4, 4 and 5, 5
    minus = _nine_rounds("+W2 +W3 +W4 -B5 -B6 -B7 -B8 -B9 -B10")
    # 3 of 9 is a minus score: terms 4 x3 and 5 x6 = 42; drop the two highest (5, 5)
    assert values("MM", minus, players=[1])[1] == 32


def test_cumulative_seed_examples() -> None:
    """Seed 001_…: W L W D L -> 1+1+2+2½+2½ = 9; 1, 2, 2½, 2½, 2½ -> 10½."""
    event = event_from_text(
        """
        1: +W3 -B4 +W5 =B6 -W7
        2: +W3 +B4 =W5 -B6 -W7
        """
    )
    cum = values("CUM", event)
    assert cum[1] == 9
    assert cum[2] == Fraction(21, 2)


def test_cumulative_subtracts_unplayed_points() -> None:
    """34E3 / 22B: one point off per unplayed win or full-point bye, ½ per half-point bye."""
    cum = values("CUM")
    assert cum[1] == 9  # 1, 2, 2, 2, 2: withdrawal scores nothing, nothing to take off
    assert cum[4] == 10
    assert cum[5] == Fraction(7, 2)  # ½, ½, ½, 1½, 1½ = 4½, less 1 for the pairing bye
    assert cum[6] == 4  # ½, ½, 1, 1, 1½ = 4½, less ½ for the half-point bye
    forfeit = event_from_text("1: +F2 +W3\n2: -F1 -W4\n3: +W4 -B1\n4: -B3 +B2")
    assert values("CUM", forfeit)[1] == 2  # 1 + 2, less 1 for the forfeit win


def test_forfeits_are_unplayed_for_both_sides() -> None:
    forfeit = event_from_text("1: +F2 +W3\n2: -F1 -W4\n3: +W4 -B1\n4: -B3 +B2")
    solk = values("SOLK", forfeit)
    assert solk[1] == 1  # own forfeit win counts as opponent 0; 3 has 1
    assert solk[4] == Fraction(3, 2)  # 3 has 1; 2's forfeit loss counts ½ in its adjusted score


def test_cumulative_of_opposition() -> None:
    oppc = values("OPPC")
    assert oppc[1] == Fraction(53, 2)  # 6 + 10½ + 10
    assert oppc[5] == Fraction(61, 2)  # 4 + 6 + 10½ + (bye: 0) + 10


def test_kashdan_and_most_blacks() -> None:
    kash = values("KASH")
    assert kash[4] == 17  # loss 1, four wins 16
    assert kash[1] == 9  # win, win, loss; withdrawn rounds 0
    assert kash[5] == 5  # draw 2, three losses 3, bye 0
    mbl = values("MBL")
    assert mbl[4] == 3
    assert mbl[5] == 1
    assert mbl[6] == 3  # rounds 1, 3, 4; the half-point bye has no colour


@pytest.mark.parametrize(
    ("group", "expected"),
    [
        ([1, 2], {1: 1, 2: 0}),
        ([5, 6], {5: H, 6: H}),
        ([2, 5, 6], {2: Fraction(3, 2), 5: H, 6: 1}),
        ([1, 2, 5], {1: 0, 2: 0, 5: 0}),  # 1 and 5 never met
    ],
)
def test_result_between_tied_players(group, expected) -> None:
    assert values("RBT", players=group) == expected


def test_explanations_say_what_was_dropped_and_why() -> None:
    ctx = TieBreakContext(EVENT)
    ex = explain(ctx, parse_spec("MM"), 3)
    assert ex.value == Fraction(21, 2)
    assert "34E1" in ex.article
    cut = [c for c in ex.contributions if c.cut]
    assert len(cut) == 1 and cut[0].opponent == 5 and "plus score" in cut[0].note
    text = ex.render()
    assert "[cut]" in text and "lowest" in text

    ex1 = explain(ctx, parse_spec("SOLK"), 1)
    own = [c for c in ex1.contributions if c.opponent is None]
    assert [c.round for c in own] == [4, 5]
    assert all("own unplayed" in c.note for c in own)
    assert sum(c.value for c in ex1.contributions) == ex1.value

    ex5 = explain(ctx, parse_spec("CUM"), 5)
    assert ex5.value == Fraction(7, 2)
    assert sum(c.value for c in ex5.contributions) == ex5.value
    assert any("full-point bye" in c.note and c.value == -1 for c in ex5.contributions)

    ex2 = explain(ctx, parse_spec("SOLK"), 2)
    vs1 = next(c for c in ex2.contributions if c.opponent == 1)
    assert vs1.value == 3 and "4, 5" in vs1.note

    exr = explain(ctx, parse_spec("RBT"), 1, group=[1, 2, 5])
    assert exr.value == 0
    assert any("1-5" in n for n in exr.notes)


def test_traced_and_fast_paths_agree() -> None:
    ctx = TieBreakContext(EVENT)
    for code in ("MM", "MED", "SOLK", "CUM", "OPPC", "KASH", "MBL"):
        spec = parse_spec(code)
        fast = REGISTRY[code].compute(ctx, spec, [1, 2, 3, 4, 5, 6])
        for tpn in range(1, 7):
            assert explain(ctx, spec, tpn).value == fast[tpn], (code, tpn)
