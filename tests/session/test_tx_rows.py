"""A command's writes: a row put holds every value column of its table (a column left
out is None), a column the table does not have is refused, and nothing reaches the
state before the command has finished."""

from __future__ import annotations

import pytest

from arbiter_app.session.state import State, Tx
from arbiter_app.store.schema import TABLES_BY_NAME


def test_a_row_put_holds_every_column_and_an_unknown_column_is_refused() -> None:
    state = State()
    tx = Tx(state)
    tx.put("entries", (1, 1), {"kind": "half_bye"})
    (row,) = tx.writes()["entries"].values()
    assert list(row) == list(TABLES_BY_NAME["entries"].value_names)
    assert row["kind"] == "half_bye" and row["opponent"] is None
    with pytest.raises(ValueError, match=r"entries: unknown columns \['colur', 'score'\]"):
        tx.put("entries", (1, 2), {"kind": "game", "colur": "w", "score": 1})
    with pytest.raises(ValueError, match="does not match"):
        tx.put("entries", (1,), {"kind": "half_bye"})
    assert state.tables["entries"] == {}
