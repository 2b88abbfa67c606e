"""Properties every standings must have, over generated Swiss events.

FIDE C.07 article 4.2: participants are ranked by the first tie-break, the
next one applying only where a tie persists; players still tied share the
place. So, whatever the event: points never increase down the list, players
sharing a place have equal points and equal values for every tie-break that
is not group dependent, and the places cover 1..n without gaps.
"""

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter_app.core.standings import compute_standings
from arbiter_app.core.tiebreaks import REGISTRY
from arbiter_app.core.trf import parse_trf
from tests.benchmarks.bench_standings import FIDE_CHAIN, USCF_CHAIN
from tests.support.swiss_generator import generate_trf


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=24),
    rounds=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=10**6),
    chain=st.sampled_from([USCF_CHAIN, FIDE_CHAIN, ("RBT", "MM"), ()]),
)
def test_standings_invariants(players, rounds, seed, chain) -> None:
    event = parse_trf(generate_trf(players, rounds, seed), "generated").event
    st_ = compute_standings(event, chain)
    rows = st_.rows
    assert sorted(r.tpn for r in rows) == sorted(p.tpn for p in event.players)
    assert all(a.points >= b.points for a, b in itertools.pairwise(rows))
    position = 1
    i = 0
    while i < len(rows):
        same = [r for r in rows if r.place == rows[i].place]
        first, _, last = rows[i].place.partition("-")
        assert int(first) == position == rows[i].rank
        assert int(last or first) == position + len(same) - 1
        for code in st_.codes:
            spec = next(s for s in st_.specs if s.code == code)
            if not REGISTRY[spec.name].group_dependent:
                assert len({r.values[code] for r in same}) == 1
        assert len({r.points for r in same}) == 1
        position += len(same)
        i += len(same)
    assert position == len(rows) + 1
