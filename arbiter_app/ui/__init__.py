"""The desktop application: PySide6 lives here and nowhere else (DESIGN.md section 1).

Views are thin: Qt table models over precomputed rows (DESIGN.md section 5,
novelWriter style), and every action goes through :class:`EventDocument`,
which reports what changed so that each panel refreshes only what it shows
(Anki style).
"""
