"""The one ranking of every "did you mean" (``closest``), over a list of folded names.

Its indexes are built from the list (``Ranker(keys)``) or opened from a name table in the cache
(``Ranker.opened``: the same indexes as sections read in place, see name_tables.py); both rank alike.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from functools import partial

from .name_tables import IntLists, Ints, Lines, TableFile, int_lines, table_sections


def closest(query: str, keys: list[str], limit: int) -> list[str]:
    """The keys closest to ``query``, best first: the one ranking of every "did you mean".

    ``query`` and ``keys`` are folded names: ``fold_words`` (words apart; the word-wise ranks need them)
    or ``normalize_name`` (no spaces: each key is one word). Best first: the same name; names that
    start with the query ("mirror jade" → Mirrorjade the Iceblade Dragon); names whose words contain
    the query's words, whole or as their start (more whole words first, then in the query's order:
    "imperm" → Infinite Impermanence, "black forest witch" → Witch of the Black Forest); names whose
    words' initials are the query ("cbtg"); when none of these, names that contain it inside a word;
    then names within a few edits of it
    (rapidfuzz: the whole name, or its start for a misspelled partial name). Ties keep the order of
    ``keys``: give them in order of preference. The indexes are built once per list of keys (the same
    list object), so pass the same list every time.
    """
    return ranker(keys).rank(query, limit)


_RANKERS: dict[int, Ranker] = {}


def ranker(keys: list[str]) -> Ranker:
    """The ``Ranker`` of a list of keys, built once per list object."""
    found = _RANKERS.get(id(keys))
    if found is None or found.keys is not keys:
        if len(_RANKERS) >= 8:
            _RANKERS.clear()
        found = _RANKERS[id(keys)] = Ranker(keys)
    return found


FUZZY_CUTOFF = 60  # rapidfuzz ratio (0–100) below which a name is not close
PREFIX_FUZZY_MIN = 5  # a query this long is also compared with the start of each name
ACRONYM_LENGTHS = range(2, 7)


class Ranker:
    """The indexes ``closest`` ranks with, over one list of folded names (``keys``): the names without
    spaces (``compact``), those sorted with where each is in ``keys``, every word of a name sorted with
    the names that hold it, and the names by their words' initials."""

    def __init__(self, keys: list[str]):
        compact = [k.replace(" ", "") for k in keys]
        order = sorted(range(len(keys)), key=compact.__getitem__)
        holders: dict[str, list[int]] = {}
        initials: dict[str, list[int]] = {}
        for i, key in enumerate(keys):
            ws = key.split()
            for w in ws:
                holders.setdefault(w, []).append(i)
            if len(ws) >= 2:
                initials.setdefault("".join(w[0] for w in ws), []).append(i)
        sorted_words = sorted(holders)
        self._set(keys, compact, [compact[i] for i in order], order, sorted_words, [holders[w] for w in sorted_words],
                  initials)

    def _set(self, keys: Sequence[str], compact: Sequence[str], sorted_compact: Sequence[str],
             sorted_compact_key: Sequence[int], sorted_words: Sequence[str], holder_lists: Sequence[list[int]],
             initials) -> None:
        self.keys, self.compact = keys, compact
        self.sorted_compact, self.sorted_compact_key = sorted_compact, sorted_compact_key
        self.sorted_words, self.holder_lists = sorted_words, holder_lists
        self.initials = initials
        self._by_lengths: tuple[list[int], list[int], list[str]] | None = None  # near's index, built on first use
        self._joined: tuple[str, list[int]] | None = None  # _containing's text, built on first use

    def sections(self, name: str) -> dict[str, list[str]]:
        """This ranker's indexes as the sections of a table file (``opened`` reads them back)."""
        return {f"{name}.keys": list(self.keys), f"{name}.compact": list(self.compact),
                f"{name}.sorted": list(self.sorted_compact), f"{name}.order": [str(i) for i in self.sorted_compact_key],
                f"{name}.words": list(self.sorted_words), f"{name}.holders": int_lines(self.holder_lists),
                **table_sections(f"{name}.initials", self.initials, lambda v: ",".join(map(str, v)))}

    @classmethod
    def opened(cls, tables: TableFile, name: str) -> Ranker:
        """The ranker whose ``sections`` were written to ``tables`` under ``name``."""
        ranker = cls.__new__(cls)
        ranker._set(tables.lines(f"{name}.keys"), tables.lines(f"{name}.compact"), tables.lines(f"{name}.sorted"),
                    Ints(tables.lines(f"{name}.order")), tables.lines(f"{name}.words"),
                    IntLists(tables.lines(f"{name}.holders")), tables.table(f"{name}.initials", IntLists))
        return ranker

    def _all_compact(self) -> list[str]:
        compact = self.compact
        return compact.all() if isinstance(compact, Lines) else compact  # type: ignore[return-value]

    @staticmethod
    def _starting(sorted_texts: Sequence[str], prefix: str) -> range:
        search = sorted_texts.bisect_left if isinstance(sorted_texts, Lines) else partial(bisect.bisect_left, sorted_texts)
        lo = search(prefix)
        return range(lo, search(prefix + "\U0010ffff", lo))

    @staticmethod
    def _in_order(query_words: list[str], words: list[str]) -> bool:
        """Whether the query's words start the name's words one after another, in order."""
        at = 0
        for word in query_words:
            while at < len(words) and not words[at].startswith(word):
                at += 1
            if at == len(words):
                return False
            at += 1
        return True

    def rank(self, query: str, limit: int, fuzzy: bool = True) -> list[str]:
        keys = self.keys
        return [keys[i] for i in self.rank_indexes(query, limit, fuzzy)]

    def rank_indexes(self, query: str, limit: int, fuzzy: bool = True) -> list[int]:
        """Where in ``keys`` the names ``rank`` gives are."""
        q = query.replace(" ", "")
        if not q or limit <= 0:
            return []
        compact, keys = self.compact, self.keys
        found: dict[int, tuple] = {}  # key index -> its rank (smaller is better)

        def offer(i: int, rank: tuple) -> None:
            if i not in found or rank < found[i]:
                found[i] = rank

        for j in self._starting(self.sorted_compact, q):
            i = self.sorted_compact_key[j]
            offer(i, (0, 0, 0, i) if compact[i] == q else (1, 0, 0, i))
        query_words = query.split()
        if query_words:
            holders: set[int] | None = None
            for word in sorted(query_words, key=len, reverse=True):  # the rarest (longest) first
                having = {i for j in self._starting(self.sorted_words, word) for i in self.holder_lists[j]}
                holders = having if holders is None else holders & having
                if not holders:
                    break
            for i in holders or ():
                words = keys[i].split()
                whole = sum(1 for word in query_words if word in words)
                offer(i, (2, -whole, not self._in_order(query_words, words), i))
        if len(query_words) == 1 and len(q) in ACRONYM_LENGTHS:
            for i in self.initials.get(q, ()):
                offer(i, (3, 0, 0, i))
        if len(q) >= 4 and not found:  # inside a word ("jade" in mirrorjade): only when nothing starts with it
            for i in self._containing(q):
                offer(i, (4, 0, 0, i))
        if fuzzy and len(found) < limit:
            for i, score in self._close(q, limit * 4):
                offer(i, (5, -score, 0, i))
        return sorted(found, key=found.__getitem__)[:limit]

    def _containing(self, q: str) -> list[int]:
        """Where in ``keys`` the names (without spaces) that contain ``q`` are, in order: one search of the names
        joined by line breaks, rather than one per name."""
        compact = self._all_compact()
        if "\n" in q:
            return [i for i, key in enumerate(compact) if q in key]
        if self._joined is None:
            starts = [0]
            for key in compact:
                starts.append(starts[-1] + len(key) + 1)
            self._joined = "\n".join(compact) + "\n", starts
        text, starts = self._joined
        found = []
        at = text.find(q)
        while at >= 0:
            i = bisect.bisect_right(starts, at) - 1
            found.append(i)
            at = text.find(q, starts[i + 1])
        return found

    def _lengths(self) -> tuple[list[int], list[int], list[str]]:
        """The names (without spaces) by length: their lengths, where each is in ``keys``, and the names."""
        if self._by_lengths is None:
            compact = self._all_compact()
            lengths = list(map(len, compact))
            order = sorted(range(len(compact)), key=lengths.__getitem__)
            self._by_lengths = [lengths[i] for i in order], order, [compact[i] for i in order]
        return self._by_lengths

    def near(self, query: str, within: int, starts: bool = False) -> list[tuple[int, int]]:
        """(key index, edits) of every name at most ``within`` edits from ``query``, fewest first, spaces aside
        (an edit: a letter added, dropped or changed, or two letters side by side swapped). With ``starts``, the
        edits from the name's start that ``query`` is closest to: the names a misspelled partial name may begin.
        Only names of a length that may be near are compared (about a millisecond for 15,000 names)."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA, LCSseq

        q = query.replace(" ", "")
        if not q or within < 0:
            return []
        lengths, order, texts = self._lengths()
        lo = bisect.bisect_left(lengths, len(q) - within)
        if not starts:
            hi = bisect.bisect_right(lengths, len(q) + within, lo)
            found = process.extract(q, texts[lo:hi], scorer=OSA.distance, score_cutoff=within, limit=None)
            return sorted(((order[lo + j], int(edits)) for _key, edits, j in found), key=lambda item: (item[1], item[0]))
        # A start within ``within`` edits of q is at most ``within`` letters longer, and has all but ``within``
        # letters of q in order (each edit takes one away at most): a first pass keeps only those names.
        longest = len(q) + within
        kept = process.extract(q, [text[:longest] for text in texts[lo:]], scorer=LCSseq.similarity,
                               score_cutoff=max(0, len(q) - within), limit=None)
        sizes = range(max(1, len(q) - within), longest + 1)
        edits: list[tuple[int, int]] = []
        for _start, _common, j in kept:
            text = texts[lo + j]
            fewest = min(OSA.distance(q, text[:n], score_cutoff=within + 1) for n in sizes)
            if fewest <= within:
                edits.append((order[lo + j], fewest))
        return sorted(edits, key=lambda item: (item[1], item[0]))

    def _close(self, q: str, limit: int) -> list[tuple[int, float]]:
        """(key index, score) of the names within a few edits of ``q``: the whole name, or (for a longer
        query) the name's start as long as the query, a little less."""
        from rapidfuzz import fuzz, process

        compact = self._all_compact()
        scores: dict[int, float] = {}
        for _key, score, i in process.extract(q, compact, scorer=fuzz.ratio, limit=limit, score_cutoff=FUZZY_CUTOFF):
            scores[i] = score
        if len(q) >= PREFIX_FUZZY_MIN:
            starts = [key[:len(q)] for key in compact]
            for _key, score, i in process.extract(q, starts, scorer=fuzz.ratio, limit=limit,
                                                  score_cutoff=FUZZY_CUTOFF + 20):
                scores[i] = max(scores.get(i, 0), score - 5)
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))
