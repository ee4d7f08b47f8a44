"""deckcheck: is this Yu-Gi-Oh! decklist legal, and exactly why not.

The public Python API (see the README, "Python API")::

    import deckcheck

    result = deckcheck.check(open("my.ydk", "rb").read(), format="tcg")
    result.legal, result.problems

Everything named in ``__all__`` is public and kept stable; every other module is internal. The names are
imported when first used, so ``import deckcheck`` loads nothing else (the command line starts fast).
"""

from .version import __version__

__all__ = [
    "check", "Session", "Found", "Source", "selection", "read_fingerprint",
    "DeckResult", "Problem", "Run",
    "Conversion", "ShownDeck", "RegisteredDeck", "SideResult", "MatchResult", "DeckDiff", "Fingerprint",
    "RegistrationSheet", "TableCheck", "EventSheet",
    "DeckcheckError", "DataError", "FormatError", "UsageError", "ConfigError", "InvalidFingerprint",
    "EventInputError", "NotAFile", "TooLarge",
    "__version__",
]

_WHERE = {
    "check": "api", "Session": "api", "Found": "api", "selection": "api", "read_fingerprint": "api",
    "Source": "model", "DeckResult": "model", "Problem": "model",
    "Run": "report",
    "Conversion": "api", "ShownDeck": "api", "RegisteredDeck": "api", "DeckDiff": "api", "Fingerprint": "api",
    "RegistrationSheet": "api", "TableCheck": "api", "EventSheet": "api",
    "SideResult": "side", "MatchResult": "side",
    "DeckcheckError": "errors", "DataError": "errors", "FormatError": "errors", "UsageError": "errors",
    "ConfigError": "errors", "InvalidFingerprint": "errors", "EventInputError": "errors", "NotAFile": "errors",
    "TooLarge": "errors",
}


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'deckcheck' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
