"""Side decking commands: side, match, diff (issue: side decking and match validation)."""

from __future__ import annotations

from .cli import app  # noqa: F401
