"""FIDE mode means FIDE's rules: which settings leave them (FIDE C.02 checklist, question 43)."""

from __future__ import annotations

from arbiter_app.core.fide_mode import (
    LEAVE_TOKEN,
    FideMode,
    FideModeStatus,
    default_mode,
    leave_by_settings_alert,
    leaving_rules,
    non_fide_tiebreaks,
)
from arbiter_app.core.model import System
from arbiter_app.core.trf.system import pairing_code
from arbiter_app.core.warning_levels import Level


def test_c07_tiebreaks_and_external_values_are_fides_the_34e_family_is_not() -> None:
    fide = ["BH/C1", "BH/M1", "SB", "DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "ARO/C1",
            "TPR", "PTP", "KS", "STD", "TPN", "RTNG", "AOB", "APRO", "APPO", "FB", "LOT", "EXT"]  # fmt: skip
    assert non_fide_tiebreaks(fide) == ()
    us = ["MM", "SOLK", "CUM", "OPPC", "MED", "KASH", "MBL", "RBT"]
    assert non_fide_tiebreaks([*us, "BH"]) == tuple(us)


def test_leaving_rules_names_each_setting_outside_fides_rules() -> None:
    assert leaving_rules({"tiebreaks": ["BH/C1", "SB"], "rule_set": "fide-2026"}) == ()
    assert leaving_rules({"system": "fide-double-swiss", "bye_policy": "fide"}) == ()
    assert leaving_rules({"rule_set": None, "system": "round-robin"}) == ()
    found = leaving_rules(
        {
            "system": "double-swiss",
            "rule_set": "online-swiss",
            "bye_policy": "once-per-tournament",
            "tiebreaks": ["KASH", "SB"],
        }
    )
    assert [d.short for d in found] == [
        "system double-swiss",
        "rule set online-swiss",
        "bye policy once-per-tournament",
        "tie-breaks KASH",
    ]
    assert found[0].words == "the club's double Swiss (not FIDE's Double-Swiss, C.04.5)"


def test_the_question_is_level_4_answered_by_the_leave_token_and_names_the_line() -> None:
    alert = leave_by_settings_alert(3, leaving_rules({"bye_policy": "uscf-28l"}))
    assert alert.level is Level.CONFIRM_CONSEQUENCES and alert.token == LEAVE_TOKEN
    assert alert.question == (
        "Leave FIDE mode after round 3 was paired to use the US Chess bye rule 28L (lowest "
        "rated in the lowest score group)? In FIDE mode the event follows FIDE's rules only, "
        "and it cannot come back to FIDE mode."
    )
    assert any(
        "'### FIDE mode @ Round 3: left after round 3 was paired for bye policy uscf-28l'" in c
        for c in alert.consequences
    )


def test_the_default_mode_is_off_for_settings_outside_fides_rules() -> None:
    outside = leaving_rules({"tiebreaks": ["MM"]})
    mode = default_mode(System.SWISS, imported=False, outside=outside)
    assert mode.status is FideModeStatus.OFF and not mode.left
    assert mode.indicator == (
        "Not in FIDE mode: the event uses tie-breaks FIDE C.07 does not define (MM), outside "
        "FIDE's rules."
    )
    assert FideMode.from_json(mode.to_json()) == mode
    assert default_mode(System.SWISS, imported=False).on
    us = default_mode(System.SWISS, imported=False, us_chess=True, outside=outside)
    assert FideMode.from_json(us.to_json()) == us and us.us_chess


def test_a_swiss_under_us_chess_rules_is_a_custom_swiss_in_record_192() -> None:
    assert pairing_code(System.SWISS) == "FIDE_DUTCH"
    assert pairing_code(System.SWISS, us_chess=True) == "CUSTOM_SWISS"
    assert pairing_code(System.ROUND_ROBIN, us_chess=True) == "FIDE_ROUNDROBIN"
