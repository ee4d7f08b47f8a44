"""Implausible or hostile data from a source is refused with a clear reason, and nothing is installed.

Each case runs the real `deckcheck update` against the fake API on 127.0.0.1 (or a real SQLite
file for --cdb) and checks: exit 2, one line saying why, no raw control character in it, and the
data in use unchanged.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time

import pytest

from deckcheck import datastore
from deckcheck.update.updater import MAX_GROWTH

from .fixtures.update import fakeapi as F
from .fixtures.update.harness import (  # noqa: F401
    RELEASED, env, standard_body_replacing, standard_body_with, standard_cards)

CARDINFO = "/api/cardinfo.php?misc=yes"


def refused(env, match: str, *args: str) -> str:
    before = env.snapshot()
    proc = env.cli_update("--retries", "0", *args)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("deckcheck: error: update failed: "), proc.stderr
    assert match in lines[0], lines[0]
    assert not any(ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0 for ch in lines[0]), ascii(lines[0])
    assert "the installed data is unchanged" in lines[0]
    assert env.snapshot() == before
    return lines[0]


def filler(count: int) -> bytes:
    """``count`` minimal cards the API could send, none of them known."""
    return b",".join(b'{"id":%d,"name":"Filler %d","type":"Effect Monster","misc_info":[{"formats":["TCG"]}]}'
                     % (300_000_000 + i, i) for i in range(count))




def test_a_million_cards_are_refused(env):
    """1,000,806 cards used to be installed (a check then took 2 s and 384 MB instead of 0.26 s and 25 MB)."""
    env.serve(body=standard_body_with(filler(1_000_806 - len(standard_cards()))))
    refused(env, "refused")
    proc = env.cli("data", "-o", "json")
    assert json.loads(proc.stdout)["cards"]["origin"] == "bundled"


def test_more_than_half_as_many_cards_again_is_refused(env):
    installed = sum(1 for row in F.bundled_rows()[1])
    extra = int(MAX_GROWTH * installed) - len(standard_cards()) + 100
    env.serve(body=standard_body_with(filler(extra)))
    reason = refused(env, f"more than {MAX_GROWTH:g} times as many")
    assert "refused as implausible: cardinfo.php has" in reason


def test_a_database_dated_in_the_future_is_refused(env):
    """last_update 9999-12-31 used to win over any newer bundled data, forever."""
    env.serve()
    env.server.set("/api/checkDBVer.php", F.Reply(body=F.db_version("148.0", "9999-12-31 00:00:00")))
    refused(env, "dated 9999-12-31, in the future")
    assert env.server.hits(CARDINFO) == 0  # refused before the download


def test_a_lone_surrogate_in_a_name_is_refused(env):
    card = {**standard_cards()[5], "name": "Bad \ud800 Name"}
    body = standard_body_replacing({5: card})
    assert b'"Bad \\ud800 Name"' in body  # ensure_ascii: the escape \ud800 on the wire
    env.serve(body=body)
    refused(env, f"card #6 ({card['id']}): \"name\" has a character that is not allowed (U+D800)")


@pytest.mark.parametrize("name, code", [("Ash\x1b[2J Blossom", "U+001B"), ("Ash\u202eBlossom", "U+202E"),
                                        ("x" * 300, "longer than 200")])
def test_names_that_cannot_be_shown_are_refused(env, name, code):
    env.serve(body=standard_body_replacing({0: {**standard_cards()[0], "name": name}}))
    refused(env, code)


def test_deeply_nested_json_is_a_reason_not_an_internal_error(env):
    env.serve(body=b'{"data": [' + b"[" * 200_000 + b"]" * 200_000 + b"]}")
    refused(env, "cardinfo.php: invalid JSON (nested too deeply)")
    env.serve()
    env.server.set("/lists/tcg/current.vector.json", F.Reply(body=b"[" * 200_000))
    refused(env, "invalid JSON (nested too deeply)")


def test_escape_sequences_in_the_database_version_are_refused(env):
    env.serve()
    hostile = json.dumps([{"database_version": "\x1b[2J\x1b[31mPWNED\x1b[0m", "last_update": "2026-11-28"}]).encode()
    env.server.set("/api/checkDBVer.php", F.Reply(body=hostile))
    reason = refused(env, "unexpected database_version '\\x1b[2J")
    assert "\x1b" not in reason


def test_a_strange_last_update_is_ignored_not_stored(env):
    env.serve()
    odd = json.dumps([{"database_version": "148.0", "last_update": "\x1b]8;;https://evil.example\x07x"}]).encode()
    env.server.set("/api/checkDBVer.php", F.Reply(body=odd))
    proc = env.cli_update("--retries", "0")
    assert proc.returncode == 0, proc.stderr
    text = (env.data_dir / "state.json").read_text()
    assert "evil.example" not in text and "\\u001b" not in text
    assert "\x1b" not in env.cli("data").stdout


def test_a_date_that_is_not_one_is_not_stored(env):
    """A release date with a line feed after it (or no real day) was stored as the card's date."""
    for odd in (RELEASED + "\n", "2002-13-45"):
        card = F.new_card(RELEASED)
        card["misc_info"][0]["tcg_date"] = odd
        env.serve(body=standard_body_replacing({len(standard_cards()) - 1: card}))
        proc = env.cli_update("--retries", "0")
        assert proc.returncode == 0, proc.stderr
        assert datastore.load_cards().by_passcode(F.NEW_CARD).tcg_date is None


def test_a_type_field_that_is_no_string_is_a_reason_not_an_internal_error(env):
    """A Spell's "race" as a list raised a TypeError (an internal error) instead of refusing the update."""
    spell = F.new_card(RELEASED, type="Spell Card", frameType="spell", race=["Quick-Play"])
    env.serve(body=standard_body_replacing({len(standard_cards()) - 1: spell}))
    refused(env, f'({F.NEW_CARD}): "race" is not a string')


def _cdb(path, rows: list[tuple[int, str]], mtime: float | None = None):
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE datas (id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, type INTEGER,"
                " atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, category INTEGER)")
    con.execute("CREATE TABLE texts (id INTEGER PRIMARY KEY, name TEXT, desc TEXT)")
    con.executemany("INSERT INTO datas VALUES (?, 3, 0, 0, 33, 0, 0, 4, 1, 1, 0)", [(i,) for i, _ in rows])
    con.executemany("INSERT INTO texts VALUES (?, ?, '')", rows)
    con.commit()
    con.close()
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def test_hostile_cdb_files_are_refused(env, tmp_path):
    rows = [(row[0], row[1]) for row in F.bundled_rows()[1] if row[6] == "official"]
    bad = _cdb(tmp_path / "escape.cdb", [(rows[0][0], "Ash\x1b[31m Blossom"), *rows[1:]])
    refused(env, f"the name of card {rows[0][0]} has a character that is not allowed (U+001B)", "--cdb", str(bad))
    huge = _cdb(tmp_path / "huge.cdb", rows + [(400_000_000 + i, f"Filler {i}") for i in range(100_000)])
    refused(env, "refused as implausible", "--cdb", str(huge))
    future = _cdb(tmp_path / "future.cdb", rows, mtime=time.time() + 400 * 86400)
    refused(env, "(its modification time) is dated", "--cdb", str(future))
