"""The reader finds any game whose two sides disagree, and names the line and the round."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from arbiter_app.core.errors import InputError
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, RoundEntry, check_consistency
from arbiter_app.core.trf import event_to_trf, parse_trf
from arbiter_app.core.trf.records import cell_start
from tests.core.trf.strategies import events


def _break(entry: RoundEntry, how: str, other: RoundEntry) -> RoundEntry:
    if how == "result" and entry.kind is EntryKind.GAME:
        # Never an outcome that makes a result with the opponent's: ½-0, 0-½ and 0-0 are
        # results (Q180). Against a loss every outcome does, so the game becomes rated on
        # one side only.
        assert entry.outcome is not None
        assert other.outcome is not None
        wrong = {Outcome.WIN: Outcome.WIN, Outcome.DRAW: Outcome.WIN}.get(other.outcome)
        if wrong is None or wrong is entry.outcome:
            return replace(entry, rated=not entry.rated)
        return replace(entry, outcome=wrong)
    if how == "result":  # a forfeit win becomes a win over the board
        assert entry.opponent is not None
        return RoundEntry.game(entry.opponent, entry.colour, Outcome.WIN)
    if how == "colour":
        return replace(entry, colour=Colour.WHITE)
    return RoundEntry(EntryKind.HALF_BYE)  # "vanish": the game is on one record only


@settings(max_examples=60, deadline=None)
@given(event=events(max_players=16), data=st.data())
def test_a_one_sided_game_is_reported(event: Event, data: st.DataObject) -> None:
    """TRF-26 player section: columns 92-95 hold "the scheduled opponent"; both records
    of a pairing must name each other, with opposite colours and matching results."""
    games = [
        (r, tpn, e)
        for r, tpn, e in event.iter_games()
        if e.opponent is not None and e.kind is not EntryKind.FORFEIT_LOSS
    ]
    assume(games)
    round_no, tpn, entry = data.draw(st.sampled_from(games))
    how = data.draw(st.sampled_from(["result", "colour", "vanish"]))
    other = event.entry(entry.opponent or 0, round_no)
    if how == "colour":
        assume(other.colour is Colour.WHITE)  # then White on both records
    broken = list(event.entries[tpn])
    broken[round_no - 1] = _break(entry, how, other)
    assert broken[round_no - 1] != entry
    bad = replace(event, entries={**event.entries, tpn: tuple(broken)})
    with pytest.raises(InputError) as caught:
        parse_trf(event_to_trf(bad))
    lines = event_to_trf(bad).splitlines()
    player_lines = {
        n
        for n, text in enumerate(lines, start=1)
        if text[:3] == "001" and int(text[4:8]) in (tpn, entry.opponent)
    }
    columns = range(cell_start(round_no) + 1, cell_start(round_no) + 11)
    assert any(
        i.line in player_lines and i.column in columns and f"round {round_no}" in i.message
        for i in caught.value.issues
    ), caught.value.issues


@settings(max_examples=40, deadline=None)
@given(event=events(max_players=16))
def test_what_reads_is_consistent_for_the_model_too(event: Event) -> None:
    assert check_consistency(parse_trf(event_to_trf(event)).event) == []
