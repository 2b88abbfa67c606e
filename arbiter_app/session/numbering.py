"""Pairing numbers as the commands keep them: the initial ranking followed, late entries placed.

The rules are the core's (:mod:`arbiter_app.core.pairing.numbers`); these
helpers apply them to the rows inside a command, so that adding, editing and
registering players late all renumber the same way.
"""

from __future__ import annotations

from arbiter_app.core.model import Player, System
from arbiter_app.core.pairing.numbers import (
    Numbering,
    late_entry_place,
    mapping_from_order,
    rating_order,
)
from arbiter_app.core.pairing.ranking import RankingRule
from arbiter_app.session import queries
from arbiter_app.session.codec import player_from_row
from arbiter_app.session.state import State, Tx
from arbiter_app.session.tournament_state import NUMBERING, RANKING, numbering_of


def players_of(tx: Tx) -> list[Player]:
    return [player_from_row(key[0], row) for key, row in sorted(tx.rows("players").items())]


def ranking_rule_of(state: Tx | State) -> RankingRule:
    """The event's initial ranking rule (FIDE rating, then title, then name by default)."""
    return RankingRule.from_json(state.setting(RANKING))


def set_numbering(tx: Tx, numbering: Numbering) -> None:
    """Record how the numbers are given (files that predate the record are left as they are)."""
    if tx.setting(NUMBERING) is not None:
        tx.set_setting(NUMBERING, numbering.value)


def follow_ranking(tx: Tx) -> dict[int, int]:
    """Before round 1 of an event numbered by its initial ranking, renumber by that ranking
    (FIDE C.04.2 articles 2.2 and 2.3); returns the renumbering (empty when nothing moved)."""
    if numbering_of(tx) is not Numbering.RATING or queries.paired_rounds(tx):
        return {}
    mapping = mapping_from_order(rating_order(players_of(tx), ranking_rule_of(tx)))
    if all(old == new for old, new in mapping.items()):
        return {}
    queries.renumber(tx, mapping)
    return mapping


def place_late_entry(tx: Tx, tpn: int) -> int:
    """Give the late entry *tpn* (registered with the last number) its place; returns it.

    In a Swiss numbered by its initial ranking (or as imported) the late entry
    takes its place in the ranking and the players below move one number on
    (C.04.2 articles 2.4 and 2.5: the Dutch system ranks by pairing number,
    so a strong late entry must not be paired as the weakest); numbers drawn
    by lot or fixed by hand keep their order and the late entry comes last.
    """
    system = System(tx.setting("system", System.SWISS.value))
    if system.is_round_robin or not numbering_of(tx).follows_ranking:
        return tpn
    players = players_of(tx)
    newcomer = next(p for p in players if p.tpn == tpn)
    others = [p for p in players if p.tpn != tpn]
    place = late_entry_place(others, newcomer, ranking_rule_of(tx))
    if place == tpn:
        return tpn
    mapping = {p.tpn: p.tpn + (1 if p.tpn >= place else 0) for p in others}
    mapping[tpn] = place
    queries.renumber(tx, mapping)
    return place
