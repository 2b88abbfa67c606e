"""The command line starts quickly: a command loads only the module that serves it, and
``--version`` or ``--help`` none of them."""

import argparse
import gc
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.cli import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parents[2]

HEAVY = ("arbiter_app.session", "arbiter_app.core", "arbiter_app.store", "PySide6", "gacrux")
"""What ``--version`` and ``--help`` must not load: the session package (and SQLite through it),
the rules core with the play-off engine, Qt and the pairing engine."""


IMPORTED = (
    "import runpy, sys\n"
    "sys.argv = ['arbiter-app', *sys.argv[1:]]\n"
    "try:\n"
    "    runpy.run_module('arbiter_app', run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "print('IMPORTED', *sorted(sys.modules))\n"
)
"""Run ``python -m arbiter_app ARGS`` and print every module loaded by then (``sys.modules``
sees the modules ``importlib.import_module`` loads, which ``-X importtime`` does not list)."""


def _imported(*args: str) -> list[str]:
    """The modules a fresh ``python -m arbiter_app ARGS`` has loaded when it exits."""
    out = subprocess.run(
        [sys.executable, "-c", IMPORTED, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.startswith(("arbiter-app", "usage: arbiter-app"))
    return out.stdout.splitlines()[-1].split()[1:]


@pytest.mark.parametrize("option", ["--version", "--help"])
def test_version_and_help_import_no_command_and_no_heavy_package(option: str) -> None:
    modules = _imported(option)
    assert "arbiter_app.cli" in modules  # the reading of -X importtime works
    heavy = [m for m in modules if m.startswith(HEAVY)]
    commands = [m for m in modules if m.startswith("arbiter_app.cli.")]
    assert heavy == [] and commands == []


def test_a_command_imports_its_own_module_only() -> None:
    modules = _imported("standings", "--help")
    commands = {m for m in modules if m.startswith("arbiter_app.cli.")}
    assert commands == {"arbiter_app.cli.standings", "arbiter_app.cli.section_option"}
    assert not [m for m in modules if m.startswith(("arbiter_app.session", "PySide6"))]


def test_every_command_is_registered_by_the_module_the_table_names() -> None:
    for module_name in sorted({c.module for c in COMMANDS.values()}):
        module = importlib.import_module(f"arbiter_app.cli.{module_name}")
        scratch = argparse.ArgumentParser(prog="arbiter-app").add_subparsers()
        module.register(scratch)
        named = {name for name, c in COMMANDS.items() if c.module == module_name}
        assert set(scratch.choices) == named, module_name


def test_a_command_is_parsed_with_its_own_options_and_the_section_option() -> None:
    args = build_parser().parse_args(["standings", "x.trf", "--tiebreaks", "BH", "--section", "A"])
    assert (args.command, args.file, args.tiebreaks, args.section) == (
        "standings",
        "x.trf",
        "BH",
        "A",
    )
    assert callable(args.handler)
    # A command on the file as a whole takes no --section (cli.section_option).
    with pytest.raises(SystemExit):
        build_parser().parse_args(["verify", "x.arbiter", "--section", "A"])


def test_help_lists_every_command_with_its_summary(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for name, command in COMMANDS.items():
        assert f"{name} {' '.join(command.summary.split())}" in shown


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


def test_a_command_that_reads_and_answers_runs_without_the_cycle_collector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Reading 10,000 players makes millions of objects the collector would walk again and
    again; it is paused for the command and on again for a caller that goes on."""
    from arbiter_app.cli import READ_AND_ANSWER, main
    from arbiter_app.cli import standings as standings_command

    assert "standings" in READ_AND_ANSWER and "result" not in READ_AND_ANSWER
    seen: list[bool] = []

    def handler(args: argparse.Namespace) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(standings_command, "run", handler)
    assert gc.isenabled()
    assert main(["standings", "x.trf"]) == 0
    assert seen == [False] and gc.isenabled()
