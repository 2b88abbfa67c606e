"""One vocabulary of actions: every command is a typed value, and its journal entry reads
back as the same value (DESIGN section 1, "Commands")."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

import arbiter_app.session  # noqa: F401 - registers every command family
from arbiter_app.session.commands import (
    UNSET,
    VOCABULARY,
    AddPlayer,
    CommandError,
    EnterResult,
    RuleOnTie,
    decode,
)
from arbiter_app.session.registry import REGISTRY
from arbiter_app.session.replay import CONFIRM, SECTION

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "arbiter_app"
OLD_JOURNALS = ROOT / "tests" / "data" / "journals" / "before-typed-commands.jsonl"


def test_every_command_class_has_one_implementation_and_back() -> None:
    assert set(VOCABULARY) == set(REGISTRY)
    for name, cls in VOCABULARY.items():
        assert REGISTRY[name].cls is cls
        assert cls.__doc__, f"{cls.__name__} says what the action is"


def test_a_value_is_written_as_the_fields_given_and_read_back_the_same() -> None:
    result = EnterResult(round=3, board=2, result="1-0")
    assert result.arguments() == {"round": 3, "board": 2, "result": "1-0"}
    assert decode("enter_result", result.arguments()) == result
    # A field left out is no key at all (what earlier versions wrote for the same action).
    player = AddPlayer(name="Ann", rating=2200)
    assert player.arguments() == {"name": "Ann", "rating": 2200}
    assert player.club is UNSET and decode("add_player", player.arguments()) == player
    # ``break`` is a Python keyword: the field is *broken*, the journal's key stays ``break``.
    ruling = RuleOnTie(players=[1, 2], broken=True, reason="r")
    assert ruling.arguments() == {"players": [1, 2], "break": True, "reason": "r"}
    assert decode("playoff.ruling", ruling.arguments()) == ruling


def test_an_entry_no_command_can_be_is_refused_by_name() -> None:
    with pytest.raises(CommandError, match="unknown command 'teleport'"):
        decode("teleport", {})
    with pytest.raises(CommandError, match="unknown argument colour"):
        decode("enter_result", {"round": 1, "board": 1, "result": "1-0", "colour": "w"})
    with pytest.raises(CommandError, match="unknown player field nickname"):
        decode("add_player", {"name": "Ann", "nickname": "A"})
    with pytest.raises(CommandError, match="unknown setting colours"):
        decode("edit_settings", {"colours": 2})


def _journal_entries() -> list[dict[str, Any]]:
    return [json.loads(line) for line in OLD_JOURNALS.read_text(encoding="utf-8").splitlines()]


def test_journals_written_before_typed_commands_read_back_unchanged() -> None:
    """Every entry a file written by the version before typed commands holds (a sample of
    each command and each shape of its arguments, recorded from that version's own test
    runs) decodes into a command value that writes exactly the same arguments."""
    entries = _journal_entries()
    seen = {e["command"] for e in entries}
    # Every command but the one that is always refused (FIDE C.02: a left FIDE mode is
    # never entered again, and no other event can enter it), so never journaled.
    assert seen == set(VOCABULARY) - {"testfamily.toss", "enter_fide_mode"} - set(ADDED_SINCE)
    for entry in entries:
        own = {k: v for k, v in entry["arguments"].items() if k not in (CONFIRM, SECTION)}
        value = decode(entry["command"], own)
        assert json.loads(json.dumps(value.arguments())) == own, entry


ADDED_SINCE: dict[str, list[dict[str, Any]]] = {
    "check_in": [{"players": [1, 4], "present": True}, {"players": [4], "present": False}],
    "mark_absent": [
        {"round": 3, "players": [2, 5]},
        {"round": 3, "players": [5], "absent": False},
    ],
    "requested_byes": [
        {"tpn": 2, "rounds": [3, 4, 5], "kind": "half"},
        {"tpn": 2, "rounds": [4], "kind": "none"},
    ],
    "correct_result_for_rating": [
        {"round": 2, "board": 1, "result": "0-1", "reason": "scoresheets signed 0-1"},
        {"round": 2, "board": 1, "result": "1-0", "reason": ""},
    ],
    "apply_list_ratings": [
        {"ratings": [{"tpn": 3, "rating": 2250, "rating_source": "fide:standard:2026-11"}]},
        {
            "ratings": [{"tpn": 4, "rating": None, "rating_source": "fide:rapid:2026-12"}],
            "from_round": 3,
        },
    ],
    "draw_chess960_position": [
        {"round": 1},
        {"round": 2, "number": 518, "witnesses": ["J. Ortiz"]},
        {"number": 7},
        {},
    ],
    "remove_player": [{"tpn": 7}],
}
"""Commands added after typed commands, with every shape of their arguments."""


def test_commands_added_since_read_back_unchanged() -> None:
    for name, shapes in ADDED_SINCE.items():
        assert name in VOCABULARY
        for arguments in shapes:
            value = decode(name, arguments)
            assert json.loads(json.dumps(value.arguments())) == arguments
    # A late entry's rounds chosen one by one is a key the earlier entries never have.
    late = {"name": "Ivy", "missed_rounds": ["zero-bye", "half-bye"]}
    assert decode("late_entry", late).arguments() == late


def _string_named_calls(path: Path) -> list[str]:
    """Calls in *path* that name a command by a string: ``run("…")``, ``_ran("…")``, or
    the journal's decoding used to build an action."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        first = node.args[0] if node.args else None
        named = isinstance(first, ast.Constant | ast.JoinedStr) and (
            not isinstance(first, ast.Constant) or isinstance(first.value, str)
        )
        bare = isinstance(func, ast.Name)
        if (called in ("run", "_ran", "run_command") and named) or (
            bare and called in ("decode", "decode_as", "lookup")
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:60]}")
    return found


def test_no_command_is_called_by_a_string_name_outside_the_session() -> None:
    outside = [
        p for p in PACKAGE.rglob("*.py") if "session" not in p.relative_to(PACKAGE).parts[:1]
    ]
    assert len(outside) > 100
    found = [line for path in outside for line in _string_named_calls(path)]
    assert found == []
