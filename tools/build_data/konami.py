"""Konami's lists as DawnbrandBots/yaml-yugi-limit-regulation scrapes them (vectors by Konami ID, OCG lists by
English name): the TCG and OCG Forbidden & Limited lists, each cross-checked against EDOPro's list and YGOJSON's
history, with the corrections applied."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from deckcheck.folding import normalize_name

from .cards import Builder
from .common import (
    STATUS_WORDS, YGOJSON, Card, OfficialList, Report, clean_name, read_json, read_jsonl,
)
from .corrections import CorrectionsMixin, load_corrections
from .edopro import read_lflists
from .write import banlist_yaml, write_list
from .yaml_yugi import yaml_yugi_password
from .ygojson import StatusHistory

FIRST_OCG_LIST_DATE = "1999-07-08"  # the OCG's first list: every OCG list is shipped (by name before 2021)

# Banlist facts that the vectors alone do not carry (list dates and status fixes: deckcheck/data/corrections.yaml).
TCG_DUPLICATE_FILINGS = {"2024-12-06": "2024-12-09"}  # an identical, earlier filing of the same list
EDOPRO_HISTORY_FROM = "2020-01-01"  # ProjectIgnis/LFLists has no list older than 2020.01
OCG_SHARED_UNTIL = "2013-09-01"  # the first TCG list made apart from the OCG's (videogamesuncovered.com, 2013)
AHEAD_NOTE = "Named ahead of its TCG release (the TCG's status history has the entry on this date):"
TCG_STARTED = "2002-03-08"  # Legend of Blue Eyes White Dragon, the first TCG set (North America)
UDE_HISTORY_UNTIL = "2005-04-01"  # before it, YGOJSON's TCG history follows Upper Deck's lists (other days, other lists)
# Revisions the evidence had to decide (no list in Konami's archive or Format Library's chronology): day → the
# decision and its sources, in the list's notes and the build report.
REVISION_DECISIONS = {
    "2004-08-25": (
        "Decided: kept. The TCG's first Forbidden cards: YGOJSON's TCG history (from Yugipedia) dates these 13 changes, "
        "and no other, on 2004-08-25; a community history of the lists (aminoapps.com, \"Yu-Gi-Oh History: the "
        "Yata-Lock\") calls it \"the August 2004 Forbidden and Limited List\", \"the very first time cards were ever "
        "forbidden\", naming Chaos Emperor Dragon, Sangan, Witch of the Black Forest and Yata-Garasu; Upper Deck's "
        "announcement of the Forbidden List (a copy at angelfire.com/linux/bhsyugioh/restrictedcards.htm) brought to "
        "North America and Europe the list Asia's TCG tournaments had used since February 2004, as a second format "
        "beside one without Forbidden cards (deckcheck applies the Forbidden List, as the Advanced Format later did). "
        "Format Library's chronology has no list between 2004-04-19 and 2004-10-01; two later articles that date "
        "Raigeki's or Yata-Garasu's ban to March or April 2004 (tcgplayer.com 2015, polygon.com 2022) name no list "
        "and match Asia's February 2004 start, so they are not followed: Raigeki stays Limited until 2004-08-25."),
}
# Typos in the OCG lists as transcribed upstream by name: the lists before and after it name the card with the same
# status, and YGOJSON's OCG history (from Yugipedia) has no change for it on that day.
OCG_NAME_TYPOS = {"Nerkoz of Unicore": "Nekroz of Unicore",  # data/ocg/2015-10-01.name.json
                  "Burial from a Differnet Dimension": "Burial from a Different Dimension",  # 2016-07-01
                  "Redox, Dragon Ruler of Storms": "Redox, Dragon Ruler of Boulders"}  # 2016-07-01 (Tempest is listed too)
# Official lists without an EDOPro list of their own: cross-check against the EDOPro list that absorbed them.
CROSS_CHECK_OVERRIDES = {("ocg", "2021-02-20"): "2021.01 OCG"}


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
        if fmt == "tcg" and lst.effective < UDE_HISTORY_UNTIL:
            report.add("lists", f"not shipped: Konami's archived TCG vector {stem} ({len(regulation)} entries) — before "
                                f"{UDE_HISTORY_UNTIL} Konami's archive files the OCG's lists on OCG dates; the TCG's own "
                                "lists of 2002–2005 are built from its history (tcg_history_lists)")
            continue
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
    kept = [lst for lst in lists if lst.fmt == "tcg"]  # every TCG list Konami archives, back to 1999
    dated = sorted((lst for lst in lists if lst.fmt == "ocg"), key=lambda lst: lst.effective)
    before = [lst for lst in dated if lst.effective < FIRST_OCG_LIST_DATE]  # the OCG: from 2020 on
    if before and not any(lst.effective == FIRST_OCG_LIST_DATE for lst in dated):
        kept.append(before[-1])
        before[-1].notes.append(f"Shipped because it was still in force on {FIRST_OCG_LIST_DATE}, the first day "
                                "deckcheck's OCG history covers.")
    kept += [lst for lst in dated if lst.effective >= FIRST_OCG_LIST_DATE]
    return sorted(kept, key=lambda lst: (lst.fmt, lst.effective)), overlap


class BanlistBuilder(CorrectionsMixin):
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
        self.corrections = load_corrections()
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
        if name in OCG_NAME_TYPOS:
            self.report.add("banlists", f"OCG list name {name!r} read as {OCG_NAME_TYPOS[name]!r} (a typo upstream: the "
                                        "lists before and after name that card with the same status)")
            name = OCG_NAME_TYPOS[name]
        for y in self.cards.yy_by_name.get(clean_name(name), []):
            passcode = self.cards.main.owner.get(yaml_yugi_password(y))
            if passcode is not None:
                return self.cards.main.cards[passcode], y.get("konami_id")
        card = next((c for c in self.cards.main.cards.values() if c.name == clean_name(name)), None)
        if card is None:  # the OCG's early transcriptions: "Morphing Jar 2" for Morphing Jar #2
            wanted = normalize_name(name)
            found = [c for c in self.cards.main.cards.values() if c.origin == "official" and normalize_name(c.name) == wanted]
            if len(found) == 1:
                card = found[0]
                self.report.add("banlists", f"OCG list name {name!r} read as {card.name!r} (same name but for punctuation)")
        return card, card.konami_id if card else None

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
            dated = sorted((lst for lst in lists if lst.fmt == fmt), key=lambda lst: lst.effective)
            if not dated:
                continue
            starts = {d for lst in dated for d in (lst.effective, *lst.effective_by_region.values())}
            first = dated[0].effective
            early = sorted(d for d in self.history.days[fmt] if d < first and d not in starts)
            if early and fmt == "tcg":
                self.report.add("list dates", f"YGOJSON's TCG history before {first} changes statuses on {len(early)} days "
                                              f"({', '.join(early[:4])} … {early[-1]}): Upper Deck's lists of 2002–2005, "
                                              "which Konami's archive does not carry; its lists of those years are shipped "
                                              "as archived")
            for day in sorted(d for d in self.history.days[fmt] if d >= first and d not in starts):
                in_force = [lst for lst in dated if lst.effective <= day]
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

    def tcg_cards_only(self, lst: OfficialList, entries: list[dict]) -> tuple[list[dict], list[str]]:
        """A TCG list's entries for cards that were TCG cards on its date, and the others in words: an entry the
        TCG list took over from the OCG's for a card it did not have yet would judge the card once it is released
        (Brionac on 2009.09 TCG). The TCG history gives such a card its status the day it is released (a revision
        list, tcg_history_lists)."""
        if lst.fmt != "tcg":
            return entries, []
        kept, left, ahead = [], [], []
        history = self.history.statuses("tcg", lst.effective) if lst.effective <= YGOJSON["date"] else {}
        for e in entries:
            card = self.cards.main.cards.get(e["passcode"]) if e["passcode"] is not None else None
            if card is not None and (not card.tcg or (card.tcg_date is not None and card.tcg_date > lst.effective)):
                line = f"{card.name} ({card.passcode}) {STATUS_WORDS[e['status']]}: first TCG release {card.tcg_date or 'none'}"
                if card.tcg and history.get(e["konami_id"]) == e["status"]:
                    ahead.append(line)  # the TCG's own history has the status that day: named ahead of its release
                    kept.append(e)
                else:
                    left.append(line)
            else:
                kept.append(e)
        if ahead:
            lst.notes.append(f"{AHEAD_NOTE} " + "; ".join(ahead))
            self.report.examples("list statuses", f"{lst.name}: entries kept for cards not yet TCG cards on "
                                                  f"{lst.effective}, the TCG's history giving them that status", ahead)
        return kept, left

    def tcg_history_lists(self, lists: list[OfficialList]) -> list[OfficialList]:
        """The TCG's own lists where Konami's archive has none: the lists of 2002-05-07 to 2004-10-01 on Format
        Library's dates, their statuses from the TCG's status history (Yugipedia, via YGOJSON) on that day; and a
        revision for every later day that history changes statuses on and no list starts on (June 2007, May 2008,
        February 2016, and cards released with a status), the list in force with that day's changes."""
        names = {day: name for name, day in read_json(self.shared / "formatlibrary" / "banlists.json")}
        out = list(lists)
        for day in sorted(d for d in names if d < UDE_HISTORY_UNTIL):
            regulation = {str(k): v for k, v in sorted(self.history.statuses("tcg", day).items())}
            out.append(OfficialList("tcg", day, "legality.tcg.history", regulation, origin="history", notes=[
                f"The TCG's {names[day]} list. Effective date: Format Library's list of TCG lists; statuses: the TCG's "
                "status history (Yugipedia, via YGOJSON legality.tcg.history) on that day. Konami's archive has no TCG "
                "list before April 2005 (the lists it files as TCG before then are the OCG's, on OCG dates)."]))
            self.report.add("list dates", f"{out[-1].name}: Format Library's {names[day]!r} {day}, "
                                          f"{len(regulation)} statuses from YGOJSON's TCG history that day")
        out.append(OfficialList("tcg", TCG_STARTED, "legality.tcg.history", {}, origin="history", notes=[
            f"No list: the TCG started on {TCG_STARTED} (Legend of Blue Eyes White Dragon) and had no Forbidden & Limited "
            f"list until {min(names)} (Format Library's first TCG list; the TCG's status history has no status before "
            "it). Until then only the construction rules apply; this empty entry says so."]))
        first = min(names)
        for day in sorted(self.history.days["tcg"]):
            starts = {d for lst in out if lst.fmt == "tcg" for d in (lst.effective, *lst.effective_by_region.values())}
            if day < first or day in starts or day > YGOJSON["date"]:
                continue
            base = max((lst for lst in out if lst.fmt == "tcg" and lst.effective <= day), key=lambda lst: lst.effective)
            regulation = dict(base.regulation)
            changes = []
            for konami_id, steps in sorted(self.history.changes["tcg"].items()):
                for when, status in steps:
                    if when == day:
                        if status is None:
                            regulation.pop(str(konami_id), None)
                        else:
                            regulation[str(konami_id)] = status
                        card = self.card_for_konami(konami_id)
                        changes.append(f"{card.name if card else konami_id} {STATUS_WORDS[status]}")
            lst = OfficialList("tcg", day, base.upstream_path, regulation, origin="revision", notes=[
                f"A revision of {base.name} effective {day}, the day the TCG's status history (Yugipedia, via YGOJSON "
                f"legality.tcg.history) changes: " + "; ".join(changes) + f". Konami's archive has no list of its own "
                f"for it (Format Library {'lists ' + repr(names[day]) if day in names else 'has no list that day'}): "
                f"{base.name} with these changes."])
            if day in REVISION_DECISIONS:
                lst.notes.append(REVISION_DECISIONS[day])
                self.report.add("list dates", f"{lst.name}: {REVISION_DECISIONS[day]}")
            out.append(lst)
            self.report.add("list dates", f"{lst.name}: added, a revision of {base.name} on {day} "
                                          f"({'; '.join(changes)})")
        return sorted(out, key=lambda lst: (lst.fmt, lst.effective))

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
                         "list \"will usually be nearly identical to the list the OCG use\"), so as filed it has entries "
                         "for cards not yet released in the TCG.")
        self.report.add("list statuses", f"{lst.name}: as filed, {same} the OCG list filed {filed}")

    def build(self, out_dir: Path) -> list[Path]:
        written = []
        lists, overlap = official_lists(self.shared, self.report, self.corrections)
        lists = self.tcg_history_lists(lists)
        self.revision_notes = self.missing_revisions(lists)
        self.built = {(lst.fmt, lst.effective): lst for lst in lists}
        for stem, names, vector in overlap:
            self.compare_name_list(stem, names, vector)
        self.check_corrections_match(lists)
        previous: dict[str, OfficialList] = {}
        quiet = []
        for lst in lists:
            scraped, entries = self.scraped_entries(lst), self.entries(lst)
            entries, early = self.tcg_cards_only(lst, entries)
            if early:
                lst.notes.append(f"Left out: {len(early)} entr{'y' if len(early) == 1 else 'ies'} of the list as filed for "
                                 "cards that were not yet TCG cards on this date (the list the TCG took over from the "
                                 "OCG names them; they are judged by the list in force when they are released): "
                                 + "; ".join(early[:12]) + ("; …" if len(early) > 12 else ""))
                self.report.examples("list statuses", f"{lst.name}: entries left out, the card not yet a TCG card on "
                                                      f"{lst.effective}", early, 12)
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
            path = write_list(out_dir, lst.fmt, lst.effective, banlist_yaml(lst, entries, aliases, cross, history))
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
