"""ydke:// links and YGO Omega deck codes: real decks encoded by an encoder written here (not
deckcheck's), every malformed shape, bounds, and properties."""

from __future__ import annotations

import base64
import struct
import time
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.model import EXTRA, MAIN, SIDE, WARNING
from deckcheck.parsers import parse_decks, read_decks, sniff
from deckcheck.parsers.omega import MAX_INFLATED, encode_omega, looks_like_omega, parse_omega
from deckcheck.parsers.ydke import MAX_LINKS, encode_ydke, parse_ydke
from deckcheck.resolve import resolve

from .conftest import REPO, examples

SAMPLES = sorted(p for p in (REPO / "sample_decks").rglob("*.ydk"))


def sections_of(path) -> dict[str, list[int]]:
    """Passcodes per section, one per copy, in file order: read from the YDK by hand."""
    out: dict[str, list[int]] = {MAIN: [], EXTRA: [], SIDE: []}
    section = MAIN
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line in ("#main", "#extra", "!side"):
            section = {"#main": MAIN, "#extra": EXTRA, "!side": SIDE}[line]
        elif line.isdigit():
            out[section].append(int(line))
    return out


def ydke_link(main: list[int], extra: list[int], side: list[int]) -> str:
    """An independent ydke encoder: base64 of little-endian uint32 per copy, sections joined by '!'."""
    def part(codes):
        return base64.b64encode(b"".join(code.to_bytes(4, "little") for code in codes)).decode()

    return "ydke://" + "!".join(part(s) for s in (main, extra, side)) + "!"


def omega_code(main_and_extra: list[int], side: list[int], cover: int | None = None) -> str:
    """An independent Omega encoder: [count, count, passcodes…] raw-DEFLATEd (wbits -15), base64."""
    payload = bytes([len(main_and_extra), len(side)]) + b"".join(
        code.to_bytes(4, "little") for code in (*main_and_extra, *side, *([cover] if cover else [])))
    raw = zlib.compressobj(6, zlib.DEFLATED, -15)
    return base64.b64encode(raw.compress(payload) + raw.flush()).decode()


def copies(deck) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {MAIN: [], EXTRA: [], SIDE: []}
    for e in deck.entries:
        out[e.section].extend([e.passcode] * e.count)
    return out


# ------------------------------------------------------------------------------------------ ydke


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_ydke_of_a_real_deck_reads_back_the_same_cards(path):
    expected = sections_of(path)
    link = ydke_link(expected[MAIN], expected[EXTRA], expected[SIDE])
    (deck,) = parse_ydke(link.encode(), "deck.ydke")
    assert deck.problems == []
    assert copies(deck) == expected
    assert encode_ydke(expected[MAIN], expected[EXTRA], expected[SIDE]) == link  # ours agrees with the one above


def test_a_known_link():
    # Blue-Eyes White Dragon and Dark Magician's alternate artwork; Dark Magician Girl the Dragon Knight; Mystical Space Typhoon
    link = "ydke://o6lXBZyFNAI=!viOnAg==!7ydRAA==!"
    (deck,) = parse_ydke(link.encode(), "x")
    assert copies(deck) == {MAIN: [89631139, 36996508], EXTRA: [44508094], SIDE: [5318639]}


def test_several_links_in_a_file_are_several_decks(tmp_path):
    one, two = sections_of(SAMPLES[0]), sections_of(SAMPLES[1])
    f = tmp_path / "links.txt"
    f.write_text(f"Branded: {ydke_link(*one.values())}\n\nnotes\nydke://{ydke_link(*two.values())[7:]}\n",
                 encoding="utf-8")
    decks = read_decks(f, "links.txt")
    assert [d.path for d in decks] == ["links.txt#1", "links.txt#2"]
    assert [d.name for d in decks] == ["Branded", None]
    assert copies(decks[0]) == one and copies(decks[1]) == two
    assert [e.line for e in decks[1].entries][:1] == [4]


def test_one_link_keeps_the_path():
    (deck,) = read_decks_of(ydke_link([14558127], [], []))
    assert deck.path == "deck.ydke"


def read_decks_of(content: str, name: str = "deck.ydke"):
    return parse_decks(content.encode(), name)


def test_url_safe_base64_missing_padding_and_percent_encoding_are_read():
    link = ydke_link([0xFBFFFFFF, 14558127], [], [])
    url_safe = "ydke://" + link[7:].replace("+", "-").replace("/", "_")
    assert url_safe != link
    for variant in (url_safe, link.replace("=", ""), link.replace("=", "%3D"), "YDKE://" + link[7:]):
        (deck,) = parse_ydke(variant.encode(), "x")
        assert copies(deck)[MAIN] == [0xFBFFFFFF, 14558127], variant


def test_an_empty_link_is_an_empty_deck_and_passcode_0_a_card_no_one_has():
    (deck,) = parse_ydke(b"ydke://!!!", "x")
    assert deck.entries == [] and deck.problems == []
    (deck,) = parse_ydke(b"ydke://AAAAAA==!!!", "x")
    assert copies(deck)[MAIN] == [0] and deck.problems == []


@pytest.mark.parametrize("link,needle", [
    ("ydke://@@@!!!", "the Main section of the ydke link on line 1 is not base64 (character '@' at position 1)"),
    ("ydke://AAA!!!", "is 2 bytes, not a whole number of passcodes (4 bytes each)"),
    ("ydke://AAAAAAA=!!!", "is 5 bytes, not a whole number of passcodes"),
    ("ydke://!AAAAAAA=!!", "the Extra section"),
    ("ydke://!!A!", "the Side section of the ydke link on line 1 is not base64 (1 characters cannot be whole bytes)"),
    ("ydke://AAAAAA==", "has one section; a link has three, Main!Extra!Side!"),
    ("ydke://AAAAAA==!AAAAAA==", "has 2 sections"),
    ("ydke://", "has one section"),
])
def test_malformed_links_are_unreadable_saying_what_is_wrong(link, needle):
    (deck,) = parse_ydke(link.encode(), "x")
    assert deck.unreadable and deck.entries == []
    assert needle in deck.problems[0].message
    assert "ydke://" in deck.problems[0].fix and deck.problems[0].line == 1


def test_text_after_the_side_section_is_a_warning():
    (deck,) = parse_ydke(b"ydke://!!!junk", "x")
    assert [(p.rule, p.severity) for p in deck.problems] == [("syntax", WARNING)]
    (deck,) = parse_ydke(b"Here: (ydke://!!!).", "x")
    assert deck.problems == []


def test_a_file_without_a_link_is_unreadable():
    (deck,) = parse_ydke(b"just text\n", "deck.ydke")
    assert deck.unreadable and "no ydke:// link" in deck.problems[0].message


def test_bounds_on_cards_and_links(monkeypatch):
    monkeypatch.setenv("DECKCHECK_MAX_ENTRIES", "5")
    monkeypatch.setattr("deckcheck.limits._values", {})
    (deck,) = parse_ydke(ydke_link([1] * 6, [], []).encode(), "x")
    assert deck.unreadable and "more than 5 cards" in deck.problems[0].message
    decks = parse_ydke(("ydke://!!!\n" * (MAX_LINKS + 1)).encode(), "x")
    assert len(decks) == 1 and decks[0].unreadable and "more than 1,000 ydke links" in decks[0].problems[0].message


def test_ydke_is_recognised_in_any_file():
    link = ydke_link([14558127], [], []).encode()
    for data in (link, b"my deck " + link, b"\n\n" + link + b"\n"):
        assert sniff(data).id == "ydke"


# ----------------------------------------------------------------------------------------- Omega


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_omega_code_of_a_real_deck_splits_main_and_extra_by_kind(cards, path):
    expected = sections_of(path)
    code = omega_code(expected[MAIN] + expected[EXTRA], expected[SIDE])
    assert sniff(code.encode()).id == "omega" and looks_like_omega(code)
    deck = parse_omega(code.encode(), "x")
    assert deck.problems == [] and deck.split_extra
    assert copies(deck) == {MAIN: expected[MAIN] + expected[EXTRA], EXTRA: [], SIDE: expected[SIDE]}
    resolved = resolve(deck, cards)
    split = {MAIN: [], EXTRA: [], SIDE: []}
    for e in resolved.entries:
        split[e.section].extend([e.passcode] * e.count)
    extra_kind = {p for p in expected[MAIN] + expected[EXTRA] if cards.by_passcode(p).kind == "extra"}
    assert split[EXTRA] == [p for p in expected[MAIN] + expected[EXTRA] if p in extra_kind]
    assert split[MAIN] == [p for p in expected[MAIN] + expected[EXTRA] if p not in extra_kind]
    assert split[SIDE] == expected[SIDE]
    ours = parse_omega(encode_omega(expected[MAIN] + expected[EXTRA], expected[SIDE]).encode(), "x")
    assert copies(ours) == copies(parse_omega(code.encode(), "x"))  # deckcheck's encoder agrees with the one above


def test_omega_cover_card_is_not_a_deck_card():
    deck = parse_omega(omega_code([14558127] * 3, [46986414], cover=89631139).encode(), "x")
    assert copies(deck) == {MAIN: [14558127] * 3, EXTRA: [], SIDE: [46986414]} and deck.problems == []


def test_omega_code_wrapped_over_lines_with_spaces():
    code = omega_code([14558127] * 3, [])
    deck = parse_omega(f"  {code[:10]}\n{code[10:]}  \n".encode(), "x")
    assert copies(deck)[MAIN] == [14558127] * 3


@pytest.mark.parametrize("zeros,needle", [
    (5_000_000, f"would inflate to more than {MAX_INFLATED:,} bytes"),  # a code of 6,800 characters
    (500_000_000, "characters (a deck's code has a few hundred)"),  # too long to try
])
def test_omega_zip_bomb_is_unreadable_fast(zeros, needle):
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = bomb.compress(bytes([1, 0])) + bomb.flush(zlib.Z_FULL_FLUSH)
    block = bomb.compress(b"\0" * 10_000_000) + bomb.flush(zlib.Z_FULL_FLUSH)  # a full flush starts afresh: every
    raw += block * (zeros // 10_000_000)  # 10 MB of zeros compresses alike, once is enough (500 MB took 2.3 s)
    raw += bomb.compress(b"\0" * (zeros % 10_000_000)) + bomb.flush()
    code = base64.b64encode(raw).decode()
    start = time.perf_counter()
    deck = parse_omega(code.encode(), "x")
    assert time.perf_counter() - start < 1
    assert deck.unreadable and needle in deck.problems[0].message
    assert not looks_like_omega(code)


@pytest.mark.parametrize("code,needle", [
    ("@@@@@@@@@@", "not base64"),
    (base64.b64encode(b"plain bytes, not deflate at all").decode(), "not DEFLATE data"),
    (omega_code([14558127] * 3, [])[:-6], "ends in the middle"),
    ("", "empty"),
])
def test_malformed_omega_codes_are_unreadable(code, needle):
    deck = parse_omega(code.encode(), "x")
    assert deck.unreadable and needle in deck.problems[0].message, deck.problems


def test_omega_counts_that_do_not_fit_the_passcodes():
    raw = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = raw.compress(bytes([5, 1]) + struct.pack("<3I", 1, 2, 3)) + raw.flush()
    deck = parse_omega(base64.b64encode(data), "x")
    assert deck.unreadable and "says 5 Main and Extra Deck cards and 1 Side Deck cards but holds 3" in deck.problems[0].message
    raw = zlib.compressobj(6, zlib.DEFLATED, -15)
    data = raw.compress(bytes([1, 0]) + struct.pack("<1I", 1) + b"\1\2") + raw.flush()
    deck = parse_omega(base64.b64encode(data), "x")
    assert [(p.rule, p.severity) for p in deck.problems] == [("syntax", WARNING)]


def test_text_that_happens_to_be_base64_is_not_taken_for_omega():
    for text in ("Kuriboh", "AAAAAAAAAAAAAAAAAAAA", "Raigeki\nKuriboh", "Polymerization"):
        assert not looks_like_omega(text)
        assert sniff(text.encode()).id != "omega"


# ------------------------------------------------------------------------------------ properties


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(
    st.binary(max_size=300),
    st.text(alphabet="ydke:/!ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_% \n", max_size=200)
    .map(str.encode),
    st.lists(st.integers(0, 2**32 - 1), max_size=20).map(lambda xs: ydke_link(xs, xs[:3], []).encode()),
))
def test_property_ydke_parser_never_raises(data):
    decks = parse_ydke(data, "fuzz")
    assert 1 <= len(decks) <= MAX_LINKS
    for deck in decks:
        for e in deck.entries:
            assert 0 <= e.passcode < 2**32 and e.count >= 1 and e.section in (MAIN, EXTRA, SIDE)
        assert all(p.rule in ("syntax", "unreadable") and p.fix for p in deck.problems)
        if deck.unreadable:
            assert deck.entries == [] and len(deck.problems) == 1


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(
    st.binary(max_size=300),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=", max_size=300).map(str.encode),
    st.tuples(st.lists(st.integers(0, 2**32 - 1), max_size=80), st.lists(st.integers(0, 2**32 - 1), max_size=20))
    .map(lambda t: omega_code(*t).encode()),
    st.binary(max_size=200).map(lambda b: base64.b64encode(zlib.compress(b)[2:-4])),
))
def test_property_omega_parser_never_raises(data):
    deck = parse_omega(data, "fuzz")
    assert sum(e.count for e in deck.entries) <= 255 * 2
    for e in deck.entries:
        assert 0 <= e.passcode < 2**32 and e.section in (MAIN, SIDE)
    assert all(p.rule in ("syntax", "unreadable") and p.fix for p in deck.problems)
    looks_like_omega(data.decode("utf-8", "replace"))
