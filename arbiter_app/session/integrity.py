"""FIDE mode as the rows keep it, and the log of pairing-integrity events (FIDE C.02).

The vocabulary is the core's (:mod:`arbiter_app.core.fide_mode`). Here:

- :func:`fide_mode_of` reads the event's FIDE mode: the ``fide_mode`` setting
  once the arbiter has left it, else the default (on for the FIDE systems and
  for every imported event). The default is not written at creation, so the
  journal of a file made before FIDE mode existed replays to the same rows;
- :func:`log_pibe` adds a ``###`` line to the event's log, in the ``records``
  family ``pibe``, written by the command that made the event: one
  transaction and one journal entry, so undo takes the line back with it;
- ``leave_fide_mode`` (a level-4 question, final) and ``enter_fide_mode``
  (refused, level 5, once left) are the commands.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.fide_mode import (
    FIXED_PAB,
    FIXED_POINTS,
    FIXED_ROUNDS,
    Departure,
    FideMode,
    FideModeStatus,
    Fixed,
    Pibe,
    default_mode,
    fixed_in_fide_mode,
    fixed_refusal,
    leave_alert,
    leave_by_settings_alert,
    leave_pibe,
    leaving_rules,
    reenter_refusal,
)
from arbiter_app.core.model import RuleSet, System
from arbiter_app.core.points import STANDARD, PointSystem
from arbiter_app.core.warning_levels import Alert, Refused
from arbiter_app.session import queries
from arbiter_app.session.codec import point_system_from_json
from arbiter_app.session.commands import EnterFideMode, LeaveFideMode
from arbiter_app.session.registry import Context, command
from arbiter_app.session.state import State, Tx
from arbiter_app.store.journal import canonical_json

FIDE_MODE = "fide_mode"
"""The setting that records leaving FIDE mode (absent: the event's default)."""

PIBE = "pibe"
"""The ``records`` family of the ``###`` log: one row a line, keyed by its order."""


def fide_mode_of(state: State | Tx) -> FideMode:
    """The event's FIDE mode (module docstring)."""
    stored = state.setting(FIDE_MODE)
    if stored is not None:
        return FideMode.from_json(stored)
    system = System(state.setting("system", System.SWISS.value))
    return default_mode(
        system,
        imported=state.setting("trf_source") is not None,
        us_chess=state.setting("rule_set") == RuleSet.USCF.value,
        outside=leaving_rules(_rule_values({key: state.setting(key) for key in RULE_SETTINGS})),
    )


RULE_SETTINGS = (
    "system", "rule_set", "bye_policy", "tiebreaks", "point_system", "round_point_systems",
)  # fmt: skip
"""The settings that decide whether the event follows FIDE's rules (FIDE C.02, questions 43,
74, 81 and 83)."""


def _rule_values(stored: Mapping[str, Any]) -> dict[str, Any]:
    """*stored* settings as :func:`~arbiter_app.core.fide_mode.leaving_rules` reads them: the
    point systems as values, the rest as stored."""
    out = dict(stored)
    if out.get("point_system") is not None:
        out["point_system"] = point_system_from_json(out["point_system"])
    if out.get("round_point_systems"):
        out["round_point_systems"] = [point_system_from_json(x) for x in out["round_point_systems"]]
    return out


def log_pibe(tx: Tx, pibe: Pibe, *, player: int | None = None) -> None:
    """Add *pibe* to the log (*player*: the pairing number a full-point bye line names,
    kept as a number so that a renumbering follows it)."""
    keys = [key for family, key in tx.keys("records") if family == PIBE]
    value: dict[str, Any] = pibe.to_json()
    if player is not None:
        value["player"] = player
    tx.put("records", (PIBE, f"{len(keys) + 1:05d}"), {"value": canonical_json(value)})


def stored_pibes(state: State) -> list[Pibe]:
    """The log in the order it was written."""
    rows = state.tables["records"]
    out: list[Pibe] = []
    for key in sorted(k for k in rows if k[0] == PIBE):
        value = json.loads(rows[key]["value"])
        if "player" in value:
            value = {**value, "text": f"{value['player']}=FPB"}
        out.append(Pibe.from_json(value))
    return out


def drop_full_point_bye_line(tx: Tx, tpn: int, round_no: int) -> None:
    """Take back the line of a full-point bye request that was cancelled."""
    for key, row in tx.rows("records").items():
        if key[0] != PIBE:
            continue
        value = json.loads(row["value"])
        if value.get("player") == tpn and int(value["round"]) == round_no:
            tx.delete("records", key)


@command(LeaveFideMode)
def leave_fide_mode(tx: Tx, cmd: LeaveFideMode, ctx: Context) -> int:
    """Leave FIDE mode, for good (a level-4 question); returns the round it was left at."""
    mode = fide_mode_of(tx)
    if mode.status is FideModeStatus.LEFT:
        raise RuleError(f"the event is not in FIDE mode: {mode.indicator}")
    if mode.status is FideModeStatus.OFF:
        raise RuleError(mode.indicator)
    paired = _paired_round(tx)
    ctx.ask(leave_alert(paired))
    left = FideMode(FideModeStatus.LEFT, paired)
    tx.set_setting(FIDE_MODE, left.to_json())
    log_pibe(tx, leave_pibe(paired))
    return paired


def settings_leaving(tx: Tx, changed: Mapping[str, Any]) -> tuple[Departure, ...]:
    """What in the settings *changed* leaves FIDE's rules while the event is in FIDE mode
    (empty outside it: an event not in FIDE mode has nothing to leave)."""
    if not fide_mode_of(tx).on:
        return ()
    return leaving_rules(_rule_values({k: v for k, v in changed.items() if v != tx.setting(k)}))


def fide_rules_alerts(tx: Tx, changed: Mapping[str, Any]) -> list[Alert]:
    """The warning of a settings change that leaves FIDE's rules in FIDE mode (question 43).

    Once round 1 is paired it is a level-4 question, and answered it leaves FIDE
    mode for good (:func:`apply_fide_rules`). Before, the settings are still the
    organiser's to shape and nothing is asked: the event's FIDE mode is its
    default, which follows its settings, and the permanent indicator (every panel,
    sheet and ``status``, the checklist's question 46) names what is outside FIDE's
    rules.
    """
    if not queries.paired_rounds(tx):
        return []
    departures = settings_leaving(tx, changed)
    if not departures:
        return []
    return [leave_by_settings_alert(_paired_round(tx), departures)]


def apply_fide_rules(tx: Tx, changed: Mapping[str, Any]) -> None:
    """Before *changed* is stored, once round 1 is paired: leave FIDE mode for good when it
    leaves FIDE's rules (same journal entry as the change, so no undo takes one back
    without the other), and keep an event that was not in FIDE mode out of it when its
    settings become FIDE's (question 45: the event never enters it once play started)."""
    if not queries.paired_rounds(tx) or tx.setting(FIDE_MODE) is not None:
        return
    if not any(k in changed and changed[k] != tx.setting(k) for k in RULE_SETTINGS):
        return
    mode = fide_mode_of(tx)
    if not mode.on:
        tx.set_setting(FIDE_MODE, mode.to_json())
        return
    departures = settings_leaving(tx, changed)
    if departures:
        paired = _paired_round(tx)
        tx.set_setting(FIDE_MODE, FideMode(FideModeStatus.LEFT, paired).to_json())
        log_pibe(tx, leave_pibe(paired, [d.short for d in departures]))


def fixed_now(state: State | Tx, paired: int) -> dict[str, Fixed]:
    """What FIDE mode fixes in the event now, *paired* rounds (game columns) being paired:
    the number of rounds, the point system and the bye's value, each with its reason
    (:func:`~arbiter_app.core.fide_mode.fixed_in_fide_mode`); empty before round 1 and
    outside FIDE mode. The window greys what it lists; ``edit_settings`` refuses it."""
    system = System(state.setting("system", System.SWISS.value))
    return fixed_in_fide_mode(fide_mode_of(state), system.rounds_in(paired), system)


def refuse_what_fide_mode_fixes(tx: Tx, changed: Mapping[str, Any]) -> None:
    """Refuse (level 5) a change of the settings *changed* (checked, as stored) that FIDE
    mode fixes once round 1 is paired (FIDE C.02, questions 57, 75 and 85), saying why
    and that leaving FIDE mode comes first.

    A change that leaves FIDE's rules (question 43) is not refused: it leaves FIDE mode
    first, through its own level-4 question, and the rest of it is asked as outside FIDE
    mode (:func:`fide_rules_alerts`)."""
    fixed = fixed_now(tx, queries.paired_rounds(tx))
    if not fixed or settings_leaving(tx, changed):
        return
    keys = []
    if "rounds" in changed and int(changed["rounds"]) != int(tx.setting("rounds", 0)):
        keys.append(FIXED_ROUNDS)
    points, bye = _points_changed(tx, changed)
    # The bye's value is part of the point system: named alone when nothing else changes.
    if points:
        keys.append(FIXED_POINTS)
    elif bye:
        keys.append(FIXED_PAB)
    if keys:
        raise Refused(fixed_refusal(_paired_round(tx), [fixed[k] for k in keys]))


def _points_changed(tx: Tx, changed: Mapping[str, Any]) -> tuple[bool, bool]:
    """Whether *changed* gives any round other points for its results, and other points for
    its pairing-allocated bye (values compared, not names or how they are written)."""
    if "point_system" not in changed and "round_point_systems" not in changed:
        return False, False

    def by_round(values: Mapping[str, Any]) -> list[PointSystem]:
        main = values.get("point_system")
        rounds = values.get("round_point_systems") or []
        main_system = STANDARD if main is None else point_system_from_json(main)
        return [main_system, *(point_system_from_json(x) for x in rounds)]

    stored = {k: tx.setting(k) for k in ("point_system", "round_point_systems")}
    before = by_round(stored)
    after = by_round({**stored, **changed})
    # A round without a system of its own scores by the event's (the first of each list).
    length = max(len(before), len(after))
    before += [before[0]] * (length - len(before))
    after += [after[0]] * (length - len(after))
    points = bye = False
    for old, new in zip(before, after, strict=True):
        old_values, new_values = old.all_values(), new.all_values()
        bye = bye or old.pairing_bye_points != new.pairing_bye_points
        points = points or old_values[:5] + old_values[6:] != new_values[:5] + new_values[6:]
    return points, bye


@command(EnterFideMode)
def enter_fide_mode(tx: Tx, cmd: EnterFideMode, ctx: Context) -> None:
    """Enter FIDE mode: refused once left (level 5), and for a system FIDE does not verify."""
    mode = fide_mode_of(tx)
    if mode.status is FideModeStatus.LEFT:
        raise Refused(reenter_refusal(mode))
    if mode.status is FideModeStatus.ON:
        raise RuleError("the event is in FIDE mode already")
    raise RuleError(mode.indicator)


def _paired_round(tx: Tx) -> int:
    """The last round paired, in rounds (a double Swiss round is two game columns)."""
    system = System(tx.setting("system", System.SWISS.value))
    return system.rounds_in(queries.paired_rounds(tx))
