"""Real TRF files (tests/data/trf/real/, sources in SOURCES.md): read, scored, paired, written back.

For every file: it reads without a refusal or a warning; every player's score
equals the file's own points column; points and ten FIDE tie-breaks (and the
rating-based ones where gacrux defines them) equal those of FIDE's reference
implementation (gacrux) reading the same file; each round of a file paired by
a FIDE-endorsed Dutch engine is what the Dutch system pairs from the rounds
before it (or a difference named, with its reason, in
:data:`tests.support.real_trf.FILES`); the round a file leaves to pair is
paired as bbpPairings pairs it; and the file written back is the file read,
byte for byte.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from gacrux.tiebreak import tiebreak
from gacrux.trf2json import trf2json

from arbiter_app.core.model import Outcome, RuleSet, System
from arbiter_app.core.pairing.recorded import next_round
from arbiter_app.core.pairing.swiss import SwissOptions, pair_round
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.trf import TrfVersion, event_to_trf, parse_trf, write_trf
from tests.support.real_trf import (
    FILES,
    RealFile,
    compare_with_gacrux,
    export_differences,
    pairing_rounds,
    points_column,
    rank_column,
)

_IDS = [f.name for f in FILES]


def test_ten_files_or_more_each_with_its_source() -> None:
    sources = (FILES[0].path.parent / "SOURCES.md").read_text(encoding="utf-8")
    assert len(FILES) >= 10
    assert sorted(p.name for p in FILES[0].path.parent.glob("*.trf")) == sorted(_IDS)
    for real in FILES:
        assert f"`{real.name}`" in sources


@pytest.mark.parametrize("real", FILES, ids=_IDS)
def test_reads_without_a_warning(real: RealFile) -> None:
    doc = real.document()
    assert [str(w) for w in doc.warnings] == []
    event = doc.event
    assert (len(event.players), event.rounds_played) == (real.players, real.rounds)
    assert event.system is real.system


@pytest.mark.parametrize("real", FILES, ids=_IDS)
def test_scores_are_the_files_own_points(real: RealFile) -> None:
    doc = real.document()
    written = points_column(doc, real.text())
    assert written  # every file states its players' points
    scores = doc.event.scores()
    assert {tpn: scores[tpn] for tpn in written} == written


@pytest.mark.parametrize("real", FILES, ids=_IDS)
def test_tiebreaks_equal_gacrux(real: RealFile) -> None:
    comparison = compare_with_gacrux(real, real.document())
    assert comparison.compared >= 11 * real.players
    assert comparison.differences == []


@pytest.mark.parametrize("real", [f for f in FILES if f.dutch], ids=lambda f: f.name)
def test_each_round_pairs_as_the_file(real: RealFile) -> None:
    """FIDE C.04.3 (Dutch system) from the rounds before each round, requested byes honoured."""
    rounds = pairing_rounds(real.document())
    assert len(rounds) == real.rounds
    differing = {r for r, same in rounds.items() if not same}
    assert differing == set(real.known_differences)


@pytest.mark.parametrize("real", [f for f in FILES if f.next_round], ids=lambda f: f.name)
def test_the_round_left_to_pair_is_paired_as_bbppairings_pairs_it(real: RealFile) -> None:
    assert real.next_round is not None
    round_no, expected = real.next_round
    doc = real.document()
    event, to_pair = next_round(doc.event)
    assert to_pair == round_no
    pairing = pair_round(event, to_pair, SwissOptions(initial_colour=doc.initial_colour))
    assert pairing.engine_text() == expected


def test_a_pending_request_is_not_a_played_round() -> None:
    """bbp-dutch-2025-c5: player 4's ``0000 - Z`` stands in round 3, the round to pair."""
    (real,) = [f for f in FILES if f.name == "bbp-dutch-2025-c5.trf"]
    doc = real.document()
    event = doc.event
    assert event.rounds_played == 2 and doc.pending_cells
    assert [(b.tpn, b.round, b.kind.value) for b in event.bye_requests] == [(4, 3, "zero-bye")]


def test_a_round_robin_named_by_no_record_is_found_from_its_games() -> None:
    """tbs-held-round-robin: no 092 or 192; everybody met everybody once (C.07 article 15.2)."""
    (real,) = [f for f in FILES if f.system.is_round_robin]
    doc = real.document()
    assert doc.event.info.tournament_type == ""
    assert doc.event.system is real.system


@pytest.mark.parametrize("real", FILES, ids=_IDS)
def test_written_back_byte_for_byte(real: RealFile) -> None:
    """Records in their order and form, kept lines, line ends, the rank column as read."""
    text = real.text()
    doc = real.document()
    compared, wrong = export_differences(text, write_trf(doc))
    assert compared > 10 * real.players and wrong == []  # field by field, then byte for byte
    assert write_trf(doc) == text
    assert dict(doc.ranks) == rank_column(text)


def test_a_round_robin_named_by_092_scores_forfeits_as_games_as_gacrux_does() -> None:
    """FIDE C.07 article 15.2: with predetermined pairings a forfeit counts as played.

    The exercise's round robin after round 4 (player 5's forfeit against 6 included), with
    6 beating 4 in round 3 (a draw in the exercise, where 5 and 6 end level and the two
    readings happen to agree): not everybody has met yet, so only record 092
    (``Individual: Round-Robin``, Swiss-Manager's words) says it is a round robin. gacrux reads
    the same file and decides from 092 too.
    """
    (real,) = [f for f in FILES if f.system.is_round_robin]
    full = real.document().event
    rows = dict(full.truncated(4).entries)
    for tpn, outcome in ((6, Outcome.WIN), (4, Outcome.LOSS)):
        rows[tpn] = (*rows[tpn][:2], replace(rows[tpn][2], outcome=outcome), *rows[tpn][3:])
    event = replace(
        full.truncated(4),
        entries=rows,
        info=replace(full.info, tournament_type="Individual: Round-Robin"),
        planned_rounds=5,
    )
    text = event_to_trf(event, TrfVersion.TRF16)
    assert "ARB SYSTEM" not in text  # 092 says it
    read = parse_trf(text).event
    assert read.system is System.ROUND_ROBIN
    reader = trf2json()
    reader.parse_file(text, False)
    tournament = reader.get_tournament(1)
    params = {"tiebreak": ["PTS", "BH", "SB"], "check": False}  # gacrux's own reading of 092
    result = tiebreak(tournament, 4, params).compute_tiebreaks(tournament, params)
    theirs = {
        c["cid"]: [Fraction(str(v)) for v in c["tiebreakScore"][1:]] for c in result["competitors"]
    }
    rules = RuleSet.FIDE_2026 if result["rules"] == "2026-03-01" else RuleSet.FIDE_2024
    ours = compute_standings(replace(read, rule_set=rules), ["BH", "SB"])
    assert {r.tpn: [r.values["BH"], r.values["SB"]] for r in ours.rows} == theirs
    # Read as a Swiss (as before record 092 counted), the forfeit would be unplayed: BH differs.
    swiss = compute_standings(replace(read, system=System.SWISS, rule_set=rules), ["BH", "SB"])
    assert {r.tpn: [r.values["BH"], r.values["SB"]] for r in swiss.rows} != theirs
