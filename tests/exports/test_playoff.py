"""The play-off kit from the engine's state: what each sheet says, and the PGN games."""

from __future__ import annotations

from decimal import Decimal

from arbiter_app.core.playoff.results import final_placings, prize_table
from arbiter_app.core.prizes import PrizeFund
from arbiter_app.exports.bracket import bracket_of, bracket_sheet
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.pgn import games_to_pgn, read_pgn_results
from arbiter_app.exports.playoff import (
    armageddon_cards_sheet,
    playoff_games,
    schedule_sheet,
    stage_pairings_sheet,
)
from arbiter_app.exports.prizes import prizes_sheet
from arbiter_app.exports.sheet import Box, Bracket, Fields, PageBreak
from tests.exports.playoff_sample import played_playoff
from tests.exports.samples import NAMES, sample_event

EVENT = sample_event()


def test_schedule_lists_the_c07_parameters_stages_and_clocks() -> None:
    sheet = schedule_sheet(EVENT, played_playoff())
    c07, tied, stages = sheet.tables()
    assert [row[0] for row in c07.rows] == [f"3.1.{i}" for i in range(1, 8)]
    assert tied.rows == (("1-3", f"{NAMES[1]} (1); {NAMES[3]} (3); {NAMES[4]}\u200e (4)"),)
    by_format = {row[1]: row for row in stages.rows}
    # 2.3.1: two players, G/10+5 double round robin; 2.3.2: three or more, G/5+3.
    assert by_format["mini-match"][2:] == ("2–2", "G/10+5", "30 min", "2.3.1")
    assert by_format["round robin"][2:] == ("3+", "G/5+3", "16 min", "2.3.2")
    assert by_format["Armageddon"][3:] == (
        "White G/5, Black G/4, +2 from move 61",
        "9 min",
        "2.5.1",
    )
    html = sheet_to_html(sheet)
    assert "The play-off is over" in html and "(article 2.2)" in html


def test_pairings_one_page_per_stage_with_results_and_byes() -> None:
    sheet = stage_pairings_sheet(EVENT, played_playoff())
    tables = sheet.tables()
    assert len(tables) == 3  # the round robin, knockout round 1, knockout round 2
    assert sum(isinstance(b, PageBreak) for b in sheet.blocks) == 2
    rr = tables[0]
    assert [row[0] for row in rr.rows] == ["1", "2", "3"]
    assert {row[4] for row in rr.rows} == {"½-½"}
    html = sheet_to_html(sheet)
    # Three players: someone rests in every round of the round robin.
    assert "No game (bye): round 1:" in html
    assert "a draw counts as a win for Black (article 2.5.2)" in html


def test_armageddon_cards_show_clocks_toss_and_draw_odds() -> None:
    state = played_playoff()
    sheet = armageddon_cards_sheet(EVENT, state)
    cards = [b for b in sheet.blocks if isinstance(b, Box)]
    assert len(cards) == 2
    fields = next(dict(b.items) for b in cards[0].blocks if isinstance(b, Fields))
    assert fields["White's clock"] == "G/5+2 from move 61"
    assert fields["Black's clock"] == "G/4+2 from move 61"
    assert "who chose Black" in fields["Coin toss"] and "article 2.5.3" in fields["Coin toss"]
    assert fields["Draw odds"] == "a draw counts as a win for Black — article 2.5.2"
    game = next(g for g in state.games() if g.spec.armageddon)
    assert fields["Goes through"].endswith(f"({game.winner})")


def test_bracket_is_built_back_from_the_final() -> None:
    state = played_playoff()
    names = {p.tpn: p.name for p in EVENT.players}
    bracket = bracket_of([g for g in state.games() if g.spec.armageddon], names)
    assert isinstance(bracket, Bracket)
    (winner,) = bracket.roots
    assert winner.strong and winner.text.endswith("(4)")
    final = winner.children[0]
    # The final: the bye player against the winner of round 1.
    texts = [c.text for c in final.children]
    assert any(t.endswith(": bye") for t in texts)
    assert winner.span == 3 and winner.depth == 4
    assert bracket.columns == ("Players", "Round 1", "Round 2", "Winner")
    assert "Armageddon knockout — places 1-3" in sheet_to_html(bracket_sheet(EVENT, state))


def test_prizes_follow_the_regulation() -> None:
    state = played_playoff()
    standings = [(1, 1, 3), (3, 1, 3), (4, 1, 3), (5, 4, 4), (2, 5, 6), (6, 5, 6)]
    placings = final_placings(state, standings)
    rows, prizes = prize_table(
        state.regulation, placings, NAMES, PrizeFund.of(37500, 25000, 20000, 15000, 12500, 10000)
    )
    sheet = prizes_sheet(EVENT, state, rows, prizes)
    table = sheet.tables()[0]
    winner = table.rows[0]
    # 2.6: $5,000 to the winner first, the rest of places 1-3 shared by the three.
    assert winner[0] == "1 *" and winner[3] == "30,833.34"
    assert sum(r.money for r in rows) == Decimal("120000.00")
    header = dict(sheet.header)
    assert header["Play-off winner first receives"] == "5,000.00 USD"
    assert table.strong_rows == frozenset({0, 1, 2})


def test_pgn_games_round_trip() -> None:
    state = played_playoff()
    games = playoff_games(EVENT, state)
    # Stage 1 the round robin (rounds 1-3), stage 2 the knockout (rounds 1-2).
    assert [g.round for g in games] == ["1.1", "1.2", "1.3", "2.1", "2.2"]
    assert [g.armageddon for g in games] == [False, False, False, True, True]
    assert games[0].time_control == "300+3"
    assert games[3].time_control == "W300+2@61-B240+2@61"
    assert read_pgn_results(games_to_pgn(games)) == games
