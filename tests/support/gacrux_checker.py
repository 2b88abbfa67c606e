"""FIDE's reference pairing checker (gacrux ``pairingchecker``), run in process on TRF text.

gacrux's checker re-pairs every round of a file with its own engine (Dutch for
a Swiss, Berger for a round robin, chosen from record 192) and compares its
pairing, board by board, with the file's. Its command line reads a file; here
the same steps run on text (its ``jch`` input), so a test needs no file.

One reading differs from Arbiter's and is allowed for here: in a round robin
with an odd number of players, gacrux's Berger engine lists the free round as
a pairing-allocated bye (``N 0``), while the file (Arbiter's, and the FIDE
crosstables) shows a free round, not a bye. For round robins the comparison
therefore leaves out the free-round entries and compares the real games in
board order.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from typing import Any

from gacrux.pairingchecker import pairingchecker


@dataclass(frozen=True)
class GacruxRound:
    """One round as gacrux checked it: its pairing, the file's, and whether they agree."""

    round: int
    agrees: bool
    engine: tuple[tuple[int, int], ...]
    file: tuple[tuple[int, int], ...]


def gacrux_check(text: str, *, round_robin: bool = False) -> tuple[GacruxRound, ...]:
    """gacrux's verdict on every round of the TRF *text*.

    Raises AssertionError when gacrux cannot read the file (its status code).
    """
    checker = pairingchecker()
    checker.params = {
        "check": 1,
        "analysis": 0,
        "pairing": 0,
        "method": [],
        "top_color": " ",
        "maxmeets": "0",
        "unpaired": [],
        "exchange": [],
        "experimental": [],
        "verbose": 0,
        "encoding": "",
        "input_format": "TRF",
        "tournament_number": "1",
        "current_round": -1,
        "number_of_rounds": 0,
        "jch": text,
        "input_file": "-",
        "output_file": "-",
        "game_score": None,
        "match_score": None,
    }
    with contextlib.redirect_stdout(io.StringIO()):
        checker.read_input_file()
        checker.prepare_tournament()
        checker.do_checker()
        checker.apply_result()
    status: dict[str, Any] = checker.resultjson["status"]
    assert status["code"] in (0, 1), status
    out = []
    for result in checker.chessfile.result["roundpairing"]:
        engine = tuple((int(w), int(b)) for w, b in result["pairs"])
        current = tuple((int(w), int(b)) for w, b in result["current"])
        agrees = bool(result["check"])
        if round_robin and not agrees:
            games = tuple(p for p in engine if p[1] != 0)
            agrees = games == tuple(p for p in current if p[1] != 0)
        out.append(GacruxRound(int(result["round"]), agrees, engine, current))
    return tuple(out)
