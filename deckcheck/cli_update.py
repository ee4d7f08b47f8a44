"""Data update commands: update (issue: fresh data without a new release)."""

from __future__ import annotations

from .cli import app  # noqa: F401
