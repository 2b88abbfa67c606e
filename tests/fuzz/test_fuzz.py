"""Every importer, a few generated inputs each: a value or a typed error, no hang, no write.

The long run (``python -m tests.fuzz.long_run --inputs 100000``) tries the same
targets with many more inputs; this default run keeps to about half a minute.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.fuzz.guard import time_limit
from tests.fuzz.targets import ACCEPTED, TYPED, Target, targets

EXAMPLES = {
    "TRF text": 150,
    "PGN play-off results": 100,
    "CSV player list": 150,
    "CSV bytes": 60,
    "TRF bytes": 80,
    "FIDE rating list": 80,
    ".arbiter file": 60,
    "session import_event (TRF)": 25,
    "session import_players (CSV)": 25,
    "import_players arguments": 15,
    "time control": 150,
    "custom regulation": 100,
    "settings values": 150,
    "command line": 60,
}
SEED = 20261123
"""The default run tries the same inputs every time (the long run draws new ones)."""
LIMIT_SECONDS = 20.0
"""Far above any importer's time on these inputs, even on a loaded machine."""


KNOWN: dict[str, str] = {}
"""Crashes found and not yet fixed, by the importer's owner; the long run still counts them."""


def _marked(target: Target) -> object:
    if target.name in KNOWN:
        return pytest.param(target, marks=pytest.mark.xfail(reason=KNOWN[target.name]))
    return target


@pytest.mark.parametrize("target", [_marked(t) for t in targets()], ids=lambda t: t.name)
def test_importer_answers_with_a_value_or_a_typed_error(target: Target) -> None:
    @settings(
        max_examples=EXAMPLES[target.name],
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @seed(SEED)
    @given(data=st.data())
    def check(data: st.DataObject) -> None:
        given_input: Any = data.draw(target.inputs(), label="input")
        with time_limit(LIMIT_SECONDS):
            assert target.run(given_input) in (ACCEPTED, TYPED)

    check()
