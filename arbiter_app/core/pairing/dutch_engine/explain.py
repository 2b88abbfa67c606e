"""The Dutch engine's explanation of a round, bracket by bracket, in the rules' words.

Written only when an explanation is asked for (``pair --explain``): for each bracket
(C.04.3 article 4's order, highest score first) its score, its resident players and
the moved-down players (MDPs) it received with the reason they left their bracket;
who floats down and why; the pairs; and which quality criterion (article 2.3,
[C6]–[C21], numbered as in the 2026 text) made the chosen candidate win over the
first candidate in article 4's order that keeps the absolute criteria [C1]–[C4].
The pairing-allocated bye is explained by [C2] (who may not receive it), [C5] (the
lowest score it can go to) and [C9] (the fewest unplayed rounds); the colours by
article 5.2.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arbiter_app.core.pairing.dutch_engine.cards import Card
from arbiter_app.core.points import format_points
from arbiter_app.core.words import count

CRITERIA: tuple[tuple[str, str], ...] = (
    ("C6", "the bracket pairs with the fewest downfloaters"),
    ("C7", "the fewest moved-down players float on, the highest scores counted first"),
    (
        "C8",
        "the next bracket is left with the fewest players it cannot pair inside it, "
        "then the fewest moved-down players among them",
    ),
    ("C9", "the player who receives the pairing-allocated bye has the fewest unplayed rounds"),
    (
        "C10",
        "the fewest topscorers or their opponents get a colour difference beyond +2 or -2",
    ),
    ("C11", "the fewest topscorers or their opponents get the same colour three times running"),
    ("C12", "the fewest players do not get their colour preference"),
    ("C13", "the fewest players do not get their strong colour preference"),
    ("C14", "the fewest players float down who floated down in the previous round"),
    ("C15", "the fewest players float up who floated up in the previous round"),
    ("C16", "the fewest players float down who floated down two rounds before"),
    ("C17", "the fewest players float up who floated up two rounds before"),
    (
        "C18",
        "the smallest score differences for players floating down again after the previous round",
    ),
    (
        "C19",
        "the smallest score differences for players floating up again after the previous round",
    ),
    ("C20", "the smallest score differences for players floating down as two rounds before"),
    ("C21", "the smallest score differences for players floating up as two rounds before"),
)
"""The quality criteria in the order of the engine's quality tuple, with their words."""

COLOUR_RULES: dict[str, str] = {
    "both": "the colour preferences granted [article 5.2.1]",
    "stronger": "the stronger colour preference [article 5.2.2]",
    "alternate": "alternating to the last round in which the two had different colours "
    "[article 5.2.3]",
    "higher": "the colour preference of the higher-ranked player [article 5.2.4]",
    "number": "the higher-ranked player's pairing number decides, the initial colour if it "
    "is odd, the other if it is even [article 5.2.5]",
}
"""Why a pair's colours are as they are: the first rule of article 5.2 that decides."""


def _names(players: Sequence[Card], numbers: Mapping[int, int]) -> str:
    tpns = [str(numbers[p.cid]) for p in players]
    if len(tpns) <= 1:
        return "".join(tpns)
    return ", ".join(tpns[:-1]) + " and " + tpns[-1]


def _score(level_players: Sequence[Card]) -> str:
    return format_points(level_players[0].score)


def bye_level(players: Sequence[Card], level: int, numbers: Mapping[int, int]) -> str:
    """The score the pairing-allocated bye goes to ([C5]) and who may not receive it ([C2])."""
    at = [p for p in players if p.level == level]
    barred = [p for p in players if p.bye_barred]
    text = (
        f"Pairing-allocated bye: an odd number of players; it goes to the lowest score "
        f"that leaves the rest of the round pairable, {format_points(at[0].score)} [C5]"
    )
    if barred:
        text += (
            f"; {_names(barred, numbers)} may not receive it, having already had a bye or a "
            "win without playing [C2]"
        )
    return text + "."


def _amount(value: object) -> int:
    """A criterion's value as one number: a count, or the sum of counts by score difference."""
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return sum(_amount(v) for v in value)
    return 0


def deciding(chosen: tuple[object, ...], other: tuple[object, ...]) -> int | None:
    """The index of the first quality criterion on which *chosen* and *other* differ."""
    for i, (a, b) in enumerate(zip(chosen, other, strict=False)):
        if a != b:
            return i
    return None


def _pairs_text(pairs: Sequence[tuple[int, int]], numbers: Mapping[int, int]) -> str:
    shown = sorted((min(numbers[a], numbers[b]), max(numbers[a], numbers[b])) for a, b in pairs)
    return ", ".join(f"{a}-{b}" for a, b in shown) if shown else "none"


def bracket_lines(
    *,
    level: int,
    mdps: Sequence[Card],
    residents: Sequence[Card],
    got: Sequence[tuple[int, int]],
    floaters: Sequence[Card],
    quality: tuple[object, ...] | None,
    first: tuple[list[tuple[int, int]], list[Card], tuple[object, ...] | None] | None,
    most: int | None,
    bye: bool,
    sent: dict[int, str],
    numbers: Mapping[int, int],
) -> list[str]:
    """The log lines of one bracket (see the module's docstring); *sent* is updated with
    why this bracket's downfloaters leave it, for the bracket they join."""
    size = len(mdps) + len(residents)
    score = _score(residents)
    head = f"Bracket {score} ({count(size, 'player')}"
    if mdps:
        moved = ", ".join(f"{numbers[p.cid]} from {format_points(p.score)}" for p in mdps)
        head += f", {count(len(mdps), 'MDP')}: {moved}"
    lines = [head + "):"]
    for p in mdps:
        if p.cid in sent:
            lines.append(f"  {numbers[p.cid]} moved down: {sent[p.cid]}.")
    pairs = [(a, b) for a, b in got]
    lines.append(f"  Pairs: {_pairs_text(pairs, numbers)}.")
    parity = size % 2
    if floaters:
        verb = "floats" if len(floaters) == 1 else "float"
        if len(floaters) > parity and most is not None:
            can = f"at most {count(most, 'pair')} can" if most else "no pair can"
            why = (
                f"{can} be made in the bracket with the rest of the round still pairable "
                "[C4], and the bracket pairs with the fewest downfloaters [C6]"
            )
        elif len(floaters) > parity:
            why = "the bracket pairs with the fewest downfloaters [C6]"
        else:
            why = "the bracket has an odd number of players [C6]"
        if bye:
            lines.append(
                f"  {_names(floaters, numbers)} is left over and receives the "
                "pairing-allocated bye."
            )
        else:
            lines.append(f"  {_names(floaters, numbers)} {verb} down: {why}.")
        for p in floaters:
            if p.level > level:
                sent[p.cid] = (
                    f"floated on from bracket {score}, where no candidate with as few "
                    "downfloaters paired it, as the fewest moved-down players float on [C7]"
                )
            else:
                sent[p.cid] = f"downfloater of bracket {score}: {why}"
    elif size:
        lines.append("  Nobody floats down.")
    if first is None:
        lines.append(
            "  The first candidate in article 4's order was not compared: its search "
            "ran past the engine's budget."
        )
        return lines
    first_pairs, first_floaters, first_quality = first
    same = sorted(first_pairs) == sorted(pairs) and {p.cid for p in first_floaters} == {
        p.cid for p in floaters
    }
    if same or quality is None or first_quality is None:
        lines.append(
            "  This is the first candidate in article 4's order (S1 against S2, "
            "transpositions, then exchanges) that keeps [C1]-[C4], and no other meets "
            "the quality criteria better."
        )
        return lines
    i = deciding(quality, first_quality)
    if i is None:
        lines.append(
            "  This candidate and the first in article 4's order meet the quality criteria "
            "equally; the first of the best is kept (article 4)."
        )
        return lines
    code, words = CRITERIA[i]
    theirs, ours = _amount(first_quality[i]), _amount(quality[i])
    left = "left over for the bye" if bye else "floating down"
    moved_first = (
        f"; {_names(first_floaters, numbers)} {left}" if first_floaters else ", nobody floating"
    )
    lines.append(
        f"  Chosen over the first candidate in article 4's order ({_pairs_text(first_pairs, numbers)}"
        f"{moved_first}), as {words} [{code}]: {theirs} there against {ours} here."
    )
    return lines


def colour_line(white: int, black: int, rule: str) -> str:
    """Why *white* has White against *black* (pairing numbers): article 5.2's deciding rule."""
    return f"  {white} gets White against {black}: {COLOUR_RULES[rule]}."
