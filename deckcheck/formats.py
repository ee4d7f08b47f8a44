"""Formats: deck sizes, card pool and which lists apply. Later formats arrive as data files."""

from __future__ import annotations


class Format:
    __slots__ = ("id", "title", "pool", "banlists", "main", "extra", "side", "copies")

    def __init__(self, id: str, title: str, pool: str, banlists: str, main: tuple[int, int] = (40, 60),
                 extra: tuple[int, int] = (0, 15), side: tuple[int, int] = (0, 15), copies: int = 3):
        self.id = id
        self.title = title
        self.pool = pool  # which released-card pool is legal: "tcg" or "ocg"
        self.banlists = banlists  # the folder of dated lists under banlists/
        self.main = main
        self.extra = extra
        self.side = side
        self.copies = copies  # copies of one card across Main, Extra and Side

    def size_range(self, section: str) -> tuple[int, int]:
        return getattr(self, section)


FORMATS: dict[str, Format] = {
    "tcg": Format(id="tcg", title="TCG Advanced", pool="tcg", banlists="tcg"),
    "ocg": Format(id="ocg", title="OCG", pool="ocg", banlists="ocg"),
}
