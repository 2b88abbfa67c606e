"""One round of a file set against the pairing the rules give: the board-by-board comparison.

The file has no board numbers (TRF records results per player), so the
engine's boards are the reference: each board the engine makes is looked up
in the file, then whatever the file pairs that no engine board accounts for
is reported, then the pairing-allocated bye. Findings are sentences an
arbiter reads: ``Round 5: board 3 should be 12 - 7 (White 12), the file has
7 - 12``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from arbiter_app.core.checker.findings import Finding, Kind
from arbiter_app.core.model import Colour, EntryKind, Event

_KIND_WORDS = {
    EntryKind.PAIRING_BYE: "has the pairing-allocated bye",
    EntryKind.FULL_BYE: "has a full-point bye",
    EntryKind.HALF_BYE: "has a half-point bye",
    EntryKind.ZERO_BYE: "has a zero-point bye",
    EntryKind.NOT_PAIRED: "is not paired",
    EntryKind.WITHDRAWN: "has withdrawn",
    EntryKind.FORFEIT_WIN: "wins by forfeit without a named opponent",
    EntryKind.FORFEIT_LOSS: "loses by forfeit without a named opponent",
}


@dataclass(frozen=True)
class FileRound:
    """What one column of the file says: the games (colours when known) and who has what."""

    games: dict[frozenset[int], tuple[int, int] | None]
    """Each pair of opponents, as (White, Black), or None when the file gives no colours."""
    opponent: dict[int, int]
    kinds: dict[int, EntryKind]
    pairing_bye: tuple[int, ...]

    @staticmethod
    def of(event: Event, column: int) -> FileRound:
        games: dict[frozenset[int], tuple[int, int] | None] = {}
        opponent: dict[int, int] = {}
        kinds: dict[int, EntryKind] = {}
        byes: list[int] = []
        for p in event.players:
            e = event.entry(p.tpn, column)
            kinds[p.tpn] = e.kind
            if e.kind is EntryKind.PAIRING_BYE:
                byes.append(p.tpn)
            if not e.kind.has_opponent or e.opponent is None:
                continue
            opponent[p.tpn] = e.opponent
            pair = frozenset((p.tpn, e.opponent))
            if e.colour is Colour.WHITE:
                games[pair] = (p.tpn, e.opponent)
            elif e.colour is Colour.BLACK:
                games[pair] = (e.opponent, p.tpn)
            else:
                games.setdefault(pair, None)
        return FileRound(games, opponent, kinds, tuple(sorted(byes)))

    def shown(self, tpn: int) -> tuple[int, int]:
        """The player's game as (White, Black) (lower number first without colours), or (tpn, 0)."""
        opp = self.opponent.get(tpn)
        if opp is None:
            return (tpn, 0)
        colours = self.games.get(frozenset((tpn, opp)))
        return colours if colours is not None else (min(tpn, opp), max(tpn, opp))

    def words(self, tpn: int) -> str:
        opp = self.opponent.get(tpn)
        if opp is None:
            return (
                f"{tpn} {_KIND_WORDS.get(self.kinds.get(tpn, EntryKind.NOT_PAIRED), 'has no game')}"
            )
        w, b = self.shown(tpn)
        return f"{w} - {b}"


def compare(
    round_no: int,
    boards: Sequence[tuple[int, int, int]],
    file: FileRound,
    *,
    bye: int | None,
    bye_words: str = "the pairing-allocated bye",
    unplayed_ok: frozenset[int] = frozenset(),
) -> list[Finding]:
    """Findings of one round: *boards* are the engine's (number, White, Black), *bye* its PAB.

    *unplayed_ok* are players allowed to have no game although the engine pairs
    them (in a round robin, a game not played because a player withdrew or was
    absent is not a pairing error: the schedule stands).
    """
    head = f"Round {round_no}"
    findings: list[Finding] = []
    accounted: set[frozenset[int]] = set()
    for number, white, black in boards:
        pair = frozenset((white, black))
        if pair in file.games:
            accounted.add(pair)
            colours = file.games[pair]
            if colours is not None and colours != (white, black):
                findings.append(
                    Finding(
                        Kind.COLOUR,
                        f"{head}: board {number} should be {white} - {black} (White {white}), "
                        f"the file has {black} - {white}",
                        round_no,
                        number,
                        (white, black),
                        (colours,),
                    )
                )
            continue
        if (
            (white in unplayed_ok or black in unplayed_ok)
            and white not in file.opponent
            and black not in file.opponent
        ):
            continue
        seen = []
        for tpn in (white, black):
            words = file.words(tpn)
            if words not in seen:
                seen.append(words)
            if tpn in file.opponent:
                accounted.add(frozenset((tpn, file.opponent[tpn])))
        findings.append(
            Finding(
                Kind.PAIRING,
                f"{head}: board {number} should be {white} - {black}, the file has "
                + " and ".join(seen),
                round_no,
                number,
                (white, black),
                tuple(dict.fromkeys(file.shown(t) for t in (white, black))),
            )
        )
    for pair, colours in sorted(file.games.items(), key=lambda item: sorted(item[0])):
        if pair in accounted:
            continue
        low, high = sorted(pair)
        shown = colours or (low, high)
        findings.append(
            Finding(
                Kind.PAIRING,
                f"{head}: the file pairs {shown[0]} - {shown[1]}, which the rules do not",
                round_no,
                None,
                None,
                (shown,),
            )
        )
    theirs = file.pairing_bye
    if bye is not None and theirs != (bye,):
        given = (
            "gives it to nobody" if not theirs else f"gives it to {' and '.join(map(str, theirs))}"
        )
        findings.append(
            Finding(
                Kind.BYE,
                f"{head}: {bye_words} should go to {bye}, the file {given}",
                round_no,
                None,
                (bye, 0),
                tuple((t, 0) for t in theirs),
                bye,
            )
        )
    elif bye is None and theirs:
        findings.append(
            Finding(
                Kind.BYE,
                f"{head}: the file gives {bye_words} to {' and '.join(map(str, theirs))}, "
                "the rules give it to nobody",
                round_no,
                None,
                None,
                tuple((t, 0) for t in theirs),
                theirs[0],
            )
        )
    return findings
