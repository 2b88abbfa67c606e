"""Later command families register their own commands, keep their rows, and draw lots."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import seeded_toss
from arbiter_app.session import Context, command, load_event, read_event
from arbiter_app.session.commands import VOCABULARY, Command
from arbiter_app.session.replay import replay
from arbiter_app.session.state import Tx
from tests.support.sessions import small_event

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True, kw_only=True)
class Toss(Command):
    """Toss a coin between two players and keep the winner (a stand-in for a play-off step)."""

    NAME: ClassVar[str] = "testfamily.toss"
    FAMILY: ClassVar[str] = "testfamily"

    sides: Sequence[int]

    def draws_lots(self) -> bool:
        return True


@command(Toss)
def toss(tx: Tx, cmd: Toss, ctx: Context) -> int:
    """Keep the winner of the toss."""
    sides = cmd.sides
    for tpn in sides:
        if tx.get("players", (tpn,)) is None:
            raise RuleError(f"no player {tpn}")
    assert ctx.seed is not None
    draw = seeded_toss("colours", sides, ctx.seed)
    tosses = ctx.record("testfamily", "tosses", [])
    ctx.put_record("testfamily", "tosses", [*tosses, {"winner": draw.outcome[0], "at": ctx.time}])
    return draw.outcome[0]


def test_a_family_command_is_journaled_with_its_seed_and_undone(tmp_path: Path) -> None:
    with small_event(tmp_path / "f.arbiter") as session:
        outcome = session.run(Toss(sides=[1, 2]))
        entry = session.journal()[-1]
        assert entry.seed is not None and 0 <= entry.seed < 2**63
        assert outcome.value == seeded_toss("colours", [1, 2], entry.seed).outcome[0]
        assert outcome.changes.families() == {"testfamily"}
        assert not outcome.changes.standings
        record = session.state.tables["records"][("testfamily", "tosses")]
        assert f'"winner":{outcome.value}' in record["value"]
        assert replay(session.journal()) == session.rows
        session.undo()
        assert ("testfamily", "tosses") not in session.state.tables["records"]
        session.redo()
        assert session.state.tables["records"][("testfamily", "tosses")] == record
        assert session.verify() == []
        with pytest.raises(RuleError, match="no player 9"):
            session.run(Toss(sides=[1, 9]))


def test_seeds_differ_between_draws(tmp_path: Path) -> None:
    with small_event(tmp_path / "g.arbiter") as session:
        seeds = set()
        for _ in range(5):
            session.run(Toss(sides=[3, 4]))
            seeds.add(session.journal()[-1].seed)
        assert len(seeds) == 5


def test_names_are_unique_and_undo_redo_are_reserved() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        command(Toss)(lambda tx, cmd, ctx: None)

    @dataclass(frozen=True, kw_only=True)
    class Undo(Command):
        NAME: ClassVar[str] = "undo"

    with pytest.raises(ValueError, match="reserved"):
        command(Undo)(lambda tx, cmd, ctx: None)
    assert "undo" not in VOCABULARY


def test_load_event_reads_without_locking(tmp_path: Path) -> None:
    path = tmp_path / "h.arbiter"
    with small_event(path) as writer:
        event = load_event(path)  # while the writer holds the file
        assert event == writer.event
    assert load_event(path).scores()[1] == 2
    event, settings = read_event(path)
    assert event == load_event(path)
    assert settings.bye_policy == "fide" and settings.tiebreaks == ()


def test_store_and_session_load_no_qt() -> None:
    code = (
        "import sys, arbiter_app.session, arbiter_app.store, arbiter_app.cli\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('PySide6'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""
