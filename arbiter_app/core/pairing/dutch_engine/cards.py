"""Pairing cards: what the Dutch system needs to know of each player before a round.

The cards are read from the same "JSON for chess" tournament structure that
:func:`arbiter_app.core.pairing.dutch.build_tournament` makes for gacrux, so both
engines pair exactly the same input. Everything is linear in players × rounds: no
table of pairs is ever built (the compatibility of two players is asked of their
cards when it is needed).

- score: the pairing score, i.e. points plus the virtual points of an acceleration
  for the round being paired (C.04.5.1 / C.04.7), plus any pairing adjustment;
- colour difference and colour sequence count played games only (C.04.3 article
  1.6; C.04.2 article 3.4: an unplayed game has no colour);
- floats (C.04.3 article 1.4): a played game against a player with a different
  pairing score is a downfloat for the higher, an upfloat for the lower; scoring
  more than a loss without playing, or a pairing-allocated bye, is a downfloat
  (article 1.4.3);
- a player who already had a pairing-allocated bye or scored a win without playing
  may not get the bye (C.04.1 d, C.04.3 C2);
- topscorers (article 1.8): in the last round, players with more than half of the
  maximum possible score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

DF1, UF1, DF2, UF2 = 1, 2, 4, 8
"""Float bits: downfloat/upfloat in the previous round, downfloat/upfloat two rounds before."""


@dataclass(slots=True)
class Card:
    """One player's pairing card for the round being paired."""

    cid: int
    tpn: int
    score: Fraction
    level: int = 0
    opponents: frozenset[int] = frozenset()
    forbidden: frozenset[int] = frozenset()
    bye_barred: bool = False
    unplayed: int = 0
    cod: int = 0
    csq: str = ""
    floats: int = 0
    top: bool = False
    preference: str = "nc"
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def pref_colour(self) -> str:
        """``w``, ``b`` or ``n``."""
        return self.preference[0]

    @property
    def pref_strength(self) -> int:
        """0 mild, 1 strong, 2 absolute; 0 also for no preference."""
        return 0 if self.preference == "nc" else int(self.preference[1])


def colour_preference(cod: int, csq: str) -> str:
    """C.04.3 article 1.7: the first of 1.7.1 (absolute), 1.7.2 (strong), 1.7.3 (mild) that fits.

    The definitions overlap (a player with White, White and a colour difference of
    −1 or 0 meets 1.7.1 and 1.7.2/1.7.3); the article lists them in that order and
    the first that fits is taken, as the reference implementation does.
    """
    if cod <= -2 or (cod <= 1 and csq[-2:] == "bb"):
        return "w2"
    if cod >= 2 or (cod >= -1 and csq[-2:] == "ww"):
        return "b2"
    if cod == -1:
        return "w1"
    if cod == 1:
        return "b1"
    if csq[-1:] == "b":
        return "w0"
    if csq[-1:] == "w":
        return "b0"
    return "nc"


def _points(value: Any) -> Fraction:
    return Fraction(Decimal(str(value)))


@dataclass(frozen=True, slots=True)
class Field:
    """The players to pair this round (by cid), the initial colour and the round."""

    cards: dict[int, Card]
    present: tuple[int, ...]
    top_colour: str
    round_no: int


def _letter_points(score: Mapping[str, Any]) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for letter in score:
        value = score[letter]
        seen = 0
        while isinstance(value, str) and seen < 10:
            value = score[value]
            seen += 1
        out[letter] = _points(value)
    return out


def read_cards(tournament: Mapping[str, Any], round_no: int) -> Field:
    """The pairing cards of every competitor for *round_no* of a gacrux tournament structure."""
    letters = _letter_points(tournament["scoreSystem"]["game"])
    win, loss = letters["W"], letters["L"]
    rounds_done = round_no - 1
    num_rounds = max(int(tournament.get("numRounds", 0)), int(tournament.get("currentRound", 0)))
    competitors: Sequence[Mapping[str, Any]] = tournament["competitors"]
    cids = sorted(int(c["cid"]) for c in competitors)
    # per player, per round: (opponent, colour, played, points)
    rows: dict[int, dict[int, tuple[int, str, bool, Fraction]]] = {c: {} for c in cids}
    for game in tournament["gameList"]:
        rnd = int(game["round"])
        if rnd > rounds_done:
            continue
        played = bool(game.get("played", True))
        white = game["white"]
        black = game.get("black")
        wcid = int(white["cid"])
        bcid = int(black["cid"]) if black else 0
        rows[wcid][rnd] = (bcid, "w", played, letters[white["result"]])
        if black:
            rows[bcid][rnd] = (wcid, "b", played, letters[black["result"]])
    accelerations = tournament.get("accelerated", {}).get("values", []) or []

    def virtual(cid: int, rnd: int) -> Fraction:
        value = Fraction(0)
        for acc in accelerations:
            if int(acc["firstRound"]) <= rnd <= int(acc["lastRound"]) and int(
                acc["firstCompetitor"]
            ) <= cid <= int(acc["lastCompetitor"]):
                value = _points(acc["gamePoints"])
        return value

    # running pairing score: acc[cid][k] = points in rounds 1..k + virtual points of round k+1
    acc: dict[int, list[Fraction]] = {}
    for cid in cids:
        running = Fraction(0)
        line = [virtual(cid, 1)]
        for rnd in range(1, rounds_done + 1):
            row = rows[cid].get(rnd)
            running += row[3] if row else Fraction(0)
            line.append(running + virtual(cid, rnd + 1))
        acc[cid] = line
    forbidden: dict[int, set[int]] = {c: set() for c in cids}
    for group in tournament.get("prohibited", []) or []:
        if int(group["firstRound"]) <= round_no <= int(group["lastRound"]):
            members = [int(m) for m in group["competitors"]]
            for a in members:
                forbidden[a].update(m for m in members if m != a)
    cards: dict[int, Card] = {}
    present: list[int] = []
    for comp in competitors:
        cid = int(comp["cid"])
        adjust = sum(
            (
                _points(a["points"])
                for a in comp.get("adjust", []) or []
                if a.get("pairing", False) and int(a.get("round", 0)) <= rounds_done
            ),
            Fraction(0),
        )
        opponents: set[int] = set()
        bye_barred = False
        played_games = 0
        cod = 0
        csq = ""
        floats = 0
        paired_rounds = 0
        for rnd in range(1, rounds_done + 1):
            floats *= 4
            row = rows[cid].get(rnd)
            if row is None:
                continue
            opp, colour, played, points = row
            if played or opp > 0:
                paired_rounds += 1
            if played and opp > 0:
                opponents.add(opp)
                played_games += 1
                cod += 1 if colour == "w" else -1
                csq += colour
                own, other = acc[cid][rnd - 1], acc[opp][rnd - 1]
                floats += DF1 if own > other else UF1 if own < other else 0
            else:
                if played or points == win:
                    bye_barred = True  # a PAB, or a win without playing (C.04.1 d)
                if points > loss or played:
                    floats += DF1  # article 1.4.3
        last = num_rounds - 1
        top = rounds_done >= last and last >= 0 and acc[cid][last] > win * last / 2
        card = Card(
            cid=cid,
            tpn=0,
            score=acc[cid][rounds_done] + adjust,
            opponents=frozenset(opponents),
            forbidden=frozenset(forbidden[cid]),
            bye_barred=bye_barred,
            unplayed=rounds_done - played_games,
            cod=cod,
            csq=csq,
            floats=floats % 16,
            top=bool(top),
            preference=colour_preference(cod, csq),
        )
        card.extra["paired_rounds"] = paired_rounds
        cards[cid] = card
        if comp.get("present", True):
            present.append(cid)
    # Pairing numbers as the reference counts them: a running count over the players
    # who are to be paired or have been paired before (article 1.2.2 order).
    tpn = 0
    for cid in cids:
        if cid in present or cards[cid].extra["paired_rounds"]:
            tpn += 1
            cards[cid].tpn = tpn
    levels = sorted({cards[c].score for c in present})
    level_of = {s: i + 1 for i, s in enumerate(levels)}
    for cid in present:
        cards[cid].level = level_of[cards[cid].score]
    top_colour = str(tournament.get("topColor", "w")).lower()
    return Field(cards, tuple(sorted(present)), top_colour, round_no)
