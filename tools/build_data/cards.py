"""The card index: every source's part (edopro, yaml_yugi, ygojson) put together, the TCG/OCG availability
vote, release dates derived from the sets, and the checks before it is written."""

from __future__ import annotations

from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

from deckcheck.update.index_file import FIELDS

from .common import (
    BABELCDB, DELTA_BAGOOSKA, GENERATED_BY, OT_OCG, OT_TCG, YAML_YUGI, YGOJSON, Card, CdbRow, Index, Report, clean_name,
    read_jsonl,
)
from .edopro import EdoproCards
from .yaml_yugi import YamlYugiCards, released, set_prefixes, yaml_yugi_password
from .ygojson import YgojsonCards

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


class Builder(EdoproCards, YamlYugiCards, YgojsonCards):
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
            self._derive_dates_of(official, pool, region, section)

    def _derive_dates_of(self, official: list[Card], pool: str, region: str, section: str) -> None:
        """``derive_dates`` for one pool: its cards' dates (``<pool>_date``) from the sets of ``region``."""
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
    b.apply_printing_dates()
    b.derive_dates()
    b.apply_community_pools()
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
