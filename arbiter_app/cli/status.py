"""``arbiter-app status FILE [--json]``: where the tournament stands.

Prints the event's state as the core reads it (every view and command asks
the same read model): registration, a round in progress with the boards still
without a result, a round complete, or final; which round the standings are
after; how the pairing numbers were given and whether they are fixed; whether
the next round can be paired; and the play-off (why it cannot start yet, ready,
under way, over, or no longer matching the standings).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from arbiter_app.core.event_state import EventState
from arbiter_app.core.fide_mode import FideMode
from arbiter_app.core.model import System
from arbiter_app.core.playoff.gate import PlayoffStatus
from arbiter_app.core.words import count
from arbiter_app.sheets.source import ARBITER_SUFFIX, load

_PLAYOFF_NEXT = {
    PlayoffStatus.READY: "arbiter-app playoff start FILE",
    PlayoffStatus.STARTED: "arbiter-app playoff next FILE",
    PlayoffStatus.STALE: "arbiter-app playoff restart FILE --confirm",
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "status",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, help="the tournament file (.arbiter) or a TRF file (.trf)")
    p.add_argument("--json", action="store_true", help="print the state as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not getattr(args, "section", None) and args.file.suffix.lower() == ARBITER_SUFFIX:
        every = _every_section(args.file, bool(args.json))
        if every is not None:
            print(every)
            return 0
    src = load(args.file)
    state = src.event_state
    if args.json:
        data = {
            "event": src.event.name,
            "system": src.event.system.value,
            **state.to_json(),
            "fide_mode": {**src.fide_mode.to_json(), "text": _fide_mode(src.fide_mode)},
            "report_log": [p.trf_line() for p in src.pibes],
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    print(render(src.event.name, src.event.system, state, getattr(args, "section", None)))
    if src.fide_mode.indicator:
        print(src.fide_mode.indicator)
    if src.pibes:
        count = len(src.pibes)
        print(f"Report log ({count} line{'' if count == 1 else 's'}, written to the TRF):")
        for pibe in src.pibes:
            print(f"  {pibe.trf_line()}")
    return 0


def _fide_mode(mode: FideMode) -> str:
    return mode.indicator or "In FIDE mode (FIDE C.02)."


def _every_section(path: Path, as_json: bool) -> str | None:
    """Every section's state, one after the other, when the event has several (None: one)."""
    from arbiter_app.session import Session

    with Session.open(path, readonly=True) as session:
        if not session.several_sections:
            return None
        parts: list[str] = []
        data: list[dict[str, object]] = []
        for section in session.sections:
            with session.selected(section.number):
                event, state = session.event, session.event_state
            if as_json:
                data.append(
                    {"event": event.name, "section": section.name, "system": event.system.value}
                    | state.to_json()
                )
            else:
                parts.append(render(event.name, event.system, state, section.name))
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=2)
    return "\n\n".join(parts)


def render(name: str, system: System, state: EventState, section: str | None = None) -> str:
    """The state as the lines ``arbiter-app status`` prints (the commands it suggests name
    *section* when the event has several)."""
    where = f' --section "{section}"' if section else ""
    lines = [
        f"{name or 'Event'} ({system.words}, {count(system.rounds_in(state.planned), 'round')}, "
        f"{count(state.players, 'player')})",
        f"{state.text}.",
        f"Standings: {_standings(state)}",
        state.numbering_text,
        "Next round: "
        + (state.pairing_refusal or f"can be paired (arbiter-app pair FILE{where})."),
    ]
    if state.setup_warning:
        lines.append(f"Warning: {state.setup_warning}")
    if state.playoff.status is not PlayoffStatus.NONE:
        line = f"Play-off: {state.playoff.reason}"
        hint = _PLAYOFF_NEXT.get(state.playoff.status)
        hint = hint and hint.replace(" FILE", f" FILE{where}")
        lines.append(line + (f"\n  next: {hint}" if hint else ""))
    return "\n".join(lines)


def _standings(state: EventState) -> str:
    if state.final:
        return "final."
    system = state.system
    after = (
        "before round 1"
        if state.standings_round == 0
        else f"after {system.through_name(state.standings_round)}"
    )
    current = state.provisional_round
    if current is None:
        return f"{after}."
    return (
        f"{after}; --provisional shows {system.through_name(current)} as it stands, "
        "unfinished games pending."
    )
