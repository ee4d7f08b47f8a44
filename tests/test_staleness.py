"""A stale list is never a silent verdict (issue 11): when the newest list of a folder took effect longer
ago than its own history allows, every report says so — without changing the verdict or the exit code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date, timedelta

import pytest

from deckcheck.banlists import BanlistStore
from deckcheck.banlists import CADENCE_LISTS, staleness

from .conftest import REPO

DECK = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"  # legal in the TCG


def cadence(folder: str) -> tuple[date, int]:
    """The newest list's date and the longest gap between the folder's last lists, from the shipped files."""
    dates = sorted(date.fromisoformat(p.stem) for p in (REPO / "banlists" / folder).glob("*.yaml"))
    recent = dates[-CADENCE_LISTS:]
    return dates[-1], max((b - a).days for a, b in zip(recent, recent[1:]))


@pytest.mark.parametrize("folder", ["tcg", "ocg", "genesys"])
def test_the_threshold_is_the_folders_own_cadence(folder):
    newest, longest = cadence(folder)
    store = BanlistStore()
    assert staleness(store, folder, newest + timedelta(days=longest)) is None  # as late as ever: not stale
    late = newest + timedelta(days=longest + 1)
    assert staleness(store, folder, late) == {"lists": folder, "effective": newest.isoformat(),
                                              "age_days": longest + 1, "longest_gap_days": longest}


def test_a_past_check_date_with_a_later_list_is_not_stale():
    newest, _ = cadence("tcg")
    assert staleness(BanlistStore(), "tcg", newest - timedelta(days=1)) is None


def test_too_little_history_tells_no_cadence():
    """The GOAT pool is one list that records no cadence: deckcheck cannot say when the next is due. (Speed Duel
    has one list that records its source's cadence, OCG Genesys two lists: both get the signal, see
    tests/test_tcg_history.py.)"""
    assert staleness(BanlistStore(), "goat", date(2030, 1, 1)) is None
    for folder in ("speed", "ocg-genesys"):
        assert staleness(BanlistStore(), folder, date(2030, 1, 1)) is not None


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcheck", *args], cwd=REPO, capture_output=True, text=True,
                          env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}, timeout=60)


def test_every_report_says_so_and_the_verdict_stands():
    newest, longest = cadence("tcg")
    late = (newest + timedelta(days=longest + 30)).isoformat()
    text = run("check", str(DECK), "--as-of", late)
    assert text.returncode == 0  # the deck is legal: a stale list changes no verdict
    note = [line for line in text.stdout.splitlines() if line.startswith("note: ")]
    assert len(note) == 1 and f"took effect on {newest.isoformat()}, {longest + 30} days ago" in note[0]
    assert f"within {longest} days" in note[0] and "deckcheck update" in note[0]
    doc = json.loads(run("check", str(DECK), "--as-of", late, "-o", "json").stdout)
    assert doc["format"]["stale"] == [{"lists": "tcg", "effective": newest.isoformat(), "age_days": longest + 30,
                                       "longest_gap_days": longest}]
    github = run("check", str(DECK), "--as-of", late, "-o", "github")
    assert github.returncode == 0
    assert github.stdout.splitlines()[0].startswith("::warning title=deckcheck stale data::the newest TCG list")
    quiet = run("check", str(DECK), "--as-of", late, "-q")
    assert quiet.stdout.startswith("note: ")


def test_fresh_data_says_nothing():
    newest, _ = cadence("tcg")
    fresh = (newest + timedelta(days=10)).isoformat()
    doc = json.loads(run("check", str(DECK), "--as-of", fresh, "-o", "json").stdout)
    assert doc["format"]["stale"] == []
    text = run("check", str(DECK), "--as-of", fresh).stdout
    assert "note: " not in text and "deckcheck update" not in text
    assert "::warning" not in run("check", str(DECK), "--as-of", fresh, "-o", "github").stdout


def test_a_format_judged_by_a_fixed_list_is_never_stale():
    """GOAT is the list of April 2005 by definition."""
    doc = json.loads(run("check", str(DECK), "--format", "goat", "--as-of", "2030-01-01", "-o", "json").stdout)
    assert doc["format"]["stale"] == []


def test_side_and_match_say_so_on_stderr():
    """side and match judge with the same lists: a stale one is a note on stderr (their JSON stays as it is)."""
    newest, longest = cadence("tcg")
    late = (newest + timedelta(days=longest + 30)).isoformat()
    fresh = (newest + timedelta(days=10)).isoformat()
    registered, sided = REPO / "sample_decks" / "side" / "registered.ydk", REPO / "sample_decks" / "side" / "duel3-sided.ydk"
    for command in (["side", str(registered), str(sided)], ["match", str(registered), str(registered), str(sided)]):
        stale = run(*command, "--as-of", late, "-o", "json")
        assert stale.returncode == 0 and json.loads(stale.stdout)["legal"] is True
        assert stale.stderr.startswith(f"deckcheck: note: the newest TCG list deckcheck has took effect on "
                                       f"{newest.isoformat()}, {longest + 30} days ago")
        assert "deckcheck: note" not in run(*command, "--as-of", fresh).stderr
