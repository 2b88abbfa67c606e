"""FIDE's checklist Q33: the quick subset of the cross-engine campaign.

The campaign itself (:mod:`tests.support.fide_campaign`) is a command, run on tens of
thousands of tournaments; the default test run plays ten small tournaments each way and
checks that the campaign reports what it must: a broken round, a tie-break value that
differs, and its counts.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

import pytest

from arbiter_app.core.generator.output import generated_trf
from arbiter_app.core.generator.tournament import generate
from arbiter_app.core.trf import TrfVersion
from tests.support import fide_campaign as campaign

SEEDS = range(1, 11)


def test_q33_ten_tournaments_each_way_agree_on_pairings_and_tie_breaks() -> None:
    tally = campaign.Outcome()
    for seed in SEEDS:
        tally.update(campaign.one_seed((seed, campaign.DIRECTIONS, 8, 30, "own", None)))
    counts = tally.tally
    assert tally.lines == []
    assert campaign.disagreements(counts) == 0
    assert counts["tournaments: Arbiter's generator"] == len(SEEDS)
    assert counts["tournaments: gacrux's generator"] == len(SEEDS)
    assert counts["rounds compared: by gacrux's checker"] >= 3 * len(SEEDS)
    assert counts["rounds compared: by Arbiter's checker"] >= 3 * len(SEEDS)
    assert counts["tie-break values compared"] >= 8 * 2 * len(SEEDS)


def _flip_round_2_of_player_1(text: str) -> str:
    lines = text.splitlines()
    start = 91 + 10
    row = next(i for i, line in enumerate(lines) if line.startswith("001    1 "))
    opponent = int(lines[row][start : start + 4])
    other = next(i for i, line in enumerate(lines) if line.startswith(f"001 {opponent:4d} "))
    for i in (row, other):
        colour = lines[i][start + 5]
        lines[i] = lines[i][: start + 5] + ("b" if colour == "w" else "w") + lines[i][start + 6 :]
    return "\n".join(lines) + "\n"


def test_q33_a_round_paired_otherwise_is_a_disagreement_in_its_round() -> None:
    settings = campaign.reference_settings(3, 12, 20)
    broken = _flip_round_2_of_player_1(campaign.gacrux_generated(3, settings))
    found = campaign._arbiter_checks(broken, 3, campaign.GACRUX_TO_ARBITER, "own")
    assert campaign.disagreements(found.tally) >= 1
    assert found.lines[0].startswith("seed 3 gacrux-to-arbiter round 2: pairing (colour): ")


def test_q33_a_tie_break_value_that_differs_is_reported_with_the_players() -> None:
    settings = campaign.arbiter_settings(2, 12, 20, "own")
    text = generated_trf(generate(settings), TrfVersion.TRF26)
    agreed = campaign.compare_tiebreaks(text, ("BH", "SB"), 2, "test")
    assert campaign.disagreements(agreed.tally) == 0
    assert agreed.tally[campaign.VALUES_COMPARED] == 2 * settings.players
    reference = campaign.gacrux_tiebreaks(text, ["SB"])["SB"][1]
    arbiter_sb = campaign.reference_value("SB", reference)
    arbiter_sb_decimal = reference if reference is not None else Decimal(0)
    # gacrux's value of player 1's SB one point higher: the comparison must say so.
    original = campaign.gacrux_tiebreaks

    def one_off(text: str, codes: Sequence[str]) -> dict[str, dict[int, Decimal | None]]:
        values = original(text, codes)
        values["SB"][1] = (values["SB"][1] or Decimal(0)) + 1
        return values

    campaign.gacrux_tiebreaks = one_off
    try:
        differing = campaign.compare_tiebreaks(text, ("BH", "SB"), 2, "test")
    finally:
        campaign.gacrux_tiebreaks = original
    assert campaign.disagreements(differing.tally) >= 1
    assert differing.lines == [
        f"seed 2 test SB: tie-break values: player 1: Arbiter {arbiter_sb}, gacrux "
        f"{arbiter_sb_decimal + 1}"
    ]


@pytest.mark.parametrize(
    ("code", "spelled"),
    [("KS/L1", "KS/L+1"), ("KS/L-2", "KS/L-2"), ("RTNG/R", "RTNG/R/U0"), ("BH/C1", "BH/C1")],
)
def test_q33_codes_are_spelled_as_gacrux_reads_them(code: str, spelled: str) -> None:
    assert campaign.gacrux_code(code) == spelled


def test_q33_an_average_is_compared_at_the_decimals_gacrux_writes() -> None:
    assert campaign.same_value(Fraction(93, 8), Decimal("11.63"), "AOB")
    assert not campaign.same_value(Fraction(93, 8), Decimal("11.62"), "AOB")
    assert not campaign.same_value(Fraction(93, 8), Decimal("11.63"), "BH")
    assert campaign.same_value(Fraction(1), Decimal("0"), "DE")
    assert campaign.same_value(Fraction(0), None, "ARO")


def test_q33_the_command_prints_its_counts_and_exits_0_when_all_agree(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert campaign.main(["5", "2", "--largest", "16", "--direction", "arbiter-to-gacrux"]) == 0
    out = capsys.readouterr().out.splitlines()
    core = campaign.core_fingerprint()
    assert out[0].startswith("seeds 5-6, arbiter-to-gacrux, 8-16 players")
    # The parts of a campaign are shown to run on one rules core by its hash.
    assert out[0].endswith(f", rules core {core}, no endorsed engine (ARBITER_BBP unset)") or (
        f", rules core {core}, endorsed engine: " in out[0]
    )
    assert out[-1].startswith(
        f"rules core {core}: disagreements in all: 0, generator refusals in all: 0; rounds "
        "compared: by gacrux's checker: "
    )
    assert "tournaments: Arbiter's generator: 2" in out[-1]


def test_q33_the_endorsed_engines_report_is_read_round_by_round() -> None:
    said = [
        "open: Round #1",
        "open: Round #2",
        "  Checker pairings        Tournament pairings ",
        "     10 -   1                  1 -  10",
        "open: Round #3",
    ]
    assert campaign.bbp_rounds(said) == {
        1: [],
        2: ["Checker pairings        Tournament pairings", "10 -   1                  1 -  10"],
        3: [],
    }


@pytest.mark.skipif(
    not os.environ.get(campaign.BBP_ENV), reason=f"{campaign.BBP_ENV} names no bbpPairings binary"
)
def test_q33_with_the_endorsed_engine_two_tournaments_each_way_agree() -> None:
    bbp = os.environ[campaign.BBP_ENV]
    tally = campaign.Outcome()
    for seed in (1, 2):
        tally.update(campaign.one_seed((seed, campaign.DIRECTIONS, 8, 24, "own", bbp)))
    assert tally.lines == []
    assert tally.tally["rounds compared: by bbpPairings' checker"] >= 3
    assert tally.tally["tournaments: bbpPairings' generator"] == 2
