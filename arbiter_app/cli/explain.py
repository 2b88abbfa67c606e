"""``arbiter-app explain FILE --player TPN --tiebreak CODE``: how one value was made.

The value is computed exactly as the standings compute it: a tie-break that
depends on the tied group (direct encounter, result between tied players)
is explained within the group the player was tied with when that
tie-break was reached in the list (``--tiebreaks`` / ``--preset``; without
a list, the players level on points).
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from arbiter_app.cli.standings import add_selection_arguments, json_number, standings_from_args
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.presets import get_preset, parse_tiebreak_list
from arbiter_app.core.standings import StandingRow
from arbiter_app.core.tiebreaks.base import Explanation


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "explain",
        description="Show which opponents contributed what to a tie-break, and what was cut and why.",
    )
    add_selection_arguments(p)
    p.add_argument("--player", type=int, required=True, metavar="TPN", help="pairing number")
    p.add_argument("--tiebreak", required=True, metavar="CODE", help="tie-break code, e.g. BH/C1")
    p.add_argument("--json", action="store_true", help="the value and every contribution as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    given = parse_tiebreak_list([args.tiebreak])
    if not given:
        raise ArbiterError("--tiebreak needs a code")
    code = given[0]
    if args.tiebreaks is not None:
        listed = parse_tiebreak_list(args.tiebreaks)
    elif args.preset:
        listed = get_preset(args.preset).tiebreaks
    else:
        listed = ()
    same = [c for c in listed if _key(c) == _key(code)]
    if same:
        code = same[0]
    else:
        if listed:
            raise ArbiterError(
                f"tie-break {code!r} is not in the list ({', '.join(listed)}); "
                "name one of them or leave out --tiebreaks/--preset"
            )
        args.tiebreaks = code
    event, standings, _ = standings_from_args(args)
    players = event.player_map()
    if args.player not in players:
        raise ArbiterError(f"{args.file}: no player with pairing number {args.player}")
    if all(r.tpn != args.player for r in standings.rows):
        reasons = [e.reason for e in standings.excluded if e.tpn == args.player]
        raise ArbiterError(
            f"player {args.player} is not ranked" + (f": {reasons[0]}" if reasons else "")
        )
    explanation = standings.explain(args.player, code)
    row = standings.row(args.player)
    if args.json:
        sys.stdout.write(explanation_json(explanation, row, standings.rule_set.value) + "\n")
        return 0
    sys.stdout.write(f"{row.name} (No {row.tpn}), place {row.place}, {standings.rule_set.value}\n")
    sys.stdout.write(explanation.render() + "\n")
    return 0


def explanation_json(explanation: Explanation, row: StandingRow, rule_set: str) -> str:
    """The explanation as one JSON object; values are exact decimal literals (as standings)."""

    def number(value: Fraction) -> str:
        return json_number(value)

    contributions = ", ".join(
        "{"
        + f'"round": {json.dumps(c.round)}, "opponent": {json.dumps(c.opponent)}, '
        + f'"value": {number(c.value)}, "cut": {json.dumps(c.cut)}, '
        + f'"note": {json.dumps(c.note, ensure_ascii=False)}'
        + "}"
        for c in explanation.contributions
    )
    fields = [
        f'"tpn": {row.tpn}',
        f'"name": {json.dumps(row.name, ensure_ascii=False)}',
        f'"place": {json.dumps(row.place)}',
        f'"rule_set": {json.dumps(rule_set)}',
        f'"tiebreak": {json.dumps(explanation.code)}',
        f'"value": {number(explanation.value)}',
        f'"article": {json.dumps(explanation.article, ensure_ascii=False)}',
        f'"description": {json.dumps(explanation.description, ensure_ascii=False)}',
        f'"contributions": [{contributions}]',
        f'"notes": {json.dumps(list(explanation.notes), ensure_ascii=False)}',
    ]
    return "{" + ", ".join(fields) + "}"


def _key(code: str) -> str:
    return code.replace(" ", "").upper()
