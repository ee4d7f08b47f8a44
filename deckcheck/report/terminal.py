"""Where the text reports meet rich: data as ``Text`` (never markup), and a safe Console.

Every text renderer (check, side, match, diff, and the other commands' listings) passes data
from decklists, file names and data files as ``shown(value)``, a ``Text`` of its
``printable`` form: rich never parses it as markup (``[/]``, ``[link=…]``) or emoji codes, and
control characters arrive escaped. The Console from ``console()`` also has markup and emoji
off, and writes through a stream that neutralizes workflow commands at the start of every
line (``escape.neutralize_commands``), so wrapping a long name can never start a line with
``::``, and that drops the spaces at the end of a line (rich pads table cells) on standard output.
How reports fit the width of a terminal, or are not wrapped at all when piped: ``layout.py``.
"""

from __future__ import annotations

import os
import re
import sys
from typing import IO, cast

from rich.console import Console
from rich.text import Text

from .escape import neutralize_commands, printable


def shown(value, style: str = "") -> Text:
    """Data (a path, a card name, a message) as rich Text: shown as written, controls escaped."""
    return Text("" if value is None else printable(str(value)), style=style)


MIN_WIDTH = 40  # narrower terminals (or COLUMNS=0) get lines of this width: a word or passcode is never cut
UNWRAPPED = 100_000  # the width a report is laid out at when nothing is wrapped (piped): tables at their natural width

# Spaces at the end of a line (before its newline, or before the colour codes that end it).
_TRAILING = re.compile(r" +((?:\x1b\[[0-9;]*m)*)(?=\n)")
_TAIL = re.compile(r" +(?:\x1b\[[0-9;]*m)*\Z")


class CommandSafeStream:
    """A text stream (stdout, stderr or a given one) whose lines never begin with ``::`` and, with
    ``trim``, never end with spaces."""

    def __init__(self, stream: IO[str] | None = None, stderr: bool = False, trim: bool = False):
        self._given = stream
        self._stderr = stderr
        self._at_line_start = True
        self._trim = trim
        self._held = ""  # spaces at the end of the last write: dropped if a newline follows

    @property
    def stream(self) -> IO[str]:
        # sys.stdout looked up at each write, as rich does (tests and redirections replace it);
        # while a progress bar runs, rich proxies sys.stdout/stderr through the console itself
        stream = self._given or (sys.stderr if self._stderr else sys.stdout)
        return getattr(stream, "rich_proxied_file", stream)

    def write(self, text: str) -> int:
        if self._trim:
            text = _TRAILING.sub(r"\1", self._held + text)
            tail = _TAIL.search(text)
            self._held = tail.group() if tail else ""
            if tail:
                text = text[:tail.start()]
        safe = neutralize_commands(text, at_line_start=self._at_line_start)
        newline = max(text.rfind("\n"), text.rfind("\r"))
        last = text[newline + 1:]
        self._at_line_start = (newline >= 0 or self._at_line_start) and (not last or last.isspace())
        return self.stream.write(safe)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        isatty = getattr(self.stream, "isatty", None)
        return bool(isatty and isatty())

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"


class ReportConsole(Console):
    """A rich Console that knows whether its width was given (``width``, or ``COLUMNS``): see ``console``."""

    fixed_width = False


def console(stderr: bool = False, file: IO[str] | None = None, **options) -> ReportConsole:
    """A Console for reports: no markup, no emoji codes, no highlighting, no workflow commands, no spaces
    at the ends of lines. ``fixed_width``: whether a width was given (``width``, or ``COLUMNS``), so that a
    report not on a terminal is still laid out for it (``layout.wrap_width``)."""
    options.setdefault("soft_wrap", False)
    stream = CommandSafeStream(file, stderr, trim=not stderr)
    fixed = options.get("width") is not None or (os.environ.get("COLUMNS") or "").isdigit()
    terminal = options.get("force_terminal")
    if not fixed and not (terminal if terminal is not None else stream.isatty()):
        options["width"] = UNWRAPPED  # piped or to a file: tables at their natural width, nothing wrapped
    # rich only writes, flushes and asks isatty/fileno/encoding of its file (typeshed's IO[str] is the whole interface)
    made = ReportConsole(file=cast(IO[str], stream), stderr=stderr, markup=False, emoji=False, highlight=False, **options)
    if made.width < MIN_WIDTH:  # COLUMNS=0 printed nothing at all (and -o replaced a report with 0 bytes)
        made.width = MIN_WIDTH
    made.fixed_width = fixed
    return made
