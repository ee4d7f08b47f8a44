"""Build deckcheck/data/card_facts.jsonl: the card facts event rules need (quota, product pools), kept apart
from the card index (other parts of the build regenerate that one).

    python -m tools.build_data.card_facts [--shared ../shared/data] [--out-dir .]

``python -m tools.build_data`` calls ``build`` after it has written the card index (this module maps
yaml-yugi's cards to the index's own passcodes through it). The file (``deckcheck/card_facts.py`` reads it):

    line 1   {"schema", "generated_by", "sources", "fields", "products": {prefix: {"name", "dates"}}}
    then     [passcode, race, attribute, level, [archetype, ...], [product prefix, ...]] per card

race ("Zombie"), attribute ("DARK") and level (its Level, Rank or Link Rating) of a monster, else null;
archetypes are yaml-yugi's ``series``; a product is the prefix of a set code (LOB of LOB-EN001, SDK of
SDK-001) from yaml-yugi's ``sets`` in every language; a product's ``dates`` are the release date per YGOJSON
locale (na, eu, en, de, jp, kr, ae …) where ygojson/sets.min.jsonl has one (the earliest when several sets share
a prefix). Card type and frame come from the index's EDOPro type bits. Only facts, never card text.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from .common import REPO, YAML_YUGI, YGOJSON

GENERATED_BY = "tools/build_data/card_facts.py"
FACTS_FILE = Path("deckcheck") / "data" / "card_facts.jsonl"
FIELDS = ["passcode", "race", "attribute", "level", "archetypes", "products"]
PREFIX = re.compile(r"^([A-Z0-9]+)-")


def set_prefix(code: str) -> str | None:
    """LOB of LOB-EN001, SDK of SDK-001 (None for a code without a dash)."""
    found = PREFIX.match(code.strip().upper())
    return found.group(1) if found else None


def index_owners(index_path: Path) -> tuple[dict[int, int], dict[int, int]]:
    """(any passcode → the card's own passcode, Konami ID → passcode) of the index's official cards."""
    lines = index_path.read_bytes().split(b"\n")
    at = {name: i for i, name in enumerate(json.loads(lines[0])["fields"])}
    owner: dict[int, int] = {}
    konami: dict[int, int] = {}
    for line in lines[1:]:
        if not line.strip():
            continue
        row = json.loads(line)
        if row[at["origin"]] != "official":
            continue
        passcode = row[at["passcode"]]
        owner[passcode] = passcode
        for alt in row[at["alt_passcodes"]] or []:
            owner.setdefault(alt, passcode)
        if row[at["konami_id"]]:
            konami.setdefault(row[at["konami_id"]], passcode)
    return owner, konami


def product_table(sets_path: Path) -> dict[str, dict]:
    """prefix → {"name": English name (of the earliest set with it), "dates": {locale: earliest date}}."""
    products: dict[str, dict] = {}
    for line in sets_path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        names = record.get("name") or {}
        name = names.get("en") or next(iter(names.values()), None) if isinstance(names, dict) else None
        for locale, info in sorted((record.get("locales") or {}).items()):
            prefix = set_prefix((info.get("prefix") or "") + "0") if info.get("prefix") else None
            if not prefix:
                continue
            entry = products.setdefault(prefix, {"name": name, "dates": {}})
            day = info.get("date")
            if day and (locale not in entry["dates"] or day < entry["dates"][locale]):
                entry["dates"][locale] = day
                if entry["name"] is None:
                    entry["name"] = name
    for entry in products.values():
        entry["dates"] = dict(sorted(entry["dates"].items()))
    return products


def build(shared: Path, out_dir: Path, report) -> Path:
    owner, konami = index_owners(out_dir / "deckcheck" / "data" / "cards.jsonl")
    products = product_table(shared / "ygojson" / "sets.min.jsonl")
    rows: dict[int, list] = {}
    unmapped = []
    printed: set[str] = set()
    for line in (shared / "yaml-yugi" / "cards.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        y = json.loads(line)
        passcode = konami.get(y.get("konami_id") or 0) or (None if y.get("fake_password") else owner.get(y.get("password") or 0))
        if passcode is None:
            konami_id = y.get("konami_id")
            unmapped.append(f"{(y.get('name') or {}).get('en')} ({f'Konami ID {konami_id}' if konami_id else 'no Konami ID'}"
                            f", {'no passcode' if y.get('fake_password') or not y.get('password') else y['password']})")
            continue
        race = attribute = level = None
        if y.get("card_type") == "Monster":
            race = (y.get("monster_type_line") or "").split("/")[0].strip() or None
            attribute = y.get("attribute")
            level = y.get("level") if y.get("level") is not None else y.get("rank")
            if level is None and y.get("link_arrows"):
                level = len(y["link_arrows"])
        codes = {set_prefix(code) for codes in (y.get("sets") or {}).values() for code in codes}
        codes.discard(None)
        printed |= codes
        rows[passcode] = [passcode, race, attribute, level, sorted(set(y.get("series") or [])), sorted(codes)]
    shipped = {prefix: products.get(prefix, {"name": None, "dates": {}}) for prefix in sorted(printed)}
    header = {
        "schema": 1, "generated_by": GENERATED_BY,
        "sources": [{**YAML_YUGI, "used_for": "race, attribute, Level/Rank/Link Rating, archetypes (series), the set "
                                              "codes a card is printed in", "files": "yaml-yugi/cards.jsonl"},
                    {**YGOJSON, "used_for": "product names and release dates per locale, by set-code prefix",
                     "files": "ygojson/sets.min.jsonl"}],
        "fields": FIELDS, "products": shipped}
    lines = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))]
    lines += [json.dumps(rows[p], ensure_ascii=False, separators=(",", ":")) for p in sorted(rows)]
    path = out_dir / FACTS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    undated = [p for p, e in shipped.items() if not e["dates"]]
    report.add("card facts", f"{FACTS_FILE}: {path.stat().st_size:,} bytes, {len(rows):,} cards, "
                             f"{len(shipped):,} products ({len(undated):,} with no date in YGOJSON)")
    report.add("card facts", f"yaml-yugi cards not in the index (left out): {len(unmapped)}")
    for item in unmapped[:8]:
        report.add("card facts", f"    {item}")
    if len(unmapped) > 8:
        report.add("card facts", f"    … and {len(unmapped) - 8} more")
    return path


def main() -> int:
    from .regional import PrintReport

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared" / "data")
    parser.add_argument("--out-dir", type=Path, default=REPO)
    args = parser.parse_args()
    report = PrintReport()
    build(args.shared.resolve(), args.out_dir.resolve(), report)
    print(report.text(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
