"""A real AcroForm PDF with the fields of Konami's decklist form, as ../shared/docs/konami-decklist-form.md
documents them (Konami's own PDF cannot be shipped): 184 text fields on one US Letter page, ``Last.Names``
and ``Last.Initial`` the children of a parent field ``Last``, the totals with the default value "0",
every widget with a /DA in Helvetica from the form's /DR. Built with pypdf's objects, as any form
editor would write one."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfWriter
from pypdf.generic import (
    ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject, NumberObject, TextStringObject,
)

BLOCK_ROWS = {"Monster": 18, "Spell": 18, "Trap": 18, "ED": 15, "SD": 15}
TOTALS = ("Total Monster Cards", "Total Spell Cards", "Total Trap Cards", "Total Main Deck", "Total Extra Deck",
          "Total Side Deck")
PLAYER = ("First Name", "KONAMI ID", "Country of Residence", "Event", "Date DD", "Date MM", "Date YYYY")


def field_names(rows: dict[str, int] = BLOCK_ROWS) -> list[str]:
    names = list(PLAYER) + ["Last.Names", "Last.Initial"]
    for kind, n in rows.items():
        for i in range(1, n + 1):
            names += [f"Card {kind} {i}", f"Number {kind} {i}"]
    return names + list(TOTALS)


def build_form(path: Path, rows: dict[str, int] = BLOCK_ROWS, leave_out: tuple[str, ...] = ()) -> Path:
    """Write the form to ``path``: ``rows`` per block (Konami's: 18, 18, 18, 15, 15), without the fields
    named in ``leave_out``."""
    writer = PdfWriter()
    page = writer.add_blank_page(612, 792)
    helv = writer._add_object(DictionaryObject({
        NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type1"),
        NameObject("/BaseFont"): NameObject("/Helvetica"), NameObject("/Encoding"): NameObject("/WinAnsiEncoding")}))
    fields = ArrayObject()
    annots = ArrayObject()
    labels = []

    def widget(name: str, rect: tuple[float, float, float, float], parent=None, value: str | None = None):
        d = DictionaryObject({
            NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Widget"),
            NameObject("/T"): TextStringObject(name), NameObject("/Rect"): ArrayObject(FloatObject(v) for v in rect),
            NameObject("/F"): NumberObject(4), NameObject("/DA"): TextStringObject("/Helv 0 Tf 0 g"),
            NameObject("/P"): page.indirect_reference,
        })
        if parent is None:
            d[NameObject("/FT")] = NameObject("/Tx")
        else:
            d[NameObject("/FT")] = NameObject("/Tx")
            d[NameObject("/Parent")] = parent
        if value is not None:
            d[NameObject("/V")] = TextStringObject(value)
            d[NameObject("/DV")] = TextStringObject(value)
        ref = writer._add_object(d)
        annots.append(ref)
        labels.append((name, rect))
        return ref

    def place(name: str, rect, value=None):
        if name not in leave_out:
            fields.append(widget(name, rect, value=value))

    place("First Name", (40, 720, 230, 736))
    last = writer._add_object(DictionaryObject({NameObject("/T"): TextStringObject("Last"), NameObject("/Kids"): ArrayObject()}))
    for child, rect in (("Names", (240, 720, 430, 736)), ("Initial", (540, 716, 572, 748))):
        if f"Last.{child}" not in leave_out:
            last.get_object()["/Kids"].append(widget(child, rect, parent=last))
    if last.get_object()["/Kids"]:
        fields.append(last)
    place("KONAMI ID", (40, 696, 230, 712))
    place("Country of Residence", (240, 696, 430, 712))
    place("Event", (40, 672, 300, 688))
    for i, name in enumerate(("Date DD", "Date MM", "Date YYYY")):
        place(name, (310 + i * 42, 672, 346 + i * 42, 688))
    for column, kind in enumerate(("Monster", "Spell", "Trap")):
        x = 40 + column * 180
        for i in range(1, rows.get(kind, 0) + 1):
            y = 640 - i * 13
            place(f"Number {kind} {i}", (x, y, x + 18, y + 12))
            place(f"Card {kind} {i}", (x + 20, y, x + 170, y + 12))
    for column, kind in enumerate(("ED", "SD")):
        x = 40 + column * 270
        for i in range(1, rows.get(kind, 0) + 1):
            y = 380 - i * 13
            place(f"Number {kind} {i}", (x, y, x + 18, y + 12))
            place(f"Card {kind} {i}", (x + 20, y, x + 260, y + 12))
    for i, name in enumerate(TOTALS):
        place(name, (40 + i * 90, 150, 70 + i * 90, 164), value="0")

    content = DecodedStreamObject()
    text = ["BT /Helv 14 Tf 40 760 Td (TEST DECK LIST FORM) Tj ET"]
    for _name, (x0, y0, x1, y1) in labels:
        text.append(f"0.6 G {x0} {y0} {x1 - x0} {y1 - y0} re S")
    content.set_data("\n".join(text).encode("latin-1"))
    page[NameObject("/Contents")] = writer._add_object(content)
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject({NameObject("/Helv"): helv})})
    page[NameObject("/Annots")] = annots
    writer._root_object[NameObject("/AcroForm")] = writer._add_object(DictionaryObject({
        NameObject("/Fields"): fields, NameObject("/DA"): TextStringObject("/Helv 0 Tf 0 g"),
        NameObject("/DR"): DictionaryObject({NameObject("/Font"): DictionaryObject({NameObject("/Helv"): helv})}),
    }))
    with open(path, "wb") as f:
        writer.write(f)
    return path
