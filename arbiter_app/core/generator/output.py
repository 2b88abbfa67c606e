"""A generated event as a tournament report file (TRF-16 or TRF-26).

Beside what Arbiter's TRF writer puts in every file, a generated file says
how it was made and what a checker needs:

- a ``###`` comment line with the seed and every setting, so that the same
  command line can make the same file again;
- record 192 (the pairing system: ``FIDE_DUTCH``, with ``_BAKU`` when
  accelerated; ``FIDE_ROUNDROBIN``; ``FIDE_DOUBLEROUNDROBIN`` when the last
  two rounds of the first cycle are exchanged as C.05 Annex 1 recommends,
  ``BERGER_DOUBLEROUNDROBIN`` when they are not: FIDE's reference
  implementation reads the exchange from that code), 202 (the
  tie-break list) and 212 (the same list after ``PTS``), written in TRF-16
  files too: a TRF-16 reader skips records it does not know;
- the rank column from the standings under that list (FIDE C.07).
"""

from __future__ import annotations

from arbiter_app.core.generator.results import ARTICLE as RESULTS_ARTICLE
from arbiter_app.core.generator.tournament import GeneratedEvent, GeneratorSettings
from arbiter_app.core.points import format_decimal
from arbiter_app.core.standings import compute_standings
from arbiter_app.core.trf.document import Anchor, KeptLine, TrfDocument, TrfVersion
from arbiter_app.core.trf.system import CODES_192, pairing_code
from arbiter_app.core.trf.writer import write_trf
from arbiter_app.core.words import count


def system_code(settings: GeneratorSettings) -> str:
    """The record-192 code of the generated event."""
    return pairing_code(settings.system, baku=settings.baku, swap_last_two=settings.swap_last_two)


def describe(settings: GeneratorSettings) -> str:
    """The settings in the generator's own option words (for the file's first line)."""
    s = settings
    parts = [f"seed {s.seed}", count(s.players, "player"), count(s.rounds, "round"), s.system.value]

    for name, quota in (
        ("half-byes", s.half_byes),
        ("full-byes", s.full_byes),
        ("zero-byes", s.zero_byes),
        ("forfeits", s.forfeits),
        ("unusual", s.unusual),
        ("late-entries", s.late_entries),
    ):
        if not quota.is_zero:
            parts.append(f"{name} {quota}")
    if not s.ratings.is_default:
        parts.append(str(s.ratings))
    if s.baku:
        parts.append("Baku Acceleration")
    if s.swap_last_two:
        parts.append("last two rounds of the first cycle exchanged")
    rate = format_decimal(s.draw_rate * 100, 2).rstrip("0").rstrip(".")
    parts.append(f"results from {RESULTS_ARTICLE}, draw rate {rate}%")
    return ", ".join(parts)


def generated_trf(generated: GeneratedEvent, version: TrfVersion) -> str:
    """The text of the generated event's report file."""
    event = generated.event
    standings = compute_standings(event, generated.tiebreaks)
    ranks = {row.tpn: row.rank for row in standings.rows}
    code = system_code(generated.settings)
    kept = [
        KeptLine(f"### Random Tournament Generator: {describe(generated.settings)}", ("012", 0))
    ]
    verbatim: dict[Anchor, tuple[str, str]] = {}
    if version is TrfVersion.TRF26:
        # The writer states the system (192) and the list (202/212) itself; an
        # acceleration or a round order its code does not say replaces its 192.
        verbatim[("192", 0)] = (f"192 {CODES_192[event.system]}", f"192 {code}")
    else:
        # TRF-16 has none of these records; a TRF-16 reader skips them.
        first = ("001", min(p.tpn for p in event.players))  # player records: by number
        kept += [
            KeptLine(f"192 {code}", first),
            KeptLine(f"202 {','.join(generated.tiebreaks)}", first),
            KeptLine(f"212 {','.join(('PTS', *generated.tiebreaks))}", first),
        ]
    doc = TrfDocument(
        event,
        version,
        initial_colour=generated.initial_colour,
        ranks=ranks,
        tiebreaks=generated.tiebreaks,
        kept=tuple(kept),
        verbatim=verbatim,
    )
    return write_trf(doc)
