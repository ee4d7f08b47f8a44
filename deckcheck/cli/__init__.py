"""The command line: one module per command group over the core; none of them prints a traceback.

``common`` holds the app, the exit codes and the shared options; ``check``, ``convert``, ``decklist``, ``show``,
``side`` (side, match, diff), ``info`` (banlists, card, rules, formats, data), ``event`` (fingerprint,
verify, event) and ``update``
register their commands on it when imported. Each keeps its heavy imports inside its functions, and a run of
one command imports only the module of that command (``load_commands``).
"""

from __future__ import annotations

import os
import sys

from .common import EXIT_ERROR, describe_regions, say

# The command modules, in the order of the command list of --help, and the module of each command and group
MODULES = ("check", "convert", "decklist", "info", "show", "side", "update", "event")
COMMAND_MODULE = {
    "check": "check", "convert": "convert", "decklist": "decklist",
    "banlists": "info", "card": "info", "rules": "info", "formats": "info", "data": "info", "show": "show",
    "side": "side", "match": "side", "diff": "side", "team": "side", "update": "update",
    "fingerprint": "event", "verify": "event", "event": "event",
}


def load_commands(name: str | None = None):
    """The app, with the commands of the module of command ``name`` registered (of every module for None or a
    name no module has: the help, a mistyped command); with every module's, in the order of ``MODULES``
    whatever order they were imported in."""
    import importlib

    from .common import app

    modules = (COMMAND_MODULE[name],) if name in COMMAND_MODULE else MODULES
    for module in modules:
        importlib.import_module(f".{module}", __name__)
    if len(modules) > 1:
        place = {module: n for n, module in enumerate(MODULES)}
        app.registered_commands.sort(key=lambda command: place[COMMAND_MODULE[_name_of(command)]])
        app.registered_groups.sort(key=lambda group: place[COMMAND_MODULE[group.name or ""]])
    return app


def __getattr__(name: str):
    if name == "app":  # the app with every command (as the help shows it)
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _name_of(command) -> str:
    return command.name or getattr(command.callback, "__name__", "")


def _app_for(argv: list[str]):
    """The app with every command, or for a run of one top-level command (``deckcheck check …``) an app with that
    command alone: typer builds the options of every command it has, and a check need not wait for the others'."""
    import copy

    name = argv[1] if len(argv) > 1 else None
    app = load_commands(name)
    for command in app.registered_commands:
        if name is not None and _name_of(command) == name:
            only = copy.copy(app)
            only.registered_commands, only.registered_groups = [command], []
            return only
    return load_commands()


def _run() -> int:
    """The app, with click's usage errors as one line each (as every other error of deckcheck)."""
    import typer
    from typer import _click

    command = typer.main.get_command(_app_for(sys.argv))
    try:
        code = command.main(prog_name="deckcheck", standalone_mode=False)
    except _click.exceptions.NoArgsIsHelpError as exc:
        print(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
        return EXIT_ERROR
    except _click.exceptions.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "deckcheck"
        say(f"deckcheck: error: {_clipped(exc.format_message())} (see: {where} --help)")
        return EXIT_ERROR
    except _click.exceptions.ClickException as exc:
        say(f"deckcheck: error: {_clipped(exc.format_message())}")
        return exc.exit_code
    except typer.Abort:
        print("deckcheck: interrupted", file=sys.stderr)
        return 130
    return code if isinstance(code, int) else 0


def _clipped(message: str) -> str:
    """click's message with each value it quotes ('…', as click quotes them) cut as deckcheck's own messages
    cut what they quote (limits.quoted): a 100 KB --points-cap is not repeated whole."""
    import re

    from ..limits import quoted

    return re.sub(r"'([^'\n]{61,})'", lambda m: quoted(m.group(1)), message)


def main() -> None:
    """Entry point: never a traceback, unless DECKCHECK_DEBUG is set."""
    helping = "--help" in sys.argv or "-h" in sys.argv
    if helping:
        from .help import polish

        describe_regions()
        polish(load_commands())
    try:
        sys.exit(_run())
    except SystemExit as exc:
        if exc.code == 130:  # typer turns Ctrl-C into a silent exit 130
            print("deckcheck: interrupted", file=sys.stderr)
        if exc.code == 1 and helping and _stdout_closed_by_rich():
            sys.exit(0)  # `deckcheck check --help | head`: the help was asked for and given, as far as it was read
        raise
    except KeyboardInterrupt:
        print("deckcheck: interrupted", file=sys.stderr)
        sys.exit(130)
    except OSError as exc:  # a path the system refuses (too long, a loop of links) met where none was expected
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        from ..limits import clip

        where = f"{clip(os.fsdecode(exc.filename), 200)}: " if isinstance(exc.filename, (str, bytes)) else ""
        say(f"deckcheck: error: {where}{exc.strerror or type(exc).__name__}")
        sys.exit(EXIT_ERROR)
    except Exception as exc:  # the last line of defence: one line, exit 2
        if os.environ.get("DECKCHECK_DEBUG"):
            raise
        say(f"deckcheck: internal error: {type(exc).__name__}: {exc} (set DECKCHECK_DEBUG=1 for details)")
        sys.exit(EXIT_ERROR)


def entry() -> None:
    """The ``deckcheck`` command (and ``python -m deckcheck``): ``main``, then the end of the process without
    freeing every object one by one (the results and lists of a large batch take about 10 ms), as mypy does.
    What the streams hold is flushed first; if that fails, the interpreter's own exit says why."""
    try:
        main()
    except SystemExit as exc:
        if exc.code is not None and not isinstance(exc.code, int):
            raise
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except (AttributeError, OSError, ValueError):
            raise exc from None
        os._exit(exc.code or 0)


def _stdout_closed_by_rich() -> bool:
    """Whether rich met a closed pipe and pointed standard output at the null device (it then exits 1)."""
    import stat

    try:
        out, null = os.fstat(sys.stdout.fileno()), os.stat(os.devnull)
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(out.st_mode) and out.st_rdev == null.st_rdev
