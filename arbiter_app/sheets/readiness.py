"""Is the FIDE rating report ready to send? One check, worded once, for every view.

``arbiter-app report FILE`` and the window's **File ▸ Rating report ▸ Check
readiness…** both show :func:`check` in the words of :func:`text_lines`. The
rules live below: what the report lacks in
:func:`arbiter_app.core.trf.readiness.report_gaps` (TRF-26's fields mandatory
for rating, FIDE's Registration & Licensing Regulations), what it leaves out in
:func:`arbiter_app.sheets.builders.trf_report`, and what an event over 30 days
asks in :func:`arbiter_app.core.rating_periods.long_event_notices` (FIDE C.02,
Q210-Q216; FIDE C.07 article 10).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date

from arbiter_app.core.errors import ArbiterError, RuleError
from arbiter_app.core.playoff.scope import PlayoffScope
from arbiter_app.core.rating_periods import long_event, long_event_notices, period_event
from arbiter_app.core.trf.readiness import Gap, report_gaps
from arbiter_app.core.words import count
from arbiter_app.sheets.builders import trf_report
from arbiter_app.sheets.source import Source


@dataclass(frozen=True)
class Readiness:
    """What the readiness check found: the gaps (the report is ready when there is none),
    what the report leaves out, the results corrected for rating only, and the notices of
    an event over 30 days."""

    gaps: list[Gap]
    left_out: list[str] = field(default_factory=list)
    corrected: list[str] = field(default_factory=list)
    long_event: list[str] = field(default_factory=list)
    periods: dict[int, str] = field(default_factory=dict)
    """Each dated round's rating period (``2026-11``), for an event over 30 days."""

    @property
    def ready(self) -> bool:
        return not self.gaps

    def event_gaps(self) -> list[Gap]:
        return [g for g in self.gaps if g.player is None]

    def player_gaps(self) -> dict[int, list[Gap]]:
        """Each player's gaps, by pairing number, in the order found."""
        by_player: dict[int, list[Gap]] = {}
        for gap in self.gaps:
            if gap.player is not None:
                by_player.setdefault(gap.player, []).append(gap)
        return by_player


def unfinished(src: Source) -> dict[int, list[int]]:
    """Boards of the rounds paired whose game has no result yet, by round."""
    out: dict[int, list[int]] = {}
    for round_no, boards in src.boards.items():
        missing = [
            b.number for b in boards if src.event.entry(b.white, round_no).opponent != b.black
        ]
        if missing:
            out[round_no] = missing
    return out


def check(src: Source) -> Readiness:
    """The readiness check of *src*'s FIDE rating report."""
    gaps = report_gaps(src.event, unfinished(src))
    _, notes = trf_report(src)
    notes = [n for n in notes if "in progress" not in n and "without a result" not in n]
    span = long_event(src.event)
    periods: dict[int, str] = {}
    if span is not None and span.over_30_days:
        for period in span.periods:
            for round_no in period.rounds:
                periods[round_no] = f"{period.month.year:04d}-{period.month.month:02d}"
    return Readiness(
        gaps=gaps,
        left_out=notes,
        corrected=[str(c) for c in src.rating_corrections],
        long_event=long_event_notices(src.event, src.tiebreaks),
        periods=periods,
    )


def who(src: Source, tpn: int) -> str:
    """``player 3 Brown, Cid``: how the check names a player."""
    players = src.event.player_map()
    name = players[tpn].name if tpn in players else ""
    return f"player {tpn} {name}".rstrip()


def headline(found: Readiness, label: str, export: str = "export --format trf") -> str:
    """The first line: ready to send (and how: *export*), or how many things it lacks."""
    if found.ready:
        return f"{label}: the FIDE rating report is ready to send ({export})."
    return f"{label}: the FIDE rating report lacks {count(len(found.gaps), 'thing')}:"


EVENT = 0
"""The tag of a line the event's settings mend (a player's line is tagged with the player's
pairing number; a line nothing in the event mends, with None)."""


SETTINGS_RECORDS = frozenset({"012", "022", "032", "042", "052", "102", "122", "132", "222"})
"""The event's records the event settings fill in (a round still to play is not one)."""


def tagged_lines(src: Source, found: Readiness, label: str) -> list[tuple[str, int | None]]:
    """The check's lines, each with what mends it (:data:`EVENT`, a pairing number, None)."""
    lines: list[tuple[str, int | None]] = [(headline(found, label), None)]
    lines += [
        (f"  - {gap}", EVENT if gap.record in SETTINGS_RECORDS else None)
        for gap in found.event_gaps()
    ]
    for tpn, theirs in found.player_gaps().items():
        lines.append((f"  {who(src, tpn)}:", tpn))
        lines += [(f"    - {g}", tpn) for g in theirs]
    if found.left_out:
        lines.append(("The report will leave out (the .arbiter file keeps it):", None))
        lines += [(f"  - {note}", None) for note in found.left_out]
    if found.corrected:
        lines.append(
            (
                "Results corrected for the rating report only (FIDE C.04.2 article 4.3; a ### "
                "line in the report says so):",
                None,
            )
        )
        lines += [(f"  - {c}", None) for c in found.corrected]
    if found.long_event:
        lines.append(("An event over 30 days (FIDE C.02; FIDE C.07 article 10):", EVENT))
        lines += [(f"  - {notice}", EVENT) for notice in found.long_event]
    return lines


def text_lines(src: Source, found: Readiness, label: str) -> list[str]:
    """The check as the command line prints it (the window lists the same lines)."""
    return [line for line, _ in tagged_lines(src, found, label)]


def json_data(src: Source, found: Readiness, label: str) -> dict[str, object]:
    """The check as ``report FILE --json`` writes it."""
    return {
        "file": label,
        "ready": found.ready,
        "missing": [
            {
                "record": g.record,
                "player": g.player,
                "who": who(src, g.player) if g.player is not None else None,
                "what": g.what,
                "article": g.article,
            }
            for g in found.gaps
        ],
        "left_out": found.left_out,
        "corrected_for_rating": found.corrected,
        "over_30_days": bool(found.long_event),
        "long_event": found.long_event,
        "rating_periods": {str(r): p for r, p in sorted(found.periods.items())},
    }


def period_source(src: Source, month: date) -> Source:
    """*src* cut down to the rounds of one rating period, for that period's rating report
    (``export --format trf --period 2026-12``; :func:`arbiter_app.core.rating_periods.period_event`).

    The boards, the results corrected for rating only and the ``###`` lines follow their
    rounds, numbered from 1; the period's report is a tournament of its own, so it carries
    no play-off, prizes or imported file to write back.
    """
    try:
        event, rounds = period_event(src.event, month)
    except RuleError as exc:
        raise ArbiterError(f"{src.path}: {exc}") from None
    new = {old: n for n, old in enumerate(rounds, start=1)}
    return replace(
        src,
        event=event,
        boards={new[r]: b for r, b in src.boards.items() if r in new},
        rating_corrections=tuple(
            replace(c, round=new[c.round]) for c in src.rating_corrections if c.round in new
        ),
        pibes=tuple(replace(p, round=new[p.round]) for p in src.pibes if p.round in new),
        trf=None,
        state=None,
        provisional=False,
        playoff=None,
        playoff_scope=PlayoffScope(),
        prizes=None,
    )
