"""What the FIDE rating report still lacks, before it is sent.

FIDE's rating server takes a TRF-26 file; its tables mark with ■ in the R
column the fields mandatory for rating: the tournament's name (012), city
(022), federation (032), dates of start and end (042, 052), chief arbiter
(102), the dates of the rounds (132), and for every player the FIDE number
(columns 58-68), the rank and the rounds. The time control (122, encoded in
222) is what tells a standard event from a rapid or a blitz one.

FIDE's Regulations for Registration & Licensing of Players ask more of the
players: every player of a FIDE-rated event needs a FIDE ID (FIN) before the
tournament is submitted for rating (article 3), represents a federation
(article 1.6 of the 2015 text: ``FID`` for none), and is registered with name,
gender and date of birth (article 2): so a new player's sex (column 10, ``m``
or ``w``) and date of birth (columns 70-79, ``YYYY/MM/DD``) must be in the
report for FIDE to register him.

:func:`report_gaps` lists each missing item, the event's first, then player by
player; an empty list means the report is ready to send.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.model import Event, Player
from arbiter_app.core.timecontrol import format_fide
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.core.trf.dates import read_date
from arbiter_app.core.trf.national import federation_code
from arbiter_app.core.words import count

TRF26 = "TRF-26, mandatory for rating"
REGISTRATION = "FIDE Registration & Licensing Regulations"


@dataclass(frozen=True, slots=True)
class Gap:
    """One thing the report lacks: its record (``022``, ``001``…), what is missing and why.

    *player* is the pairing number for a player's gap, None for the event's.
    """

    record: str
    what: str
    article: str
    player: int | None = None

    def __str__(self) -> str:
        return f"{self.what} ({self.article})"


def _missing_rounds(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"round {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"rounds {numbers[0]}-{numbers[-1]}"
    return "rounds " + ", ".join(map(str, numbers))


def _event_gaps(event: Event) -> list[Gap]:
    info = event.info
    gaps: list[Gap] = []

    def need(record: str, value: object, what: str) -> None:
        if not value:
            gaps.append(Gap(record, f"no {what} (record {record})", TRF26))

    need("012", info.name.strip(), "tournament name")
    need("022", info.city.strip(), "city")
    if not info.federation.strip():
        need("032", "", "federation")
    elif federation_code(info.federation) is None:
        gaps.append(
            Gap("032", f"the federation {info.federation!r} is no three-letter FIDE code", TRF26)
        )
    need("042", info.start_date, "date of start")
    need("052", info.end_date, "date of end")
    if info.start_date and info.end_date and info.end_date < info.start_date:
        gaps.append(Gap("052", "the date of end is before the date of start", TRF26))
    need("102", info.chief_arbiter.strip(), "chief arbiter")
    if not info.time_control.strip():
        gaps.append(
            Gap("122", "no time control (record 122)", "FIDE rates standard, rapid and blitz apart")
        )
    else:
        try:
            format_fide(parse_time_control(info.time_control))
        except ArbiterError as exc:
            # Why it cannot be read says what to write (a bare 120+30 could be minutes or
            # seconds: timecontrol._plain).
            # The reader's issue is "'120+30': reason"; the gap names the text itself.
            issues = exc.issues if isinstance(exc, InputError) else ()
            why = issues[0].message.split(": ", 1)[-1] if issues else str(exc)
            gaps.append(
                Gap(
                    "222",
                    f"the time control {info.time_control!r} is none Arbiter can encode for "
                    f"record 222: {why}",
                    "TRF-26 record 222",
                )
            )
    gaps += _round_date_gaps(event)
    return gaps


def _round_date_gaps(event: Event) -> list[Gap]:
    info = event.info
    rounds = event.system.rounds_in(event.rounds)
    dates = [d.strip() for d in info.round_dates]
    missing = [r for r in range(1, rounds + 1) if r > len(dates) or not dates[r - 1]]
    gaps: list[Gap] = []
    if missing:
        gaps.append(Gap("132", f"no date for {_missing_rounds(missing)} (record 132)", TRF26))
    for round_no, text in enumerate(dates, start=1):
        if not text:
            continue
        day = read_date(text)
        if day is None:
            gaps.append(Gap("132", f"round {round_no}'s date {text!r} is no date", TRF26))
        elif (info.start_date and day < info.start_date) or (info.end_date and day > info.end_date):
            gaps.append(
                Gap(
                    "132",
                    f"round {round_no}'s date {day.isoformat()} is outside the event's dates",
                    TRF26,
                )
            )
    return gaps


def _player_gaps(player: Player) -> list[Gap]:
    gaps: list[Gap] = []
    tpn = player.tpn

    def gap(record: str, what: str, article: str) -> None:
        gaps.append(Gap(record, what, article, tpn))

    if not player.name.strip():
        gap("001", "no name (columns 15-47)", TRF26)
    if not player.fide_id.strip().strip("0"):  # zeros, as some programs write, are none
        gap("001", "no FIDE ID (columns 58-68)", f"{TRF26}; {REGISTRATION}, article 3")
    if not player.federation.strip():
        gap("001", "no federation (columns 54-56; FID for none)", f"{REGISTRATION}, article 1.6")
    if player.rating:
        return gaps
    # A new (unrated) player: FIDE registers him from the report.
    if player.sex.strip().lower() not in ("m", "w"):
        gap("001", "new player without sex (column 10: m or w)", f"{REGISTRATION}, article 2")
    birth = player.birth.strip()
    if not birth:
        gap(
            "001",
            "new player without a date of birth (columns 70-79)",
            f"{REGISTRATION}, article 2",
        )
    elif read_date(birth) is None:
        gap(
            "001",
            f"new player's date of birth {birth!r} is not a date YYYY/MM/DD",
            f"{REGISTRATION}, article 2",
        )
    return gaps


def report_gaps(event: Event, unfinished: Mapping[int, Sequence[int]] | None = None) -> list[Gap]:
    """Everything the FIDE rating report of *event* still lacks: the event's gaps, the rounds
    not played or not finished (*unfinished*: round → boards without a result), then each
    player's, by pairing number."""
    gaps = _event_gaps(event)
    for round_no, boards in sorted((unfinished or {}).items()):
        if boards:
            gaps.append(
                Gap(
                    "001",
                    f"round {round_no} is in progress: {count(len(boards), 'board')} without a "
                    f"result ({', '.join(map(str, boards))})",
                    "the report rates the rounds played",
                )
            )
    played = event.system.rounds_in(event.rounds_played)
    planned = event.system.rounds_in(event.planned_rounds)
    if planned > played:
        gaps.append(
            Gap(
                "142",
                f"{_missing_rounds(list(range(played + 1, planned + 1)))} of {planned} not "
                "played yet",
                "the report is sent once the event is over",
            )
        )
    seen: dict[str, int] = {}
    for player in sorted(event.players, key=lambda p: p.tpn):
        gaps += _player_gaps(player)
        fide_id = player.fide_id.strip()
        if fide_id.strip("0") and fide_id in seen:
            # One person, one line: FIDE would rate the games of both lines as one player's.
            gaps.append(
                Gap(
                    "001",
                    f"FIDE ID {fide_id} is also player {seen[fide_id]}'s (columns 58-68)",
                    f"{TRF26}: a record 001 for each player",
                    player.tpn,
                )
            )
        seen.setdefault(fide_id, player.tpn)
    return gaps
