"""Choosing a player's rating from the imported lists, the fallback to standard, the sources."""

from __future__ import annotations

from datetime import date

from arbiter_app.core.custom_list import CustomPlayer
from arbiter_app.core.model import Player
from arbiter_app.core.rating_source import (
    Choice,
    CustomFound,
    CustomList,
    Found,
    RatingList,
    checked_sequence,
    choose,
    default_sequence,
    describe,
    differences,
    is_fallback,
    list_missing_at,
    player_fields,
    source_month,
)
from arbiter_app.core.ratinglist import ALL_TYPES, ListedPlayer, RatingType

SEP, OCT = date(2026, 9, 1), date(2026, 10, 1)


def listed(
    fide_id: int = 7,
    standard: int | None = 2100,
    rapid: int | None = None,
    blitz: int | None = None,
) -> ListedPlayer:
    return ListedPlayer(
        fide_id, "Lindqvist, Maja", "SWE", "F", "", "WCM", "", "",
        standard, 1, 20, rapid, None if rapid is None else 3, None if rapid is None else 20,
        blitz, None if blitz is None else 4, None if blitz is None else 20, 2009, "w",
    )  # fmt: skip


def combined(month: date, n: int = 1) -> RatingList:
    return RatingList(n, ALL_TYPES, month, "players_list.zip", 1000)


def single(kind: RatingType, month: date, n: int = 2) -> RatingList:
    return RatingList(n, frozenset({kind}), month, f"{kind.value}.zip", 1000)


def test_the_event_type_rating_of_the_newest_list_valid_at_the_start() -> None:
    found = [
        Found(combined(SEP), listed(standard=2100, rapid=2000)),
        Found(combined(OCT, 3), listed(standard=2110, rapid=2020)),
    ]
    assert choose(found, RatingType.RAPID, date(2026, 9, 20)) == Choice(RatingType.RAPID, 2000, SEP)
    # The October list is valid from 1 October on (a list per month, valid for its period).
    assert choose(found, RatingType.RAPID, OCT) == Choice(RatingType.RAPID, 2020, OCT)
    assert choose(found, RatingType.STANDARD, None) == Choice(RatingType.STANDARD, 2110, OCT)
    assert choose(found, RatingType.STANDARD, date(2026, 8, 31)) is None


def test_rapid_or_blitz_fall_back_to_standard_and_say_so() -> None:
    found = [Found(combined(SEP), listed(standard=2100, rapid=None))]
    choice = choose(found, RatingType.BLITZ, SEP)
    assert choice == Choice(RatingType.BLITZ, 2100, SEP, fallback=True)
    assert choice is not None and choice.source == "fide:blitz:2026-09:standard"
    assert is_fallback(choice.source)
    assert describe(choice.source) == (
        "FIDE list of September 2026: standard rating (no blitz rating)"
    )
    # A standard event never "falls back".
    assert choose(found, RatingType.STANDARD, SEP) == Choice(RatingType.STANDARD, 2100, SEP)
    # With neither, the player is unrated for the event.
    none = [Found(combined(SEP), listed(standard=None))]
    assert choose(none, RatingType.RAPID, SEP) == Choice(RatingType.RAPID, None, SEP)


def test_a_single_list_decides_its_own_type_only() -> None:
    found = [
        Found(single(RatingType.RAPID, OCT), listed(standard=None, rapid=1990)),
        Found(combined(SEP), listed(standard=2100, rapid=1950)),
    ]
    assert choose(found, RatingType.RAPID, None) == Choice(RatingType.RAPID, 1990, OCT)
    assert choose(found, RatingType.STANDARD, None) == Choice(RatingType.STANDARD, 2100, SEP)


def test_the_fields_of_a_player_registered_from_the_list() -> None:
    found = [Found(combined(SEP), listed(standard=2100, rapid=None))]
    assert player_fields(found, RatingType.RAPID, SEP) == {
        "name": "Lindqvist, Maja",
        "title": "WCM",
        "federation": "SWE",
        "fide_id": "7",
        "sex": "w",
        "birth": "2009",
        "rating": 2100,
        "rating_source": "fide:rapid:2026-09:standard",
    }


def test_sources_in_words() -> None:
    assert describe("fide:standard:2026-09") == "FIDE standard list, September 2026"
    assert describe("manual") == "typed in"
    assert describe("import:open.trf") == "imported from open.trf"
    assert describe("") == "not recorded"


def test_differences_from_the_list_valid_at_the_start() -> None:
    players = [
        Player(1, "Lindqvist, Maja", 2100, fide_id="7"),
        Player(2, "Other, One", 1800, fide_id="8"),
        Player(3, "Nobody, Listed", 1500, fide_id="9"),
        Player(4, "No, Id", 1400),
    ]
    found = {
        "7": [Found(combined(SEP), listed(7, standard=2100))],
        "8": [Found(combined(SEP), listed(8, standard=1825))],
    }
    found_diff = differences(players, found, RatingType.STANDARD, date(2026, 9, 12))
    assert [d.tpn for d in found_diff] == [2, 3]
    assert found_diff[0].sentence() == (
        "2 Other, One (FIDE ID 8): 1800 in the event, 1825 on the FIDE standard list, "
        "September 2026."
    )
    assert "on no list valid at the start" in found_diff[1].sentence()


# -- sequences of lists and custom lists (FIDE C.02 checklist, rating lists) ----------------
NOV = date(2026, 11, 1)


def _eng(rating: int | None, month: date = NOV, n: int = 5) -> CustomFound:
    return CustomFound(
        CustomList(n, "ENG", month, "ENG.csv", 10),
        CustomPlayer("A1", "Lindqvist, Maja", rating, 7, "ENG", "", "F", 2009),
    )


def test_the_default_sequence_per_tournament_type() -> None:
    """Checklist Q123, as both trackers quote it: standard, rapid, blitz for a standard
    event; the effective rapid list (rapid, then standard), then blitz, for a rapid event;
    the effective blitz list (blitz, then standard), then rapid, for a blitz event."""
    assert default_sequence(RatingType.STANDARD) == ("standard", "rapid", "blitz")
    assert default_sequence(RatingType.RAPID) == ("rapid", "standard", "blitz")
    assert default_sequence(RatingType.BLITZ) == ("blitz", "standard", "rapid")
    # A player with no standard rating plays a standard event with the rapid one, marked.
    only_rapid = [Found(combined(SEP), listed(standard=None, rapid=1900, blitz=1850))]
    chosen = choose(only_rapid, RatingType.STANDARD, SEP)
    assert chosen == Choice(RatingType.STANDARD, 1900, SEP, fallback=True, via="rapid")
    assert describe(chosen.source) == (
        "FIDE list of September 2026: rapid rating, in place of the standard rating"
    )
    # ... a blitz event with the standard one before the rapid one ...
    both = [Found(combined(SEP), listed(standard=2000, rapid=1900))]
    assert choose(both, RatingType.BLITZ, SEP) == Choice(RatingType.BLITZ, 2000, SEP, True)
    # ... and with the rapid one when it has no standard one.
    assert choose(only_rapid, RatingType.BLITZ, SEP) == Choice(RatingType.BLITZ, 1850, SEP)
    no_blitz = [Found(combined(SEP), listed(standard=None, rapid=1900))]
    assert choose(no_blitz, RatingType.BLITZ, SEP) == Choice(
        RatingType.BLITZ, 1900, SEP, fallback=True, via="rapid"
    )
    # A rapid event with neither rapid nor standard takes the blitz one.
    only_blitz = [Found(combined(SEP), listed(standard=None, blitz=1700))]
    assert choose(only_blitz, RatingType.RAPID, SEP) == Choice(
        RatingType.RAPID, 1700, SEP, fallback=True, via="blitz"
    )


def test_the_first_list_of_the_sequence_that_rates_the_player_gives_the_rating() -> None:
    """Checklist Q117, Q124, Q126: custom lists in a sequence the arbiter orders."""
    found = [Found(combined(SEP), listed(standard=2100, rapid=None))]
    day = date(2026, 11, 20)
    # Default: rapid, else standard.
    assert choose(found, RatingType.RAPID, day, None, [_eng(1950)]).source == (
        "fide:rapid:2026-09:standard"
    )
    # The national list before FIDE's standard list.
    chosen = choose(found, RatingType.RAPID, day, ["rapid", "list:ENG", "standard"], [_eng(1950)])
    assert chosen is not None and (chosen.rating, chosen.source) == (1950, "list:ENG:2026-11")
    assert describe(chosen.source) == "list ENG, November 2026"
    # Not rated there: the next list of the sequence.
    chosen = choose(found, RatingType.RAPID, day, ["list:ENG", "standard"], [_eng(None)])
    assert chosen is not None and chosen.rating == 2100
    # A list of a later month is not valid at the start.
    chosen = choose(found, RatingType.RAPID, date(2026, 10, 5), ["list:ENG"], [_eng(1950)])
    assert chosen is not None and chosen.rating is None
    # Another FIDE type than the event's: the blitz list of a rapid event, marked.
    blitz = listed(standard=None)._replace(blitz=1800, blitz_games=4, blitz_k=20)
    chosen = choose([Found(combined(SEP), blitz)], RatingType.RAPID, day, ["rapid", "blitz"])
    assert chosen is not None and chosen.source == "fide:rapid:2026-09:blitz"
    assert describe(chosen.source) == (
        "FIDE list of September 2026: blitz rating, in place of the rapid rating"
    )
    # Only a custom list holds the player.
    chosen = choose([], RatingType.STANDARD, day, ["standard", "list:ENG"], [_eng(1950)])
    assert chosen is not None and chosen.source == "list:ENG:2026-11"


def test_a_sequence_is_checked() -> None:
    assert checked_sequence("rapid, list:ENG ,standard") == ["rapid", "list:ENG", "standard"]
    for bad, reason in (
        ([], "one list at least"),
        (["rapid", "rapid"], "named twice"),
        (["classical"], "unknown rating list"),
        (["list:"], "does not name a list"),
        ([3], "named by text"),
    ):
        try:
            checked_sequence(bad)
        except ValueError as exc:
            assert reason in str(exc)
        else:
            raise AssertionError(f"{bad!r} was taken")


def test_a_list_missing_at_the_start_and_the_month_of_a_source() -> None:
    """Checklist Q137, Q141: the list of the start's month, when an older one stands in."""
    assert list_missing_at([SEP, OCT], date(2026, 11, 20)) == NOV
    assert list_missing_at([SEP, NOV], date(2026, 11, 20)) is None
    assert list_missing_at([NOV], date(2026, 10, 20)) is None  # none valid: refused elsewhere
    assert list_missing_at([SEP], None) is None
    assert source_month("fide:rapid:2026-09:standard") == SEP
    assert source_month("list:ENG:2026-11") == NOV
    assert source_month("manual") is None and source_month("import:x.trf") is None
