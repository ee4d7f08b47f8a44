"""Reports of the other commands: lists, cards, rules, data sources."""

from __future__ import annotations

import json
import sys
from datetime import date

from rich.table import Table
from rich.text import Text

from ..banlists import STATUS_LIMITS, STATUS_TITLES


def _emit_json(document) -> None:
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")


def _in_force(lists, today: date) -> set[str]:
    current: dict[str, object] = {}
    for b in sorted(lists, key=lambda b: b.effective):
        if b.effective <= today:
            current[b.format] = b
    return {b.name for b in current.values()}


def banlists(lists, today: date, output_format: str, console) -> None:
    in_force = _in_force(lists, today)
    if output_format == "json":
        _emit_json(
            [
                {
                    **b.to_json(),
                    "aliases": b.aliases,
                    "in_force": b.name in in_force,
                    "entries": {s: sum(1 for e in b.entries if e.status == s) for s in STATUS_LIMITS},
                }
                for b in lists
            ]
        )
        return
    table = Table(box=None, header_style="bold", padding=(0, 1))
    for col in ("Name", "Format", "Effective", "Forbidden", "Limited", "Semi-Limited", "Source", ""):
        table.add_column(col)
    for b in lists:
        counts = [str(sum(1 for e in b.entries if e.status == s)) for s in STATUS_LIMITS]
        effective = b.effective.isoformat()
        if b.effective_by_region:
            effective += " (" + ", ".join(f"{r} {d.isoformat()}" for r, d in b.effective_by_region.items()) + ")"
        official = (b.source or {}).get("official") or {}
        source = official.get("published_by") or official.get("repository") or ""
        table.add_row(b.name, b.format.upper(), effective, *counts, source, Text("in force", style="green") if b.name in in_force else "")
    console.print(table)


def _kind(card) -> str:
    from ..model import KIND_EXTRA

    if card.kind == KIND_EXTRA:
        for bit, name in ((0x4000000, "Link"), (0x800000, "Xyz"), (0x2000, "Synchro"), (0x40, "Fusion")):
            if card.type & bit:
                return f"Extra Deck monster ({name}{' Pendulum' if card.type & 0x1000000 else ''})"
        return "Extra Deck monster"
    if card.kind == "main":
        if card.type & 0x2:
            return "Spell (Main Deck)"
        if card.type & 0x4 and not card.type & 0x1:
            return "Trap (Main Deck)"
        return "Monster (Main Deck)"
    return {"token": "Token (never a deck card)", "skill": "Skill Card (never a deck card)"}.get(card.kind, card.kind)


def cards(found, index, current_lists, output_format: str, console) -> None:
    documents = []
    for card in found:
        statuses = {}
        for banlist in current_lists:
            limits, _ = banlist.limits(index)
            statuses[banlist.name] = STATUS_TITLES[limits.get(card.group, 3)]
        group = index.by_passcode(card.group) if card.group != card.passcode else None
        documents.append(
            {
                "name": card.name,
                "passcode": card.passcode,
                "passcodes": list(card.passcodes),
                "kind": card.kind,
                "konami_id": card.konami_id,
                "origin": card.origin,
                "tcg": card.tcg,
                "ocg": card.ocg,
                "tcg_date": card.tcg_date,
                "ocg_date": card.ocg_date,
                "treated_as": group.name if group else None,
                "status": statuses,
            }
        )
    if output_format == "json":
        _emit_json(documents)
        return
    for card, doc in zip(found, documents):
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        table.add_row("Name", card.name)
        table.add_row("Passcodes", ", ".join(map(str, card.passcodes)) + ("  (alternate artworks share one limit)" if len(card.passcodes) > 1 else ""))
        table.add_row("Kind", _kind(card))
        if doc["treated_as"]:
            table.add_row("Counted as", f"{doc['treated_as']} (its name is always treated as that card)")
        table.add_row("Konami ID", str(card.konami_id or "—"))
        pools = [p.upper() for p in ("tcg", "ocg") if getattr(card, p)]
        table.add_row("Released in", ", ".join(pools) or f"neither TCG nor OCG ({card.origin})")
        table.add_row("First release", f"TCG {card.tcg_date or '—'} · OCG {card.ocg_date or '—'}")
        for name, status in doc["status"].items():
            table.add_row(name, status)
        console.print(table)
        console.print()


def rules(verbose: bool, output_format: str, console) -> None:
    from ..rules import RULES, rule_doc

    if output_format == "json":
        _emit_json([{"id": r.ID, "severity": r.SEVERITY, "summary": r.SUMMARY, "doc": rule_doc(r)} for r in RULES])
        return
    if verbose:
        for r in RULES:
            console.rule(f"{r.ID} ({r.SEVERITY})")
            console.print(rule_doc(r), highlight=False, markup=False)
            console.print()
        return
    table = Table(box=None, header_style="bold", padding=(0, 1))
    table.add_column("Rule")
    table.add_column("Severity")
    table.add_column("Summary")
    for r in RULES:
        table.add_row(r.ID, r.SEVERITY, r.SUMMARY)
    console.print(table)


def data(index, store, today: date, output_format: str, console) -> None:
    from ..datastore import cards_info

    lists = store.all()
    in_force = _in_force(lists, today)
    newest = {}
    for b in lists:
        if b.format not in newest or b.effective > newest[b.format].effective:
            newest[b.format] = b
    info = cards_info(index)
    document = {
        "cards": info,
        "banlists": {
            "roots": [str(r) for r in store.roots],
            "count": len(lists),
            "in_force": sorted(in_force),
            "newest": {f: {"name": b.name, "effective": b.effective.isoformat()} for f, b in newest.items()},
        },
    }
    if output_format == "json":
        _emit_json(document)
        return
    console.print(f"[bold]Card index[/bold]: {info['origin']}, {info['cards']} cards, built from data of {info['built']}")
    for s in info["sources"]:
        console.print(f"  • {s.get('repository')} @ {str(s.get('commit', ''))[:12]} ({s.get('date')}): {s.get('used_for', '')}", highlight=False)
    console.print(f"[bold]Lists[/bold]: {len(lists)} in {', '.join(map(str, store.roots))}")
    for f, b in newest.items():
        age = (today - b.effective).days
        console.print(f"  • newest {f.upper()}: {b.name}, in force from {b.effective} ({age} days ago)", highlight=False)
