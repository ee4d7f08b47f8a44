"""The Rush Duel card index and Rush Limit Regulation lists (part of ``python -m tools.build_data``).

Writes, under --out-dir:

    deckcheck/data/rush_cards.jsonl   every Rush Duel card: EDOPro codes, Konami ID, English name, kind, type
                                      bits, Level, Legend, Maximum, prerelease (the card index's layout + 3 fields)
    deckcheck/data/rush_names.jsonl   the Rush cards' names in the other languages of the data, and EDOPro's names
    banlists/rush/<effective>.yaml    every dated Rush Limit Regulation (Konami, by Konami ID), 2023-01-01 on, and
                                      EDOPro's current Rush list where it is newer than Konami's newest

A Rush card and an OCG/TCG card are different cards even where they share a name: this index holds only
Rush cards, by EDOPro's Rush codes (160xxxxxx), one row per card (its alternate artworks are its other codes).
Sources (PROVENANCE.md §1.3, §6.1–6.3): yaml-yugi/rush.jsonl (Konami IDs, names, Legend, Maximum),
yaml-yugi/rush_edopro_map.tsv (EDOPro code ↔ Konami ID), edopro/cdb/cards-rush.cdb and prerelease-cards-rush.cdb
(type bits, Level, Legend scope bit, prerelease scope), yaml-yugi-limit-regulation/rush/*.vector.json (Konami's
lists), edopro/lflists/current/Rush.lflist.conf (EDOPro's current list). No source dates Rush releases.
"""

from __future__ import annotations

import csv
import json
import re
import sqlite3
from collections import defaultdict
from pathlib import Path

from deckcheck.banlists import list_file_text  # one writer per file format
from deckcheck.cardtypes import FUSION, MONSTER, kind_of
from deckcheck.update.index_file import FIELDS, index_bytes

from .common import GENERATED_BY, LIMIT_REGULATION, YAML_YUGI, Report
from .write import GENERATED_BY_LINE

RUSH_CARDS = Path("deckcheck") / "data" / "rush_cards.jsonl"
RUSH_NAMES = Path("deckcheck") / "data" / "rush_names.jsonl"
RUSH_FIELDS = [*FIELDS, "legend", "maximum", "prerelease"]
# yaml-yugi's Rush name keys → rush_names.jsonl columns (names.py LANGUAGES); pt and zh-* are null for every Rush card
NAME_KEYS = {"de": "de", "fr": "fr", "it": "it", "es": "es", "ja": "ja", "ja_romaji": "ja-romaji", "ko": "ko",
             "ko_rr": "ko-rr"}
NAME_COLUMNS = ("de", "fr", "it", "es", "ja", "ja-kana", "ja-romaji", "ko", "ko-rr", "edopro")
OT_LEGEND, OT_PRERELEASE, OT_HIDDEN = 0x400, 0x100, 0x1000
TYPE_MAXIMUM = 0x8000
RUBY = re.compile(r"<ruby>(.*?)<rt>(.*?)</rt></ruby>", re.S)
RUSH_SUFFIX = " (Rush)"

# the last commit of BabelCDB that changed the Rush cdbs (PROVENANCE.md §1.3)
BABELCDB = {"id": "babelcdb", "repository": "ProjectIgnis/BabelCDB",
            "commit": "d909d7a1ce12f855fe51d5870a4341cf1316c8eb", "date": "2026-08-22"}
LFLISTS = {"repository": "ProjectIgnis/LFLists", "path": "Rush.lflist.conf",
           "commit": "5daa030bbdcbd0c711b83851a8c9213d7480e296", "date": "2026-07-11"}
KONAMI_PAGE = "konami.com/yugioh/rushduel/howto/limitregulation"
STATUS_OF = {0: "forbidden", 1: "limited", 2: "semi_limited"}


def clean(name: str) -> str:
    return " ".join(name.replace("\u00a0", " ").split())


def printed_and_read(marked: str) -> tuple[str, str | None]:
    """A name as printed (ruby markup stripped) and as read (the ruby text in its place), if it has ruby."""
    printed = clean(RUBY.sub(lambda m: m.group(1), marked))
    reading = clean(RUBY.sub(lambda m: m.group(2), marked))
    if any(tag in printed for tag in ("<ruby", "<rt", "</")):
        raise ValueError(f"unexpected markup in a name: {marked!r}")
    return printed, reading if reading != printed else None


def read_cdb(path: Path) -> dict[int, dict]:
    """Facts of an EDOPro cdb (never its text columns but the name)."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = con.execute("SELECT d.id, d.ot, d.alias, d.type, t.name, d.level FROM datas d JOIN texts t ON t.id = d.id")
        return {r[0]: {"id": r[0], "ot": r[1], "alias": r[2], "type": r[3], "name": clean(r[4] or ""),
                       "level": (r[5] or 0) & 0xFF if r[3] & MONSTER else None, "cdb": path.name} for r in rows}
    finally:
        con.close()


def card_key(y: dict) -> str:
    """A yaml-yugi Rush card's identity: its Konami ID, else its Yugipedia page (prerelease cards have no ID)."""
    return f"k{y['konami_id']}" if y.get("konami_id") else f"p{y['yugipedia_page_id']}"


def read_lflist(path: Path) -> tuple[str, dict[int, int]]:
    """(the list's name, code → count) of EDOPro's Rush list; a later line for a code overwrites an earlier one,
    as EDOPro's parser does (PROVENANCE.md §6.3: 44 codes are listed twice, 3 then their limit)."""
    name, counts = "", {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("!"):
            name = line[1:].strip()
        elif line and line[0].isdigit():
            match = re.match(r"(\d+)\s+(-?\d+)", line)
            if match:
                counts[int(match.group(1))] = int(match.group(2))
    return name, counts


class RushBuild:
    def __init__(self, shared: Path, report: Report):
        self.shared = shared
        self.report = report
        self.cards: dict[str, dict] = {}  # card key → the card being built
        self.by_code: dict[int, str] = {}  # every EDOPro code → its card key
        self.left_out: list[dict] = []  # {"konami_id", "yugipedia_page_id", "name", "why"}

    def note(self, section: str, line: str) -> None:
        self.report.add(f"rush: {section}", line)

    def build_index(self) -> None:
        shared = self.shared
        cdb = read_cdb(shared / "edopro" / "cdb" / "cards-rush.cdb")
        cdb.update(read_cdb(shared / "edopro" / "cdb" / "prerelease-cards-rush.cdb"))
        yaml_cards = [json.loads(line) for line in open(shared / "yaml-yugi" / "rush.jsonl", encoding="utf-8")]
        by_key = {card_key(y): y for y in yaml_cards}
        by_konami = {y["konami_id"]: y for y in yaml_cards if y.get("konami_id")}
        by_file = {y["_file"]: y for y in yaml_cards}
        codes_of: dict[str, list[int]] = defaultdict(list)
        with open(shared / "yaml-yugi" / "rush_edopro_map.tsv", encoding="utf-8", newline="") as f:
            for row in csv.DictReader(f, delimiter="\t"):
                code = int(row["edopro_code"])
                y = by_konami.get(int(row["konami_id"])) if row["konami_id"] else by_file.get(row["yaml_yugi_file"])
                if y is None:
                    r = cdb.get(code, {})
                    self.note("EDOPro rows left out", f"{code} {row['edopro_name']!r} (ot {row['edopro_ot']}): "
                              f"matched no yaml-yugi card ({'a hidden helper row, not a card' if r.get('ot', 0) & OT_HIDDEN else 'unmatched'})")
                    continue
                codes_of[card_key(y)].append(code)
        missing = [c for c in cdb if all(c not in codes for codes in codes_of.values())]
        for code in missing:
            if not any(line.startswith(f"{code} ") for line in self.report.sections.get("rush: EDOPro rows left out", [])):
                self.note("EDOPro rows left out", f"{code} {cdb[code]['name']!r}: not in rush_edopro_map.tsv")
        for y in yaml_cards:
            key = card_key(y)
            codes = sorted(codes_of.get(key, []))
            if not codes:
                why = ("not for official duels (a WCS prize card) and no EDOPro code"
                       if y.get("cannot_be_used_in_official_duels") and y.get("konami_id") else
                       "a video-game entry (Wai Wai Rush Party) with no Konami ID and no EDOPro code"
                       if y.get("cannot_be_used_in_official_duels") else "unannounced: no Konami ID, no EDOPro code")
                self.left_out.append({"konami_id": y.get("konami_id"), "yugipedia_page_id": y["yugipedia_page_id"],
                                      "name": y["name"]["en"], "why": why})
                continue
            roots = [c for c in codes if not (cdb[c]["alias"] and cdb[c]["alias"] in cdb)]
            canonical = (roots or codes)[0]
            row = cdb[canonical]
            legend_bits = {bool(cdb[c]["ot"] & OT_LEGEND) for c in codes}
            maximum_bits = {bool(cdb[c]["type"] & TYPE_MAXIMUM) for c in codes}
            if legend_bits != {bool(y.get("legend"))}:
                self.note("LOUD Legend disagreements", f"{canonical} {y['name']['en']!r}: EDOPro {legend_bits}, "
                          f"yaml-yugi {y.get('legend')}")
            if maximum_bits != {bool(y.get("is_maximum"))}:
                self.note("LOUD Maximum disagreements", f"{canonical} {y['name']['en']!r}: EDOPro {maximum_bits}, "
                          f"yaml-yugi {y.get('is_maximum')}")
            prerelease = all(cdb[c]["ot"] & OT_PRERELEASE for c in codes) or not y.get("konami_id")
            kind = kind_of(row["type"])
            if bool(row["type"] & FUSION) != ("Fusion" in (y.get("monster_type_line") or "")):
                self.note("LOUD Fusion disagreements", f"{canonical} {y['name']['en']!r}")
            self.cards[key] = {
                "y": y, "codes": codes, "canonical": canonical, "type": row["type"], "kind": kind,
                "level": row["level"] or None, "legend": bool(y.get("legend")), "maximum": bool(y.get("is_maximum")),
                "prerelease": prerelease, "edopro_names": [cdb[c]["name"] for c in codes],
                "official_duels": not y.get("cannot_be_used_in_official_duels"),
            }
            for c in codes:
                self.by_code[c] = key
        del by_key

    def rows(self) -> list[list]:
        rows = []
        for card in sorted(self.cards.values(), key=lambda c: c["canonical"]):
            y = card["y"]
            rows.append([card["canonical"], clean(y["name"]["en"]), card["kind"], card["type"], 0, 0, "rush",
                         y.get("konami_id"), None, None, None, [c for c in card["codes"] if c != card["canonical"]],
                         card["level"], int(card["legend"]), int(card["maximum"]), int(card["prerelease"])])
        return rows

    def name_rows(self) -> list[list]:
        from deckcheck.folding import normalize_name

        rows = []
        for card in sorted(self.cards.values(), key=lambda c: c["canonical"]):
            y = card["y"]
            names: dict[str, str] = {}
            for key, column in NAME_KEYS.items():
                value = y["name"].get(key)
                if not value:
                    continue
                printed, reading = printed_and_read(value)
                names[column] = printed
                if reading and column == "ja":
                    names["ja-kana"] = reading
            english = normalize_name(y["name"]["en"])
            edopro = [n for n in dict.fromkeys(card["edopro_names"]) if normalize_name(n) != english]
            if edopro:
                names["edopro"] = edopro[0]
            if names:
                rows.append([card["canonical"], y.get("konami_id"), *(names.get(c) for c in NAME_COLUMNS)])
        return rows

    def sources(self) -> list[dict]:
        return [
            {**YAML_YUGI, "used_for": "Rush Duel cards: Konami IDs, English names, Legend, Maximum",
             "files": "yaml-yugi/rush.jsonl"},
            {**BABELCDB, "used_for": "EDOPro Rush codes (alternate artworks), type bits, Level, prerelease scope",
             "files": "edopro/cdb/cards-rush.cdb, edopro/cdb/prerelease-cards-rush.cdb; code ↔ Konami ID: "
                      "yaml-yugi/rush_edopro_map.tsv"},
        ]

    # ----------------------------------------------------------------------------------------- the lists

    def lists(self, out_dir: Path) -> list[Path]:
        folder = self.shared / "yaml-yugi-limit-regulation" / "rush"
        konami_to_card = {card["y"]["konami_id"]: card for card in self.cards.values() if card["y"].get("konami_id")}
        edopro_name, edopro_counts = read_lflist(self.shared / "edopro" / "lflists" / "current" / "Rush.lflist.conf")
        edopro_limits = {c: n for c, n in edopro_counts.items() if 0 <= n <= 2}
        edopro_day = "-".join(edopro_name.split()[0].split(".")) if edopro_name else None
        written: list[Path] = []
        newest = None
        for path in sorted(folder.glob("*.vector.json")):
            vector = json.loads(path.read_text(encoding="utf-8"))
            day = vector["date"]
            newest = day
            entries = []
            for konami_id, count in vector["regulation"].items():
                card = konami_to_card.get(int(konami_id))
                if card is None:
                    raise SystemExit(f"{path}: Konami ID {konami_id} is no Rush card of the index")
                entries.append({"status": STATUS_OF[count], "name": clean(card["y"]["name"]["en"]),
                                "passcode": card["canonical"], "konami_id": int(konami_id)})
            entries.sort(key=lambda e: (list(STATUS_OF.values()).index(e["status"]), e["name"]))
            source = {"official": {"repository": LIMIT_REGULATION["repository"], "commit": LIMIT_REGULATION["commit"],
                                   "date": LIMIT_REGULATION["date"], "path": f"data/rush/{path.name}",
                                   "published_by": f"Konami ({KONAMI_PAGE})"}}
            notes = [f"Konami's Rush Duel Limit Regulation in force from {day}, by Konami ID; every Rush card not "
                     "listed may be played at 3 copies."]
            if edopro_day == day:
                ours = {e["passcode"]: list(STATUS_OF.values()).index(e["status"]) for e in entries}
                theirs = self.edopro_by_card(edopro_limits)
                differences = sorted(set(ours.items()) ^ set(theirs.items()))
                source["cross_check"] = {**LFLISTS, "list": edopro_name, "differences": len(differences)}
                self.note("lists", f"{day}: EDOPro's {edopro_name!r} agrees on {len(ours) - len(differences)}"
                                   f"/{len(ours)} cards; differences: {differences or 'none'}")
            text = list_file_text(f"Rush Duel Limit Regulation. {GENERATED_BY_LINE}; edit by hand only for a house list.", f"{day[:4]}.{day[5:7]} Rush Duel", "rush", day,
                                  entries, source=source, notes=notes)
            written.append(self.write(out_dir, day, text))
            self.note("lists", f"{day}: {len(entries)} entries (" + ", ".join(
                f"{s} {sum(1 for e in entries if e['status'] == s)}" for s in STATUS_OF.values()) + ")")
        if edopro_day and newest and edopro_day > newest:
            entries = []
            for card_key_, count in sorted(self.edopro_by_card(edopro_limits).items()):
                card = self.cards[self.by_code_key(card_key_)]
                entries.append({"status": STATUS_OF[count], "name": clean(card["y"]["name"]["en"]),
                                "passcode": card["canonical"], "konami_id": card["y"].get("konami_id")})
            source = {"edopro": {**LFLISTS, "list": edopro_name, "published_by": "ProjectIgnis (EDOPro)"}}
            notes = [f"EDOPro's current Rush list, newer than Konami's newest list in the data ({newest})."]
            text = list_file_text(f"Rush Duel Limit Regulation (EDOPro). {GENERATED_BY_LINE}",
                                  edopro_name, "rush", edopro_day, entries, source=source, notes=notes)
            written.append(self.write(out_dir, edopro_day, text))
            self.note("lists", f"{edopro_day}: EDOPro's {edopro_name!r} is newer than Konami's newest ({newest}): written")
        elif edopro_day:
            self.note("lists", f"EDOPro's current list {edopro_name!r} ({edopro_day}) is not newer than Konami's "
                               f"newest ({newest}): used as the cross-check of that list, not as a list of its own")
        whitelisted = {self.by_code.get(c) for c, n in edopro_counts.items() if n >= 0} - {None}
        outside = sorted(c["canonical"] for k, c in self.cards.items() if k not in whitelisted and not c["prerelease"])
        self.note("pool", f"the pool: every Rush card of the index but the {sum(c['prerelease'] for c in self.cards.values())} "
                          f"prerelease cards; EDOPro's whitelist ({edopro_name!r}) leaves out {len(outside)} released "
                          f"card(s) of the index (newer than the list, or not yet added): {outside[:12]}"
                          f"{' …' if len(outside) > 12 else ''}")
        return written

    def by_code_key(self, canonical: int) -> str:
        return self.by_code[canonical]

    def edopro_by_card(self, limits: dict[int, int]) -> dict[int, int]:
        """EDOPro's 0/1/2 limits per card (its canonical code), the strictest of its codes."""
        out: dict[int, int] = {}
        for code, n in limits.items():
            key = self.by_code.get(code)
            if key is None:
                self.note("lists", f"EDOPro list code {code} is no card of the index")
                continue
            canonical = self.cards[key]["canonical"]
            out[canonical] = min(n, out.get(canonical, n))
        return out

    @staticmethod
    def write(out_dir: Path, day: str, text: str) -> Path:
        path = out_dir / "banlists" / "rush" / f"{day}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        return path


def build_rush(shared: Path, out_dir: Path, report: Report) -> list[Path]:
    """Write the Rush index, its names and the Rush lists under ``out_dir``; the list files written. What was
    left out, and how the lists were checked, goes to the build report (sections "rush: …")."""
    b = RushBuild(shared, report)
    b.build_index()
    rows = b.rows()
    doc = {"schema": 2, "generated_by": GENERATED_BY, "sources": b.sources(), "fields": RUSH_FIELDS, "cards": rows,
           "left_out": b.left_out}
    path = out_dir / RUSH_CARDS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(index_bytes(doc))
    names = b.name_rows()
    header = {"schema": 1, "generated_by": GENERATED_BY,
              "sources": [{**YAML_YUGI, "used_for": "Rush card names in de, fr, it, es, ja (ruby markup stripped; "
                                                    "ja-kana: its reading), ja-romaji, ko, ko-rr",
                           "files": "yaml-yugi/rush.jsonl (name)"},
                          {**BABELCDB, "used_for": "EDOPro's names of Rush cards that differ from Konami's "
                                                   "(\" (Rush)\" suffixes, old fan translations)",
                           "files": "edopro/cdb/cards-rush.cdb, prerelease-cards-rush.cdb (texts.name)"}],
              "fields": ["passcode", "konami_id", *NAME_COLUMNS]}
    lines = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))]
    lines += [json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in names]
    (out_dir / RUSH_NAMES).write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    written = b.lists(out_dir)
    b.note("index", f"{RUSH_CARDS}: {len(rows):,} cards, {sum(1 + len(r[11]) for r in rows):,} EDOPro codes, "
                    f"{sum(r[13] for r in rows)} Legend, {sum(r[14] for r in rows)} Maximum, "
                    f"{sum(r[15] for r in rows)} prerelease, {sum(r[2] == 'extra' for r in rows)} Fusion (Extra Deck); "
                    f"{path.stat().st_size:,} bytes")
    b.note("index", f"{RUSH_NAMES}: {len(names):,} cards with names in other languages or EDOPro's own; "
                    f"{(out_dir / RUSH_NAMES).stat().st_size:,} bytes")
    b.note("index", "release dates: none (no source dates Rush releases; PROVENANCE.md §6.2)")
    for item in b.left_out:
        b.note("yaml-yugi cards left out", f"{item['konami_id'] or '-'} / yugipedia {item['yugipedia_page_id']} "
                                           f"{item['name']!r}: {item['why']}")
    return written
