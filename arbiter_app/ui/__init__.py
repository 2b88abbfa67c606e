"""The desktop application: PySide6 lives here and nowhere else (resources/architecture.md).

Views are thin: Qt table models over precomputed rows (resources/architecture.md,
novelWriter style), and every action goes through :class:`EventDocument`,
which reports what changed so that each panel refreshes only what it shows
(Anki style).
"""
