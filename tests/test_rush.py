"""Rush Duel: the Rush card index, the rush format, the Legend rule, other-game, the lists by date, round trips.

rules.md §6 cases 38–41 are here (the Legend rule; 41, siding, is the sided deck's Legend count). The tests
marked source_data compare the shipped Rush data with the snapshot (../shared/data) and skip without it.
"""

from __future__ import annotations

import csv
import json
import subprocess
from collections import Counter
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.banlists import STATUS_LIMITS, BanlistStore
from deckcheck.convert import convert
from deckcheck.datastore import open_cards
from deckcheck.formats import FormatStore
from deckcheck.parsers import parse_deck
from deckcheck.resolve import resolve
from deckcheck.rushdb import RUSH, RushCard, RushIndex, decklist_game, game_of

from .conftest import REPO, examples, rules_of

SHARED = REPO.parent / "shared" / "data"
# 14 Rush Normal/Effect Monsters on no Rush list, none a Legend card: room for 42 filler copies. Several share
# their name with an OCG/TCG card (Lizard Soldier, Skull Servant …): in a Rush decklist the name is the Rush card.
FILLER = ["Lizard Soldier", "Lesser Dragon", "Ancient Turtle Protector", "Binding Chain", "Tang the Noodle Ninja",
          "Little D", "Arma Knight", "Petit Moth", "Skull Servant", "Silver Fang", "Feral Imp", "Faith Bird", "LaMoon",
          "Machine Attacker"]
PRE_PER_TYPE = date(2022, 12, 1)
PER_TYPE = date(2023, 1, 1)
TODAY = date(2026, 8, 22)


def rush_deck(main=(), extra=(), side=(), filler: int = 38, fmt: str | None = "rush") -> str:
    lines = [f"format: {fmt}"] if fmt else []
    items = [f"{FILLER[i // 3]}" for i in range(filler)] + list(main)
    for section, entries in (("main", items), ("extra", list(extra)), ("side", list(side))):
        lines.append(f"{section}:")
        lines += [f'  - "{entry}"' for entry in entries]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def rush(cards) -> RushIndex:
    return cards.rush


def test_filler_is_legal_and_means_the_rush_cards(check_text):
    result = check_text(rush_deck(filler=40), as_of=TODAY)
    assert result.legal and result.problems == [], result.problems
    assert result.sizes == {"main": 40, "extra": 0, "side": 0}


def test_a_name_in_a_rush_decklist_is_the_rush_card(cards, rush):
    assert [c.passcode for c in rush.by_name("Dark Magician")] == [160002000]
    assert [c.passcode for c in cards.by_name("Dark Magician")] == [46986414]
    assert [c.passcode for c in cards.by_name("Sevens Road Magician")] == [160301001]  # Rush only: found anyway
    assert game_of(cards.by_passcode(160001000)) == RUSH and isinstance(cards.by_passcode(160001000), RushCard)
    assert rush.by_name("Blue-Eyes White Dragon (Rush)")[0].passcode == 160001000  # EDOPro's own name
    assert rush.by_name("セブンスロード・マジシャン")[0].passcode == 160301001  # Japanese
    assert rush.by_name("Sevens-Straßenmagier")[0].passcode == 160301001  # German


# ------------------------------------------------------------------------------------------- the Legend rule


def test_two_legend_monsters_are_one_legend_problem_naming_both(check_text):
    result = check_text(rush_deck(["Blue-Eyes White Dragon", "Dark Magician"]), as_of=TODAY)
    assert not result.legal
    [problem] = [p for p in result.problems if p.rule == "legend"]
    assert rules_of(result) == ["legend"]
    assert "Blue-Eyes White Dragon" in problem.message and "Dark Magician" in problem.message
    assert "2 Legend Monsters" in problem.message
    assert problem.fix.startswith("keep 1 Legend Monster and take the other 1 copy out of the Main and Extra Deck")


def test_one_legend_monster_and_one_legend_spell_before_and_from_2023(check_text):
    text = rush_deck(["Blue-Eyes White Dragon", "Salvage"])
    before = check_text(text, as_of=PRE_PER_TYPE)
    assert not before.legal and rules_of(before, "error") == ["legend"]
    assert "until 2022-12-31 at most one Legend card in all" in before.problems[-1].message or any(
        "until 2022-12-31" in p.message for p in before.problems)
    # no Rush list before 2023 in the data: judged without one, and told so
    assert [p.rule for p in before.problems if p.severity == "warning"] == ["banlist"]
    after = check_text(text, as_of=PER_TYPE)
    assert after.legal and after.problems == [], after.problems


def test_one_legend_card_of_each_type_is_legal(check_text):  # rules.md case 38
    result = check_text(rush_deck(["Blue-Eyes White Dragon", "Salvage", "Trap Hole"]), as_of=TODAY)
    assert result.legal and result.problems == [], result.problems


def test_legend_cards_in_the_side_deck_do_not_count(check_text):  # case 38
    result = check_text(rush_deck(["Blue-Eyes White Dragon"], side=["Dark Magician", "Salvage", "Tail Swipe"],
                                  filler=39), as_of=TODAY)
    assert result.legal and result.problems == [], result.problems


def test_two_copies_of_one_legend_card_are_two_legend_cards(check_text):
    result = check_text(rush_deck(["Trap Hole", "Trap Hole"]), as_of=TODAY)
    assert rules_of(result) == ["legend"] and "2 Legend Traps" in result.problems[0].message


def test_grand_legend_cards_are_not_legend_cards_in_the_deck(check_text, rush):  # case 40
    saber = rush.by_name("Grand Legend Saber")[0]
    assert not saber.legend
    result = check_text(rush_deck(["Grand Legend Saber"] * 3 + ["Blue-Eyes White Dragon"], filler=36), as_of=TODAY)
    assert result.legal and result.problems == [], result.problems


def test_two_legend_cards_of_different_types_before_2023_is_one_problem(check_text):  # case 39
    result = check_text(rush_deck(["Blue-Eyes White Dragon", "Salvage", "Trap Hole"]), as_of=PRE_PER_TYPE)
    [problem] = [p for p in result.problems if p.rule == "legend"]
    assert "3 Legend cards" in problem.message and "take the other 2 copies" in problem.fix


def test_legend_rule_is_off_outside_rush(check_text):
    result = check_text("main: [1 Blue-Eyes White Dragon, 1 Dark Magician]\n", as_of=TODAY)
    assert "legend" not in rules_of(result)


# ------------------------------------------------------------------------------------------ other-game


def test_a_rush_deck_with_one_ocg_card(check_text):
    text = "#main\n" + "\n".join(["160001001"] * 3 + ["160001002"] * 3 + ["55144522"]) + "\n#extra\n!side\n"
    result = check_text(text, suffix=".ydk", format="rush", as_of=TODAY)
    [problem] = [p for p in result.problems if p.rule == "other-game"]
    assert "Pot of Greed" in problem.message and "an OCG/TCG card" in problem.message
    assert problem.line == 8 and problem.card.passcode == 55144522
    assert not any(p.rule == "card-pool" for p in result.problems)


def test_an_ocg_deck_with_one_rush_card(check_text):
    result = check_text("main: [3 Pot of Duality, 1 Sevens Road Magician]\n", as_of=TODAY)
    [problem] = [p for p in result.problems if p.rule == "other-game"]
    assert "Sevens Road Magician" in problem.message and "a Rush Duel card" in problem.message
    assert not any(p.rule in ("card-pool", "unknown-card") for p in result.problems)
    ydk = check_text("#main\n98645731\n98645731\n160002000\n#extra\n!side\n", suffix=".ydk", as_of=TODAY)
    [problem] = [p for p in ydk.problems if p.rule == "other-game"]
    assert problem.fix == "replace 160002000 with 46986414 (Dark Magician, the OCG/TCG card)"


def test_several_cards_of_the_other_game_are_one_problem(check_text):
    result = check_text(rush_deck(["Infinite Impermanence", "Ash Blossom & Joyous Spring"], filler=38), as_of=TODAY)
    [problem] = [p for p in result.problems if p.rule == "other-game"]
    assert "2 cards of another game" in problem.message and "Ash Blossom" in problem.message


# --------------------------------------------------------------------------------------- pool and lists


def test_prerelease_cards_are_refused_unless_a_format_allows_them(check_text, tmp_path):
    result = check_text(rush_deck(["Crystal Seer"], filler=39), as_of=TODAY)
    [problem] = [p for p in result.problems if p.rule == "card-pool"]
    assert "prerelease" in problem.message
    house = tmp_path / "early.yaml"
    house.write_text("title: Early Rush\nextends: rush\nrules:\n  card-pool: {prerelease: allowed}\n", encoding="utf-8")
    assert check_text(rush_deck(["Crystal Seer"], filler=39), as_of=TODAY, format=str(house)).legal


def test_maximum_pieces_are_three_cards(rush):
    pieces = [rush.by_name(f"Wyrm Excavator the Heavy Cavalry Draco{s}")[0] for s in (" [L]", "", " [R]")]
    assert len({c.passcode for c in pieces}) == 3 and all(c.maximum for c in pieces)
    assert len({c.group for c in pieces}) == 3


def _placed(card) -> tuple[str, str]:
    return ("extra" if card.kind == "extra" else "main"), card.name


def _list_cases(store: BanlistStore, rush: RushIndex):
    for banlist in store.all("rush"):
        for entry in banlist.entries:
            card = rush.by_passcode(entry.passcode)
            yield banlist.effective, card, STATUS_LIMITS[entry.status]


_judged: dict = {}  # the shipped lists and Konami's vectors share most entries: each deck judged once


def _judge(check_text, when, card, copies: int):
    key = (when, card.passcode, copies)
    if key not in _judged:
        _judged[key] = _judge_anew(check_text, when, card, copies)
    return _judged[key]


def _judge_anew(check_text, when, card, copies: int):
    section = "extra" if card.kind == "extra" else "main"
    lines = ["format: rush", "main:"] + [f'  - "{FILLER[i // 3]}"' for i in range(40)]
    if copies:
        lines += [f"{section}:" if section == "extra" else "", f"  - {{passcode: {card.passcode}, count: {copies}}}"]
    text = "\n".join(line for line in lines if line) + "\n"
    return check_text(text, as_of=when)


def test_every_entry_of_every_shipped_rush_list(check_text, store, rush):
    cases = list(_list_cases(store, rush))
    assert len(cases) >= 250 and len({when for when, _, _ in cases}) == 15
    for when, card, limit in cases:
        over = _judge(check_text, when, card, limit + 1)
        banned = [p for p in over.problems if p.rule == "banlist"]
        assert len(banned) == 1 and banned[0].card.passcode == card.passcode and not over.legal, (when, card.name)
        if limit:
            at = _judge(check_text, when, card, limit)
            assert not [p for p in at.problems if p.rule == "banlist"], (when, card.name, at.problems)


@pytest.mark.source_data
def test_every_entry_of_every_konami_rush_vector(check_text, rush):
    by_konami = {card.konami_id: card for card in rush.cards() if card.konami_id}
    vectors = sorted((SHARED / "yaml-yugi-limit-regulation" / "rush").glob("*.vector.json"))
    assert len(vectors) == 15
    for path in vectors:
        vector = json.loads(path.read_text(encoding="utf-8"))
        when = date.fromisoformat(vector["date"])
        for konami_id, limit in vector["regulation"].items():
            card = by_konami[int(konami_id)]
            over = _judge(check_text, when, card, limit + 1)
            assert [p.card.passcode for p in over.problems if p.rule == "banlist"] == [card.passcode], (path.name, card.name)
            if limit:
                at = _judge(check_text, when, card, limit)
                assert not [p for p in at.problems if p.rule == "banlist"], (path.name, card.name)


@pytest.mark.source_data
def test_every_rush_card_of_the_sources_is_in_the_index_or_left_out_with_why(rush):
    left_out = {item["yugipedia_page_id"]: item for item in rush.left_out}
    assert all(item["why"] for item in left_out.values())
    by_konami = {card.konami_id: card for card in rush.cards() if card.konami_id}
    with open(SHARED / "yaml-yugi" / "rush.jsonl", encoding="utf-8") as f:
        source = [json.loads(line) for line in f]
    in_index = 0
    for y in source:
        if y["yugipedia_page_id"] in left_out:
            assert not y.get("edopro_codes")
            continue
        codes = y["edopro_codes"]
        card = rush.by_passcode(codes[0])
        assert card is not None and set(codes) <= set(card.passcodes), y["name"]["en"]
        assert card.name == " ".join(y["name"]["en"].split()) and card.legend == bool(y["legend"])
        assert card.maximum == bool(y["is_maximum"]) and card.konami_id == y.get("konami_id")
        if y.get("konami_id"):
            assert by_konami[y["konami_id"]] is card
        in_index += 1
    assert in_index == len(rush) and in_index + len(left_out) == len(source)
    with open(SHARED / "yaml-yugi" / "rush_edopro_map.tsv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    unmatched = [row["edopro_code"] for row in rows if rush.own_card(int(row["edopro_code"])) is None]
    assert unmatched == ["160022200"]  # "OuTerverSe", a hidden helper row (the build report says so)
    report = (REPO / "deckcheck" / "data" / "build-report.txt").read_text(encoding="utf-8")
    assert "160022200 'OuTerverSe'" in report and "hidden helper row" in report


# ----------------------------------------------------------------------------------------- round trips


def _identity(deck) -> Counter:
    return Counter((e.section, e.card.passcode if e.card else (e.passcode, e.name)) for e in deck.entries
                   for _ in range(e.count))


RUSH_YDK = ("#created by test\n#main\n" + "\n".join(
    ["160001001"] * 3 + ["160301001"] * 3 + ["160001000", "160015056", "160205001"] + ["160004021", "160004022",
                                                                                      "160004023"])
    + "\n#extra\n160007034\n160007034\n!side\n160002000\n160202019\n")


@pytest.mark.parametrize("to", ["ydke", "yaml", "text", "ydk"])
def test_rush_decks_round_trip(cards, rush, to):
    parsed = parse_deck(RUSH_YDK.encode(), "rush.ydk")
    assert decklist_game(parsed, FormatStore()) == RUSH
    original = resolve(parsed, rush)
    assert all(e.card is not None and game_of(e.card) == RUSH for e in original.entries)
    text = convert(original, to, rush).text
    again = resolve(parse_deck(text.encode(), "x." + {"ydke": "ydke", "yaml": "yaml", "text": "txt", "ydk": "ydk"}[to]),
                    rush)
    assert _identity(again) == _identity(original) if to in ("ydk", "ydke") else \
        Counter((s, rush.by_passcode(p).group if isinstance(p, int) else p) for s, p in _identity(again).elements()) == \
        Counter((s, rush.by_passcode(p).group) for s, p in _identity(original).elements())


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    from .inprocess import deckcheck

    return deckcheck(*args, stdin=stdin, env={"COLUMNS": "200", "NO_COLOR": "1"})


def test_convert_reads_a_rush_ydk_as_rush_and_writes_yaml_that_reads_back(tmp_path):
    ydk = tmp_path / "rush.ydk"
    ydk.write_text(RUSH_YDK, encoding="utf-8")
    proc = _cli("convert", str(ydk), "--to", "yaml")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("format: \"rush\"\n") or proc.stdout.startswith("format: rush\n")
    assert "Blue-Eyes White Dragon" in proc.stdout
    back = _cli("convert", "-", "--to", "ydk", stdin=proc.stdout)
    assert back.returncode == 0, back.stderr
    def codes(ydk: str) -> Counter:
        return Counter(line for line in ydk.splitlines() if line and not line.startswith("#created"))

    assert codes(back.stdout) == codes(RUSH_YDK)
    text = _cli("convert", str(ydk), "--to", "text").stdout
    ydk_again = _cli("convert", "-", "--to", "ydk", "--format", "rush", stdin=text)
    assert ydk_again.returncode == 0 and "160001000" in ydk_again.stdout and "89631139" not in ydk_again.stdout


# ----------------------------------------------------------------------------------------------- the CLI


def test_card_says_rush_with_legend_and_maximum():
    proc = _cli("card", "Sevens Road Magician")
    assert proc.returncode == 0 and "Rush Duel" in proc.stdout
    assert "Legend" in proc.stdout and "Maximum" in proc.stdout and "not legal: a Rush Duel card" in proc.stdout
    doc = json.loads(_cli("card", "160001000", "-o", "json").stdout)[0]
    assert doc["game"] == "rush" and doc["legend"] is True and doc["maximum"] is False
    assert doc["formats"]["rush"]["status"] == "Unlimited" and doc["formats"]["tcg"]["status"].startswith("not legal")
    assert doc["other_game_same_name"]["passcode"] == 89631139


def test_formats_and_banlists_list_rush():
    formats = {f["id"]: f for f in json.loads(_cli("formats", "-o", "json").stdout)}
    assert formats["rush"]["title"] == "Rush Duel"
    lists = json.loads(_cli("banlists", "--format", "rush", "-o", "json").stdout)
    assert len(lists) == 15 and {entry["format"] for entry in lists} == {"rush"}
    history = _cli("card", "--history", "Blue-Eyes White Dragon (Rush)")
    assert history.returncode == 0 and "Rush Duel" in history.stdout and "TCG" not in history.stdout


def _write_rush(path: Path, main: list[str], side: list[str]) -> Path:
    path.write_text("format: rush\nmain:\n" + "".join(f'  - "{m}"\n' for m in main)
                    + "side:\n" + "".join(f'  - "{m}"\n' for m in side), encoding="utf-8")
    return path


def test_siding_in_a_second_legend_monster_is_a_legend_problem(tmp_path):  # rules.md case 41
    main = [FILLER[i // 3] for i in range(39)] + ["Blue-Eyes White Dragon"]
    registered = _write_rush(tmp_path / "registered.yaml", main, ["Dark Magician", "Salvage"])
    swapped = list(main)
    swapped.remove("Lizard Soldier")
    sided = _write_rush(tmp_path / "sided.yaml", swapped + ["Dark Magician"], ["Lizard Soldier", "Salvage"])
    proc = _cli("side", str(registered), str(sided), "-o", "json")
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    text = json.dumps(doc)
    assert '"legend"' in text and "160002000" in text  # the Rush Dark Magician, sided in
    fine = _write_rush(tmp_path / "fine.yaml", swapped + ["Salvage"], ["Lizard Soldier", "Dark Magician"])
    assert _cli("side", str(registered), str(fine)).returncode == 0


def test_the_registration_pdf_of_a_rush_deck_is_a_rush_sheet(tmp_path):
    pytest.importorskip("reportlab")
    pypdf = pytest.importorskip("pypdf")
    deck = _write_rush(tmp_path / "rush.yaml", [FILLER[i // 3] for i in range(39)] + ["Blue-Eyes White Dragon"], [])
    out = tmp_path / "rush.pdf"
    proc = _cli("decklist", str(deck), "-o", str(out))
    assert proc.returncode == 0 and out.is_file(), proc.stderr
    text = pypdf.PdfReader(out).pages[0].extract_text()
    assert "RUSH DUEL" in text and "TRADING CARD GAME" not in text and "Blue-Eyes White Dragon" in text


@pytest.mark.parametrize("output", ["json", "sarif", "junit", "csv", "html", "github"])
def test_every_report_format_takes_a_rush_deck(tmp_path, output):
    main = [FILLER[i // 3] for i in range(38)] + ["Blue-Eyes White Dragon", "Dark Magician"]
    deck = _write_rush(tmp_path / "rush.yaml", main, [])
    proc = _cli("check", str(deck), "-o", output)
    assert proc.returncode == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert "legend" in proc.stdout and "Dark Magician" in proc.stdout
    if output == "json":
        jsonschema = pytest.importorskip("jsonschema")
        schema = json.loads((REPO / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
        document = json.loads(proc.stdout)
        jsonschema.validate(document, schema)
        [problem] = document["decks"][0]["problems"]
        assert problem["rule"] == "legend" and problem["card"]["passcode"] == 160002000


def test_the_stale_list_signal_covers_rush(store):
    from deckcheck.banlists import staleness

    late = staleness(store, "rush", date(2026, 12, 2))
    assert late is not None and late["effective"] == "2026-07-01" and late["longest_gap_days"] == 92
    assert staleness(store, "rush", date(2026, 8, 22)) is None  # 52 days after the quarterly list


def test_a_rush_check_before_2023_is_judged_without_a_list_and_says_so(check_text):
    result = check_text(rush_deck(filler=40), as_of=PRE_PER_TYPE)
    assert result.legal
    [warning] = result.problems
    assert warning.rule == "banlist" and warning.severity == "warning" and "2023-01-01" in warning.message


def _rush_codes() -> list[int]:
    rush = open_cards().rush
    return sorted(p for card in rush.cards() for p in card.passcodes)


RUSH_CODES = _rush_codes()


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(main=st.lists(st.sampled_from(RUSH_CODES), max_size=20), extra=st.lists(st.sampled_from(RUSH_CODES), max_size=5),
       side=st.lists(st.sampled_from(RUSH_CODES), max_size=5))
def test_any_rush_deck_round_trips_through_every_format(rush, main, extra, side):
    ydk = "#main\n" + "".join(f"{c}\n" for c in main) + "#extra\n" + "".join(f"{c}\n" for c in extra) + "!side\n" + \
        "".join(f"{c}\n" for c in side)
    original = resolve(parse_deck(ydk.encode(), "r.ydk"), rush)
    want = Counter((e.section, e.card.group) for e in original.entries for _ in range(e.count))
    for to, suffix in (("ydke", "ydke"), ("yaml", "yaml"), ("text", "txt")):
        text = convert(original, to, rush).text
        again = resolve(parse_deck(text.encode(), f"x.{suffix}"), rush)
        got = Counter((e.section, e.card.group) for e in again.entries if e.card is not None for _ in range(e.count))
        if to == "text":  # a sheet lists a monster by where it goes: an Extra Deck card in the Main goes to Extra
            want_text = Counter((("extra" if s == "main" and rush.by_passcode(g).kind == "extra" else s), g)
                                for s, g in want.elements())
            assert got == want_text or got == want, (to, text)
        else:
            assert got == want, (to, text)


def test_a_rush_decklist_in_japanese_and_korean_names(check_text, rush):
    japanese = ["リザード兵", "レッサー・ドラゴン", "古の守り亀", "封印の鎖", "火麺忍者チヂレッド", "ベビー・ティーレックス",
                "アンモ・ナイト", "プチモス", "ワイト", "シルバー・フォング", "グレムリン", "セイント・バード", "ラムーン"]
    korean = ["리저드 솔저", "레서 드래곤", "고대의 수호거북", "봉인의 쇠사슬", "화면첩자 차지레드", "베이비 티렉스", "암모 나이트",
              "꼬마 모스", "저주받은 하인", "실버 팽", "그렘린", "세인트 버드", "라문"]
    for names in (japanese, korean):
        text = "format: rush\nmain:\n" + "".join(f'  - "3 {n}"\n' for n in names) + '  - "1 青眼の白龍"\n'
        result = check_text(text, as_of=TODAY)
        assert result.legal and result.problems == [], result.problems
        assert result.sizes["main"] == 40


def test_banlists_diff_of_two_rush_lists():
    proc = _cli("banlists", "diff", "2026.04 Rush Duel", "2026.07 Rush Duel")
    assert proc.returncode == 0, proc.stderr
    assert "9 changes" in proc.stdout and "Beginning Skullrise" in proc.stdout and "Limited" in proc.stdout


@pytest.mark.source_data
def test_the_newest_rush_list_agrees_with_edopros_current_list(store, rush):
    """EDOPro lists 44 codes twice (3 in the whitelist, then the limit): the last line wins, as EDOPro reads it."""
    import re

    counts: dict[int, int] = {}
    name = ""
    for line in (SHARED / "edopro" / "lflists" / "current" / "Rush.lflist.conf").read_text(encoding="utf-8").splitlines():
        if line.startswith("!"):
            name = line[1:].strip()
        elif (m := re.match(r"(\d+)\s+(-?\d+)", line)):
            counts[int(m.group(1))] = int(m.group(2))
    assert name == "2026.07.01 Rush Duel"
    theirs: dict[int, int] = {}
    for code, n in counts.items():
        if 0 <= n <= 2:
            group = rush.own_card(code).group
            theirs[group] = min(n, theirs.get(group, n))
    newest = store.in_effect("rush", date(2026, 7, 1))
    ours = {rush.own_card(e.passcode).group: STATUS_LIMITS[e.status] for e in newest.entries}
    assert ours == theirs and len(ours) == 34
    assert newest.source["cross_check"]["differences"] == 0


def test_deckcheck_data_names_the_rush_index_and_its_sources():
    doc = json.loads(_cli("data", "-o", "json").stdout)
    rush = doc["rush_cards"]
    assert rush["cards"] == 3135 and rush["left_out"] == 12
    assert {s["repository"] for s in rush["sources"]} == {"DawnbrandBots/yaml-yugi", "ProjectIgnis/BabelCDB"}
