"""The command line: one module per command group over the core; none of them prints a traceback.

``common`` holds the app, the exit codes and the shared options; ``check``, ``side`` (side,
match, diff), ``info`` (banlists, card, rules, formats, data) and ``update`` register their
commands on it. Each keeps its heavy imports inside its functions.
"""

from __future__ import annotations

import os
import sys

from . import check, info, side, update  # noqa: F401  (each registers its commands)
from .common import EXIT_ERROR, app, describe_regions


def main() -> None:
    """Entry point: never a traceback, unless DECKCHECK_DEBUG is set."""
    if "--help" in sys.argv or "-h" in sys.argv:
        describe_regions()
    try:
        app()
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130
            print("deckcheck: interrupted", file=sys.stderr)
        raise
    except KeyboardInterrupt:
        print("deckcheck: interrupted", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:  # the last line of defence: one line, exit 2
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        print(f"deckcheck: internal error: {type(exc).__name__}: {exc} (set DECKCHECK_DEBUG=1 for details)", file=sys.stderr)
        sys.exit(EXIT_ERROR)
