"""Build the Master Duel, OCG Asian-English and OCG Simplified Chinese lists and the card pools of
Master Duel and of the Simplified Chinese OCG, from the shared data snapshot and the card index.

    python -m tools.build_data.regional [--shared ../shared/data] [--out-dir .]

``python -m tools.build_data`` calls ``build`` after it has written the card index (this module reads
that index, deckcheck/data/cards.jsonl, to map Konami IDs and names to cards); run alone, it uses
the index already in --out-dir. Writes, under --out-dir:

    banlists/master-duel/<effective>.yaml  every Master Duel list, 2022-01-19 on (by Konami ID; the
                                           by-name filing of each date cross-checked)
    banlists/ocg-ae/<effective>.yaml       every Asian-English list, 2023-11-01 on (Konami Asia's page
                                           data by Japanese name; the scraped vectors cross-checked)
    banlists/ocg-cn/<effective>.yaml       the Simplified Chinese lists, 2022-04-01 on (Konami China's
                                           answers by Chinese name, each section checked against the
                                           count its header gives; the scraped vectors cross-checked)
    deckcheck/data/pools/master-duel.json  the cards with a Master Duel rarity (yaml-yugi)
    deckcheck/data/pools/ocg-cn.json       the cards printed in Simplified Chinese (yaml-yugi)

Every disagreement and decision goes to the build report (sections "regional lists", "pools").
Only facts are written (passcodes, names, statuses, Konami IDs, dates), never card text.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

from deckcheck.banlists import list_file_text
from deckcheck.pools import pool_file_text

from .common import (  # first: it puts the repository on the import path
    LIMIT_REGULATION,
    REPO,
    YAML_YUGI,
)
from .write import (
    GENERATED_BY_LINE,  # build_data removes generated lists it no longer makes
)

GENERATED_BY = "tools/build_data/regional.py"
STATUS_KEYS = {0: "forbidden", 1: "limited", 2: "semi_limited"}
STATUS_WORDS = {0: "Forbidden", 1: "Limited", 2: "Semi-Limited", None: "Unlimited"}  # None: not on the list
AE_LISTS = {"Forbidden (AE)": 0, "Limited (AE)": 1, "Semi-Limited (AE)": 2}
AE_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                         "Dec"), 1)}
RUBY = re.compile(r"<ruby>(.*?)<rt>.*?</rt></ruby>", re.DOTALL)


class PrintReport:
    """The report of a standalone run: lines printed by section."""

    def __init__(self) -> None:
        self.sections: dict[str, list[str]] = {}

    def add(self, section: str, line: str) -> None:
        self.sections.setdefault(section, []).append(line)

    def text(self) -> str:
        return "".join(f"\n== {s}\n" + "".join(f"  {line}\n" for line in lines) for s, lines in self.sections.items())


def fold(name: str) -> str:
    """A name for matching across sources: NFKC, case, spacing and the long and middle dots folded."""
    text = unicodedata.normalize("NFKC", RUBY.sub(r"\1", name or ""))
    text = text.replace("・", "·").replace("•", "·").replace("－", "-").replace("—", "-").replace("–", "-")
    return re.sub(r"\s+", "", text).casefold()


class Cards:
    """The card index (deckcheck/data/cards.jsonl) joined with yaml-yugi: Konami IDs and names → cards."""

    def __init__(self, index_path: Path, yaml_yugi: Path, report) -> None:
        self.report = report
        lines = index_path.read_bytes().split(b"\n")
        header = json.loads(lines[0])
        fields = header["fields"]
        at = {name: i for i, name in enumerate(fields)}
        self.name: dict[int, str] = {}
        self.konami: dict[int, int] = {}  # Konami ID → the card's passcode
        self.official: set[int] = set()
        self.owner: dict[int, int] = {}  # any passcode (alternate artworks too) → the card's passcode
        by_english: dict[str, list[int]] = {}
        for line in lines[1:]:
            if not line.strip():
                continue
            row = json.loads(line)
            passcode = row[at["passcode"]]
            self.name[passcode] = row[at["name"]]
            self.owner[passcode] = passcode
            for alt in row[at["alt_passcodes"]] or []:
                self.owner.setdefault(alt, passcode)
            if row[at["origin"]] == "official" and row[at["kind"]] in ("main", "extra"):
                self.official.add(passcode)
                by_english.setdefault(fold(row[at["name"]]), []).append(passcode)
            konami_id = row[at["konami_id"]]
            if konami_id and row[at["origin"]] == "official":
                self.konami.setdefault(konami_id, passcode)
        self.by_english = by_english
        self.yy: list[dict] = [json.loads(line) for line in yaml_yugi.read_text(encoding="utf-8").splitlines() if line]
        self.by_language: dict[str, dict[str, list[dict]]] = {"ja": {}, "zh-CN": {}, "en": {}}
        for y in self.yy:
            for language, found in self.by_language.items():
                name = (y.get("name") or {}).get(language)
                if name:
                    found.setdefault(fold(name), []).append(y)
            if y.get("konami_id") and y["konami_id"] not in self.konami:
                passcode = self.owner.get(y.get("password") or y.get("fake_password") or 0)
                if passcode is not None:
                    self.konami[y["konami_id"]] = passcode

    def of_yaml_yugi(self, y: dict) -> int | None:
        passcode = self.owner.get(y.get("password") or y.get("fake_password") or 0)
        if passcode is None and y.get("konami_id"):
            passcode = self.konami.get(y["konami_id"])
        return passcode

    def by_name(self, name: str, languages: tuple[str, ...]) -> tuple[int | None, int | None]:
        """(passcode, Konami ID) of the one card with this name in the first language that has exactly one."""
        key = fold(name)
        for language in languages:
            found = {(self.of_yaml_yugi(y), y.get("konami_id")) for y in self.by_language[language].get(key, [])}
            found = {f for f in found if f[0] is not None}
            if len(found) == 1:
                return found.pop()
            if language == "en" and len(self.by_english.get(key, [])) == 1:
                passcode = self.by_english[key][0]
                return passcode, next((k for k, p in self.konami.items() if p == passcode), None)
        return None, None


def _entry(cards: Cards, passcode: int, konami_id: int | None, status: int) -> dict:
    return {"name": cards.name[passcode], "passcode": passcode, "konami_id": konami_id, "status": status}


def _sorted(entries: list[dict]) -> list[dict]:
    return sorted(entries, key=lambda e: (e["name"].casefold(), e["name"], e["passcode"] or 0))


def _diffs(cards: Cards, ours: dict[int, int], theirs: dict[int, int]) -> list[str]:
    return [f"{cards.name.get(p, p)} ({p}): shipped {STATUS_WORDS[ours.get(p)]}, other {STATUS_WORDS[theirs.get(p)]}"
            for p in sorted(set(ours) | set(theirs), key=lambda p: (cards.name.get(p, ""), p))
            if ours.get(p) != theirs.get(p)]


def _vector_by_passcode(cards: Cards, vector: dict[str, int], label: str, report) -> dict[int, int]:
    out: dict[int, int] = {}
    for key, status in vector.items():
        passcode = cards.konami.get(int(key))
        if passcode is None:
            report.add("regional lists", f"LOUD: {label}: Konami ID {key} is no card of the index")
            continue
        out[passcode] = min(status, out.get(passcode, status))
    return out


def _write(out_dir: Path, folder: str, day: str, text: str) -> Path:
    import yaml

    path = out_dir / "banlists" / folder / f"{day}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return path


def _list_text(kind: str, name: str, folder: str, day: str, entries: list[dict], source: dict,
               notes: list[str]) -> str:
    return list_file_text(
        f"{kind} Forbidden & Limited list. {GENERATED_BY_LINE} ({GENERATED_BY}); edit by hand only for a house list.",
        name, folder, day, [{**e, "status": STATUS_KEYS[e["status"]]} for e in _sorted(entries)], source=source,
        notes=notes)


def _official(path: str, published_by: str) -> dict:
    return {"repository": LIMIT_REGULATION["repository"], "path": path, "commit": LIMIT_REGULATION["commit"],
            "date": LIMIT_REGULATION["date"], "published_by": published_by}


# ----------------------------------------------------------------------------------------- Master Duel


def master_duel(shared: Path, out_dir: Path, cards: Cards, report) -> list[Path]:
    """Every Master Duel list: the Konami-ID vector of each date, checked against the by-name filing."""
    root = shared / "yaml-yugi-limit-regulation" / "master-duel"
    written, previous = [], None
    for path in sorted(root.glob("*.vector.json")):
        day = path.name.split(".")[0]
        document = json.loads(path.read_text(encoding="utf-8"))
        if document.get("date") != day:
            report.add("regional lists", f"LOUD: master-duel/{path.name}: date field {document.get('date')} ≠ file name")
        label = f"Master Duel {day}"
        statuses = _vector_by_passcode(cards, document["regulation"], label, report)
        konami_of = {cards.konami[int(k)]: int(k) for k in document["regulation"] if int(k) in cards.konami}
        entries = [_entry(cards, p, konami_of.get(p), s) for p, s in statuses.items()]
        by_name: dict[int, int] = {}
        unresolved = []
        names_path = root / f"{day}.name.json"
        for name, status in json.loads(names_path.read_text(encoding="utf-8")).items():
            passcode, _konami = cards.by_name(name.replace("＜", "<").replace("＞", ">"), ("en",))
            if passcode is None:
                unresolved.append(name)
            else:
                by_name[passcode] = status
        diffs = _diffs(cards, statuses, by_name)
        notes = []
        if previous is not None:
            changed = _diffs(cards, statuses, previous)
            notes.append(f"{len(changed)} card(s) changed from the list before.")
        if diffs or unresolved:
            report.add("regional lists", f"{label}: the by-name filing differs in {len(diffs)} place(s), "
                                         f"{len(unresolved)} name(s) not resolved: " + "; ".join((diffs + unresolved)[:6]))
        source = {"official": _official(f"data/master-duel/{path.name}", "Yugipedia (Master Duel list)"),
                  "cross_check": {"repository": LIMIT_REGULATION["repository"], "path": f"data/master-duel/{day}.name.json",
                                  "commit": LIMIT_REGULATION["commit"], "differences": len(diffs) + len(unresolved)}}
        text = _list_text("Master Duel", f"{day[:4]}.{day[5:7]}.{day[8:]} Master Duel", "master-duel", day, entries,
                          source, notes)
        written.append(_write(out_dir, "master-duel", day, text))
        counts = Counter(e["status"] for e in entries)
        report.add("regional lists", f"banlists/master-duel/{day}.yaml: {len(entries)} entries (F {counts[0]}, "
                                     f"L {counts[1]}, S {counts[2]}); by-name filing {len(diffs)} difference(s)")
        previous = statuses
    return written


# ---------------------------------------------------------------------------------------- Asian-English


def _ae_day(term: str) -> str:
    month, year = term.split("-")
    return f"20{int(year):02d}-{AE_MONTHS[month]:02d}-01"


def _ae_remark(remark: str | None) -> int | None:
    """The status a "Latest (AE)" remark gives a card: "remark-limited-1" → 1, "Semi-Limited-to-limited" → 1."""
    text = (remark or "").lower()
    text = text.rsplit("-to-", 1)[-1] if "-to-" in text else text
    for word, status in (("semi-limited", 2), ("limited", 1), ("forbidden", 0), ("unlimited", None)):
        if word in text and not (word == "limited" and ("semi-limited" in text or "unlimited" in text)):
            return status
    return None


def ocg_ae(shared: Path, out_dir: Path, cards: Cards, report) -> list[Path]:
    """Every Asian-English list from Konami Asia's page data (the "(AE)" lists of each effective-date term), each
    card by its Japanese name (else its English one); the scraped vectors cross-checked."""
    root = shared / "yaml-yugi-limit-regulation" / "ocg-ae"
    data = json.loads((root / "cardData.json").read_text(encoding="utf-8"))
    terms = {}
    for term in data["en"]["effective_dates"]:
        lists = {lst["card_list_name"]: lst["cards"] for lst in term["card_lists"] if lst["card_list_name"].endswith("(AE)")}
        if any(name in lists for name in AE_LISTS):
            terms[_ae_day(term["effective_date_name"])] = (term["effective_date_name"], lists)
    written, previous = [], None
    for day in sorted(terms):
        term, lists = terms[day]
        candidates: dict[int, set[int]] = {}
        konami_of: dict[int, int | None] = {}
        changed: dict[int, int | None] = {}  # the "Latest (AE)" list: this term's changes, with the new status

        def card_of(card: dict, day: str = day, konami_of: dict = konami_of) -> int | None:
            passcode, konami_id = cards.by_name(card.get("japanese_card_name") or "", ("ja",))
            if passcode is None:
                passcode, konami_id = cards.by_name(card.get("card_name") or "", ("en",))
            if passcode is None:
                report.add("regional lists", f"LOUD: OCG AE {day}: {card.get('card_name')!r} / "
                                             f"{card.get('japanese_card_name')!r} is no card of the index; left out")
            else:
                konami_of[passcode] = konami_id
            return passcode

        for list_name, status in AE_LISTS.items():
            for card in lists.get(list_name, []):
                passcode = card_of(card)
                if passcode is not None:
                    candidates.setdefault(passcode, set()).add(status)
        for card in lists.get("Latest (AE)", []):
            passcode = card_of(card)
            if passcode is not None:
                changed[passcode] = _ae_remark(card.get("remarks"))
        statuses: dict[int, int] = {}
        notes = [(f"Konami Asia's page lists this list under the effective-date term {term!r}, which it starts on "
                  "the first of the month.")]
        for passcode, found in candidates.items():
            if len(found) == 1:
                statuses[passcode] = found.pop()
                continue
            words = " and ".join(STATUS_WORDS[s] for s in sorted(found))
            if changed.get(passcode) in found:
                statuses[passcode] = changed[passcode]
                why = f"the term's list of changes (\"Latest (AE)\") makes it {STATUS_WORDS[changed[passcode]]}"
            elif passcode not in changed and previous is not None and previous.get(passcode) in found:
                statuses[passcode] = previous[passcode]
                why = (f"the term's list of changes does not change it, and it was {STATUS_WORDS[previous[passcode]]} "
                       "on the list before")
            else:
                statuses[passcode] = min(found)
                why = "nothing else decides; the strictest is shipped"
                report.add("regional lists", f"LOUD: OCG AE {day}: {cards.name[passcode]} listed as {words}; {why}")
            note = (f"Konami's page data lists {cards.name[passcode]} both as {words}: shipped as "
                    f"{STATUS_WORDS[statuses[passcode]]}, because {why}.")
            notes.append(note)
            report.add("regional lists", f"OCG AE {day}: {note}")
        entries = [_entry(cards, p, konami_of.get(p), s) for p, s in statuses.items()]
        vector_path = root / f"{day}.vector.json"
        source = {"official": _official("data/ocg-ae/cardData.json", f"Konami Asia (yugioh-card.com/asia), term {term}, "
                                        "lists \"Forbidden (AE)\", \"Limited (AE)\", \"Semi-Limited (AE)\"")}
        if vector_path.is_file():
            vector = _vector_by_passcode(cards, json.loads(vector_path.read_text(encoding="utf-8"))["regulation"],
                                         f"OCG AE {day} vector", report)
            diffs = _diffs(cards, statuses, vector)
            source["cross_check"] = {"repository": LIMIT_REGULATION["repository"], "path": f"data/ocg-ae/{day}.vector.json",
                                     "commit": LIMIT_REGULATION["commit"], "differences": len(diffs)}
            if diffs:
                notes.append("The scraped vector of this date differs from the list shipped in "
                             f"{len(diffs)} place(s): " + "; ".join(d.replace("other", "vector") for d in diffs))
                report.add("regional lists", f"OCG AE {day}: the vector differs from the page data: " + "; ".join(diffs))
        else:
            report.add("regional lists", f"LOUD: OCG AE {day}: no scraped vector to cross-check")
        if previous is not None:
            notes.append(f"{len(_diffs(cards, statuses, previous))} card(s) changed from the list before.")
        text = _list_text("OCG Asian-English", f"{day[:4]}.{day[5:7]} OCG AE", "ocg-ae", day, entries, source, notes)
        written.append(_write(out_dir, "ocg-ae", day, text))
        counts = Counter(e["status"] for e in entries)
        report.add("regional lists", f"banlists/ocg-ae/{day}.yaml: {len(entries)} entries (F {counts[0]}, "
                                     f"L {counts[1]}, S {counts[2]})")
        previous = statuses
    return written


# ------------------------------------------------------------------------------------ Simplified Chinese

CN_TITLE = re.compile(r"第(\d+)次更新：(\d{4})/(\d{2})适用")


def _cn_status(section: str) -> int | None:
    if "解除" in section:
        return None  # released: not on the list
    if "准限制" in section:
        return 2
    if "限制" in section:
        return 1
    if "禁止" in section:
        return 0
    raise SystemExit(f"ocg-cn: unknown section {section!r}")


CN_WORDS = {"禁止": 0, "限制": 1, "准限制": 2}


def _statuses_before(root: Path, list_id: int, cards: Cards) -> tuple[dict[int, int], list[str]]:
    """What the update ``list_id`` tells of the list before it, from its entries' change notes: a card with no note
    had the status it has now; one noted "准限制→限制" (Semi-Limited to Limited) had the first; "新增" (newly listed)
    was not listed. Sections that do not hold the cards their headers count are not read (named in the second
    value)."""
    raw = json.loads((root / f"{list_id}.json").read_text(encoding="utf-8"))
    before: dict[int, int] = {}
    unread = []
    for section in raw.get("list") or []:
        said = re.search(r"(\d+)", section["name"])
        status = _cn_status(section["name"])
        if said is not None and int(said.group(1)) != len(section["list"]):
            unread.append(section["name"])
            continue
        for card in section["list"]:
            note = (card.get("note") or "").replace("⇒", "→").strip()
            was = status if not note else CN_WORDS.get(note.split("→")[0].strip()) if "→" in note else None
            if was is None:
                continue
            passcode, _konami = cards.by_name(card["name"], ("zh-CN", "ja"))
            if passcode is not None:
                before[passcode] = min(was, before.get(passcode, was))
    return before, unread


def ocg_cn(shared: Path, out_dir: Path, cards: Cards, report) -> list[Path]:
    """The Simplified Chinese lists from Konami China's answers, by Chinese name, each section checked against the
    count its header gives (a section that does not hold that many cards is not used); the vectors cross-checked."""
    root = shared / "yaml-yugi-limit-regulation" / "ocg-cn"
    index = json.loads((root / "webList.json").read_text(encoding="utf-8"))["list"]
    updates = []
    for item in index:
        match = CN_TITLE.fullmatch(item["name"])
        if not match:
            raise SystemExit(f"ocg-cn: unknown list title {item['name']!r}")
        updates.append((f"{match.group(2)}-{match.group(3)}-01", int(match.group(1)), item["id"], item["name"]))
    written: list[Path] = []
    previous: tuple[str, dict[int, int], Path] | None = None
    for day, number, list_id, title in sorted(updates):
        raw = json.loads((root / f"{list_id}.json").read_text(encoding="utf-8"))
        statuses: dict[int, int] = {}
        candidates: dict[int, dict[int, str | None]] = {}  # card → status → the entry's change note
        konami_of: dict[int, int | None] = {}
        broken: list[str] = []  # sections that do not hold the cards their headers count
        lost: list[str] = []
        rebuilt_note = ""
        for section in raw.get("list") or []:
            status = _cn_status(section["name"])
            said = re.search(r"(\d+)", section["name"])
            held = len(section["list"])
            if said is not None and int(said.group(1)) != held:
                (broken if status in (0, 1) else lost).append(f"{section['name']!r} holds {held}")
                continue
            if status is None:
                continue
            for card in section["list"]:
                passcode, konami_id = cards.by_name(card["name"], ("zh-CN", "ja"))
                if passcode is None:
                    report.add("regional lists", f"LOUD: OCG CN {day}: {card['name']!r} is no card of the index; left out")
                    continue
                candidates.setdefault(passcode, {})[status] = card.get("note")
                konami_of[passcode] = konami_id
        label = f"OCG CN {day} (update {number}, {list_id}.json)"
        duplicates = []
        for passcode, found in candidates.items():
            if len(found) == 1:
                statuses[passcode] = next(iter(found))
                continue
            words = " and ".join(STATUS_WORDS[s] for s in sorted(found))
            noted = [s for s, note in found.items() if note]
            if len(noted) == 1:
                statuses[passcode] = noted[0]
                why = f"its {STATUS_WORDS[noted[0]]} entry carries the change ({found[noted[0]]!r}), the other none"
            elif previous is not None and previous[1].get(passcode) in found:
                statuses[passcode] = previous[1][passcode]
                why = f"no entry says it changed, and it was {STATUS_WORDS[previous[1][passcode]]} on the list before"
            else:
                statuses[passcode] = min(found)
                why = "nothing else decides; the strictest is shipped"
                report.add("regional lists", f"LOUD: {label}: {cards.name[passcode]} listed as {words}; {why}")
            duplicates.append(f"Konami China's answer lists {cards.name[passcode]} both as {words}: shipped as "
                              f"{STATUS_WORDS[statuses[passcode]]}, because {why}.")
        later = [u for u in sorted(updates) if u[1] == number + 1]
        if broken and later:  # rebuilt from what the next update's change notes tell of this one
            rebuilt, unread = _statuses_before(root, later[0][2], cards)
            if rebuilt:
                statuses = rebuilt
                konami_of = {p: next((k for k, q in cards.konami.items() if q == p), None) for p in rebuilt}
                counts = Counter(rebuilt.values())
                heads = {_cn_status(sec["name"]): int(m.group(1)) for sec in raw["list"]
                         if (m := re.search(r"(\d+)", sec["name"])) and _cn_status(sec["name"]) is not None}
                known = ", ".join(f"{STATUS_WORDS[st]} {counts[st]} of {heads.get(st, '?')}" for st in (0, 1, 2))
                rebuilt_note = (f"Konami China's answer for this update is scrambled ({', '.join(broken + lost)}: the "
                                f"sections hold another list's cards). The list is rebuilt from the next update "
                                f"({later[0][3]}), whose entries say what changed: a card with no change noted had "
                                f"the same status on this list, one noted \"限制→禁止\" was Limited. Known: {known} (the "
                                "counts of this update's headers); the cards the next update released are not known, "
                                "so they are not checked" + (f" (its sections {', '.join(unread)} could not be read)"
                                                             if unread else "") + ".")
                report.add("regional lists", f"{label}: REBUILT from the next update: {known}")
                broken, lost, duplicates = [], [], []
        if not raw.get("list") or broken:
            why = ("Konami China's answer for it is empty" if not raw.get("list") else
                   "Konami China's answer for it is scrambled: " + ", ".join(broken + lost)
                   + " — the sections hold another list's cards")
            report.add("regional lists", f"{label}: NOT SHIPPED: {why}")
            if previous is not None:
                prev_path = previous[2]
                text = prev_path.read_text(encoding="utf-8")
                note = (f"Konami China's update {number} ({title}, effective {day}) is not shipped: {why}. A check dated "
                        f"from {day} until the next shipped list is judged by this list, which may not be the one in force.")
                text = text.replace("\nforbidden:", f"\n  - {json.dumps(note, ensure_ascii=False)}\nforbidden:", 1) \
                    if "\nnotes:\n" in text else text.replace("\nforbidden:", f"\nnotes:\n  - {json.dumps(note, ensure_ascii=False)}\nforbidden:", 1)
                prev_path.write_text(text, encoding="utf-8", newline="\n")
            continue
        notes = [f"Konami China's update {number} ({title}); effective the first of its month.", *duplicates]
        if rebuilt_note:
            notes.append(rebuilt_note)
        for line in duplicates:
            report.add("regional lists", f"{label}: {line}")
        recovered: list[int] = []
        if lost:
            recovered = [p for p, st in _statuses_before(root, later[0][2], cards)[0].items() if st == 2] if later else []
            for passcode in recovered:
                if passcode not in statuses:
                    statuses[passcode] = 2
                    konami_of[passcode] = next((k for k, p in cards.konami.items() if p == passcode), None)
            said = next((int(m.group(1)) for m in (re.search(r"准限制卡\s*(\d+)", x) for x in lost) if m), None)
            notes.append("The source lost the Semi-Limited section (" + ", ".join(lost) + ", in Japanese: another "
                         f"list's cards). Its Semi-Limited cards are recovered from the next update ({later[0][3] if later else 'none'}), "
                         "whose entries say what changed: the cards Semi-Limited there with no change noted, and those "
                         f"noted as moved from Semi-Limited — {len(recovered)} of the {said or '?'} the header counts; "
                         "the others (released in the next update) are not known, so they are not checked.")
            report.add("regional lists", f"{label}: the Semi-Limited section is lost ({', '.join(lost)}); "
                                         f"{len(recovered)} of {said} Semi-Limited cards recovered from the next update")
        source = {"official": _official(f"data/ocg-cn/{list_id}.json", "Konami China (yugioh-card-cn.com), names "
                                        "matched to cards by their Simplified Chinese names")}
        vector_path = root / f"{day}.vector.json"
        if vector_path.is_file():
            vector = _vector_by_passcode(cards, json.loads(vector_path.read_text(encoding="utf-8"))["regulation"],
                                         f"OCG CN {day} vector", report)
            if lost:
                vector = {p: s for p, s in vector.items() if s != 2}
                vector.update({p: 2 for p in recovered})
            diffs = _diffs(cards, statuses, vector)
            source["cross_check"] = {"repository": LIMIT_REGULATION["repository"],
                                     "path": f"data/ocg-cn/{day}.vector.json", "commit": LIMIT_REGULATION["commit"],
                                     "differences": len(diffs)}
            if diffs and rebuilt_note:
                notes.append(f"The scraped vector of this date was read from the scrambled answer: it differs from "
                             f"the list rebuilt in {len(diffs)} place(s) and is not used.")
            elif diffs:
                notes.append(f"The scraped vector of this date differs from the list shipped in {len(diffs)} "
                             "place(s): " + "; ".join(d.replace("other", "vector") for d in diffs))
                report.add("regional lists", f"{label}: the vector differs in {len(diffs)} place(s): "
                                             + "; ".join(diffs[:6]) + ("; …" if len(diffs) > 6 else ""))
        if previous is not None:
            notes.append(f"{len(_diffs(cards, statuses, previous[1]))} card(s) changed from the list before.")
        entries = [_entry(cards, p, konami_of.get(p), s) for p, s in statuses.items()]
        text = _list_text("OCG Simplified Chinese", f"{day[:4]}.{day[5:7]} OCG CN", "ocg-cn", day, entries, source, notes)
        path = _write(out_dir, "ocg-cn", day, text)
        written.append(path)
        counts = Counter(e["status"] for e in entries)
        report.add("regional lists", f"banlists/ocg-cn/{day}.yaml: {len(entries)} entries (F {counts[0]}, "
                                     f"L {counts[1]}, S {counts[2]})")
        previous = (day, statuses, path)
    return written


# ------------------------------------------------------------------------------------------------- pools


def pools(shared: Path, out_dir: Path, cards: Cards, report) -> list[Path]:
    """The Master Duel pool (a Master Duel rarity) and the Simplified Chinese pool (a zh-CN printing)."""
    folder = out_dir / "deckcheck" / "data" / "pools"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    specs = (
        ("master-duel", "Master Duel", lambda y: bool(y.get("master_duel_rarity")), "master_duel_rarity is set",
         [("The cards that have a Master Duel rarity in yaml-yugi (from Yugipedia's Master Duel card pages): a card "
           "is in Master Duel when it has one. No arrival dates: the day a card was added to the game is not in the "
           "data."), "No Master Duel-only cards were found: every card of the pool is an OCG or TCG card."]),
        ("ocg-cn", "Simplified Chinese OCG", lambda y: "zh-CN" in (y.get("printed_regions") or []),
         "printed_regions has zh-CN",
         [("The cards with a Simplified Chinese printing in yaml-yugi (printed_regions zh-CN, from Yugipedia's set "
           "lists). No release dates: the day a card was first printed in Simplified Chinese is not in the data.")]),
    )
    for pool_id, title, member, rule, notes in specs:
        passcodes, unmapped = set(), []
        for y in cards.yy:
            if not member(y):
                continue
            passcode = cards.of_yaml_yugi(y)
            if passcode is None or passcode not in cards.official:
                unmapped.append(f"{(y.get('name') or {}).get('en')} ({y.get('konami_id') or y.get('_file')})")
                continue
            passcodes.add(passcode)
        source = {**YAML_YUGI, "path": "yaml-yugi/cards.jsonl (shared data snapshot)", "rule": rule}
        path = folder / f"{pool_id}.json"
        path.write_text(pool_file_text(pool_id, title, source, notes, sorted(passcodes), GENERATED_BY),
                        encoding="utf-8", newline="\n")
        written.append(path)
        report.add("pools", f"{path.relative_to(out_dir)}: {len(passcodes):,} cards ({path.stat().st_size:,} bytes); "
                            f"{len(unmapped)} yaml-yugi card(s) in it match no official card of the index: "
                            + "; ".join(unmapped[:8]))
    return written


def build(shared: Path, out_dir: Path, report) -> list[Path]:
    """Write every regional list and pool; returns the list files written (build_data keeps them)."""
    cards = Cards(out_dir / "deckcheck" / "data" / "cards.jsonl", shared / "yaml-yugi" / "cards.jsonl", report)
    written = master_duel(shared, out_dir, cards, report)
    written += ocg_ae(shared, out_dir, cards, report)
    written += ocg_cn(shared, out_dir, cards, report)
    pools(shared, out_dir, cards, report)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--out-dir", type=Path, default=REPO)
    args = parser.parse_args(argv)
    if not (args.shared / "PROVENANCE.md").is_file():
        parser.error(f"{args.shared} is not the shared data directory (no PROVENANCE.md)")
    report = PrintReport()
    written = build(args.shared.resolve(), args.out_dir.resolve(), report)
    print(report.text(), end="")
    print(f"{len(written)} list files written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
