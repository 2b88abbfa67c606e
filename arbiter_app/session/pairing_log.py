"""How a round already paired was paired: the engine's log, recomputed.

The pairing engines are deterministic, so the log of a round (``RoundPairing.log``: the US
Chess engine names each score group, transposition and interchange with its rule and the
rating difference, US Chess 29E5) is the engine's pairing of the same round made again from
the rounds before it. The recorded round is compared with it: a round changed by hand, or
an event changed since, is said to differ, board by board. ``pair --explain-round N`` and
the window's Round ▸ Explain pairing… both show :meth:`RoundExplanation.lines`; an engine
that writes no log (a round robin's Berger table) is named as one that does not explain its
pairings. FIDE's Double-Swiss engine writes one in C.04.5's words (the bye, each bracket's
upfloaters and the criteria that chose them, the pairs, the colours). A Dutch round paired by gacrux is explained by Arbiter's own
Dutch engine, which says whether it pairs the round the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Colour, EntryKind
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.swiss import SwissOptions, default_engine, pair_round
from arbiter_app.core.words import count
from arbiter_app.session.session import Session

Pair = tuple[int, int]
"""A board as (White, Black), or the bye as (player, 0)."""


@dataclass(frozen=True, slots=True)
class RoundExplanation:
    """The engine's pairing of round *round* made again (*pairing*, with its log), and how
    the recorded round differs from it: *engine_only* the boards (and bye) only the engine
    makes, *recorded_only* those only the recorded round has."""

    round: int
    pairing: RoundPairing
    engine_only: tuple[Pair, ...] = ()
    recorded_only: tuple[Pair, ...] = ()

    @property
    def matches(self) -> bool:
        """The recorded round is the engine's pairing."""
        return not self.engine_only and not self.recorded_only

    @property
    def explained(self) -> bool:
        """The engine wrote a log (the US Chess engine does; an engine may write none)."""
        return bool(self.pairing.log)

    def log_lines(self) -> list[str]:
        """The engine's log under a heading, or why there is none."""
        p = self.pairing
        if p.log:
            return [f"How round {p.round} was paired ({p.engine}):", *(f"  {x}" for x in p.log)]
        return [
            f"Round {p.round}: {p.engine or 'paired by the engine'}.",
            "That engine does not explain its pairings; the US Chess engine, Arbiter's Dutch "
            "engine and FIDE's Double-Swiss engine write a log.",
        ]

    def lines(self) -> list[str]:
        """The whole explanation: the log, then whether the recorded round is the engine's."""
        out = self.log_lines()
        if self.matches:
            return [*out, f"The recorded round {self.round} is the engine's pairing."]
        out += [
            f"The recorded round {self.round} is not the engine's pairing (changed by hand, or",
            "the event changed since it was paired):",
        ]
        out += [_said("the engine pairs", "the engine gives", p) for p in self.engine_only]
        out += [_said("the round has", "the round gives", p) for p in self.recorded_only]
        return out


def _said(board: str, bye: str, pair: Pair) -> str:
    white, black = pair
    return f"  {board} {white}-{black}" if black else f"  {bye} {white} the bye"


def section_options(session: Session) -> SwissOptions:
    """The options the section's rounds are paired with: its bye policy, its own engine
    (the US Chess engine under the US Chess rules) and its 28N setting."""
    return SwissOptions(
        bye_policy=ByePolicy.parse(session.settings.bye_policy),
        engine=default_engine(session.event),
        keep_clubs_apart=session.settings.teammates_apart,
    )


def explain_round(
    session: Session, round_no: int, options: SwissOptions | None = None
) -> RoundExplanation:
    """Round *round_no*'s pairing made again by the engine from the rounds before it, with
    its log, and compared with the recorded round; *options* default to the section's.

    Who was out of the round for his own reasons (requested byes, absences) stays out;
    round 1's colour drawn by lot is read off the recorded boards (the top-ranked player's).
    """
    event = session.event
    chosen = options or section_options(session)
    games = event.system.games_per_round
    column = (round_no - 1) * games + 1
    if round_no < 1 or column > session.last_column():
        paired = session.last_column() // games
        raise ArbiterError(
            f"round {round_no} is not paired: the event has {count(paired, 'round')} paired"
        )
    recorded = session.round_pairing(column)
    absent = frozenset(y.tpn for y in recorded.byes if y.kind is not EntryKind.PAIRING_BYE)
    colour = chosen.initial_colour
    if round_no == 1 and colour is None and recorded.boards:
        top = min(recorded.boards, key=lambda b: min(b.players))
        colour = Colour.WHITE if top.white < top.black else Colour.BLACK
    before = event.truncated(column - 1)
    ours = pair_round(
        before, round_no, replace(chosen, absent=absent, initial_colour=colour, explain=True)
    )
    mine, theirs = _boards_and_bye(ours), _boards_and_bye(recorded)
    return RoundExplanation(
        round_no, ours, tuple(sorted(mine - theirs)), tuple(sorted(theirs - mine))
    )


def _boards_and_bye(pairing: RoundPairing) -> set[Pair]:
    out = {(b.white, b.black) for b in pairing.boards}
    bye = pairing.pairing_bye
    if bye is not None:
        out.add((bye.tpn, 0))
    return out
