"""Options shared by the ``kg`` commands, so each name means one thing everywhere.

- ``-o/--output DIR`` is the output folder of ``kg build`` in every command
  (``kg view``, ``kg stats`` and ``kg query`` also take it as their first
  argument, as they always did);
- ``--max-nodes N`` is the most nodes one HTML view shows (``kg build``,
  ``kg view``); ``--top N`` is the number of rows of a ranking (``kg stats``);
- ``--rdf-format`` names RDF serialisations to write (``kg build``);
  ``--format`` a result format to print (``kg query``).

Old spellings (``--top`` for nodes, ``--format`` in ``kg build``) still work,
hidden from the help, with a deprecation warning.
"""
from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from exports.views import DEFAULT_TOP

__all__ = [
    "DEFAULT_OUTPUT", "output_option", "build_folder", "max_nodes_option", "top_rows_option", "renamed_option",
]

#: Where ``kg build`` writes, and where the other commands look, unless told otherwise.
DEFAULT_OUTPUT = Path("kg-out")

F = TypeVar("F", bound=Callable[..., Any])

_FOLDER = click.Path(file_okay=False, path_type=Path)


def output_option(help: str) -> Callable[[F], F]:
    """``-o/--output DIR`` (default ``kg-out``), passed to the command as ``output``."""
    return click.option("-o", "--output", "output", type=_FOLDER, default=DEFAULT_OUTPUT, show_default=True,
                        help=help)


def build_folder(command: F) -> F:
    """Give ``command`` the build folder as ``out``: from ``-o/--output DIR`` or an ``[OUT]`` first argument.

    Either spelling works (``kg stats kg-out`` = ``kg stats -o kg-out``); both
    at once must name the same folder. Default: ``kg-out``.
    """

    @click.argument("folder", required=False, type=_FOLDER, metavar="[OUT]")
    @click.option("-o", "--output", "output", type=_FOLDER, default=None,
                  help=f"Output folder of `kg build` (also accepted as OUT)  [default: {DEFAULT_OUTPUT}]")
    @functools.wraps(command)
    def with_folder(*args: Any, folder: Path | None, output: Path | None, **kwargs: Any) -> Any:
        if folder is not None and output is not None and folder != output:
            raise click.UsageError(f"OUT ({folder}) and -o/--output ({output}) name different folders; give one")
        return command(*args, out=output or folder or DEFAULT_OUTPUT, **kwargs)

    return with_folder  # type: ignore[return-value]


def max_nodes_option(help: str) -> Callable[[F], F]:
    """``--max-nodes N``, the most nodes one HTML view shows (old spelling ``--top``, deprecated)."""

    def decorate(command: F) -> F:
        command = click.option("--top", "old_top", type=click.IntRange(min=1), default=None, hidden=True,
                               callback=renamed_option("--max-nodes", "--top counts table rows in kg stats"))(command)
        command = click.option("--max-nodes", "max_nodes", type=click.IntRange(min=1), default=DEFAULT_TOP,
                               show_default=True, help=help)(command)

        @functools.wraps(command)
        def with_max_nodes(*args: Any, max_nodes: int, old_top: int | None, **kwargs: Any) -> Any:
            return command(*args, max_nodes=old_top if old_top is not None else max_nodes, **kwargs)

        return with_max_nodes  # type: ignore[return-value]

    return decorate


def renamed_option(new: str, why: str) -> Callable[[click.Context, click.Parameter, Any], Any]:
    """A callback for an old option spelling: it still works, with a one-line warning naming ``new``."""

    def warn(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
        if value not in (None, ()):
            old = param.opts[0]
            click.echo(f"warning: {old} is deprecated here, use {new} ({why})", err=True)
        return value

    return warn


def top_rows_option(help: str) -> Callable[[F], F]:
    """``--top N``, the rows of each ranking table."""
    return click.option("--top", type=click.IntRange(min=1), default=10, show_default=True, help=help)
