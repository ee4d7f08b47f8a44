"""EDOPro's databases and lists (ProjectIgnis BabelCDB + Delta repos, LFLists): the official cdb's rows, Skill
Cards, prerelease placeholders, DeltaBagooska's mappings.json, the Rush and unofficial rows, and lflist.conf files."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path

from deckcheck.cardtypes import FLIP, TOKEN
from deckcheck.update.cdb import read_cdb as read_cdb_rows

from .common import OT_HIDDEN, OT_OCG, OT_TCG, PLACEHOLDER_MIN, Card, CdbRow, Index, Report, read_json
from .yaml_yugi import UNDERIVABLE_MASK, lr_text, released, yaml_yugi_password



def read_cdb(path: Path) -> dict[int, CdbRow]:
    """The facts of an EDOPro .cdb (never its text columns), read by the product's own cdb reader."""
    return {r[0]: CdbRow(r[0], r[1], r[2], r[3], r[4], path.name, r[5]) for r in read_cdb_rows(path)}


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


class EdoproCards:
    """The card index's EDOPro part (a mixin of cards.Builder)."""

    shared: Path
    report: Report
    main: Index
    other: Index
    placeholders: dict[int, int]
    placeholder_source: dict[int, str]
    cdb_ids: set[int]
    hidden_skills: dict[int, CdbRow]
    pool_evidence: dict[int, tuple[dict | None, int | None]]
    yy: list[dict]
    yy_by_name: dict[str, list[dict]]

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
