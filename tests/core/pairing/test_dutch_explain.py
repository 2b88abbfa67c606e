"""Arbiter's Dutch engine explains a round bracket by bracket (C.04.3, text of 2026).

Small events checked by hand: a bracket whose players may not meet floats both down
([C4], [C6]); the pairing-allocated bye goes to the lowest score that keeps the round
pairable ([C5]), never to a player who already had one ([C2]); a downfloater chosen
over the first candidate in article 4's order by [C14]; colours by article 5.2. The
explanation never changes a pairing, costs nothing when not asked for, and a round
paired by gacrux is explained by Arbiter's engine recomputing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from arbiter_app.core.generator.tournament import GeneratorSettings, generate
from arbiter_app.core.model import Colour, EntryKind, Event, EventInfo, Player, System
from arbiter_app.core.pairing import (
    Board,
    Bye,
    RoundPairing,
    SwissOptions,
    append_round,
    dutch_engine,
    pair_swiss,
)
from arbiter_app.core.pairing.dutch import build_tournament
from arbiter_app.core.pairing.dutch_engine import NotCertified, pair_tournament
from arbiter_app.core.pairing.dutch_engine.brackets import Engine
from arbiter_app.core.pairing.dutch_engine.explain import deciding
from arbiter_app.core.pairing.recorded import check_rounds, next_round
from arbiter_app.core.pairing.swiss import explain_recorded, pair_round
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf import parse_trf
from tests.support.real_trf import FILES

SWISS_FILES = [f for f in FILES if not f.system.is_round_robin]
REAL = Path(__file__).parents[2] / "data" / "trf" / "real"
RESULTS = {"1-0": GameResult.WHITE_WINS, "0-1": GameResult.BLACK_WINS, "=": GameResult.DRAW}
WHITE = SwissOptions(initial_colour=Colour.WHITE)
OWN = replace(WHITE, engine="own", explain=True)


def _event(players: int, rounds: int = 4) -> Event:
    return Event(
        info=EventInfo(name="explain"),
        system=System.SWISS,
        planned_rounds=rounds,
        players=tuple(Player(t, f"P{t}", 2500 - 10 * t) for t in range(1, players + 1)),
        entries={t: () for t in range(1, players + 1)},
    )


def _play(ev: Event, games: Sequence[tuple[int, int, str]], bye: int | None = None) -> Event:
    rnd = ev.rounds_played + 1
    boards = tuple(Board(i, w, b) for i, (w, b, _) in enumerate(games, start=1))
    byes = (Bye(bye, EntryKind.PAIRING_BYE),) if bye else ()
    results = {i: RESULTS[r] for i, (_, _, r) in enumerate(games, start=1)}
    return append_round(ev, RoundPairing(rnd, boards, byes), results)


def _boards(pairing: RoundPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def test_a_bracket_whose_players_may_not_meet_floats_both_down_by_c6() -> None:
    """Round 2 of four players: 1 and 2 won round 1 but the arbiter forbids their game, so
    bracket 1 can make no pair ([C4]) and both float down ([C6]); bracket 0 pairs them with
    the players they have not met: 1-4 and 2-3."""
    ev = _play(_event(4), [(1, 3, "1-0"), (4, 2, "0-1")])
    ev = replace(ev, forbidden_pairs=(frozenset((1, 2)),))
    own = pair_swiss(ev, 2, OWN)
    assert _boards(own) == _boards(pair_swiss(ev, 2, WHITE)) == [(4, 1), (2, 3)]
    log = list(own.log)
    start = log.index("Bracket 1 (2 players):")
    assert log[start + 2] == (
        "  1 and 2 float down: no pair can be made in the bracket with the rest of the round "
        "still pairable [C4], and the bracket pairs with the fewest downfloaters [C6]."
    )
    assert "Bracket 0 (4 players, 2 MDPs: 1 from 1, 2 from 1):" in log
    assert "  Pairs: 1-4, 2-3." in log


def test_the_bye_goes_by_c5_never_twice_by_c2_and_the_downfloater_by_c14() -> None:
    """Round 2 of five players: 5 had round 1's pairing-allocated bye (a downfloat,
    article 1.4.3), 1 and 2 won. The bye goes to score 0 ([C5]), not to 5 ([C2]); in
    bracket 1 the first candidate in article 4's order (1-2, 5 floating) floats 5 down
    again, so 1-5 is chosen and 2 floats ([C14]); 2 meets 3 (he met 4) and 4 is left
    for the bye. Colours: 5 (no preference) takes White from 1 (who had White, 5.2.1);
    2 and 3 both had Black, so the higher-ranked 2 gets his preference (5.2.4)."""
    ev = _play(_event(5), [(1, 3, "1-0"), (4, 2, "0-1")], bye=5)
    own = pair_swiss(ev, 2, OWN)
    reference = pair_swiss(ev, 2, WHITE)
    assert _boards(own) == _boards(reference) == [(5, 1), (2, 3)]
    assert own.pairing_bye is not None and reference.pairing_bye is not None
    assert own.pairing_bye.tpn == reference.pairing_bye.tpn == 4
    log = list(own.log)
    assert log[0] == (
        "Pairing-allocated bye: an odd number of players; it goes to the lowest score that "
        "leaves the rest of the round pairable, 0 [C5]; 5 may not receive it, having already "
        "had a bye or a win without playing [C2]."
    )
    assert log[1:5] == [
        "Bracket 1 (3 players):",
        "  Pairs: 1-5.",
        "  2 floats down: the bracket has an odd number of players [C6].",
        "  Chosen over the first candidate in article 4's order (1-2; 5 floating down), as "
        "the fewest players float down who floated down in the previous round [C14]: 1 there "
        "against 0 here.",
    ]
    assert "  4 is left over and receives the pairing-allocated bye." in log
    assert log[-3:] == [
        "Colours (article 5.2), board by board:",
        "  5 gets White against 1: the colour preferences granted [article 5.2.1].",
        "  2 gets White against 3: the colour preference of the higher-ranked player "
        "[article 5.2.4].",
    ]


def test_colours_by_the_stronger_preference_on_a_real_file() -> None:
    """Round 6 of the tie-break exercises' Swiss: 2 (Black, White, Black, White, Black:
    difference −1, a strong preference for White, article 1.7.2) meets 4 (Black, bye,
    White, White, Black: difference 0, a mild one), so 2 gets White (5.2.2); 8 (last two
    games White) has an absolute preference for Black, 11 a mild one, so 11 gets White
    (5.2.2). In bracket 3½, 16 floated down in round 5 (2½ against 2), so 1 floats
    instead ([C14])."""
    doc = parse_trf((REAL / "tbs-held-swiss-5.trf").read_text(encoding="utf-8"))
    event, rnd = next_round(doc.event)
    options = SwissOptions(initial_colour=doc.initial_colour, engine="own", explain=True)
    own = pair_round(event, rnd, options)
    reference = pair_round(event, rnd, replace(options, engine="gacrux", explain=False))
    assert _boards(own) == _boards(reference)
    log = list(own.log)
    assert "  2 gets White against 4: the stronger colour preference [article 5.2.2]." in log
    assert "  11 gets White against 8: the stronger colour preference [article 5.2.2]." in log
    assert (
        "  Chosen over the first candidate in article 4's order (1-3, 2-4; 16 floating down), "
        "as the fewest players float down who floated down in the previous round [C14]: 1 "
        "there against 0 here."
    ) in log
    assert (
        "  2 moved down: downfloater of bracket 4: the bracket has an odd number of players [C6]."
        in log
    )


@pytest.mark.parametrize("seed", (3, 7, 11))
def test_explaining_never_changes_the_pairing_and_is_written_only_when_asked(seed: int) -> None:
    generated = generate(GeneratorSettings(players=30 + seed, rounds=6, seed=seed))
    event = generated.event
    for rnd in range(1, 7):
        tournament, tpn_of = build_tournament(event, rnd, (), generated.initial_colour)
        plain = pair_tournament(tournament, rnd, tpn_of)
        told = pair_tournament(tournament, rnd, tpn_of, explain=True)
        assert plain.log == ()
        assert (told.boards, told.pairing_bye) == (plain.boards, plain.pairing_bye)
        assert sum(line.startswith("Bracket ") for line in told.log) >= 1
        assert sum(" gets White against " in line for line in told.log) == len(told.boards)


def test_the_deciding_criterion_is_the_first_that_differs() -> None:
    assert deciding((1, (0,), 2, 3), (1, (0,), 2, 4)) == 3
    assert deciding((1, (0, 1)), (1, (1, 0))) == 1
    assert deciding((1, 2), (1, 2)) is None


def test_a_round_paired_by_gacrux_is_explained_by_recomputing_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gacrux gives no reasons: Arbiter's engine recomputes the round and says whether its
    pairing is the one made; when they differ it says so before explaining its own."""
    ev = _play(_event(5), [(1, 3, "1-0"), (4, 2, "0-1")], bye=5)
    told = pair_swiss(ev, 2, replace(WHITE, explain=True))
    assert told.log[0].startswith("Paired by gacrux, FIDE's reference engine, which does not")
    assert "pairs it the same way and explains:" in told.log[0]
    assert "Bracket 1 (3 players):" in told.log
    assert pair_swiss(ev, 2, WHITE).log == ()

    real = dutch_engine.pair_dutch_own

    def swapped(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        return replace(result, boards=tuple((b, w) for w, b in result.boards))

    monkeypatch.setattr(dutch_engine, "pair_dutch_own", swapped)
    differs = pair_swiss(ev, 2, replace(WHITE, explain=True))
    assert "pairs this round differently" in differs.log[0]
    assert _boards(differs) == [(5, 1), (2, 3)]


def test_an_uncertified_round_says_it_has_no_explanation(monkeypatch: pytest.MonkeyPatch) -> None:
    ev = _play(_event(5), [(1, 3, "1-0"), (4, 2, "0-1")], bye=5)

    def refuse(self: Engine) -> object:
        raise NotCertified("bracket 1: refused for the test")

    monkeypatch.setattr(Engine, "run", refuse)
    own = pair_swiss(ev, 2, OWN)
    assert own.notes and own.log == (
        "Paired by gacrux, FIDE's reference engine: Arbiter's engine could not certify the "
        "round (bracket 1: refused for the test), so it has no explanation of it.",
    )
    by_gacrux = pair_swiss(ev, 2, replace(WHITE, explain=True))
    assert "could not certify" in by_gacrux.log[0]


def test_the_bye_among_its_score_group_by_c9() -> None:
    """bbpPairings' [C9] case: 5 was absent in round 1 (unplayed, article 1.9 counts it), 3
    and 4 lost. The bye goes to score 0 ([C5]); the first candidate in article 4's order
    (3-4, 5 left over) would give it to 5, who has one unplayed round, so 3-5 is paired and
    4, who has none, receives it ([C9])."""
    doc = parse_trf((REAL / "bbp-dutch-2025-c9.trf").read_text(encoding="utf-8"))
    event, rnd = next_round(doc.event)
    options = SwissOptions(initial_colour=doc.initial_colour, engine="own", explain=True)
    own = pair_round(event, rnd, options)
    assert own.pairing_bye is not None and own.pairing_bye.tpn == 4
    assert own.log[-5:-3] == (
        "  4 is left over and receives the pairing-allocated bye.",
        "  Chosen over the first candidate in article 4's order (3-4; 5 left over for the "
        "bye), as the player who receives the pairing-allocated bye has the fewest unplayed "
        "rounds [C9]: 1 there against 0 here.",
    )


@pytest.mark.parametrize("name", [f.name for f in SWISS_FILES])
def test_explaining_the_real_files_changes_no_round(name: str) -> None:
    """Every round of the real files re-paired with and without the explanation: equal."""
    real = next(f for f in SWISS_FILES if f.name == name)
    doc = real.document()
    base = SwissOptions(initial_colour=doc.initial_colour, engine="own")
    plain = list(check_rounds(doc.event, base))
    told = list(check_rounds(doc.event, replace(base, explain=True)))
    assert len(plain) == len(told) == real.rounds
    for a, b in zip(plain, told, strict=True):
        assert a.ours is not None and b.ours is not None
        assert (a.ours.boards, a.ours.byes) == (b.ours.boards, b.ours.byes)
        assert a.ours.log == () and b.ours.log


def test_a_moved_down_player_floats_on_by_c7_when_the_round_needs_it() -> None:
    """Round 4 of six players (after 1-4 1-0, 5-2 0-1, 3-6 1-0; 2-1 0-1, 4-3 0-1, 6-5 1-0;
    1-3 1-0, 6-2 1-0, 5-4 0-1): 1 (3 points) floats to bracket 2 and meets 6, whom he has
    not met; 3 floats to bracket 1 (2 and 4). 3 could meet 2, but then 4 would have to
    meet 5, whom he met in round 3 ([C1], so [C4] fails): no candidate with as few
    downfloaters pairs 3 in bracket 1, so the moved-down player floats on ([C7]) and meets
    5; 2-4 is paired in bracket 1."""
    ev = _event(6, rounds=5)
    ev = _play(ev, [(1, 4, "1-0"), (5, 2, "0-1"), (3, 6, "1-0")])
    ev = _play(ev, [(2, 1, "0-1"), (4, 3, "0-1"), (6, 5, "1-0")])
    ev = _play(ev, [(1, 3, "1-0"), (6, 2, "1-0"), (5, 4, "0-1")])
    own = pair_swiss(ev, 4, OWN)
    assert sorted(map(sorted, _boards(own))) == [[1, 6], [2, 4], [3, 5]]
    assert _boards(own) == _boards(pair_swiss(ev, 4, WHITE))
    log = list(own.log)
    start = log.index("Bracket 1 (3 players, 1 MDP: 3 from 2):")
    assert log[start + 2 : start + 4] == [
        "  Pairs: 2-4.",
        "  3 floats down: the bracket has an odd number of players [C6].",
    ]
    assert log[log.index("Bracket 0 (2 players, 1 MDP: 3 from 2):") + 1] == (
        "  3 moved down: floated on from bracket 1, where no candidate with as few "
        "downfloaters paired it, as the fewest moved-down players float on [C7]."
    )


def test_a_recorded_round_is_explained_by_pairing_the_rounds_before_it_again() -> None:
    """The round as recorded (after its results) is explained from the rounds before it;
    a round robin or the US Chess engine has no Dutch explanation."""
    ev = _play(_event(5), [(1, 3, "1-0"), (4, 2, "0-1")], bye=5)
    second = pair_swiss(ev, 2, WHITE)
    played = append_round(ev, second, {b.number: GameResult.DRAW for b in second.boards})
    log = explain_recorded(played, second, WHITE)
    assert "pairs it the same way and explains:" in log[0]
    assert log[1:] == pair_swiss(ev, 2, OWN).log
    assert explain_recorded(played, second, replace(WHITE, engine="uschess")) == ()
