"""Base64 as deck codes carry it (ydke links, Omega codes, MyCard codes, YGOMobile links): standard or URL-safe,
padding optional, percent-escaped in a URL; what is wrong said in words."""

from __future__ import annotations

import base64
import binascii
import re
from urllib.parse import unquote

__all__ = ["decode_base64"]

_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")
_BASE64_URL = re.compile(r"[A-Za-z0-9_-]*={0,2}")


def decode_base64(text: str) -> tuple[bytes | None, str | None]:
    """Bytes of standard or URL-safe base64 (padding optional), or None and what is wrong."""
    if "%" in text:
        text = unquote(text)
    pattern = _BASE64_URL if ("-" in text or "_" in text) else _BASE64
    match = pattern.match(text)  # (both patterns match the empty string: always a match)
    good = match.end() if match else 0
    if good < len(text):
        return None, f"not base64 (character {text[good]!r} at position {good + 1})"
    padded = text.rstrip("=")
    if len(padded) % 4 == 1:
        return None, f"not base64 ({len(padded)} characters cannot be whole bytes)"
    padded += "=" * (-len(padded) % 4)
    try:
        if pattern is _BASE64_URL:
            return base64.urlsafe_b64decode(padded), None
        return base64.b64decode(padded, validate=True), None
    except (binascii.Error, ValueError) as exc:
        return None, f"not base64 ({exc})"
