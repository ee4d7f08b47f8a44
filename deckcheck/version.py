"""deckcheck's version (pyproject.toml says the same): in a module of its own, so that what needs it does not
import the package's __init__."""

__version__ = "0.1.0"
