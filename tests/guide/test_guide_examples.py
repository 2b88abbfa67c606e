"""The user guide (resources/guide) cannot drift from the code.

Every ``console`` block of a guide page is run, in order, in a fresh folder that
holds a copy of ``resources/guide/examples``; every ``json`` block marked
``<!-- file: NAME -->`` is written there first, and a block that is a play-off
regulation must load. A line ``$ arbiter-app …`` is a command; the lines after
it, up to the next command, are its output as printed (stdout and stderr
together). In the shown output a line that is only ``⋯`` stands for any number
of lines left out, and ``⋯`` inside a line for any text (timestamps, seeds).
A command whose shown output has an ``arbiter-app:`` error line must fail
(exit status 2); a ``check`` whose output ends with its count of findings must
exit with status 1 (the file differs from the rules); every other command
must succeed.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.playoff.regulation import Regulation

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "resources" / "guide"
PAGES = sorted(p.name for p in GUIDE.glob("*.md"))
ELLIPSIS = "⋯"

_FENCE = re.compile(r"^```(\w*)\s*$")
_FILE_MARK = re.compile(r"^<!--\s*file:\s*(\S+)\s*-->\s*$")


@dataclass
class Command:
    line: int
    argv: list[str]
    expected: list[str] = field(default_factory=list)


@dataclass
class Page:
    commands: list[Command] = field(default_factory=list)
    files: dict[str, str] = field(default_factory=dict)
    json_blocks: list[tuple[int, str]] = field(default_factory=list)


def read_page(path: Path) -> Page:
    """The commands, shown outputs and JSON blocks of one guide page, in order."""
    page = Page()
    lines = path.read_text("utf-8").splitlines()
    i = 0
    pending_file: str | None = None
    while i < len(lines):
        mark = _FILE_MARK.match(lines[i])
        if mark:
            pending_file = mark.group(1)
            i += 1
            continue
        fence = _FENCE.match(lines[i])
        if not fence or not fence.group(1):
            if lines[i].strip():
                pending_file = None
            i += 1
            continue
        kind, start = fence.group(1), i + 1
        end = start
        while end < len(lines) and lines[end].rstrip() != "```":
            end += 1
        body = lines[start:end]
        if kind == "json":
            text = "\n".join(body) + "\n"
            page.json_blocks.append((start + 1, text))
            if pending_file:
                page.files[pending_file] = text
        elif kind == "console":
            for offset, text in enumerate(body):
                if text.startswith("$ "):
                    words = shlex.split(text[2:])
                    assert words[0] == "arbiter-app", f"{path.name}:{start + offset + 1}: {text}"
                    page.commands.append(Command(start + offset + 1, words[1:]))
                else:
                    assert page.commands, (
                        f"{path.name}:{start + offset + 1}: output before a command"
                    )
                    page.commands[-1].expected.append(text.rstrip())
        pending_file = None
        i = end + 1
    return page


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether *actual* is *expected* with each ``⋯`` filled in."""
    parts = []
    for line in expected:
        if line.strip() == ELLIPSIS:
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(p) for p in line.split(ELLIPSIS)) + r"\n")
    pattern = "".join(parts)
    return re.fullmatch(pattern, "".join(a + "\n" for a in actual)) is not None


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(argv)
    out, err = capsys.readouterr()
    lines = [t.rstrip() for t in (out + err).splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return code, lines


def test_the_guide_has_every_page() -> None:
    for name in (
        "index.md",
        "desktop.md",
        "tiebreaks.md",
        "rule-sets.md",
        "byes.md",
        "playoffs.md",
        "custom-regulation.md",
        "prizes.md",
        "walkthrough.md",
        "checker.md",
    ):
        assert name in PAGES


def test_every_tiebreak_code_is_documented() -> None:
    """tiebreaks.md lists every code of the catalogue, with the article the code cites."""
    from arbiter_app.core.tiebreaks.base import REGISTRY

    text = (GUIDE / "tiebreaks.md").read_text("utf-8")
    for code in REGISTRY:
        assert f"`{code}`" in text, f"tie-break {code} is not in the guide"


def test_every_preset_is_documented() -> None:
    from arbiter_app.core.playoff.presets import PRESETS as REGULATIONS
    from arbiter_app.core.presets import PRESETS

    text = (GUIDE / "tiebreaks.md").read_text("utf-8") + (GUIDE / "playoffs.md").read_text("utf-8")
    for name in [*PRESETS, *REGULATIONS]:
        assert f"`{name}`" in text, f"preset {name} is not in the guide"


@pytest.mark.parametrize("name", PAGES)
def test_json_examples_load(name: str) -> None:
    for line, text in read_page(GUIDE / name).json_blocks:
        data = json.loads(text)
        if "stages" in data:
            Regulation.from_json(data)  # a regulation that does not load fails here
        else:
            pytest.fail(f"{name}:{line}: a JSON block that is not a play-off regulation")


@pytest.mark.parametrize("name", PAGES)
def test_commands_run_as_shown(
    name: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    page = read_page(GUIDE / name)
    shutil.copytree(GUIDE / "examples", tmp_path / "examples")
    for file_name, text in page.files.items():
        (tmp_path / file_name).write_text(text, "utf-8")
    monkeypatch.chdir(tmp_path)
    for command in page.commands:
        code, actual = run(command.argv, capsys)
        where = f"{name}:{command.line}: arbiter-app {shlex.join(command.argv)}"
        fails = any(t.startswith("arbiter-app: ") for t in command.expected)
        differs = command.argv[0] == "check" and any(
            re.match(r"^\d+ findings? ", t) for t in command.expected
        )
        wanted = 2 if fails else 1 if differs else 0
        assert code == wanted, f"{where}: exit status {code}\n" + "\n".join(actual)
        assert matches(command.expected, actual), (
            f"{where}: the output differs from the guide\n--- guide\n"
            + "\n".join(command.expected)
            + "\n--- actual\n"
            + "\n".join(actual)
        )


def test_longest_games_table() -> None:
    """playoffs.md: the table of longest games agrees with the time-control module."""
    from datetime import timedelta

    from arbiter_app.core.timecontrol import parse

    text = (GUIDE / "playoffs.md").read_text("utf-8")
    table = text.split("<!-- longest games -->", 1)[1].split("\n\n", 1)[0]
    rows = re.findall(r"^\| `([^`]+)` \| (\d+) \|$", table, re.M)
    assert len(rows) >= 5
    for clock, minutes in rows:
        assert parse(clock).longest() == timedelta(minutes=int(minutes)), clock
