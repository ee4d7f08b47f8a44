"""`deckcheck …` run in this process: what a test of the command line needs when the process itself is not
what it tests (exit codes through ``main()``, standard output and error, files written).

Each run gets standard input, output and error of its own (typer's CliRunner isolation), the environment
overrides it asks for, its ``cwd`` and ``sys.argv``, all put back afterwards; the card data stays loaded
(datastore's per-process memo, keyed by the data directory and its stamp), and the warnings deckcheck gives
once per process are given again, as a new process would. Signals, pipes, ``os._exit``, the interpreter's
own streams and encodings, pool workers and pre-commit need a real process: use ``subprocess`` for those.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from typer.testing import CliRunner  # typer carries its own click: a fresh install has no click package

from deckcheck import datastore, limits
from deckcheck.cli import main

REPO = Path(__file__).resolve().parents[1]


def deckcheck(*args, cwd: Path | str = REPO, env: Mapping[str, str | None] | None = None,
              stdin: bytes | str | None = b"", text: bool = True) -> subprocess.CompletedProcess:
    """``deckcheck *args`` in this process, as ``subprocess.run(..., capture_output=True)`` reports it.
    ``env``: variables to set (None: to remove) on top of this process's environment."""
    argv = ["deckcheck", *map(str, args)]
    saved_argv, saved_cwd = sys.argv, os.getcwd()
    warned = getattr(datastore, "_warned", None)  # the warnings datastore gives once per process, if it keeps them
    if warned is not None:
        warned.clear()  # a new process warns afresh and reads its limits from its environment
    limits._values.clear()
    with CliRunner().isolation(input=stdin if stdin is not None else b"", env=env) as (out, err, _mixed):
        sys.argv = argv
        os.chdir(cwd)
        try:
            main()
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        finally:
            limits._values.clear()
            sys.argv = saved_argv
            os.chdir(saved_cwd)
            sys.stdout.flush()
            sys.stderr.flush()
        stdout, stderr = out.getvalue(), err.getvalue()
    if text:
        return subprocess.CompletedProcess(argv, code, stdout.decode("utf-8", "replace"),
                                           stderr.decode("utf-8", "replace"))
    return subprocess.CompletedProcess(argv, code, stdout, stderr)
