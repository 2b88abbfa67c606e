"""The online Swiss rule set: only "each player you played against" counts.

The online Swiss rules (Immortal Game), tie-breaks: Buchholz adds "the tournament
scores of each player you played against", Sonneborn-Berger "the tournament
score of each opponent you have beaten, and half of the tournament score of
each opponent with whom you have drawn". There is no virtual opponent: the
exempted player's round (1 point) and a round "not included in the
matchmaking" (0 point) add nothing. A player who does not connect "loses the
game", so a forfeit keeps its opponent.

The event below, worked by hand (five players, four rounds):

====  =======  =======  =======  =======  ======
No    round 1  round 2  round 3  round 4  points
====  =======  =======  =======  =======  ======
1     +W2      -B3      +W4      =W5      2½
2     -B1      -F5      +BYE     -W3      1
3     =W4      +W1      =B5      +B2      3
4     =B3      --       -B1      WD       ½
5     +BYE     +F2      =W3      =B1      3
====  =======  =======  =======  =======  ======
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.core.model import RuleSet
from arbiter_app.core.presets import get_preset
from arbiter_app.core.standings import compute_standings
from tests.support.compact import event_from_rows

ROWS = {
    1: ["+W2", "-B3", "+W4", "=W5"],
    2: ["-B1", "-F5", "+BYE", "-W3"],
    3: ["=W4", "+W1", "=B5", "+B2"],
    4: ["=B3", "--", "-B1", "WD"],
    5: ["+BYE", "+F2", "=W3", "=B1"],
}
F = Fraction

# By hand: the opponents' scores as they stand, nothing for a round without an opponent.
BUCHHOLZ = {1: F(15, 2), 2: F(17, 2), 3: F(7), 4: F(11, 2), 5: F(13, 2)}
# Cut 1: the lowest of those scores goes (player 2: 2½ of 2½, 3, 3).
BUCHHOLZ_CUT_1 = {1: F(7), 2: F(6), 3: F(13, 2), 4: F(3), 5: F(11, 2)}
# Beaten: the whole score; drawn: half of it (5's forfeit win over 2 counts as beaten).
SONNEBORN_BERGER = {1: F(3), 2: F(0), 3: F(21, 4), 4: F(3, 2), 5: F(15, 4)}


def values(rule_set: RuleSet | None, code: str) -> dict[int, Fraction]:
    event = event_from_rows(ROWS, rule_set=rule_set)
    table = compute_standings(event, (code,))
    return {row.tpn: row.values[code] for row in table.rows}


@pytest.mark.parametrize(
    ("code", "expected"),
    [("BH", BUCHHOLZ), ("BH/C1", BUCHHOLZ_CUT_1), ("SB", SONNEBORN_BERGER)],
)
def test_only_opponents_played_against_count(code: str, expected: dict[int, Fraction]) -> None:
    assert values(RuleSet.ONLINE_SWISS, code) == expected


def test_the_fide_treatment_stays_selectable_and_differs() -> None:
    """FIDE C.07 16.4 gives the exempted player a dummy opponent; the online rules do not."""
    fide = values(RuleSet.FIDE_2026, "BH")
    online = values(RuleSet.ONLINE_SWISS, "BH")
    assert fide[5] != online[5]
    assert fide[2] != online[2]


def test_the_preset_brings_the_rule_set() -> None:
    preset = get_preset("online-swiss")
    assert preset.rule_set is RuleSet.ONLINE_SWISS
    event = event_from_rows(ROWS)
    table = compute_standings(event, preset.tiebreaks, rule_set=preset.rule_set)
    assert table.rule_set is RuleSet.ONLINE_SWISS
    assert table.row(5).values["BH"] == BUCHHOLZ[5]


def test_the_explanation_says_which_rounds_add_nothing() -> None:
    event = event_from_rows(ROWS, rule_set=RuleSet.ONLINE_SWISS)
    explanation = compute_standings(event, ("BH",)).explain(5, "BH")
    assert [(c.round, c.opponent, c.value) for c in explanation.contributions] == [
        (2, 2, F(1)),
        (3, 3, F(3)),
        (4, 1, F(5, 2)),
    ]
    assert "a player who does not connect loses the game" in explanation.contributions[0].note
    assert explanation.notes == (
        "round 1: pairing-allocated bye, no opponent played against: adds nothing "
        "(the online Swiss rules, tie-breaks)",
    )
    # The cut takes the least significant opponent; a round without one is never cut.
    cut = compute_standings(event, ("BH/C1",)).explain(5, "BH/C1")
    assert [c.opponent for c in cut.contributions if c.cut] == [2]
