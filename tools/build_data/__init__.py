"""Build deckcheck's card index and official Forbidden & Limited lists from the shared data snapshot.

    python -m tools.build_data [--shared ../shared/data] [--out-dir .]

Reads the snapshot described in shared/data/PROVENANCE.md and the reviewed corrections
(deckcheck/data/corrections.yaml), and writes, under --out-dir (default: the repository root):

    deckcheck/data/cards.jsonl        official OCG/TCG cards, tokens, Skill Cards, prereleases
    deckcheck/data/other_cards.jsonl  Rush Duel and unofficial (anime, pre-errata, GOAT …) rows
    deckcheck/data/build-report.txt   every place the sources disagreed, and what was decided
    banlists/tcg/<effective>.yaml     the TCG's lists: 2002–2004 from its status history on Format Library's dates,
                                      Konami's from April 2005 (without entries for cards not yet TCG cards),
                                      and the revisions Konami's archive lacks (June 2007, May 2008, Feb 2016 …)
    banlists/ocg/<effective>.yaml     every OCG F&L list, 1999-07-08 on (by English name before 2021)
    banlists/genesys/<effective>.yaml, banlists/ocg-genesys/<effective>.yaml   Konami's points lists
    banlists/goat/<effective>.yaml    the GOAT card pool (EDOPro's whitelist, as official cards)
    banlists/speed/<effective>.yaml   the Speed Duel list and pool (yaml-yugi, YGOJSON, EDOPro by vote)
    deckcheck/data/rush_cards.jsonl, rush_names.jsonl   the Rush Duel card index and its names (rush.py)
    banlists/rush/<effective>.yaml    every dated Rush Limit Regulation from 2023-01-01 (Konami; EDOPro's where newer)
    banlists/{master-duel,ocg-ae,ocg-cn}/<effective>.yaml, deckcheck/data/pools/*.json   (regional.py)

Only facts are written (passcodes, names, kinds, dates, statuses, Konami IDs), never card text.
Output is deterministic, the report included (it is also printed); commit it with the data so a
reviewer sees what a rebuild changed. Needs only the standard library and PyYAML.
"""
