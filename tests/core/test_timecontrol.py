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
    format_fide,
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


@pytest.mark.parametrize(
    ("written", "fide"),
    [
        # As record 122 of TRF files from other programs and regulations write it.
        ("90 minutes + 30 seconds per move", "5400+30"),
        ("90' + 30''", "5400+30"),
        ("90 min + 30 sec", "5400+30"),
        ("1 h 30 min + 30 s", "5400+30"),
        ("90 minutos + 30 segundos por jugada", "5400+30"),
        ("25 min + 10 sec", "1500+10"),
        ("60 min", "3600"),
        ("15 minutes + 5 seconds delay", "900d5"),
        ("40 moves in 90 min, then 30 min, 30 sec per move from move 1", "40/5400+30:1800+30"),
        ("90 min for 40 moves + 30 min + 30 s", "40/5400+30:1800+30"),
        ("100 min for 40 moves, 50 min, 15 min + 30 s", None),
        # TRF-2006 files: 40 moves in 120 minutes, then 60 (FIDE's own example file).
        ("40/120, 60", "40/7200:3600"),
        ("40/120, 20/60, 30", "40/7200:20/3600:1800"),
        ("40/90+30; 30+30", "40/5400+30:1800+30"),
        # A bare A+B as people write it: minutes and seconds; from 300 on, TRF-26's seconds.
        ("90+30", "5400+30"),
        ("90 + 30", "5400+30"),
        ("90+30s", "5400+30"),
        ("15 + 10 sec", "900+10"),
        ("5400+30s", "5400+30"),
        ("15+10", "900+10"),
        ("3+2", "180+2"),
        ("5400+30", "5400+30"),
        ("600+5", "600+5"),
        ("300", "300"),
    ],
)
def test_time_controls_in_words_and_bare_numbers(written: str, fide: str | None) -> None:
    """Before, ``90+30`` was read as 90 seconds and 30 (a bullet game: the event's ratings
    then came from the blitz list) and the words were not read at all."""
    if fide is None:
        with pytest.raises(InputError, match="needs its move count"):
            parse(written)
        return
    assert format_fide(parse(written)) == fide


@pytest.mark.parametrize("written", ["120+30", "180+2", "60", "240", "120+30s"])
def test_a_bare_number_of_whole_minutes_in_seconds_is_refused_as_ambiguous(written: str) -> None:
    base = int(written.split("+")[0])
    with pytest.raises(InputError, match=f"{base} minutes or {base} seconds\\? Write G/{base}"):
        parse(written)


def test_ninety_plus_thirty_is_a_standard_game() -> None:
    from arbiter_app.core.ratinglist import RatingType, rating_type_for

    assert rating_type_for(parse("90+30")) is RatingType.STANDARD
    assert rating_type_for(parse("15+10")) is RatingType.RAPID
    assert rating_type_for(parse("3+2")) is RatingType.BLITZ


def test_a_regulation_s_clock_is_read_in_seconds_as_its_format_says() -> None:
    """A play-off regulation writes its clocks as TRF-26 does (FIDE C.07 article 3.1.6):
    180+2 there is three minutes and two seconds, never a question."""
    from arbiter_app.core.timecontrol import parse_encoded

    assert parse_encoded("180+2") == game_in(3, 2)
    assert parse_encoded("G/15+10") == game_in(15, 10)
    with pytest.raises(InputError, match="180 minutes or 180 seconds"):
        parse("180+2")
