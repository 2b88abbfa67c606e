"""The sheets there are, by name, with what each one is: no sheet is built here.

The app's Print sheet menu lists them at start-up without loading the builders
(:mod:`arbiter_app.sheets.builders`) and the export formats they bring.
"""

from __future__ import annotations

SHEET_HELP: dict[str, str] = {
    "starting-rank": "every player by pairing number: title, FIDE ID, federation, rating",
    "pairings": "the boards of a round (--round, default the latest)",
    "pairings-by-name": "where do I play? every player in alphabetical order, board and opponent",
    "slips": "result slips of a round, to be signed (4 to a page)",
    "slips-6": "result slips, 6 to a page with lines to cut along",
    "slips-8": "result slips, 8 to a page with lines to cut along",
    "crosstable": "Swiss wall chart or round-robin table",
    "wall-chart": "the US wall chart: by pairing number, W12 / L5 / H--- with colour and "
    "running score, US Chess ID and rating",
    "standings": "standings with the rule set and the tie-break list",
    "team-standings": "team standings: the best scores of each team or school (US Chess 28N)",
    "lots": "protocol of every drawing of lots and coin toss",
    "playoff-schedule": "the play-off's regulation, stages, clocks and start",
    "playoff-pairings": "a pairing sheet per play-off stage",
    "playoff-scoresheets": "a score sheet per play-off game still to play",
    "armageddon": "Armageddon game cards: clocks, toss, draw odds",
    "bracket": "the Armageddon knockout drawn as a bracket",
    "prizes": "prize money and tour points as shared",
}
"""What each sheet is, in the words the command line and the app menu show."""
