"""What the text-based parsers (YAML, text lists, ydke links) do first: bytes to text, or unreadable."""

from __future__ import annotations

from deckcheck.model import ParsedDeck
from deckcheck.parsers.ydk import NotText, decode_deck_text, sniff_markup, unreadable

EMPTY_FIX = "write the decklist into the file"


def readable_text(deck: ParsedDeck, data: bytes, markup_fix: str) -> str | None:
    """The text of ``data`` without a BOM; or None, ``deck`` then being unreadable: not text (binary,
    not UTF-8), empty, or a web page (``markup_fix`` says what to do instead)."""
    text = decode_deck_text(data)
    if isinstance(text, NotText):
        unreadable(deck, *text)
        return None
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text or text.isspace():
        unreadable(deck, "the file is empty", None, EMPTY_FIX)
        return None
    markup = sniff_markup(text)
    if markup:
        unreadable(deck, markup, 1, markup_fix)
        return None
    return text
