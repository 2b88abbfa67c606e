"""The FIDE rating report's readiness: one FIDE ID for one player (an imported file, or one
written before registration refused a second one, may hold it twice), and an ID of zeros is
none."""

from __future__ import annotations

from arbiter_app.core.model import Event, Player
from arbiter_app.core.trf.readiness import report_gaps


def test_a_fide_id_held_by_two_players_is_a_gap_of_the_second() -> None:
    players = (
        Player(1, "Smith, Ann", 2210, federation="NOR", fide_id="1501"),
        Player(2, "Smith, Ann", 2210, federation="NOR", fide_id="1501"),
        Player(3, "Kent, Kim", 2100, federation="NOR", fide_id="1502"),
        Player(4, "Berg, Ola", 2000, federation="NOR", fide_id="0"),
        Player(5, "Dahl, Eli", 1990, federation="NOR", fide_id="000"),
    )
    gaps = report_gaps(Event(players=players, planned_rounds=0))
    doubled = [g for g in gaps if "is also" in g.what]
    assert [(g.player, g.record, g.what) for g in doubled] == [
        (2, "001", "FIDE ID 1501 is also player 1's (columns 58-68)")
    ]
    # Zeros stand for no FIDE ID: a gap of its own, not a second holder.
    assert [(g.player, g.what) for g in gaps if g.player in (4, 5)] == [
        (4, "no FIDE ID (columns 58-68)"),
        (5, "no FIDE ID (columns 58-68)"),
    ]


def test_a_time_control_in_words_is_encoded_and_an_ambiguous_one_says_what_to_write() -> None:
    from arbiter_app.core.model import EventInfo
    from arbiter_app.core.trf.header import encoded_time_control

    # Record 122 as JaVaFo- and Swiss-Manager-made files write it.
    assert encoded_time_control("90 minutes + 30 seconds per move") == "5400+30"
    assert encoded_time_control("90+30") == "5400+30"  # was 90 seconds + 30: a bullet game
    gaps = report_gaps(Event(info=EventInfo(name="Open", time_control="120+30")))
    [gap] = [g for g in gaps if g.record == "222"]
    assert gap.what == (
        "the time control '120+30' is none Arbiter can encode for record 222: 120 minutes or "
        "120 seconds? Write G/120+30 for 120 minutes, or G/2+30 for 2 minutes"
    )
