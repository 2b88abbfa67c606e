"""Standings kept from one result to the next equal standings computed from scratch.

:mod:`arbiter_app.core.tiebreaks.incremental` recomputes, after a result, only the
tie-break values the result can change (the two players' own, and those of every
player who met them for the tie-breaks made from opponents' scores). These tests
play random Swiss events result by result (games, forfeits, requested and
pairing-allocated byes, absences, withdrawals, unrated players, a rating at the
start of each round) and compare, after every result, the standings made from
the kept values with standings made with nothing kept: every tie-break of the
catalogue, under every rule set.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core import standings as standings_module
from arbiter_app.core.current_standings import prepare_round_in_progress
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.event_state import RoundBoard, event_state
from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    RuleSet,
    System,
)
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.standings import Standings, compute_standings
from arbiter_app.core.tiebreaks import REGISTRY
from arbiter_app.core.tiebreaks.incremental import REACH, ValueMemo
from arbiter_app.core.tiebreaks.reuse import forget_kept_rows

PLAYERS = 19
ROUNDS = 5


def _codes() -> list[str]:
    """Every tie-break of the catalogue once; the group-dependent ones first, so that they
    are computed for the groups level on points (the ranking reaches them for every
    group), and a cut version of each that takes cuts."""
    group = sorted(name for name, tb in REGISTRY.items() if tb.group_dependent)
    rest = sorted(name for name, tb in REGISTRY.items() if not tb.group_dependent)
    cuts = [f"{name}/C1" for name in rest if REGISTRY[name].allow_cut]
    cuts += [f"{name}/M1" for name in rest if REGISTRY[name].allow_cut]
    return group + rest + cuts


def _entries_of_round(
    rng: random.Random, players: list[int], round_no: int, left: dict[int, int]
) -> tuple[list[tuple[int, RoundEntry]], list[tuple[int, int, RoundEntry, RoundEntry]]]:
    """A round: players without a game (byes, absences, withdrawals) and the games."""
    alone: list[tuple[int, RoundEntry]] = []
    active: list[int] = []
    for tpn in players:
        if tpn in left and left[tpn] <= round_no:
            alone.append((tpn, RoundEntry.of(EntryKind.WITHDRAWN)))
            continue
        draw = rng.random()
        if draw < 0.05:
            alone.append((tpn, RoundEntry.of(EntryKind.HALF_BYE)))
        elif draw < 0.08:
            alone.append((tpn, RoundEntry.of(EntryKind.NOT_PAIRED)))
        elif draw < 0.10:
            alone.append((tpn, RoundEntry.of(EntryKind.ZERO_BYE)))
        else:
            active.append(tpn)
    rng.shuffle(active)
    if len(active) % 2:
        alone.append((active.pop(), RoundEntry.of(EntryKind.PAIRING_BYE)))
    games = []
    for white, black in zip(active[::2], active[1::2], strict=True):
        if rng.random() < 0.08:
            winner_white = rng.random() < 0.5
            w = RoundEntry.of(
                EntryKind.FORFEIT_WIN if winner_white else EntryKind.FORFEIT_LOSS,
                black,
                Colour.WHITE,
            )
            b = RoundEntry.of(
                EntryKind.FORFEIT_LOSS if winner_white else EntryKind.FORFEIT_WIN,
                white,
                Colour.BLACK,
            )
        else:
            outcome = rng.choice((Outcome.WIN, Outcome.DRAW, Outcome.LOSS))
            rating = rng.choice((None, rng.randint(1200, 2600)))
            w = RoundEntry.game(black, Colour.WHITE, outcome, opponent_rating=rating)
            b = RoundEntry.game(white, Colour.BLACK, outcome.opposite)
        games.append((white, black, w, b))
    return alone, games


def _played(seed: int) -> list[Event]:
    """A random Swiss, after each result entered: the events the session would hand out
    (a player's entries a new tuple when his rounds change, the very same tuple otherwise)."""
    rng = random.Random(seed)
    players = tuple(
        Player(t, f"Player {t}", None if rng.random() < 0.15 else rng.randint(1000, 2700))
        for t in range(1, PLAYERS + 1)
    )
    tpns = [p.tpn for p in players]
    left = {rng.choice(tpns): rng.randint(2, ROUNDS)}
    entries: dict[int, tuple[RoundEntry, ...]] = {t: () for t in tpns}
    base = Event(
        info=EventInfo(name="Random Swiss"),
        system=System.SWISS,
        planned_rounds=ROUNDS,
        players=players,
        entries={},
    )
    events = []
    for round_no in range(1, ROUNDS + 1):
        alone, games = _entries_of_round(rng, tpns, round_no, left)
        # Players without a game are entered with the pairing, the games one by one.
        for tpn, entry in alone:
            entries[tpn] = (*entries[tpn], entry)
        events.append(replace(base, entries=dict(entries)))
        for white, black, w, b in games:
            entries[white] = (*entries[white], w)
            entries[black] = (*entries[black], b)
            events.append(replace(base, entries=dict(entries)))
    return events


def _from_scratch(
    monkeypatch: pytest.MonkeyPatch, event: Event, codes: list[str], rule_set: RuleSet
) -> Standings:
    """The standings with nothing kept: a memo of its own, fresh tuples for every player."""
    copied = replace(event, entries={t: tuple(list(r)) for t, r in event.entries.items()})
    with monkeypatch.context() as patch:
        patch.setattr(standings_module, "VALUES", ValueMemo())
        return compute_standings(copied, codes, rule_set=rule_set)


def _usable(codes: list[str], event: Event, rule_set: RuleSet) -> list[str]:
    out = []
    for code in codes:
        try:
            compute_standings(event, [code], rule_set=rule_set)
        except ArbiterError:
            continue
        out.append(code)
    return out


def _lines(table: Standings) -> list[tuple[object, ...]]:
    return [(r.place, r.tpn, r.points, tuple(sorted(r.values.items()))) for r in table.rows]


@pytest.mark.parametrize("rule_set", list(RuleSet))
@pytest.mark.parametrize("seed", [1, 2])
def test_kept_values_equal_a_computation_from_scratch_after_every_result(
    monkeypatch: pytest.MonkeyPatch, rule_set: RuleSet, seed: int
) -> None:
    events = _played(seed)
    forget_kept_rows()
    codes = _usable(_codes(), events[-1], rule_set)
    assert {"BH", "BH/C1", "SB", "ARO", "DE", "WIN", "KS", "MM", "SOLK"} <= set(codes)
    for number, event in enumerate(events):
        kept = compute_standings(event, codes, rule_set=rule_set)
        fresh = _from_scratch(monkeypatch, event, codes, rule_set)
        assert _lines(kept) == _lines(fresh), f"after step {number} of seed {seed}"


def test_a_result_recomputes_only_the_values_it_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    """After one result, Buchholz is computed again for the two players and those who met
    them, wins for the two players only (the reason the window keeps up at 10,000)."""
    events = _played(3)
    before, after = events[-2], events[-1]
    changed = [t for t in after.entries if after.entries[t] is not before.entries[t]]
    assert len(changed) == 2
    met = {
        t
        for t, row in after.entries.items()
        if any(e.opponent in changed for e in row if e.opponent is not None)
    }
    asked: dict[str, list[list[int]]] = {}
    real = standings_module._compute

    def spy(tb, ctx, spec, players):  # type: ignore[no-untyped-def]
        asked.setdefault(spec.code, []).append(sorted(players))
        return real(tb, ctx, spec, players)

    forget_kept_rows()
    compute_standings(before, ["BH", "WIN"])
    monkeypatch.setattr(standings_module, "_compute", spy)
    table = compute_standings(after, ["BH", "WIN"])
    assert asked["WIN"] == [sorted(changed)]
    assert asked["BH"] == [sorted(set(changed) | met)]
    assert len(asked["BH"][0]) < PLAYERS
    monkeypatch.undo()
    assert _lines(table) == _lines(
        _from_scratch(monkeypatch, after, ["BH", "WIN"], after.effective_rule_set)
    )
    assert REACH["BH"].value == "opponents"
    assert Fraction(0) <= table.rows[-1].points


def test_the_round_in_progress_is_prepared_before_its_last_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """While round 5 is in progress the standings shown are after round 4; the values of
    round 5 so far are computed ahead, and its last result recomputes two players' own
    values and those of the players who met them, not everyone's."""
    events = _played(4)
    before, after = events[-2], events[-1]
    # The last game of the last round: its two players are the only ones changed.
    white, black = sorted(t for t in after.entries if after.entries[t] is not before.entries[t])
    boards = {ROUNDS: [RoundBoard(1, white, black, done=False)]}
    state = event_state(before, boards, numbering=Numbering.UNRECORDED)
    assert state.provisional_round == ROUNDS
    forget_kept_rows()
    assert prepare_round_in_progress(before, state, ["WIN", "BH"])
    asked: dict[str, int] = {}
    real = standings_module._compute

    def spy(tb, ctx, spec, players):  # type: ignore[no-untyped-def]
        asked[spec.code] = asked.get(spec.code, 0) + len(players)
        return real(tb, ctx, spec, players)

    monkeypatch.setattr(standings_module, "_compute", spy)
    table = compute_standings(after, ["WIN", "BH"])
    assert asked["WIN"] == 2
    monkeypatch.undo()
    fresh = _from_scratch(monkeypatch, after, ["WIN", "BH"], after.effective_rule_set)
    assert _lines(table) == _lines(fresh)
    boards = {ROUNDS: [RoundBoard(1, white, black, done=True)]}
    complete = event_state(after, boards, numbering=Numbering.UNRECORDED)
    assert complete.provisional_round is None
    assert not prepare_round_in_progress(after, complete, ["WIN", "BH"])
