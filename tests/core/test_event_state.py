"""The tournament's state as the core reads it: phases, pending boards, next round, play-off gate.

The rules: a round is complete when every board has its result; the event is
final when every planned round is complete (FIDE C.07 3.1 breaks the ties of the
*final* standings); the next round waits for every result (C.04.1 article 5:
scores decide the pairing) and round 1 for its pairing numbers (C.04.2 2.3,
C.05 7.2); a play-off starts only on a final event with a regulated place tied,
and stops applying when a correction changes its tie.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from arbiter_app.core.event_state import EventState, Phase, RoundBoard, event_state
from arbiter_app.core.lots import seeded_draw
from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, Player, RoundEntry, System
from arbiter_app.core.pairing.numbers import Numbering
from arbiter_app.core.playoff import DrawLots, PlayoffState, Start, preset
from arbiter_app.core.playoff.gate import (
    PlayoffStatus,
    meetings_among,
    playoff_gate,
    qualifying_standings,
    ties_of,
)
from tests.support.playoff import drive, stronger_first

WIN, DRAW, LOSS = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
W, B = Colour.WHITE, Colour.BLACK


def game(opp: int, colour: Colour, outcome: Outcome) -> RoundEntry:
    return RoundEntry.game(opp, colour, outcome)


def four_player_rr(results: Sequence[tuple[Outcome, Outcome]] | None = None) -> Event:
    """A 4-player round robin of 3 rounds: round 1 1-4, 2-3; round 2 4-3, 1-2; round 3
    2-4, 3-1 with the (White, Black) outcomes *results* (default: 2 beats 4, 3 draws 1).

    By default players 1, 2 and 3 draw each other and beat 4: tied for first on 2 points.
    """
    rounds = [
        {1: game(4, W, WIN), 4: game(1, B, LOSS), 2: game(3, W, DRAW), 3: game(2, B, DRAW)},
        {4: game(3, W, LOSS), 3: game(4, B, WIN), 1: game(2, W, DRAW), 2: game(1, B, DRAW)},
    ]
    last = results or [(WIN, LOSS), (DRAW, DRAW)]
    (w24, b24), (w31, b31) = last
    rounds.append({2: game(4, W, w24), 4: game(2, B, b24), 3: game(1, W, w31), 1: game(3, B, b31)})
    entries = {t: tuple(r[t] for r in rounds) for t in (1, 2, 3, 4)}
    players = tuple(Player(t, f"P{t}", 2700 - 10 * t) for t in (1, 2, 3, 4))
    return Event(system=System.ROUND_ROBIN, planned_rounds=3, players=players, entries=entries)


def boards_of(
    event: Event, pending: Sequence[tuple[int, int]] = ()
) -> dict[int, tuple[RoundBoard, ...]]:
    """Boards numbered by the lower pairing number; *pending* (round, board) lack a result."""
    out: dict[int, list[RoundBoard]] = {}
    for r in range(1, event.rounds_played + 1):
        seen: set[int] = set()
        number = 0
        for p in event.players:
            e = event.entry(p.tpn, r)
            if e.opponent is None or p.tpn in seen:
                continue
            seen.update((p.tpn, e.opponent))
            number += 1
            white, black = (p.tpn, e.opponent) if e.colour is W else (e.opponent, p.tpn)
            out.setdefault(r, []).append(
                RoundBoard(number, white, black, (r, number) not in pending)
            )
    return {r: tuple(b) for r, b in out.items()}


def without_results(event: Event, round_no: int, players: Sequence[int]) -> Event:
    """*event* with the games of *players* in *round_no* not yet in (no entry: not paired)."""
    entries = {
        t: tuple(
            RoundEntry(EntryKind.NOT_PAIRED) if (r == round_no and t in players) else e
            for r, e in enumerate(row, start=1)
        )
        for t, row in event.entries.items()
    }
    return replace(event, entries=entries)


# -- phases ------------------------------------------------------------------------------


def test_registration_then_round_in_progress_then_complete_then_final() -> None:
    full = four_player_rr()
    empty = replace(full, entries={})
    state = event_state(empty, {}, numbering=Numbering.LOT)
    assert state.phase is Phase.REGISTRATION and state.paired == 0
    assert state.text == "Registration: 4 players, no round paired yet"
    assert state.pairing_refusal is None  # numbers drawn: round 1 can be paired

    boards = boards_of(full, pending=[(3, 1)])
    mid = event_state(without_results(full, 3, [1, 3]), boards, numbering=Numbering.LOT)
    assert mid.phase is Phase.IN_PROGRESS
    assert (mid.paired, mid.complete, mid.pending) == (3, 2, ((3, 1),))
    assert mid.pending_players == frozenset({1, 3})
    assert mid.standings_round == 2 and mid.provisional_round == 3
    assert mid.text == "Round 3 of 3 in progress: board 1 still lacks a result"
    assert mid.pairing_refusal == (
        "In round 3, board 1 still lacks a result; enter it before pairing the next round."
    )

    two = replace(full.truncated(2))
    done = event_state(two, boards_of(two), numbering=Numbering.LOT)
    assert done.phase is Phase.ROUND_COMPLETE and done.text == "Round 2 of 3 complete"
    assert done.pairing_refusal is None

    final = event_state(full, boards_of(full), numbering=Numbering.LOT)
    assert final.phase is Phase.FINAL and final.final
    assert final.text == "Final: all 3 rounds complete"
    assert final.pairing_refusal is not None and "All 3 rounds are paired" in final.pairing_refusal


def test_several_boards_pending_are_listed_in_one_sentence() -> None:
    full = four_player_rr()
    event = without_results(full, 3, [1, 2, 3, 4])
    state = event_state(event, boards_of(full, pending=[(3, 1), (3, 2)]))
    assert state.text == "Round 3 of 3 in progress: boards 1 and 2 still lack a result"
    assert state.to_json()["pending_boards"] == [{"round": 3, "board": 1}, {"round": 3, "board": 2}]


def test_a_file_without_boards_is_complete_up_to_its_last_round() -> None:
    """A TRF file holds results only: every round with entries is complete."""
    state = event_state(four_player_rr().truncated(2), None, numbering=Numbering.FILE)
    assert state.phase is Phase.ROUND_COMPLETE and state.complete == 2


# -- round 1 and the pairing numbers ------------------------------------------------------------


def test_round_one_of_a_round_robin_waits_for_its_draw() -> None:
    empty = replace(four_player_rr(), entries={})
    refusal = event_state(empty, {}, numbering=Numbering.ENTRY).pairing_refusal
    assert refusal is not None
    assert refusal.startswith("Round 1 cannot be paired yet.")
    assert "FIDE C.05 articles 7.2 and 7.5" in refusal
    assert "arbiter-app player number FILE --by lot" in refusal
    assert "Pairing numbers…" in refusal


def test_round_one_of_a_swiss_in_entry_order_asks_for_the_numbers() -> None:
    empty = replace(four_player_rr(), entries={}, system=System.SWISS)
    refusal = event_state(empty, {}, numbering=Numbering.ENTRY).pairing_refusal
    assert refusal is not None and "not the initial ranking (FIDE C.04.2" in refusal
    ranked = event_state(empty, {}, numbering=Numbering.RATING)
    assert ranked.pairing_refusal is None
    assert "follow every player added or edited until round 1" in ranked.numbering_text


def test_round_one_needs_two_players() -> None:
    alone = replace(four_player_rr(), entries={}, players=(Player(1, "Solo", 2000),))
    refusal = event_state(alone, {}, numbering=Numbering.LOT).pairing_refusal
    assert refusal == "Round 1 needs at least two players; 1 player is registered."


def test_numbers_are_fixed_once_round_one_is_paired() -> None:
    state = event_state(four_player_rr(), boards_of(four_player_rr()), numbering=Numbering.DRAW)
    assert state.numbers_fixed
    assert state.numbering_text == (
        "Pairing numbers drawn at the venue (the outcome and the witnesses are in the journal);"
        " fixed since round 1 was paired."
    )


# -- the play-off gate ------------------------------------------------------------------------


GCT = preset("gct-2023-classical")


def gate_of(
    event: Event, boards: dict[int, tuple[RoundBoard, ...]] | None = None, **kw: object
) -> EventState:
    return event_state(
        event, boards if boards is not None else boards_of(event), regulation=GCT, **kw
    )  # type: ignore[arg-type]


def test_the_play_off_waits_for_the_final_round_and_says_why() -> None:
    full = four_player_rr()
    mid = gate_of(without_results(full, 3, [1, 3]), boards_of(full, pending=[(3, 1)]))
    assert mid.playoff.status is PlayoffStatus.NOT_DUE and not mid.playoff.can_start
    assert mid.playoff.reason == (
        "The play-off decides place 1 (GCT 2023 Classical event, article 3.1); it can start "
        "only when the event is final: round 3 of 3 is in progress (board 1 still lacks a"
        " result)."
    )
    before = gate_of(replace(full, entries={}), {})
    assert before.playoff.reason.endswith("final: no round has been paired yet.")
    two = gate_of(full.truncated(2))
    assert two.playoff.reason.endswith("final: 2 of 3 rounds are complete.")


def test_the_play_off_is_ready_when_final_and_first_place_is_tied() -> None:
    state = gate_of(four_player_rr())
    assert state.playoff.status is PlayoffStatus.READY and state.playoff.can_start
    assert state.playoff.reason == (
        "The event is final; the play-off breaks the tie for places 1-3 (players 1, 2, 3)."
        " The play-off decides place 1 (GCT 2023 Classical event, article 3.1)."
    )


def test_no_tie_for_a_decided_place_means_no_play_off_and_names_the_shared_places() -> None:
    # Round 3: 2 draws 4 and 3 beats 1: 3 alone first on 2½; 1 and 2 share places 2-3 on 1½.
    event = four_player_rr([(DRAW, DRAW), (WIN, LOSS)])
    state = gate_of(event)
    assert state.playoff.status is PlayoffStatus.NO_TIE and not state.playoff.can_start
    assert state.playoff.reason == (
        "No play-off is needed: no place it decides is tied. The play-off decides place 1"
        " (GCT 2023 Classical event, article 3.1). Places 2-3 are shared"
        " (GCT 2023 Classical event, article 3.8)."
    )
    assert "(s)" not in state.playoff.reason and ". ." not in state.playoff.reason


def test_without_a_regulation_there_is_no_play_off() -> None:
    state = event_state(four_player_rr(), boards_of(four_player_rr()))
    assert state.playoff.status is PlayoffStatus.NONE


def _started(event: Event) -> PlayoffState:
    ties = tuple(ties_of(qualifying_standings(event, ())))
    return PlayoffState(GCT, ties, (Start(None),), tuple(meetings_among(event, ties)))


def test_a_started_play_off_then_over() -> None:
    event = four_player_rr()
    started = _started(event)
    state = gate_of(event, playoff=started)
    assert state.playoff.status is PlayoffStatus.STARTED and state.playoff.in_force
    assert "is under way" in state.playoff.reason
    over = drive(started, stronger_first([3, 1, 2]))
    done = gate_of(event, playoff=over)
    assert done.playoff.status is PlayoffStatus.OVER
    assert done.playoff.reason.startswith("The play-off is over. Place 1: 3 (play-off)")


def test_a_correction_that_changes_the_tie_makes_the_play_off_stale() -> None:
    event = four_player_rr()
    over = drive(_started(event), stronger_first([3, 1, 2]))
    # Round 3: 3 beat 1 instead of the draw: 3 alone first, 1 and 2 no longer tied with 3.
    corrected = four_player_rr([(WIN, LOSS), (WIN, LOSS)])
    state = gate_of(corrected, playoff=over)
    assert state.playoff.status is PlayoffStatus.STALE
    assert not state.playoff.in_force and state.playoff.can_restart
    assert state.playoff.reason == (
        "The play-off no longer matches the standings: it was started for the tie for places"
        " 1-3 (players 1, 2, 3), but the standings now have no such tie. Restart it for the"
        " standings as they are (the old play-off stays in the journal and on the lot protocol)."
    )
    assert state.headline.endswith("; the play-off no longer matches the standings")


def test_a_result_taken_back_makes_the_play_off_wait_for_the_round() -> None:
    event = four_player_rr()
    over = drive(_started(event), stronger_first([3, 1, 2]))
    state = gate_of(
        without_results(event, 3, [1, 3]), boards_of(event, pending=[(3, 1)]), playoff=over
    )
    assert state.playoff.status is PlayoffStatus.STALE
    assert "but the event is no longer final (round 3 of 3 is in progress" in state.playoff.reason
    assert state.playoff.reason.endswith("it either matches again or can be restarted.")


def test_the_same_tie_with_changed_games_between_the_tied_players_is_stale() -> None:
    """Head-to-head stages read the tied players' own games (City Chess OK, step 1)."""
    event = four_player_rr()
    over = drive(_started(event), stronger_first([3, 1, 2]))
    # Round 3's 3-1 draw corrected to have been played with 1 White: same points, same tie,
    # but the game between two tied players is not the one the play-off was set up with.
    swapped = dict(event.entries)
    swapped[3] = (*event.entries[3][:2], game(1, B, DRAW))
    swapped[1] = (*event.entries[1][:2], game(3, W, DRAW))
    state = gate_of(replace(event, entries=swapped), playoff=over)
    assert state.playoff.status is PlayoffStatus.STALE
    assert "games the tied players played against each other have changed" in state.playoff.reason


def test_the_gate_sentence_is_the_refusal_itself() -> None:
    """One sentence from the core: the card shows it, the command refuses with it."""
    event = four_player_rr().truncated(2)
    gate = playoff_gate(event, "2 of 3 rounds are complete", regulation=GCT, tiebreaks=())
    assert gate.reason.endswith(
        "it can start only when the event is final: 2 of 3 rounds are complete."
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_a_draw_among_the_tied_is_not_a_change(seed: int) -> None:
    """Lots drawn during the play-off change nothing in the standings: still in force."""
    event = four_player_rr()
    started = _started(event)
    drawn = started.apply(DrawLots(seeded_draw("numbers", (1, 2, 3), seed)))
    assert gate_of(event, playoff=drawn).playoff.status is PlayoffStatus.STARTED
