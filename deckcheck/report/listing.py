"""Reports of the other commands: lists, cards, rules, data sources."""

from __future__ import annotations

import json
import sys
from datetime import date

from rich.table import Table
from rich.text import Text

from ..banlists import STATUS_LIMITS, STATUS_TITLES
from .terminal import shown


def _emit_json(document) -> None:
    from .escape import json_safe

    sys.stdout.write(json_safe(json.dumps(document, ensure_ascii=False, indent=2)) + "\n")


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
        table.add_row(*map(shown, (b.name, b.format.upper(), effective, *counts, source)),
                      Text("in force", style="green") if b.name in in_force else "")
    console.print(table)


def _kind(card) -> str:
    from ..cardtypes import FUSION, LINK, MONSTER, PENDULUM, SPELL, SYNCHRO, TRAP, XYZ

    if card.kind == "extra":
        for bit, name in ((LINK, "Link"), (XYZ, "Xyz"), (SYNCHRO, "Synchro"), (FUSION, "Fusion")):
            if card.type & bit:
                return f"Extra Deck monster ({name}{' Pendulum' if card.type & PENDULUM else ''})"
        return "Extra Deck monster"
    if card.kind == "main":
        if card.type & SPELL:
            return "Spell (Main Deck)"
        if card.type & TRAP and not card.type & MONSTER:
            return "Trap (Main Deck)"
        return "Monster (Main Deck)"
    return {"token": "Token (never a deck card)", "skill": "Skill Card (never a deck card)"}.get(card.kind, card.kind)


def cards(found, index, current_lists, output_format: str, console) -> None:
    from ..rules.card_pool import why_not_in_pool

    documents = []
    for card in found:
        statuses = {}
        for banlist in current_lists:
            if card.kind not in ("main", "extra"):
                statuses[banlist.name] = "never in a deck"
            elif outside := why_not_in_pool(card, banlist.format, date.today().isoformat()):
                statuses[banlist.name] = f"not legal: {outside}"
            else:
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
        rows = [
            ("Name", card.name),
            ("Passcodes", ", ".join(map(str, card.passcodes))
             + ("  (alternate artworks share one limit)" if len(card.passcodes) > 1 else "")),
            ("Kind", _kind(card)),
        ]
        if doc["treated_as"]:
            rows.append(("Counted as", f"{doc['treated_as']} (its name is always treated as that card)"))
        pools = [p.upper() for p in ("tcg", "ocg") if getattr(card, p)]
        rows += [
            ("Konami ID", str(card.konami_id or "—")),
            ("Released in", ", ".join(pools) or f"neither TCG nor OCG ({card.origin})"),
            ("First release", f"TCG {card.tcg_date or '—'} · OCG {card.ocg_date or '—'}"),
            *doc["status"].items(),
        ]
        for label, value in rows:
            table.add_row(shown(label), shown(value))
        console.print(table)
        console.print()


def rules(verbose: bool, output_format: str, console) -> None:
    """Every rule ID: those of `check`, then those of `side` and `match`."""
    from ..rules import RULES, rule_doc
    from ..side_rules import SIDE_RULE_MODULES

    groups = (("check", RULES), ("side", SIDE_RULE_MODULES))
    if output_format == "json":
        _emit_json(
            [
                {"id": r.ID, "command": command, "severity": r.SEVERITY, "summary": r.SUMMARY, "doc": rule_doc(r)}
                for command, modules in groups
                for r in modules
            ]
        )
        return
    if verbose:
        for command, modules in groups:
            for r in modules:
                console.rule(f"{r.ID} ({r.SEVERITY}; deckcheck {command})")
                console.print(rule_doc(r), highlight=False, markup=False)
                console.print()
        return
    table = Table(box=None, header_style="bold", padding=(0, 1))
    for column in ("Rule", "Command", "Severity", "Summary"):
        table.add_column(column)
    for command, modules in groups:
        for r in modules:
            table.add_row(r.ID, command, r.SEVERITY, r.SUMMARY)
    console.print(table)


def data(index, store, today: date, output_format: str, console) -> None:
    from ..datastore import describe

    document = describe(index, store, today)
    if output_format == "json":
        _emit_json(document)
        return
    info, lists, update = document["cards"], document["banlists"], document["update"]
    age = f", {info['age_days']} days old" if info.get("age_days") is not None else ""
    origin = info["origin"]
    source = info.get("source") or {}
    if source.get("kind") == "ygoprodeck":
        origin += f" from YGOPRODeck (database version {source.get('database_version')})"
    elif source.get("kind") == "cdb":
        origin += f" from {source.get('path')}"

    def say(*parts) -> None:
        """One line: (text, style) pairs or plain strings, every one shown as data."""
        line = Text()
        for part in parts:
            text, style = part if isinstance(part, tuple) else (part, "")
            line.append_text(shown(text, style))
        console.print(line, highlight=False)

    say(("Card index", "bold"), f": {origin}, {info['cards']:,} cards, data of {info['built']}{age}")
    if info.get("installed"):
        say(f"  installed {info['installed']} as {info.get('path')}")
    if info.get("note"):
        say("  ", ("note", "yellow"), f": {info['note']}")
    for s in info["sources"]:
        where = f" @ {str(s['commit'])[:12]}" if s.get("commit") else ""
        version = f" version {s['database_version']}" if s.get("database_version") else ""
        say(f"  • {s.get('repository')}{where}{version} ({s.get('date')}): {s.get('used_for', '')}")
    say(("Lists", "bold"), f": {lists['count']} in {', '.join(map(str, lists['roots']))}")
    for f, b in lists["newest"].items():
        say(f"  • newest {f.upper()}: {b['name']}, in force from {b['effective']} ({b['age_days']} days ago), "
            f"{b['origin']}")
    if lists["in_force"]:
        say(f"  in force today: {', '.join(lists['in_force'])}")
    line = f": {update['data_dir']}"
    if update["installed"]:
        line += f" (last update {update['last_update'] or 'never'}, last check {update['last_check'] or 'never'})"
    else:
        line += " (nothing downloaded yet)"
    say(("Data directory", "bold"), line)
    if update["hint"]:
        say(("Hint", "yellow"), f": {update['hint']}")
