"""The preset play-off regulations, chosen by name (GCT 2023 regulations and City Chess OK rules).

Each preset is only data for the engine; the comments cite the article each
value comes from. Interpretations where a seed is silent are stated in the
regulation's texts (and in the docstrings below) so the printed protocol
shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbiter_app.core.errors import RuleError
from arbiter_app.core.playoff.regulation import (
    ColourRule,
    Format,
    Regulation,
    Schedule,
    Stage,
    StageKind,
    StartRule,
    validate,
)
from arbiter_app.core.prizes import CentRule, SharingPolicy, money
from arbiter_app.core.tour import GCT_2023_POINTS, PointsScale

GCT_ARMAGEDDON = "W300+2@61-B240+2@61"
"""GCT 2023 2.5.1 / 3.5.1: White 5 minutes, Black 4, 2 s increment from move 61."""

_GCT_2023 = "2023 Grand Chess Tour Tiebreak Regulations"
_CITY_CHESS = "City Chess OK, Tiebreaks"


def _gct_event(name: str, title: str, section: int, two: str, more: str, fixed: int) -> Regulation:
    """GCT 2023 sections 2 (rapid & blitz) and 3 (classical) differ only in clocks and amount."""
    a = f"{section}."
    return Regulation(
        name=name,
        title=title,
        source=_GCT_2023 + f" section {section}",
        places=(1,),  # x.1: a play-off only for a tie for first place
        places_article=a + "1",
        qualification="all players involved in the tie for first place",
        qualification_article=a + "1",
        unbroken_article=a + "8",
        pairing_numbers=f"by lot ({a}3)",
        colours=f"round robin: Berger tables; Armageddon: coin toss, the winner chooses ({a}5.3)",
        schedule=Schedule(StartRule.AFTER_LAST_GAME, 15, 0, a + "2"),
        stages=(
            Stage(
                StageKind.ROUND_ROBIN,
                (
                    # x.3.1: two players play a double round robin (a two-game mini-match)
                    Format(2, 2, two, 2, a + "3.1", "mini-match"),
                    # x.3.2 (x.3 for the classical): three or more, a single round robin
                    Format(3, None, more, 1, a + "3.2", "round robin"),
                ),
                article=a + "3",
                colours=ColourRule.LOTS,
                colours_article=a + "3",
            ),
            Stage(
                StageKind.ARMAGEDDON_KNOCKOUT,
                (Format(2, None, GCT_ARMAGEDDON, 1, a + "5.1", "Armageddon"),),
                article=a + "4",
                colours=ColourRule.TOSS,
                colours_article=a + "5.3",
                draw_wins_for_black=True,
                draw_article=a + "5.2",
                byes_article=a + "4.1",
            ),
        ),
        sharing=SharingPolicy(money(fixed), True, CentRule.IN_FINAL_ORDER, a + "6"),
        points=GCT_2023_POINTS,
        points_article=a + "7",
    )


GCT_2023_RAPID_BLITZ = _gct_event(
    "gct-2023-rapid-blitz", "GCT 2023 Rapid & Blitz event", 2, "600+5", "300+3", 5000
)
GCT_2023_CLASSICAL = _gct_event(
    "gct-2023-classical", "GCT 2023 Classical event", 3, "900+10", "600+5", 10000
)


def _tour_formats(clock: str, article: str) -> tuple[Format, ...]:
    # 4.6: two players in a remaining tie always play a double round robin.
    return (Format(2, 2, clock, 2, "4.6", "mini-match"), Format(3, None, clock, 1, article))


GCT_2023_TOUR = Regulation(
    name="gct-2023-tour",
    title="GCT 2023 overall standings",
    source=_GCT_2023 + " section 4",
    # 4.1: ties for first and for third place. The preamble (article 1) speaks of a tie
    # for first place only; the specific article 4.1 is followed.
    places=(1, 3),
    places_article="4.1",
    qualification="all players tied on tour points for first or for third place (4.1, 4.5)",
    qualification_article="4.1",
    unbroken_article="4.2",
    # A tie is for the place it starts at: one for places 2-3 (or 2-4) is a tie for
    # second place, which 4.2 keeps ("ties for any other places, including second
    # place, shall not be broken"); 4.5 runs the ties for first and for third apart.
    pairing_numbers="by lot (4.7)",
    colours="Berger tables; a second round robin of the same players with colours reversed, "
    "otherwise a fresh draw (4.9, 4.11)",
    schedule=Schedule(StartRule.NEXT_DAY, 0, 0, "4.4"),
    stages=(
        Stage(
            StageKind.ROUND_ROBIN,
            _tour_formats("900+10", "4.7"),
            article="4.7",
            colours=ColourRule.LOTS,
            colours_article="4.7",
        ),
        Stage(
            StageKind.ROUND_ROBIN,
            _tour_formats("900+10", "4.8"),
            article="4.8",
            colours=ColourRule.REVERSE_IF_SAME,
            colours_article="4.9",
        ),
        Stage(
            StageKind.ROUND_ROBIN,
            _tour_formats("300+2", "4.10"),
            article="4.10",
            colours=ColourRule.REVERSE_IF_SAME,
            colours_article="4.11",
            repeat=None,  # 4.11: further blitz round robins, limited by 4.12
        ),
    ),
    max_round_robins=4,  # 4.12: then the chief arbiter decides by other means
    decide_article="4.12",
    # 4.2: the bonus payment is split equally between the tied players.
    sharing=SharingPolicy(money(0), True, CentRule.IN_FINAL_ORDER, "4.2"),
    points=None,
)

CITY_CHESS_OK = Regulation(
    name="city-chess-ok",
    title="City Chess OK: first place",
    source=_CITY_CHESS,
    places=(1,),  # "When two players are tied for first place …"
    places_article="City Chess OK Tiebreaks",
    qualification="the two players tied for first place; other places by the uscf tie-breaks",
    qualification_article="City Chess OK, Second- and third-place ties",
    unbroken_article="City Chess OK, Second- and third-place ties",
    pairing_numbers="by lot (not stated by the seed; Arbiter draws lots)",
    colours="match: by lot; Armageddon: coin toss, the winner chooses (not stated by the seed)",
    schedule=Schedule(StartRule.AFTER_LAST_GAME, 0, 0, "City Chess OK Tiebreaks"),
    stages=(
        Stage(
            StageKind.HEAD_TO_HEAD,
            (Format(2, 2, "", 1, "City Chess OK Tiebreaks 1", "head-to-head"),),
            article="City Chess OK Tiebreaks 1",
            same_day=True,  # "If the tied players have already faced each other in a round that day"
        ),
        Stage(
            StageKind.ROUND_ROBIN,
            (Format(2, 2, "300d0", 2, "City Chess OK Tiebreaks 2", "blitz match"),),
            article="City Chess OK Tiebreaks 2",
            colours=ColourRule.LOTS,
            colours_article="City Chess OK Tiebreaks 2",
        ),
        Stage(
            StageKind.ARMAGEDDON_KNOCKOUT,
            (Format(2, 2, "W360-B300", 1, "City Chess OK Tiebreaks 3", "Armageddon"),),
            article="City Chess OK Tiebreaks 3",
            colours=ColourRule.TOSS,
            colours_article="City Chess OK Tiebreaks 3",
            draw_wins_for_black=True,
            draw_article="City Chess OK Tiebreaks 3",
        ),
    ),
    decide_article="City Chess OK Tiebreaks (only two tied players are provided for)",
    # Cash is shared (US Chess 32B); the play-off decides indivisible prizes.
    sharing=SharingPolicy(money(0), True, CentRule.IN_FINAL_ORDER, "US Chess 32B"),
    other_places_tiebreaks=("uscf",),
)

PRESETS: dict[str, Regulation] = {
    r.name: r for r in (GCT_2023_RAPID_BLITZ, GCT_2023_CLASSICAL, GCT_2023_TOUR, CITY_CHESS_OK)
}


def preset(name: str) -> Regulation:
    """The preset regulation called *name*; an unknown name lists the known ones."""
    try:
        return PRESETS[name]
    except KeyError:
        known = ", ".join(sorted(PRESETS))
        raise RuleError(
            f"no play-off regulation called {name!r} (known: {known}, or custom)"
        ) from None


def custom(
    *,
    title: str,
    places: Sequence[int],
    qualification: str,
    stages: Sequence[Stage],
    qualify_after_tiebreaks: int = 0,
    pairing_numbers: str = "by lot",
    colours: str = "by the Berger tables",
    schedule: Schedule | None = None,
    max_round_robins: int | None = None,
    sharing: SharingPolicy | None = None,
    points: PointsScale | None = None,
    name: str = "custom",
) -> Regulation:
    """A regulation built from FIDE C.07 article 3.1's parameters (3.1.1 … 3.1.7)."""
    reg = Regulation(
        name=name,
        title=title,
        source="FIDE C.07 article 3.1 (custom regulation)",
        places=tuple(places),
        places_article="C.07 3.1.1",
        qualification=qualification,
        qualification_article="C.07 3.1.2",
        qualify_after_tiebreaks=qualify_after_tiebreaks,
        unbroken_article="C.07 3.1.1",
        pairing_numbers=pairing_numbers,
        colours=colours,
        schedule=schedule or Schedule(article="C.07 3.1.7"),
        stages=tuple(stages),
        max_round_robins=max_round_robins,
        decide_article="C.07 3.1.3",
        sharing=sharing or SharingPolicy(),
        points=points,
    )
    validate(reg)
    return reg
