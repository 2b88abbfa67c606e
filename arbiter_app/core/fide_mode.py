"""FIDE mode and the log of pairing-integrity events (FIDE C.02, verification checklist).

FIDE verifies a tournament program in **FIDE mode** (FIDE C.02, 2026; the
checklist's questions 40-46): a per-event flag, on by default for the FIDE
pairing systems (the Dutch Swiss, round robins) and for an event imported from
a TRF file. In FIDE mode the risky actions follow the warning levels the
checklist names (:mod:`arbiter_app.core.warning_levels`); outside it they may
be milder but are never switched off. Leaving FIDE mode is a level-4
two-step confirmation stating its consequences, is written to the report as a
``###`` line with the round, and is final: the event never comes back.

A **pairing-integrity breaching event** ("PIBE", the checklist's questions
112-115 and 190) is anything that makes the pairings no longer the pairing
system's own from the data: a pairing changed by hand (MPA), an import, a
regeneration or an exchange of pairing numbers, a correction of a round the
next ones were paired from, a configuration change once play has started.
Each is asked about first, journalled with the command that made it (so undo
takes it back), and written to the TRF-26 report as a comment line in the
TEC manual's form::

    ### MPA @ Round 3: 1-4 2-3 => 1-2 3-4
    ### Correction @ Round 2: 5-6 1-0 => 0-1
    ### Configuration @ Round 4: tie-breaks BH/C1, BH => SB, BH

Two more comment lines share the form without being PIBEs: a full-point bye
(the checklist's question 179) and leaving FIDE mode (question 44).

This module is the vocabulary (pure data); the session decides when each
applies and stores the log with the event.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbiter_app.core.errors import UnknownTieBreak
from arbiter_app.core.model import RuleSet, System
from arbiter_app.core.points import HALF, ONE, ZERO, PointSystem, format_points, system_name
from arbiter_app.core.tiebreaks.base import REGISTRY, parse_spec
from arbiter_app.core.warning_levels import Alert, Level

CHECKLIST = "FIDE C.02, verification checklist"
LEAVE_TOKEN = "leave-fide-mode-for-good"
"""The token that answers the level-4 question of leaving FIDE mode (it names the consequence)."""

FIDE_SYSTEMS = frozenset(
    {System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN, System.FIDE_DOUBLE_SWISS}
)
"""Systems FIDE verifies (the Dutch Swiss, FIDE C.04.3; round robins, C.05; the Double-Swiss,
C.04.5): FIDE mode is on by default for them. The double Swiss of the City Chess OK rules
(each match paired as a Dutch round) is not a FIDE system."""


class FideModeStatus(enum.Enum):
    """In FIDE mode, never in it (a system FIDE does not verify), or left for good."""

    ON = "on"
    OFF = "off"
    LEFT = "left"


@dataclass(frozen=True, slots=True)
class FideMode:
    """The event's FIDE mode: its *status* and, once left, the round it was left at.

    *left_at_round* is the last round paired when the arbiter left FIDE mode
    (0: before round 1 was paired); the rounds after it were not paired in
    FIDE mode.
    """

    status: FideModeStatus
    left_at_round: int | None = None
    us_chess: bool = False
    """Off because the event runs under the US Chess rules (its rule set), not FIDE's."""
    outside: tuple[str, ...] = ()
    """Off because, before round 1 was paired, its settings were outside FIDE's rules
    (:func:`leaving_rules`' words)."""

    @property
    def on(self) -> bool:
        return self.status is FideModeStatus.ON

    @property
    def left(self) -> bool:
        return self.status is FideModeStatus.LEFT

    @property
    def indicator(self) -> str:
        """The permanent line every view and sheet of an event not in FIDE mode shows
        (the checklist's question 46); empty in FIDE mode."""
        if self.status is FideModeStatus.ON:
            return ""
        if self.status is FideModeStatus.OFF and self.outside:
            return (
                f"Not in FIDE mode: the event uses {'; '.join(self.outside)}, outside FIDE's rules."
            )
        if self.status is FideModeStatus.OFF and self.us_chess:
            return (
                "Not in FIDE mode: the event runs under the US Chess rules (its Swiss rounds "
                "are paired by rules 27-29), which FIDE does not verify."
            )
        if self.status is FideModeStatus.OFF:
            return "Not in FIDE mode: the double Swiss is not a FIDE pairing system."
        return f"Not in FIDE mode: left {_when(self.left_at_round or 0)}, for good."

    @property
    def short(self) -> str:
        """A few words for a status bar or a title: ``FIDE mode``, ``not in FIDE mode``."""
        if self.on:
            return "FIDE mode"
        if self.left:
            return f"not in FIDE mode (left {_when(self.left_at_round or 0)})"
        return "not in FIDE mode"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status.value}
        if self.left_at_round is not None:
            out["round"] = self.left_at_round
        if self.us_chess:
            out["us_chess"] = True
        if self.outside:
            out["outside"] = list(self.outside)
        return out

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> FideMode:
        status = FideModeStatus(value["status"])
        round_no = value.get("round")
        return cls(
            status,
            None if round_no is None else int(round_no),
            us_chess=bool(value.get("us_chess", False)),
            outside=tuple(str(w) for w in value.get("outside", ())),
        )


ON = FideMode(FideModeStatus.ON)
OFF = FideMode(FideModeStatus.OFF)


def _when(round_no: int) -> str:
    return "before round 1 was paired" if round_no == 0 else f"after round {round_no} was paired"


US_CHESS_OFF = FideMode(FideModeStatus.OFF, us_chess=True)


def default_mode(
    system: System,
    *,
    imported: bool,
    us_chess: bool = False,
    outside: Sequence[Departure] = (),
) -> FideMode:
    """FIDE mode by default (the checklist's questions 40 and 56): on for the FIDE
    systems and for every event imported from a TRF file; off for an event under the
    US Chess rules (*us_chess*: its rule set is US Chess, as the ``uscf`` and
    ``city-chess-ok`` presets set it), whose Swiss is paired by US Chess rules 27-29,
    and for one whose settings are *outside* FIDE's rules (:func:`leaving_rules`)."""
    if imported:
        return ON
    if us_chess:
        return US_CHESS_OFF
    if system not in FIDE_SYSTEMS:
        return OFF
    if outside:
        return FideMode(FideModeStatus.OFF, outside=tuple(d.words for d in outside))
    return ON


def leave_alert(paired: int) -> Alert:
    """The level-4 question before leaving FIDE mode (the checklist's question 43)."""
    return Alert(
        Level.CONFIRM_CONSEQUENCES,
        f"Leave FIDE mode {_when(paired)}? The event cannot come back to FIDE mode.",
        f"{CHECKLIST}: leaving FIDE mode is a level-4 warning, and it is final",
        (
            "From now on the checklist's limits no longer hold: a prohibited pairing can be "
            "added or removed after round 1 and rounds older than the last two played can "
            "be corrected (each still asks first).",
            f"The report (TRF) says so with a line '{leave_line(paired)}'; FIDE does not "
            "verify what an event does outside FIDE mode.",
            "Every window panel, every printed sheet and 'arbiter-app status' show that the "
            "event is not in FIDE mode, for good: it can never enter FIDE mode again.",
        ),
        LEAVE_TOKEN,
    )


def reenter_refusal(mode: FideMode) -> Alert:
    """Level 5: an event that left FIDE mode never comes back (the checklist's question 45)."""
    return Alert(
        Level.REFUSED,
        f"The event left FIDE mode {_when(mode.left_at_round or 0)}; it cannot enter it again",
        f"{CHECKLIST}: leaving FIDE mode is final",
    )


def in_fide_mode(mode: FideMode, inside: Level, outside: Level) -> Level:
    """The level of a warning: *inside* FIDE mode, else *outside* (milder, never below 2:
    the checklist's questions 218-221 keep every warning on)."""
    return inside if mode.on else max(outside, Level.NOTICE)


def leave_pibe(paired: int, because: Sequence[str] = ()) -> Pibe:
    """The ``###`` line of leaving FIDE mode (the checklist's question 44); *because*
    names the settings that left FIDE's rules when a settings change left it."""
    text = f"left {_when(paired)}"
    if because:
        text += f" for {'; '.join(because)}"
    return Pibe(PibeKind.FIDE_MODE, paired, text)


NON_FIDE_BYE_POLICIES = {
    "uscf-28l": "the US Chess bye rule 28L (lowest rated in the lowest score group)",
    "once-per-tournament": "the online Swiss rules' bye (once per tournament)",
}
"""Bye policies other than FIDE's pairing-allocated bye (C.04.1 c and d, C.04.3 A.7)."""

NON_FIDE_RULE_SETS = {
    RuleSet.USCF.value: "the US Chess rule set (rule 34E, Swiss rounds paired by rules 27-29)",
    RuleSet.ONLINE_SWISS.value: "the online Swiss rules' rule set",
}
"""Rule sets that are not FIDE's C.07 texts (2024 or 2026)."""

NON_FIDE_SYSTEMS = {
    System.DOUBLE_SWISS.value: "the club's double Swiss (not FIDE's Double-Swiss, C.04.5)",
}
"""Pairing systems FIDE does not verify (the FIDE systems are :data:`FIDE_SYSTEMS`)."""


def non_fide_tiebreaks(codes: Sequence[str]) -> tuple[str, ...]:
    """The codes of *codes* that FIDE C.07 does not define (the US Chess 34E family):
    every tie-break whose article is not FIDE's (C.07, or C.02's external values)."""
    out: list[str] = []
    for code in codes:
        try:
            spec = parse_spec(code)
        except UnknownTieBreak:
            continue  # refused with its own reason where the list is checked
        if not REGISTRY[spec.name].article.startswith("FIDE"):
            out.append(code)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Departure:
    """One setting that leaves FIDE's rules: *short* for the report's ``###`` line
    (``bye policy uscf-28l``), *words* for the question."""

    short: str
    words: str


def point_system_outside(system: PointSystem) -> str | None:
    """Why the point system *system* is outside FIDE's rules, or None.

    FIDE's verification checklist (C.02) fails a program that, in FIDE mode,
    lets two draws be worth more than a win and a loss (question 74), gives the
    pairing-allocated bye more than a win (question 81; C.04.1 article 3 gives
    it "the points of a win" unless the regulations say less), or, under the
    standard 1/½/0, gives it other than 1, ½ or 0 (question 83).
    """
    win, draw, loss, pab = system.win, system.draw, system.loss, system.pairing_bye_points
    if 2 * draw > win + loss:
        return (
            f"two draws ({format_points(2 * draw)}) worth more than a win and a loss "
            f"({format_points(win + loss)}) (FIDE C.02, verification checklist question 74)"
        )
    if pab > win:
        return (
            f"a pairing-allocated bye ({format_points(pab)}) worth more than a win "
            f"({format_points(win)}) (FIDE C.04.1 article 3)"
        )
    if (win, draw, loss) == (ONE, HALF, ZERO) and pab not in (ONE, HALF, ZERO):
        return (
            f"a pairing-allocated bye worth {format_points(pab)} under 1/½/0, which "
            "gives it 1, ½ or 0 (FIDE C.02, verification checklist question 83)"
        )
    return None


def leaving_rules(changed: Mapping[str, Any]) -> tuple[Departure, ...]:
    """What in the settings *changed* (as stored: ``system``, ``rule_set``,
    ``bye_policy``, ``tiebreaks``; ``point_system`` and ``round_point_systems``
    as :class:`~arbiter_app.core.points.PointSystem` values) leaves FIDE's rules;
    empty when nothing does.

    FIDE verifies a program in FIDE mode with FIDE's rules only (C.02, the
    checklist's question 43): FIDE's pairing systems, the pairing-allocated
    bye, the tie-breaks and unplayed-round rules of C.07, and point systems
    the checklist's questions 74, 81 and 83 accept (:func:`point_system_outside`).
    """
    out: list[Departure] = []
    systems = [changed.get("point_system"), *(changed.get("round_point_systems") or ())]
    for points in systems:
        why = point_system_outside(points) if isinstance(points, PointSystem) else None
        if why is not None:
            out.append(Departure(f"points {system_name(points)}", f"a point system with {why}"))
    system = changed.get("system")
    if system in NON_FIDE_SYSTEMS:
        out.append(Departure(f"system {system}", NON_FIDE_SYSTEMS[system]))
    rule_set = changed.get("rule_set")
    if rule_set in NON_FIDE_RULE_SETS:
        out.append(Departure(f"rule set {rule_set}", NON_FIDE_RULE_SETS[rule_set]))
    policy = changed.get("bye_policy")
    if policy in NON_FIDE_BYE_POLICIES:
        out.append(Departure(f"bye policy {policy}", NON_FIDE_BYE_POLICIES[policy]))
    foreign = non_fide_tiebreaks(changed.get("tiebreaks") or ())
    if foreign:
        listed = ", ".join(foreign)
        out.append(
            Departure(f"tie-breaks {listed}", f"tie-breaks FIDE C.07 does not define ({listed})")
        )
    return tuple(out)


def leave_by_settings_alert(paired: int, departures: Sequence[Departure]) -> Alert:
    """The level-4 question of a settings change that leaves FIDE's rules: answered yes,
    the change leaves FIDE mode for good (the checklist's questions 43 and 45)."""
    listed = "; ".join(d.words for d in departures)
    because = [d.short for d in departures]
    return Alert(
        Level.CONFIRM_CONSEQUENCES,
        f"Leave FIDE mode {_when(paired)} to use {listed}? In FIDE mode the event follows "
        "FIDE's rules only, and it cannot come back to FIDE mode.",
        f"{CHECKLIST}: a setting outside FIDE's rules leaves FIDE mode, a level-4 warning, "
        "and leaving is final",
        (
            "From now on the checklist's limits no longer hold: a prohibited pairing can be "
            "added or removed after round 1 and rounds older than the last two played can "
            "be corrected (each still asks first).",
            f"The report (TRF) says so with a line '{leave_line(paired, because)}'; FIDE "
            "does not verify what an event does outside FIDE mode.",
            "Every window panel, every printed sheet and 'arbiter-app status' show that the "
            "event is not in FIDE mode, for good: changing the settings back does not "
            "bring it back.",
        ),
        LEAVE_TOKEN,
    )


def leave_line(paired: int, because: Sequence[str] = ()) -> str:
    return leave_pibe(paired, because).trf_line()


FIXED_ROUNDS = "rounds"
FIXED_POINTS = "points"
FIXED_PAB = "pab"
"""What FIDE mode fixes once round 1 is paired (:func:`fixed_in_fide_mode`)."""


@dataclass(frozen=True, slots=True)
class Fixed:
    """A setting FIDE mode fixes once round 1 is paired: *what* it is, *why* (the article)."""

    what: str
    why: str

    @property
    def sentence(self) -> str:
        """What a greyed box's tooltip says."""
        what = f"{self.what[0].upper()}{self.what[1:]}"
        return f"{what} is fixed in FIDE mode once round 1 is paired: {self.why}."


def fixed_in_fide_mode(mode: FideMode, paired: int, system: System) -> dict[str, Fixed]:
    """What cannot change in FIDE mode once round 1 is paired, each with its reason (empty
    before round 1 and outside FIDE mode): the number of rounds, the point system and the
    pairing-allocated bye's value, all three announced before the event.

    The number of rounds is declared beforehand (FIDE C.04.1 article 1, the text in force
    from 1 July 2025; a round robin's follows from its Berger tables, C.05 Annex 1); a
    result scores what the regulations of the event specify (Laws of Chess article 10.1;
    C.07 article 5); the bye scores a win unless the rules of the tournament state
    otherwise (C.04.1 article 3). FIDE's checklist routes a program that keeps them fixed
    past the re-checks of such a change (C.02, questions 57, 75 and 85).
    """
    if not mode.on or not paired:
        return {}
    rounds = (
        "it follows from the Berger tables announced before the event (FIDE C.05 Annex 1)"
        if system.is_round_robin
        else "it is declared before the event (FIDE C.04.1 article 1)"
    )
    return {
        FIXED_ROUNDS: Fixed("the number of rounds", rounds),
        FIXED_POINTS: Fixed(
            "the point system",
            "results score what the regulations of the event announced "
            "(FIDE Laws of Chess article 10.1; C.07 article 5)",
        ),
        FIXED_PAB: Fixed(
            "the value of the pairing-allocated bye",
            "the bye scores what the rules of the tournament state (FIDE C.04.1 article 3)",
        ),
    }


def fixed_refusal(paired: int, fixed: Sequence[Fixed]) -> Alert:
    """Level 5: a change FIDE mode fixes once round 1 is paired (:func:`fixed_in_fide_mode`),
    with its reasons and the way to make it: leave FIDE mode first."""
    what = " and ".join(f.what for f in fixed)
    it = "it" if len(fixed) == 1 else "them"
    return Alert(
        Level.REFUSED,
        f"The event is in FIDE mode and round {paired} is paired, so {what} cannot change: "
        f"{'; '.join(f.why for f in fixed)}. To change {it}, leave FIDE mode first "
        "('arbiter-app settings FILE --leave-fide-mode', or Edit ▸ Leave FIDE mode… in the "
        "window; a level-4 question, and final): outside FIDE mode the change asks its own "
        "level-4 question and the paired rounds are checked again",
        f"{CHECKLIST}, questions 57, 75 and 85",
    )


class PibeKind(enum.Enum):
    """What a ``###`` line of the report is about: the TEC manual's kinds of
    pairing-integrity events, then the two other comment lines the checklist asks for."""

    MPA = "MPA"
    IMPORT = "Import"
    REGENERATION = "Regeneration"
    EXCHANGE = "Exchange"
    CORRECTION = "Correction"
    ADJOURNMENT = "Adjournment"
    CONFIGURATION = "Configuration"
    FULL_POINT_BYE = "FPB"
    FIDE_MODE = "FIDE mode"

    @property
    def is_integrity_event(self) -> bool:
        """One of the TEC manual's pairing-integrity events (not a full-point bye or the
        line of leaving FIDE mode)."""
        return self not in (PibeKind.FULL_POINT_BYE, PibeKind.FIDE_MODE)


@dataclass(frozen=True, slots=True)
class Pibe:
    """One ``###`` line of the report: *kind*, the *round* it happened at, what happened.

    *round* is the round the event concerns (the round paired by hand, the
    round corrected) or, for a configuration change, the last round paired
    when it was made. Pairing numbers in *text* are those of the moment; a
    later regeneration or exchange has its own line saying how they changed.
    """

    kind: PibeKind
    round: int
    text: str

    def trf_line(self) -> str:
        return f"### {self.kind.value} @ Round {self.round}: {self.text}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "round": self.round, "text": self.text}

    @classmethod
    def from_json(cls, value: Mapping[str, Any]) -> Pibe:
        return cls(PibeKind(value["kind"]), int(value["round"]), str(value["text"]))


def pairs_text(boards: list[tuple[int, int]], bye: int | None = None) -> str:
    """Boards as the ``###`` lines write them: ``1-4 2-3 5=PAB`` (White first)."""
    parts = [f"{w}-{b}" for w, b in boards]
    if bye is not None:
        parts.append(f"{bye}=PAB")
    return " ".join(parts) or "no board"
