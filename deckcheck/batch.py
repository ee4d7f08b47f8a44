"""Checking many decklists: in this process, or in a pool of worker processes when it pays.

The results are the same either way, in the same order (the order the files were found):
the file list is cut into consecutive chunks; workers take chunks from the front, this
process checks chunks from the back itself, and every chunk keeps its place.
Each worker builds its own Checker once (a pool initializer) with the same selection and the
same "today" as the main process, so a run that crosses midnight judges every deck alike.

One bad file never stops a batch: a file that cannot be read is an ``unreadable`` result
(the parsers see to that), a pipe or device is never opened, and an unexpected exception in
the core for one file becomes an ``unreadable`` result naming the exception. Only a data
error (a list or card index deckcheck cannot load) ends the run, as it would for one deck.
If the pool cannot start or breaks, the rest of the batch runs in this process.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from datetime import date
from functools import lru_cache
from pathlib import Path

from .carddb import DataError
from .model import ERROR, CardRef, DeckResult, Problem

POOL_MIN_FILES = 300  # below this, starting workers costs more than it saves (fork: a few ms each)
POOL_MIN_FILES_SPAWN = 2000  # where workers start a new interpreter (Windows, macOS): ~0.3 s each
FILES_PER_PROCESS = 150  # on a many-core machine, 300 files start 2 processes, not 64
CHUNK = 100  # files per task at most: few round trips (each costs CPU), an even split at the end
WINDOW = 2  # tasks queued per worker: it never waits for this process to hand it more

Progress = Callable[[int], None]  # called with the number of decks just finished
Render = Callable[[DeckResult, tuple], str]  # a deck's line of the report (json_report.deck_line), made where it is checked


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def spare_cores() -> int:
    """The cores not busy with other work right now, this process's own included: on Linux, the cores
    less the other processes ready to run (/proc/loadavg); elsewhere every core. On a machine that
    others share, a worker on a core someone else keeps busy runs at half speed and makes a batch slower."""
    cores = available_cores()
    try:
        with open("/proc/loadavg", "rb") as f:
            running = int(f.read().split()[3].split(b"/")[0])  # ready to run now, this process included
    except (OSError, ValueError, IndexError):
        return cores
    return max(1, min(cores, cores - (running - 1)))


def plan_jobs(files: int, jobs: int | None, min_files: int = POOL_MIN_FILES) -> int:
    """How many processes to use, this one included: ``jobs`` if given (1 = this process
    only), else, from ``min_files`` files on, one per spare core but no more than one per
    ``FILES_PER_PROCESS`` files (a worker costs a start-up of its own); else 1."""
    if jobs is not None and jobs > 0:
        return min(jobs, max(files, 1))
    cores = spare_cores()
    if cores < 2 or files < min_files:
        return 1
    return max(1, min(cores, files // FILES_PER_PROCESS))


def _failed(display: str, exc: BaseException) -> DeckResult:
    message = f"deckcheck failed on this file: {type(exc).__name__}: {exc}"
    fix = "please report this file to deckcheck's maintainers; the other decks were checked"
    return DeckResult(display, {"main": 0, "extra": 0, "side": 0}, [Problem("unreadable", ERROR, message, fix=fix)])


def _special(display: str, reason: str) -> DeckResult:
    problem = Problem("unreadable", ERROR, f"cannot read the file: {reason}", fix="point deckcheck at decklist files")
    return DeckResult(display, {"main": 0, "extra": 0, "side": 0}, [problem])


def check_one(checker, path: Path, display: str, special: dict[str, str], given: dict[str, bytes] | None = None
              ) -> list[tuple[DeckResult, tuple[str, str | None]]]:
    """The result of each deck of one file (or of a decklist ``given`` as data) and the (format id,
    list name) it was judged with; never raises but DataError."""
    if display in special:
        regulation = checker.regulation()
        return [(_special(display, special[display]), _judged_by(regulation))]
    try:
        checked = checker.check_decks(path, display, (given or {}).get(display))
    except DataError:
        raise
    except Exception as exc:  # a bug for one odd file must not cost the other decks their verdict
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        checked = [(_failed(display, exc), checker.regulation())]
    return [(result, _judged_by(regulation)) for result, regulation in checked]


@lru_cache(maxsize=64)  # one regulation for nearly every deck of a batch
def _judged_by(regulation) -> tuple[str, str | None]:
    """(format id, list name) of the regulation a deck was judged by (the points list of a points format)."""
    return regulation.format.id, regulation.list_name


# ---- the worker side ------------------------------------------------------------------------

_worker_checker = None
_worker_render: Render | None = None
_inherited = None  # the main process's Checker while it starts a pool: a forked worker has it already


def _init_worker(selection, today: date | None, now, input_format: str | None, render: Render | None = None) -> None:
    global _worker_checker, _worker_render
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle: no worker tracebacks
    _worker_render = render
    if _inherited is not None:  # forked: the data this process loaded and the regulations it built are here
        _worker_checker = _inherited
        return
    from .checker import Checker
    from .datastore import load_cards, load_store

    _worker_checker = Checker(load_cards(), load_store(), selection, today=today, now=now, input_format=input_format)


# Results of files of the same contents share one problems list (checker.py): packed once per chunk, pickled
# once (pickle keeps a shared object shared) and rebuilt once, so the main process gets them shared too.
_packed: dict[int, tuple[list, tuple]] = {}  # id(problems list) → (the list, its packed tuple), for one chunk
_rebuilt: dict[int, tuple[tuple, list]] = {}  # id(packed tuple) → (the tuple, its problems), for one chunk


def _pack(result: DeckResult, fmt: tuple[str, str | None]) -> tuple:
    """A result as plain tuples (pickles several times faster than the slotted objects), with its
    report line when the worker renders one."""
    known = _packed.get(id(result.problems))
    if known is not None and known[0] is result.problems:
        problems = known[1]
    else:
        problems = tuple(
            (p.rule, p.severity, p.message, p.section, p.line,
             None if p.card is None else (p.card.name, p.card.passcode), p.fix)
            for p in result.problems
        )
        _packed[id(result.problems)] = (result.problems, problems)
    s = result.sizes
    rendered = _worker_render(result, fmt) if _worker_render is not None else None
    return (result.path, (s["main"], s["extra"], s["side"]), result.name, problems, fmt, result.facts or None,
            result.player, rendered)


def _unpack(packed: tuple) -> tuple[DeckResult, tuple[str, str | None]]:
    path, (main, extra, side), name, problems, fmt, facts, player, rendered = packed
    known = _rebuilt.get(id(problems)) if problems else None  # () is one object: no list shared for it
    if known is not None and known[0] is problems:
        rebuilt = known[1]
    else:
        rebuilt = [
            Problem(rule, severity, message, section, line, None if card is None else CardRef(*card), fix)
            for rule, severity, message, section, line, card, fix in problems
        ]
        _rebuilt[id(problems)] = (problems, rebuilt)
    result = DeckResult(path, {"main": main, "extra": extra, "side": side}, rebuilt, name, facts, player)
    result.rendered = rendered
    return result, fmt


def _check_chunk(chunk: list[tuple[str, str]], special: dict[str, str], given: dict[str, bytes]) -> bytes:
    """The packed results of a chunk, pickled here: the pool's thread in the main process then only passes
    bytes on, and the main process unpickles them between its own chunks (not while it checks one)."""
    checker = _worker_checker
    _packed.clear()
    try:
        packed = [_pack(*pair) for path, display in chunk for pair in check_one(checker, Path(path), display, special, given)]
        return pickle.dumps(packed, pickle.HIGHEST_PROTOCOL)
    finally:
        _packed.clear()


# ---- the main side --------------------------------------------------------------------------


def _forks() -> bool:
    return sys.platform.startswith("linux")


def _pool_context():
    import multiprocessing

    # fork shares the modules already imported (no second start-up cost per worker); where it
    # is not offered (Windows, macOS default) the platform's default start method is used.
    if _forks() and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


@contextmanager
def collector_paused():
    """No cyclic garbage collection while a batch runs: the objects a check makes hold no cycles,
    and a collection walks every object alive (the card index, the results so far) again and
    again. What was loaded before is frozen (never examined again), and so are the results at the
    end (the first collection after would walk them all); then the collector runs as it did."""
    was_enabled = gc.isenabled()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def check_files(
    checker,
    files: Sequence[tuple[Path, str]],
    *,
    special: dict[str, str] | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    min_pool_files: int | None = None,
    given: dict[str, bytes] | None = None,
    render: Render | None = None,
) -> tuple[list[DeckResult], dict[str, tuple[str, str | None]]]:
    """Check every file; results in the order of ``files``, and path → (format id, list name).

    ``checker`` is the main process's Checker: it checks in this process, and the workers
    copy its selection, date and input format. ``jobs`` counts processes, this one included
    (None: every core for ``min_pool_files`` files or more, else 1). ``given``: decklists
    given as data (standard input, ydke links), by the path shown for them. A file of several
    decks (ydke links) gives a result for each. ``render``: each result's line of the report is made
    (``result.rendered``) by the process that checked the deck, so that work is shared too. Raises DataError only.
    """
    special = special or {}
    given = given or {}
    if min_pool_files is None:
        min_pool_files = POOL_MIN_FILES if _forks() else POOL_MIN_FILES_SPAWN
    processes = plan_jobs(len(files), jobs, min_pool_files)
    size = max(1, min(CHUNK, -(-len(files) // (processes * 8))))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    done: list[list[tuple] | None] = [None] * len(chunks)  # per chunk: (result, format) pairs

    def here(index: int) -> None:
        done[index] = [pair for path, display in chunks[index] for pair in check_one(checker, path, display, special, given)]
        if progress is not None:
            progress(len(chunks[index]))

    with collector_paused():
        if processes > 1 and len(chunks) > 1:
            _cooperate(checker, chunks, special, given, processes - 1, here, done, progress, render)
        for index, pairs in enumerate(done):
            if pairs is None:  # single process, or what a failed pool left
                here(index)
    results: list[DeckResult] = []
    formats: dict[str, tuple[str, str | None]] = {}
    for pairs in done:
        for result, fmt in pairs:
            results.append(result)
            formats[result.path] = fmt
    return results, formats


def _cooperate(checker, chunks, special, given, workers, here, done, progress, render=None) -> None:
    """Workers take chunks from the front, this process from the back, until they meet.

    This process works too (no pickling for its share) and both ends keep going until no
    chunk is left, so neither waits for the other. Chunks keep their index, so the results
    come out in file order whoever checked them. If the pool fails, its chunks stay undone
    (None) for the caller to check here.
    """
    from collections import deque
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    global _inherited
    try:
        context = _pool_context()
        executor = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_init_worker,
            initargs=(checker.selection, checker.today, checker.now, checker.input_format, render),
        )
    except (OSError, ValueError, ImportError, NotImplementedError) as exc:
        _say_fallback(exc)
        return
    if context.get_start_method() == "fork":
        _inherited = checker  # workers are forked on the first submit, below
    window = WINDOW * workers  # chunks queued per worker: never idle, and little left to cancel
    front, back = 0, len(chunks)
    pending: deque = deque()
    broken = False

    def submit() -> None:
        nonlocal front, broken
        while not broken and len(pending) < window and front < back:
            chunk = [(str(path), display) for path, display in chunks[front]]
            sub = {display: special[display] for _, display in chunk if display in special}
            data = {display: given[display] for _, display in chunk if display in given}
            try:
                pending.append((front, executor.submit(_check_chunk, chunk, sub, data)))
            except (BrokenProcessPool, RuntimeError, OSError) as exc:
                broken = True
                _say_fallback(exc)
                return
            front += 1

    def collect(block: bool) -> None:
        nonlocal broken
        while pending and (block or pending[0][1].done()):
            index, future = pending.popleft()
            try:
                packed = future.result()
            except DataError:
                raise
            except (BrokenProcessPool, OSError, RuntimeError) as exc:  # a worker died or could not start
                if not broken:
                    _say_fallback(exc)
                broken = True
                pending.clear()
                return
            _rebuilt.clear()
            done[index] = [_unpack(item) for item in pickle.loads(packed)]
            _rebuilt.clear()
            if progress is not None:
                progress(len(chunks[index]))
            block = False
            submit()

    finished = False
    try:
        submit()
        while True:
            collect(block=False)
            if front < back:
                back -= 1
                here(back)
            elif pending and not broken:
                collect(block=True)
            else:
                break
        finished = True
    finally:
        _inherited = None
        # interrupted or failed: do not wait for the workers' last chunks
        executor.shutdown(wait=finished and not broken, cancel_futures=True)


def _say_fallback(exc: BaseException) -> None:
    print(f"deckcheck: note: worker processes unavailable ({type(exc).__name__}: {exc}); "
          "checking the rest in one process", file=sys.stderr)
