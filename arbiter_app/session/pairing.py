"""Pairing the next round of a stored event: the one procedure the command line and the app share.

The pairing engine (:mod:`arbiter_app.core.pairing`) computes the round from the
event; this module asks the event's state whether it is ready for it (every board
of the rounds paired so far has its result; round 1 has its pairing numbers),
then records the round through the ``record_pairings`` command; a round of a
double Swiss (two games, colours reversed in the second) fills its two game
columns in one ``record_round_pairings`` command: one transaction, one journal
entry.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import replace

from arbiter_app.core.attendance import NOT_CHECKED_IN, left_out_of_round_one
from arbiter_app.core.errors import RuleError
from arbiter_app.core.lots import (
    COLOUR_ARTICLE,
    COLOUR_DRAW,
    DOUBLE_SWISS_COLOUR_ARTICLE,
    Draw,
    draw_to_json,
    seeded_draw,
)
from arbiter_app.core.model import Colour, EntryKind, Event, System
from arbiter_app.core.pairing.boards import RoundPairing
from arbiter_app.core.pairing.byes import ByePolicy
from arbiter_app.core.pairing.swiss import US_CHESS, SwissOptions, default_engine, pair_round
from arbiter_app.core.team_scores import with_teammates_apart
from arbiter_app.session.adjourned import adjourned_in
from arbiter_app.session.changes import Changes
from arbiter_app.session.commands import RecordPairings, RecordRoundPairings
from arbiter_app.session.player_commands import checked_in
from arbiter_app.session.session import Session
from arbiter_app.session.trf_source import stored_initial_colour

RECORDABLE_BYES = (
    EntryKind.PAIRING_BYE,
    EntryKind.FULL_BYE,
    EntryKind.HALF_BYE,
    EntryKind.ZERO_BYE,
    EntryKind.NOT_PAIRED,
)
"""What the engine's byes the file stores as the player's round entry."""


US_COLOUR_ARTICLE = "US Chess 28J"
"""The first round of a US Chess Swiss: the top player's colour is chosen by lot."""


def initial_colour_article(event: Event, engine: str | None = None) -> str:
    """The rule by which round 1's top-ranked player has his colour drawn by lot: FIDE
    C.04.3 article 5.2.5, FIDE's Double-Swiss C.04.5 article 4.1, or US Chess 28J for a
    round paired by the US Chess engine (*engine*, else the section's own)."""
    if event.system is System.FIDE_DOUBLE_SWISS:
        return DOUBLE_SWISS_COLOUR_ARTICLE
    if (engine or default_engine(event)) == US_CHESS:
        return US_COLOUR_ARTICLE
    return COLOUR_ARTICLE


def draw_initial_colour(seed: int, article: str = COLOUR_ARTICLE) -> tuple[Colour, Draw]:
    """The colour of the top-ranked player in round 1, drawn by lot from *seed*
    (FIDE C.04.3 article 5.2.5; the initial-colour of FIDE's Double-Swiss, C.04.5
    article 4.1; US Chess 28J: *article* says which): a coin of 0 (White) and 1 (Black), the first drawn wins."""
    shuffled = seeded_draw(COLOUR_DRAW, (0, 1), seed, article=article)
    draw = replace(shuffled, outcome=shuffled.outcome[:1])
    return (Colour.WHITE if draw.outcome[0] == 0 else Colour.BLACK), draw


def paired_columns(session: Session) -> int:
    """The last game column of the file that has a board or an entry."""
    return session.last_column()


def next_round_number(session: Session) -> int:
    """The round pairing comes to next: the one after the last with a board or an entry."""
    return paired_columns(session) // session.event.system.games_per_round + 1


Compute = Callable[[Callable[[], RoundPairing]], RoundPairing]
"""Runs the pairing computation and returns its result (the app runs it beside a progress bar)."""


def _run(compute: Callable[[], RoundPairing]) -> RoundPairing:
    return compute()


def _adjourned_note(session: Session) -> str:
    """What the refusal adds when games are adjourned (checklist Q157-158: the round is not
    complete until their results are in)."""
    adjourned = adjourned_in(session.state)
    if not adjourned:
        return ""
    where = "; ".join(
        f"round {r}, {'board' if len(b) == 1 else 'boards'} {', '.join(map(str, b))}"
        for r, b in adjourned.items()
    )
    its = "its result is" if sum(len(b) for b in adjourned.values()) == 1 else "their results are"
    return f" Adjourned: {where}; the next round is paired once {its} in."


def pair_next_round(
    session: Session,
    *,
    initial_colour: Colour | None = None,
    bye_policy: ByePolicy | None = None,
    swap_last_two: bool | None = None,
    compute_with: Compute | None = None,
    on_draw: Callable[[Colour, Draw], None] | None = None,
    engine: str | None = None,
) -> tuple[RoundPairing, list[Changes]]:
    """Pair the next round of *session*'s event and record it.

    *engine* names the engine of a Swiss round (``gacrux``, ``own`` or ``uschess``:
    :data:`arbiter_app.core.pairing.swiss.ENGINES`); None: the section's own
    (:func:`~arbiter_app.core.pairing.swiss.default_engine`: the US Chess engine under
    the US Chess rule set, else gacrux).

    Returns the pairing and what each recorded column changed.

    *bye_policy* defaults to the event's, *swap_last_two* (a double round robin
    exchanging the last two rounds of its first cycle, C.05 Annex 1) too;
    *initial_colour* (the colour drawn for the top player, C.04.3) is needed for
    round 1 of a Swiss. The event's virtual points (the Baku Acceleration,
    C.04.5.1) are part of its event. *compute_with* runs the
    engine's computation, which reads only an immutable event: the app runs it in a
    worker thread while a progress bar turns (a 1,000-player Swiss round takes
    seconds); the recording happens here, in the caller's thread, as every write.

    Round 1 of a Swiss without a colour given (nor one stated by an imported
    file) draws the colour by lot (C.04.3 article 5.2.5): the seed comes from the
    operating system and the draw goes into the pairing's journal entry, so the
    protocol of the drawings of lots prints it and anyone can redo it;
    *on_draw* is told what was drawn.
    """
    event = session.event
    columns = paired_columns(session)
    # The core says whether the next round can be paired: every result of the rounds
    # paired so far is in, and round 1 has its pairing numbers (C.04.2; C.05 7.2).
    refusal = session.event_state.pairing_refusal
    if refusal is not None:
        raise RuleError(refusal + _adjourned_note(session))
    settings = session.settings
    policy = bye_policy or ByePolicy.parse(settings.bye_policy)
    swap = settings.swap_last_two if swap_last_two is None else swap_last_two
    # An imported file may have stated the colour drawn for round 1 (XXC / 152).
    colour = initial_colour or stored_initial_colour(settings.trf_source)
    round_no = next_round_number(session)
    chosen = engine or default_engine(event)
    drawn: Draw | None = None
    if colour is None and round_no == 1 and not event.system.is_round_robin:
        article = initial_colour_article(event, chosen)
        colour, drawn = draw_initial_colour(secrets.randbits(63), article)
    # After check-in, round 1 pairs only the players present (core.attendance).
    absent = left_out_of_round_one(event, checked_in(session.state)) if round_no == 1 else None
    options = SwissOptions(
        bye_policy=policy,
        initial_colour=colour,
        engine=chosen,
        absent=absent or frozenset(),
        keep_clubs_apart=settings.teammates_apart,
    )
    before = event.truncated(columns)
    if settings.teammates_apart and chosen != US_CHESS:
        # US Chess 28N: teammates kept apart reach the Dutch engine as forbidden pairs (TRF
        # 260); the US Chess engine keeps them apart itself, where it can (28N: "try").
        before = with_teammates_apart(before)
    run = compute_with or _run
    pairing = run(lambda: pair_round(before, round_no, options, swap_last_two=swap))
    if absent:
        byes = tuple(
            replace(y, reason=NOT_CHECKED_IN)
            if y.tpn in absent and y.kind is EntryKind.NOT_PAIRED
            else y
            for y in pairing.byes
        )
        pairing = replace(pairing, byes=byes)
    recorded: list[dict[str, object]] = [
        {
            "round": column,
            "boards": [
                [b.black, b.white] if offset % 2 else [b.white, b.black] for b in pairing.boards
            ],
            "byes": [[y.tpn, y.kind.value] for y in pairing.byes if y.kind in RECORDABLE_BYES],
        }
        for offset, column in enumerate(pairing.entry_rounds())
    ]
    if drawn is not None:
        recorded[0]["colour_draw"] = draw_to_json(drawn)
    if len(recorded) == 1:
        outcome = session.run(RecordPairings.of(recorded[0]))
    else:
        # Both games of a double system's round: one action, one journal entry.
        outcome = session.run(RecordRoundPairings(columns=recorded))
    if drawn is not None and on_draw is not None:
        assert colour is not None
        on_draw(colour, drawn)
    return pairing, [outcome.changes]
