"""Where the data comes from: the bundled card index and lists (later: downloaded ones)."""

from __future__ import annotations

from .banlists import Banlist, BanlistStore
from .carddb import CardIndex


def load_cards() -> CardIndex:
    return CardIndex.load()


def load_store() -> BanlistStore:
    return BanlistStore()


def cards_info(cards: CardIndex) -> dict:
    dates = [s.get("date") for s in cards.sources if s.get("date")]
    return {"origin": "bundled", "built": max(dates) if dates else None, "cards": len(cards), "sources": cards.sources}


def run_data_info(cards: CardIndex, banlist: Banlist | None) -> dict:
    return {
        "cards": cards_info(cards),
        "banlist": {"name": banlist.name, "path": str(banlist.path), "source": banlist.source} if banlist else None,
    }
