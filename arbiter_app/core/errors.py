"""Narrow error types of the rules core.

Parsers collect every problem they find, each with where it is (source,
line, column), and raise one :class:`InputError` that carries them all, so
the arbiter sees every mistake in a file at once (the python-chess way).
Programming errors are not caught and wrapped: they stay ordinary exceptions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Issue:
    """One problem in some input: *line* and *column* are 1-based; 0 when not known."""

    source: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        where = self.source
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        return f"{where}: {self.message}"


class ArbiterError(Exception):
    """Base class of every error Arbiter raises on purpose (bad input, refused action)."""


class InputError(ArbiterError):
    """Input that cannot be read; carries every :class:`Issue` found."""

    def __init__(self, issues: Sequence[Issue]) -> None:
        self.issues = tuple(issues)
        super().__init__("\n".join(str(i) for i in self.issues) or "invalid input")


class RuleError(ArbiterError):
    """An action the regulations do not allow (the message says which rule)."""


class NoPrizeFund(RuleError):
    """The prizes cannot be shared: no prize fund has been announced for the event.

    The reason is neutral; the window and the command line each add where their user
    sets the fund (the Prizes panel; ``arbiter-app prizes FILE --set``)."""

    def __init__(self, where: str = "", *, detail: str = "") -> None:
        reason = "no prize fund has been set" + (f" ({detail})" if detail else "")
        super().__init__(f"{where}: {reason}" if where else reason)


class UnknownTieBreak(ArbiterError):
    """A tie-break code that is not in the catalogue."""


_BOM = b"\xef\xbb\xbf"


def utf8_text(data: bytes, source: str, advice: str = "save the file as UTF-8") -> str:
    """*data* as UTF-8 text (a byte-order mark allowed and dropped), else an
    :class:`InputError` naming the line and column of the first byte that is not UTF-8.

    Every text importer decodes through it: Python reports the position of a bad byte
    after a byte-order mark counted from the end of the mark, which, taken as a
    position in the whole file, once cut a character in two and raised a second
    ``UnicodeDecodeError`` instead of the refusal (issue 27, point 7)."""
    body = data[len(_BOM) :] if data.startswith(_BOM) else data
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = body[: exc.start]
        line = before.count(b"\n") + 1
        # Everything before the bad byte is valid UTF-8: columns count its characters.
        column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise InputError([Issue(source, line, column, f"not UTF-8 text ({advice})")]) from None
