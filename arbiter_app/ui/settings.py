"""The user's preferences and recent files, kept in QSettings."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 8
COLOUR_SCHEMES = ("system", "light", "dark")


class Settings:
    """Typed access to a :class:`QSettings` store (a file of its own in tests)."""

    def __init__(self, store: QSettings | None = None) -> None:
        self.store = store or QSettings("Arbiter", "Arbiter")

    # -- recent files -------------------------------------------------------------------
    def recent_files(self) -> list[Path]:
        value = self.store.value("recent_files", [])
        if isinstance(value, str):  # QSettings returns a lone string for a one-item list
            value = [value]
        if not isinstance(value, list):
            return []
        return [Path(str(v)) for v in value]

    def add_recent(self, path: Path) -> None:
        paths = [p for p in self.recent_files() if p != path]
        paths.insert(0, path)
        self.store.setValue("recent_files", [str(p) for p in paths[:MAX_RECENT]])

    def clear_recent(self) -> None:
        self.store.setValue("recent_files", [])

    # -- preferences ------------------------------------------------------------------------
    @property
    def projector_scale(self) -> float:
        value = self.store.value("projector/scale", 2.0)
        try:
            return float(str(value))
        except ValueError:
            return 2.0

    @projector_scale.setter
    def projector_scale(self, value: float) -> None:
        self.store.setValue("projector/scale", float(value))

    @property
    def colour_scheme(self) -> str:
        value = str(self.store.value("appearance/colour_scheme", "system"))
        return value if value in COLOUR_SCHEMES else "system"

    @colour_scheme.setter
    def colour_scheme(self, value: str) -> None:
        if value not in COLOUR_SCHEMES:
            raise ValueError(f"unknown colour scheme {value!r}")
        self.store.setValue("appearance/colour_scheme", value)

    def sync(self) -> None:
        self.store.sync()
