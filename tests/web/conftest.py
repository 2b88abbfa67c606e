"""A players' page server on a free port of 127.0.0.1, serving in a thread."""

from __future__ import annotations

import http.client
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from arbiter_app.web.server import PlayersPageServer, serve_file
from tests.web.events import club_swiss


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    text: str


def ask(server: PlayersPageServer, path: str, method: str = "GET", body: bytes = b"") -> Answer:
    """One request as sent (http.client leaves ``/../`` and ``%2e`` as they are)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(method, path, body=body or None)
        response = conn.getresponse()
        return Answer(response.status, response.headers, response.read().decode("utf-8"))
    finally:
        conn.close()


@pytest.fixture(scope="session")
def club_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club Swiss: two rounds played, round 3 paired without results."""
    return club_swiss(tmp_path_factory.mktemp("club") / "club.arbiter")


@pytest.fixture(scope="session")
def sections_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club Swiss as the Open of an event with a Reserve."""
    return club_swiss(tmp_path_factory.mktemp("sections") / "sections.arbiter", sections=True)


@pytest.fixture
def club_copy(club_file: Path, tmp_path: Path) -> Path:
    """A copy of the club Swiss to change (the file is whole after every action)."""
    target = tmp_path / "club.arbiter"
    shutil.copyfile(club_file, target)
    return target


def running(path: Path) -> Iterator[PlayersPageServer]:
    server = serve_file(path, "127.0.0.1", 0)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def club_server(club_file: Path) -> Iterator[PlayersPageServer]:
    yield from running(club_file)


@pytest.fixture
def sections_server(sections_file: Path) -> Iterator[PlayersPageServer]:
    yield from running(sections_file)
