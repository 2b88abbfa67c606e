"""The lot-drawing protocol prints what, how, when, who watched and the outcome."""

from __future__ import annotations

from arbiter_app.core.lots import physical_draw, seeded_draw, seeded_toss
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.lots import RecordedDraw, protocol_sheet
from arbiter_app.exports.sheet import Box, Fields

NAMES = {1: "Přemysl Ďuriš", 2: "Иван Петров", 3: "李明"}


def _fields(box: Box) -> dict[str, str]:
    return next(dict(b.items) for b in box.blocks if isinstance(b, Fields))


def test_seeded_draw_shows_seed_time_witnesses_and_drawn_order() -> None:
    draw = seeded_draw(
        "Play-off pairing numbers",
        [1, 2, 3],
        987654321,
        witnesses=("A. Smith",),
        article="GCT 2023 art. 2.3",
    )
    sheet = protocol_sheet([RecordedDraw(draw, "2024-05-05 18:05")], event="Open", names=NAMES)
    box = sheet.blocks[0]
    assert isinstance(box, Box)
    f = _fields(box)
    assert f["Seed"] == "987654321"
    assert f["Article"] == "GCT 2023 art. 2.3"
    assert f["Time"] == "2024-05-05 18:05"
    assert f["Witnesses"] == "A. Smith"
    assert "seed 987654321" in f["Method"]
    order = [row[1] for row in sheet.tables()[0].rows]
    assert order == [f"{n} {NAMES[n]}" for n in draw.outcome]


def test_physical_draw_and_toss() -> None:
    draw = physical_draw("Knockout byes", [1, 2, 3], [3, 1, 2], witnesses=("W1", "W2"))
    toss = seeded_toss("Armageddon colours", [1, 3], 42, article="GCT 2023 art. 2.5.3")
    sheet = protocol_sheet([draw, toss], names=NAMES)
    html = sheet_to_html(sheet)
    assert "physical draw at the venue" in html
    assert f"the toss is won by {toss.outcome[0]} {NAMES[toss.outcome[0]]}" in html
    assert "Witness: W1" in html and "Witness: W2" in html
    assert "not recorded" in html
    # A toss has no order table; the draw has one of three rows.
    assert [len(t.rows) for t in sheet.tables()] == [3]


def test_empty_protocol_says_so() -> None:
    assert "No lots have been drawn" in sheet_to_html(protocol_sheet([]))
