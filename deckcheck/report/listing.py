"""Reports of the other commands: lists, cards, rules, data sources."""

from __future__ import annotations

import json
import sys

from rich.table import Table
from rich.text import Text

from ..limits import quoted
from ..banlists import STATUS_LIMITS, folder_order, folder_title
from ..banlists import in_force as lists_in_force
from ..queries import CardFacts, list_counts
from .layout import fold, hang, print_grid, print_table, reflow, wrap_width
from .terminal import shown


def _days(age: int | None) -> str:
    return f" ({age} days old)" if age is not None else ""


def _emit_json(document) -> None:
    from .escape import json_safe

    sys.stdout.write(json_safe(json.dumps(document, ensure_ascii=False, indent=2)) + "\n")


def _contents(banlist, counts: dict[str, int]) -> str:
    """What a list holds, in words: its kind and the size of each part."""
    if banlist.is_points_list:
        return f"points: {counts['points']} cards"
    if banlist.whitelist:
        groups = ", ".join(f"{title} {counts[s]}" for s, title in
                           (("forbidden", "Forbidden"), ("limited_1", "Limited 1"), ("limited_2", "Limited 2"),
                            ("limited_3", "Limited 3")) if counts.get(s))
        return f"pool: {sum(counts.values())} cards" + (f" ({groups})" if groups else "")
    return ""


def _effective(b) -> Text:
    """The date a list took effect, and under it the regions' own dates where they differ."""
    regions = [f"{r} {d.isoformat()}" for r, d in sorted(b.effective_by_region.items())]
    return Text("\n").join(shown(line) for line in [b.effective.isoformat(), *regions])


def banlists(lists, today_of, output_format: str, console) -> None:
    """``today_of(folder)``: the date where a folder's lists apply (the lists in force then are marked)."""
    in_force = {b.name for b in lists_in_force(lists, today_of).values()}
    if output_format == "json":
        _emit_json([{**b.to_json(), "aliases": b.aliases, "in_force": b.name in in_force, "entries": list_counts(b)}
                    for b in lists])
        return
    width = wrap_width(console)
    for n, fmt in enumerate(sorted(dict.fromkeys(b.format for b in lists), key=folder_order)):
        if n:
            console.print()
        console.print(Text(f"{folder_title(fmt)} lists", style="bold"), highlight=False)
        rows, contents = [], False
        for b in (b for b in lists if b.format == fmt):
            counts = list_counts(b)
            words = _contents(b, counts)
            contents = contents or bool(words)
            official = (b.source or {}).get("official") or (b.source or {}).get("pool") or {}
            source = official.get("published_by") or official.get("repository") or ""
            cells = [words] if words else [str(counts[s]) for s in STATUS_LIMITS]
            rows.append([b.name, _effective(b), *cells, source, Text("in force", style="green") if b.name in in_force else ""])
        kinds = ["Contents"] if contents else ["Forbidden", "Limited", "Semi-Limited"]
        if contents:  # a points list or a whitelist: what it holds in words (an F&L list among them: its counts)
            rows = [row if len(row) == 5 else [row[0], row[1], ", ".join(f"{t} {c}" for t, c in zip(
                ("Forbidden", "Limited", "Semi-Limited"), row[2:5])), *row[5:]] for row in rows]
        print_grid(console, ["List", "Effective", *kinds, "Source", "Now"], rows, width, optional=("Source",),
                   justify={"Forbidden": "right", "Limited": "right", "Semi-Limited": "right"})


def list_diff(old, new, cards, decks: list[dict], output_format: str, console) -> None:
    """What changed from ``old`` to ``new``; for each deck, the changes that touch it and its verdict on both."""
    from ..listchanges import changes, title

    found = changes(old, new, cards)
    if output_format == "json":
        _emit_json({
            "old": old.to_json(), "new": new.to_json(), "changes": [c.to_json() for c in found],
            "decks": [{"path": d["path"], "unreadable": d["unreadable"], "legal_before": d["legal_before"],
                       "legal_after": d["legal_after"],
                       "became_illegal": d["legal_before"] and not d["legal_after"],
                       "changes": [{**c.to_json(), "copies": n} for c, n in d["changes"]],
                       "problems": [p.to_json() for p in d["new_problems"]]} for d in decks],
        })
        return
    from .text import print_problems

    width = wrap_width(console)
    head = shown(f"{old.name} → {new.name} (in force from {old.effective} and {new.effective}): "
                 f"{len(found)} change{'s' if len(found) != 1 else ''}")
    console.print(hang(console, head, width, indent=4, first=0), highlight=False, soft_wrap=True)
    if not decks:
        rows = [[f"{c.card.name}", title(c.old), Text(title(c.new), style="red" if c.stricter else "green")]
                for c in found]
        if rows:
            print_grid(console, ["Card", old.name, new.name], rows, width)
        return
    for d in decks:
        console.print()
        if d["unreadable"]:
            console.print(shown(f"{d['path']}: not a decklist deckcheck can read (see: deckcheck check)"),
                          highlight=False, soft_wrap=True)
            continue
        became = ("became illegal" if d["legal_before"] and not d["legal_after"] else
                  "legal on both" if d["legal_after"] else "illegal on both" if not d["legal_before"] else "became legal")
        verdict = Text("✓ " if d["legal_after"] else "✗ ", style="bold green" if d["legal_after"] else "bold red")
        verdict.append_text(shown(d["path"], style="bold"))
        touching = len(d["changes"])
        parts = [verdict, Text(f"{touching} change{'s' if touching != 1 else ''} touch it"), Text(f"({became})")]
        console.print(fold(console, parts, width), highlight=False, soft_wrap=True)
        rows = [[c.card.name, str(n), title(c.old), Text(title(c.new), style="red" if c.stricter else "green")]
                for c, n in d["changes"]]
        if rows:
            print_grid(console, ["Card", "Copies", old.name, new.name], rows, width, justify={"Copies": "right"})
        print_problems(d["new_problems"], console, width)


def card_history(card, history, output_format: str, console) -> None:
    """A card's status on every list deckcheck has (``history``: (list, status) pairs), per folder of lists, in
    date order."""
    from ..listchanges import title

    if output_format == "json":
        _emit_json({"card": {"name": card.name, "passcode": card.passcode},
                    "history": [{"list": b.name, "format": b.format, "effective": b.effective.isoformat(),
                                 "status": status} for b, status in history]})
        return
    width = wrap_width(console)
    console.print(shown(f"{card.name} ({card.passcode}) on every list deckcheck has, by date:", style="bold"),
                  highlight=False, soft_wrap=True)
    rows = []
    for fmt in sorted(dict.fromkeys(b.format for b, _ in history), key=folder_order):
        runs: list[list] = []  # [first list, last list, status]: a status kept over consecutive lists
        for b, status in ((b, s) for b, s in history if b.format == fmt):
            if runs and runs[-1][2] == status:
                runs[-1][1] = b
            else:
                runs.append([b, b, status])
        for first, last, status in runs:
            span = first.name if first is last else f"{first.name} – {last.name}"
            rows.append([folder_title(fmt), first.effective.isoformat(), span, status_text(title(status))])
    print_grid(console, ["Lists", "From", "List", "Status"], rows, width)


STATUS_STYLES = {"Forbidden": "red", "Limited": "yellow", "Semi-Limited": "yellow", "Unlimited": "green",
                 "in the pool": "green", "not released yet": "dim", "not in the pool": "dim"}


def status_text(status: str) -> Text:
    """A card's status on a list, coloured as players read a list: Forbidden red, (Semi-)Limited yellow,
    Unlimited green."""
    style = next((s for word, s in STATUS_STYLES.items() if status.startswith(word)), None)
    return shown(status, style=style) if style else shown(status)


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
    return {"token": "Token (never a deck card)",
            "skill": "Skill Card (Speed Duel: one per deck, kept outside it)"}.get(card.kind, card.kind)


def card_matches(query: str, found, more: bool, console) -> None:
    """The cards part of a name fits, best first (text; ``deckcheck card`` with one of them shows it)."""
    from .layout import fits, print_table, table, wrap_width

    width = wrap_width(console)
    count = f"{len(found)}{' or more' if more else ''}"
    console.print(shown(f"{count} cards match {quoted(query)}; deckcheck card NAME shows one:"), highlight=False,
                  soft_wrap=True)
    grid = table("Name", "Passcode", "Kind")
    from ..rushdb import RUSH, game_of

    for card in found:
        grid.add_row(shown(card.name), str(card.passcode), _kind(card) + (" · Rush Duel" if game_of(card) == RUSH else ""))
    if fits(console, grid, width):
        print_table(console, grid, width)
    else:
        for card in found:
            console.print(shown(f"  {card.name} ({card.passcode})"), highlight=False, soft_wrap=True)


def cards(found: list[CardFacts], output_format: str, console) -> None:
    """What deckcheck knows of each card, with its standing in each regulation (every built-in format today)."""
    from ..rushdb import GAME_TITLES, RUSH, RushCard, game_of

    documents = [facts.document for facts in found]
    if output_format == "json":
        _emit_json(documents)
        return
    width = wrap_width(console)
    for n, facts in enumerate(found):
        card, doc = facts.card, facts.document
        if n:
            console.print()
        table = Table(box=None, show_header=False, padding=(0, 1))
        table.add_column(style="bold")
        table.add_column()
        rows: list[tuple[str, str | Text]] = [
            ("Name", card.name),
            ("Passcodes", ", ".join(map(str, card.passcodes))
             + ("  (alternate artworks share one limit)" if len(card.passcodes) > 1 else "")),
            ("Kind", _kind(card)),
        ]
        relation, group = facts.relation, facts.group
        if group is None:
            pass
        elif relation == "stands for":
            rows.append(("Official card", f"{group.name} ({group.passcode}): this id is an unofficial version of it; "
                                          f"decklists should use {group.passcode}"))
        elif relation == "same name":
            rows.append(("Counted with", f"{group.name} ({group.passcode}), a different card of the same name: "
                                         "one limit for both"))
        elif relation == "treated as":
            rows.append(("Counted as", f"{group.name} (its name is always treated as that card)"))
        for other in doc["same_name"]:
            rows.append(("Counted with", f"{other['name']} ({other['passcode']}), a different card of the same name: "
                                         "one limit for both"))
        pools = [p.upper() for p in ("tcg", "ocg") if getattr(card, p)]
        if game_of(card) == RUSH:
            marks = card if isinstance(card, RushCard) else None  # (a Rush row read with its marks: always)
            released = [("Game", "Rush Duel (a card of its own game: not playable with OCG/TCG cards)"),
                        ("Legend", ("yes: a Legend card (at most one Legend card of each card type in a Rush Deck)"
                                    if marks.legend else "no") if marks else "—"),
                        ("Maximum", ("yes: one of the three pieces of a Maximum monster (each its own card)"
                                     if marks.maximum else "no") if marks else "—"),
                        ("Released", ("not yet: a prerelease card" if marks.prerelease else "yes (no source dates "
                                      "Rush releases)") if marks else "—")]
        else:
            released = [("Released in", ", ".join(pools) or f"neither TCG nor OCG ({card.origin})"),
                        ("First release", f"TCG {card.tcg_date or '—'} · OCG {card.ocg_date or '—'}")]
        twin = doc.get("other_game_same_name")
        if twin:
            released.append(("Same name", f"{twin['name']} ({twin['passcode']}) is a different card: the "
                                          f"{GAME_TITLES[twin['game']]} card of this name"))
        rows += [
            ("Konami ID", str(card.konami_id or "—")),
            *released,
            *((f"{entry['title']} ({entry['list']})" if entry["list"] else entry["title"], status_text(entry["status"]))
              for entry in doc["formats"].values()),
        ]
        for label, value in rows:
            table.add_row(shown(label), value if isinstance(value, Text) else shown(value))
        print_table(console, table, width)


def _options_text(rule) -> list[str]:
    """A rule's options as ``name (default): meaning`` lines."""
    return [f"{name} (default: {_show(option.default)}): {option.help}" for name, option in rule.OPTIONS.items()]


def _show(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(_show, value)) + "]"
    if isinstance(value, dict):  # a quota, a product pool: as a format file writes it
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items()) + "}"
    if value is None:
        return "null"
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def rules(verbose: bool, output_format: str, console) -> None:
    """Every rule ID: those of `check`, then those of `side` and `match`."""
    from ..formats import jsonable
    from ..rules import RULES, rule_doc
    from ..side_rules import SIDE_RULE_MODULES

    groups = (("check", RULES), ("side", SIDE_RULE_MODULES))
    if output_format == "json":
        _emit_json(
            [
                {"id": r.ID, "command": command, "severity": r.SEVERITY, "summary": r.SUMMARY, "doc": rule_doc(r),
                 "enabled_by_default": getattr(r, "ENABLED", True),
                 "options": {name: {"default": jsonable(o.default), "help": o.help}
                             for name, o in getattr(r, "OPTIONS", {}).items()}}
                for command, modules in groups
                for r in modules
            ]
        )
        return
    width = wrap_width(console)
    if verbose:
        for command, modules in groups:
            for r in modules:
                title = f"{r.ID} ({r.SEVERITY}; deckcheck {command})"
                bar = "─" * max(2, (width or 0) - len(title) - 4) if width else "──"
                console.print(Text(f"── {title} {bar}", style="bold"), highlight=False, soft_wrap=True)
                _print_doc(rule_doc(r), console, width)
                options = _options_text(r) if getattr(r, "OPTIONS", None) else []
                if options:
                    console.print()
                    console.print(Text("Options (set by a format file, see: deckcheck formats):"), highlight=False)
                    for line in options:
                        console.print(hang(console, shown(line), width, indent=8, first=4), highlight=False,
                                      soft_wrap=True)
                console.print()
        return
    rows = [[r.ID, command, r.SEVERITY, r.SUMMARY] for command, modules in groups for r in modules]
    print_grid(console, ["Rule", "Command", "Severity", "Summary"], rows, width)


def _print_doc(doc: str, console, width: int | None) -> None:
    """A rule's documentation: as written when not wrapped; else its paragraphs wrapped to the width (the text
    is wrapped for a source file, not for this terminal), examples and list items kept as written."""
    if width is None:
        for line in doc.splitlines():
            console.print(shown(line), highlight=False, soft_wrap=True)
        return
    for text, verbatim in reflow(doc):
        indent = len(text) - len(text.lstrip()) if verbatim else 0
        if verbatim and text.lstrip().startswith(("- ", "* ")):
            indent += 2
        console.print(hang(console, shown(text.strip() if verbatim else text), width, indent=indent,
                           first=len(text) - len(text.lstrip())), highlight=False, soft_wrap=True)


def formats(found, store, output_format: str, console) -> None:
    """Every format: id, title, one-line description, where it is defined."""
    if output_format == "json":
        _emit_json([{"id": f.id, "title": f.title, "description": f.description, "origin": f.origin,
                     "path": f.path, "extends": list(f.extends)} for f in found])
        return
    width = wrap_width(console)
    rows = [[f.id, f.title, f.description, "built in" if f.origin == "built-in" else f.path] for f in found]
    print_grid(console, ["Format", "Title", "Description", "Defined in"], rows, width)
    if store.user_dir is not None:
        console.print(hang(console, shown(f"Your formats: {store.user_dir}/<id>.yaml (a format file may extend a "
                                          "built-in one)"), width, indent=4, first=0), highlight=False, soft_wrap=True)


def format_definition(fmt, output_format: str, console) -> None:
    """One format, resolved: what it inherits and every rule's options."""
    document = fmt.to_json()
    if output_format == "json":
        _emit_json(document)
        return
    lines = [f"id: {fmt.id}", f"title: {fmt.title}", f"description: {fmt.description}", f"defined in: {fmt.path}"]
    if fmt.extends:
        lines.append(f"extends: {' → '.join(fmt.extends)}")
    if fmt.region:
        lines.append(f"region: {fmt.region}")
    for key in ("sources", "notes"):
        if document[key]:
            lines.append(f"{key}:")
            lines += [f"  - {item}" for item in document[key]]
    lines.append("rules:")
    for rule_id, options in document["rules"].items():
        if options is None:
            lines.append(f"  {rule_id}: off")
        elif not options:
            lines.append(f"  {rule_id}: on")
        else:
            lines.append(f"  {rule_id}: " + ", ".join(f"{k}: {_show(v)}" for k, v in options.items()))
    width = wrap_width(console)
    for line in lines:
        indent = len(line) - len(line.lstrip())
        console.print(hang(console, shown(line.strip()), width, indent=indent + 4, first=indent), highlight=False,
                      soft_wrap=True)


def data(document: dict, output_format: str, console, verbose: bool = False) -> None:
    """What ``deckcheck data`` says (``queries.data_report``): the card data and its age, the lists in force today,
    the pools, facts and corrections in a line each, the data directory and whether to update. ``verbose``: every
    source with its commit and date, and every correction (JSON always has everything)."""
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

    width = wrap_width(console)

    def say(*parts) -> None:
        """One line: (text, style) pairs or plain strings, every one shown as data; wrapped with a hanging indent."""
        line = Text()
        for part in parts:
            text, style = part if isinstance(part, tuple) else (part, "")
            line.append_text(shown(text, style))
        lead = len(line.plain) - len(line.plain.lstrip(" "))
        console.print(hang(console, line, width, indent=lead + 4, first=0), highlight=False, soft_wrap=True)

    def at(src: dict) -> str:
        return f" @ {str(src['commit'])[:12]}" if src.get("commit") else ""

    say(("Card index", "bold"), f": {origin}, {info['cards']:,} cards, data of {info['built']}{age}")
    if info.get("installed"):
        say(f"  installed {info['installed']} as {info.get('path')}")
    if info.get("note"):
        say("  ", ("note", "yellow"), f": {info['note']}")
    sources = len(info["sources"])
    if verbose:
        for s in info["sources"]:
            version = f" version {s['database_version']}" if s.get("database_version") else ""
            say(f"  • {s.get('repository')}{at(s)}{version}, {s.get('date')}{_days(s.get('age_days'))}: "
                f"{s.get('used_for', '')}")
    rush = document.get("rush_cards")
    if rush:
        rush_age = f", {rush['age_days']} days old" if rush.get("age_days") is not None else ""
        left_out = f"; {rush['left_out']} Rush card(s) of the sources left out (the build report says why)"
        say(("Rush Duel card index", "bold"), f": bundled, {rush['cards']:,} cards, data of {rush['built']}{rush_age}"
            + (left_out if verbose else ""))
        sources += len(rush["sources"])
        if verbose:
            for s in rush["sources"]:
                say(f"  • {s.get('repository')}{at(s)}, {s.get('date')}: {s.get('used_for', '')} ({s.get('files', '')})")
    say(("Lists", "bold"), f": {lists['count']} in {', '.join(map(str, lists['roots']))}")
    sources += len(lists["sources"])
    if verbose:
        for s in lists["sources"]:
            say(f"  • {s['role'].replace('_', ' ')}: {s['source']}{at(s)}, {s['date'] or 'undated'}"
                f"{_days(s['age_days'])} ({s['lists']} list{'s' if s['lists'] != 1 else ''})")
    today = lists.get("today") or []
    rows = [[f["name"] or f"({f['title']}: none yet)", f["effective"] or "",
             "" if f["age_days"] is None else str(f["age_days"]),
             Text("likely", style="yellow") if f["newer_likely"] else
             f"on {f['next']['effective']}" if f["next"] else ""] for f in today]
    if rows:
        print_grid(console, ["In force today", "Since", "Days", "Newer list"], rows, width, justify={"Days": "right"})
    pools = document["pools"]
    sources += len(pools)
    if verbose:
        say(("Card pools", "bold"), f": {len(pools)} of their own (formats name them in card-pool: pool)")
        for pool in pools:
            src = pool["source"]
            say(f"  • {pool['title']} ({pool['id']}): {pool['cards']:,} cards, from {src.get('repository')}"
                f"{at(src)}, {src.get('date')}: {src.get('rule')}")
    elif pools:
        say(("Card pools", "bold"), ": " + ", ".join(f"{p['title']} ({p['cards']:,} cards)" for p in pools))
    facts = document.get("card_facts")
    if facts:
        say(("Card facts", "bold"), f": {facts['cards']:,} cards, {facts['products']:,} products (quota, product "
            "pools" + (f"; {facts['path']})" if verbose else ")"))
        sources += len(facts["sources"])
        if verbose:
            for src in facts["sources"]:
                say(f"  • {src.get('used_for')}: {src.get('repository')}{at(src)}, {src.get('date')}")
    entries = document["corrections"]["entries"]
    if verbose:
        say(("Corrections", "bold"), f": {len(entries)} in use ({document['corrections']['path']}), applied to the "
            "bundled lists and by 'deckcheck update'")
        for c in entries:
            if c["kind"] == "list date":
                regions = "".join(f", {r} {d}" for r, d in sorted((c.get("effective_by_region") or {}).items()))
                what = f"effective {c['effective']}{regions} (filed upstream as {c['filed']})"
            else:
                what = (f"{c['card']} ({c['passcode']}) {c['status'].replace('_', '-')} (the scrape says "
                        f"{c['was'].replace('_', '-')})")
            say(f"  • {c['list']}: {what}; source: {c['source']}")
    else:
        say(("Sources", "bold"), f": {sources} sources and {len(entries)} corrections, each with its commit or date: "
            "deckcheck data --verbose")
    line = f": {update['data_dir']}"
    if update["installed"]:
        line += f" (last update {update['last_update'] or 'never'}, last check {update['last_check'] or 'never'})"
    else:
        line += " (nothing downloaded yet)"
    say(("Data directory", "bold"), line)
    if update["hint"]:
        say(("Hint", "yellow"), f": {update['hint'] if verbose else _short_hint(info, today) or update['hint']}")


def _short_hint(info: dict, today: list[dict]) -> str | None:
    """The update hint in a sentence: the card data's age, and how many lists in force likely have a newer one
    (the table marks them; ``--verbose`` and JSON give each list's usual gap)."""
    from ..datastore import STALE_CARDS_DAYS

    reasons = []
    if info.get("age_days") is not None and info["age_days"] > STALE_CARDS_DAYS:
        reasons.append(f"the card data is {info['age_days']} days old")
    late = [f["title"] for f in today if f["newer_likely"]]
    if len(late) == 1:
        reasons.append(f"a newer {late[0]} list is likely in force")
    elif late:
        reasons.append(f"a newer list is likely in force for {len(late)} formats (marked above)")
    return "run 'deckcheck update' for newer data: " + " and ".join(reasons) if reasons else None
