"""Parsers: bytes → ParsedDeck. They know nothing about card data and never raise on bad input.

``read_deck`` reads a file and picks the parser by suffix; ``parse_deck`` does the same for
bytes already in memory. Unknown suffixes are sniffed: a YAML mapping with main/extra/side
keys is read as a YAML decklist, anything else as YDK.
"""

from __future__ import annotations

import os
import re

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
        with open(path, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            # read(n) with a large n allocates n bytes first: ask for the file's size when it is known
            data = f.read(size + 1 if 0 < size <= MAX_DECK_BYTES else MAX_DECK_BYTES + 1)
    except OSError as e:
        reason = e.strerror or e.__class__.__name__
        return unreadable(
            ParsedDeck(path=shown),
            f"cannot read the file: {reason}",
            None,
            "check the path and the file's permissions",
        )
    if len(data) > MAX_DECK_BYTES:
        return unreadable(
            ParsedDeck(path=shown),
            f"the file is larger than {MAX_DECK_BYTES // (1024 * 1024)} MB, too large to be a decklist",
            None,
            "point deckcheck at the decklist file itself",
        )
    deck = parse_deck(data, os.fsdecode(path))
    deck.path = shown
    return deck
