"""The on-disk memo of parsed lists: used when the file is unchanged, rebuilt and pruned when not."""

from __future__ import annotations

import os

from deckcheck.cache import memoized


def test_memo_is_reused_rebuilt_on_change_and_pruned(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("DECKCHECK_NO_CACHE", raising=False)
    source = tmp_path / "2030-01-01.yaml"
    source.write_text("a", encoding="utf-8")
    calls = []

    def build():
        calls.append(source.read_text(encoding="utf-8"))
        return {"text": calls[-1]}

    assert memoized("lists", source, build) == {"text": "a"}
    assert memoized("lists", source, build) == {"text": "a"} and calls == ["a"]  # from the cache
    source.write_text("bb", encoding="utf-8")
    os.utime(source, ns=(1, 2))
    assert memoized("lists", source, build) == {"text": "bb"} and calls == ["a", "bb"]
    entries = list((tmp_path / "cache" / "lists").glob("*.json"))
    assert len(entries) == 1  # the old version's entry is gone
    assert not list((tmp_path / "cache" / "lists").glob(".*.tmp"))  # no temporary file left behind


def test_a_damaged_entry_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path / "cache"))
    source = tmp_path / "list.yaml"
    source.write_text("x", encoding="utf-8")
    memoized("lists", source, lambda: {"v": 1})
    (entry,) = (tmp_path / "cache" / "lists").glob("*.json")
    entry.write_bytes(b'{"v": ')  # cut short
    assert memoized("lists", source, lambda: {"v": 2}) == {"v": 2}


def test_no_cache_builds_every_time(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_NO_CACHE", "1")
    source = tmp_path / "list.yaml"
    source.write_text("x", encoding="utf-8")
    calls = []
    memoized("lists", source, lambda: calls.append(1) or {})
    memoized("lists", source, lambda: calls.append(1) or {})
    assert calls == [1, 1]
