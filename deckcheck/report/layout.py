"""How the text reports fit a terminal: laid out for its width, a word never broken; piped, not wrapped.

On a terminal, or with a width given (``COLUMNS``, a test's console), a report is laid out for
that width: a table only where every column gets at least its header and its longest word
(``fits``), else the stacked form its renderer gives (one record in a few lines); lines are
wrapped at spaces with a hanging indent (``hang``, ``fold``), and a line of parts breaks only
between parts. Sent to a pipe or a file (no width known: ``wrap_width`` is None), nothing is
wrapped at all: each line of the report is one line, whatever its length, so ``grep`` and a
pager see whole lines; the console's stream drops trailing spaces (``terminal.console``).
"""

from __future__ import annotations

import re

from rich.cells import cell_len
from rich.console import Console, JustifyMethod
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from .terminal import UNWRAPPED

_SPACES = re.compile(r"( +)")
_MAYBE_WIDE = re.compile("[\u1100-\U0010ffff]")


def wrap_width(console: Console) -> int | None:
    """The width to lay a report out for: the terminal's, or one given; None when nothing is to be wrapped."""
    if console.is_terminal:
        return console.width
    fixed = getattr(console, "fixed_width", None)
    if fixed is None:  # a Console made elsewhere: rich keeps a width it was given (or COLUMNS) here
        fixed = getattr(console, "_width", None) is not None
    return console.width if fixed else None


def table(*headers: str, **options) -> Table:
    """A borderless table whose columns are never narrower than their headers."""
    grid = Table(box=None, header_style="bold", padding=(0, 1), show_header=True, **options)
    for header in headers:
        grid.add_column(header, min_width=len(header))
    return grid


_PADDING = 2  # a column's padding: one space either side (``table``)


def _ranges(console: Console, grid: Table) -> list[tuple[int, int]]:
    """(minimum, maximum) width of each column's content: its longest word (or its header), its longest line."""
    options = console.options.update_width(UNWRAPPED)
    ranges = []
    for column in grid.columns:
        low, high = column.min_width or 0, column.min_width or 0
        for cell in (column.header, *column.cells):
            measured = Measurement.get(console, options, cell)
            if column.no_wrap:
                measured = Measurement(measured.maximum, measured.maximum)
            low, high = max(low, measured.minimum), max(high, measured.maximum)
        ranges.append((low, high))
    return ranges


def natural_width(console: Console, grid: Table) -> int:
    """The width of ``grid`` with nothing wrapped."""
    return sum(high for _, high in _ranges(console, grid)) + _PADDING * len(grid.columns)


def fits(console: Console, grid: Table, width: int | None) -> bool:
    """Whether ``grid`` can be laid out in ``width`` without breaking a word or a header (None: always)."""
    if width is None:
        return True
    return sum(low for low, _ in _ranges(console, grid)) + _PADDING * len(grid.columns) <= width


READABLE = 16  # a column of text narrower than this (and than its longest line) reads badly


def _widths(console: Console, grid: Table, width: int) -> tuple[list[int], list[tuple[int, int]]]:
    """Column widths that keep every longest word whole (rich would shrink the widest columns past that):
    each column as wide as its longest line, then the widest narrowed, one cell at a time."""
    ranges = _ranges(console, grid)
    widths = [high for _, high in ranges]
    room = width - _PADDING * len(widths)
    while sum(widths) > room:
        slack = [i for i, w in enumerate(widths) if w > ranges[i][0]]
        if not slack:
            break  # does not fit (``fits`` says so first): rich folds what it must
        widest = max(slack, key=lambda i: widths[i])
        widths[widest] -= 1
    return widths, ranges


def reads_well(console: Console, grid: Table, width: int | None) -> bool:
    """Whether ``grid`` fits ``width`` with every column at least ``READABLE`` wide (or as wide as it needs)."""
    if width is None:
        return True
    if not fits(console, grid, width):
        return False
    widths, ranges = _widths(console, grid, width)
    return all(w >= min(high, READABLE) for w, (_, high) in zip(widths, ranges))


def _fit(console: Console, grid: Table, width: int) -> None:
    for column, w in zip(grid.columns, _widths(console, grid, width)[0]):
        column.width = w


def print_table(console: Console, grid: Table, width: int | None) -> None:
    """Print a table at ``width`` (no word broken where it ``fits``), or at its natural width when nothing is
    wrapped."""
    if width is not None:
        _fit(console, grid, width)
    console.print(grid, width=width or UNWRAPPED, highlight=False, crop=False)


def hang(console: Console, text: Text, width: int | None, indent: int = 4, first: int | None = None) -> Text:
    """``text`` wrapped at spaces to ``width``: the first line indented by ``first`` (default ``indent``),
    the lines after it by ``indent``. Unchanged (indented) when ``width`` is None or it fits."""
    first = indent if first is None else first
    if width is None or first + text.cell_len <= width:
        return Text(" " * first) + text if first else text
    room = max(width - max(first, indent), 10)
    lines = text.wrap(console, room, overflow="fold")
    out = Text()
    for i, line in enumerate(lines):
        line.rstrip()
        if i:
            out.append("\n")
        out.append(" " * (first if i == 0 else indent))
        out.append_text(line)
    return out


def fold(console: Console, parts: list[Text], width: int | None, indent: int = 2, sep: str = "  ",
         start: int = 0) -> Text:
    """``parts`` on one line, ``sep`` between; where that is wider than ``width``, they go on as many
    lines as needed, those after the first indented by ``indent``. A line breaks between parts, and
    inside a part only when the part alone is wider than a line. ``start``: the column the first
    line starts at (what is printed before it)."""
    parts = [p for p in parts if p.plain]
    out = Text()
    if width is None:
        return Text(sep).join(parts)
    at = start  # cells on the current line
    for part in parts:
        size = part.cell_len
        if out.plain and at + len(sep) + size > width:
            out.append("\n" + " " * indent)
            at = indent
        elif out.plain:
            out.append(sep)
            at += len(sep)
        if at + size <= width:
            out.append_text(part)
            at += size
            continue
        wrapped = hang(console, part, width, indent=indent, first=0)  # wider than a line by itself
        out.append_text(wrapped)
        last = wrapped.plain.rsplit("\n", 1)
        at = len(last[-1]) + (at if len(last) == 1 else 0)
    return out


def print_grid(console: Console, headers: list[str], rows: list[list], width: int | None,
               optional: tuple[str, ...] = (), justify: dict[str, JustifyMethod] | None = None) -> None:
    """Rows as a table where one fits ``width``, else as records: each row's first cell, then "Header: value"
    for the others, folded. The ``optional`` columns are left out, last first, while the table would need
    wrapping. Cells are Text or str (shown as data)."""
    keep = list(headers)
    while True:
        grid = table(*keep)
        for column in grid.columns:
            column.justify = (justify or {}).get(str(column.header), "left")
        for row in rows:
            grid.add_row(*(_cell(row[headers.index(h)]) for h in keep))
        dropped = [h for h in reversed(optional) if h in keep]
        if dropped and width is not None and natural_width(console, grid) > width:
            keep.remove(dropped[0])
            continue
        if reads_well(console, grid, width):
            print_table(console, grid, width)
            return
        break
    for row in rows:
        first = _cell(row[0])
        first.stylize("bold")
        parts = [first] + [Text(f"{h}: ") + _cell(v) for h, v in zip(headers[1:], row[1:]) if _plain(v)]
        console.print(fold(console, parts, width, indent=4, sep=" · "), highlight=False, soft_wrap=True)


def _cell(value) -> Text:
    from .terminal import shown

    return value.copy() if isinstance(value, Text) else shown(value)


def _plain(value) -> str:
    return value.plain if isinstance(value, Text) else str(value or "")


def reflow(text: str) -> list[tuple[str, bool]]:
    """A docstring as paragraphs: (text, verbatim). Lines of a paragraph are joined (the text was wrapped for
    a source file); indented lines, list items and ``PASS:``/``FAIL:`` lines are kept as written."""
    out: list[tuple[str, bool]] = []
    current: list[str] = []

    def flush() -> None:
        if current:
            out.append((" ".join(current), False))
            current.clear()

    for line in text.splitlines():
        if not line.strip():
            flush()
            out.append(("", True))
        elif line.startswith((" ", "\t", "- ", "* ")) or line.rstrip().endswith(":") and len(line) < 40:
            flush()
            out.append((line.rstrip(), True))
        else:
            current.append(line.strip())
    flush()
    return out


def runs_line(runs: list[tuple[str, str]], width: int | None = None, indent: int = 4, console: Console | None = None
              ) -> Text:
    """A line given as (text, style) runs, wrapped at spaces to ``width`` with a hanging ``indent``: what
    ``hang`` does, for the thousands of lines of a long report (a few ``Text.append`` per line, not a rich
    wrap). A word wider than a line goes to ``hang``, which folds it."""
    out = Text()
    if width is None or sum(cells(text) for text, _ in runs) <= width:
        style_now = ""
        buffer: list[str] = []
        for text, style in runs:  # one append per run of one style
            if style != style_now and buffer:
                out.append("".join(buffer), style_now)
                buffer = []
            style_now = style
            buffer.append(text)
        if buffer:
            out.append("".join(buffer), style_now)
        return out
    words: list[tuple[tuple[str, str], list[tuple[str, str]]]] = []  # (spaces before, the word's pieces)
    space: tuple[str, str] = ("", "")
    for text, style in runs:
        for chunk in _SPACES.split(text):
            if not chunk:
                continue
            if chunk[0] == " ":
                space = (chunk, style)
            elif words and not space[0]:
                words[-1][1].append((chunk, style))  # a word that goes on in the next run
            else:
                words.append((space, [(chunk, style)]))
                space = ("", "")
    line = 0  # cells on the current line
    style_now, buffer = "", []

    def put(chunk: str, style: str) -> None:
        nonlocal style_now
        if style != style_now and buffer:  # a run of one style: one append
            out.append("".join(buffer), style_now)
            buffer.clear()
        style_now = style
        buffer.append(chunk)

    for (spaces, space_style), pieces in words:
        size = sum(cells(chunk) for chunk, _ in pieces)
        if size > width - indent and console is not None:  # a word wider than a line: folded (measured by console)
            return hang(console, runs_line(runs), width, indent=indent, first=0)
        if line and line + len(spaces) + size > width:
            put("\n" + " " * indent, "")
            line = indent
        elif spaces:
            put(spaces, space_style)
            line += len(spaces)
        for chunk, style in pieces:
            put(chunk, style)
        line += size
    if buffer:
        out.append("".join(buffer), style_now)
    return out


def cells(text: str) -> int:
    """The cells ``text`` takes on a terminal: its length unless it has a character that may be wide
    (from U+1100 on: CJK, emoji), as the ``·`` and ``✓`` of every verdict line are not."""
    return len(text) if text.isascii() or not _MAYBE_WIDE.search(text) else cell_len(text)
