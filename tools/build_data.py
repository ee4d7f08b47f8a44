#!/usr/bin/env python3
"""Build deckcheck's card index and official Forbidden & Limited lists from the shared data snapshot.

    python tools/build_data.py [--shared ../shared/data] [--out-dir .]

Reads the snapshot described in shared/data/PROVENANCE.md and the reviewed corrections
(deckcheck/data/corrections.yaml), and writes, under --out-dir (default: the repository root):

    deckcheck/data/cards.jsonl        official OCG/TCG cards, tokens, Skill Cards, prereleases
    deckcheck/data/other_cards.jsonl  Rush Duel and unofficial (anime, pre-errata, GOAT …) rows
    deckcheck/data/build-report.txt   every place the sources disagreed, and what was decided
    banlists/tcg/<effective>.yaml     every TCG F&L list Konami archives, 1999 on (Konami's, by Konami ID)
    banlists/ocg/<effective>.yaml     every OCG F&L list in force from 2020 on
    banlists/genesys/<effective>.yaml, banlists/ocg-genesys/<effective>.yaml   Konami's points lists
    banlists/goat/<effective>.yaml    the GOAT card pool (EDOPro's whitelist, as official cards)
    banlists/speed/<effective>.yaml   the Speed Duel list and pool (yaml-yugi, YGOJSON, EDOPro by vote)
    banlists/{master-duel,ocg-ae,ocg-cn}/, deckcheck/data/pools/   by tools/build_regional.py (called here)

Only facts are written (passcodes, names, kinds, dates, statuses, Konami IDs), never card text.
Output is deterministic, the report included (it is also printed); commit it with the data so a
reviewer sees what a rebuild changed. Needs only the standard library and PyYAML.
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from deckcheck import corrections  # noqa: E402  (the reviewed corrections, shared with deckcheck update)
from deckcheck.banlists import list_file_text  # noqa: E402  (one writer per file format)
from deckcheck.cardtypes import (  # noqa: E402  (EDOPro type bits, PROVENANCE.md §1.4)
    CONTINUOUS, COUNTER, EFFECT, EQUIP, FIELD, FLIP, FUSION, GEMINI, LINK, MONSTER, NORMAL, PENDULUM, QUICKPLAY,
    RITUAL, SPELL, SPIRIT, SPSUMMON, SYNCHRO, TOKEN, TOON, TRAP, TUNER, UNION, XYZ, EXTRA_DECK, kind_of, pools_of,
)
from deckcheck.update.index_file import FIELDS, index_bytes  # noqa: E402
GENERATED_BY = "tools/build_data.py"
CORRECTIONS_FILE = REPO / "deckcheck" / "data" / "corrections.yaml"
REPORT_FILE = Path("deckcheck") / "data" / "build-report.txt"
FIRST_OCG_LIST_DATE = "2020-01-01"  # the TCG lists go back to 1999, the OCG lists (keyed by Konami ID) to 2020

# Source snapshots (full commits as recorded in shared/data/PROVENANCE.md; checked against it at build time).
BABELCDB = {"id": "babelcdb", "repository": "ProjectIgnis/BabelCDB (+ Delta repos)",
            "commit": "503822eef8347d81b028b3ae6bbbd2f478926e71", "date": "2026-08-22"}
DELTA_BAGOOSKA = {"id": "deltabagooska", "repository": "ProjectIgnis/DeltaBagooska",
                  "commit": "750806e49f1706b9110df39e20be76e635c4a6c9", "date": "2026-08-22"}
YAML_YUGI = {"id": "yaml-yugi", "repository": "DawnbrandBots/yaml-yugi",
             "commit": "346997050053921374228bd381a085703001a64d", "date": "2026-08-22"}
YGOJSON = {"id": "ygojson", "repository": "iconmaster5326/YGOJSON (branch v1/individual)",
           "commit": "14e3ec20b4593cb5f6b9f19d67833c09e4aa1b69", "date": "2025-11-15"}
LIMIT_REGULATION = {"repository": "DawnbrandBots/yaml-yugi-limit-regulation",
                    "commit": "be1c8e923109420f444f1760aadd562aa8c2ee41", "date": "2026-08-22"}
LFLISTS_REPOSITORY = "ProjectIgnis/LFLists"

UNDERIVABLE_MASK = ~(SPSUMMON | 0x100)  # bits yaml-yugi cannot express: SPSUMMON, TRAPMONSTER
MONSTER_LINE_BITS = {"Normal": NORMAL, "Effect": EFFECT, "Fusion": FUSION, "Ritual": RITUAL, "Spirit": SPIRIT,
                     "Union": UNION, "Gemini": GEMINI, "Tuner": TUNER, "Synchro": SYNCHRO, "Flip": FLIP,
                     "Toon": TOON, "Xyz": XYZ, "Pendulum": PENDULUM, "Link": LINK}
PROPERTY_BITS = {"Normal": 0, "Quick-Play": QUICKPLAY, "Continuous": CONTINUOUS, "Equip": EQUIP,
                 "Field": FIELD, "Ritual": RITUAL, "Counter": COUNTER}
# `ot` bits: OCG, TCG, and everything that is not a plain official card.
OT_OCG, OT_TCG, OT_HIDDEN = 0x1, 0x2, 0x1000
PLACEHOLDER_MIN = 100_000_000

RELEASED = {"Unlimited": 1, "Forbidden": 1, "Limited": 1, "Semi-Limited": 1, "Not yet released": 0}
STATUS_KEYS = {0: "forbidden", 1: "limited", 2: "semi_limited"}
STATUS_WORDS = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited", 3: "Unlimited", None: "Unlimited"}

# Banlist facts that the vectors alone do not carry (list dates and status fixes: deckcheck/data/corrections.yaml).
TCG_DUPLICATE_FILINGS = {"2024-12-06": "2024-12-09"}  # an identical, earlier filing of the same list
EDOPRO_HISTORY_FROM = "2020-01-01"  # ProjectIgnis/LFLists has no list older than 2020.01
OCG_SHARED_UNTIL = "2013-09-01"  # the first TCG list made apart from the OCG's (videogamesuncovered.com, 2013)
UDE_HISTORY_UNTIL = "2005-04-01"  # before it, YGOJSON's TCG history follows Upper Deck's lists (other days, other lists)
# Official lists without an EDOPro list of their own: cross-check against the EDOPro list that absorbed them.
CROSS_CHECK_OVERRIDES = {("ocg", "2021-02-20"): "2021.01 OCG"}


# --------------------------------------------------------------------------------------------- report


class Report:
    """The build report: sections of lines, written beside the data (REPORT_FILE) and printed.

    Disagreements between the sources come first, each with what was decided and why; then counts, then
    what each source contributed. Deterministic: a rebuild from the same snapshot gives the same text.
    """

    ORDER = ("summary", "WARNINGS", "LOUD: unmappable list entries", "list statuses", "list dates", "availability",
             "ids that are not alternate artworks", "release dates", "counts", "lists")

    def __init__(self) -> None:
        self.sections: dict[str, list[str]] = {}

    def add(self, section: str, line: str) -> None:
        self.sections.setdefault(section, []).append(line)

    def examples(self, section: str, head: str, items: list[str], limit: int = 8) -> None:
        self.add(section, f"{head}: {len(items)}")
        for item in items[:limit]:
            self.add(section, f"    {item}")
        if len(items) > limit:
            self.add(section, f"    … and {len(items) - limit} more")

    def count(self, section: str, prefix: str = "") -> int:
        return sum(1 for line in self.sections.get(section, []) if line.startswith(prefix))

    def text(self) -> str:
        names = [s for s in self.ORDER if s in self.sections] + [s for s in self.sections if s not in self.ORDER]
        out = ["# deckcheck data build report — written by tools/build_data.py with the data it describes.",
               "# Review its diff with the data's: every disagreement between the sources, and what was decided."]
        for section in names:
            out.append(f"\n== {section}")
            out += [f"  {line}" for line in self.sections[section]]
        return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------- the records


@dataclass
class Card:
    passcode: int
    name: str
    type: int
    origin: str
    tcg: int = 0
    ocg: int = 0
    konami_id: int | None = None
    tcg_date: str | None = None
    ocg_date: str | None = None
    group: int | None = None
    alt_passcodes: set[int] = field(default_factory=set)
    level: int | None = None  # a monster's Level, Rank or Link Rating

    @property
    def kind(self) -> str:
        return kind_of(self.type)

    def row(self) -> list:
        return [self.passcode, self.name, self.kind, self.type, self.tcg, self.ocg, self.origin,
                self.konami_id, self.tcg_date, self.ocg_date, self.group, sorted(self.alt_passcodes), self.level]


class Index:
    """Cards of one output file, with a passcode → canonical passcode map over alternate passcodes."""

    def __init__(self) -> None:
        self.cards: dict[int, Card] = {}
        self.owner: dict[int, int] = {}  # every passcode (own and alternate) -> canonical passcode

    def add(self, card: Card) -> Card:
        assert card.passcode not in self.owner, card.passcode
        self.cards[card.passcode] = card
        self.owner[card.passcode] = card.passcode
        return card

    def add_alt(self, canonical: int, passcode: int) -> None:
        assert passcode not in self.owner, passcode
        self.cards[canonical].alt_passcodes.add(passcode)
        self.owner[passcode] = canonical

    def resolve(self, passcode: int) -> Card | None:
        canonical = self.owner.get(passcode)
        return self.cards[canonical] if canonical is not None else None


def clean_name(name: str) -> str:
    return " ".join(name.replace("\u00a0", " ").split())


# --------------------------------------------------------------------------------------------- sources


@dataclass(frozen=True)
class CdbRow:
    id: int
    ot: int
    alias: int
    type: int
    name: str
    source: str
    level: int | None = None  # a monster's Level, Rank or Link Rating (the low byte of datas.level)


def read_cdb(path: Path) -> dict[int, CdbRow]:
    """The facts of an EDOPro .cdb (never its text columns)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute("SELECT d.id, d.ot, d.alias, d.type, t.name, d.level FROM datas d JOIN texts t ON t.id = d.id")
        return {r[0]: CdbRow(r[0], r[1], r[2], r[3], clean_name(r[4] or ""), path.name,
                             (r[5] or 0) & 0xFF if r[3] & MONSTER and (r[5] or 0) & 0xFF else None) for r in rows}
    finally:
        con.close()


def yaml_yugi_level(y: dict) -> int | None:
    """A monster's Level, Rank or Link Rating (its number of Link Arrows) in yaml-yugi."""
    for key in ("level", "rank"):
        if isinstance(y.get(key), int) and not isinstance(y.get(key), bool):
            return y[key]
    arrows = y.get("link_arrows")
    return len(arrows) if isinstance(arrows, list) and arrows else None


def read_jsonl(path: Path) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_json(path: Path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def check_provenance(shared: Path, report: Report) -> None:
    text = (shared / "PROVENANCE.md").read_text(encoding="utf-8")
    for source in (BABELCDB, DELTA_BAGOOSKA, YAML_YUGI, YGOJSON, LIMIT_REGULATION):
        if source["commit"] not in text:
            report.add("WARNINGS", f"commit {source['commit']} of {source['repository']} is not in PROVENANCE.md "
                                   "— the snapshot changed; update the source table in tools/build_data.py")


# ------------------------------------------------------------------------------------- yaml-yugi helpers


def yaml_yugi_password(y: dict) -> int | None:
    """A yaml-yugi record's passcode: its password, or EDOPro's pseudo-passcode (`fake_password`)."""
    return y.get("password") or y.get("fake_password")


def yaml_yugi_type(y: dict) -> int:
    """Type bits derived from yaml-yugi's card_type / monster_type_line / property."""
    kind = y.get("card_type")
    if kind == "Monster":
        bits = MONSTER
        parts = [part.strip() for part in (y.get("monster_type_line") or "").split("/")[1:]]
        for part in parts:
            bits |= MONSTER_LINE_BITS.get(part, 0)
        # yaml-yugi leaves out "Effect" after an ability ("Rock / Spirit", "Plant / Tuner") and "Normal" on
        # plain monsters ("Beast-Warrior", "Machine / Pendulum"); it cannot tell Flip monsters apart
        if not bits & (NORMAL | EFFECT):
            if bits & (SPIRIT | UNION | GEMINI | TOON | FLIP) or (bits & TUNER and not bits & EXTRA_DECK):
                bits |= EFFECT
            elif not bits & (EXTRA_DECK | RITUAL | TUNER):
                bits |= NORMAL
        return bits
    bits = SPELL if kind == "Spell" else TRAP if kind == "Trap" else 0
    return bits | PROPERTY_BITS.get(y.get("property") or "Normal", 0)


def released(status) -> int | None:
    return RELEASED.get(status) if isinstance(status, str) else None


def lr_text(y: dict) -> str:
    lr = y.get("limit_regulation") or {}
    return f"limit_regulation tcg {lr.get('tcg')!r}, ocg {lr.get('ocg')!r}"


def set_prefixes(y: dict | None, region: str) -> set[str]:
    """The sets a yaml-yugi record is printed in for a region ("PP02" of PP02-EN001), announced numbers aside."""
    return {n.split("-")[0] for n in ((y or {}).get("sets") or {}).get(region, []) if "?" not in n}


def pool_votes(y: dict | None, ot: int | None, g: dict | None, pool: str, bit: int, region: str,
               released_by: str) -> tuple[dict[str, int | None], list[str]]:
    """Each source's say on whether a card is released in a pool (1, 0, or None: it says nothing), and the
    evidence in words. No set number is a "no" only in the TCG and only where yaml-yugi lists sets at all
    (old OCG printings have no set numbers)."""
    lr = (y or {}).get("limit_regulation") or {}
    sets = (y or {}).get("sets")
    numbers = [n for n in (sets or {}).get(region, []) if "?" not in n]
    if numbers:
        by_set = 1
    elif pool == "tcg" and isinstance(sets, dict):
        by_set = 0
    else:
        by_set = None
    first = ((g or {}).get("_derived_first_release") or {}).get(pool)
    by_date = 1 if first and first <= released_by else None
    by_ot = None if ot is None else int(bool(ot & bit))
    votes = {"yaml-yugi": released(lr.get(pool)), "set numbers": by_set, "YGOJSON date": by_date, "cdb ot": by_ot}
    shown = [f"yaml-yugi {lr.get(pool)!r}" if y else "not in yaml-yugi",
             f"{region} sets {', '.join(numbers[:3])}{' …' if len(numbers) > 3 else ''}" if numbers else f"no {region} set number",
             f"YGOJSON {first}" if first else "no YGOJSON date", f"cdb ot {ot:#x}" if ot is not None else "no cdb row"]
    return votes, shown


def decide(votes: dict[str, int | None]) -> int:
    said = [v for v in votes.values() if v is not None]
    yes, no = said.count(1), said.count(0)
    if yes != no:
        return int(yes > no)
    for source in ("yaml-yugi", "cdb ot"):
        if votes[source] is not None:
            return votes[source]
    return 0


def skill_key(name: str) -> str:
    """A Skill Card's name as the sources can agree on it: EDOPro adds " (Skill Card)" where a card shares the
    name; case, spaces and punctuation vary."""
    return re.sub(r"[^0-9a-z]", "", re.sub(r"\s*\(skill card\)$", "", name.casefold()))


def ygojson_passcodes(g: dict, key: str, report: Report) -> list[int]:
    out = []
    for raw in g.get(key) or []:
        m = re.match(r"\d+", str(raw))
        if not m:
            continue
        if m.group() != str(raw):
            report.add("ygojson", f"malformed {key} entry of {g['name']!r}: {str(raw)[:40]!r}… — read as {m.group()}")
        out.append(int(m.group()))
    return out


# ----------------------------------------------------------------------------------------- card index


class Builder:
    def __init__(self, shared: Path, report: Report):
        self.shared = shared
        self.report = report
        self.main = Index()
        self.other = Index()
        self.placeholders: dict[int, int] = {}  # placeholder id -> official passcode
        self.placeholder_source: dict[int, str] = {}
        self.cdb_ids: set[int] = set()  # passcodes of cards.reconstructed.cdb (their type bits are authoritative)
        self.hidden_skills: dict[int, CdbRow] = {}
        self.pool_evidence: dict[int, tuple[dict | None, int | None]] = {}  # passcode → (yaml-yugi record, cdb ot)
        self.ygojson_of: dict[int, dict] = {}  # passcode → the YGOJSON record taken for it
        self.ygojson_owner: dict[str, int] = {}  # YGOJSON record id → the card it was taken for
        self.yy = read_jsonl(shared / "yaml-yugi" / "cards.jsonl")
        self.yy_by_password: dict[int, dict] = {}
        for y in self.yy:
            pw = yaml_yugi_password(y)
            if pw:
                self.yy_by_password[pw] = y
        self.yy_by_name: dict[str, list[dict]] = defaultdict(list)
        for y in self.yy:
            self.yy_by_name[clean_name(y["name"]["en"])].append(y)

    # -- official OCG/TCG rows of the reconstructed BabelCDB

    def add_official_cdb(self) -> dict[int, CdbRow]:
        rows = read_cdb(self.shared / "edopro" / "cards.reconstructed.cdb")
        skipped = [r for r in rows.values() if r.ot == 0]
        for r in skipped:
            self.report.add("cards.reconstructed.cdb", f"skipped ot == 0 leftover {r.id} {r.name!r}")
        rows = {i: r for i, r in rows.items() if r.ot != 0}
        # a row numbered like a placeholder that aliases a card of the same name is a placeholder id of it
        # (100424008 → Makyura the Destructor 21593977), not an artwork
        held = {i: r for i, r in rows.items() if i >= PLACEHOLDER_MIN and r.alias in rows
                and rows[r.alias].name == r.name}
        rows = {i: r for i, r in rows.items() if i not in held}
        self.cdb_ids = set(rows)
        self._add_cdb_rows(self.main, rows, origin_of=lambda r: "official", section="cards.reconstructed.cdb")
        for i, r in sorted(held.items()):
            self.placeholders[i] = self.main.owner[r.alias]
            self.placeholder_source[i] = "official cdb row ≥ 100,000,000 aliasing a card of the same name"
            self.report.add("ids that are not alternate artworks",
                            f"{i} {r.name!r} (ot {r.ot:#x}, alias {r.alias}): a placeholder id numbered ≥ "
                            f"{PLACEHOLDER_MIN:,} → placeholder of {self.placeholders[i]}, not an artwork")
        return rows

    def _add_cdb_rows(self, index: Index, rows: dict[int, CdbRow], origin_of, section: str,
                      outside: Index | None = None) -> None:
        """Rows with alias 0 (or aliasing a card of another name or type) become cards; same-name, same-type
        aliases become alternate passcodes of their root. `outside` is another index alias targets may live in.

        A same-name alias of another type is a different card that shares the name (Black Luster Soldier the
        Normal Monster 10000100 and the Ritual Monster 5405694): a card of its own in its target's name group."""

        def root(r: CdbRow) -> int:
            seen = set()
            while r.alias and r.alias in rows and r.alias not in seen:
                seen.add(r.id)
                target = rows[r.alias]
                if target.name != r.name or target.type != r.type:
                    break
                r = target
            return r.id

        alts = {r.id: root(r) for r in rows.values() if r.alias and root(r) != r.id}
        for r in sorted(rows.values(), key=lambda r: r.id):
            if r.id not in alts:
                index.add(Card(r.id, r.name, r.type, origin_of(r), level=r.level))
        for alt, canonical in sorted(alts.items()):
            index.add_alt(canonical, alt)
        far = [f"{a} → {c} {rows[c].name!r}" for a, c in sorted(alts.items()) if abs(a - c) > 10]
        self.report.add(section, f"{len(rows)} rows → {len(rows) - len(alts)} cards + {len(alts)} alternate passcodes "
                                 "(same name, alias ≠ 0)")
        if far:
            self.report.examples(section, "alternate passcodes more than 10 away from their card", far, 6)
        # different-name aliases: "always treated as" name groups, flattened to their root
        grouped = []
        for r in sorted(rows.values(), key=lambda r: r.id):
            if not r.alias or r.id in alts:
                continue
            target = index.resolve(r.alias) or (outside.resolve(r.alias) if outside else None)
            if target is None and r.alias in self.placeholders:
                target = self.main.resolve(self.placeholders[r.alias])
            if target is None:
                self.report.add(section, f"alias target {r.alias} of {r.id} {r.name!r} is in no index: group left null")
                continue
            if target.passcode == r.id:
                continue
            group = target.group or target.passcode
            index.cards[r.id].group = group
            grouped.append(f"{r.id} {r.name!r} → {group} {target.name!r}")
            if target.name == r.name and r.alias in rows:
                self.report.add("ids that are not alternate artworks",
                                f"{r.id} {r.name!r} (type {r.type:#x}) aliases {target.passcode} (type {target.type:#x}): "
                                "same name, another card → a card of its own in that name group")
        if grouped:
            self.report.examples(section, "name groups (alias to a card of another name, or of the same name and "
                                          "another type)", grouped, 25)
        # a group target may itself have been grouped after its members were: flatten
        for card in index.cards.values():
            seen = set()
            while card.group is not None and card.group not in seen:
                seen.add(card.group)
                target = index.cards.get(card.group) or (outside.cards.get(card.group) if outside else None)
                if target is None or target.group is None:
                    break
                card.group = target.group

    # -- yaml-yugi: names, Konami IDs, TCG/OCG availability, and the cards the cdb lacks

    def apply_yaml_yugi(self, cdb_rows: dict[int, CdbRow]) -> None:
        section = "yaml-yugi"
        renamed, unmatched = [], []
        for card in self.main.cards.values():
            y = self.yy_by_password.get(card.passcode)
            if card.kind not in ("token", "skill"):
                self.pool_evidence[card.passcode] = (y, cdb_rows[card.passcode].ot)
            if y is None:
                unmatched.append(card)
                continue
            name = clean_name(y["name"]["en"])
            if name != card.name:
                renamed.append(f"{card.passcode}: cdb {card.name!r} → yaml-yugi {name!r}")
                card.name = name
            card.konami_id = y.get("konami_id")
        self.report.examples(section, "names where yaml-yugi (Konami's official English name) replaced the cdb's "
                                      "(stale fan translations, case, NBSP)", renamed, 12)
        unmatched_cards = [c for c in unmatched if c.kind != "token"]
        self.report.examples(section, "non-token cdb cards unknown to yaml-yugi (availability from the other sources)",
                             [f"{c.passcode} {c.name!r}" for c in unmatched_cards], 12)
        self._add_yaml_yugi_only()
        self._konami_by_name(unmatched_cards)

    def _add_yaml_yugi_only(self) -> None:
        section = "yaml-yugi"
        added, as_alt = [], []
        konami_owner = {c.konami_id: c for c in self.main.cards.values() if c.konami_id}
        for y in sorted(self.yy, key=lambda y: y.get("password") or 0):
            pw = y.get("password")
            if not pw or pw in self.main.owner:
                continue
            name = clean_name(y["name"]["en"])
            same = konami_owner.get(y.get("konami_id"))
            if same is not None and same.name == name:
                self.main.add_alt(same.passcode, pw)
                as_alt.append(f"{pw} → {same.passcode} {name!r}")
                continue
            card = Card(pw, name, yaml_yugi_type(y), "official", konami_id=y.get("konami_id"), level=yaml_yugi_level(y))
            self.pool_evidence[pw] = (y, None)
            self.main.add(card)
            added.append(f"{pw} {name!r}")
        self.report.examples(section, "official cards only in yaml-yugi, added with type bits derived from "
                                      "card_type/monster_type_line/property", added, 6)
        if as_alt:
            self.report.examples(section, "yaml-yugi passwords added as alternate passcodes (same Konami ID and name)", as_alt)
        # the derivation, checked on every card both sources know
        wrong = [f"{c.passcode} {c.name!r}: cdb {c.type:#x}, derived {yaml_yugi_type(y):#x}"
                 for c in self.main.cards.values() if c.passcode in self.cdb_ids and c.kind != "token"
                 and (y := self.yy_by_password.get(c.passcode)) and yaml_yugi_type(y) != c.type & UNDERIVABLE_MASK]
        self.report.examples(section, "type bits derived from yaml-yugi that disagree with the cdb (cdb kept; "
                                      "yaml-yugi's type line does not mark all Flip monsters)", wrong, 4)
        # Levels: Konami's database (yaml-yugi) where it gives one, else the cdb's
        levels = []
        for c in self.main.cards.values():
            y = self.yy_by_password.get(c.passcode)
            level = yaml_yugi_level(y) if y else None
            if level is not None and c.type & MONSTER:
                if c.level is not None and c.level != level:
                    levels.append(f"{c.passcode} {c.name!r}: cdb {c.level}, yaml-yugi {level}")
                c.level = level
        self.report.examples(section, "monster Levels (Ranks, Link Ratings) where yaml-yugi and the cdb differ "
                                      "(yaml-yugi kept)", levels, 4)

    def _konami_by_name(self, cards: list[Card]) -> None:
        """Cards with EDOPro-only passcodes: take the Konami ID of a password-less yaml-yugi record of the same name."""
        used = {c.konami_id for c in self.main.cards.values() if c.konami_id}
        for card in cards:
            if card.konami_id:
                continue
            ys = [y for y in self.yy_by_name.get(card.name, []) if not yaml_yugi_password(y)
                  and y.get("konami_id") and y["konami_id"] not in used]
            if len(ys) == 1:
                card.konami_id = ys[0]["konami_id"]
                used.add(card.konami_id)
                self.report.add("yaml-yugi", f"konami_id {card.konami_id} for {card.passcode} {card.name!r} from a "
                                             "password-less yaml-yugi record of the same name")

    # -- Skill Cards

    def add_skills(self) -> None:
        rows = read_cdb(self.shared / "edopro" / "cdb" / "cards-skills.cdb")
        hidden = {i: r for i, r in rows.items() if r.ot & OT_HIDDEN}
        shown = {i: r for i, r in rows.items() if i not in hidden}
        self._add_cdb_rows(self.main, shown, origin_of=lambda r: "official", section="cards-skills.cdb")
        self.hidden_skills = hidden
        self.report.add("cards-skills.cdb", f"{len(hidden)} hidden rows (ot & 0x1000: EDOPro character portraits such as "
                                            f"{sorted(r.name for r in hidden.values())[0]!r}, not printed cards) → other_cards.jsonlas unofficial")

    # -- prerelease placeholders

    def add_prereleases(self) -> None:
        section = "prerelease"
        cdb_dir = self.shared / "edopro" / "cdb"
        rows: dict[int, CdbRow] = {}
        for path in sorted(cdb_dir.glob("prerelease-*.cdb")):
            if "rush" not in path.name:
                rows.update(read_cdb(path))
        delta = {i: r for i, r in read_cdb(cdb_dir / "cards.delta.cdb").items() if i >= PLACEHOLDER_MIN}
        self.report.add(section, f"{len(rows)} rows in prerelease-*.cdb (OCG/TCG), "
                                 f"{len(delta)} DeltaBagooska cards.delta.cdb rows with id ≥ {PLACEHOLDER_MIN:,}")
        rows.update({i: r for i, r in delta.items() if i not in self.main.owner})
        known = sorted(i for i in rows if i in self.placeholders)
        if known:
            self.report.add(section, f"{len(known)} rows already mapped by mappings.json (kept): {known[:10]}")
        rows = {i: r for i, r in rows.items() if i not in self.placeholders}
        mapped = self._match_by_name(rows) | self._match_by_set_number(rows)
        for r in rows.values():  # an alternate artwork of a mapped placeholder maps to the same card
            if r.id not in mapped and r.alias in mapped and rows[r.alias].name == r.name:
                mapped[r.id] = mapped[r.alias]
                self.placeholder_source[r.id] = "alternate artwork of a mapped placeholder"
        for pid, target in mapped.items():
            self.placeholders[pid] = target
        rest = {i: r for i, r in rows.items() if i not in mapped}
        # a card released before its passcode is known (a V Jump promo): official under EDOPro's id, its
        # availability decided like any other card's (the prerelease row's `ot` says nothing of a release)
        released_early = {}
        for i, r in rest.items():
            records = [y for y in self.yy_by_name.get(r.name, []) if not yaml_yugi_password(y)]
            lr = (records[0].get("limit_regulation") or {}) if len(records) == 1 else {}
            if any(released(lr.get(pool)) for pool in ("tcg", "ocg")):
                released_early[i] = records[0]
        self._add_cdb_rows(self.main, rest, origin_of=lambda r: "official" if r.id in released_early else "prerelease",
                           section=section)
        for i, y in sorted(released_early.items()):
            self.pool_evidence[i] = (y, None)
            card = self.main.cards[i]
            card.konami_id = y.get("konami_id")
            sets = ", ".join(n for region in ("ja", "en") for n in (y.get("sets") or {}).get(region, []))
            self.report.add("availability", f"{i} {card.name!r}: EDOPro's prerelease row, but yaml-yugi has it "
                                            f"released ({lr_text(y)}; printed as {sets or '—'}) → official")
        self.report.add(section, f"{len(mapped)} placeholders of cards with a known official passcode → placeholders; "
                                 f"{len(rest) - len(released_early)} rows still unofficial-numbered → cards with "
                                 f"origin prerelease; {len(released_early)} released under EDOPro's id → official")

    def _adopt_placeholder_type(self, r: CdbRow, card: Card) -> bool:
        """Whether a placeholder row and a card agree on type; a card known only to yaml-yugi takes the
        placeholder's cdb type (it also carries SPSUMMON, which yaml-yugi cannot express)."""
        mask = UNDERIVABLE_MASK & ~FLIP
        if (r.type & mask) != (card.type & mask):
            return False
        if card.passcode not in self.cdb_ids:
            card.type = r.type
        return True

    def _match_by_name(self, rows: dict[int, CdbRow]) -> dict[int, int]:
        mapped = {}
        for r in sorted(rows.values(), key=lambda r: r.id):
            targets = {self.main.owner.get(yaml_yugi_password(y)) for y in self.yy_by_name.get(r.name, [])
                       if y.get("password")}
            targets.discard(None)
            if len(targets) == 1:
                target = targets.pop()
                mapped[r.id] = target
                self.placeholder_source[r.id] = "same English name as a yaml-yugi card with a password"
                card = self.main.cards[target]
                if not self._adopt_placeholder_type(r, card):
                    self.report.add("prerelease", f"type of placeholder {r.id} ({r.type:#x}) ≠ {target} "
                                                  f"({card.type:#x}); mapped by name anyway, card type kept")
            elif len(targets) > 1:
                self.report.add("prerelease", f"{r.id} {r.name!r}: name matches several cards {sorted(targets)} — not mapped")
        self.report.add("prerelease", f"{len(mapped)} placeholders matched to an official card by exact English name")
        return mapped

    def _match_by_set_number(self, rows: dict[int, CdbRow]) -> dict[int, int]:
        """Placeholder ids encode the set: 101402054 = BETB-JP054. Where EDOPro still uses a fan name, match the
        placeholder to the yaml-yugi card printed at that set number, once the block's set code is established by
        ≥ 3 exact-name matches and the type bits agree."""
        votes: dict[int, Counter] = defaultdict(Counter)
        set_index: dict[str, list[dict]] = defaultdict(list)
        for y in self.yy:
            for number in (y.get("sets") or {}).get("ja", []) + (y.get("sets") or {}).get("en", []):
                set_index[number].append(y)
        for r in rows.values():
            for y in self.yy_by_name.get(r.name, []):
                for number in (y.get("sets") or {}).get("ja", []) + (y.get("sets") or {}).get("en", []):
                    m = re.fullmatch(r"([A-Z0-9]+-[A-Z]+)(\d+)", number)
                    if m and int(m.group(2)) == r.id % 1000:
                        votes[r.id // 1000][m.group(1)] += 1
        mapped, lines = {}, []
        for r in sorted(rows.values(), key=lambda r: r.id):
            if r.alias or self.yy_by_name.get(r.name) or r.type & TOKEN:
                continue
            ranked = votes.get(r.id // 1000, Counter()).most_common(2)
            if not ranked or ranked[0][1] < 3 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
                continue
            prefix = ranked[0][0]
            candidates = [y for y in set_index.get(f"{prefix}{r.id % 1000:03d}", []) if y.get("password")]
            if len(candidates) != 1:
                continue
            target = self.main.owner.get(candidates[0]["password"])
            if target is None:
                continue
            card = self.main.cards[target]
            if not self._adopt_placeholder_type(r, card):
                self.report.add("prerelease", f"{r.id} {r.name!r}: set number points to {target} {card.name!r} "
                                              f"but types differ ({r.type:#x} vs {card.type:#x}) — not mapped")
                continue
            mapped[r.id] = target
            self.placeholder_source[r.id] = "set number and type (EDOPro fan name differs)"
            lines.append(f"{r.id} {r.name!r} = {prefix}{r.id % 1000:03d} → {target} {card.name!r}")
        self.report.examples("prerelease", "placeholders whose EDOPro fan name differs from the official name, matched "
                                           "by set number + type instead (official name kept)", lines, 20)
        return mapped

    # -- DeltaBagooska mappings.json

    def add_mappings(self) -> None:
        section = "mappings.json"
        pairs = read_json(self.shared / "edopro" / "mappings.json")["mappings"]
        table: dict[int, int] = {}
        for key, value in pairs:
            if key in table and table[key] != value:
                self.report.add(section, f"{key} maps to both {table[key]} and {value} — first kept")
                continue
            table[key] = value
        duplicates = len(pairs) - len(table)
        if duplicates:
            self.report.add(section, f"{duplicates} duplicate pair(s) ignored")
        added = 0
        for key, value in sorted(table.items()):
            seen = [key]
            while value in table and value not in seen:  # chains, e.g. 101302033 → 8805661 → 8805651
                seen.append(value)
                value = table[value]
            if len(seen) > 1:
                self.report.add(section, f"chain flattened: {' → '.join(map(str, seen + [value]))}")
            if key < PLACEHOLDER_MIN:
                self.report.add(section, f"{key} → {value}: not a placeholder id but a misprinted/retired passcode; kept")
            if key in self.main.owner:
                self.report.add(section, f"{key} is also a card passcode — mapping dropped")
                continue
            if value not in self.main.owner:
                self.report.add(section, f"LOUD: {key} → {value}: target is not in the card index — mapping dropped")
                continue
            self.placeholders[key] = value
            self.placeholder_source[key] = "mappings.json"
            added += 1
        self.report.add(section, f"{len(pairs)} pairs, {added} placeholders taken")

    # -- Rush and unofficial rows (second file)

    def add_other(self, cdb_rows: dict[int, CdbRow]) -> None:
        cdb_dir = self.shared / "edopro" / "cdb"
        files = {"cards-rush.cdb": "rush", "prerelease-cards-rush.cdb": "rush", "cards-unofficial.cdb": "unofficial",
                 "cards-skills-unofficial.cdb": "unofficial", "goat-entries.cdb": "unofficial"}
        rows: dict[int, CdbRow] = {}
        for name in files:
            for i, r in read_cdb(cdb_dir / name).items():
                if i in rows:
                    self.report.add("other_cards", f"{i} in both {rows[i].source} and {name} — first kept")
                    continue
                rows[i] = r
        rows.update(self.hidden_skills)
        # official-scope rows (ot OCG/TCG only) of the unofficial cdb aliasing an official card of the same name
        # are EDOPro's pre-errata versions of it (Elder Entity Norden 17412731 → 17412721): named as EDOPro names
        # its other pre-errata rows, so they show as what they are; their group is the official card
        for r in sorted(rows.values(), key=lambda r: r.id):
            target = self.main.resolve(r.alias) if r.alias else None
            official_scope = r.ot and not r.ot & ~(OT_OCG | OT_TCG)
            if target and official_scope and r.name in (target.name, cdb_rows.get(target.passcode, r).name):
                rows[r.id] = CdbRow(r.id, r.ot, r.alias, r.type, f"{target.name} (Pre-Errata)", r.source)
                self.report.add("ids that are not alternate artworks",
                                f"{r.id} {r.name!r} (ot {r.ot:#x}, {r.source}, alias {r.alias}): EDOPro's pre-errata "
                                f"row → unofficial {rows[r.id].name!r}, standing for {target.passcode}")
        collisions = [i for i in rows if i in self.main.owner or i in self.placeholders]
        for i in collisions:
            self.report.add("other_cards", f"LOUD: {i} {rows[i].name!r} ({rows[i].source}) collides with the main index — dropped")
            del rows[i]
        def origin(r: CdbRow) -> str:
            return files.get(r.source, "unofficial")  # hidden Skill rows are unofficial

        self._add_cdb_rows(self.other, rows, origin_of=origin, section="other_cards", outside=self.main)
        for card in self.other.cards.values():
            card.tcg = card.ocg = 0
        self.report.add("other_cards", f"by origin: {dict(sorted(Counter(c.origin for c in self.other.cards.values()).items()))}")

    # -- ygojson: first release dates, Konami ID fallback, extra passwords

    def apply_ygojson(self) -> None:
        section = "ygojson"
        entries = read_jsonl(self.shared / "ygojson" / "cards.min.jsonl")
        self.ygojson_skills = [g for g in entries if g.get("cardType") == "skill"]
        by_pw, by_image, by_dbid = defaultdict(list), defaultdict(list), defaultdict(list)
        for g in entries:
            g["_pw"] = ygojson_passcodes(g, "passwords", self.report)
            g["_img"] = ygojson_passcodes(g, "image_passwords", self.report)
            for p in g["_pw"]:
                by_pw[p].append(g)
            for p in g["_img"]:
                by_image[p].append(g)
            if (g.get("externalIDs") or {}).get("dbID"):
                by_dbid[g["externalIDs"]["dbID"]].append(g)

        def best(card: Card, candidates: list[dict]) -> dict | None:
            if not candidates:
                return None
            ranked = sorted(candidates, key=lambda g: ((g.get("externalIDs") or {}).get("dbID") != card.konami_id or card.konami_id is None,
                                                     clean_name(g["name"]) != card.name, g["id"]))
            return ranked[0]

        dated, konami_filled, no_match = 0, [], 0
        extra_alt, extra_placeholder, conflicts = [], [], []
        for card in sorted(self.main.cards.values(), key=lambda c: c.passcode):
            if card.origin == "prerelease":
                continue
            g = (best(card, by_pw.get(card.passcode, [])) or best(card, by_image.get(card.passcode, []))
                 or best(card, [g for p in sorted(card.alt_passcodes) for g in by_pw.get(p, [])]))
            if g is None and card.konami_id:
                g = best(card, by_dbid.get(card.konami_id, []))
                others = sorted({self.main.owner[p] for p in (g["_pw"] + g["_img"] if g else [])
                                 if self.main.owner.get(p, card.passcode) != card.passcode})
                if others:  # a record whose passwords are another card's describes that card
                    self.report.add("ids that are not alternate artworks",
                                    f"YGOJSON {g['name']!r} has dbID {card.konami_id} (= {card.passcode} "
                                    f"{card.name!r}) but the passwords of {others}: not taken for {card.passcode}")
                    g = None
            if g is None:
                no_match += 1
                continue
            dbid = (g.get("externalIDs") or {}).get("dbID")
            if dbid and card.konami_id and dbid != card.konami_id and g["_pw"]:
                self.report.add("ygojson", f"{g['name']!r}: dbID {dbid}, passwords {g['_pw']} → taken by password for "
                                           f"{card.passcode} {card.name!r} (Konami ID {card.konami_id})")
            self.ygojson_of[card.passcode] = g
            self.ygojson_owner.setdefault(g["id"], card.passcode)
            first = g.get("_derived_first_release") or {}
            for pool in ("tcg", "ocg"):
                value = first.get(pool)
                if value and re.fullmatch(r"\d{4}-\d\d-\d\d", value):
                    setattr(card, f"{pool}_date", value)
            dated += bool(card.tcg_date or card.ocg_date)
            if card.konami_id is None and dbid:
                card.konami_id = dbid
                konami_filled.append(f"{card.passcode} {card.name!r} → {dbid}")
            for p in sorted(set(g["_pw"]) | set(g["_img"])):
                owner = self.main.owner.get(p)
                if owner == card.passcode:
                    continue
                if owner is not None or p in self.other.owner:
                    where = self.main.cards[owner].name if owner is not None else self.other.resolve(p).name
                    conflicts.append(f"{p} listed for {card.name!r} but is {where!r} in the cdb — cdb preferred")
                elif p in self.placeholders:
                    if self.main.owner[self.placeholders[p]] != card.passcode:
                        conflicts.append(f"{p} listed for {card.name!r} but placeholder maps it to "
                                         f"{self.placeholders[p]} — {self.placeholder_source[p]} preferred")
                elif p >= PLACEHOLDER_MIN:
                    self.placeholders[p] = card.passcode
                    self.placeholder_source[p] = "ygojson passwords"
                    extra_placeholder.append(f"{p} → {card.passcode} {card.name!r}")
                else:
                    self.main.add_alt(card.passcode, p)
                    extra_alt.append(f"{p} → {card.passcode} {card.name!r}")
        self.report.add(section, f"{dated} cards got a first release date; {no_match} non-prerelease cards "
                                 "without a ygojson match")
        self.report.examples(section, "konami_id taken from ygojson dbID (yaml-yugi lacks the card)", konami_filled)
        self.report.examples(section, "extra alternate passcodes from ygojson passwords/image_passwords", extra_alt, 12)
        self.report.examples(section, "extra placeholder ids (≥ 100,000,000) from ygojson passwords", extra_placeholder, 6)
        self.report.examples(section, "ygojson passwords not taken (they belong to another card)", conflicts, 12)

    def ygojson_passcode(self, g: dict) -> int | None:
        """The card a YGOJSON record was taken for (by its id), if any."""
        return self.ygojson_owner.get(g["id"])

    # -- Skill Cards: released in the TCG (Speed Duel products), dated by YGOJSON

    def apply_skill_releases(self) -> None:
        """Skill Cards are printed for the TCG's Speed Duel products (EDOPro scope SPEED, 0x40): they are TCG cards
        (the Speed Duel pool takes them; Advanced formats still refuse them as never-deck cards). YGOJSON's skill
        records, matched by name (EDOPro adds " (Skill Card)" where a card shares the name), give the first TCG
        release and the Konami ID."""
        section = "skill cards"

        key = skill_key
        records: dict[str, list[dict]] = defaultdict(list)
        for g in self.ygojson_skills:
            records[key(g["name"])].append(g)
        used = {c.konami_id for c in self.main.cards.values() if c.konami_id}
        skills = sorted((c for c in self.main.cards.values() if c.kind == "skill"), key=lambda c: c.passcode)
        dated, close, unmatched, taken = 0, [], [], set()
        import difflib

        for card in skills:
            card.tcg, card.ocg = pools_of(card.kind)
            found = records.get(key(card.name), [])
            if not found:
                near = difflib.get_close_matches(key(card.name), list(records), n=1, cutoff=0.92)
                found = records.get(near[0], []) if near else []
                if found:
                    close.append(f"{card.passcode} {card.name!r} → YGOJSON {found[0]['name']!r}")
            if len(found) > 1:  # the same Skill Card recorded twice: the record of the very name
                found = [g for g in found if g["name"] == card.name] or found
            if len(found) != 1:
                unmatched.append(f"{card.passcode} {card.name!r}: {len(found)} YGOJSON records")
                continue
            g = found[0]
            taken.add(g["id"])
            first = (g.get("_derived_first_release") or {}).get("tcg")
            if first and re.fullmatch(r"\d{4}-\d\d-\d\d", first):
                card.tcg_date = first
                dated += 1
            dbid = (g.get("externalIDs") or {}).get("dbID")
            if isinstance(dbid, int) and dbid > 0 and dbid not in used:  # YGOJSON numbers some skills below 0
                card.konami_id = dbid
                used.add(dbid)
        self.report.add(section, f"{len(skills)} Skill Cards (cards-skills.cdb, scope SPEED) → released in the TCG; "
                                 f"{dated} dated and {sum(c.konami_id is not None for c in skills)} given a Konami ID "
                                 "from YGOJSON's skill records")
        self.report.examples(section, "matched to a YGOJSON record of a slightly different spelling", close, 12)
        self.report.examples(section, "no YGOJSON record (TCG release date unknown)", unmatched, 12)
        self.report.examples(section, "YGOJSON skill records no Skill Card of the cdb matches",
                             sorted(g["name"] for gs in records.values() for g in gs if g["id"] not in taken), 12)

    # -- TCG/OCG availability: every source votes

    def decide_pools(self) -> None:
        """A card is released in a pool when most of the sources that say anything say so: yaml-yugi's
        limit_regulation (Konami's database), a set number printed for the region, a YGOJSON first release
        date up to the snapshot, the cdb's `ot` bit. A tie goes to yaml-yugi, then to the cdb. The printings
        decide the cards Konami's database marks "Not yet released" although they were sold (Super War-Lion
        PP02-EN001), and the cdb's stale bits are outvoted (the 2020 Adamancipators)."""
        patterns: dict[str, list[str]] = defaultdict(list)
        overruled = []
        for passcode, (y, ot) in sorted(self.pool_evidence.items()):
            card = self.main.cards[passcode]
            g = self.ygojson_of.get(passcode)
            for pool, bit, region in (("tcg", OT_TCG, "en"), ("ocg", OT_OCG, "ja")):
                votes, shown = pool_votes(y, ot, g, pool, bit, region, YAML_YUGI["date"])
                value = decide(votes)
                setattr(card, pool, value)
                said = {v for v in votes.values() if v is not None}
                if len(said) < 2:
                    continue
                line = f"{passcode} {card.name!r} {pool.upper()}: {'; '.join(shown)} → {'released' if value else 'not released'}"
                if votes["yaml-yugi"] is not None and value != votes["yaml-yugi"]:
                    overruled.append(line)
                else:
                    key = ", ".join(f"{k} {'yes' if v else 'no'}" for k, v in votes.items() if v is not None)
                    patterns[f"{pool.upper()} {key} → {'released' if value else 'not released'}"].append(line)
        section = "availability"
        self.report.examples(section, "yaml-yugi's limit_regulation outvoted by the other sources", overruled, 50)
        self.report.add(section, "other disagreements, decided as yaml-yugi says (by pattern):")
        for key, lines in sorted(patterns.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            self.report.examples(section, f"  {key}", lines, 2)

    # -- first release dates the sources do not give: from the sets the card is printed in

    def derive_dates(self) -> None:
        """A set's release date is the first release date most of its dated cards share (the cards it
        introduced); a card without a date, every set of whose region has such a date, takes the earliest.
        Checked on the cards whose date is known, and reported."""
        section = "release dates"
        official = [c for c in self.main.cards.values() if c.origin == "official" and c.kind in ("main", "extra")]
        for pool, region in (("tcg", "en"), ("ocg", "ja")):
            attr = f"{pool}_date"
            sets_of = {c.passcode: set_prefixes(self.pool_evidence.get(c.passcode, (None, None))[0], region)
                       for c in official}
            members: dict[str, list[Card]] = defaultdict(list)
            for c in official:
                for prefix in sets_of[c.passcode]:
                    members[prefix].append(c)

            def set_date(prefix: str, without: int | None = None) -> str | None:
                dates = [getattr(c, attr) for c in members[prefix] if getattr(c, attr) and c.passcode != without]
                if not dates:
                    return None
                (day, n), = Counter(dates).most_common(1)
                return day if n >= 10 and n >= 0.8 * len(dates) else None

            def estimate(c: Card, without: int | None = None) -> str | None:
                days = [set_date(prefix, without) for prefix in sorted(sets_of[c.passcode])]
                return min(days) if days and None not in days else None

            checked = Counter()
            for c in official:
                if getattr(c, attr) and sets_of[c.passcode]:
                    guess = estimate(c, without=c.passcode)
                    if guess is not None:
                        off = abs((date.fromisoformat(guess) - date.fromisoformat(getattr(c, attr))).days)
                        checked["exact" if off == 0 else "within a week" if off <= 7 else "further off"] += 1
            missing = sorted((c for c in official if getattr(c, pool) and not getattr(c, attr)), key=lambda c: c.passcode)
            derived, unknown = [], []
            for c in missing:
                guess = estimate(c)
                if guess is not None and guess <= YAML_YUGI["date"]:
                    setattr(c, attr, guess)
                    derived.append(f"{c.passcode} {c.name!r}: {pool.upper()} {guess} from {', '.join(sorted(sets_of[c.passcode]))}")
                else:
                    unknown.append(f"{c.passcode} {c.name!r} ({', '.join(sorted(sets_of[c.passcode])) or 'no set number'})")
            self.report.add(section, f"{pool.upper()}: {len(missing)} released cards without a first release date; "
                                     f"the set method, checked on the cards whose date is known: "
                                     f"{dict(sorted(checked.items()))}")
            self.report.examples(section, f"{pool.upper()} dates derived from the sets", derived, 20)
            self.report.examples(section, f"{pool.upper()} dates unknown (a --as-of check before the data's date "
                                          "warns for them)", unknown, 10)

    # -- output

    def validate(self) -> None:
        seen: dict[int, str] = {}
        for label, index in (("cards.jsonl", self.main), ("other_cards.jsonl", self.other)):
            for card in index.cards.values():
                for p in [card.passcode, *card.alt_passcodes]:
                    if p in seen:
                        raise SystemExit(f"passcode {p} twice: {seen[p]} and {label}")
                    seen[p] = label
                if card.group is not None:
                    target = self.main.cards.get(card.group) or self.other.cards.get(card.group)
                    if target is None or target.group is not None:
                        raise SystemExit(f"group of {card.passcode} is not a root card: {card.group}")
                    if label == "cards.jsonl" and card.group not in self.main.cards:
                        raise SystemExit(f"group of {card.passcode} is outside the main index")
        for key, value in self.placeholders.items():
            if key in seen:
                raise SystemExit(f"placeholder {key} is also a card passcode ({seen[key]})")
            if value not in self.main.owner:
                raise SystemExit(f"placeholder {key} → {value}: unknown target")
        konami = Counter(c.konami_id for c in self.main.cards.values() if c.konami_id)
        dup = [k for k, n in konami.items() if n > 1]
        if dup:
            self.report.add("WARNINGS", f"Konami IDs on more than one card: {sorted(dup)}")

    def sources(self) -> list[dict]:
        return [
            {**BABELCDB, "used_for": "passcodes, alternate artworks, alias groups, card types, Skill Cards, "
                                     "prerelease placeholders",
             "files": "edopro/cards.reconstructed.cdb (BabelCDB 2020-03-30 + Delta repos), edopro/cdb/cards-skills.cdb, "
                      "edopro/cdb/prerelease-*.cdb, edopro/cdb/cards.delta.cdb"},
            {**YAML_YUGI, "used_for": "official English names, Konami IDs, TCG/OCG availability (limit_regulation "
                                      "and set numbers), cards missing from the cdb", "files": "yaml-yugi/cards.jsonl"},
            {**YGOJSON, "used_for": "first TCG/OCG release dates (_derived_first_release, else from the sets a card "
                                    "is printed in), availability evidence, extra passwords, Konami ID fallback",
             "files": "ygojson/cards.min.jsonl"},
            {**DELTA_BAGOOSKA, "used_for": "prerelease placeholder id → official passcode",
             "files": "edopro/mappings.json"},
        ]

    def document(self, index: Index, sources: list[dict], placeholders: bool) -> dict:
        doc = {"schema": 2, "generated_by": GENERATED_BY, "sources": sources, "fields": FIELDS,
               "cards": [index.cards[p].row() for p in sorted(index.cards)]}
        if placeholders:
            doc["placeholders"] = {str(k): self.placeholders[k] for k in sorted(self.placeholders)}
        return doc


def build_cards(shared: Path, report: Report) -> Builder:
    b = Builder(shared, report)
    cdb_rows = b.add_official_cdb()
    b.apply_yaml_yugi(cdb_rows)
    b.add_skills()
    b.add_mappings()
    b.add_prereleases()
    b.add_other(cdb_rows)
    b.apply_ygojson()
    b.apply_skill_releases()
    b.decide_pools()
    b.derive_dates()
    b.validate()
    main, other = b.main.cards.values(), b.other.cards.values()
    report.add("counts", f"cards.jsonl: {len(main)} cards, {sum(len(c.alt_passcodes) for c in main)} alternate passcodes, "
                         f"{len(b.placeholders)} placeholders")
    report.add("counts", f"  by kind {dict(sorted(Counter(c.kind for c in main).items()))}, "
                         f"by origin {dict(sorted(Counter(c.origin for c in main).items()))}")
    report.add("counts", f"  tcg=1: {sum(c.tcg for c in main)}, ocg=1: {sum(c.ocg for c in main)}, "
                         f"konami_id: {sum(c.konami_id is not None for c in main)}, "
                         f"tcg_date: {sum(c.tcg_date is not None for c in main)}, "
                         f"ocg_date: {sum(c.ocg_date is not None for c in main)}, "
                         f"in a name group: {sum(c.group is not None for c in main)}")
    report.add("counts", f"  placeholders by source: {dict(sorted(Counter(b.placeholder_source.values()).items()))}")
    report.add("counts", f"other_cards.jsonl: {len(other)} cards, {sum(len(c.alt_passcodes) for c in other)} alternate "
                         f"passcodes, by origin {dict(sorted(Counter(c.origin for c in other).items()))}")
    return b


def write_index(path: Path, doc: dict) -> None:
    """The index as deckcheck reads it (JSON Lines; deckcheck/update/index_file.py says how)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(index_bytes(doc))


# ------------------------------------------------------------------------------------------- banlists


@dataclass
class OfficialList:
    fmt: str
    effective: str
    upstream_path: str
    regulation: dict[str, int]  # Konami ID (str) or, for OCG lists before 2021, English name -> 0/1/2
    by_name: bool = False
    notes: list[str] = field(default_factory=list)
    effective_by_region: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.effective[:4]}.{self.effective[5:7]} {self.fmt.upper()}"


def official_lists(shared: Path, report: Report, corrections) -> tuple[list[OfficialList], list[tuple[str, dict, dict]]]:
    """Konami's dated lists: every TCG list (1999 on), the OCG lists in force from 2020 on (the OCG before 2021
    only exists keyed by English name),
    dated by the corrections file where the upstream filing is not the effective date; and the OCG dates
    filed both by name and by Konami ID, for comparison."""
    root = shared / "yaml-yugi-limit-regulation"
    lists: list[OfficialList] = []
    overlap: list[tuple[str, dict, dict]] = []  # OCG dates filed both by name and by Konami ID
    vectors: dict[tuple[str, str], dict] = {}
    for fmt in ("tcg", "ocg"):
        for path in sorted((root / fmt).glob("*.vector.json")):
            doc = read_json(path)
            stem = path.name.split(".")[0]
            if doc["date"] != stem:
                report.add("WARNINGS", f"{path.name}: date field {doc['date']} ≠ file name")
            vectors[(fmt, stem)] = doc["regulation"]
    for (fmt, stem), regulation in sorted(vectors.items()):
        if fmt == "tcg" and stem in TCG_DUPLICATE_FILINGS:
            later = TCG_DUPLICATE_FILINGS[stem]
            same = vectors.get((fmt, later)) == regulation
            report.add("list dates", f"TCG {stem}.vector.json vs {later}.vector.json: "
                                     f"{'identical' if same else 'DIFFERENT'} ({len(regulation)} entries); "
                                     f"one Konami list (\"December 2024\") — shipped once, as {later}")
            if not same:
                raise SystemExit(f"TCG {stem} and {later} differ: decide which one is the list")
            continue
        lst = OfficialList(fmt, stem, f"data/{fmt}/{stem}.vector.json", regulation)
        correction = corrections.date_for_filing(fmt, stem)
        if correction is not None:
            lst.effective = correction.effective
            lst.effective_by_region = dict(correction.effective_by_region)
            moved = f"effective {lst.effective}, filed upstream as {stem}" if lst.effective != stem else f"effective {stem}"
            regions = "".join(f"; {r} {d}" for r, d in sorted(lst.effective_by_region.items()))
            lst.notes.append(f"Dated by deckcheck/data/corrections.yaml: {moved}{regions}. {correction.note} "
                             f"Source: {correction.source}.")
        for early, later in TCG_DUPLICATE_FILINGS.items():
            if fmt == "tcg" and later == stem:
                lst.notes.append(f"Konami's \"December 2024\" TCG list is filed upstream twice with identical content, "
                                 f"as {early}.vector.json and {stem}.vector.json. Shipped once, effective {stem}: the date "
                                 "the list took effect (it was revealed a few days earlier).")
        lists.append(lst)
    for path in sorted((root / "ocg").glob("*.name.json")):
        stem = path.name.split(".")[0]
        names = read_json(path)
        if ("ocg", stem) in vectors:
            if stem >= FIRST_OCG_LIST_DATE:
                overlap.append((stem, names, vectors[("ocg", stem)]))
            continue
        lists.append(OfficialList("ocg", stem, f"data/ocg/{stem}.name.json", names, by_name=True, notes=[
            "Konami's OCG list as filed upstream keyed by English card name (no Konami IDs before 2021); "
            "names mapped to cards through yaml-yugi."]))
    kept = [l for l in lists if l.fmt == "tcg"]  # every TCG list Konami archives, back to 1999
    dated = sorted((l for l in lists if l.fmt == "ocg"), key=lambda l: l.effective)
    before = [l for l in dated if l.effective < FIRST_OCG_LIST_DATE]  # the OCG: from 2020 on
    if before and not any(l.effective == FIRST_OCG_LIST_DATE for l in dated):
        kept.append(before[-1])
        before[-1].notes.append(f"Shipped because it was still in force on {FIRST_OCG_LIST_DATE}, the first day "
                                "deckcheck's OCG history covers.")
    kept += [l for l in dated if l.effective >= FIRST_OCG_LIST_DATE]
    return sorted(kept, key=lambda l: (l.fmt, l.effective)), overlap


def read_lflists(path: Path) -> dict[str, list[tuple[int, int]]]:
    """EDOPro lflist.conf: `!name` starts a list; `<passcode> <count>[--comment]` entries."""
    lists: dict[str, list[tuple[int, int]]] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("!"):
            current = line[1:].strip()
            lists[current] = []
        elif current and line and line[0].isdigit():
            code, _, rest = line.partition(" ")
            m = re.match(r"-?\d+", rest.strip())
            if code.isdigit() and m:
                lists[current].append((int(code), int(m.group())))
    return lists


class StatusHistory:
    """YGOJSON's legality history (from Yugipedia): every status change of every card, by Konami ID and date —
    a third witness beside Konami's scraped vectors and EDOPro's lists, and the only one with exact dates."""

    WORDS = {"forbidden": 0, "limited": 1, "semilimited": 2, "semi-limited": 2, "semi_limited": 2, "unlimited": None}

    def __init__(self, records: list[dict]):
        self.changes: dict[str, dict[int, list[tuple[str, int | None]]]] = {"tcg": {}, "ocg": {}}
        self.days: dict[str, Counter] = {"tcg": Counter(), "ocg": Counter()}
        for g in records:
            konami_id = (g.get("externalIDs") or {}).get("dbID")
            for fmt in ("tcg", "ocg"):
                history = ((g.get("legality") or {}).get(fmt) or {}).get("history") or []
                if not konami_id or not history:
                    continue
                steps = sorted((e["date"], self.WORDS[str(e["legality"]).lower()]) for e in history)
                self.changes[fmt][konami_id] = steps
                self.days[fmt].update(day for day, _ in steps)

    def change_day(self, fmt: str, effective: str, also: tuple[str, ...] = ()) -> str | None:
        """The day YGOJSON dates the changes of the list of ``effective``'s month: ``effective`` or a regional
        date if it has changes on one of them, else its busiest day of that month."""
        month = [day for day in self.days[fmt] if day[:7] in {d[:7] for d in (effective, *also)}]
        for day in (effective, *also):
            if day in month:
                return day
        return max(month, key=lambda d: (self.days[fmt][d], d)) if month else None

    def statuses(self, fmt: str, day: str) -> dict[int, int]:
        out = {}
        for konami_id, steps in self.changes[fmt].items():
            status = None
            for when, value in steps:
                if when <= day:
                    status = value
            if status is not None:
                out[konami_id] = status
        return out


class BanlistBuilder:
    def __init__(self, shared: Path, cards: Builder, report: Report):
        self.shared = shared
        self.cards = cards
        self.report = report
        self.konami_owner = {c.konami_id: c.passcode for c in cards.main.cards.values() if c.konami_id}
        self.yy_by_konami: dict[int, list[dict]] = defaultdict(list)
        for y in cards.yy:
            if y.get("konami_id"):
                self.yy_by_konami[y["konami_id"]].append(y)
        history = shared / "edopro" / "lflists" / "history"
        self.edopro: dict[str, dict] = {}
        for fmt, entries in read_json(history / "index.json").items():
            for e in entries:
                lists = read_lflists(history / e["file"])
                self.edopro[e["list_name"]] = {**e, "fmt": fmt, "entries": lists.get(e["list_name"]) or lists.get(e["header_in_file"], [])}
        self.cross_checked: set[str] = set()
        self.corrections = corrections.load(CORRECTIONS_FILE)
        self.history = StatusHistory(read_jsonl(shared / "ygojson" / "cards.min.jsonl"))
        self.agreeing: list[str] = []
        self.unconfirmed: list[str] = []  # lists YGOJSON has no change for in their month (dates as filed)
        self.first_tcg_release = min(c.tcg_date for c in cards.main.cards.values() if c.tcg_date and c.origin == "official")
        self.same_filings: list[str] = []  # OCG dates whose by-name and by-Konami-ID filings agree

    def card_for_konami(self, konami_id: int) -> Card | None:
        passcode = self.konami_owner.get(konami_id)
        if passcode is None:
            for y in self.yy_by_konami.get(konami_id, []):
                passcode = self.cards.main.owner.get(yaml_yugi_password(y))
                if passcode is not None:
                    self.report.add("banlists", f"Konami ID {konami_id} is an alternate printing of {passcode}")
                    break
        return self.cards.main.cards.get(passcode) if passcode is not None else None

    def card_for_name(self, name: str) -> tuple[Card | None, int | None]:
        for y in self.cards.yy_by_name.get(clean_name(name), []):
            passcode = self.cards.main.owner.get(yaml_yugi_password(y))
            if passcode is not None:
                return self.cards.main.cards[passcode], y.get("konami_id")
        card = next((c for c in self.cards.main.cards.values() if c.name == clean_name(name)), None)
        return card, card.konami_id if card else None

    def entries(self, lst: OfficialList) -> list[dict]:
        """The list as shipped: the scraped entries with the corrections file's status fixes applied."""
        out = {e["passcode"] or ("konami", e["konami_id"]): e for e in self.scraped_entries(lst)}
        for fix in self.corrections.statuses_for(lst.fmt, lst.name):
            passcode = self.cards.main.owner.get(fix.passcode)
            if passcode is None:
                raise SystemExit(f"corrections.yaml: {fix.card} {fix.passcode} is no card of the index")
            card = self.cards.main.cards[passcode]
            if fix.count is None:
                out.pop(passcode, None)
            else:
                out[passcode] = {"name": card.name, "passcode": passcode, "konami_id": fix.konami_id or card.konami_id,
                                 "status": fix.count}
        return sorted(out.values(), key=lambda e: (e["name"].casefold(), e["name"], e["passcode"] or 0))

    def scraped_entries(self, lst: OfficialList) -> list[dict]:
        out = []
        for key, status in lst.regulation.items():
            if lst.by_name:
                card, konami_id = self.card_for_name(key)
                label = key
            else:
                konami_id = int(key)
                card = self.card_for_konami(konami_id)
                label = f"Konami ID {key}"
            if card is None:
                names = [y["name"]["en"] for y in self.yy_by_konami.get(konami_id, [])]
                self.report.add("LOUD: unmappable list entries", f"{lst.fmt} {lst.effective}: {label} {names} — "
                                                                  "no card in the index; shipped with passcode null")
                out.append({"name": names[0] if names else str(key), "passcode": None, "konami_id": konami_id,
                            "status": status})
                continue
            if konami_id is not None and card.konami_id not in (None, konami_id):
                self.report.add("banlists", f"{lst.fmt} {lst.effective}: {label} is card {card.passcode} whose "
                                            f"konami_id is {card.konami_id}")
            out.append({"name": card.name, "passcode": card.passcode, "konami_id": konami_id, "status": status})
        passcodes = Counter(e["passcode"] for e in out if e["passcode"] is not None)
        for p, n in passcodes.items():
            if n > 1:
                self.report.add("LOUD: unmappable list entries", f"{lst.fmt} {lst.effective}: card {p} listed {n} times")
        return sorted(out, key=lambda e: (e["name"].casefold(), e["name"], e["passcode"] or 0))

    def edopro_list(self, lst: OfficialList) -> str | None:
        if (lst.fmt, lst.effective) in CROSS_CHECK_OVERRIDES:
            return CROSS_CHECK_OVERRIDES[(lst.fmt, lst.effective)]
        for name, e in sorted(self.edopro.items()):
            m = re.fullmatch(r"(\d{4})\.(\d{1,2}) (TCG|OCG)", name)
            if e["fmt"] == lst.fmt and m and (int(m.group(1)), int(m.group(2))) == (int(lst.effective[:4]), int(lst.effective[5:7])):
                return name
        return None

    def cross_check(self, lst: OfficialList, entries: list[dict], edopro_name: str) -> tuple[list[str], list[str]]:
        """Differences between the official list and EDOPro's, by canonical card. EDOPro repeats a card under its
        alternate passcodes; the entry on the card's own passcode counts, else the strictest alternate's.
        Returns (differences, EDOPro entries for cards outside the official index, which are not differences)."""
        main, other, placeholders = self.cards.main, self.cards.other, self.cards.placeholders
        own: dict[int, int] = {}
        alts: dict[int, list[int]] = defaultdict(list)
        outside = []
        for code, count in self.edopro[edopro_name]["entries"]:
            canonical = main.owner.get(code)
            if canonical is None and code in placeholders:
                canonical = main.owner[placeholders[code]]
            if canonical is None:
                card = other.resolve(code)
                outside.append(f"{code} {card.name!r} ({card.origin}): EDOPro {STATUS_WORDS[count]}" if card
                               else f"{code} (unknown passcode): EDOPro {STATUS_WORDS[count]}")
            elif canonical == code:
                own[canonical] = count
            else:
                alts[canonical].append(count)
        edo = dict(own)
        for canonical, counts in alts.items():
            if canonical not in own:
                edo[canonical] = min(counts)
            elif any(c != own[canonical] for c in counts):
                self.report.add("banlists", f"EDOPro {edopro_name}: {main.cards[canonical].name!r} {canonical} is "
                                            f"{STATUS_WORDS[own[canonical]]} but an alternate passcode has "
                                            f"{sorted(set(counts))} — the card's own entry used")
        official = {e["passcode"]: e["status"] for e in entries if e["passcode"] is not None}
        diffs = []
        for key in sorted(set(official) | set(edo), key=lambda p: (main.cards[p].name, p)):
            ours, theirs = official.get(key), edo.get(key)
            if theirs == 3:
                theirs = None
            if ours != theirs:
                diffs.append(f"{main.cards[key].name} ({key}): official {STATUS_WORDS[ours]}, EDOPro {STATUS_WORDS[theirs]}")
        return diffs, outside

    def history_check(self, lst: OfficialList, entries: list[dict]) -> tuple[str | None, list[str], list[str]]:
        """The day YGOJSON dates the list's changes, the cards whose status differs from YGOJSON's on it, and
        apart from those the entries for cards not yet released in the list's pool that day (YGOJSON gives such
        a card no status; the entry changes no verdict). (None, [], []) when the list is newer than YGOJSON."""
        if lst.effective > YGOJSON["date"]:
            return None, [], []
        day = self.history.change_day(lst.fmt, lst.effective, tuple(lst.effective_by_region.values()))
        theirs = self.history.statuses(lst.fmt, day or lst.effective)
        ours = {e["konami_id"]: e["status"] for e in entries if e["konami_id"] is not None}
        diffs, unreleased = [], []
        for konami_id in sorted(set(ours) | set(theirs)):
            if ours.get(konami_id) != theirs.get(konami_id):
                card = self.card_for_konami(konami_id)
                label = f"{card.name} ({card.passcode})" if card else f"Konami ID {konami_id}"
                line = f"{label}: official {STATUS_WORDS[ours.get(konami_id)]}, YGOJSON {STATUS_WORDS[theirs.get(konami_id)]}"
                first = getattr(card, f"{lst.fmt}_date") if card else None
                if card is not None and theirs.get(konami_id) is None and (
                        not getattr(card, lst.fmt) or (first is not None and first > (day or lst.effective))):
                    unreleased.append(f"{line} (first {lst.fmt.upper()} release {first or 'none'})")
                else:
                    diffs.append(line)
        return day, diffs, unreleased

    def check_dates(self, lst: OfficialList, day: str | None) -> None:
        """The effective date against the day YGOJSON dates the list's changes."""
        correction = self.corrections.date_for_filing(lst.fmt, lst.upstream_path.split("/")[-1].split(".")[0])
        dates = (lst.effective, *lst.effective_by_region.values())
        changes = self.history.days[lst.fmt][day] if day else 0
        witness = (f"YGOJSON dates its {changes} change(s) {day}" if day else
                   "newer than YGOJSON's snapshot" if lst.effective > YGOJSON["date"] else "no YGOJSON change that month")
        agrees = day is None or day in dates
        if correction is not None:
            filed = lst.upstream_path.split("/")[-1].split(".")[0]
            self.report.add("list dates", f"{lst.name}: filed upstream {filed}, corrections.yaml {lst.effective}"
                                          + "".join(f" ({r} {d})" for r, d in sorted(lst.effective_by_region.items()))
                                          + f"; {witness}" + ("" if agrees else " — LOUD: check the correction"))
        elif not agrees:
            self.report.add("list dates", f"LOUD: {lst.name} effective {lst.effective} (as filed upstream), but {witness}: "
                                          "add a list_dates correction or explain it here")
        elif day is None and lst.effective <= YGOJSON["date"]:
            self.unconfirmed.append(lst.name)
        else:
            self.agreeing.append(lst.name)

    def missing_revisions(self, lists: list[OfficialList]) -> dict[str, list[str]]:
        """Days YGOJSON dates status changes on that no list in Konami's archive starts on: revisions between two
        archived lists (the TCG's February 2016 list). Reported, and noted on the list in force that day (which
        then misses those changes); before April 2005 YGOJSON's TCG days are Upper Deck's, summarized once."""
        notes: dict[str, list[str]] = defaultdict(list)
        for fmt in ("tcg", "ocg"):
            dated = sorted((l for l in lists if l.fmt == fmt), key=lambda l: l.effective)
            if not dated:
                continue
            starts = {d for l in dated for d in (l.effective, *l.effective_by_region.values())}
            first = UDE_HISTORY_UNTIL if fmt == "tcg" else dated[0].effective
            early = sorted(d for d in self.history.days[fmt] if d < first and d not in starts)
            if early and fmt == "tcg":
                self.report.add("list dates", f"YGOJSON's TCG history before {first} changes statuses on {len(early)} days "
                                              f"({', '.join(early[:4])} … {early[-1]}): Upper Deck's lists of 2002–2005, "
                                              "which Konami's archive does not carry; its lists of those years are shipped "
                                              "as archived")
            for day in sorted(d for d in self.history.days[fmt] if d >= first and d not in starts):
                in_force = [l for l in dated if l.effective <= day]
                if not in_force:
                    continue
                changes = []
                for konami_id, steps in sorted(self.history.changes[fmt].items()):
                    for when, status in steps:
                        if when == day:
                            card = self.card_for_konami(konami_id)
                            changes.append(f"{card.name if card else konami_id} {STATUS_WORDS[status]}")
                lst = in_force[-1]
                text = (f"YGOJSON (from Yugipedia) dates {len(changes)} status change(s) {day} that no list in Konami's "
                        f"archive carries (a revision while this list was in force; deckcheck has no list for it): "
                        + "; ".join(changes[:8]) + ("; …" if len(changes) > 8 else ""))
                notes[lst.name].append(text)
                self.report.add("list dates", f"{lst.name}: {text}")
        return notes

    def note_ocg_twin(self, lst: OfficialList, entries: list[dict]) -> None:
        """A TCG list from the years the TCG used the OCG's list: say so when it is the OCG list of the same filing
        (it then carries entries for cards not yet released in the TCG)."""
        filed = lst.upstream_path.split("/")[-1].split(".")[0]
        twin = self.shared / "yaml-yugi-limit-regulation" / "ocg" / f"{filed}.name.json"
        if lst.fmt != "tcg" or not twin.is_file() or lst.effective >= OCG_SHARED_UNTIL:
            return
        ocg = {self.card_for_name(name)[1]: status for name, status in read_json(twin).items()}
        ours = {e["konami_id"]: e["status"] for e in entries}
        apart = sum(1 for k in set(ocg) | set(ours) if ocg.get(k) != ours.get(k))
        if apart > len(ours) // 20:
            return
        same = "entry for entry" if apart == 0 else f"in all but {apart} entr{'y' if apart == 1 else 'ies'}"
        lst.notes.append(f"As filed upstream the list is, {same}, Konami's OCG list filed for the same day (data/ocg/{filed}.name.json): until September "
                         "2013 the TCG used the OCG's list with few exceptions (videogamesuncovered.com, 2013-08-21: the TCG "
                         "list \"will usually be nearly identical to the list the OCG use\"), so it has entries for cards "
                         "not yet released in the TCG.")
        self.report.add("list statuses", f"{lst.name}: as filed, {same} the OCG list filed {filed}")

    def build(self, out_dir: Path) -> list[Path]:
        written = []
        lists, overlap = official_lists(self.shared, self.report, self.corrections)
        self.revision_notes = self.missing_revisions(lists)
        self.built = {(lst.fmt, lst.effective): lst for lst in lists}
        for stem, names, vector in overlap:
            self.compare_name_list(stem, names, vector)
        self.check_corrections_match(lists)
        previous: dict[str, OfficialList] = {}
        quiet = []
        for lst in lists:
            scraped, entries = self.scraped_entries(lst), self.entries(lst)
            edopro_name = self.edopro_list(lst)
            day, history_diffs, unreleased = self.history_check(lst, entries)
            self.check_dates(lst, day)
            lst.notes += self.revision_notes.get(lst.name, [])
            self.note_ocg_twin(lst, scraped)
            if lst.fmt == "tcg" and lst.effective < self.first_tcg_release:
                lst.notes.append(f"Konami's EU site archives this list among the TCG's, but it is older than the TCG: the "
                                 f"first TCG release date in the card index is {self.first_tcg_release}.")
            cross = None
            raw = []
            if edopro_name:
                self.cross_checked.add(edopro_name)
                diffs, outside = self.cross_check(lst, entries, edopro_name)
                raw = self.cross_check(lst, scraped, edopro_name)[0]
                if outside:
                    self.report.examples("list statuses", f"{lst.name} vs EDOPro {edopro_name!r}: EDOPro entries for "
                                                          "non-official cards (not differences)", outside)
                commit = self.edopro[edopro_name]
                cross = {"list": edopro_name, "commit": commit["source_commit"], "date": commit["commit_date"][:10],
                         "differences": len(diffs)}
                if diffs:
                    self.report.examples("list statuses", f"{lst.name} vs EDOPro {edopro_name!r}: differences (the "
                                                          "official list is shipped" + self.absorbed_revision(lst, edopro_name).replace(".", ";", 1)
                                                          + ")", diffs, 50)
                    lst.notes.append(f"EDOPro's {edopro_name!r} differs from Konami's list in {len(diffs)} place(s); "
                                     "the official list is shipped: " + "; ".join(diffs[:10])
                                     + ("; …" if len(diffs) > 10 else "") + self.absorbed_revision(lst, edopro_name))
            elif lst.effective < EDOPRO_HISTORY_FROM:
                lst.notes.append(f"EDOPro's list history starts in {EDOPRO_HISTORY_FROM[:4]}: no EDOPro list to cross-check against.")
            else:
                lst.notes.append("No EDOPro list of this name to cross-check against.")
            history = None
            if day is not None or lst.effective <= YGOJSON["date"]:
                history = {"date": day or lst.effective, "differences": len(history_diffs)}
                if unreleased:
                    history["not_yet_released"] = len(unreleased)
            raw_history = self.history_check(lst, scraped)[1] if history is not None else []
            if unreleased:
                self.report.examples("list statuses", f"{lst.name} vs YGOJSON history of {day or lst.effective}: entries "
                                                      f"for cards not yet released in the {lst.fmt.upper()} that day "
                                                      "(YGOJSON gives them no status; no verdict changes)", unreleased, 4)
            fixes = self.corrections.statuses_for(lst.fmt, lst.name)
            for fix in fixes:
                lst.notes.append(f"Corrected by deckcheck/data/corrections.yaml: {fix.card} is {fix.status.replace('_', '-')} "
                                 f"on this list (the scraped vector says {fix.was.replace('_', '-')}). {fix.note} "
                                 f"Source: {fix.source}.")
            if fixes or raw != (self.cross_check(lst, entries, edopro_name)[0] if edopro_name else []):
                self.report_fixes(lst, fixes, raw if edopro_name else None, raw_history)
            if history_diffs:
                both = sorted(set(d.split(":")[0] for d in history_diffs)
                              & set(d.split(":")[0] for d in (self.cross_check(lst, entries, edopro_name)[0]
                                                              if edopro_name else [])))
                era = (" (YGOJSON's TCG history before April 2005 records Upper Deck's lists, on other days: "
                       "Konami's archived list is shipped)" if lst.fmt == "tcg" and lst.effective < UDE_HISTORY_UNTIL else "")
                self.report.examples("list statuses", f"{lst.name} vs YGOJSON history of {day or lst.effective}: differences"
                                                      + era + (f" — LOUD: EDOPro disagrees too on {both}" if both else ""),
                                     history_diffs, 20)
            if not (fixes or history_diffs or unreleased or (cross and cross["differences"])):
                quiet.append(lst.name)
            if (lst.fmt, lst.effective) in CROSS_CHECK_OVERRIDES:
                prev = previous.get(lst.fmt)
                changes = self.changes(prev, lst) if prev else []
                lst.notes.insert(0, f"A revision of {prev.name} effective {lst.effective}: " + "; ".join(changes)
                                 + f". EDOPro has no list of its own for it: it updated {edopro_name!r} in place, "
                                   "so that list is the cross-check.")
            aliases = [edopro_name] if edopro_name and edopro_name != lst.name and \
                (lst.fmt, lst.effective) not in CROSS_CHECK_OVERRIDES else []
            path = out_dir / "banlists" / lst.fmt / f"{lst.effective}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(banlist_yaml(lst, entries, aliases, cross, history), encoding="utf-8", newline="\n")
            yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)  # must stay loadable
            written.append(path)
            previous[lst.fmt] = lst
            counts = Counter(e["status"] for e in entries)
            self.report.add("lists", f"{path.relative_to(out_dir)}  {lst.name!r}: {len(entries)} entries "
                                     f"(F {counts[0]}, L {counts[1]}, S {counts[2]}); EDOPro "
                                     f"{cross['differences'] if cross else '—'}, YGOJSON "
                                     f"{history['differences'] if history else '—'} difference(s)")
        self.report.add("list dates", f"{len(self.agreeing)} other lists: the effective date is the day YGOJSON "
                                      "dates the list's changes (or the list is newer than YGOJSON)")
        if self.unconfirmed:
            self.report.add("list dates", f"{len(self.unconfirmed)} lists with no YGOJSON change in their month, dated as "
                                          f"filed upstream (the first of the month): {', '.join(self.unconfirmed)}")
        self.report.add("list statuses", f"{len(quiet)} lists: entry for entry equal to EDOPro's list and YGOJSON's "
                                         "history (where they have it), no correction")
        self.report.add("list statuses", f"OCG {', '.join(self.same_filings)}: filed upstream by name and by Konami ID, "
                                         "the two filings equal")
        for name in sorted(set(self.edopro) - self.cross_checked):
            if self.edopro[name]["fmt"] in ("tcg", "ocg"):
                self.report.add("list statuses", f"EDOPro list {name!r} matches no official list")
        return written

    def report_fixes(self, lst: OfficialList, fixes, raw_edopro: list[str] | None, raw_history: list[str]) -> None:
        """What the scrape said, what EDOPro and YGOJSON say, and what corrections.yaml made of it."""
        edopro = "(EDOPro has no list of it)" if raw_edopro is None else f"from EDOPro's list in {len(raw_edopro)}"
        self.report.add("list statuses", f"{lst.name}: the scraped vector differs {edopro} and from YGOJSON's history "
                                         f"in {len(raw_history)} place(s):")
        raw_edopro = raw_edopro or []
        for line in sorted(set(raw_edopro) | set(raw_history)):
            self.report.add("list statuses", f"    {line}")
        for fix in fixes:
            self.report.add("list statuses", f"    corrected (corrections.yaml): {fix.card} {fix.passcode} "
                                             f"{fix.was} → {fix.status}")

    def check_corrections_match(self, lists: list[OfficialList]) -> None:
        """Every correction names a list that is built, and a status correction still changes the scrape."""
        names = {(l.fmt, l.name.casefold()): l for l in lists}
        for fix in self.corrections.dates:
            if (fix.format, fix.list.casefold()) not in names:
                raise SystemExit(f"corrections.yaml: list_dates names {fix.list!r}, which the build does not make "
                                 f"(filed {fix.filed}) — correct the entry")
        for fix in self.corrections.statuses:
            lst = names.get((fix.format, fix.list.casefold()))
            if lst is None:
                raise SystemExit(f"corrections.yaml: list_statuses names {fix.list!r}, which the build does not make")
            scraped = {e["passcode"]: e["status"] for e in self.scraped_entries(lst)}
            passcode = self.cards.main.owner.get(fix.passcode)
            if STATUS_KEYS.get(scraped.get(passcode), "unlimited") == fix.status:
                self.report.add("list statuses", f"{lst.name}: corrections.yaml sets {fix.card} {fix.status}, which "
                                                 "the scrape now says too — the correction can go")
            elif STATUS_KEYS.get(scraped.get(passcode), "unlimited") != fix.was:
                self.report.add("list statuses", f"LOUD: {lst.name}: corrections.yaml expects the scrape to say "
                                                 f"{fix.card} {fix.was}; it says "
                                                 f"{STATUS_KEYS.get(scraped.get(passcode), 'unlimited')}")

    @staticmethod
    def absorbed_revision(lst: OfficialList, edopro_name: str) -> str:
        for (fmt, day), name in CROSS_CHECK_OVERRIDES.items():
            if name == edopro_name and (fmt, day) != (lst.fmt, lst.effective):
                return (f". EDOPro updated {edopro_name!r} in place with the revision that took effect {day} "
                        f"(shipped as banlists/{fmt}/{day}.yaml)")
        return ""

    def compare_name_list(self, stem: str, names: dict[str, int], vector: dict[str, int]) -> None:
        by_name = {}
        for name, status in names.items():
            card, konami_id = self.card_for_name(name)
            by_name[str(konami_id)] = (name, status)
        diffs = []
        for key in sorted(set(by_name) | set(vector)):
            a, b = by_name.get(key, (None, None))[1], vector.get(key)
            if a != b:
                label = by_name.get(key, (None,))[0] or (self.card_for_konami(int(key)) or Card(0, key, 0, "")).name
                diffs.append(f"{label}: by name {STATUS_WORDS[a]}, by Konami ID {STATUS_WORDS[b]}")
        if diffs:
            self.report.examples("list statuses", f"OCG {stem}: filed upstream both by name ({len(names)}) and by "
                                                  f"Konami ID ({len(vector)}); the Konami ID vector is shipped (it is "
                                                  "the one checked against EDOPro and YGOJSON). Differences", diffs)
        else:
            self.same_filings.append(stem)

    def changes(self, prev: OfficialList, lst: OfficialList) -> list[str]:
        a = {e["passcode"]: e for e in self.entries(prev)}
        b = {e["passcode"]: e for e in self.entries(lst)}
        out = []
        for p in sorted(set(a) | set(b), key=lambda p: (a.get(p) or b.get(p))["name"]):
            sa, sb = (a[p]["status"] if p in a else None), (b[p]["status"] if p in b else None)
            if sa != sb:
                out.append(f"{(a.get(p) or b.get(p))['name']} {STATUS_WORDS[sa]} → {STATUS_WORDS[sb]}")
        return out


def banlist_yaml(lst: OfficialList, entries: list[dict], aliases: list[str], cross: dict | None,
                 history: dict | None) -> str:
    published = ("Konami (yugioh-card.com EU)" if lst.fmt == "tcg"
                 else "Konami (yugioh-card.com/japan), transcribed by card name" if lst.by_name
                 else "Konami (yugioh-card.com/japan)")
    source = {"official": {"repository": LIMIT_REGULATION["repository"], "path": lst.upstream_path,
                           "commit": LIMIT_REGULATION["commit"], "date": LIMIT_REGULATION["date"],
                           "published_by": published}}
    if cross:
        source["cross_check"] = {"repository": LFLISTS_REPOSITORY, "list": cross["list"], "commit": cross["commit"],
                                 "date": cross["date"], "differences": cross["differences"]}
    if history:
        source["history_check"] = {"repository": YGOJSON["repository"], "commit": YGOJSON["commit"],
                                   "date": YGOJSON["date"], "changes_dated": history["date"],
                                   "differences": history["differences"]}
        if history.get("not_yet_released"):
            source["history_check"]["not_yet_released"] = history["not_yet_released"]
    return list_file_text(
        "Forbidden & Limited list. Generated by tools/build_data.py; edit by hand only for a house list.",
        lst.name, lst.fmt, lst.effective, [{**e, "status": STATUS_KEYS[e["status"]]} for e in entries],
        effective_by_region=lst.effective_by_region, aliases=aliases, source=source, notes=lst.notes,
    )


# ------------------------------------------------------------------------------- lists of the other formats

GENESYS_PUBLISHER = "Konami (Genesys PointsList, scraped daily)"  # registration.yugioh-card.com/genesys/CardListSearch/PointsList
OCG_GENESYS_PUBLISHER = "Konami (yugioh-card.com/japan)"
# The release cut-off Konami's OCG GENESYS page gives each points list (the vectors do not carry it): "cards in
# products newly released from 2025-11-01 on cannot be used (cards up to those released by 2025-10-31 can)".
# The pages are stored upstream beside the vectors, in the same commit (not copied into shared/data).
OCG_GENESYS_CUTOFFS = {
    "2026-06-01": ("2025-10-31", "data/ocg-genesys/202606.html"),
    "2026-08-01": ("2025-10-31", "data/ocg-genesys/202608.html"),
}
EDOPRO_CURRENT = "edopro/lflists/current"
SPEED_LIST_CHANGED = "2025-07-11"  # YGOJSON dates the Speed Duel list's latest changes on it (Doomcaliber Knight …)
GOAT_LIST = "2005-04-01"  # the TCG list of the GOAT Format (banlists/tcg/2005-04-01.yaml)
SPEED_WORDS = {"Unlimited": "unlimited", "Limited 3": "limited_3", "Limited 2": "limited_2", "Limited 1": "limited_1",
               "Forbidden": "forbidden", "unlimited": "unlimited", "limit3": "limited_3", "limit2": "limited_2",
               "limit1": "limited_1", "forbidden": "forbidden"}
STATUS_OF_COUNT = {0: "forbidden", 1: "limited", 2: "semi_limited"}


def edopro_sections(path: Path) -> dict[str, list[tuple[int, int, str | None]]]:
    """An EDOPro list file as `!name` → [(passcode, count, the `#section` comment above it)]."""
    lists: dict[str, list[tuple[int, int, str | None]]] = {}
    current, section = None, None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("!"):
            current, section = line[1:].strip(), None
            lists[current] = []
        elif line.startswith("#") and not line.startswith("##"):
            section = line[1:].strip()
        elif current and line and line[0].isdigit():
            code, _, rest = line.partition(" ")
            m = re.match(r"-?\d+", rest.strip())
            if code.isdigit() and m:
                lists[current].append((int(code), int(m.group()), section))
    return lists


class FormatListBuilder:
    """The lists of the formats beyond TCG and OCG Advanced: Genesys and OCG Genesys points lists, the GOAT card
    pool, the Speed Duel list. Each source's cards are mapped to the card index; disagreements are reported."""

    def __init__(self, shared: Path, lists: BanlistBuilder, report: Report):
        self.shared = shared
        self.lists = lists
        self.cards = lists.cards
        self.report = report
        self.root = shared / "yaml-yugi-limit-regulation"
        self.summary: list[str] = []  # one line per format, for the report's summary

    # -- helpers

    def card_for_code(self, code: int) -> tuple[Card | None, Card | None]:
        """(the official card an EDOPro passcode is, the unofficial row it is if it is one)."""
        main, other = self.cards.main, self.cards.other
        if code in main.owner:
            return main.resolve(code), None
        if code in self.cards.placeholders:
            return main.resolve(self.cards.placeholders[code]), None
        row = other.resolve(code)
        if row is not None and row.group is not None and row.group in main.cards:
            return main.cards[row.group], row
        return None, row

    def points_entries(self, fmt: str, vector: dict[str, int], day: str) -> list[dict]:
        out = []
        for key, points in vector.items():
            card = self.lists.card_for_konami(int(key))
            if card is None:
                names = [y["name"]["en"] for y in self.lists.yy_by_konami.get(int(key), [])]
                self.report.add("LOUD: unmappable list entries", f"{fmt} {day}: Konami ID {key} {names} — no card in "
                                                                  "the index; shipped with passcode null")
            out.append({"name": card.name if card else (str(key)), "passcode": card.passcode if card else None,
                        "konami_id": int(key), "points": points})
        return sorted(out, key=lambda e: (e["name"].casefold(), e["name"], e["passcode"] or 0))

    @staticmethod
    def points_by_card(entries: list[dict]) -> dict[int, int]:
        return {e["passcode"]: e["points"] for e in entries if e["passcode"] is not None}

    def compare_points(self, ours: dict[int, int], theirs: dict[int, int], label: str = "other") -> list[str]:
        diffs = []
        for p in sorted(set(ours) | set(theirs), key=lambda p: (self.cards.main.cards[p].name, p)):
            a, b = ours.get(p), theirs.get(p)
            if a != b:
                diffs.append(f"{self.cards.main.cards[p].name} ({p}): Konami {a if a is not None else '—'}, "
                             f"{label} {b if b is not None else '—'}")
        return diffs

    def write(self, out_dir: Path, fmt: str, day: str, text: str) -> Path:
        path = out_dir / "banlists" / fmt / f"{day}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)  # must stay loadable
        return path

    def official_source(self, path: str, published_by: str) -> dict:
        return {"repository": LIMIT_REGULATION["repository"], "path": path, "commit": LIMIT_REGULATION["commit"],
                "date": LIMIT_REGULATION["date"], "published_by": published_by}

    # -- Genesys (TCG)

    def genesys(self, out_dir: Path) -> list[Path]:
        """Konami's points vectors, one list per day the content changed. `effective` is that day: the first
        daily scrape on which Konami's PointsList served these points (the list in force from then on)."""
        section = "genesys"
        vectors = []
        for path in sorted((self.root / "genesys").glob("*.vector.json")):
            doc = read_json(path)
            day = path.name.split(".")[0]
            if doc["date"] != day:
                self.report.add("WARNINGS", f"genesys/{path.name}: date field {doc['date']} ≠ file name")
            vectors.append((day, f"data/genesys/{path.name}", self.points_entries("genesys", doc["regulation"], day)))
        # EDOPro's Genesys lists (history and current), each compared with the shipped list it is closest to
        edopro: dict[str, tuple[dict[int, int], dict]] = {}
        history = self.shared / "edopro" / "lflists" / "history"
        for e in read_json(history / "index.json").get("genesys", []):
            entries = edopro_sections(history / e["file"]).get(e["header_in_file"], [])
            edopro[e["list_name"]] = (self.edopro_points(entries, e["list_name"]), e)
        for name, entries in edopro_sections(self.shared / EDOPRO_CURRENT / "Genesys.lflist.conf").items():
            same = name in edopro and sorted(entries) == sorted(edopro_sections(
                history / edopro[name][1]["file"]).get(edopro[name][1]["header_in_file"], []))
            self.report.add(section, f"EDOPro's current Genesys.lflist.conf is {name!r}"
                                     + (", the last list of its history" if same else " — LOUD: not in its history"))
        matched: dict[str, tuple[str, dict, list[str]]] = {}
        for name, (theirs, meta) in sorted(edopro.items()):
            ranked = sorted(vectors, key=lambda v: (len(self.compare_points(self.points_by_card(v[2]), theirs)), v[0]))
            best = ranked[0]
            diffs = self.compare_points(self.points_by_card(best[2]), theirs, "EDOPro")
            named = [v for v in vectors if v[0][:7] == f"{name[:4]}-{name[5:7]}"]
            if named and named[-1] is not best:
                self.report.add(section, f"EDOPro {name!r} is named for {named[-1][0][:7]} but its last version "
                                         f"({meta['commit_date'][:10]}) has the points of Konami's list of {best[0]} "
                                         f"({len(diffs)} difference(s); {len(self.compare_points(self.points_by_card(named[-1][2]), theirs))} "
                                         f"from the list of {named[-1][0]})")
            matched[best[0]] = (name, meta, diffs)
            self.report.examples(section, f"EDOPro {name!r} (commit {meta['source_commit'][:12]}, "
                                          f"{meta['commit_date'][:10]}) vs Konami's list of {best[0]}: differences "
                                          "(Konami's points are shipped)", diffs, 12)
        # Konami's raw PointsList of 2026-08-13 against the vector in force that day
        raw_path = self.root / "genesys" / "2026-08-13.raw.json"
        raw_check = None
        if raw_path.is_file():
            results = read_json(raw_path)["Result"]["Results"]
            raw = {}
            for r in results:
                card = self.lists.card_for_konami(r["KonamiId"])
                if card is None:
                    self.report.add(section, f"raw PointsList: Konami ID {r['KonamiId']} {r['Name']!r}: no card")
                    continue
                raw[card.passcode] = r["Points"]
            in_force = [v for v in vectors if v[0] <= "2026-08-13"][-1]
            diffs = self.compare_points(self.points_by_card(in_force[2]), raw, "raw PointsList")
            raw_check = (in_force[0], diffs)
            self.report.examples(section, f"Konami's raw PointsList of 2026-08-13 ({len(results)} results) vs the vector "
                                          f"of {in_force[0]}: differences", diffs, 12)
        # YGOJSON's current points (its snapshot day) against the list in force that day
        ygojson = {}
        for g in read_jsonl(self.shared / "ygojson" / "cards.min.jsonl"):
            points = ((g.get("legality") or {}).get("genesys") or {}).get("currentPoints")
            passcode = self.cards.ygojson_passcode(g)
            if points and passcode is not None:
                ygojson[passcode] = int(points)
        in_force = min(vectors, key=lambda v: (len(self.compare_points(self.points_by_card(v[2]), ygojson)), v[0]))
        ygo_diffs = self.compare_points(self.points_by_card(in_force[2]), ygojson, "YGOJSON")
        self.report.examples(section, f"YGOJSON's currentPoints (snapshot {YGOJSON['date']}; its points history ends "
                                      f"2025-09-24) are closest to Konami's list of {in_force[0]}: differences",
                             ygo_diffs, 12)
        written, previous = [], None
        for day, upstream, entries in vectors:
            source = {"official": self.official_source(upstream, GENESYS_PUBLISHER)}
            notes = [f"Effective {day}: the first daily scrape on which Konami's PointsList served these points (the "
                     "vectors are the scrapes on which the content changed); Konami may have announced them earlier."]
            aliases = []
            if day in matched:
                name, meta, diffs = matched[day]
                source["cross_check"] = {"repository": LFLISTS_REPOSITORY, "list": name, "commit": meta["source_commit"],
                                         "date": meta["commit_date"][:10], "differences": len(diffs)}
                if name[:7] == f"{day[:4]}.{day[5:7]}" and not name.startswith(f"{day[:4]}.{day[5:7]}.{day[8:]}"):
                    aliases.append(name)  # EDOPro's name, where it names the same month
                notes.append(f"EDOPro's {name!r} (published {meta['commit_date'][:10]}) is this list"
                             + (f" but for {len(diffs)} card(s): " + "; ".join(diffs[:6]) + ("; …" if len(diffs) > 6 else "")
                                if diffs else ", card for card") + ".")
            if raw_check and raw_check[0] == day:
                source["raw_check"] = {"repository": LIMIT_REGULATION["repository"], "path": "data/genesys/2026-08-13.raw.json",
                                       "commit": LIMIT_REGULATION["commit"], "date": LIMIT_REGULATION["date"],
                                       "differences": len(raw_check[1])}
            if in_force[0] == day:
                source["history_check"] = {"repository": YGOJSON["repository"], "commit": YGOJSON["commit"],
                                           "date": YGOJSON["date"], "differences": len(ygo_diffs)}
            if previous is not None:
                changes = self.compare_points(self.points_by_card(entries), self.points_by_card(previous), "before")
                notes.append(f"{len(changes)} card(s) changed from the list before.")
            text = list_file_text(
                "Genesys points list. Generated by tools/build_data.py; edit by hand only for a house list.",
                f"{day[:4]}.{day[5:7]}.{day[8:]} Genesys", "genesys", day, [], aliases=aliases, source=source,
                notes=notes, points=entries)
            written.append(self.write(out_dir, "genesys", day, text))
            self.report.add("lists", f"banlists/genesys/{day}.yaml: {len(entries)} cards with points "
                                     f"({sum(1 for e in entries if e['points'] == 100)} at 100)")
            previous = entries
        return written

    def edopro_points(self, entries: list[tuple[int, int, str | None]], name: str) -> dict[int, int]:
        out, wrong = {}, []
        for code, points, _ in entries:
            card, row = self.card_for_code(code)
            if card is None or row is not None:
                wrong.append(code)
                continue
            out[card.passcode] = points
        if wrong:
            self.report.add("genesys", f"EDOPro {name!r}: {len(wrong)} entr(ies) on a passcode no official card has "
                                       f"({', '.join(map(str, wrong))}): EDOPro gives those cards no points")
        return out

    # -- OCG Genesys

    def ocg_genesys(self, out_dir: Path) -> list[Path]:
        written = []
        for path in sorted((self.root / "ocg-genesys").glob("*.vector.json")):
            doc = read_json(path)
            day = path.name.split(".")[0]
            entries = self.points_entries("ocg-genesys", doc["regulation"], day)
            zeros = sum(1 for e in entries if e["points"] == 0)
            source = {"official": self.official_source(f"data/ocg-genesys/{path.name}", OCG_GENESYS_PUBLISHER)}
            notes = [f"Effective {day}: the day Konami's page says the list applies from."]
            if zeros:
                notes.append(f"{zeros} card(s) have 0 points: Konami lists a card at 0 when its points fell to 0 from "
                             "the list before (other 0-point cards are not listed); 0 is kept as a fact.")
            cutoff = OCG_GENESYS_CUTOFFS.get(day)
            if cutoff:
                source["cut_off"] = {"repository": LIMIT_REGULATION["repository"], "path": cutoff[1],
                                     "commit": LIMIT_REGULATION["commit"], "date": LIMIT_REGULATION["date"],
                                     "released_by": cutoff[0]}
                notes.append(f"Konami's page for this list: only cards released by {cutoff[0]} may be used (cards in "
                             f"products released after it cannot).")
            else:
                self.report.add("LOUD: unmappable list entries", f"ocg-genesys {day}: no release cut-off known for the list")
            text = list_file_text(
                "OCG Genesys points list. Generated by tools/build_data.py; edit by hand only for a house list.",
                f"{day[:4]}.{day[5:7]}.{day[8:]} OCG Genesys", "ocg-genesys", day, [], source=source, notes=notes,
                released_by=cutoff[0] if cutoff else None, points=entries)
            written.append(self.write(out_dir, "ocg-genesys", day, text))
            self.report.add("lists", f"banlists/ocg-genesys/{day}.yaml: {len(entries)} cards ({zeros} at 0 points), "
                                     f"released by {cutoff[0] if cutoff else '—'}")
        return written

    # -- GOAT card pool

    def goat(self, out_dir: Path) -> list[Path]:
        """EDOPro's GOAT whitelist as a pool of official cards; EDOPro's own rows (GOAT-era, pre-errata) are kept
        as each card's unofficial_ids. Its statuses are compared with Konami's list of April 2005."""
        section = "goat"
        [(name, rows)] = edopro_sections(self.shared / EDOPRO_CURRENT / "GOAT.lflist.conf").items()
        pool: dict[int, dict] = {}
        for code, count, _ in rows:
            card, row = self.card_for_code(code)
            if card is None:
                self.report.add("LOUD: unmappable list entries", f"goat: EDOPro {code} is no card of the index")
                continue
            item = pool.setdefault(card.passcode, {"card": card, "ids": set(), "status": 3})
            if row is not None:
                item["ids"].add(row.passcode)
            item["status"] = min(item["status"], count)
        konami = {e["passcode"]: e["status"] for e in self.lists.entries(self.lists.built[("tcg", GOAT_LIST)])}
        diffs = []
        for passcode in sorted(set(konami) | {p for p, i in pool.items() if i["status"] < 3},
                               key=lambda p: self.cards.main.cards[p].name):
            card = self.cards.main.cards[passcode]
            ours, theirs = konami.get(passcode), pool.get(passcode, {}).get("status")
            theirs = None if theirs == 3 else theirs
            if passcode not in pool:
                diffs.append(f"{card.name} ({passcode}): Konami {STATUS_WORDS[ours]}, not in EDOPro's pool (first TCG "
                             f"release {card.tcg_date})")
            elif ours != theirs:
                diffs.append(f"{card.name} ({passcode}): Konami {STATUS_WORDS[ours]}, EDOPro {STATUS_WORDS[theirs]}")
        self.report.examples(section, f"EDOPro {name!r} statuses vs Konami's TCG list of {GOAT_LIST} (the format "
                                      "applies Konami's)", diffs, 20)
        dates = sorted((c["card"].tcg_date or "", c["card"].name) for c in pool.values())
        late = [f"{n} ({d or 'no date'})" for d, n in dates if not d or d > "2005-09-30"]
        self.report.add(section, f"{len(rows)} EDOPro rows → {len(pool)} cards ({sum(len(i['ids']) for i in pool.values())} "
                                 f"of them also under EDOPro's own GOAT-era or pre-errata row); newest first TCG release "
                                 f"{dates[-1][0]} ({dates[-1][1]})")
        self.report.examples(section, "pool cards first released in the TCG after the list's time (2005-09-30) or "
                                      "undated", late, 12)
        unofficial = sorted(r for i in pool.values() for r in i["ids"])
        entries = [{"status": "unlimited", "name": i["card"].name, "passcode": p, "konami_id": i["card"].konami_id,
                    "unofficial_ids": sorted(i["ids"])} for p, i in pool.items()]
        entries.sort(key=lambda e: (e["name"].casefold(), e["name"], e["passcode"]))
        source = {"pool": {"repository": LFLISTS_REPOSITORY, "list": name, "path": "GOAT.lflist.conf",
                           "commit": "f1708b0da1d1ad018cb8cd7e38676b9ed660fd1b", "date": "2025-11-18",
                           "differences": len(diffs)}}
        notes = [f"The card pool of the GOAT Format: every card of EDOPro's {name!r} whitelist, as the official card "
                 "(any printing of it, alternate artworks included). The statuses are Konami's TCG list of April 2005 "
                 f"(banlists/tcg/{GOAT_LIST}.yaml), not this file's.",
                 f"unofficial_ids: EDOPro's own rows of a card (goat-entries.cdb 5047xxxxx, pre-errata 511xxxxxx), which "
                 f"EDOPro's whitelist names instead of the official passcode ({len(unofficial)} rows); a decklist "
                 "saved by EDOPro carries them, and they count as the card."]
        text = list_file_text(
            "GOAT card pool. Generated by tools/build_data.py; edit by hand only for a house list.",
            f"{GOAT_LIST[:4]}.{GOAT_LIST[5:7]} GOAT", "goat", GOAT_LIST, entries, aliases=[name], source=source,
            notes=notes, whitelist=True)
        self.report.add("lists", f"banlists/goat/{GOAT_LIST}.yaml: {len(entries)} cards (whitelist)")
        return [self.write(out_dir, "goat", GOAT_LIST, text)]

    # -- Speed Duel

    def speed(self, out_dir: Path) -> list[Path]:
        """The Speed Duel list: its card pool (cards and Skill Cards) with Forbidden and the Limited 1/2/3 groups,
        decided card by card by the sources that say anything (yaml-yugi's limit_regulation.speed, YGOJSON's
        legality.speed, EDOPro's Speed.lflist.conf): the majority, a tie going to yaml-yugi (Konami's database)."""
        section = "speed"
        votes: dict[int, dict[str, str]] = defaultdict(dict)
        for y in self.cards.yy:
            status = ((y.get("limit_regulation") or {}).get("speed"))
            if status:
                card = self.cards.main.resolve(yaml_yugi_password(y) or 0) or self.lists.card_for_konami(y.get("konami_id") or 0)
                if card is None:
                    self.report.add("LOUD: unmappable list entries", f"speed: yaml-yugi {y['name']['en']!r} is no card")
                    continue
                votes[card.passcode]["yaml-yugi"] = SPEED_WORDS[status]
        skills_by_key = {skill_key(c.name): c for c in self.cards.main.cards.values() if c.kind == "skill"}
        for g in read_jsonl(self.shared / "ygojson" / "cards.min.jsonl"):
            status = (((g.get("legality") or {}).get("speed") or {}).get("current"))
            if not status:
                continue
            if g.get("cardType") == "skill":
                card = skills_by_key.get(skill_key(g["name"]))
            else:
                passcode = self.cards.ygojson_passcode(g)
                card = self.cards.main.cards.get(passcode) if passcode is not None else None
            if card is None:
                self.report.add(section, f"YGOJSON {g['name']!r} ({status}): no card of the index")
                continue
            votes[card.passcode]["YGOJSON"] = SPEED_WORDS[status]
        [(name, rows)] = edopro_sections(self.shared / EDOPRO_CURRENT / "Speed.lflist.conf").items()
        for code, count, heading in rows:
            card, row = self.card_for_code(code)
            if card is None or row is not None:
                self.report.add(section, f"EDOPro {name!r}: {code} is no official card of the index — left out")
                continue
            status = SPEED_WORDS.get(heading or "", "unlimited")
            if status == "unlimited" and "EDOPro" in votes[card.passcode]:
                continue  # EDOPro lists a group card twice: in the pool and under its group
            votes[card.passcode]["EDOPro"] = status
        entries, disagreements = [], []
        for passcode, said in sorted(votes.items()):
            card = self.cards.main.cards[passcode]
            ranked = Counter(said.values()).most_common()
            status = ranked[0][0]
            if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
                status = said.get("yaml-yugi", said.get("EDOPro", status))
            if len(set(said.values())) > 1:
                disagreements.append(f"{card.name} ({passcode}): " + ", ".join(f"{s} {v}" for s, v in said.items())
                                     + f" → {status}")
            if len(said) == 1 and card.kind != "skill":  # yaml-yugi has no Skill Cards, YGOJSON few: EDOPro's list
                disagreements.append(f"{card.name} ({passcode}): only {', '.join(said)} ({status}) → in the pool")
            entries.append({"status": status, "name": card.name, "passcode": passcode, "konami_id": card.konami_id})
        missing_from = Counter(s for passcode, said in votes.items() for s in ("yaml-yugi", "YGOJSON", "EDOPro")
                               if s not in said and self.cards.main.cards[passcode].kind != "skill")
        self.report.examples(section, "sources disagreeing on a card's status (majority, a tie to yaml-yugi)",
                             [d for d in disagreements if "only" not in d], 20)
        self.report.examples(section, "cards only one source puts in the pool", [d for d in disagreements if "only" in d], 8)
        self.report.add(section, "cards (not Skill Cards) a source leaves out of the pool while the others have it: "
                                 + ", ".join(f"{s} {n}" for s, n in sorted(missing_from.items())))
        skills = [e for e in entries if self.cards.main.cards[e["passcode"]].kind == "skill"]
        rated = [p for p, said in votes.items() if self.cards.main.cards[p].kind == "skill" and "YGOJSON" in said]
        self.report.add(section, f"Skill Cards: {len(skills)} on EDOPro's list (yaml-yugi has none); YGOJSON gives a "
                                 f"Speed status to {len(rated)} of them, agreeing on "
                                 f"{sum(1 for p in rated if len(set(votes[p].values())) == 1)}")
        unlisted = sorted(c.name for c in self.cards.main.cards.values() if c.kind == "skill" and c.passcode not in votes)
        self.report.examples(section, "Skill Cards of the index on no list (not in the pool)", unlisted, 8)
        entries.sort(key=lambda e: (e["name"].casefold(), e["name"], e["passcode"]))
        counts = Counter(e["status"] for e in entries)
        source = {"official": {"repository": YAML_YUGI["repository"], "commit": YAML_YUGI["commit"], "date": YAML_YUGI["date"],
                               "field": "limit_regulation.speed", "published_by": "Konami's card database (via yaml-yugi)"},
                  "history_check": {"repository": YGOJSON["repository"], "commit": YGOJSON["commit"], "date": YGOJSON["date"],
                                    "field": "legality.speed", "changes_dated": SPEED_LIST_CHANGED},
                  "cross_check": {"repository": LFLISTS_REPOSITORY, "list": name, "path": "Speed.lflist.conf",
                                  "commit": "8d9ae7266e3a2933ec841366879c90c7a3a84e23", "date": "2025-11-12",
                                  "differences": sum(1 for d in disagreements if "EDOPro" in d.split(" → ")[0] and "only" not in d)}}
        notes = [f"Effective {SPEED_LIST_CHANGED}: the day YGOJSON (from Yugipedia) dates the list's latest changes; "
                 f"the pool is every card the sources put in it as of {YAML_YUGI['date']} (yaml-yugi's date), so a card "
                 "reprinted for Speed Duel later than its first TCG release is in the pool for any check date.",
                 "limited_1 / limited_2 / limited_3: at most 1 / 2 / 3 cards in total from that group, not copies of "
                 "each (rule group-limit); forbidden cards and every card not on this list are out.",
                 f"Skill Cards ({len(skills)}) are on the list as EDOPro's ids (300xxxxxx): Konami gives them no passcode."]
        text = list_file_text(
            "Speed Duel list and card pool. Generated by tools/build_data.py; edit by hand only for a house list.",
            name, "speed", SPEED_LIST_CHANGED, entries, source=source, notes=notes, whitelist=True)
        self.report.add("lists", f"banlists/speed/{SPEED_LIST_CHANGED}.yaml: {len(entries)} cards and Skill Cards "
                                 f"({len(skills)} Skill Cards): " + ", ".join(f"{k} {counts[k]}" for k in
                                 ("forbidden", "limited_1", "limited_2", "limited_3", "unlimited")))
        return [self.write(out_dir, "speed", SPEED_LIST_CHANGED, text)]

    def build(self, out_dir: Path) -> list[Path]:
        written = self.genesys(out_dir) + self.ocg_genesys(out_dir) + self.goat(out_dir) + self.speed(out_dir)
        for fmt in ("genesys", "ocg-genesys", "goat", "speed"):
            days = sorted(p.stem for p in written if p.parent.name == fmt)
            self.summary.append(f"{fmt} {len(days)} ({days[0]}" + (f" … {days[-1]})" if len(days) > 1 else ")"))
        return written


# ---------------------------------------------------------------------------------- names in languages

NAMES_FILE = Path("deckcheck") / "data" / "names.jsonl"
# yaml-yugi's name keys, as names.jsonl columns; "ja-kana" is the reading its ruby markup gives the Japanese name,
# "edopro" the name EDOPro's cdb gives a card where it differs from Konami's (an old fan translation)
NAME_LANGUAGES = ("de", "fr", "it", "es", "pt", "ja", "ja-kana", "ko", "zh-TW", "zh-CN", "edopro")
RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)


def printed_and_read(marked: str) -> tuple[str, str | None]:
    """A yaml-yugi name as printed (ruby markup stripped: the text under the ruby) and as read (the ruby
    text in its place), the reading only if the name has ruby. Japanese and Korean names have ruby."""
    printed = clean_name(RUBY.sub(lambda m: m.group(1), marked))
    reading = clean_name(RUBY.sub(lambda m: m.group(2), marked))
    if any(tag in printed for tag in ("<ruby", "<rt", "</")):  # markup left over: never ship it
        raise ValueError(f"unexpected markup in a name: {marked!r}")
    return printed, reading if reading != printed else None


def build_names(b: Builder, report: Report) -> list[list]:
    """names.jsonl rows: [passcode, konami_id, one name per NAME_LANGUAGES column or null], by passcode.

    A yaml-yugi card is joined to the index by Konami ID, else by password. EDOPro names are the cdb's
    texts.name where it differs from the index's name beyond case, punctuation and spacing."""
    from deckcheck.carddb import normalize_name

    by_konami = {c.konami_id: c for c in b.main.cards.values() if c.konami_id}
    names: dict[int, dict[str, str]] = defaultdict(dict)
    unjoined = []
    for y in b.yy:
        card = by_konami.get(y.get("konami_id"))
        if card is None and (pw := yaml_yugi_password(y)):
            card = b.main.resolve(pw)
        if card is None:
            unjoined.append(f"{y.get('konami_id')} {y['name'].get('en')!r}")
            continue
        row = names[card.passcode]
        for lang in ("de", "fr", "it", "es", "pt", "ja", "ko", "zh-TW", "zh-CN"):
            if y["name"].get(lang):
                row[lang], reading = printed_and_read(y["name"][lang])
                if reading and lang == "ja":
                    row["ja-kana"] = reading
    for r in read_cdb(b.shared / "edopro" / "cards.reconstructed.cdb").values():
        card = b.main.resolve(r.id)
        if card is not None and r.name and normalize_name(r.name) != normalize_name(card.name):
            names[card.passcode]["edopro"] = r.name
    rows = []
    for passcode in sorted(names):
        row = names[passcode]
        rows.append([passcode, b.main.cards[passcode].konami_id, *(row.get(lang) for lang in NAME_LANGUAGES)])
    section = "names in languages"
    for lang in NAME_LANGUAGES:
        report.add(section, f"{lang}: {sum(1 for row in names.values() if lang in row):,} cards")
    report.examples(section, "EDOPro names that are not Konami's (accepted with a warning)",
                    [f"{p} {names[p]['edopro']!r} = {b.main.cards[p].name!r}" for p in sorted(names) if "edopro" in names[p]],
                    limit=40)
    report.examples(section, "yaml-yugi cards not in the index (their names are not shipped)", sorted(unjoined))
    return rows


def write_names(path: Path, rows: list[list], report: Report) -> None:
    """names.jsonl: a header (sources, fields), then one JSON array per card."""
    header = {"schema": 1, "generated_by": GENERATED_BY,
              "sources": [{**YAML_YUGI, "used_for": "card names in de, fr, it, es, pt, ja (ruby markup stripped; "
                                                    "ja-kana: its reading), ko (ruby stripped), zh-TW, zh-CN",
                           "files": "yaml-yugi/cards.jsonl (name)"},
                          {**BABELCDB, "used_for": "EDOPro's names that differ from Konami's",
                           "files": "edopro/cards.reconstructed.cdb (texts.name)"}],
              "fields": ["passcode", "konami_id", *NAME_LANGUAGES]}
    lines = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))]
    lines += [json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in rows]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    report.add("names in languages", f"{NAMES_FILE}: {path.stat().st_size:,} bytes, {len(rows):,} cards")


# ----------------------------------------------------------------------------------------------- main


GENERATED_BY_LINE = "Generated by tools/build_data.py"  # on the first line of every list file the build writes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "data",
                        help="the shared data snapshot (default: ../shared/data beside the repository)")
    parser.add_argument("--out-dir", type=Path, default=REPO,
                        help="where deckcheck/data/ and banlists/ are written (default: the repository root)")
    args = parser.parse_args(argv)
    shared, out_dir = args.shared.resolve(), args.out_dir.resolve()
    if not (shared / "PROVENANCE.md").is_file():
        parser.error(f"{shared} is not the shared data directory (no PROVENANCE.md)")
    report = Report()
    check_provenance(shared, report)

    cards = build_cards(shared, report)
    main_path = out_dir / "deckcheck" / "data" / "cards.jsonl"
    other_path = out_dir / "deckcheck" / "data" / "other_cards.jsonl"
    write_index(main_path, cards.document(cards.main, cards.sources(), placeholders=True))
    write_index(other_path, cards.document(cards.other, [
        {**BABELCDB, "used_for": "Rush Duel and unofficial (anime, video game, pre-errata, GOAT, hidden) rows",
         "files": "edopro/cdb/cards-rush.cdb, prerelease-cards-rush.cdb, cards-unofficial.cdb, "
                  "cards-skills-unofficial.cdb, goat-entries.cdb, hidden rows of cards-skills.cdb"}], placeholders=False))

    banlists = BanlistBuilder(shared, cards, report)
    written = banlists.build(out_dir)
    formats = FormatListBuilder(shared, banlists, report)
    written += formats.build(out_dir)
    import build_regional  # Master Duel, OCG AE / CN lists and the card pools (tools/build_regional.py)

    written += build_regional.build(shared, out_dir, report)
    removed = []
    for path in sorted((out_dir / "banlists").glob("*/*.yaml")):  # generated lists no longer made (or moved)
        if path not in written and GENERATED_BY_LINE in path.read_text(encoding="utf-8").split("\n", 1)[0]:
            path.unlink()
            removed.append(str(path.relative_to(out_dir)))

    for path in (main_path, other_path):
        report.add("files", f"{path.relative_to(out_dir)}: {path.stat().st_size:,} bytes")
    report.add("files", f"{len(written)} list files under banlists/")
    write_names(out_dir / NAMES_FILE, build_names(cards, report), report)
    summarize(report, banlists, formats)
    text = report.text()
    report_path = out_dir / REPORT_FILE
    report_path.write_text(text, encoding="utf-8", newline="\n")
    print(text, end="")
    for rel in removed:
        print(f"removed {rel} (no longer generated)")
    print(f"report written to {report_path}")
    return 0


def summarize(report: Report, banlists: "BanlistBuilder", formats: "FormatListBuilder") -> None:
    """The report's first section: what was corrected and resolved, and whether anything needs a person."""
    fixes = banlists.corrections
    loud = sum(1 for lines in report.sections.values() for line in lines if "LOUD" in line)

    def add(line: str) -> None:
        report.add("summary", line)

    add("sources: " + "; ".join(f"{s['repository']} {s['commit'][:12]} ({s['date']})"
                                for s in (BABELCDB, YAML_YUGI, YGOJSON, LIMIT_REGULATION)))
    add(f"corrections.yaml: {len(fixes.dates)} list date(s), {len(fixes.statuses)} card status(es), applied to the "
        "lists (and by deckcheck update)")
    add(f"list statuses: the Konami vectors against EDOPro's lists and YGOJSON's history — "
        f"{report.count('list statuses', '    corrected')} corrected, the rest below")
    add(f"list dates: {len(fixes.dates)} list(s) dated by corrections.yaml, {len(banlists.agreeing)} as filed upstream; "
        "each checked against the day YGOJSON dates the list's changes")
    outvoted = next((l for l in report.sections.get("availability", []) if l.startswith("yaml-yugi's")), "")
    add(f"availability: {outvoted or 'yaml-yugi never outvoted'}")
    for line in report.sections.get("release dates", []):
        if line.startswith(("TCG dates", "OCG dates")) and line.rstrip().split(": ")[-1].isdigit():
            add(f"release dates: {line}")
    add(f"ids that are not alternate artworks: {report.count('ids that are not alternate artworks')} finding(s)")
    add(f"other formats' lists: {'; '.join(formats.summary)} — sections genesys, goat, speed")
    add(f"needs review (lines marked LOUD): {loud}")


if __name__ == "__main__":
    sys.exit(main())
