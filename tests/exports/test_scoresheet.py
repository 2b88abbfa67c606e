"""Play-off score sheets: one page per game still to play, 50 moves, result and signatures."""

from __future__ import annotations

from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.scoresheet import MOVES, scoresheets_sheet
from arbiter_app.exports.sheet import Fields, PageBreak, Signatures
from tests.exports.playoff_sample import played_playoff
from tests.exports.samples import NAMES, sample_event

EVENT = sample_event()


def test_a_page_per_game_still_to_play_with_both_players_and_the_clock() -> None:
    state = played_playoff(stop_before_final=True)
    waiting = [g for g in state.games() if g.result is None]
    assert waiting, "the sample stops with a game to play"
    sheet = scoresheets_sheet(EVENT, state)
    assert sheet.title == "Play-off score sheets"
    assert sum(isinstance(b, PageBreak) for b in sheet.blocks) == len(waiting) - 1
    grids = sheet.tables()
    assert len(grids) == len(waiting)
    # Two columns of 25 moves: 1-25 beside 26-50.
    assert grids[0].rows[0][0] == "1" and grids[0].rows[0][3] == str(MOVES // 2 + 1)
    assert grids[0].rows[-1][3] == str(MOVES)
    first = next(b for b in sheet.blocks if isinstance(b, Fields))
    fields = dict(first.items)
    game = waiting[0].spec
    assert fields["Game"].startswith(f"{game.id}: ")
    assert fields["White"].endswith(f"({game.white})")
    assert fields["Black"].endswith(f"({game.black})")
    assert NAMES[game.white] in fields["White"]
    assert "Clock" in fields
    if game.armageddon:
        assert fields["Armageddon"].startswith("a draw counts as a win for Black")
    assert sum(isinstance(b, Signatures) for b in sheet.blocks) == len(waiting)
    assert "1-0" in sheet_to_html(sheet)


def test_every_game_when_all_are_played() -> None:
    state = played_playoff()
    sheet = scoresheets_sheet(EVENT, state)
    assert len(sheet.tables()) == len(state.games())
