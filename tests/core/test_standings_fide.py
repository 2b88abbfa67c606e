"""Standings over the FIDE reference exercises with the real tie-break catalogue.

Expected orders come from "Exercises in Tie-Breaking" (FIDE TEC, for C.07-2023):
the chapter-3 "Final Rankings" table of the 16-player Swiss and exercise 26
(direct encounter in the 6-player round robin).
"""

from fractions import Fraction

from arbiter_app.core.presets import PRESETS, get_preset
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.tiebreaks import parse_spec
from tests.core.tiebreaks.conftest import reference_event


def order(standings) -> list[str]:
    """Places as ``tpn`` or ``tpn=tpn`` for players sharing a place, in standings order."""
    out: list[str] = []
    seen: dict[str, list[int]] = {}
    for row in standings.rows:
        seen.setdefault(row.place, []).append(row.tpn)
    for tpns in seen.values():
        out.append("=".join(str(t) for t in sorted(tpns)))
    return out


def test_swiss_by_buchholz_matches_the_final_rankings_table() -> None:
    """Chapter 3: BH ranks 2 3 4 (1 16) 6 (8 11) 5 15 12 14 7 13 9 10; ties persist."""
    st = compute_standings(reference_event("swiss16-2023"), ["BH"])
    assert order(st) == [
        "2",
        "3",
        "4",
        "1=16",
        "6",
        "8=11",
        "5",
        "15",
        "12",
        "14",
        "7",
        "13",
        "9",
        "10",
    ]
    assert st.row(16).place == "4-5" and st.row(11).place == "7-8"


def test_swiss_by_buchholz_cut_1_then_buchholz() -> None:
    st = compute_standings(reference_event("swiss16-2023"), ["BH/C1", "BH"])
    assert order(st) == [
        "2",
        "3",
        "4",
        "1=16",
        "6",
        "8=11",
        "5",
        "15",
        "12",
        "14",
        "7",
        "13",
        "9",
        "10",
    ]
    assert st.row(3).values == {"BH/C1": 13, "BH": Fraction(31, 2)}


def test_round_robin_direct_encounter_in_each_tied_group() -> None:
    """Exercise 26: 1 beats the 2-3 tie; among 4, 5, 6 Helene (6), Franck (5), David (4)."""
    st = compute_standings(reference_event("rr6-2023"), ["DE"])
    assert order(st) == ["1", "2=3", "6", "5", "4"]
    assert st.groups[(2, "DE")] == (1, 2, 3)
    assert st.groups[(6, "DE")] == (4, 5, 6)
    # Koya (exercise 16) cannot split 2 and 3 either
    st2 = compute_standings(reference_event("rr6-2023"), ["DE", "KS"])
    assert st2.row(2).place == "2-3"


def test_fide_round_robin_preset_runs_on_the_round_robin() -> None:
    p = get_preset("fide-round-robin")
    st = compute_standings(reference_event("rr6-2023"), p.tiebreaks)
    assert st.rows[0].tpn == 1
    assert [r.points for r in st.rows] == sorted((r.points for r in st.rows), reverse=True)


def test_every_preset_parses_with_the_full_catalogue() -> None:
    for preset in PRESETS.values():
        for code in preset.tiebreaks:
            parse_spec(code)
    swiss = reference_event("swiss16-2023")
    for name in ("online-swiss", "fide-swiss", "uscf"):
        st = compute_standings(swiss, get_preset(name).tiebreaks)
        assert len(st.rows) == 16
        for row in st.rows:
            for code in st.codes:
                assert st.explain(row.tpn, code).value == row.values[code]
