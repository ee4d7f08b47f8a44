"""Speed device: a report sent to standard output, when that is a pipe or a file, written as UTF-8 straight to
its descriptor, up to a thousand pieces a system call (``os.writev``), instead of piece by piece through
``sys.stdout`` (report/output.py).

Used only where that is exactly what ``sys.stdout`` would write: POSIX (no newline translation), UTF-8,
not a terminal, the interpreter's own stream (not one a test or a library put in its place); what
``sys.stdout`` holds is flushed first. The bytes are the same either way (tests/test_fast.py).

On the benchmark (figure below, FIGURE): see bench/README.md.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

WRITE_BATCH = 1 << 20  # bytes per writev at most
WRITEV_BUFFERS = 1024  # IOV_MAX on Linux and macOS


def plain_stdout() -> tuple[int, str] | None:
    """Standard output's file descriptor and its encoding errors handler, where writing UTF-8 to it is exactly
    what ``sys.stdout`` would write, with what ``sys.stdout`` holds flushed; else None."""
    out = sys.stdout
    if os.name != "posix" or not hasattr(os, "writev") or out is not sys.__stdout__:
        return None
    if out is None:
        return None
    try:
        if (out.encoding or "").lower().replace("-", "") != "utf8" or out.isatty():
            return None
        fd = out.fileno()
        errors = out.errors or "strict"
    except (AttributeError, OSError, ValueError):
        return None
    out.flush()
    return fd, errors


def write(fd: int, errors: str, chunks: Iterable[str]) -> None:
    """Write ``chunks`` as UTF-8 (``errors``: as ``sys.stdout`` treats what UTF-8 cannot encode), many a call."""
    pending: list[bytes] = []
    size = 0
    for chunk in chunks:
        data = chunk.encode("utf-8", errors)
        pending.append(data)
        size += len(data)
        if len(pending) >= WRITEV_BUFFERS or size >= WRITE_BATCH:
            _writev_all(fd, pending, size)
            pending.clear()
            size = 0
    if pending:
        _writev_all(fd, pending, size)


def _writev_all(fd: int, buffers: list[bytes], size: int) -> None:
    written = os.writev(fd, buffers)
    if written < size:  # a signal, or a full disk: the rest, one piece after another
        rest = memoryview(b"".join(buffers))[written:]
        while rest:
            rest = rest[os.write(fd, rest):]
