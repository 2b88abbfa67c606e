"""FIDE's Double-Swiss (C.04.5) compared with gacrux through the Swiss Team System (C.04.6).

gacrux, FIDE's reference implementation, has no Double-Swiss engine, but C.04.5 pairs by the
same procedure as C.04.6 (the PAB of 3.4, the top-scoregroup and its upfloaters of 3.5, the
first pairing identifier of 3.6), which gacrux implements. So an event is handed to gacrux as
a team event: every player a team of two boards, board 1 playing game 1 of each match and
board 2 game 2, game points the primary score, the PAB worth 1½ game points (record 320),
and no colour preferences (``fideteam-nocolor-gp``), since C.04.5 has no colour criterion
among its pairing criteria. C.04.6 lifts [C7] and [C10] in the last two rounds where C.04.5
lifts [C7] and [C8] in the last round only, so the events are declared long (no round paired
here is one of the last ones). Forfeits are left out: C.04.6 forfeits whole team matches
(record 330) where C.04.5 reads two forfeited games.

``python -m tests.support.double_swiss_gacrux 300`` runs a campaign of 300 random events.
"""

from __future__ import annotations

import contextlib
import io
import random
import sys
import tempfile
from pathlib import Path

from arbiter_app.core.model import (
    Colour,
    EntryKind,
    Event,
    EventInfo,
    Player,
    RoundEntry,
    System,
)
from arbiter_app.core.pairing import PairingError, SwissOptions, append_round, pair_round
from arbiter_app.core.pairing.double_swiss_fide import GAMES
from arbiter_app.core.result import GameResult
from arbiter_app.core.trf import TrfVersion, event_to_trf

LONG = 40
"""Matches declared, so that no match compared is one of the last two (C.04.6 2.3.4)."""


def team_trf(event: Event, matches: int) -> str:
    """*event*'s first *matches* matches as a TRF of two-board teams (team t: players 2t-1 on
    board 1 and 2t on board 2)."""
    n = len(event.players)
    boards = tuple(Player(t, f"T{(t + 1) // 2}B{2 - t % 2}", 2400 - t) for t in range(1, 2 * n + 1))
    rows: dict[int, list[RoundEntry]] = {t: [] for t in range(1, 2 * n + 1)}
    byes: list[int] = []
    for m in range(1, matches + 1):
        bye = 0
        for player in event.players:
            a = player.tpn
            first, second = event.entry(a, GAMES * m - 1), event.entry(a, GAMES * m)
            if first.kind is EntryKind.PAIRING_BYE:
                bye = a
                rows[2 * a - 1].append(RoundEntry.of(EntryKind.PAIRING_BYE))
                rows[2 * a].append(RoundEntry.of(EntryKind.PAIRING_BYE))
                continue
            b = first.opponent
            assert b is not None and first.outcome is not None and second.outcome is not None
            rows[2 * a - 1].append(RoundEntry.game(2 * b - 1, first.colour, first.outcome))
            rows[2 * a].append(RoundEntry.game(2 * b, second.colour, second.outcome))
        byes.append(bye)
    games = Event(
        info=EventInfo(name="double Swiss as teams"),
        system=System.SWISS,
        planned_rounds=LONG,
        players=boards,
        entries={k: tuple(v) for k, v in rows.items()},
    )
    kept = (
        line
        for line in event_to_trf(games, TrfVersion.TRF26).splitlines()
        if not line.startswith(("192", "142", "ARB", "XX"))
    )
    lines = [*kept, "192 FIDE_TEAM_TYPEA_GP", f"142 {LONG}", "362 TW 2.0   TD 1.0   TL 0.0"]
    scores = event.scores()
    for t in range(1, n + 1):
        match_points = 0.0
        for m in range(1, matches + 1):
            if event.entry(t, GAMES * m - 1).kind is EntryKind.PAIRING_BYE:
                match_points += 1.0
                continue
            mine = event.round_points(t, GAMES * m - 1) + event.round_points(t, GAMES * m)
            match_points += 2.0 if mine > 1 else 1.0 if mine == 1 else 0.0
        lines.append(
            f"310 {t:3d} {'Team ' + str(t):<32}{'':14}{match_points:6.1f} "
            f"{float(scores[t]):6.1f} {t:3d}  {2 * t - 1:4d} {2 * t:4d}"
        )
    if any(byes):
        lines.append("320  1.0  1.5  " + "".join(f"{b:4d}" for b in byes))
    return "\n".join(lines) + "\n"


def gacrux_match(text: str, match: int) -> tuple[int | None, list[tuple[int, int]]]:
    """gacrux's pairing of *match* for the team file *text*: the PAB and the pairs."""
    import gacrux.pairingchecker as checker

    with tempfile.TemporaryDirectory() as folder:
        source, target = Path(folder, "in.trf"), Path(folder, "out.txt")
        source.write_text(text, encoding="utf-8")
        argv = sys.argv
        sys.argv = ["pairingchecker.py", "-i", str(source), "-p", "-n", str(match),
                    "-m", "fideteam-nocolor-gp", "-o", str(target), "-F", "TXT"]  # fmt: skip
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                checker.pairingchecker().common_main()
        finally:
            sys.argv = argv
        lines = target.read_text(encoding="utf-8").split()
    numbers = [int(x) for x in lines[1:]]
    pairs = list(zip(numbers[::2], numbers[1::2], strict=True))
    bye = next((a or b for a, b in pairs if 0 in (a, b)), None)
    return bye, sorted(tuple(sorted(p)) for p in pairs if 0 not in p)  # type: ignore[misc]


_RESULTS = [GameResult.WHITE_WINS, GameResult.DRAW, GameResult.BLACK_WINS]


def compare_event(seed: int, players: int, matches: int) -> list[str]:
    """Pair a random event with Arbiter's engine and compare every match with gacrux's."""
    rng = random.Random(seed)
    entrants = tuple(Player(t, f"P{t}", 2400 - 5 * t) for t in range(1, players + 1))
    event = Event(
        info=EventInfo(name=f"gacrux campaign {seed}"),
        system=System.FIDE_DOUBLE_SWISS,
        planned_rounds=GAMES * LONG,
        players=entrants,
        entries={t: () for t in range(1, players + 1)},
    )
    options = SwissOptions(initial_colour=Colour.WHITE)
    for match in range(1, matches + 1):
        try:
            pairing = pair_round(event, options=options)
        except PairingError:
            return []  # 3.3.3: a small field can run out of opponents; nothing to compare
        if match > 1:
            bye, pairs = gacrux_match(team_trf(event, match - 1), match)
            mine = sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)
            own_bye = pairing.pairing_bye.tpn if pairing.pairing_bye else None
            if (own_bye, mine) != (bye, pairs):
                return [
                    f"seed {seed} match {match}: Arbiter {own_bye} {mine}, gacrux {bye} {pairs}"
                ]
        results = {b.number: (rng.choice(_RESULTS), rng.choice(_RESULTS)) for b in pairing.boards}
        event = append_round(event, pairing, results)
    return []


def campaign(events: int, first_seed: int = 0) -> list[str]:
    """*events* random events of 6-24 players and 3-7 matches, each compared match by match."""
    problems: list[str] = []
    for seed in range(first_seed, first_seed + events):
        rng = random.Random(seed * 104729)
        problems += compare_event(seed, rng.randint(6, 24), rng.randint(3, 7))
    return problems


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    differences = campaign(count, start)
    for line in differences:
        print(line)
    print(f"{count} events compared with gacrux, {len(differences)} with a difference")
