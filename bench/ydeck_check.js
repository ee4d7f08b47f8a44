// Validate every decklist file under a folder with ydeck, as the Emcee tournament bot does:
// one card index and one allow vector built at start, then `new Deck(index, { ydk })` and
// `deck.validate(allowVector)` for each file, one JSON line of errors per deck on stdout.
//
//     node ydeck_check.js CARDS.json FOLDER
//
// CARDS.json (written by bench.py from deckcheck's card index and the TCG list in force):
// [[passcode, name, type, alias, limitTCG, isPrerelease], ...]. `require("ydeck")` is resolved
// through NODE_PATH (bench.py installs ydeck into a temporary folder).
"use strict";
const fs = require("fs");
const path = require("path");
const { Deck, createAllowVector } = require("ydeck");

const [cardsPath, folder] = process.argv.slice(2);
const index = new Map();
for (const [passcode, name, type, alias, limitTCG, isPrerelease] of JSON.parse(fs.readFileSync(cardsPath, "utf8"))) {
    index.set(passcode, { name, type, setcode: 0, alias: alias || undefined, limitTCG, limitOCG: limitTCG, isPrerelease });
}
// Emcee's rule for the TCG: prerelease cards are not allowed; an alternate artwork (alias) counts as its card.
const allowVector = createAllowVector(index, card => (card.isPrerelease ? 0 : card.alias ? -1 : card.limitTCG));

function* files(dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) yield* files(full);
        else if (entry.isFile() && entry.name.endsWith(".ydk")) yield full;
    }
}

const out = [];
let legal = 0;
let decks = 0;
for (const file of files(folder)) {
    decks++;
    let errors;
    try {
        const deck = new Deck(index, { ydk: fs.readFileSync(file, "utf8").replace(/\r/g, "") });
        errors = deck.validate(allowVector);
    } catch (e) {
        errors = [{ type: "parse", message: e.message }];
    }
    if (errors.length === 0) legal++;
    out.push(JSON.stringify({ path: file, errors }));
}
out.push(JSON.stringify({ decks, legal }));
process.stdout.write(out.join("\n") + "\n");
