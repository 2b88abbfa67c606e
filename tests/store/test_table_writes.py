"""The rows of a transaction land as written: new rows inserted, rows with a known key
replaced column by column, rows written as None deleted, other rows left alone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbiter_app.store.file import EventFile
from arbiter_app.store.schema import TABLES_BY_NAME


def _entry(kind: str, opponent: int | None = None, outcome: str | None = None) -> dict[str, Any]:
    row: dict[str, Any] = dict.fromkeys(TABLES_BY_NAME["entries"].value_names)
    return {**row, "kind": kind, "opponent": opponent, "outcome": outcome, "rated": 1}


def test_inserted_replaced_and_deleted_rows_read_back_as_written(tmp_path: Path) -> None:
    file = EventFile.create(tmp_path / "e.arbiter")
    try:
        file.rebuild(
            {
                "entries": {
                    (1, 1, 1): _entry("game", 2, "win"),
                    (1, 2, 1): _entry("game", 1, "loss"),
                    (1, 3, 1): _entry("half_bye"),
                },
                "settings": {(1, "tiebreaks"): {"value": ["BH", "SB"]}},
            }
        )
        file.rebuild(
            {
                "entries": {
                    (1, 1, 1): _entry("game", 2, "draw"),
                    (1, 2, 1): None,
                    (1, 4, 1): _entry("not_paired"),
                }
            }
        )
        entries = {(1, *key): row for key, row in file.read_table("entries")[1].items()}
        settings = {(1, *key): row for key, row in file.read_table("settings")[1].items()}
    finally:
        file.close()
    assert sorted(entries) == [(1, 1, 1), (1, 3, 1), (1, 4, 1)]
    assert entries[(1, 1, 1)]["outcome"] == "draw"  # the row with a known key is replaced
    assert entries[(1, 1, 1)]["opponent"] == 2
    assert entries[(1, 3, 1)]["kind"] == "half_bye"  # a row not written is left alone
    assert entries[(1, 4, 1)]["kind"] == "not_paired"
    # A list is stored as JSON text, as the writing library stores it.
    assert settings[(1, "tiebreaks")]["value"] == '["BH", "SB"]'
