"""The data directory is checked, not trusted: state.json, the card file and the cache.

Anything wrong in what `deckcheck update` left (or what someone put there) means the bundled data
and one warning, never a crash, never a file outside the data directory touched. The real CLI
runs against real files; the update against the fake API on 127.0.0.1.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from datetime import date, timedelta

import pytest

from deckcheck import banlists, datastore

from .conftest import REPO
from .fixtures.update import fakeapi as F
from .fixtures.update.harness import env, install_baseline  # noqa: F401

DECK = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"


def state_of(env) -> dict:
    return json.loads((env.data_dir / "state.json").read_text())


def write_state(env, state) -> None:
    (env.data_dir / "state.json").write_text(json.dumps(state) if not isinstance(state, str) else state)
    datastore.forget_state()


def falls_back(env) -> str:
    """A check and `deckcheck data` work on the bundled data, with one warning; returns the warning."""
    proc = env.cli("check", str(DECK), "-o", "json")
    assert proc.returncode in (0, 1), proc.stderr
    report = json.loads(proc.stdout)
    assert report["data"]["cards"]["origin"] == "bundled" and report["data"]["banlist"]["origin"] == "bundled"
    warnings = proc.stderr.strip().splitlines()
    assert len(warnings) == 1 and warnings[0].startswith("deckcheck: warning: "), proc.stderr
    assert "using the bundled" in warnings[0]
    assert not any(ord(ch) < 32 for ch in warnings[0])
    data = env.cli("data", "-o", "json")
    assert data.returncode == 0 and json.loads(data.stdout)["cards"]["origin"] == "bundled", data.stderr
    return warnings[0]


@pytest.fixture
def installed(env):
    install_baseline(env)
    proc = env.cli("check", str(DECK), "-o", "json")
    assert json.loads(proc.stdout)["data"]["cards"]["origin"] == "downloaded" and proc.stderr == ""
    return env


def test_derived_paths_outside_the_data_directory_are_never_touched(installed):
    """lists.derived: ["../../../victim.txt"] used to make the next update delete that file."""
    victim = installed.tmp / "victim.txt"
    victim.write_text("precious")
    state = state_of(installed)
    for derived in (["../../../victim.txt"], [str(victim), "tcg/../../../../victim.txt"]):
        state["lists"]["derived"] = derived
        write_state(installed, state)
        assert "lists.derived" in falls_back(installed)
        installed.serve(version="148.0")
        proc = installed.cli_update()
        assert proc.returncode == 0, proc.stderr
        assert victim.read_text() == "precious"
        state = state_of(installed)
        assert state["lists"]["derived"] == []


BAD_STATES = {
    "not an object": [],
    "null": None,
    "lists is text": lambda s: s.update(lists="x"),
    "cards is a list": lambda s: s.update(cards=[1]),
    "size is text": lambda s: s["cards"].update(size="5"),
    "sha256 is a number": lambda s: s["cards"].update(sha256=5),
    "date is a number": lambda s: s["cards"].update(date=5),
    "date in the future": lambda s: s["cards"].update(date="9999-12-31"),
    "not a date": lambda s: s["cards"].update(date="2026-02-30"),
    "bundled is a number": lambda s: s["cards"].update(bundled=5),
    "source is text": lambda s: s["cards"].update(source="x"),
    "source nested": lambda s: s["cards"].update(source={"url": {"a": [1]}}),
    "generation is a path": lambda s: s.update(generation="../../.."),
    "generation is negative": lambda s: s.update(generation=-1),
    "generation is true": lambda s: s.update(generation=True),
    "no generation": lambda s: s.pop("generation"),
    "another schema": lambda s: s.update(schema=1),
    "derived has a number": lambda s: s["lists"].update(derived=[5]),
    "updated is a number": lambda s: s.update(updated=5),
    "escape in the version": lambda s: s["cards"]["source"].update(database_version="\x1b[2J\x1b[31mPWNED"),
    "lone surrogate": lambda s: s["cards"]["source"].update(database_version="\ud800"),
    "stamp of text": lambda s: s["cards"].update(stamp=["a", "b", "c", "d"]),
}


@pytest.mark.parametrize("name", list(BAD_STATES))
def test_a_state_of_the_wrong_shape_is_not_trusted(installed, name):
    change = BAD_STATES[name]
    if callable(change):
        state = state_of(installed)
        change(state)
    else:
        state = change
    write_state(installed, state)
    assert datastore.read_state(installed.data_dir).get("damaged")
    assert datastore.cards_info(datastore.load_cards())["origin"] == "bundled"
    assert datastore.load_store().roots == [datastore.bundled_banlists_dir()]


@pytest.mark.parametrize("name", ["bundled is a number", "date is a number", "generation is a path",
                                  "escape in the version"])
def test_a_state_of_the_wrong_shape_means_the_bundled_data_and_one_warning(installed, name):
    """Wrong types in state.json used to crash every check ("internal error")."""
    state = state_of(installed)
    BAD_STATES[name](state)
    write_state(installed, state)
    warning = falls_back(installed)
    assert "state.json cannot be trusted" in warning and "\x1b" not in warning


@pytest.mark.parametrize("text", ["{not json", "[" * 200_000, '{"schema": 2, "x": "' + "a" * 2_000_000 + '"}', ""],
                         ids=["not json", "200k nested", "2 MB", "empty"])
def test_a_state_that_is_not_json_or_absurd_means_the_bundled_data(installed, text):
    write_state(installed, text)
    falls_back(installed)


def test_a_newer_schema_is_not_overwritten_by_an_older_deckcheck(installed):
    state = state_of(installed)
    state["schema"] = 99
    write_state(installed, state)
    before = installed.snapshot()
    proc = installed.cli_update()
    assert proc.returncode == 2 and "written by a newer version of deckcheck" in proc.stderr
    assert installed.snapshot() == before


def test_the_last_update_dated_far_ahead_never_wins_over_newer_bundled_data(installed):
    """last_update 9999-12-31 used to beat every later bundled index, forever."""
    state = state_of(installed)
    state["cards"]["date"] = "9999-12-31"
    write_state(installed, state)
    assert "cards.date" in falls_back(installed)


def test_a_same_size_change_to_the_card_file_is_noticed(installed):
    cards, _ = datastore.installed_paths(installed.data_dir)
    data = cards.read_bytes()
    at = data.index(b'"Ash Blossom & Joyous Spring"')
    cards.write_bytes(data[:at] + b'"Ash Blossom & Joyous Sprinx"' + data[at + 29:])
    assert cards.stat().st_size == len(data)
    proc = installed.cli("card", "14558127", "-o", "json")
    assert proc.returncode == 0 and json.loads(proc.stdout)[0]["name"] == "Ash Blossom & Joyous Spring"
    assert proc.stderr.count("warning") == 1 and "its sha256 differs" in proc.stderr
    # even with the modification time put back (the change time and inode still tell)
    st = os.stat(cards)
    os.utime(cards, ns=(st.st_atime_ns, st.st_mtime_ns - 10**9))
    assert "its sha256 differs" in installed.cli("card", "14558127").stderr


def test_the_checksum_is_computed_once_per_change_of_the_file(installed, monkeypatch):
    calls = []
    real = datastore.file_sha256
    monkeypatch.setattr(datastore, "file_sha256", lambda path: calls.append(path) or real(path))

    def load() -> str:
        datastore.forget_state()
        return datastore.cards_info(datastore.load_cards())["origin"]

    assert load() == "downloaded"
    hashed_first = len(calls)  # the baseline was copied here: new inodes, so at most one hash
    assert hashed_first <= 1
    assert load() == "downloaded" and load() == "downloaded"
    assert len(calls) == hashed_first  # memoized under the file's stamp
    cards, _ = datastore.installed_paths(installed.data_dir)
    os.utime(cards)  # touched: hashed once more, still intact
    assert load() == "downloaded" and load() == "downloaded"
    assert len(calls) == hashed_first + 1
    # an update records the stamp of the file it wrote: no hashing at all afterwards
    installed.serve(version="148.0")
    installed.update()
    calls.clear()
    assert load() == "downloaded" and calls == []


def test_an_implausibly_large_card_file_is_not_read(installed):
    cards, _ = datastore.installed_paths(installed.data_dir)
    data = cards.read_bytes() + b"\n" * (5 * datastore.MAIN_INDEX.stat().st_size)
    cards.write_bytes(data)
    state = state_of(installed)
    state["cards"].update(size=len(data), sha256=hashlib.sha256(data).hexdigest(), stamp=None)
    write_state(installed, state)
    assert "implausibly large" in falls_back(installed)


@pytest.mark.parametrize("value", ["{}", "null", "[]", '{"name": 5}', '{"name": "x", "format": "tcg", "effective": "x"}',
                                   "[" * 100_000],
                         ids=["{}", "null", "[]", "name 5", "bad date", "100k nested"])
def test_damaged_cache_entries_are_rebuilt(env, value):
    """Cache entries {} or null used to crash every check."""
    cache = env.own_cache()
    first = env.cli("check", str(DECK), "-o", "json")
    entries = list(cache.rglob("*.json"))
    assert first.returncode in (0, 1) and entries
    for entry in entries:
        entry.write_text(value)
    datastore._data.clear()  # as a new process: the lists this one loaded are not kept, the cache is read
    banlists._LOADED.clear()
    proc = env.cli("check", str(DECK), "-o", "json")
    assert proc.returncode == first.returncode and proc.stderr == ""
    assert json.loads(proc.stdout)["decks"] == json.loads(first.stdout)["decks"]
    assert all(json.loads(e.read_text()) != json.loads(value) if value != "[" * 100_000 else e.read_text() != value
               for e in entries if e.exists())  # rewritten


def test_the_previous_generation_stays_until_the_next_update(env):
    install_baseline(env)  # generation 1
    env.serve()
    generations = env.data_dir / "generations"
    for number, days in ((2, 20), (3, 40)):  # each update brings an upcoming list: a new generation
        upcoming = (date.today() + timedelta(days=days)).isoformat()
        env.server.set("/lists/tcg/upcoming.vector.json", F.Reply(body=F.vector("tcg", upcoming, {F.NEW_KONAMI: 1})))
        assert env.update().changed
        assert sorted(p.name for p in generations.iterdir()) == [str(number - 1), str(number)]
        assert state_of(env)["generation"] == number
    env.update()  # nothing new: the same generation, and the one before it is gone
    assert sorted(p.name for p in generations.iterdir()) == ["3"]


def test_what_a_crash_leaves_behind_is_cleaned_and_nothing_else(installed, tmp_path):
    root = installed.data_dir
    generation = state_of(installed)["generation"]
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    litter = [root / ".state.json.x1y2.tmp", root / "generations" / ".new-abc123" / "cards.jsonl",
              root / "generations" / ".new-abc123" / "banlists" / "tcg" / ".2026-01-01.yaml.q.tmp",
              root / "generations" / "97" / "cards.jsonl"]
    for path in litter:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * 100)
    old = time.time() - 7 * 86400
    os.utime(litter[0], (old, old))
    (root / "generations" / "98").symlink_to(outside, target_is_directory=True)
    (root / "generations" / "notes.txt").write_text("not deckcheck's")
    installed.serve(version="148.0")
    assert installed.cli_update().returncode == 0
    left = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() and p.name != ".update.lock")
    new = state_of(installed)["generation"]
    assert all(p.startswith((f"generations/{generation}/", f"generations/{new}/", "state.json", "generations/notes.txt"))
               for p in left), left
    assert not any(p.name.endswith(".tmp") for p in root.rglob("*"))
    assert (outside / "keep.txt").read_text() == "mine"  # the link was removed, never followed


def test_stale_temporary_files_in_the_cache_are_removed(env):
    cache = env.own_cache()
    env.cli("check", str(DECK))
    folder = next(p.parent for p in cache.rglob("*.json") if p.parent.name.startswith("lists"))
    stale, fresh = folder / ".old.json.abc.tmp", folder / ".new.json.def.tmp"
    stale.write_text("x")
    fresh.write_text("x")
    old = time.time() - 7200
    os.utime(stale, (old, old))
    for entry in folder.glob("*.json"):
        entry.unlink()  # the next check writes an entry again
    datastore._data.clear()  # as a new process would: the lists are read through the cache
    banlists._LOADED.clear()
    env.cli("check", str(DECK))
    assert not stale.exists() and fresh.exists()  # a fresh one may belong to a check running now


def test_the_older_layout_is_used_no_more_and_converted_by_the_next_update(env):
    """Schema 1 kept one card file and a banlists/ folder at the top, found by scanning the folder."""
    env.data_dir.mkdir(parents=True)
    legacy_list = env.data_dir / "banlists" / "tcg" / "2026-11-03.yaml"
    legacy_list.parent.mkdir(parents=True)
    text = F.newest_list("tcg")[0].read_text().replace("effective: 2026-05-18", "effective: 2026-11-03")
    text = text.replace('name: "2026.05 TCG"', 'name: "2026.11 Legacy TCG"')
    legacy_list.write_text(text)
    (env.data_dir / "cards-0123456789ab.jsonl").write_bytes(datastore.MAIN_INDEX.read_bytes())
    (env.data_dir / "state.json").write_text(json.dumps({"schema": 1, "cards": {"file": "cards-0123456789ab.jsonl"},
                                                         "lists": {"derived": []}}))
    assert "another version of deckcheck" in falls_back(env)
    env.serve()
    proc = env.cli_update()
    assert proc.returncode == 0 and "warning" not in proc.stderr, proc.stderr
    assert not (env.data_dir / "banlists").exists() and not (env.data_dir / "cards-0123456789ab.jsonl").exists()
    datastore.forget_state()
    _, lists = datastore.installed_paths(env.data_dir)
    assert (lists / "tcg" / "2026-11-03.yaml").read_text() == text
