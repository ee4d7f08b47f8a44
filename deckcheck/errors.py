"""Every exception deckcheck's library raises, in one place.

======================  ===============================================================  =========
exception               when                                                             exit code
======================  ===============================================================  =========
``DeckcheckError``      the base of all of them: ``except deckcheck.DeckcheckError``
``DataError``           the card data, a list or a format could not be loaded or used    2
``FormatError``         a format file deckcheck cannot use (file, line and key named)    2
``UsageError``          what was asked cannot be done: a bad date, no decklist named, …  2
``ConfigError``         a configuration file deckcheck cannot use (file and key named)   2
``InvalidFingerprint``  a text that is not a deck fingerprint (a mistyped character, …)  2
``EventInputError``     an event's roster, manifest or submissions folder is unusable    2
``NotAFile``            a path or stream that must not be read as a decklist (why)       1
``TooLarge``            a decklist larger than ``parsers.MAX_DECK_BYTES``                1
======================  ===============================================================  =========

A decklist that cannot be read or parsed is not an exception: its ``DeckResult`` has an
``unreadable`` problem (one bad file never stops a batch). The exit codes are the command line's.
"""

from __future__ import annotations


class DeckcheckError(Exception):
    """Anything deckcheck's library raises on purpose; the message is one line, fit to show a user."""


class DataError(DeckcheckError):
    """The card data or a list could not be loaded (exit code 2)."""


class FormatError(DataError):
    """A format file deckcheck cannot use; the message names the file, the line and the key (exit 2)."""


class UsageError(DeckcheckError):
    """What the caller asked for cannot be done as asked (exit code 2)."""


class ConfigError(UsageError):
    """A configuration file deckcheck cannot use; the message names the file and the key."""


class NotAFile(DeckcheckError):
    """A path that must not be read as a decklist (the message says why)."""


class TooLarge(NotAFile):
    """A file larger than ``MAX_DECK_BYTES``."""


class InvalidFingerprint(UsageError, ValueError):
    """A text that is not a fingerprint (the message says why: a mistyped character, a length, a prefix)."""


class EventInputError(UsageError):
    """A roster, manifest or submissions folder deckcheck cannot read: the message names the file and line."""
