"""YDK parser: every quirk of real files, files that are not decklists, and property tests."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck import parsers
from deckcheck.model import ERROR, EXTRA, INFO, MAIN, SIDE, WARNING, DeckEntry, ParsedDeck
from deckcheck.parsers import DECK_SUFFIXES, parse_deck, parse_ydk, read_deck

from .conftest import examples

FIXTURES = Path(__file__).parent / "fixtures" / "decks"


def ydk(text: str) -> ParsedDeck:
    return parse_ydk(text.encode("utf-8"), "test.ydk")


def cards(deck: ParsedDeck) -> list[tuple[str, int | None, int | None]]:
    """One (section, passcode, line) per card line: adjacent copies share an entry with a count."""
    out = []
    for e in deck.entries:
        assert e.count == e.span, e  # a YDK entry stands for exactly its lines
        out.extend((e.section, e.passcode, line) for line in e.lines)
    return out


def probs(deck: ParsedDeck) -> list[tuple[str, str, int | None, str | None]]:
    return [(p.rule, p.severity, p.line, p.section) for p in deck.problems]


def sizes(deck: ParsedDeck) -> dict[str, int]:
    out = {MAIN: 0, EXTRA: 0, SIDE: 0}
    for e in deck.entries:
        out[e.section] += e.count
    return out


def assert_unreadable(deck: ParsedDeck, needle: str) -> None:
    assert deck.entries == []
    assert len(deck.problems) == 1, deck.problems
    p = deck.problems[0]
    assert (p.rule, p.severity) == ("unreadable", ERROR)
    assert needle in p.message
    assert p.fix
    assert deck.unreadable


# --------------------------------------------------------------------------------------------
# Real files
# --------------------------------------------------------------------------------------------


def test_edopro_saved_file():
    deck = read_deck(FIXTURES / "edopro_branded.ydk")
    assert deck.problems == []
    assert sizes(deck) == {MAIN: 40, EXTRA: 15, SIDE: 15}
    # line 1 "#created by", line 2 "#main", line 3 the first card
    assert cards(deck)[0] == (MAIN, 14558127, 3)
    assert cards(deck)[40] == (EXTRA, 87746184, 44)  # after 40 cards and "#extra" on line 43
    assert cards(deck)[55] == (SIDE, 73642296, 60)  # "!side" on line 59
    assert all(e.name is None for e in deck.entries)
    assert deck.entries[0].text == "14558127" and deck.entries[0].count == 3
    assert deck.path == str(FIXTURES / "edopro_branded.ydk")


def test_bom_crlf_comments_tags_trailing_spaces_no_final_newline():
    deck = read_deck(FIXTURES / "windows_bom_crlf.ydk")
    assert deck.problems == []  # every quirk in this file is harmless
    assert sizes(deck) == {MAIN: 40, EXTRA: 15, SIDE: 15}
    # lines: 1 #created by, 2 ##Branded, 3 ###TCG, 4 #main, 5 "# Ash Blossom…", 6-8 Ash ×3
    assert cards(deck)[:4] == [(MAIN, 14558127, 6), (MAIN, 14558127, 7), (MAIN, 14558127, 8), (MAIN, 68468459, 10)]
    raw = (FIXTURES / "windows_bom_crlf.ydk").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and not raw.endswith(b"\n")
    last_line = raw.count(b"\n") + 1
    assert cards(deck)[-1][2] == last_line  # the card on the unterminated last line is read
    assert deck.entries[-1].section == SIDE


def test_bom_before_main_marker_is_not_part_of_the_line():
    deck = parse_ydk(b"\xef\xbb\xbf#main\n14558127\n#extra\n!side\n", "a.ydk")
    assert deck.problems == []
    assert cards(deck) == [(MAIN, 14558127, 2)]


def test_crlf_and_lf_mixed_line_numbers():
    deck = parse_ydk(b"#main\r\n1\n2\r\n\r\n3\n#extra\r\n!side", "a.ydk")
    assert cards(deck) == [(MAIN, 1, 2), (MAIN, 2, 3), (MAIN, 3, 5)]
    assert deck.problems == []


def test_bare_cr_line_breaks_read_with_a_warning():
    deck = parse_ydk(b"#main\r14558127\r14558127\r#extra\r!side\r", "a.ydk")
    assert cards(deck) == [(MAIN, 14558127, 2), (MAIN, 14558127, 3)]
    assert probs(deck) == [("syntax", WARNING, None, None)]
    assert "bare CR" in deck.problems[0].message


def test_without_created_by_line():
    deck = ydk("#main\n14558127\n#extra\n86066372\n!side\n24224830\n")
    assert deck.problems == []
    assert cards(deck) == [(MAIN, 14558127, 2), (EXTRA, 86066372, 4), (SIDE, 24224830, 6)]


def test_harmless_comment_lines_are_silent():
    text = (
        "#created by Someone (v40.1)\n"
        "##Branded\n"
        "###2024-04 TCG\n"
        "#main\n"
        "# Ash Blossom & Joyous Spring\n"
        "14558127\n"
        "#\n"
        "#notes: go first\n"  # an unknown #word marker is a comment
        "14558127\n"
        "#extra\n"
        "!side\n"
    )
    deck = ydk(text)
    assert deck.problems == []
    assert cards(deck) == [(MAIN, 14558127, 6), (MAIN, 14558127, 9)]


def test_dollar_wrapped_passcode_is_read_with_a_warning():
    deck = ydk("#main\n$72989439$\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 72989439, 2)]
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]
    assert "72989439" in deck.problems[0].message
    assert deck.entries[0].text == "$72989439$"


def test_leading_zeros_need_no_warning():
    deck = ydk("#main\n0089631139\n05318639\n000000000000089631139\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 89631139, 2), (MAIN, 5318639, 3), (MAIN, 89631139, 4)]
    assert deck.problems == []


def test_leading_and_trailing_spaces_and_tabs():
    deck = ydk("#main\n14558127   \n  14558127\n\t14558127\t\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2), (MAIN, 14558127, 3), (MAIN, 14558127, 4)]
    assert deck.problems == []
    assert [(e.text, e.count) for e in deck.entries] == [("14558127", 3)]


def test_blank_lines_are_skipped_but_counted():
    deck = ydk("\n\n#main\n\n\n14558127\n   \n\t\n14558127\n#extra\n\n!side\n\n")
    assert cards(deck) == [(MAIN, 14558127, 6), (MAIN, 14558127, 9)]
    assert deck.problems == []


def test_missing_side_marker_is_fine():
    deck = ydk("#main\n14558127\n#extra\n86066372\n")
    assert cards(deck) == [(MAIN, 14558127, 2), (EXTRA, 86066372, 4)]
    assert deck.problems == []


def test_missing_extra_marker_is_recorded():
    deck = read_deck(FIXTURES / "no_extra.ydk")
    assert sizes(deck) == {MAIN: 55, EXTRA: 0, SIDE: 15}
    assert probs(deck) == []  # judged with the cards: one wrong-section problem (test_rules)
    assert deck.no_extra_line


def test_no_extra_warning_only_when_there_are_cards():
    deck = ydk("#created by x\n#main\n!side\n")
    assert deck.entries == [] and deck.problems == [] and not deck.no_extra_line


def test_side_before_extra_is_read_as_written():
    deck = read_deck(FIXTURES / "side_before_extra.ydk")
    assert sizes(deck) == {MAIN: 40, EXTRA: 15, SIDE: 15}
    # 1 #main, 2-41 main, 42 !side, 43-57 side, 58 #extra, 59-73 extra
    assert cards(deck)[40] == (SIDE, 73642296, 43)
    assert cards(deck)[55] == (EXTRA, 87746184, 59)
    assert probs(deck) == [("syntax", WARNING, 58, EXTRA)]
    assert "!side" in deck.problems[0].message and "EDOPro" in deck.problems[0].message


def test_main_marker_after_extra_goes_back_to_main_with_a_warning():
    deck = ydk("#main\n1\n#extra\n2\n#main\n3\n!side\n")
    assert cards(deck) == [(MAIN, 1, 2), (EXTRA, 2, 4), (MAIN, 3, 6)]
    assert probs(deck) == [("syntax", WARNING, 5, MAIN)]


def test_hash_side_means_the_side_deck_with_a_warning():
    deck = ydk("#main\n14558127\n#extra\n86066372\n#side\n24224830\n")
    assert cards(deck) == [(MAIN, 14558127, 2), (EXTRA, 86066372, 4), (SIDE, 24224830, 6)]
    assert probs(deck) == [("syntax", WARNING, 5, SIDE)]
    assert "!side" in deck.problems[0].fix


def test_mdpro3_cosmetic_sections_are_not_side_cards():
    deck = read_deck(FIXTURES / "mdpro3_cosmetics.ydk")
    assert sizes(deck) == {MAIN: 40, EXTRA: 15, SIDE: 15}
    passcodes = {e.passcode for e in deck.entries}
    assert not passcodes & {1080001, 1070001, 1090001, 1100001, 1110001, 1000001}
    # read silently: one note for the file, at the first section; 1 #created, 2 #main, 43 #extra, 59 !side, 75 #pickup
    assert probs(deck) == [("syntax", INFO, 75, None)]
    (note,) = deck.problems
    assert "#pickup, #case, #protector, #field, #grave, #stand, #mate; 9 lines from line 75 on" in note.message
    assert "skipped" in note.message and "above line 75" in note.fix


@pytest.mark.parametrize("word", ["spare", "representative"])
def test_spare_and_representative_sections_are_skipped(word):
    deck = ydk(f"#main\n1\n#extra\n2\n!side\n3\n#{word}\n4\n5\n6\n")
    assert cards(deck) == [(MAIN, 1, 2), (EXTRA, 2, 4), (SIDE, 3, 6)]
    assert probs(deck) == [("syntax", WARNING, 7, SIDE)]
    assert "3 lines skipped" in deck.problems[0].message


def test_marker_after_skipped_section_reads_cards_again():
    deck = ydk("#main\n1\n#extra\n!side\n#pickup\n9\n!side\n3\n")
    assert cards(deck) == [(MAIN, 1, 2), (SIDE, 3, 8)]
    assert probs(deck) == [("syntax", INFO, 5, None)] and "1 line from line 5" in deck.problems[0].message


def test_cards_before_any_marker_are_main_deck_cards():
    deck = ydk("#created by x\n14558127\n14558127\n#extra\n86066372\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2), (MAIN, 14558127, 3), (EXTRA, 86066372, 5)]
    assert deck.problems == []


@pytest.mark.parametrize(
    "line",
    ["76812113 -- Harpie Lady", "76812113 Harpie Lady", "76812113\tHarpie Lady", "76812113 # Harpie Lady", "76812113: Harpie Lady"],
)
def test_trailing_text_is_kept_as_the_name(line):
    deck = ydk(f"#main\n{line}\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 76812113, 2)]
    assert deck.entries[0].name == "Harpie Lady"
    assert deck.entries[0].text == line
    assert deck.problems == []


def test_trailing_text_that_is_not_a_name_is_dropped():
    deck = ydk("#main\n76812113 ---\n#extra\n!side\n")
    assert deck.entries[0].name is None and deck.problems == []


def test_trailing_count_is_one_copy_with_a_warning():
    deck = ydk("#main\n14558127 x3\n14558127 3\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2), (MAIN, 14558127, 3)]
    assert [e.count for e in deck.entries] == [1, 1]
    assert probs(deck) == [("syntax", WARNING, 2, MAIN), ("syntax", WARNING, 3, MAIN)]
    assert "count" in deck.problems[0].message


@pytest.mark.parametrize("line", ["3 Effect Veiler", "3x Effect Veiler", "3 x Effect Veiler", "03 Effect Veiler"])
def test_count_and_name_line_is_read_by_name_with_a_warning(line):
    """Not passcode 3 (no card has it; EDOPro would drop the line): 3 copies of the card named Effect Veiler."""
    deck = ydk(f"#main\n{line}\n14558127\n#extra\n!side\n")
    veiler, ash = deck.entries
    assert (veiler.section, veiler.line, veiler.passcode, veiler.name, veiler.count) == (MAIN, 2, None, "Effect Veiler", 3)
    assert ash.passcode == 14558127
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]
    assert "3 copies of the card named 'Effect Veiler'" in deck.problems[0].message
    assert "passcode 3" in deck.problems[0].fix


def test_count_and_name_line_is_checked_by_name(check_text):
    result = check_text("#main\n3 Effect Veiler\n#extra\n!side\n", ".ydk")
    assert sorted(p.rule for p in result.problems) == ["main-size", "syntax"]
    assert result.sizes["main"] == 3
    typo = check_text("#main\n2 Efect Veilr\n#extra\n!side\n", ".ydk")  # 2 letters off in 11: not read as it
    [unknown] = [p for p in typo.problems if p.rule == "unknown-card"]
    assert "did you mean Effect Veiler" in unknown.message
    misspelt = check_text("#main\n2 Effect Veilr\n#extra\n!side\n", ".ydk")  # 1 letter off: read as it
    assert [p.card.name for p in misspelt.problems if p.rule == "inexact-name"] == ["Effect Veiler"]


def test_count_of_zero_and_a_name_is_skipped():
    deck = ydk("#main\n0 Effect Veiler\n14558127\n#extra\n!side\n")
    assert [e.passcode for e in deck.entries] == [14558127]
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]


def test_count_glued_to_a_name_is_still_a_passcode_with_a_warning():
    deck = ydk("#main\n3-Ash Blossom\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 3, 2)]
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]


def test_text_glued_to_passcode_is_flagged():
    deck = ydk("#main\n14558127abc\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2)]
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]


def test_line_without_leading_digits_is_skipped_with_a_warning():
    deck = ydk("#main\n14558127\nAsh Blossom & Joyous Spring\n#extra\nc86066372\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2)]
    assert probs(deck) == [("syntax", WARNING, 3, MAIN), ("syntax", WARNING, 5, EXTRA)]
    assert deck.problems[0].message.endswith("is not a passcode; line skipped")
    assert "86066372" in deck.problems[1].fix  # the digits it saw are suggested


@pytest.mark.parametrize("marker", ["!Side", "!", "!side deck", "!SIDE", "!extra"])
def test_any_bang_line_is_the_side_marker(marker):
    deck = ydk(f"#main\n1\n#extra\n2\n{marker}\n3\n")
    assert cards(deck) == [(MAIN, 1, 2), (EXTRA, 2, 4), (SIDE, 3, 6)]
    assert probs(deck) == [("syntax", WARNING, 5, SIDE)]


def test_exact_side_marker_with_trailing_space_is_silent():
    deck = ydk("#main\n1\n#extra\n2\n!side  \n3\n")
    assert cards(deck)[-1] == (SIDE, 3, 6)
    assert deck.problems == []


@pytest.mark.parametrize("marker", ["#Extra", "#EXTRA", "#extra ", "#extra deck"])
def test_extra_marker_variants_are_read_with_a_warning(marker):
    deck = ydk(f"#main\n1\n{marker}\n2\n!side\n")
    assert cards(deck) == [(MAIN, 1, 2), (EXTRA, 2, 4)]
    assert probs(deck) == [("syntax", WARNING, 3, EXTRA)]
    assert "exactly #extra" in deck.problems[0].fix


def test_main_marker_variants_are_silent():
    deck = ydk("#Main\n1\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 1, 2)] and deck.problems == []


def test_passcode_lengths():
    deck = ydk("#main\n1\n100000001\n1234567890\n99999999999999999999\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 1, 2), (MAIN, 100000001, 3)]
    assert probs(deck) == [("syntax", WARNING, 4, MAIN), ("syntax", WARNING, 5, MAIN)]
    assert "at most 9 digits" in deck.problems[0].message


@pytest.mark.parametrize("line", ["1" * 5000, "$" + "1" * 5000 + "$", "1" * 5000 + " x", "１" * 5000])
def test_huge_numbers_are_skipped_with_a_short_message(line):
    deck = ydk(f"#main\n{line}\n#extra\n!side\n")
    assert deck.entries == []
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]
    assert len(deck.problems[0].message) < 200


def test_huge_run_of_leading_zeros_is_still_a_passcode():
    deck = ydk("#main\n" + "0" * 5000 + "14558127\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2)] and deck.problems == []


def test_full_width_digits_are_read_with_a_warning():
    deck = ydk("#main\n１４５５８１２７\n#extra\n!side\n")
    assert cards(deck) == [(MAIN, 14558127, 2)]
    assert probs(deck) == [("syntax", WARNING, 2, MAIN)]


def test_copies_on_adjacent_lines_are_one_entry_with_their_lines():
    deck = ydk("#main\n" + "14558127\n" * 3 + "\n14558127\n#extra\n!side\n14558127\n")
    assert [(e.section, e.passcode, e.count, list(e.lines)) for e in deck.entries] == [
        (MAIN, 14558127, 3, [2, 3, 4]),
        (MAIN, 14558127, 1, [6]),  # a blank line ends the run
        (SIDE, 14558127, 1, [9]),
    ]


def test_a_plain_passcode_entry_is_the_entry_deckentry_makes():
    """The fast path sets DeckEntry's fields itself: every one of them, as the class would."""
    deck = ydk("#main\n14558127\n14558127\n 14558127 \n 5318639\n")
    assert all(isinstance(e, DeckEntry) for e in deck.entries)
    made = [DeckEntry(MAIN, 2, 14558127, None, 3, "14558127", 3), DeckEntry(MAIN, 5, 5318639, None, 1, "5318639")]
    assert [[getattr(e, name) for name in DeckEntry.__slots__] for e in deck.entries] == [
        [getattr(e, name) for name in DeckEntry.__slots__] for e in made]


def test_hand_edited_fixture():
    deck = read_deck(FIXTURES / "hand_edited.ydk")
    assert cards(deck) == [
        (MAIN, 46986414, 3),
        (MAIN, 46986414, 4),
        (MAIN, 46986414, 5),
        (MAIN, 72989439, 6),
        (MAIN, 89631139, 7),
        (MAIN, 89631139, 8),
        (MAIN, 83764718, 12),
        (MAIN, 55144522, 13),
        (MAIN, 12580477, 14),
        (MAIN, 5318639, 15),
        (SIDE, 76812113, 18),
    ]
    assert [e.name for e in deck.entries[:3]] == ["Dark Magician"] * 3
    assert deck.entries[7].name == "Pot of Greed"
    assert probs(deck) == [
        ("syntax", WARNING, 6, MAIN),  # $72989439$
        ("syntax", WARNING, 9, MAIN),  # a card name without a passcode
        ("syntax", WARNING, 17, SIDE),  # #side
    ]


def test_lines_of_only_marker_characters_never_raise():
    deck = ydk("#\n!\n##\n#!\n!#\n$\n-\n")
    assert all(p.rule == "syntax" for p in deck.problems)


# --------------------------------------------------------------------------------------------
# Files that are not decklists
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("data", [b"", b"   \n\n\t\r\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf\r\n"])
def test_empty_file(data):
    assert_unreadable(parse_ydk(data, "a.ydk"), "the file is empty")


def test_binary_file():
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"
    assert_unreadable(parse_ydk(png, "a.ydk"), "binary file")


def test_html_page():
    deck = read_deck(FIXTURES / "saved_page.ydk")
    assert_unreadable(deck, "HTML page, not a decklist")
    assert_unreadable(ydk("  <html><body>14558127</body></html>"), "HTML page")


def test_rdf_xml():
    assert_unreadable(read_deck(FIXTURES / "metadata_rdf.ydk"), "RDF/XML document, not a decklist")
    assert_unreadable(ydk('<rdf:RDF xmlns:rdf="x"></rdf:RDF>'), "RDF/XML")
    assert_unreadable(ydk('<?xml version="1.0"?><deck/>'), "XML document")


def test_latin1_comment_is_skipped_with_a_warning():
    deck = read_deck(FIXTURES / "latin1.ydk")  # "#created by Jérôme" in Latin-1
    assert cards(deck) == [(MAIN, 14558127, 3)]
    assert probs(deck) == [("syntax", WARNING, 1, MAIN)]
    assert "not UTF-8 text (byte 0xE9)" in deck.problems[0].message and "skipped" in deck.problems[0].message
    assert deck.player == "Jérôme"  # read as Windows-1252
    deck = parse_ydk(b"#main\n14558127\n# caf\xe9\n#extra\n!side\n", "a.ydk")
    assert cards(deck) == [(MAIN, 14558127, 2)] and probs(deck) == [("syntax", WARNING, 3, MAIN)]
    # a card line that is not UTF-8 keeps its passcode
    deck = parse_ydk(b"#main\n14558127 Ash Blossom \x96 Joyous Spring\n#extra\n!side\n", "a.ydk")
    assert [e.passcode for e in deck.entries] == [14558127] and "byte 0x96" in deck.problems[0].message
    # still not a decklist: no markers and text that is no card
    assert_unreadable(parse_ydk(b"caf\xe9 au lait\nna\xefve\n", "a.ydk"), "no decklist found")


def test_utf16_with_bom_is_decoded():
    deck = read_deck(FIXTURES / "utf16_bom.ydk")
    assert deck.problems == []
    assert cards(deck) == [(MAIN, 14558127, 3), (MAIN, 14558127, 4), (EXTRA, 86066372, 6), (SIDE, 24224830, 8)]
    be = "#main\n14558127\n#extra\n!side\n".encode("utf-16-be")
    assert cards(parse_ydk(b"\xfe\xff" + be, "a.ydk")) == [(MAIN, 14558127, 2)]


def test_text_without_cards_or_markers():
    deck = ydk("Hello!\nThis is my deck for Saturday.\nBring sleeves.\n")
    assert_unreadable(deck, "no decklist found")


def test_prose_with_a_few_numbers_is_not_a_decklist():
    deck = ydk("Tournament notes\n2024 regionals\nRound 1 win\nRound 2 loss\nTop cut: none\n")
    assert_unreadable(deck, "no decklist found")


def test_yaml_decklist_named_ydk_gets_a_hint():
    deck = ydk("main:\n  - 3 Ash Blossom & Joyous Spring\n")
    assert_unreadable(deck, "YAML decklist")
    assert ".yaml" in deck.problems[0].fix


def test_markers_only_is_an_empty_deck_not_unreadable():
    deck = ydk("#created by x\n#main\n#extra\n!side\n")
    assert deck.entries == [] and deck.problems == [] and not deck.unreadable


# --------------------------------------------------------------------------------------------
# read_deck / parse_deck
# --------------------------------------------------------------------------------------------


def test_deck_suffixes():
    assert DECK_SUFFIXES == (".ydk", ".yaml", ".yml", ".ydke", ".txt")


def test_read_deck_suffix_is_case_insensitive_and_display_path(tmp_path):
    f = tmp_path / "DECK.YDK"
    f.write_bytes(b"#main\n14558127\n#extra\n!side\n")
    deck = read_deck(f, shown="decks/DECK.YDK")
    assert deck.path == "decks/DECK.YDK"
    assert cards(deck) == [(MAIN, 14558127, 2)]
    y = tmp_path / "deck.YML"
    y.write_text("main:\n  - 3 Pot of Greed\n", encoding="utf-8")
    deck = read_deck(str(y))
    assert deck.path == str(y)
    assert [(e.name, e.count) for e in deck.entries] == [("Pot of Greed", 3)]


def test_read_deck_oserror_is_unreadable(tmp_path):
    deck = read_deck(tmp_path / "missing.ydk")
    assert_unreadable(deck, "cannot read the file")
    assert deck.path == str(tmp_path / "missing.ydk")
    assert_unreadable(read_deck(tmp_path), "cannot read the file")  # a directory


def test_read_deck_refuses_huge_files(tmp_path, monkeypatch):
    monkeypatch.setattr(parsers, "MAX_DECK_BYTES", 100)
    f = tmp_path / "big.ydk"
    f.write_bytes(b"#main\n" + b"14558127\n" * 50)
    assert_unreadable(read_deck(f), "too large")


def test_parse_deck_dispatch_and_sniffing():
    yaml_text = b"name: x\nmain:\n  - Pot of Greed\n"
    ydk_text = b"#main\n55144522\n#extra\n!side\n"
    assert parse_deck(yaml_text, "deck.yaml").entries[0].name == "Pot of Greed"
    assert parse_deck(ydk_text, "deck.YDK").entries[0].passcode == 55144522
    # unknown suffixes are sniffed
    assert parse_deck(yaml_text, "deck.txt").entries[0].name == "Pot of Greed"
    assert parse_deck(b'{"main": [55144522]}', "deck.json").entries[0].passcode == 55144522
    assert parse_deck(ydk_text, "deck.txt").entries[0].passcode == 55144522
    assert parse_deck(ydk_text, "deck").entries[0].passcode == 55144522


def test_importing_parsers_does_not_import_yaml():
    code = "import sys, deckcheck.parsers; print('yaml' in sys.modules)"
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def _typical_file(rng: random.Random) -> bytes:
    def block(n):
        return [str(rng.randint(1_000_000, 99_999_999)) for _ in range(n)]

    lines = ["#created by Player", "#main", *block(45), "#extra", *block(15), "!side", *block(15)]
    return ("\r\n".join(lines) + "\r\n").encode()


def test_thousand_typical_files_parse_fast():
    rng = random.Random(7)
    files = [_typical_file(rng) for _ in range(1000)]
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for data in files:
            parse_ydk(data, "x.ydk")
        best = min(best, time.perf_counter() - t0)
    # measured ~40 ms; the bound leaves room for slow CI machines
    assert best < 0.5, f"1000 YDK files took {best:.3f}s"


# --------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------

_HARMLESS = ["", "   ", "# Ash Blossom & Joyous Spring", "##Branded", "###tag", "#created by Player", "#notes", "\t"]

section_st = st.sampled_from([MAIN, EXTRA, SIDE])
passcode_st = st.integers(min_value=1, max_value=999_999_999)


@st.composite
def rendered_ydk(draw):
    cards_in = draw(st.lists(st.tuples(section_st, passcode_st), max_size=40))
    order = {MAIN: 0, EXTRA: 1, SIDE: 2}
    cards_in = sorted(cards_in, key=lambda c: order[c[0]])  # a YDK lists its sections in order
    bom = draw(st.booleans())
    lines: list[str] = []
    expected: list[tuple[str, int, int]] = []

    def filler():
        for _ in range(draw(st.integers(0, 2))):
            lines.append(draw(st.sampled_from(_HARMLESS)))

    filler()
    for sec, marker in ((MAIN, "#main"), (EXTRA, "#extra"), (SIDE, "!side")):
        if sec != MAIN or draw(st.booleans()):  # "#main" is optional
            lines.append(marker)
        filler()
        for s, code in cards_in:
            if s != sec:
                continue
            pad = "0" * draw(st.integers(0, 2))
            lead = draw(st.sampled_from(["", " ", "\t"]))
            trail = draw(st.sampled_from(["", " ", "  ", "\t"]))
            lines.append(f"{lead}{pad}{code}{trail}")
            expected.append((s, code, len(lines)))
            filler()
    breaks = [draw(st.sampled_from(["\n", "\r\n"])) for _ in lines]
    final = draw(st.booleans())
    text = "".join(line + (br if i < len(lines) - 1 or final else "") for i, (line, br) in enumerate(zip(lines, breaks)))
    data = (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")
    return data, expected


@settings(max_examples=examples(300), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(rendered_ydk())
def test_property_rendered_ydk_round_trips(case):
    data, expected = case
    deck = parse_ydk(data, "p.ydk")
    assert cards(deck) == expected
    assert deck.problems == []


def _line_count(data: bytes) -> int:
    """Lines in the file as the parser counts them (CRLF, CR and LF each end a line)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = data.decode("utf-16")
            return text.count("\n") + text.count("\r") - text.count("\r\n") + 1
        except UnicodeDecodeError:
            pass
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n") + 1


_ydkish = st.lists(
    st.one_of(
        st.sampled_from(["#main", "#extra", "!side", "#side", "#pickup", "!", "#", "##x", "$1$", "14558127 x3", "3 Ash"]),
        st.integers(0, 10**12).map(str),
        st.text(max_size=12),
    ),
    max_size=12,
).map(lambda parts: "\n".join(parts).encode("utf-8"))


@settings(max_examples=examples(400), deadline=None)
@given(st.one_of(st.binary(max_size=200), _ydkish, st.text(max_size=200).map(lambda t: t.encode("utf-8"))))
def test_property_arbitrary_bytes_never_raise(data):
    deck = parse_ydk(data, "fuzz.ydk")
    n = _line_count(data)
    for e in deck.entries:
        assert e.section in (MAIN, EXTRA, SIDE)
        assert 1 <= e.line and e.line + e.span - 1 <= n
        if e.passcode is None:  # "3 Effect Veiler": a count and a name
            assert e.name and e.span == 1 and 1 <= e.count <= 99
            continue
        assert e.count == e.span >= 1
        assert 0 <= e.passcode <= 999_999_999  # 0 is read too: a card no one has (unknown-card)
    for p in deck.problems:
        assert p.rule in ("syntax", "unreadable")
        assert "internal error" not in p.message
        assert p.line is None or 1 <= p.line <= n
        assert p.fix
    if deck.unreadable:
        assert deck.entries == [] and len(deck.problems) == 1
    # a file yields entries or problems, unless it is a well-formed empty deck (markers only)
    if not deck.entries and not deck.problems:
        text = data.decode("utf-8-sig", "replace")
        assert any(line.strip() in ("#main", "#extra") or line.strip() == "!side" for line in text.splitlines())


# ---- a plain export (nearly every file): no problem, one entry per run of copies ---------------------

_plain_line = st.one_of(
    st.integers(0, 999_999_999).map(str),
    st.sampled_from(["14558127", "14558127", "89631139", "0089631139"[:9], "1", ""]),
)
_header = st.lists(st.sampled_from(["#created by EDOPro", "#created by …", "", "# Card Name", "##tag", "#notes: x",
                                    "   ", "#"]), max_size=3)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(head=_header, main=st.lists(_plain_line, max_size=70), extra=st.lists(_plain_line, max_size=20),
       side=st.lists(_plain_line, max_size=20), crlf=st.booleans(), bom=st.booleans(), final=st.booleans())
def test_a_plain_export_reads_with_no_problem_each_line_a_copy(head, main, extra, side, crlf, bom, final):
    lines = [*head, "#main", *main, "#extra", *extra, "!side", *side]
    text = ("\r\n" if crlf else "\n").join(lines) + ("\n" if final else "")
    deck = parse_ydk((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"), "d.ydk")
    assert deck.problems == []
    for section, written in (("main", main), ("extra", extra), ("side", side)):
        entries = [e for e in deck.entries if e.section == section]
        assert [(e.passcode, e.count) for e in entries] == [
            (int(run[0]), len(run)) for run in _runs(written)]


def _runs(lines: list[str]) -> list[list[str]]:
    """Copies of a passcode on adjacent lines, as one entry reads them (a blank line ends a run)."""
    runs: list[list[str]] = []
    previous = None
    for line in lines:
        if line and line == previous:
            runs[-1].append(line)
        elif line:
            runs.append([line])
        previous = line
    return runs
