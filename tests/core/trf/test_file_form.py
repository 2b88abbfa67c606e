"""A file written back keeps its form: records as written while unchanged, order, line ends;
requests for the round to pair stay requests; what an import keeps beside its event."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_app.core.model import EntryKind, RoundEntry
from arbiter_app.core.trf import (
    TrfDocument,
    TrfVersion,
    assemble,
    document_from_json,
    document_to_json,
    parse_trf,
    results_key,
    write_trf,
)
from tests.support.real_trf import REAL

SPANISH = (REAL / "madrid-san-viator-2018.trf").read_text(encoding="utf-8")
C5 = (REAL / "bbp-dutch-2025-c5.trf").read_text(encoding="utf-8")


def test_an_unchanged_record_is_written_as_the_file_had_it() -> None:
    """A birth year alone stays in columns 70-73; 042 keeps its day-first form."""
    doc = parse_trf(SPANISH)
    first = next(line for line in SPANISH.splitlines() if line.startswith("001    1"))
    assert first[69:79] == "1981      " and doc.event.player(1).birth == "1981"
    assert ("042", 0) in doc.verbatim and doc.verbatim[("042", 0)][1] == "042 08/04/2018"
    assert write_trf(doc) == SPANISH


def test_a_changed_record_is_written_anew_and_the_rest_stays() -> None:
    doc = parse_trf(SPANISH)
    renamed = replace(doc.event.player(2), name="San Felipe González, Tomás")
    event = doc.event.with_players([renamed, *(p for p in doc.event.players if p.tpn != 2)])
    old = SPANISH.splitlines()
    new = write_trf(replace(doc, event=event)).splitlines()
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    assert len(changed) == 1
    before, after = changed[0]
    assert before.startswith("001    2") and "González, Tomás" in after
    assert after[69:79] == "1957      "  # the year alone stays where it was


def test_records_keep_the_files_order() -> None:
    """chessroster's TRF-26 puts 162 after the players; the file's order stays."""
    text = (REAL / "tbs-no-colour-preference.trf").read_text(encoding="utf-8")
    assert write_trf(parse_trf(text)).splitlines()[-1].startswith("162 ")


def test_line_ends_are_the_files() -> None:
    crlf = C5.replace("\n", "\r\n")
    cr = C5.replace("\n", "\r")
    assert write_trf(parse_trf(crlf)) == crlf
    assert write_trf(parse_trf(cr)) == cr


def test_requests_for_the_round_to_pair_stay_requests() -> None:
    """``0000 - Z`` after the last round with a game: a request for round 3, not round 3."""
    doc = parse_trf(C5)
    event = doc.event
    assert event.rounds_played == 2 and doc.pending_cells
    assert event.entry(4, 3).kind is EntryKind.NOT_PAIRED
    assert [(b.tpn, b.round, b.kind) for b in event.bye_requests] == [(4, 3, EntryKind.ZERO_BYE)]
    assert write_trf(doc) == C5  # written back as a cell, as it was read


def test_a_half_point_request_may_be_counted_in_the_points_column() -> None:
    """The engines' files count the pending bye in the points column (gacrux requires it,
    bbpPairings reads either): both read without a warning, and Arbiter writes it counted."""
    text = C5.replace(
        "0.0    5     1 b 0     3 w 0  0000 - Z", "0.5    5     1 b 0     3 w 0  0000 - H"
    )
    doc = parse_trf(text)
    assert doc.warnings == () and doc.event.score(4) == 0
    assert write_trf(doc) == text
    without = text.replace("0.5    5     1 b 0", "0.0    5     1 b 0")
    assert parse_trf(without).warnings == ()
    bare = replace(doc, verbatim={})
    assert " 0.5    5     1 b 0     3 w 0  0000 - H" in write_trf(bare)


def test_rounds_of_byes_only_are_kept_as_rounds_by_arbiters_record() -> None:
    """An event whose last round had only byes (everyone took one) is not read as requests."""
    doc = parse_trf(C5)
    event = doc.event
    rows = {t: (*row, RoundEntry(EntryKind.HALF_BYE)) for t, row in event.entries.items()}
    byes_round = replace(event, entries=rows, bye_requests=())
    text = write_trf(replace(doc, event=byes_round, verbatim={}, order=(), pending_cells=False))
    assert "ARB PLAYED 3\n" in text
    again = parse_trf(text).event
    assert again.rounds_played == 3 and again.bye_requests == ()


def test_what_an_import_keeps_beside_its_event() -> None:
    doc = parse_trf(SPANISH.replace("\n", "\r\n"))
    data = document_to_json(doc)
    back = document_from_json(doc.event, data)
    # The reader leaves the results key to be worked out; the stored form holds it.
    assert doc.results is None and back == replace(doc, results=doc.results_as_read())
    assert document_from_json(doc.event, {**data, "format": 99}) is None


def test_the_results_key_follows_the_results_only() -> None:
    event = parse_trf(SPANISH).event
    renamed = event.with_players(
        [replace(p, name=p.name.upper()) if p.tpn == 1 else p for p in event.players]
    )
    assert results_key(renamed) == results_key(event)
    changed = replace(
        event,
        entries={**event.entries, 1: (RoundEntry(EntryKind.HALF_BYE), *event.entries[1][1:])},
    )
    assert results_key(changed) != results_key(event)


def test_trf26_output_is_complete() -> None:
    """152, 162, 192, 202/212 and 222 where the event says them (TRF-26 tournament section)."""
    doc = parse_trf(SPANISH)
    info = replace(doc.event.info, time_control="G/90+30")
    event = replace(doc.event, info=info, planned_rounds=7)
    text = write_trf(replace(doc, event=event, version=TrfVersion.TRF26, tiebreaks=("BH/C1", "SB")))
    tags = [line[:3] for line in text.splitlines()]
    for tag in ("132", "142", "152", "162", "192", "202", "212", "222"):
        assert tag in tags, tag
    assert "\n202 BH/C1,SB\n212 PTS,BH/C1,SB\n" in text
    assert "\n222 5400+30\n" in text
    # A US Chess list is not FIDE's: no 202/212.
    us = write_trf(replace(doc, version=TrfVersion.TRF26, tiebreaks=("MM", "SOLK")))
    assert "\n202 " not in us


def test_national_ratings_are_trf26s_record_172_and_nrs_records() -> None:
    """TRF-26: 172 names the federation and the ranking method; an NRS record per player
    (pairing number 5-8, national rating 49-52, national number 58-68). TRF-16 has neither:
    Arbiter's own record carries them there, and for a number longer than 11 columns."""
    doc = parse_trf(C5)
    players = [
        replace(p, national_rating=1500 + p.tpn, national_id=f"ESP{p.tpn}") if p.tpn < 3 else p
        for p in doc.event.players
    ]
    event = replace(doc.event.with_players(players), info=replace(doc.event.info, federation="ESP"))
    text = write_trf(TrfDocument(event, TrfVersion.TRF26))
    assert "\n172 ESP FIDE\n" in text and "ARB NATIONAL" not in text
    nrs = [line for line in text.splitlines() if line.startswith("ESP ")]
    assert len(nrs) == 2
    assert nrs[0][4:8] == "   1" and nrs[0][48:52] == "1501" and nrs[0][57:68].strip() == "ESP1"
    again = parse_trf(text).event
    assert [(p.national_rating, p.national_id) for p in again.players][:3] == [
        (1501, "ESP1"),
        (1502, "ESP2"),
        (None, ""),
    ]
    sixteen = write_trf(TrfDocument(event, TrfVersion.TRF16))
    assert "172 " not in sixteen and "ARB NATIONAL 1 1501 ESP1\n" in sixteen
    long_id = event.with_players(
        [replace(p, national_id="ESP-0000000012") if p.tpn == 1 else p for p in event.players]
    )
    text = write_trf(TrfDocument(long_id, TrfVersion.TRF26))
    assert "ARB NATIONAL 1 1501 ESP-0000000012\n" in text
    assert parse_trf(text).event.player(1).national_id == "ESP-0000000012"


def test_reading_a_file_leaves_the_form_to_be_compared_when_it_is_written_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Comparing every record with Arbiter's own text of it costs as much as writing the
    file; the standings and the sheets of a file never need it, so the reader defers it."""
    rendered: list[int] = []
    real = assemble.render_records

    def counting(doc: TrfDocument, *, strict: bool = True) -> list[tuple[tuple[str, int], str]]:
        rendered.append(1)
        return real(doc, strict=strict)

    monkeypatch.setattr(assemble, "render_records", counting)
    doc = parse_trf(SPANISH)
    assert doc.event.player(1).birth == "1981" and rendered == []
    assert doc.verbatim[("042", 0)][1] == "042 08/04/2018" and rendered == [1]
    assert write_trf(doc) == SPANISH and rendered == [1]  # worked out once
    assert doc.results is None and doc.results_as_read() == results_key(doc.event)
