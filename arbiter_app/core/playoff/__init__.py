"""The tie-break play-off: regulations as data and a step-by-step engine.

Start with a regulation (:func:`preset` or :func:`custom`), the ties of the
final standings and :class:`PlayoffState`; ask :func:`next_step` what to do,
and :meth:`PlayoffState.apply` each action the arbiter takes.
"""

from typing import TYPE_CHECKING

from arbiter_app.core.lazy import lazy_names

if TYPE_CHECKING:
    from arbiter_app.core.playoff.actions import (
        Action,
        Choose,
        Decide,
        DrawLots,
        Printed,
        Result,
        Ruling,
        Start,
        Toss,
        action_from_json,
        action_to_json,
    )
    from arbiter_app.core.playoff.engine import PlayoffState, next_step
    from arbiter_app.core.playoff.presets import PRESETS, custom, preset
    from arbiter_app.core.playoff.regulation import (
        ColourRule,
        Format,
        Regulation,
        Schedule,
        Stage,
        StageKind,
        StartRule,
    )
    from arbiter_app.core.playoff.steps import (
        DrawnRound,
        FinalGroup,
        GameRecord,
        GameSpec,
        LogEntry,
        Meeting,
        Step,
        Tie,
        TossRecord,
    )

_HOMES: dict[str, tuple[str, ...]] = {
    "actions": (
        "Action",
        "Choose",
        "Decide",
        "DrawLots",
        "Printed",
        "Result",
        "Ruling",
        "Start",
        "Toss",
        "action_from_json",
        "action_to_json",
    ),
    "engine": (
        "PlayoffState",
        "next_step",
    ),
    "presets": (
        "PRESETS",
        "custom",
        "preset",
    ),
    "regulation": (
        "ColourRule",
        "Format",
        "Regulation",
        "Schedule",
        "Stage",
        "StageKind",
        "StartRule",
    ),
    "steps": (
        "DrawnRound",
        "FinalGroup",
        "GameRecord",
        "GameSpec",
        "LogEntry",
        "Meeting",
        "Step",
        "Tie",
        "TossRecord",
    ),
}
"""Where each name of :data:`__all__` lives. A name is imported from its module the first
time it is asked for (PEP 562): importing one module of the package (the standings ask
for one or two) no longer loads them all."""

__all__ = [
    "PRESETS",
    "Action",
    "Choose",
    "ColourRule",
    "Decide",
    "DrawLots",
    "DrawnRound",
    "FinalGroup",
    "Format",
    "GameRecord",
    "GameSpec",
    "LogEntry",
    "Meeting",
    "PlayoffState",
    "Printed",
    "Regulation",
    "Result",
    "Ruling",
    "Schedule",
    "Stage",
    "StageKind",
    "Start",
    "StartRule",
    "Step",
    "Tie",
    "Toss",
    "TossRecord",
    "action_from_json",
    "action_to_json",
    "custom",
    "next_step",
    "preset",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())
