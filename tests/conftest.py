"""Shared fixtures: the real bundled card index and lists, and a helper to check decks.

The suite runs on what the repository ships (deckcheck/data, banlists/, and fixtures generated from
them). Tests marked ``source_data`` check the build against the source data snapshot,
../shared/data beside the checkout; without it they are skipped, all for the one reason
SOURCE_DATA_ABSENT.
"""

from __future__ import annotations

import os
import sys
from datetime import date
from pathlib import Path

import pytest

import deckcheck
from deckcheck.banlists import BanlistStore
from deckcheck.carddb import CardIndex
from deckcheck.checker import Checker, Selection
from deckcheck.datastore import open_cards
from deckcheck.parsers import parse_deck

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
SOURCE_DATA_ABSENT = "../shared/data is absent: source-data checks need the snapshot CI has"
TODAY = date(2026, 11, 29)


def source_data_present() -> bool:
    return (SHARED_DATA / "PROVENANCE.md").is_file()


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: a worker a core and one more, which works while the update's deadline tests wait on 127.0.0.1
    (about 12 s of sleeping in all; on 2 cores the quick loop 79 → 73 s, the whole suite 120 → 117 s).
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def pytest_configure(config):
    """With PYTHONDONTWRITEBYTECODE set, pytest rewrites the asserts of every test module again in each process (each
    xdist worker: about 3.5 s of CPU), and each `python -m deckcheck` a test starts compiles deckcheck again (0.1 s):
    the compiled modules are cached in .pytest_cache instead, never beside the sources (for the processes the tests
    start too: PYTHONPYCACHEPREFIX). Nothing changes without pytest's cache (-p no:cacheprovider, as .ci/run)."""
    global _quick
    _quick = _slow_tests_deselected(config.option.markexpr)
    cache = getattr(config, "cache", None)
    if sys.dont_write_bytecode and cache is not None and sys.pycache_prefix is None:
        sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"] = str(cache.mkdir("pycache"))
        sys.dont_write_bytecode = False
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


QUICK_SHARE = 4  # the quick loop runs a quarter of each property's examples
_quick = False


def _slow_tests_deselected(markexpr: str) -> bool:
    """Whether ``-m markexpr`` leaves out a test marked slow (the quick loop: -m "not slow")."""
    if not markexpr:
        return False
    try:
        from _pytest.mark.expression import Expression

        return not Expression.compile(markexpr).evaluate(lambda name, **_: name == "slow")
    except Exception:  # another pytest: every example, as in a whole run
        return False


def examples(n: int) -> int:
    """A property's examples (hypothesis' max_examples): all ``n`` in a run with the slow tests (the whole suite,
    .ci/run), a quarter (10 at least) in the quick loop, which leaves the large hypothesis runs to the slow runs as
    pyproject.toml's markers say."""
    return max(min(n, 10), n // QUICK_SHARE) if _quick else n


def pytest_sessionstart(session):
    imported = Path(deckcheck.__file__).resolve().parent
    if imported != REPO / "deckcheck":
        raise pytest.UsageError(f"the tests of {REPO} import deckcheck from {imported}: run them from the checkout "
                                "(python -m pytest) so that its own code is tested")


@pytest.hookimpl(tryfirst=True)  # before pytest's own skip marks: a source-data test whose parameters come from
def pytest_runtest_setup(item):  # the snapshot has none without it, and must be skipped for the one reason
    if item.get_closest_marker("source_data") and not source_data_present():
        pytest.skip(SOURCE_DATA_ABSENT)


@pytest.fixture(scope="session", autouse=True)
def isolated_user_dirs(tmp_path_factory, pytestconfig):
    """Tests (and the deckcheck processes they start) never read or write the user's data or cache. The cache
    starts with what every session builds from the shipped files (tests/cache_seed.py)."""
    from .cache_seed import copy_seed, seed

    saved = {k: os.environ.get(k) for k in ("DECKCHECK_DATA_DIR", "DECKCHECK_CACHE_DIR", "DECKCHECK_CONFIG")}
    os.environ["DECKCHECK_DATA_DIR"] = str(tmp_path_factory.mktemp("user-data"))
    os.environ["DECKCHECK_CONFIG"] = str(tmp_path_factory.mktemp("user-config") / "config.toml")
    cache = tmp_path_factory.mktemp("user-cache")
    copy_seed(seed(pytestconfig, {k: os.environ[k] for k in ("DECKCHECK_DATA_DIR", "DECKCHECK_CONFIG")}), cache)
    os.environ["DECKCHECK_CACHE_DIR"] = str(cache)
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="session")
def cards() -> CardIndex:
    return open_cards()


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
        result = checkers[key].check_parsed(parse_deck(data, f"deck{suffix}"))
        return result

    return run


def rules_of(result, severity: str | None = None) -> list[str]:
    return [p.rule for p in result.problems if severity is None or p.severity == severity]


def pytest_collection_modifyitems(items):
    """The long tests first (the real end-to-end ones, then the checks against the source data): the suite's
    workers start them at once and share out the short ones after, rather than one worker ending alone on them."""
    def weight(item) -> int:
        return 0 if item.get_closest_marker("slow") else 1 if item.get_closest_marker("source_data") else 2

    items.sort(key=weight)  # stable: each group in the order collected
