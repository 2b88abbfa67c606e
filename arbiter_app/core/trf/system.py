"""The tournament system a TRF file stands for: record 192, else record 092, else the games.

- TRF-26 record 192 holds a code from FIDE's table (``FIDE_DUTCH``,
  ``FIDE_ROUNDROBIN``, ``FIDE_DOUBLEROUNDROBIN``, ``FIDE_DOUBLESWISS``,
  ``BERGER_ROUNDROBIN``, …).
- Record 092 ("type of tournament") is free text. The programs in the field
  write ``Individual: Swiss-System`` and ``Individual: Round-Robin``
  (Swiss-Manager, Lichess), ``Individual: Swiss-System Dutch (JaVaFo)``,
  ``Swiss Dutch``, ``Round Robin``, ``Double Round Robin`` (Vega and others),
  and every language its own words (``Schweizer System``, ``Rundenturnier``,
  ``Sistema suizo``, ``Todos contra todos``, ``Système suisse``, ``Toutes
  rondes``, ``Girone all'italiana``, ``Круговая система``, ``System kołowy``,
  ``Každý s každým`` …); :func:`system_from_092` reads them.
- With neither, :func:`detect_system` looks at the games: when every player
  met every other exactly once the event was a round robin, exactly twice a
  double round robin (a Swiss never repeats a pairing, C.04.1 b, and does not
  pair everybody with everybody).

The system matters beyond pairing: with predetermined pairings (round robins)
a forfeit counts as a game against the scheduled opponent in the tie-breaks
(FIDE C.07 article 15.2).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from arbiter_app.core.model import RoundEntry, System
from arbiter_app.core.trf.document import KeptLine

_SWISS_WORDS = (
    "swiss",
    "schweizer",
    "suizo",
    "suisse",
    "svizzero",
    "suico",
    "zwitsers",
    "szwajcar",
    "svycar",
    "швейцар",
    "dutch",
    "dubov",
    "burstein",
    "monrad",
    "sveitsisk",
    "schweizisk",
)
_ROUND_ROBIN_WORDS = (
    "round robin",
    "roundrobin",
    "rr",
    "berger",
    "rundenturnier",
    "vollrundig",
    "einrundig",
    "doppelrundig",
    "alle mot alle",
    "alle mod alle",
    "todos contra todos",
    "liga",
    "toutes rondes",
    "girone",
    "all play all",
    "kolowy",
    "kazdy s kazdym",
    "круговая",
    "круговой",
    "двухкругов",
)
_DOUBLE_WORDS = (
    "double",
    "doppel",
    "doppelrundig",
    "doble",
    "aller retour",
    "andata e ritorno",
    "dwukolow",
    "dvoukol",
    "двухкругов",
    "2x",
)


def _words(text: str) -> str:
    """Lower case, accents dropped, every run of other characters one blank, blank-padded."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = plain.replace("ł", "l")
    return " " + " ".join(re.findall(r"\w+", plain)) + " "


def _has(text: str, words: Sequence[str]) -> bool:
    """Whether *text* holds one of *words* at the start of a word ("swiss" in "Swiss-System")."""
    return any(_words(w).rstrip() in text for w in words)


def system_from_092(text: str) -> System | None:
    """The system the free text of record 092 names, None when it names none Arbiter knows."""
    words = _words(text)
    double = _has(words, _DOUBLE_WORDS)
    if _has(words, _SWISS_WORDS):
        return System.DOUBLE_SWISS if double else System.SWISS
    if _has(words, _ROUND_ROBIN_WORDS):
        return System.DOUBLE_ROUND_ROBIN if double else System.ROUND_ROBIN
    return None


def system_from_code(code: str) -> System | None:
    """The system a record-192 code names, None for a code that names none Arbiter knows."""
    c = code.strip().upper()
    if "TEAM" in c or "SCHEVENINGEN" in c or "SCHILLER" in c or "KNOCKOUT" in c:
        return None
    if "DOUBLEROUNDROBIN" in c:
        return System.DOUBLE_ROUND_ROBIN
    if "ROUNDROBIN" in c:
        return System.ROUND_ROBIN
    if "DOUBLESWISS" in c:
        # FIDE's own Double-Swiss (C.04.5); any other double Swiss (CUSTOM_DOUBLESWISS) is
        # a system of the event's own rules, as the club's double Swiss is.
        return System.FIDE_DOUBLE_SWISS if c.startswith("FIDE_") else System.DOUBLE_SWISS
    if c.startswith(("FIDE_", "CUSTOM_SWISS")):
        return System.SWISS
    return None


CODES_192 = {
    System.SWISS: "FIDE_DUTCH",
    System.DOUBLE_SWISS: "CUSTOM_DOUBLESWISS",
    System.FIDE_DOUBLE_SWISS: "FIDE_DOUBLESWISS",
    System.ROUND_ROBIN: "FIDE_ROUNDROBIN",
    System.DOUBLE_ROUND_ROBIN: "FIDE_DOUBLEROUNDROBIN",
}
"""The record-192 code Arbiter writes for each system (FIDE's Dutch system for a Swiss)."""


def pairing_code(
    system: System, *, baku: bool = False, swap_last_two: bool = False, us_chess: bool = False
) -> str:
    """The record-192 code of an event paired as its settings say.

    ``_BAKU`` marks the Baku Acceleration (FIDE C.04.5.1). FIDE's reference
    implementation reads ``FIDE_DOUBLEROUNDROBIN`` as a double round robin
    whose first cycle ends with its last two rounds exchanged (C.05 Annex 1's
    recommendation) and ``BERGER_DOUBLEROUNDROBIN`` as one that keeps the
    table's order, so the code says which. A Swiss paired by the US Chess rules
    27-29 (*us_chess*: its rule set is US Chess) is not FIDE's Dutch system: a
    custom Swiss by the TRF-2026 table (``CUSTOM_SWISS``).
    """
    if us_chess and system is System.SWISS:
        return "CUSTOM_SWISS"
    if system is System.DOUBLE_ROUND_ROBIN and not swap_last_two:
        return "BERGER_DOUBLEROUNDROBIN"
    code = CODES_192[system]
    if system is System.DOUBLE_SWISS:
        # The club's double Swiss (each match paired as a Dutch round) is not FIDE's
        # Double-Swiss System (C.04.5): a custom system by the TRF-2026 table.
        return code
    return f"{code}_BAKU" if baku and not system.is_round_robin else code


def detect_system(entries: Mapping[int, Sequence[RoundEntry]]) -> System | None:
    """Round robin when every player was scheduled against every other once, double when twice.

    Forfeits count as meetings (the pairing was made). Three players or more.
    """
    players = sorted(entries)
    if len(players) < 3:
        return None
    met: Counter[tuple[int, int]] = Counter()
    for tpn, row in entries.items():
        for entry in row:
            if entry.kind.has_opponent and entry.opponent is not None and tpn < entry.opponent:
                met[(tpn, entry.opponent)] += 1
    pairs = len(players) * (len(players) - 1) // 2
    if len(met) != pairs:
        return None
    times = set(met.values())
    if times == {1}:
        return System.ROUND_ROBIN
    if times == {2}:
        return System.DOUBLE_ROUND_ROBIN
    return None


def implied_system(
    code_192: str, text_092: str, entries: Mapping[int, Sequence[RoundEntry]]
) -> System:
    """What a reader takes the system to be: record 192, else 092, else the games, else Swiss."""
    return (
        system_from_code(code_192)
        or system_from_092(text_092)
        or detect_system(entries)
        or System.SWISS
    )


def system_from_kept(kept: Iterable[KeptLine], default: System) -> System:
    """The system the last record 192 among *kept* names, else *default*."""
    found = default
    for line in kept:
        if line.tag == "192":
            found = system_from_code(line.text[4:]) or found
    return found
