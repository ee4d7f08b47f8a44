"""Checking many decklists: one after another, or shared among processes (the ``pool`` speed device).

The results come in the order of the sources (the order the files were found); a file of several decks
(ydke links) gives a result for each. One bad file never stops a batch: a file that cannot be read is an
``unreadable`` result (the parsers see to that), a pipe or device is never opened (``files.find_decklists``
marks it), and an unexpected exception in the core for one file becomes an ``unreadable`` result naming
the exception. Only a data error (a list or card index deckcheck cannot load) ends the run, as it would for
one deck. Nothing here prints.

Where the ``pool`` speed device is present, a batch is shared among forked processes, one a core
(``fast.pool``): the same results, in the same order, sooner.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from functools import lru_cache
from types import ModuleType
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


def check_files(checker: Checker, sources: Sequence[Source], *, progress: Progress | None = None,
                jobs: int | None = None) -> tuple[list[DeckResult], dict[str, Judged]]:
    """Check every decklist (``files.find_decklists``): the results in the order of ``sources``, and each deck's
    path → the (format id, list name) it was judged by. A source given as data (standard input, ydke links) is
    never read from a file, one that must not be opened is reported unreadable. ``jobs``: at most this many
    processes (None or 0: one a core, where the pool device is present). Raises DataError only."""
    results: list[DeckResult] = []
    formats: dict[str, Judged] = {}
    with _paused():
        for checked in _checked_sources(checker, sources, progress, jobs):
            for result, judged in checked:
                results.append(result)
                formats[result.path] = judged
    return results, formats


def _checked_sources(checker: Checker, sources: Sequence[Source], progress: Progress | None,
                     jobs: int | None) -> list[list[tuple[DeckResult, Judged]]]:
    """``check_source`` of each source, in order: shared among processes by the pool device where it pays."""
    def check_all(part: Sequence[Source], tick: Progress | None) -> list[list[tuple[DeckResult, Judged]]]:
        done = []
        unreported = 0
        for source in part:
            done.append(check_source(checker, source))
            unreported += 1
            if tick is not None and unreported == PROGRESS_EVERY:
                tick(unreported)
                unreported = 0
        if tick is not None and unreported:
            tick(unreported)
        return done

    pool = _pool() if jobs != 1 and len(sources) > 1 else None  # (a check of one decklist never imports it)
    if pool is not None:
        processes = pool.processes_for(len(sources), jobs)
        if processes > 1:
            return pool.in_processes(check_all, sources, processes, progress)
    return check_all(sources, progress)


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


def _pool() -> ModuleType | None:
    """The pool device (``fast.pool``), where it is present and not turned off."""
    try:
        from .fast import pool, turned_off
    except ImportError:  # deckcheck without its fast/ folder (or without this device): one process
        return None
    return None if turned_off("pool") else pool


def _paused() -> AbstractContextManager[object]:
    """The cyclic garbage collector paused for the batch (``fast.collector``), where that device is present."""
    try:
        from .fast import collector, turned_off
    except ImportError:  # deckcheck without its fast/ folder (or without this device): the plain path
        return nullcontext()
    return nullcontext() if turned_off("collector") else collector.paused()
