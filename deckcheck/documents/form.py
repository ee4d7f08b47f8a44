"""Filling the user's copy of Konami's decklist form (``--form KDE_DeckList.pdf``) with pypdf.

Konami's PDF cannot ship with deckcheck; the fields it has are documented (README, "Registration
sheets"): ``First Name``, ``Last.Names`` and ``Last.Initial`` (children of ``Last``), ``KONAMI ID``,
``Country of Residence``, ``Event``, ``Date DD``/``MM``/``YYYY``; ``Card Monster N`` and ``Number
Monster N`` (likewise ``Spell``, ``Trap``, ``ED`` for the Extra Deck, ``SD`` for the Side Deck); and
the totals. ``inspect`` reads the text fields of the form given and recognises those names
(ignoring case, spaces and punctuation); the rows of each block are the ``Card … N``/``Number … N``
pairs the form has, N = 1, 2, … — nothing beyond that is guessed, and the fields it lacks are named.

``fill`` writes the values, the totals as values (Konami's form computes them by script only in
Adobe Reader), sets NeedAppearances and writes each field's appearance so that every viewer shows
them; it drops the form's usage-rights signature, which any change invalidates. Rows past the form's,
and an illegal deck's banner, come from the sheet renderer: a continuation page, and the banner laid
over each page. Several decks in one PDF are filled, flattened (the values drawn into the page, the
fields removed: the same field names cannot hold several decks) and joined.
"""

from __future__ import annotations

import contextlib
import io
import logging
import re
import warnings
from dataclasses import dataclass, field

from ..model import EXTRA, MAIN, SIDE
from ..registration import EXTRA_DECK, MONSTERS, SIDE_DECK, SPELLS, TRAPS, Sheet
from ..report.escape import printable

PLAYER_FIELDS = {
    "first_name": "First Name", "last_name": "Last.Names", "last_initial": "Last.Initial", "konami_id": "KONAMI ID",
    "country": "Country of Residence", "event": "Event", "day": "Date DD", "month": "Date MM", "year": "Date YYYY",
}
ROW_FIELDS = {MONSTERS: "Monster", SPELLS: "Spell", TRAPS: "Trap", EXTRA_DECK: "ED", SIDE_DECK: "SD"}  # Card/Number X N
TOTAL_FIELDS = {MONSTERS: "Total Monster Cards", SPELLS: "Total Spell Cards", TRAPS: "Total Trap Cards",
                MAIN: "Total Main Deck", EXTRA: "Total Extra Deck", SIDE: "Total Side Deck"}
_PUNCTUATION = re.compile(r"[\W_]+")
_UNSHOWN = re.compile(r"Text string '(.*)' contains characters not supported by font encoding", re.S)


class FormError(Exception):
    """A --form that cannot be filled; the message says why."""


def _key(name: str) -> str:
    return _PUNCTUATION.sub("", name).casefold()


@dataclass
class FormLayout:
    """The fields found in a form: the documented name → the form's own (qualified) name."""

    path: str
    data: bytes
    player: dict[str, str] = field(default_factory=dict)
    rows: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # block -> [(card field, number field)]
    totals: dict[str, str] = field(default_factory=dict)
    size: tuple[float, float] = (612.0, 792.0)
    pages: int = 1

    def capacities(self) -> dict[str, int]:
        return {block: len(self.rows.get(block, [])) for block in ROW_FIELDS}

    def missing_report(self) -> list[str]:
        """What the form lacks, in words (the sheet's values for them go elsewhere or nowhere)."""
        lines = []
        absent = [name for key, name in PLAYER_FIELDS.items() if key not in self.player]
        absent += [name for key, name in TOTAL_FIELDS.items() if key not in self.totals]
        if absent:
            lines.append(f"no field {', '.join(repr(n) for n in absent)}: left out")
        for block, kind in ROW_FIELDS.items():
            if not self.rows.get(block):
                lines.append(f"no 'Card {kind} 1' and 'Number {kind} 1' fields: every {kind} row goes on the "
                             "continuation page")
        return lines


def inspect(data: bytes, shown: str) -> FormLayout:
    """The documented fields of the form ``data`` (read from ``shown``), by their real names."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    from pypdf.errors import DependencyError

    try:
        with _pypdf_quiet():
            reader = PdfReader(io.BytesIO(data))
            if reader.is_encrypted and not reader.decrypt(""):
                raise FormError(f"--form {shown}: the PDF is encrypted with a password")
            fields = reader.get_fields() or {}
            first = reader.pages[0]
            size = (float(first.mediabox.width), float(first.mediabox.height))
            pages = len(reader.pages)
            if pages > MAX_FORM_PAGES:
                raise FormError(f"--form {shown}: the PDF has {pages:,} pages; Konami's form has 1")
            text_fields = {name: f for name, f in fields.items() if isinstance(name, str) and f.get("/FT") == "/Tx"}
    except FormError:
        raise
    except DependencyError as exc:  # an AES-encrypted form needs the cryptography package
        raise FormError(f"--form {shown}: cannot be opened: {printable(str(exc))} (pip install 'deckcheck[pdf]' "
                        "installs it)") from None
    except (PdfReadError, ValueError, KeyError, IndexError) as exc:
        raise FormError(f"--form {shown}: not a PDF deckcheck can read ({printable(str(exc))[:200]})") from None
    except Exception as exc:  # noqa: BLE001 - pypdf on a malformed PDF: /Parent loops, deep /Kids, odd types
        raise FormError(f"--form {shown}: not a PDF form deckcheck can read (pypdf: {type(exc).__name__})") from None
    if not text_fields:
        raise FormError(f"--form {shown}: the PDF has no text fields to fill: not a decklist form "
                        "(deckcheck draws its own sheet without --form)")
    by_key: dict[str, str] = {}
    for name in text_fields:
        by_key.setdefault(_key(name), name)
    layout = FormLayout(shown, data, size=size, pages=pages)
    for key, documented in PLAYER_FIELDS.items():
        if _key(documented) in by_key:
            layout.player[key] = by_key[_key(documented)]
    for key, documented in TOTAL_FIELDS.items():
        if _key(documented) in by_key:
            layout.totals[key] = by_key[_key(documented)]
    for block, kind in ROW_FIELDS.items():
        pairs = []
        n = 1
        while _key(f"Card {kind} {n}") in by_key and _key(f"Number {kind} {n}") in by_key:
            pairs.append((by_key[_key(f"Card {kind} {n}")], by_key[_key(f"Number {kind} {n}")]))
            n += 1
        layout.rows[block] = pairs
    if not layout.player and not any(layout.rows.values()) and not layout.totals:
        raise FormError(f"--form {shown}: none of its {len(text_fields)} text fields is one of Konami's decklist "
                        "form (First Name, Card Monster 1, …): not that form")
    return layout


def values(layout: FormLayout, sheet: Sheet) -> dict[str, str]:
    """Field name → value for one sheet."""
    from ..report.escape import printable

    player = sheet.player
    day = player.day
    found = {
        "first_name": player.first_name, "last_name": player.last_name, "last_initial": player.last_initial,
        "konami_id": player.konami_id, "country": player.country, "event": player.event,
        "day": f"{day.day:02d}" if day else None, "month": f"{day.month:02d}" if day else None,
        "year": f"{day.year:04d}" if day else None,
    }
    out = {layout.player[k]: printable(v) for k, v in found.items() if v is not None and k in layout.player}
    for block, pairs in layout.rows.items():
        for (card_field, number_field), row in zip(pairs, sheet.first_page(block, len(pairs))):
            out[card_field] = printable(row.name + (f" ({row.note})" if row.note else ""))
            out[number_field] = str(row.count)
    totals = sheet.totals
    for key, name in layout.totals.items():
        out[name] = str(totals[key])
    return out


MAX_FORM_PAGES = 50


@contextlib.contextmanager
def _pypdf_quiet():
    """pypdf's warnings (and Python's) kept off stderr: they quote the hostile PDF's own bytes raw."""
    logger = logging.getLogger("pypdf")
    handler = logging.NullHandler()
    saved = logger.propagate
    logger.addHandler(handler)
    logger.propagate = False
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        logger.removeHandler(handler)
        logger.propagate = saved


class _Warnings(logging.Handler):
    """pypdf's warnings while it writes appearances: a value its font cannot show is one."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def fill(layout: FormLayout, sheet: Sheet, fonts, about: str = "", flatten: bool = False) -> tuple[bytes, list[str]]:
    """The form filled with ``sheet``, the banner over each page and the continuation pages after it; and
    the values the form's fonts cannot show (pypdf's words). FormError when pypdf cannot fill it."""
    try:
        with _pypdf_quiet():
            return _fill(layout, sheet, fonts, about, flatten)
    except Exception as exc:  # noqa: BLE001 - pypdf on a malformed form (/Parent loops, a numeric /T …)
        from .fonts import Undrawable

        if isinstance(exc, Undrawable):
            raise
        raise FormError(f"--form {layout.path}: cannot be filled (pypdf: {type(exc).__name__}: "
                        f"{printable(str(exc))[:120]})") from None


def _fill(layout: FormLayout, sheet: Sheet, fonts, about: str, flatten: bool) -> tuple[bytes, list[str]]:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    from .sheet_pdf import render_for_form

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(layout.data)))
    writer.root_object.pop(NameObject("/Perms"), None)  # a usage-rights signature no longer holds once filled
    handler = _Warnings()
    logger = logging.getLogger("pypdf")
    logger.addHandler(handler)
    try:
        writer.update_page_form_field_values(None, values(layout, sheet), auto_regenerate=True, flatten=flatten)
    finally:
        logger.removeHandler(handler)
    if flatten:
        writer.remove_annotations(subtypes="/Widget")
        writer.root_object.pop(NameObject("/AcroForm"), None)
    extra = io.BytesIO()
    render_for_form(sheet, layout.capacities(), extra, fonts, layout.size, layout.pages, about)
    drawn = PdfReader(io.BytesIO(extra.getvalue()))
    if not sheet.legal or sheet.fingerprint:  # the banner and the fingerprint, over every page of the form
        for page in writer.pages:
            page.merge_page(drawn.pages[0])
    for page in drawn.pages[1:]:
        writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    unshown = [m.group(1) for m in map(_UNSHOWN.search, handler.messages) if m]
    return out.getvalue(), unshown


def fill_all(layout: FormLayout, sheets: list[Sheet], fonts, about: str = "") -> tuple[bytes, list[str]]:
    """One sheet: the form filled (its fields kept). Several: each filled and flattened, then joined."""
    if len(sheets) == 1:
        return fill(layout, sheets[0], fonts, about)
    from pypdf import PdfReader, PdfWriter

    joined = PdfWriter()
    unshown: list[str] = []
    for sheet in sheets:
        data, lost = fill(layout, sheet, fonts, about, flatten=True)
        unshown.extend(lost)
        with _pypdf_quiet():
            joined.append(PdfReader(io.BytesIO(data)))
    out = io.BytesIO()
    with _pypdf_quiet():
        joined.write(out)
    return out.getvalue(), unshown
