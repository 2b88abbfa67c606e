"""Re-pair every round of a file from the rounds before it and compare.

- A Swiss (or double Swiss) round is paired again by Arbiter's engine, the
  FIDE Dutch system (C.04.3, through gacrux), from the file's own history up
  to that round: who played whom, the colours, the results, the byes. Players
  the file shows with a requested bye in that round get it (TRF: ``H F Z``);
  those it shows not paired, withdrawn, or with a forfeit that names no
  opponent are left out, as an arbiter would have left them out. Virtual
  points of an acceleration (record 250, or record 192's ``_BAKU``: C.04.5.1)
  enter the pairing score.
- A round robin is compared with the FIDE Berger tables (C.05 Annex 1) under
  the file's pairing numbers; a double round robin with an even field may have
  the last two rounds of its first cycle exchanged (C.05 Annex 1), and the
  reading that fits the file is the one checked. A scheduled game that was not
  played (a withdrawal, an absence) is not a pairing error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from arbiter_app.core import words
from arbiter_app.core.checker.findings import Finding, Kind
from arbiter_app.core.checker.manual import ManualPairing, documented_round
from arbiter_app.core.checker.rounds import FileRound, compare
from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, System
from arbiter_app.core.pairing.berger import ARTICLE as BERGER
from arbiter_app.core.pairing.berger import round_robin_schedule
from arbiter_app.core.pairing.boards import PairingError
from arbiter_app.core.pairing.double_swiss import swiss_view
from arbiter_app.core.pairing.double_swiss_fide import SYSTEM_NAME
from arbiter_app.core.pairing.dutch import initial_colour_from_round_one
from arbiter_app.core.pairing.recorded import with_requests_of
from arbiter_app.core.pairing.swiss import BeyondFallback, SwissOptions, engine_name, pair_round

FINAL_ROUND = {
    False: (
        "the final round's exceptions for topscorers",
        "FIDE C.04.3 article 1.8, criteria C3, C10, C11",
    ),
    True: (
        "the final round's exceptions for floaters",
        "FIDE C.04.5 articles 2.3.4 and 2.3.5, criteria C7, C8",
    ),
}
"""What the final round of a Swiss relaxes, and where the rules say it: the Dutch system
(False) and FIDE's Double-Swiss System (True)."""

_LEFT_OUT = frozenset({EntryKind.NOT_PAIRED, EntryKind.WITHDRAWN})


def _left_out(event: Event, column: int) -> frozenset[int]:
    out = set()
    for p in event.players:
        e = event.entry(p.tpn, column)
        if e.kind in _LEFT_OUT or (e.kind.is_forfeit and e.opponent is None):
            out.add(p.tpn)
    return frozenset(out)


def check_swiss(
    event: Event,
    initial_colour: Colour | None,
    order: tuple[int, ...] = (),
    manual: Mapping[int, ManualPairing] | None = None,
    scheduled: int | None = None,
    engine: str = "gacrux",
) -> tuple[list[Finding], list[str]]:
    """Findings of every Swiss round of *event*, and notes on how it was checked.

    *order* ranks the players when the file ranks them otherwise than by pairing
    number (JaVaFo's ``XXC rank``: the order of the player records). *manual* are the
    arbiter's documented manual pairings by round (the report's ``### MPA`` lines, FIDE
    C.02 questions 64-69): such a round is checked against the engine's pairing with the
    documented change made (:mod:`.manual`).

    *scheduled* is the event's number of rounds (record 142 / XXR, or the caller's);
    None when nothing says it. The final round is paired with exceptions the other
    rounds do not have (C.04.3 article 1.8, topscorers: criteria C3, C10 and C11 relax
    for them), so an event of unknown length has no round known to be its last: a round
    the file follows with another is checked as a round with more to come. The file's
    last round may be the final one or not (a report sent after the event, or one
    exported during it): it agrees when it is right under either reading, and the notes
    say which reading it needed.

    *engine* pairs the rounds again (:data:`~arbiter_app.core.pairing.swiss.ENGINES`):
    gacrux, FIDE's reference, by default; ``own``, Arbiter's engine, hands a round it
    cannot certify to gacrux (:func:`~arbiter_app.core.pairing.swiss.pair_swiss`).
    """
    manual = manual or {}
    played = event.rounds_played // event.system.games_per_round
    known = (
        scheduled
        if scheduled is not None
        else (event.system.rounds_in(event.planned_rounds) if event.planned_rounds else None)
    )
    exceptions, article = FINAL_ROUND[event.system is System.FIDE_DOUBLE_SWISS]
    length_notes: list[str] = []
    if known is None:
        length_notes.append(
            "the file does not say how many rounds the event has (no record 142 or XXR): "
            f"no round is taken as the last, so every round is checked without {exceptions} "
            f"({article}); the command line's --rounds gives the number"
        )
    event = replace(event, planned_rounds=event.system.games_in(max(known or played + 1, 1)))
    paired_by = (
        SYSTEM_NAME if event.system is System.FIDE_DOUBLE_SWISS else f"the {engine_name(engine)}"
    )
    notes = [f"pairings made again, round by round, with {paired_by}"]
    if order:
        notes.append(
            "players ranked in the order of their records in the file (JaVaFo's XXC rank), "
            "not by pairing number"
        )
    # A disqualified player played his rounds before the disqualification: the file's
    # rounds say when he was paired (those it shows him out of are left out below).
    event = event.with_players([replace(p, disqualified=False) for p in event.players])
    games = event.system.games_per_round
    rounds = event.rounds_played // games
    colour = initial_colour or initial_colour_from_round_one(swiss_view(event))
    if initial_colour is None and colour is not None:
        notes.append(
            f"the colour drawn for round 1 ({colour.name.lower()} for the top player) is read "
            "from round 1 (record 152 / XXC would state it)"
        )
    findings: list[Finding] = []
    for rnd in range(1, rounds + 1):
        findings += _check_round(event, rnd, colour, order, manual, notes, engine)
    if known is None and any(f.round == rounds for f in findings):
        # The file's last round may have been the final one (a report sent after the event)
        # or not (one exported during it): a pairing right under either reading is right.
        as_final = replace(event, planned_rounds=event.system.games_in(rounds))
        if not _check_round(as_final, rounds, colour, order, manual, [], engine):
            findings = [f for f in findings if f.round != rounds]
            length_notes.append(
                f"round {rounds} agrees with the rules as the event's final round "
                f"({article.removeprefix('FIDE ')}), not as a round with more to come; the "
                "file ends there and does not say which it was, so it is taken as the final "
                f"round (--rounds gives the event's number of rounds)"
            )
    return findings, notes + length_notes


def _check_round(
    event: Event,
    rnd: int,
    colour: Colour | None,
    order: tuple[int, ...],
    manual: Mapping[int, ManualPairing],
    notes: list[str],
    engine: str = "gacrux",
) -> list[Finding]:
    """Findings of Swiss round *rnd* of *event* paired again from the rounds before it by
    *engine* (notes on a documented manual pairing, and the engine's own notes, are added
    to *notes*)."""
    column = event.system.first_game(rnd)
    before = with_requests_of(event.truncated(column - 1), event, column)
    options = SwissOptions(
        initial_colour=colour, absent=_left_out(event, column), order=order, engine=engine
    )
    file = FileRound.of(event, column)
    try:
        ours = pair_round(before, rnd, options)
    except BeyondFallback:
        raise  # not paired, which says nothing of the file's pairing: the check stops
    except (PairingError, RuleError) as exc:
        if rnd in manual:
            found = documented_round(manual[rnd], None, None)
            if found is not None:
                notes.append(_documented_note(rnd))
                return compare(rnd, _numbered(found[0]), file, bye=found[1])
        return [
            Finding(
                Kind.UNPAIRABLE,
                f"Round {rnd}: the rules give no pairing for this round ({exc}); "
                "the file's pairing cannot be right",
                rnd,
            )
        ]
    notes += (f"round {rnd}: {note}" for note in ours.notes)
    boards = [(b.number, b.white, b.black) for b in ours.boards]
    bye = ours.pairing_bye.tpn if ours.pairing_bye is not None else None
    if rnd in manual:
        made = tuple((white, black) for _, white, black in boards)
        found = documented_round(manual[rnd], made, bye)
        if found is not None:
            notes.append(_documented_note(rnd))
            boards, bye = _numbered(found[0]), found[1]
        else:
            notes.append(
                f"the ### MPA line of round {rnd} does not give the engine's pairing of "
                "that round as the boards it changed: the round is checked as the "
                "engine pairs it"
            )
    return compare(rnd, boards, file, bye=bye)


def _numbered(boards: tuple[tuple[int, int], ...]) -> list[tuple[int, int, int]]:
    return [(number, white, black) for number, (white, black) in enumerate(boards, start=1)]


def _documented_note(round_no: int) -> str:
    return (
        f"round {round_no} was paired by hand as its ### MPA line documents (FIDE C.02, "
        "questions 64-69): the engine's pairing with that change made is checked"
    )


def check_round_robin(event: Event) -> tuple[list[Finding], list[str]]:
    """Findings of every round of a (double) round robin against the Berger tables."""
    numbers = sorted(p.tpn for p in event.players)
    count = len(numbers)
    if numbers != list(range(1, count + 1)):
        raise RuleError(
            f"the Berger tables need pairing numbers 1 to {count} without gaps ({BERGER})"
        )
    double = event.system is System.DOUBLE_ROUND_ROBIN
    readings = [False, True] if double and count >= 3 else [False]
    best: tuple[list[Finding], bool] | None = None
    for swap in readings:
        found = _against_schedule(event, count, double, swap)
        if best is None or len(found) < len(best[0]):
            best = (found, swap)
    assert best is not None
    findings, swapped = best
    notes = [
        "pairings compared with the Berger tables (FIDE C.05 Annex 1), the pairing numbers "
        "as Berger numbers"
    ]
    if swapped:
        notes.append(
            "the last two rounds of the first cycle are exchanged, as C.05 Annex 1 allows "
            "for a double round robin"
        )
    return findings, notes


def _against_schedule(event: Event, count: int, double: bool, swap: bool) -> list[Finding]:
    schedule = round_robin_schedule(count, double=double, swap_last_two=swap)
    findings: list[Finding] = []
    everybody = frozenset(range(1, count + 1))
    for rnd in range(1, event.rounds_played + 1):
        file = FileRound.of(event, rnd)
        if rnd > len(schedule):
            findings.append(
                Finding(
                    Kind.PAIRING,
                    f"Round {rnd}: a round robin of {words.count(count, 'player')} has only "
                    f"{words.count(len(schedule), 'round')}",
                    rnd,
                )
            )
            continue
        boards: list[tuple[int, int, int]] = []
        free = set()
        for game in schedule[rnd - 1]:
            if game.white > count or game.black > count:
                free.add(min(game.white, game.black))
            else:
                boards.append((len(boards) + 1, game.white, game.black))
        # A free round shown as a pairing-allocated bye is still a free round.
        file = replace(file, pairing_bye=tuple(t for t in file.pairing_bye if t not in free))
        findings += compare(rnd, boards, file, bye=None, unplayed_ok=everybody)
    return findings
