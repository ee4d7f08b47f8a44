"""Speed device: a batch's decklists shared among forked processes, one a core (batch.py).

This process forks a child a core beyond its own before it checks its share; a child inherits everything
loaded (card index, lists, formats) without loading it again, checks its share, sends its results back
pickled through a pipe and ends. The shares are runs of ``RUN`` items dealt in turn, so no process gets all
the large files of one folder; the results are put back in the order of the items. A child that fails in
any way (killed, out of memory, an exception) costs only time: this process then does that child's share
itself, so what is raised, and every verdict, is exactly what one process would give.

Used only where a fork is safe and pays: on Linux, in a process with no other thread (forking beside
threads can deadlock the child; a bot serving requests from threads keeps one process), and for at least
``MIN_ITEMS`` decklists (fewer cost more to fork than they save). ``jobs`` (``--jobs``) caps the processes.

``DECKCHECK_DEBUG=1``: a child's failure is told on stderr (its traceback, or the payload that would not load),
since its share checked again here gives the same report in about twice the time.

What it buys (``bench/bench.py devices``, ``check -o json --format tcg``, 2 idle cores, 2026-12-02): on
../shared/bench/decks (2,000 distinct decklists) 337 ms instead of 417 (1.24× faster; 1.18× the CPU), on
20,000 distinct decklists made from them 2.39 s instead of 3.23 (1.35×). What stays in one process — the
start, loading the data, the report — is ~110 ms of the 2,000 decks' time, and each process warms its
own memos (each card's first look-up, card-pool's verdicts): a process's half takes ~200 ms, not 160.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Item = TypeVar("Item")
Output = TypeVar("Output")
Progress = Callable[[int], None]
Work = Callable[[Sequence[Item], "Progress | None"], list[Output]]

RUN = 16  # items dealt to one process at a time
MIN_ITEMS = 64  # fewer items are done in this process alone


def processes_for(items: int, jobs: int | None) -> int:
    """How many processes (this one included) share ``items`` items: one a core the process may use, at most
    ``jobs`` (None or 0: no cap) and one a ``RUN`` of items; 1 where forking is unsafe or does not pay."""
    if items < MIN_ITEMS or not sys.platform.startswith("linux") or threading.active_count() > 1:
        return 1
    cores = len(os.sched_getaffinity(0))
    wanted = cores if not jobs else min(jobs, cores)
    return max(1, min(wanted, -(-items // RUN)))


def in_processes(work: Work, items: Sequence[Item], processes: int,
                 progress: Progress | None = None) -> list[Output]:
    """``work(items, progress)`` — one output an item, in order — done by ``processes`` processes: this one and
    forked children, each on its share. ``progress(n)`` is told of every process's items as they are done."""
    shares: list[list[int]] = [[] for _ in range(processes)]
    for turn, start in enumerate(range(0, len(items), RUN)):
        shares[turn % processes].extend(range(start, min(start + RUN, len(items))))
    children: list[_Child] = []
    outputs: list[Any] = [None] * len(items)
    try:
        for share in shares[1:]:
            children.append(_Child.fork(work, [items[i] for i in share], share, progress is not None))

        def tick(n: int) -> None:
            assert progress is not None
            progress(n + sum(child.ticks() for child in children))

        _place(outputs, shares[0], work([items[i] for i in shares[0]], tick if progress is not None else None))
        for child in children:
            done = child.results()
            if progress is not None and child.ticks_fd is not None:
                progress(child.ticks())
            if done is None:  # the child failed: its share is done here, as one process would do it
                done = work([items[i] for i in child.share], progress)
            _place(outputs, child.share, done)
    finally:
        for child in children:
            child.end()
    return outputs


def _place(outputs: list, share: list[int], done: list) -> None:
    if len(done) != len(share):
        raise RuntimeError(f"a share of {len(share)} items gave {len(done)} outputs")
    for i, output in zip(share, done):
        outputs[i] = output


class _Child:
    """One forked process: its share (the items' positions), the pipe of its pickled results and, when
    progress is shown, the pipe of its counts of items done (4 bytes each, dropped when the pipe is full)."""

    def __init__(self, pid: int, share: list[int], results_fd: int, ticks_fd: int | None):
        self.pid, self.share, self.results_fd, self.ticks_fd = pid, share, results_fd, ticks_fd
        self._reaped = False

    @classmethod
    def fork(cls, work: Work, part: list, share: list[int], with_ticks: bool) -> _Child:
        results_r, results_w = os.pipe()
        ticks_r, ticks_w = os.pipe() if with_ticks else (None, None)
        pid = os.fork()
        if pid == 0:  # the child: never returns
            _child_main(work, part, results_w, ticks_w)
        os.close(results_w)
        if ticks_w is not None and ticks_r is not None:
            os.close(ticks_w)
            os.set_blocking(ticks_r, False)
        return cls(pid, share, results_r, ticks_r)

    def ticks(self) -> int:
        """Items the child reported done since last asked (never waits)."""
        if self.ticks_fd is None:
            return 0
        got = b""
        while True:
            try:
                chunk = os.read(self.ticks_fd, 4096)
            except BlockingIOError:
                break
            if not chunk:
                break
            got += chunk
        return sum(int.from_bytes(got[i:i + 4], "little") for i in range(0, len(got) - len(got) % 4, 4))

    def results(self) -> list | None:
        """The child's outputs (waits for it), or None when it failed."""
        chunks = []
        with os.fdopen(self.results_fd, "rb", closefd=True) as pipe:
            self.results_fd = -1
            while chunk := pipe.read(1 << 20):
                chunks.append(chunk)
        _pid, status = os.waitpid(self.pid, 0)
        self._reaped = True
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return None
        import pickle  # (imported where a batch is shared: a check of a few decklists never loads it)

        try:
            done = pickle.loads(b"".join(chunks))
        except Exception:  # a truncated payload: as if the child had failed
            if os.environ.get("DECKCHECK_DEBUG"):  # (a child's results that never arrive cost twice the time)
                raise
            return None
        return done if isinstance(done, list) else None

    def end(self) -> None:
        """Close the pipes and reap the child, killing it first if it still runs (this process is failing)."""
        for fd in (self.results_fd, self.ticks_fd):
            if fd is not None and fd >= 0:
                os.close(fd)
        self.results_fd, self.ticks_fd = -1, None
        if not self._reaped:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self._reaped = True


def _child_main(work: Work, part: list, results_fd: int, ticks_fd: int | None) -> None:
    """A child's whole life: its share's outputs pickled to ``results_fd``, then exit 0; anything raised: exit 1
    with nothing sent (the parent then does the share itself). Never flushes or runs what the parent's exit
    would (os._exit): the parent's buffered output is the parent's."""
    status = 1
    try:
        tick = None
        if ticks_fd is not None:
            os.set_blocking(ticks_fd, False)
            fd = ticks_fd

            def tick(n: int) -> None:
                try:
                    os.write(fd, n.to_bytes(4, "little"))
                except BlockingIOError:  # the parent is not reading now: a count lost on the bar, never a wait
                    pass

        import pickle

        payload = pickle.dumps(work(part, tick), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(payload)
        while view:
            view = view[os.write(results_fd, view):]
        status = 0
    except BaseException:  # noqa: BLE001 - the parent redoes this share and raises what it raises
        if os.environ.get("DECKCHECK_DEBUG"):
            import traceback

            traceback.print_exc()
            sys.stderr.flush()
    finally:
        os._exit(status)
