"""Parsers: bytes → ParsedDeck. They know nothing about card data and never raise on bad input.

``INPUT_FORMATS`` is the one list of the decklist formats deckcheck reads: their ids (what
``--input-format`` takes), the file suffixes read as each (and searched for in folders), the
module that parses them, and how content is recognised. The folder search (files.py), the
command line and the README all read it.

How a format is picked, for a file, standard input or a command-line argument:

1. ``--input-format`` if given;
2. the suffix: ``.ydk`` YDK, ``.ydke`` ydke links, ``.yaml``/``.yml`` YAML;
3. else (``.txt``, no or another suffix, standard input) the content: a Master Duel deck JSON (a JSON
   object, whatever its strings hold), a ``ydke://`` link (not one inside a YGOMobile link's deck name), a
   YGOMobile deck link, a YAML mapping with main/extra/side keys, a
   YDK with ``#main``/``#extra``/``!side`` lines, a list of Konami IDs (numbers of at most six
   digits), a YDK of mostly passcodes, an Omega deck code, a MyCard deck code (one word), else
   a text decklist.

A file can hold several decklists (ydke links, one per deck): ``read_decks`` names them
``path#1``, ``path#2`` …; ``read_deck`` and ``parse_deck`` are for one decklist.
"""

from __future__ import annotations

import importlib
import os
import re
import stat
import sys
import time

from deckcheck.errors import NotAFile, TooLarge
from deckcheck.model import ParsedDeck
from deckcheck.parsers.ydk import NotText, decode_deck_text, parse_ydk, unreadable

__all__ = ["INPUT_FORMATS", "DECK_SUFFIXES", "MAX_DECK_BYTES", "InputFormat", "input_format", "looks_like_decklist",
           "parse_deck", "parse_decks", "parse_ydk", "parse_yaml_deck", "read_deck", "read_decks", "read_stdin"]

MAX_DECK_BYTES = 4 * 1024 * 1024  # a 75-card YDK is ~1 KB; anything this big is not a decklist
SNIFF_BYTES = 65536  # how much of a file's start is looked at to recognise its format


class InputFormat:
    """One decklist format deckcheck reads (a plain class: a dataclass would cost every start ~0.5 ms)."""

    __slots__ = ("id", "title", "suffixes", "module", "function", "by_content", "walk_checked", "_parser")

    def __init__(self, id: str, title: str, suffixes: tuple[str, ...], module: str, function: str,
                 by_content: bool = False, walk_checked: bool = False):
        self.id = id  # as --input-format and the docs spell it
        self.title = title  # what it is, for --help and the docs
        self.suffixes = suffixes  # file suffixes read as this format; folders are searched for them
        self.module = module  # deckcheck.parsers.<module>
        self.function = function  # its parse(data: bytes, path: str) -> ParsedDeck | list[ParsedDeck]
        self.by_content = by_content  # files with these suffixes are read as whatever their content is (.txt)
        # files with these suffixes found in a folder that are plainly no decklist (looks_like_decklist)
        # are skipped and counted, not reported as unreadable (a README.txt)
        self.walk_checked = walk_checked
        self._parser = None  # the parse function, imported on first use

    def parse(self, data: bytes, path: str) -> list[ParsedDeck]:
        parse = self._parser
        if parse is None:
            parse = self._parser = getattr(importlib.import_module(f"deckcheck.parsers.{self.module}"), self.function)
        found = parse(data, path)
        return found if isinstance(found, list) else [found]


INPUT_FORMATS: tuple[InputFormat, ...] = (
    InputFormat("ydk", "YDK files, as EDOPro, YGOPro, MDPro3 and YGOPRODeck write them", (".ydk",), "ydk", "parse_ydk"),
    InputFormat("yaml", "YAML decklists (schemas/yaml-deck.schema.json)", (".yaml", ".yml"), "yaml_deck",
                "parse_yaml_deck", walk_checked=True),
    InputFormat("ydke", "ydke:// links (EDOPro, DuelingBook, Dueling Nexus, YGOPRODeck), one or more per file",
                (".ydke",), "ydke", "parse_ydke"),
    InputFormat("omega", "YGO Omega deck codes", (), "omega", "parse_omega"),
    InputFormat("konami-ids", "lists of Konami database IDs (Master Duel, YgoMaster): \"3x 4007\" or one ID a line, "
                "under Main / Extra / Side headers", (), "konami_ids", "parse_konami_ids"),
    InputFormat("md-json", "Master Duel / YgoMaster deck JSON ({\"m\": {\"ids\": […]}, \"e\": …, \"s\": …}, or "
                "wrapped in \"contents\")", (), "md_json", "parse_md_json"),
    InputFormat("mycard", "MyCard deck codes (npm ygopro-deck-encode)", (), "mycard", "parse_mycard"),
    InputFormat("ygomobile", "YGOMobile deck links (http://deck.ourygo.top?…&ygotype=deck&v=1&d=…)", (),
                "ygomobile", "parse_ygomobile"),
    InputFormat("text", "text decklists (\"3 Ash Blossom & Joyous Spring\", headers, counts; YGOPRODeck, "
                "DuelingBook, Dueling Nexus, Master Duel guides)", (".txt",), "text", "parse_text", by_content=True,
                walk_checked=True),
)
FORMATS_BY_ID = {fmt.id: fmt for fmt in INPUT_FORMATS}
DECK_SUFFIXES = tuple(suffix for fmt in INPUT_FORMATS for suffix in fmt.suffixes)
_BY_SUFFIX = {suffix: fmt for fmt in INPUT_FORMATS for suffix in fmt.suffixes if not fmt.by_content}
WALK_CHECKED_SUFFIXES = tuple(suffix for fmt in INPUT_FORMATS if fmt.walk_checked for suffix in fmt.suffixes)


def input_format(format_id: str) -> InputFormat:
    return FORMATS_BY_ID[format_id]


# ------------------------------------------------------------------------------------ recognising

# patterns compiled on their first use (by re's own cache): a file named .ydk is never sniffed
_YAML_DECK_KEY = r"""(?m)^[ \t]*\{?[ \t]*["']?(?:main|extra|side)["']?[ \t]*:"""
_YDK_MARKER = r"(?mi)^[ \t]*(?:#main|#extra|!side)[ \t]*\r?$"
_YDKE_LINK = r"(?i)ydke://"


def _head_text(data: bytes) -> str:
    head = data[:SNIFF_BYTES]
    text = decode_deck_text(head)
    if isinstance(text, NotText):  # a cut in the middle of a UTF-8 sequence, or not text at all
        return head.decode("utf-8", "replace")
    return text


def _looks_like_ydk(text: str) -> bool:
    if re.search(_YDK_MARKER, text):
        return True
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    return bool(lines) and sum(1 for line in lines if line.isdigit()) * 2 > len(lines)


def sniff(data: bytes) -> InputFormat:
    """The format of a decklist whose name does not say (see the module docstring)."""
    text = _head_text(data)
    from deckcheck.parsers.md_json import looks_like_md_json

    if looks_like_md_json(text):  # a JSON object is never a list of links, whatever its strings hold
        return FORMATS_BY_ID["md-json"]
    link = re.search(_YDKE_LINK, text)
    from deckcheck.parsers.ygomobile import ygomobile_link_at

    if link is not None and ygomobile_link_at(text, link.start()) is None:
        return FORMATS_BY_ID["ydke"]
    from deckcheck.parsers.ygomobile import looks_like_ygomobile

    if looks_like_ygomobile(text):
        return FORMATS_BY_ID["ygomobile"]
    if re.search(_YAML_DECK_KEY, text):
        return FORMATS_BY_ID["yaml"]
    if re.search(_YDK_MARKER, text):
        return FORMATS_BY_ID["ydk"]
    from deckcheck.parsers.konami_ids import looks_like_konami_ids

    if looks_like_konami_ids(text):
        return FORMATS_BY_ID["konami-ids"]
    if _looks_like_ydk(text):
        return FORMATS_BY_ID["ydk"]
    from deckcheck.parsers.omega import looks_like_omega

    if looks_like_omega(text):
        return FORMATS_BY_ID["omega"]
    from deckcheck.parsers.mycard import looks_like_mycard

    if looks_like_mycard(text):
        return FORMATS_BY_ID["mycard"]
    return FORMATS_BY_ID["text"]


# a main, extra or side key of a YAML file found in a folder: at the start of a line (block style) or after
# { or , (flow style), in any case (a deck with a mistake, Main:, is still read and reported)
_YAML_ANY_DECK_KEY = r"""(?mi)(?:^(?:---)?|[{,])[ \t]*["']?(?:main|extra|side)["']?[ \t]*:"""
SKIP_REASONS = {"text": "a text file that is not a decklist", "yaml": "a YAML file with no main, extra or side key"}


def looks_like_decklist(data: bytes, path: str = "") -> bool:
    """Whether a file found by searching a folder (one of WALK_CHECKED_SUFFIXES) is a decklist at all: a
    README.txt, a licence or a repository's mkdocs.yml is skipped (and counted) rather than reported as
    unreadable. ``data``: the file's first SNIFF_BYTES."""
    fmt = format_for(path, data)
    if fmt.id == "yaml":
        return data[:2] in (b"\xff\xfe", b"\xfe\xff") or re.search(_YAML_ANY_DECK_KEY, _head_text(data)) is not None
    if fmt.id != "text":
        return True
    from deckcheck.parsers.text import looks_like_text_decklist

    return looks_like_text_decklist(_head_text(data))


def skip_reason(path: str) -> str:
    """Why a file found in a folder was skipped (``looks_like_decklist`` said it is none)."""
    fmt = _BY_SUFFIX.get(os.path.splitext(path)[1].lower()) or FORMATS_BY_ID["text"]
    return SKIP_REASONS.get(fmt.id, "not a decklist")


def format_for(path: str, data: bytes, forced: str | None = None) -> InputFormat:
    if forced is not None:
        return FORMATS_BY_ID[forced]
    fmt = _BY_SUFFIX.get(os.path.splitext(path)[1].lower())
    return fmt if fmt is not None else sniff(data)


# ---------------------------------------------------------------------------------------- parsing


def parse_yaml_deck(data: bytes, path: str) -> ParsedDeck:
    """Parse a YAML decklist (the YAML parser is imported on first use: YDK-only runs never load it)."""
    from deckcheck.parsers.yaml_deck import parse_yaml_deck as parse

    return parse(data, path)


def parse_decks(data: bytes, path: str, forced: str | None = None) -> list[ParsedDeck]:
    """Every decklist in ``data`` (one, except for several ydke links), read as the format
    ``forced`` (an id), the suffix of ``path`` or the content says. Never empty."""
    return format_for(path, data, forced).parse(data, path) or [
        unreadable(ParsedDeck(path=path), "no decklist found", None, "point deckcheck at a decklist")]


def parse_deck(data: bytes, path: str, forced: str | None = None) -> ParsedDeck:
    """The one decklist in ``data``; a file of several (ydke links) is unreadable as one deck."""
    decks = parse_decks(data, path, forced)
    if len(decks) == 1:
        return decks[0]
    return unreadable(ParsedDeck(path=path), f"the file holds {len(decks)} decklists (ydke links); one is needed here",
                      None, "give a file with one decklist")


def _named(decks: list[ParsedDeck], shown: str) -> list[ParsedDeck]:
    for number, deck in enumerate(decks, 1):
        deck.path = shown if len(decks) == 1 else f"{shown}#{number}"
    return decks


def read_decks(path: str | os.PathLike, shown: str | None = None, forced: str | None = None) -> list[ParsedDeck]:
    """Read and parse a decklist file: its decks, named ``shown`` (or ``path#1``, ``path#2`` …
    for several). A file that cannot be read becomes one ``unreadable`` deck."""
    shown = shown if shown is not None else os.fsdecode(path)
    data = read_or_unreadable(path, shown)
    if not isinstance(data, bytes):
        return [data]
    return parse_read(data, path, shown, forced)


def read_or_unreadable(path: str | os.PathLike, shown: str, found_regular: bool = False) -> bytes | ParsedDeck:
    """The bytes of a decklist file (``read_bounded``), or the ``unreadable`` deck saying why there are none."""
    try:
        return read_bounded(path, found_regular)
    except OSError as e:
        reason = e.strerror or e.__class__.__name__
        return unreadable(ParsedDeck(path=shown), f"cannot read the file: {reason}", None,
                          "check the path and the file's permissions")
    except TooLarge:
        return unreadable(ParsedDeck(path=shown),
                          f"the file is larger than {MAX_DECK_BYTES // (1024 * 1024)} MB, too large to be a decklist",
                          None, "point deckcheck at the decklist file itself")
    except NotAFile as e:
        return unreadable(ParsedDeck(path=shown), f"cannot read the file: {e}", None, "point deckcheck at decklist files")


def parse_read(data: bytes, path: str | os.PathLike, shown: str, forced: str | None = None) -> list[ParsedDeck]:
    """The decks in the ``data`` read from ``path``, named ``shown`` (``shown#1`` … for several)."""
    return _named(parse_decks(data, os.fsdecode(path), forced), shown)


def read_deck(path: str | os.PathLike, shown: str | None = None, forced: str | None = None) -> ParsedDeck:
    """Read and parse one decklist file. An unreadable file becomes an ``unreadable`` problem."""
    decks = read_decks(path, shown, forced)
    if len(decks) == 1:
        return decks[0]
    shown = shown if shown is not None else os.fsdecode(path)
    return unreadable(ParsedDeck(path=shown), f"the file holds {len(decks)} decklists (ydke links); one is needed here",
                      None, "give a file with one decklist")


def parse_given(data: bytes, shown: str, forced: str | None = None) -> list[ParsedDeck]:
    """The decks of a decklist given as data (standard input, a ydke link on the command line),
    named ``shown`` (or ``shown#1`` …); its format is recognised from the content."""
    return _named(parse_decks(data, "", forced), shown)


# ---------------------------------------------------------------------------------------- reading


READ_SECONDS = 5.0  # a file that is still giving data after this long is no decklist
STDIN_SECONDS = 30.0  # standard input from a pipe: the writer has this long to give the whole decklist
_CHUNK = 1 << 16
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def read_bounded(path: str | os.PathLike, found_regular: bool = False, limit: int | None = None) -> bytes:
    """The bytes of a regular file, at most ``limit + 1`` of them (default ``MAX_DECK_BYTES``, read when called),
    in at most ``READ_SECONDS``.

    Never blocks: pipes, sockets and devices are refused before they are opened (opening a
    device can act on it), the file is opened non-blocking, and a kernel pseudo-file (procfs,
    sysfs, debugfs …; they report size 0 and may never end, like /proc/kmsg) is not read at
    all. ``found_regular``: the caller found a regular file there (``files.find_decklists``: a
    directory entry's type, or a stat); it is opened first and checked again by its descriptor,
    which costs one look-up of the path less. Raises OSError, or NotAFile with the reason.
    """
    if limit is None:
        limit = MAX_DECK_BYTES
    if found_regular:
        fd = os.open(path, _OPEN_FLAGS)
        try:
            st = os.fstat(fd)
            _refuse(st, limit)
        except BaseException:
            os.close(fd)
            raise
    else:
        st = os.stat(path)
        _refuse(st, limit)
        fd = os.open(path, _OPEN_FLAGS)
    size = st.st_size
    try:
        first = os.read(fd, size + 1 if size else _CHUNK)
        if size and len(first) == size:  # the whole file, as its size said (the usual case)
            return first
        chunks, total = [first], len(first)
        deadline = time.monotonic() + READ_SECONDS
        while first and total <= limit:
            if time.monotonic() > deadline:
                raise NotAFile(f"it was still giving data after {READ_SECONDS:g} s")
            first = os.read(fd, min(_CHUNK, limit + 1 - total))
            chunks.append(first)
            total += len(first)
        if total > limit:
            raise TooLarge(f"larger than {limit} bytes")
        return b"".join(chunks)
    except BlockingIOError:
        raise NotAFile("it has no data to give yet (it is not a plain file)") from None
    finally:
        os.close(fd)


def _refuse(st: os.stat_result, limit: int = MAX_DECK_BYTES) -> None:
    """Raise NotAFile (or TooLarge) for what ``read_bounded`` must not read."""
    if not stat.S_ISREG(st.st_mode):
        raise NotAFile(not_a_file_reason(st.st_mode))
    if st.st_size > limit:
        raise TooLarge(f"larger than {limit} bytes")
    if st.st_size == 0 and st.st_dev in pseudo_file_systems():
        raise NotAFile("it is a kernel pseudo-file (like /proc or /sys), not a decklist")


def read_head(path: str | os.PathLike, limit: int = SNIFF_BYTES) -> bytes:
    """The first ``limit`` bytes of a regular file (one non-blocking read). Raises OSError."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        return os.read(fd, limit)
    except BlockingIOError:
        return b""
    finally:
        os.close(fd)


def read_stdin(stream=None, seconds: float = STDIN_SECONDS) -> bytes:
    """Standard input, at most ``MAX_DECK_BYTES + 1`` bytes. From a pipe or file it must end within
    ``seconds``; from a terminal (a person pasting a list) it ends at end of input (Ctrl-D).
    Raises TooLarge or NotAFile (it did not end in time)."""
    stream = stream if stream is not None else sys.stdin.buffer
    fileno = getattr(stream, "fileno", None)
    try:
        fd = fileno() if fileno is not None else None
    except (OSError, ValueError):
        fd = None
    chunks, total = [], 0
    if fd is None or os.isatty(fd) or os.name == "nt":
        while total <= MAX_DECK_BYTES:
            chunk = stream.read1(_CHUNK) if hasattr(stream, "read1") else stream.read(_CHUNK)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    else:
        import select

        deadline = time.monotonic() + seconds
        while total <= MAX_DECK_BYTES:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise NotAFile(f"standard input was still open after {seconds:g} s")
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    if total > MAX_DECK_BYTES:
        raise TooLarge(f"larger than {MAX_DECK_BYTES} bytes")
    return b"".join(chunks)


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

