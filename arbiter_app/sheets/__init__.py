"""The venue's sheets made from a file: what the command line and the desktop app both print.

:mod:`~arbiter_app.sheets.source` reads FILE (an ``.arbiter`` file through the
session, read-only, or a ``.trf`` file) with what the sheets need;
:mod:`~arbiter_app.sheets.builders` names every sheet and builds it from that
source through the pure renderers of :mod:`arbiter_app.exports`. Screen, paper
and export are made from the same read models.
"""
