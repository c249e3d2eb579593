"""Write output files atomically: a failed or interrupted write never leaves half a file.

Inside :func:`output_transaction`, files are only put in place when every
one of them has been written, so a build that fails or is interrupted
half-way leaves all the previous outputs as they were.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> write_text_atomic(target, "done\\n").read_text()
'done\\n'
>>> try:
...     with output_transaction():
...         _ = write_text_atomic(target, "new\\n")
...         raise KeyboardInterrupt
... except KeyboardInterrupt:
...     pass
>>> target.read_text()
'done\\n'
"""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

__all__ = ["write_text_atomic", "write_bytes_atomic", "output_transaction"]

_PENDING: ContextVar[list[tuple[str, Path]] | None] = ContextVar("pending_outputs", default=None)


@contextmanager
def output_transaction() -> Iterator[None]:
    """Defer putting written files in place until the block ends without an error.

    On any exception (Ctrl-C included) the new files are discarded and the
    old ones stay.
    """
    pending: list[tuple[str, Path]] = []
    token = _PENDING.set(pending)
    try:
        yield
    except BaseException:
        for temporary, _ in pending:
            Path(temporary).unlink(missing_ok=True)
        raise
    finally:
        _PENDING.reset(token)
    for temporary, path in pending:
        os.replace(temporary, path)


def _file_mode(path: Path) -> int:
    """Permissions for the written file: those of the file it replaces, else 0o644."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        return 0o644


def write_bytes_atomic(path: Path, data: bytes) -> Path:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``.

    An existing file is only ever replaced by a complete new one; on any
    failure (including Ctrl-C) the temporary file is removed.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _file_mode(path))
        pending = _PENDING.get()
        if pending is None:
            os.replace(temporary, path)
        else:
            pending.append((temporary, path))
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def write_text_atomic(path: Path, text: str) -> Path:
    """Write UTF-8 ``text`` atomically (see :func:`write_bytes_atomic`)."""
    return write_bytes_atomic(path, text.encode("utf-8"))
