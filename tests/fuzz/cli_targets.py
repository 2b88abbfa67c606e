"""The command line as a fuzz target: any command, any arguments, any file contents.

An input is a command line drawn from templates of every command (its options with
generated values) whose files hold generated contents: TRF text, CSV lists, PGN
games, regulation JSON, and tournament files (good ones, damaged ones, another
program's databases). The property is the one issue 13 asks of every command line
path: the exit status is 0, 1 (``verify`` or ``pair -c`` found a problem) or 2 (a
refusal, said on standard error), and never a traceback.

Printing a PDF is left out: a sheet takes a tenth of a second to lay out, and the
sheets read what the other commands read (tests/cli covers each sheet).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from typing import Any

from hypothesis import strategies as st

from arbiter_app.cli import main
from tests.fuzz import mutations
from tests.fuzz import targets as t
from tests.fuzz import value_targets as v

ACCEPTED = "accepted"
TYPED = "typed"

TEMPLATES: tuple[tuple[str, ...], ...] = (
    ("import", "{trf}", "-o", "{new}"),
    ("export", "{event}", "--format", "{format}", "-o", "{out}"),
    ("export", "{trf}", "--format", "{format}", "-o", "{out}", "--tiebreaks", "{tok}"),
    ("new", "{new}", "--name", "{tok}", "--system", "{system}", "--rounds", "{tok}"),
    ("player", "add", "{event}", "--name", "{tok}", "--rating", "{tok}"),
    ("player", "add", "{event}", "--name", "{tok}", "--late", "half-bye", "--fide-id", "{tok}"),
    ("player", "import", "{event}", "--csv", "{csv}"),
    ("player", "number", "{event}", "--by", "lot"),
    ("pair", "{event}", "--initial-colour", "white"),
    ("pair", "{event}", "-c"),
    ("pair", "{trf}", "-c"),
    ("pair", "{trf}", "-p", "{out}", "--bye-policy", "{tok}"),
    ("result", "{event}", "--round", "{tok}", "--board", "{tok}", "{tok}"),
    ("standings", "{event}", "--tiebreaks", "{tok}"),
    ("standings", "{trf}", "--format", "text"),
    ("explain", "{event}", "--player", "{tok}", "--tiebreak", "{tok}"),
    ("undo", "{event}"),
    ("redo", "{event}"),
    ("log", "{event}"),
    ("verify", "{event}"),
    ("playoff", "next", "{event}"),
    ("playoff", "start", "{event}", "--regulation-file", "{json}"),
    ("playoff", "start", "{event}", "--regulation", "{tok}", "--tie", "{tok}"),
    ("playoff", "draw", "{event}", "--outcome", "{tok}"),
    ("playoff", "result", "{event}", "{tok}", "{tok}", "{tok}", "{tok}"),
    ("playoff", "log", "{event}"),
    ("import-pgn", "{event}", "{pgn}"),
    ("prizes", "{event}", "--fund", "{tok}"),
)

FORMATS = ("csv", "json", "html", "trf", "pgn", "{tok}")
SYSTEMS = ("swiss", "round-robin", "double-round-robin", "double-swiss")


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[tuple[str, ...], dict[str, Any]]:
    """A command line (a template with its tokens drawn) and the contents of its files."""
    template = draw(st.sampled_from(TEMPLATES))
    words = []
    for word in template:
        if word == "{tok}":
            word = draw(mutations.token)
        elif word == "{format}":
            word = draw(st.sampled_from(FORMATS[:-1]))
        elif word == "{system}":
            word = draw(st.sampled_from(SYSTEMS))
        words.append(word)
    files: dict[str, Any] = {}
    joined = " ".join(template)
    if "{event}" in joined:
        files["event"] = draw(_event_file())
    if "{trf}" in joined:
        files["trf"] = draw(t.trf_inputs())
    if "{csv}" in joined:
        files["csv"] = draw(t.csv_inputs())
    if "{pgn}" in joined:
        files["pgn"] = draw(t.pgn_inputs())
    if "{json}" in joined:
        files["json"] = json.dumps(draw(v.regulation_inputs()))
    return tuple(words), files


def _event_file() -> st.SearchStrategy[bytes]:
    """Mostly good tournament files (commands then reach their own checks), else damaged."""
    samples = t.arbiter_samples()
    return st.one_of(
        mutations.one_of_samples(samples),
        mutations.one_of_samples(samples),
        mutations.one_of_samples(samples),
        t.arbiter_inputs().map(lambda given: given[0]),
    )


_RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never reach a terminal raw (line breaks and tabs aside)."""

PLACEHOLDERS = frozenset({"{event}", "{trf}", "{csv}", "{pgn}", "{json}", "{new}", "{out}"})

NAMES = {
    "event": "event.arbiter",
    "trf": "event.trf",
    "csv": "players.csv",
    "pgn": "games.pgn",
    "json": "regulation.json",
}


def run_command_line(given: tuple[tuple[str, ...], dict[str, Any]]) -> str:
    words, files = given
    folder = t._fresh_folder("cli")
    for key, content in files.items():
        path = folder / NAMES[key]
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
    places = {key: str(folder / name) for key, name in NAMES.items()}
    places["new"] = str(folder / "new.arbiter")
    places["out"] = str(folder / "out.txt")
    argv = [places.get(w[1:-1], w) if w in PLACEHOLDERS else w for w in words]
    out, err = io.StringIO(), io.StringIO()
    parsed_out = False
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as exit_:  # argparse refusing the options: its usage and status 2
        code = exit_.code if isinstance(exit_.code, int) else 2
        parsed_out = True  # (argparse echoes what was typed, before any file is read)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if code not in (0, 1, 2):
        raise AssertionError(f"exit status {code} for {argv}")
    if not parsed_out:
        # Nothing a command prints reaches the terminal raw (issue 27): no escape, C1
        # control or direction override, whatever the file's names hold.
        raw = _RAW.search(out.getvalue().replace("\r\n", "\n") + err.getvalue())
        if raw is not None:
            raise AssertionError(f"{raw.group()!r} printed raw for {argv}")
    if code == 2 and not err.getvalue().strip():
        raise AssertionError(f"a refusal without a message for {argv}")
    return TYPED if code == 2 else ACCEPTED
