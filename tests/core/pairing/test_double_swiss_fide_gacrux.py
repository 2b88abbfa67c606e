"""Arbiter's FIDE Double-Swiss against gacrux, through C.04.6's identical procedure.

:mod:`tests.support.double_swiss_gacrux` hands each event to gacrux as a Swiss Team event of
two-board teams (C.04.5 3.3-3.6 are C.04.6's words). A small run here; the campaign
(``python -m tests.support.double_swiss_gacrux 300``) is the large one.
"""

from __future__ import annotations

from tests.support.double_swiss_gacrux import campaign, compare_event


def test_the_engine_agrees_with_gacrux_s_swiss_team_procedure() -> None:
    assert campaign(6) == []


def test_the_two_events_that_once_differed_agree() -> None:
    """Seeds 76 and 219 of the campaign found a bracket where [C8] was not minimised."""
    assert compare_event(76, 21, 7) == []
    assert compare_event(219, 16, 6) == []
