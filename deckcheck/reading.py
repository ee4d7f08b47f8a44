"""The one way deckcheck reads a file it did not write itself in this run: format files, list files,
config files, cache entries, fonts, forms (decklists go through ``parsers.read_bounded`` directly).

Only a regular file is read; a pipe, socket or device (``/dev/zero``) is refused before it is
opened, nothing ever blocks, and at most ``limit`` bytes are read: a file larger than that is
refused, not cut. Every refusal is an :class:`Unreadable` with a one-line reason.
"""

from __future__ import annotations

import os

KB = 1024
MB = 1024 * KB


class Unreadable(Exception):
    """A file that cannot or must not be read; ``str()`` is the reason (``it is a named pipe, not a file``),
    ``missing`` is True when there is no file at all."""

    def __init__(self, reason: str, missing: bool = False):
        super().__init__(reason)
        self.missing = missing


def size_text(limit: int) -> str:
    return f"{limit // MB} MB" if limit >= MB else f"{limit // KB} KB"


def read_file(path: str | os.PathLike, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; raises :class:`Unreadable`."""
    from .parsers import NotAFile, TooLarge, read_bounded

    try:
        return read_bounded(path, limit=limit)
    except FileNotFoundError:
        raise Unreadable("no such file", missing=True) from None
    except OSError as exc:
        raise Unreadable(exc.strerror or type(exc).__name__) from None
    except TooLarge:
        raise Unreadable(f"it is larger than {size_text(limit)}") from None
    except NotAFile as exc:
        raise Unreadable(str(exc)) from None


def check_file(path: str | os.PathLike, limit: int) -> None:
    """Raise :class:`Unreadable` unless ``path`` is a regular file of at most ``limit`` bytes (for a
    library that opens the file by its name itself)."""
    import stat

    from .parsers import not_a_file_reason

    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise Unreadable("no such file", missing=True) from None
    except OSError as exc:
        raise Unreadable(exc.strerror or type(exc).__name__) from None
    if not stat.S_ISREG(st.st_mode):
        raise Unreadable(not_a_file_reason(st.st_mode))
    if st.st_size > limit:
        raise Unreadable(f"it is larger than {size_text(limit)}")
