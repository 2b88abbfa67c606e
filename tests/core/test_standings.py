"""Standings: points, then the tie-break list; shared places; who is not ranked."""

from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError, UnknownTieBreak
from arbiter_app.core.model import RuleSet, System
from arbiter_app.core.points import column_places, format_in_column
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.tiebreaks import REGISTRY, register
from tests.core.tiebreaks.test_uscf import EVENT
from tests.support.compact import event_from_text

H = Fraction(1, 2)


def places(standings) -> list[tuple[str, int]]:
    return [(r.place, r.tpn) for r in standings.rows]


def test_points_then_tiebreaks_in_order() -> None:
    st = compute_standings(EVENT, ["MM", "SOLK"])
    # points 4, 3½, then 2 (MM: 2 has 9, 1 has 5½), then 1½ (MM: 5 has 7, 6 has 6½)
    assert places(st) == [("1", 4), ("2", 3), ("3", 2), ("4", 1), ("5", 5), ("6", 6)]
    row = st.row(2)
    assert row.points == 2 and row.values == {"MM": 9, "SOLK": 13}
    assert row.rank == 3 and row.name == "Player 2"


def test_players_still_equal_share_the_place() -> None:
    st = compute_standings(EVENT, [])
    assert places(st) == [("1", 4), ("2", 3), ("3-4", 1), ("3-4", 2), ("5-6", 5), ("5-6", 6)]
    assert [r.rank for r in st.rows] == [1, 2, 3, 3, 5, 5]


def test_lower_tiebreak_applies_only_to_remaining_ties() -> None:
    """C.07 4.2: the next tie-break only where a tie persists (KASH separates 5 and 6 only)."""
    st = compute_standings(EVENT, ["RBT", "KASH"])
    # RBT: 1 beat 2; 5 and 6 drew, so KASH decides: 5 has 5, 6 has 2+1+2+1+0 = 6
    assert places(st) == [("1", 4), ("2", 3), ("3", 1), ("4", 2), ("5", 6), ("6", 5)]


def test_group_dependent_value_is_taken_in_its_tied_group() -> None:
    st = compute_standings(EVENT, ["RBT"])
    assert st.groups[(1, "RBT")] == (1, 2)
    assert st.row(1).values["RBT"] == 1
    assert st.row(5).values["RBT"] == H
    ex = st.explain(1, "RBT")
    assert ex.value == 1
    assert any("tied group: 1, 2" in n for n in ex.notes)


@pytest.fixture
def probe() -> Iterator[dict[int, Fraction]]:
    """A test-only tie-break whose values the test sets (removed afterwards)."""
    table: dict[int, Fraction] = {}

    @register("PROBE", article="test only", description="values set by the test")
    def _probe(ctx, spec, players, traces):
        return {t: table.get(t, Fraction(0)) for t in players}

    @register(
        "PROBELOW", article="test only", description="lower is better", higher_is_better=False
    )
    def _probe_low(ctx, spec, players, traces):
        return {t: table.get(t, Fraction(0)) for t in players}

    yield table
    del REGISTRY["PROBE"]
    del REGISTRY["PROBELOW"]


FOUR_TIED = event_from_text(
    """
    1: +W2 -B5
    2: -B1 +W6
    3: +W4 -B4
    4: -B3 +W3
    5: =W6 +W1
    6: =B5 -B2
    """
)


def test_group_dependent_tiebreak_sees_the_group_still_tied(probe) -> None:
    """1, 2, 3 and 4 have 1 point. PROBE puts 3 and 4 out; RBT then sees only 1 and 2."""
    assert {t: FOUR_TIED.score(t) for t in (1, 2, 3, 4)} == {1: 1, 2: 1, 3: 1, 4: 1}
    probe.update({3: Fraction(10), 4: Fraction(5)})
    st = compute_standings(FOUR_TIED, ["PROBE", "RBT"])
    assert places(st) == [("1", 5), ("2", 3), ("3", 4), ("4", 1), ("5", 2), ("6", 6)]
    assert st.groups[(1, "RBT")] == (1, 2)
    # Taken over the four tied on points, RBT would not apply (not all met):
    st4 = compute_standings(FOUR_TIED, ["RBT"])
    assert st4.row(1).place == "2-5"


def test_lower_is_better(probe) -> None:
    probe.update({1: Fraction(3), 2: Fraction(1)})
    st = compute_standings(EVENT, ["PROBELOW"])
    assert st.row(2).place == "3" and st.row(1).place == "4"


def test_disqualified_player_leaves_and_others_move_up() -> None:
    """Seed 002_…: removed from the leaderboard, those below move up, scores unchanged."""
    before = compute_standings(EVENT, ["MM", "SOLK"])
    players = tuple(replace(p, disqualified=(p.tpn == 4)) for p in EVENT.players)
    st = compute_standings(replace(EVENT, players=players), ["MM", "SOLK"])
    assert places(st) == [("1", 3), ("2", 2), ("3", 1), ("4", 5), ("5", 6)]
    assert [e.tpn for e in st.excluded] == [4]
    for row in st.rows:
        old = before.row(row.tpn)
        assert (row.points, dict(row.values)) == (old.points, dict(old.values))


def test_after_round() -> None:
    st = compute_standings(EVENT, ["MM"], after_round=4)
    assert st.after_round == 4
    assert st.row(1).points == 2 and st.row(6).points == 1
    assert st.row(1).values["MM"] == Fraction(9, 2)  # even score after four rounds
    with pytest.raises(RuleError, match="5 round"):
        compute_standings(EVENT, [], after_round=6)


RR_WITHDRAWAL = event_from_text(
    """
    1: -W4 =W2 -B3
    2: +W3 =B1 +F4
    3: -B2 +F4 +W1
    4: +B1 -F3 WD
    """,
    system=System.ROUND_ROBIN,
)


def test_q89_105_round_robin_half_rule_by_default_under_fide_rules() -> None:
    """C.05: a player who completed under half of his round-robin games leaves the standings."""
    plain = compute_standings(RR_WITHDRAWAL, [], annul_short_round_robin=False)
    assert {r.tpn: r.points for r in plain.rows} == {1: H, 2: Fraction(5, 2), 3: 2, 4: 1}
    us_chess = compute_standings(RR_WITHDRAWAL, [], rule_set=RuleSet.USCF)
    assert us_chess.excluded == ()  # US Chess rules keep him
    st = compute_standings(RR_WITHDRAWAL, [])
    # Player 4 completed 1 of 3 games: not ranked, points by or against him not counted.
    assert [e.tpn for e in st.excluded] == [4]
    assert st.excluded[0].reason == (
        "left the round robin after 1 of 3 games, fewer than half (FIDE C.05 General "
        "Regulations for Competitions: not counted in the standings)"
    )
    assert {r.tpn: r.points for r in st.rows} == {1: H, 2: Fraction(3, 2), 3: 1}
    assert places(st) == [("1", 2), ("2", 3), ("3", 1)]


def test_round_robin_half_rule_keeps_a_player_who_played_half() -> None:
    event = event_from_text(
        """
        1: -W3 +B2 =W4
        2: +W4 -W1 +F3
        3: +B1 =B4 -F2
        4: -B2 =W3 =B1
        """,
        system=System.ROUND_ROBIN,
    )
    players = tuple(
        replace(p, withdrawn_from_round=3 if p.tpn == 3 else None) for p in event.players
    )
    st = compute_standings(replace(event, players=players), [], annul_short_round_robin=True)
    assert st.excluded == ()  # two of three games played: results stand (V.4.2)


def test_playoff_places_are_not_separated_by_tiebreaks() -> None:
    st = compute_standings(EVENT, ["MM"], playoff_places=[3])
    assert [(r.place, r.tpn, r.playoff_pending) for r in st.rows[2:4]] == [
        ("3-4", 1, True),
        ("3-4", 2, True),
    ]
    assert st.row(5).place == "5" and not st.row(5).playoff_pending
    done = compute_standings(EVENT, ["MM"], playoff_places=[3], playoff_order=[1])
    assert places(done)[2:4] == [("3", 1), ("4", 2)]  # play-off winner first, MM notwithstanding


def test_unknown_code_lists_the_known_ones() -> None:
    with pytest.raises(UnknownTieBreak, match=r"known: .*MM"):
        compute_standings(EVENT, ["NOPE"])


def test_explain_matches_row_values() -> None:
    st = compute_standings(EVENT, ["MM", "CUM", "RBT"])
    for row in st.rows:
        for code, value in row.values.items():
            assert st.explain(row.tpn, code).value == value
    with pytest.raises(RuleError):
        st.explain(1, "SOLK")


def test_playoff_after_some_tiebreaks() -> None:
    """C.07 3.1.2: qualification for the play-off may come after some tie-breaks.

    After round 1, players 1 and 3 share first on 1 point; 5 and 6 share
    third on ½ (they drew each other). KASH cannot split either pair, so
    with a play-off for places 1 and 3 decided after KASH both pairs wait.
    """
    st = compute_standings(EVENT, ["KASH"], after_round=1, playoff_places=[1, 3], playoff_after=1)
    assert [(r.tpn, r.place, r.playoff_pending) for r in st.rows[:4]] == [
        (1, "1-2", True),
        (3, "1-2", True),
        (5, "3-4", True),
        (6, "3-4", True),
    ]
    # MBL would split 5 and 6 (6 had Black) -- unless the play-off comes first
    st2 = compute_standings(EVENT, ["RBT", "MBL"], after_round=1)
    assert (st2.row(6).place, st2.row(5).place) == ("3", "4")
    st3 = compute_standings(
        EVENT, ["RBT", "MBL"], after_round=1, playoff_places=[3], playoff_after=1
    )
    assert st3.row(6).place == "3-4" and st3.row(6).playoff_pending
    # qualification after the whole list: MBL has already split them, no play-off is needed
    st4 = compute_standings(
        EVENT, ["RBT", "MBL"], after_round=1, playoff_places=[3], playoff_after=2
    )
    assert st4.row(6).place == "3" and not st4.row(6).playoff_pending


def test_one_number_format_per_column() -> None:
    """A column that holds 41.25 prints 27½ as 27.50; an all-halves column keeps 27½."""
    assert column_places([Fraction(55, 2), Fraction(165, 4)]) == 2
    assert column_places([Fraction(55, 2), Fraction(3)]) is None
    assert column_places([Fraction(1, 3)]) == 2
    assert column_places([Fraction(27, 10), Fraction(3)]) == 1
    assert [format_in_column(v, 2) for v in (Fraction(55, 2), Fraction(165, 4))] == [
        "27.50",
        "41.25",
    ]
    event = event_from_text("1: +W2 =B3\n2: -B1 +W3\n3: -W2 =W1")
    table = compute_standings(event, ["BH", "WIN"])
    # Only halves and wholes here: the glyph, and integers for an integer tie-break.
    assert {table.format_value("BH", r.values["BH"]) for r in table.rows} <= {"1", "1½", "2", "2½"}
    quarter = replace(table.rows[0], values={**table.rows[0].values, "BH": Fraction(9, 4)})
    mixed = replace(table, rows=(quarter, *table.rows[1:]))
    texts = [mixed.format_value("BH", r.values["BH"]) for r in mixed.rows]
    assert texts[0] == "2.25" and all(len(t.split(".")[-1]) == 2 for t in texts)
    assert mixed.format_value("BH", Fraction(5, 2), ascii_only=True) == "2.5"  # CSV: exact
