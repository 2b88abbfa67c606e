"""Every test keeps the user's data folder (the FIDE rating lists) in a folder of its own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("ARBITER_DATA_DIR", str(folder))
    return folder
