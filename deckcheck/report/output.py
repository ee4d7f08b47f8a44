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


class WriteSetError(OSError):
    """Writing a set of files failed at ``target``; ``written`` are the files of the set that were written
    (none when the failure came before the first rename: every file is then as it was)."""

    def __init__(self, target: Path, cause: BaseException, written: list[Path], total: int):
        reason = getattr(cause, "strerror", None) or str(cause) or type(cause).__name__
        super().__init__(getattr(cause, "errno", None), reason)
        self.target, self.reason, self.written, self.total = target, reason, written, total

    def lines(self) -> list[str]:
        """What to say, one line each: the failure, then exactly which files were written, if any."""
        if not self.written:
            others = f" (nor any of the other {self.total - 1})" if self.total > 1 else ""
            return [f"{self.target}: cannot write: {self.reason}; no file written{others}, every file as it was"]
        lines = [f"{self.target}: cannot write: {self.reason}; {len(self.written)} of {self.total} files were "
                 "written before it (listed below), the others not"]
        lines.extend(f"written: {path}" for path in self.written)
        return lines


def write_all(files: list[tuple[Path, bytes]]) -> None:
    """Write every file of ``files`` (target, data), or none: each goes to a temporary file in its target's
    folder (folders made as needed), flushed to disk; only when every one is written are they renamed into
    place, one after another. A failure while writing (a full disk, a folder that cannot be written) removes
    the temporary files and the folders made, and leaves every target as it was. A rename cannot run out of
    space; should one fail all the same, the error says exactly which files were written. Permissions as
    ``write_bytes`` gives them (never setuid, setgid or sticky). Raises :class:`WriteSetError`."""
    import tempfile

    staged: list[tuple[str, Path]] = []
    made: list[Path] = []
    target = Path(".")
    try:
        for target, data in files:
            target = Path(target)
            made.extend(_make_folders(target.parent))
            if os.path.isdir(target):
                raise IsADirectoryError(21, "Is a directory")
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=target.parent)
            staged.append((tmp, target))
            with os.fdopen(fd, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, _mode_for(target))
    except BaseException as exc:
        _discard([tmp for tmp, _ in staged], made)
        if isinstance(exc, (OSError, ValueError)):
            raise WriteSetError(target, exc, [], len(files)) from None
        raise
    written: list[Path] = []
    try:
        for tmp, target in staged:
            os.replace(tmp, target)
            written.append(target)
    except BaseException as exc:
        _discard([tmp for tmp, t in staged if t not in written], [])
        if isinstance(exc, OSError):
            raise WriteSetError(target, exc, written, len(files)) from None
        raise


def _make_folders(folder: Path) -> list[Path]:
    """Make ``folder`` and the folders above it that are missing; the ones made, outermost first."""
    missing = []
    while not os.path.isdir(folder):
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    made = []
    for each in reversed(missing):
        try:
            os.mkdir(each)
        except FileExistsError:
            if not os.path.isdir(each):
                raise
            continue
        made.append(each)
    return made


def _discard(temporary: list[str], made: list[Path]) -> None:
    for tmp in temporary:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    for folder in reversed(made):  # innermost first; a folder something else wrote into is kept
        try:
            os.rmdir(folder)
        except OSError:
            pass


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
