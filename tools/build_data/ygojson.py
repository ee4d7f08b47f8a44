"""iconmaster5326/YGOJSON: first release dates, Konami ID fallback, extra passwords, Skill Card releases, and
the legality history (from Yugipedia) the lists are checked against."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from deckcheck.cardtypes import pools_of

from .common import PLACEHOLDER_MIN, REPO, Card, Index, Report, clean_name, read_jsonl

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


class YgojsonCards:
    """The card index's YGOJSON part (a mixin of cards.Builder)."""

    shared: Path
    report: Report
    main: Index
    other: Index
    placeholders: dict[int, int]
    placeholder_source: dict[int, str]
    ygojson_of: dict[int, dict]
    ygojson_owner: dict[str, int]

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

    # -- first TCG release dates from the printings (YGOJSON's sets): promos its derived dates miss

    def apply_printing_dates(self) -> None:
        """A TCG card's first release is no later than the earliest dated TCG printing of it. YGOJSON's derived
        date misses printings whose English locale is undated (promos, video-game bundles, Shonen Jump issues,
        the Premium Packs); for those the best upper bound the set data gives is taken (TCG_PRINTING_BOUNDS) and
        every date that moves is reported with the printing that moved it. Dates only ever move earlier."""
        section = "release dates"
        sets = read_jsonl(self.shared / "ygojson" / "sets.min.jsonl")
        first = printing_dates(sets)
        by_prefix = prefix_dates(sets)
        moved, by_how = [], Counter()
        for card in sorted(self.main.cards.values(), key=lambda c: c.passcode):
            if not card.tcg or card.origin != "official" or card.kind not in ("main", "extra"):
                continue
            candidates = []
            g = self.ygojson_of.get(card.passcode)
            if g is not None and g["id"] in first:
                candidates.append(first[g["id"]])
            y = self.pool_evidence.get(card.passcode, (None, None))[0]
            for number in ((y or {}).get("sets") or {}).get("en", []):
                prefix = number.split("-")[0]
                if prefix in by_prefix:
                    candidates.append(by_prefix[prefix] + (number,))
            if not candidates:
                continue
            day, how, *where = min(candidates)
            if card.tcg_date is None or day < card.tcg_date:
                moved.append(f"{card.passcode} {card.name!r}: {card.tcg_date or 'none'} → {day} ({how}"
                             f"{': ' + where[0] if where else ''})")
                by_how[how.split(" (")[0]] += 1
                card.tcg_date = day
        self.report.add(section, f"TCG first release dates moved earlier by the printings in ygojson/sets.min.jsonl: "
                                 f"{len(moved)} ({dict(sorted(by_how.items()))})")
        self.report.examples(section, "TCG first release dates moved earlier (date of the printing, or its best "
                                      "upper bound)", moved, 400)


    # -- a format's community pool: its cards were TCG cards by the format's cut-off

    def apply_community_pools(self) -> None:
        """A card of a retro format's community card pool was a TCG card by the format's cut-off: a card must not
        be "not released" on a day by which its format's pool already had it (issue #20). For Edison, the
        community pool is the two Edison whitelists of LFLists' unmerged pull requests (edopro/lflists/unmerged);
        a card both name is dated no later than edison.yaml's cut-off (released_by) when no printing in the set
        data dates it by then. Duel Terminal prints are not TCG releases (Konami made a Duel Terminal card legal
        only when another product reprinted it; edison.yaml's notes): a card the lists name that has a Duel Terminal
        print and no printing dated by the cut-off is reported, not moved; so is a card with no date at all (the
        pool rule warns for it; the cut-off may be later than its real release). Run after every other source."""
        from deckcheck.safe_yaml import load

        from .edopro import read_lflists

        section = "release dates"
        folder = self.shared / "edopro" / "lflists" / "unmerged"
        pools = [read_lflists(folder / name) for name in COMMUNITY_POOLS["edison"]]
        named = [{code for entries in lists.values() for code, count in entries if count > 0} for lists in pools]
        edison = REPO / "deckcheck" / "formats" / "builtin" / "edison.yaml"
        cutoff = str(load(edison.read_text(encoding="utf-8"))["rules"]["card-pool"]["released_by"])
        both = {self.main.owner.get(code, code) for code in set.intersection(*named)}
        lists = " and ".join(f"{n!r}" for lists in pools for n in lists)
        moved, kept, unknown = [], [], []
        for passcode in sorted(both):
            card = self.main.cards.get(passcode)
            if card is None or card.origin != "official" or not card.tcg or card.kind not in ("main", "extra"):
                continue
            if card.tcg_date is None:  # unknown: a warning where it matters, never "not released" (and the
                unknown.append(f"{card.passcode} {card.name!r}")  # cut-off could be later than its real date)
                continue
            if card.tcg_date <= cutoff:
                continue
            y = self.pool_evidence.get(card.passcode, (None, None))[0]
            printed = ((y or {}).get("sets") or {}).get("en", [])
            terminal = sorted(n for n in printed if re.match(r"DT\d\d-EN", n))
            if terminal:
                kept.append(f"{card.passcode} {card.name!r}: {card.tcg_date or 'none'} kept (printed before the "
                            f"cut-off only in Duel Terminal: {', '.join(terminal)})")
                continue
            moved.append(f"{card.passcode} {card.name!r}: {card.tcg_date or 'none'} → {cutoff} (bound: in the "
                         f"Edison community pool, {lists}, the TCG by edison.yaml's cut-off; printed as "
                         f"{', '.join(sorted(printed)) or 'no English set number'})")
            card.tcg_date = cutoff
        self.report.add(section, f"TCG first release dates bounded by a format's community pool (Edison, cut-off "
                                 f"{cutoff}): {len(moved)} moved, {len(kept)} Duel Terminal cards kept, "
                                 f"{len(unknown)} with no date left unknown")
        self.report.examples(section, "TCG first release dates moved to the Edison cut-off (in both Edison "
                                      "community lists, no dated printing by then)", moved, 50)
        self.report.examples(section, "Edison community lists' cards not moved (their only English print by the "
                                      "cut-off is a Duel Terminal one: out of the Edison pool, edison.yaml)", kept, 50)
        self.report.examples(section, "Edison community lists' cards with no release date (left unknown: in the "
                                      "pool, with a warning for a check before the data's date)", unknown, 50)


# The TCG locales of YGOJSON's sets (ae, Asian-English, is an OCG region; jp, kr, sc, tc are OCG).
TCG_LOCALES = ("en", "na", "eu", "oc", "de", "fr", "it", "sp", "pt", "fc")
MONTHS = {m: i for i, m in enumerate(("january", "february", "march", "april", "may", "june", "july", "august",
                                      "september", "october", "november", "december"), 1)}
# Sets whose printings YGOJSON does not list (no contents): the card's set number names the set (PROVENANCE §6.7).
TCG_PRINTING_BOUNDS = {"PP01": "Premium Pack (TCG)", "PP02": "Premium Pack 2 (TCG)"}
# A retro format's community card pool (edopro/lflists/unmerged): format → its list files (PROVENANCE §6.6).
COMMUNITY_POOLS = {"edison": ("2010.03 Edison.lflist.conf", "EDISON.lflist.conf")}
# Release dates the set data leaves out, each from a source a reviewer can check: YGOJSON set (English name) →
# (the undated locale, the day the product was out there, the source). Used only where YGOJSON has no date.
RECORDED_RELEASES = {
    "Yu-Gi-Oh! Destiny Board Traveler Bundles": (
        "en", "2004-10-26",
        "Yugipedia 'Yu-Gi-Oh! Destiny Board Traveler' (the game): North American release October 26, 2004, European "
        "September 16, 2005 (YGOJSON dates this bundle's European locales 2005-09-15: the promos came with the game); "
        "Konami's card legality: a video-game promo is legal from the game's release on the continent"),
    "Yu-Gi-Oh! GX Volume 2": (
        "en", "2008-11-04",
        "complexitycardgaming.com, Marcel Burri, 'A look into the past – Part 9: The end of the UDE era' (2016), its "
        "list of TCG releases: 'November 4, 2008 YG02-EN001 Thunder King Rai-Oh' (the English manga volume; the set "
        "data dates volume 1 2007-11-06 and volume 3 2009-06-02)"),
    "Shonen Jump Championship 2009": (
        "en", "2009-04-25",
        "Konami, yugiohblog.konami.com 'SJC History: The Dark End Dragon Age (2009-2010)' (2010-04-24): Dark End "
        "Dragon debuted as the Championship prize card at SHONEN JUMP Championship #68, Anaheim, April 25, 2009"),
}


def name_date(name: str) -> str | None:
    """The cover month a promo set's name gives, as its first day (YGOJSON's own convention for the Shonen Jump
    issues it dates: "Shonen Jump Vol. 8, Issue 3" → 2010-03-01): "Shonen Jump Vol. 7, Issue 9" (volume 1 is
    2003), "Shonen Jump March 2010 subscription bonus", "Weekly Shonen Jump July 2013 membership"."""
    m = re.search(r"Shonen Jump Vol\. (\d+), Issue (\d+)$", name)
    if m and 1 <= int(m.group(2)) <= 12:
        return f"{2002 + int(m.group(1))}-{int(m.group(2)):02d}-01"
    m = re.search(r"Shonen Jump (?:Alpha )?(\w+)(?:/\w+)? (\d{4}) (?:subscription bonus|membership)$", name)
    if m and m.group(1).lower() in MONTHS:
        return f"{m.group(2)}-{MONTHS[m.group(1).lower()]:02d}-01"
    return None


# A prize or event set named by the year its events were held ("Shonen Jump Championship 2004", "Yu-Gi-Oh!
# Championship Series 2010", "Collectible Tins 2010"): out by the end of that year.
YEAR_SETS = re.compile(r"^(?:Shonen Jump Championship|Yu-Gi-Oh! Championship Series|Collectible Tins) (\d{4})"
                       r"(?: [AB]| prize cards?)?$|^(\d{4}) Collectible Tins$")


def year_date(name: str) -> str | None:
    """The last day of the year a prize or event set's name gives (YEAR_SETS)."""
    m = YEAR_SETS.match(name)
    return f"{m.group(1) or m.group(2)}-12-31" if m else None


VOLUME = re.compile(r"^(?P<series>.+) Volume (?P<number>\d+)(?P<tail>(?: promotional cards?)?)$")


def volume_dates(sets: list[dict]) -> dict[tuple[str, str, str], dict[int, str]]:
    """(series, tail, locale) → {volume: date}: the dated locales of numbered volumes ("Yu-Gi-Oh! GX Volume 3")."""
    out: dict[tuple[str, str, str], dict[int, str]] = defaultdict(dict)
    for s in sets:
        m = VOLUME.match(s["name"].get("en") or "")
        if m:
            for code, loc in (s.get("locales") or {}).items():
                if code in TCG_LOCALES and loc.get("date"):
                    out[(m["series"], m["tail"], code)][int(m["number"])] = loc["date"]
    return out


def set_bound(s: dict, volumes: dict | None = None, codes: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """The best upper bound on a TCG set's release when the locale of a printing is undated: the latest date of
    the set's other TCG locales (the product was out everywhere by then), else the cover month its name gives,
    else the end of the year a prize set's name gives, else the date of a later volume of a numbered series in
    the same locale (the volumes of a manga came out in order: "Yu-Gi-Oh! GX Volume 2" by Volume 3)."""
    name = s["name"].get("en") or ""
    dated = [loc["date"] for code, loc in (s.get("locales") or {}).items()
             if code in TCG_LOCALES and loc.get("date") and "tcg" in (loc.get("formats") or [])]
    if dated:
        return max(dated), f"bound: the set's other TCG locales ({name!r})"
    day = name_date(name)
    if day:
        return day, f"bound: the cover month in the set's name ({name!r})"
    day = year_date(name)
    if day:
        return day, f"bound: the year of the events in the set's name ({name!r})"
    m = VOLUME.match(name)
    if m and volumes:
        later = sorted((day, f"{m['series']} Volume {n}{m['tail']}") for code in codes
                       for n, day in volumes.get((m["series"], m["tail"], code), {}).items()
                       if n > int(m["number"]))
        if later:
            return later[0][0], f"bound: a later volume of the series ({name!r}; {later[0][1]!r}, {later[0][0]})"
    return None


def printing_dates(sets: list[dict]) -> dict[str, tuple[str, str]]:
    """YGOJSON card id → (the earliest date of a TCG printing of it, how that date is known)."""
    first: dict[str, tuple[str, str]] = {}
    volumes = volume_dates(sets)
    for s in sets:
        name = s["name"].get("en") or ""
        if name.startswith("Duel Terminal"):
            continue  # arcade prints, not a TCG release (the Edison and TCG card pools exclude them)
        locales = s.get("locales") or {}
        for content in s.get("contents") or []:
            if "tcg" not in (content.get("formats") or []):
                continue
            codes = tuple(code for code in content.get("locales") or [] if code in TCG_LOCALES)
            dates = [locales[c]["date"] for c in codes if c in locales and locales[c].get("date")]
            recorded = RECORDED_RELEASES.get(name)
            if dates:
                found = (min(dates), f"printed ({name!r})")
                if recorded and recorded[0] in codes and recorded[1] < found[0]:
                    found = (recorded[1], f"recorded ({name!r}, {recorded[0]}): {recorded[2]}")
            elif recorded and recorded[0] in codes:
                found = (recorded[1], f"recorded ({name!r}, {recorded[0]}): {recorded[2]}")
            elif codes:
                bound = set_bound(s, volumes, codes)
                if bound is None:
                    continue
                found = bound
            else:
                continue
            for entry in s["cardLists"][content["cardList"]]:
                card_id = s["cardIds"][entry[0]]
                if card_id not in first or found < first[card_id]:
                    first[card_id] = found
    return first


def prefix_dates(sets: list[dict]) -> dict[str, tuple[str, str]]:
    """Set-number prefix → (date, how) for the sets of TCG_PRINTING_BOUNDS: the earliest TCG locale date."""
    out = {}
    for prefix, page in TCG_PRINTING_BOUNDS.items():
        for s in sets:
            if (s.get("externalIDs") or {}).get("yugipedia", {}).get("name") == page:
                dates = [loc["date"] for code, loc in (s.get("locales") or {}).items()
                         if code in TCG_LOCALES and loc.get("date")]
                if dates:
                    out[prefix] = (min(dates), f"printed in {page} (no card list in YGOJSON; the set number names it)")
    return out
