"""Facts the shipped data once had wrong, each checked on the shipped data (so on a fresh clone too),
in check results and through `deckcheck update`, which must not bring the wrong fact back.

Only the last test reads the source snapshot (../shared/data); it skips when that is absent.
"""

from __future__ import annotations

import json
import subprocess
from datetime import date
from functools import cache
from pathlib import Path

import pytest
import yaml

from deckcheck.banlists import BanlistStore, load_banlist
from deckcheck.carddb import MAIN_INDEX, OTHER_INDEX
from deckcheck.corrections import CORRECTIONS_FILE, load as load_corrections
from deckcheck.update import cdb as cdb_import
from deckcheck.update import index_file as I
from deckcheck.update import lists as L
from deckcheck.update import ygoprodeck as Y

from .conftest import REPO, rules_of
from .inprocess import deckcheck
from .fixtures.update import fakeapi as F
from .fixtures.update.harness import env  # noqa: F401

BANLISTS = REPO / "banlists"
REPORT = REPO / "deckcheck" / "data" / "build-report.txt"
SHARED = REPO.parent / "shared" / "data"


def _list(fmt: str, day: str) -> dict:
    return _shipped(BANLISTS / fmt / f"{day}.yaml")


@cache
def _shipped(path: Path) -> dict:
    """A shipped list file as YAML, read once (by libyaml, as the other tests of the shipped lists read them)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def _statuses(doc: dict) -> dict[int, str]:
    return {e["passcode"]: status for status in ("forbidden", "limited", "semi_limited") for e in doc[status] or []}


def _vector(doc: dict, day: str, change: dict[int, int] | None = None) -> bytes:
    """A shipped list as Konami's vector of ``day`` (Konami ID → 0/1/2), with ``change`` applied."""
    counts = {"forbidden": 0, "limited": 1, "semi_limited": 2}
    regulation = {str(e["konami_id"]): counts[s] for s in counts for e in doc[s] or []}
    regulation.update({str(k): v for k, v in (change or {}).items()})
    return json.dumps({"date": day, "regulation": regulation}).encode()


def _resolver() -> L.Resolver:
    header, rows = I.read_index(MAIN_INDEX)
    _, other = I.read_index(OTHER_INDEX)
    return L.Resolver(rows, other, {int(k): v for k, v in header["placeholders"].items()})


def _deck(*lines: str, main: int = 40) -> str:
    filler = ["3 Ash Blossom & Joyous Spring", "3 Effect Veiler", "3 Ghost Ogre & Snow Rabbit",
              "3 Infinite Impermanence", "3 Nibiru, the Primal Being", "3 Droll & Lock Bird",
              "3 Ghost Belle & Haunted Mansion", "3 Forbidden Droplet", "3 Cosmic Cyclone", "3 Dark Ruler No More",
              "3 Book of Moon", "3 Mystical Space Typhoon", "3 Solemn Judgment", "3 Sakuretsu Armor"]
    body = list(lines)
    count = sum(int(line.split()[0]) for line in body)
    for item in filler:
        if count >= main:
            break
        n = min(int(item.split()[0]), main - count)
        body.append(f"{n} {item.split(' ', 1)[1]}")
        count += n
    return "main:\n" + "".join(f"  - {line!r}\n" if '"' in line else f"  - {line}\n" for line in body)


# ------------------------------------------------------------------ 2025.10 TCG: Archnemeses Protos


def test_archnemeses_protos_is_forbidden_on_the_2025_10_tcg_list(check_text):
    doc = _list("tcg", "2025-10-27")
    assert _statuses(doc)[6728559] == "forbidden"
    assert any("corrections.yaml" in note and "Archnemeses Protos" in note for note in doc["notes"])
    assert _statuses(_list("tcg", "2025-09-15"))[6728559] == "limited"  # the list before: still Limited
    result = check_text(_deck("1 Archnemeses Protos"), banlist="2025.10 TCG")
    assert [p for p in result.problems if p.rule == "banlist" and "Forbidden" in p.message]


def test_the_correction_is_a_reviewed_entry_with_its_source():
    [fix] = [s for s in load_corrections().statuses if s.list == "2025.10 TCG"]
    assert (fix.format, fix.list, fix.passcode, fix.konami_id, fix.status, fix.was) == \
        ("tcg", "2025.10 TCG", 6728559, 14994, "forbidden", "limited")
    assert "EDOPro" in fix.source and "YGOJSON" in fix.source


# ------------------------------------------------------------------ TCG dates of 2020 and early 2021

REAL_DATES = {"2019.10 TCG": "2019-10-14", "2020.01 TCG": "2020-01-20", "2020.04 TCG": "2020-04-01",
              "2020.06 TCG": "2020-06-15", "2020.09 TCG": "2020-09-14", "2020.12 TCG": "2020-12-15",
              "2021.03 TCG": "2021-03-15", "2021.07 TCG": "2021-07-01"}


def test_tcg_lists_of_2020_and_early_2021_carry_their_real_dates():
    shipped = {p.stem for p in (BANLISTS / "tcg").glob("*.yaml")}
    for name, day in REAL_DATES.items():
        doc = _list("tcg", day)
        assert doc["name"] == name and doc["effective"] == date.fromisoformat(day)
    for placeholder in ("2020-01-01", "2020-06-01", "2020-09-01", "2020-12-01", "2021-03-01", "2019-10-01"):
        assert placeholder not in shipped
    # the upstream filing stays on record
    assert _list("tcg", "2020-01-20")["source"]["official"]["path"] == "data/tcg/2020-01-01.vector.json"


@pytest.mark.parametrize("day, name", [
    ("2020-01-01", "2019.10 TCG"), ("2020-01-19", "2019.10 TCG"), ("2020-01-20", "2020.01 TCG"),
    ("2020-06-14", "2020.04 TCG"), ("2020-06-15", "2020.06 TCG"), ("2020-09-13", "2020.06 TCG"),
    ("2020-09-14", "2020.09 TCG"), ("2020-12-14", "2020.09 TCG"), ("2020-12-15", "2020.12 TCG"),
    ("2021-03-14", "2020.12 TCG"), ("2021-03-15", "2021.03 TCG"),
])
def test_as_of_picks_the_list_that_was_in_force(day, name):
    assert BanlistStore().in_effect("tcg", date.fromisoformat(day)).name == name


def test_every_shipped_list_date_filed_elsewhere_is_a_reviewed_correction():
    corrections = load_corrections()
    for path in sorted(p for fmt in ("tcg", "ocg") for p in (BANLISTS / fmt).glob("*.yaml")):
        doc = _shipped(path)
        if "revision" in doc["source"] or "dates" in doc["source"]:
            continue  # a list made from the TCG's status history: dated by it (tests/test_tcg_history.py)
        filed = doc["source"]["official"]["path"].split("/")[-1].split(".")[0]
        if filed != path.stem and filed != "2024-12-06":
            fix = corrections.date_for_filing(path.parent.name, filed)
            assert fix is not None and fix.effective == path.stem, path


# ------------------------------------------------------------------ TCG availability


@pytest.mark.parametrize("passcode, name", [(33951077, "Super War-Lion"), (69123138, "Zera the Mant"),
                                            (31890399, "Fiend's Mirror"), (95658967, "Ritual Sanctuary")])
def test_cards_printed_in_english_are_tcg_cards(cards, check_text, passcode, name):
    card = cards.by_passcode(passcode)
    assert card.name == name and card.tcg and card.ocg and card.origin == "official"
    assert "card-pool" not in rules_of(check_text(_deck(f"1 {name}")))


def test_destined_duel_is_an_ocg_card_released_before_its_passcode_is_known(cards, check_text):
    card = cards.by_passcode(100200296)
    assert (card.name, card.origin, card.ocg, card.tcg) == ("Destined Duel", "official", True, False)
    assert "card-pool" not in rules_of(check_text(_deck("1 Destined Duel"), format="ocg"))
    assert "card-pool" in rules_of(check_text(_deck("1 Destined Duel"), format="tcg"))


# ------------------------------------------------------------------ ids that are not alternate artworks


def test_black_luster_soldier_normal_monster_is_a_card_of_its_own(cards, check_text):
    normal, ritual = cards.by_passcode(10000100), cards.by_passcode(5405694)
    assert normal.passcode == 10000100 and 10000100 not in ritual.passcodes
    assert (normal.name, normal.konami_id, normal.kind, normal.type) == ("Black Luster Soldier", 19092, "main", 0x11)
    assert normal.ocg and not normal.tcg
    assert normal.group == 5405694  # one name: one 3-copy limit for both
    assert cards.by_name("Black Luster Soldier") == [ritual]  # the name means the original card
    deck = "main:\n  - 5405694\n  - 5405694\n  - 5405694\n  - 10000100\n" + _deck(main=36).split("\n", 1)[1]
    result = check_text(deck, format="ocg")
    assert "copy-limit" in rules_of(result)


def test_pre_errata_rows_are_unofficial_versions_not_artworks(cards):
    for unofficial, official in ((17412731, 17412721), (96782896, 96782886)):
        card = cards.by_passcode(unofficial)
        assert card.passcode == unofficial and card.origin == "unofficial" and card.name.endswith("(Pre-Errata)")
        assert card.group == official and unofficial not in cards.by_passcode(official).passcodes


def test_makyura_placeholder_reads_as_the_official_card(cards, check_text):
    assert cards.by_passcode(100424008) is None
    assert cards.placeholder_target(100424008) == 21593977
    result = check_text("#main\n100424008\n", suffix=".ydk")
    [warning] = [p for p in result.problems if p.rule == "placeholder-passcode"]
    assert warning.card.passcode == 21593977


@pytest.mark.parametrize("unofficial, fix", [
    (511000824, "replace 511000824 with 83555666 (Ring of Destruction)"),
    (17412731, "replace 17412731 with 17412721 (Elder Entity Norden)"),
])
def test_an_unofficial_id_gets_the_official_card_as_its_fix(check_text, unofficial, fix):
    result = check_text(f"#main\n{unofficial}\n#extra\n!side\n", suffix=".ydk")
    [problem] = [p for p in result.problems if p.rule == "card-pool"]
    assert problem.fix == fix and "not an official card" in problem.message


def test_rush_cards_are_still_removed(check_text):
    result = check_text("#main\n160001000\n#extra\n!side\n", suffix=".ydk")  # Blue-Eyes White Dragon (Rush)
    [problem] = [p for p in result.problems if p.rule in ("card-pool", "other-game")]
    assert problem.rule == "other-game" and "Rush Duel card" in problem.message
    assert problem.fix == ("this is a Rush Duel deck: check it in a Rush Duel format (--format rush), or replace "
                           "160001000 with 89631139 (Blue-Eyes White Dragon, the OCG/TCG card)")


def _cli(*args: str) -> subprocess.CompletedProcess:
    return deckcheck(*args, env={"COLUMNS": "250", "NO_COLOR": "1"})


def test_card_command_shows_what_the_ids_are():
    proc = _cli("card", "17412731", "-o", "json")
    assert proc.returncode == 0, proc.stderr
    [doc] = json.loads(proc.stdout)
    assert doc["official_card"] == {"name": "Elder Entity Norden", "passcode": 17412721} and doc["treated_as"] is None
    [ritual] = json.loads(_cli("card", "5405694", "-o", "json").stdout)
    assert ritual["same_name"] == [{"name": "Black Luster Soldier", "passcode": 10000100}]
    text = _cli("card", "10000100").stdout
    assert "a different card of the same name" in text and "Black Luster Soldier (5405694)" in text


# ------------------------------------------------------------------ release dates


def test_a_released_card_without_a_date_warns_only_for_a_past_check_date(cards, check_text):
    veiss = cards.by_passcode(613013)  # Veiss Shark: no source gives its first TCG release date
    assert veiss.tcg and veiss.tcg_date is None
    assert cards.data_date == "2026-08-22"
    past = check_text(_deck("1 Veiss Shark"), as_of=date(2025, 1, 1))
    [warning] = [p for p in past.problems if p.rule == "card-pool"]
    assert warning.severity == "warning" and "release date is unknown" in warning.message and past.legal
    for day in (None, date(2026, 8, 22), date(2026, 12, 1)):  # today, or any day from the data's date on
        result = check_text(_deck("1 Veiss Shark"), **({"as_of": day} if day else {}))
        assert "card-pool" not in rules_of(result)


def test_a_date_derived_from_the_sets_is_used(cards, check_text):
    regenesis = cards.by_passcode(31786838)  # printed only in Alliance Insight (ALIN), which YGOJSON dates
    assert regenesis.tcg_date == "2025-05-01"
    before = check_text(_deck("1 Regenesis"), as_of=date(2025, 4, 1))
    assert [p for p in before.problems if p.rule == "card-pool" and p.severity == "error"]


# ------------------------------------------------------------------ the build report and `deckcheck data`


def test_the_build_report_beside_the_data_says_what_was_resolved():
    text = REPORT.read_text(encoding="utf-8")
    summary = text.split("\n== ", 2)[1]
    assert summary.startswith("summary") and "needs review (lines marked LOUD): 0" in summary
    for fact in ("Archnemeses Protos", "2020.01 TCG: filed upstream 2020-01-01, corrections.yaml 2020-01-20",
                 "33951077 'Super War-Lion' TCG", "10000100 'Black Luster Soldier'", "Elder Entity Norden (Pre-Errata)",
                 "100424008", "100200296 'Destined Duel'", "dates unknown"):
        assert fact in text, fact


def test_data_command_shows_corrections_and_the_age_of_every_source():
    proc = _cli("data", "-o", "json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    kinds = [c["kind"] for c in doc["corrections"]["entries"]]
    corrections = load_corrections()
    assert kinds.count("list date") == len(corrections.dates) >= 27
    assert kinds.count("card status") == len(corrections.statuses) >= 8
    assert Path(doc["corrections"]["path"]) == CORRECTIONS_FILE
    for source in doc["cards"]["sources"]:
        assert source["commit"] and source["date"] and isinstance(source["age_days"], int)
    roles = {s["role"]: s for s in doc["banlists"]["sources"]}
    # Konami's lists, EDOPro's and YGOJSON's as witnesses; the GOAT pool (EDOPro), the raw PointsList, a cut-off page;
    # the TCG's history for its revisions, Format Library's dates for its 2002–2004 lists, the Speed list's cadence
    assert set(roles) == {"official", "cross_check", "history_check", "pool", "raw_check", "cut_off", "revision",
                          "dates", "cadence"}
    for s in roles.values():
        assert s["commit"] and s["date"] and s["age_days"] >= 0 and s["lists"] > 0
    text = _cli("data", "--verbose").stdout
    assert f"Corrections: {len(corrections.dates) + len(corrections.statuses)} in use" in text and "2020.01 TCG: effective 2020-01-20" in text and "days old" in text


# ------------------------------------------------------------------ `deckcheck update` keeps the facts


def test_vector_lists_get_the_corrections():
    resolver = _resolver()
    scraped = _vector(_list("tcg", "2025-10-27"), "2025-10-27", {14994: 1})  # as scraped: Protos Limited
    day, regulation = L.parse_vector(scraped, "v", date(2026, 11, 29))
    lst = L.vector_list("tcg", day, regulation, resolver, "http://x/", "2026-11-29")
    assert lst.statuses()[6728559] == "forbidden" and any("Archnemeses Protos" in n for n in lst.notes)
    day, regulation = L.parse_vector(_vector(_list("tcg", "2020-01-20"), "2020-01-01"), "v", date(2026, 11, 29))
    lst = L.vector_list("tcg", day, regulation, resolver, "http://x/", "2026-11-29")
    assert (lst.name, lst.effective, lst.rel_path) == ("2020.01 TCG", "2020-01-20", "tcg/2020-01-20.yaml")
    day, regulation = L.parse_vector(_vector(_list("tcg", "2024-04-22"), "2024-04-22"), "v", date(2026, 11, 29))
    assert L.vector_list("tcg", day, regulation, resolver, "u", "d").yaml().count("amer: 2024-04-15") == 1


def test_update_installs_no_placeholder_date_and_no_missed_status(env):
    """Konami's vectors served as upstream files them: the 2020-01-01 filing and the 2025-10-27 scrape."""
    s = env.server
    s.set("/lists/tcg/current.vector.json", F.Reply(body=_vector(_list("tcg", "2025-10-27"), "2025-10-27", {14994: 1})))
    s.set("/lists/tcg/upcoming.vector.json", F.Reply(body=_vector(_list("tcg", "2020-01-20"), "2020-01-01")))
    s.set("/lists/ocg/current.vector.json", F.Reply(body=_vector(_list("ocg", "2026-07-01"), "2026-07-01")))
    result = env.update(only="lists")
    assert result.lists["installed"] == []
    assert sorted(result.lists["unchanged"]) == ["2020.01 TCG (already installed)", "2025.10 TCG (already installed)",
                                                 "2026.07 OCG (already installed)"]
    assert not list((env.data_dir / "banlists").rglob("*.yaml"))


def test_edopro_lists_get_the_corrections_and_skip_unofficial_rows():
    resolver = _resolver()
    ocg = _list("ocg", "2026-07-01")
    text = "!2026.07 OCG\n" + "".join(f"{e['passcode']} {c}\n" for c, s in enumerate(("forbidden", "limited",
                                                                                      "semi_limited"))
                                       for e in ocg[s] or [])
    text += "17412731 0 --Elder Entity Norden, EDOPro's pre-errata row\n"
    text += "!2020.06 TCG\n" + "".join(f"{e['passcode']} 0\n" for e in _list("tcg", "2020-06-15")["forbidden"])
    notes: list[str] = []
    edopro_ocg, edopro_tcg = L.lflist_lists(text, resolver, {}, {"path": "x.conf"}, notes)
    assert edopro_ocg.statuses()[17412721] == "limited"  # the pre-errata row's Forbidden is not the official card's
    assert any("unofficial rows left out" in n and "17412731" in n for n in notes)
    assert (edopro_tcg.name, edopro_tcg.effective) == ("2020.06 TCG", "2020-06-15")


def test_ygoprodeck_cannot_make_the_normal_black_luster_soldier_an_artwork():
    header, rows = I.read_index(MAIN_INDEX)
    ref = Y.Reference(header, rows)
    api = [{"id": 5405694, "name": "Black Luster Soldier", "type": "Ritual Monster", "frameType": "ritual",
            "race": "Warrior", "card_images": [{"id": 5405694}, {"id": 10000100}, {"id": 100424008}],
            "misc_info": [{"formats": ["TCG", "OCG"], "konami_id": 4370}]}]
    new_rows, placeholders = Y.convert(api, ref, [])
    by_passcode = {r[0]: r for r in new_rows}
    assert by_passcode[5405694][I.COL["alt_passcodes"]] == []
    assert by_passcode[10000100][I.COL["group"]] == 5405694
    assert placeholders[100424008] == 21593977


def test_cdb_import_keeps_the_ids_that_are_not_artworks():
    header, rows = I.read_index(MAIN_INDEX)
    ref = Y.Reference(header, rows)
    raw = [(5405694, 3, 0, 0x81, "Black Luster Soldier"), (10000100, 1, 5405694, 0x11, "Black Luster Soldier"),
           (21593977, 3, 0, 0x21, "Makyura the Destructor"), (100424008, 1, 21593977, 0x21, "Makyura the Destructor"),
           (33951077, 3, 0, 0x11, "Super War-Lion")]
    new_rows, placeholders, _ = cdb_import.convert(raw, ref, [])
    by_passcode = {r[0]: r for r in new_rows}
    assert by_passcode[5405694][I.COL["alt_passcodes"]] == [] and by_passcode[10000100][I.COL["group"]] == 5405694
    assert 100424008 not in by_passcode and placeholders[100424008] == 21593977
    assert by_passcode[33951077][I.COL["tcg"]] == 1


# ------------------------------------------------------------------ against the source snapshot


@pytest.mark.source_data
def test_every_correction_differs_from_its_source_as_it_says():
    corrections = load_corrections()
    root = SHARED / "yaml-yugi-limit-regulation"
    for fix in corrections.dates:
        assert json.loads((root / fix.format / f"{fix.filed}.vector.json").read_text())["date"] == fix.filed
    for fix in corrections.statuses:
        listed = load_banlist(next(p for p in sorted(BANLISTS.glob(f"{fix.format}/*.yaml"))
                                   if _shipped(p)["name"] == fix.list))
        filed = listed.source["official"]["path"].split("/")[-1]
        vector = json.loads((root / fix.format / filed).read_text())["regulation"]
        assert {0: "forbidden", 1: "limited", 2: "semi_limited"}.get(vector.get(str(fix.konami_id)), "unlimited") == fix.was
