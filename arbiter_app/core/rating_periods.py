"""Events over 30 days: the flag, the rating period each round falls in, and what follows.

FIDE publishes a rating list on the first day of every month, valid for that
month: the month is the rating period (FIDE Rating Regulations, the official
rating list; :mod:`arbiter_app.core.rating_source` chooses lists the same way).
An event whose days span more than 30 days can therefore have rounds in two or
more rating periods, and FIDE's checklist for tournament programs (C.02, tie-breaks
and final standings, Q210-Q216) asks a program to flag such an event and to say
what follows from it:

- **the rating report**: FIDE rates every game with the ratings of the period in
  which it was played, and the rating report of an event over more than one
  period is sent by period, each with that period's games (FIDE Rating
  Regulations, duration of the event and reporting: an event must end within
  90 days unless FIDE approves a longer one, such as a league, whose games are
  then reported period by period);
- **the rating tie-breaks** (FIDE C.07 (2023) article 10: ARO, TPR, PTP, APRO,
  APPO, and RTNG of the 2026 text): when the ratings change during the event
  these tie-breaks are best avoided, or the event's regulations say which rating
  they count: by default each opponent's first rating in the event, ``/P`` the
  rating of each round, ``/E`` the registered one
  (:mod:`arbiter_app.core.tiebreaks.rating`).

:func:`long_event` finds the event's days (the dates of start and end and of
every round) and groups the dated rounds by rating period; :func:`long_event_notices`
words what the arbiter must know, for the readiness check, the export and the
window; :func:`period_event` cuts the event down to one period's rounds, the
report of that period (``export --format trf --period 2026-12``): as FIDE's
rating officers ask, each period's report holds only the games to be rated in
that period, rounds numbered from 1, and is a tournament of its own. Nothing
here reads a clock: the dates are the event's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Event, VirtualPoints
from arbiter_app.core.trf.dates import read_date
from arbiter_app.core.words import count, rounds_words

LONG_EVENT_DAYS = 30
"""An event whose days, first and last included, number more than this is flagged (Q210)."""

LONGEST_RATED_DAYS = 90
"""FIDE Rating Regulations (duration of the event): an event must end within 90 days
unless FIDE approves a longer one (a league)."""

RATING_TIEBREAKS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""FIDE C.07 (2023) article 10's rating-based tie-breaks (RTNG from the 2026 text)."""

FIDE_RATING_REGULATIONS = "FIDE Rating Regulations, rating periods and duration of the event"
C07_ARTICLE_10 = "FIDE C.07 article 10"


def rating_period(day: date) -> date:
    """The rating period *day* falls in: the first day of its month (a FIDE list a month)."""
    return day.replace(day=1)


@dataclass(frozen=True, slots=True)
class Period:
    """One rating period of the event: its month and the rounds dated in it."""

    month: date
    rounds: tuple[int, ...]

    def words(self) -> str:
        """``November 2026: rounds 1-4``."""
        return f"{self.month.strftime('%B %Y')}: {rounds_words(self.rounds)}"


@dataclass(frozen=True, slots=True)
class LongEvent:
    """The event's days and its rating periods."""

    first: date
    last: date
    periods: tuple[Period, ...]
    undated: tuple[int, ...] = ()
    """Rounds without a readable date (their period is not known)."""

    @property
    def days(self) -> int:
        """How many days the event spans, the first and the last included."""
        return (self.last - self.first).days + 1

    @property
    def over_30_days(self) -> bool:
        """The flag of FIDE's checklist (C.02, Q210): the event lasts more than 30 days."""
        return self.days > LONG_EVENT_DAYS

    @property
    def months(self) -> int:
        """How many rating periods the event's days touch (not only its dated rounds)."""
        return (self.last.year - self.first.year) * 12 + self.last.month - self.first.month + 1

    def period_of(self, round_no: int) -> date | None:
        """The rating period round *round_no* falls in (None: the round has no date)."""
        for period in self.periods:
            if round_no in period.rounds:
                return period.month
        return None


def round_days(event: Event) -> dict[int, date]:
    """Each round's date as the event's settings give it (record 132), for the dated rounds."""
    days: dict[int, date] = {}
    for round_no, text in enumerate(event.info.round_dates, start=1):
        day = read_date(text.strip()) if text.strip() else None
        if day is not None:
            days[round_no] = day
    return days


def long_event(event: Event) -> LongEvent | None:
    """The event's days and rating periods, or None when it has no date at all.

    The days run from the earliest to the latest of the date of start, the date
    of end and the rounds' dates: a round dated after the date of end still
    makes the event last longer (the readiness check names that date apart).
    """
    days = round_days(event)
    known = [d for d in (event.info.start_date, event.info.end_date) if d is not None]
    known += days.values()
    if not known:
        return None
    by_month: dict[date, list[int]] = {}
    for round_no, day in sorted(days.items()):
        by_month.setdefault(rating_period(day), []).append(round_no)
    rounds = event.system.rounds_in(max(event.rounds, event.planned_rounds))
    undated = tuple(r for r in range(1, rounds + 1) if r not in days)
    return LongEvent(
        first=min(known),
        last=max(known),
        periods=tuple(Period(month, tuple(rs)) for month, rs in sorted(by_month.items())),
        undated=undated,
    )


def rating_tiebreaks(tiebreaks: Sequence[str]) -> list[str]:
    """The rating-based tie-breaks of the list (FIDE C.07 article 10), as written in it."""
    return [code for code in tiebreaks if code.split("/")[0].strip().upper() in RATING_TIEBREAKS]


def long_event_notices(event: Event, tiebreaks: Sequence[str] = ()) -> list[str]:
    """What an event over 30 days asks of the arbiter, one sentence each; none otherwise.

    The flag with the event's days; the rating period of every dated round
    (FIDE rates each game with the list of the period it was played in, and an
    event over more than one period is reported period by period); an event over
    90 days needs FIDE's approval; and a rating-based tie-break in the list
    (*tiebreaks*, the announced codes) is advised against by FIDE C.07 article 10.
    """
    span = long_event(event)
    if span is None or not span.over_30_days:
        return []
    first, last = span.first.isoformat(), span.last.isoformat()
    notices = [
        f"The event lasts {count(span.days, 'day')} ({first} to {last}), more than "
        f"{LONG_EVENT_DAYS}: FIDE's checklist flags it as an event over 30 days (FIDE C.02)."
    ]
    if span.periods:
        listed = "; ".join(p.words() for p in span.periods)
        notices.append(f"Its rounds fall in these rating periods: {listed}.")
    if span.undated:
        notices.append(
            f"The rating period of {rounds_words(span.undated)} is not known: give "
            "the round dates (record 132)."
        )
    if span.months > 1:
        notices.append(
            f"The event spans {count(span.months, 'rating period')}: FIDE rates each game "
            "with the ratings of the list of the period it was played in, so send the rating "
            "report period by period, each with that period's rounds, or as your federation's "
            f"rating officer asks ({FIDE_RATING_REGULATIONS})."
        )
    if span.days > LONGEST_RATED_DAYS:
        notices.append(
            f"The event lasts more than {LONGEST_RATED_DAYS} days: FIDE rates it only as a "
            f"league or with FIDE's approval ({FIDE_RATING_REGULATIONS})."
        )
    used = rating_tiebreaks(tiebreaks)
    if used:
        notices.append(
            f"The tie-break list has rating-based tie-breaks ({', '.join(used)}), which "
            f"{C07_ARTICLE_10} advises against when ratings change during the event: leave "
            "them out, or say in the event's regulations which rating they count (by default "
            "each opponent's first rating in the event, as article 10 says; /P, e.g. ARO/P, "
            "the rating of each round; /E the rating registered now)."
        )
    return notices


def period_rounds(event: Event, month: date) -> tuple[int, ...]:
    """The rounds dated in the rating period of *month* (any day of it), in order."""
    period = rating_period(month)
    return tuple(r for r, day in sorted(round_days(event).items()) if rating_period(day) == period)


def period_event(event: Event, month: date) -> tuple[Event, tuple[int, ...]]:
    """The event cut down to the rounds of one rating period, and those rounds' numbers.

    The rounds keep their order and are numbered from 1; every player stays
    with his pairing number (opponents are named by it), so a player who did
    not play in the period has no game in its report. The dates of start and
    end are the period's first and last round's; what belongs to a round
    (points adjusted, byes asked for, accelerations, a round's point system)
    follows its round or is left out with it; points adjusted for no round in
    particular stay in the whole event's report. Refused when no round is dated
    in the period (the periods that have rounds are named).
    """
    rounds = period_rounds(event, month)
    if not rounds:
        span = long_event(event)
        have = "; ".join(p.words() for p in span.periods) if span and span.periods else "none"
        raise RuleError(
            f"no round is dated in {rating_period(month).strftime('%B %Y')} (the rating "
            f"periods with dated rounds: {have}; the round dates are record 132)"
        )
    new = {old: n for n, old in enumerate(rounds, start=1)}
    days = round_days(event)
    dates = event.info.round_dates
    info = replace(
        event.info,
        start_date=days[rounds[0]],
        end_date=days[rounds[-1]],
        round_dates=tuple(dates[r - 1] for r in rounds),
    )
    entries = {
        tpn: tuple(theirs[r - 1] for r in rounds if r <= len(theirs))
        for tpn, theirs in event.entries.items()
    }
    # A round past a player's last entry has none (read as not paired); rounds are cut in
    # order, so a player's entries stay aligned with the period's rounds up to his last one.
    sliced = replace(
        event,
        info=info,
        planned_rounds=len(rounds),
        entries=entries,
        adjustments=tuple(
            replace(a, round=new[a.round])
            for a in event.adjustments
            if a.round is not None and a.round in new
        ),
        bye_requests=tuple(
            replace(b, round=new[b.round]) for b in event.bye_requests if b.round in new
        ),
        accelerations=tuple(_accelerations(event, new)),
        round_point_systems=tuple(
            event.round_point_systems[r - 1] for r in rounds if r <= len(event.round_point_systems)
        ),
    )
    return sliced, rounds


def _accelerations(event: Event, new: dict[int, int]) -> list[VirtualPoints]:
    """Each acceleration over the rounds of the period it covers, renumbered."""
    kept = []
    for v in event.accelerations:
        covered = [new[r] for r in sorted(new) if v.first_round <= r <= v.last_round]
        if covered:
            kept.append(replace(v, first_round=covered[0], last_round=covered[-1]))
    return kept
