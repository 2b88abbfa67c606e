"""The Pairing and Tie-break Checker (FIDE C.02, checklist group Q16-39)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_app.core.checker import Kind, check_document, file_tiebreaks
from arbiter_app.core.errors import RuleError, UnknownTieBreak
from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.quotas import parse_quota
from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.model import Colour, EntryKind, System
from arbiter_app.core.trf import TrfVersion, parse_trf
from arbiter_app.core.trf.document import KeptLine, TrfDocument
from tests.checker import broken
from tests.support.gacrux_checker import gacrux_check
from tests.support.real_trf import FILES as REAL_FILES
from tests.support.real_trf import RealFile

DATA = Path(__file__).resolve().parents[2] / "data" / "trf"


def generated(**kw: object) -> TrfDocument:
    base: dict[str, object] = {
        "players": 18,
        "rounds": 6,
        "seed": 21,
        "half_byes": parse_quota("1"),
        "forfeits": parse_quota("r2:1"),
    }
    base.update(kw)
    settings = GeneratorSettings(**base)  # type: ignore[arg-type]
    return parse_trf(generated_trf(generate(settings), TrfVersion.TRF26))


def test_q16_39_a_generated_swiss_agrees() -> None:
    report = check_document(generated())
    assert report.agrees and report.rounds == 6
    assert report.tiebreaks == ("ARO/C1", "BH/C1", "BH", "DE")
    assert report.tiebreak_source == "records 202/212"


def test_q16_39_flipped_colours_are_reported_as_an_arbiter_says_it() -> None:
    doc = generated()
    copy = broken.flip_colours(doc, 3, random.Random(0))
    changed = {
        p.tpn for p in doc.event.players if doc.event.entry(p.tpn, 3) != copy.event.entry(p.tpn, 3)
    }
    flipped = [f for f in check_document(copy).findings if f.round == 3 and f.kind is Kind.COLOUR]
    assert flipped
    f = flipped[0]
    assert f.expected is not None
    w, b = f.expected
    assert f.message == (
        f"Round 3: board {f.board} should be {w} - {b} (White {w}), the file has {b} - {w}"
    )
    assert {w, b} == changed


def test_q16_39_exchanged_players_are_reported_in_their_round() -> None:
    doc = generated()
    copy = broken.swap_players(doc, 4, random.Random(3))
    report = check_document(copy)
    assert not report.agrees
    assert min(report.rounds_with_findings()) == 4
    first = report.findings[0]
    assert first.kind is Kind.PAIRING and first.message.startswith("Round 4: board ")
    assert " should be " in first.message and ", the file has " in first.message


def test_q16_39_the_pairing_allocated_bye_to_the_wrong_player() -> None:
    doc = generated(players=17, half_byes=parse_quota("0"), forfeits=parse_quota("0"))
    event = doc.event
    holder = next(
        p.tpn for p in event.players if event.entry(p.tpn, 1).kind is EntryKind.PAIRING_BYE
    )
    white, black = broken._games(event, 1)[0]
    entries = dict(event.entries)
    entries[holder] = (replace(event.entry(white, 1), opponent=black), *entries[holder][1:])
    # The bye holder takes White's place on that board; White gets the bye instead.
    entries[white] = (event.entry(holder, 1), *entries[white][1:])
    entries[black] = (replace(event.entry(black, 1), opponent=holder), *entries[black][1:])
    report = check_document(replace(doc, event=event.with_entries(entries)))
    byes = [f for f in report.findings if f.kind is Kind.BYE]
    assert byes and byes[0].message == (
        f"Round 1: the pairing-allocated bye should go to {holder}, the file gives it to {white}"
    )


def test_q16_39_a_rank_out_of_order_is_reported() -> None:
    doc = generated()
    copy, (x, y) = broken.swap_ranks(doc, random.Random(2))
    report = check_document(copy)
    assert {f.player for f in report.findings} == {x, y}
    assert all(f.kind is Kind.STANDINGS and f.round is None for f in report.findings)
    assert all(f.message.startswith("Standings: player ") for f in report.findings)


def test_q16_39_tiebreaks_from_the_command_line_or_the_file() -> None:
    doc = generated()
    assert check_document(doc, ["BH", "SB"]).tiebreak_source == "the command line"
    assert file_tiebreaks(doc) == (("ARO/C1", "BH/C1", "BH", "DE"), "records 202/212")
    none = replace(doc, tiebreaks=())
    assert file_tiebreaks(none) == ((), "")
    assert check_document(none).tiebreaks == ()
    # A list with a code Arbiter does not know is kept as written by the reader.
    bad = replace(none, kept=(*doc.kept, KeptLine("212 PTS,BH,NOPE")))
    with pytest.raises(UnknownTieBreak):
        check_document(bad)


def test_q16_39_ranks_inside_a_tie_are_any_order() -> None:
    """Players level on points and every tie-break may be ranked in any order (lots)."""
    doc = generated()
    report = check_document(doc, [])  # points only: many players are level
    assert report.agrees
    by_points: dict[object, list[int]] = {}
    scores = doc.event.scores()
    for tpn in doc.ranks:
        by_points.setdefault(scores[tpn], []).append(tpn)
    group = next(g for g in by_points.values() if len(g) >= 2)
    ranks = dict(doc.ranks)
    ranks[group[0]], ranks[group[1]] = ranks[group[1]], ranks[group[0]]
    assert check_document(replace(doc, ranks=ranks), []).agrees


def test_q16_39_round_robins_against_the_berger_tables() -> None:
    for players, system, swap in (
        (7, System.ROUND_ROBIN, False),
        (6, System.DOUBLE_ROUND_ROBIN, True),
    ):
        rounds = (players + players % 2 - 1) * (2 if system is System.DOUBLE_ROUND_ROBIN else 1)
        doc = generated(
            players=players,
            rounds=rounds,
            system=system,
            half_byes=parse_quota("0"),
            forfeits=parse_quota("1"),
            swap_last_two=swap,
        )
        report = check_document(doc)
        assert report.agrees, [f.message for f in report.findings]
        assert ("exchanged" in " ".join(report.notes)) is swap
        copy = broken.flip_colours(doc, 2, random.Random(1))
        wrong = check_document(copy)
        assert wrong.rounds_with_findings() == (2,)
        assert wrong.findings[0].kind is Kind.COLOUR


def test_round_robin_numbers_with_gaps_cannot_be_checked() -> None:
    doc = generated(players=6, rounds=5, system=System.ROUND_ROBIN, half_byes=parse_quota("0"))
    event = doc.event
    renumbered = replace(event, players=(*event.players[:-1], replace(event.players[-1], tpn=9)))
    with pytest.raises(RuleError, match="1 to 6"):
        check_document(replace(doc, event=renumbered))


def test_the_fide_tec_2024_exercise_agrees_with_the_dutch_system() -> None:
    """A published FIDE tournament (the TEC tie-break exercise of March 2024): every round is
    the Dutch system's pairing. (gacrux's checker stops on this file: its forfeits carry no
    colour, which its pairing checker needs.)"""
    text = (DATA / "tec-2024.trf").read_text(encoding="utf-8")
    report = check_document(parse_trf(text))
    assert report.agrees and report.rounds == 5


def test_handwritten_files_are_reported_where_they_break_the_rules() -> None:
    """The hand-made sample files were not paired by the rules; both checkers say where."""
    text = (DATA / "open-2024.trf16.trf").read_text(encoding="utf-8")
    report = check_document(parse_trf(text))
    theirs = {r.round for r in gacrux_check(text) if not r.agrees}
    assert report.rounds_with_findings() and set(report.rounds_with_findings()) >= theirs
    colour = parse_trf(text).initial_colour
    assert colour in (Colour.WHITE, Colour.BLACK)


@pytest.mark.parametrize(
    "real", [f for f in REAL_FILES if f.dutch], ids=lambda f: f.name.removesuffix(".trf")
)
def test_real_files_paired_by_a_fide_endorsed_engine(real: RealFile) -> None:
    """Real files paired by JaVaFo or bbpPairings: the checker reports the rounds where the
    Dutch system as it pairs today differs from the file, and no other (their reasons are in
    the file list: JaVaFo's colours of 2018, the rules then in force)."""
    report = check_document(real.document())
    pairing = {f.round for f in report.findings if f.kind is not Kind.STANDINGS}
    assert pairing == set(real.known_differences)
