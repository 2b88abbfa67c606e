"""The category prizes of an event: one journaled command announces them all.

They live in the ``records`` table beside the place prizes (family
``prizes``, key ``categories``): the award rule (who receives which prize,
:class:`~arbiter_app.core.category_prizes.AwardRule`) and every category as
``{"name", "condition", "prizes"}``. The command takes the categories in the
form the arbiter writes them, ``U1800: rating<1800: 200,100``; a list that
cannot be read is refused whole and nothing changes.
"""

from __future__ import annotations

from typing import Any

from arbiter_app.core.category_prizes import AwardRule, Category, parse_category
from arbiter_app.core.errors import InputError, NoPrizeFund
from arbiter_app.session.commands import SetPrizeCategories, given
from arbiter_app.session.registry import CommandError, Context, command
from arbiter_app.session.state import State, Tx

FAMILY = "prizes"
KEY = "categories"


def stored_categories(state: State) -> tuple[tuple[Category, ...], AwardRule]:
    """The announced categories and the award rule (none, and one prize each, by default)."""
    import json

    row = state.tables["records"].get((FAMILY, KEY))
    if row is None:
        return (), AwardRule.BEST_PRIZE
    data = json.loads(row["value"])
    return (
        tuple(Category.from_json(c) for c in data.get("categories", ())),
        AwardRule(data.get("rule", AwardRule.BEST_PRIZE.value)),
    )


@command(SetPrizeCategories)
def set_categories(tx: Tx, cmd: SetPrizeCategories, ctx: Context) -> dict[str, Any]:
    """Announce the category prizes (replacing those before) and the rule of who gets what."""
    if ctx.record(FAMILY, "fund") is None:
        raise NoPrizeFund(detail="the place prizes come before the category prizes")
    current = ctx.record(FAMILY, KEY, {})
    if not cmd.given("categories") and not cmd.given("rule"):
        raise CommandError("give the categories, the award rule, or both")
    rule_name = given(cmd.rule, current.get("rule", AwardRule.BEST_PRIZE.value))
    try:
        rule = AwardRule(rule_name)
    except ValueError:
        known = ", ".join(r.value for r in AwardRule)
        raise CommandError(f"the award rule is one of {known}, not {rule_name!r}") from None
    if cmd.given("categories"):
        listed = cmd.categories
        if not isinstance(listed, list) or not all(isinstance(c, str) for c in listed):
            raise CommandError("categories are a list such as ['U1800: rating<1800: 200,100']")
        categories = [_category(text, number) for number, text in enumerate(listed, start=1)]
    else:
        categories = [Category.from_json(c) for c in current.get("categories", ())]
    names = [c.name.casefold() for c in categories]
    for name in names:
        if names.count(name) > 1:
            raise CommandError(f"two categories are called {name!r}; give each its own name")
    value = {"rule": rule.value, "categories": [c.to_json() for c in categories]}
    ctx.put_record(FAMILY, KEY, value)
    return value


def _category(text: str, number: int) -> Category:
    try:
        return parse_category(text)
    except InputError as exc:
        raise CommandError(f"category {number}: {exc.issues[0].message}") from None
