"""deckcheck's own registration sheet as a PDF, drawn with reportlab: the fields and layout of Konami's
decklist form (registration.py) on US Letter (or A4).

Page 1 is the form: the player and event fields, the last initial, the judges' box, the Main Deck's
Monster, Spell and Trap blocks (18 rows each), the Extra and Side Deck (15 rows each), every total.
Rows past a block's own go on continuation pages, with the cards no group holds; an illegal deck has a
banner with its errors on every page (the first errors, and a last page with all of them when they do
not fit). A name too long for its row is drawn smaller, then narrower — always whole.
"""

from __future__ import annotations

from typing import BinaryIO

from ..version import __version__
from ..model import EXTRA, MAIN, SECTION_TITLES, SIDE
from ..registration import (
    BLOCKS, EXTRA_DECK, FIELD_TITLES, MAIN_OTHER, MONSTERS, SIDE_DECK, SPELLS, TRAPS, Row, Sheet,
)
from ..report.escape import printable
from .fonts import Fonts, Undrawable

PAPER = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
MARGIN = 28.0
ROW = 12.0  # a card row's height
BANNER_LINES = 4  # errors shown in the banner; more: all of them on a last page
DARK, GREY, LIGHT, FAINT, RED, PALE_RED, WHITE = "#1f2933", "#6b7280", "#e5e7eb", "#f5f6f8", "#b91c1c", "#fde8e8", "#ffffff"
_TYPE_TOTALS = {MONSTERS: "Total Monster Cards", SPELLS: "Total Spell Cards", TRAPS: "Total Trap Cards"}
_SECTION_TOTALS = {EXTRA_DECK: ("Extra Deck", "Total Extra Deck", EXTRA), SIDE_DECK: ("Side Deck", "Total Side Deck", SIDE)}


class _Pen:
    """Drawing on a reportlab canvas, measured from the top of the page; text in the sheet's fonts."""

    def __init__(self, canvas, fonts: Fonts, height: float):
        self.canvas, self.fonts, self.height = canvas, fonts, height

    def text(self, x: float, baseline: float, text: str, size: float, bold: bool = False, color: str = DARK,
             align: str = "left", width: float | None = None, min_size: float = 4.5) -> None:
        """``text`` at ``baseline`` from the top; within ``width`` if given: smaller down to ``min_size``,
        then narrower — never cut."""
        c = self.canvas
        text = printable(text)
        natural = self.fonts.width(text, size)
        scale = 100.0
        if width is not None and natural > width:
            size = max(min_size, size * width / natural)
            natural = self.fonts.width(text, size)
            if natural > width:
                scale = 100.0 * width / natural
                natural = width
        if align == "right":
            x -= natural
        elif align == "center":
            x -= natural / 2
        c.saveState()  # the text state (render mode, scale) outlives a text object: each text restores it
        c.setFillColor(color)
        t = c.beginText(x, self.height - baseline)
        if bold:  # the shipped font has one weight: bold is its outline stroked too
            c.setStrokeColor(color)
            c.setLineWidth(size / 24)
            t.setTextRenderMode(2)
        if scale != 100.0:
            t.setHorizScale(scale)
        for font, piece in self.fonts.runs(text):
            t.setFont(font, size)
            t.textOut(piece)
        c.drawText(t)
        c.restoreState()

    def box(self, x: float, top: float, w: float, h: float, fill: str | None = None, stroke: str | None = GREY,
            line: float = 0.6) -> None:
        c = self.canvas
        c.setLineWidth(line)
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
        c.rect(x, self.height - top - h, w, h, stroke=1 if stroke else 0, fill=1 if fill else 0)

    def line(self, x1: float, top1: float, x2: float, top2: float, color: str = GREY, width: float = 0.5) -> None:
        c = self.canvas
        c.setStrokeColor(color)
        c.setLineWidth(width)
        c.line(x1, self.height - top1, x2, self.height - top2)


def render(sheets: list[Sheet], out: BinaryIO, fonts: Fonts, paper: str = "letter", about: str = "") -> None:
    """Every sheet, one after the other, into one PDF written to ``out``. ``about``: what the footer says of
    the check (format, list, date)."""
    from reportlab.pdfgen.canvas import Canvas

    width, height = PAPER[paper]
    canvas = Canvas(out, pagesize=(width, height), invariant=1, pageCompression=1)
    canvas.setCreator(f"deckcheck {__version__}")
    canvas.setTitle("Deck registration sheet" if len(sheets) != 1 else
                    f"Deck registration sheet: {printable(sheets[0].player.name() or sheets[0].path)}")
    for sheet in sheets:
        _Sheet(canvas, fonts, sheet, width, height, about).draw()
    canvas.save()


def undrawable(sheet: Sheet, fonts: Fonts) -> list[Undrawable]:
    """Every text of ``sheet`` from the deck and its sources that ``fonts`` cannot draw (checked before
    anything is drawn, so that all of them are named at once)."""
    player = sheet.player
    texts = [*(row.name for rows in sheet.blocks.values() for row in rows),
             *(value for value in (player.first_name, player.last_name, player.konami_id, player.country, player.event)
               if value),
             *(_problem_line(p) for p in sheet.problems)]  # not the path: the footer draws what it can of it
    found = []
    for text in dict.fromkeys(printable(t) for t in texts):
        try:
            fonts.runs(text)
        except Undrawable as exc:
            found.append(exc)
    return found


def render_for_form(sheet: Sheet, rows: dict[str, int], out: BinaryIO, fonts: Fonts, size: tuple[float, float],
                    form_pages: int, about: str = "") -> None:
    """What a filled form needs drawn: page 1, the banner alone (to lay over each page of the form; blank
    for a legal deck), then the continuation and problem pages for the rows past the form's ``rows``."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(out, pagesize=size, invariant=1, pageCompression=1)
    canvas.setCreator(f"deckcheck {__version__}")
    _Sheet(canvas, fonts, sheet, size[0], size[1], about, rows).draw(form_pages)
    canvas.save()


class _Sheet:
    def __init__(self, canvas, fonts: Fonts, sheet: Sheet, width: float, height: float, about: str,
                 rows: dict[str, int] | None = None):
        self.canvas, self.sheet, self.width, self.height, self.about = canvas, sheet, width, height, about
        self.pen = _Pen(canvas, fonts, height)
        self.fonts = fonts
        self.inner = width - 2 * MARGIN
        self.rows = rows or {}  # a form's own number of rows per block, where they differ from Konami's

    # -- the pages -------------------------------------------------------------------------------

    def draw(self, form_pages: int | None = None) -> None:
        """The sheet's pages; ``form_pages``: the pages of a form this completes (page 1 is then the
        banner alone, and the pages are numbered after the form's)."""
        continuation = self._continuation_pages()
        problems = self._problem_pages() if len(self.sheet.errors) > BANNER_LINES else []
        first = form_pages or 1
        self.pages = first + len(continuation) + len(problems)
        self.page = first
        if form_pages is None:
            self._first_page(continued_on=2 if continuation else None)
        else:
            self._banner(MARGIN / 2, translucent=True)
            if self.sheet.fingerprint:  # laid over every page of the form, below its own print
                self._stamp(self.width - MARGIN, self.height - MARGIN / 3)
        for columns in continuation:
            self._next_page()
            self._continuation_page(columns)
        for lines in problems:
            self._next_page()
            self._problem_page(lines)
        self.canvas.showPage()

    def _next_page(self) -> None:
        self.canvas.showPage()
        self.page += 1

    def _footer(self) -> None:
        sheet = self.sheet
        left = f"deckcheck {__version__} · {self.fonts.drawable(printable(sheet.path))}" + (
            f" · {self.about}" if self.about else "")
        right = f"page {self.page} of {self.pages}"
        baseline = self.height - MARGIN / 2
        self.pen.text(self.width - MARGIN, baseline, right, 6.5, color=GREY, align="right")
        room = 60
        if sheet.fingerprint:
            self._stamp(self.width - MARGIN - 52, baseline)
            room = 290
        self.pen.text(MARGIN, baseline, left, 6.5, color=GREY, width=self.inner - room)

    def _stamp(self, right: float, baseline: float) -> None:
        """The deck's fingerprint, right-aligned at ``right`` (docs/fingerprint.md): on every page, so a page
        found alone still says which deck it belongs to."""
        self.pen.text(right, baseline, f"DECK FINGERPRINT  {self.sheet.fingerprint}", 8, bold=True, color=DARK,
                      align="right")

    def _banner(self, top: float, translucent: bool = False) -> float:
        """The errors of an illegal deck, on top of the page; returns the top below it. ``translucent``:
        laid over a page of a form, whose print shows through."""
        errors = self.sheet.errors
        if not errors:
            return top
        shown = errors[:BANNER_LINES]
        more = len(errors) - len(shown)
        lines = len(shown) + (1 if more else 0)
        h = 18 + 9.5 * lines + 3
        pen = self.pen
        if translucent:
            self.canvas.saveState()
            self.canvas.setFillAlpha(0.88)
        pen.box(MARGIN, top, self.inner, h, fill=PALE_RED, stroke=RED, line=1.2)
        if translucent:
            self.canvas.restoreState()
        count = f"{len(errors)} error{'s' if len(errors) != 1 else ''}"
        pen.text(MARGIN + 8, top + 13, f"NOT LEGAL AS REGISTERED: {count}", 9.5, bold=True, color=RED)
        pen.text(self.width - MARGIN - 8, top + 13, "printed so that what was registered is on record", 6.5,
                 color=RED, align="right")
        baseline = top + 13
        for problem in shown:
            baseline += 9.5
            pen.text(MARGIN + 8, baseline, _problem_line(problem), 7, color=DARK, width=self.inner - 16)
        if more:
            baseline += 9.5
            pen.text(MARGIN + 8, baseline, f"… and {more} more: every error is on page {self.pages}", 7, bold=True,
                     color=RED)
        return top + h + 8

    def _header(self, top: float, title: str) -> float:
        pen = self.pen
        game = "YU-GI-OH! RUSH DUEL" if self.sheet.game == "rush" else "YU-GI-OH! TRADING CARD GAME"
        pen.text(MARGIN, top + 9, game, 7.5, color=GREY)
        pen.text(MARGIN, top + 29, title, 18, bold=True)
        size = 46
        x = self.width - MARGIN - size
        pen.box(x, top, size, size, stroke=DARK, line=1.2)
        pen.text(x + size / 2, top + 8, "LAST INITIAL", 5.5, color=GREY, align="center")
        pen.text(x + size / 2, top + 37, self.sheet.player.last_initial or "", 24, bold=True, align="center",
                 width=size - 6)
        return top + size + 8

    def _first_page(self, continued_on: int | None) -> None:
        top = self._banner(MARGIN)
        top = self._header(top, "DECK REGISTRATION SHEET")
        top = self._player_fields(top)
        top = self._main_deck(top, continued_on)
        self._extra_and_side(top, continued_on)
        self._footer()

    # -- the player and event, the judges' box ---------------------------------------------------

    def _field(self, x: float, top: float, w: float, label: str, value: str | None, size: float = 9.5) -> None:
        pen = self.pen
        pen.text(x, top + 6, label.upper(), 5.5, color=GREY)
        pen.box(x, top + 8, w, 16, fill=WHITE, stroke=GREY)
        if value:
            pen.text(x + 4, top + 20, value, size, width=w - 8)

    def _player_fields(self, top: float) -> float:
        player = self.sheet.player
        judge_w = 150.0
        area = self.inner - judge_w - 10
        half = (area - 8) / 2
        x2 = MARGIN + half + 8
        self._field(MARGIN, top, half, FIELD_TITLES["first_name"], player.first_name)
        self._field(x2, top, half, FIELD_TITLES["last_name"], player.last_name)
        self._field(MARGIN, top + 28, half, FIELD_TITLES["konami_id"], player.konami_id, size=10.5)
        self._field(x2, top + 28, half, FIELD_TITLES["country"], player.country)
        date_w = 118.0
        self._field(MARGIN, top + 56, area - date_w - 8, FIELD_TITLES["event"], player.event)
        day = player.day
        x = MARGIN + area - date_w
        for label, w, value in (("DD", 28, f"{day.day:02d}" if day else ""), ("MM", 28, f"{day.month:02d}" if day else ""),
                                ("YYYY", 46, f"{day.year:04d}" if day else "")):
            self._field(x, top + 56, w, "Date " + label if label == "DD" else label, None)
            if value:
                self.pen.text(x + w / 2, top + 76, value, 9.5, align="center")
            x += w + 8
        self._judge_box(self.width - MARGIN - judge_w, top, judge_w, 80)
        return top + 92

    def _judge_box(self, x: float, top: float, w: float, h: float) -> None:
        pen = self.pen
        pen.box(x, top, w, h, fill=FAINT, stroke=DARK, line=1)
        pen.box(x, top, w, 13, fill=DARK, stroke=DARK)
        pen.text(x + w / 2, top + 9.5, "JUDGE USE ONLY", 7, bold=True, color=WHITE, align="center")
        baseline = top + 27
        for label in ("Deck list checked", "Deck check round", "Judge initial", "Infractions"):
            pen.text(x + 6, baseline, label, 7)
            if label == "Deck list checked":
                pen.box(x + w - 18, baseline - 8, 10, 10, fill=WHITE, stroke=DARK)
            else:
                pen.line(x + 72, baseline + 1.5, x + w - 8, baseline + 1.5, color=GREY)
            baseline += 16

    # -- the card blocks -------------------------------------------------------------------------

    def _bar(self, top: float, x: float, w: float, title: str, total_label: str, total: int) -> float:
        pen = self.pen
        pen.box(x, top, w, 16, fill=DARK, stroke=DARK)
        pen.text(x + 6, top + 11.5, title.upper(), 9, bold=True, color=WHITE)
        pen.text(x + w - 6, top + 11.5, f"{total_label}: {total}", 8.5, bold=True, color=WHITE, align="right")
        return top + 20

    def _block(self, x: float, top: float, w: float, title: str, rows: list[Row], capacity: int, total_label: str,
               total: int, overflow: int, continued_on: int | None) -> float:
        """A block of the form: a title row, ``capacity`` rows (count, name), its total; returns the bottom."""
        pen = self.pen
        pen.box(x, top, w, 13, fill=LIGHT, stroke=GREY)
        pen.text(x + 4, top + 9.3, "QTY", 5.5, color=GREY)
        pen.text(x + 24, top + 9.3, title.upper(), 7.5, bold=True)
        y = top + 13
        for i in range(capacity):
            pen.box(x, y, w, ROW, fill=WHITE if i % 2 == 0 else FAINT, stroke=GREY, line=0.4)
            pen.line(x + 20, y, x + 20, y + ROW, color=GREY, width=0.4)
            if i < len(rows):
                row = rows[i]
                pen.text(x + 10, y + 8.8, str(row.count), 8.5, bold=True, align="center")
                name = row.name + (f"  ({row.note})" if row.note else "")
                pen.text(x + 24, y + 8.8, name, 8, width=w - 28)
            y += ROW
        pen.box(x, y, w, 15, fill=LIGHT, stroke=GREY)
        if overflow:
            pen.text(x + 4, y + 10.5, f"+{overflow} on page {continued_on}", 7, bold=True, color=RED)
        pen.text(x + w - 28, y + 10.5, total_label, 7, bold=True, align="right")
        pen.box(x + w - 24, y + 2, 21, 11, fill=WHITE, stroke=DARK)
        pen.text(x + w - 13.5, y + 10.5, str(total), 8.5, bold=True, align="center")
        return y + 15

    def _main_deck(self, top: float, continued_on: int | None) -> float:
        sheet, totals = self.sheet, self.sheet.totals
        top = self._bar(top, MARGIN, self.inner, "Main Deck", "Total Main Deck", totals[MAIN])
        gap = 8.0
        w = (self.inner - 2 * gap) / 3
        bottom = top
        for i, block in enumerate((MONSTERS, SPELLS, TRAPS)):
            title, capacity = BLOCKS[block]
            bottom = self._block(MARGIN + i * (w + gap), top, w, title, sheet.first_page(block), capacity,
                                 _TYPE_TOTALS[block], totals[block], len(sheet.continued(block)), continued_on)
        others = sheet.blocks[MAIN_OTHER]
        if others:
            n = sum(row.count for row in others if row.counted)
            self.pen.text(MARGIN, bottom + 10, f"+ {n} Main Deck card{'s' if n != 1 else ''} in no Monster, Spell or "
                          f"Trap block (as written; counted in Total Main Deck): on page {continued_on}", 7.5,
                          bold=True, color=RED, width=self.inner)
            bottom += 6
        return bottom + 12

    def _extra_and_side(self, top: float, continued_on: int | None) -> float:
        sheet, totals = self.sheet, self.sheet.totals
        gap = 8.0
        w = (self.inner - gap) / 2
        bottom = top
        # a format without a Side Deck (Master Duel): no Side Deck section, unless the deck has one anyway
        shown = (EXTRA_DECK, SIDE_DECK) if sheet.side_deck or sheet.blocks[SIDE_DECK] else (EXTRA_DECK,)
        for i, block in enumerate(shown):
            title, total_label, section = _SECTION_TOTALS[block]
            x = MARGIN + i * (w + gap)
            y = self._bar(top, x, w, title, total_label, totals[section])
            bottom = self._block(x, y, w, "Card name", sheet.first_page(block), BLOCKS[block][1], total_label,
                                 totals[section], len(sheet.continued(block)), continued_on)
        return bottom

    # -- continuation pages ----------------------------------------------------------------------

    def _continuation_pages(self) -> list[list[list[tuple]]]:
        """The rows past the form's, laid out: pages of two columns of items (("title", text) or
        ("row", number, Row))."""
        items: list[tuple] = []
        for block in (MONSTERS, SPELLS, TRAPS, MAIN_OTHER, EXTRA_DECK, SIDE_DECK):
            own = self.rows.get(block, BLOCKS[block][1])
            rows = self.sheet.continued(block, own)
            if not rows:
                continue
            first = own + 1
            main_type = block in (MONSTERS, SPELLS, TRAPS)
            title = f"{SECTION_TITLES[MAIN]} Deck · {BLOCKS[block][0]}" if main_type else BLOCKS[block][0]
            if own:
                title += f" (continued: rows {first}–{first + len(rows) - 1})"
            items.append(("title", title))
            items.extend(("row", first + i, row) for i, row in enumerate(rows))
        if not items:
            return []
        top = self._continuation_top()
        per_column = int((self.height - MARGIN - 24 - top) // ROW)
        pages: list[list[list[tuple]]] = []
        column: list[tuple] = []
        for item in items:
            if len(column) >= per_column or (item[0] == "title" and len(column) >= per_column - 1):
                if not pages or len(pages[-1]) == 2:
                    pages.append([])
                pages[-1].append(column)
                column = []
            column.append(item)
        if not pages or len(pages[-1]) == 2:
            pages.append([])
        pages[-1].append(column)
        return pages

    def _continuation_top(self) -> float:
        errors = self.sheet.errors
        banner = 0.0
        if errors:
            lines = min(len(errors), BANNER_LINES) + (1 if len(errors) > BANNER_LINES else 0)
            banner = 18 + 9.5 * lines + 3 + 8
        return MARGIN + banner + 54 + 22

    def _who(self, top: float) -> float:
        player = self.sheet.player
        parts = [f"{title}: {value}" for title, value in (
            ("Player", ", ".join(p for p in (player.last_name, player.first_name) if p)),
            ("KONAMI ID", player.konami_id), ("Event", player.event), ("Date", player.date)) if value]
        self.pen.text(MARGIN, top + 8, " · ".join(parts) or "(no player or event given)", 8.5, width=self.inner)
        return top + 22

    def _continuation_page(self, columns: list[list[tuple]]) -> None:
        top = self._banner(MARGIN)
        top = self._header(top, "DECK REGISTRATION SHEET · CONTINUED")
        top = self._who(top)
        gap = 12.0
        w = (self.inner - gap) / 2
        pen = self.pen
        for i, column in enumerate(columns):
            x = MARGIN + i * (w + gap)
            y = top
            for item in column:
                if item[0] == "title":
                    pen.box(x, y, w, ROW, fill=DARK, stroke=DARK)
                    pen.text(x + 4, y + 8.6, item[1], 7.5, bold=True, color=WHITE, width=w - 8)
                else:
                    _, number, row = item
                    pen.box(x, y, w, ROW, fill=WHITE if number % 2 else FAINT, stroke=GREY, line=0.4)
                    pen.text(x + 12, y + 8.6, str(number), 5.5, color=GREY, align="right")
                    pen.text(x + 24, y + 8.8, str(row.count), 8.5, bold=True, align="center")
                    name = row.name + (f"  ({row.note})" if row.note else "")
                    pen.text(x + 34, y + 8.8, name, 8, width=w - 38)
                y += ROW
        self._footer()

    # -- every problem, when the banner cannot hold them -----------------------------------------

    def _problem_pages(self) -> list[list[str]]:
        lines = [_problem_line(p) for p in self.sheet.problems]
        top = self._continuation_top()
        per_page = int((self.height - MARGIN - 24 - top) // 10)
        return [lines[i:i + per_page] for i in range(0, len(lines), per_page)]

    def _problem_page(self, lines: list[str]) -> None:
        top = self._banner(MARGIN)
        top = self._header(top, "DECK REGISTRATION SHEET · PROBLEMS")
        top = self._who(top)
        for line in lines:
            self.pen.text(MARGIN, top + 7, line, 7.5, width=self.inner)
            top += 10
        self._footer()


def _problem_line(problem) -> str:
    where = ", ".join(part for part in (f"line {problem.line}" if problem.line is not None else "",
                                        SECTION_TITLES.get(problem.section, "") if problem.section else "") if part)
    text = f"{problem.rule}" + (f" ({where})" if where else "") + f": {problem.message}"
    if problem.severity != "error":
        text = f"{problem.severity}: {text}"
    return text + (f" → {problem.fix}" if problem.fix else "")
