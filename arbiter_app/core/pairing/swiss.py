"""Pairing a Swiss (or double Swiss) round: who plays, who has a bye, then the Dutch engine.

Order of decisions for round *r* (FIDE C.04.1 and C.04.2; the online Swiss rules):

1. withdrawn players are not paired (C.04.2: players who withdraw are not
   paired for the following rounds);
2. players the arbiter marks absent are not paired and score 0 (seed
   the online Swiss rules: "not included in the matchmaking of a round: 0 point");
3. requested byes (TRF 240) are granted: half, full or zero point;
4. if an odd number remains, the bye policy picks the odd player out
   (:mod:`.byes`); under FIDE rules the Dutch engine picks it itself;
5. the Dutch engine (C.04.3: gacrux, or Arbiter's own with ``engine="own"``) pairs
   everybody else; or, with ``engine="uschess"``, the US Chess engine (rules 27-29,
   :mod:`.uschess`), which also gives the forced bye of 28L itself.

A double Swiss is paired on its Swiss view (:mod:`.double_swiss`) and every
board then plays two games with colours reversed.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Colour, EntryKind, Event, RuleSet, System
from arbiter_app.core.pairing.berger import pair_round_robin
from arbiter_app.core.pairing.boards import Board, Bye, NoLegalPairing, PairingError, RoundPairing
from arbiter_app.core.pairing.byes import (
    ByePolicy,
    bye_candidates,
    is_withdrawn,
    requests_for_round,
)
from arbiter_app.core.pairing.double_swiss import swiss_view
from arbiter_app.core.pairing.dutch import (
    ENGINE,
    DutchResult,
    initial_colour_from_round_one,
    pair_dutch,
)


@dataclass(frozen=True)
class SwissOptions:
    """How to pair a Swiss round.

    *initial_colour* is the colour of the top-ranked player in round 1, drawn
    by lot before the event (C.04.3 article 5.2.5; use
    :func:`arbiter_app.core.lots.seeded_toss`); when None it is read from
    round 1. *absent* are players the arbiter leaves out of this round.
    """

    bye_policy: ByePolicy = ByePolicy.FIDE
    initial_colour: Colour | None = None
    absent: frozenset[int] = field(default_factory=frozenset)
    order: tuple[int, ...] = ()
    """The players' ranking when it is not by pairing number (JaVaFo's ``XXC rank``: the
    order of the player records in a TRF file); empty: by pairing number."""
    engine: str = "gacrux"
    """The engine: ``gacrux`` (FIDE's Dutch reference, the default), ``own`` (Arbiter's
    Dutch) or ``uschess`` (the US Chess Swiss system, rules 27-29)."""
    keep_clubs_apart: bool = False
    """US Chess engine: players of one club, team or family do not meet when it can be
    avoided (28N, a variation the TD announces)."""
    explain: bool = False
    """Dutch system: write in the round's log, bracket by bracket, who floated and which
    criterion decided (Arbiter's engine explains; a round paired by gacrux is explained
    by Arbiter's engine recomputing it, which says whether the two pairings are equal)."""


ENGINES = ("gacrux", "own", "uschess")
"""The engines a Swiss round can be paired by."""

US_CHESS = "uschess"
"""The engine of the US Chess Swiss system (:mod:`.uschess`)."""


def default_engine(event: Event) -> str:
    """The engine a Swiss section is paired by when the TD names none: the US Chess
    engine for a section under the US Chess rules (its rule set, which the ``uscf`` and
    ``city-chess-ok`` presets set), FIDE's Dutch reference engine otherwise."""
    return US_CHESS if event.rule_set is RuleSet.USCF else "gacrux"


def pairing_method(system: System, rule_set: RuleSet | None) -> str:
    """How a section of *system* under *rule_set* is paired, in the rules' words: what the
    event settings show beside the system, so that the arbiter sees the rules the rounds
    will follow before round 1 (the US Chess rule set brings the US Chess Swiss system,
    :func:`default_engine`)."""
    if system.is_round_robin:
        return "Berger tables (FIDE C.05 Annex 1), pairing numbers drawn by lot"
    if system is System.FIDE_DOUBLE_SWISS:
        return "FIDE's Double-Swiss System (C.04.5): each round a match of two games"
    swiss = (
        "the US Chess Swiss system (rules 27-29), chosen by the US Chess rule set"
        if rule_set is RuleSet.USCF
        else "the FIDE Dutch system (C.04.3)"
    )
    if system is System.DOUBLE_SWISS:
        return f"each round a match of two games, paired as one round of {swiss}"
    return swiss[0].upper() + swiss[1:]


OWN_FALLBACK_LIMIT = 3000
"""Largest field the reference engine takes over when Arbiter's engine cannot certify a round."""


class BeyondFallback(PairingError):
    """Arbiter's engine could not certify a round of a field larger than the reference
    engine takes over (:data:`OWN_FALLBACK_LIMIT`): the round is not paired, which does
    not mean that the rules give it no pairing."""


def _reference(
    event: Event, rnd: int, excluded: set[int], colour: Colour, order: tuple[int, ...] = ()
) -> DutchResult:
    """The round by gacrux, FIDE's reference engine; its finding that the rules leave the
    round no pairing (C.04.3 article 1.9.3) is a :class:`NoLegalPairing`."""
    try:
        return pair_dutch(event, rnd, excluded=excluded, initial_colour=colour, order=order)
    except PairingError as exc:
        from gacrux.gacruxexeptions import GacruxNoLegalPairing

        if isinstance(exc.__cause__, GacruxNoLegalPairing):
            raise NoLegalPairing(str(exc)) from exc
        raise


def _dutch(
    engine: str,
    event: Event,
    rnd: int,
    excluded: set[int],
    colour: Colour,
    notes: list[str],
    order: tuple[int, ...] = (),
    explain: bool = False,
) -> DutchResult:
    """The round by the chosen engine; Arbiter's hands an uncertified round to gacrux (noted),
    and so a ranking that is not by pairing number (``XXC rank``), which it does not read.
    With *explain* the result carries Arbiter's engine's explanation (:func:`_explained`)."""
    if engine not in ENGINES:
        raise RuleError(f"unknown pairing engine {engine!r}: choose one of {', '.join(ENGINES)}")
    if engine == "gacrux" or order:
        if engine != "gacrux":
            notes.append("paired by gacrux: the players are ranked in the file's order (XXC rank)")
        result = _reference(event, rnd, excluded, colour, order)
        if explain:
            return _explained(result, event, rnd, excluded, colour, order)
        return result
    from arbiter_app.core.pairing.dutch_engine import NotCertified, pair_dutch_own

    try:
        return pair_dutch_own(event, rnd, excluded=excluded, initial_colour=colour, explain=explain)
    except NotCertified as exc:
        if len(event.players) - len(excluded) > OWN_FALLBACK_LIMIT:
            raise BeyondFallback(
                f"round {rnd}: Arbiter's Dutch engine could not certify the pairing ({exc}) "
                f"and the field is too large for the reference engine; pair with --engine "
                "gacrux on a larger machine, or by hand (C.04.3 article 1.9.3)"
            ) from exc
        notes.append(f"paired by gacrux: Arbiter's engine could not certify the round ({exc})")
        result = _reference(event, rnd, excluded, colour)
        if explain:
            return replace(
                result,
                log=(
                    "Paired by gacrux, FIDE's reference engine: Arbiter's engine could not "
                    f"certify the round ({exc}), so it has no explanation of it.",
                ),
            )
        return result


def _explained(
    result: DutchResult,
    event: Event,
    rnd: int,
    excluded: set[int],
    colour: Colour,
    order: tuple[int, ...],
) -> DutchResult:
    """A round paired by gacrux, explained by Arbiter's engine recomputing it.

    gacrux does not say why it pairs as it does; Arbiter's engine pairs the same input
    and explains its own pairing, saying first whether the two pairings are equal (the
    boards, colours and the pairing-allocated bye).
    """
    from arbiter_app.core.pairing.dutch_engine import NotCertified, pair_dutch_own

    if order:
        head = (
            "Paired by gacrux with the players ranked in the file's order (XXC rank), which "
            "Arbiter's engine does not read: no explanation."
        )
        return replace(result, log=(head,))
    try:
        ours = pair_dutch_own(event, rnd, excluded=excluded, initial_colour=colour, explain=True)
    except NotCertified as exc:
        head = (
            "Paired by gacrux, FIDE's reference engine; Arbiter's engine could not certify "
            f"the round ({exc}), so there is no explanation of it."
        )
        return replace(result, log=(head,))
    if set(ours.boards) == set(result.boards) and ours.pairing_bye == result.pairing_bye:
        head = (
            "Paired by gacrux, FIDE's reference engine, which does not explain itself; "
            "Arbiter's own engine, recomputing the round, pairs it the same way and explains:"
        )
    else:
        head = (
            "Paired by gacrux, FIDE's reference engine, which does not explain itself; "
            "Arbiter's own engine pairs this round differently, so what follows explains "
            "Arbiter's pairing, not the one made:"
        )
    return replace(result, log=(head, *ours.log))


_REQUEST_REASON = {
    EntryKind.HALF_BYE: "requested half-point bye",
    EntryKind.FULL_BYE: "requested full-point bye",
    EntryKind.ZERO_BYE: "requested zero-point bye",
}

_BYE_REASON = {
    ByePolicy.FIDE: "pairing-allocated bye: lowest-ranked eligible player of the lowest score "
    "group (FIDE C.04.1 c/d, C.04.3 article 1.5); scores a win (C.04.1 c)",
    ByePolicy.USCF: "forced bye: lowest-rated eligible player in the lowest score group, "
    "worth a full point (US Chess 22B, 28L)",
    ByePolicy.ONLINE: "exempted: cannot be paired, receives 1 point, once per tournament "
    "(online Swiss rules, Special cases)",
}


def players_out(
    event: Event, round_no: int, absent: Collection[int]
) -> tuple[list[Bye], list[int]]:
    """Byes of players who do not play *round_no* for their own reasons, and who is left to pair."""
    requests = requests_for_round(event, round_no)
    byes: list[Bye] = []
    to_pair: list[int] = []
    for player in sorted(event.players, key=lambda p: p.tpn):
        tpn = player.tpn
        if is_withdrawn(player, round_no) or player.disqualified:
            byes.append(Bye(tpn, EntryKind.WITHDRAWN, "withdrawn"))
        elif tpn in absent:
            byes.append(Bye(tpn, EntryKind.NOT_PAIRED, "not included in this round: 0 points"))
        elif tpn in requests:
            byes.append(Bye(tpn, requests[tpn], _REQUEST_REASON[requests[tpn]]))
        else:
            to_pair.append(tpn)
    return byes, to_pair


def round_field(event: Event, round_no: int) -> list[int]:
    """Who round *round_no* of a Swiss pairs, as the engines take them
    (:func:`players_out` over the rounds before it, in the system's own rounds: a double
    Swiss's matches): withdrawn and disqualified players, and those who asked for a bye,
    are left out."""
    if event.system is System.FIDE_DOUBLE_SWISS:
        from arbiter_app.core.pairing import double_swiss_fide as fide

        view = fide.match_view(event.truncated(fide.GAMES * (round_no - 1)))
    else:
        view = swiss_view(event.truncated(event.system.games_per_round * (round_no - 1)))
    return players_out(view, round_no, ())[1]


def pair_swiss(
    event: Event, round_no: int | None = None, options: SwissOptions | None = None
) -> RoundPairing:
    """The pairing of Swiss round *round_no* (default: the next one) of *event*."""
    opts = options or SwissOptions()
    if event.system.is_round_robin:
        raise RuleError(f"the event is a {event.system.value}; use the Berger tables")
    if event.system is System.FIDE_DOUBLE_SWISS:
        return _pair_fide_double_swiss(event, round_no, opts)
    view = swiss_view(event)
    rnd = view.rounds_played + 1 if round_no is None else round_no
    if rnd < 1:
        raise RuleError("rounds are numbered from 1")
    if rnd > view.rounds_played + 1:
        raise PairingError(f"round {view.rounds_played + 1} must be paired before round {rnd}")
    unknown = sorted(set(opts.absent) - {p.tpn for p in event.players})
    if unknown:
        raise RuleError(f"absent players {unknown} are not in the event")
    colour = opts.initial_colour or initial_colour_from_round_one(view)
    if colour is None:
        raise RuleError(
            "the colour of the top-ranked player in round 1 must first be drawn by lot "
            "(C.04.3 article 5.2.5)"
        )
    past = view.truncated(rnd - 1)
    byes, to_pair = players_out(past, rnd, opts.absent)
    out = {b.tpn for b in byes}
    if not to_pair:
        # C.04.1 a: a Swiss round pairs players; with none present there is no round to make.
        raise PairingError(f"round {rnd}: no player is there to be paired (register players first)")
    notes: list[str] = []
    if opts.engine == US_CHESS:
        return _pair_us_chess(event, past, rnd, to_pair, byes, colour, opts)
    result: DutchResult
    if len(to_pair) % 2 == 1 and opts.bye_policy is not ByePolicy.FIDE:
        result, chosen, skipped = _pair_with_chosen_bye(
            past, rnd, to_pair, out, colour, opts, notes
        )
        byes.append(
            Bye(chosen, EntryKind.PAIRING_BYE, _BYE_REASON[opts.bye_policy], odd_one_out=True)
        )
        if skipped:
            notes.append(
                f"bye candidates {skipped} were passed over: the others could not be paired"
            )
    else:
        result = _dutch(opts.engine, past, rnd, out, colour, notes, opts.order, opts.explain)
        if result.pairing_bye is not None:
            reason = _BYE_REASON[ByePolicy.FIDE]
            byes.append(Bye(result.pairing_bye, EntryKind.PAIRING_BYE, reason, odd_one_out=True))
    # The engine gives the boards in the board order of FIDE C.04.2 (general handling rules):
    # the higher score of the pair, then the higher sum of scores, then the better pairing
    # number (checked in tests/session/test_pairing.py); the boards are numbered so.
    boards = tuple(Board(i, w, b) for i, (w, b) in enumerate(result.boards, start=1))
    return RoundPairing(
        rnd,
        boards,
        tuple(sorted(byes, key=lambda b: b.tpn)),
        games_per_round=event.system.games_per_round,
        engine=f"{engine_name(opts.engine)}; byes: {opts.bye_policy.article}",
        notes=tuple(notes),
        log=result.log,
    )


def _pair_fide_double_swiss(event: Event, round_no: int | None, opts: SwissOptions) -> RoundPairing:
    """A match of FIDE's Double-Swiss System, paired by C.04.5's own procedure."""
    from arbiter_app.core.pairing import double_swiss_fide as fide

    matches = event.rounds_played // fide.GAMES
    rnd = matches + 1 if round_no is None else round_no
    if rnd < 1:
        raise RuleError("rounds are numbered from 1")
    if rnd > matches + 1:
        raise PairingError(f"round {matches + 1} must be paired before round {rnd}")
    if opts.bye_policy is not ByePolicy.FIDE:
        raise RuleError(
            "the FIDE Double-Swiss System assigns its own pairing-allocated bye (C.04.5 "
            "article 3.4); choose the FIDE bye policy"
        )
    unknown = sorted(set(opts.absent) - {p.tpn for p in event.players})
    if unknown:
        raise RuleError(f"absent players {unknown} are not in the event")
    colour = opts.initial_colour or initial_colour_from_round_one(event)
    if colour is None:
        raise RuleError("the initial-colour must first be drawn by lot (FIDE C.04.5 article 4.1)")
    past = event.truncated(fide.GAMES * (rnd - 1))
    byes, to_pair = players_out(fide.match_view(past), rnd, opts.absent)
    if not to_pair:
        raise PairingError(f"round {rnd}: no player is there to be paired (register players first)")
    return fide.round_pairing(past, rnd, byes, colour)


def _pair_us_chess(
    event: Event,
    past: Event,
    rnd: int,
    to_pair: list[int],
    byes: list[Bye],
    colour: Colour,
    opts: SwissOptions,
) -> RoundPairing:
    """The round by the US Chess engine: it gives the forced bye (28L) and explains itself."""
    from arbiter_app.core.pairing.uschess import ENGINE as US_ENGINE
    from arbiter_app.core.pairing.uschess import UsChessOptions, pair_uschess

    options = UsChessOptions(initial_colour=colour, keep_clubs_apart=opts.keep_clubs_apart)
    result = pair_uschess(past, rnd, to_pair, options)
    if result.bye is not None:
        byes.append(
            Bye(result.bye, EntryKind.PAIRING_BYE, _BYE_REASON[ByePolicy.USCF], odd_one_out=True)
        )
    notes: tuple[str, ...] = ()
    if result.bye is not None and opts.bye_policy is not ByePolicy.USCF:
        notes = (
            "the forced bye follows US Chess 28L, the US Chess engine's own rule, not the "
            f"bye policy asked for ({opts.bye_policy.article})",
        )
    boards = tuple(Board(i, w, b) for i, (w, b) in enumerate(result.boards, start=1))
    return RoundPairing(
        rnd,
        boards,
        tuple(sorted(byes, key=lambda b: b.tpn)),
        games_per_round=event.system.games_per_round,
        engine=US_ENGINE,
        notes=notes,
        log=result.log,
    )


def engine_name(engine: str) -> str:
    """The name of the Dutch engine *engine* (``gacrux`` or ``own``) as reports print it."""
    if engine == "own":
        from arbiter_app.core.pairing.dutch_engine import ENGINE as OWN

        return OWN
    return ENGINE


def _pair_with_chosen_bye(
    event: Event,
    rnd: int,
    to_pair: list[int],
    out: set[int],
    colour: Colour,
    opts: SwissOptions,
    notes: list[str],
) -> tuple[DutchResult, int, list[int]]:
    candidates = bye_candidates(opts.bye_policy, event, rnd, to_pair)
    if not candidates:
        raise NoLegalPairing(
            f"round {rnd}: nobody may receive the bye under {opts.bye_policy.article}; "
            "the arbiter must decide (e.g. a house player, US Chess 28M)"
        )
    skipped: list[int] = []
    for tpn in candidates:
        try:
            result = _dutch(
                opts.engine, event, rnd, out | {tpn}, colour, notes, opts.order, opts.explain
            )
        except PairingError:
            skipped.append(tpn)
            continue
        return result, tpn, skipped
    raise NoLegalPairing(
        f"round {rnd}: no eligible bye candidate leaves a field the Dutch system can pair "
        "(C.04.3 article 1.9.3: the chief arbiter decides)"
    )


def pair_round(
    event: Event,
    round_no: int | None = None,
    options: SwissOptions | None = None,
    *,
    swap_last_two: bool = False,
) -> RoundPairing:
    """Pair the next (or the given) round of any event: Berger tables or the Dutch system."""
    if event.system.is_round_robin:
        return pair_round_robin(event, round_no, swap_last_two=swap_last_two)
    if event.system not in (System.SWISS, System.DOUBLE_SWISS, System.FIDE_DOUBLE_SWISS):
        raise RuleError(f"cannot pair a {event.system.value}")
    return pair_swiss(event, round_no, options)


def explain_recorded(
    event: Event, pairing: RoundPairing, options: SwissOptions | None = None
) -> tuple[str, ...]:
    """The Dutch system's explanation of a round of *event* already paired and recorded
    (*pairing*), for ``pair --explain`` and the window.

    The engines are deterministic: the rounds before it are paired again with the log
    asked for (the players it shows with requested byes or absent stay out), and the
    log says whether Arbiter's engine pairs the round as recorded (see
    :func:`_explained`). Empty for a round the Dutch system does not pair (a round
    robin, the US Chess engine, FIDE's Double-Swiss System).
    """
    opts = options or SwissOptions()
    if opts.engine == US_CHESS or event.system not in (System.SWISS, System.DOUBLE_SWISS):
        return ()
    view = swiss_view(event)
    games = event.system.games_per_round
    column = (pairing.round - 1) * games + 1
    absent = frozenset(y.tpn for y in pairing.byes if y.kind is not EntryKind.PAIRING_BYE)
    colour = opts.initial_colour or initial_colour_from_round_one(view)
    again = pair_swiss(
        event.truncated(column - 1),
        pairing.round,
        replace(opts, absent=absent, initial_colour=colour, explain=True),
    )
    return again.log
