"""Brackets whose search used to run out of steps, and the bounds that now end it early.

Each file in ``tests/data/trf/engine`` is a tournament of the pairing campaign
(``tests.support.dutch_campaign``, its seed in the name, with the campaign's scoring) in
which Arbiter's engine once declined a round after 200,000 steps while gacrux paired it.
Lower bounds end those searches (``brackets.py``): the least C8 and C9 over the residents
who can float with the rest of the bracket still pairing, and the least C14 and C16 of
those; the least colour failures (C12, C13) of a whole-bracket matching with the one left
out among those; and, once a bracket has taken ``VIABLE_AFTER`` steps, matchings after
each pair, and over the whole remainder each time a better candidate is found, that ask
whether the pass's ceiling (and, once a candidate is found, something better) can still be
reached. None may change a pairing: the rounds must still equal gacrux's.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from arbiter_app.core.generator.tournament import GeneratorError, generate
from arbiter_app.core.model import EntryKind
from arbiter_app.core.pairing.dutch import build_tournament, run_engine
from arbiter_app.core.pairing.dutch_engine import NotCertified, brackets, pair_tournament
from arbiter_app.core.pairing.dutch_engine.brackets import Engine, colour_floor
from arbiter_app.core.pairing.dutch_engine.cards import Card, read_cards
from arbiter_app.core.trf import parse_trf
from tests.support.dutch_campaign import settings

_PAIRED = {EntryKind.GAME, EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS, EntryKind.PAIRING_BYE}
_DATA = Path(__file__).resolve().parents[2] / "data" / "trf" / "engine"

HARD = [
    # seed, round: what ran the old search out of steps
    (3818, 10),  # C8: the ideal's next bracket was out of reach of every floater
    (963, 7),  # C12-C13 in the bye's bracket: only some players may take the bye
    (2075, 6),  # C12 reached only after many S2 transpositions
    (7564, 8),  # C13 at 0 in the ideal's pass
    # Scored 3/1/0 (the campaign's scorings): many brackets of a few players, whose
    # ideal no candidate reaches, so that the next pass proves the best it found.
    (50, 4),  # C16: the one floater who reaches C8 also floated down two rounds before
    (243, 4),  # C15 and C19: an upfloater in the bracket's only pairing within the colours
]


def _round(seed: int, rnd: int) -> tuple[dict[str, object], dict[int, int]]:
    path = _DATA / f"campaign-seed-{seed}.trf"
    doc = parse_trf(path.read_text(encoding="utf-8"), path.name)
    event = doc.event
    assert doc.initial_colour is not None  # the generator's files state it (record 152)
    out = [p.tpn for p in event.players if event.entry(p.tpn, rnd).kind not in _PAIRED]
    return build_tournament(event, rnd, out, doc.initial_colour)


@pytest.mark.parametrize(("seed", "rnd"), HARD, ids=[f"seed-{s}-round-{r}" for s, r in HARD])
def test_a_once_refused_round_is_paired_as_gacrux_within_a_tenth_of_the_budget(
    seed: int, rnd: int
) -> None:
    tournament, tpn_of = _round(seed, rnd)
    engine = Engine(read_cards(tournament, rnd), budget=20_000)
    engine.run()  # raises NotCertified past 20,000 steps (it took over 200,000)
    assert engine.steps <= 20_000
    assert pair_tournament(tournament, rnd, tpn_of) == run_engine(tournament, rnd, tpn_of)


OVER_BUDGET = [
    # seed, round: still more than the budget; a real event pairs it by gacrux and says so
    (34998, 11),  # 58 players, a bye worth a draw: bracket 5 takes about 1,000,000 steps
]


@pytest.mark.parametrize(
    ("seed", "rnd"), OVER_BUDGET, ids=[f"seed-{s}-round-{r}" for s, r in OVER_BUDGET]
)
def test_a_round_still_over_the_budget_is_declined_and_is_gacrux_s_given_the_steps(
    seed: int, rnd: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the campaign's fifth part (engine 1eef10dc4be1bf98): the engine declines the
    round at 200,000 steps, and given five times as many it pairs it as gacrux. A bound that
    ends this search moves the round to ``HARD``."""
    tournament, tpn_of = _round(seed, rnd)
    with pytest.raises(NotCertified, match="bracket 5: the search was not finished"):
        pair_tournament(tournament, rnd, tpn_of)
    monkeypatch.setattr(Engine.__init__, "__defaults__", (1_000_000,))
    assert pair_tournament(tournament, rnd, tpn_of) == run_engine(tournament, rnd, tpn_of)


@pytest.mark.parametrize("seed", [3, 7, 11, 18, 26])
def test_the_check_after_each_pair_changes_no_pairing_when_it_runs_from_the_first_step(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the matching asked after every pair of every bracket, every round of a
    campaign tournament is still gacrux's: the check only passes over what no
    candidate of the pass could use."""
    monkeypatch.setattr(brackets, "VIABLE_AFTER", 0)
    try:
        generated = generate(settings(seed, 8, 60))
    except GeneratorError:
        pytest.skip("the generator could not complete this tournament (C.04.3 1.9.3)")
    event = generated.event
    for rnd in range(1, event.planned_rounds + 1):
        out = [p.tpn for p in event.players if event.entry(p.tpn, rnd).kind not in _PAIRED]
        tournament, tpn_of = build_tournament(event, rnd, out, generated.initial_colour)
        ours = pair_tournament(tournament, rnd, tpn_of)
        assert ours == run_engine(tournament, rnd, tpn_of), f"round {rnd}"


def _card(cid: int, preference: str, opponents: frozenset[int] = frozenset()) -> Card:
    cod = {"w1": -1, "w2": -2, "b1": 1, "b2": 2, "w0": 0, "b0": 0}.get(preference, 0)
    return Card(
        cid=cid,
        tpn=cid,
        score=Fraction(1),
        level=1,
        cod=cod,
        csq="",
        preference=preference,
        opponents=opponents,
    )


def test_colour_floor_is_the_least_a_whole_pairing_of_the_bracket_denies() -> None:
    # Four players who all want White: two pairs, each denying one preference (C12);
    # strong preferences on both sides of a pair count for C13 too.
    everyone_white = [_card(1, "w1"), _card(2, "w1"), _card(3, "w0"), _card(4, "w0")]
    assert colour_floor(everyone_white, set(), None) == (2, 0)
    # Two White, two Black: no preference need be denied unless rematches force it.
    mixed = [_card(1, "w0"), _card(2, "w0"), _card(3, "b0"), _card(4, "b0")]
    assert colour_floor(mixed, set(), None) == (0, 0)
    blocked = [
        _card(1, "w0", frozenset({3, 4})),
        _card(2, "w0"),
        _card(3, "b0", frozenset({1})),
        _card(4, "b0", frozenset({1})),
    ]
    assert colour_floor(blocked, set(), None) == (2, 0)  # 1 must meet 2, so 3 meets 4
    # Two moved-down players never meet: the bracket cannot pair all four.
    assert colour_floor(mixed, {1, 2, 3}, None) is None


def test_colour_floor_leaves_out_only_a_player_who_may_float() -> None:
    three = [_card(1, "w0"), _card(2, "b0"), _card(3, "w0")]
    assert colour_floor(three, set(), None) == (0, 0)  # 3 floats, 1 meets 2
    assert colour_floor(three, set(), {2}) == (1, 0)  # 2 must float: 1 and 3 both want White


def test_random_brackets_colour_floor_is_a_lower_bound_of_every_pairing() -> None:
    """Brute force on small brackets: the floor is the least over every pairing."""
    rng = random.Random(5)
    prefs = ["w0", "w1", "b0", "b1", "nc"]
    for _ in range(300):
        n = rng.randint(2, 7)
        ids = list(range(1, n + 1))
        played = {(a, b) for a in ids for b in ids if a < b and rng.random() < 0.3}
        cards = [
            _card(
                i,
                rng.choice(prefs),
                frozenset(b if a == i else a for a, b in played if i in (a, b)),
            )
            for i in ids
        ]
        best = _brute(cards)
        assert colour_floor(cards, set(), None) == best


def _brute(cards: list[Card]) -> tuple[int, int] | None:
    def same(a: Card, b: Card) -> tuple[int, int]:
        s = a.preference != "nc" and a.pref_colour == b.pref_colour
        return int(s), int(s and a.pref_strength > 0 and b.pref_strength > 0)

    def pairings(rest: list[Card]) -> list[list[tuple[Card, Card]]]:
        if len(rest) < 2:
            return [[]]
        out = []
        if len(rest) % 2:
            for i in range(len(rest)):
                out += pairings(rest[:i] + rest[i + 1 :])
            return out
        a = rest[0]
        for i in range(1, len(rest)):
            b = rest[i]
            if brackets.can_meet(a, b):
                for tail in pairings(rest[1:i] + rest[i + 1 :]):
                    out.append([(a, b), *tail])
        return out

    found = pairings(cards)
    if not found:
        return None
    c12 = min(sum(same(a, b)[0] for a, b in p) for p in found)
    c13 = min(sum(same(a, b)[1] for a, b in p) for p in found)
    return c12, c13
