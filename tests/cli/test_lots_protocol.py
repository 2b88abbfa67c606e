"""The lots protocol of a tournament file shows the pairing numbers drawn by lot."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, SetPairingNumbers
from arbiter_app.sheets.builders import lots
from arbiter_app.sheets.source import load


def test_pairing_numbers_by_lot_are_rebuilt_from_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "rr.arbiter"
    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay"]
    with Session.create(path, name="Quad", system="round-robin", rounds=5, durable=False) as s:
        for name in names:
            s.run(AddPlayer(name=name))
        s.run(SetPairingNumbers(by="lot"))
        seed = s.journal()[-1].seed
    assert seed is not None
    src = load(path)
    sheet = lots(src, None)
    (table,) = sheet.tables()
    # Row k: drawn number k, and the player who holds pairing number k now.
    now = {p.tpn: p.name for p in src.event.players}
    for number, player in table.rows:
        old, name = player.split(" ", 1)
        assert now[int(number)] == name
        assert names[int(old) - 1] == name  # registered in this order before the draw
    from arbiter_app.exports.html import sheet_to_html

    html = sheet_to_html(sheet)
    assert f"seed {seed}" in html and "Pairing numbers of the event, by lot" in html
