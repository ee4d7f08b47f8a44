"""Build deckcheck's card index and official Forbidden & Limited lists from the shared data snapshot.

    python -m tools.build_data [--shared ../shared/data] [--out-dir .]

Reads the snapshot described in shared/data/PROVENANCE.md and the reviewed corrections
(deckcheck/data/corrections.yaml), and writes, under --out-dir (default: the repository root):

    deckcheck/data/cards.jsonl        official OCG/TCG cards, tokens, Skill Cards, prereleases
    deckcheck/data/other_cards.jsonl  Rush Duel and unofficial (anime, pre-errata, GOAT …) rows
    deckcheck/data/build-report.txt   every place the sources disagreed, and what was decided
    banlists/tcg/<effective>.yaml     every TCG F&L list Konami archives, 1999 on (Konami's, by Konami ID)
    banlists/ocg/<effective>.yaml     every OCG F&L list in force from 2020 on
    banlists/genesys/<effective>.yaml, banlists/ocg-genesys/<effective>.yaml   Konami's points lists
    banlists/goat/<effective>.yaml    the GOAT card pool (EDOPro's whitelist, as official cards)
    banlists/speed/<effective>.yaml   the Speed Duel list and pool (yaml-yugi, YGOJSON, EDOPro by vote)

Only facts are written (passcodes, names, kinds, dates, statuses, Konami IDs), never card text.
Output is deterministic, the report included (it is also printed); commit it with the data so a
reviewer sees what a rebuild changed. Needs only the standard library and PyYAML.
"""
