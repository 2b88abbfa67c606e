from datetime import timedelta

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.model import Colour
from arbiter_app.core.timecontrol import (
    Bonus,
    BonusKind,
    Period,
    TimeControl,
    armageddon,
    game_in,
    parse,
    parse_fide,
    parse_us,
)


@pytest.mark.parametrize(
    ("text", "printed", "fide"),
    [
        ("G/90+30", "G/90+30", "5400+30"),
        ("G/90;+30", "G/90+30", "5400+30"),
        ("G/90 +30", "G/90+30", "5400+30"),
        ("G/45 d5", "G/45 d5", "2700d5"),
        ("G/5 d0", "G/5 d0", "300d0"),
        ("G/10+5", "G/10+5", "600+5"),
        ("40/90, SD/30 d5", "40/90, SD/30 d5", "40/5400d5:1800d5"),
        ("40/90, SD/30+30", "40/90, SD/30+30", "40/5400+30:1800+30"),
        ("G/15", "G/15", "900"),
        # As announcements write them: the periods separated by a space only.
        ("40/90 SD/30", "40/90, SD/30", "40/5400:1800"),
        ("40/90 SD/30 d5", "40/90, SD/30 d5", "40/5400d5:1800d5"),
        ("40/120 20/60 SD/30+30", "40/120, 20/60, SD/30+30", "40/7200+30:20/3600+30:1800+30"),
    ],
)
def test_us_notation_round_trips(text: str, printed: str, fide: str) -> None:
    tc = parse_us(text)
    assert tc.us() == printed
    assert tc.fide() == fide
    assert parse_fide(fide) == tc
    assert parse(text) == tc and parse(fide) == tc


def test_the_forms_of_the_city_chess_page_and_the_us_rulebook() -> None:
    """``40/90 SD/30`` (no comma), ``40/90, SD/30 d5``, ``G/90;+30``, ``G/5 d0``: the same
    clocks however the separators are written; ``d0`` is a delay of nought, not none."""
    assert parse("40/90 SD/30") == parse("40/90, SD/30") == parse("40/90; SD/30")
    assert parse("40/90 SD/30").periods == (Period(5400, 40), Period(1800))
    assert parse("40/90, SD/30 d5").longest() == timedelta(hours=4, minutes=10)
    assert parse("G/90;+30") == parse("G/90+30") == game_in(90, 30)
    blitz = parse("G/5 d0")
    assert blitz.periods[0].bonus == Bonus(BonusKind.DELAY, 0)
    assert blitz.longest() == timedelta(minutes=10)


def test_a_bonus_at_the_end_applies_to_both_time_controls() -> None:
    """Seed 001_…: "When there's a delay or increment added, it applies to the whole game"."""
    tc = parse_us("40/90, SD/30 d5")
    assert [p.bonus for p in tc.periods] == [Bonus(BonusKind.DELAY, 5)] * 2
    assert tc.periods[0].moves == 40 and tc.periods[1].moves is None


def test_fide_encoding_with_different_increments_per_period() -> None:
    tc = parse_fide("40/5400+30:1800+30")
    assert tc.periods == (
        Period(5400, 40, Bonus(BonusKind.INCREMENT, 30)),
        Period(1800, None, Bonus(BonusKind.INCREMENT, 30)),
    )
    mixed = parse_fide("40/5400:1800+30")
    assert mixed.fide() == "40/5400:1800+30"
    with pytest.raises(ValueError, match="one bonus"):
        mixed.us()


def test_gct_armageddon_clock_2_5_1() -> None:
    """GCT 2023 2.5.1: White 5 minutes, Black 4 minutes, 2 s increment from move 61."""
    tc = armageddon(300, 240, 2, from_move=61)
    assert tc.fide() == "W300+2@61-B240+2@61"
    assert tc.us() == "White G/5, Black G/4, +2 from move 61"
    assert parse_us(tc.us()) == tc
    assert parse_fide(tc.fide()) == tc
    assert tc.is_asymmetric
    assert tc.clock(Colour.WHITE)[0].seconds == 300
    assert tc.clock(Colour.BLACK)[0].seconds == 240
    plain = parse_fide("W300-B240")
    assert plain == armageddon(300, 240) and plain.us() == "White G/5, Black G/4"
    # With the assumed 60 moves the increment from move 61 never adds anything.
    assert tc.longest() == timedelta(minutes=9)
    assert tc.longest(moves=70) == timedelta(minutes=9, seconds=2 * 10 * 2)


def test_seed_001_g45_d5_lasts_an_hour_and_forty_minutes() -> None:
    """Seed 001_…: "G/45 d5 … could last as long as an hour and forty minutes"."""
    assert parse_us("G/45 d5").longest() == timedelta(hours=1, minutes=40)


def test_seed_001_g90_plus_30_lasts_around_four_hours() -> None:
    """Seed 001_…: "G/90 +30 … could last around four hours"."""
    assert parse_us("G/90 +30").longest() == timedelta(hours=4)


def test_longest_with_two_periods_and_an_increment_from_move_one() -> None:
    # 2 x (90 + 30) minutes + 2 x 60 moves x 30 s
    assert parse_fide("40/5400+30:1800+30").longest() == timedelta(hours=4, minutes=60)
    # The increment only in the second period: moves 41-60 earn it.
    assert parse_fide("40/5400:1800+30").longest() == timedelta(minutes=240, seconds=2 * 20 * 30)
    assert game_in(5, delay=0).longest() == timedelta(minutes=10)
    assert game_in(10, 5).longest() == timedelta(minutes=30)


@pytest.mark.parametrize(
    "bad",
    ["", "G/", "90+30x", "40/90", "SD/30, 40/90", "G/90, G/30", "0/90, SD/30", "40/5400+30"],
)
def test_bad_time_controls_are_refused_with_a_message(bad: str) -> None:
    with pytest.raises(InputError, match="time control"):
        parse(bad)


def test_constructors() -> None:
    assert game_in(15, 10) == parse_us("G/15+10")
    assert game_in(5, delay=0) == parse_us("G/5 d0")
    assert TimeControl((Period(600, None, Bonus(BonusKind.INCREMENT, 5)),)).us() == "G/10+5"
