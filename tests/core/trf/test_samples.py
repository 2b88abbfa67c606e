"""Golden files: handwritten TRF-16 and TRF-26 samples and the FIDE TEC 2024 exercise."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from arbiter_app.core.model import Colour, EntryKind, Outcome, RoundEntry, RuleSet, System
from arbiter_app.core.points import STANDARD
from arbiter_app.core.trf import TrfVersion, event_to_trf, parse_trf, write_trf
from tests.core.trf.tec import DATA, TEC_TRF, tec_event

TRF16 = DATA / "trf" / "open-2024.trf16.trf"
TRF26 = DATA / "trf" / "festival-2025.trf26.trf"
SAMPLES = [TRF16, TRF26, TEC_TRF]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_sample_reads_and_writes_back_character_for_character(path) -> None:  # type: ignore[no-untyped-def]
    text = path.read_text(encoding="utf-8")
    doc = parse_trf(text, path.name)
    assert doc.warnings == ()
    assert write_trf(doc) == text


def test_trf16_sample() -> None:
    doc = parse_trf(TRF16.read_text(encoding="utf-8"), TRF16.name)
    ev = doc.event
    assert doc.version is TrfVersion.TRF16
    assert doc.initial_colour is Colour.WHITE  # XXC white1
    assert ev.planned_rounds == 5  # XXR
    assert ev.info.city == "Jaén"
    assert ev.info.start_date == date(2024, 3, 18)
    assert ev.effective_rule_set is RuleSet.FIDE_2024
    assert ev.info.round_dates == ("24/03/18", "24/03/19", "24/03/20", "24/03/21", "24/03/22")
    assert ev.info.deputy_arbiters == ("FA Kowalski, Piotr",)
    first = ev.player(1)
    assert (first.name, first.title, first.rating, first.federation) == (
        "Šťastný, Jiří",
        "GM",
        2612,
        "CZE",
    )
    assert ev.player(6).name == "王浩"
    assert ev.player(10).rating is None
    # Player 10: forfeit loss, absent, then withdrawn (ARB WITHDRAWN 10 3).
    assert ev.player(10).withdrawn_from_round == 3
    assert [e.kind for e in ev.entries_of(10)] == [
        EntryKind.FORFEIT_LOSS,
        EntryKind.NOT_PAIRED,
        EntryKind.WITHDRAWN,
        EntryKind.WITHDRAWN,
        EntryKind.WITHDRAWN,
    ]
    assert ev.entry(5, 1) == RoundEntry(EntryKind.FORFEIT_WIN, 10, Colour.WHITE)
    assert [ev.entry(7, r).kind for r in (4, 5)] == [EntryKind.FULL_BYE, EntryKind.ZERO_BYE]
    assert [ev.entry(9, r).kind for r in (2, 3)] == [EntryKind.HALF_BYE, EntryKind.PAIRING_BYE]
    assert ev.entry(2, 4) == RoundEntry.game(3, Colour.WHITE, Outcome.WIN)
    assert ev.score(2) == 4 and ev.score(9) == Fraction(3, 2)
    assert doc.ranks[9] == 8


def test_trf26_sample() -> None:
    doc = parse_trf(TRF26.read_text(encoding="utf-8"), TRF26.name)
    ev = doc.event
    assert doc.version is TrfVersion.TRF26
    assert doc.initial_colour is Colour.WHITE  # 152 W
    assert ev.planned_rounds == 6 and ev.rounds_played == 4
    assert ev.system is System.SWISS  # 192 FIDE_DUTCH
    assert ev.effective_rule_set is RuleSet.FIDE_2024  # starts 2 June 2025
    # 162: W 3, D 1, L 0, A 0, P 1 — exact fractions.
    ps = ev.point_system
    assert (ps.win, ps.draw, ps.loss, ps.absent, ps.pairing_bye_points) == (3, 1, 0, 0, 1)
    assert ps.name == "3/1/0"
    assert ev.player(2).name == "בן-דוד, נועה"
    assert ev.player(3).name == "الحسن, عمر"
    # Unrated draw (D): played, not rated.
    assert ev.entry(5, 3) == RoundEntry.game(7, Colour.WHITE, Outcome.DRAW, rated=False)
    assert ev.entry(7, 4).kind is EntryKind.PAIRING_BYE
    assert ev.entry(8, 4).kind is EntryKind.WITHDRAWN
    assert [(b.tpn, b.round, b.kind) for b in ev.bye_requests] == [
        (3, 5, EntryKind.HALF_BYE),
        (7, 5, EntryKind.HALF_BYE),
        (2, 6, EntryKind.ZERO_BYE),
    ]
    assert ev.forbidden_pairs == (frozenset({2, 5}),)
    (penalty,) = ev.adjustments
    assert (penalty.tpn, penalty.points, penalty.round) == (5, Fraction(-1), 3)
    assert "12.9" in penalty.reason
    assert ev.score(5) == 3 and ev.score(7) == 6 and ev.score(1) == 8
    # Records Arbiter does not model come back verbatim.
    kept = [k.text for k in doc.kept]
    assert "222 5400+30" in kept
    assert doc.tiebreaks == ("BH/C1", "BH", "SB")  # records 202/212


def test_tec_file_is_the_exercise_written_by_arbiter() -> None:
    """tests/data/trf/tec-2024.trf is exactly what the writer makes of the exercise."""
    event = tec_event()
    assert event_to_trf(event, TrfVersion.TRF26) == TEC_TRF.read_text(encoding="utf-8")
    doc = parse_trf(TEC_TRF.read_text(encoding="utf-8"))
    assert doc.event == event
    assert doc.event.effective_rule_set is RuleSet.FIDE_2024
    assert doc.event.point_system == STANDARD
    assert doc.event.entry(9, 4) == RoundEntry(EntryKind.FORFEIT_LOSS, 11)
    assert doc.event.entry(12, 4).kind is EntryKind.NOT_PAIRED
    assert doc.event.score(2) == 4


# A file in the style other programs write: column rulers without ###, empty records,
# a dashed date, rating 0000 for the unrated, titles flush left, "   0" for no opponent,
# trailing blanks, and a player count with a remark after it.
FOREIGN = DATA / "trf" / "club-foreign-style.trf"


def test_a_file_in_another_programs_style() -> None:
    doc = parse_trf(FOREIGN.read_text(encoding="utf-8"), FOREIGN.name)
    ev = doc.event
    assert doc.warnings == ()
    assert ev.info.start_date == date(2025, 1, 10)
    assert ev.info.city == "" and ev.info.round_dates == ()
    assert ev.player(1).title == "FM" and ev.player(2).rating is None
    assert ev.player(2).fide_id == "1500123" and ev.player(1).fide_id == "0"
    assert [ev.entry(1, 3).kind, ev.entry(2, 2).kind, ev.entry(3, 3).kind] == [
        EntryKind.HALF_BYE,
        EntryKind.PAIRING_BYE,
        EntryKind.ZERO_BYE,
    ]
    assert ev.scores() == {1: Fraction(5, 2), 2: 1, 3: Fraction(1, 2), 4: Fraction(3, 2)}
    # Rulers are kept where they stood; the data come back in Arbiter's layout.
    assert [k.text[:10] for k in doc.kept] == ["         1", "1234567890"]
    again = parse_trf(write_trf(doc))
    assert again.event == ev and again.kept == doc.kept
