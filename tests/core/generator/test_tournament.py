"""The Random Tournament Generator (FIDE C.02, checklist group Q16-39)."""

from __future__ import annotations

from collections import Counter

import pytest

from arbiter_app.core.generator.output import generated_trf, system_code
from arbiter_app.core.generator.quotas import parse_quota
from arbiter_app.core.generator.tournament import (
    GeneratorError,
    GeneratorSettings,
    generate,
    is_unusual,
)
from arbiter_app.core.model import EntryKind, System, check_consistency
from arbiter_app.core.trf import TrfVersion, parse_trf


def settings(**kw: object) -> GeneratorSettings:
    base: dict[str, object] = {"players": 24, "rounds": 7, "seed": 4}
    base.update(kw)
    return GeneratorSettings(**base)  # type: ignore[arg-type]


def test_q16_39_same_seed_same_file_other_seed_other_file() -> None:
    s = settings(half_byes=parse_quota("5%"), forfeits=parse_quota("1"), baku=True)
    first = generated_trf(generate(s), TrfVersion.TRF26)
    assert generated_trf(generate(s), TrfVersion.TRF26) == first
    other = generated_trf(generate(settings(seed=5, baku=True)), TrfVersion.TRF26)
    assert other != first
    assert first.splitlines()[0].startswith("### Random Tournament Generator: seed 4,")


def test_q16_39_byes_forfeits_and_unusual_results_as_asked() -> None:
    s = settings(
        half_byes=parse_quota("2"),
        full_byes=parse_quota("r2:1"),
        zero_byes=parse_quota("r3:10%"),
        forfeits=parse_quota("1,r5:2"),
        unusual=parse_quota("r4:2"),
    )
    event = generate(s).event
    assert not check_consistency(event)
    kinds: Counter[tuple[int, EntryKind]] = Counter()
    unusual: Counter[int] = Counter()
    for r, tpn, e in event.iter_games():
        kinds[(r, e.kind)] += 1
        if (
            e.opponent is not None
            and is_unusual(e, event.entry(e.opponent, r))
            and tpn < e.opponent
        ):
            unusual[r] += 1
    for r in range(1, 8):
        assert kinds[(r, EntryKind.HALF_BYE)] == 2
        assert kinds[(r, EntryKind.FULL_BYE)] == (1 if r == 2 else 0)
        assert kinds[(r, EntryKind.ZERO_BYE)] == (2 if r == 3 else 0)  # 10 % of 24, half up
        assert kinds[(r, EntryKind.FORFEIT_WIN)] == (2 if r == 5 else 1)
        assert unusual[r] == (2 if r == 4 else 0)


@pytest.mark.parametrize("version", [TrfVersion.TRF16, TrfVersion.TRF26])
def test_q16_39_the_file_states_system_tiebreaks_and_ranks(version: TrfVersion) -> None:
    generated = generate(settings(tiebreaks=("BH/C1", "SB"), baku=True))
    text = generated_trf(generated, version)
    lines = text.splitlines()
    assert "192 FIDE_DUTCH_BAKU" in lines
    assert "202 BH/C1,SB" in lines and "212 PTS,BH/C1,SB" in lines
    assert lines.index("212 PTS,BH/C1,SB") < next(
        i for i, line in enumerate(lines) if line.startswith("001")
    )
    doc = parse_trf(text)
    assert doc.tiebreaks == ("BH/C1", "SB")
    assert sorted(doc.ranks.values())[0] == 1 and len(doc.ranks) == 24
    assert doc.initial_colour is generated.initial_colour
    assert doc.event.entries == generated.event.entries


def test_q16_39_round_robins_and_their_codes() -> None:
    rr = generate(settings(players=7, rounds=7, system=System.ROUND_ROBIN))
    assert rr.tiebreaks == ("DE", "WIN", "SB", "KS")  # the FIDE round-robin preset
    assert system_code(rr.settings) == "FIDE_ROUNDROBIN"
    double = settings(players=6, rounds=10, system=System.DOUBLE_ROUND_ROBIN)
    assert system_code(double) == "BERGER_DOUBLEROUNDROBIN"
    swapped = settings(players=6, rounds=10, system=System.DOUBLE_ROUND_ROBIN, swap_last_two=True)
    assert system_code(swapped) == "FIDE_DOUBLEROUNDROBIN"
    assert generate(swapped).event.entries != generate(double).event.entries


@pytest.mark.parametrize(
    ("kw", "says"),
    [
        ({"players": 1}, "at least two players"),
        ({"rounds": 0}, "at least one round"),
        ({"players": 6, "rounds": 6}, "without meeting twice"),
        ({"players": 8, "rounds": 5, "system": System.ROUND_ROBIN}, "has 7 rounds"),
        (
            {
                "players": 8,
                "rounds": 7,
                "system": System.ROUND_ROBIN,
                "half_byes": parse_quota("1"),
            },
            "requested byes are for Swiss",
        ),
        ({"players": 8, "rounds": 7, "system": System.ROUND_ROBIN, "baku": True}, "Swiss"),
        ({"swap_last_two": True}, "double round robin"),
        ({"tiebreaks": ("XYZ",)}, "unknown tie-break"),
        (
            {"players": 8, "rounds": 7, "system": System.ROUND_ROBIN, "tiebreaks": ("BH",)},
            "round robin",
        ),
    ],
)
def test_q16_39_settings_it_cannot_honour_are_refused(kw: dict[str, object], says: str) -> None:
    with pytest.raises(GeneratorError, match=says):
        generate(settings(**kw))


def test_q24_the_unusual_results_include_half_zero_zero_half_and_zero_zero() -> None:
    """Checklist Q24 ("odd results") and Q180: among the unusual results drawn are ½-0,
    0-½ and 0-0 (Laws of Chess 12.9), besides double forfeits and games not rated."""
    from arbiter_app.core.result import GameResult

    seen: set[GameResult | None] = set()
    for seed in range(6):
        event = generate(settings(players=16, rounds=5, seed=seed, unusual=parse_quota("3"))).event
        assert not check_consistency(event)
        for r, _tpn, e in event.iter_games():
            if e.colour is not None and e.colour.value == "w" and e.opponent is not None:
                other = event.entry(e.opponent, r)
                if is_unusual(e, other):
                    seen.add(GameResult.of_entries(e, other))
    assert {
        GameResult.DOUBLE_FORFEIT,
        GameResult.WHITE_HALF,
        GameResult.BLACK_HALF,
        GameResult.BOTH_LOSE,
    } <= seen
    assert seen & {
        GameResult.WHITE_WINS_UNRATED,
        GameResult.DRAW_UNRATED,
        GameResult.BLACK_WINS_UNRATED,
    }


def test_q24_more_forfeits_and_unusual_results_than_boards_still_generate() -> None:
    """Drawn amounts can ask for more forfeits and unusual results than a round has boards;
    the unusual results then take the boards the forfeits leave."""
    s = settings(
        seed=2,
        players=5,
        rounds=5,
        system=System.ROUND_ROBIN,
        forfeits=parse_quota("1"),
        unusual=parse_quota("3"),
    )
    event = generate(s).event
    assert not check_consistency(event)


def test_late_entries_join_in_the_rounds_their_quota_names_numbered_by_rating() -> None:
    s = settings(players=20, rounds=6, late_entries=parse_quota("r2:2,r4:1"))
    event = generate(s).event
    missed = {
        p.tpn: [r for r in range(1, 7) if event.entry(p.tpn, r).kind is EntryKind.NOT_PAIRED]
        for p in event.players
    }
    late = {tpn: rounds for tpn, rounds in missed.items() if rounds}
    # Two join in round 2 (they missed round 1), one in round 4 (rounds 1-3).
    assert sorted(late.values()) == [[1], [1], [1, 2, 3]]
    # Not paired before joining, paired (or given a bye) in every round after.
    for tpn, rounds in late.items():
        joined = rounds[-1] + 1
        assert all(event.entry(tpn, r).kind is not EntryKind.NOT_PAIRED for r in range(joined, 7))
    # Numbered in rating order among the others (C.04.2 articles 2.4-2.5).
    ratings = [p.rating for p in event.players]
    assert ratings == sorted(ratings, reverse=True)
    assert generate(s).event == event
    check_consistency(event)


def test_late_entries_leave_two_players_to_start_and_refuse_a_round_robin() -> None:
    event = generate(settings(players=6, rounds=4, late_entries=parse_quota("r2:100%"))).event
    first = [p.tpn for p in event.players if event.entry(p.tpn, 1).kind is not EntryKind.NOT_PAIRED]
    assert len(first) == 2
    with pytest.raises(GeneratorError, match="round robin"):
        generate(
            settings(
                players=6, rounds=5, system=System.ROUND_ROBIN, late_entries=parse_quota("r2:1")
            )
        )


def test_without_late_entries_the_same_seed_gives_the_same_event_as_before() -> None:
    # The late entries' draw takes nothing from the seed's stream when none are asked for.
    plain = generate(settings())
    assert plain == generate(settings(late_entries=parse_quota("0")))


def test_the_generator_pairs_with_the_engine_it_is_given() -> None:
    own = generate(settings(players=30, rounds=6, engine="own")).event
    reference = generate(settings(players=30, rounds=6)).event
    assert own == reference
    with pytest.raises(GeneratorError, match="engine"):
        generate(settings(engine="nobody"))
