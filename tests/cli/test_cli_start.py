"""The command line starts quickly: a command loads only the module that serves it."""

import subprocess
import sys
from pathlib import Path

from arbiter_app.cli import COMMAND_MODULES, COMMAND_NAMES, build_parser, modules_for

ROOT = Path(__file__).resolve().parents[2]


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    for command, module in COMMAND_NAMES.items():
        assert module in COMMAND_MODULES
        parser = build_parser([command])
        assert command in parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]


def test_help_and_unknown_commands_see_every_command() -> None:
    assert modules_for(["--help"]) == COMMAND_MODULES
    assert modules_for(["frobnicate"]) == COMMAND_MODULES
    assert modules_for(["standings", "x.trf"]) == tuple(
        m for m in COMMAND_MODULES if m == "standings" or m not in set(COMMAND_NAMES.values())
    )


def test_standings_of_a_trf_file_loads_neither_sqlite_nor_the_pairing_engine() -> None:
    code = (
        "import sys\n"
        "from arbiter_app.cli import main\n"
        "main(['standings', 'tests/data/trf/tec-2024.trf', '--tiebreaks', 'BH'])\n"
        "print('LOADED', ' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('sqlite_utils', 'networkx', 'PySide6'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().splitlines()[-1] == "LOADED"
