"""Any text at all gives a document or an InputError, never a crash."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_app.core.errors import InputError
from arbiter_app.core.trf import parse_trf
from tests.core.trf.test_samples import SAMPLES

_TEXTS = [p.read_text(encoding="utf-8") for p in SAMPLES]
_CHARS = st.sampled_from([*"0123456789 -+=wbWBDLHFUZX./,\n²٣", "ARB ", "XXC ", "299 "])


@settings(max_examples=120, deadline=None)
@given(
    which=st.integers(0, len(_TEXTS) - 1),
    edits=st.lists(st.tuples(st.floats(0, 1), _CHARS), min_size=1, max_size=6),
)
def test_damaged_files_are_reported_not_crashed_on(
    which: int, edits: list[tuple[float, str]]
) -> None:
    text = _TEXTS[which]
    for where, char in edits:
        at = int(where * (len(text) - 1))
        text = text[:at] + char + text[at + 1 :]
    try:
        parse_trf(text, "damaged.trf")
    except InputError as exc:
        assert exc.issues
        assert all(i.line >= 1 and i.message for i in exc.issues)


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=400))
def test_arbitrary_text(text: str) -> None:
    try:
        parse_trf(text)
    except InputError as exc:
        assert exc.issues
