"""Hypothesis strategies that damage good input: text for the text importers, bytes for files.

Structured generation starts from a valid file and applies a few edits of the
kinds real files suffer (lines moved, lost or doubled, a field retyped, line
ends changed, a stray byte-order mark, a paste of something else, a cut-off
end); raw generation gives text or bytes with no structure at all. Each
importer's target mixes both.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st

# Values that break naive parsers: huge and odd numbers, other scripts' digits,
# control characters, quotes, very long runs, text direction marks.
NASTY_TOKENS: tuple[str, ...] = (
    "",
    " ",
    "0",
    "-1",
    "-0",
    "+1",
    "9" * 40,
    "-" + "9" * 25,
    "1e309",
    "NaN",
    "inf",
    "0x1F",
    "1_000",
    "½",
    "٣",
    "²",
    "१२",
    "\x00",
    "\x07",
    "\x1b[31m",
    "\x0b",
    "\x0c",
    "\u2028",
    "\u202e",
    "\ufeff",
    "\ud7ff",
    '"',
    '""',
    "'",
    ";",
    ",",
    "\t",
    "\\",
    "[",
    "]",
    "{",
    "}",
    "%",
    "x" * 5000,
    "1" * 5000,
    "李" * 300,
    "Ω",
    "é",
    "e\u0301",
    "🂡",
    # Huge integers (issue 27): past SQLite's 64 bits, past Python's 4,300 digits of int().
    "18446744073709551616",
    "-9223372036854775809",
    "9" * 25,
    "9" * 4301,
    "1" + "0" * 30,
    # Names with escapes (issue 27): a CSI and an OSC that retitles the terminal, a C1
    # control, a carriage return, a direction isolate.
    "\x1b[2J",
    "\x1b]0;pwned\x07",
    "\x9b31m",
    "\x85",
    "\r",
    "\u2066",
)

MAX_CHARS = 100_000
"""Edits that would make a text longer than this are skipped."""

_LINE_END = re.compile(r"\r\n|\r|\n")


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _join(lines: list[str]) -> str:
    return "\n".join(lines)


any_text = st.text(max_size=200)
"""Unicode text of any kind (surrogates excluded: a decoded file cannot hold them)."""

token = st.one_of(st.sampled_from(NASTY_TOKENS), st.text(max_size=12))

Edit = Callable[[str], str]


def one_of_samples(samples: Sequence[Any]) -> st.SearchStrategy[Any]:
    """One of *samples* (by its index, so that reports do not print every sample)."""
    return st.integers(0, len(samples) - 1).map(lambda i: samples[i])


@st.composite
def _edit(draw: st.DrawFn, separators: str) -> Edit:
    """One edit of a text; *separators* split a line into fields (a space for TRF)."""
    kind = draw(
        st.sampled_from(
            [
                "swap_lines",
                "drop_line",
                "double_line",
                "empty_lines",
                "shuffle",
                "field",
                "overwrite",
                "insert",
                "truncate",
                "crlf",
                "cr",
                "bom",
                "long_line",
                "char",
            ]
        )
    )
    a = draw(st.floats(0, 1, allow_nan=False))
    b = draw(st.floats(0, 1, allow_nan=False))
    piece = draw(token)

    def at(n: int, where: float) -> int:
        return min(n - 1, int(where * n)) if n else 0

    def edit(text: str) -> str:
        lines = _lines(text)
        i, j = at(len(lines), a), at(len(lines), b)
        if kind == "swap_lines":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "drop_line":
            del lines[i]
        elif kind == "double_line":
            lines.insert(i, lines[i])
        elif kind == "empty_lines":
            lines[i:i] = [""] * (1 + j % 4)
        elif kind == "shuffle":
            lo, hi = min(i, j), max(i, j) + 1
            lines[lo:hi] = lines[lo:hi][::-1]
        elif kind == "field":
            parts = re.split(f"([{re.escape(separators)}]+)", lines[i])
            fields = list(range(0, len(parts), 2))
            k = fields[at(len(fields), b)]
            parts[k] = piece
            lines[i] = "".join(parts)
        elif kind == "overwrite":
            line = lines[i]
            col = at(len(line) + 1, b)
            lines[i] = line[:col] + piece + line[col + len(piece) :]
        elif kind == "insert":
            pos = at(len(text) + 1, a)
            return text[:pos] + piece + text[pos:]
        elif kind == "truncate":
            return text[: at(len(text) + 1, a)]
        elif kind == "crlf":
            return _LINE_END.sub("\r\n", text)
        elif kind == "cr":
            return _LINE_END.sub("\r", text)
        elif kind == "bom":
            return "\ufeff" + text
        elif kind == "long_line":
            # A line of some 2,000 to 20,000 characters (not more: the inputs must stay
            # quick to try, and a longer line tests nothing a long one does not).
            line = lines[i] or "x"
            lines[i] = line * max(1, (2_000 + 18_000 * j // max(1, len(lines))) // len(line))
        elif kind == "char":
            pos = at(len(text), a)
            return text[:pos] + piece[:1] + text[pos + 1 :]
        return _join(lines)

    return edit


def damaged_text(samples: Sequence[str], separators: str = " ") -> st.SearchStrategy[str]:
    """A sample with one to eight edits."""

    @st.composite
    def build(draw: st.DrawFn) -> str:
        text = draw(one_of_samples(samples))
        for edit in draw(st.lists(_edit(separators), min_size=1, max_size=8)):
            changed = edit(text)
            if len(changed) <= MAX_CHARS:
                text = changed
        return text

    return build()


def texts(
    samples: Sequence[str], separators: str = " ", alphabet: str = ""
) -> st.SearchStrategy[str]:
    """Mostly damaged samples; some untouched samples, some raw text, some text of the
    format's own characters (which gets further into the parser than random Unicode)."""
    parts = [damaged_text(samples, separators), damaged_text(samples, separators), any_text]
    if alphabet:
        parts.append(st.text(alphabet=alphabet, max_size=400))
    return st.one_of(one_of_samples(samples), *parts)


# -- bytes -------------------------------------------------------------------
@st.composite
def damaged_bytes(draw: st.DrawFn, samples: Sequence[bytes], page: int = 4096) -> bytes:
    """A file's bytes with some damage: truncation, bit flips, a page overwritten,
    a header field changed, random bytes inserted."""
    data = bytearray(draw(one_of_samples(samples)))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(
            st.sampled_from(["truncate", "flip", "flips", "page", "header", "insert", "zero_tail"])
        )
        n = len(data)
        if n == 0:
            break
        if kind == "truncate":
            cut = draw(st.one_of(st.integers(0, n), st.sampled_from([100, page, 2 * page, n - 1])))
            del data[max(0, min(cut, n)) :]
        elif kind in ("flip", "flips"):
            for _ in range(1 if kind == "flip" else draw(st.integers(2, 64))):
                pos = draw(st.integers(0, n - 1))
                data[pos] ^= 1 << draw(st.integers(0, 7))
        elif kind == "page":
            number = draw(st.integers(0, max(0, n // page - 1)))
            fill = draw(st.sampled_from(["zeros", "random", "ones"]))
            chunk = (
                draw(st.binary(min_size=page, max_size=page))
                if fill == "random"
                else bytes([0 if fill == "zeros" else 0xFF]) * page
            )
            data[number * page : (number + 1) * page] = chunk[: n - number * page]
        elif kind == "header":
            # The SQLite header fields Arbiter and SQLite rely on: page size, change
            # counter, page count, schema cookie, user_version, application_id.
            start = draw(st.sampled_from([16, 18, 24, 28, 40, 44, 56, 60, 68, 92, 96]))
            size = 2 if start in (16, 18) else 4
            data[start : start + size] = draw(st.binary(min_size=size, max_size=size))
        elif kind == "insert":
            pos = draw(st.integers(0, n))
            data[pos:pos] = draw(st.binary(min_size=1, max_size=64))
        elif kind == "zero_tail":
            cut = draw(st.integers(0, n))
            data[cut:] = bytes(n - cut)
    return bytes(data)


# -- encodings (issue 27) ------------------------------------------------------
_BAD_SEQUENCES = (
    b"\xff",
    b"\xc3",  # a lead byte with no continuation
    b"\xe2\x82",  # a character cut short
    b"\xc0\x80",  # an overlong NUL
    b"\xed\xa0\x80",  # a surrogate written as UTF-8
    b"\xf8\x88\x80\x80\x80",  # a five-byte form
    b"\x80",  # a continuation byte alone
)


@st.composite
def encoded(draw: st.DrawFn, texts: st.SearchStrategy[str]) -> bytes:
    """A text as a file's bytes, in an encoding a text importer may meet: UTF-8 with or
    without a byte-order mark, with a bad byte (right after the mark too: the issue's
    crash), cut inside a character, UTF-16 with its mark, Latin-1 or Windows-1252."""
    text = draw(texts)
    kind = draw(
        st.sampled_from(
            ["utf-8", "bom", "bom-bad", "bad", "cut", "utf-16", "utf-16-le", "latin-1", "cp1252"]
        )
    )
    if kind in ("utf-16", "utf-16-le", "latin-1", "cp1252"):
        return text.encode(kind, errors="replace")
    data = text.encode("utf-8", errors="surrogatepass")
    if kind == "utf-8":
        return data
    bom = b"\xef\xbb\xbf"
    if kind == "bom":
        return bom + data
    bad = draw(st.sampled_from(_BAD_SEQUENCES))
    if kind == "bom-bad":
        # Often right after the mark, or within the first character or two (where the
        # position Python reports, counted after the mark, once cut a character in two).
        at = draw(st.one_of(st.integers(0, min(len(data), 4)), st.integers(0, min(len(data), 64))))
        return bom + data[:at] + bad + data[at:]
    if kind == "bad":
        at = draw(st.integers(0, len(data)))
        return data[:at] + bad + data[at:]
    # "cut": the file ends inside a character
    return data + "é李🂡".encode()[: draw(st.sampled_from([1, 3, 6]))]
