"""Card names in other languages (deckcheck/data/names.jsonl): matching, ambiguity, did-you-mean,
EDOPro's own names, and that a check which needs no name never reads them.

The names a test writes come from the shipped file, read here with plain json (not through
deckcheck), so each language is tested with a real card's real name.
"""

from __future__ import annotations

import json
import subprocess
import sys
from functools import cache

import pytest

from deckcheck.parsers import parse_deck
from deckcheck.resolve import resolve, suggest

from .conftest import REPO, SHARED_DATA, rules_of

NAMES = REPO / "deckcheck" / "data" / "names.jsonl"
LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "ja-kana", "ko", "zh-TW", "zh-CN")


@cache
def shipped() -> tuple[list[str], dict[int, dict]]:
    header, *lines = NAMES.read_text(encoding="utf-8").splitlines()
    fields = json.loads(header)["fields"]
    return fields, {row[0]: dict(zip(fields, row)) for row in map(json.loads, lines)}


def names_of(passcode: int) -> dict:
    return shipped()[1][passcode]


def resolved(cards, *lines: str, path: str = "deck.yaml"):
    text = "main:\n" + "".join(f"  - {json.dumps(line, ensure_ascii=False)}\n" for line in lines)
    return resolve(parse_deck(text.encode("utf-8"), path), cards)


# ------------------------------------------------------------------------------------------ the file


def test_layout_sources_and_size():
    fields, rows = shipped()
    assert fields == ["passcode", "konami_id", *LANGUAGES, "edopro"]
    header = json.loads(NAMES.read_text(encoding="utf-8").split("\n", 1)[0])
    assert {s["id"] for s in header["sources"]} == {"yaml-yugi", "babelcdb"}
    assert all(s["commit"] and s["date"] for s in header["sources"])
    assert len(rows) > 14_000
    assert NAMES.stat().st_size < 5_000_000


def test_facts_only_no_markup():
    for row in shipped()[1].values():
        assert isinstance(row["passcode"], int) and (row["konami_id"] is None or isinstance(row["konami_id"], int))
        for lang in (*LANGUAGES, "edopro"):
            name = row[lang]
            assert name is None or (isinstance(name, str) and 0 < len(name) <= 100), (row["passcode"], lang)
            markup = name is not None and any(mark in name for mark in ("<ruby", "<rt", "</", "\n", "\t"))
            assert not markup, (row["passcode"], lang, name)


def test_every_passcode_is_a_card_of_the_index(cards):
    for passcode, row in shipped()[1].items():
        card = cards.by_passcode(passcode)
        assert card is not None and card.passcode == passcode
        assert row["konami_id"] == card.konami_id


def test_ruby_markup_gives_the_printed_name_and_its_reading():
    blue_eyes = names_of(89631139)
    assert blue_eyes["ja"] == "青眼の白龍"
    assert blue_eyes["ja-kana"] == "ブルーアイズ・ホワイト・ドラゴン"
    assert names_of(14558127)["ja-kana"] == "はるうらら"
    assert names_of(46986414)["ja-kana"] is None  # ブラック・マジシャン has no ruby: it is kana already


@pytest.mark.source_data
def test_names_agree_with_ygojson():
    """YGOJSON's complete card files (a second source, aggregating Konami's names) give the same names."""
    checked = 0
    for path in sorted((SHARED_DATA / "ygojson" / "samples").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        for passcode in map(int, record.get("passwords", [])):
            if passcode not in shipped()[1]:
                continue
            for lang, text in record["text"].items():
                if lang in LANGUAGES and text.get("name"):
                    assert names_of(passcode)[lang] == text["name"], (passcode, lang)
                    checked += 1
    assert checked >= 30


# ------------------------------------------------------------------------------------------ matching


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_in_each_language_is_the_card(cards, lang):
    for passcode in (14558127, 89631139, 86066372):  # Ash Blossom, Blue-Eyes White Dragon, Accesscode Talker
        name = names_of(passcode)[lang]
        if name is None:
            continue
        deck = resolved(cards, f"3 {name}")
        (entry,) = deck.entries
        assert entry.card is not None and entry.card.passcode == passcode, (lang, name)
        assert entry.count == 3
        assert deck.problems == []


@pytest.mark.parametrize(
    "written,passcode",
    [
        ("aschenblüte & freudiger frühling", 14558127),  # case
        ("Aschenblute and Freudiger Fruhling", 14558127),  # accents left out, & as "and"
        ("Dragon Blanc aux Yeux Bleus ", 89631139),  # spacing
        ("floraison de cendres et joyeux printemps", 14558127),
        ("ブルーアイズ ホワイト ドラゴン", 89631139),  # spaces for ・
        ("ﾌﾞﾙｰｱｲｽﾞ･ﾎﾜｲﾄ･ﾄﾞﾗｺﾞﾝ", 89631139),  # half-width kana
        ("ＣＮｏ．３９ 希望皇ホープレイ", 56840427),  # full-width letters and digits
        ("푸른눈의백룡", 89631139),  # Korean without spaces
    ],
)
def test_names_match_leniently_in_every_script(cards, written, passcode):
    (entry,) = resolved(cards, written).entries
    assert entry.card is not None and entry.card.passcode == passcode, written


def test_an_english_name_wins_over_another_languages(cards):
    # "Raigeki" is the English name and also the name in other languages: one card, no warning
    deck = resolved(cards, "Raigeki")
    assert deck.entries[0].card.name == "Raigeki" and deck.problems == []
    assert "Raigeki" not in cards.name_languages


@pytest.mark.parametrize(
    "written,lang",
    [("Magische Hand", "de"), ("暴風雨", "zh-TW"), ("混沌巫師", "zh-TW")],
)
def test_a_name_two_cards_share_in_a_language_lists_both(cards, written, lang):
    fields, rows = shipped()
    sharing = [p for p, row in rows.items() if row[lang] == written]
    assert len(sharing) == 2  # from the data itself
    deck = resolved(cards, written)
    entry = deck.entries[0]
    reason, options = deck.unresolved[id(entry)]
    assert entry.card is None and "matches 2 cards" in reason
    assert {int(o.rsplit("(", 1)[1].rstrip(")")) for o in options} == set(sharing)


def test_check_reports_the_ambiguity_as_unknown_card(check_text):
    result = check_text('main: ["2 Magische Hand"]\n')
    [problem] = [p for p in result.problems if p.rule == "unknown-card"]
    assert "Magic Hand (22530212)" in problem.message and "Mystery Hand (62793020)" in problem.message


# -------------------------------------------------------------------------------------- did you mean


@pytest.mark.parametrize(
    "written,expected",
    [
        ("Aschenblüt & Freudige Frühlinge", "Aschenblüte & Freudiger Frühling"),  # 3 letters off: not read as it
        ("Floraison de Cendre et Joyeu Printemp", "Floraison de Cendres et Joyeux Printemps"),
        ("灰流うららら", "灰流うらら"),
        ("하루 우라", "하루 우라라"),
        ("青眼の白竜", "青眼の白龍"),
    ],
)
def test_did_you_mean_in_the_language_written(cards, written, expected):
    deck = resolved(cards, written)
    reason, suggestions = deck.unresolved[id(deck.entries[0])]
    assert reason.startswith("no card is named")
    assert suggestions and suggestions[0] == expected
    assert suggest(cards, written)[0] == expected


@pytest.mark.parametrize("written", ["Aschenblüte & Freudige Frühlinge", "Floraison de Cendre et Joyeux Printemp"])
def test_a_misspelling_in_another_language_is_read_as_its_card(cards, written):
    """Issue 25, item 7: 2 letters off the German (French) name of one card, and further from every other name in
    the Latin script: read as that card, with an inexact-name warning."""
    deck = resolved(cards, written)
    assert deck.entries[0].card.name == "Ash Blossom & Joyous Spring" and not deck.unresolved
    assert [p.rule for p in deck.problems] == ["inexact-name"] and written in deck.problems[0].message


def test_an_english_typo_keeps_its_english_suggestions(cards):
    assert suggest(cards, "Ash Blosom and Joyus Spring")[0] == "Ash Blossom & Joyous Spring"


def test_card_command_suggests_in_the_language_written():
    from .inprocess import deckcheck

    proc = deckcheck("card", "灰流うららX")
    assert proc.returncode == 0, proc.stderr  # one name is close: shown, with a note naming it
    assert "showing 灰流うらら" in proc.stderr and "Ash Blossom & Joyous Spring" in proc.stdout


def test_card_lookup_by_any_language(cards):
    assert [c.passcode for c in cards.find("青眼の白龍")] == [89631139]
    assert [c.passcode for c in cards.find("Adamatia Seeker")] == [48519867]


# ----------------------------------------------------------------------------------- EDOPro's names


def test_edopro_names_are_the_cdb_names_that_differ():
    edopro = {p: row["edopro"] for p, row in shipped()[1].items() if row["edopro"]}
    assert edopro[48519867] == "Adamatia Seeker"
    assert 20 <= len(edopro) <= 100


def test_an_edopro_name_is_the_official_card_with_a_warning(check_text):
    result = check_text('main: ["3 Adamatia Seeker"]\n')
    [warning] = [p for p in result.problems if p.rule == "unofficial-name"]
    assert warning.severity == "warning" and warning.line == 1
    assert warning.card.passcode == 48519867 and "Adamancipator Seeker" in warning.fix
    assert "unknown-card" not in rules_of(result)


# --------------------------------------------------------------------------------------- start-up cost


PROBE = r"""
import sys
opened = []
sys.addaudithook(lambda event, args: opened.append(str(args[0])) if event == "open" else None)
sys.argv = ["deckcheck", "check", sys.argv[1], "--output-format", "json"]
from deckcheck.cli import main
try:
    main()
except SystemExit as exc:
    code = exc.code
names_read = [p for p in opened if p.endswith("names.jsonl")]
loaded = sorted(m for m in sys.modules if m in ("deckcheck.names", "deckcheck.parsers.text", "deckcheck.parsers.ydke",
                                                "deckcheck.parsers.omega", "deckcheck.parsers.yaml_deck", "rapidfuzz"))
print("\nPROBE", code, names_read, loaded, file=sys.stderr)
"""


def probe(path) -> tuple[str, list, list]:
    proc = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, timeout=60, cwd=REPO)
    line = proc.stderr.rsplit("PROBE ", 1)[1].strip()
    code, rest = line.split(" ", 1)
    names_read, loaded = rest.split("] [")
    return code, names_read.strip("[]"), loaded.strip("[]")


def test_a_ydk_check_reads_no_names_and_imports_no_other_parser():
    code, names_read, loaded = probe(REPO / "sample_decks" / "tcg" / "branded-despia.ydk")
    assert code == "0"
    assert names_read == "" and loaded == ""


def test_an_english_text_decklist_reads_no_names(tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Main Deck\n3 Ash Blossom & Joyous Spring\n", encoding="utf-8")
    _code, names_read, loaded = probe(deck)
    assert names_read == "" and "deckcheck.names" not in loaded


def test_a_german_name_reads_the_names(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("main: [3 Aschenblüte & Freudiger Frühling]\n", encoding="utf-8")
    _code, names_read, loaded = probe(deck)
    assert names_read.endswith("names.jsonl'") and "deckcheck.names" in loaded
