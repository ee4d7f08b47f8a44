"""Facts in the committed card index (deckcheck/data/*.json), and that the build (python -m tools.build_data) reproduces it.

Reads only the committed files and, in the tests marked source_data, the shared data snapshot (CI
has shared/ beside the checkout); no deckcheck module is used to read them.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from .conftest import REPO, SHARED_DATA as SHARED

DATA = REPO / "deckcheck" / "data"
MAIN = DATA / "cards.jsonl"
OTHER = DATA / "other_cards.jsonl"
FIELDS = ["passcode", "name", "kind", "type", "tcg", "ocg", "origin", "konami_id",
          "tcg_date", "ocg_date", "group", "alt_passcodes", "level"]


@cache
def doc(path: Path = MAIN) -> dict:
    """The index as one document: its header with the card lines under "cards"."""
    header, *lines = path.read_text(encoding="utf-8").splitlines()
    document = json.loads(header)
    document["cards"] = [json.loads(line) for line in lines]
    return document


@cache
def rows(path: Path = MAIN) -> dict[int, dict]:
    return {row[0]: dict(zip(doc(path)["fields"], row)) for row in doc(path)["cards"]}


def card(passcode: int) -> dict:
    return rows()[passcode]


def owner(passcode: int) -> dict:
    """The card a passcode (its own or an alternate) belongs to."""
    for c in rows().values():
        if c["passcode"] == passcode or passcode in c["alt_passcodes"]:
            return c
    raise KeyError(passcode)


# ------------------------------------------------------------------------------------------- layout


@pytest.mark.parametrize("path", [MAIN, OTHER], ids=lambda p: p.name)
def test_layout(path):
    d = doc(path)
    assert d["schema"] == 2 and d["generated_by"] == "tools/build_data.py"
    assert d["fields"] == FIELDS
    assert d["sources"] and all(len(s["commit"]) == 40 and s["used_for"] for s in d["sources"])
    passcodes = [row[0] for row in d["cards"]]
    assert passcodes == sorted(passcodes)
    assert d["passcodes"] == passcodes  # the header's look-up list matches the card lines
    assert d["alt_passcodes"] == {str(alt): row[0] for row in d["cards"] for alt in row[FIELDS.index("alt_passcodes")]}
    for c in rows(path).values():
        assert c["kind"] in ("main", "extra", "token", "skill")
        assert c["tcg"] in (0, 1) and c["ocg"] in (0, 1)
        assert c["alt_passcodes"] == sorted(c["alt_passcodes"])
        assert c["name"] == c["name"].strip() and "\u00a0" not in c["name"]
    assert ("placeholders" in d) == (path == MAIN)


def test_sources_of_the_main_index():
    ids = {s["id"] for s in doc()["sources"]}
    assert {"babelcdb", "yaml-yugi", "ygojson", "deltabagooska"} <= ids
    babel = next(s for s in doc()["sources"] if s["id"] == "babelcdb")
    assert babel["commit"] == "503822eef8347d81b028b3ae6bbbd2f478926e71" and babel["date"] == "2026-08-22"


def test_origins():
    assert {c["origin"] for c in rows().values()} == {"official", "prerelease"}
    assert {c["origin"] for c in rows(OTHER).values()} == {"rush", "unofficial"}
    assert rows(OTHER)[160001000]["origin"] == "rush"  # Blue-Eyes White Dragon (Rush)
    assert all(c["tcg"] == c["ocg"] == 0 for c in rows(OTHER).values())


def test_file_is_small_and_has_no_card_text():
    assert MAIN.stat().st_size < 3_000_000
    for path in (MAIN, OTHER):
        for c in rows(path).values():
            for key, value in c.items():
                if isinstance(value, str):
                    assert key in ("name", "kind", "origin", "tcg_date", "ocg_date"), key


@pytest.mark.source_data
def test_no_card_text_of_the_source_cdb():
    texts = (MAIN.read_text(encoding="utf-8"), OTHER.read_text(encoding="utf-8"))
    con = sqlite3.connect(f"file:{SHARED / 'edopro' / 'cards.reconstructed.cdb'}?mode=ro", uri=True)
    descs = [d for (d,) in con.execute("SELECT desc FROM texts ORDER BY id") if d and len(d) > 60][::97]
    con.close()
    assert len(descs) > 100
    for desc in descs:
        assert desc[:60] not in texts[0] and desc[:60] not in texts[1]


# ------------------------------------------------------------------------------ passcodes and groups


def test_no_passcode_twice_across_both_files():
    seen: set[int] = set()
    for path in (MAIN, OTHER):
        for c in rows(path).values():
            for p in [c["passcode"], *c["alt_passcodes"]]:
                assert p not in seen, p
                seen.add(p)
    for key in doc()["placeholders"]:
        assert int(key) not in seen, key


def test_placeholders_point_at_cards():
    main_passcodes = {p for c in rows().values() for p in [c["passcode"], *c["alt_passcodes"]]}
    placeholders = doc()["placeholders"]
    assert len(placeholders) > 1300
    assert all(target in main_passcodes for target in placeholders.values())
    assert placeholders["101204083"] == 1607603  # a DeltaBagooska mappings.json pair
    assert placeholders["101302033"] == 8805651  # chain 101302033 → 8805661 → 8805651 flattened
    assert placeholders["100456001"] == 46826483  # prerelease-lpg2 "Dark Tyranno" by name
    assert placeholders["101402054"] == 3129527  # "Sleeping Scapegoats" (fan name) = BETB-JP054 Sleepy Scapegoats


def test_groups_are_root_cards():
    for path in (MAIN, OTHER):
        for c in rows(path).values():
            if c["group"] is not None:
                target = rows().get(c["group"]) or rows(OTHER).get(c["group"])
                assert target is not None and target["group"] is None, c
                if path == MAIN:
                    assert c["group"] in rows()


def test_alternate_artworks():
    assert 36996508 in card(46986414)["alt_passcodes"]  # Dark Magician
    assert set(range(46986409, 46986424)) - {46986414} <= set(card(46986414)["alt_passcodes"])
    assert owner(83764719)["passcode"] == 83764718  # Monster Reborn
    assert owner(27847700)["passcode"] == 24094653  # Polymerization, official alternate password
    assert owner(10000100)["passcode"] == 10000100  # Black Luster Soldier the Normal Monster: a card of its own
    assert 14558128 in card(14558127)["alt_passcodes"]  # Ash Blossom
    assert 83764719 not in rows() and 36996508 not in rows()


def test_name_groups():
    assert card(91932350)["group"] == 76812113  # Harpie Lady 1 → Harpie Lady
    assert card(80316585)["group"] == 76812113  # Cyber Harpie Lady
    assert card(75064463)["group"] is None  # Harpie Queen: only on the field
    assert card(295517)["group"] == 22702055  # A Legendary Ocean → Umi
    assert card(74335036)["group"] == 24094653  # Fusion Substitute → Polymerization
    assert card(13857930)["group"] == 17732278  # Neo-Spacian Twinkle Moss → Glow Moss
    assert card(38517737)["group"] is None  # Blue-Eyes Alternative White Dragon
    assert card(76812113)["group"] is None and card(22702055)["group"] is None


# ---------------------------------------------------------------------------------- kinds and pools


def test_kinds():
    assert card(86066372)["kind"] == "extra"  # Accesscode Talker (Link)
    assert card(16178681)["kind"] == "main"  # Odd-Eyes Pendulum Dragon
    assert card(45627618)["kind"] == "extra"  # Odd-Eyes Rebellion Dragon (Xyz Pendulum)
    assert card(64631466)["kind"] == "main"  # Relinquished (Ritual)
    assert card(72989439)["kind"] == "main"  # Black Luster Soldier - Envoy of the Beginning (SPSUMMON flag)
    assert card(31533705)["kind"] == "token"  # Mecha Phantom Beast Token
    assert card(300101001)["kind"] == "skill" and card(300101001)["origin"] == "official"
    skills = [c for c in rows().values() if c["kind"] == "skill"]
    # Skill Cards are printed for the TCG's Speed Duel products: TCG cards (Advanced formats refuse them as
    # not-a-deck-card; the Speed Duel pool takes them), dated by YGOJSON
    assert len(skills) > 150 and all(c["tcg"] == 1 and c["ocg"] == 0 for c in skills)
    assert sum(1 for c in skills if c["tcg_date"]) >= len(skills) - 1
    assert card(300303009)["name"] == "Magician's Act" and card(300303009)["tcg_date"] == "2020-11-26"
    tokens = [c for c in rows().values() if c["kind"] == "token"]
    assert len(tokens) > 150 and all(c["tcg"] == c["ocg"] == 0 for c in tokens)


def test_types():
    assert card(86066372)["type"] == 0x4000021
    assert card(45627618)["type"] == 0x1800021
    assert card(46826483)["type"] & 0x1  # Dark Tyranno: only in yaml-yugi, type bits derived


def test_card_pools():
    assert (card(46826483)["tcg"], card(46826483)["ocg"]) == (0, 1)  # Dark Tyranno, OCG only
    assert (card(10000040)["tcg"], card(10000040)["ocg"]) == (0, 1)  # Holactie (EDOPro pseudo-passcode)
    assert (card(85482105)["tcg"], card(85482105)["ocg"]) == (1, 0)  # Speedroid Darumaknocker, TCG only
    assert (card(48519867)["tcg"], card(48519867)["ocg"]) == (1, 1)  # Adamancipator Seeker: yaml-yugi over cdb ot


def test_names_prefer_yaml_yugi():
    assert card(48519867)["name"] == "Adamancipator Seeker"  # the cdb still has the 2020 fan name
    assert card(57319935)["name"] == "Xyz Xtreme !!"  # NBSP replaced
    assert card(46986414)["name"] == "Dark Magician"


def test_konami_ids_and_dates():
    ash = card(14558127)
    assert ash["name"] == "Ash Blossom & Joyous Spring"
    assert ash["konami_id"] == 12950
    assert (ash["tcg_date"], ash["ocg_date"]) == ("2017-05-04", "2017-01-14")
    assert card(46986414)["tcg_date"] == "2002-03-08"
    assert card(10000000)["konami_id"] == 4998  # Obelisk, matched through yaml-yugi's fake_password
    assert card(46986414)["konami_id"] == 4041


def test_official_scope():
    official = [c for c in rows().values() if c["origin"] == "official" and c["kind"] in ("main", "extra")]
    assert len(official) > 14_000
    assert sum(c["tcg"] for c in official) > 13_800
    # official cards numbered like placeholders: released before their passcode is known (Destined Duel, V Jump)
    assert [c["passcode"] for c in official if c["passcode"] >= 100_000_000] == [100200296]
    prerelease = [c for c in rows().values() if c["origin"] == "prerelease"]
    assert prerelease and all(c["passcode"] >= 100_000_000 and c["tcg"] == c["ocg"] == 0 for c in prerelease)


# ------------------------------------------------------------------------------------ reproducibility


@pytest.mark.slow  # the whole build, end to end (about 16 s)
@pytest.mark.source_data
def test_build_is_reproducible(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "tools.build_data", "--shared", str(SHARED), "--out-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=300, cwd=REPO,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for name in ("cards.jsonl", "other_cards.jsonl", "names.jsonl", "rush_cards.jsonl", "rush_names.jsonl",
                 "card_facts.jsonl", "build-report.txt"):
        assert (tmp_path / "deckcheck" / "data" / name).read_bytes() == (DATA / name).read_bytes(), name
    built = sorted(p.relative_to(tmp_path) for p in (tmp_path / "banlists").glob("*/*.yaml"))
    committed = sorted(p.relative_to(REPO) for p in (REPO / "banlists").glob("*/*.yaml"))
    assert built == committed
    for rel in built:
        assert (tmp_path / rel).read_bytes() == (REPO / rel).read_bytes(), rel


def test_monsters_have_their_level_rank_or_link_rating(cards):
    level = {name: cards.by_name(name)[0].level for name in (
        "Blue-Eyes White Dragon", "Number 39: Utopia", "Accesscode Talker", "Number F0: Utopic Future",
        "Pot of Greed", "Mirror Force", "Ash Blossom & Joyous Spring")}
    assert level == {"Blue-Eyes White Dragon": 8, "Number 39: Utopia": 4, "Accesscode Talker": 4,
                     "Number F0: Utopic Future": 0, "Pot of Greed": None, "Mirror Force": None,
                     "Ash Blossom & Joyous Spring": 3}
    deck_monsters = [c for c in cards.cards() if c.kind in ("main", "extra") and c.type & 1]
    assert deck_monsters and all(c.level is not None for c in deck_monsters)
