"""Registration documents as PDF: deckcheck's own sheet (``sheet_pdf``, drawn with reportlab) and the
user's copy of Konami's form filled in (``form``, with pypdf).

Both libraries are the optional extra ``pdf`` (``pip install 'deckcheck[pdf]'``): chosen for their
licences (BSD), install size (about 30 MB with Pillow, which reportlab requires) and start-up (about 45 ms
and 60 ms to import, and only ``deckcheck decklist`` imports them; no check ever does). ``missing()``
says whether they are installed without importing them.
"""

from __future__ import annotations

import importlib.util

EXTRA_MODULES = ("reportlab", "pypdf")
INSTALL_HINT = "pip install 'deckcheck[pdf]'"


def missing() -> list[str]:
    """The PDF libraries that are not installed (or cannot be found: an import hook refusing them)."""

    def absent(name: str) -> bool:
        try:
            return importlib.util.find_spec(name) is None
        except (ImportError, ValueError):
            return True

    return [name for name in EXTRA_MODULES if absent(name)]
