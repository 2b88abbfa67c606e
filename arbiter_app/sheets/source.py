"""What the print and export commands read from FILE: the event and what goes with it.

A ``.arbiter`` file is opened read-only through the session (the event, the
announced tie-breaks, the boards of every round, the draws in the journal);
a ``.trf`` file through the TRF reader. Problems the user can fix become
:class:`~arbiter_app.core.errors.ArbiterError` with the file's name.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbiter_app.core.chess960 import StartingPosition, Variant, position_of_round
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.event_state import EventState, RoundBoard, event_state
from arbiter_app.core.fide_mode import ON as FIDE_MODE_ON
from arbiter_app.core.fide_mode import FideMode, Pibe
from arbiter_app.core.lots import COLOUR_DRAW, COLOUR_NAMES, Draw, draw_from_json
from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.playoff.scope import PlayoffScope
from arbiter_app.core.rating_correction import RatingCorrection
from arbiter_app.core.trf.system import pairing_code
from arbiter_app.exports.lots import RecordedDraw

TRF_SUFFIXES = (".trf", ".txt")
ARBITER_SUFFIX = ".arbiter"


@dataclass(frozen=True, slots=True)
class PendingBoard:
    """A board of a round as the session stores it (number, white, black)."""

    number: int
    white: int
    black: int
    adjourned: bool = False
    """The game is adjourned, or its result not known yet (checklist Q157)."""


@dataclass(frozen=True)
class Source:
    """The event of FILE plus the settings and records the sheets need."""

    path: Path
    event: Event
    tiebreaks: tuple[str, ...] = ()
    boards: Mapping[int, tuple[PendingBoard, ...]] = field(default_factory=dict)
    draws: tuple[RecordedDraw, ...] = ()
    playoff: Any = None
    """The play-off state when the file has one (the play-off engine's value)."""
    playoff_scope: PlayoffScope = field(default_factory=PlayoffScope)
    """The places a play-off decides over the board (FIDE C.07 3.1.1), after how many
    tie-breaks, and its order so far (:mod:`arbiter_app.core.playoff.scope`)."""
    prizes: Any = None
    """``(rows, prize list, currency)`` of the stored prize fund, when one is set."""
    state: EventState | None = None
    """Where the event stands (None: work it out from the event alone, as for a TRF file)."""
    provisional: bool = False
    """Standings include the round in progress (asked for); else the last complete round."""

    @property
    def event_state(self) -> EventState:
        """The event's state: the file's, or, for a TRF file, every round with results complete."""
        if self.state is not None:
            return self.state
        not_known = self.trf.unknown_results if self.trf is not None else ()
        if not not_known:
            return event_state(self.event, None, numbering=Numbering.FILE)
        # A game whose result is not known ("?", FIDE C.02 Q164-166) leaves its round open:
        # the standings are those of the rounds before it, not final (Q161).
        boards: dict[int, list[RoundBoard]] = {}
        for game in not_known:
            listed = boards.setdefault(game.round, [])
            listed.append(RoundBoard(len(listed) + 1, game.white, game.black, False))
        return event_state(self.event, boards, numbering=Numbering.FILE)

    trf: Any = None
    """The TRF document FILE is or was imported from (a ``TrfDocument`` holding the event as
    it stands now), so that a TRF export writes that file back; None otherwise."""
    system_code: str = ""
    """The record-192 code the event's settings give (an acceleration, a double round
    robin's order), for a TRF export; empty for a TRF file (its own record stays)."""
    fide_mode: FideMode = FIDE_MODE_ON
    """The event's FIDE mode (FIDE C.02): every sheet of an event not in it says so."""
    pibes: tuple[Pibe, ...] = ()
    """The event's ``###`` log (pairing-integrity events, leaving FIDE mode), in order."""
    playoff_name: str | None = None
    """The play-off regulation the event's settings name (None: none)."""
    checked_in: frozenset[int] = frozenset()
    """The players checked in before round 1 (empty: no check-in begun)."""
    absences: frozenset[tuple[int, int]] = frozenset()
    """``(player, round)`` of the absences marked for coming rounds."""
    team_best: int | None = None
    """How many of a team's best scores count (US Chess 28N; None: the default, four)."""
    categories: tuple[Any, ...] = ()
    """The prize categories the event announced (``Category`` values; none for a TRF file)."""
    journal_head: str = ""
    """The journal's head when the sheet was made (its anchor, ``37-3f2a9c1b0d4e77aa``),
    printed in every sheet's footer so that a rewritten journal is caught by
    ``verify FILE --head`` (issue 27); "" for a TRF file, which has no journal."""
    rating_corrections: tuple[RatingCorrection, ...] = ()
    """Results corrected for the rating report only (FIDE C.04.2 article 4.3): the report
    gives them, the standings and the sheets keep the results played."""
    chess960: Mapping[int | None, StartingPosition] | None = None
    """The starting positions drawn in a Chess960 event, by round (None: the one for every
    round); None for an event of standard chess (FIDE Laws of Chess, Guidelines II)."""

    def starting_position(self, round_no: int) -> str:
        """Round *round_no*'s Chess960 position as the round's sheets print it
        (``312: BNRQKBNR``), "not drawn yet", or "" in an event of standard chess."""
        if self.chess960 is None:
            return ""
        position = position_of_round(self.chess960, round_no)
        if position is None:
            return "not drawn yet"
        return f"{position.number}: {position.back_rank} (files a to h; Black opposite)"


def _head(journal: Any) -> str:
    """The journal's anchor for the footers (the store is read only for an event file: a
    TRF file's sheets never import it)."""
    from arbiter_app.store.journal import anchor

    return anchor(journal[-1] if journal else None)


def load(path: Path) -> Source:
    if not path.exists():
        if path.is_symlink():
            raise ArbiterError(
                f"{path}: a symbolic link that leads to no file (a loop, or its file is gone)"
            )
        raise ArbiterError(f"{path}: no such file")
    suffix = path.suffix.lower()
    if suffix == ARBITER_SUFFIX:
        return _load_arbiter(path)
    if suffix in TRF_SUFFIXES:
        return _load_trf(path)
    raise ArbiterError(
        f"{path}: unknown kind of file {suffix or '(no suffix)'!r}; "
        "expected a tournament file (.arbiter) or a TRF file (.trf)"
    )


def _module(name: str, what: str) -> Any:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and name.startswith(exc.name):
            raise ArbiterError(f"{what} is not part of this build") from None
        raise


def _load_trf(path: Path) -> Source:
    from arbiter_app.sheets.files import read_text

    trf = _module("arbiter_app.core.trf", "reading TRF files")
    doc = trf.parse_trf(read_text(path), str(path))
    return Source(path, doc.event, tuple(doc.tiebreaks), trf=doc)


def _load_arbiter(path: Path) -> Source:
    session_mod = _module("arbiter_app.session", "reading .arbiter files")
    with session_mod.Session.open(path, readonly=True) as session:
        return from_session(session, path)


def from_session(session: Any, path: Path | None = None) -> Source:
    """What the sheets need from an open session (the window's event, titled or not).

    *path* names the event in messages; it defaults to the session's file, or
    the event's name while it is untitled.
    """
    event: Event = session.event
    settings = session.settings
    boards = {
        r: tuple(PendingBoard(b.number, b.white, b.black, b.adjourned) for b in session.boards(r))
        for r in range(1, event.rounds + 1)
    }
    journal = session.journal()
    # The draws of this section only: each journal entry says the section it ran in.
    section = session.section.number
    live = [
        line.entry
        for line in session.log()
        if not line.undone and session.section_of(line.entry) == section
    ]
    draws = _numbering_draws(journal, live, section) + list(_journal_draws(live))
    draws += _section_draws(session.state, event)
    playoff, scope, prizes = _playoff_of(session, event)
    played = _abandoned(session.state)
    if playoff is not None:
        played.append((playoff, ""))
    draws += _playoff_draws(played, live)
    draws += _chess960_draws(session.state, live)
    from arbiter_app.session.player_commands import absences, checked_in

    state = session.state
    fide_mode, pibes = _integrity(state)
    trf = _trf_source(event, settings.trf_source)
    where = path or session.path or Path(event.name or "Untitled event")
    return Source(
        where,
        event,
        tuple(settings.tiebreaks),
        boards,
        tuple(draws),
        playoff,
        scope,
        prizes,
        session.event_state,
        trf=trf,
        system_code=pairing_code(
            event.system,
            baku=settings.acceleration == "baku",
            swap_last_two=settings.swap_last_two,
            us_chess=event.rule_set is RuleSet.USCF,
        ),
        fide_mode=fide_mode,
        pibes=pibes,
        playoff_name=settings.playoff,
        checked_in=checked_in(state),
        absences=absences(state),
        team_best=settings.team_best,
        categories=_categories(session.state),
        journal_head=_head(journal),
        rating_corrections=_rating_corrections(state),
        chess960=_chess960(state),
    )


def _chess960(state: Any) -> dict[int | None, StartingPosition] | None:
    """The positions drawn in a Chess960 event (None for standard chess)."""
    from arbiter_app.session.chess960 import positions_of, variant_of

    if variant_of(state) is not Variant.CHESS960:
        return None
    return positions_of(state)


def _categories(state: Any) -> tuple[Any, ...]:
    """The prize categories the event announced (:mod:`arbiter_app.core.category_prizes`)."""
    try:
        module = importlib.import_module("arbiter_app.session.prize_commands")
    except ModuleNotFoundError:
        return ()
    return tuple(module.stored_categories(state)[0])


def _rating_corrections(state: Any) -> tuple[RatingCorrection, ...]:
    """The results corrected for the rating report only (FIDE C.04.2 article 4.3)."""
    from arbiter_app.session.rating_corrections import stored_corrections

    return stored_corrections(state)


def _integrity(state: Any) -> tuple[FideMode, tuple[Pibe, ...]]:
    """The event's FIDE mode and its ``###`` log (FIDE C.02)."""
    from arbiter_app.session.integrity import fide_mode_of, stored_pibes

    return fide_mode_of(state), tuple(stored_pibes(state))


def _trf_source(event: Event, stored: Any) -> Any:
    """The TRF document the event was imported from, holding the event as it stands now."""
    if stored is None:
        return None
    try:
        module = importlib.import_module("arbiter_app.session.trf_source")
    except ModuleNotFoundError:
        return None
    return module.stored_document(event, stored)


def _playoff_of(session: Any, event: Event) -> tuple[Any, PlayoffScope, Any]:
    """The stored play-off, the places a play-off decides, and the prize list if a fund is
    set."""
    try:
        commands = importlib.import_module("arbiter_app.session.playoff_commands")
        queries = importlib.import_module("arbiter_app.session.prize_queries")
    except ModuleNotFoundError:
        return None, PlayoffScope(), None
    state = session.state
    playoff = commands.stored_playoff(state)
    scope = commands.playoff_scope_of(state)
    try:
        rows, prize_list = queries.prize_list(state, event, session.settings.playoff)
    except ArbiterError:
        prizes = None  # no prize fund set: the prize sheet says so
    else:
        fund, _ = commands.stored_fund(state)
        prizes = (rows, prize_list, fund.currency)
    return playoff, scope, prizes


ABANDONED_NOTE = (
    "This draw belongs to a play-off set aside after a correction changed the tie it was "
    "played for; the play-off was restarted."
)


def _abandoned(state: Any) -> list[tuple[Any, str]]:
    """The play-offs set aside by ``playoff restart``, oldest first, with the protocol's note."""
    from arbiter_app.session.playoff_commands import ABANDONED, state_from_records

    rows = state.tables["records"]
    keys = sorted((int(key[1]), key) for key in rows if key[0] == ABANDONED)
    out: list[tuple[Any, str]] = []
    for _, key in keys:
        data = json.loads(rows[key]["value"])
        old = state_from_records(data["setup"], data["actions"])
        if old is not None:
            out.append((old, ABANDONED_NOTE))
    return out


def _playoff_draws(
    playoffs: Sequence[tuple[Any, str]], entries: Sequence[Any]
) -> list[RecordedDraw]:
    """The play-offs' lots and coin tosses, timed by the journal entries that made them
    (the play-offs in the order they were played: those set aside first)."""
    times = [e.time for e in entries if e.command in ("playoff.draw", "playoff.toss")]
    out: list[RecordedDraw] = []
    for playoff, note in playoffs:
        for action in playoff.actions:
            draw = getattr(action, "draw", None)
            if isinstance(draw, Draw):
                when = _time(times[len(out)]) if len(out) < len(times) else ""
                out.append(RecordedDraw(draw, when, note=note))
    return out


def _numbering_draws(
    journal: Sequence[Any], live: Sequence[Any], section: int
) -> list[RecordedDraw]:
    """Pairing numbers drawn by lot for the event, rebuilt from the journal.

    The command stores only its seed; replaying the journal up to it gives the
    players as numbered then, and the documented shuffle of :mod:`arbiter_app.core.lots`
    gives the drawn order, so the protocol shows who drew which number.
    """
    from arbiter_app.core.lots import physical_draw, seeded_draw
    from arbiter_app.core.pairing.numbers import ARTICLE_LOT
    from arbiter_app.session.replay import history_of, replay

    out: list[RecordedDraw] = []
    for entry in live:
        if entry.command != "set_pairing_numbers":
            continue
        how = entry.arguments.get("by")
        if how not in ("lot", "draw") or (how == "lot" and entry.seed is None):
            continue
        before = [e for e in journal if e.seq < entry.seq]
        state = replay(before, history_of(before)).part(section)
        players = state.tables["players"]
        current = sorted(key[0] for key in players)
        witnesses = [str(w) for w in entry.arguments.get("witnesses", ())]
        purpose = "Pairing numbers of the event"
        if how == "lot":
            draw = seeded_draw(
                f"{purpose}, by lot", current, entry.seed, witnesses=witnesses, article=ARTICLE_LOT
            )
        else:
            draw = physical_draw(
                f"{purpose}, drawn at the venue",
                current,
                [int(t) for t in entry.arguments["order"]],
                witnesses=witnesses,
                article=ARTICLE_LOT,
            )
        names = {key[0]: str(row["name"] or "") for key, row in players.items()}
        out.append(
            RecordedDraw(
                draw,
                _time(entry.time),
                names,
                "The numbers beside the names are the players' numbers before the draw; "
                "each player's new pairing number is the drawn number.",
            )
        )
    return out


def _section_draws(state: Any, event: Event) -> list[RecordedDraw]:
    """The draw that gave a quad its pairing numbers when the quads were made (kept in the
    quad's records, since the quads command ran in the section it split)."""
    from arbiter_app.session.section_commands import FAMILY, NUMBERS_DRAW

    row = state.tables["records"].get((FAMILY, NUMBERS_DRAW))
    if row is None:
        return []
    data = json.loads(row["value"])
    draw = draw_from_json(data["draw"])
    current = event.player_map()
    # Drawn in the order of rating: the number drawn n-th became pairing number n.
    names = {
        old: current[new].name for new, old in enumerate(draw.outcome, start=1) if new in current
    }
    return [RecordedDraw(draw, _time(str(data.get("time", ""))), names)]


def _journal_draws(entries: Sequence[Any]) -> Iterator[RecordedDraw]:
    """Every recorded draw in the journal's arguments, with the entry's time."""
    for entry in entries:
        for data in _draw_dicts(entry.arguments):
            draw = draw_from_json(data)
            if draw.purpose == COLOUR_DRAW:
                # A coin of colours, not of players (FIDE C.04.3 article 5.2.5).
                colour = COLOUR_NAMES[draw.outcome[0]]
                note = f"The top-ranked player has {colour} in round 1."
                yield RecordedDraw(draw, _time(entry.time), names=COLOUR_NAMES, note=note)
            else:
                yield RecordedDraw(draw, _time(entry.time))


def _chess960_draws(state: Any, entries: Sequence[Any]) -> list[RecordedDraw]:
    """The Chess960 starting positions drawn, in the order they were drawn, each with the
    time of the journal entry that drew it (FIDE Laws of Chess, Guidelines II.1-II.2)."""
    from arbiter_app.core.chess960 import POSITIONS
    from arbiter_app.session.chess960 import positions_of
    from arbiter_app.session.commands import DrawChess960Position

    positions = positions_of(state)
    out: list[RecordedDraw] = []
    for entry in entries:
        if entry.command != DrawChess960Position.NAME:
            continue
        position = positions.get(entry.arguments.get("round"))
        if position is None:
            continue
        out.append(
            RecordedDraw(
                position.draw(),
                _time(entry.time),
                among=f"the {POSITIONS} Chess960 starting positions, numbered 0 to "
                f"{POSITIONS - 1} (Scharnagl)",
                outcome=f"{position.label()}; every board of {position.scope()} starts from it.",
                method=f"drawn by the application from seed {position.seed} (a number below "
                f"{POSITIONS} from SHA-256 of the seed, without modulo bias; the same seed "
                "always gives the same number)",
            )
        )
    return out


def _draw_dicts(value: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(value, Mapping):
        if {"purpose", "method", "candidates", "outcome"} <= value.keys():
            yield value
            return
        for v in value.values():
            yield from _draw_dicts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _draw_dicts(v)


def _time(text: str) -> str:
    """The journal's ISO time as the protocol prints it (to the minute, with its zone)."""
    date, _, clock = text.partition("T")
    if not clock:
        return text
    zone = " UTC" if clock.endswith(("Z", "+00:00")) else ""
    return f"{date} {clock[:5]}{zone}"
