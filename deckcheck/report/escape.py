"""Untrusted text in reports: everything from a decklist or a file name is shown, never obeyed.

Three dangers, one function each:

- ``printable``: control characters (C0, DEL, C1), bidirectional overrides and line
  separators would move the cursor, recolour or reorder a terminal line, and the bytes of a
  file name that is not UTF-8 (surrogate escapes) cannot be written at all. They are shown
  escaped: ``\\x1b``, ``\\n``, ``\\u202e``, and ``\\x83`` for each byte of a name that is not
  UTF-8. Every human-readable report (text, GitHub, CSV, JUnit, SARIF messages) and every
  error message on stderr shows data through it.
- ``neutralize_commands``: a CI runner (GitHub Actions) obeys a log line that begins, after
  white space, with ``::`` and any ``##[`` anywhere in a line. In the final text of every
  report but ``-o github`` (whose commands deckcheck writes itself, data escaped) such a
  colon and bracket are written in the report format's own escape: ``\\x3a`` and ``\\x5b``
  in text and CSV, character references in XML, ``\\u005b`` in JSON (the same value).
- ``html_text``: text in an HTML document (``-o html``) is its ``printable`` form with ``&``, ``<``,
  ``>``, ``"`` and ``'`` as character references: text in an element or an attribute, never markup.
- ``json_safe``: the JSON encoder leaves DEL, C1 and bidirectional controls raw; they become
  ``\\u`` escapes (the same value). A lone surrogate (a file name that is not UTF-8) is not a
  Unicode string at all: it becomes its ``printable`` form.

Rich markup is the fourth danger; the text renderers never pass data as markup (see
``report/terminal.py``).
"""

from __future__ import annotations

import re
from functools import cache

_UNSAFE_CHARS = (
    "\x00-\x1f\x7f-\x9f"  # C0, DEL, C1
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks, embeddings, overrides, isolates
    "\u2028\u2029"  # line and paragraph separators
    "\ud800-\udfff"  # lone surrogates: bytes of a file name that is not UTF-8, or a YAML "\ud800"
    "\ufffe\uffff"  # noncharacters
)
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _escaped(match: re.Match) -> str:
    ch = match.group()
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # os.fsdecode's escape for the byte code - 0xDC00
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


# Patterns compiled on first use: a JSON report needs one of the three, and each costs ~0.2 ms.
@cache
def _unsafe() -> re.Pattern:
    return re.compile(f"[{_UNSAFE_CHARS}]")


def printable(text: str) -> str:
    """``text`` with every control, bidi and non-UTF-8 character shown as an escape."""
    unsafe = _unsafe()
    if unsafe.search(text) is None:
        return text
    return unsafe.sub(_escaped, text)


def html_text(value) -> str:
    """Data (a path, a card name, a message; None is empty) as HTML text or an attribute value."""
    from html import escape

    return escape(printable("" if value is None else str(value)), quote=True)


# "::" after white space at the start of a line (the runner trims .NET white space; Python's
# \s is a superset of it), or "##[" anywhere (the runner's older command syntax).
@cache
def _commands() -> re.Pattern:
    return re.compile(r"(?:(?<=[\n\r])|^)[^\S\n\r]*(:)(?=:)|##(\[)")


def neutralize_commands(text: str, colon: str = "\\x3a", bracket: str = "\\x5b", at_line_start: bool = True) -> str:
    """``text`` in which no line begins with ``::`` and no ``##[`` is left: the first colon of
    such a line becomes ``colon``, the bracket ``bracket``. ``at_line_start``: whether
    ``text`` continues a line already written (False) or starts one."""
    if "::" not in text and "##[" not in text:
        return text

    def fix(match: re.Match) -> str:
        whole = match.group()
        if match.group(2) is not None:
            return "##" + bracket
        if match.start() == 0 and not at_line_start:
            return whole
        return whole[:-1] + colon

    return _commands().sub(fix, text)


# What json.dumps(ensure_ascii=False) leaves raw: everything unsafe but C0 (already \u00XX).
_JSON_UNSAFE_CHARS = "\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufffe\uffff\ud800-\udfff"


@cache
def _json_unsafe() -> re.Pattern:
    return re.compile(f"[{_JSON_UNSAFE_CHARS}]|##\\[")


@cache
def _json_unsafe_char() -> re.Pattern:
    """One character class alone: searched three times as fast as the alternation (names not in ASCII)."""
    return re.compile(f"[{_JSON_UNSAFE_CHARS}]")


def _json_escaped(match: re.Match) -> str:
    ch = match.group()
    if ch == "##[":
        return "##\\u005b"
    if "\ud800" <= ch <= "\udfff":
        return printable(ch).replace("\\", "\\\\")
    return f"\\u{ord(ch):04x}"


def json_safe(encoded: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``) with nothing raw a terminal or
    a CI log would act on, and valid UTF-8. Only string contents can hold these characters."""
    if "##[" not in encoded:
        if encoded.isascii() and "\x7f" not in encoded:
            return encoded  # the usual case, told without a regex (isascii is a flag of the string)
        if encoded.isprintable() or encoded.replace("\n", "").isprintable() or _json_unsafe_char().search(encoded) is None:
            return encoded  # (no character it escapes is printable: isprintable() tells most names twice as fast, and
            # the report's indented pieces, lines of JSON, without compiling the pattern)
    return _json_unsafe().sub(_json_escaped, encoded)
