"""The tournament system of a file: record 192, else 092's words, else the games (C.07 15.2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arbiter_app.core.model import System
from arbiter_app.core.trf import TrfDocument, TrfVersion, parse_trf, write_trf
from arbiter_app.core.trf.system import detect_system, implied_system, system_from_092
from tests.support.compact import event_from_text


@pytest.mark.parametrize(
    ("text", "system"),
    [
        ("Individual: Swiss-System", System.SWISS),  # Swiss-Manager, Lichess
        ("Individual: Round-Robin", System.ROUND_ROBIN),  # Swiss-Manager
        ("Individual: Swiss-System (Standard)", System.SWISS),  # FIDE's example
        ("Individual: Swiss-System Dutch (JaVaFo)", System.SWISS),
        ("Swiss Dutch", System.SWISS),
        ("Round Robin", System.ROUND_ROBIN),
        ("Double Round Robin", System.DOUBLE_ROUND_ROBIN),
        ("Team: Round-Robin", System.ROUND_ROBIN),
        ("Double Swiss", System.DOUBLE_SWISS),
        ("Schweizer System", System.SWISS),
        ("Rundenturnier", System.ROUND_ROBIN),
        ("doppelrundig", System.DOUBLE_ROUND_ROBIN),
        ("Sistema suizo", System.SWISS),
        ("Todos contra todos", System.ROUND_ROBIN),
        ("Doble vuelta, todos contra todos", System.DOUBLE_ROUND_ROBIN),
        ("Système suisse", System.SWISS),
        ("Toutes rondes", System.ROUND_ROBIN),
        ("Girone all'italiana", System.ROUND_ROBIN),
        ("Svizzero", System.SWISS),
        ("Круговая система", System.ROUND_ROBIN),
        ("Двухкруговой турнир", System.DOUBLE_ROUND_ROBIN),
        ("Швейцарская система", System.SWISS),
        ("System kołowy", System.ROUND_ROBIN),
        ("System szwajcarski", System.SWISS),
        ("Každý s každým", System.ROUND_ROBIN),
        ("Alle mot alle", System.ROUND_ROBIN),
        ("Monrad", System.SWISS),
        ("Berger", System.ROUND_ROBIN),
        ("Knock-out", None),
        ("Bundesliga", None),
        ("", None),
    ],
)
def test_record_092_in_the_words_of_the_field(text: str, system: System | None) -> None:
    assert system_from_092(text) is system


ROUND_ROBIN = "1: =W2 +B3 -W4\n2: =B1 +W4 =B3\n3: +F4 -W1 =W2\n4: -F3 -B2 +B1"
"""Four players, three rounds, everybody once; 3-4 a forfeit."""


def test_a_round_robin_is_found_from_its_games() -> None:
    """Everybody met everybody once (a forfeit counts: the pairing was made)."""
    event = event_from_text(ROUND_ROBIN)
    assert detect_system(event.entries) is System.ROUND_ROBIN
    double = {t: row + row for t, row in event.entries.items()}
    assert detect_system(double) is System.DOUBLE_ROUND_ROBIN
    swiss = event_from_text("1: +W2 =B3\n2: -B1 +W4\n3: +W4 =W1\n4: -B3 -B2")
    assert detect_system(swiss.entries) is None  # 1-4 and 2-3 never met


def test_the_order_192_then_092_then_the_games() -> None:
    entries = event_from_text(ROUND_ROBIN).entries
    assert implied_system("", "", entries) is System.ROUND_ROBIN
    assert implied_system("", "Individual: Swiss-System", entries) is System.SWISS
    assert implied_system("FIDE_DOUBLEROUNDROBIN", "Swiss", entries) is System.DOUBLE_ROUND_ROBIN
    assert implied_system("", "", {}) is System.SWISS


def test_092_decides_and_the_writer_needs_no_record_of_its_own() -> None:
    base = event_from_text(ROUND_ROBIN)
    info = replace(base.info, tournament_type="Individual: Round-Robin")
    event = replace(base, info=info, system=System.ROUND_ROBIN)

    text = write_trf(TrfDocument(event, TrfVersion.TRF16))
    assert "ARB SYSTEM" not in text
    assert parse_trf(text).event.system is System.ROUND_ROBIN
    # Said otherwise by 092, the system travels in Arbiter's record.
    swiss_words = replace(event, info=replace(event.info, tournament_type="Swiss"))
    text = write_trf(TrfDocument(swiss_words, TrfVersion.TRF16))
    assert "ARB SYSTEM round-robin\n" in text
    assert parse_trf(text).event.system is System.ROUND_ROBIN
