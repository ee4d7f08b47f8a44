"""Shared fixtures: the real bundled card index and lists, and a helper to check decks."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from deckcheck.banlists import BanlistStore
from deckcheck.carddb import CardIndex
from deckcheck.checker import Checker, Selection
from deckcheck.parsers import parse_deck

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
TODAY = date(2026, 11, 29)


@pytest.fixture(scope="session", autouse=True)
def isolated_user_dirs(tmp_path_factory):
    """Tests (and the deckcheck processes they start) never read or write the user's data or cache."""
    saved = {k: os.environ.get(k) for k in ("DECKCHECK_DATA_DIR", "DECKCHECK_CACHE_DIR", "DECKCHECK_CONFIG")}
    os.environ["DECKCHECK_DATA_DIR"] = str(tmp_path_factory.mktemp("user-data"))
    os.environ["DECKCHECK_CACHE_DIR"] = str(tmp_path_factory.mktemp("user-cache"))
    os.environ["DECKCHECK_CONFIG"] = str(tmp_path_factory.mktemp("user-config") / "config.toml")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def cards() -> CardIndex:
    return CardIndex.load()


@pytest.fixture(scope="session")
def store() -> BanlistStore:
    return BanlistStore()


@pytest.fixture(scope="session")
def check_text(cards, store):
    """check_text(text, suffix=".yaml", **selection) -> DeckResult, judged with the real data."""
    checkers: dict = {}

    def run(text: str, suffix: str = ".yaml", **selection):
        key = tuple(sorted(selection.items()))
        if key not in checkers:
            checkers[key] = Checker(cards, store, Selection(**selection), today=TODAY)
        data = text.encode("utf-8") if isinstance(text, str) else text
        result, _ = checkers[key].check_parsed(parse_deck(data, f"deck{suffix}"))
        return result

    return run


def rules_of(result, severity: str | None = None) -> list[str]:
    return [p.rule for p in result.problems if severity is None or p.severity == severity]
