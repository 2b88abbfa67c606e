"""Packages that hand out their names on first use (PEP 562).

The play-off and the pairing packages list where each of their names lives; a name is
imported from its module the first time it is asked for, so that importing one module of
the package (the standings ask for one or two) does not load the engines.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(
    package: str, homes: Mapping[str, tuple[str, ...]], namespace: dict[str, Any]
) -> Callable[[str], object]:
    """The module ``__getattr__`` of *package*: each name of *homes* (module → names) is
    imported from its module when first asked for and kept in *namespace* (the package's
    globals), so it is looked up once."""
    home_of = {name: module for module, names in homes.items() for name in names}

    def __getattr__(name: str) -> object:
        module = home_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    return __getattr__
