"""The play-off's Berger tables against gacrux, FIDE's reference implementation (C.05 Annex 1)."""

import pytest
from gacrux.berger import bergertables

from arbiter_app.core.playoff.berger import berger_round, berger_schedule


@pytest.mark.parametrize("players", range(2, 17))
def test_berger_tables_match_the_fide_reference(players: int) -> None:
    table = bergertables(players)
    for round_no in range(1, table["players"]):
        expected = [
            (g["white"] if g["white"] <= players else 0, g["black"] if g["black"] <= players else 0)
            for _, g in sorted(table["pairing"][round_no].items())
        ]
        assert list(berger_round(players, round_no)) == expected


def test_known_rounds_and_the_second_cycle_reversed() -> None:
    assert berger_round(4, 1) == ((1, 4), (2, 3))
    assert berger_round(4, 2) == ((4, 3), (1, 2))
    assert berger_round(3, 1) == ((1, 0), (2, 3))  # 0: the bye
    double = berger_schedule(2, cycles=2)
    assert double == (((1, 2),), ((2, 1),))
    assert len(berger_schedule(6, 2)) == 10
    with pytest.raises(ValueError):
        berger_round(4, 4)
    with pytest.raises(ValueError):
        berger_schedule(4, 3)
