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
