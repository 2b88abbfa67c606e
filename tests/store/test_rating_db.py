"""The rating database: lists imported from the files FIDE ships, replaced, looked up."""

from __future__ import annotations

import zipfile
from datetime import date
from pathlib import Path

import pytest

from arbiter_app.core.errors import InputError
from arbiter_app.core.ratinglist import ALL_TYPES, RatingType
from arbiter_app.store.rating_db import (
    DATABASE_NAME,
    RatingDatabase,
    data_folder,
    default_path,
    kind_from_name,
)
from tests.support.fide_lists import COMBINED_HEADER, Row, combined_line

DATA = Path(__file__).resolve().parents[1] / "data" / "ratings"
SEP = date(2026, 9, 1)


def zipped(tmp_path: Path, zip_name: str, member: str, source: Path | None = None) -> Path:
    """*source* (a sample) zipped as FIDE ships it, under FIDE's file names."""
    path = tmp_path / zip_name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(source or DATA / member, member)
    return path


@pytest.fixture
def db(tmp_path: Path) -> RatingDatabase:
    with RatingDatabase.open(tmp_path / "ratings.sqlite") as opened:
        yield opened


def test_the_database_lives_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITER_DATA_DIR", str(tmp_path / "stick"))
    assert data_folder() == tmp_path / "stick"
    assert default_path() == tmp_path / "stick" / DATABASE_NAME
    with RatingDatabase.open() as opened:
        assert opened.lists() == []
    assert (tmp_path / "stick" / DATABASE_NAME).is_file()
    monkeypatch.delenv("ARBITER_DATA_DIR")
    assert data_folder().name == "Arbiter"  # the platform's folder (platformdirs)


def test_the_zips_as_fide_ships_them(tmp_path: Path, db: RatingDatabase) -> None:
    txt = zipped(tmp_path, "players_list.zip", "players_list_foa.txt")
    report = db.import_file(txt, month=SEP)
    assert report.imported.covers == ALL_TYPES and report.imported.players == 8
    assert report.imported.title == "FIDE combined list (standard, rapid, blitz), September 2026"
    xml = zipped(
        tmp_path, "rapid_sep26frl_xml.zip", "rapid_sep26frl_xml.xml", DATA / "rapid_rating_list.xml"
    )
    rapid = db.import_file(xml).imported  # the month and the type from the archive's name
    assert rapid.covers == {RatingType.RAPID} and rapid.month == SEP
    assert [x.id for x in db.lists()] == [rapid.id, report.imported.id] or len(db.lists()) == 2
    found = db.by_id(1503014)
    assert {f.list.id for f in found} == {rapid.id, report.imported.id}
    assert db.by_id("not a number") == [] and db.by_id(42) == []
    # What cannot be a FIDE ID is on no list, however large (SQLite's integers end at 2**63).
    for no_id in ("-9223372036854775809", "9" * 20, -1, "²", "015 03014", ""):
        assert db.by_id(no_id) == []


def test_a_list_imported_again_replaces_the_same_list(tmp_path: Path, db: RatingDatabase) -> None:
    path = zipped(tmp_path, "players_list.zip", "players_list_foa.txt")
    first = db.import_file(path, month=SEP).imported
    again = db.import_file(path, month=SEP)
    assert again.replaced == first
    assert [x.id for x in db.lists()] == [again.imported.id]
    # Another month is another list.
    db.import_file(path, month=date(2026, 10, 1))
    assert len(db.lists()) == 2


def test_what_the_file_does_not_say_must_be_given_and_must_agree(
    tmp_path: Path, db: RatingDatabase
) -> None:
    combined = zipped(tmp_path, "players_list.zip", "players_list_foa.txt")
    with pytest.raises(InputError, match="month is not written"):
        db.import_file(combined)
    single = DATA / "standard_sep26frl.txt"
    with pytest.raises(InputError, match="list of September 2026, not of October 2026"):
        db.import_file(single, month=date(2026, 10, 1))
    with pytest.raises(InputError, match="says it is the standard list, not the rapid list"):
        db.import_file(single, rating_type=RatingType.RAPID)
    xml = DATA / "players_list_xml_foa.xml"  # a combined list says so by its elements
    assert db.import_file(xml, month=SEP).imported.covers == ALL_TYPES
    assert kind_from_name("blitz_rating_list_xml.zip") is RatingType.BLITZ
    assert kind_from_name("players_list.zip") is None


def test_a_refused_import_leaves_the_database_as_it_was(tmp_path: Path, db: RatingDatabase) -> None:
    good = zipped(tmp_path, "players_list.zip", "players_list_foa.txt")
    db.import_file(good, month=SEP)
    before = db.lists()
    two = tmp_path / "two.zip"
    with zipfile.ZipFile(two, "w") as archive:
        archive.write(DATA / "players_list_foa.txt", "a.txt")
        archive.write(DATA / "players_list_foa.txt", "b.txt")
    empty = tmp_path / "players_list_foa.txt"
    empty.write_text(COMBINED_HEADER + "\n", "ascii")
    broken = tmp_path / "players_list_xml.xml"
    broken.write_bytes(b"<playerslist><player><fideid>1</fideid><rating>1500</rating></player><pl")
    for path, message in (
        (two, "holds 2"),
        (empty, "holds no player"),
        (broken, "not a readable XML list"),
        (tmp_path / "missing.zip", "no such file"),
        (DATA.parent / "trf" / "README.md", "a .zip, .txt or .xml"),
    ):
        with pytest.raises(InputError, match=message):
            db.import_file(path, month=SEP, rating_type=RatingType.STANDARD)
        assert db.lists() == before
    tables = {r[0] for r in db.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"lists", "custom_lists", f"list_{before[0].id}"}


def test_a_line_that_is_not_utf8_is_read_as_latin1(tmp_path: Path, db: RatingDatabase) -> None:
    row = combined_line(Row(5, "Nunez, Jose", "ESP", standard=(1900, 0, 20), born=1980))
    path = tmp_path / "players_list_foa.txt"
    path.write_bytes(
        (COMBINED_HEADER + "\n").encode()
        + row.replace("Nunez", "N\xfa\xf1ez").encode("latin-1")
        + b"\n"
    )
    db.import_file(path, month=SEP)
    (found,) = db.by_id(5)
    assert found.player.name == "Núñez, Jose" and found.player.standard == 1900


def test_search_by_name_or_id(tmp_path: Path, db: RatingDatabase) -> None:
    db.import_file(zipped(tmp_path, "players_list.zip", "players_list_foa.txt"), month=SEP)
    names = lambda text: [f.player.name for f in db.search(text)]  # noqa: E731
    assert names("lindq") == ["Lindqvist, Maja"]
    assert names("Maja Lindqvist") == ["Lindqvist, Maja"]  # the other way round too
    assert names("van damme, an") == ["Van Damme, Anna"]
    assert names("KASIMOV") == ["Kasimov, Rustam"]
    assert names("24600962") == ["Lindqvist, Maja"]
    assert names("zzz") == [] and names("  ") == []
    # One line per player even when several lists hold them; the newest list's.
    db.import_file(DATA / "rapid_rating_list.xml", month=date(2026, 10, 1))
    (found,) = db.search("aasgaard")
    assert found.list.month == date(2026, 10, 1)


def test_a_custom_list_is_stored_replaced_and_found(tmp_path: Path, db: RatingDatabase) -> None:
    """Checklist Q117: national and custom lists beside FIDE's, with their month, the
    layout they were declared with (for the next update) and their players."""
    nov = date(2026, 11, 1)
    csv = tmp_path / "ENG.csv"
    csv.write_text("Ref;Name;Elo;FIDE\nA1;Kasimov, Rustam;2101;4100018\nB7;Newman, Nick;1650;\n")
    layout = {"id": "Ref", "rating": "Elo", "fide_id": "FIDE"}
    report = db.import_custom(csv, name="ENG", month=nov, layout=layout)
    assert (report.imported.title, report.imported.players, report.replaced) == (
        "list ENG, November 2026",
        2,
        None,
    )
    assert db.custom_layout("ENG") == layout and db.custom_layout("NAT") is None
    (by_id,) = db.custom_found({"ENG"}, "", "B7")
    assert (by_id.player.name, by_id.player.rating) == ("Newman, Nick", 1650)
    (by_fide,) = db.custom_found({"ENG"}, "4100018", "")
    assert by_fide.player.id == "A1"
    assert db.custom_found({"NAT"}, "4100018", "A1") == []
    assert db.custom_found({"ENG"}, "9" * 20, "") == []  # no FIDE ID: on no list
    csv.write_text("Ref;Name;Elo;FIDE\nA1;Kasimov, Rustam;2110;4100018\n")
    again = db.import_custom(csv, name="ENG", month=nov, layout=layout)
    assert again.replaced is not None and again.replaced.id == report.imported.id
    assert [x.players for x in db.custom_lists()] == [1]
    # A refused file leaves the database as it was.
    csv.write_text("Ref;Name;Elo\n")
    with pytest.raises(InputError, match="holds no player"):
        db.import_custom(csv, name="ENG", month=nov, layout=layout)
    assert [x.players for x in db.custom_lists()] == [1]
    with pytest.raises(InputError, match="a list's name"):
        db.import_custom(csv, name="no good", month=nov)
