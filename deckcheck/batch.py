"""Checking many decklists: one after another, in this process.

The results come in the order of the sources (the order the files were found); a file of several decks
(ydke links) gives a result for each. One bad file never stops a batch: a file that cannot be read is an
``unreadable`` result (the parsers see to that), a pipe or device is never opened (``files.find_decklists``
marks it), and an unexpected exception in the core for one file becomes an ``unreadable`` result naming
the exception. Only a data error (a list or card index deckcheck cannot load) ends the run, as it would for
one deck. Nothing here prints.

There is no pool of worker processes: on a folder of distinct decklists (what an organizer receives) a pool
of two processes on two cores was not 1.3× faster than one process, so it went (bench/README.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import lru_cache
from typing import TYPE_CHECKING

from .errors import DataError
from .model import ERROR, DeckResult, Problem, Source
from .parsers import read_or_unreadable

if TYPE_CHECKING:
    from .checker import Checker
    from .regulation import Regulation

Progress = Callable[[int], None]  # called with the number of decks just finished
Judged = tuple[str, str | None]  # (format id, list name) a deck was judged by
PROGRESS_EVERY = 64  # files between reports to a progress bar


def check_files(checker: Checker, sources: Sequence[Source], *,
                progress: Progress | None = None) -> tuple[list[DeckResult], dict[str, Judged]]:
    """Check every decklist (``files.find_decklists``): the results in the order of ``sources``, and each deck's
    path → the (format id, list name) it was judged by. A source given as data (standard input, ydke links) is
    never read from a file, one that must not be opened is reported unreadable. Raises DataError only."""
    results: list[DeckResult] = []
    formats: dict[str, Judged] = {}
    unreported = 0
    with _paused():
        for source in sources:
            for result, judged in check_source(checker, source):
                results.append(result)
                formats[result.path] = judged
            unreported += 1
            if progress is not None and unreported == PROGRESS_EVERY:
                progress(unreported)
                unreported = 0
    if progress is not None and unreported:
        progress(unreported)
    return results, formats


def check_source(checker: Checker, source: Source) -> list[tuple[DeckResult, Judged]]:
    """The result of each deck of one source and the (format id, list name) it was judged by; never raises but
    DataError."""
    if source.problem is not None:
        problem = Problem("unreadable", ERROR, f"cannot read the file: {source.problem}",
                          fix="point deckcheck at decklist files")
        return [(_result(source.shown, problem), _judged_by(checker.regulation()))]
    try:
        if source.data is not None:
            checked = checker.check_decks(source.shown, source.shown, source.data)
        else:
            read = read_or_unreadable(source.path, source.shown, found_regular=True)
            checked = checker.check_decks(source.path, source.shown, read=read)
    except DataError:
        raise
    except Exception as exc:  # a bug for one odd file must not cost the other decks their verdict
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        problem = Problem("unreadable", ERROR, f"deckcheck failed on this file: {type(exc).__name__}: {exc}",
                          fix="please report this file to deckcheck's maintainers; the other decks were checked")
        checked = [(_result(source.shown, problem), checker.regulation())]
    return [(result, _judged_by(regulation)) for result, regulation in checked]


def _result(shown: str, problem: Problem) -> DeckResult:
    return DeckResult(shown, {"main": 0, "extra": 0, "side": 0}, [problem])


@lru_cache(maxsize=64)  # one regulation for nearly every deck of a batch
def _judged_by(regulation: Regulation) -> Judged:
    """(format id, list name) of the regulation a deck was judged by (the points list of a points format)."""
    return regulation.format.id, regulation.list_name


def _paused() -> AbstractContextManager[object]:
    """The cyclic garbage collector paused for the batch (``fast.collector``), where that device is present."""
    try:
        from .fast import collector, turned_off
    except ImportError:  # deckcheck without its fast/ folder (or without this device): the plain path
        return nullcontext()
    return nullcontext() if turned_off("collector") else collector.paused()
