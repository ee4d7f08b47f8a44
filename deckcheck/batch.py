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
import struct
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
Render = Callable[[DeckResult, tuple], tuple]  # a deck's line of the report in pieces (json_report.deck_line_pieces), made where it is checked


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


def check_one(checker, path: Path, display: str, special: dict[str, str], given: dict[str, bytes] | None = None,
              read=None) -> list[tuple[DeckResult, tuple[str, str | None]]]:
    """The result of each deck of one file (or of a decklist ``given`` as data) and the (format id,
    list name) it was judged with; never raises but DataError. ``read``: the file's bytes (or its
    ``unreadable`` deck) when read already."""
    if display in special:
        regulation = checker.regulation()
        return [(_special(display, special[display]), _judged_by(regulation))]
    try:
        checked = checker.check_decks(path, display, (given or {}).get(display), read)
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


def _init_worker(selection, today: date | None, now, input_format: str | None, render: Render | None = None) -> None:
    global _worker_checker, _worker_render
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle: no worker tracebacks
    _worker_render = render
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
        packed = [[_pack(*pair) for pair in check_one(checker, Path(path), display, special, given)] for path, display in chunk]
        return pickle.dumps(packed, pickle.HIGHEST_PROTOCOL)
    finally:
        _packed.clear()


# ---- the main side --------------------------------------------------------------------------


def _forks() -> bool:
    return sys.platform.startswith("linux")


def _pool_context():
    """Where workers cannot be forked (Windows, macOS): the platform's way of starting them."""
    import multiprocessing

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
    with collector_paused():
        if processes > 1 and len(files) > 1 and _forks():
            done = _forked(checker, files, special, given, processes - 1, progress, render)
        else:
            done = _chunked(checker, files, special, given, processes, progress, render)
    results: list[DeckResult] = []
    formats: dict[str, tuple[str, str | None]] = {}
    for pairs in done:
        for result, fmt in pairs:
            results.append(result)
            formats[result.path] = fmt
    return results, formats


def _chunked(checker, files, special, given, processes, progress, render) -> list[list[tuple]]:
    """Per file, its (result, format) pairs: checked here, or where workers are spawned, partly by a pool."""
    size = max(1, min(CHUNK, -(-len(files) // (processes * 8))))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    done: list[list[tuple] | None] = [None] * len(chunks)  # per chunk: per file, its (result, format) pairs

    def here(index: int) -> None:
        done[index] = [check_one(checker, path, display, special, given) for path, display in chunks[index]]
        if progress is not None:
            progress(len(chunks[index]))

    if processes > 1 and len(chunks) > 1:
        _cooperate(checker, chunks, special, given, processes - 1, here, done, progress, render)
    for index, pairs in enumerate(done):
        if pairs is None:  # single process, or what a failed pool left
            here(index)
    return [pairs for chunk in done for pairs in chunk]


# ---- the fork pool (Linux) ------------------------------------------------------------------
# No thread in this process: a pool's threads (concurrent.futures) take the GIL from this process's own
# checking, which then runs at half speed. The files of a window are read here first and grouped by their
# bytes; then workers are forked (they have the bytes, the data and the regulations built so far), take
# chunk numbers from one pipe as this process does, and send back their packed results through a pipe of
# their own. Files of the same bytes are in one group, checked by one process: its memory of the bytes it
# checked (Checker.check_decks) makes the copies cheap, as in one process.

WINDOW_FILES = 8192  # files read ahead of checking at most: their bytes are kept until the window is checked
WINDOW_BYTES = 64 << 20
CHUNKS_PER_PROCESS = 16  # small chunks: the processes finish together
MAX_CHUNKS = 1024  # chunk numbers fit in one pipe's smallest buffer (one page): written before anyone reads
_TASK = struct.Struct("<I")
_FRAME = struct.Struct("<IQ")  # chunk number (or _DATA_ERROR), length of what follows
_DATA_ERROR = 0xFFFFFFFF
_RESULT_PIPE_BYTES = 1 << 20  # a worker rarely waits for this process to read its results


def _forked(checker, files, special, given, workers, progress, render) -> list[list[tuple]]:
    done: list = [None] * len(files)
    start = 0
    while start < len(files):
        reads, end = _read_window(files, start, special, given)
        groups: dict = {}
        for i in range(start, end):
            read = reads[i - start]
            groups.setdefault(read if isinstance(read, bytes) else i, []).append(i)
        grouped = list(groups.values())
        size = max(1, -(-len(grouped) // ((workers + 1) * CHUNKS_PER_PROCESS)), -(-len(grouped) // MAX_CHUNKS))
        chunks = [[i for group in grouped[g:g + size] for i in group] for g in range(0, len(grouped), size)]
        window = _Window(checker, files, start, reads, special, given, chunks, done, progress)
        window.check(workers, render)
        start = end
    return done


def _read_window(files, start: int, special, given) -> tuple[list, int]:
    """What ``read_or_unreadable`` gives for each file from ``start`` (None: a decklist given as data, a file
    never to be opened), up to WINDOW_FILES files or WINDOW_BYTES bytes; and where the window ends."""
    from .parsers import read_or_unreadable

    reads: list = []
    total = 0
    end = start
    while end < len(files) and len(reads) < WINDOW_FILES and total < WINDOW_BYTES:
        path, display = files[end]
        read = None if display in special or display in given else read_or_unreadable(path, display)
        if isinstance(read, bytes):
            total += len(read)
        reads.append(read)
        end += 1
    return reads, end


class _Window:
    """The files of one window, checked by this process and forked workers together."""

    def __init__(self, checker, files, start, reads, special, given, chunks, done, progress):
        self.checker, self.files, self.start, self.reads = checker, files, start, reads
        self.special, self.given, self.chunks, self.done, self.progress = special, given, chunks, done, progress
        self.received = [False] * len(chunks)

    def check_chunk(self, number: int) -> list[tuple[int, list]]:
        """(file index, its (result, format) pairs) for each file of a chunk."""
        checker, files, start, reads, special, given = (
            self.checker, self.files, self.start, self.reads, self.special, self.given)
        return [(i, check_one(checker, files[i][0], files[i][1], special, given, reads[i - start]))
                for i in self.chunks[number]]

    def here(self, number: int, render) -> None:
        """Check a chunk in this process, its report lines made as a worker makes them: the processes
        take chunks as they finish them, so this process takes fewer when it has more to do."""
        for i, pairs in self.check_chunk(number):
            if render is not None:
                for result, fmt in pairs:
                    result.rendered = render(result, fmt)
            self.done[i] = pairs
        self.finished(number)

    def finished(self, number: int) -> None:
        self.received[number] = True
        if self.progress is not None:
            self.progress(len(self.chunks[number]))

    def check(self, workers: int, render) -> None:
        tasks, writer = os.pipe()
        os.write(writer, b"".join(_TASK.pack(n) for n in range(len(self.chunks))))
        os.close(writer)
        children: dict[int, int] = {}  # result pipe → pid
        buffers: dict[int, bytearray] = {}
        failed: list[str] = []
        try:
            for _ in range(min(workers, len(self.chunks) - 1)):
                try:
                    reader, pid = self._fork(tasks, render)
                except OSError as exc:
                    _say_fallback(exc)
                    break
                children[reader], buffers[reader] = pid, bytearray()
            while (number := _next_task(tasks)) is not None:
                self.here(number, render)
                for reader in children:
                    self._take(buffers[reader], _read_ready(reader))
            for reader in children:  # no chunk left to take: the rest is the workers'
                os.set_blocking(reader, True)
                while chunk := os.read(reader, 1 << 20):
                    self._take(buffers[reader], chunk)
            for reader, pid in list(children.items()):
                status = os.waitpid(pid, 0)[1]
                del children[reader]
                if status != 0:
                    failed.append(f"a worker process ended with status {status}")
        finally:
            os.close(tasks)
            for reader, pid in children.items():  # interrupted or failed: the workers' work is not wanted
                try:
                    os.kill(pid, 9)
                    os.waitpid(pid, 0)
                except OSError:
                    pass
            for reader in buffers:
                os.close(reader)
        if failed:
            _say_fallback(ChildProcessError(failed[0]))
        for number, received in enumerate(self.received):
            if not received:  # a worker died with it
                self.here(number, render)

    def _fork(self, tasks: int, render) -> tuple[int, int]:
        import warnings

        reader, writer = os.pipe()
        try:
            import fcntl

            fcntl.fcntl(writer, getattr(fcntl, "F_SETPIPE_SZ", 1031), _RESULT_PIPE_BYTES)
        except (ImportError, OSError):
            pass
        try:
            with warnings.catch_warnings():  # a progress bar's thread: the worker never draws (nor locks) anything
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
        except OSError:
            os.close(reader)
            os.close(writer)
            raise
        if pid == 0:
            os.close(reader)
            _serve(self, tasks, writer, render)  # never returns
        os.close(writer)
        os.set_blocking(reader, False)
        return reader, pid

    def _take(self, buffer: bytearray, data: bytes) -> None:
        """Unpack the chunks that ``data`` completes (a worker's frames arrive in pieces)."""
        buffer += data
        while len(buffer) >= _FRAME.size:
            number, length = _FRAME.unpack_from(buffer)
            if len(buffer) < _FRAME.size + length:
                return
            payload = bytes(buffer[_FRAME.size:_FRAME.size + length])
            del buffer[:_FRAME.size + length]
            if number == _DATA_ERROR:
                raise DataError(payload.decode("utf-8", "replace"))
            _rebuilt.clear()
            for i, packs in pickle.loads(payload):
                self.done[i] = [_unpack(pack) for pack in packs]
            _rebuilt.clear()
            self.finished(number)


def _serve(window: _Window, tasks: int, out: int, render) -> None:
    """A forked worker: check the chunks it takes, write their packed results, and end (never return)."""
    global _worker_render
    import signal

    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
        _worker_render = render
        while (number := _next_task(tasks)) is not None:
            _packed.clear()
            try:
                checked = window.check_chunk(number)
            except DataError as exc:
                _write_all(out, _FRAME.pack(_DATA_ERROR, len(str(exc).encode())) + str(exc).encode())
                break
            payload = pickle.dumps([(i, [_pack(*pair) for pair in pairs]) for i, pairs in checked],
                                   pickle.HIGHEST_PROTOCOL)
            _write_all(out, _FRAME.pack(number, len(payload)) + payload)
        code = 0
    finally:
        os._exit(code)  # no atexit handler, no flush of what the main process had buffered


def _next_task(tasks: int) -> int | None:
    """The next chunk number from the shared pipe, or None when none is left (a pipe read of 4 bytes is
    taken whole, never split with another reader)."""
    data = os.read(tasks, _TASK.size)
    return _TASK.unpack(data)[0] if len(data) == _TASK.size else None


def _read_ready(reader: int) -> bytes:
    try:
        return os.read(reader, 1 << 20)
    except BlockingIOError:
        return b""


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


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

    try:
        context = _pool_context()
        executor = ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_init_worker,
            initargs=(checker.selection, checker.today, checker.now, checker.input_format, render),
        )
    except (OSError, ValueError, ImportError, NotImplementedError) as exc:
        _say_fallback(exc)
        return
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
            done[index] = [[_unpack(item) for item in packs] for packs in pickle.loads(packed)]
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
        # interrupted or failed: do not wait for the workers' last chunks
        executor.shutdown(wait=finished and not broken, cancel_futures=True)


def _say_fallback(exc: BaseException) -> None:
    print(f"deckcheck: note: worker processes unavailable ({type(exc).__name__}: {exc}); "
          "checking the rest in one process", file=sys.stderr)
