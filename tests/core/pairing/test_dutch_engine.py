"""Arbiter's own Dutch engine (C.04.3, text applied from 1 February 2026) against gacrux.

gacrux, FIDE's reference implementation, is the oracle: on the same tournament
structure both engines must give the same boards, the same colours, in the same
board order, and the same pairing-allocated bye, round after round. The random
tournaments are made by Arbiter's generator (every round paired by gacrux), with
requested byes, forfeits, unrated games and the Baku Acceleration; the real files
are those of ``tests/data/trf/real/``.

The default run plays a sample; ``ARBITER_OWN_DUTCH_TOURNAMENTS=2000`` plays more.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.generator.quotas import parse_quota
from arbiter_app.core.generator.tournament import GeneratorError, GeneratorSettings, generate
from arbiter_app.core.model import Colour, EntryKind, Event, Player
from arbiter_app.core.pairing.dutch import build_tournament, run_engine
from arbiter_app.core.pairing.dutch_engine import NotCertified, pair_tournament
from arbiter_app.core.pairing.dutch_engine.brackets import Engine
from arbiter_app.core.pairing.dutch_engine.cards import Card, colour_preference, read_cards
from arbiter_app.core.pairing.dutch_engine.colours import allocate
from arbiter_app.core.pairing.recorded import check_rounds
from arbiter_app.core.pairing.swiss import SwissOptions, pair_swiss
from tests.support.real_trf import FILES, RealFile

_PAIRED = {EntryKind.GAME, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.PAIRING_BYE}
_COUNT = int(os.environ.get("ARBITER_OWN_DUTCH_TOURNAMENTS", "24"))


def _settings(seed: int) -> GeneratorSettings:
    """A random Swiss of 8–60 players; one in two with byes and forfeits, some accelerated."""
    rng = random.Random(seed)
    players = rng.randint(8, 60)
    rounds = rng.randint(3, min(9, players - 1))
    extra: dict[str, object] = {}
    if seed % 2:
        extra.update(
            half_byes=parse_quota("2%"), forfeits=parse_quota("3%"), unusual=parse_quota("2%")
        )
    if seed % 3 == 0 and rounds >= 5 and players >= 12:
        extra["baku"] = True
    return GeneratorSettings(players=players, rounds=rounds, seed=seed, **extra)  # type: ignore[arg-type]


def _rounds(event: Event, colour: Colour) -> list[tuple[int, dict[str, object], dict[int, int]]]:
    out = []
    for rnd in range(1, event.planned_rounds + 1):
        excluded = [p.tpn for p in event.players if event.entry(p.tpn, rnd).kind not in _PAIRED]
        tournament, tpn_of = build_tournament(event, rnd, excluded, colour)
        out.append((rnd, tournament, tpn_of))
    return out


@pytest.mark.parametrize("seed", range(1, _COUNT + 1))
def test_every_round_of_a_random_tournament_pairs_as_gacrux(seed: int) -> None:
    """Every round: the same boards, colours, board order and bye as the reference engine."""
    try:
        generated = generate(_settings(seed))
    except GeneratorError:
        pytest.skip("the generator could not complete this tournament (C.04.3 1.9.3)")
    for rnd, tournament, tpn_of in _rounds(generated.event, generated.initial_colour):
        ours = pair_tournament(tournament, rnd, tpn_of)
        assert ours == run_engine(tournament, rnd, tpn_of), f"round {rnd}"


_SWISS_FILES = [f for f in FILES if not f.system.is_round_robin]


@pytest.mark.parametrize("real", _SWISS_FILES, ids=lambda f: f.name)
def test_every_round_of_a_real_file_pairs_as_gacrux(real: RealFile) -> None:
    """The rounds of the real files re-paired by both engines: equal, and never handed over."""
    doc = real.document()
    base = SwissOptions(initial_colour=doc.initial_colour)
    theirs = list(check_rounds(doc.event, base))
    ours = list(check_rounds(doc.event, replace(base, engine="own")))
    assert len(ours) == len(theirs) == real.rounds
    for mine, ref in zip(ours, theirs, strict=True):
        assert mine.ours is not None and ref.ours is not None
        assert mine.ours.notes == (), mine.ours.notes  # no round handed over to gacrux
        assert mine.ours.boards == ref.ours.boards, f"round {mine.round}"
        assert mine.ours.byes == ref.ours.byes, f"round {mine.round}"


def _card(cid: int, cod: int, csq: str, *, level: int = 1, tpn: int | None = None) -> Card:
    return Card(
        cid=cid,
        tpn=cid if tpn is None else tpn,
        score=Fraction(level),
        level=level,
        cod=cod,
        csq=csq,
        preference=colour_preference(cod, csq),
    )


def test_colour_preferences_follow_article_1_7_in_order() -> None:
    """1.7.1 absolute (difference beyond ±1 or the same colour twice), 1.7.2 strong, 1.7.3 mild."""
    assert colour_preference(-2, "bwb") == "w2"
    assert colour_preference(0, "wwbb") == "w2"  # Black twice running
    assert colour_preference(0, "bbww") == "b2"
    assert colour_preference(1, "wbw") == "b1"
    assert colour_preference(-1, "bwb") == "w1"
    assert colour_preference(0, "wb") == "w0"
    assert colour_preference(0, "") == "nc"


def test_colours_are_allocated_by_article_5_in_order() -> None:
    """5.2.1 both preferences; 5.2.2 the stronger; 5.2.3 alternate; 5.2.4 the higher; 5.2.5 lot."""
    white_wanting, black_wanting = _card(1, -1, "b"), _card(2, 1, "w")
    assert allocate(white_wanting, black_wanting, "w") == (1, 2)  # E.1 both granted
    strong, mild = _card(1, 1, "wbw"), _card(2, 0, "bw")  # both want Black
    assert allocate(strong, mild, "w") == (2, 1)  # E.2 the strong preference wins
    a, b = _card(1, 0, "wbbw"), _card(2, 0, "bwbw")  # both mild Black, differ 2 rounds ago
    assert allocate(a, b, "w") == (1, 2)  # E.3: 1 had Black there, 2 White: alternate
    a, b = _card(1, 0, "bw"), _card(2, 0, "bw")  # same history: the higher ranked is granted
    assert allocate(a, b, "w") == (2, 1)
    a, b = _card(1, 0, ""), _card(2, 0, "")  # no history: initial colour to the higher if odd
    assert allocate(a, b, "w") == (1, 2)
    assert allocate(a, b, "b") == (2, 1)
    even = _card(2, 0, "", tpn=2)
    assert allocate(even, _card(3, 0, ""), "w") == (3, 2)  # 5.2.5: even number, other colour


def test_cards_read_floats_and_byes_as_articles_1_4_and_c2() -> None:
    """A half-point bye is a downfloat (1.4.3); a pairing-allocated bye bars a second one (C2)."""
    generated = generate(
        GeneratorSettings(players=15, rounds=5, seed=3, half_byes=parse_quota("1"))
    )
    event = generated.event
    for rnd, tournament, _ in _rounds(event, generated.initial_colour)[1:]:
        cards = read_cards(tournament, rnd).cards
        for player in event.players:
            last = event.entry(player.tpn, rnd - 1)
            card = cards[player.tpn]
            if last.kind in (EntryKind.HALF_BYE, EntryKind.PAIRING_BYE):
                assert card.floats & 1, (player.tpn, rnd)
            had_bye = any(
                event.entry(player.tpn, r).kind is EntryKind.PAIRING_BYE for r in range(1, rnd)
            )
            if had_bye:
                assert card.bye_barred


def test_a_round_it_cannot_certify_is_refused_with_the_bracket_named() -> None:
    generated = generate(GeneratorSettings(players=20, rounds=5, seed=11))
    rnd, tournament, _ = _rounds(generated.event, generated.initial_colour)[3]
    with pytest.raises(NotCertified, match="bracket"):
        Engine(read_cards(tournament, rnd), budget=1).run()


def test_pair_swiss_with_the_own_engine_hands_an_uncertified_round_to_gacrux(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    generated = generate(GeneratorSettings(players=20, rounds=5, seed=11))
    event = generated.event.truncated(3)
    options = SwissOptions(initial_colour=generated.initial_colour, engine="own")
    own = pair_swiss(event, 4, options)
    assert own.notes == () and "by Arbiter" in own.engine
    reference = pair_swiss(event, 4, replace(options, engine="gacrux"))
    assert own.boards == reference.boards and own.byes == reference.byes

    def refuse(self: Engine) -> object:
        raise NotCertified("bracket 3: test")

    monkeypatch.setattr(Engine, "run", refuse)
    handed = pair_swiss(event, 4, options)
    assert handed.boards == reference.boards
    assert any("paired by gacrux" in note for note in handed.notes)


def test_an_unknown_engine_is_refused() -> None:
    generated = generate(GeneratorSettings(players=10, rounds=3, seed=2))
    options = SwissOptions(initial_colour=generated.initial_colour, engine="javafo")
    with pytest.raises(RuleError, match="unknown pairing engine"):
        pair_swiss(generated.event.truncated(1), 2, options)


@pytest.mark.parametrize("seed", range(1, 9))
def test_late_entries_pair_as_gacrux(seed: int) -> None:
    """Two players entering after round 2, 3 or 4 (no round before: C.04.2 late entries)."""
    generated = generate(GeneratorSettings(players=20 + seed % 17, rounds=6, seed=seed))
    for cut in (2, 3, 4):
        event = generated.event.truncated(cut)
        n = len(event.players)
        entries = dict(event.entries)
        entries.update({n + 1: (), n + 2: ()})
        late = (Player(n + 1, "Late One", 1500), Player(n + 2, "Late Two", 2100))
        event = replace(event, players=event.players + late, entries=entries)
        options = SwissOptions(initial_colour=generated.initial_colour)
        reference = pair_swiss(event, cut + 1, options)
        own = pair_swiss(event, cut + 1, replace(options, engine="own"))
        assert own.notes == ()
        assert (own.boards, own.byes) == (reference.boards, reference.byes)
        assert {n + 1, n + 2} <= {t for b in own.boards for t in b.players} | {
            b.tpn for b in own.byes
        }


@pytest.mark.parametrize("seed", range(1, 9))
def test_forbidden_pairs_pair_as_gacrux(seed: int) -> None:
    """Pairs the arbiter forbids (TRF 260) are never paired, by either engine."""
    generated = generate(GeneratorSettings(players=16 + seed, rounds=5, seed=seed))
    groups = tuple(frozenset(g) for g in ((1, 2), (3, 4, 5), (6, 7)))
    event = replace(generated.event.truncated(3), forbidden_pairs=groups)
    options = SwissOptions(initial_colour=generated.initial_colour)
    reference = pair_swiss(event, 4, options)
    own = pair_swiss(event, 4, replace(options, engine="own"))
    assert own.notes == ()
    assert (own.boards, own.byes) == (reference.boards, reference.byes)
    pairs = {frozenset(b.players) for b in own.boards}
    assert not pairs & {frozenset(p) for p in ((1, 2), (3, 4), (3, 5), (4, 5), (6, 7))}
