"""National ratings in TRF-26: record 172 and the National Rating Support (NRS) records.

Record 172 names the federation whose national ratings the file carries
(columns 5-7) and how the starting rank was made (columns 9-13: ``FIDE``,
``NRO``, ``FIDON``, ``NIDOF``, ``HBFN``, ``LBFN``, ``OTHER``). Each NRS
record has the layout of a player record, its tag being that federation's
code: the pairing number in columns 5-8 links it to the ``001`` record, the
national rating stands in columns 49-52 and the national number in 58-68.
Arbiter orders pairing numbers by FIDE rating (FIDE C.04.2 B), so it writes
the method ``FIDE``; a national number that does not fit its 11 columns
travels in Arbiter's ``ARB NATIONAL`` record instead.
"""

from __future__ import annotations

from arbiter_app.core.model import Player
from arbiter_app.core.trf.records import FIDE_ID, RATING, TPN, is_number

METHOD = "FIDE"
"""Record 172's ranking method for Arbiter's pairing numbers (FIDE ratings only)."""


def federation_code(text: str) -> str | None:
    """*text* when it is a three-letter federation code (the tag of NRS records), else None."""
    s = text.strip()
    return s if len(s) == 3 and s.isascii() and s.isalpha() and s.isupper() else None


def fits(player: Player) -> bool:
    """Whether an NRS record says the player's national rating and number exactly."""
    rating = player.national_rating
    number = player.national_id
    if rating is not None and not 0 < rating < 10000:
        return False
    return len(number) <= 11 and number == number.strip() and "\n" not in number


def nrs_line(federation: str, player: Player) -> str:
    """The NRS record of *player* (pairing number, national rating, national number)."""
    rating = "" if player.national_rating is None else str(player.national_rating)
    head = f"{federation} {player.tpn:>4}".ljust(RATING.start)
    return f"{head}{rating:>4}".ljust(FIDE_ID.start) + f"{player.national_id:>11}"


def read_nrs(line: str) -> tuple[int, int | None, str] | None:
    """Pairing number, national rating and number of an NRS record; None if malformed."""
    text = line.ljust(FIDE_ID.stop)
    tpn = text[TPN].strip()
    rating = text[RATING].strip()
    if not is_number(tpn) or (rating and not is_number(rating)):
        return None
    return int(tpn), (int(rating) or None) if rating else None, text[FIDE_ID].strip()
