"""Konami-ID lists, Master Duel / YgoMaster deck JSON, MyCard deck codes and YGOMobile deck links: each read
by its shape, written by ``convert --to``, round-tripped (hypothesis), and unreadable with what is wrong
when malformed; and the Master Duel format's own rules (no Side Deck, its card pool) with real data."""

from __future__ import annotations

import base64
import json
import struct
from collections import Counter

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deckcheck.convert import convert
from deckcheck.model import EXTRA, MAIN, SIDE
from deckcheck.parsers import format_for, parse_deck, read_deck
from deckcheck.parsers.konami_ids import encode_konami_ids
from deckcheck.parsers.md_json import encode_md_json
from deckcheck.parsers.mycard import encode_mycard
from deckcheck.parsers.ygomobile import encode_ygomobile
from deckcheck.resolve import resolve

from .conftest import REPO, examples, rules_of
from .inprocess import deckcheck

BRANDED = REPO / "sample_decks" / "tcg" / "branded-despia.ydk"
NEW_FORMATS = ("konami-ids", "md-json", "mycard", "ygomobile")


def sections_of(deck) -> dict[str, Counter]:
    """section → Counter of what each entry names (passcode or Konami ID) → copies."""
    out = {MAIN: Counter(), EXTRA: Counter(), SIDE: Counter()}
    for e in deck.entries:
        out[e.section][e.passcode if e.passcode is not None else e.konami_id] += e.count
    return out


def counted(codes: dict[str, list[int]]) -> dict[str, Counter]:
    return {section: Counter(codes.get(section, [])) for section in (MAIN, EXTRA, SIDE)}


# ------------------------------------------------------------------------------------ round trips

konami_id = st.integers(min_value=1, max_value=999_999)
passcode27 = st.integers(min_value=1, max_value=(1 << 27) - 1)
passcode28 = st.integers(min_value=1, max_value=(1 << 28) - 1)


def section_lists(element, most: int):
    return st.fixed_dictionaries({MAIN: st.lists(element, max_size=most), EXTRA: st.lists(element, max_size=most),
                                  SIDE: st.lists(element, max_size=most)})


@settings(max_examples=examples(200), deadline=None)
@given(codes=section_lists(konami_id, 30))
def test_konami_id_lists_round_trip(codes):
    text = encode_konami_ids({s: list(Counter(ids).items()) for s, ids in codes.items()})
    assert format_for("", text.encode()).id == "konami-ids" or not any(codes.values())
    deck = parse_deck(text.encode(), "deck.txt", "konami-ids")
    assert not deck.problems or not any(codes.values())
    if any(codes.values()):
        assert sections_of(deck) == counted(codes)


@settings(max_examples=examples(200), deadline=None)
@given(codes=section_lists(konami_id, 30), name=st.none() | st.text(min_size=1, max_size=20).filter(str.strip))
def test_master_duel_json_round_trips(codes, name):
    text = encode_md_json(name, codes)
    assert format_for("", text.encode()).id == "md-json"
    deck = parse_deck(text.encode(), "deck.json")
    assert deck.problems == []
    assert sections_of(deck) == counted(codes)
    wrapped = json.dumps({"contents": json.loads(text)}).encode()
    assert sections_of(parse_deck(wrapped, "deck.json")) == counted(codes)
    as_text = json.dumps({"contents": text}).encode()  # contents given as a JSON string
    assert sections_of(parse_deck(as_text, "deck.json")) == counted(codes)


@settings(max_examples=examples(300), deadline=None)
@given(codes=section_lists(passcode28, 30))
def test_mycard_codes_round_trip(codes):
    code = encode_mycard(codes)
    if not any(codes.values()):
        assert code == ""  # an empty deck's code is empty: nothing to read back
        return
    deck = parse_deck(code.encode(), "code.txt", "mycard")
    assert [p for p in deck.problems if p.rule == "unreadable"] == []
    assert sections_of(deck) == counted(codes)
    assert format_for("", code.encode()).id in ("mycard", "omega", "text")  # a code no other shape claims first


@settings(max_examples=examples(300), deadline=None)
@given(codes=st.fixed_dictionaries({MAIN: st.lists(passcode27, max_size=60), EXTRA: st.lists(passcode27, max_size=15),
                                    SIDE: st.lists(passcode27, max_size=15)}),
       name=st.none() | st.text(min_size=1, max_size=20).filter(str.strip))
def test_ygomobile_links_round_trip(codes, name):
    link = encode_ygomobile(name, codes)
    assert format_for("", link.encode()).id == "ygomobile"
    deck = parse_deck(link.encode(), "link.txt")
    assert deck.problems == []
    assert sections_of(deck) == counted(codes)
    assert deck.name == (name.strip() if name else None)


def test_a_mycard_code_reads_as_the_package_documents_it():
    """28-bit passcode, 2-bit section, 2-bit copies − 1, little-endian, base64url: 3 Ash Blossom in the Main
    Deck, 1 Accesscode Talker in the Extra Deck, 2 Pot of Duality in the Side Deck."""
    words = [14558127 | (0 << 28) | (2 << 30), 86066372 | (1 << 28) | (0 << 30), 98645731 | (2 << 28) | (1 << 30)]
    code = base64.urlsafe_b64encode(struct.pack("<3I", *words)).decode().rstrip("=")
    deck = parse_deck(code.encode(), "", "mycard")
    assert format_for("", code.encode()).id == "text"  # three entries could be a word: only --input-format reads it
    assert [(e.section, e.passcode, e.count) for e in deck.entries] == [
        (MAIN, 14558127, 3), (EXTRA, 86066372, 1), (SIDE, 98645731, 2)]


@pytest.mark.parametrize("argument", ["brandeddeck", "AshBlossom12", "Raigeki", "decks2024"])
def test_a_word_or_a_mistyped_file_name_is_no_mycard_code(argument):
    assert format_for("", argument.encode()).id != "mycard"


def test_a_ygomobile_link_reads_as_its_bits_say():
    """8 + 4 + 4 bits of entry counts, then 2 bits of copies and 27 of passcode per entry, most significant first."""
    bits = f"{1:08b}{1:04b}{0:04b}" + "11" + f"{14558127:027b}" + "01" + f"{86066372:027b}"
    bits += "0" * (-len(bits) % 8)
    data = base64.urlsafe_b64encode(int(bits, 2).to_bytes(len(bits) // 8, "big")).decode().rstrip("=")
    deck = parse_deck(f"http://deck.ourygo.top?name=Test&ygotype=deck&v=1&d={data}".encode(), "")
    assert [(e.section, e.passcode, e.count) for e in deck.entries] == [(MAIN, 14558127, 3), (EXTRA, 86066372, 1)]
    assert deck.name == "Test"


# ------------------------------------------------------------------------------------- malformed


def unreadable_message(data: bytes, forced: str | None = None) -> str:
    deck = parse_deck(data, "deck", forced)
    assert deck.unreadable, deck
    return deck.problems[0].message


GOOD_YGOMOBILE = encode_ygomobile(None, {MAIN: [14558127] * 3, EXTRA: [86066372], SIDE: []})


@pytest.mark.parametrize("data,forced,says", [
    (b"Main\n3x 4007\nthree Ash Blossom\n", "konami-ids", "line 3"),
    (b"Main\n0x 4007\n", "konami-ids", "a count of 0"),
    (b"Main\n3x 14558127\n", "konami-ids", "passcode"),
    (b"# nothing\n", "konami-ids", "names no card"),
    (b'{"m": {"ids": [4007, "x", 4008]}}', None, "m.ids[1]"),
    (b'{"m": {"ids": [4007]}, "e": {"ids": 5}}', None, "e.ids is not a list"),
    (b'{"e": {"ids": [4007]}}', "md-json", "no m (Main Deck) section"),
    (b'{"contents": "{not json"}', "md-json", "contents is text that is not JSON"),
    (b'{"m": {"ids": [4007]', "md-json", "not valid JSON"),
    (b'[1, 2, 3]', "md-json", "not an object"),
    (b"r_7dAAA", "mycard", "not a whole number of cards"),
    (base64.urlsafe_b64encode(struct.pack("<I", 14558127 | (3 << 28))), "mycard", "section 3"),
    (base64.urlsafe_b64encode(struct.pack("<I", 0)), "mycard", "passcode 0"),
    (b"abc$def", "mycard", "not base64"),
    (GOOD_YGOMOBILE.replace("v=1", "v=0").encode(), None, "version '0'"),
    (GOOD_YGOMOBILE.split("&d=")[0].encode(), None, "no deck data"),
    (GOOD_YGOMOBILE[:-6].encode(), None, "ends before"),
    (GOOD_YGOMOBILE.replace("d=", "d=$").encode(), None, "not base64"),
    (b"http://deck.ourygo.top?ygotype=room&v=1&d=AAAA", "ygomobile", "not a deck link"),
    (b"no link here", "ygomobile", "no YGOMobile deck link"),
])
def test_a_malformed_code_is_unreadable_saying_what_is_wrong(data, forced, says):
    assert says in unreadable_message(data, forced)


def test_a_ygomobile_entry_of_no_copies_is_unreadable():
    bits = f"{1:08b}{0:04b}{0:04b}" + "00" + f"{14558127:027b}"
    bits += "0" * (-len(bits) % 8)
    data = base64.urlsafe_b64encode(int(bits, 2).to_bytes(len(bits) // 8, "big")).decode().rstrip("=")
    assert "copies 00" in unreadable_message(f"http://deck.ourygo.top?ygotype=deck&v=1&d={data}".encode())


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=300), forced=st.sampled_from(NEW_FORMATS))
@example(data=b"=", forced="mycard")  # a code of no cards: was an empty deck with no problem
def test_no_bytes_make_a_new_reader_raise(data, forced):
    deck = parse_deck(data, "deck", forced)
    assert deck.unreadable or deck.entries or deck.problems


# ------------------------------------------------------------------- with the real card data


@pytest.mark.parametrize("to", NEW_FORMATS)
def test_convert_writes_each_new_code_and_reads_it_back_as_the_same_deck(to, tmp_path, cards):
    original = resolve(read_deck(BRANDED), cards)
    written = convert(original, to, cards)
    assert written.left_out == []
    again = resolve(parse_deck(written.text.encode(), "out"), cards)
    assert again.problems == []

    def identity(deck):
        return Counter((e.section, e.card.passcode) for e in deck.entries for _ in range(e.count))

    assert identity(again) == identity(original)
    result = deckcheck("convert", str(BRANDED), "--to", to)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == written.text


def test_a_card_without_a_konami_id_is_left_out_and_reported(tmp_path):
    deck = tmp_path / "deck.ydk"
    deck.write_text("#main\n14558127\n68811206\n#extra\n!side\n", encoding="utf-8")  # Tyler: no Konami ID
    result = deckcheck("convert", str(deck), "--to", "konami-ids")
    assert result.returncode == 1
    assert "left out of the konami-ids output" in result.stderr and "1x 12950" in result.stdout


def verdict(result) -> list[tuple]:
    return [(p["rule"], (p["card"] or {}).get("passcode"), p["message"]) for p in result["problems"]]


def check_json(*args: str) -> dict:
    result = deckcheck("check", *args, "-o", "json", "--as-of", "2026-08-10")
    return json.loads(result.stdout)["decks"][0]


@pytest.mark.parametrize("with_side", [False, True])
def test_ydke_and_a_konami_id_list_of_one_deck_get_the_same_master_duel_verdict(with_side, cards, tmp_path):
    deck = resolve(read_deck(BRANDED), cards)
    if not with_side:
        deck.entries = [e for e in deck.entries if e.section != SIDE]
    ydke = convert(deck, "ydke", cards).text.strip()
    listed = tmp_path / "deck.txt"
    listed.write_text(convert(deck, "konami-ids", cards).text, encoding="utf-8")
    by_link = check_json(ydke, "--format", "master-duel")
    by_ids = check_json(str(listed), "--format", "master-duel")
    assert by_link["legal"] is by_ids["legal"] is (not with_side)
    assert [(r, p) for r, p, _ in verdict(by_link)] == [(r, p) for r, p, _ in verdict(by_ids)]
    for to in ("mycard", "ygomobile"):  # the codes of the Chinese YGOPro world, given on the command line
        by_code = check_json(convert(deck, to, cards).text.strip(), "--format", "master-duel")
        assert verdict(by_code) == verdict(by_link)


VANILLA = ("Dark Magician", "Blue-Eyes White Dragon", "Red-Eyes Black Dragon", "Summoned Skull", "Celtic Guardian",
           "Gaia The Fierce Knight", "Mystical Elf", "Giant Soldier of Stone", "Feral Imp", "Beaver Warrior",
           "Silver Fang", "Koumori Dragon", "Harpie Lady", "Curse of Dragon")  # 14 × 3: in every pool, on no list


def test_a_master_duel_side_deck_is_one_problem_with_its_fix(check_text):
    main = "main:\n" + "".join(f"  - 3 {n}\n" for n in VANILLA)
    result = check_text(main + "side:\n  - 2 Mammoth Graveyard\n", format="master-duel")
    assert rules_of(result, "error") == ["side-size"]
    (problem,) = result.problems
    assert problem.message == "Master Duel has no Side Deck: it has 2 cards"
    assert problem.fix == "remove the Side Deck (2 cards)"
    legal = check_text(main, format="master-duel")
    assert legal.legal and legal.problems == []


def test_a_card_not_in_master_duel_is_one_card_pool_problem_with_its_fix(check_text):
    text = "main:\n" + "".join(f"  - 3 {n}\n" for n in VANILLA) + "  - 1 Mooyan Curry\n"
    result = check_text(text, format="master-duel")
    assert rules_of(result, "error") == ["card-pool"]
    (problem,) = result.problems
    assert problem.message == "Mooyan Curry is not a card of Master Duel (1 copy in the Main Deck)"
    assert problem.fix == "remove 1 copy of Mooyan Curry from the Main Deck"
    assert check_text(text, format="ocg").legal  # an OCG and TCG card all the same


def test_the_simplified_chinese_pool_and_lists(check_text):
    tcg_only = check_text("main:\n  - 1 Mooyan Curry\n", format="ocg-cn")
    assert "card-pool" in rules_of(tcg_only, "error")


def test_the_new_formats_are_known_to_region_banlists_and_data():
    assert deckcheck("check", str(BRANDED), "--format", "ocg-ae", "--region", "ae").returncode == 1
    listed = deckcheck("banlists", "-o", "json")
    folders = {b["format"] for b in json.loads(listed.stdout)["banlists"]} if listed.stdout.startswith("{") else set()
    text = deckcheck("banlists", env={"COLUMNS": "200"}).stdout
    assert {"master-duel", "ocg-ae", "ocg-cn"} <= folders or all(
        name in text for name in ("2026.08.05 Master Duel", "2026.07 OCG AE", "2026.07 OCG CN"))
    data = deckcheck("data", "-o", "json")
    pools = {p["id"]: p for p in json.loads(data.stdout)["pools"]}
    assert pools["master-duel"]["cards"] > 13000 and pools["master-duel"]["source"]["rule"] == "master_duel_rarity is set"
    assert pools["ocg-cn"]["source"]["repository"] == "DawnbrandBots/yaml-yugi"
    # the stale-list signal, by each folder's own cadence (the Asian-English list's longest gap is its first,
    # 2023-11 to 2025-01: 427 days)
    for fmt, day in (("master-duel", "2026-10-01"), ("ocg-ae", "2028-01-01"), ("ocg-cn", "2026-12-01")):
        late = deckcheck("check", str(BRANDED), "--format", fmt, "--as-of", day, "-o", "json")
        (stale,) = json.loads(late.stdout)["format"]["stale"]
        assert stale["lists"] == fmt and stale["age_days"] > stale["longest_gap_days"]
    card = deckcheck("card", "Maxx \"C\"", env={"COLUMNS": "200"}).stdout
    assert "Master Duel (2026.08.05 Master Duel)" in card and "OCG Asian-English (2026.07 OCG AE)" in card


def test_a_master_duel_decklist_sheet_has_no_side_deck(tmp_path, cards):
    pytest.importorskip("pypdf")
    from pypdf import PdfReader

    deck = resolve(read_deck(BRANDED), cards)
    deck.entries = [e for e in deck.entries if e.section != SIDE]
    path = tmp_path / "md.txt"
    path.write_text(convert(deck, "konami-ids", cards).text, encoding="utf-8")
    sheets = {}
    for fmt in ("master-duel", "tcg"):
        out = tmp_path / f"{fmt}.pdf"
        result = deckcheck("decklist", str(path), "-o", str(out), "--format", fmt, "--as-of", "2026-08-10")
        if result.returncode == 2 and "pdf" in (result.stderr or "").lower():
            pytest.skip("the PDF extra is not installed")
        assert out.exists(), result.stdout + result.stderr
        sheets[fmt] = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "Total Extra Deck: 15" in sheets["master-duel"] and "Side Deck" not in sheets["master-duel"]
    assert "Total Side Deck: 0" in sheets["tcg"]


def test_a_ygomobile_link_holds_15_extra_deck_entries_and_says_what_it_left_out(tmp_path, cards):
    extra = [c.passcode for c in cards.cards() if c.kind == "extra" and c.origin == "official"][:16]
    path = tmp_path / "deck.ydk"
    path.write_text("#main\n14558127\n#extra\n" + "\n".join(map(str, extra)) + "\n!side\n", encoding="utf-8")
    result = deckcheck("convert", str(path), "--to", "ygomobile")
    assert result.returncode == 1
    last = cards.by_passcode(extra[-1])
    assert f"{last.name} ({last.passcode}): left out of the ygomobile output" in result.stderr
    deck = parse_deck(result.stdout.encode(), "")
    assert [e.passcode for e in deck.entries if e.section == EXTRA] == extra[:15]
