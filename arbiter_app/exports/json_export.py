"""The final standings as JSON: the event, the rule set, the tie-breaks and every row.

Numbers are exact (resources/architecture.md): points and tie-break values are
written as decimal strings (``"2.5"``), or as a fraction (``"7/3"``) when no
finite decimal is exact, so nothing passes through a binary float. Keys are
stable and sorted, so two exports of the same event are byte-identical.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from arbiter_app.core.model import Event
from arbiter_app.core.playoff.results import PrizeRow
from arbiter_app.core.prizes import PrizeList, format_money
from arbiter_app.core.standings import Standings
from arbiter_app.core.tiebreaks import REGISTRY
from arbiter_app.exports.standings import RULE_SET_TITLES

FORMAT = "arbiter-standings"
VERSION = 1


def exact(value: Fraction) -> str:
    """``Fraction(5, 2)`` → ``"2.5"``; ``Fraction(7, 3)`` → ``"7/3"``; ``Fraction(3)`` → ``"3"``."""
    den = value.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    if places == 0:
        return str(value.numerator)
    scaled = value * 10**places
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def standings_to_json(
    event: Event,
    standings: Standings,
    prizes: tuple[Sequence[PrizeRow], PrizeList, str] | None = None,
) -> str:
    """The document; with *prizes* (rows, list, currency: an event with a prize fund), each
    row says the prize won and its money, and ``prizes`` how they were given out."""
    players = event.player_map()
    info = event.info
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "event": {
            "name": info.name,
            "city": info.city,
            "federation": info.federation,
            "start_date": info.start_date.isoformat() if info.start_date else None,
            "end_date": info.end_date.isoformat() if info.end_date else None,
            "chief_arbiter": info.chief_arbiter,
            "time_control": info.time_control,
            "system": event.system.value,
            "rounds": event.rounds,
        },
        "after_round": standings.after_round,
        "title": standings.title,
        "provisional": standings.provisional,
        "rule_set": {
            "code": standings.rule_set.value,
            "title": RULE_SET_TITLES[standings.rule_set],
        },
        "tiebreaks": [
            {
                "code": spec.code,
                "name": spec.name,
                "article": REGISTRY[spec.name].article if spec.name in REGISTRY else "",
                "description": REGISTRY[spec.name].description if spec.name in REGISTRY else "",
            }
            for spec in standings.specs
        ],
        "standings": [
            {
                "place": row.place,
                "rank": row.rank,
                "tpn": row.tpn,
                "name": row.name,
                "title": players[row.tpn].title,
                "federation": players[row.tpn].federation,
                "fide_id": players[row.tpn].fide_id,
                "rating": row.rating,
                "points": exact(row.points),
                "tiebreaks": {code: exact(row.values[code]) for code in standings.codes},
                "playoff_pending": row.playoff_pending,
                "by_playoff": row.by_playoff,
                "pending": row.pending,
                "withdrawn": row.withdrawn,
            }
            for row in standings.rows
        ],
        "not_ranked": [
            {"tpn": e.tpn, "name": e.name, "reason": e.reason} for e in standings.excluded
        ],
    }
    if prizes is not None:
        rows, listed, currency = prizes
        won = {r.tpn: {"prize": r.prize, "money": format_money(r.money)} for r in rows}
        for row in doc["standings"]:
            row["prize"] = won.get(row["tpn"], {"prize": "", "money": "0.00"})
        doc["prizes"] = {
            "currency": currency,
            "categories": list(listed.categories),
            "award_rule": listed.award_rule,
            "cents": listed.rule,
            "unassigned": format_money(listed.unassigned),
        }
    return json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
