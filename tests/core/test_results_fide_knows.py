"""The results FIDE knows (issue 23, item 3): ½-0, 0-½, 0-0 and games not rated.

Laws of Chess article 12.9 lets the arbiter reduce the points of the offending
player, or declare a game lost and decide the opponent's score: ½-0, 0-½ and 0-0
(checklist Q24 and Q180). TRF-26 writes a game played but not rated as ``W D L``
(checklist Q185). Both count in the standings and the tie-breaks as games played
(C.07 article 16 names only forfeits and byes as unplayed); FIDE's reference
implementation (gacrux) is the oracle, on files holding every kind, value for value.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from arbiter_app.core.model import (
    EntryKind,
    Event,
    Outcome,
    RoundEntry,
    RuleSet,
    check_consistency,
)
from arbiter_app.core.result import NOT_RATED, UNEQUAL, GameResult
from arbiter_app.core.tiebreaks import TieBreakContext
from arbiter_app.core.trf import TrfVersion, event_to_trf, parse_trf
from tests.core.tiebreaks.test_property_gacrux import CODES, assert_same_values
from tests.support.gacrux_oracle import gacrux_values
from tests.support.random_events import random_event

trf2json = pytest.importorskip("gacrux.trf2json").trf2json

NEW_KINDS = (*UNEQUAL, *NOT_RATED)


def with_every_new_kind(event: Event, seed: int) -> Event:
    """*event* with games played turned into each new result in turn (every kind at least
    once when the event has six games or more)."""
    rnd = random.Random(seed)
    rows = {tpn: list(row) for tpn, row in event.entries.items()}
    boards = [
        (r, tpn, e)
        for r, tpn, e in event.iter_games()
        if e.kind is EntryKind.GAME and e.colour is not None and e.colour.value == "w"
    ]
    rnd.shuffle(boards)
    for i, (r, white, entry) in enumerate(boards[: 3 * len(NEW_KINDS)]):
        assert entry.opponent is not None
        black = entry.opponent
        black_entry = rows[black][r - 1]
        mine, theirs = NEW_KINDS[i % len(NEW_KINDS)].entries(white, black)
        rows[white][r - 1] = replace(mine, opponent_rating=entry.opponent_rating)
        rows[black][r - 1] = replace(theirs, opponent_rating=black_entry.opponent_rating)
    return replace(event, entries={tpn: tuple(row) for tpn, row in rows.items()})


def kinds_in(event: Event) -> set[GameResult]:
    found = set()
    for r, _tpn, e in event.iter_games():
        if e.kind is EntryKind.GAME and e.colour is not None and e.colour.value == "w":
            assert e.opponent is not None
            result = GameResult.of_entries(e, event.entry(e.opponent, r))
            assert result is not None
            found.add(result)
    return found


@pytest.mark.parametrize("rule_set", [RuleSet.FIDE_2024, RuleSet.FIDE_2026], ids=lambda r: r.value)
@pytest.mark.parametrize("seed", range(6))
def test_tiebreaks_equal_gacrux_with_every_new_result(seed: int, rule_set: RuleSet) -> None:
    """C.07 (every value of BH, BH/C1, SB, ARO/C1, DE, WIN, BWG, PS, TPR, KS) on events holding
    ½-0, 0-½, 0-0 and W/D/L games: equal to gacrux's, value for value."""
    event = with_every_new_kind(random_event(seed, rule_set), seed)
    assert not check_consistency(event)
    assert set(NEW_KINDS) <= kinds_in(event)
    reference = gacrux_values(event, rule_set, CODES)
    ctx = TieBreakContext(event)
    theirs = gacrux_values(event, rule_set, ("PTS",))["PTS"]
    assert {tpn: Fraction(str(v)) for tpn, v in theirs.items()} == dict(ctx.scores)
    assert_same_values(ctx, reference, CODES)


def _gacrux_games(text: str) -> dict[tuple[int, int], dict[str, Any]]:
    """gacrux's reading of every game: (round, White) -> its result record."""
    reader = trf2json()
    reader.parse_file(text, False)
    assert reader.get_status() == 0, reader.chessjson.get("status")
    tournament = reader.get_tournament(1)
    return {
        (game["round"], game["white"]["cid"]): game
        for game in tournament["gameList"]
        if (game.get("black") or {}).get("cid", 0) > 0
    }


_GACRUX_CODES = {Outcome.WIN: "W", Outcome.DRAW: "D", Outcome.LOSS: "L"}


@pytest.mark.parametrize("version", list(TrfVersion), ids=lambda v: v.name)
def test_a_report_with_every_new_result_reads_back_in_gacrux_value_for_value(
    version: TrfVersion,
) -> None:
    """The export holds ½-0 (``=``/``0``), 0-½ (``0``/``=``), 0-0 (``0``/``0``) and games not
    rated (``W``/``L``, ``D``/``D``, ``L``/``W``); Arbiter and gacrux read every game back
    with both results and the rated flag, and every player's points, as written."""
    event = with_every_new_kind(random_event(3, RuleSet.FIDE_2026), 3)
    text = event_to_trf(event, version)
    again = parse_trf(text).event
    assert all(
        again.entry(p.tpn, r) == replace(event.entry(p.tpn, r), opponent_rating=None)
        for p in event.players
        for r in range(1, event.rounds_played + 1)
    )
    games = _gacrux_games(text)
    compared = set()
    for r, tpn, e in event.iter_games():
        if e.kind is not EntryKind.GAME or e.colour is None or e.colour.value != "w":
            continue
        assert e.opponent is not None and e.outcome is not None
        other = event.entry(e.opponent, r)
        assert other.outcome is not None
        game = games[(r, tpn)]
        assert game["black"]["cid"] == e.opponent
        assert game["white"]["result"] == _GACRUX_CODES[e.outcome]
        assert game["black"]["result"] == _GACRUX_CODES[other.outcome]
        assert game["rated"] is e.rated
        assert game["played"] is True
        compared.add(GameResult.of_entries(e, other))
    assert set(NEW_KINDS) <= compared


def test_a_game_not_rated_and_an_unequal_result_in_the_trf_cells() -> None:
    """TRF-26 player section: each side's own code, so ½-0 is ``=`` facing ``0``."""
    event = with_every_new_kind(random_event(3, RuleSet.FIDE_2026), 3)
    text = event_to_trf(event, TrfVersion.TRF26)
    cells = {
        (int(line[4:8]), r): line[89 + 10 * (r - 1) : 99 + 10 * (r - 1)]
        for line in text.splitlines()
        if line.startswith("001 ")
        for r in range(1, event.rounds_played + 1)
    }
    for r, tpn, e in event.iter_games():
        if e.kind is EntryKind.GAME and e.colour is not None and e.colour.value == "w":
            assert e.opponent is not None
            result = GameResult.of_entries(e, event.entry(e.opponent, r))
            codes = (cells[(tpn, r)][-1], cells[(e.opponent, r)][-1])
            expected = {
                GameResult.WHITE_HALF: ("=", "0"),
                GameResult.BLACK_HALF: ("0", "="),
                GameResult.BOTH_LOSE: ("0", "0"),
                GameResult.WHITE_WINS_UNRATED: ("W", "L"),
                GameResult.DRAW_UNRATED: ("D", "D"),
                GameResult.BLACK_WINS_UNRATED: ("L", "W"),
            }.get(result)  # type: ignore[arg-type]
            if expected is not None:
                assert codes == expected


def test_a_loss_facing_a_win_is_still_refused_on_reading() -> None:
    """Only ½-0, 0-½ and 0-0 are unequal results: two wins are a misprint (TRF check)."""
    event = with_every_new_kind(random_event(3, RuleSet.FIDE_2026), 3)
    r, tpn, e = next(
        (r, t, e)
        for r, t, e in event.iter_games()
        if e.kind is EntryKind.GAME
        and e.outcome is Outcome.LOSS
        and event.entry(e.opponent or 0, r).outcome is Outcome.WIN
    )
    rows = dict(event.entries)
    row = list(rows[tpn])
    row[r - 1] = RoundEntry.game(e.opponent or 0, e.colour, Outcome.WIN, rated=e.rated)
    rows[tpn] = tuple(row)
    bad = replace(event, entries=rows)
    assert check_consistency(bad)
    from arbiter_app.core.errors import InputError

    with pytest.raises(InputError, match=r"do not|disagree|match"):
        parse_trf(event_to_trf(bad))
