"""The play-off and pairing packages hand out their names on first use (PEP 562), so that
the standings of an event without a play-off load neither engine; every name is still there."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("package", ["arbiter_app.core.pairing", "arbiter_app.core.playoff"])
def test_every_name_of_the_package_comes_from_the_module_it_names(package: str) -> None:
    module = importlib.import_module(package)
    homes: dict[str, tuple[str, ...]] = module._HOMES
    assert sorted(n for names in homes.values() for n in names) == sorted(module.__all__)
    for home, names in homes.items():
        source = importlib.import_module(f"{package}.{home}")
        for name in names:
            assert getattr(module, name) is getattr(source, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        module.nothing_here  # noqa: B018


def test_the_standings_of_a_trf_file_load_neither_the_play_off_nor_the_pairing_engine() -> None:
    code = (
        "import io, sys, contextlib\n"
        "from arbiter_app.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['standings', 'tests/data/trf/tec-2024.trf', '--tiebreaks', 'BH,SB'])\n"
        "print(*sorted(sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    loaded = set(out.stdout.split())
    assert "arbiter_app.core.standings" in loaded
    engines = {
        "arbiter_app.core.playoff.engine",
        "arbiter_app.core.playoff.progress",
        "arbiter_app.core.playoff.presets",
        "arbiter_app.core.pairing.swiss",
        "arbiter_app.core.pairing.berger",
        "arbiter_app.core.pairing.manual",
    }
    assert loaded & engines == set()
