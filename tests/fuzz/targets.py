"""Every importer as a fuzz target: what to generate, and the property to check.

The property, for each importer: given any input it returns a value or raises
one of Arbiter's own typed errors (:class:`ArbiterError` and its subclasses:
:class:`InputError`, the store's errors, :class:`CommandError`); never any
other exception and never a hang. Importers that write check in addition that
a refusal wrote nothing: the folder of a refused tournament file holds the same
files with the same contents, and a refused import command leaves the event
file's contents and its journal as they were.

A target's :attr:`Target.run` returns ``"accepted"`` or ``"typed"`` and lets
anything else propagate; the callers (the pytest module and the long run)
decide what to do with it.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import io
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import strategies as st

from arbiter_app.core.errors import ArbiterError, InputError, utf8_text
from arbiter_app.core.players_csv import decode_players_csv, parse_players_csv
from arbiter_app.core.trf import parse_trf
from arbiter_app.session import Session
from arbiter_app.session.codec import PLAYER_FIELDS, event_to_json
from arbiter_app.session.commands import AddPlayer, ImportEvent
from arbiter_app.store.schema import APPLICATION_ID, SCHEMA_VERSION
from tests.fuzz import mutations
from tests.support.sessions import TickingClock, content_sha256, run_entry, small_event

ROOT = Path(__file__).resolve().parents[2]
TRF_SAMPLES = sorted((ROOT / "tests" / "data" / "trf").glob("*.trf"))

ACCEPTED = "accepted"
TYPED = "typed"


class WroteOnFailure(AssertionError):
    """A refused import changed a file: the worst failure after a crash."""


@dataclass(frozen=True)
class Target:
    name: str
    inputs: Callable[[], st.SearchStrategy[Any]]
    """The strategy (built on first use: some targets prepare sample files)."""
    run: Callable[[Any], str]
    weight: int
    """Its share of the long run's inputs (files are slower to try than text)."""


def typed(error: BaseException) -> bool:
    return isinstance(error, ArbiterError)


# -- scratch space -------------------------------------------------------------
@cache
def scratch() -> Path:
    """One folder per process for the files the targets write (removed at exit)."""
    folder = Path(tempfile.mkdtemp(prefix="arbiter-fuzz-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def _fresh_folder(name: str) -> Path:
    folder = scratch() / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    return folder


def _folder_digest(folder: Path) -> dict[str, str]:
    """Every file's content hash; SQLite's change counter is left out (see content_sha256)."""
    return {p.name: content_sha256(p) for p in sorted(folder.iterdir()) if p.is_file()}


# -- TRF -----------------------------------------------------------------------
@cache
def trf_samples() -> tuple[str, ...]:
    return tuple(p.read_text(encoding="utf-8") for p in TRF_SAMPLES)


def trf_inputs() -> st.SearchStrategy[str]:
    return mutations.texts(trf_samples(), " ", alphabet="0123456789 -+=wbWBDLHFUZX./\n")


def run_trf(text: str) -> str:
    try:
        parse_trf(text, "fuzz.trf")
    except InputError as exc:
        if not exc.issues:
            raise AssertionError("an InputError without issues") from exc
        return TYPED
    return ACCEPTED


def trf_bytes_inputs() -> st.SearchStrategy[bytes]:
    """A TRF's bytes in the encodings a file may come in (issue 27: a byte-order mark and
    then a bad byte)."""
    return mutations.encoded(trf_inputs())


def run_trf_bytes(data: bytes) -> str:
    """Decode as every importer does (:func:`arbiter_app.core.errors.utf8_text`), then read."""
    try:
        text = utf8_text(data, "fuzz.trf")
    except InputError as exc:
        if not exc.issues or exc.issues[0].line < 1:
            raise AssertionError("a decoding refusal that names no line") from exc
        return TYPED
    return run_trf(text)


# -- CSV player lists ----------------------------------------------------------
CSV_SAMPLES = (
    "name,rating,title,federation,fide_id,birth,sex\n"
    '"Carlsen, Magnus",2830,GM,NOR,1503014,1990-11-30,m\n'
    "Ju Wenjun,2560,GM,CHN,8603006,1991/01/31,w\n"
    "Berg Ola,,,NOR,,1985,m\n",
    "\ufeffName;Elo;Fed;FIDE ID;Born;Gender;Title\r\n"
    "Šťastný, Jiří;2105;CZE;1500100;1979.04.02;M;fm\r\n"
    "\r\n"
    "Dahl, Kari;1980;nor;;2000;F;wi\r\n"
    "李, 娜;0;CHN;;;w;\r\n",
    "Player\tRating\tCountry\nAnn\t1500\tISL\nBen\t1600\tISL\n",
    "name\nAnn\nBen\nCid\n",
    'name,rating,national_rating,national_id\n"O\'Brien, ""Pat""",1800,1750,12345\n',
)


def csv_inputs() -> st.SearchStrategy[str]:
    return mutations.texts(CSV_SAMPLES, ",;\t", alphabet='abcAB,;"\t\n\r 0123456789-/')


def run_csv(text: str) -> str:
    try:
        parse_players_csv(text, "fuzz.csv")
    except InputError as exc:
        if not exc.issues:
            raise AssertionError("an InputError without issues") from exc
        return TYPED
    return ACCEPTED


def csv_bytes_inputs() -> st.SearchStrategy[bytes]:
    encoded = [s.encode("utf-8") for s in CSV_SAMPLES]
    return st.one_of(
        mutations.damaged_bytes(encoded, page=16),
        st.binary(max_size=300),
        csv_inputs().map(str.encode),
        mutations.encoded(csv_inputs()),
    )


def run_csv_bytes(data: bytes) -> str:
    try:
        text = decode_players_csv(data, "fuzz.csv")
    except InputError:
        return TYPED
    return run_csv(text)


# -- PGN (play-off results) ----------------------------------------------------
def pgn_module() -> ModuleType | None:
    try:
        return importlib.import_module("arbiter_app.exports.pgn")
    except ModuleNotFoundError:
        return None


@cache
def pgn_samples() -> tuple[str, ...]:
    pgn = pgn_module()
    assert pgn is not None
    game = pgn.PlayoffGame
    games = [
        game("Open play-off", "Oslo", date(2025, 5, 4), "1.1", "Berg, Ola", "Dahl, Kari", "1-0",
             "600+5", moves=("e4", "e5", "Nf3", "Nc6", "Bb5"), stage="places 1-2"),
        game("Open play-off", "Oslo", date(2025, 5, 4), "1.2", "Dahl, Kari", "Berg, Ola",
             "1/2-1/2", "600+5"),
        game("Open play-off", "Oslo", None, "2.1", "Berg, Ola", "Dahl, Kari", "1/2-1/2",
             "W300-B240", armageddon=True, moves=("d4", "d5")),
    ]  # fmt: skip
    written = pgn.games_to_pgn(games)
    by_hand = (
        '[Event "Play-off"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n'
        '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n[SetUp "1"]\n\n'
        "1. Ka2 {a comment} (1. Kb1 $1) Kh2 0-1\n"
    )
    return (written, pgn.games_to_pgn(games[:1]), by_hand)


def pgn_inputs() -> st.SearchStrategy[str]:
    return mutations.texts(pgn_samples(), ' "[]', alphabet='[]"{}()$.-/01 2eNKQRBd45\n*')


def run_pgn(text: str) -> str:
    pgn = pgn_module()
    assert pgn is not None
    try:
        pgn.read_pgn_results(text, source="fuzz.pgn")
    except InputError as exc:
        if not exc.issues:
            raise AssertionError("an InputError without issues") from exc
        return TYPED
    return ACCEPTED


# -- FIDE rating lists (TXT and XML) --------------------------------------------
RATINGS = ROOT / "tests" / "data" / "ratings"


@cache
def rating_samples() -> tuple[str, ...]:
    return tuple(
        (RATINGS / name).read_text(encoding="utf-8")
        for name in ("players_list_foa.txt", "rapid_rating_list.xml")
    )


def rating_list_inputs() -> st.SearchStrategy[bytes]:
    """A list's bytes: damaged (huge integers, escapes in names, lines moved), in any
    encoding; the XML or TXT reader is chosen by the first bytes."""
    texts = mutations.texts(rating_samples(), " <>", alphabet="0123456789 <>/abcdefgilnprty\n")
    return st.one_of(texts.map(lambda t: t.encode("utf-8", "surrogatepass")),
                     mutations.encoded(texts))  # fmt: skip


def run_rating_list(data: bytes) -> str:
    """Read every player of a FIDE list (the readers are lazy: the rows are the reading)."""
    from arbiter_app.core.ratinglist import RatingType, read_txt, read_xml

    try:
        if data.lstrip(b"\xef\xbb\xbf \r\n").startswith(b"<"):
            listed = read_xml(io.BytesIO(data), "fuzz.xml", RatingType.RAPID)
        else:
            text = data.decode("utf-8", errors="replace")
            listed = read_txt(io.StringIO(text), "fuzz.txt")
        try:
            players = list(listed.players)
        finally:
            listed.close()
    except InputError as exc:
        if not exc.issues:
            raise AssertionError("an InputError without issues") from exc
        return TYPED
    for player in players:
        for number in (player.fide_id, player.standard, player.rapid, player.blitz):
            if number is not None and not 0 <= number < 10**12:
                raise AssertionError(f"a number no list holds was kept: {number}")
    return ACCEPTED


# -- .arbiter files ------------------------------------------------------------
@cache
def arbiter_samples() -> tuple[bytes, ...]:
    """Good tournament files: an empty event, a small played event, an imported TRF file."""
    folder = _fresh_folder("samples")
    out = []
    with Session.create(folder / "empty.arbiter", name="E", system="swiss", rounds=3) as s:
        s.run(AddPlayer(name="Ann", rating=1500))
    small_event(folder / "small.arbiter").close()
    with Session.create(folder / "trf.arbiter", name="T", system="swiss", rounds=5) as s:
        s.run(
            ImportEvent(
                event=event_to_json(parse_trf(trf_samples()[0]).event),
                settings={"tiebreaks": ["BH/C1", "BH", "SB"]},
            )
        )
    for name in ("empty", "small", "trf"):
        out.append((folder / f"{name}.arbiter").read_bytes())
    return tuple(out)


@cache
def _our_schema() -> tuple[str, ...]:
    conn = sqlite3.connect(":memory:")
    conn.deserialize(arbiter_samples()[0])
    sql = tuple(r[0] for r in conn.execute("SELECT sql FROM sqlite_master WHERE sql NOT NULL"))
    conn.close()
    return sql


_CELL = st.one_of(
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["{}", "[]", "null", '{"a": 1}', "game", "w", "b", "1", "0", "1/2", "swiss"]),
    st.binary(max_size=10),
)


SCHEMA_OBJECTS = (
    "CREATE TRIGGER t BEFORE INSERT ON journal BEGIN SELECT RAISE(ABORT, 'no'); END",
    "CREATE TRIGGER t AFTER UPDATE ON meta BEGIN UPDATE meta SET value = value; END",
    "CREATE TRIGGER t AFTER INSERT ON journal BEGIN UPDATE players SET rating = 2800; END",
    "CREATE TRIGGER t INSTEAD OF INSERT ON v BEGIN SELECT 1; END",
    "CREATE VIEW v AS SELECT * FROM players",
    "CREATE TEMP VIEW w AS SELECT 1",
    "CREATE UNIQUE INDEX i ON players (name)",
    "CREATE INDEX i ON journal (seq) WHERE seq > 1",
    "CREATE TABLE notes (text TEXT)",
    "CREATE TABLE sqlite_stat1 (tbl, idx, stat)",
    "ALTER TABLE players ADD COLUMN mood TEXT CHECK (mood <> 'sad')",
    "ALTER TABLE players ADD COLUMN mood TEXT DEFAULT 'fine'",
    "ALTER TABLE players ADD COLUMN mood TEXT COLLATE NOCASE",
    "ALTER TABLE entries ADD COLUMN x REFERENCES players(tpn)",
    "ALTER TABLE journal ADD COLUMN x GENERATED ALWAYS AS (seq * 2)",
)
"""Schema objects Arbiter never makes, for the file fuzzing (triggers, views, indexes,
tables, column rules)."""


@st.composite
def foreign_sqlite(draw: st.DrawFn) -> bytes:
    """A valid SQLite database that is not a good tournament file: another program's
    tables; or ours with columns missing; or ours filled with rows of random values —
    each maybe with Arbiter's application id and any format version."""
    conn = sqlite3.connect(":memory:")
    kind = draw(
        st.sampled_from(
            ["other", "ours-renamed", "ours-random-rows", "ours-extra-rows", "ours-schema-object"]
        )
    )
    if kind == "other":
        for n in range(draw(st.integers(0, 3))):
            conn.execute(f"CREATE TABLE t{n} (a, b TEXT, c INTEGER PRIMARY KEY)")
            conn.execute(f"INSERT INTO t{n} VALUES (?, ?, NULL)", (draw(_CELL), draw(_CELL)))
    elif kind in ("ours-extra-rows", "ours-schema-object"):
        conn.deserialize(draw(mutations.one_of_samples(arbiter_samples())))
        if kind == "ours-schema-object":
            # What another program may add (issue 27): refused when opened, never run.
            with contextlib.suppress(sqlite3.Error):
                conn.execute(draw(st.sampled_from(SCHEMA_OBJECTS)))
    else:
        schema = list(_our_schema())
        if kind == "ours-renamed":
            victim = draw(st.integers(0, len(schema) - 1))
            schema[victim] = schema[victim].replace('"', '"x_', 2)
        for statement in schema:
            with contextlib.suppress(sqlite3.Error):  # a renamed table's index
                conn.execute(statement)
    if kind in ("ours-random-rows", "ours-extra-rows"):
        tables = [
            (r[0], [c[1] for c in conn.execute(f'PRAGMA table_info("{r[0]}")')])
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
        ]
        for _ in range(draw(st.integers(1, 6))):
            table, columns = draw(st.sampled_from(tables))
            values = [draw(_CELL) for _ in columns]
            marks = ", ".join("?" for _ in columns)
            with contextlib.suppress(sqlite3.Error, OverflowError):
                conn.execute(f'INSERT OR REPLACE INTO "{table}" VALUES ({marks})', values)
            if draw(st.booleans()):
                # Change one value of an existing row (as a flipped bit in a record would).
                column = draw(st.sampled_from(columns))
                new_value = draw(_CELL)
                # (A value the column's declared type refuses is skipped.)
                with contextlib.suppress(sqlite3.Error, OverflowError):
                    conn.execute(
                        f'UPDATE "{table}" SET "{column}" = ? WHERE rowid IN '
                        f'(SELECT rowid FROM "{table}" LIMIT 1)',
                        (new_value,),
                    )
    conn.commit()
    if draw(st.booleans()):
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    if kind != "ours-extra-rows" or draw(st.booleans()):
        conn.execute(f"PRAGMA user_version = {draw(st.integers(0, SCHEMA_VERSION + 1))}")
    data: bytes = conn.serialize()
    conn.close()
    return data


def arbiter_inputs() -> st.SearchStrategy[tuple[bytes, bool]]:
    samples = arbiter_samples()
    files = st.one_of(
        mutations.damaged_bytes(samples),
        mutations.damaged_bytes(samples),
        foreign_sqlite(),
        st.binary(max_size=512),
        st.binary(min_size=100, max_size=200).map(lambda b: b"SQLite format 3\x00" + b),
    )
    return st.tuples(files, st.booleans())


def run_arbiter(given: tuple[bytes, bool]) -> str:
    """Open the bytes as a tournament file (for writing or read-only) and read the event."""
    data, readonly = given
    folder = _fresh_folder("open")
    path = folder / "event.arbiter"
    path.write_bytes(data)
    before = _folder_digest(folder)
    try:
        with Session.open(path, readonly=readonly, durable=False) as session:
            session.event  # noqa: B018 - reading is the point
            session.settings  # noqa: B018
            session.log()
    except ArbiterError:
        after = _folder_digest(folder)
        if after != before:
            now = path.read_bytes() if path.exists() else b""
            changed = [i for i in range(min(len(now), len(data))) if now[i] != data[i]]
            raise WroteOnFailure(
                f"a refused file changed its folder: {sorted(before)} -> {sorted(after)}; "
                f"{len(data)} -> {len(now)} bytes, changed at {changed[:10]}"
            ) from None
        return TYPED
    crafted = _schema_objects(data)
    if crafted:
        raise AssertionError(f"a file holding {crafted} was opened, not refused (issue 27)")
    return ACCEPTED


def _schema_objects(data: bytes) -> list[str]:
    """The triggers, views and indexes of their own an accepted file holds (none may)."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.deserialize(data)
        return [
            f"{kind} {name}"
            for kind, name in conn.execute(
                "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') "
                "OR (type = 'index' AND sql IS NOT NULL)"
            )
        ]
    except sqlite3.Error:
        return []
    finally:
        conn.close()


# -- the session's import commands -----------------------------------------------
@cache
def _empty_event() -> Path:
    path = _fresh_folder("template") / "empty.arbiter"
    Session.create(path, name="Import", system="swiss", rounds=5, durable=False).close()
    return path


def _into_session(command: str, arguments: dict[str, Any]) -> str:
    """Run an import command on a fresh empty event; a refusal must leave no trace."""
    folder = _fresh_folder("session")
    path = folder / "event.arbiter"
    shutil.copyfile(_empty_event(), path)
    with Session.open(path, durable=False, clock=TickingClock()) as session:
        journal, state, digest = session.journal(), session.state, content_sha256(path)
        try:
            run_entry(session, command, **arguments)
        except ArbiterError:
            if session.journal() != journal or session.state != state:
                raise WroteOnFailure(f"a refused {command} changed the session") from None
            if content_sha256(path) != digest:
                raise WroteOnFailure(f"a refused {command} changed the file") from None
            return TYPED
        session.event  # noqa: B018 - the imported event must read back
    with Session.open(path, readonly=True) as again:
        problems = again.verify()
    if problems:
        raise AssertionError(f"the imported file does not verify: {problems}")
    return ACCEPTED


def run_session_trf(text: str) -> str:
    try:
        event = parse_trf(text, "fuzz.trf").event
    except InputError:
        return TYPED
    return _into_session("import_event", {"event": event_to_json(event), "source": "fuzz.trf"})


def run_session_csv(text: str) -> str:
    try:
        players = parse_players_csv(text, "fuzz.csv")
    except InputError:
        return TYPED
    listed = [{name: getattr(p, name) for name in PLAYER_FIELDS} for p in players]
    return _into_session("import_players", {"players": listed, "source": "fuzz.csv"})


def _players_arguments() -> st.SearchStrategy[Any]:
    """What a damaged journal or a careless caller might hand import_players."""
    value = st.one_of(
        st.none(), st.booleans(), st.integers(), st.text(max_size=40), st.floats(allow_nan=False)
    )
    player = st.dictionaries(
        st.one_of(st.sampled_from(PLAYER_FIELDS), st.text(max_size=5)), value, max_size=6
    )
    return st.one_of(st.lists(st.one_of(player, value), max_size=5), value)


def run_session_players_arguments(players: Any) -> str:
    return _into_session("import_players", {"players": players})


def targets() -> list[Target]:
    found = [
        Target("TRF text", trf_inputs, run_trf, 30),
        Target("CSV player list", csv_inputs, run_csv, 25),
        Target("CSV bytes", csv_bytes_inputs, run_csv_bytes, 5),
        Target("TRF bytes", trf_bytes_inputs, run_trf_bytes, 5),
        Target("FIDE rating list", rating_list_inputs, run_rating_list, 10),
        Target(".arbiter file", arbiter_inputs, run_arbiter, 20),
        Target("session import_event (TRF)", trf_inputs, run_session_trf, 3),
        Target("session import_players (CSV)", csv_inputs, run_session_csv, 5),
        Target("import_players arguments", _players_arguments, run_session_players_arguments, 2),
    ]
    if pgn_module() is not None:
        found.insert(1, Target("PGN play-off results", pgn_inputs, run_pgn, 20))
    # Imported here: those modules build on this one's strategies.
    from tests.fuzz import cli_targets, value_targets

    found += [
        Target("time control", value_targets.clock_inputs, value_targets.run_clock, 10),
        Target(
            "custom regulation",
            value_targets.regulation_inputs,
            value_targets.run_regulation,
            10,
        ),
        Target("settings values", value_targets.settings_inputs, value_targets.run_setting, 10),
        Target("command line", cli_targets.command_lines, cli_targets.run_command_line, 5),
    ]
    return found


def shares(all_targets: Sequence[Target], total: int) -> dict[str, int]:
    """Split *total* inputs over the targets by weight (every target gets at least one)."""
    weight = sum(t.weight for t in all_targets)
    split = {t.name: max(1, total * t.weight // weight) for t in all_targets}
    first = all_targets[0].name
    split[first] += max(0, total - sum(split.values()))
    return split
