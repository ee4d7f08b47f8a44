"""Formats: deck sizes, card pool and which lists apply. Later formats arrive as data files."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Format:
    id: str
    title: str
    pool: str  # which released-card pool is legal: "tcg" or "ocg"
    banlists: str  # the folder of dated lists under banlists/
    main: tuple[int, int] = (40, 60)
    extra: tuple[int, int] = (0, 15)
    side: tuple[int, int] = (0, 15)
    copies: int = 3

    def size_range(self, section: str) -> tuple[int, int]:
        return getattr(self, section)


FORMATS: dict[str, Format] = {
    "tcg": Format(id="tcg", title="TCG Advanced", pool="tcg", banlists="tcg"),
    "ocg": Format(id="ocg", title="OCG", pool="ocg", banlists="ocg"),
}
