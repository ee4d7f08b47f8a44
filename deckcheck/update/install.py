"""Installing into the data directory: one update at a time, and each update as one unit.

Layout of the data directory::

    state.json                        what is installed: the generation in use (written last: the switch)
    generations/<n>/cards.jsonl       the card index of generation n (when cards were installed)
    generations/<n>/banlists/<format>/<effective-date>.yaml
    .update.lock                      held (flock / msvcrt) by the update that is running

An update that changes anything builds a whole new generation in ``generations/.new-<random>``
(the previous generation's card file and lists copied, the new ones written), fsyncs it, renames
it to ``generations/<n>`` and then replaces ``state.json`` — the one step that switches readers
from the old set to the new one. A crash, Ctrl-C or a full disk at any point before that
leaves the old generation in use, byte for byte; after it, the new one. The generation that was
replaced stays until the next update (a command that started before the switch can still read
it); the next update removes it, and any folder or temporary file a crash left behind, before
it starts.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

from ..cache import remove_stale_temporary_files, write_atomically
from ..datastore import GENERATIONS, LISTS_DIR, STATE_FILE

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
        assert self.fd is not None  # opened by __enter__
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

    def __enter__(self) -> UpdateLock:
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


def write_state(root: Path, state: dict) -> None:
    install_bytes(root / STATE_FILE, (json.dumps(state, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


_NUMBERED = re.compile(r"[0-9]{1,9}")
_BUILDING = ".new-"
LEGACY = re.compile(r"cards-[0-9a-f]{12}\.jsonl")  # schema 1: one card file and a banlists/ folder at the top


class Generation:
    """A generation being built: files go into a hidden folder until :meth:`publish` names it."""

    def __init__(self, root: Path):
        self.parent = root / GENERATIONS
        self.parent.mkdir(parents=True, exist_ok=True)
        self.folder = Path(tempfile.mkdtemp(prefix=_BUILDING, dir=self.parent))
        self.number: int | None = None

    def write(self, rel: str, data: bytes) -> None:
        install_bytes(self.folder / rel, data)

    def publish(self) -> int:
        """Rename the complete folder to the next free number; return the number."""
        for folder in (self.folder / LISTS_DIR, *(self.folder / LISTS_DIR).glob("*")):
            if folder.is_dir():
                _fsync_dir(folder)
        _fsync_dir(self.folder)
        taken = [int(p.name) for p in self.parent.iterdir() if _NUMBERED.fullmatch(p.name)]
        self.number = max(taken, default=0) + 1
        os.rename(self.folder, self.parent / str(self.number))
        _fsync_dir(self.parent)
        return self.number

    def discard(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def clean(root: Path, keep: int | None) -> None:
    """Under the lock: remove every generation but ``keep`` (folders half built or never switched
    to, the one replaced by the last update) and the temporary files a crash left behind. Only
    deckcheck's own names are touched, and symbolic links are removed, never followed."""
    remove_stale_temporary_files(root)
    parent = root / GENERATIONS
    try:
        children = list(parent.iterdir())
    except OSError:
        return
    for child in children:
        if child.name == str(keep) or not (_NUMBERED.fullmatch(child.name) or child.name.startswith(_BUILDING)):
            continue
        if child.is_symlink() or not child.is_dir():
            child.unlink(missing_ok=True)
        else:
            shutil.rmtree(child, ignore_errors=True)


def remove_legacy(root: Path) -> None:
    """After the switch to a generation: the card files and list folder of the older layout (a
    failure here is left for the next update: the switch has happened)."""
    for path in root.glob("cards-*.jsonl"):
        if LEGACY.fullmatch(path.name) and not path.is_symlink():
            try:
                path.unlink()
            except OSError:
                pass
    legacy_lists = root / LISTS_DIR
    if legacy_lists.is_dir() and not legacy_lists.is_symlink():
        shutil.rmtree(legacy_lists, ignore_errors=True)
