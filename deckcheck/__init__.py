"""deckcheck: is this Yu-Gi-Oh! decklist legal, and exactly why not."""

__version__ = "0.1.0"
