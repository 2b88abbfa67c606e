"""DESIGN.md section 1: the pure packages never load Qt or SQL."""

import subprocess
import sys

PURE = ["arbiter_app.core", "arbiter_app.core.model", "arbiter_app.core.tiebreaks"]


def test_core_loads_neither_qt_nor_sqlite() -> None:
    code = (
        "import importlib, sys\n"
        f"for name in {PURE!r}:\n"
        "    importlib.import_module(name)\n"
        "import pkgutil, arbiter_app.core as core\n"
        "for info in pkgutil.walk_packages(core.__path__, 'arbiter_app.core.'):\n"
        "    importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'sqlite3', '_sqlite3', 'sqlite_utils'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"pure core loaded: {out.stdout.strip()}"


def test_the_check_itself_sees_a_loaded_module() -> None:
    """Guard against a vacuous check: importing sqlite3 must be seen."""
    code = "import sys, sqlite3\nprint(','.join(m for m in sys.modules if m == 'sqlite3'))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "sqlite3"


def test_sheets_and_exports_load_no_qt() -> None:
    """The sheets are made without Qt; only arbiter_app.printing lays them out on paper."""
    code = (
        "import sys, arbiter_app.sheets.builders, arbiter_app.sheets.source, arbiter_app.exports.html\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('PySide6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_the_pure_packages_load_no_qt() -> None:
    """core, store, session, exports and sheets never load Qt (every module of each)."""
    code = (
        "import importlib, pkgutil, sys\n"
        "import arbiter_app.core, arbiter_app.store, arbiter_app.session, arbiter_app.exports\n"
        "import arbiter_app.sheets\n"
        "for pkg in (arbiter_app.core, arbiter_app.store, arbiter_app.session,"
        " arbiter_app.exports, arbiter_app.sheets):\n"
        "    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(info.name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('PySide6'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_printing_is_outside_the_window_and_uses_no_widgets() -> None:
    """The command line prints through arbiter_app.printing: it loads QtGui, never the
    window's package or Qt's widgets (issue 12)."""
    code = (
        "import sys, arbiter_app.printing, arbiter_app.cli.print_sheet\n"
        "mods = sorted(m for m in sys.modules if m.startswith(('PySide6', 'arbiter_app.ui')))\n"
        "print(','.join(mods))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(out.stdout.strip().split(","))
    assert "PySide6.QtGui" in loaded
    assert not {m for m in loaded if m.startswith("arbiter_app.ui")}
    assert "PySide6.QtWidgets" not in loaded
