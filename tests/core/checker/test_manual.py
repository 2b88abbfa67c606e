"""Reading the arbiter's documented manual pairings (``### MPA``, FIDE C.02 Q64-69)."""

from __future__ import annotations

from arbiter_app.core.checker.manual import Side, documented_round, manual_pairings


def test_an_mpa_line_reads_both_sides_and_bad_lines_are_noted() -> None:
    found, notes = manual_pairings(
        [
            "### Correction @ Round 1: 5-6 1-0 => 0-1",
            "### MPA @ Round 2: 4-3 5-2 1=PAB => 2-3 5-1 4=PAB",
            "### MPA @ Round 3: 1-2 => banana",
        ]
    )
    assert list(found) == [2]
    assert found[2].engine == Side(((4, 3), (5, 2)), 1)
    assert found[2].hand == Side(((2, 3), (5, 1)), 4)
    assert len(notes) == 1 and "Round 3" in notes[0]


def test_the_documented_round_is_the_engines_with_the_change_made() -> None:
    found, _ = manual_pairings(["### MPA @ Round 4: 3-4 => 4-3"])
    engine = ((1, 2), (3, 4), (5, 6))
    assert documented_round(found[4], engine, None) == (((1, 2), (5, 6), (4, 3)), None)
    # Boards the engine does not make: the line documents nothing of this round.
    assert documented_round(found[4], ((1, 3), (2, 4)), None) is None
    unpairable, _ = manual_pairings(["### MPA @ Round 5: no legal pairing => 1-2 3=PAB"])
    assert documented_round(unpairable[5], None, None) == (((1, 2),), 3)
