"""``arbiter-app check FILE --engine own``: the rounds paired again by Arbiter's engine, the one
an import compares its rounds with (FIDE C.02, question 54), with the findings gacrux gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from tests.support.real_trf import REAL

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "guide" / "examples"


def _findings(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, list[object]]:
    assert main(["check", *argv, "--json"]) == 1  # the file differs from the rules
    report = json.loads(capsys.readouterr().out)
    return report["engine"], report["findings"]


@pytest.mark.parametrize(
    "source", [EXAMPLES / "jaen-2024.trf", REAL / "tbs-held-swiss-9.trf"], ids=lambda p: p.name
)
def test_arbiter_s_engine_finds_what_gacrux_finds(
    source: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    engine, theirs = _findings(capsys, str(source))
    own, ours = _findings(capsys, str(source), "--engine", "own")
    assert engine == "FIDE Dutch system (C.04.3) by gacrux"
    assert own == "FIDE Dutch system (C.04.3) by Arbiter"
    assert ours == theirs and ours


def test_an_unknown_engine_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["check", str(EXAMPLES / "jaen-2024.trf"), "--engine", "uschess"])
    assert exit_.value.code == 2
    assert "invalid choice: 'uschess'" in capsys.readouterr().err
