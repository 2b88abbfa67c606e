"""Pure renderers of the core read models: sheets, CSV, JSON, HTML, TRF and PGN.

Nothing here imports Qt or touches the disk by itself: each renderer takes a
read model (or an :class:`~arbiter_app.core.model.Event`) and returns text or
bytes, so the screen, the printout and the export are made from the same
values and can never disagree (resources/architecture.md). PDF printing lives in
:mod:`arbiter_app.printing`, which lays out the HTML made here.
"""
