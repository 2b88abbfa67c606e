"""Speed of the US Chess engine: round 4 of a 500-player section in under 2 seconds
(issue 24). Run by hand (benchmarks are excluded from the default run)::

    python -m pytest -q -s tests/benchmarks/test_uschess_speed.py
"""

from __future__ import annotations

from tests.benchmarks.bench_pairing import US_TARGET_SECONDS, uschess_row, uschess_table


def test_a_500_player_section_pairs_round_4_in_under_2_seconds() -> None:
    row = uschess_row(500, 4)
    print()
    print(uschess_table([row]))
    assert row.boards >= 240
    assert row.cpu < US_TARGET_SECONDS
