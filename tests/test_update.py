"""`deckcheck update` end to end, against a real HTTP server on 127.0.0.1 (tests/fixtures/update/).

What a successful update installs, the no-op when the database version is unchanged, lists and
their dated history, two updates at once, and every command using the downloaded data afterwards.
"""

from __future__ import annotations

from deckcheck.regulation import list_limits

import json
import time
from datetime import date, timedelta

import pytest

from deckcheck import datastore
from deckcheck.banlists import bundled_banlists_dir
from deckcheck.carddb import CardIndex

from .fixtures.update import fakeapi as F
from .fixtures.update.harness import (  # noqa: F401
    NEW_LIST_NAME, RELEASED, TODAY, YESTERDAY, env, install_baseline, standard_body, standard_body_replacing,
    standard_cards)

NEW_DECK = """\
name: test deck with the new card
format: tcg
main:
  - 3 Deckcheck Test Dragon
  - 37 Pot of Extravagance
"""


def test_update_adds_a_card_and_a_list(env):
    env.serve()
    result = env.update()
    assert result.changed
    assert result.cards["changed"] and result.cards["added"] == 1 and result.cards["origin"] == "downloaded"
    assert result.cards["source"]["database_version"] == "147.23"
    assert [lst["name"] for lst in result.lists["installed"]] == [NEW_LIST_NAME]
    state = json.loads((env.data_dir / "state.json").read_text())
    cards_file, lists_dir = datastore.installed_paths(env.data_dir)
    assert cards_file.stat().st_size == state["cards"]["size"]

    index = datastore.load_cards()
    assert datastore.cards_info(index)["origin"] == "downloaded"
    card = index.by_passcode(F.NEW_CARD)
    assert card.name == "Deckcheck Test Dragon" and card.kind == "main" and card.tcg and card.tcg_date == RELEASED
    ash = index.by_passcode(F.NEW_ART[1])  # a new artwork the API lists in card_images
    assert ash is not None and ash.passcode == F.NEW_ART[0]
    # what the API lacks is carried over: EDOPro-only artworks, prerelease placeholders and their cards
    assert index.by_passcode(46986409).name == "Dark Magician"
    assert index.placeholder_target(100200245) == 26857786
    assert len(index) == len(CardIndex()) + 1

    store = datastore.load_store()
    assert store.roots[0] == lists_dir
    new = store.in_effect("tcg", TODAY)
    assert new.name == NEW_LIST_NAME and new.effective.isoformat() == YESTERDAY
    limits, unmatched = list_limits(new, index)
    assert limits[F.NEW_CARD] == 0 and not unmatched
    assert store.in_effect("tcg", date(2026, 6, 1)).name == "2026.05 TCG"  # the bundled history stays
    assert new.source["official"]["published_by"].startswith("Konami")


def test_downloaded_index_has_the_bundled_layout(env):
    install_baseline(env)  # what a first update of the standard data installed
    first = datastore.installed_paths(env.data_dir)[0].read_bytes().split(b"\n", 1)[0]
    bundled_first = datastore.MAIN_INDEX.read_bytes().split(b"\n", 1)[0]
    assert list(json.loads(first)) == list(json.loads(bundled_first))  # same header keys in the same order
    assert json.loads(first)["fields"] == json.loads(bundled_first)["fields"]


def test_no_op_when_the_database_version_is_unchanged(env):
    install_baseline(env)  # a first update of database version 147.23, from this server
    env.serve()
    before = env.snapshot()
    mtimes = {p: (env.data_dir / p).stat().st_mtime_ns for p in before if p != "state.json"}
    result = env.update()
    assert not result.changed and result.to_json()["status"] == "up to date"
    assert not result.cards["changed"]
    assert env.server.hits("/api/checkDBVer.php") == 1
    assert env.server.hits("/api/cardinfo.php?misc=yes") == 0  # nothing downloaded the second time
    after = env.snapshot()
    assert {k: v for k, v in after.items() if k != "state.json"} == {k: v for k, v in before.items() if k != "state.json"}
    assert mtimes == {p: (env.data_dir / p).stat().st_mtime_ns for p in mtimes}
    # a new database version downloads again
    env.serve(version="147.24")
    result = env.update()
    assert result.cards["changed"] and env.server.hits("/api/cardinfo.php?misc=yes") == 1
    # --force downloads even when unchanged
    env.update(force=True)
    assert env.server.hits("/api/cardinfo.php?misc=yes") == 2


def test_user_agent_and_rate_limit(env):
    env.serve()
    env.update()
    agents = {headers.get("User-Agent") for _, _, headers in env.server.log}
    assert agents == {"deckcheck/0.1.0"}
    times = [t for t, _, _ in env.server.log]
    assert len(times) >= 3
    # at most 20 requests per second: n requests span at least n-1 intervals of 50 ms, less one
    # interval of slack for when the server thread happened to see the first or last one late
    assert times[-1] - times[0] >= (len(times) - 2) * 0.05


def test_dated_history_grows_and_upcoming_lists(env):
    install_baseline(env)
    env.serve()
    upcoming = (TODAY + timedelta(days=20)).isoformat()
    env.server.set("/lists/tcg/upcoming.vector.json",
                   F.Reply(body=F.vector("tcg", upcoming, {F.NEW_KONAMI: 1})))
    result = env.update()
    assert [lst["effective"] for lst in result.lists["installed"]] == [upcoming]
    files = sorted(p.name for p in (datastore.installed_paths(env.data_dir)[1] / "tcg").iterdir())
    assert files == sorted([f"{YESTERDAY}.yaml", f"{upcoming}.yaml"])
    store = datastore.load_store()
    assert store.in_effect("tcg", TODAY).effective.isoformat() == YESTERDAY
    assert store.in_effect("tcg", TODAY + timedelta(days=30)).effective.isoformat() == upcoming
    # the list that was "current" before is kept when upstream moves on
    env.server.set("/lists/tcg/current.vector.json", F.Reply(body=f"{upcoming}.vector.json".encode()))
    env.server.set(f"/lists/tcg/{upcoming}.vector.json", F.Reply(body=F.vector("tcg", upcoming, {F.NEW_KONAMI: 1})))
    env.update()
    datastore.forget_state()
    assert sorted(p.name for p in (datastore.installed_paths(env.data_dir)[1] / "tcg").iterdir()) == files


def test_check_uses_the_downloaded_data(env):
    deck = env.tmp / "deck.yaml"
    deck.write_text(NEW_DECK)
    before = env.cli("check", str(deck), "-o", "json")
    doc = json.loads(before.stdout)
    assert doc["data"]["cards"]["origin"] == "bundled"
    assert "unknown-card" in {p["rule"] for p in doc["decks"][0]["problems"]}

    env.serve()
    proc = env.cli_update()
    assert proc.returncode == 0, proc.stderr
    assert "cards: installed" in proc.stdout and NEW_LIST_NAME in proc.stdout

    after = env.cli("check", str(deck), "-o", "json")
    assert after.returncode == 1
    doc = json.loads(after.stdout)
    assert doc["data"]["cards"]["origin"] == "downloaded"
    assert doc["data"]["cards"]["built"] == "2026-11-28"
    assert doc["data"]["banlist"]["origin"] == "downloaded"
    assert doc["format"]["banlist"] == NEW_LIST_NAME
    problems = doc["decks"][0]["problems"]
    rules = {p["rule"] for p in problems}
    assert "unknown-card" not in rules and "banlist" in rules
    assert any(p["card"] and p["card"]["passcode"] == F.NEW_CARD for p in problems if p["rule"] == "banlist")
    text = env.cli("check", str(deck))
    assert "card data downloaded, 2026-11-28" in text.stdout

    data = env.cli("data", "-o", "json")
    info = json.loads(data.stdout)
    assert info["cards"]["origin"] == "downloaded" and info["cards"]["source"]["database_version"] == "147.23"
    assert info["banlists"]["newest"]["tcg"] == {**info["banlists"]["newest"]["tcg"], "name": NEW_LIST_NAME,
                                                  "origin": "downloaded", "effective": YESTERDAY}
    assert info["update"]["installed"] and info["update"]["data_dir"] == str(env.data_dir)
    text = env.cli("data").stdout
    assert "downloaded from YGOPRODeck (database version 147.23)" in text
    row = next(line.split() for line in text.splitlines() if line.startswith(f" {NEW_LIST_NAME} "))
    assert row[:3] == [*NEW_LIST_NAME.split(), YESTERDAY]  # in force today since yesterday


def test_cli_update_output_is_plain_when_not_a_tty_and_json_on_request(env):
    env.serve()
    proc = env.cli_update("-o", "json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["status"] == "updated" and doc["cards"]["added"] == 1
    assert "\x1b[" not in proc.stderr  # no progress bar without a terminal
    proc = env.cli_update()
    assert proc.returncode == 0
    assert proc.stdout.splitlines()[0].startswith("cards: up to date (YGOPRODeck database version 147.23)")
    assert env.cli_update("--quiet").stdout == ""


@pytest.mark.slow  # two real update processes racing on one data directory
def test_two_concurrent_updates(env):
    env.serve()
    env.server.set("/api/cardinfo.php?misc=yes", F.Reply(body=standard_body(), delay=1.5))
    args = ("update", "--cards-url", env.api, "--lists-url", env.lists, "-o", "json")
    first = env.popen(*args)
    time.sleep(0.2)
    second = env.popen(*args)
    outs = [p.communicate(timeout=120) for p in (first, second)]
    assert [p.returncode for p in (first, second)] == [0, 0], outs
    statuses = sorted(json.loads(out)["status"] for out, _ in outs)
    assert statuses == ["up to date", "updated"]
    assert env.server.hits("/api/cardinfo.php?misc=yes") == 1  # the second waited, then found it current
    assert "waiting" in outs[1][1]
    datastore.forget_state()
    index = CardIndex(datastore.installed_paths(env.data_dir)[0])
    assert index.by_passcode(F.NEW_CARD) is not None
    assert not [p for p in env.data_dir.rglob("*") if p.name.endswith(".tmp")]


def test_only_cards_and_only_lists(env):
    env.serve()
    result = env.update(only="cards")
    assert result.cards["changed"] and result.lists == {}
    assert datastore.load_store().roots == [bundled_banlists_dir()]  # no list root until lists were installed
    datastore.forget_state()
    result = env.update(only="lists")
    assert result.cards == {} and [lst["name"] for lst in result.lists["installed"]] == [NEW_LIST_NAME]
    assert env.server.hits("/api/cardinfo.php?misc=yes") == 1


def test_config_file_sets_the_urls(env):
    install_baseline(env)  # of this server's data: the update asks both URLs and finds nothing new
    env.serve()
    (env.tmp / "config.toml").write_text(f'[update]\ncards_url = "{env.api}"\nlists_url = "{env.lists}"\nretries = 0\n')
    proc = env.cli("update")
    assert proc.returncode == 0, proc.stderr
    assert env.server.hits("/api/checkDBVer.php") == 1 and env.server.hits("/lists/tcg/current.vector.json") == 1
    assert "cards: up to date (YGOPRODeck database version 147.23)" in proc.stdout
    (env.tmp / "config.toml").write_text('[update]\ncard_url = "x"\n')
    proc = env.cli("update")
    assert proc.returncode == 2 and "unknown key 'card_url'" in proc.stderr and len(proc.stderr.splitlines()) == 1


def test_unreachable_lists_fall_back_to_ygoprodeck_statuses(env):
    last = len(standard_cards()) - 1
    assert standard_cards()[last]["id"] == F.NEW_CARD
    body = standard_body_replacing({last: {**standard_cards()[last], "banlist_info": {"ban_tcg": "Forbidden"}}})
    env.serve(body=body)
    env.server.set("/lists/tcg/current.vector.json", F.Reply(status=503, body=b"down"))
    result = env.update(retries=0)
    assert any("using YGOPRODeck's current card statuses" in w for w in result.warnings)
    installed = result.lists["installed"]
    assert [(lst["format"], lst["derived"], lst["effective"]) for lst in installed] == [("tcg", True, TODAY.isoformat())]
    store = datastore.load_store()
    stopgap = store.in_effect("tcg", TODAY)
    assert stopgap.name == f"{TODAY.isoformat()} TCG (YGOPRODeck)" and "derived" in stopgap.source
    assert list_limits(stopgap, datastore.load_cards())[0][F.NEW_CARD] == 0
    # the official source is back: the stopgap goes, the dated official list comes
    datastore.forget_state()
    env.serve(body=body)
    result = env.update()
    assert result.lists["removed"] == [f"tcg/{TODAY.isoformat()}.yaml"]
    assert datastore.load_store().in_effect("tcg", TODAY).name == NEW_LIST_NAME


def test_lists_url_ygoprodeck_without_a_card_download(env):
    env.serve()
    env.update(only="cards")
    tcg = [c for c in standard_cards() if "ban_tcg" in c.get("banlist_info", {})]
    env.server.set("/api/cardinfo.php?banlist=tcg", F.Reply(body=F.cardinfo_body(tcg)))
    env.server.set("/api/cardinfo.php?banlist=ocg", F.Reply(body=F.cardinfo_body([])))
    result = env.update(lists_url="ygoprodeck")
    assert env.server.hits("/api/cardinfo.php?banlist=tcg") == 1
    assert result.lists["installed"] == []  # the statuses equal the list in force: nothing to add
    assert "TCG statuses equal the list in force" in result.lists["unchanged"]
