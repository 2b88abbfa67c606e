"""An imported Swiss's rounds compared with the Dutch pairing (FIDE C.02, the checklist's
question 54, as its stricter reading has it: every round against the pairing rules).

The comparison pairs each round again with Arbiter's own Dutch engine and reads the file as
the checker does (``### MPA`` lines, ``XXC rank``, no record 142), so on real files it
flags exactly the rounds ``arbiter-app check`` flags, and no other.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.checker import Kind, check_document
from arbiter_app.core.checker.imported import (
    COMPARE_LIMIT,
    DutchComparison,
    RoundDifference,
    compare_imported_rounds,
)
from arbiter_app.core.checker.rounds import FileRound
from arbiter_app.core.errors import RuleError
from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.model import Colour, Event, System
from arbiter_app.core.pairing.swiss import OWN_FALLBACK_LIMIT, BeyondFallback
from arbiter_app.core.trf import TrfDocument, TrfVersion, parse_trf
from arbiter_app.core.trf.document import KeptLine
from tests.support.real_trf import FILES, RealFile


def _document(name: str) -> TrfDocument:
    return next(f for f in FILES if f.name == name).document()


@pytest.mark.parametrize("real", FILES, ids=[f.name for f in FILES])
def test_a_real_file_differs_in_the_rounds_the_checker_flags_and_no_other(
    real: RealFile,
) -> None:
    doc = real.document()
    compared = compare_imported_rounds(doc)
    checked = check_document(doc)
    flagged = {f.round for f in checked.findings if f.kind is not Kind.STANDINGS}
    assert {r.round for r in compared.rounds} == (flagged if real.system is System.SWISS else set())
    if real.dutch:
        # Files paired by an engine of the Dutch system differ only where the test says why.
        assert {r.round for r in compared.rounds} == set(real.known_differences)
    assert compared.not_compared == ""


def _flipped(event: Event, round_no: int, tpn: int) -> tuple[Event, int]:
    """*event* with the colours of *tpn*'s game in *round_no* reversed, and the opponent."""
    entries = dict(event.entries)
    mine = entries[tpn][round_no - 1]
    assert mine.opponent is not None and mine.colour is not None
    opponent = mine.opponent
    for player in (tpn, opponent):
        row = list(entries[player])
        old = row[round_no - 1]
        assert old.colour is not None
        row[round_no - 1] = replace(old, colour=old.colour.opposite)
        entries[player] = tuple(row)
    return event.with_entries(entries), opponent


def test_a_round_the_dutch_system_pairs_otherwise_is_reported_and_the_others_are_not() -> None:
    """bbpPairings' 60-player, 14-round event follows the Dutch system on every board; with
    one game's colours reversed in its last round, that round alone differs, on that one board."""
    doc = _document("bbp-issue-7.trf")
    clean = compare_imported_rounds(doc)
    assert clean.rounds == () and clean.not_compared == ""
    event, _ = _flipped(doc.event, 14, 1)
    boards = len(FileRound.of(event, 14).games)
    compared = compare_imported_rounds(replace(doc, event=event))
    assert compared.rounds == (RoundDifference(14, boards, 1),)
    assert compared.rounds[0].text() == (
        f"1 of {boards} boards differs from the Dutch pairing (FIDE C.04.3)"
    )


def test_a_change_documented_by_an_mpa_line_is_the_arbiter_s_not_a_difference() -> None:
    """A round paired by hand and documented (``### MPA``, FIDE C.02 questions 64-69) is
    compared with the engine's pairing with that change made, as the checker does."""
    doc = _document("bbp-issue-7.trf")
    event, opponent = _flipped(doc.event, 14, 1)
    white, black = (
        (1, opponent) if doc.event.entries[1][13].colour is Colour.WHITE else (opponent, 1)
    )
    line = KeptLine(f"### MPA @ Round 14: {white}-{black} => {black}-{white}")
    documented = replace(doc, event=event, kept=(*doc.kept, line))
    assert compare_imported_rounds(documented).rounds == ()
    assert any("### MPA line" in note for note in compare_imported_rounds(documented).notes)


def test_a_larger_field_is_not_compared_and_the_import_says_how_to_compare_it() -> None:
    doc = _document("bbp-issue-7.trf")
    compared = compare_imported_rounds(doc, limit=59)
    assert compared.rounds == ()
    assert "the field has 60 players, more than the 59 an import compares" in (
        compared.not_compared
    )
    assert "'arbiter-app check FILE --engine own'" in compared.not_compared
    assert "stricter reading" in compared.not_compared
    # The limit is the field the reference engine still takes over from Arbiter's.
    assert COMPARE_LIMIT == OWN_FALLBACK_LIMIT


def test_only_a_swiss_by_the_dutch_system_is_compared() -> None:
    """Record 192 names the system: another Swiss (Dubov) or a round robin is not the Dutch
    system's to pair; a file without record 192 is Dutch by default."""
    doc = _document("tbs-held-swiss-9.trf")
    assert compare_imported_rounds(doc).rounds  # no record 192: the Dutch system
    dubov = replace(doc, kept=(KeptLine("192 FIDE_DUBOV"), *doc.kept))
    assert compare_imported_rounds(dubov) == DutchComparison()
    dutch = replace(doc, kept=(KeptLine("192 FIDE_DUTCH_2025"), *doc.kept))
    assert compare_imported_rounds(dutch).rounds == compare_imported_rounds(doc).rounds
    assert compare_imported_rounds(_document("tbs-held-round-robin.trf")) == DutchComparison()


def test_the_recorded_comparison_reads_back_and_a_wrong_one_is_refused() -> None:
    compared = compare_imported_rounds(_document("tbs-held-swiss-9.trf"))
    assert DutchComparison.from_json(compared.to_json()) == replace(compared, notes=())
    good = compared.to_json()
    first = good["rounds"][0]
    for bad in (
        {**good, "extra": 1},
        {**good, "rounds": [{**first, "differ": first["boards"] + 1}]},
        {**good, "rounds": [{**first, "round": 0}]},
        {**good, "rounds": [{**first, "differ": 0, "bye": False}]},
        {**good, "rounds": [{**first, "boards": True}]},
        {**good, "rounds": [first, first]},
        {**good, "not_compared": 3},
    ):
        with pytest.raises(ValueError):
            DutchComparison.from_json(bad)


def test_what_a_round_says() -> None:
    assert RoundDifference(3, 12, 4, bye=True).text() == (
        "4 of 12 boards differ from the Dutch pairing (FIDE C.04.3), and so does the "
        "pairing-allocated bye"
    )
    assert RoundDifference(2, 5, 0, bye=True).text() == (
        "the pairing-allocated bye is not the Dutch pairing's (FIDE C.04.3)"
    )
    assert RoundDifference(6, 1500, 1499).text() == (
        "1,499 of 1,500 boards differ from the Dutch pairing (FIDE C.04.3)"
    )
    assert "no legal pairing for round 4" in RoundDifference(4, 3, 3, unpairable=True).text()


def test_a_file_the_checker_cannot_read_is_imported_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What stops the checker (``arbiter-app check`` says the same) does not stop the import:
    the comparison says why it was not made."""

    def unreadable(*args: object, **kwargs: object) -> None:
        raise RuleError("the file holds 9 rounds: the event cannot have had 5 rounds")

    monkeypatch.setattr("arbiter_app.core.checker.imported.check_swiss", unreadable)
    compared = compare_imported_rounds(_document("tbs-held-swiss-9.trf"))
    assert compared.rounds == ()
    assert compared.not_compared == (
        "the rounds could not be compared with the Dutch pairing (FIDE C.04.3): the file "
        "holds 9 rounds: the event cannot have had 5 rounds"
    )


def test_a_round_beyond_the_fallback_stops_the_check_rather_than_be_called_unpairable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A round of a field over 3,000 players that Arbiter's engine cannot certify is not
    paired at all (gacrux is not asked): that says nothing of the file's pairing, so the
    checker stops with the reason instead of reporting that the rules give no pairing, and
    an import says it could not compare."""

    def beyond(*args: object, **kwargs: object) -> None:
        raise BeyondFallback("round 2: Arbiter's Dutch engine could not certify the pairing")

    monkeypatch.setattr("arbiter_app.core.checker.pairings.pair_round", beyond)
    doc = _document("tbs-held-swiss-9.trf")
    with pytest.raises(BeyondFallback):
        check_document(doc, engine="own")
    compared = compare_imported_rounds(doc)
    assert compared.not_compared.endswith(
        "round 2: Arbiter's Dutch engine could not certify the pairing"
    )


def test_a_game_not_known_in_an_earlier_round_is_compared_as_check_reads_it() -> None:
    """A drawn game of round 3 written with ``?`` (a result not known: TRF-26 record 162's X,
    a draw by default) leaves every round the Dutch pairing: the import compares the rounds
    after it as ``check`` does, with the game counted as a draw, not as a game missing."""
    text = generated_trf(
        generate(GeneratorSettings(players=20, rounds=6, seed=12, draw_rate=Fraction(1))),
        TrfVersion.TRF26,
    )
    lines = text.splitlines()
    start = 89 + 2 * 10  # round 3's cell, "  OOOO C R" (TRF-26 record 001)
    rows = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}
    first = next(t for t, i in rows.items() if lines[rows[t]][start + 9] == "=")
    second = int(lines[rows[first]][start + 2 : start + 6])
    marked = 0
    for tpn in (first, second):
        i = rows[tpn]
        lines[i] = lines[i][: start + 9] + "?" + lines[i][start + 10 :]
        marked += 1
    assert marked == 2
    doc = parse_trf("\n".join(lines) + "\n")
    assert doc.unknown_results
    assert compare_imported_rounds(doc).rounds == ()
    assert {f.round for f in check_document(doc).findings if f.kind is not Kind.STANDINGS} == set()
