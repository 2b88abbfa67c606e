"""Drive FIDE's reference engine (gacrux) in process, for property tests.

The event goes to gacrux as TRF-16 written by Arbiter's own writer
(:mod:`arbiter_app.core.trf`). gacrux reads TRF, picks its tie-break rules from the start date (record 042:
before 1 March 2026 the 2024 rules, from then on the 2026 ones) and returns
one value per tie-break and player, as Decimals (None when undefined).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

from gacrux.tiebreak import tiebreak
from gacrux.trf2json import trf2json

from arbiter_app.core.model import Event, RuleSet
from arbiter_app.core.trf.document import TrfVersion
from arbiter_app.core.trf.writer import event_to_trf


class _IndexedReader(trf2json):  # type: ignore[misc]
    """gacrux's TRF reader with its game lookup indexed (same result, linear time).

    ``chessjson.append_result`` finds the game of a round by scanning every game
    read so far, which makes reading a 200-player file take seconds. This keeps
    its rule (the first game of that round with that White player is updated,
    otherwise the game is added) and only replaces the scan by a dictionary.
    """

    def __init__(self) -> None:
        super().__init__()
        self._games: dict[tuple[int, int, int], Any] = {}

    def append_result(self, results: list[Any], result: Any) -> Any:
        key = (id(results), result["round"], self.get_result_cid(result, "white"))
        elem = self._games.get(key)
        if elem is None:
            rid = result["id"] = self.next_id()
            results.append(result)
            self._games[key] = result
            return rid
        for side in ("white", "black"):
            if (
                self.get_result_res(elem, side, None) is None
                and self.get_result_res(result, side, None) is not None
                and elem[side] is not None
            ):
                elem[side]["result"] = self.get_result_res(result, side)
        return elem["id"]


START = {RuleSet.FIDE_2024: date(2025, 6, 1), RuleSet.FIDE_2026: date(2026, 6, 1)}


def gacrux_values(
    event: Event, rule_set: RuleSet, codes: Sequence[str], tournament_type: str = "Swiss Dutch"
) -> dict[str, dict[int, Decimal | None]]:
    """Compute *codes* (gacrux spelling, e.g. ``"BH/C1"``) for every player of *event*."""
    info = replace(event.info, start_date=START[rule_set], tournament_type=tournament_type)
    text = event_to_trf(replace(event, info=info), TrfVersion.TRF16)
    reader = _IndexedReader()
    reader.parse_file(text, 0)
    status = reader.chessjson["status"]
    assert status["code"] < 400, status
    tournament: Any = reader.get_tournament(1)
    params: dict[str, Any] = {"tiebreak": ["PTS", *codes], "check": False}
    engine = tiebreak(tournament, -1, params)
    result = engine.compute_tiebreaks(tournament, params)
    expected_rules = "2026-03-01" if rule_set is RuleSet.FIDE_2026 else "2024-08-01"
    assert result["rules"] == expected_rules
    out: dict[str, dict[int, Decimal | None]] = {c: {} for c in codes}
    for comp in result["competitors"]:
        for i, code in enumerate(codes, start=1):
            out[code][comp["cid"]] = comp["tiebreakScore"][i]
    return out
