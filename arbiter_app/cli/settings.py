"""``arbiter-app settings FILE``: print the event's settings, or change them.

Without options the settings are printed (``--json`` for other programs). With
options they change in one session command, ``edit_settings``, as the window's
Event settings dialog does: one transaction, one journal entry. Once round 1
is paired, a change of what decides pairings or ranks asks first (FIDE C.02):
``--confirm`` answers a level-3 question, ``--confirm=TOKEN`` the level-4
questions of the tie-break list, the number of rounds and the point system.

``--rounds`` counts rounds: a double Swiss round is two games (City Chess OK
rules), so ``--rounds 7`` plans fourteen games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

from arbiter_app.cli.confirming import (
    add_confirm_argument,
    confirmation,
    print_notices,
)
from arbiter_app.core.chess960 import Variant
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.pairing.byes import half_point_bye_limit_words
from arbiter_app.core.pairing.swiss import pairing_method
from arbiter_app.core.playoff.presets import PRESETS as PLAYOFFS
from arbiter_app.core.points import (
    PAB_VALUES,
    PointSystem,
    format_points,
    parse_point_system,
    with_pab_value,
)
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.prizes import format_money, money
from arbiter_app.core.team_scores import DEFAULT_BEST
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.core.words import count
from arbiter_app.session import Session
from arbiter_app.session.chess960 import variant_of
from arbiter_app.session.codec import (
    BYE_POLICIES,
    NAMED_POINT_SYSTEMS,
    info_to_json,
    point_system_from_json,
    point_system_to_json,
)
from arbiter_app.session.commands import (
    Command,
    DrawTiebreakLots,
    EditSettings,
    EnterFideMode,
    LeaveFideMode,
    SetExternalValues,
)
from arbiter_app.session.external_values import parse_values
from arbiter_app.session.integrity import fide_mode_of
from arbiter_app.session.playoff_commands import stored_fund
from arbiter_app.session.rating_lookup import CHECK_AFTER_UPDATE, checks_after_update
from arbiter_app.session.state import State

BY_DATE = "by-date"
"""``--rules by-date``: no rule set of the event's own; the FIDE text of the start date."""
NONE = "none"

INFO_OPTIONS = (
    ("name", "--name", "the event's name"),
    ("city", "--city", "the city"),
    ("federation", "--federation", "the host federation, three letters"),
    ("start_date", "--start-date", "YYYY-MM-DD"),
    ("end_date", "--end-date", "YYYY-MM-DD"),
    ("round_dates", "--round-dates", "the date of each round, YYYY-MM-DD, comma separated"),
    (
        "time_control",
        "--time-control",
        "the main event's clock: 90+30 (minutes and seconds), G/45 d5, 40/90 SD/30, "
        "'90 min + 30 s', or TRF-26's seconds (5400+30); a bare 120+30 could be minutes or "
        "seconds and is refused: write G/120+30",
    ),
    ("chief_arbiter", "--chief-arbiter", "the chief arbiter's name"),
    ("deputy_arbiters", "--deputy-arbiters", "deputy arbiters, comma separated"),
)
"""The header fields (TRF records 012-132) ``settings`` changes, as the session names them."""

REPORT_OPTIONS = (
    ("affiliate", "--affiliate", "the affiliate's ID, A6012345"),
    ("chief_td", "--chief-td", "the chief TD's US Chess ID"),
    ("assistant_td", "--assistant-td", "the assistant chief TD's US Chess ID"),
    ("state", "--state", "the site's state, two letters (OK)"),
    ("zip", "--zip", "the site's ZIP code"),
    ("country", "--country", "the site's country (USA unless given)"),
    ("send_crosstable", "--send-crosstable", "Y: US Chess posts the crosstable (N unless given)"),
    (
        "grand_prix_points",
        "--grand-prix-points",
        "the section's US Chess Grand Prix points, 0 to 999 (0: not a Grand Prix section;"
        " with --section, that section's)",
    ),
)
"""The US Chess report's header fields ``settings`` keeps (the event's ``uschess_report``)."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "settings",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path)
    for key, option, help_text in INFO_OPTIONS:
        p.add_argument(option, dest=key, help=help_text)
    p.add_argument("--rounds", type=int, help="number of rounds (a double Swiss round: 2 games)")
    p.add_argument(
        "--rules",
        choices=[r.value for r in RuleSet] + [BY_DATE],
        help="rule set for unplayed rounds in tie-breaks (by-date: the FIDE text of the "
        "start date)",
    )
    p.add_argument("--bye-policy", choices=list(BYE_POLICIES))
    p.add_argument(
        "--points",
        metavar="SYSTEM",
        help=f"the point system: {', '.join(sorted(NAMED_POINT_SYSTEMS))}, or its values "
        "W,D,L[,forfeit-win,PAB,half-bye,zero-bye], e.g. 3,1,0 or 1,0.5,0,1,0.5,0.5,0",
    )
    p.add_argument(
        "--pab-value",
        choices=PAB_VALUES,
        help="the pairing-allocated bye's points: a win (FIDE's default), a draw or zero "
        "(FIDE C.04.1 article 3 lets the regulations choose)",
    )
    choice = p.add_mutually_exclusive_group()
    choice.add_argument("--tiebreaks", metavar="CODES", help='e.g. "BH/C1,BH,SB" (none: "")')
    choice.add_argument(
        "--preset",
        choices=[*sorted(PRESETS), NONE],
        help="a preset's tie-breaks, rule set, bye policy and play-off",
    )
    p.add_argument("--playoff", choices=[*sorted(PLAYOFFS), NONE], help="play-off regulation")
    p.add_argument(
        "--acceleration",
        choices=["baku", NONE],
        help="a Swiss paired with the Baku Acceleration (FIDE C.04.5.1); fixed once round 1 "
        "is paired",
    )
    p.add_argument(
        "--swap-last-two",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a double round robin exchanging the last two rounds of its first cycle (C.05 "
        "Annex 1); fixed once round 1 is paired",
    )
    p.add_argument(
        "--rating-check",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="check the event's ratings against the lists by themselves after a list is "
        "imported or updated ('ratings update FOLDER --event FILE', and the window): on "
        "unless switched off (FIDE C.02, question 138); 'ratings check' runs either way",
    )
    p.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        help="the game the boards play: standard chess, or Chess960 with a starting position "
        "drawn before each round (FIDE Laws of Chess, Guidelines II; arbiter-app chess960 "
        "draw); fixed once round 1 is paired",
    )
    p.add_argument(
        "--half-point-byes",
        metavar="N",
        help="the half-point byes a player may take in the event, as the regulations announce "
        '(FIDE C.02 question 176; US Chess 22C): a number, 0 for none, "none" for no limit',
    )
    teams = p.add_argument_group("team scores (US Chess 28N)")
    teams.add_argument(
        "--team-best",
        type=int,
        metavar="N",
        help="how many of a team's best scores count (default 4); teams are the players' clubs "
        "or schools",
    )
    teams.add_argument(
        "--teammates-apart",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="keep teammates from meeting: the pairing forbids their games",
    )
    report = p.add_argument_group(
        "US Chess rating report (kept in the file; export --format uschess uses them)"
    )
    for key, option, help_text in REPORT_OPTIONS:
        report.add_argument(option, dest=f"report_{key}", default=None, help=help_text)
    report.add_argument(
        "--other-td",
        dest="report_other_tds",
        action="append",
        default=None,
        help="another TD's US Chess ID (repeatable; '' clears them)",
    )
    p.add_argument(
        "--fund",
        nargs="+",
        metavar="AMOUNT",
        help="the place prizes, first place first: 100000,65000,48000",
    )
    p.add_argument("--currency", help="the prize fund's currency (USD unless given)")
    p.add_argument("--json", action="store_true", help="print the settings as JSON")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--leave-fide-mode",
        action="store_true",
        help="leave FIDE mode for good (FIDE C.02: a level-4 question; alone, without "
        "other settings)",
    )
    mode.add_argument(
        "--enter-fide-mode",
        action="store_true",
        help="enter FIDE mode (refused once the event has left it: leaving is final)",
    )
    mode.add_argument(
        "--draw-lots",
        action="store_true",
        help="draw the lots of the LOT tie-break (FIDE C.07 (2023) 4.2): a recorded seed, "
        "kept in the journal and written into the list as LOT/S<seed>",
    )
    mode.add_argument(
        "--external-values",
        metavar="N=V,…",
        help="the arbiter's values for the EXT tie-break (a manual ranking), e.g. '3=2,7=1' "
        "('' clears them)",
    )
    add_confirm_argument(p)
    p.set_defaults(handler=run)


def _info_changes(args: argparse.Namespace) -> dict[str, Any]:
    info: dict[str, Any] = {}
    for key, option, _ in INFO_OPTIONS:
        value = getattr(args, key)
        if value is None:
            continue
        value = value.strip()
        if key in ("round_dates", "deputy_arbiters"):
            items = [v.strip() for v in value.split(",") if v.strip()]
            if key == "round_dates":
                for item in items:
                    _check_date(option, item)
            info[key] = items
        elif key in ("start_date", "end_date"):
            if value:
                _check_date(option, value)
            info[key] = value or None
        else:
            info[key] = value
    return info


def _check_date(option: str, text: str) -> None:
    try:
        date.fromisoformat(text)
    except ValueError:
        raise ArbiterError(f"{option}: {text!r} is not a date written YYYY-MM-DD") from None


def _half_point_byes(text: str) -> int | None:
    """``--half-point-byes``: a number, or "none" for no limit (the session checks the range)."""
    if text.strip().lower() == NONE:
        return None
    try:
        return int(text)
    except ValueError:
        raise ArbiterError(
            f'--half-point-byes: a number of half-point byes, or "none" for no limit, not {text!r}'
        ) from None


def _typed_points(text: str) -> PointSystem:
    """``--points``: a named system or its typed values (FIDE C.07 article 5)."""
    if text in NAMED_POINT_SYSTEMS:
        return NAMED_POINT_SYSTEMS[text]
    try:
        return parse_point_system(text)
    except ValueError as exc:
        known = ", ".join(sorted(NAMED_POINT_SYSTEMS))
        raise ArbiterError(f"--points {text}: {exc} (or a named system: {known})") from None


def changes_from(args: argparse.Namespace, event: Event) -> dict[str, Any]:
    """The ``edit_settings`` arguments the options ask for (empty: print only)."""
    values: dict[str, Any] = {}
    info = _info_changes(args)
    if info:
        values["info"] = info
    if args.rounds is not None:
        if args.rounds < 1:
            raise ArbiterError(f"--rounds: an event has at least 1 round, not {args.rounds}")
        values["rounds"] = event.system.games_in(args.rounds)
    if args.rules is not None:
        values["rule_set"] = None if args.rules == BY_DATE else args.rules
    if args.bye_policy is not None:
        values["bye_policy"] = args.bye_policy
    if args.points is not None or args.pab_value is not None:
        system = event.point_system if args.points is None else _typed_points(args.points)
        if args.pab_value is not None:
            system = with_pab_value(system, args.pab_value)
            if event.round_point_systems:
                values["round_point_systems"] = [
                    point_system_to_json(with_pab_value(p, args.pab_value))
                    for p in event.round_point_systems
                ]
        values["point_system"] = point_system_to_json(system)
    if args.tiebreaks is not None:
        values["tiebreaks"] = [c.strip() for c in args.tiebreaks.split(",") if c.strip()]
    if args.preset is not None:
        values["preset"] = None if args.preset == NONE else args.preset
    if args.playoff is not None:
        values["playoff"] = None if args.playoff == NONE else args.playoff
    if args.acceleration is not None:
        values["acceleration"] = None if args.acceleration == NONE else args.acceleration
    if args.swap_last_two is not None:
        values["swap_last_two"] = args.swap_last_two
    if args.team_best is not None:
        values["team_best"] = args.team_best
    if args.variant is not None:
        values["variant"] = args.variant
    if args.half_point_byes is not None:
        values["half_point_bye_limit"] = _half_point_byes(args.half_point_byes)
    if args.teammates_apart is not None:
        values["teammates_apart"] = args.teammates_apart
    if args.rating_check is not None:
        values[CHECK_AFTER_UPDATE] = args.rating_check
    report = {
        key: getattr(args, f"report_{key}")
        for key, _, _ in REPORT_OPTIONS
        if getattr(args, f"report_{key}") is not None
    }
    if args.report_other_tds is not None:
        report["other_tds"] = [t for t in args.report_other_tds if t.strip()]
    if report:
        values["uschess_report"] = report
    if args.fund:
        amounts = [a for arg in args.fund for a in arg.replace(",", " ").split()]
        values["prize_fund"] = {"prizes": amounts, "currency": args.currency or "USD"}
    elif args.currency is not None:
        raise ArbiterError("--currency goes with --fund (the amounts of the prize fund)")
    return values


def run(args: argparse.Namespace) -> int:
    with Session.open(args.file, readonly=True) as session:
        changes = changes_from(args, session.event)
    notices: tuple[Any, ...] = ()
    mode_command: Command | None = (
        LeaveFideMode()
        if args.leave_fide_mode
        else EnterFideMode()
        if args.enter_fide_mode
        else DrawTiebreakLots()
        if args.draw_lots
        else SetExternalValues(values=parse_values(args.external_values))
        if args.external_values is not None
        else None
    )
    if mode_command is not None:
        if changes:
            raise ArbiterError(
                "--leave-fide-mode, --enter-fide-mode, --draw-lots and --external-values go "
                "alone: change the other settings with a command of their own"
            )
        with Session.open(args.file) as session:
            outcome = session.run(mode_command, confirm=confirmation(args))
            notices = outcome.notices
            event, state = session.event, session.state
    elif changes:
        with Session.open(args.file) as session:
            outcome = session.run(EditSettings.of(changes), confirm=confirmation(args))
            notices = outcome.notices
            event, state = session.event, session.state
    else:
        with Session.open(args.file, readonly=True) as session:
            event, state = session.event, session.state
    shown = settings_json(event, state)
    if args.json:
        print(json.dumps(shown, ensure_ascii=False, indent=2))
    else:
        if isinstance(mode_command, SetExternalValues):
            print(
                f"{args.file.name}: EXT values set (put EXT in the tie-break list to rank by them)"
            )
        elif isinstance(mode_command, DrawTiebreakLots):
            print(f"{args.file.name}: lots drawn for the LOT tie-break (the seed is in the list)")
        elif mode_command is not None:
            print(f"{args.file.name}: {fide_mode_of(state).indicator}")
        elif changes:
            print(f"{args.file.name}: settings changed")
        sys.stdout.write(render_text(shown))
    print_notices(notices)
    return 0


# -- what is printed ---------------------------------------------------------------------------


def settings_json(event: Event, state: State) -> dict[str, Any]:
    """The event's settings as ``settings --json`` prints them."""
    info = event.info  # the header as the session stores it (TRF 012-132)
    fund, _ = stored_fund(state)
    mode = fide_mode_of(state)
    columns = max(max((key[0] for key in state.tables["boards"]), default=0), event.rounds_played)
    return {
        **info_to_json(info),
        "system": event.system.value,
        "rounds": event.announced_rounds,
        "games_per_round": event.system.games_per_round,
        "rounds_paired": event.system.rounds_in(columns),
        "pairing": pairing_method(event.system, event.rule_set),
        "rule_set": event.rule_set.value if event.rule_set else None,
        "rule_set_in_effect": event.effective_rule_set.value,
        "bye_policy": state.setting("bye_policy", "fide"),
        "point_system": point_system_to_json(event.point_system),
        "round_point_systems": [point_system_to_json(p) for p in event.round_point_systems],
        "tiebreaks": list(state.setting("tiebreaks", [])),
        "preset": state.setting("preset"),
        "playoff": state.setting("playoff"),
        "acceleration": state.setting("acceleration"),
        "swap_last_two": bool(state.setting("swap_last_two", False)),
        "team_best": state.setting("team_best") or DEFAULT_BEST,
        "teammates_apart": bool(state.setting("teammates_apart", False)),
        "half_point_bye_limit": state.setting("half_point_bye_limit"),
        CHECK_AFTER_UPDATE: checks_after_update(state),
        "variant": variant_of(state).value,
        "uschess_report": dict(state.setting("uschess_report") or {}),
        "prize_fund": None if fund is None else fund.to_json(),
        "fide_mode": {**mode.to_json(), "text": mode.indicator or "on (FIDE C.02)"},
    }


def _points(system: Mapping[str, Any]) -> str:
    for key, named in NAMED_POINT_SYSTEMS.items():
        if point_system_to_json(named) == system:
            return f"{key} ({named.name})"
    values = point_system_from_json(system)
    return (
        f"{values.name or 'custom'} (win {format_points(values.win)}, draw "
        f"{format_points(values.draw)}, loss {format_points(values.loss)}, pairing-allocated "
        f"bye {format_points(values.pairing_bye_points)}, forfeit win "
        f"{format_points(values.forfeit_win_points)}, half-point bye "
        f"{format_points(values.half_bye_points)}, zero-point bye "
        f"{format_points(values.zero_bye)})"
    )


def _variant_text(variant: str) -> str:
    if variant == Variant.CHESS960.value:
        return "Chess960, a starting position drawn before each round (FIDE Laws, Guidelines II)"
    return ""  # standard chess goes without saying, like no acceleration


def _half_point_bye_text(limit: int | None) -> str:
    if limit is None:
        return "no limit announced"
    return f"{half_point_bye_limit_words(limit)} per player (FIDE C.02 Q176; US Chess 22C)"


def render_text(s: Mapping[str, Any]) -> str:
    rounds = count(s["rounds"], "round")
    if s["games_per_round"] > 1:
        games = count(s["rounds"] * s["games_per_round"], "game")
        rounds += f" of {count(s['games_per_round'], 'game')} ({games})"

    dates = " to ".join(d for d in (s["start_date"], s["end_date"]) if d) or "not given"
    rule_set = s["rule_set"] or f"by the start date: {s['rule_set_in_effect']}"
    fund = s["prize_fund"]
    lines = [
        ("name", s["name"] or "(none)"),
        ("system", f"{s['system']}, {rounds} ({s['rounds_paired']} paired)"),
        ("pairing", s["pairing"]),
        ("dates", dates),
        ("round dates", ", ".join(s["round_dates"]) or "not given"),
        ("city", s["city"]),
        ("federation", s["federation"]),
        ("time control", _clock(s["time_control"])),
        ("chief arbiter", s["chief_arbiter"]),
        ("deputy arbiters", ", ".join(s["deputy_arbiters"])),
        ("rule set", rule_set),
        ("bye policy", s["bye_policy"]),
        ("half-point byes", _half_point_bye_text(s["half_point_bye_limit"])),
        ("points", _points(s["point_system"])),
        (
            "tie-breaks",
            (", ".join(s["tiebreaks"]) or "none")
            + (f" (preset {s['preset']})" if s["preset"] else ""),
        ),
        ("play-off", s["playoff"] or "none"),
        ("variant", _variant_text(s["variant"])),
        ("FIDE mode", s["fide_mode"]["text"]),
        (
            "acceleration",
            "Baku Acceleration (FIDE C.04.5.1)" if s["acceleration"] == "baku" else "",
        ),
        (
            "round order",
            "last two rounds of the first cycle exchanged (C.05 Annex 1)"
            if s["swap_last_two"]
            else "",
        ),
        (
            "team scores",
            f"best {count(s['team_best'], 'score')} of each team count (US Chess 28N)"
            + ("; teammates kept apart" if s["teammates_apart"] else "")
            if s["team_best"] != DEFAULT_BEST or s["teammates_apart"]
            else "",
        ),
        (
            "rating check",
            ""
            if s[CHECK_AFTER_UPDATE]
            else "not after a list update (switched off; 'ratings check' runs on request)",
        ),
        ("US Chess report", _report(s["uschess_report"])),
        (
            "prize fund",
            " / ".join(format_money(a) for a in _amounts(fund)) + f" {fund['currency']}"
            if fund
            else "not set",
        ),
    ]
    width = max(len(label) for label, _ in lines)
    return "".join(f"{label + ':':<{width + 1}} {value}\n" for label, value in lines if value)


_REPORT_WORDS = {
    "affiliate": "affiliate",
    "chief_td": "chief TD",
    "assistant_td": "assistant TD",
    "other_tds": "other TDs",
    "city": "city",
    "state": "state",
    "zip": "ZIP",
    "country": "country",
    "send_crosstable": "send crosstable",
    "grand_prix_points": "Grand Prix points",
}


def _report(header: Mapping[str, Any]) -> str:
    parts = []
    for key, words in _REPORT_WORDS.items():
        value = header.get(key)
        if value:
            shown = ", ".join(value) if isinstance(value, list) else value
            parts.append(f"{words} {shown}")
    return "; ".join(parts)


def _amounts(fund: Mapping[str, Any]) -> list[Decimal]:
    return [money(a) for a in fund["prizes"]]


def _clock(text: str) -> str:
    if not text:
        return "not given"
    try:
        clock = parse_time_control(text)
    except ArbiterError:
        return text  # (a file's own, kept as written: TRF 122, or one an older version saved)
    try:
        us = clock.us()
    except ValueError:  # no US notation for bonuses that differ by period (4/0+0:1)
        return f"FIDE {clock.fide()}"
    return f"{us} (FIDE {clock.fide()})"
