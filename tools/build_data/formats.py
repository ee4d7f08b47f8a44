"""The lists of the formats beyond TCG and OCG Advanced: Genesys and OCG Genesys points lists (Konami's vectors),
the GOAT card pool and the Speed Duel list (EDOPro, yaml-yugi, YGOJSON)."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

from deckcheck.banlists import list_file_text

from .common import LFLISTS_REPOSITORY, LIMIT_REGULATION, STATUS_WORDS, YAML_YUGI, YGOJSON, Card, Report, read_json, read_jsonl
from .edopro import edopro_sections
from .konami import BanlistBuilder
from .write import write_list
from .yaml_yugi import yaml_yugi_password
from .ygojson import skill_key

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
        return write_list(out_dir, fmt, day, text)

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

    def goat_left_out(self, pool: set[int]) -> None:
        """The TCG cards of the GOAT period the pool leaves out: the products from the pool's edge on (the first
        day ten or more TCG cards the pool leaves out were released: a product it does not take), and the few
        earlier cards, each with its English printings, and the decision goat.yaml records for them."""
        section = "goat"
        out = sorted((c.tcg_date, c.name, c.passcode) for c in self.cards.main.cards.values()
                     if c.origin == "official" and c.tcg and c.kind in ("main", "extra") and c.tcg_date
                     and c.tcg_date <= "2005-09-30" and c.passcode not in pool)
        per_day = Counter(day for day, _, _ in out)
        edge = min((day for day, n in per_day.items() if n >= 10), default="2005-10-01")
        earlier = []
        for day, name, passcode in out:
            if day < edge:
                y = self.cards.pool_evidence.get(passcode, (None, None))[0]
                printed = ", ".join(sorted(((y or {}).get("sets") or {}).get("en", []))) or "no English set number"
                earlier.append(f"{name} ({passcode}): first TCG release {day}; printed as {printed}")
        self.report.add(section, f"TCG cards of the GOAT period (first released by 2005-09-30) the pool leaves out: "
                                 f"{len(out)} — {sum(d >= edge for d, _, _ in out)} from {edge} on (the products after "
                                 f"the pool's edge, Cybernetic Revolution first), {len(earlier)} before")
        self.report.examples(section, "  decided (goat.yaml notes): these stay out of the pool — a card whose only TCG "
                                      "printing by then was European (The Dawn of Destiny's DOD-EN001 in Europe only; "
                                      "the GX Duel Academy bundle, Europe 2005-07-27, North America 2006-01-10) or a "
                                      "World Championship tournament promo; the community pool follows North American "
                                      "releases", earlier, 12)


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
        self.goat_left_out({self.cards.main.owner.get(p, p) for p in pool})
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
        for code, _count, heading in rows:
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
        source["cadence"] = self.speed_cadence()
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

    def speed_cadence(self) -> dict:
        """How often the Speed Duel list changes, for the stale-list signal (deckcheck ships one Speed list, too
        few to tell it from): the longest gap between the last days YGOJSON (from Yugipedia) dates Speed status
        changes on."""
        days = sorted({e["date"] for g in read_jsonl(self.shared / "ygojson" / "cards.min.jsonl")
                       for e in ((g.get("legality") or {}).get("speed") or {}).get("history") or []})[-12:]
        gaps = [(date.fromisoformat(b) - date.fromisoformat(a)).days for a, b in zip(days, days[1:])]
        self.report.add("speed", f"cadence: YGOJSON's Speed status changes on {', '.join(days)}: longest gap "
                                 f"{max(gaps)} days (the stale-list signal's measure for the Speed list)")
        return {"repository": YGOJSON["repository"], "commit": YGOJSON["commit"], "date": YGOJSON["date"],
                "field": "legality.speed.history",
                "changes": f"{days[0]} … {days[-1]} ({len(days)} days)", "longest_gap_days": max(gaps)}

    def build(self, out_dir: Path) -> list[Path]:
        written = self.genesys(out_dir) + self.ocg_genesys(out_dir) + self.goat(out_dir) + self.speed(out_dir)
        for fmt in ("genesys", "ocg-genesys", "goat", "speed"):
            days = sorted(p.stem for p in written if p.parent.name == fmt)
            self.summary.append(f"{fmt} {len(days)} ({days[0]}" + (f" … {days[-1]})" if len(days) > 1 else ")"))
        return written
