"""Card-name look-up tables kept in the user cache, so that a name costs a look-up, not an index.

Finding a card by a name that is not its exact English name, and every "did you mean", used to fold
every name of the card index (or of names.jsonl, in nine languages) and index them for the ranking,
in each process: about a second for the first misspelled or German name. The tables are built once
per data file instead (on first need, so again for the card file an update installs), written
to the user cache (``cache.memoized_file``), and opened by reading one file and parsing nothing:

- a table file is a JSON header (its sections, their sizes and checksums, and what the builder adds),
  then the sections, each UTF-8 lines followed by an array of where each line starts;
- a sorted section is searched in place (``bisect`` over its lines), a line is decoded when read;
- a section's Adler-32 is checked on its first use; a damaged file is built again.

Without a cache (``DECKCHECK_NO_CACHE``) the same tables are built in memory for the process.
"""

from __future__ import annotations

import array
import bisect
import itertools
import json
import mmap
import os
import stat
import sys
import zlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

FORMAT = 2
_MAGIC = b"deckcheck-name-tables\n"
_OFFSET_TYPE = "I"  # 4 bytes on every platform CPython supports


SEARCHES_IN_PLACE = 1000  # then a sorted section is decoded whole and searched as a list (a batch of decks)


class Lines(Sequence):
    """Line ``i`` of a section (decoded when read). ``bisect_left`` searches a sorted section in place, and once it
    has been searched often, over all its lines decoded at once (``all``)."""

    __slots__ = ("_blob", "_starts", "_checksum", "_all", "_searches")

    def __init__(self, blob: memoryview, starts: array.array, checksum: int | None):
        self._blob, self._starts, self._checksum = blob, starts, checksum
        self._all: list[str] | None = None
        self._searches = 0

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __getitem__(self, i):
        starts = self._starts
        return str(self._blob[starts[i]:starts[i + 1] - 1], "utf-8", "surrogatepass")

    def intact(self) -> bool:
        """Whether the section is the one written (the Adler-32 of its lines and their starts), checked once."""
        if self._checksum is not None:
            starts = self._starts
            checksum = zlib.adler32(starts, zlib.adler32(self._blob))
            if checksum != self._checksum or starts[0] != 0 or starts[-1] != len(self._blob):
                return False
            self._checksum = None
        return True

    def bisect_left(self, key: str, lo: int = 0) -> int:
        """``bisect.bisect_left`` over the lines (of a sorted section)."""
        if self._all is None and self._searches < SEARCHES_IN_PLACE:
            self._searches += 1
            return bisect.bisect_left(self, key, lo)
        return bisect.bisect_left(self.all(), key, lo)

    def all(self) -> list[str]:
        """Every line, as one list (decoded at once: for a scan of the whole section)."""
        if self._all is None:
            text = str(self._blob, "utf-8", "surrogatepass")
            self._all = text[:-1].split("\n") if text else []
        return self._all


class DamagedTable(ValueError):
    """A table file (or one of its sections) is not what was written: it is built again."""


class IntLists(Sequence):
    """Line ``i`` of a section read as a list of integers ("3,41,7")."""

    __slots__ = ("_lines",)

    def __init__(self, lines: Lines):
        self._lines = lines

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, i):
        line = self._lines[i]
        return [int(v) for v in line.split(",")] if line else []


class Ints(Sequence):
    """Line ``i`` of a section read as an integer."""

    __slots__ = ("_lines",)

    def __init__(self, lines: Lines):
        self._lines = lines

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, i):
        return int(self._lines[i])


class JsonValues(Sequence):
    """Line ``i`` of a section read as JSON (any text, line breaks included, is one line)."""

    __slots__ = ("_lines",)

    def __init__(self, lines: Lines):
        self._lines = lines

    def __len__(self) -> int:
        return len(self._lines)

    def __getitem__(self, i):
        return json.loads(self._lines[i])


class Table:
    """A sorted section of keys and a section of their values, line by line: a read-only mapping."""

    __slots__ = ("keys", "values")

    def __init__(self, keys: Lines, values: Sequence):
        if len(keys) != len(values):
            raise DamagedTable("a table's keys and values differ in number")
        self.keys, self.values = keys, values

    def get(self, key: str, default=None):
        keys = self.keys
        i = keys.bisect_left(key)
        if i < len(keys) and keys[i] == key:
            return self.values[i]
        return default

    def __len__(self) -> int:
        return len(self.keys)


def int_lines(lists) -> list[str]:
    return [",".join(map(str, values)) for values in lists]


V = TypeVar("V")


def table_sections(name: str, mapping: Mapping[str, V], encode: Callable[[V], str]) -> dict[str, list[str]]:
    """The two sections of a ``Table`` of ``mapping`` (keys sorted), its values written by ``encode``."""
    keys = sorted(mapping)
    return {f"{name}.k": keys, f"{name}.v": [encode(mapping[k]) for k in keys]}


def pack(sections: dict[str, list[str]], header: dict) -> bytes:
    """The bytes of a table file: ``header`` (JSON) and the sections (lists of lines without line breaks)."""
    parts: list[bytes] = []
    described = []
    for name, lines in sections.items():
        encoded = [line.encode("utf-8", "surrogatepass") for line in lines]
        blob = b"\n".join(encoded) + b"\n" if encoded else b""
        if blob.count(b"\n") != len(encoded):
            raise ValueError(f"a line of section {name} holds a line break")
        if len(blob) >= 1 << 32:
            raise ValueError(f"section {name} is too large")
        starts = array.array(_OFFSET_TYPE, [0])
        starts.extend(itertools.accumulate(map((1).__add__, map(len, encoded))))
        parts += [blob, starts.tobytes()]
        described.append([name, len(blob), len(starts), zlib.adler32(starts, zlib.adler32(blob))])
    head = json.dumps({"format": FORMAT, "byteorder": sys.byteorder, "sections": described, **header},
                      ensure_ascii=False).encode("utf-8")
    return _MAGIC + head + b"\n" + b"".join(parts)


def unpack(data: bytes | mmap.mmap) -> tuple[dict, dict[str, Lines]]:
    """The header and the sections of a table file; DamagedTable for bytes that are not one."""
    if data[:len(_MAGIC)] != _MAGIC:
        raise DamagedTable("not a table file")
    end = data.find(b"\n", len(_MAGIC))
    try:
        header = json.loads(data[len(_MAGIC):end])
        described = header["sections"]
        if header["format"] != FORMAT or header["byteorder"] != sys.byteorder:
            raise DamagedTable("a table file of another format")
        view = memoryview(data)
        at = end + 1
        sections = {}
        itemsize = array.array(_OFFSET_TYPE).itemsize
        for name, size, count, checksum in described:
            blob = view[at:at + size]
            at += size
            starts = array.array(_OFFSET_TYPE)
            starts.frombytes(view[at:at + count * itemsize])
            at += count * itemsize
            if len(blob) != size or len(starts) != count or count < 1:
                raise DamagedTable("a table file is cut short")
            sections[name] = Lines(blob, starts, checksum)
    except (ValueError, KeyError, TypeError) as exc:
        raise DamagedTable(f"an unreadable table file: {exc}") from None
    if at != len(data):
        raise DamagedTable("a table file of another size than its header says")
    return header, sections


def _mapped(path: Path) -> mmap.mmap:
    """The file's bytes, mapped (read only as far as they are used). OSError for what is not a regular file
    (a FIFO put at an entry's name is never waited on), ValueError for an empty one."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(f"{path} is not a regular file")
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    finally:
        os.close(fd)


class TableFile:
    """The tables ``build()`` packs from ``source``, from the cache while ``source`` is unchanged. A section
    is checked when first used; a damaged one has the file built again (and written to the cache)."""

    def __init__(self, kind: str, source: Path, build: Callable[[], bytes]):
        from .cache import memoized_file

        self._kind, self._source, self._build = f"{kind}.v{FORMAT}", source, build
        self.header, self._sections = memoized_file(self._kind, source, build, unpack, read=_mapped)

    def lines(self, name: str) -> Lines:
        lines = self._sections.get(name)
        if lines is None or not lines.intact():
            from .cache import store_file

            data = self._build()
            self.header, self._sections = unpack(data)
            store_file(self._kind, self._source, data)
            lines = self._sections[name]
            lines.intact()
        return lines

    def table(self, name: str, values: Callable[[Lines], Sequence] = lambda lines: lines) -> Table:
        """The ``Table`` named ``name`` (its sections ``name.k`` and ``name.v``)."""
        return Table(self.lines(f"{name}.k"), values(self.lines(f"{name}.v")))
