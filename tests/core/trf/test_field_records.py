"""What the field writes: TRF-2006's byes and titles, JaVaFo's XXA and XXS, and the defaults an
import takes for the TRF-26 records a file lacks, each said in a note."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from arbiter_app.core.checker import check_document
from arbiter_app.core.model import Colour, EntryKind, VirtualPoints
from arbiter_app.core.pairing.boards import append_round
from arbiter_app.core.pairing.swiss import SwissOptions, pair_swiss
from arbiter_app.core.trf import TrfDocument, TrfVersion, parse_trf, write_trf
from tests.support.random_swiss import new_event, random_result

REAL = Path(__file__).resolve().parents[2] / "data" / "trf" / "real"


def _player(tpn: int, sex: str, title: str, name: str, points: str, cells: str) -> str:
    head = f"001 {tpn:>4} {sex}{title:>3} {name:<33} {'':>4} {'':<3} {'':>11} {'':<10} {points:>4}"
    return f"{head} {tpn:>4}{cells}"


TRF2006 = "\n".join(
    [
        "012 Club championship 2006",
        _player(1, "m", "g", "Alpha, Ann", "1.5", "     2 w 1  0000 - =     3 b 0"),
        _player(2, "w", "wf", "Beta, Bea", "1.0", "     1 b 0  0000 - 1  0000 - 0"),
        _player(3, "m", "", "Gamma, Cid", "1.0", "  0000 - 0  0000 - 0     1 w 1"),
    ]
)


def test_trf2006_byes_and_titles_are_read_with_a_note() -> None:
    """TRF-2006 wrote byes as a result without an opponent (``0000 - =`` half a point,
    ``0000 - 1`` a full point, ``0000 - 0`` none) and titles as FIDE's 2006 example does
    (``g``, ``wf``): they were refused ("the game result '=' needs an opponent") or kept as
    text. They are read as TRF-26's byes and titles, each with a note, and written in
    TRF-26's codes."""
    doc = parse_trf(TRF2006 + "\n", "club.trf")
    event = doc.event
    assert [p.title for p in event.players] == ["GM", "WFM", ""]
    assert event.entry(1, 2).kind is EntryKind.HALF_BYE
    assert event.entry(2, 2).kind is EntryKind.FULL_BYE
    assert event.entry(2, 3).kind is EntryKind.ZERO_BYE
    assert event.score(1) == Fraction(3, 2) and event.score(2) == 1
    notes = [str(n) for n in doc.notes]
    assert "club.trf:2:11: player 1: TRF-2006's title code 'g' read as GM" in notes
    assert (
        "club.trf:2:109: player 1, round 2: TRF-2006's '0000 - =' read as a half-point bye "
        "(TRF-26 code H)"
    ) in notes
    assert not doc.warnings
    out = write_trf(replace(doc, version=TrfVersion.TRF26), report=True)
    first = next(x for x in out.splitlines() if x.startswith("001    1"))
    assert first[10:13] == " GM" and first[101:109] == "0000 - H"


def _lichess(extra: list[str]) -> str:
    text = (REAL / "lichess-2020-05-29.trf").read_text(encoding="utf-8")
    return "\n".join([*text.splitlines(), *extra]) + "\n"


def test_javafos_xxa_is_read_as_record_250() -> None:
    """JaVaFo's and Swiss-Manager's ``XXA`` (a player's virtual points, round by round) was
    ignored without a word, so every accelerated round was re-paired without them. It is
    read as TRF-26 record 250's virtual points (one record per run of rounds, players with
    the same runs merged); a TRF-16 file keeps its XXA lines, the TRF-26 report has 250."""
    xxa = ["XXA    1  1.0  1.0  0.5", "XXA    2  1.0  1.0  0.5", "XXA    5  1.0"]
    text = _lichess(xxa)
    doc = parse_trf(text, "acc.trf")
    assert doc.event.accelerations == (
        VirtualPoints(Fraction(1), 1, 2, 1, 2),
        VirtualPoints(Fraction(1), 1, 1, 5, 5),
        VirtualPoints(Fraction(1, 2), 3, 3, 1, 2),
    )
    assert any("XXA (3 players) read as TRF-26 record 250" in str(n) for n in doc.notes)
    assert write_trf(doc) == text  # TRF-16 as it came, XXA and all (no 250 besides)
    report = write_trf(replace(doc, version=TrfVersion.TRF26), report=True)
    assert [x for x in report.splitlines() if x[:3] in ("250", "XXA")] == [
        "250       1.0 001 002    1    2",
        "250       1.0 001 001    5    5",
        "250       0.5 003 003    1    2",
    ]
    again = parse_trf(report).event
    assert again.accelerations == doc.event.accelerations


def test_javafos_xxs_is_read_as_the_point_system() -> None:
    """``XXS`` (JaVaFo's point system) sets the points; a system that scores White's and
    Black's wins apart has no place in Arbiter's and is kept, not applied, with a warning."""
    doc = parse_trf(_lichess(["XXS W=3.0 D=1.0 L=0.0 PAB=1.0"]), "xxs.trf")
    system = doc.event.point_system
    assert (system.win, system.draw, system.loss, system.pairing_bye) == (3, 1, 0, 1)
    assert system.name == "3/1/0"
    assert any("point system (record XXS) read as" in str(n) for n in doc.notes)
    split = parse_trf(_lichess(["XXS WW=1.0 BW=1.5"]), "split.trf")
    assert split.event.point_system.win == 1
    assert any("scores the colours apart" in str(w) for w in split.warnings)


def test_every_default_an_import_takes_is_noted() -> None:
    """A file without TRF-26's 142, 162, 192 and 202 is read with defaults: each is said
    (the import prints them), with the value taken; a file that has them gets none."""
    doc = parse_trf(TRF2006 + "\n", "club.trf")
    said = [n.message for n in doc.notes if n.line == 0]
    assert said == [
        "no record 142 (number of rounds): the event has the 3 rounds the file holds",
        "no record 162 (scoring point system): TRF-26's defaults, win 1, draw 1/2, loss 0, "
        "absence 0, a pairing-allocated bye as a win",
        "no record 192 (type of tournament): swiss, taken as a Swiss paired by FIDE's Dutch "
        "system (C.04.3)",
        "no record 202 (tie-breaks): the event has no tie-break list; players level on points "
        "share their place until one is set",
    ]
    full = parse_trf((REAL / "tbs-no-colour-preference.trf").read_text(encoding="utf-8"))
    assert [n.message for n in full.notes if n.message.startswith("no record")] == [
        "no record 202 (tie-breaks): the event has no tie-break list; players level on points "
        "share their place until one is set"
    ]


def test_record_172_names_the_players_federation_when_the_event_has_none() -> None:
    """National ratings went into Arbiter's own record when the event's federation (032) was
    not filled in; record 172 can name the federation the nationally rated players share."""
    doc = parse_trf((REAL / "lichess-2020-06-26.trf").read_text(encoding="utf-8"))
    players = [
        replace(p, national_rating=1500 + p.tpn, federation="GER") if p.tpn < 3 else p
        for p in doc.event.players
    ]
    event = doc.event.with_players(players)
    notes: list[str] = []
    text = write_trf(TrfDocument(event, TrfVersion.TRF26), report=True, notes=notes)
    assert "\n172 GER FIDE\n" in text and "ARB" not in text and not notes
    assert [x[:8] for x in text.splitlines() if x.startswith("GER")] == ["GER    1", "GER    2"]
    mixed = event.with_players([replace(p, federation="ITA") if p.tpn == 2 else p for p in players])
    text = write_trf(TrfDocument(mixed, TrfVersion.TRF26), report=True, notes=notes)
    assert "172 " not in text and "ARB" not in text
    assert notes and notes[0].startswith("national ratings and numbers of players 1, 2")


def test_javafos_xxc_rank_ranks_players_by_the_order_of_their_records() -> None:
    """``XXC rank`` (JaVaFo, bbpPairings): the players are ranked for pairing in the order of
    their records in the file, not by pairing number. The checker ignored it and re-paired
    by pairing number; a tournament paired in the file's order now checks clean, and the
    same file without ``XXC rank`` does not."""
    rng = random.Random(7)
    event = new_event(rng, 12, 4)
    order = (3, 1, 2, 6, 4, 5, 9, 7, 8, 12, 10, 11)
    options = SwissOptions(initial_colour=Colour.WHITE, order=order)
    for _ in range(4):
        pairing = pair_swiss(event, None, options)
        results = {b.number: random_result(rng, event, b.white, b.black) for b in pairing.boards}
        event = append_round(event, pairing, results)
    records = tuple(("001", tpn) for tpn in order)
    ranked = TrfDocument(event, TrfVersion.TRF16, Colour.WHITE, ("rank",), order=records)
    text = write_trf(ranked)
    assert "\nXXC white1 rank\n" in text
    doc = parse_trf(text)
    assert doc.xxc_options == ("rank",)
    report = check_document(doc, ())
    assert report.agrees, [f.message for f in report.findings]
    assert any("XXC rank" in note for note in report.notes)
    plain = check_document(parse_trf(text.replace("XXC white1 rank", "XXC white1")), ())
    assert not plain.agrees


def test_javafos_xxp_and_xxz_are_read_as_records_260_and_240() -> None:
    """``XXP`` (players who must not meet) and ``XXZ`` (players absent from the round to pair)
    were kept as text and not applied: they are record 260 over every round and record
    240's zero-point byes of the next round. A TRF-16 file keeps them as they were."""
    text = _lichess(["XXP    1    2", "XXZ 3 4"])
    doc = parse_trf(text, "javafo.trf")
    assert doc.event.forbidden_pairs == (frozenset({1, 2}),)
    assert [(b.tpn, b.round, b.kind) for b in doc.event.bye_requests] == [
        (3, 11, EntryKind.ZERO_BYE),
        (4, 11, EntryKind.ZERO_BYE),
    ]
    notes = [n.message for n in doc.notes]
    assert any(n.startswith("JaVaFo's forbidden pairs XXP (1 record)") for n in notes)
    assert any(n.startswith("JaVaFo's absent players XXZ (3, 4)") for n in notes)
    assert write_trf(doc) == text
    report = write_trf(replace(doc, version=TrfVersion.TRF26), report=True).splitlines()
    assert "240 Z 011    3    4" in report and "260 001 010    1    2" in report
    assert not [x for x in report if x.startswith("XX")]
