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
from typing import NamedTuple

from deckcheck.limits import NAME_LIMIT, Omitted, clip, max_entries, max_problems
from deckcheck.model import ERROR, EXTRA, INFO, MAIN, SIDE, WARNING, DeckEntry, ParsedDeck, Problem

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
    if b"\x00" in data:
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
    head = text[:1024].lstrip("\ufeff \t\r\n").lower()
    if not head.startswith("<"):
        return None
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
_COUNT_LIKE = re.compile(r"(?:[xX×*]\s*[0-9]{1,2}|[0-9]{1,2}\s*[xX×]?)")
_DIGIT_RUN = re.compile(r"[0-9]{4,9}")
_TEXT_LINE = re.compile(r"([0-9]{1,2})\s*[xX×]?\s+(\S.*)")  # "3 Effect Veiler", "3x Effect Veiler"
_YAML_SECTION = re.compile(r"^(?:main|extra|side)\s*:", re.M)

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
    deck = ParsedDeck(path=path)
    text = decode_deck_text(data)
    not_utf8: dict[int, str] = {}
    if isinstance(text, NotText) and text.fix == _FIX_UTF8 and data[:2] not in _BOM16:
        text, not_utf8 = _decode_lines(data)
    if isinstance(text, NotText):
        return unreadable(deck, *text)
    if not text or text.isspace() or text == "\ufeff":
        return unreadable(deck, "the file is empty", None, "export the deck again; the file has no content")
    markup = sniff_markup(text)
    if markup:
        return unreadable(deck, markup, 1, _FIX_MARKUP)

    if text[0] == "\ufeff":
        text = text[1:]
    bare_cr = False
    if "\r" in text:
        bare_cr = text.count("\r") != text.count("\r\n")
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    line_limit = LINES_PER_ENTRY * max_entries()
    lines = text.split("\n", line_limit)
    if len(lines) > line_limit:
        return unreadable(
            deck,
            f"not a decklist: more than {line_limit:,} lines; a deck has at most 90 cards",
            None,
            "check that this is the decklist you meant (DECKCHECK_MAX_ENTRIES raises the limit)",
        )

    entries = deck.entries
    problems = deck.problems
    append = entries.append
    Entry = DeckEntry

    section = MAIN
    run, run_text, run_end, run_section = None, None, 0, None  # the entry adjacent copies extend
    reached = 0  # highest section order seen (main 0, extra 1, side 2)
    last_marker = None
    saw_marker = False
    saw_extra = False
    bad = 0  # lines in a card section that are not cards

    skip_word: str | None = None  # inside a #pickup/#spare/… section
    skip_problem: Problem | None = None
    skip_count = 0
    skip_edo = "Main"
    cosmetic: list[str] = []  # MDPro3's sections met, and where the first began
    cosmetic_line = 0
    cosmetic_count = 0

    entry_limit = max_entries()
    warn_limit = max_problems()
    left_out: list = []  # warnings past warn_limit: [count, line, section] of the first

    def warn(line: int, message: str, fix: str, sec: str | None) -> None:
        if len(problems) < warn_limit:
            problems.append(Problem("syntax", WARNING, message, sec, line, None, fix))
        elif left_out:
            left_out[0] += 1
        else:
            left_out.extend((1, line, sec))

    def end_skip() -> None:
        nonlocal skip_word, skip_problem, skip_count, cosmetic_count
        if skip_word in _COSMETIC:
            cosmetic_count += skip_count
        elif skip_problem is not None and skip_word is not None:  # (a skipped section has both)
            what = _SKIPPED_SECTIONS[skip_word]
            n = skip_count
            lines_txt = "1 line" if n == 1 else f"{n} lines"
            skip_problem.message = (
                f"#{skip_word} is {what}, not part of the deck: its {lines_txt} skipped "
                f"(EDOPro would read them as {skip_edo} Deck cards)"
                if n
                else f"#{skip_word} is {what}, not part of the deck (it is empty)"
            )
        skip_word = None
        skip_problem = None
        skip_count = 0

    def switch(new: str, lineno: int, written: str) -> None:
        nonlocal section, reached, last_marker, saw_marker
        if skip_word is not None:
            end_skip()
        order = _ORDER[new]
        if order < reached:
            edo = (MAIN, EXTRA, SIDE)[reached]
            warn(
                lineno,
                f"{written} after {last_marker}: the cards below are read as {_TITLE[new]} Deck cards, "
                f"but EDOPro and YGOPro never go back to an earlier section and would read them as "
                f"{_TITLE[edo]} Deck cards",
                "put the sections in the order #main, #extra, !side",
                new,
            )
        else:
            reached = order
        section = new
        last_marker = written
        saw_marker = True

    for lineno, raw in enumerate(lines, 1):
        # Fast path: a plain passcode in a deck section. Copies on adjacent lines become one
        # entry with a count (its span of lines), as most files list copies one after another.
        if lineno == run_end and raw == run_text and run is not None:  # the next line, the same passcode: one more copy
            run.count += 1
            run.span += 1
            run_end += 1
            continue
        s = raw if raw.isdigit() else raw.strip()
        if s.isdigit() and s.isascii() and len(s) <= MAX_PASSCODE_DIGITS and skip_word is None:
            if s == run_text and lineno == run_end and section is run_section and run is not None:
                run.count += 1
                run.span += 1
                run_end += 1
                continue
            if len(entries) >= entry_limit:
                return _too_many(deck, lineno, entry_limit)
            run = Entry(section, lineno, int(s), None, 1, s)  # 0 too: a card no one has (unknown-card)
            append(run)
            run_text, run_end, run_section = s, lineno + 1, section
            continue
        elif not s:
            continue
        if not_utf8 and lineno in not_utf8:  # never a plain passcode: such a line is not ASCII
            comment = s[0] == "#"
            warn(lineno, f"{'a comment' if comment else 'a line'} that is not UTF-8 text (byte {not_utf8[lineno]}): "
                 f"read as Windows-1252{' and skipped' if comment else ''}", "save the file as UTF-8 text", section)

        c = s[0]
        if c == "#":
            key = _hash_key(s)
            if key is None:
                continue  # "#", "##tag", "###tag", "# Card Name"
            if key == "created" and deck.player is None:
                deck.player = _creator(s)
            if key == "extra":
                if raw != "#extra":
                    warn(
                        lineno,
                        f"Extra Deck marker written as {clip(s)!r}"
                        + (" with spaces around it" if s == "#extra" else "")
                        + ": read as #extra, but EDOPro only recognises a line that is exactly #extra "
                        "and would read the Extra Deck as Main Deck cards",
                        "write the line as exactly #extra",
                        EXTRA,
                    )
                saw_extra = True
                switch(EXTRA, lineno, "#extra")
            elif key == "main":
                switch(MAIN, lineno, "#main")
            elif key == "side":
                warn(
                    lineno,
                    f"{clip(s)!r} is not a section marker for EDOPro or YGOPro (they would keep reading the "
                    f"cards below into the {_TITLE[(MAIN, EXTRA, SIDE)[reached]]} Deck); read as !side, "
                    "the Side Deck",
                    "write !side instead of #side",
                    SIDE,
                )
                switch(SIDE, lineno, s)
            elif key in _COSMETIC:
                if skip_word is not None:
                    end_skip()
                skip_word, skip_count = key, 0
                cosmetic.append(f"#{key}")
                cosmetic_line = cosmetic_line or lineno
                saw_marker = True
            elif key in _SKIPPED_SECTIONS:
                if skip_word is not None:
                    end_skip()
                skip_word = key
                skip_count = 0
                skip_problem = Problem(
                    "syntax",
                    WARNING,
                    "",
                    section,
                    lineno,
                    None,
                    f"nothing to do if the file comes from MDPro3; if these are Side Deck cards, "
                    f"move them above the #{key} line",
                )
                problems.append(skip_problem)
                skip_edo = _TITLE[(MAIN, EXTRA, SIDE)[reached]]
                saw_marker = True
            # any other "#word" (#created by …, #notes) is a comment
            continue

        if c == "!":
            if s != "!side":
                warn(
                    lineno,
                    f"Side Deck marker written as {clip(s)!r}: read as !side",
                    "write the line as exactly !side",
                    SIDE,
                )
            switch(SIDE, lineno, "!side")
            continue

        if skip_word is not None:
            skip_count += 1
            continue

        # Slow path: text around a passcode, long numbers, odd characters.
        n = len(s)
        i = 0
        while i < n and "0" <= s[i] <= "9":
            i += 1
        if i:
            digits = s[:i]
            sig = digits.lstrip("0")
            if len(sig) > MAX_PASSCODE_DIGITS:
                warn(
                    lineno,
                    f"{clip(digits)} is not a passcode (passcodes have at most {MAX_PASSCODE_DIGITS} digits); line skipped",
                    "check the number against the card's passcode",
                    section,
                )
                bad += 1
                continue
            code = int(sig) if sig else 0
            text_line = _TEXT_LINE.fullmatch(s) if i <= 2 else None
            name: str | None
            if text_line and any(ch.isalpha() for ch in text_line.group(2)):
                # "3 Effect Veiler": a line of a text decklist, read by name
                name = clip(text_line.group(2).strip(), NAME_LIMIT)
                if not code:
                    warn(lineno, f"{clip(s)!r}: a count of 0; line skipped", "remove the line, or write the count",
                         section)
                    bad += 1
                    continue
                warn(
                    lineno,
                    f"{clip(s)!r} is a count and a card name, not a passcode: read as {code} "
                    f"{'copy' if code == 1 else 'copies'} of the card named {clip(name)!r}",
                    f"YDK lines hold passcodes, one line per copy (EDOPro and YGOPro read this line as passcode "
                    f"{code}, which no card has): write the card's passcode {'once' if code == 1 else f'{code} times'}",
                    section,
                )
                if len(entries) >= entry_limit:
                    return _too_many(deck, lineno, entry_limit)
                append(Entry(section, lineno, None, name, code, clip(s, NAME_LIMIT)))  # the line, as quoted
                continue
            rest = s[i:]
            name = None
            if rest:
                tail = rest.strip(_NAME_SEP)
                if not (rest[0].isspace() or rest[0] in _NAME_SEP):
                    warn(
                        lineno,
                        f"{clip(s)!r}: text right after the passcode; read as passcode {code}",
                        "put a space between the passcode and any text after it",
                        section,
                    )
                elif tail and _COUNT_LIKE.fullmatch(tail):
                    warn(
                        lineno,
                        f"{clip(s)!r}: {tail!r} looks like a copy count, but a YDK line holds one card; "
                        f"read as 1 copy of {code}",
                        "repeat the passcode on its own line once per copy",
                        section,
                    )
                elif tail and any(ch.isalpha() for ch in tail):
                    name = clip(tail, NAME_LIMIT)
                    if len(digits) <= 2:
                        warn(
                            lineno,
                            f"{clip(s)!r} looks like a count and a card name, not a passcode; read as passcode {code}",
                            "YDK lines hold passcodes; write the card's passcode once per copy, "
                            "or use a YAML decklist for names and counts",
                            section,
                        )
            if len(entries) >= entry_limit:
                return _too_many(deck, lineno, entry_limit)
            append(Entry(section, lineno, code, name, 1, clip(s, NAME_LIMIT)))  # the line, as quoted
            continue

        core = s.strip(_STRIP_PUNCT)
        if core and core.isdecimal():
            if len(core.lstrip("0")) > MAX_PASSCODE_DIGITS:
                warn(
                    lineno,
                    f"{clip(s)!r} is not a passcode (passcodes have at most {MAX_PASSCODE_DIGITS} digits); line skipped",
                    "check the number against the card's passcode",
                    section,
                )
                bad += 1
                continue
            code = int(core.lstrip("0") or "0")
            warn(
                lineno,
                f"passcode written as {clip(s)!r}: read as {code}",
                f"write the passcode alone on the line: {code}",
                section,
            )
            if len(entries) >= entry_limit:
                return _too_many(deck, lineno, entry_limit)
            append(Entry(section, lineno, code, None, 1, clip(s, NAME_LIMIT)))
            continue

        bad += 1
        m = _DIGIT_RUN.search(s)
        warn(
            lineno,
            f"{clip(s)!r} is not a passcode; line skipped",
            f"if {m.group()} is the card's passcode, write it at the start of the line"
            if m
            else _FIX_NOT_PASSCODE,
            section,
        )

    if skip_word is not None:
        end_skip()
    if cosmetic:
        problems.append(Problem(
            "syntax", INFO, f"MDPro3's own sections ({', '.join(dict.fromkeys(cosmetic))}; {cosmetic_count} "
            f"line{'s' if cosmetic_count != 1 else ''} from line {cosmetic_line} on) are not part of the deck: skipped",
            None, cosmetic_line, None,
            f"nothing to do; if some of these lines are Side Deck cards, move them above line {cosmetic_line}"))
    if left_out:
        count, line, sec = left_out
        problems.append(Omitted("syntax", WARNING, count, sec, line, warn_limit))

    if not saw_marker and (not entries or bad > len(entries)):
        return unreadable(deck, *_no_decklist(text, len(entries), bad))

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
    deck.no_extra_line = bool(entries) and not saw_extra  # judged with the cards (rules/wrong_section.py)
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
    if _YAML_SECTION.search(text):
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
