"""DESIGN.md section 1: the exports are pure renderers; Qt lives in arbiter_app.ui only."""

import subprocess
import sys


def test_exports_load_neither_qt_nor_sqlite() -> None:
    code = (
        "import importlib, pkgutil, sys\n"
        "import arbiter_app.exports as pkg\n"
        "names = [i.name for i in pkgutil.walk_packages(pkg.__path__, 'arbiter_app.exports.')]\n"
        "assert len(names) >= 8, names\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'sqlite3', '_sqlite3', 'sqlite_utils'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"exports loaded: {out.stdout.strip()}"


def test_print_command_loads_qt_only_when_printing() -> None:
    """The print and export commands load Qt only when a PDF is made."""
    code = (
        "import sys, argparse\n"
        "from arbiter_app.cli import export_formats, pgn_import, print_sheet\n"
        "sub = argparse.ArgumentParser().add_subparsers()\n"
        "print_sheet.register(sub)\n"
        "pgn_import.register(sub)\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('PySide6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
