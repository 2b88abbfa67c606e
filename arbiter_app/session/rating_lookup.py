"""The FIDE lists imported on this computer, as an event uses them.

The event's rating type is its ``rating_type`` setting (standard, rapid or
blitz); when none is set, the time control decides (FIDE Laws of Chess,
Appendices A.1 and B.1), and without a time control it is standard. The
lists themselves are in the rating database (:mod:`arbiter_app.store.rating_db`);
choosing a rating from them is the core's
(:mod:`arbiter_app.core.rating_source`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from arbiter_app.core import words
from arbiter_app.core.errors import ArbiterError, InputError, RuleError
from arbiter_app.core.model import Event
from arbiter_app.core.rating_source import (
    LIST_ENTRY,
    CustomFound,
    CustomList,
    Difference,
    ListRating,
    RatingList,
    choose,
    default_sequence,
    describe,
    differences,
    every_rating,
    list_missing_at,
    player_fields,
    source_entry,
)
from arbiter_app.core.ratinglist import ListedPlayer, RatingType, month_words, rating_type_for
from arbiter_app.core.timecontrol import parse as parse_time_control
from arbiter_app.session.state import State
from arbiter_app.store.rating_db import ImportReport, RatingDatabase


def rating_type_of(settings: Mapping[str, Any] | State, info_time_control: str = "") -> RatingType:
    """The event's rating type: the setting, else the time control's, else standard."""
    stored = (
        settings.setting("rating_type")
        if isinstance(settings, State)
        else settings.get("rating_type")
    )
    if stored:
        return RatingType(stored)
    if not info_time_control and isinstance(settings, State):
        info_time_control = str(settings.setting("info", {}).get("time_control") or "")
    if info_time_control:
        try:
            return rating_type_for(parse_time_control(info_time_control))
        except (InputError, ValueError):
            pass
    return RatingType.STANDARD


def rating_lists_of(state: State) -> tuple[str, ...]:
    """The event's sequence of rating lists: its ``rating_lists`` setting, else the default
    of its rating type (FIDE C.02 checklist, rating lists)."""
    stored = state.setting("rating_lists")
    return tuple(stored) if stored else default_sequence(rating_type_of(state))


CHECK_AFTER_UPDATE = "rating_check_after_update"
"""The setting that switches the check after a list update on and off (absent: on)."""


def checks_after_update(state: State) -> bool:
    """Whether the event's ratings are checked by themselves once a list is imported or
    updated (FIDE C.02 checklist, question 139), as the arbiter switched it (question
    138): on unless switched off. The switch is the event's, kept in its file: whether its
    ratings should follow the newest lists is the event's matter (an event rated from the
    list its regulations name, or not FIDE-rated, is switched off), and every computer
    and the command line that open it behave alike."""
    return state.setting(CHECK_AFTER_UPDATE) is not False


CHECK_SWITCHED_OFF = (
    "The event's ratings were not checked against the lists: the check after a list update "
    "is switched off for this event (FIDE C.02, question 138). A check asked for still runs "
    "('arbiter-app ratings check FILE', or Ratings ▸ Check players' ratings… in the window)."
)
"""What the window and the command line say instead of the check when it is switched off."""


def custom_names(sequence: tuple[str, ...] | None) -> frozenset[str]:
    """The custom lists a sequence names (``list:ENG`` → ``ENG``)."""
    return frozenset(e[len(LIST_ENTRY) :] for e in sequence or () if e.startswith(LIST_ENTRY))


def fields_for(
    db: RatingDatabase,
    fide_id: str | int,
    wanted: RatingType,
    day: date | None,
    sequence: tuple[str, ...] | None = None,
) -> dict[str, object]:
    """The player fields of FIDE ID *fide_id* from the lists valid on *day* (the event's
    start; the newest list when the event has no start date); RuleError when no list has it."""
    found = db.by_id(fide_id)
    if not found:
        known = db.lists()
        where = (
            "no FIDE list has been imported yet (arbiter-app ratings import FILE)"
            if not known
            else "it is not on the imported list"
            if len(known) == 1
            else f"it is on none of the {len(known)} imported lists"
        )
        raise RuleError(f"FIDE ID {fide_id} cannot be looked up: {where}")
    custom = db.custom_found(custom_names(sequence), str(fide_id), "")
    return player_fields(found, wanted, day, sequence, custom)


def other_ratings(
    db: RatingDatabase,
    fide_id: str,
    day: date | None,
    sequence: tuple[str, ...],
    used: str,
) -> list[ListRating]:
    """The player's ratings on the lists valid on *day* other than the one their rating
    came from (source *used*): FIDE's three and the custom lists of *sequence*."""
    custom = db.custom_found(custom_names(sequence), fide_id, "")
    came_from = source_entry(used)
    return [x for x in every_rating(db.by_id(fide_id), day, custom) if x.entry != came_from]


def fields_for_national(
    db: RatingDatabase,
    national_id: str,
    wanted: RatingType,
    day: date | None,
    sequence: tuple[str, ...],
) -> dict[str, object]:
    """The player fields of the player with *national_id* on the custom lists of the
    event's *sequence* (the newest valid on *day* gives the name and the other fields; the
    rating comes from the sequence, FIDE's lists included when the custom list gives the
    FIDE ID); RuleError when no such list holds them."""
    names = custom_names(sequence)
    if not names:
        raise RuleError(
            "the event's sequence of rating lists names no national or custom list: add one "
            "first (arbiter-app ratings lists FILE --set standard,list:NAME)"
        )
    custom = [
        c
        for c in db.custom_found(names, "", national_id.strip())
        if day is None or c.list.month <= day
    ] or db.custom_found(names, "", national_id.strip())
    if not custom:
        listed = ", ".join(sorted(names))
        raise RuleError(f"ID {national_id} cannot be looked up: it is on no list {listed}")
    person = max(custom, key=lambda c: (c.list.month, c.list.id)).player
    fide_id = str(person.fide_id or "")
    found = db.by_id(fide_id) if fide_id else []
    choice = choose(found, wanted, day, sequence, custom)
    sex = {"m": "m", "f": "w", "w": "w"}.get(person.sex[:1].lower(), "")
    fields: dict[str, object] = {
        "name": person.name,
        "title": person.title,
        "federation": person.federation,
        "fide_id": fide_id,
        "national_id": person.id,
        "sex": sex,
        "birth": str(person.birth_year) if person.birth_year else "",
        "rating": choice.rating if choice is not None else None,
        "rating_source": choice.source if choice is not None else "",
    }
    if found:
        # What the custom list leaves out, FIDE's list of the same player gives.
        fide = player_fields(found, wanted, day, sequence, custom)
        for key in ("title", "federation", "sex", "birth"):
            if not fields[key]:
                fields[key] = fide[key]
    return fields


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The consistency check: which lists were valid at the start, who differs, who was not checked."""

    wanted: RatingType
    day: date | None
    lists: tuple[RatingList, ...]
    differences: tuple[Difference, ...]
    checked: int
    without_id: int
    missing: date | None = None
    """The month of the list valid on *day* when it has not been imported (an older list
    stood in): :meth:`stale` says so."""
    custom: tuple[CustomList, ...] = ()
    """The custom lists of the event's sequence valid on *day*."""
    from_round: int | None = None
    """The round whose date *day* is, when the check is of a list valid from that round."""
    current: date | None = None
    """The month of the list FIDE has published by today, when it has not been imported."""
    newest: date | None = None
    """The month of the newest FIDE list imported."""

    def _moment(self) -> str:
        assert self.day is not None
        if self.from_round is None:
            return f"the event's start ({self.day.isoformat()})"
        return f"round {self.from_round} ({self.day.isoformat()})"

    def stale(self) -> str:
        """The sentence that says the check used a list older than the one valid at the start
        (or at the round checked); "" when that list is imported."""
        if self.missing is None or self.day is None or not self.lists:
            return ""
        at = "the start" if self.from_round is None else f"round {self.from_round}"
        newest = max(x.month for x in self.lists)
        return (
            f"The newest list imported is of {month_words(newest)}, older than "
            f"{self._moment()}: the list valid at {at} is the list of "
            f"{month_words(self.missing)} (FIDE Rating Regulations, Official FIDE Rating "
            "List), which has not been imported. Import it and check again before applying "
            "any rating."
        )

    def outdated(self) -> str:
        """The sentence that says FIDE has published a newer list than the newest imported
        ("" when the list of today's month is imported, or :meth:`stale` says it already)."""
        if self.current is None or self.newest is None or self.current == self.missing:
            return ""
        return (
            f"FIDE has published the list of {month_words(self.current)} (a list comes out on "
            f"the first day of every month); the newest on this computer is of "
            f"{month_words(self.newest)}. Download it and update the lists to keep them "
            "current."
        )

    def heading(self) -> str:
        when = (
            "now (the event has no start date)"
            if not self.day
            else f"at the start, {self.day.isoformat()}"
            if self.from_round is None
            else f"from round {self.from_round}, {self.day.isoformat()}"
        )
        listed = "; ".join([x.title for x in self.lists] + [x.title for x in self.custom]) or "none"
        lists = "list" if len(self.lists) + len(self.custom) == 1 else "lists"
        fide = "" if self.custom else "FIDE "
        return f"{self.wanted.value.capitalize()} ratings against the {fide}{lists} valid {when}: {listed}."

    def summary(self) -> str:
        checked, count = self.checked, len(self.differences)
        if not checked:
            agree = "No player has a FIDE ID: nobody was checked."
        elif not count:
            agree = (
                "The player with a FIDE ID has the list's rating."
                if checked == 1
                else f"All {words.count(checked, 'player')} with a FIDE ID have the list's rating."
            )
        elif checked == 1:
            agree = "The player with a FIDE ID differs from the list."
        else:
            verb = "differs" if count == 1 else "differ"
            agree = f"{count} of the {words.count(checked, 'player')} with a FIDE ID {verb} from the list."
        if self.without_id and checked:
            agree += (
                f" {words.count(self.without_id, 'player')} "
                + ("has no FIDE ID and was" if self.without_id == 1 else "have no FIDE ID and were")
                + " not checked."
            )

        return agree


def check_ratings(
    event: Event,
    wanted: RatingType,
    db_path: Path | None = None,
    sequence: tuple[str, ...] | None = None,
    *,
    from_round: int | None = None,
    today: date | None = None,
) -> CheckReport:
    """:func:`check_event` against the rating database of the data folder (or *db_path*)."""
    with RatingDatabase.open(db_path) as db:
        return check_event(db, event, wanted, sequence, from_round=from_round, today=today)


def round_day(event: Event, round_no: int) -> date | None:
    """The date of round *round_no* from the event's round dates (``2026-11-20`` or TRF's
    ``26/11/20``); None when the schedule does not give it."""
    dates = event.info.round_dates
    if not 0 < round_no <= len(dates):
        return None
    text = dates[round_no - 1].strip()
    for form in ("%Y-%m-%d", "%y/%m/%d", "%Y/%m/%d"):
        try:
            return datetime.strptime(text, form).date()
        except ValueError:
            continue
    return None


def check_event(
    db: RatingDatabase,
    event: Event,
    wanted: RatingType,
    sequence: tuple[str, ...] | None = None,
    *,
    from_round: int | None = None,
    today: date | None = None,
) -> CheckReport:
    """Players whose rating differs from the one the event's sequence of lists gives at
    its start (FIDE's lists, and the custom lists the sequence names).

    With *from_round*, against the lists valid on that round's date when the schedule
    gives it (a list valid from a given round). *today* (the caller's clock) tells
    whether FIDE has published a list newer than the newest imported.
    """
    lists = db.lists()
    day = event.info.start_date
    at_round = round_day(event, from_round) if from_round else None
    if at_round is not None:
        day = at_round
    names = custom_names(sequence)
    customs = [x for x in db.custom_lists() if x.name in names and (day is None or x.month <= day)]
    custom: dict[int, list[CustomFound]] = {}
    if customs:
        for p in event.players:
            found = db.custom_found(names, p.fide_id, p.national_id)
            if found:
                custom[p.tpn] = found
    if not lists and not customs:
        raise ArbiterError("no FIDE list has been imported yet (arbiter-app ratings import FILE)")
    if lists and day is not None and not any(x.month <= day for x in lists):
        oldest = min(x.month for x in lists)
        raise RuleError(
            f"no imported list is valid at the event's start ({day.isoformat()}): the oldest is "
            f"of {month_words(oldest)}; import the list of the event's month"
        )
    ids = [p.fide_id for p in event.players if p.fide_id]
    valid = [x for x in lists if day is None or x.month <= day]
    shown: list[RatingList] = []
    for kind in dict.fromkeys((wanted, RatingType.STANDARD)):
        newest = next((x for x in valid if kind in x.covers), None)
        if newest is not None and newest not in shown:
            shown.append(newest)
    shown_custom: list[CustomList] = []
    for name in dict.fromkeys(x.name for x in customs):
        shown_custom.append(next(x for x in customs if x.name == name))
    return CheckReport(
        wanted,
        day,
        tuple(shown),
        tuple(differences(event.players, db.by_ids(ids), wanted, day, sequence, custom)),
        len(ids) + sum(1 for p in event.players if not p.fide_id and p.tpn in custom),
        sum(1 for p in event.players if not p.fide_id and p.tpn not in custom),
        list_missing_at((x.month for x in lists), day),
        tuple(shown_custom),
        from_round if at_round is not None else None,
        list_missing_at((x.month for x in lists), today),
        max((x.month for x in lists), default=None),
    )


@dataclass(frozen=True, slots=True)
class Match:
    """A player found on the lists, as the Add player dialog offers them."""

    label: str
    fields: dict[str, object]


class ListLookup:
    """Look players up for an event of rating type *wanted* starting on *day*.

    Each search opens the rating database of the data folder (or *path*) and
    closes it again, so a list imported meanwhile is seen at once.
    """

    def __init__(
        self,
        wanted: RatingType,
        day: date | None,
        path: Path | None = None,
        sequence: tuple[str, ...] | None = None,
    ) -> None:
        self.wanted = wanted
        self.day = day
        self.path = path
        self.sequence = sequence

    def lists(self) -> list[RatingList]:
        with RatingDatabase.open(self.path) as db:
            return db.lists()

    def search(self, text: str, limit: int = 30) -> list[Match]:
        """Players matching *text* (a FIDE ID, or the start of the name), with their fields."""
        out: list[Match] = []
        with RatingDatabase.open(self.path) as db:
            for found in db.search(text, limit):
                fide_id = found.player.fide_id
                custom = db.custom_found(custom_names(self.sequence), str(fide_id), "")
                fields = player_fields(
                    db.by_id(fide_id), self.wanted, self.day, self.sequence, custom
                )
                out.append(Match(_label(found.player, fields), fields))
        return out


def _label(player: ListedPlayer, fields: Mapping[str, object]) -> str:
    """``Aasgaard, Magne  GM  NOR  1990  2688 (FIDE rapid list, September 2026)``."""
    parts = [player.name]
    parts += [x for x in (str(fields["title"]), player.federation, str(fields["birth"])) if x]
    rating = fields["rating"]
    source = describe(str(fields["rating_source"]))
    parts.append(f"{rating} ({source})" if rating else f"unrated for this event ({source})")
    return "  ".join(parts)


def import_list(
    path: Path,
    month: date | None = None,
    kind: RatingType | None = None,
    db_path: Path | None = None,
) -> ImportReport:
    """Import a FIDE list file into the rating database (see ``ratings import``)."""
    with RatingDatabase.open(db_path) as db:
        return db.import_file(path, month=month, rating_type=kind)


def custom_list_names(db_path: Path | None = None) -> list[str]:
    """The names of the custom lists imported on this computer, newest first, each once."""
    with RatingDatabase.open(db_path) as db:
        return list(dict.fromkeys(x.name for x in db.custom_lists()))


@dataclass(frozen=True, slots=True)
class UpdateLine:
    """What an update did with one file of the folder: *imported* (True), skipped or
    refused (False, with the reason in *text*)."""

    file: str
    imported: bool | None
    """True imported, False not imported (refused), None skipped."""
    text: str


def update_lists(
    folder: Path, month: date | None = None, db_path: Path | None = None
) -> list[UpdateLine]:
    """Every list in *folder*, in one action (FIDE C.02 checklist, rating lists: an update
    of all local lists): FIDE's zips, TXT and XML files, and ``NAME.csv`` for each custom
    list imported before, read with the layout it declared. Each file is its own import: a
    file that cannot be imported is named with the reason, and the others are imported."""
    if not folder.is_dir():
        raise ArbiterError(f"{folder}: not a folder")
    out: list[UpdateLine] = []
    with RatingDatabase.open(db_path) as db:
        for f in sorted(f for f in folder.iterdir() if f.is_file()):
            suffix = f.suffix.lower()
            try:
                if suffix in (".zip", ".txt", ".xml"):
                    report = db.import_file(f, month=month)
                    listed = report.imported
                    out.append(UpdateLine(f.name, True, f"{listed.size}: {listed.title}"))
                elif suffix == ".csv":
                    layout = db.custom_layout(f.stem)
                    if layout is None:
                        out.append(
                            UpdateLine(
                                f.name,
                                None,
                                f"no custom list {f.stem} was imported before (import it "
                                "once with --list and its --columns)",
                            )
                        )
                        continue
                    if month is None:
                        raise ArbiterError("give the custom list's month (--month 2026-11)")
                    custom = db.import_custom(f, name=f.stem, month=month, layout=layout)
                    listed_custom = custom.imported
                    out.append(
                        UpdateLine(f.name, True, f"{listed_custom.size}: {listed_custom.title}")
                    )
            except ArbiterError as exc:
                out.append(UpdateLine(f.name, False, str(exc).splitlines()[0]))
    return out
