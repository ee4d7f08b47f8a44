"""The formats around `deckcheck update`: deckcheck's index file, EDOPro cards.cdb and lflist.conf
imports, Konami-ID vectors, the config file, and how datastore chooses between downloaded and
bundled data (cheaply, and never importing requests when nothing was downloaded).

The imports run on EDOPro files made from the shipped data (tests/fixtures/edopro.py) and, marked
source_data, on the real files of the source data snapshot."""

from __future__ import annotations

from deckcheck.banlists import BanlistStore, folder_title, staleness

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from copy import deepcopy
from datetime import date, datetime
from functools import cache
from pathlib import Path

import pytest

from deckcheck import datastore
from deckcheck.carddb import MAIN_INDEX, OTHER_INDEX, CardIndex
from deckcheck.update import UpdateError
from deckcheck.update import index_file as I
from deckcheck.update import lists as L
from deckcheck.update import ygoprodeck as Y
from deckcheck.update.config import ConfigError, load_config

from .conftest import REPO, SHARED_DATA
from .fixtures.update import fakeapi as F
from .fixtures.update.harness import TODAY, edopro_files, env, install_baseline  # noqa: F401

EXAMPLES = SHARED_DATA / "ygoprodeck" / "examples"
LFLISTS = SHARED_DATA / "edopro" / "lflists" / "current"
CDB = SHARED_DATA / "edopro" / "cards.reconstructed.cdb"
SHIPPED_OR_SOURCE = ["shipped", pytest.param("source", marks=pytest.mark.source_data)]


@pytest.fixture(params=SHIPPED_OR_SOURCE)
def lflist_dir(request, edopro_files) -> Path:
    """EDOPro's lflist.conf files: made from the shipped lists, or the real ones of the snapshot."""
    return edopro_files if request.param == "shipped" else LFLISTS


@pytest.fixture(params=SHIPPED_OR_SOURCE)
def cdb_file(request, edopro_files) -> Path:
    """An EDOPro cards.cdb: made from the shipped index, or the real one of the snapshot."""
    return edopro_files / "cards.cdb" if request.param == "shipped" else CDB


def _doc_of(path: Path) -> dict:
    header, rows = I.read_index(path)
    doc = {k: v for k, v in header.items() if k not in ("passcodes", "alt_passcodes", "groups")}
    doc["cards"] = rows
    return doc


# ------------------------------------------------------------------------------------ index format


@pytest.mark.parametrize("path", [MAIN_INDEX, OTHER_INDEX], ids=["cards", "other_cards"])
def test_index_writer_reproduces_the_bundled_files_byte_for_byte(path):
    doc = _doc_of(path)
    assert I.index_bytes(doc) == path.read_bytes()
    if path == MAIN_INDEX:
        I.validate(doc)  # (the other index groups some of its cards under cards of the main one)


def test_index_lines_are_one_row_each_whatever_the_names():
    """The rows are encoded in one call and split where one row ends and the next begins: a name holding
    that sequence (``],[``) must not split its row."""
    rows = [[3, "A],[B", "main", 1, 1, 1, "official", None, None, None, None, [4], 4],
            [5, "C", "main", 1, 1, 1, "official", 7, "2020-01-01", None, 3, [], None]]
    doc = I.document(rows, [], {}, "test")
    lines = I.index_bytes(doc).decode().splitlines()
    assert [json.loads(line) for line in lines[1:]] == rows and len(lines) == 3


def test_written_index_loads_in_card_index(tmp_path):
    doc = I.document([[5, "B", "main", 1, 1, 1, "official", 7, None, None, None, [6, 4000], 4],
                      [3, "A", "extra", 65, 1, 0, "official", None, "2020-01-01", None, 5, [], 8]],
                     [{"id": "x", "date": "2026-01-01"}], {100000001: 3}, "test")
    (tmp_path / "tool.jsonl").write_bytes(I.index_bytes(doc))
    index = CardIndex(tmp_path / "tool.jsonl", None)
    assert index.by_passcode(4000).name == "B" and index.group_of(3) == 5 and index.placeholder_target(100000001) == 3
    assert index.by_passcode(4000).level == 4 and index.by_passcode(3).level == 8


@pytest.mark.parametrize("change, match", [
    (lambda rows: rows.append(list(rows[0])), "belongs to two cards"),
    (lambda rows: rows[0].__setitem__(2, "monster"), "has kind"),
    (lambda rows: rows[0].__setitem__(10, 999), "not a card of its own"),
    (lambda rows: rows[0].__setitem__(1, " "), "has no name"),
    (lambda rows: rows[0].__setitem__(12, -1), "has level -1"),
    (lambda rows: rows[0].__setitem__(12, "4"), "has level '4'"),
    (lambda rows: rows[0].pop(), "does not have 13 fields"),
])
def test_index_validation(change, match):
    rows = [[5, "B", "main", 1, 1, 1, "official", 7, None, None, None, [6], 4],
            [3, "A", "main", 1, 1, 1, "official", None, None, None, None, [], None]]
    change(rows)
    with pytest.raises(I.IndexFormatError, match=match):
        I.validate(I.document(rows, [], {}, "test"))


# ------------------------------------------------------------------------------------ YGOPRODeck


@pytest.mark.source_data
def test_real_sample_responses_convert():
    for name in ("openapi-example-misc.json", "openapi-example-cardinfo_default.json", "openapi-example-pagination.json"):
        cards = Y.parse_cardinfo((EXAMPLES / name).read_bytes())
        assert [c["id"] for c in cards] == [34541863, 64163367]
    cards = Y.parse_cardinfo((EXAMPLES / "openapi-example-misc.json").read_bytes())
    header, rows = I.read_index(MAIN_INDEX)
    ref = Y.Reference(header, [])  # nothing to carry over or fill in
    out, placeholders = Y.convert(cards, ref, [])
    assert sorted(out) == [
        [34541863, '"A" Cell Breeding Device', "main", Y.SPELL | Y.CONTINUOUS, 1, 1, "official", 7128, "2007-05-16",
         "2007-02-15", None, [], None],  # a Spell: no Level
        [64163367, '"A" Cell Incubator', "main", Y.SPELL | Y.CONTINUOUS, 1, 1, "official", 7315, "2007-11-14",
         "2007-07-21", None, [], None],
    ]
    monster = {**cards[0], "id": 89631139, "name": "Blue-Eyes White Dragon", "type": "Normal Monster",
               "frameType": "normal", "level": 8, "race": "Dragon"}
    link = {**cards[0], "id": 1861629, "name": "Decode Talker", "type": "Link Monster", "frameType": "link",
            "linkval": 3, "race": "Cyberse"}
    converted = {row[0]: row for row in Y.convert([monster, link], ref, [])[0]}
    assert converted[89631139][I.COL["level"]] == 8 and converted[1861629][I.COL["level"]] == 3


def _shape(value):
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_shape(value[0])] if value else []
    return type(value).__name__


@pytest.mark.source_data
def test_generated_api_cards_have_the_shape_of_the_real_responses():
    real = json.loads((EXAMPLES / "openapi-example-misc.json").read_text(encoding="utf-8"))["data"]
    assert all(_shape(card) == _shape(F.TEMPLATE) for card in real)


@pytest.mark.parametrize("card, kind, bits", [
    ({"type": "XYZ Monster", "frameType": "xyz"}, "extra", Y.MONSTER | Y.XYZ),
    ({"type": "Link Monster", "frameType": "link", "typeline": ["Cyberse", "Link", "Effect"]}, "extra",
     Y.MONSTER | Y.LINK | Y.EFFECT),
    ({"type": "Synchro Pendulum Effect Monster", "frameType": "synchro_pendulum"}, "extra",
     Y.MONSTER | Y.SYNCHRO | Y.PENDULUM | Y.EFFECT),
    ({"type": "Pendulum Effect Ritual Monster", "frameType": "ritual_pendulum"}, "main",
     Y.MONSTER | Y.RITUAL | Y.PENDULUM | Y.EFFECT),
    ({"type": "Flip Tuner Effect Monster", "frameType": "effect"}, "main", Y.MONSTER | Y.FLIP | Y.TUNER | Y.EFFECT),
    ({"type": "Spell Card", "frameType": "spell", "race": "Quick-Play"}, "main", Y.SPELL | Y.QUICKPLAY),
    ({"type": "Trap Card", "frameType": "trap", "race": "Counter"}, "main", Y.TRAP | Y.COUNTER),
    ({"type": "Token", "frameType": "token"}, "token", Y.MONSTER | Y.NORMAL | Y.TOKEN),
    ({"type": "Skill Card", "frameType": "skill"}, "skill", Y.SKILL),
])
def test_type_strings(card, kind, bits):
    assert Y.type_bits(card) == bits and Y.kind_of(bits) == kind


@cache
def api_cards() -> tuple[dict, ...]:
    """``F.cardinfo(new_art=False)``, made once (convert does not change its cards; a test that does copies)."""
    return tuple(F.cardinfo(new_art=False))


def test_generated_api_cards_round_trip_to_the_bundled_index():
    """Every bundled official card, sent through the API's shape and converted back, is unchanged."""
    header, rows = I.read_index(MAIN_INDEX)
    notes: list[str] = []
    out, placeholders = Y.convert(list(api_cards()), Y.Reference(header, rows), notes)
    assert {r[0]: r for r in out} == {r[0]: r for r in rows}
    assert placeholders == {int(k): v for k, v in header["placeholders"].items()}


def test_new_cards_take_the_apis_groups_and_beta_ids():
    header, rows = I.read_index(MAIN_INDEX)
    new = F.api_card([77777771, "Harpie Lady 4", "main", 0x21, 1, 1, "official", None, None, None, None, []], {}, {})
    new["misc_info"][0]["treated_as"] = "Harpie Lady"
    new["misc_info"][0]["beta_id"] = 101999001
    out, placeholders = Y.convert([*api_cards(), new], Y.Reference(header, rows), [])
    row = next(r for r in out if r[0] == 77777771)
    assert row[I.COL["group"]] == 76812113  # Harpie Lady
    assert placeholders[101999001] == 77777771


def test_check_db_ver_accepts_both_field_names():
    assert Y.parse_db_version(b'[{"database_version":"147.23","last_update":"2026-09-09 10:00:00"}]') == {
        "database_version": "147.23", "last_update": "2026-09-09 10:00:00"}
    assert Y.parse_db_version(b'[{"database_version":147.2,"date":"2026-09-09"}]')["last_update"] == "2026-09-09"


# ------------------------------------------------------------------------------------ lists


def _resolver():
    header, rows = I.read_index(MAIN_INDEX)
    _, other = I.read_index(OTHER_INDEX)
    return L.Resolver(rows, other, {int(k): v for k, v in header["placeholders"].items()})


def test_vectors_resolve_by_konami_id_and_match_the_bundled_list():
    resolver = _resolver()
    path, doc = F.newest_list("tcg")
    day, regulation = L.parse_vector(F.vector("tcg", str(doc["effective"])), "v", TODAY)
    lst = L.vector_list("tcg", day, regulation, resolver, "http://x/", TODAY.isoformat())
    assert lst.name == doc["name"] and lst.rel_path == f"tcg/{doc['effective']}.yaml"
    assert L.differences(L.existing_statuses(path, resolver), lst.statuses()) == 0


@pytest.mark.parametrize("body, match", [
    (b'{"date": "2026-13-01", "regulation": {"1": 0}}', "not YYYY-MM-DD"),
    (b'{"date": "1990-01-01", "regulation": {"4041": 0}}', "implausible effective date"),
    (b'{"date": "2026-11-01", "regulation": {"4041": 3}}', "unexpected entry"),
    (b'{"date": "2026-11-01", "regulation": {}}', "empty"),
    (b"<html>404</html>", "HTML page"),
])
def test_vector_validation(body, match):
    with pytest.raises(L.ListError, match=match):
        L.parse_vector(body, "v", TODAY)


def test_edopro_lflist_parsing():
    text = "#[2026.05 TCG]\n!2026.05 TCG\n#Forbidden\n21044178 0 --Abyss Dweller\n12345 2--no space\n1 -1\n" \
           "!2005.4 GOAT\n$whitelist\n4041 3\n"
    assert L.parse_lflist(text) == [("2026.05 TCG", False, [(21044178, 0), (12345, 2), (1, -1)]),
                                    ("2005.4 GOAT", True, [(4041, 3)])]


def test_edopro_lists_equal_the_bundled_ones(lflist_dir):
    resolver = _resolver()
    known = {("tcg", "2026.05 tcg"): "2026-05-18", ("ocg", "2026.07 ocg"): "2026-07-01"}
    notes: list[str] = []
    text = (lflist_dir / "0TCG.lflist.conf").read_text(encoding="utf-8")
    [lst] = L.lflist_lists(text, resolver, known, {"path": "0TCG"}, notes)
    assert (lst.name, lst.effective) == ("2026.05 TCG", "2026-05-18")  # the date of the list deckcheck has
    have = L.existing_statuses(REPO / "banlists" / "tcg" / "2026-05-18.yaml", resolver)
    assert L.differences(have, lst.statuses()) == 0  # alternate-art entries folded into their card
    assert len(lst.entries) < sum(1 for line in text.splitlines() if line[:1].isdigit())
    goat = (lflist_dir / "GOAT.lflist.conf").read_text(encoding="utf-8")
    assert L.lflist_lists(goat, resolver, known, {"path": "GOAT"}, notes) == []
    assert "EDOPro list '2005.4 GOAT' skipped" in notes[-1]


def test_lflist_import_from_the_command_line(env, edopro_files):
    conf = env.tmp / "new.lflist.conf"
    text = (edopro_files / "0TCG.lflist.conf").read_text(encoding="utf-8").replace("2026.05 TCG", "2026.12 TCG")
    conf.write_text(text + "!2026.05 TCG\n21044178 0\n", encoding="utf-8")
    proc = env.cli("update", "--lflist", str(conf), "--only", "lists", "-o", "json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    [installed] = doc["lists"]["installed"]
    assert (installed["name"], installed["effective"]) == ("2026.12 TCG", "2026-12-01")
    # a list deckcheck already has (by name) is never replaced by EDOPro's version of it
    assert doc["lists"]["unchanged"] == ["2026.05 TCG (kept the installed list of 2026-05-18)"]
    assert any("the installed (official) list is kept" in n for n in doc["notes"])
    datastore.forget_state()
    text = (datastore.installed_paths(env.data_dir)[1] / "tcg" / "2026-12-01.yaml").read_text()
    assert "EDOPro names lists by month only" in text


def test_lflist_with_an_unknown_passcode_is_refused(env):
    conf = env.tmp / "bad.lflist.conf"
    conf.write_text("!2026.12 TCG\n21044178 0\n99999998 1\n", encoding="utf-8")
    proc = env.cli("update", "--lflist", str(conf), "--only", "lists")
    assert proc.returncode == 2 and "1 entry name no known card: 99999998" in proc.stderr
    assert not (env.data_dir / "banlists").exists()


# ------------------------------------------------------------------------------------ cards.cdb


def test_cdb_import(env, cdb_file):
    cdb = env.tmp / "cards.cdb"
    shutil.copyfile(cdb_file, cdb)
    made = datetime(2026, 11, 28, 12).timestamp()  # after the bundled data (2026-08-22)
    os.utime(cdb, (made, made))
    result = env.update(cdb=cdb, only="cards")
    assert result.cards["origin"] == "imported" and result.cards["source"]["kind"] == "cdb"
    assert result.cards["date"] == "2026-11-28"  # the file's modification date
    assert result.cards["from_source"] > 14000 and not result.warnings
    index = CardIndex(datastore.installed_paths(env.data_dir)[0])
    dark_magician = index.by_passcode(36996508)
    assert dark_magician.passcode == 46986414 and 46986409 in dark_magician.passcodes
    assert index.group_of(91932350) == 76812113  # Harpie Lady 1 counts as Harpie Lady
    assert index.by_passcode(14558127).konami_id == 12950  # filled in from the bundled index
    datastore.forget_state()
    assert datastore.cards_info(datastore.load_cards())["origin"] == "imported"
    # a cdb older than the bundled data: the bundled index stays in use, and says why
    old = datetime(2025, 1, 1).timestamp()
    os.utime(cdb, (old, old))
    result = env.update(cdb=cdb, only="cards")
    assert any("before the bundled data" in w for w in result.warnings)
    cards = datastore.load_cards()
    assert datastore.cards_info(cards)["origin"] == "bundled"
    assert "newer" in datastore.cards_info(cards)["note"]


def test_tiny_or_foreign_cdb_is_refused(env):
    tiny = env.tmp / "tiny.cdb"
    con = sqlite3.connect(tiny)
    con.execute("CREATE TABLE datas(id INTEGER PRIMARY KEY, ot, alias, setcode, type, atk, def, level, race, attribute, category)")
    con.execute("CREATE TABLE texts(id INTEGER PRIMARY KEY, name, desc)")
    con.execute("INSERT INTO datas VALUES (46986414, 3, 0, 0, 17, 2500, 2100, 7, 2, 32, 0)")
    con.execute("INSERT INTO texts VALUES (46986414, 'Dark Magician', '')")
    con.commit()
    con.close()
    with pytest.raises(UpdateError, match="refused as implausible: .*tiny.cdb has 1 cards"):
        env.update(cdb=tiny)
    notcdb = env.tmp / "cards.cdb"
    notcdb.write_text("hello")
    with pytest.raises(UpdateError, match="not an SQLite card database"):
        env.update(cdb=notcdb)
    assert not (env.data_dir / "state.json").exists()


# ------------------------------------------------------------------------------------ config


def test_config_file(tmp_path, monkeypatch):
    path = tmp_path / "c.toml"
    assert load_config(path) == ({}, path)
    path.write_text('[update]\ncards-url = "https://mirror.example.org/api/v7/"\ntimeout = 5\n')
    assert load_config(path)[0] == {"cards_url": "https://mirror.example.org/api/v7/", "timeout": 5}
    path.write_text("[update]\ntimeout = 'soon'\n")
    with pytest.raises(ConfigError, match="wrong type"):
        load_config(path)
    path.write_text("[update\n")
    with pytest.raises(ConfigError, match="not a valid TOML"):
        load_config(path)
    from deckcheck.update.config import config_path

    monkeypatch.setenv("DECKCHECK_CONFIG", str(path))
    assert config_path() == path
    monkeypatch.delenv("DECKCHECK_CONFIG")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert config_path() == tmp_path / "xdg" / "deckcheck" / "config.toml"


# ------------------------------------------------------------------------------------ datastore


def test_data_dir_override_and_default(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCHECK_DATA_DIR", str(tmp_path / "d"))
    assert datastore.data_dir() == tmp_path / "d"
    if sys.platform.startswith("linux"):
        monkeypatch.delenv("DECKCHECK_DATA_DIR")
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
        assert datastore.data_dir() == tmp_path / "xdg" / "deckcheck"
        from platformdirs import user_data_dir

        assert datastore.data_dir() == Path(user_data_dir("deckcheck", appauthor=False))


def _probe(env_vars: dict) -> dict:
    code = ("import sys, json; from deckcheck import datastore as d; c = d.load_cards(); s = d.load_store(); "
            "print(json.dumps({'origin': d.cards_info(c)['origin'], 'requests': 'requests' in sys.modules, "
            "'update': 'deckcheck.update' in sys.modules, 'roots': [str(r) for r in s.roots]}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, **env_vars},
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_start_up_imports_nothing_of_the_updater(env):
    nothing = _probe({"DECKCHECK_DATA_DIR": str(env.data_dir)})
    assert nothing == {"origin": "bundled", "requests": False, "update": False,
                       "roots": [str(REPO / "banlists")]}
    install_baseline(env)
    downloaded = _probe({"DECKCHECK_DATA_DIR": str(env.data_dir)})
    assert downloaded["origin"] == "downloaded" and not downloaded["requests"] and not downloaded["update"]
    assert downloaded["roots"][0] == str(datastore.installed_paths(env.data_dir)[1])


def test_damaged_download_falls_back_to_the_bundled_data(env):
    install_baseline(env)
    state = json.loads((env.data_dir / "state.json").read_text())
    cards_file = datastore.installed_paths(env.data_dir)[0]
    cards_file.write_bytes(cards_file.read_bytes()[:1000])  # truncated behind deckcheck's back
    proc = env.cli("data", "-o", "json")
    assert proc.returncode == 0
    info = json.loads(proc.stdout)["cards"]
    assert info["origin"] == "bundled" and "damaged" in info["note"]
    assert proc.stderr.count("warning") == 1 and "using the bundled card data" in proc.stderr
    # same size but unreadable content: CardIndex refuses it, the bundled index is used
    cards_file.write_bytes(b"x" * state["cards"]["size"])
    datastore.forget_state()
    assert datastore.cards_info(datastore.load_cards())["origin"] == "bundled"
    (env.data_dir / "state.json").write_text("{not json")
    datastore.forget_state()
    assert datastore.cards_info(datastore.load_cards())["origin"] == "bundled"
    # an update repairs it
    env.serve()
    env.update()
    datastore.forget_state()
    assert datastore.cards_info(datastore.load_cards())["origin"] == "downloaded"


def test_newer_bundled_data_wins_over_an_old_download(env):
    install_baseline(env)
    path = env.data_dir / "state.json"
    state = json.loads(path.read_text())
    state["cards"]["date"] = "2020-01-01"
    path.write_text(json.dumps(state))
    datastore.forget_state()
    info = datastore.cards_info(datastore.load_cards())
    assert info["origin"] == "bundled" and "newer" in info["note"]
    state["cards"]["date"] = date.today().isoformat()
    state["cards"]["bundled"]["stamp"] = [0, 0]  # as after an upgrade of deckcheck: the bundled header is read
    path.write_text(json.dumps(state))
    datastore.forget_state()
    assert datastore.cards_info(datastore.load_cards())["origin"] == "downloaded"


def test_data_command_hints_at_an_update(env):
    proc = env.cli("data", "-o", "json")
    doc = json.loads(proc.stdout)
    old = (date.today() - date(2026, 8, 22)).days > datastore.STALE_CARDS_DAYS
    store = BanlistStore()
    late = [f for f in store.formats() if staleness(store, f, date.today())]
    assert (doc["update"]["hint"] is not None) == (old or bool(late))
    for folder in late:
        assert f"the newest {folder_title(folder)} list took effect" in doc["update"]["hint"]
    assert doc["update"]["installed"] is False and doc["cards"]["origin"] == "bundled"
    text = env.cli("data").stdout
    assert "nothing downloaded yet" in text
    if doc["update"]["hint"]:
        assert "Hint: run 'deckcheck update'" in text


def test_an_update_keeps_the_earlier_first_release_date_of_a_promo():
    """The build dates video-game and magazine promos from evidence YGOPRODeck lacks (D.D. Assailant: out with
    its game in North America on 2004-10-26; the API's date is Europe's, 2005-09-15). An update took the API's
    date, and GOAT and Edison decks with such a promo became "not released" again after `deckcheck update`."""
    header, rows = I.read_index(MAIN_INDEX)
    cards = list(api_cards())
    changed = {70074904: "2005-09-15", 14558127: "2016-01-01"}  # Ash Blossom: the API's earlier date is taken
    for i, card in enumerate(cards):
        if card["id"] in changed:
            cards[i] = deepcopy(card)
            cards[i]["misc_info"][0]["tcg_date"] = changed[card["id"]]
    out, _ = Y.convert(cards, Y.Reference(header, rows), [])
    by_passcode = {r[0]: r for r in out}
    assert by_passcode[70074904][I.COL["tcg_date"]] == "2004-10-26"
    assert by_passcode[14558127][I.COL["tcg_date"]] == "2016-01-01"
