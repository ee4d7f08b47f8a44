"""Installing into the data directory: one update at a time, every file replaced in one step.

Layout of the data directory::

    state.json                 what is installed (written last: the switch to the new data)
    cards-<sha256:12>.jsonl    the card index state.json names (the previous one is kept)
    banlists/<format>/<effective-date>.yaml
    .update.lock               held (flock / msvcrt) by the update that is running

Each file is written to a temporary file in the same directory, flushed, fsynced and renamed
over its target (``deckcheck.cache.write_atomically``), then the directory is fsynced, so a
crash, Ctrl-C or a full disk leaves the old file or the new one, never part of one. The card
file is new under its content hash and only becomes the one in use when ``state.json`` —
itself replaced atomically — names it.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from pathlib import Path

from ..cache import write_atomically

LOCK_FILE = ".update.lock"


class LockTimeout(Exception):
    pass


class UpdateLock:
    """An exclusive lock on the data directory, released when the process ends (even if killed)."""

    def __init__(self, root: Path, wait: float = 600.0, on_wait=None, poll: float = 0.1):
        self.path = root / LOCK_FILE
        self.wait = wait
        self.on_wait = on_wait
        self.poll = poll
        self.fd: int | None = None

    def _try(self) -> bool:
        if sys.platform == "win32":
            import msvcrt

            try:
                msvcrt.locking(self.fd, msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                return False
        import fcntl

        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def __enter__(self) -> "UpdateLock":
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        started = time.monotonic()
        told = False
        while not self._try():
            if not told and self.on_wait:
                self.on_wait("another 'deckcheck update' is running; waiting for it to finish")
                told = True
            if time.monotonic() - started > self.wait:
                os.close(self.fd)
                self.fd = None
                raise LockTimeout(f"another 'deckcheck update' has held {self.path} for over {self.wait:g} s")
            time.sleep(self.poll)
        return self

    def __exit__(self, *exc) -> None:
        if self.fd is None:
            return
        try:
            if sys.platform == "win32":
                import msvcrt

                try:
                    msvcrt.locking(self.fd, msvcrt.LK_UNLCK, 1)
                except OSError:
                    pass
            else:
                import fcntl

                fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            os.close(self.fd)
            self.fd = None


def _fsync_dir(path: Path) -> None:
    if sys.platform == "win32":
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def install_bytes(target: Path, data: bytes) -> None:
    """Replace ``target`` with ``data`` atomically and durably."""
    write_atomically(target, data)
    _fsync_dir(target.parent)


def cards_file_name(data: bytes) -> str:
    return f"cards-{hashlib.sha256(data).hexdigest()[:12]}.jsonl"


def write_state(root: Path, state: dict) -> None:
    install_bytes(root / "state.json", (json.dumps(state, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def remove_old_card_files(root: Path, keep: set[str]) -> None:
    """Card files other than the current and the previous one (and stale temporary files)."""
    for path in root.glob("cards-*.jsonl"):
        if path.name not in keep:
            try:
                path.unlink()
            except OSError:
                pass
    for path in root.glob(".cards-*.tmp"):
        try:
            if time.time() - path.stat().st_mtime > 3600:
                path.unlink()
        except OSError:
            pass
