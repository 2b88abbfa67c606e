"""Fuzz targets for the small parsers: time controls, custom regulations, settings values.

Each is read and then *shown* (issue 13: a clock the parser accepted crashed when it
was printed), so the property covers every place a read value is turned back into
words: a time control's US and FIDE forms and its longest duration; a regulation's
C.07 article 3.1 parameters, its clocks and its JSON; a setting as stored.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import strategies as st

from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.playoff import PRESETS, Regulation
from arbiter_app.core.timecontrol import parse
from arbiter_app.session.event_commands import SETTINGS, check_setting
from tests.fuzz import mutations

ACCEPTED = "accepted"
TYPED = "typed"

# -- time controls ---------------------------------------------------------------
CLOCKS = (
    "G/90+30",
    "G/90;+30",
    "G/45 d5",
    "40/90, SD/30 d5",
    "G/5 d0",
    "White G/5, Black G/4, +2 from move 61",
    "5400+30",
    "40/5400+30:1800+30",
    "40/5400:1800+30",
    "W300-B240",
    "W300+2@61-B240+2@61",
    "W5-B4+5",
    "600+5",
)


def clock_inputs() -> st.SearchStrategy[str]:
    return mutations.texts(CLOCKS, " /:+-,;", alphabet="GSDWBgsdwb/:+-@,; 0123456789")


def run_clock(text: str) -> str:
    try:
        clock = parse(text)
    except InputError as exc:
        if not exc.issues:
            raise AssertionError("an InputError without issues") from exc
        return TYPED
    str(clock)
    clock.fide()
    clock.longest()
    # Documented: US notation has no word for some clocks (str() showed FIDE's form).
    with contextlib.suppress(ValueError):
        clock.us()
    return ACCEPTED


# -- custom regulations (JSON) -------------------------------------------------------
_JSON_VALUE = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=20),
        st.sampled_from(CLOCKS),
        st.sampled_from(["round-robin", "armageddon-knockout", "head-to-head", "lots", "toss"]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (keys of objects, indices of lists)."""
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, head: _replaced(value[head], rest, new)}
    copy = list(value)
    copy[head] = _replaced(copy[head], rest, new)
    return copy


@st.composite
def regulation_inputs(draw: st.DrawFn) -> Any:
    """A preset's JSON with one to four values replaced or keys removed, or any JSON."""
    if draw(st.integers(0, 9)) == 0:
        return draw(_JSON_VALUE)
    data: Any = PRESETS[draw(st.sampled_from(sorted(PRESETS)))].to_json()
    for _ in range(draw(st.integers(1, 4))):
        path = draw(st.sampled_from(_paths(data)))
        if path and draw(st.integers(0, 4)) == 0:
            container = data
            for step in path[:-1]:
                container = container[step]
            if isinstance(container, dict):
                del container[path[-1]]  # a field left out
                continue
        data = _replaced(data, path, draw(_JSON_VALUE))
    return json.loads(json.dumps(data))


def run_regulation(data: Any) -> str:
    try:
        if not isinstance(data, dict):
            raise InputError([])  # the session refuses a regulation that is not an object
        regulation = Regulation.from_json(data)
    except InputError:
        return TYPED
    regulation.c07_parameters()
    for stage in regulation.stages:
        for fmt in stage.formats:
            if fmt.time_control:
                str(fmt.clock)
    again = Regulation.from_json(json.loads(json.dumps(regulation.to_json())))
    if again != regulation:
        raise AssertionError("a regulation does not read back as written")
    return ACCEPTED


# -- settings values ---------------------------------------------------------------
def settings_inputs() -> st.SearchStrategy[tuple[str, Any]]:
    return st.tuples(st.sampled_from(SETTINGS), _JSON_VALUE)


def run_setting(given: tuple[str, Any]) -> str:
    key, value = given
    try:
        stored = check_setting(key, value, paired=0, system="swiss", info={"name": "E"})
    except ArbiterError:
        return TYPED
    json.dumps(stored)  # what is stored must be JSON (the settings table holds JSON)
    return ACCEPTED
