"""Name tables in the user cache (deckcheck/name_tables.py): the same answers as the indexes built in memory,
a damaged table built again, and a first name that costs a look-up, not an index (issue 19)."""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck import cache, name_tables
from deckcheck.datastore import open_cards
from deckcheck.folding import fold_words
from deckcheck.name_tables import IntLists, TableFile, pack, table_sections, unpack
from deckcheck.names import CJK, HANGUL, LATIN
from deckcheck.ranking import Ranker

from .test_suggest import misspellings


def _table_of(mapping: dict[str, list[int]]):
    data = pack(table_sections("t", mapping, lambda v: ",".join(map(str, v))), {})
    _header, sections = unpack(data)
    return name_tables.Table(sections["t.k"], IntLists(sections["t.v"]))


names_text = st.text(st.characters(blacklist_characters="\n", blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(names_text, st.lists(st.integers(0, 10**9), min_size=1, max_size=4), max_size=40), names_text)
def test_a_table_answers_as_the_dict_it_was_made_of(mapping, other):
    table = _table_of(mapping)
    for key, value in mapping.items():
        assert table.get(key) == value
    assert table.get(other) == mapping.get(other)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("abcdefgh ", min_size=1, max_size=14).map(lambda s: " ".join(s.split())).filter(bool),
                min_size=1, max_size=30, unique=True),
       st.text("abcdefgh ", max_size=10), st.integers(0, 6))
def test_a_ranker_read_from_a_table_ranks_as_the_one_built(keys, query, limit):
    built = Ranker(keys)
    _header, sections = unpack(pack(built.sections("r"), {}))
    opened = Ranker.opened(_Sections(sections), "r")
    assert opened.rank(query, limit) == built.rank(query, limit)
    assert opened.rank(query, limit, fuzzy=False) == built.rank(query, limit, fuzzy=False)


class _Sections:
    """A TableFile's reading side over sections already unpacked."""

    def __init__(self, sections):
        self._sections = sections

    def lines(self, name):
        return self._sections[name]

    def table(self, name, values=lambda lines: lines):
        return name_tables.Table(self._sections[f"{name}.k"], values(self._sections[f"{name}.v"]))


def assert_same_indexes(opened: Ranker, built: Ranker) -> None:
    """Every index a ranker ranks with (``Ranker._set``) is the same in both."""
    assert list(opened.keys) == built.keys and list(opened.compact) == built.compact
    assert list(opened.sorted_compact) == built.sorted_compact
    assert list(opened.sorted_compact_key) == built.sorted_compact_key
    assert list(opened.sorted_words) == built.sorted_words
    assert [list(h) for h in opened.holder_lists] == built.holder_lists
    assert len(opened.initials) == len(built.initials)
    assert all(opened.initials.get(k) == v for k, v in built.initials.items())


def test_english_suggestions_from_the_cache_are_those_of_the_ranking_built_in_memory(cards):
    exact, preference = cards._name_rows()
    rows: dict[str, list[int]] = {}
    for name, found in exact.items():
        rows.setdefault(fold_words(name), []).extend(found)
    keys = sorted(rows, key=lambda key: min(preference[i] for i in rows[key]))
    built = Ranker(keys)
    assert_same_indexes(cards._word_ranker, built)
    for query, _card, _kind in misspellings()[::8]:  # the same indexes rank the same; some real queries through both
        assert cards._word_ranker.rank(fold_words(query), 5) == built.rank(fold_words(query), 5), query


def test_names_in_other_languages_from_the_cache_are_those_of_the_plain_index(cards):
    names = cards.other_names
    for script in (LATIN, CJK, HANGUL):
        exact = names._exact_names(script)
        folded = names._folded_names(exact)
        table_exact, table_folded = names._lookup(script)
        rows = names._rows
        for plain, table in ((exact, table_exact), (folded, table_folded)):
            assert len(table) == len(plain)
            for key in list(plain)[::97]:
                assert table.get(key) == [rows[p >> 4][0] << 4 | p & 15 for p in plain[key]]
        ranker, shown = names._ranker(script)
        built = Ranker(list(folded))
        assert_same_indexes(ranker, built)
        # the same indexes rank the same; a few queries through rank() (each goes through every key twice)
        for key in list(folded)[::4999]:
            query = key[:-1] + "x"
            indexes = ranker.rank_indexes(query, 3)  # what rank() gives is the keys at these
            assert [ranker.keys[i] for i in indexes] == built.rank(query, 3)
            for i in indexes:
                assert shown[i] == [rows[p >> 4][p & 15] for p in folded[ranker.keys[i]]]


def test_a_damaged_table_is_built_again(tmp_path, monkeypatch):
    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path))
    source = tmp_path / "source.txt"
    source.write_text("x")
    built = []

    def build():
        built.append(1)
        return pack(table_sections("t", {"ash": [1], "veiler": [2, 3]}, lambda v: ",".join(map(str, v))), {})

    assert TableFile("t", source, build).table("t", IntLists).get("veiler") == [2, 3]
    [entry] = (tmp_path / f"t.v{name_tables.FORMAT}").iterdir()
    assert TableFile("t", source, build).table("t", IntLists).get("ash") == [1] and len(built) == 1  # from the cache
    data = bytearray(entry.read_bytes())
    data[-12] ^= 0x55  # inside the values' offsets: the section's check fails
    data[len(data) // 2] ^= 0x01
    entry.write_bytes(bytes(data))
    assert TableFile("t", source, build).table("t", IntLists).get("veiler") == [2, 3] and len(built) == 2
    entry.write_bytes(entry.read_bytes()[:-3])  # cut short
    assert TableFile("t", source, build).table("t", IntLists).get("ash") == [1] and len(built) == 3
    assert TableFile("t", source, build).table("t", IntLists).get("ash") == [1] and len(built) == 3  # written again


def test_with_the_tables_in_the_cache_a_first_name_costs_a_look_up():
    open_cards().prepare_name_tables()  # as the first check that needs them does (once per version of the data)
    assert cache.cache_dir() is not None
    cards = open_cards()
    start = time.process_time()  # CPU time: a shared machine's load stretches the wall time, not this
    german = cards.by_name("Gefallener von Albaz")
    edopro = cards.by_name("Adamatia Seeker")
    misspelled = cards.suggest("Fellen of Albaz")
    japanese = cards.other_closest_names("灰流うららX", 3)
    took = time.process_time() - start
    assert [c.name for c in german] == ["Fallen of Albaz"] and [c.passcode for c in edopro] == [48519867]
    assert misspelled[0] == "Fallen of Albaz" and japanese[0] == "灰流うらら"
    assert cards.other_names._loaded is None  # names.jsonl was not parsed: its tables answered
    assert took < 0.3, f"{took:.3f} s"  # building the indexes took over a second; from the cache about 50 ms


def test_a_fifo_at_a_table_files_name_is_built_around(tmp_path, monkeypatch):
    """A FIFO put where a table file belongs is never waited on: the table is built and written in its place."""
    import os

    from .test_hostile_input import within

    monkeypatch.setenv("DECKCHECK_CACHE_DIR", str(tmp_path))
    source = tmp_path / "source.txt"
    source.write_text("x")

    def build():
        return pack(table_sections("t", {"ash": [1]}, lambda v: ",".join(map(str, v))), {})

    TableFile("t", source, build)
    [entry] = (tmp_path / f"t.v{name_tables.FORMAT}").iterdir()
    entry.unlink()
    os.mkfifo(entry)
    with within(20):
        assert TableFile("t", source, build).table("t", IntLists).get("ash") == [1]
    assert entry.is_file()  # written again over the FIFO
