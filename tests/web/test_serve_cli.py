"""``arbiter-app serve``: where it listens, and what it refuses before listening."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter_app.cli import build_parser
from tests.support.cli import run

ROOT = Path(__file__).resolve().parents[2]


def test_it_listens_on_this_computer_only_unless_told() -> None:
    args = build_parser().parse_args(["serve", "x.arbiter"])
    assert (args.host, args.port) == ("127.0.0.1", 8080)
    args = build_parser().parse_args(["serve", "x.arbiter", "--host", "0.0.0.0"])
    assert args.host == "0.0.0.0"


def test_a_missing_file_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "serve", str(tmp_path / "gone.arbiter"), "--port", "0")
    assert code == 2
    assert "gone.arbiter: no such file" in err


def test_a_port_out_of_range_is_refused(
    capsys: pytest.CaptureFixture[str], club_file: Path
) -> None:
    code, _, err = run(capsys, "serve", str(club_file), "--port", "70000")
    assert code == 2
    assert "a port is a number from 0 to 65535" in err


def test_a_port_in_use_is_refused_with_what_to_do(
    capsys: pytest.CaptureFixture[str], club_file: Path
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _, err = run(capsys, "serve", str(club_file), "--port", str(port))
    assert code == 2
    assert f"cannot listen on 127.0.0.1 port {port}" in err
    assert "choose another port (--port)" in err


def test_the_web_package_loads_no_qt() -> None:
    """The server runs headless: neither the page nor the QR code needs Qt."""
    code = (
        "import sys, arbiter_app.web.server, arbiter_app.web.pages, arbiter_app.web.qr\n"
        "import arbiter_app.cli.serve\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('PySide6'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == ""


def test_serve_shows_the_section_named_first_and_stops_on_ctrl_c(sections_file: Path) -> None:
    import re
    import signal
    import urllib.request

    process = subprocess.Popen(
        [sys.executable, "-m", "arbiter_app", "serve", str(sections_file), "--port", "0",
         "--section", "reserve", "--quiet"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"at (http://127\.0\.0\.1:\d+/) \(listening on 127\.0\.0\.1", first)
        assert found, first
        with urllib.request.urlopen(found.group(1) + "standings", timeout=30) as response:
            page = response.read().decode("utf-8")
        assert '<a href="/standings?section=2" aria-current="true">Reserve</a>' in page
        assert "Brennan, Siobhán" in page
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0, err
    assert "Stopped." in out
    assert "Traceback" not in err
