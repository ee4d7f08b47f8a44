"""The views players and organizers ask for (issue 12): show, banlists diff, card --history, the summary by
card, the player in CSV and JSON, and the messages about the choice of list."""

from __future__ import annotations

import csv
import io
import re
import json

import pytest

from deckcheck.banlists import BanlistStore
from deckcheck.listchanges import changes, status_of, title
from deckcheck.parsers import parse_deck
from deckcheck.resolve import resolve
from deckcheck.sheet import Sheet, group_of, subtype
from deckcheck.words import article

from .conftest import REPO

SAMPLES = REPO / "sample_decks"
ILLEGAL = SAMPLES / "tcg" / "snake-eye-illegal.yaml"
REGISTERED = SAMPLES / "side" / "registered.ydk"


def run(*args, env=None, cwd=REPO):
    from .inprocess import deckcheck

    return deckcheck(*args, cwd=cwd, env={"NO_COLOR": "1", **(env or {})})


# ---- show ---------------------------------------------------------------------------------------


def test_show_is_the_registration_sheet():
    proc = run("show", REGISTERED, "-o", "json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    groups = {(section, g["group"]): g for section, items in doc["groups"].items() for g in items}
    assert doc["sections"] == {"main": 40, "extra": 15, "side": 15} and doc["legal"] is True
    main = [g for g in doc["groups"]["main"]]
    assert [g["group"] for g in main] == ["monster", "spell", "trap"]  # the form's order
    assert sum(g["count"] for g in main) == 40 == sum(c["count"] for g in main for c in g["cards"])
    assert {c["name"] for c in groups[("main", "spell")]["cards"]} >= {"Branded Fusion", "Called by the Grave"}
    extra = [g["group"] for g in doc["groups"]["extra"]]
    assert extra == [g for g in ("fusion", "synchro", "xyz", "link") if g in extra] and "link" in extra
    assert sum(g["count"] for g in doc["groups"]["extra"]) == 15
    # an alternate artwork is the same card: one line, by its official name
    side = {c["name"]: c for g in doc["groups"]["side"] for c in g["cards"]}
    assert side["Ghost Belle & Haunted Mansion"]["count"] == 3
    assert doc["stats"]["types"]["main"]["monster"]["Effect"] > 0
    levels = doc["stats"]["levels"]  # Main Deck monsters by Level: 3 Fallen of Albaz (4), 3 Ash Blossom (3), …
    assert levels["4"] >= 3 and levels["3"] >= 3 and sum(levels.values()) == groups[("main", "monster")]["count"]


def test_show_text_groups_totals_and_unknown_cards():
    proc = run("show", ILLEGAL, env={"COLUMNS": "80"})
    assert proc.returncode == 0
    out = proc.stdout
    assert out.startswith("✗ ILLEGAL") and "(5 errors; see: deckcheck check)" in out
    assert "Main Deck  41\n  Monster  22\n" in out and "Extra Deck  14\n  Fusion  3\n" in out
    assert "     3  Snake-Eye Ash\n" in out
    assert "  Not a deck card or unknown  1\n     1  Snake-Eye Maple" in out  # as written
    assert "Name: Snake-Eye Fiendsmith (illegal)" in out
    assert "Main Deck monsters by Level:" in out and "Level 1 ×" in out


def test_sheet_groups_by_type_and_counts_points(cards):
    deck = resolve(parse_deck(b"main: [3 Maxx C, 2 Pot of Prosperity, Infinite Impermanence, 1 Accesscode Talker]\n"
                              b"extra: [Accesscode Talker]\nside:\n  - Nibiru, the Primal Being\n", "d.yaml"), cards)
    maxx = cards.by_name('Maxx "C"')[0]
    sheet = Sheet(deck, points={maxx.passcode: 20})
    assert [line.name for line in sheet.groups["main"]["monster"]] == ['Maxx "C"']
    assert sheet.total("main", "spell") == 2 and sheet.total("main", "trap") == 1
    assert sheet.total("main", "link") == 1  # an Extra Deck monster where the deck put it
    assert sheet.total("extra") == 1 and sheet.total("side", "monster") == 1
    assert sheet.points() == 60
    assert subtype(cards.by_name("Pot of Prosperity")[0]) == "Normal"
    assert subtype(cards.by_name("Called by the Grave")[0]) == "Quick-Play"
    assert group_of(cards.by_name("Baronne de Fleur")[0]) == "synchro"


def test_show_of_a_file_that_is_not_a_decklist(tmp_path):
    (tmp_path / "x.ydk").write_bytes(b"\x00binary")
    proc = run("show", tmp_path / "x.ydk")
    assert proc.returncode == 1 and proc.stdout == "" and "binary file" in proc.stderr
    assert run("show", tmp_path / "none.ydk").returncode == 2


# ---- banlists diff ------------------------------------------------------------------------------


def test_diff_of_two_lists(cards):
    store = BanlistStore()
    old, new = store.by_name("2026.02 TCG"), store.by_name("2026.05 TCG")
    found = changes(old, new, cards)
    by_name = {c.card.name: c for c in found}
    assert by_name["Premature Burial"].old == "forbidden" and by_name["Premature Burial"].new == "limited"
    assert not by_name["Premature Burial"].stricter and by_name["K9-04 Noroi"].stricter
    assert [c.new for c in found] == sorted((c.new for c in found), key=["forbidden", "limited", "semi_limited",
                                                                         "unlimited"].index)  # stricter first
    proc = run("banlists", "diff", "-o", "json")  # default: the newest TCG list and the one before
    doc = json.loads(proc.stdout)
    assert proc.returncode == 0 and doc["old"]["name"] == "2026.02 TCG" and doc["new"]["name"] == "2026.05 TCG"
    assert len(doc["changes"]) == len(found)
    one = json.loads(run("banlists", "diff", "2025.04", "-o", "json").stdout)  # that list and the one before
    assert (one["old"]["name"], one["new"]["name"]) == ("2024.12 TCG", "2025.04 TCG")
    ocg = json.loads(run("banlists", "diff", "-f", "ocg", "-o", "json").stdout)
    assert ocg["new"]["name"] == "2026.07 OCG"


def test_diff_with_decks_shows_what_touches_each_and_whether_it_became_illegal(tmp_path):
    # the registered deck and 3 Snake-Eye Ash: Unlimited on 2024.04, Limited on 2024.09
    ash = REGISTERED.read_text().replace("#main\n", "#main\n9674034\n9674034\n9674034\n", 1)
    (tmp_path / "ash.ydk").write_text(ash)
    proc = run("banlists", "diff", "2024.04 TCG", "2024.09 TCG", tmp_path / "ash.ydk", REGISTERED, "-o", "json")
    doc = json.loads(proc.stdout)
    first, second = doc["decks"]
    assert first["legal_before"] is True and first["legal_after"] is False and first["became_illegal"] is True
    ash = {c["card"]["name"]: c for c in first["changes"]}["Snake-Eye Ash"]
    assert (ash["old"], ash["new"], ash["copies"]) == ("unlimited", "limited", 3)
    assert [p["rule"] for p in first["problems"]] == ["banlist"]
    assert second["became_illegal"] is False
    assert proc.returncode == 1  # a deck is not legal on the newer list
    text = run("banlists", "diff", "2024.04 TCG", "2024.09 TCG", tmp_path / "ash.ydk", env={"COLUMNS": "80"}).stdout
    assert "became illegal" in text and "Snake-Eye Ash" in text
    assert run("banlists", "diff", "2024.12 TCG", "2025.04 TCG", REGISTERED).returncode == 0


def test_diff_errors():
    proc = run("banlists", "diff", "1999.01 TCG")
    assert proc.returncode == 2 and "no list named '1999.01 TCG'" in proc.stderr
    proc = run("banlists", "diff", "2002.03")
    assert proc.returncode == 2 and "oldest" in proc.stderr
    proc = run("banlists", "diff", "2025.04", "2024.12", "nosuch.ydk")
    assert proc.returncode == 2 and "nosuch.ydk: no such decklist file" in proc.stderr


# ---- card --history -----------------------------------------------------------------------------


def test_card_history_lists_every_list_over_time(cards, store):
    proc = run("card", "Maxx C", "--history", "-o", "json")
    doc = json.loads(proc.stdout)
    assert proc.returncode == 0 and doc["card"]["name"] == 'Maxx "C"'
    assert len(doc["history"]) == len(store.all()) - len(store.all("rush"))  # every list of its game (not Rush's)
    statuses = {(h["list"]): h["status"] for h in doc["history"]}
    assert statuses["2026.05 TCG"] == "forbidden" and statuses["2020.01 OCG"] == "unlimited"
    assert statuses["2026.07 OCG"] == "limited"
    text = run("card", "Maxx C", "--history", env={"COLUMNS": "80"}).stdout
    assert re.search(r"\d{4}\.\d\d TCG – 2026\.05 TCG +Forbidden", text)  # one row for a status kept
    newer = cards.by_name("Mulcharmy Fuwalos")[0]
    assert status_of(store.by_name("2024.04 TCG"), newer, cards) == "not_released"
    assert title("points:1") == "1 point" and title("semi_limited") == "Semi-Limited"


def test_card_history_of_a_part_that_fits_several_cards_asks_for_one():
    proc = run("card", "droll", "--history")
    assert proc.returncode == 2 and "give one card's name" in proc.stderr


def test_folders_of_lists_are_in_one_order_with_their_titles_and_statuses_are_coloured():
    """Issue 25, item 17: `banlists` showed "GENESYS lists" first, `card --history` sorted the folders
    alphabetically by their ids in capitals (TCG last), and `card` printed every status uncoloured."""
    from deckcheck.banlists import folder_title

    from .inprocess import deckcheck

    plain = {"NO_COLOR": "1", "COLUMNS": "120"}
    headings = [line for line in deckcheck("banlists", env=plain).stdout.splitlines() if line.endswith(" lists")]
    folders = BanlistStore().formats()
    rest = sorted(folder_title(f) for f in folders if f not in ("tcg", "ocg"))
    assert headings == [f"{title} lists" for title in ["TCG", "OCG", *rest]]
    assert "Genesys lists" in headings and "GOAT lists" in headings
    history = deckcheck("card", "Maxx C", "--history", env=plain).stdout.splitlines()
    firsts = list(dict.fromkeys(line.split()[0] for line in history[2:] if line.strip()))
    assert firsts[:2] == ["TCG", "OCG"] and "Genesys" in firsts and "GENESYS" not in firsts
    coloured = deckcheck("card", "Maxx C", env={"FORCE_COLOR": "1", "NO_COLOR": None, "COLUMNS": "120"}).stdout
    assert "\x1b[31mForbidden" in coloured and "\x1b[33mLimited" in coloured  # as players read a list


# ---- deckcheck data -----------------------------------------------------------------------------


def test_data_is_short_and_says_how_to_see_every_source():
    """Issue 25, item 17: the first and last lines matter (the card data's age, the update hint); the lists in
    force today are a table; every source with its commit and date, and every correction, are one flag away."""
    from .inprocess import deckcheck

    env = {"NO_COLOR": "1", "COLUMNS": "80"}
    doc = json.loads(deckcheck("data", "-o", "json", env=env).stdout)
    text = deckcheck("data", env=env).stdout
    lines = text.splitlines()
    today = doc["banlists"]["today"]
    logical = deckcheck("data", env={**env, "COLUMNS": "250"}).stdout.splitlines()  # a line each, unwrapped
    assert len(logical) <= 9 + len(today) and lines[0].startswith("Card index: bundled,"), logical
    assert lines[0].endswith(f"{doc['cards']['age_days']} days old")
    assert "Sources:" in text and "deckcheck data --verbose" in text
    assert ("Hint: run 'deckcheck update'" in text) == bool(doc["update"]["hint"])
    assert [f["format"] for f in today][:2] == ["tcg", "ocg"] and len(today) == len(doc["banlists"]["newest"])
    for f in today:  # one row a format: the list in force, since when, whether a newer one is likely out
        row = next(line for line in lines if line.startswith(f" {f['name']} "))
        assert row.split()[-2:] == [str(f["age_days"]), "likely"] if f["newer_likely"] else \
            row.split()[-1] == str(f["age_days"])
    commits = [s["commit"][:12] for s in doc["cards"]["sources"] + doc["banlists"]["sources"] if s.get("commit")]
    assert commits and not any(c in text for c in commits)  # provenance: in the verbose view
    verbose = deckcheck("data", "--verbose", env=env).stdout
    flat = " ".join(verbose.split())
    assert all(c in verbose for c in commits) and "Sources:" not in verbose
    entries = doc["corrections"]["entries"]
    assert f"Corrections: {len(entries)} in use" in verbose
    assert all(f"• {c['list']}: " in verbose for c in entries)
    if doc["update"]["hint"]:
        assert " ".join(doc["update"]["hint"].split()) in flat  # the full hint: each list's age and usual gap
    assert all(f" {f['name']} " in verbose for f in today)


# ---- organizers ---------------------------------------------------------------------------------


def test_summary_names_the_cards(tmp_path):
    maxx = REGISTERED.read_text().replace("#main\n", "#main\n23434538\n23434538\n23434538\n", 1)
    for i in range(3):
        (tmp_path / f"p{i}.ydk").write_text(maxx)
    proc = run("check", tmp_path, env={"COLUMNS": "100"})
    assert 'Forbidden: Maxx "C"' in proc.stdout and proc.returncode == 1
    line = next(line for line in proc.stdout.splitlines() if 'Forbidden: Maxx "C"' in line)
    assert line.split()[-1] == "3" and line.split()[-2] == '"C"'  # in 3 decks (and 3 problems: not said twice)
    doc = json.loads(run("check", tmp_path, "-o", "json").stdout)
    (count,) = [c for c in doc["summary"]["cards"] if c["card"]["name"] == 'Maxx "C"']
    assert count == {"rule": "banlist", "kind": "Forbidden", "severity": "error",
                     "card": {"name": 'Maxx "C"', "passcode": 23434538}, "problems": 3, "decks": 3}


def test_summary_by_card_says_the_number_of_problems_only_where_it_is_not_the_number_of_decks(tmp_path):
    """Issue 25, item 17: a rule gives a card one problem a deck, so "Decks" and "Problems" were the same number
    twice on every row; the problems are a column only where a row has more problems than decks."""
    from .inprocess import deckcheck

    maxx = REGISTERED.read_text().replace("#main\n", "#main\n23434538\n", 1)
    for i in range(2):
        (tmp_path / f"p{i}.ydk").write_text(maxx)
    env = {"COLUMNS": "100", "NO_COLOR": "1"}
    out = deckcheck("check", tmp_path, env=env).stdout
    summary = out[out.index("\nSummary\n"):].splitlines()
    assert summary[2].split() == ["Most", "common", "problems", "Decks"]
    assert summary[3].split() == ["Forbidden:", "Maxx", '"C"', "2"]
    # an unknown passcode in the Main and the Side Deck: two problems of one deck, so the column is back
    (tmp_path / "p2.ydk").write_text(REGISTERED.read_text().replace("#main\n", "#main\n592\n", 1)
                                     .replace("!side\n", "!side\n592\n", 1))
    out = deckcheck("check", tmp_path, env=env).stdout
    summary = out[out.index("\nSummary\n"):].splitlines()
    assert summary[2].split() == ["Most", "common", "problems", "Decks", "Problems"]
    rows = {" ".join(line.split()[:-2]): line.split()[-2:] for line in summary[3:] if line.strip() and "checked" not in line}
    assert rows['Forbidden: Maxx "C"'] == ["2", "2"] and rows["unknown-card: 592"] == ["1", "2"]


def test_csv_and_json_have_the_player_the_decklist_declares(tmp_path):
    (tmp_path / "a.yaml").write_text("name: Snake-Eye\nplayer: Yugi Muto\nmain: [40 Pot of Duality]\n")
    (tmp_path / "b.ydk").write_text("#created by Seto Kaiba\n#main\n" + "98645731\n" * 40 + "#extra\n!side\n")
    (tmp_path / "c.ydk").write_text("#created by EDOPro\n#main\n" + "98645731\n" * 40 + "#extra\n!side\n")
    rows = {r["path"].rsplit("/", 1)[-1]: r for r in csv.DictReader(io.StringIO(run("check", tmp_path, "-o", "csv").stdout))}
    assert rows["a.yaml"]["player"] == "Yugi Muto" and rows["a.yaml"]["name"] == "Snake-Eye"
    assert rows["b.ydk"]["player"] == "Seto Kaiba"
    assert rows["c.ydk"]["player"] == ""  # a program, not a player
    columns = list(rows["a.yaml"])  # columns are only added at the end: those before keep their places
    assert columns.index("player") == columns.index("points") + 1 and columns[:2] == ["path", "name"]
    decks = {d["path"].rsplit("/", 1)[-1]: d for d in json.loads(run("check", tmp_path, "-o", "json").stdout)["decks"]}
    assert decks["a.yaml"]["player"] == "Yugi Muto" and "player" not in decks["c.ydk"]


# ---- the choice of list -------------------------------------------------------------------------


def test_a_list_without_its_format_and_a_list_not_in_force_on_the_date():
    proc = run("check", REGISTERED, "--banlist", "2025.04", "-o", "json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["format"]["banlist"] == "2025.04 TCG"
    proc = run("check", REGISTERED, "--banlist", "2025.04", "--format", "ocg", "-o", "json")
    assert json.loads(proc.stdout)["format"]["banlist"] == "2025.04 OCG"
    proc = run("check", REGISTERED, "--banlist", "2025.04 TCG", "--as-of", "2025-01-01", "-o", "json")
    assert proc.stderr == ("deckcheck: warning: --banlist 2025.04 TCG took effect on 2025-04-07, after --as-of "
                           "2025-01-01; the list in force on 2025-01-01 was 2024.12 TCG\n")
    proc = run("check", REGISTERED, "--banlist", "2024.09 TCG", "--as-of", "2025-06-01", "-o", "json")
    assert "was no longer in force on --as-of 2025-06-01: 2025.04 TCG was" in proc.stderr
    assert run("check", REGISTERED, "--banlist", "2025.04 TCG", "--as-of", "2025-05-01").stderr == ""


@pytest.mark.parametrize("word,expected", [("OCG", "an"), ("TCG", "a"), ("Xyz", "an"), ("Link", "a"), ("Extra", "an"),
                                           ("int", "an"), ("8,000-byte", "an"), ("11,000-byte", "an"),
                                           ("1,000-byte", "a"), ("Unicorn", "a"), ("SD", "an")])
def test_a_or_an_by_sound(word, expected):
    assert article(word) == expected

