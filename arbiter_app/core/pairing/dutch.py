"""The FIDE Dutch system (C.04.3) through gacrux, FIDE's reference implementation.

gacrux pairs a round from a "JSON for chess" tournament structure. This
module builds that structure in process from an :class:`Event` (no file, no
TRF text) and reads the boards back:

- competitors are the event's players; ``present`` is false for everybody the
  caller excludes from the round (absent, withdrawn, a requested bye, or the
  player a non-FIDE bye policy has already chosen), so the engine pairs only
  the others (C.04.3 article 1.1: players who do not take part in a round are
  not paired);
- past rounds become gacrux's game list with its result letters: a played game
  ``W D L``; a forfeit ``W``/``Z`` unplayed with the scheduled opponent; a
  pairing-allocated bye ``P`` (so the engine never gives a second one: C.04.1 d);
  a requested bye ``W``/``D``/``Z`` unplayed without an opponent (a full-point
  bye counts like a forfeit win for the bye rule, as in gacrux); rounds not
  paired are left out;
- scores are exact: the event's own score (its point system, per-round point
  systems and adjustments) reaches the engine, the difference from the plain
  letter values being passed as a pairing adjustment;
- forbidden pairs (TRF 260) become the engine's prohibited pairings;
- virtual points (TRF-26 record 250, e.g. the Baku Acceleration, C.04.5.1)
  become the engine's accelerated values: the pairing score is the score plus
  the virtual points (C.04.5.1, pairing score);
- the initial colour (the colour of the top-ranked player in round 1, drawn by
  lot: C.04.3 article 5.2.5 / E.5) is passed explicitly;
- the number of rounds decides which round is the final one (C.04.3 article 1.8); an
  event whose number of rounds is unknown has none paired as the final round.

The engine numbers competitors 1 … N; pairing numbers with gaps are mapped to
that range in order, which keeps their order (the Dutch system only uses the
order of pairing numbers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from arbiter_app.core.model import Colour, EntryKind, Event, RoundEntry, VirtualPoints
from arbiter_app.core.pairing.boards import PairingError

ARTICLE = "FIDE C.04.3 (Dutch system)"
ENGINE = "FIDE Dutch system (C.04.3) by gacrux"


@dataclass(frozen=True, slots=True)
class DutchResult:
    """The engine's pairing: boards as ``(white, black)`` in board order, and the PAB."""

    boards: tuple[tuple[int, int], ...]
    pairing_bye: int | None
    log: tuple[str, ...] = ()
    """How the round was paired, when the engine was asked to explain it."""


def _decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


# Letter and "played" flag per entry kind, as gacrux reads TRF result codes.
_LETTERS: dict[EntryKind, tuple[str, bool]] = {
    EntryKind.FORFEIT_WIN: ("W", False),
    EntryKind.FORFEIT_LOSS: ("Z", False),
    EntryKind.PAIRING_BYE: ("P", True),
    EntryKind.FULL_BYE: ("W", False),
    EntryKind.HALF_BYE: ("D", False),
    EntryKind.ZERO_BYE: ("Z", False),
}


def _letter(entry: RoundEntry) -> tuple[str, bool] | None:
    if entry.kind is EntryKind.GAME:
        return ("W" if entry.is_win else "D" if entry.is_draw else "L", True)
    return _LETTERS.get(entry.kind)


def initial_colour_from_round_one(event: Event) -> Colour | None:
    """The initial colour as round 1 shows it: the colour the lower number had on the top game.

    The "top game" is the round-1 game (or forfeit) whose lower pairing number
    is smallest, the reading gacrux uses for a TRF without the drawn colour.
    """
    best: tuple[int, Colour] | None = None
    for player in event.players:
        e = event.entry(player.tpn, 1)
        if not e.kind.has_opponent or e.opponent is None or e.colour is None:
            continue
        if player.tpn < e.opponent and (best is None or player.tpn < best[0]):
            best = (player.tpn, e.colour)
    return None if best is None else best[1]


def build_tournament(
    event: Event,
    round_no: int,
    excluded: Iterable[int],
    initial_colour: Colour,
    order: Sequence[int] = (),
) -> tuple[dict[str, Any], dict[int, int]]:
    """gacrux's tournament structure for pairing *round_no*; also engine id → pairing number.

    The engine ranks players by its ids: by pairing number, or by *order* when the
    ranking is not the pairing numbers' (JaVaFo's ``XXC rank``: the order of the player
    records in the file).
    """
    out = set(excluded)
    numbers = sorted(p.tpn for p in event.players)
    ranked = [t for t in order if t in set(numbers)]
    tpns = ranked + [t for t in numbers if t not in set(ranked)]
    cid_of = {tpn: i for i, tpn in enumerate(tpns, start=1)}
    tpn_of = {i: tpn for tpn, i in cid_of.items()}

    def cids_in(acc: VirtualPoints) -> list[tuple[int, int]]:
        # By pairing number a range of numbers is a range of engine ids; in another
        # order each player is his own range.
        inside = [cid_of[t] for t in numbers if acc.first_tpn <= t <= acc.last_tpn]
        if not inside:
            return []
        if tpns == numbers:
            return [(inside[0], inside[-1])]
        return [(cid, cid) for cid in sorted(inside)]

    ps = event.point_system
    letter_points = {
        "W": ps.win,
        "D": ps.draw,
        "L": ps.loss,
        "Z": ps.zero_bye,
        "P": ps.pairing_bye_points,
    }
    game_list: list[dict[str, Any]] = []
    sums: dict[int, Fraction] = dict.fromkeys(tpns, Fraction(0))
    for rnd in range(1, round_no):
        for tpn in tpns:
            e = event.entry(tpn, rnd)
            code = _letter(e)
            if code is None:
                continue
            letter, played = code
            sums[tpn] += letter_points[letter]
            if e.kind.has_opponent and e.opponent is not None:
                if e.colour is Colour.BLACK or (e.colour is None and tpn > e.opponent):
                    continue  # the game is written once, from White's side
                opp = event.entry(e.opponent, rnd)
                opp_code = _letter(opp)
                black_letter = opp_code[0] if opp_code else "Z"
                game_list.append(
                    {
                        "id": len(game_list) + 1,
                        "round": rnd,
                        "white": {"cid": cid_of[tpn], "result": letter},
                        "black": {"cid": cid_of[e.opponent], "result": black_letter},
                        "played": played,
                        "rated": played and e.rated,
                    }
                )
            else:
                game_list.append(
                    {
                        "id": len(game_list) + 1,
                        "round": rnd,
                        "white": {"cid": cid_of[tpn], "result": letter},
                        "black": None,
                        "played": played,
                        "rated": False,
                    }
                )
    competitors: list[dict[str, Any]] = []
    for player in sorted(event.players, key=lambda p: p.tpn):
        cid = cid_of[player.tpn]
        competitor: dict[str, Any] = {
            "cid": cid,
            "present": player.tpn not in out,
            "rank": cid,
            "random": cid,
            "rating": {"list": "FIDE", "rating": player.rating} if player.rating else None,
        }
        delta = event.score(player.tpn, round_no - 1) - sums[player.tpn]
        if delta:
            # Scores the letters cannot express (forfeit wins worth other than a win,
            # per-round point systems, TRF 299 adjustments) reach the engine exactly.
            competitor["adjust"] = [
                {"cid": cid, "round": 0, "points": _decimal(delta), "pairing": True}
            ]
        competitors.append(competitor)
    prohibited = [
        {
            "firstRound": round_no,
            "lastRound": round_no,
            "competitors": sorted(cid_of[t] for t in group),
        }
        for group in event.forbidden_pairs
        if all(t in cid_of for t in group)
    ]
    accelerated = [
        value
        for acc in event.accelerations
        for cids in cids_in(acc)
        if (value := _accelerated(acc.points, acc.first_round, acc.last_round, cids))
    ]
    score: dict[str, Decimal | str] = {k: _decimal(v) for k, v in letter_points.items()}
    score.update({"F": "W", "H": "D", "A": "D", "U": "Z"})
    tournament: dict[str, Any] = {
        "tournamentNo": 1,
        "tournamentType": "Swiss",
        "tournamentInfo": {},
        "numRounds": _rounds_for_engine(event.planned_rounds, round_no),
        "currentRound": round_no - 1,
        "teamTournament": False,
        "rankOrder": ["PTS"],
        "competitors": competitors,
        "teamSize": 1,
        "scoreSystem": {"game": score, "match": dict(score)},
        "gameList": game_list,
        "matchList": [],
        "topColor": "w" if initial_colour is Colour.WHITE else "b",
        "prohibited": prohibited,
        "maxMeets": 1,
        "accelerated": {"name": "Acc" if accelerated else "", "values": accelerated},
    }
    return tournament, tpn_of


def _rounds_for_engine(planned: int, round_no: int) -> int:
    """The number of rounds the engine is told when it pairs *round_no*.

    The final round relaxes criteria for its topscorers (C.04.3 article 1.8: C3, C10,
    C11), and the engine takes the round it is told is the last as the final one. An event
    whose number of rounds is not known (*planned* 0: a TRF file without record 142 or
    XXR) has no round known to be its last, so none is paired as the last: the engine is
    told one round more than the round it pairs.
    """
    return max(planned, round_no) if planned else round_no + 1


def _accelerated(
    points: Fraction, first_round: int, last_round: int, cids: tuple[int, int] | None
) -> dict[str, Any] | None:
    """One record 250 in the engine's terms (None when it names no player)."""
    if cids is None:
        return None
    value = _decimal(points)
    return {
        "matchPoints": value,
        "gamePoints": value,
        "firstRound": first_round,
        "lastRound": last_round,
        "firstCompetitor": cids[0],
        "lastCompetitor": cids[1],
    }


def run_engine(tournament: dict[str, Any], round_no: int, tpn_of: Mapping[int, int]) -> DutchResult:
    """Pair *round_no* of a gacrux tournament structure; translate ids back to pairing numbers."""
    # Imported here: gacrux brings networkx, which every command would otherwise load at start.
    from gacrux.gacruxexeptions import GacruxNoLegalPairing
    from gacrux.pairingdutch import pairing_dutch

    params: dict[str, Any] = {"experimental": [], "verbose": 0, "top_color": tournament["topColor"]}
    try:
        brackets = pairing_dutch(tournament, round_no, params).compute_pairing(False)
    except GacruxNoLegalPairing as exc:
        raise PairingError(
            f"round {round_no} cannot be paired by the Dutch system: {exc} "
            "(C.04.3 article 1.9.3: the chief arbiter decides)"
        ) from exc
    except Exception as exc:  # the engine's own fault, not the event's
        # A fault inside the engine (one fuzzed file made it reach a variable it never
        # set) must not end the program: the round is refused, with what failed.
        raise PairingError(
            f"the Dutch pairing engine failed on round {round_no} ({type(exc).__name__}: "
            f"{exc}); nothing was paired. Pair the round by hand (C.04.3 article 1.9.3: the "
            "chief arbiter decides), and keep the file: it shows the engine's fault"
        ) from exc
    pairs = sorted(
        (pair for bracket in brackets for pair in bracket["pairs"]),
        key=lambda pair: pair["board"],
    )
    boards: list[tuple[int, int]] = []
    bye: int | None = None
    for pair in pairs:
        white, black = int(pair["w"]), int(pair["b"])
        if black == 0 or white == 0:
            bye = tpn_of[white or black]
        else:
            boards.append((tpn_of[white], tpn_of[black]))
    return DutchResult(tuple(boards), bye)


def pair_dutch(
    event: Event,
    round_no: int,
    *,
    excluded: Iterable[int] = (),
    initial_colour: Colour,
    order: Sequence[int] = (),
) -> DutchResult:
    """Pair round *round_no* of *event* by the Dutch system, leaving out *excluded*.

    With an odd number of players to pair, the engine gives the pairing-
    allocated bye (C.04.3 article 1.5, C.04.1 c: the lowest-ranked eligible player of the
    lowest score group; never a player who already had a PAB or a forfeit win,
    C.04.1 d).
    """
    tournament, tpn_of = build_tournament(event, round_no, excluded, initial_colour, order)
    return run_engine(tournament, round_no, tpn_of)
