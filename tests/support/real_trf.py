"""The real TRF files of tests/data/trf/real/ and what the tests compare them with.

- :data:`FILES`: each file with what its source says of it (players, rounds
  played, the system, the rounds a FIDE-endorsed engine paired, and the
  rounds where the Dutch system as gacrux pairs it differs from the file,
  with the reason).
- :func:`gacrux_tiebreaks`: FIDE's reference implementation (gacrux) reading
  the file's own text and computing the tie-breaks, and the rule set it chose.
- :func:`export_differences`: a file and its export compared field by field
  (each player record's columns and rounds, every other line whole).
- :func:`summary`: the counts the report quotes; ``python -m tests.support.real_trf``
  prints them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from gacrux.tiebreak import tiebreak
from gacrux.trf2json import trf2json

from arbiter_app.core.model import Event, RuleSet, System
from arbiter_app.core.pairing.recorded import check_rounds
from arbiter_app.core.pairing.swiss import SwissOptions
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.trf import TrfDocument, parse_trf, write_trf
from arbiter_app.core.trf.records import POINTS, RANK

REAL = Path(__file__).resolve().parent.parent / "data" / "trf" / "real"

TIEBREAKS = ("BH", "BH/C1", "BH/M1", "SB", "WIN", "WON", "BPG", "BWG", "PS", "KS")
"""FIDE C.07 tie-breaks compared with gacrux on every file."""
RATING_TIEBREAKS = ("ARO", "TPR", "APRO")
"""Compared where gacrux gives a value: it leaves them undefined when a player is unrated."""


@dataclass(frozen=True)
class RealFile:
    """A real file and what its source says of it."""

    name: str
    players: int
    rounds: int
    system: System = System.SWISS
    dutch: bool = False
    """Paired by a FIDE-endorsed engine of the Dutch system (JaVaFo, bbpPairings, chessroster)."""
    known_differences: dict[int, str] = field(default_factory=dict)
    """Rounds the Dutch system pairs otherwise than the file, with the reason."""
    next_round: tuple[int, str] | None = None
    """The round still to pair and bbpPairings' expected pairing of it (its engine output)."""

    @property
    def path(self) -> Path:
        return REAL / self.name

    def text(self) -> str:
        # newline="": the file's own line ends (CR, CR LF) reach the reader.
        with self.path.open(encoding="utf-8", newline="") as fh:
            return fh.read()

    def document(self) -> TrfDocument:
        return parse_trf(self.text(), self.name)


_JAVAFO_ROUND_ONE = (
    "same pairs, other colours from board 12 on: JaVaFo gave round 1's colours by pairing "
    "number (even numbers White, player 1 being absent), gacrux alternates them board by "
    "board, so they part where absent player 13 would have stood"
)

FILES = (
    RealFile("fide-example-2005.trf", 284, 7),
    RealFile("lichess-2020-05-29.trf", 13, 10),
    RealFile("lichess-2020-06-26.trf", 9, 9),
    RealFile(
        "madrid-san-viator-2018.trf",
        137,
        7,
        dutch=True,
        known_differences={
            1: _JAVAFO_ROUND_ONE,
            7: "the two bottom pairs are exchanged (Arbiter 125-97 and 129-118, the file "
            "125-118 and 129-97): the file was paired in 2018 by JaVaFo under the Dutch rules "
            "then in force, Arbiter pairs by gacrux under the current text",
        },
    ),
    RealFile(
        "bbp-issue-7.trf",
        60,
        14,
        dutch=True,
        next_round=(
            15,
            "30\n1 15\n3 2\n11 17\n7 10\n8 14\n4 6\n5 12\n9 16\n13 25\n24 22\n18 29\n20 23\n"
            "19 33\n21 38\n39 26\n28 36\n31 40\n37 35\n44 46\n30 32\n27 48\n47 42\n51 55\n"
            "34 50\n49 45\n53 58\n41 59\n56 43\n60 52\n54 57\n",
        ),
    ),
    RealFile("bbp-dutch-2025-c5.trf", 6, 2, dutch=True, next_round=(3, "3\n1 5\n3 2\n6 0\n")),
    RealFile("bbp-dutch-2025-c9.trf", 5, 1, dutch=True, next_round=(2, "3\n2 1\n3 5\n4 0\n")),
    RealFile("tbs-held-round-robin.trf", 6, 5, System.ROUND_ROBIN),
    RealFile("tbs-held-swiss-5.trf", 16, 5),
    RealFile("tbs-held-swiss-9.trf", 16, 9),
    RealFile("tbs-swiss-many-unplayed.trf", 15, 7),
    RealFile("tbs-no-colour-preference.trf", 8, 2, dutch=True),
)


def points_column(doc: TrfDocument, text: str) -> dict[int, Fraction]:
    """Each player's points column (81-84) as the file wrote it."""
    out: dict[int, Fraction] = {}
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("001") and line[POINTS].strip():
            out[int(line[4:8])] = Fraction(line[POINTS].strip())
    return out


def rank_column(text: str) -> dict[int, int]:
    """Each player's rank column (86-89) as the file wrote it."""
    out: dict[int, int] = {}
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("001") and line[RANK].strip():
            out[int(line[4:8])] = int(line[RANK])
    return out


def _with_forfeit_colours(text: str) -> str:
    """gacrux reads a forfeit without a colour (``153 - -``) as White on both sides and
    refuses the game; the oracle gets the lower pairing number as White (scores and the
    tie-breaks compared do not depend on the colour of an unplayed game)."""
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("001"):
            tpn = int(line[4:8])
            chars = list(line)
            for at in range(91, len(line), 10):
                opponent = line[at : at + 4].strip()
                if opponent.isdigit() and int(opponent) and line[at + 5 : at + 6] == "-":
                    chars[at + 5] = "w" if tpn < int(opponent) else "b"
            line = "".join(chars)
        lines.append(line)
    return "\n".join(lines)


def gacrux_tiebreaks(
    real: RealFile, event: Event, codes: Sequence[str]
) -> tuple[RuleSet, dict[int, list[Decimal | None]]]:
    """gacrux's PTS and *codes* for every player, reading the file's own text.

    gacrux picks the rule set from the start date it can read (ISO dates; the
    others give it the newest rules), and is told whether pairings were
    predetermined (a round robin: C.07 article 15.2).
    """
    reader = trf2json()
    reader.parse_file(_with_forfeit_colours(real.text()), False)
    status = reader.chessjson["status"]
    assert status["code"] < 400, status
    tournament: Any = reader.get_tournament(1)
    rr = event.system.is_round_robin
    params: dict[str, Any] = {
        "tiebreak": ["PTS", *codes],
        "check": False,
        "pre_determined": rr,
        "swiss": not rr,
    }
    result = tiebreak(tournament, event.rounds_played, params).compute_tiebreaks(tournament, params)
    rules = RuleSet.FIDE_2026 if result["rules"] == "2026-03-01" else RuleSet.FIDE_2024
    return rules, {c["cid"]: list(c["tiebreakScore"]) for c in result["competitors"]}


@dataclass
class Comparison:
    """Values compared with gacrux for one file, and those that differ."""

    compared: int = 0
    differences: list[str] = field(default_factory=list)


def compare_with_gacrux(real: RealFile, doc: TrfDocument) -> Comparison:
    """Points and tie-breaks of Arbiter's standings against gacrux's, value by value."""
    codes = (*TIEBREAKS, *RATING_TIEBREAKS)
    rules, theirs = gacrux_tiebreaks(real, doc.event, codes)
    # The same rule set as gacrux (it cannot read `May 29, 2020`, Arbiter can).
    standings = compute_standings(replace(doc.event, rule_set=rules), codes)
    out = Comparison()
    for row in standings.rows:
        values = theirs[row.tpn]
        mine: list[Fraction | None] = [row.points, *(row.values[c] for c in codes)]
        for code, ref, ours in zip(("PTS", *codes), values, mine, strict=True):
            if ref is None and code in RATING_TIEBREAKS:
                continue  # undefined for gacrux: an unrated player in the event
            ref_value = Fraction(0) if ref is None else Fraction(str(ref))
            out.compared += 1
            if ours is None or Fraction(ours) != ref_value:
                out.differences.append(f"{code} of player {row.tpn}: {ours} ≠ gacrux {ref}")
    return out


def pairing_rounds(doc: TrfDocument) -> dict[int, bool]:
    """Each played round re-paired from the rounds before it: whether it equals the file."""
    options = SwissOptions(initial_colour=doc.initial_colour)
    return {check.round: not check.differences for check in check_rounds(doc.event, options)}


_PLAYER_FIELDS = (
    ("pairing number", slice(4, 8)),
    ("sex", slice(9, 10)),
    ("title", slice(10, 13)),
    ("name", slice(14, 47)),
    ("rating", slice(48, 52)),
    ("federation", slice(53, 56)),
    ("FIDE id", slice(57, 68)),
    ("birth", slice(69, 79)),
    ("points", POINTS),
    ("rank", RANK),
)


def record_fields(text: str) -> list[tuple[str, str]]:
    """A file field by field: each player record's columns and rounds, each other line whole."""
    out: list[tuple[str, str]] = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n")):
        if not line.startswith("001"):
            out.append((f"line {number + 1}", line))
            continue
        for name, columns in _PLAYER_FIELDS:
            out.append((f"line {number + 1} {name}", line[columns]))
        for at in range(89, len(line), 10):
            out.append((f"line {number + 1} round {(at - 89) // 10 + 1}", line[at : at + 10]))
    return out


def export_differences(original: str, exported: str) -> tuple[int, list[str]]:
    """Fields compared between a file and its export, and those that differ."""
    ours = record_fields(exported)
    theirs = record_fields(original)
    wrong = [f"{a[0]}: {a[1]!r} ≠ {b[1]!r}" for a, b in zip(theirs, ours, strict=False) if a != b]
    if len(ours) != len(theirs):
        wrong.append(f"{len(theirs)} fields in the file, {len(ours)} in the export")
    return len(theirs), wrong


def summary() -> dict[str, int]:
    """The counts of the report: files, players, values compared, mismatches."""
    counts = {
        "files": 0,
        "players": 0,
        "values": 0,
        "export fields": 0,
        "rounds": 0,
        "mismatches": 0,
    }
    for real in FILES:
        doc = real.document()
        counts["files"] += 1
        counts["players"] += len(doc.event.players)
        file_points = points_column(doc, real.text())
        scores = doc.event.scores()
        counts["values"] += len(file_points)
        counts["mismatches"] += sum(1 for t, p in file_points.items() if scores[t] != p)
        gacrux = compare_with_gacrux(real, doc)
        counts["values"] += gacrux.compared
        counts["mismatches"] += len(gacrux.differences)
        compared, wrong = export_differences(real.text(), write_trf(doc))
        counts["export fields"] += compared
        counts["mismatches"] += len(wrong)
        if real.dutch:
            rounds = pairing_rounds(doc)
            counts["rounds"] += len(rounds)
            differing = {r for r, same in rounds.items() if not same}
            counts["mismatches"] += len(differing - set(real.known_differences))
    return counts


if __name__ == "__main__":
    for key, value in summary().items():
        print(f"{key}: {value}")
