"""Timings of the FIDE rating lists: import a 1.3-million-player list, look players up.

Run: ``python -m tests.benchmarks.bench_ratings`` from the repository root (or
``python -m tests.benchmarks.run_all ratings``). Two lists are generated in
FIDE's formats and zipped as FIDE ships them: the combined TXT list
(``players_list.zip``, fixed columns) and the standard XML list
(``standard_rating_list_xml.zip``), 1.3 million players each. Each import runs
in a fresh process (``arbiter-app ratings import``), so its peak memory is that
process's own (``VmHWM``; ``ru_maxrss`` would keep the benchmark's own peak across
the fork and exec). Lookups by FIDE ID and by name are timed on the
imported database, each the mean over many players, after one warm-up.

:func:`run` returns the rows of the table so other tools can collect them.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.support.fide_lists import COMBINED_HEADER

PLAYERS = 1_300_000
LOOKUPS = 200
IMPORT_TARGET = 60.0
LOOKUP_TARGET = 0.1

_SYLLABLES = (
    "an", "ber", "ca", "dor", "el", "fen", "gar", "hol", "ing", "jo", "kar", "lin", "mo",
    "nor", "ov", "pet", "qui", "ros", "sen", "tor", "ul", "van", "wen", "xi", "yan", "zu",
)  # fmt: skip
_FEDS = ("IND", "RUS", "GER", "FRA", "ESP", "USA", "POL", "ITA", "IRI", "TUR", "BRA", "NED")


@dataclass(frozen=True)
class Row:
    what: str
    seconds: float
    target: float
    peak_mb: float | None = None
    cpu: float | None = None

    @property
    def note(self) -> str:
        if self.peak_mb is None or self.cpu is None:
            return ""
        return f"CPU {self.cpu:.1f} s, peak memory {self.peak_mb:.0f} MB"


def _name(rng: random.Random) -> str:
    surname = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))).capitalize()
    first = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 3))).capitalize()
    return f"{surname}, {first}"


def _people(seed: int = 7):
    rng = random.Random(seed)
    for i in range(PLAYERS):
        fide_id = 1_000_000 + i * 7
        woman = rng.random() < 0.12
        yield (
            fide_id,
            _name(rng),
            rng.choice(_FEDS),
            "F" if woman else "M",
            rng.randint(1000, 2800),
            rng.randint(1000, 2700) if rng.random() < 0.6 else None,
            rng.randint(1000, 2700) if rng.random() < 0.5 else None,
            rng.randint(1940, 2018),
            ("wi" if woman else "i") if rng.random() < 0.4 else ("w" if woman else ""),
        )


def _rated(value: int | None, k: int = 20) -> str:
    return f"{'':13}" if value is None else f"{value:<6}{0:<4}{k:<3}"


def _zip(path: Path, member: str, lines: Iterable[str]) -> None:
    """*lines* written as the one file *member* of a zip, ten thousand lines at a time."""
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive,
        archive.open(member, "w") as raw,
    ):
        chunk: list[str] = []
        for line in lines:
            chunk.append(line)
            if len(chunk) == 10_000:
                raw.write("".join(chunk).encode())
                chunk = []
        raw.write("".join(chunk).encode())


def write_txt_zip(path: Path) -> list[tuple[int, str]]:
    """The combined list as ``players_list.zip``; returns every player's ID and name."""
    people: list[tuple[int, str]] = []

    def lines() -> Iterator[str]:
        yield COMBINED_HEADER + "\n"
        for fide_id, name, fed, sex, std, rpd, blz, born, flag in _people():
            people.append((fide_id, name))
            yield (
                f"{fide_id:<15}{name:<61}{fed:<4}{sex:<4}{'':5}{'':5}{'':15}{'':4}"
                f"{_rated(std)}{_rated(rpd)}{_rated(blz)}{born:<6}{flag:<4}\n"
            )

    _zip(path, "players_list_foa.txt", lines())
    return people


def write_xml_zip(path: Path) -> None:
    """The standard list as ``standard_rating_list_xml.zip`` (FIDE's element names)."""

    def lines() -> Iterator[str]:
        yield '<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n'
        for fide_id, name, fed, sex, std, _, _, born, flag in _people():
            yield (
                f"<player>\n<fideid>{fide_id}</fideid>\n<name>{name}</name>\n"
                f"<country>{fed}</country>\n<sex>{sex}</sex>\n<title></title>\n"
                f"<w_title></w_title>\n<o_title></o_title>\n<foa_title></foa_title>\n"
                f"<rating>{std}</rating>\n<games>0</games>\n<k>20</k>\n"
                f"<birthday>{born}</birthday>\n<flag>{flag}</flag>\n</player>\n"
            )
        yield "</playerslist>\n"

    _zip(path, "standard_rating_list.xml", lines())


_CHILD = (
    "import resource, sys\n"
    "from pathlib import Path\n"
    "from arbiter_app.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "used = resource.getrusage(resource.RUSAGE_SELF)\n"
    # VmHWM is this program's own peak; ru_maxrss keeps the forking parent's across exec.
    "status = Path('/proc/self/status')\n"
    "lines = status.read_text().splitlines() if status.exists() else []\n"
    "peak = next((int(x.split()[1]) for x in lines if x.startswith('VmHWM:')), used.ru_maxrss)\n"
    "print(peak, used.ru_utime + used.ru_stime, file=sys.stderr)\n"
    "raise SystemExit(code)\n"
)


def _import(zip_path: Path, data: Path, *extra: str) -> tuple[float, float, float]:
    """Wall-clock seconds, peak memory (MB) and CPU seconds of ``arbiter-app ratings import``
    in a process of its own (which reports its own peak resident size, ``VmHWM``, in KiB)."""
    env = {**os.environ, "ARBITER_DATA_DIR": str(data)}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, "ratings", "import", str(zip_path), *extra],
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seconds = time.perf_counter() - started
    peak, cpu = done.stderr.strip().splitlines()[-1].split()
    return seconds, int(peak) / 1024, float(cpu)


def _lookups(data: Path, people: list[tuple[int, str]]) -> tuple[float, float]:
    from arbiter_app.store.rating_db import RatingDatabase

    rng = random.Random(3)
    sample = rng.sample(people, LOOKUPS)
    with RatingDatabase.open(data / "fide-ratings.sqlite") as db:
        db.by_id(sample[0][0])
        db.search(sample[0][1][:6])
        started = time.perf_counter()
        for fide_id, _ in sample:
            assert db.by_id(fide_id), fide_id
        by_id = (time.perf_counter() - started) / LOOKUPS
        started = time.perf_counter()
        for _, name in sample:
            # What an arbiter types: the surname's first letters and the first name.
            surname, first = name.split(", ")
            assert db.search(f"{surname[:5]} {first}"), name
        by_name = (time.perf_counter() - started) / LOOKUPS
    return by_id, by_name


def run() -> list[Row]:
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        txt, xml = folder / "players_list.zip", folder / "standard_rating_list_xml.zip"
        people = write_txt_zip(txt)
        write_xml_zip(xml)
        data = folder / "data"
        seconds, peak, cpu = _import(txt, data, "--month", "2026-09")
        rows.append(
            Row(
                "import the combined TXT list, 1.3 M players (zip)",
                seconds,
                IMPORT_TARGET,
                peak,
                cpu,
            )
        )
        seconds, peak, cpu = _import(xml, data, "--month", "2026-09")
        rows.append(
            Row(
                "import the standard XML list, 1.3 M players (zip)",
                seconds,
                IMPORT_TARGET,
                peak,
                cpu,
            )
        )
        by_id, by_name = _lookups(data, people)
        rows.append(Row("look a player up by FIDE ID (2 lists of 1.3 M)", by_id, LOOKUP_TARGET))
        rows.append(Row("look a player up by name (2 lists of 1.3 M)", by_name, LOOKUP_TARGET))
    return rows


def main() -> int:
    print("| what | time | target | met | memory |")
    print("|---|---:|---:|:-:|---|")
    for r in run():
        ok = "yes" if r.seconds <= r.target else "no"
        shown = f"{r.seconds * 1000:.1f} ms" if r.seconds < 1 else f"{r.seconds:.1f} s"
        print(f"| {r.what} | {shown} | {r.target:g} s | {ok} | {r.note} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
