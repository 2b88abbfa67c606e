"""Byes by policy, requested byes, absences, withdrawals and late entries; each test cites its rule."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import (
    ByeRequest,
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Outcome,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing import (
    ByePolicy,
    ByeRules,
    SwissOptions,
    append_round,
    pair_swiss,
)
from arbiter_app.core.pairing.byes import (
    bye_candidates,
    check_bye_request,
    fide_may_receive_pab,
    late_entry,
    registration_deadline_round,
    uscf_may_receive_bye,
    withdraw,
)
from arbiter_app.core.result import GameResult

W, B = Colour.WHITE, Colour.BLACK


def _event(ratings: dict[int, int | None], rounds: int = 5) -> Event:
    players = tuple(Player(t, f"P{t}", r) for t, r in sorted(ratings.items()))
    return Event(
        info=EventInfo(name="byes"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=players,
        entries={t: () for t in ratings},
    )


def _after_round_one(rounds: int = 5) -> Event:
    """Five players after round 1: 1 beat 2, 3 beat 4, 5 had the bye.

    Scores: 1, 3, 5 have 1 point; 2 and 4 have 0. Ratings: 4 is rated below 2.
    """
    event = _event({1: 2200, 2: 1500, 3: 2000, 4: 1400, 5: 1300}, rounds)
    return event.with_entries(
        {
            1: (RoundEntry.game(2, W, Outcome.WIN),),
            2: (RoundEntry.game(1, B, Outcome.LOSS),),
            3: (RoundEntry.game(4, W, Outcome.WIN),),
            4: (RoundEntry.game(3, B, Outcome.LOSS),),
            5: (RoundEntry(EntryKind.PAIRING_BYE),),
        }
    )


# -- FIDE -------------------------------------------------------------------


def test_fide_no_second_pab_and_none_after_a_forfeit_win() -> None:
    """FIDE C.04.1 d: no PAB after a PAB or a (forfeit) win for a no-show."""
    event = _after_round_one()
    assert "C.04.1 d" in (fide_may_receive_pab(event, 5, 2) or "")
    forfeit = event.with_entries(
        {**event.entries, 1: (RoundEntry.of(EntryKind.FORFEIT_WIN, 2, W),)}
    )
    assert "forfeit" in (fide_may_receive_pab(forfeit, 1, 2) or "")
    assert fide_may_receive_pab(event, 4, 2) is None


def test_fide_pab_goes_to_the_lowest_ranked_of_the_lowest_score_group() -> None:
    """FIDE C.04.3 article 1.5 / C.04.1 c; the bye scores a win."""
    event = _after_round_one()
    pairing = pair_swiss(event, 2, SwissOptions(initial_colour=W))
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 4
    event = append_round(event, pairing, {b.number: GameResult.DRAW for b in pairing.boards})
    assert event.round_points(4, 2) == 1


# -- US Chess ----------------------------------------------------------------

USCF = SwissOptions(bye_policy=ByePolicy.USCF, initial_colour=W)


def test_uscf_forced_bye_to_the_lowest_rated_in_the_lowest_score_group() -> None:
    """US Chess 28L (seed 001_…: "lowest-rated player in the lowest score group")."""
    event = _after_round_one()
    # Lowest score group {2, 4}; 4 (1400) is rated below 2 (1500).
    assert bye_candidates(ByePolicy.USCF, event, 2, [1, 2, 3, 4, 5])[0] == 4
    # Rated order decides, not the pairing number: make 2 the lower rated.
    lower = event.with_players(
        [replace(p, rating=1300) if p.tpn == 2 else p for p in event.players]
    )
    pairing = pair_swiss(lower, 2, USCF)
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 2
    assert "28L" in pairing.pairing_bye.reason


def test_uscf_forced_bye_is_worth_a_full_point() -> None:
    """US Chess 22B: "one player will receive a full-point (1) bye"."""
    event = _after_round_one()
    pairing = pair_swiss(event, 2, USCF)
    bye = pairing.pairing_bye
    assert bye is not None
    event = append_round(event, pairing, {b.number: GameResult.DRAW for b in pairing.boards})
    assert event.round_points(bye.tpn, 2) == 1


def test_uscf_never_two_forced_byes() -> None:
    """US Chess 28L; seed 001_…: "No player can be given two forced byes in the same event"."""
    event = _after_round_one()
    assert "never twice" in (uscf_may_receive_bye(event, 5, 2, [5]) or "")
    assert 5 not in bye_candidates(ByePolicy.USCF, event, 2, [1, 2, 3, 4, 5])


def test_uscf_no_forced_bye_to_an_unrated_player_in_round_one() -> None:
    """US Chess 28L: an unrated player is not given the bye in the first round."""
    event = _event({1: 2000, 2: 1900, 3: None}, rounds=6)
    assert "round one" in (uscf_may_receive_bye(event, 3, 1, [1, 2, 3]) or "")
    pairing = pair_swiss(event, 1, USCF)
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 2


def test_uscf_no_forced_bye_to_a_new_player_who_would_play_fewer_than_four_games() -> None:
    """US Chess 28L5; seed 001_…: new players need four games for a rating."""
    event = _after_round_one(rounds=4)
    event = event.with_players(
        [replace(p, rating=None) if p.tpn == 4 else p for p in event.players]
    )
    # Player 4 played 1 game; with the bye in round 2 only rounds 3-4 remain: 3 games.
    reason = uscf_may_receive_bye(event, 4, 2, [2, 4])
    assert reason is not None and "28L5" in reason and "3 games" in reason
    # In a 6-round event the same player could still reach 4 games.
    longer = replace(event, planned_rounds=6)
    assert uscf_may_receive_bye(longer, 4, 2, [2, 4]) is None
    # A requested bye later in the event counts against the four games.
    committed = replace(longer, bye_requests=(ByeRequest(4, 5, EntryKind.HALF_BYE),))
    assert uscf_may_receive_bye(committed, 4, 2, [2, 4]) is not None


def test_uscf_no_forced_bye_after_a_half_point_bye_unless_the_group_all_had_byes() -> None:
    """US Chess 22C6 / 28L4: not to a player who took or committed to a half-point bye,
    unless all others in the score group already had a bye or a no-show forfeit win."""
    event = _after_round_one()
    committed = replace(event, bye_requests=(ByeRequest(4, 4, EntryKind.HALF_BYE),))
    reason = uscf_may_receive_bye(committed, 4, 2, [2, 4])
    assert reason is not None and "22C6" in reason
    assert bye_candidates(ByePolicy.USCF, committed, 2, [1, 2, 3, 4, 5])[0] == 2
    # If the rest of the group (player 2) already had a forfeit win, 4 is eligible again.
    rows = dict(committed.entries)
    rows[2] = (RoundEntry.of(EntryKind.FORFEIT_WIN, None),)
    rows[1] = (RoundEntry(EntryKind.NOT_PAIRED),)
    others_had_one = committed.with_entries(rows)
    assert uscf_may_receive_bye(others_had_one, 4, 2, [2, 4]) is None


def test_uscf_passes_over_a_candidate_when_the_rest_cannot_be_paired() -> None:
    """28L picks the bye, but the others must still be paired without repeats (C.04.1 b)."""
    event = _event({1: 2000, 2: 1900, 3: 1800}, rounds=3)
    # Player 1 has beaten both 2 and 3; 2 and 3 have not met.
    event = event.with_entries(
        {
            1: (RoundEntry.game(2, W, Outcome.WIN), RoundEntry.game(3, B, Outcome.WIN)),
            2: (RoundEntry.game(1, B, Outcome.LOSS), RoundEntry(EntryKind.NOT_PAIRED)),
            3: (RoundEntry(EntryKind.NOT_PAIRED), RoundEntry.game(1, W, Outcome.LOSS)),
        }
    )
    assert bye_candidates(ByePolicy.USCF, event, 3, [1, 2, 3]) == [3, 2, 1]
    pairing = pair_swiss(event, 3, USCF)
    # 3 and 2 (lowest score group) would leave 1 with an opponent already met.
    assert pairing.pairing_bye is not None and pairing.pairing_bye.tpn == 1
    assert [set(b.players) for b in pairing.boards] == [{2, 3}]
    assert "[3, 2]" in pairing.notes[0]


# -- online (seed 002) -------------------------------------------------------

ONLINE = SwissOptions(bye_policy=ByePolicy.ONLINE, initial_colour=W)


def test_online_exempted_player_scores_one_point_once_per_tournament() -> None:
    """Seed 002_…: the participant who cannot be paired "receives 1 point for that round.
    They can only be exempted once per tournament"."""
    event = _after_round_one()
    pairing = pair_swiss(event, 2, ONLINE)
    bye = pairing.pairing_bye
    assert bye is not None and bye.tpn == 4 and "online Swiss rules" in bye.reason
    event = append_round(event, pairing, {b.number: GameResult.DRAW for b in pairing.boards})
    assert event.round_points(4, 2) == 1
    third = pair_swiss(event, 3, ONLINE)
    assert third.pairing_bye is not None and third.pairing_bye.tpn not in (4, 5)


def test_online_a_forfeit_win_does_not_block_the_exemption() -> None:
    """Seed 002_… limits exemptions only; FIDE C.04.1 d would also exclude a forfeit winner."""
    event = _after_round_one()
    rows = dict(event.entries)
    rows[4] = (RoundEntry.of(EntryKind.FORFEIT_WIN, 3, B),)
    rows[3] = (RoundEntry.of(EntryKind.FORFEIT_LOSS, 4, W),)
    event = event.with_entries(rows)
    assert 3 in bye_candidates(ByePolicy.ONLINE, event, 2, [1, 2, 3, 4])
    assert bye_candidates(ByePolicy.ONLINE, event, 2, [1, 2, 3, 4])[:1] == [3]
    assert 4 in bye_candidates(ByePolicy.ONLINE, event, 2, [1, 2, 3, 4])
    assert 4 not in bye_candidates(ByePolicy.FIDE, event, 2, [1, 2, 3, 4])


def test_players_not_included_in_a_round_score_zero() -> None:
    """Seed 002_…: "You were not included in the matchmaking of a round: 0 point"."""
    event = _event({t: 2000 - t for t in range(1, 6)})
    pairing = pair_swiss(event, 1, replace(ONLINE, absent=frozenset({5})))
    absent = pairing.bye_of(5)
    assert absent is not None and absent.kind is EntryKind.NOT_PAIRED
    event = append_round(event, pairing, {b.number: GameResult.DRAW for b in pairing.boards})
    assert event.round_points(5, 1) == 0
    assert pairing.pairing_bye is None


# -- requested byes, withdrawals, late entries ------------------------------------


def test_requested_half_and_zero_point_byes_score_as_asked() -> None:
    """TRF 240 / US Chess 22C: a requested half-point bye is ½, a zero-point bye 0."""
    event = _event({t: 2000 - t for t in range(1, 7)})
    event = replace(
        event,
        bye_requests=(ByeRequest(1, 1, EntryKind.HALF_BYE), ByeRequest(2, 1, EntryKind.ZERO_BYE)),
    )
    pairing = pair_swiss(event, 1, SwissOptions(initial_colour=W))
    assert {y.tpn: y.kind for y in pairing.byes} == {1: EntryKind.HALF_BYE, 2: EntryKind.ZERO_BYE}
    event = append_round(event, pairing, {b.number: GameResult.DRAW for b in pairing.boards})
    assert event.round_points(1, 1) == Fraction(1, 2) and event.round_points(2, 1) == 0


def test_requested_byes_are_limited_by_the_arbiter() -> None:
    """US Chess 22C3 (limit byes) and the event's own limit of requested byes per player."""
    event = replace(
        _event({1: 2000, 2: 1900}, rounds=7),
        bye_requests=(ByeRequest(1, 2, EntryKind.HALF_BYE),),
    )
    rules = ByeRules(requested_bye_limit=1)
    problems = check_bye_request(event, ByeRequest(1, 4, EntryKind.HALF_BYE), rules)
    assert len(problems) == 1 and "limit is 1" in problems[0]
    assert check_bye_request(event, ByeRequest(2, 4, EntryKind.HALF_BYE), rules) == []
    assert check_bye_request(event, ByeRequest(2, 4, EntryKind.HALF_BYE), ByeRules()) == []
    assert check_bye_request(event, ByeRequest(2, 9, EntryKind.HALF_BYE), ByeRules())
    assert check_bye_request(event, ByeRequest(2, 3, EntryKind.PAIRING_BYE), ByeRules())


def test_withdrawn_players_are_not_paired_and_keep_their_results() -> None:
    """C.04.2: a player who withdraws is not paired for the following rounds."""
    event = _after_round_one()
    event = withdraw(event, 1, 2)
    pairing = pair_swiss(event, 2, SwissOptions(initial_colour=W))
    assert pairing.bye_of(1) is not None
    assert all(1 not in b.players for b in pairing.boards)
    assert event.score(1) == 1
    with pytest.raises(RuleError, match="already been paired"):
        withdraw(event, 3, 1)


def test_registration_deadline_of_seed_002() -> None:
    """Seed 002_…: "before end of 4th round for a 10 rounds tournament, before end of
    5th round for an 11 rounds tournament" (ceil(rounds/2 - 1))."""
    assert registration_deadline_round(10) == 4
    assert registration_deadline_round(11) == 5
    assert registration_deadline_round(5) == 2
    assert registration_deadline_round(1) == 0


def test_late_entries_miss_rounds_with_zero_and_close_at_the_deadline() -> None:
    event = _event({t: 2000 - t for t in range(1, 5)}, rounds=10)
    late = late_entry(event, Player(5, "Late", 1800), rounds_completed=3, deadline=True)
    assert late.entries_of(5) == (RoundEntry(EntryKind.NOT_PAIRED),) * 3
    assert late.score(5) == 0
    with pytest.raises(RuleError, match="registration closed"):
        late_entry(event, Player(5, "Late", 1800), rounds_completed=4, deadline=True)
    # Without the online deadline (FIDE, US Chess 28K) a late entry is the arbiter's call.
    assert late_entry(event, Player(5, "Late"), rounds_completed=6).players[-1].tpn == 5
    with pytest.raises(RuleError, match="taken"):
        late_entry(event, Player(4, "Dup"), rounds_completed=0)
