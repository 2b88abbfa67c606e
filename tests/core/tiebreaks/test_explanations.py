"""Every value can be explained: the contributions left after cuts add up to the value."""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest

from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.tiebreaks import REGISTRY, TieBreakContext, explain, parse_spec
from tests.core.tiebreaks.conftest import reference_event
from tests.support.random_events import Shape, random_event

FIDE_CODES = (
    "BH", "BH/C1", "BH/C2", "BH/M1", "FB", "AOB", "SB", "SB/C1", "KS", "KS/L1",
    "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "RTNG", "WIN", "WON", "BPG",
    "BWG", "REP", "STD", "TPN", "PS", "PS/C1",
)  # fmt: skip


def _events() -> list[tuple[str, Event]]:
    out = []
    for name in ("swiss16-2023", "rr6-2023", "slides-2026"):
        for rs in (RuleSet.FIDE_2024, RuleSet.FIDE_2026):
            out.append((f"{name}-{rs.value}", reference_event(name, rs)))
    for seed in (3, 7):
        for rs in (RuleSet.FIDE_2024, RuleSet.FIDE_2026):
            ev = random_event(seed, rs, Shape((12, 30), (5, 9)))
            out.append((f"random{seed}-{rs.value}", ev))
    return out


@pytest.mark.parametrize(("label", "event"), _events(), ids=[x[0] for x in _events()])
@pytest.mark.parametrize("code", FIDE_CODES)
def test_contributions_add_up_to_the_value(label: str, event: Event, code: str) -> None:
    ctx = TieBreakContext(event)
    spec = parse_spec(code)
    tpns = [p.tpn for p in event.players]
    values = REGISTRY[spec.name].compute(ctx, spec, tpns)
    for tpn in tpns:
        ex = explain(ctx, spec, tpn)
        assert ex.value == values[tpn], (code, tpn)
        kept = sum((c.value for c in ex.contributions if not c.cut), Fraction(0))
        assert kept == ex.value, f"{code} of {tpn}:\n{ex.render()}"
        assert ex.article.startswith("FIDE C.07")


def test_cut_contributions_say_why() -> None:
    ctx = TieBreakContext(reference_event("swiss16-2023"))
    ex = explain(ctx, parse_spec("BH/C1"), 4)
    (cut,) = [c for c in ex.contributions if c.cut]
    assert cut.round == 2 and cut.opponent is None
    assert "voluntarily unplayed round is cut first (16.5)" in cut.note


def test_direct_encounter_explains_the_games_among_the_group() -> None:
    ctx = TieBreakContext(reference_event("rr6-2023"))
    ex = explain(ctx, parse_spec("DE"), 6, group=[4, 5, 6])
    assert ex.value == 1
    text = ex.render()
    assert "against 5" in text and "rank 1 of 3 tied players" in text


@pytest.mark.parametrize("code", sorted(set(c.split("/")[0] for c in FIDE_CODES) | {"DE"}))
def test_every_compute_function_cites_its_article(code: str) -> None:
    tb = REGISTRY[code]
    doc = inspect.getdoc(tb.func) or ""
    assert "C.07" in doc, code
