"""Reporters: pure functions of the results. They know nothing of the rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from .. import __version__
from ..model import DeckResult


@dataclass
class Run:
    """Everything a reporter needs: the results and what they were judged with."""

    results: list[DeckResult]
    format_id: str
    format_title: str
    banlist: dict  # name, effective, source, path
    as_of: date
    data: dict  # card data sources
    deck_formats: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (format id, list name)

    @property
    def legal(self) -> int:
        return sum(1 for r in self.results if r.legal)

    @property
    def illegal(self) -> int:
        return len(self.results) - self.legal

    @property
    def unreadable(self) -> int:
        return sum(1 for r in self.results if r.unreadable)


def tool_info() -> dict:
    return {"name": "deckcheck", "version": __version__}
