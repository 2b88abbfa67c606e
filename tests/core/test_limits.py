"""A field's characters: the quick answer for plain ASCII text is the answer of the full
check (core.limits.unsafe_character), and a control character is still found."""

from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from arbiter_app.core.limits import unsafe_character


def first_refused(text: str) -> str | None:
    """The character-by-character check, without the ASCII shortcut."""
    for char in text:
        if char in "\u200c\u200d":
            continue
        if unicodedata.category(char) in {"Cc", "Cf", "Cs", "Zl", "Zp"}:
            return f"U+{ord(char):04X}"
    return None


@given(st.text(alphabet=st.characters(max_codepoint=0x7F)))
def test_ascii_text_is_judged_as_character_by_character(text: str) -> None:
    found = unsafe_character(text)
    expected = first_refused(text)
    assert (found is None) == (expected is None)
    if expected is not None:
        assert found is not None and found.startswith(expected)


def test_plain_names_pass_and_a_tab_or_an_override_does_not() -> None:
    assert unsafe_character("Carlsen, Magnus") is None
    assert unsafe_character("Name\twith tab") == "U+0009 (a control character)"
    assert unsafe_character("Ab\u202ecd") == "U+202E (right-to-left override)"
