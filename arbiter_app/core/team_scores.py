"""Team scores in an individual event: US Chess rule 28N, combined individual-team events.

US Chess rule 28N (combined individual-team tournaments): the players are paired as
individuals, and each team's score is the sum of the scores of its top scorers,
usually the top four; the director tries to avoid pairing teammates. Scholastic
events use it for schools. Arbiter takes a player's team (or school) from the
player's club field, which the players' CSV import fills from a ``club``,
``team`` or ``school`` column.

How many scores count is the event's setting (:data:`DEFAULT_BEST`, four, when the
event does not say). The rulebook leaves the order of teams with equal scores to
what the event announces; Arbiter breaks it by the sums, over the players who
count, of the section's own tie-breaks in their order (the practice of scholastic
events that count "the top four players' scores and tie-breaks"). Teams still equal
share the place (``2-3``). Which of two teammates with equal scores counts follows
the individual standings: the one ranked higher.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Event, Player
from arbiter_app.core.standings import Standings

DEFAULT_BEST = 4
"""The number of scores that count when the event does not say (US Chess 28N: "usually
the top four")."""

MOST_BEST = 50
"""The most scores an event can count for a team (a wall chart's team column, not a rule)."""

RULE = "US Chess rule 28N"


def team_of(player: Player) -> str:
    """The player's team or school as the event names it ("" for none)."""
    return " ".join(player.club.split())


def _key(team: str) -> str:
    # "Lincoln Elementary" and "lincoln  elementary" are one school.
    return team.casefold()


def checked_best(value: object) -> int:
    """*value* as the number of scores that count, or RuleError saying why not."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"the number of team scores that count is a whole number, not {value!r}")
    if not 1 <= value <= MOST_BEST:
        raise RuleError(
            f"the number of team scores that count is from 1 to {MOST_BEST}, not {value} "
            f"({RULE}: usually the top four)"
        )
    return value


@dataclass(frozen=True, slots=True)
class TeamMember:
    """One player of a team: *counts* when the score is one of the team's best."""

    tpn: int
    name: str
    place: str
    points: Fraction
    counts: bool


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One team: its place (``"2-3"`` when shared), score and tie-break sums."""

    place: str
    rank: int
    team: str
    points: Fraction
    tiebreaks: tuple[Fraction, ...]
    members: tuple[TeamMember, ...]

    @property
    def counting(self) -> tuple[TeamMember, ...]:
        return tuple(m for m in self.members if m.counts)


@dataclass(frozen=True, slots=True)
class TeamStandings:
    """The teams ranked (28N), with the individual standings they were made from."""

    rows: tuple[TeamRow, ...]
    best: int
    codes: tuple[str, ...]
    standings: Standings

    @property
    def title(self) -> str:
        """ "Team standings after round 3 of 5", "Final team standings", …"""
        title = self.standings.title
        if title.startswith("Standings"):
            return "Team standings" + title[len("Standings") :]
        return title.replace(" standings", " team standings", 1)

    @property
    def rule(self) -> str:
        """What every view prints under the table: how the team scores are made."""
        scores = "score counts" if self.best == 1 else f"{self.best} scores count"
        ties = (
            f"equal teams are ordered by the sums of {', '.join(self.codes)} over those players"
            if self.codes
            else "equal teams share the place"
        )
        return f"{RULE}: each team's best {scores}; {ties}."

    def row(self, team: str) -> TeamRow:
        for r in self.rows:
            if _key(r.team) == _key(team):
                return r
        raise KeyError(f"no team {team!r}")


def team_standings(standings: Standings, best: int = DEFAULT_BEST) -> TeamStandings:
    """The teams of *standings*' event ranked by their best *best* scores (US Chess 28N).

    The players are taken in the order of the individual standings, so a team's
    counting players are its first *best* there; players left out of the standings
    (a disqualified player) count for no team. A team with fewer players than
    *best* counts the scores it has.
    """
    best = checked_best(best)
    event: Event = standings.context.event
    players = event.player_map()
    members: dict[str, list[TeamMember]] = {}
    names: dict[str, str] = {}
    values: dict[str, list[Fraction]] = {}
    codes = tuple(standings.codes)
    for row in standings.rows:
        player = players.get(row.tpn)
        team = team_of(player) if player is not None else ""
        if not team:
            continue
        key = _key(team)
        names.setdefault(key, team)
        found = members.setdefault(key, [])
        counts = len(found) < best
        found.append(TeamMember(row.tpn, row.name, row.place, row.points, counts))
        if counts:
            sums = values.setdefault(key, [Fraction(0)] * len(codes))
            for i, code in enumerate(codes):
                sums[i] += row.values.get(code, Fraction(0))
    built = [
        (
            names[key],
            sum((m.points for m in found if m.counts), Fraction(0)),
            tuple(values.get(key, [Fraction(0)] * len(codes))),
            tuple(found),
        )
        for key, found in members.items()
    ]
    built.sort(key=lambda t: (-t[1], tuple(-v for v in t[2]), _key(t[0])))
    return TeamStandings(tuple(_placed(built)), best, codes, standings)


def _placed(
    built: Sequence[tuple[str, Fraction, tuple[Fraction, ...], tuple[TeamMember, ...]]],
) -> Iterable[TeamRow]:
    i = 0
    while i < len(built):
        j = i
        while j + 1 < len(built) and built[j + 1][1:3] == built[i][1:3]:
            j += 1
        place = str(i + 1) if i == j else f"{i + 1}-{j + 1}"
        for team, points, tiebreaks, members in built[i : j + 1]:
            yield TeamRow(place, i + 1, team, points, tiebreaks, members)
        i = j + 1


def teammate_groups(event: Event) -> tuple[frozenset[int], ...]:
    """The players of each team of two or more still in the event, as groups that must not
    meet: the event's option to keep teammates apart (US Chess 28N, the director avoids
    pairing teammates), handed to the pairing as forbidden pairs (TRF record 260)."""
    by_team: dict[str, set[int]] = {}
    for player in event.players:
        team = team_of(player)
        if team:
            by_team.setdefault(_key(team), set()).add(player.tpn)
    return tuple(
        frozenset(group)
        for _, group in sorted(by_team.items(), key=lambda kv: min(kv[1]))
        if len(group) > 1
    )


def with_teammates_apart(event: Event) -> Event:
    """*event* with its teams added to its forbidden pairs (28N), for the pairing only."""
    extra = tuple(g for g in teammate_groups(event) if g not in event.forbidden_pairs)
    if not extra:
        return event
    return replace(event, forbidden_pairs=event.forbidden_pairs + extra)
