"""Parsers: bytes → ParsedDeck. They know nothing about card data and never raise on bad input.

``read_deck`` reads a file and picks the parser by suffix; ``parse_deck`` does the same for
bytes already in memory. Unknown suffixes are sniffed: a YAML mapping with main/extra/side
keys is read as a YAML decklist, anything else as YDK.
"""

from __future__ import annotations

import os
import re
import stat
import time

from deckcheck.model import ParsedDeck
from deckcheck.parsers.ydk import decode_deck_text, parse_ydk, unreadable

__all__ = ["DECK_SUFFIXES", "MAX_DECK_BYTES", "parse_deck", "parse_ydk", "parse_yaml_deck", "read_deck"]

DECK_SUFFIXES = (".ydk", ".yaml", ".yml")
MAX_DECK_BYTES = 4 * 1024 * 1024  # a 75-card YDK is ~1 KB; anything this big is not a decklist

_YAML_SUFFIXES = (".yaml", ".yml")
_YAML_DECK_KEY = re.compile(r"""^[ \t]*\{?[ \t]*["']?(?:main|extra|side)["']?[ \t]*:""", re.M)


def _suffix(path: str) -> str:
    return os.path.splitext(path)[1].lower()


def _looks_like_yaml_deck(data: bytes) -> bool:
    text = decode_deck_text(data[:65536])[0]
    if text is None:  # a cut in the middle of a UTF-8 sequence, or not text at all
        text = data[:65536].decode("utf-8", "replace")
    return _YAML_DECK_KEY.search(text) is not None


def parse_yaml_deck(data: bytes, path: str) -> ParsedDeck:
    """Parse a YAML decklist (the YAML parser is imported on first use: YDK-only runs never load it)."""
    from deckcheck.parsers.yaml_deck import parse_yaml_deck as parse

    return parse(data, path)


def parse_deck(data: bytes, path: str) -> ParsedDeck:
    """Parse ``data`` with the parser for ``path``'s suffix (sniffing unknown suffixes)."""
    suffix = _suffix(path)
    if suffix == ".ydk":
        return parse_ydk(data, path)
    if suffix in _YAML_SUFFIXES:
        return parse_yaml_deck(data, path)
    if _looks_like_yaml_deck(data):
        return parse_yaml_deck(data, path)
    return parse_ydk(data, path)


def read_deck(path: str | os.PathLike, display_path: str | None = None) -> ParsedDeck:
    """Read and parse one decklist file. An unreadable file becomes an ``unreadable`` problem."""
    shown = display_path if display_path is not None else str(path)
    try:
        data = read_bounded(path)
    except OSError as e:
        reason = e.strerror or e.__class__.__name__
        return unreadable(
            ParsedDeck(path=shown),
            f"cannot read the file: {reason}",
            None,
            "check the path and the file's permissions",
        )
    except TooLarge:
        return unreadable(
            ParsedDeck(path=shown),
            f"the file is larger than {MAX_DECK_BYTES // (1024 * 1024)} MB, too large to be a decklist",
            None,
            "point deckcheck at the decklist file itself",
        )
    except NotAFile as e:
        return unreadable(ParsedDeck(path=shown), f"cannot read the file: {e}", None, "point deckcheck at decklist files")
    deck = parse_deck(data, os.fsdecode(path))
    deck.path = shown
    return deck


class NotAFile(Exception):
    """A path that must not be read as a decklist (the message says why)."""


class TooLarge(NotAFile):
    """A file larger than ``MAX_DECK_BYTES``."""


READ_SECONDS = 5.0  # a file that is still giving data after this long is no decklist
_CHUNK = 1 << 16
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def read_bounded(path: str | os.PathLike) -> bytes:
    """The bytes of a regular file, at most ``MAX_DECK_BYTES + 1`` of them, in at most ``READ_SECONDS``.

    Never blocks: pipes, sockets and devices are refused before they are opened (opening a
    device can act on it), the file is opened non-blocking, and a kernel pseudo-file (procfs,
    sysfs, debugfs …; they report size 0 and may never end, like /proc/kmsg) is not read at
    all. Raises OSError, or NotAFile with the reason.
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotAFile(not_a_file_reason(st.st_mode))
    size = st.st_size
    if size > MAX_DECK_BYTES:
        raise TooLarge(f"larger than {MAX_DECK_BYTES} bytes")
    if size == 0 and st.st_dev in pseudo_file_systems():
        raise NotAFile("it is a kernel pseudo-file (like /proc or /sys), not a decklist")
    fd = os.open(path, _OPEN_FLAGS)
    try:
        first = os.read(fd, size + 1 if size else _CHUNK)
        if size and len(first) == size:  # the whole file, as its size said (the usual case)
            return first
        chunks, total = [first], len(first)
        deadline = time.monotonic() + READ_SECONDS
        while first and total <= MAX_DECK_BYTES:
            if time.monotonic() > deadline:
                raise NotAFile(f"it was still giving data after {READ_SECONDS:g} s")
            first = os.read(fd, min(_CHUNK, MAX_DECK_BYTES + 1 - total))
            chunks.append(first)
            total += len(first)
        if total > MAX_DECK_BYTES:
            raise TooLarge(f"larger than {MAX_DECK_BYTES} bytes")
        return b"".join(chunks)
    except BlockingIOError:
        raise NotAFile("it has no data to give yet (it is not a plain file)") from None
    finally:
        os.close(fd)


def not_a_file_reason(mode: int) -> str:
    """Why a path of this kind (``st_mode``) is not read."""
    if stat.S_ISDIR(mode):
        return "it is a folder that cannot be searched"
    if stat.S_ISFIFO(mode):
        return "it is a named pipe, not a file"
    if stat.S_ISSOCK(mode):
        return "it is a socket, not a file"
    return "it is a device, not a file"


_PSEUDO_TYPES = frozenset((
    "proc", "sysfs", "debugfs", "tracefs", "securityfs", "cgroup", "cgroup2", "configfs", "bpf", "pstore",
    "efivarfs", "fusectl", "binfmt_misc", "devpts", "mqueue", "autofs", "rpc_pipefs", "nsfs", "selinuxfs",
    "smackfs", "apparmorfs",
))
_pseudo: frozenset[int] | None = None


def pseudo_file_systems() -> frozenset[int]:
    """Device numbers of the kernel's pseudo file systems, from /proc/self/mountinfo (Linux; else none)."""
    global _pseudo
    if _pseudo is None:
        found = set()
        try:
            with open("/proc/self/mountinfo", "rb") as f:
                for line in f.read(1 << 20).splitlines():
                    fields = line.split(b" ")
                    dash = fields.index(b"-")
                    if fields[dash + 1].decode("ascii", "replace") in _PSEUDO_TYPES:
                        major, minor = fields[2].split(b":")
                        found.add(os.makedev(int(major), int(minor)))
        except (OSError, ValueError, IndexError, AttributeError):
            pass
        _pseudo = frozenset(found)
    return _pseudo
