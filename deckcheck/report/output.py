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
            if not os.path.isdir(each):  # a file where a folder is to be
                raise NotADirectoryError(20, f"{each} is a file, not a folder") from None
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
        out = sys.stdout
        for chunk in chunks:
            out.write(chunk)
        out.flush()
        return
    write_atomically(target, chunks)
