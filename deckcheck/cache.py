"""A small on-disk memo of parsed data files, so a check does not re-parse YAML every start.

Entries are keyed by the source file's path, size, modification and change times and inode,
and by deckcheck's version, so an edited file is simply read again. Writes go to a temporary
file that is renamed into place: a reader sees the old entry, the new one, or none — never half
of one. An entry is used only when the caller's check accepts it (a damaged or foreign entry is
rebuilt), and temporary files a crash left behind are removed after an hour. Any failure to
read or write the cache is ignored; it only ever costs time.
`DECKCHECK_CACHE_DIR` moves it; `DECKCHECK_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import json
import os
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .version import __version__


_XDG = {"cache": ("XDG_CACHE_HOME", (".cache",)), "data": ("XDG_DATA_HOME", (".local", "share")),
        "config": ("XDG_CONFIG_HOME", (".config",))}


def user_dir(kind: str) -> Path:
    """deckcheck's user ``cache``, ``data`` or ``config`` folder, by the platform's convention.

    On Linux the XDG rule that platformdirs applies, without its import cost on every start.
    """
    if sys.platform.startswith("linux"):
        variable, default = _XDG[kind]
        return Path(os.environ.get(variable) or Path.home().joinpath(*default)) / "deckcheck"
    import platformdirs

    return Path(getattr(platformdirs, f"user_{kind}_dir")("deckcheck", appauthor=False))


def cache_dir() -> Path | None:
    if os.environ.get("DECKCHECK_NO_CACHE"):
        return None
    override = os.environ.get("DECKCHECK_CACHE_DIR")
    if override:
        return Path(override)
    return user_dir("cache")


def file_stamp(st: os.stat_result) -> list[int]:
    """What changes when a file's content can have changed: size, modification and change times, inode."""
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


def _key(path: Path) -> str | None:
    try:
        stamp = file_stamp(path.stat())
    except OSError:
        return None
    return "-".join([_source_id(path), *map(str, stamp), __version__])


def _source_id(path: Path) -> str:
    """The part of a key naming the source file (entries of older versions of it share it)."""
    return f"{path.stem}-{zlib.crc32(os.fsencode(os.path.abspath(path))):08x}"


def write_atomically(target: Path, data: bytes, mode: int | None = None, durable: bool = True) -> None:
    """Replace ``target`` with ``data`` in one step (temporary file, fsync, rename).

    ``mode``: the permissions of the new file (default: what mkstemp gives, owner only). ``durable=False``
    skips the fsync: for what is checked when read and rebuilt when damaged (the cache's entries), where a
    power cut may only cost the time to build it again.
    """
    import tempfile  # imported where written: a check only reads the cache

    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


STALE_TMP_SECONDS = 3600
T = TypeVar("T")
B = TypeVar("B")  # what memoized_file's ``read`` gives: bytes, or the file mapped
MAX_ENTRY_BYTES = 64 * 1024 * 1024  # an entry is what a file deckcheck reads became; none is near this


def memoized(kind: str, source: Path, build: Callable[[], dict],
             valid: Callable[[object], bool] = lambda value: isinstance(value, dict)) -> dict:
    """``build()``'s JSON-able result for ``source``, from the cache when the file is unchanged and
    the entry passes ``valid`` (an entry is checked as strictly as the file it stands for)."""
    root = cache_dir()
    key = _key(source) if root is not None else None
    if root is None or key is None:
        return build()
    entry = root / kind / f"{key}.json"
    from .reading import Unreadable, read_file

    try:
        value = json.loads(read_file(entry, MAX_ENTRY_BYTES))  # never blocks on a FIFO put at an entry's name
        if valid(value):
            return value
    except (Unreadable, ValueError, RecursionError):
        pass
    value = build()
    _store(entry, source, json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    return value


def _store(entry: Path, source: Path, data: bytes) -> None:
    """Write a cache entry, and remove the entries of ``source``'s older versions; failures only cost time."""
    try:
        write_atomically(entry, data, durable=False)  # every entry is checked when read (``valid``, ``open_``)
        for stale in entry.parent.glob(f"{_source_id(source)}-*{entry.suffix}"):
            if stale != entry:
                stale.unlink(missing_ok=True)
        remove_stale_temporary_files(entry.parent, STALE_TMP_SECONDS)
    except OSError:
        pass


def memoized_file(kind: str, source: Path, build: Callable[[], bytes], open_: Callable[[bytes | B], T],
                  read: Callable[[Path], B]) -> T:
    """``open_(build())`` for ``source``, the bytes kept in the cache while the file is unchanged, read by
    ``read`` (which must never wait on what is not a regular file: OSError). ``open_`` raises ValueError for
    bytes it cannot use (a damaged entry is built again)."""
    root = cache_dir()
    key = _key(source) if root is not None else None
    if root is None or key is None:
        return open_(build())
    entry = root / kind / f"{key}.bin"
    try:
        return open_(read(entry))
    except (OSError, ValueError):
        pass
    data = build()
    value = open_(data)
    _store(entry, source, data)
    return value


def store_file(kind: str, source: Path, data: bytes) -> None:
    """Put ``data`` in the cache for ``source`` (a ``memoized_file`` entry found damaged, built again)."""
    root = cache_dir()
    key = _key(source) if root is not None else None
    if root is not None and key is not None:
        _store(root / kind / f"{key}.bin", source, data)


def remove_stale_temporary_files(folder: Path, older_than: float | None = None) -> None:
    """Remove the temporary files ``write_atomically`` left in ``folder`` (after a crash): regular
    files named ``.<name>.<random>.tmp``, all of them or those older than ``older_than`` seconds."""
    now = time.time()
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return
    for path in candidates:
        try:
            st = path.lstat()
            if not path.is_symlink() and path.is_file() and (older_than is None or now - st.st_mtime > older_than):
                path.unlink()
        except OSError:
            pass
