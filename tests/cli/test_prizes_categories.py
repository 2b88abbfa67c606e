"""``prizes FILE --category …``: category prizes announced, journaled and listed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter_app.cli import main
from arbiter_app.core.errors import ArbiterError
from arbiter_app.session import Session
from arbiter_app.session.commands import EditSettings, SetPrizeCategories
from arbiter_app.session.prize_commands import stored_categories

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "guide" / "examples"


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The Jaén sample (ten players, five rounds), with its start date."""
    path = tmp_path / "jaen.arbiter"
    assert main(["import", str(EXAMPLES / "jaen-2024.trf"), "-o", str(path), "--confirm"]) == 0
    capsys.readouterr()
    return path


def test_categories_from_the_command_line(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["prizes", str(event), "--fund", "300,200,100",
         "--category", "U2000: rating<2000: 80,40", "--category", "Women: sex=w: 50"]
    )  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    # No tour points at a club event: the regulation has none.
    assert out[0].split() == ["1", "2", "Müller-Schröder,", "Jördis", "300.00", "1st", "place"]
    assert out[3].split()[-3:] == ["50.00", "Women", "1st"]  # the best woman after her
    assert "Category U2000 (rating<2000): 80.00, 40.00" in out
    assert any(line.startswith("Each player receives one prize") for line in out)
    rows = json.loads(_run(capsys, "prizes", str(event), "--json"))
    assert [r["prize"] for r in rows if r["prize"].startswith("U2000")] == ["U2000 1st-2nd"] * 2
    total = sum(float(r["money"]) for r in rows)  # for the comparison only; amounts are strings
    assert round(total, 2) == 300 + 200 + 100 + 80 + 40 + 50
    # The rule alone changes; the categories stay.
    assert main(["prizes", str(event), "--award", "place-first"]) == 0
    assert "the place prizes are given first" in capsys.readouterr().out
    with Session.open(event, readonly=True) as s:
        categories, rule = stored_categories(s.state)
        commands = [e.command for e in s.journal()]
    assert [c.name for c in categories] == ["U2000", "Women"] and rule.value == "place-first"
    assert commands[-3:] == ["prizes.set_fund", "prizes.set_categories", "prizes.set_categories"]
    assert main(["prizes", str(event), "--no-categories"]) == 0
    assert "Category" not in capsys.readouterr().out


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_bad_categories_are_refused_and_change_nothing(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["prizes", str(event), "--category", "U2000: rating<2000: 80"]) == 2
    said = capsys.readouterr().err
    assert "the place prizes come before the category prizes" in said
    assert "prizes FILE --set" in said  # the command line's own hint (issue 26)
    _run(capsys, "prizes", str(event), "--fund", "300")
    for category, why in (
        ("U2000 rating<2000 80", "category 1: 'U2000 rating<2000 80': write NAME: CONDITION"),
        ("U2000: rating<<2000: 80", "category 1: U2000: rating is compared with a whole number"),
        ("Kids: age<10: 10,20", "prize 2 (20.00) is larger than prize 1 (10.00)"),
    ):
        assert main(["prizes", str(event), "--category", category]) == 2
        assert why in capsys.readouterr().err
    assert (
        main(["prizes", str(event), "--category", "A: unrated: 5", "--category", "a: unrated: 5"])
        == 2
    )
    assert "two categories are called 'a'" in capsys.readouterr().err
    # An age category without the event's start date cannot be given out.
    with Session.open(event) as s:
        # Play has started and the date decides the FIDE text: a level-3 question (FIDE C.02).
        s.run(EditSettings(info={"start_date": None}), confirm=True)
        s.run(SetPrizeCategories(categories=["Junior: age<20: 50"]))
        with pytest.raises(ArbiterError, match="start date"):
            from arbiter_app.session.prize_queries import prize_list

            prize_list(s.state, s.event, None)
    with Session.open(event, readonly=True) as s:
        assert [e.command for e in s.journal()][-1] == "prizes.set_categories"


def test_a_shared_place_ranked_by_tie_break_is_explained(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Places 2-3 share the money; the tie-breaks rank Šťastný above Øvergaard (US Chess 32B2)."""
    main(["prizes", str(event), "--fund", "300,200,100"])
    before = capsys.readouterr().out
    assert "ranked by tie-break" not in before  # no tie-breaks announced: nothing ranks them
    assert main(["settings", str(event), "--tiebreaks", "BH/C1,BH,SB",
                 "--confirm=tiebreaks-reorder-standings"]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["prizes", str(event)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "Places 2-3 share 300.00: 150.00 each; ranked by tie-break for the trophy." in out
    assert main(["prizes", str(event), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    shared = [r["explanation"] for r in rows if r["place"] == "2-3"]
    assert (
        shared == ["places 2-3 share 300.00: 150.00 each; ranked by tie-break for the trophy"] * 2
    )


def test_the_prize_sheet_explains_a_share_ranked_by_tie_break(
    event: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbiter_app.exports.html import sheet_to_html
    from arbiter_app.sheets.builders import SHEETS
    from arbiter_app.sheets.source import load

    main(["prizes", str(event), "--fund", "300,200,100"])
    main(["settings", str(event), "--tiebreaks", "BH/C1,BH,SB",
          "--confirm=tiebreaks-reorder-standings"])  # fmt: skip
    capsys.readouterr()
    html = sheet_to_html(SHEETS["prizes"](load(event), None))
    assert (
        html.count("places 2-3 share 300.00: 150.00 each; ranked by tie-break for the trophy") == 2
    )
