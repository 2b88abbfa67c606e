"""The players' page: a small read-only web server for the venue's network.

Players open it on their phones (the address and its QR code hang on the wall): the
round's pairings, "where do I play?", the standings, the crosstable and the play-off
bracket, made from the same sheets the arbiter prints (:mod:`arbiter_app.sheets`), so the
screen, the wall and the phone never disagree. No Qt here: ``arbiter-app serve`` runs it
alone, and the window runs it in a thread (View ▸ Publish on the local network).
"""
