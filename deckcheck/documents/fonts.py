"""The fonts a sheet is drawn in: DejaVu Sans Condensed (shipped: Latin, Greek, Cyrillic, the ☆ ★ △ of
card names), and a TrueType font the user names (``--font``) for what it lacks — Japanese, Korean and
Chinese names (``--lang ja`` …): a CJK font is too large to ship.

A character no font has is never drawn as a box or left out: ``Fonts.runs`` raises ``Undrawable``, and
the command says which name could not be drawn and what would draw it. Right-to-left text (Arabic, Hebrew,
Syriac, Thaana, N'Ko: Unicode's bidirectional classes R and AL) is refused the same way: reportlab draws
characters in the order they are stored, left to right, and Arabic letters in their isolated forms, so
"محمد" would be printed reversed and unjoined. No shaping library (uharfbuzz, python-bidi) is a dependency;
the user writes such a name in Latin letters, or by hand on the printed sheet. A path in the footer, which
only identifies the file, shows such characters as code points instead (``drawable``). The one addition to the
shipped font: U+30FB KATAKANA MIDDLE DOT, which Konami's English names use (Spell Reactor・RE), is drawn
with the font's own middle dot; the PDF's text still says U+30FB.
"""

from __future__ import annotations

import io
import unicodedata
from pathlib import Path
from typing import Any

from ..limits import clip

MAX_FONT_BYTES = 128 * 1024 * 1024  # the largest CJK collections (Noto Sans CJK .ttc) are ~100 MB
SHIPPED = Path(__file__).parent / "fonts" / "DejaVuSansCondensed.ttf"
MAIN_FONT, FALLBACK_FONT = "DeckcheckSans", "DeckcheckFallback"
_ALIASES = {0x30FB: 0xB7}  # drawn with the glyph of (and as wide as) the second
CJK_HINT = ("a TrueType font with those characters: --font PATH (.ttf, .ttc), e.g. Debian's fonts-ipafont-gothic "
            "(/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf) for Japanese, fonts-nanum "
            "(/usr/share/fonts/truetype/nanum/NanumGothic.ttf) for Korean, fonts-wqy-zenhei "
            "(/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc) for Chinese")


class FontError(Exception):
    """A --font that cannot be used; the message says why."""


RTL_HINT = ("the name in Latin letters (the sheet cannot lay out right-to-left text: Arabic or Hebrew letters would "
            "be printed reversed and unjoined), or fill that field in by hand")


def right_to_left(ch: str) -> bool:
    """Whether ``ch`` is written right to left (bidirectional class R or AL: Hebrew, Arabic, Syriac, Thaana, N'Ko …)."""
    return ord(ch) >= 0x590 and unicodedata.bidirectional(ch) in ("R", "AL")


class Undrawable(Exception):
    """Text with characters no font of the sheet has, or written right to left (``rtl``), which it cannot lay out."""

    def __init__(self, text: str, missing: list[str], rtl: list[str] | None = None):
        super().__init__(text)
        self.text = text
        self.missing = missing
        self.rtl = rtl or []

    def describe(self) -> str:
        if self.rtl:
            chars = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in self.rtl[:8])
            more = f" and {len(self.rtl) - 8} more" if len(self.rtl) > 8 else ""
            return (f"{clip(self.text)!r} cannot be drawn: it is written right to left ({chars}{more}), which the "
                    "sheet cannot lay out")
        chars = ", ".join(f"{ch} (U+{ord(ch):04X})" for ch in self.missing[:8])
        more = f" and {len(self.missing) - 8} more" if len(self.missing) > 8 else ""
        return f"{clip(self.text)!r} cannot be drawn: no font of the sheet has {chars}{more}"

    def hint(self) -> str:
        """What would draw it."""
        return RTL_HINT if self.rtl else CJK_HINT


MAX_CMAP_CHARACTERS = 0x110000 * 2  # character-map entries reportlab may walk: every Unicode code point, twice over


def cmap_problem(data: bytes) -> str | None:
    """Why reportlab must not read this font, or None: a character map (cmap) whose ranges claim more characters
    than Unicode has. reportlab builds a dictionary entry for each character of each range, so a damaged range
    of a format 4, 12 or 13 subtable (0 to 4,294,967,295) ran for hours and took gigabytes. Only the table
    directory and the cmap's headers are read, every offset bounds-checked; anything else wrong is left for
    reportlab to report."""
    import struct

    def u16(at: int) -> int:
        return struct.unpack_from(">H", data, at)[0]

    def u32(at: int) -> int:
        return struct.unpack_from(">I", data, at)[0]

    try:
        base = u32(12) if data[:4] == b"ttcf" else 0  # a collection: reportlab reads its first font
        cmap = None
        for n in range(u16(base + 4)):
            record = base + 12 + 16 * n
            if data[record:record + 4] == b"cmap":
                cmap = u32(record + 8)
                break
        if cmap is None:
            return None
        for n in range(min(u16(cmap + 2) or u16(cmap), 1000)):
            sub = cmap + u32(cmap + 4 + 8 * n + 4)
            fmt = u16(sub)
            claimed = 0
            if fmt == 4:
                segments = u16(sub + 6) // 2
                ends, starts = sub + 14, sub + 16 + 2 * segments
                claimed = sum(max(0, u16(ends + 2 * i) - u16(starts + 2 * i) + 1) for i in range(segments))
            elif fmt in (12, 13):
                groups = u32(sub + 12)
                if groups > MAX_CMAP_CHARACTERS:
                    return f"its character map (cmap) claims {groups:,} ranges"
                claimed = sum(max(0, u32(sub + 16 + 12 * i + 4) - u32(sub + 16 + 12 * i) + 1) for i in range(groups))
            elif fmt == 10:
                claimed = u32(sub + 16)
            elif fmt == 2:
                keys = [u16(sub + 6 + 2 * i) for i in range(256)]
                headers = sub + 6 + 512
                claimed = sum(u16(headers + 8 * k + 2) for k in keys if k)  # entryCount, subheaders as reportlab reads them
            if claimed > MAX_CMAP_CHARACTERS:
                return f"its character map (cmap) claims {claimed:,} characters (Unicode has 1,114,112): it is damaged"
    except (struct.error, IndexError):
        return None
    return None


class Fonts:
    """The sheet's fonts, registered with reportlab once per process."""

    _registered: dict[str, Any] = {}  # reportlab's TTFont objects

    def __init__(self, fallback: Path | None = None):
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFError, TTFont

        self._width = pdfmetrics.stringWidth
        main = self._registered.get(MAIN_FONT)
        if main is None:
            main = TTFont(MAIN_FONT, str(SHIPPED))
            face = main.face
            for char, like in _ALIASES.items():
                face.charToGlyph[char] = face.charToGlyph[like]
                face.charWidths[char] = face.charWidths[like]
            pdfmetrics.registerFont(main)
            self._registered[MAIN_FONT] = main
        self.fonts = [(MAIN_FONT, main.face.charToGlyph)]
        if fallback is not None:
            shown = clip(str(fallback), 200)  # a path too long to be one is not repeated whole
            try:
                where = str(Path(fallback).resolve())
            except (OSError, RuntimeError) as exc:  # a name too long for the system, a loop of links
                raise FontError(f"--font {shown}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
            name = f"{FALLBACK_FONT}-{abs(hash(where)):x}"
            font = self._registered.get(name)
            if font is None:
                from ..reading import Unreadable, read_file

                try:
                    data = read_file(fallback, MAX_FONT_BYTES)  # never /dev/zero or a FIFO, nor a file of GBs
                except Unreadable as exc:
                    raise FontError(f"--font {shown}: cannot be read: {exc}") from None
                damaged = cmap_problem(data)
                if damaged:
                    raise FontError(f"--font {shown}: cannot be used: {damaged}")
                named = io.BytesIO(data)
                named.name = str(fallback)
                try:
                    font = TTFont(name, named)
                except TTFError as exc:
                    reason = str(exc)
                    if "postscript outlines" in reason:
                        reason = "it is an OpenType font with PostScript (CFF) outlines; give a TrueType font"
                    raise FontError(f"--font {shown}: cannot be used: {reason}") from None
                except OSError as exc:
                    raise FontError(f"--font {shown}: cannot be read: {exc.strerror or exc}") from None
                except Exception as exc:  # noqa: BLE001 - reportlab on a cut or damaged font: struct.error, IndexError …
                    raise FontError(f"--font {shown}: cannot be used: not a TrueType font reportlab can read "
                                    f"({type(exc).__name__}: {clip(str(exc), 120)})") from None
                pdfmetrics.registerFont(font)
                self._registered[name] = font
            self.fonts.append((name, font.face.charToGlyph))

    def runs(self, text: str) -> list[tuple[str, str]]:
        """``text`` as (font, piece) runs, each character in the first font that has it; raises Undrawable."""
        runs: list[tuple[str, str]] = []
        missing: list[str] = []
        rtl: list[str] = []
        for ch in text:
            if ch.isspace():
                ch = " "  # any space is drawn as a space
            code = ord(ch)
            if code >= 0x590 and right_to_left(ch):
                if ch not in rtl:
                    rtl.append(ch)
                continue
            for name, glyphs in self.fonts:
                if code in glyphs:
                    if runs and runs[-1][0] == name:
                        runs[-1] = (name, runs[-1][1] + ch)
                    else:
                        runs.append((name, ch))
                    break
            else:
                if ch not in missing:
                    missing.append(ch)
        if missing or rtl:
            raise Undrawable(text, missing, rtl)
        return runs

    def drawable(self, text: str) -> str:
        """``text`` with each character no font has, or written right to left, as its code point (``<U+9F8D>``):
        for what only identifies, such as a file's path in the footer, which must never keep a sheet from being
        written."""
        out = []
        for ch in text:
            code = ord(ch)
            out.append(ch if ch.isspace() or (not right_to_left(ch) and any(code in glyphs for _name, glyphs in self.fonts))
                       else f"<U+{code:04X}>")
        return "".join(out)

    def width(self, text: str, size: float) -> float:
        return sum(self._width(piece, font, size) for font, piece in self.runs(text))
