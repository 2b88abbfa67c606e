"""Printing tests run headless; poppler's tools read the PDFs back."""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _qt(qapp: object) -> Iterator[None]:
    """A QApplication (pytest-qt's) so that Qt can lay out text."""
    yield


def tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} (poppler-utils) is not installed")
    return path


def pdf_text(pdf: Path, *, layout: bool = False) -> str:
    """The PDF's text, NFKC-normalised (Arabic comes out as presentation forms)."""
    args = [tool("pdftotext"), "-enc", "UTF-8"]
    if layout:
        args.append("-layout")
    out = subprocess.run([*args, str(pdf), "-"], capture_output=True, check=True)
    return unicodedata.normalize("NFKC", out.stdout.decode("utf-8"))


def pdf_info(pdf: Path) -> dict[str, str]:
    out = subprocess.run([tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True)
    info = {}
    for line in out.stdout.splitlines():
        key, _, value = line.partition(":")
        info[key.strip()] = value.strip()
    return info
