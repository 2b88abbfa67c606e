"""Printable sheets made from the same rows as the screen, so they cannot disagree."""

from __future__ import annotations

from html import escape

from arbiter_app.core.model import Event
from arbiter_app.ui.rows import Table


def table_html(title: str, subtitle: str, table: Table) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in table.headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in table.rows
    )
    return (
        f"<h2>{escape(title)}</h2><p>{escape(subtitle)}</p>"
        f'<table border="1" cellspacing="0" cellpadding="3"><thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def standings_sheet(event: Event, table: Table) -> str:
    return table_html(
        event.name or "Standings",
        f"Standings after round {event.rounds_played} of {event.rounds}",
        table,
    )
