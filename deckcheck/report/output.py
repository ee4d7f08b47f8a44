"""Where a report goes: standard output, or a file replaced in one step.

``--output FILE`` writes to a temporary file in the same folder, flushes it to disk and
renames it over FILE (``deckcheck.cache.write_atomically``), so a CI job or a
watcher never reads half a report, and a failed run leaves the previous report intact.
The new file gets the permissions an ordinary new file would (the umask), or keeps those of
the file it replaces.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

WRITE_BATCH = 1 << 20  # bytes per writev at most


def _mode_for(target: Path) -> int:
    try:
        return os.stat(target).st_mode & 0o777  # never setuid, setgid or sticky: a report is no program
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomically(target: Path, chunks: Iterable[str]) -> None:
    """Write ``chunks`` (text, UTF-8) to ``target`` through a temporary file and a rename."""
    write_bytes(target, "".join(chunks).encode("utf-8"))


def write_bytes(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` through a temporary file and a rename (a PDF, say)."""
    from ..cache import write_atomically as write

    target = Path(target)
    write(target, data, _mode_for(target))


def emit(chunks: Iterable[str], target: Path | None = None) -> None:
    """Send a report to ``target`` (atomically), or to standard output when it is None or ``-``."""
    if target is None or str(target) == "-":
        plain = _plain_stdout()
        if plain is not None:
            _write_encoded(*plain, chunks)
            return
        out = sys.stdout
        for chunk in chunks:
            out.write(chunk)
        out.flush()
        return
    write_atomically(target, chunks)


def _plain_stdout() -> tuple[int, str] | None:
    """Standard output's file descriptor and its encoding errors handler, where writing UTF-8 to it is exactly
    what ``sys.stdout`` would write (POSIX: no newline translation; UTF-8; a file or a pipe, not a terminal;
    the interpreter's own stream, not one a test or a library put in its place), with what ``sys.stdout``
    holds flushed; else None."""
    out = sys.stdout
    if os.name != "posix" or not hasattr(os, "writev") or out is not sys.__stdout__ or out is None:
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


_ENCODED_MAX = 4096


def _write_encoded(fd: int, errors: str, chunks: Iterable[str]) -> None:
    """Write ``chunks`` as UTF-8 (``errors``: as ``sys.stdout`` treats what UTF-8 cannot encode) with one
    system call per thousand of them (writev), each long piece encoded once however often it comes (the rest
    of a JSON line that copies of a file share)."""
    encoded: dict[int, tuple[str, bytes]] = {}
    pending: list[bytes] = []
    size = 0
    for chunk in chunks:
        if len(chunk) >= 256:
            known = encoded.get(id(chunk))
            if known is None or known[0] is not chunk:
                if len(encoded) >= _ENCODED_MAX:
                    encoded.clear()
                known = encoded[id(chunk)] = (chunk, chunk.encode("utf-8", errors))
            data = known[1]
        else:
            data = chunk.encode("utf-8", errors)
        pending.append(data)
        size += len(data)
        if len(pending) >= WRITEV_BUFFERS or size >= WRITE_BATCH:
            _writev_all(fd, pending, size)
            pending.clear()
            size = 0
    if pending:
        _writev_all(fd, pending, size)


WRITEV_BUFFERS = 1024  # IOV_MAX on Linux and macOS


def _writev_all(fd: int, buffers: list[bytes], size: int) -> None:
    written = os.writev(fd, buffers)
    if written < size:  # a signal, or a full disk: the rest, one piece after another
        rest = memoryview(b"".join(buffers))[written:]
        while rest:
            rest = rest[os.write(fd, rest):]
