"""Which settings changes ask first, and at which level (FIDE C.02 verification checklist).

Before round 1 is paired the settings are the organiser's to shape: nothing
is asked. Once play has started, a change of what decides pairings or ranks
is a configuration change the checklist grades:

- **level 4**, two-step with its consequences: the tie-break list, the number
  of rounds and the point system (a round's own points included);
- **level 3**, confirm or cancel: the rule set for unplayed rounds (and the
  start date when it decides which FIDE text applies), the bye policy, and a
  play-off regulation or a prize fund set already (entering one the first
  time, often when the ties appear, asks nothing);
- **level 5**: the system, once round 1 is paired (see ``check_setting``).

The event's descriptive header (name, city, arbiters, time control, round
dates) and the preset's name (its tie-breaks and rules are asked about
themselves) change nothing that is paired or ranked and are never asked about.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from arbiter_app.core.errors import InputError
from arbiter_app.core.fide_mode import Pibe, PibeKind
from arbiter_app.core.model import RuleSet, System, fide_rule_set_on
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.prizes import PrizeFund
from arbiter_app.core.team_scores import DEFAULT_BEST
from arbiter_app.core.warning_levels import Alert, Level
from arbiter_app.core.words import count
from arbiter_app.session import queries
from arbiter_app.session.codec import event_from_state, info_from_json, point_system_from_json
from arbiter_app.session.round_check import check_round, options_of, stored_round
from arbiter_app.session.state import Tx
from arbiter_app.session.tournament_state import state_of_tx

CHECKLIST = "FIDE C.02, verification checklist"
CONFIGURATION = f"{CHECKLIST}: configuration change after the start"

TIEBREAKS_TOKEN = "tiebreaks-reorder-standings"
ROUNDS_TOKEN = "rounds-change-pairings"
POINTS_TOKEN = "points-change-scores"
"""The tokens that answer the level-4 questions (each names its consequence)."""

_LEVEL3_WORDS = {
    "rule_set": "the rule set for unplayed rounds",
    "bye_policy": "the bye policy",
    "playoff": "the play-off regulation",
    "team_best": "the number of team scores that count (US Chess 28N)",
    "teammates_apart": "whether teammates are kept apart (US Chess 28N)",
    "half_point_bye_limit": "the number of half-point byes a player may take (FIDE C.02 Q176)",
}
ANNOUNCED_ONCE = frozenset({"playoff"})
"""Settings asked about only when one was set already: a play-off regulation (like the
prize fund) is often entered when the ties appear, and entering it is no change."""


def _listed(value: Any) -> str:
    return ", ".join(map(str, value)) if value else "none"


def _shown(key: str, value: Any) -> str:
    if key == "team_best" and value is None:
        return f"{DEFAULT_BEST} (the default)"
    if key == "half_point_bye_limit" and value is None:
        return "no limit"
    if key == "teammates_apart" or isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none" if key != "rule_set" else "the FIDE text of the start date"
    return str(value)


def _points_name(value: Any) -> str:
    if value is None:
        return "standard"
    return point_system_from_json(value).name or "custom"


def settings_alerts(
    tx: Tx,
    values: Mapping[str, Any],
    recheck: RoundsRecheck | None = None,
    repaired: PairingsRecheck | None = None,
) -> list[Alert]:
    """The warnings changing the settings to *values* (checked, as stored) raises now.

    *recheck* is :func:`rounds_recheck` of a new number of rounds, when it changes;
    *repaired* is :func:`pairings_recheck` of the change (the checklist's question 76).
    """
    paired = queries.paired_rounds(tx)
    if not paired:
        return []
    system = System(tx.setting("system", System.SWISS.value))
    played = system.rounds_in(paired)
    when = f"round {played} is paired"
    changed = {k: v for k, v in values.items() if v != tx.setting(k)}
    alerts: list[Alert] = []
    if "tiebreaks" in changed:
        old, new = tx.setting("tiebreaks", []), changed["tiebreaks"]
        alerts.append(
            Alert(
                Level.CONFIRM_CONSEQUENCES,
                f"Change the tie-break list from {_listed(old)} to {_listed(new)} now that {when}?",
                f"{CHECKLIST}: changing the tie-break list after the start is a level-4 warning",
                (
                    "The standings of the rounds played are ranked again with the new list: "
                    "places, and the prizes and play-off places they decide, may change.",
                    "The list announced to the players before round 1 no longer applies.",
                    "The paired rounds are not paired again: tie-breaks do not decide the "
                    "pairings (FIDE C.04.3), only the standings are recomputed.",
                ),
                TIEBREAKS_TOKEN,
            )
        )
    if "rounds" in changed:
        alerts.append(_rounds_alert(tx, system, paired, int(changed["rounds"]), when, recheck))
    points = [k for k in ("point_system", "round_point_systems") if k in changed]
    if points:
        what = (
            f"from {_points_name(tx.setting('point_system'))} to "
            f"{_points_name(changed['point_system'])}"
            if "point_system" in changed
            else "of single rounds"
        )
        alerts.append(
            Alert(
                Level.CONFIRM_CONSEQUENCES,
                f"Change the point system {what} now that {when}?",
                CONFIGURATION,
                (
                    "Every score is recomputed with the new points, the rounds played "
                    "included: the standings, the tie-breaks and the prizes may change.",
                    *_repaired_words(repaired, POINT_SETTINGS),
                ),
                POINTS_TOKEN,
            )
        )
    for key, words in _LEVEL3_WORDS.items():
        if key in ANNOUNCED_ONCE and tx.setting(key) is None:
            continue
        if key in changed:
            alerts.append(
                Alert(
                    Level.CONFIRM,
                    f"Change {words} from {_shown(key, tx.setting(key))} to "
                    f"{_shown(key, changed[key])} now that {when}?",
                    CONFIGURATION,
                    tuple(_repaired_words(repaired, (key,))),
                )
            )
    if "info" in changed and "rule_set" not in changed:
        alert = _start_date_alert(tx, changed["info"], when)
        if alert is not None:
            alerts.append(alert)
    return alerts


def _rounds_alert(
    tx: Tx, system: System, paired: int, new_games: int, when: str, recheck: RoundsRecheck | None
) -> Alert:
    """Level 4: the number of rounds after the start (checklist, number of rounds)."""
    old = system.rounds_in(int(tx.setting("rounds", 0)))
    new = system.rounds_in(new_games)
    last = system.rounds_in(paired)
    consequences = [
        f"The pairings of the rounds still to come are made for {count(new, 'round')} instead of "
        f"{old}: the colour rules of the last round and the bye policies that count the "
        "rounds left follow the new number.",
    ]
    if last == old and new > old:
        consequences.append(
            f"Round {last}, paired as the last round, is no longer the last one: "
            "its pairings were made under the last-round rules."
        )
    elif last == new and old > new:
        consequences.append(
            f"Round {last}, paired already, becomes the last round: its pairings were "
            "made without the last-round rules."
        )
    if recheck is not None:
        consequences.append(recheck.consequence)
    return Alert(
        Level.CONFIRM_CONSEQUENCES,
        f"Change the number of rounds from {old} to {new} now that {when}?",
        f"{CHECKLIST}: changing the number of rounds after the start is a level-4 warning",
        tuple(consequences),
        ROUNDS_TOKEN,
    )


def _start_date_alert(tx: Tx, info: Mapping[str, Any], when: str) -> Alert | None:
    """Level 3 when a new start date changes the FIDE text an event without a rule set follows."""
    if tx.setting("rule_set") is not None:
        return None
    before = fide_rule_set_on(info_from_json(tx.setting("info", {})).start_date)
    after = fide_rule_set_on(info_from_json(info).start_date)
    if before is after:
        return None
    return Alert(
        Level.CONFIRM,
        f"Change the start date now that {when}? The event has no rule set of its own, so the "
        f"start date decides the FIDE text: {_text(before)} before, {_text(after)} after.",
        CONFIGURATION,
        ("Tie-breaks that count unplayed rounds are computed under the other text.",),
    )


def _text(rule_set: RuleSet) -> str:
    return "the 2026 text" if rule_set is RuleSet.FIDE_2026 else "the 2024 text"


def fund_alert(tx: Tx, fund: Mapping[str, Any]) -> list[Alert]:
    """Level 3: a prize fund changed once play has started (*fund*: ``prizes``, ``currency``).

    Entering the fund for the first time (often at the end, to share the
    prizes) asks nothing: only a fund stored already is an announcement changed.
    """
    paired = queries.paired_rounds(tx)
    stored = tx.get("records", ("prizes", "fund"))
    if not paired or stored is None:
        return []
    amounts = [str(a) for a in fund.get("prizes") or []]
    try:
        same = PrizeFund.from_json(json.loads(stored["value"])) == PrizeFund.from_json(
            {"prizes": amounts, "currency": str(fund.get("currency", "USD")).strip().upper()}
        )
    except InputError:
        return []  # the amounts are refused when the fund is stored, with their reason
    if same:
        return []
    system = System(tx.setting("system", System.SWISS.value))
    return [
        Alert(
            Level.CONFIRM,
            f"Change the prize fund to {', '.join(amounts)} now that round "
            f"{system.rounds_in(paired)} is paired?",
            CONFIGURATION,
            ("The prizes announced to the players before round 1 no longer apply.",),
        )
    ]


@dataclass(frozen=True, slots=True)
class RoundsRecheck:
    """The last paired round checked again under a new number of rounds (the checklist's
    questions 60 and 61): what the arbiter is told, and the ``###`` line when the round no
    longer follows the pairing rules."""

    consequence: str
    pibe: Pibe | None


def rounds_recheck(tx: Tx, new_games: int) -> RoundsRecheck | None:
    """Check the last paired round again when a new number of rounds makes it the last
    round, or no longer the last one (C.04.3 pairs the last round by its own colour
    rules); None when its status does not change."""
    paired = queries.paired_rounds(tx)
    if not paired:
        return None
    system = System(tx.setting("system", System.SWISS.value))
    last = system.rounds_in(paired)
    old = system.rounds_in(int(tx.setting("rounds", 0)))
    new = system.rounds_in(new_games)
    if (last == old) == (last == new):
        return None
    comparison = check_round(tx, stored_round(tx, last), planned_rounds=new_games)
    if comparison.same:
        return RoundsRecheck(
            f"Round {last} was checked again as paired for {count(new, 'round')}: its pairing is "
            "still the pairing engine's.",
            None,
        )
    status = "the last round" if last == old else "a round before the last"
    return RoundsRecheck(
        f"Round {last} was checked again as paired for {count(new, 'round')} and no longer follows "
        f"the pairing rules: the pairing engine pairs it {comparison.engine_text()}. "
        "The report says so with a ### Configuration line.",
        Pibe(
            PibeKind.CONFIGURATION,
            last,
            f"round {last}, paired as {status}, no longer follows the pairing rules with "
            f"{count(new, 'round')}: {comparison.mpa_text()}",
        ),
    )


def configuration_pibes(
    tx: Tx,
    values: Mapping[str, Any],
    recheck: RoundsRecheck | None = None,
    repaired: PairingsRecheck | None = None,
) -> list[Pibe]:
    """The ``### Configuration`` lines changing the settings to *values* writes once play
    has started (the checklist's questions 59 and 202: the round and the previous value)."""
    paired = queries.paired_rounds(tx)
    if not paired:
        return []
    system = System(tx.setting("system", System.SWISS.value))
    at = system.rounds_in(paired)
    changed = {k: v for k, v in values.items() if v != tx.setting(k)}
    texts: list[str] = []
    if "tiebreaks" in changed:
        old, new = tx.setting("tiebreaks", []), changed["tiebreaks"]
        texts.append(f"tie-breaks {_listed(old)} => {_listed(new)}")
    if "rounds" in changed:
        old_rounds = system.rounds_in(int(tx.setting("rounds", 0)))
        texts.append(f"rounds {old_rounds} => {system.rounds_in(int(changed['rounds']))}")
    if "point_system" in changed:
        old_points = _points_name(tx.setting("point_system"))
        texts.append(f"point system {old_points} => {_points_name(changed['point_system'])}")
    if "round_point_systems" in changed:
        texts.append("point systems of single rounds changed")
    for key in ("bye_policy", "rule_set"):
        if key in changed:
            words = _LEVEL3_WORDS[key]
            texts.append(f"{words} {_shown(key, tx.setting(key))} => {_shown(key, changed[key])}")
    out = [Pibe(PibeKind.CONFIGURATION, at, text) for text in texts]
    if recheck is not None and recheck.pibe is not None:
        out.append(recheck.pibe)
    if repaired is not None:
        out.append(Pibe(PibeKind.CONFIGURATION, at, repaired.line))
    return out


POINT_SETTINGS = ("point_system", "round_point_systems")
REPAIRING_SETTINGS = (*POINT_SETTINGS, "bye_policy")
"""The settings whose change can alter a paired Swiss round, which the session pairs again
(the checklist's questions 59-62 and 76): the points (the bye's value among them) make the
score groups, the bye policy who gets the bye. The acceleration is fixed once round 1 is
paired (C.04.5.1); the tie-breaks do not decide pairings (C.04.3)."""

MOST_DIFFERING = 10
"""The re-check stops at this many rounds that would differ: the arbiter is told the event
is paired otherwise from there on, not every round of a long event."""


@dataclass(frozen=True, slots=True)
class PairingsRecheck:
    """The paired Swiss rounds paired again under new settings (FIDE C.02, the checklist's
    question 76): the rounds whose pairing would differ, in order, at most
    :data:`MOST_DIFFERING`; *stopped* when the check stopped there; *before*, the rounds
    (among those checked) that differed from the engine's pairing already before the change."""

    keys: tuple[str, ...]
    what: str
    checked: int
    differing: tuple[int, ...]
    stopped: bool
    before: tuple[int, ...] = ()

    @property
    def summary(self) -> str:
        """What the re-check found, as the question and the report line say it."""
        if not self.differing:
            return (
                f"no paired round would be paired otherwise under {self.what}: "
                f"{count(self.checked, 'round')} paired again from the rounds before"
            )
        found = f"{_round_list(self.differing)} would be paired otherwise under {self.what}"
        if self.stopped:
            found += f" (the check stopped at the first {len(self.differing)})"
        return f"{found}; the recorded rounds stand"

    @property
    def line(self) -> str:
        """The text of the ``### Configuration`` line."""
        return f"pairings checked again: {self.summary}"


def _round_list(rounds: Sequence[int]) -> str:
    """A list of rounds as a sentence says it: "round 3", "rounds 3 and 5"."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return f"rounds {', '.join(map(str, rounds[:-1]))} and {rounds[-1]}"


def _repaired_words(repaired: PairingsRecheck | None, keys: Sequence[str]) -> list[str]:
    """The consequence naming the rounds re-checked, for the alert of one of *keys*."""
    if repaired is None or not any(k in repaired.keys for k in keys):
        return []
    words = [f"{repaired.summary[0].upper()}{repaired.summary[1:]} (FIDE C.02 Q76)."]
    if repaired.before:
        words.append(
            f"{_round_list(repaired.before).capitalize()} differed from the pairing engine's "
            "already before the change."
        )
    return words


def pairings_recheck(tx: Tx, values: Mapping[str, Any]) -> PairingsRecheck | None:
    """Pair each paired Swiss round again from the rounds before it under the settings
    *values* (checked, as stored) and name the rounds whose pairing would differ (FIDE C.02,
    the checklist's questions 59-62 and 76); None when no setting that decides pairings
    changes, before round 2 is paired (round 1 pairs on ratings alone), or in a round robin.

    A round that already differed from the engine's pairing under the old settings (paired
    by hand, imported) is not counted as changed by the new ones.
    """
    changed = {k: values[k] for k in REPAIRING_SETTINGS if k in values}
    changed = {k: v for k, v in changed.items() if v != tx.setting(k)}
    if not changed:
        return None
    system = System(tx.setting("system", System.SWISS.value))
    last = system.rounds_in(queries.paired_rounds(tx))
    if system.is_round_robin or last < 2:
        return None
    old_event = event_from_state(state_of_tx(tx))
    new_event = old_event
    if "point_system" in changed:
        new_event = replace(new_event, point_system=point_system_from_json(changed["point_system"]))
    if "round_point_systems" in changed:
        new_event = replace(
            new_event,
            round_point_systems=tuple(
                point_system_from_json(x) for x in changed["round_point_systems"] or []
            ),
        )
    old_options = options_of(tx)
    new_options = old_options
    if "bye_policy" in changed:
        new_options = replace(
            new_options, bye_policy=ByePolicy.parse(str(changed["bye_policy"] or "fide"))
        )
    differing: list[int] = []
    before: list[int] = []
    checked = 0
    for round_no in range(2, last + 1):
        pairing = stored_round(tx, round_no)
        checked += 1
        if check_round(tx, pairing, event=new_event, options=new_options).same:
            continue
        if not check_round(tx, pairing, event=old_event, options=old_options).same:
            before.append(round_no)
            continue
        differing.append(round_no)
        if len(differing) == MOST_DIFFERING:
            break
    return PairingsRecheck(
        tuple(changed),
        _changed_words(tuple(changed)),
        checked,
        tuple(differing),
        len(differing) == MOST_DIFFERING and checked < last - 1,
        tuple(before),
    )


def _changed_words(keys: Sequence[str]) -> str:
    """What changed, as the question says it: the new point system, bye policy, or both."""
    words = []
    if any(k in POINT_SETTINGS for k in keys):
        words.append("the new point system")
    if "bye_policy" in keys:
        words.append("the new bye policy")
    return " and ".join(words)
