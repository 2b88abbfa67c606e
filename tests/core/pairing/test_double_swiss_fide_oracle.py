"""Arbiter's FIDE Double-Swiss engine against a literal reading of C.04.5.

gacrux has no Double-Swiss engine (it maps the ``FIDE_DOUBLESWISS`` code to none), so the
oracle is :mod:`tests.support.double_swiss_oracle`: plain enumeration of the articles, no
matching library. A small run here; the campaign (``python -m
tests.support.double_swiss_oracle 300``) is the large one.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.core.model import Colour
from arbiter_app.core.pairing import double_swiss_fide as engine
from arbiter_app.core.pairing.double_swiss_fide import Contender
from tests.support.double_swiss_oracle import campaign, compare_event, oracle_white


def test_the_engine_agrees_with_the_oracle_on_random_events() -> None:
    assert campaign(25) == []


def test_the_campaign_notices_a_criterion_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without [C7] (2.3.4) the engine chooses other upfloaters somewhere in the campaign:
    the comparison is strong enough to see it."""
    monkeypatch.setattr(engine._Round, "_c7", lambda self, upfloaters: 0)
    assert any(compare_event(seed, 10, 5) for seed in range(40))


def test_the_oracle_s_colours_follow_article_4_3() -> None:
    one = Contender(1, Fraction(2), 1, (Colour.WHITE,), frozenset(), False, False)
    two = Contender(2, Fraction(2), 1, (Colour.WHITE,), frozenset(), False, False)
    # 4.3.4: equal histories, the HRP (1) alternates to Black.
    assert oracle_white(one, two, Colour.WHITE) == 2
    assert engine.allocate_colours(one, two, Colour.WHITE)[0] == 2
