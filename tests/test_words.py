"""What users read: the regulation and its article, never our internal document names; counts
and sentences as an arbiter says them ("1 player", never "1 players", "game(s)" or ". .")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from arbiter_app.core.words import count, noun_for, plural, sentence

ROOT = Path(__file__).resolve().parent.parent
_INTERNAL = re.compile(r"seed 00\d|00[0-2]_[0-9a-f…]", re.IGNORECASE)


def test_no_internal_document_names_in_the_program_or_its_resources() -> None:
    found = []
    for folder in ("arbiter_app", "resources"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in {".py", ".md", ".txt", ".json", ".html", ".css", ".trf"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _INTERNAL.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


# -- counts and sentences -------------------------------------------------------------------

_MAYBE_PLURAL = re.compile(r"\w\(s\)")
_EMPTY_SENTENCE = re.compile(r"\.\s+\.")
# A lower-case word after a full stop, except after the abbreviations messages use.
_LOWER_AFTER_STOP = re.compile(
    r"(?<!\be\.g)(?<!\bi\.e)(?<!\bNo)(?<!\bno)(?<!\bart)(?<!\bvs)(?<!\bcf)(?<!\betc)"
    r"(?<![.\w]\.\w)(?<!\.\.)\. [a-z]"
)
# A number put straight before a plural noun: "{n} players" reads "1 players" when n is 1.
_COUNTED = re.compile(
    r"^ (players|games|boards|rounds|byes|points|results|entries|prizes|places|pages|minutes|"
    r"problems|rules|tie-breaks|cycles|rows|columns|tables|moves|slips|draws|witnesses)\b"
)
_NOT_A_COUNT = {
    # (file, the expression before the noun): a name, not a number.
    ("arbiter_app/core/category_prizes.py", "lst.name"),
    ("arbiter_app/core/playoff/regulation.py", "who"),  # a range such as "2-3" (1 is said apart)
}


def _user_strings() -> list[tuple[str, int, ast.AST]]:
    """Every string literal and f-string of the program that is not a docstring."""
    out: list[tuple[str, int, ast.AST]] = []
    for path in sorted((ROOT / "arbiter_app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        name = path.relative_to(ROOT).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Constant, ast.JoinedStr)) and id(node) not in docstrings:
                out.append((name, getattr(node, "lineno", 0), node))
    return out


def test_no_message_says_s_in_brackets_an_empty_sentence_or_lower_case_after_a_full_stop() -> None:
    found = []
    for name, line, node in _user_strings():
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        for pattern in (_MAYBE_PLURAL, _EMPTY_SENTENCE, _LOWER_AFTER_STOP):
            if pattern.search(node.value):
                found.append(f"{name}:{line}: {node.value[:80]!r}")
    assert found == []


def test_no_number_goes_straight_before_a_plural_noun() -> None:
    """``f"{n} players"`` says "1 players" when n is 1: counts go through words.count."""
    found = []
    for name, line, node in _user_strings():
        if not isinstance(node, ast.JoinedStr):
            continue
        for before, after in zip(node.values, node.values[1:], strict=False):
            if (
                isinstance(before, ast.FormattedValue)
                and isinstance(after, ast.Constant)
                and _COUNTED.match(str(after.value))
                and (name, ast.unparse(before.value)) not in _NOT_A_COUNT
            ):
                found.append(f"{name}:{line}: {ast.unparse(node)[:90]}")
    assert found == []


@pytest.mark.parametrize(
    ("n", "noun", "said"),
    [
        (1, "player", "1 player"),
        (0, "player", "0 players"),
        (2, "board", "2 boards"),
        (1, "entry", "1 entry"),
        (3, "entry", "3 entries"),
        (2, "match", "2 matches"),
        (2, "pairing-allocated bye", "2 pairing-allocated byes"),
        (2, "day", "2 days"),
    ],
)
def test_count_says_one_and_many(n: int, noun: str, said: str) -> None:
    assert count(n, noun) == said


def test_count_with_thousands_and_nouns_without_a_number() -> None:
    assert count(1_310_000, "player", thousands=True) == "1,310,000 players"
    assert noun_for(1, "setting") == "setting"
    assert noun_for(2, "setting") == "settings"
    assert plural("game column") == "game columns"


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("round 3 is not paired yet", "Round 3 is not paired yet."),
        ("Already a sentence.", "Already a sentence."),
        ("is it? ", "Is it?"),
        ("the rules (FIDE C.04.3 article 5.2)", "The rules (FIDE C.04.3 article 5.2)."),
        ("", ""),
    ],
)
def test_a_refusal_shown_alone_is_a_sentence(text: str, said: str) -> None:
    assert sentence(text) == said
