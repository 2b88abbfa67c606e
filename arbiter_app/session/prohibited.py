"""Prohibited pairings: players who must not meet (TRF-26 record 260; FIDE C.02).

A prohibited pairing (two players, or a group of whom no two may meet:
players of one family or one club, say) is part of the announced set-up. The
Dutch engine never pairs them (:mod:`arbiter_app.core.pairing.dutch` passes
them to gacrux), and a pairing made by hand that seats them together asks
first.

FIDE's verification checklist (questions 194-196): prohibited pairings are
entered before round 1; once round 1 is paired, adding or removing one is
refused in FIDE mode (level 5), and outside FIDE mode it is a level-3
question written to the report as a ``### Configuration`` line.
"""

from __future__ import annotations

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import CHECKLIST, Pibe, PibeKind, in_fide_mode
from arbiter_app.core.warning_levels import Alert, Level, Refused
from arbiter_app.session import queries
from arbiter_app.session.commands import AllowPairing, ForbidPairing
from arbiter_app.session.integrity import fide_mode_of, log_pibe
from arbiter_app.session.manual_pairing import paired_round
from arbiter_app.session.registry import CommandError, Context, command
from arbiter_app.session.state import Tx

ARTICLE = f"{CHECKLIST}: prohibited pairings are entered before round 1"


def _group(tx: Tx, players: object) -> list[int]:
    if not isinstance(players, list) or len(players) < 2:
        raise CommandError("a prohibited pairing names two players or more")
    group = sorted({queries.as_tpn(t) for t in players})
    if len(group) != len(players):
        raise RuleError("a prohibited pairing names each player once")
    for tpn in group:
        queries.player(tx, tpn)  # refused with its reason when there is no such player
    return group


def groups(tx: Tx) -> dict[int, list[int]]:
    """The prohibited pairings by their number, each a sorted group of pairing numbers."""
    return {
        key[0]: sorted(int(x) for x in row["players"].split(","))
        for key, row in tx.rows("forbidden_pairs").items()
    }


_DONE = {"add": "added", "remove": "removed"}


def _ask_after_start(tx: Tx, ctx: Context, verb: str, text: str) -> None:
    """Once round 1 is paired: refused in FIDE mode, else a level-3 question and a line."""
    paired = paired_round(tx)
    if not paired:
        return
    mode = fide_mode_of(tx)
    level = in_fide_mode(mode, Level.REFUSED, Level.CONFIRM)
    if level is Level.REFUSED:
        raise Refused(
            Alert(
                Level.REFUSED,
                f"Round 1 is paired: in FIDE mode a prohibited pairing can no longer be "
                f"{_DONE[verb]} (leave FIDE mode to do it)",
                ARTICLE,
            )
        )
    ctx.ask(
        Alert(
            level,
            f"{verb.capitalize()} a prohibited pairing now that round {paired} is paired? The "
            f"rounds still to pair follow it; the report says so with a ### Configuration "
            "line.",
            ARTICLE,
        )
    )
    log_pibe(tx, Pibe(PibeKind.CONFIGURATION, paired, text))


@command(ForbidPairing)
def forbid_pairing(tx: Tx, cmd: ForbidPairing, ctx: Context) -> int:
    """Add a prohibited pairing (*players*: two or more); returns its number."""
    group = _group(tx, cmd.players)
    existing = groups(tx)
    if group in existing.values():
        raise RuleError(f"players {', '.join(map(str, group))} may not meet already")
    names = " ".join(map(str, group))
    _ask_after_start(tx, ctx, "add", f"prohibited pairing {names} added")
    number = max(existing, default=0) + 1
    tx.put("forbidden_pairs", (number,), {"players": ",".join(map(str, group))})
    return number


@command(AllowPairing)
def allow_pairing(tx: Tx, cmd: AllowPairing, ctx: Context) -> None:
    """Remove the prohibited pairing of exactly these *players*."""
    group = _group(tx, cmd.players)
    found = [number for number, listed in groups(tx).items() if listed == group]
    if not found:
        raise RuleError(f"there is no prohibited pairing of players {', '.join(map(str, group))}")
    _ask_after_start(tx, ctx, "remove", f"prohibited pairing {' '.join(map(str, group))} removed")
    tx.delete("forbidden_pairs", (found[0],))
