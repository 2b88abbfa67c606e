"""Team scores in an individual event (US Chess rule 28N): the best N scores of each team."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.team_scores import (
    checked_best,
    team_of,
    team_standings,
    teammate_groups,
    with_teammates_apart,
)
from tests.support.compact import event_from_text

# Eight players, three rounds: 1 scores 3, 2 and 3 score 2, ...
CROSSTABLE = """
1: +W8 +B3 +W2
2: +B7 +W4 -B1
3: +W6 -W1 +B5
4: =W5 -B2 +W7
5: =B4 +W8 -W3
6: -B3 =W7 =B8
7: -W2 =B6 -B4
8: -B1 -B5 =W6
"""
TEAMS = {
    1: "Lincoln",
    2: "Adams",
    3: "lincoln ",
    4: "Adams",
    5: "Lincoln",
    6: "Adams",
    7: "Lincoln",
    8: "",
}


def event(teams: dict[int, str] = TEAMS) -> Event:
    base = event_from_text(CROSSTABLE, rule_set=RuleSet.USCF)
    return replace(base, players=tuple(replace(p, club=teams[p.tpn]) for p in base.players))


def test_best_scores_count_and_the_rest_do_not() -> None:
    """28N: "team standings are determined by adding the scores of each team's top
    scorers": Lincoln (1, 3, 5, 7) with two counting has 3 + 2 = 5; Adams 2 + 1½ = 3½."""
    teams = team_standings(compute_standings(event(), ["SOLK"]), best=2)
    lincoln, adams = teams.rows
    assert (lincoln.team, lincoln.points, lincoln.place) == ("Lincoln", Fraction(5), "1")
    assert [m.tpn for m in lincoln.counting] == [1, 3]
    assert [m.tpn for m in lincoln.members] == [1, 3, 5, 7]
    assert (adams.team, adams.points) == ("Adams", Fraction(7, 2))
    assert [m.counts for m in adams.members] == [True, True, False]


def test_four_scores_count_by_default() -> None:
    teams = team_standings(compute_standings(event(), []))
    assert teams.best == 4
    assert teams.row("LINCOLN").points == Fraction(3 + 2 + Fraction(3, 2) + Fraction(1, 2))
    assert teams.row("adams").points == Fraction(2 + Fraction(3, 2) + 1)
    assert "best 4 scores count" in teams.rule


def test_a_player_without_a_team_counts_for_none() -> None:
    teams = team_standings(compute_standings(event(), []))
    assert all(8 not in [m.tpn for m in row.members] for row in teams.rows)


def test_equal_teams_ordered_by_the_sums_of_the_tiebreaks_then_share() -> None:
    """Teams equal on points: the sums of the counting players' tie-breaks decide;
    without tie-breaks the teams share the place."""
    teams = {1: "A", 8: "A", 2: "B", 7: "B", 3: "C", 6: "C", 4: "D", 5: "D"}
    standings = compute_standings(event(teams), ["SOLK"])
    ranked = team_standings(standings, best=2)
    c = ranked.row("C")
    d = ranked.row("D")
    # C: 3 (2) and 6 (1); D: 4 and 5 (1½ each): both 3 points. Solkoff sums: C 5½ + 3,
    # D 4 + 4.
    assert c.points == d.points == Fraction(3)
    assert (c.tiebreaks, d.tiebreaks) == ((Fraction(17, 2),), (Fraction(8),))
    assert [r.team for r in ranked.rows] == ["A", "C", "D", "B"]
    assert (c.place, d.place) == ("2", "3")
    plain = team_standings(compute_standings(event(teams), []), best=2)
    assert plain.row("C").place == plain.row("D").place == "2-3"


def test_the_number_that_counts_is_checked() -> None:
    with pytest.raises(RuleError, match="28N"):
        checked_best(0)
    with pytest.raises(RuleError, match="whole number"):
        checked_best("4")
    assert checked_best(5) == 5


def test_teammates_are_groups_that_must_not_meet() -> None:
    e = event()
    assert teammate_groups(e) == (frozenset({1, 3, 5, 7}), frozenset({2, 4, 6}))
    apart = with_teammates_apart(e)
    assert apart.forbidden_pairs == teammate_groups(e)
    assert with_teammates_apart(apart).forbidden_pairs == apart.forbidden_pairs
    assert with_teammates_apart(event({t: "" for t in TEAMS})).forbidden_pairs == ()


def test_the_title_says_team_standings() -> None:
    teams = team_standings(compute_standings(event(), []))
    assert teams.title == "Final team standings"


def test_a_school_column_of_a_players_list_is_the_team() -> None:
    """Scholastic lists name the school; the team of US Chess 28N is read from it."""
    from arbiter_app.core.players_csv import parse_players_csv

    players = parse_players_csv("name,school\nAda Lovelace,Lincoln Elementary\n")
    assert team_of(players[0]) == "Lincoln Elementary"
