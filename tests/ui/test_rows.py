"""The rows the panels show, computed from the core event."""

from __future__ import annotations

from arbiter_app.core.model import Event
from arbiter_app.core.result import GameResult
from arbiter_app.ui.document import StandingsOptions
from arbiter_app.ui.rows import crosstable, pairing_rows, player_rows, standings_table
from tests.ui.conftest import document_of


def test_player_rows_carry_the_core_scores(rr_event: Event) -> None:
    rows = player_rows(rr_event)
    assert [(r.tpn, r.name, str(r.score)) for r in rows] == [
        (1, "Ada", "3/2"),
        (2, "Bea", "3/2"),
        (3, "Cy", "2"),
        (4, "Dov", "1"),
    ]
    assert {r.status for r in rows} == {"active"}


def test_pairings_of_a_round_robin_round(rr_event: Event) -> None:
    document = document_of(rr_event)
    rows = pairing_rows(document.tournament, 2, document.boards(2))
    document.close()
    assert [(r.board, r.white, r.black, r.result_text) for r in rows] == [
        (1, 3, 1, "½-½"),
        (2, 4, 2, "1-0"),
    ]
    assert rows[1].result is GameResult.WHITE_WINS


def test_pairings_list_byes_forfeits_and_absences_after_the_boards(swiss_event: Event) -> None:
    document = document_of(swiss_event)
    rows = pairing_rows(document.tournament, 1, document.boards(1))
    assert [(r.board, r.white, r.black, r.result_text) for r in rows] == [
        (1, 1, 2, "1-0"),
        (2, 4, 5, "- +"),
        (None, 3, None, "pairing-allocated bye (1)"),
    ]
    second = pairing_rows(document.tournament, 2, document.boards(2))
    assert [r.result_text for r in second if not r.is_board] == [
        "full-point bye (1)",
        "not paired (0)",
        "not paired (0)",
    ]
    document.close()


def test_a_round_not_played_has_no_rows(rr_event: Event) -> None:
    assert pairing_rows(rr_event, 4, []) == ()


def test_round_robin_crosstable_is_a_grid_of_opponents(rr_event: Event) -> None:
    table = crosstable(rr_event)
    assert table.headers == ("No.", "Player", "Rating", "1", "2", "3", "4", "Points")
    assert table.rows[0] == ("1", "Ada", "2400", "×", "0", "½", "1", "1½")
    assert table.rows[3] == ("4", "Dov", "2100", "0", "1", "0", "×", "1")
    assert table.keys == (1, 2, 3, 4)


def test_swiss_crosstable_has_a_column_per_round(swiss_event: Event) -> None:
    table = crosstable(swiss_event)
    assert table.headers == ("No.", "Player", "Rating", "R1", "R2", "Points")
    cells = {row[0]: row[3:5] for row in table.rows}
    assert cells == {
        "1": ("2w1", "3b1"),
        "2": ("1b0", "FPB"),
        "3": ("PAB", "1w0"),
        "4": ("5-", "--"),
        "5": ("4+", "--"),
    }


def test_swiss_crosstable_follows_the_standings_order(swiss_event: Event) -> None:
    standings = standings_table(swiss_event, StandingsOptions()).standings
    table = crosstable(swiss_event, standings)
    assert table.keys[0] == 1
    assert table.keys[-1] == 4


def test_standings_without_tie_breaks_share_places(rr_event: Event) -> None:
    standings = standings_table(rr_event, StandingsOptions())
    assert standings.table.headers == ("Place", "No.", "Player", "Rating", "Points")
    ranks = [(row[0], row[1], row[4]) for row in standings.table.rows]
    assert ranks == [("1", "3", "2"), ("2-3", "1", "1½"), ("2-3", "2", "1½"), ("4", "4", "1")]
    assert standings.tiebreak_columns == {}


def test_standings_show_the_announced_tie_breaks(rr_event: Event) -> None:
    # Sonneborn-Berger: Bea 2½ (beat Ada, drew Cy) is ahead of Ada 2 (beat Dov, drew Cy).
    standings = standings_table(rr_event, StandingsOptions(("SB", "WIN")))
    assert standings.table.headers[5:] == ("SB", "WIN")
    assert standings.tiebreak_columns == {5: "SB", 6: "WIN"}
    rows = [(row[0], row[2], row[5], row[6]) for row in standings.table.rows]
    assert rows == [
        ("1", "Cy", "2½", "1"),
        ("2", "Bea", "2½", "1"),
        ("3", "Ada", "2", "1"),
        ("4", "Dov", "1½", "1"),
    ]


def test_a_play_off_place_is_marked_and_not_broken(rr_event: Event) -> None:
    standings = standings_table(rr_event, StandingsOptions(("SB",), playoff_places=(2,)))
    assert standings.table.headers[-1] == "Note"
    notes = {row[2]: (row[0], row[-1]) for row in standings.table.rows}
    assert notes["Ada"] == ("2-3", "play-off")
    assert notes["Bea"] == ("2-3", "play-off")
    assert notes["Cy"] == ("1", "")


def test_standings_are_computed_once_per_event_and_options(rr_event: Event) -> None:
    options = StandingsOptions(("SB",))
    assert standings_table(rr_event, options) is standings_table(rr_event, options)
    assert standings_table(rr_event, StandingsOptions()) is not standings_table(rr_event, options)
