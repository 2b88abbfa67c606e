"""The formats of ``arbiter-app export FILE --format csv|json|html|trf|pgn -o OUT``.

Each format is made from the same read models as the screen and the printout:
the standings (CSV, JSON, HTML), the event (TRF), the play-off games (PGN).
"""

from __future__ import annotations

from collections.abc import Callable

from arbiter_app.cli.event_source import Source
from arbiter_app.cli.sheets import standings_of
from arbiter_app.core.errors import ArbiterError

Renderer = Callable[[Source], str]


def _csv(src: Source) -> str:
    from arbiter_app.exports.csv_export import rows_to_csv
    from arbiter_app.exports.standings import standings_csv_rows

    header, rows = standings_csv_rows(src.event, standings_of(src))
    return rows_to_csv(header, rows)


def _json(src: Source) -> str:
    from arbiter_app.exports.json_export import standings_to_json

    return standings_to_json(src.event, standings_of(src))


def _html(src: Source) -> str:
    from arbiter_app.exports.html import sheet_to_html
    from arbiter_app.exports.standings import standings_sheet

    return sheet_to_html(standings_sheet(src.event, standings_of(src)))


def _trf(src: Source) -> str:
    from arbiter_app.exports.trf_export import standings_to_trf

    return standings_to_trf(src.event, standings_of(src))


def _pgn(src: Source) -> str:
    from arbiter_app.exports.pgn import games_to_pgn
    from arbiter_app.exports.playoff import playoff_games

    if src.playoff is None:
        raise ArbiterError(
            f"{src.path}: the event has no play-off, so there are no games to export"
        )
    return games_to_pgn(playoff_games(src.event, src.playoff))


FORMATS: dict[str, Renderer] = {
    "csv": _csv,
    "json": _json,
    "html": _html,
    "trf": _trf,
    "pgn": _pgn,
}


def render(src: Source, fmt: str) -> str:
    try:
        renderer = FORMATS[fmt]
    except KeyError:
        raise ArbiterError(
            f"unknown export format {fmt!r}; use one of {', '.join(FORMATS)}"
        ) from None
    return renderer(src)
