"""Reading what the writer wrote gives the same event, in both TRF versions."""

from __future__ import annotations

from dataclasses import fields

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter_app.core.model import Event
from arbiter_app.core.trf import TrfDocument, TrfVersion, event_to_trf, parse_trf, write_trf
from tests.core.trf.strategies import events


def _differences(a: Event, b: Event) -> list[str]:
    return [f.name for f in fields(Event) if getattr(a, f.name) != getattr(b, f.name)]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(event=events(), version=st.sampled_from(list(TrfVersion)))
def test_reading_what_was_written_gives_the_same_event(event: Event, version: TrfVersion) -> None:
    """TRF-26: "Agreed general Data-Exchange Format for tournament results" — nothing the
    model holds may be lost on the way through a file (Arbiter's records carry the rest)."""
    text = write_trf(TrfDocument(event, version))
    doc = parse_trf(text)
    assert _differences(doc.event, event) == []
    assert doc.event == event
    assert doc.warnings == ()
    # A second pass is a fixed point: same text.
    assert write_trf(doc) == text


@settings(max_examples=25, deadline=None)
@given(event=events(max_players=12))
def test_both_versions_carry_the_same_event(event: Event) -> None:
    sixteen = parse_trf(event_to_trf(event, TrfVersion.TRF16))
    twenty_six = parse_trf(event_to_trf(event, "TRF-26"))
    assert sixteen.event == twenty_six.event == event
    assert sixteen.version is TrfVersion.TRF16
