"""The tie-break play-off: regulations as data and a step-by-step engine.

Start with a regulation (:func:`preset` or :func:`custom`), the ties of the
final standings and :class:`PlayoffState`; ask :func:`next_step` what to do,
and :meth:`PlayoffState.apply` each action the arbiter takes.
"""

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
