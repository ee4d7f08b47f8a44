"""Checking many decklists: in this process, or in a pool of worker processes when it pays.

The results are the same either way, in the same order (the order the files were found): every
result keeps its file's place. Where workers can be forked (Linux), they are forked at the start
with this process's Checker (its data, its selection and its "today", so a run that crosses
midnight judges every deck alike), and this process reads the files and hands them out (the fork
pool, below). Elsewhere the file list is cut into consecutive chunks for a pool of started
workers (concurrent.futures): they take chunks from the front, this process checks chunks from the
back itself; each worker builds its own Checker once with the same selection and "today".

One bad file never stops a batch: a file that cannot be read is an ``unreadable`` result
(the parsers see to that), a pipe or device is never opened, and an unexpected exception in
the core for one file becomes an ``unreadable`` result naming the exception. Only a data
error (a list or card index deckcheck cannot load) ends the run, as it would for one deck.
If the pool cannot start or breaks, the rest of the batch runs in this process, and the caller's
``note`` is told why (nothing here prints).
"""

from __future__ import annotations

import gc
import os
import pickle
import struct
import sys
from collections import deque
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from datetime import date
from functools import lru_cache
from pathlib import Path

from .errors import DataError
from .model import ERROR, CardRef, DeckResult, Problem, Source
from .parsers import read_or_unreadable

POOL_MIN_FILES = 300  # below this, starting workers costs more than it saves (fork: a few ms each)
POOL_MIN_FILES_SPAWN = 2000  # where workers start a new interpreter (Windows, macOS): ~0.3 s each
FILES_PER_PROCESS = 150  # on a many-core machine, 300 files start 2 processes, not 64
CHUNK = 100  # started workers: files per task at most (few round trips, each costs CPU; an even split at the end)
WINDOW = 2  # started workers: tasks queued per worker (it never waits for this process to hand it more)

Progress = Callable[[int], None]  # called with the number of decks just finished
Note = Callable[[str], None]  # called with what the user should know about how the run went (no pool: why)
Render = Callable[..., tuple]  # (result, format[, the result it was moved from]) → a deck's line of the report in pieces
# (json_report.deck_line_pieces), made where the deck is checked


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


def _failed(shown: str, exc: BaseException) -> DeckResult:
    message = f"deckcheck failed on this file: {type(exc).__name__}: {exc}"
    fix = "please report this file to deckcheck's maintainers; the other decks were checked"
    return DeckResult(shown, {"main": 0, "extra": 0, "side": 0}, [Problem("unreadable", ERROR, message, fix=fix)])


def _special(shown: str, reason: str) -> DeckResult:
    problem = Problem("unreadable", ERROR, f"cannot read the file: {reason}", fix="point deckcheck at decklist files")
    return DeckResult(shown, {"main": 0, "extra": 0, "side": 0}, [problem])


def check_one(checker, path: Path, shown: str, special: dict[str, str], given: dict[str, bytes] | None = None,
              read=None) -> list[tuple[DeckResult, tuple[str, str | None]]]:
    """The result of each deck of one file (or of a decklist ``given`` as data) and the (format id,
    list name) it was judged with; never raises but DataError. ``read``: the file's bytes (or its
    ``unreadable`` deck) when read already."""
    if shown in special:
        regulation = checker.regulation()
        return [(_special(shown, special[shown]), _judged_by(regulation))]
    try:
        checked = checker.check_decks(path, shown, (given or {}).get(shown), read)
    except DataError:
        raise
    except Exception as exc:  # a bug for one odd file must not cost the other decks their verdict
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        checked = [(_failed(shown, exc), checker.regulation())]
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
            result.player, rendered, result.fingerprint)


def _unpack(packed: tuple) -> tuple[DeckResult, tuple[str, str | None]]:
    path, (main, extra, side), name, problems, fmt, facts, player, rendered, fingerprint = packed
    known = _rebuilt.get(id(problems)) if problems else None  # () is one object: no list shared for it
    if known is not None and known[0] is problems:
        rebuilt = known[1]
    else:
        rebuilt = [
            Problem(rule, severity, message, section, line, None if card is None else CardRef(*card), fix)
            for rule, severity, message, section, line, card, fix in problems
        ]
        _rebuilt[id(problems)] = (problems, rebuilt)
    result = DeckResult(path, {"main": main, "extra": extra, "side": side}, rebuilt, name, facts, player, fingerprint)
    result.rendered = rendered
    return result, fmt


def _check_chunk(chunk: list[tuple[str, str]], special: dict[str, str], given: dict[str, bytes]) -> bytes:
    """The packed results of a chunk, pickled here: the pool's thread in the main process then only passes
    bytes on, and the main process unpickles them between its own chunks (not while it checks one)."""
    checker = _worker_checker
    _packed.clear()
    try:
        packed = [[_pack(*pair) for pair in check_one(checker, Path(path), shown, special, given)] for path, shown in chunk]
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
    sources: Sequence[Source],
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    min_pool_files: int | None = None,
    render: Render | None = None,
    note: Note | None = None,
) -> tuple[list[DeckResult], dict[str, tuple[str, str | None]]]:
    """Check every decklist (``files.find_decklists``); results in the order of ``sources``, and path → (format
    id, list name).

    ``checker`` is the main process's Checker: it checks in this process, and the workers
    copy its selection, date and input format. ``jobs`` counts processes, this one included
    (None: every core for ``min_pool_files`` files or more, else 1). A source given as data (standard input,
    ydke links) is never read from a file, one that must not be opened is reported unreadable. A file of several
    decks (ydke links) gives a result for each. ``render``: each result's line of the report, in pieces
    (``result.rendered``), is made by the process that checked the deck, so that work is shared too; a copy's
    from the pieces of the deck it copies. ``note``: told when the pool cannot be used. Raises DataError only.
    """
    # inside the pool, a file is (path, path as shown), and what is known of it beforehand is by its path as shown
    files = [(s.path if s.path is not None else s.shown, s.shown) for s in sources]
    special = {s.shown: s.problem for s in sources if s.problem is not None}
    given = {s.shown: s.data for s in sources if s.data is not None}
    if min_pool_files is None:
        min_pool_files = POOL_MIN_FILES if _forks() else POOL_MIN_FILES_SPAWN
    processes = plan_jobs(len(files), jobs, min_pool_files)
    with collector_paused():
        if processes > 1 and len(files) > 1 and _forks():
            done = _forked(checker, files, special, given, processes - 1, progress, render, note)
        else:
            done = _chunked(checker, files, special, given, processes, progress, render, note)
    results: list[DeckResult] = []
    formats: dict[str, tuple[str, str | None]] = {}
    for pairs in done:
        for result, fmt in pairs:
            results.append(result)
            formats[result.path] = fmt
    return results, formats


def _chunked(checker, files, special, given, processes, progress, render, note=None) -> list[list[tuple]]:
    """Per file, its (result, format) pairs: checked here, or where workers are spawned, partly by a pool."""
    size = max(1, min(CHUNK, -(-len(files) // (processes * 8))))
    chunks = [files[i:i + size] for i in range(0, len(files), size)]
    done: list[list[tuple] | None] = [None] * len(chunks)  # per chunk: per file, its (result, format) pairs

    def here(index: int) -> None:
        done[index] = [check_one(checker, path, shown, special, given, _read(path, shown, special, given))
                       for path, shown in chunks[index]]
        if progress is not None:
            progress(len(chunks[index]))

    if processes > 1 and len(chunks) > 1:
        _cooperate(checker, chunks, special, given, processes - 1, here, done, progress, render, note)
    for index, pairs in enumerate(done):
        if pairs is None:  # single process, or what a failed pool left
            here(index)
    return [pairs for chunk in done for pairs in chunk]


# ---- the fork pool (Linux) ------------------------------------------------------------------
# No thread in this process: a pool's threads (concurrent.futures) take the GIL from this process's own
# checking, which then runs at half speed. Workers are forked at the start (they have the data, the
# regulations and the file list); this process reads the files, keeps the first file of each contents,
# and sends a worker a task of a few such files (their bytes) while the worker has few tasks in hand, else
# queues them; after reading, it checks the queue with the workers. A copy of a file checked before
# (Checker.check_decks remembers a YDK file's bytes) gets that verdict under its own path, wherever it was
# checked. Every write to a worker fits in its pipe (it never waits), so no process waits on another that
# waits on it.

WINDOW_FILES = 8192  # files read ahead at most: their bytes are kept until the window is done
WINDOW_BYTES = 64 << 20
TASK_FILES = 8  # files of different contents per task
TASKS_AHEAD = 6  # tasks sent to a worker and not answered yet, at most, while this process reads: it is never idle
TASKS_AHEAD_AT_THE_END = 2  # once all is read: this process checks too, and waits little for the last answers
LOOK_EVERY = 32  # files read between looks at whether a worker is running short of tasks
PROGRESS_COPIES = 256  # copies given their verdicts between reports to a progress bar
PIPE_BYTES = 1 << 20  # asked for each pipe (Linux grants up to /proc/sys/fs/pipe-max-size)
PIPE_BYTES_SURE = 1 << 12  # what a pipe holds at the least (one page): a task larger than a pipe holds is checked here
_LENGTH = struct.Struct("<Q")


class _Worker:
    def __init__(self, pid: int, tasks: int, answers: int, room: int):
        self.pid, self.tasks, self.answers, self.room = pid, tasks, answers, room
        self.sent: dict[int, tuple[list[int], int, dict]] = {}  # task number → (its files, its size, their reads),
        # for the tasks not answered yet
        self.buffer = bytearray()

    def pending_bytes(self) -> int:
        return sum(size for _, size, _reads in self.sent.values())


class _ForkPool:
    """The files of a batch, read here and checked here and by forked workers."""

    def __init__(self, checker, files, special, given, progress, render, note=None):
        self.checker, self.files, self.special, self.given = checker, files, special, given
        self.note = note
        self.progress, self.render = progress, render
        self.done: list = [None] * len(files)  # per file: its (result, format) pairs
        self.movable = bytearray(len(files))  # 1: a YDK file remembered by its bytes (a copy gets its verdict)
        self.workers: list[_Worker] = []
        self.tasks = 0
        self.failure: str | None = None
        self.reads: dict = {}  # the window's files read: file → its bytes (or its unreadable deck)
        self.waiting: dict[int, list[int]] = {}  # a file whose verdict is not in yet → its copies
        self.ready: list[tuple[int, int]] = []  # (a copy, the file of its contents) whose verdict is in
        self.again: list[int] = []  # copies to check themselves (not remembered by their bytes): a batch growing
        self.copies_done = 0  # copies given their verdicts, not yet reported to ``progress``

    # -- the workers
    def start(self, workers: int) -> None:
        for _ in range(workers):
            try:
                self.workers.append(self._fork())
            except OSError as exc:
                _say_fallback(exc, self.note)
                return

    def _fork(self) -> _Worker:
        import warnings

        pipes = []
        try:
            tasks_in, tasks_out = os.pipe()
            pipes += [tasks_in, tasks_out]
            answers_in, answers_out = os.pipe()
            pipes += [answers_in, answers_out]
            room = min(_pipe_size(tasks_out), _pipe_size(answers_out))
            with warnings.catch_warnings():  # a progress bar's thread: the worker never draws (nor locks) anything
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
        except OSError:
            for fd in pipes:
                os.close(fd)
            raise
        if pid == 0:
            try:
                os.close(tasks_out)
                os.close(answers_in)
                for worker in self.workers:  # the other workers' pipes are the main process's
                    os.close(worker.tasks)
                    os.close(worker.answers)
                _serve(self, tasks_in, answers_out)
            finally:
                os._exit(1)  # never back into the main process's code
        os.close(tasks_in)
        os.close(answers_out)
        os.set_blocking(answers_in, False)
        return _Worker(pid, tasks_out, answers_in, room)

    def close(self, finished: bool) -> None:
        """End the workers: when ``finished``, each after its last task; else (an error here) at once."""
        for worker in self.workers:
            os.close(worker.tasks)  # the worker reads the end of its tasks and exits
            try:
                if not finished:
                    os.kill(worker.pid, 9)
                status = os.waitpid(worker.pid, 0)[1]
            except OSError:
                status = 0
            os.close(worker.answers)
            if finished and status != 0 and self.failure is None:
                self.failure = f"a worker process ended with status {status}"
        self.workers = []
        if self.failure is not None:
            _say_fallback(ChildProcessError(self.failure), self.note)

    # -- a window of files
    def window(self, start: int) -> int:
        """Read and check the files of the window from ``start``; where the next one starts.

        While it reads, this process hands batches of new contents to the workers with room and queues the
        rest; a copy gets the verdict on its contents as soon as that is in. Then it checks the queue with
        the workers, giving waiting copies their verdicts first while the workers have their fill."""
        files, special, given = self.files, self.special, self.given
        first: dict[bytes, int] = {}  # contents → the first file of the window with them
        self.reads = reads = {}
        queue: deque[list[int]] = deque()  # batches no worker had room for yet
        batch: list[int] = []
        total = 0
        end = start
        while end < len(files) and end - start < WINDOW_FILES and total < WINDOW_BYTES:
            path, shown = files[end]
            read = _read(path, shown, special, given)
            if isinstance(read, bytes):
                total += len(read)
                reads[end] = read
                earlier = first.setdefault(read, end)
                if earlier != end and self.done[earlier] is None:
                    self.waiting.setdefault(earlier, []).append(end)
                elif earlier == end or not self.copied(end, earlier):
                    batch.append(end)
                    if len(batch) == TASK_FILES:
                        self.offer(batch, queue)
                        batch = []
            else:  # a decklist given as data, a file never to be opened or one that cannot be read: at once
                self.here([end], {end: read})
            end += 1
            if end % LOOK_EVERY == 0 and self.workers:  # a run of copies: a worker short of tasks gets what there is
                self.feed(queue)
                if batch and not queue and any(len(worker.sent) < 2 for worker in self.workers):
                    self.offer(batch, queue)
                    batch = []
        if batch:
            queue.append(batch)
        while True:
            self.drain(queue)
            if any(worker.sent for worker in self.workers):
                self.collect(block=True)  # every answer in: every copy's verdict is known
                continue
            self.settle(queue, len(self.ready))
            if self.again:
                queue.append(self.again)
                self.again = []
            if not queue:
                break
        self.report_copies()
        self.reads = {}
        return end

    def offer(self, batch: list[int], queue: deque) -> None:
        """Give ``batch`` to a worker with room, else queue it (this process reads on)."""
        self.feed(queue)
        if queue or not self.send_to_ready(batch):
            queue.append(batch)

    def feed(self, queue: deque, ahead: int | None = None) -> None:
        """Take the workers' answers that came, and give queued batches to the workers with fewer than ``ahead``
        tasks in hand (TASKS_AHEAD)."""
        if self.workers:
            self.collect(block=False)
            while queue and self.send_to_ready(queue[0], ahead):
                queue.popleft()

    def drain(self, queue: deque) -> None:
        """Check the queued batches with the workers: while they have their fill, this process gives ready
        copies their verdicts, else checks one queued file (a worker that ran out meanwhile gets the rest)."""
        while queue:
            self.feed(queue, TASKS_AHEAD_AT_THE_END)
            if not queue:
                return
            if self.ready:
                self.settle(queue, 64)
                continue
            batch = queue[0]
            self.here(batch[:1], self.reads)
            if len(batch) == 1:
                queue.popleft()
            else:
                queue[0] = batch[1:]

    def settle(self, queue: deque, most: int) -> None:
        """Give up to ``most`` ready copies their verdicts; a copy not remembered by its bytes is to be checked."""
        for _ in range(min(most, len(self.ready))):
            i, earlier = self.ready.pop()
            if not self.copied(i, earlier):
                self.again.append(i)
                if len(self.again) == TASK_FILES:
                    queue.append(self.again)
                    self.again = []

    def verdict_in(self, i: int) -> None:
        """File ``i`` was checked: its copies are ready for its verdict."""
        copies = self.waiting.pop(i, None)
        if copies:
            self.ready.extend((copy, i) for copy in copies)

    def copied(self, i: int, earlier: int) -> bool:
        """Give file ``i`` the verdict on ``earlier`` (checked, of the same bytes) under its own path, if
        that verdict was remembered by the bytes (a YDK file); False: ``i`` is to be checked itself."""
        if not self.movable[earlier] or self.done[earlier] is None:
            return False
        result, fmt = self.done[earlier][0]
        moved = result.moved(self.files[i][1])
        if self.render is not None:
            moved.rendered = self.render(moved, fmt, result)
        self.done[i] = [(moved, fmt)]
        self.copies_done += 1
        if self.copies_done == PROGRESS_COPIES:
            self.report_copies()
        return True

    def report_copies(self) -> None:
        if self.progress is not None and self.copies_done:
            self.progress(self.copies_done)
        self.copies_done = 0

    def send_to_ready(self, batch: list[int], ahead: int | None = None) -> bool:
        """Give ``batch`` to the worker with the fewest tasks in hand (fewer than ``ahead``: TASKS_AHEAD), if one
        has room for it."""
        limit = TASKS_AHEAD if ahead is None else ahead
        ready = [w for w in self.workers if len(w.sent) < limit]
        return bool(ready) and self.send(min(ready, key=lambda w: len(w.sent)), batch)

    def send(self, worker: _Worker, batch: list[int]) -> bool:
        """Give ``worker`` the task of checking ``batch``, if its pipe has room for it (the write never waits)."""
        number = self.tasks
        items = {i: self.reads[i] for i in batch}
        message = pickle.dumps((number, list(items.items())), pickle.HIGHEST_PROTOCOL)
        data = _LENGTH.pack(len(message)) + message
        if worker.pending_bytes() + len(data) > worker.room:
            return False
        try:
            _write_all(worker.tasks, data)
        except OSError as exc:  # the worker is gone
            self._lost(worker, f"{type(exc).__name__}: {exc}")
            return False
        self.tasks += 1
        worker.sent[number] = (batch, len(data), items)
        return True

    def here(self, batch: list[int], reads: dict) -> None:
        checker, files, special, given, render = self.checker, self.files, self.special, self.given, self.render
        seen = checker._seen
        for i in batch:
            read = reads.get(i)
            pairs = check_one(checker, files[i][0], files[i][1], special, given, read)
            if render is not None:
                for result, fmt in pairs:
                    result.rendered = render(result, fmt)
            self.done[i] = pairs
            if read is not None and read.__class__ is bytes and read in seen:
                self.movable[i] = 1
            self.verdict_in(i)
        if self.progress is not None:
            self.progress(len(batch))

    def collect(self, block: bool) -> None:
        """Take the workers' answers: those that came (``block``: every answer owed)."""
        for worker in list(self.workers):
            while worker.sent:
                if block:
                    os.set_blocking(worker.answers, True)
                try:
                    data = os.read(worker.answers, PIPE_BYTES)
                except BlockingIOError:
                    break
                except OSError as exc:
                    data, reason = b"", f"{type(exc).__name__}: {exc}"
                else:
                    reason = "it ended before it answered"
                finally:
                    if block:
                        os.set_blocking(worker.answers, False)
                if not data:
                    self._lost(worker, reason)
                    break
                self._take(worker, data)

    def _take(self, worker: _Worker, data: bytes) -> None:
        buffer = worker.buffer
        buffer += data
        while len(buffer) >= _LENGTH.size:
            (length,) = _LENGTH.unpack_from(buffer)
            if len(buffer) < _LENGTH.size + length:
                return
            number, answer = pickle.loads(memoryview(buffer)[_LENGTH.size:_LENGTH.size + length])
            del buffer[:_LENGTH.size + length]
            if number is None:
                raise DataError(answer)
            batch, _size, _reads = worker.sent.pop(number)
            _rebuilt.clear()
            for i, movable, packs in answer:
                self.done[i] = [_unpack(pack) for pack in packs]
                self.movable[i] = movable
                self.verdict_in(i)
            _rebuilt.clear()
            if self.progress is not None:
                self.progress(len(batch))

    def _lost(self, worker: _Worker, reason: str) -> None:
        """A worker that died: no more tasks for it, and what it owed is checked here."""
        self.workers.remove(worker)
        try:
            os.kill(worker.pid, 9)
        except OSError:
            pass
        for fd in (worker.tasks, worker.answers):
            os.close(fd)
        try:
            status = os.waitpid(worker.pid, 0)[1]
        except OSError:
            status = None
        if self.failure is None:
            self.failure = f"a worker process ended with status {status} ({reason})"
        for batch, _size, reads in worker.sent.values():
            self.here(batch, reads)


def _read(path, shown: str, special: dict, given: dict):
    """What ``read_or_unreadable`` gives for a file found by ``files.find_decklists`` (a regular file unless it
    is ``special``); None for a decklist given as data or a file never to be opened."""
    if shown in special or shown in given:
        return None
    return read_or_unreadable(path, shown, found_regular=True)


def _forked(checker, files, special, given, workers, progress, render, note=None) -> list[list[tuple]]:
    pool = _ForkPool(checker, files, special, given, progress, render, note)
    finished = False
    try:
        pool.start(workers)
        start = 0
        while start < len(files):
            start = pool.window(start)
        finished = True
    finally:
        pool.close(finished)
    return pool.done


def _serve(pool: _ForkPool, tasks: int, answers: int) -> None:
    """A forked worker: check the files of each task, write back their packed results, and end (never return)."""
    global _worker_render
    import signal

    code = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle
        _worker_render = pool.render
        checker, files, special, given = pool.checker, pool.files, pool.special, pool.given
        seen = checker._seen
        while (message := _read_message(tasks)) is not None:
            number, items = pickle.loads(message)
            _packed.clear()
            try:
                answer = []
                for i, read in items:
                    pairs = check_one(checker, files[i][0], files[i][1], special, given, read)
                    answer.append((i, read in seen, [_pack(*pair) for pair in pairs]))
            except DataError as exc:
                answer, number = str(exc), None
            data = pickle.dumps((number, answer), pickle.HIGHEST_PROTOCOL)
            _write_all(answers, _LENGTH.pack(len(data)) + data)
            if number is None:
                break
        code = 0
    finally:
        os._exit(code)  # no atexit handler, no flush of what the main process had buffered


def _read_message(fd: int) -> bytes | None:
    """One length-prefixed message from a pipe, or None at its end."""
    head = _read_exactly(fd, _LENGTH.size)
    if head is None:
        return None
    data = _read_exactly(fd, _LENGTH.unpack(head)[0])
    if data is None:
        return None
    return data


def _read_exactly(fd: int, size: int) -> bytes | None:
    parts, got = [], 0
    while got < size:
        part = os.read(fd, size - got)
        if not part:
            return None
        parts.append(part)
        got += len(part)
    return b"".join(parts)


def _pipe_size(fd: int) -> int:
    """Ask for a large pipe (fewer waits); the size it has."""
    try:
        import fcntl

        fcntl.fcntl(fd, getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_BYTES)
        return fcntl.fcntl(fd, getattr(fcntl, "F_GETPIPE_SZ", 1032))
    except (ImportError, OSError):
        return PIPE_BYTES_SURE


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _cooperate(checker, chunks, special, given, workers, here, done, progress, render=None, note=None) -> None:
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
        _say_fallback(exc, note)
        return
    window = WINDOW * workers  # chunks queued per worker: never idle, and little left to cancel
    front, back = 0, len(chunks)
    pending: deque = deque()
    broken = False

    def submit() -> None:
        nonlocal front, broken
        while not broken and len(pending) < window and front < back:
            chunk = [(str(path), shown) for path, shown in chunks[front]]
            sub = {shown: special[shown] for _, shown in chunk if shown in special}
            data = {shown: given[shown] for _, shown in chunk if shown in given}
            try:
                pending.append((front, executor.submit(_check_chunk, chunk, sub, data)))
            except (BrokenProcessPool, RuntimeError, OSError) as exc:
                broken = True
                _say_fallback(exc, note)
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
                    _say_fallback(exc, note)
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


def _say_fallback(exc: BaseException, note: Note | None) -> None:
    if note is not None:
        note(f"worker processes unavailable ({type(exc).__name__}: {exc}); checking the rest in one process")
