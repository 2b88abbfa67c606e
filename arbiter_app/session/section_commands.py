"""Commands on the event's sections: add, rename, remove, move a player, make quads.

Each is one arbiter action, one transaction and one journal entry over every
section it touches (:class:`~arbiter_app.session.event_rows.EventTx`); the
entry records the section it was run from, which is the section renamed,
removed, left by the player or split into quads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import derived_seeds, draw_to_json, seeded_draw
from arbiter_app.core.model import System
from arbiter_app.core.pairing.numbers import ARTICLE_LOT, Numbering
from arbiter_app.core.quads import ARTICLE, HOUSE, QuadGroup, Remainder, group_word, plan_quads
from arbiter_app.core.rating_source import typed_or_imported
from arbiter_app.core.tiebreaks.round_robin import refusal as round_robin_refusal
from arbiter_app.core.words import count
from arbiter_app.session import queries
from arbiter_app.session.codec import PLAYER_FIELDS, clean_player_fields
from arbiter_app.session.commands import (
    AddSection,
    CreateEvent,
    MakeQuads,
    MovePlayerToSection,
    RemoveSection,
    RenameSection,
    given,
)
from arbiter_app.session.event_commands import checked_section_name, create_event
from arbiter_app.session.event_rows import (
    SECTION_NAME,
    SHARED_INFO,
    EventTx,
    event_name,
    section_name,
)
from arbiter_app.session.numbering import follow_ranking, players_of, set_numbering
from arbiter_app.session.player_commands import give_attendance, take_attendance
from arbiter_app.session.registry import CommandError, Context, event_command, text, whole_number
from arbiter_app.session.state import Tx
from arbiter_app.store.journal import canonical_json

if TYPE_CHECKING:
    from arbiter_app.session.session import Session

FAMILY = "sections"

NUMBERS_DRAW = "numbers_draw"
"""The ``records`` key (family ``sections``) of the draw that numbered a quad, with the
time it was made, for the protocol of draws (the quads command makes one draw per quad from
its one seed): ``{"draw": …, "time": …}``."""

CARRIED = (
    "point_system",
    "rule_set",
    "bye_policy",
    "rating_type",
)
"""Settings a quad takes from the section its players came from."""

SECTION_INFO = ("tournament_type", "time_control", "round_dates")
"""Header fields of a section's own (the rest is the event's, the same everywhere)."""


def _names(etx: EventTx, *, leaving: int | None = None) -> list[str]:
    """The names of the event's sections (but *leaving*'s)."""
    out = []
    for number in etx.sections():
        if number == leaving:
            continue
        tx = etx.section(number)
        out.append(section_name(tx, event_name(tx)))
    return out


def _named(tx: Tx) -> str:
    return section_name(tx, event_name(tx))


def _new_section(
    etx: EventTx, ctx: Context, name: str, system: str, rounds: int, **settings: Any
) -> int:
    """Make a section with the event's shared header, as ``create_event`` makes an event."""
    home = ctx.tx
    info = home.setting("info", {})
    shared = {k: v for k, v in info.items() if k in SHARED_INFO}
    own = dict(settings.pop("info", None) or {})
    number = etx.new_section()
    swiss = system in (
        System.SWISS.value,
        System.DOUBLE_SWISS.value,
        System.FIDE_DOUBLE_SWISS.value,
    )
    args: dict[str, Any] = {
        "name": event_name(home),
        "system": system,
        "rounds": rounds,
        "info": {**own, **shared},
        SECTION_NAME: name,
        "pairing_numbers": (Numbering.RATING if swiss else Numbering.ENTRY).value,
        **settings,
    }
    create_event(etx.section(number), CreateEvent.of(args), ctx)
    return number


@event_command(AddSection)
def add_section(etx: EventTx, cmd: AddSection, ctx: Context) -> int:
    """Add a section to the event (its name, system, rounds, optional preset and settings);
    returns its number. It shares the event's name, place, dates and arbiters."""
    name = checked_section_name(cmd.name, _names(etx))
    system = text(cmd.system, "system")
    rounds = whole_number(cmd.rounds, "rounds", minimum=1)
    settings = {k: v for k, v in cmd.settings().items() if k not in ("system", "rounds")}
    return _new_section(etx, ctx, name, system, rounds, **settings)


@event_command(RenameSection)
def rename_section(etx: EventTx, cmd: RenameSection, ctx: Context) -> str:
    """Give the section its command was run in a new name; returns it."""
    home = ctx.tx
    name = checked_section_name(cmd.name, _names(etx, leaving=ctx.section))
    home.set_setting(SECTION_NAME, name)
    return name


@event_command(RemoveSection)
def remove_section(etx: EventTx, cmd: RemoveSection, ctx: Context) -> None:
    """Remove the section the command was run in: only while it has no players, and never
    the event's last section."""
    home = ctx.tx
    name = _named(home)
    if etx.sections() == [ctx.section]:
        raise RuleError(f'"{name}" is the event\'s only section: an event keeps one')
    registered = len(home.rows("players"))
    if registered:
        who = count(registered, "player")
        raise RuleError(
            f'"{name}" has {who}: move them to another section first (a section is removed '
            "only while it is empty)"
        )
    etx.remove_section(ctx.section)


def _before_round_one(tx: Tx, what: str) -> None:
    """Refuse *what* ("a player moves only before round 1 of both sections") once the
    section's round 1 is paired: its pairing numbers and schedule are fixed then."""
    paired = queries.paired_rounds(tx)
    if paired:
        rounds = "round 1 is" if paired == 1 else f"{count(paired, 'round')} are"
        raise RuleError(
            f'in "{_named(tx)}" {rounds} paired already: {what} (the pairing numbers and '
            "the schedule are fixed then)"
        )


def _take_player(tx: Tx, tpn: int) -> dict[str, Any]:
    """Remove player *tpn* from a section before round 1; the numbers after close the gap.
    Returns the player's own fields and requested byes."""
    row = queries.player(tx, tpn)
    if any(r["tpn"] == tpn for r in tx.rows("adjustments").values()):
        raise RuleError(
            f"player {tpn} has a points adjustment in this section; take it back before "
            "moving the player"
        )
    fields = {name: row[name] for name in PLAYER_FIELDS}
    byes = {key[1]: r["kind"] for key, r in tx.rows("bye_requests").items() if key[0] == tpn}
    for round_no in byes:
        tx.delete("bye_requests", (tpn, round_no))
    for key, group in tx.rows("forbidden_pairs").items():
        members = [int(x) for x in group["players"].split(",")]
        if tpn in members:
            rest = [m for m in members if m != tpn]
            if len(rest) < 2:
                tx.delete("forbidden_pairs", key)
            else:
                tx.put("forbidden_pairs", key, {"players": ",".join(map(str, rest))})
    present = take_attendance(tx, tpn)
    tx.delete("players", (tpn,))
    after = sorted(k[0] for k in tx.keys("players") if k[0] > tpn)
    if after:
        queries.renumber(tx, {old: old - 1 for old in after})
    return {"fields": fields, "byes": byes, "present": present}


def _give_player(tx: Tx, taken: dict[str, Any]) -> int:
    """Register a moved player in a section (as ``add_player`` does); returns the number."""
    tpn = max((k[0] for k in tx.keys("players")), default=0) + 1
    tx.put("players", (tpn,), _player_row(taken["fields"]))
    planned = int(tx.setting("rounds", 0))
    for round_no, kind in taken["byes"].items():
        if round_no <= planned:
            tx.put("bye_requests", (tpn, round_no), {"kind": kind})
    give_attendance(tx, tpn, bool(taken.get("present")))
    return follow_ranking(tx).get(tpn, tpn)


@event_command(MovePlayerToSection)
def move_player(etx: EventTx, cmd: MovePlayerToSection, ctx: Context) -> int:
    """Move player *tpn* from the section the command runs in to section *to*, before round 1
    of both; returns the player's pairing number there."""
    home = ctx.tx
    tpn = whole_number(cmd.tpn, "tpn", minimum=1)
    target = whole_number(cmd.to, "to", minimum=1)
    if target not in etx.sections():
        raise CommandError(f"the event has no section number {target}")
    there = etx.section(target)
    if there is home:
        raise RuleError(f'player {tpn} is in "{_named(home)}" already')
    _before_round_one(home, "a player moves only before round 1 of both sections")
    _before_round_one(there, "a player moves only before round 1 of both sections")
    return _give_player(there, _take_player(home, tpn))


def _remainder(cmd: MakeQuads) -> Remainder:
    value = given(cmd.remainder, Remainder.SWISS.value)
    try:
        return Remainder(value)
    except ValueError:
        known = ", ".join(r.value for r in Remainder)
        raise CommandError(f"the players left over go to one of {known}, not {value!r}") from None


def quads_plan(tx: Tx, cmd: MakeQuads, taken: list[str]) -> tuple[QuadGroup, ...]:
    """The quads the section's players make (what ``section.quads`` would do): for the
    window to show before the arbiter confirms."""
    size = whole_number(given(cmd.size, 4), "size")
    word = group_word(size)
    used = [
        int(n.split()[-1]) for n in taken if n.startswith(f"{word} ") and n.split()[-1].isdecimal()
    ]
    return plan_quads(players_of(tx), size, _remainder(cmd), first_number=max(used, default=0) + 1)


def propose_quads(session: Session, cmd: MakeQuads) -> tuple[QuadGroup, ...]:
    """The groups *cmd* would make of the chosen section's players (raises the command's
    refusal): what the window and ``quads --dry-run`` show first."""
    taken = [s.name for s in session.sections if s.number != session.section.number]
    return quads_plan(Tx(session.state), cmd, taken)


def _quad_settings(source: Tx, system: System) -> dict[str, Any]:
    """A quad's settings: the source section's rules, its tie-breaks fit for the system."""
    out = {k: source.setting(k) for k in CARRIED if source.setting(k) is not None}
    preset = source.setting("preset")
    if preset is not None:
        out["preset"] = preset
    codes = list(source.setting("tiebreaks", []) or [])
    if system.is_round_robin:
        codes = [c for c in codes if round_robin_refusal(c) is None]
    if codes:
        out["tiebreaks"] = codes
    info = source.setting("info", {})
    out["info"] = {k: info[k] for k in SECTION_INFO if info.get(k)}
    return out


@event_command(MakeQuads)
def make_quads(etx: EventTx, cmd: MakeQuads, ctx: Context) -> list[int]:
    """Split the section's players by rating into quads (US Chess 30G), each a round robin
    numbered by lot; the section, emptied, goes. Returns the new sections' numbers.

    *size* (4) players a group; *remainder* says what the players left over play
    (:class:`~arbiter_app.core.quads.Remainder`); *house_player* holds the house
    player's fields when one completes the bottom group.
    """
    home = ctx.tx
    _before_round_one(home, "quads are made only before round 1")
    if ctx.seed is None:
        raise CommandError("quads draw their pairing numbers by lot: the command needs a seed")
    groups = quads_plan(home, cmd, _names(etx, leaving=ctx.section))
    house = _house_player(given(cmd.house_player, None), groups)
    taken: dict[int, dict[str, Any]] = {
        key[0]: {"fields": {n: row[n] for n in PLAYER_FIELDS}, "byes": {}}
        for key, row in home.rows("players").items()
    }
    for (tpn, round_no), row in home.rows("bye_requests").items():
        taken[tpn]["byes"][round_no] = row["kind"]
    made: list[int] = []
    seeds = derived_seeds(ctx.seed, len(groups))
    for group, seed in zip(groups, seeds, strict=True):
        settings = _quad_settings(home, group.system)
        number = _new_section(etx, ctx, group.name, group.system.value, group.rounds, **settings)
        tx = etx.section(number)
        for place, tpn in enumerate(group.players, start=1):
            player = house if tpn == HOUSE else taken[tpn]
            tx.put("players", (place,), _player_row(player["fields"]))
            for round_no, kind in player["byes"].items():
                if round_no <= group.rounds:
                    tx.put("bye_requests", (place, round_no), {"kind": kind})
        if group.system.is_round_robin:
            _numbers_by_lot(tx, group, seed, ctx.time)
        else:
            follow_ranking(tx)
        made.append(number)
    etx.remove_section(ctx.section)
    return made


def _house_player(house: object, groups: tuple[QuadGroup, ...]) -> dict[str, Any]:
    wanted = any(HOUSE in g.players for g in groups)
    if not wanted:
        return {}
    if not isinstance(house, dict) or not house.get("name"):
        raise CommandError("the house player who completes the bottom quad needs a name")
    unknown = set(house) - set(PLAYER_FIELDS)
    if unknown:
        raise CommandError(
            f"the house player: {count(len(unknown), 'unknown field')}: {', '.join(sorted(unknown))}"
        )
    try:
        fields = clean_player_fields(house)
    except ValueError as exc:
        raise CommandError(f"the house player: {exc}") from exc
    row = {n: fields.get(n, None if n in _NUMBERS else "") for n in PLAYER_FIELDS}
    row["rating_source"] = typed_or_imported(row["rating"], "", fields.get("rating_source"))
    return {"fields": row, "byes": {}}


_NUMBERS = ("rating", "national_rating")


def _player_row(fields: dict[str, Any]) -> dict[str, Any]:
    """A player's row in a section they join: their own fields, nothing of the event's."""
    return {**fields, "disqualified": 0, "withdrawn_from_round": None}


def _numbers_by_lot(tx: Tx, group: QuadGroup, seed: int, time: str) -> None:
    """Draw the quad's pairing numbers by lot from *seed* and keep the draw for the protocol
    (FIDE C.05 articles 7.2 and 7.5; US Chess 30A)."""
    current = sorted(k[0] for k in tx.keys("players"))
    draw = seeded_draw(
        f"Pairing numbers of {group.name}, by lot",
        current,
        seed,
        article=f"{ARTICLE_LOT}; {ARTICLE}",
    )
    queries.renumber(tx, {old: new for new, old in enumerate(draw.outcome, start=1)})
    set_numbering(tx, Numbering.LOT)
    record = {"draw": draw_to_json(draw), "time": time}
    tx.put("records", (FAMILY, NUMBERS_DRAW), {"value": canonical_json(record)})
