"""A file that does not say how many rounds its event has (no record 142 or XXR).

The Dutch system pairs the final round with exceptions for its topscorers (FIDE C.04.3
article 1.8: criteria C3, C10 and C11 relax for them). Without the event's length no
round is known to be the final one: a round the file follows with another is checked as
one with more to come, the file's last round under either reading, and the report says
which (checklist Q35: discrepancies must not come from the checker).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_app.core.checker import CheckReport, Kind, check_document
from arbiter_app.core.checker.pairings import check_swiss
from arbiter_app.core.errors import RuleError
from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.model import Event, System
from arbiter_app.core.trf import TrfVersion, parse_trf
from arbiter_app.core.trf.document import TrfDocument

UNKNOWN = "the file does not say how many rounds the event has"


def without_142(seed: int, players: int, rounds: int) -> tuple[TrfDocument, TrfDocument]:
    """A generated Swiss as written (record 142 included) and the same file without 142."""
    settings = GeneratorSettings(players=players, rounds=rounds, seed=seed)
    text = generated_trf(generate(settings), TrfVersion.TRF26)
    assert f"142 {rounds}" in text.splitlines()
    kept = [line for line in text.splitlines() if not line.startswith("142")]
    return parse_trf(text), parse_trf("\n".join(kept) + "\n")


def test_q35_a_round_before_the_files_last_is_not_checked_as_the_final_round() -> None:
    """Seed 1: round 6 of 7 is right because it is not the final round (with topscorers'
    exceptions the Dutch system pairs it otherwise); read as the last round it was reported."""
    whole, bare = without_142(1, 12, 7)
    assert whole.event.planned_rounds == 7 and bare.event.planned_rounds == 0
    assert check_document(whole).agrees
    report = check_document(bare)
    assert report.agrees, [f.message for f in report.findings]
    assert any(note.startswith(UNKNOWN) and "C.04.3 article 1.8" in note for note in report.notes)


def pairing_rounds(report: CheckReport) -> set[int]:
    return {f.round for f in report.findings if f.kind is not Kind.STANDINGS and f.round}


def test_q35_round_six_as_the_final_round_differs() -> None:
    """The same file cut after round 6 and told it has 6 rounds: round 6 is then the final
    round and the Dutch system pairs it otherwise, so the previous test decides something.
    Not told, the cut file's round 6 is checked as a round with more to come, and agrees."""
    _, bare = without_142(1, 12, 7)
    cut = replace(bare, event=bare.event.truncated(6))
    assert cut.event.rounds_played == 6
    assert pairing_rounds(check_document(cut, rounds=6)) == {6}
    assert pairing_rounds(check_document(cut)) == set()


def test_q35_the_files_last_round_right_only_as_the_final_round_is_said_so() -> None:
    """Seed 11: round 7 was paired as the final round. Without 142 it is not known to be the
    last, but the file ends there: right as the final round, it agrees, and the report says
    which reading it needed; given the count, it agrees without the note."""
    whole, bare = without_142(11, 12, 7)
    with_142 = check_document(whole)
    assert with_142.agrees and not any(note.startswith(UNKNOWN) for note in with_142.notes)
    report = check_document(bare)
    assert report.agrees
    assert (
        "round 7 agrees with the rules as the event's final round (C.04.3 article 1.8, "
        "criteria C3, C10, C11), not as a round with more to come; the file ends there and "
        "does not say which it was, so it is taken as the final round (--rounds gives the "
        "event's number of rounds)"
    ) in report.notes
    # Checked as a round with more to come, round 7 differs: the note is not idle.
    assert pairing_rounds(check_document(bare, rounds=8)) == {7}
    told = check_document(bare, rounds=7)
    assert told.agrees
    assert "the event has 7 rounds, as the command line says" in told.notes
    assert not any(note.startswith(UNKNOWN) for note in told.notes)


def test_fewer_rounds_than_the_file_holds_are_refused() -> None:
    _, bare = without_142(1, 12, 7)
    with pytest.raises(RuleError, match="the file holds 7 rounds: the event cannot have had 5"):
        check_document(bare, rounds=5)


def test_the_double_swiss_names_its_own_final_round_rules() -> None:
    """FIDE's Double-Swiss System relaxes floaters' criteria in its last round (C.04.5
    articles 2.3.4, 2.3.5), not topscorers' as the Dutch system does."""
    _, double = check_swiss(Event(system=System.FIDE_DOUBLE_SWISS), None)
    _, dutch = check_swiss(Event(system=System.SWISS), None)
    assert any("FIDE C.04.5 articles 2.3.4 and 2.3.5, criteria C7, C8" in n for n in double)
    assert any("FIDE C.04.3 article 1.8, criteria C3, C10, C11" in n for n in dutch)
    _, told = check_swiss(Event(system=System.SWISS), None, scheduled=5)
    assert not any(note.startswith(UNKNOWN) for note in told)
