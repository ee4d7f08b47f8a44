"""YDK decklists (EDOPro / YGOPro / MDPro3 / YGOPRODeck exports).

Read as leniently as EDOPro reads them (gframe/deck_manager.cpp LoadCardList), but every line
that is skipped or guessed becomes a ``syntax`` warning with its line number. Harmless lines
(blank lines, ``#created by …``, ``# Card Name`` comments, ``##``/``###`` tag lines) pass silently.

This module also holds the byte-level helpers shared with the YAML parser: decoding, and
recognising files that are not decklists at all.
"""

from __future__ import annotations

import re
import string
from typing import NamedTuple, cast

from deckcheck.limits import NAME_LIMIT, Omitted, clip, max_entries, max_problems
from deckcheck.model import ERROR, EXTRA, INFO, MAIN, SIDE, WARNING, BareEntry, DeckEntry, ParsedDeck, Problem

__all__ = ["parse_ydk", "decode_deck_text", "NotText", "unreadable"]

MAX_PASSCODE_DIGITS = 9  # EDOPro placeholders (prerelease cards) use 9 digits
LINES_PER_ENTRY = 20  # a YDK file may have this many lines per card entry allowed (limits.max_entries)

# ---------------------------------------------------------------------------------------------
# Shared helpers (also used by yaml_deck.py)
# ---------------------------------------------------------------------------------------------

_BOM8 = b"\xef\xbb\xbf"
_BOM16 = (b"\xff\xfe", b"\xfe\xff")


def unreadable(deck: ParsedDeck, message: str, line: int | None = None, fix: str | None = None) -> ParsedDeck:
    """Turn ``deck`` into "not a decklist": exactly one ``unreadable`` problem and no entries."""
    deck.entries = []
    deck.problems = [Problem("unreadable", ERROR, message, None, line, None, fix)]
    return deck


class NotText(NamedTuple):
    """Why a file is not a decklist's text: the ``unreadable`` problem's message, line and fix."""

    message: str
    line: int | None
    fix: str


def decode_deck_text(data: bytes) -> str | NotText:
    """Decode a decklist file: its text, or why it is not text (``unreadable(deck, *why)``).

    Accepts UTF-8 with or without a BOM and UTF-16 with a BOM.
    """
    if not data:
        return NotText("the file is empty", None, "export the deck again; the file has no content")
    if data.startswith(_BOM8):
        data = data[3:]
    elif data[:2] in _BOM16:
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as e:
            return NotText(f"not valid UTF-16 text (bad bytes at offset {e.start})", None, _FIX_UTF8)
        if "\x00" in text:
            return NotText("binary file (it contains NUL characters)", None, _FIX_BINARY)
        return text
    if 0 in data:  # a NUL byte (as an int: b"\x00" is looked for after a TypeError raised and cleared)
        return NotText("binary file (it contains NUL bytes)", None, _FIX_BINARY)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        head = data[: e.start]
        line = head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
        bad = data[e.start]
        return NotText(f"not UTF-8 text (byte 0x{bad:02X} on line {line})", line, _FIX_UTF8)


_FIX_UTF8 = "save the file as UTF-8 text (it looks like another encoding, e.g. Latin-1 / Windows-1252)"
_FIX_BINARY = "this is not a text file; point deckcheck at the exported .ydk or .yaml decklist"


def sniff_markup(text: str) -> str | None:
    """If ``text`` is an HTML or XML document, say so (the reason for an ``unreadable`` problem)."""
    head = text[:1024].lstrip("\ufeff \t\r\n")
    if not head.startswith("<"):
        return None
    line_end = head.find("\n")
    if line_end >= 0 and "<" not in head[line_end:]:
        return None  # one line that looks like a tag, then none: a text list's title line ("<TITLE")
    head = head.lower()
    if head.startswith(("<!doctype html", "<html", "<head", "<body", "<!--", "<meta", "<title")):
        return "HTML page, not a decklist"
    if head.startswith("<?xml"):
        if "<html" in head or "xhtml" in head:
            return "HTML page, not a decklist"
        if "<rdf:rdf" in head:
            return "RDF/XML document, not a decklist"
        return "XML document, not a decklist"
    if head.startswith("<rdf:rdf"):
        return "RDF/XML document, not a decklist"
    if head.startswith("<!doctype"):
        return "HTML page, not a decklist"
    return None


_FIX_MARKUP = "this looks like a saved web page; download the deck itself (.ydk) instead"


def _looks_binary(text: str) -> bool:
    head = text[:4096]
    if not head:
        return False
    controls = sum(1 for ch in head if ch < " " and ch not in "\t\n\r\f\v")
    return controls * 10 > len(head)


# ---------------------------------------------------------------------------------------------
# YDK
# ---------------------------------------------------------------------------------------------

_ORDER = {MAIN: 0, EXTRA: 1, SIDE: 2}
_MARKER = {MAIN: "#main", EXTRA: "#extra", SIDE: "!side"}

# Sections that are not deck cards: one warning per section, their lines skipped.
_SKIPPED_SECTIONS = {
    "pickup": "an MDPro3 cosmetic section (showcase cards)",
    "case": "an MDPro3 cosmetic section (deck case)",
    "protector": "an MDPro3 cosmetic section (card sleeves)",
    "field": "an MDPro3 cosmetic section (field)",
    "grave": "an MDPro3 cosmetic section (graveyard)",
    "stand": "an MDPro3 cosmetic section (stand)",
    "mate": "an MDPro3 cosmetic section (mate)",
    "spare": "a list of spare cards",
    "representative": "the deck's representative (cover) cards",
}
# MDPro3's own sections: read silently (one note per file), as MDPro3 writes them into every deck
_COSMETIC = ("pickup", "case", "protector", "field", "grave", "stand", "mate")

_MARKER_KEYS = frozenset(("main", "extra", "side", *_SKIPPED_SECTIONS))


def _hash_key(s: str) -> str | None:
    """The word of a ``#`` line (``s`` stripped) that may make it a marker, in lower case; None for the lines
    that are comments whatever they say ("#", "##tag", "###tag", "# Card Name")."""
    if len(s) == 1 or s[1] == "#" or s[1].isspace():
        return None
    return s[1:].split(None, 1)[0].lower().rstrip(":")


_STRIP_PUNCT = string.punctuation + string.whitespace + "\u3000\u00a0"
_NAME_SEP = " \t\u3000\u00a0-\u2013\u2014:|#=,;/>"
# patterns of lines that are not plain passcodes, compiled on their first use (by re's own cache)
_COUNT_LIKE = r"(?:[xX×*]\s*[0-9]{1,2}|[0-9]{1,2}\s*[xX×]?)"
_DIGIT_RUN = r"[0-9]{4,9}"
_LEADING_DIGITS = re.compile(r"[0-9]+")
_TEXT_LINE = r"([0-9]{1,2})\s*[xX×]?\s+(\S.*)"  # "3 Effect Veiler", "3x Effect Veiler"
_YAML_SECTION = r"(?m)^(?:main|extra|side)\s*:"

_FIX_NOT_PASSCODE = "write one passcode (the card's 8-digit password) per line, or start the line with # to make it a comment"


def parse_ydk(data: bytes, path: str) -> ParsedDeck:
    """Parse a YDK file. Never raises; problems are recorded in ``ParsedDeck.problems``."""
    try:
        return _parse_ydk(data, path)
    except (ValueError, TypeError, IndexError, KeyError, RecursionError, MemoryError) as e:  # pragma: no cover
        return unreadable(ParsedDeck(path=path), f"could not be read (internal error: {e.__class__.__name__})", None, INTERNAL_FIX)


INTERNAL_FIX = "please report this file to the deckcheck maintainers"


def _decode_lines(data: bytes) -> tuple[str, dict[int, str]]:
    """A file that is UTF-8 but for some lines (a comment saved as Latin-1 / Windows-1252): the text, each
    such line read as Windows-1252, and line number → the first byte that is not UTF-8 ("0xE9")."""
    if data.startswith(_BOM8):
        data = data[3:]
    lines: list[str] = []
    bad: dict[int, str] = {}
    for i, raw in enumerate(data.split(b"\n")):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError as e:
            bad[i + 1] = f"0x{raw[e.start]:02X}"
            lines.append(raw.decode("cp1252", "replace"))
    return "\n".join(lines), bad


def _parse_ydk(data: bytes, path: str) -> ParsedDeck:
    """Any file, line by line: every line skipped or guessed is a ``syntax`` warning."""
    deck = ParsedDeck(path)
    decoded = _ydk_text(data)
    if isinstance(decoded, NotText):
        return unreadable(deck, *decoded)
    text, not_utf8 = decoded
    bare_cr = False
    if "\r" in text:
        bare_cr = text.count("\r") != text.count("\r\n")
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    entry_limit = max_entries()
    line_limit = LINES_PER_ENTRY * entry_limit
    lines = text.split("\n", line_limit)
    if len(lines) > line_limit:
        return unreadable(
            deck,
            f"not a decklist: more than {line_limit:,} lines; a deck has at most 90 cards",
            None,
            "check that this is the decklist you meant (DECKCHECK_MAX_ENTRIES raises the limit)",
        )
    reader = _YdkReader(deck, not_utf8, entry_limit)
    try:
        reader.read(lines)
    except _TooManyCards as too_many:
        return _too_many(deck, too_many.lineno, reader.entry_limit)
    return reader.finish(text, bare_cr)


def _ydk_text(data: bytes) -> tuple[str, dict[int, str]] | NotText:
    """The text of a YDK file without its BOM, and its lines that are not UTF-8 (see ``_decode_lines``); or why
    the file is not a decklist."""
    text = decode_deck_text(data)
    not_utf8: dict[int, str] = {}
    if isinstance(text, NotText) and text.fix == _FIX_UTF8 and data[:2] not in _BOM16:
        text, not_utf8 = _decode_lines(data)
    if isinstance(text, NotText):
        return text
    if not text or text.isspace() or text == "\ufeff":
        return NotText("the file is empty", None, "export the deck again; the file has no content")
    markup = sniff_markup(text)
    if markup:
        return NotText(markup, 1, _FIX_MARKUP)
    if text[0] == "\ufeff":
        text = text[1:]
    return text, not_utf8


class _TooManyCards(Exception):
    """More card lines than ``max_entries()``: the file is not a decklist."""

    def __init__(self, lineno: int):
        super().__init__(lineno)
        self.lineno = lineno


_SECTION_BY_ORDER = (MAIN, EXTRA, SIDE)
_MARKERS = {"#main": MAIN, "#extra": EXTRA, "!side": SIDE}  # the markers, as written where no warning is due
PASSCODES_MEMO = 1 << 15  # lines remembered
_PASSCODES: dict[str, int] = {}  # a line that is a passcode alone (ASCII digits) -> the passcode, for every file


class _YdkReader:
    """One YDK file read line by line into ``deck``: ``read`` takes plain passcodes itself and hands every other
    kind of line to a method (``s`` is the line stripped, ``raw`` the line as written)."""

    # The state at the start of a file, as class attributes: a reader sets only what its file changes, as most
    # files are plain passcodes and three markers.
    section = MAIN
    reached = 0  # highest section order seen (main 0, extra 1, side 2)
    last_marker: str | None = None
    saw_marker = False
    saw_extra = False
    bad = 0  # lines in a card section that are not cards

    skip_word: str | None = None  # inside a #pickup/#spare/… section
    skip_problem: Problem | None = None
    skip_count = 0
    skip_edo = "Main"  # the section EDOPro would read the skipped lines into
    cosmetic: tuple[str, ...] = ()  # MDPro3's sections met, and where the first began
    cosmetic_line = 0
    cosmetic_count = 0

    left_out = 0  # warnings past warn_limit, and where the first of them was
    left_out_line = 0
    left_out_section: str | None = None

    def __init__(self, deck: ParsedDeck, not_utf8: dict[int, str], entry_limit: int):
        self.deck = deck
        self.entries = deck.entries
        self.problems = deck.problems
        self.not_utf8 = not_utf8  # line number -> its first byte that is not UTF-8
        self.entry_limit = entry_limit  # limits.max_entries()
        self.warn_limit = max_problems()

    def read(self, lines: list[str]) -> None:
        entries = self.entries
        append = entries.append
        entry_limit = self.entry_limit
        not_utf8 = self.not_utf8
        Entry = BareEntry  # (locals: the fast path below runs once per card line)
        section = self.section
        skip_word = self.skip_word
        # the entry of the line before and its text (stripped), when that line was a plain passcode of a deck
        # section (the next copy adds to it); else run_text is None
        run, run_text = cast(DeckEntry, None), None

        passcode_of = _PASSCODES.get
        for lineno, raw in enumerate(lines, 1):
            # Fast path: a plain passcode in a deck section. Copies on adjacent lines become one
            # entry with a count (its span of lines), as most files list copies one after another.
            if raw == run_text:  # the same passcode as the line before
                run.count += 1
                run.span += 1
                continue
            s = raw
            passcode = passcode_of(raw)
            if passcode is None:
                if not raw.isdigit():
                    s = raw.strip()
                if s.isdigit() and s.isascii() and len(s) <= MAX_PASSCODE_DIGITS:
                    passcode = int(s)
                    if s is raw:
                        if len(_PASSCODES) < PASSCODES_MEMO:
                            _PASSCODES[raw] = passcode
                    elif s == run_text:  # the same, spaces around
                        run.count += 1
                        run.span += 1
                        continue
            if passcode is not None and skip_word is None:
                if lineno > entry_limit and len(entries) >= entry_limit:  # (an entry a line at most)
                    raise _TooManyCards(lineno)
                # DeckEntry(section, lineno, passcode, None, 1, s), its fields set here (BareEntry): passcode 0
                # too, a card no one has (unknown-card)
                run = Entry()
                run.section = section
                run.line = lineno
                run.passcode = passcode
                run.name = None
                run.count = 1
                run.text = s
                run.span = 1
                run.card = None
                run.konami_id = None
                append(run)
                run_text = s
                continue
            run_text = None
            if not s:
                continue
            marker = _MARKERS.get(raw)
            if marker is not None:  # #main, #extra or !side as EDOPro writes them
                if marker is EXTRA:
                    self.saw_extra = True
                self.switch(marker, lineno, raw)
                section, skip_word = self.section, self.skip_word
                continue
            if not_utf8 and lineno in not_utf8:  # never a plain passcode: such a line is not ASCII
                self.not_utf8_line(s, lineno)

            first = s[0]
            if first == "#":
                self.hash_line(s, raw, lineno)
                section, skip_word = self.section, self.skip_word  # a marker may change them
            elif first == "!":
                self.side_marker(s, lineno)
                section, skip_word = self.section, self.skip_word
            elif skip_word is not None:
                self.skip_count += 1  # a line of a section that is not deck cards
            else:
                self.card_line(s, lineno)

    # --- warnings ------------------------------------------------------------------------------

    def warn(self, line: int, message: str, fix: str, section: str | None) -> None:
        if len(self.problems) < self.warn_limit:
            self.problems.append(Problem("syntax", WARNING, message, section, line, None, fix))
        elif self.left_out:
            self.left_out += 1
        else:
            self.left_out, self.left_out_line, self.left_out_section = 1, line, section

    def not_utf8_line(self, s: str, lineno: int) -> None:
        comment = s[0] == "#"
        self.warn(lineno, f"{'a comment' if comment else 'a line'} that is not UTF-8 text (byte {self.not_utf8[lineno]}): "
                  f"read as Windows-1252{' and skipped' if comment else ''}", "save the file as UTF-8 text", self.section)

    # --- markers and comments ------------------------------------------------------------------

    def hash_line(self, s: str, raw: str, lineno: int) -> None:
        """A line starting with ``#``: a section marker, ``#created by …``, or a comment."""
        key = _hash_key(s)
        if key is None:
            return  # "#", "##tag", "###tag", "# Card Name"
        if key == "created" and self.deck.player is None:
            self.deck.player = _creator(s)
        if key == "extra":
            self.extra_marker(s, raw, lineno)
        elif key == "main":
            self.switch(MAIN, lineno, "#main")
        elif key == "side":
            self.hash_side_marker(s, lineno)
        elif key in _COSMETIC:
            self.start_cosmetic(key, lineno)
        elif key in _SKIPPED_SECTIONS:
            self.start_skipped(key, lineno)
        # any other "#word" (#created by …, #notes) is a comment

    def extra_marker(self, s: str, raw: str, lineno: int) -> None:
        if raw != "#extra":
            self.warn(
                lineno,
                f"Extra Deck marker written as {clip(s)!r}"
                + (" with spaces around it" if s == "#extra" else "")
                + ": read as #extra, but EDOPro only recognises a line that is exactly #extra "
                "and would read the Extra Deck as Main Deck cards",
                "write the line as exactly #extra",
                EXTRA,
            )
        self.saw_extra = True
        self.switch(EXTRA, lineno, "#extra")

    def hash_side_marker(self, s: str, lineno: int) -> None:
        self.warn(
            lineno,
            f"{clip(s)!r} is not a section marker for EDOPro or YGOPro (they would keep reading the "
            f"cards below into the {self.reached_title()} Deck); read as !side, "
            "the Side Deck",
            "write !side instead of #side",
            SIDE,
        )
        self.switch(SIDE, lineno, s)

    def side_marker(self, s: str, lineno: int) -> None:
        """A line starting with ``!``: read as ``!side``."""
        if s != "!side":
            self.warn(
                lineno,
                f"Side Deck marker written as {clip(s)!r}: read as !side",
                "write the line as exactly !side",
                SIDE,
            )
        self.switch(SIDE, lineno, "!side")

    def reached_title(self) -> str:
        """The furthest section reached so far, where EDOPro would read the next cards: "Main", "Extra", "Side"."""
        return _TITLE[_SECTION_BY_ORDER[self.reached]]

    def switch(self, new: str, lineno: int, written: str) -> None:
        if self.skip_word is not None:
            self.end_skip()
        order = _ORDER[new]
        if order < self.reached:
            self.warn(
                lineno,
                f"{written} after {self.last_marker}: the cards below are read as {_TITLE[new]} Deck cards, "
                f"but EDOPro and YGOPro never go back to an earlier section and would read them as "
                f"{self.reached_title()} Deck cards",
                "put the sections in the order #main, #extra, !side",
                new,
            )
        else:
            self.reached = order
        self.section = new
        self.last_marker = written
        self.saw_marker = True

    # --- sections that are not deck cards ------------------------------------------------------

    def start_cosmetic(self, key: str, lineno: int) -> None:
        if self.skip_word is not None:
            self.end_skip()
        self.skip_word, self.skip_count = key, 0
        self.cosmetic += (f"#{key}",)
        self.cosmetic_line = self.cosmetic_line or lineno
        self.saw_marker = True

    def start_skipped(self, key: str, lineno: int) -> None:
        if self.skip_word is not None:
            self.end_skip()
        self.skip_word = key
        self.skip_count = 0
        self.skip_problem = Problem(
            "syntax",
            WARNING,
            "",  # written by end_skip, once the lines are counted
            self.section,
            lineno,
            None,
            f"nothing to do if the file comes from MDPro3; if these are Side Deck cards, "
            f"move them above the #{key} line",
        )
        self.problems.append(self.skip_problem)
        self.skip_edo = self.reached_title()
        self.saw_marker = True

    def end_skip(self) -> None:
        word = self.skip_word
        if word in _COSMETIC:
            self.cosmetic_count += self.skip_count
        elif self.skip_problem is not None and word is not None:  # (a skipped section has both)
            what = _SKIPPED_SECTIONS[word]
            n = self.skip_count
            lines_txt = "1 line" if n == 1 else f"{n} lines"
            self.skip_problem.message = (
                f"#{word} is {what}, not part of the deck: its {lines_txt} skipped "
                f"(EDOPro would read them as {self.skip_edo} Deck cards)"
                if n
                else f"#{word} is {what}, not part of the deck (it is empty)"
            )
        self.skip_word = None
        self.skip_problem = None
        self.skip_count = 0

    # --- card lines that are not a plain passcode ----------------------------------------------

    def add(self, lineno: int, passcode: int | None, name: str | None, count: int, line: str) -> None:
        """An entry for a card line that is not a plain passcode (``line`` is quoted in reports)."""
        if len(self.entries) >= self.entry_limit:
            raise _TooManyCards(lineno)
        self.entries.append(DeckEntry(self.section, lineno, passcode, name, count, clip(line, NAME_LIMIT)))

    def card_line(self, s: str, lineno: int) -> None:
        """Text around a passcode, long numbers, odd characters."""
        leading = _LEADING_DIGITS.match(s)
        if leading:
            self.passcode_line(s, leading.group(), lineno)
            return
        core = s.strip(_STRIP_PUNCT)
        if core and core.isdecimal():
            self.punctuated_passcode(s, core, lineno)
        else:
            self.not_a_card(s, lineno)

    def passcode_line(self, s: str, digits: str, lineno: int) -> None:
        """A line starting with ``digits`` and more: a passcode and text, or a count and a card name."""
        significant = digits.lstrip("0")
        if len(significant) > MAX_PASSCODE_DIGITS:
            self.long_number(clip(digits), lineno)
            return
        code = int(significant) if significant else 0
        counted = re.fullmatch(_TEXT_LINE, s) if len(digits) <= 2 else None
        if counted and any(ch.isalpha() for ch in counted.group(2)):
            self.count_and_name(s, code, counted.group(2), lineno)
            return
        name = self.text_after_passcode(s, digits, code, lineno)
        self.add(lineno, code, name, 1, s)

    def count_and_name(self, s: str, count: int, name_text: str, lineno: int) -> None:
        """ "3 Effect Veiler", "3x Effect Veiler": a line of a text decklist, read by name."""
        if not count:
            self.warn(lineno, f"{clip(s)!r}: a count of 0; line skipped", "remove the line, or write the count",
                      self.section)
            self.bad += 1
            return
        name = clip(name_text.strip(), NAME_LIMIT)
        self.warn(
            lineno,
            f"{clip(s)!r} is a count and a card name, not a passcode: read as {count} "
            f"{'copy' if count == 1 else 'copies'} of the card named {clip(name)!r}",
            f"YDK lines hold passcodes, one line per copy (EDOPro and YGOPro read this line as passcode "
            f"{count}, which no card has): write the card's passcode {'once' if count == 1 else f'{count} times'}",
            self.section,
        )
        self.add(lineno, None, name, count, s)

    def text_after_passcode(self, s: str, digits: str, code: int, lineno: int) -> str | None:
        """The card name written after the passcode ``digits``, if any; other text there is warned about."""
        rest = s[len(digits):]
        if not rest:
            return None
        tail = rest.strip(_NAME_SEP)
        if not (rest[0].isspace() or rest[0] in _NAME_SEP):
            self.warn(
                lineno,
                f"{clip(s)!r}: text right after the passcode; read as passcode {code}",
                "put a space between the passcode and any text after it",
                self.section,
            )
        elif tail and re.fullmatch(_COUNT_LIKE, tail):
            self.warn(
                lineno,
                f"{clip(s)!r}: {tail!r} looks like a copy count, but a YDK line holds one card; "
                f"read as 1 copy of {code}",
                "repeat the passcode on its own line once per copy",
                self.section,
            )
        elif tail and any(ch.isalpha() for ch in tail):
            if len(digits) <= 2:
                self.warn(
                    lineno,
                    f"{clip(s)!r} looks like a count and a card name, not a passcode; read as passcode {code}",
                    "YDK lines hold passcodes; write the card's passcode once per copy, "
                    "or use a YAML decklist for names and counts",
                    self.section,
                )
            return clip(tail, NAME_LIMIT)
        return None

    def punctuated_passcode(self, s: str, core: str, lineno: int) -> None:
        """A passcode in quotes, brackets or other punctuation: "[12345678]"."""
        significant = core.lstrip("0")
        if len(significant) > MAX_PASSCODE_DIGITS:
            self.long_number(repr(clip(s)), lineno)
            return
        code = int(significant or "0")
        self.warn(
            lineno,
            f"passcode written as {clip(s)!r}: read as {code}",
            f"write the passcode alone on the line: {code}",
            self.section,
        )
        self.add(lineno, code, None, 1, s)

    def long_number(self, shown: str, lineno: int) -> None:
        self.warn(
            lineno,
            f"{shown} is not a passcode (passcodes have at most {MAX_PASSCODE_DIGITS} digits); line skipped",
            "check the number against the card's passcode",
            self.section,
        )
        self.bad += 1

    def not_a_card(self, s: str, lineno: int) -> None:
        self.bad += 1
        m = re.search(_DIGIT_RUN, s)
        if s[:1].isdigit() and not s[:1].isascii():  # ³, ①, ¹⁴⁵…: a count or passcode deckcheck cannot read
            self.problems.append(Problem(
                "syntax", ERROR, f"{clip(s)!r} begins with {s[0]!r}, a digit that is no count or passcode deckcheck "
                "reads (nor EDOPro): line skipped", self.section, lineno, None,
                "write the count or the passcode in the digits 0-9"))
            return
        self.warn(
            lineno,
            f"{clip(s)!r} is not a passcode; line skipped",
            f"if {m.group()} is the card's passcode, write it at the start of the line"
            if m
            else _FIX_NOT_PASSCODE,
            self.section,
        )

    # --- the end of the file -------------------------------------------------------------------

    def finish(self, text: str, bare_cr: bool) -> ParsedDeck:
        """The deck, with the notes that wait for the last line; unreadable if it holds no decklist."""
        deck, entries, problems = self.deck, self.entries, self.problems
        if self.skip_word is not None:
            self.end_skip()
        if self.cosmetic:
            count, line = self.cosmetic_count, self.cosmetic_line
            problems.append(Problem(
                "syntax", INFO, f"MDPro3's own sections ({', '.join(dict.fromkeys(self.cosmetic))}; {count} "
                f"line{'s' if count != 1 else ''} from line {line} on) are not part of the deck: skipped",
                None, line, None,
                f"nothing to do; if some of these lines are Side Deck cards, move them above line {line}"))
        if self.left_out:
            problems.append(Omitted("syntax", WARNING, self.left_out, self.left_out_section, self.left_out_line,
                                    self.warn_limit))

        if not self.saw_marker and (not entries or self.bad > len(entries)):
            return unreadable(deck, *_no_decklist(text, len(entries), self.bad))

        if bare_cr and entries:
            problems.append(
                Problem(
                    "syntax",
                    WARNING,
                    "some lines end in a bare CR (carriage return) and are read as separate lines, "
                    "but EDOPro and YGOPro break lines only at LF and would read just the first card of each",
                    None,
                    None,
                    None,
                    "save the file with LF or CRLF line endings",
                )
            )
        deck.no_extra_line = bool(entries) and not self.saw_extra  # judged with the cards (rules/wrong_section.py)
        return deck


# What a YDK's "#created by …" says when it names a program or a default rather than a player.
_NOT_PLAYERS = frozenset(("player", "edopro", "ygopro", "ygopro2", "mdpro", "mdpro2", "mdpro3", "ygoprodeck",
                          "ygo omega", "omega", "duelingbook", "dueling nexus", "master duel", "neuron",
                          "a hand-edited list"))
_NOT_PLAYER_STARTS = ("ygoprodeck", "deckcheck", "...", "…")


def _creator(line: str) -> str | None:
    """The player a ``#created by …`` line names, or None when it names a program or a default."""
    found = line[1:].strip()[len("created"):].strip()
    if found[:2].lower() == "by":
        found = found[2:].strip()
    low = found.lower()
    if not found or low in _NOT_PLAYERS or low.startswith(_NOT_PLAYER_STARTS):
        return None
    return clip(found, NAME_LIMIT)


_TITLE = {MAIN: "Main", EXTRA: "Extra", SIDE: "Side"}


def _too_many(deck: ParsedDeck, lineno: int, limit: int) -> ParsedDeck:
    return unreadable(
        deck,
        f"not a decklist: more than {limit:,} card lines (line {lineno:,} is card {limit + 1:,}); "
        "a deck has at most 90 cards",
        lineno,
        "check that this is the decklist you meant (DECKCHECK_MAX_ENTRIES raises the limit)",
    )


def _no_decklist(text: str, cards: int, bad: int) -> tuple[str, int | None, str]:
    if _looks_binary(text):
        return "binary file (mostly control characters)", None, _FIX_BINARY
    if re.search(_YAML_SECTION, text):
        return (
            "no decklist found (this looks like a YAML decklist, not a YDK file)",
            None,
            "rename the file to .yaml",
        )
    detail = (
        "no card lines and no #main/#extra/!side lines"
        if not cards
        else f"{bad} of {bad + cards} lines are not passcodes and there are no #main/#extra/!side lines"
    )
    return f"no decklist found ({detail})", None, "a YDK decklist has #main, #extra and !side lines with one passcode per line"
