"""The vocabulary of FIDE mode and of the report's ``###`` lines (FIDE C.02 checklist)."""

from __future__ import annotations

import pytest

from arbiter_app.core.fide_mode import (
    OFF,
    ON,
    FideMode,
    FideModeStatus,
    Pibe,
    PibeKind,
    default_mode,
    in_fide_mode,
    leave_alert,
    pairs_text,
)
from arbiter_app.core.model import System
from arbiter_app.core.warning_levels import Level


@pytest.mark.parametrize("system", list(System))
def test_q56_an_imported_event_is_in_fide_mode_whatever_its_system(system: System) -> None:
    assert default_mode(system, imported=True) == ON


def test_q41_the_double_swiss_is_not_a_fide_system() -> None:
    assert default_mode(System.DOUBLE_SWISS, imported=False) == OFF
    assert OFF.indicator == "Not in FIDE mode: the double Swiss is not a FIDE pairing system."


def test_q218_221_a_warning_outside_fide_mode_is_milder_but_never_off() -> None:
    left = FideMode(FideModeStatus.LEFT, 3)
    for inside in (Level.NOTICE, Level.CONFIRM, Level.CONFIRM_CONSEQUENCES, Level.REFUSED):
        assert in_fide_mode(ON, inside, Level.NOTICE) is inside
    for outside in Level:
        assert in_fide_mode(left, Level.REFUSED, outside) >= Level.NOTICE


def test_q43_the_leave_question_states_its_consequences_and_has_a_token() -> None:
    alert = leave_alert(2)
    assert alert.level is Level.CONFIRM_CONSEQUENCES
    assert alert.token and len(alert.consequences) == 3
    assert "### FIDE mode @ Round 2: left after round 2 was paired" in alert.consequences[1]


def test_q112_the_lines_follow_the_tec_forms() -> None:
    assert Pibe(PibeKind.MPA, 3, "1-4 => 1-2").trf_line() == "### MPA @ Round 3: 1-4 => 1-2"
    assert Pibe(PibeKind.CORRECTION, 2, "x").trf_line() == "### Correction @ Round 2: x"
    assert Pibe(PibeKind.CONFIGURATION, 4, "y").trf_line() == "### Configuration @ Round 4: y"
    assert pairs_text([(1, 4), (2, 3)], 5) == "1-4 2-3 5=PAB"
    line = Pibe(PibeKind.IMPORT, 1, "z")
    assert Pibe.from_json(line.to_json()) == line
    assert FideMode.from_json(FideMode(FideModeStatus.LEFT, 0).to_json()).left


def test_an_event_under_the_us_chess_rules_starts_outside_fide_mode() -> None:
    """A US Chess event's Swiss is paired by US Chess rules 27-29, which FIDE does not
    verify (C.02): off by default, with its own indicator; a TRF import stays on."""
    from arbiter_app.core.fide_mode import FideModeStatus, default_mode
    from arbiter_app.core.model import System

    mode = default_mode(System.SWISS, imported=False, us_chess=True)
    assert mode.status is FideModeStatus.OFF
    assert mode.indicator == (
        "Not in FIDE mode: the event runs under the US Chess rules (its Swiss rounds are "
        "paired by rules 27-29), which FIDE does not verify."
    )
    assert default_mode(System.SWISS, imported=True, us_chess=True).status is FideModeStatus.ON
