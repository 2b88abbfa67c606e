"""The guide page of the US Chess engine names every variation a TD may announce, with its
rule (resources/guide/uschess-pairing.md)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from arbiter_app.core.pairing.uschess import UsChessOptions

PAGE = Path(__file__).resolve().parents[4] / "resources" / "guide" / "uschess-pairing.md"


def test_every_variation_is_in_the_guide_with_its_rule() -> None:
    text = PAGE.read_text(encoding="utf-8")
    shown = {
        "keep_clubs_apart": ("--teammates-apart", "28N"),
        "odd_player_for_colour": ("odd_player_for_colour", "29D1a-b"),
        "transposition_limit": ("transposition_limit", "29E5a"),
        "interchange_limit": ("interchange_limit", "29E5b"),
        "initial_colour": ("--initial-colour", "28J"),
    }
    assert {f.name for f in dataclasses.fields(UsChessOptions)} == set(shown)
    for words, rule in shown.values():
        row = next(line for line in text.splitlines() if words in line and line.startswith("|"))
        assert rule in row
