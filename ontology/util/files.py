"""Write output files atomically: a failed, interrupted or killed write never leaves half a file.

Inside :func:`output_transaction`, files are only put in place when every
one of them has been written, so a build that fails or is interrupted
half-way leaves all the previous outputs as they were.  Given the output
folder, the transaction also keeps every write inside it (a folder on the
way that is a link is refused, never followed) and survives ``kill -9``: the
swap is journalled first, and the next transaction on that folder finishes
an interrupted swap and removes temporary files a killed run left behind.
:func:`folder_lock` keeps two builds from writing one folder at once.

>>> import tempfile, pathlib
>>> target = pathlib.Path(tempfile.mkdtemp()) / "out.txt"
>>> write_text_atomic(target, "done\\n").read_text()
'done\\n'
>>> try:
...     with output_transaction(target.parent):
...         _ = write_text_atomic(target, "new\\n")
...         raise KeyboardInterrupt
... except KeyboardInterrupt:
...     pass
>>> target.read_text()
'done\\n'
"""
from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from ontology.errors import KgError

__all__ = [
    "JOURNAL_NAME", "LOCK_NAME", "FolderLockedError", "NotRegularFileError", "OutputPathError", "folder_lock",
    "in_output_transaction", "open_atomic", "output_transaction", "pending_file", "read_regular_file", "recover",
    "remove_file", "visible_files", "write_bytes_atomic", "write_text_atomic",
]

#: The lock file :func:`folder_lock` keeps in an output folder (its presence marks a kg output folder).
LOCK_NAME = ".kg-lock"
#: The journal of a swap in progress, inside the output folder.
JOURNAL_NAME = ".kg-swap.json"
_TEMPORARY_SUFFIX = ".kg-tmp"


class OutputPathError(KgError):
    """A write that would leave the output folder (through a link) or cannot happen there."""


class FolderLockedError(KgError):
    """Another kg process is writing the same output folder."""


@dataclass
class _Transaction:
    root: Path | None
    pending: list[tuple[Path, Path]] = field(default_factory=list)
    removals: list[Path] = field(default_factory=list)
    writing: dict[Path, Path] = field(default_factory=dict)  # target -> temporary, while open_atomic writes it


_CURRENT: ContextVar[_Transaction | None] = ContextVar("output_transaction", default=None)


@contextmanager
def output_transaction(root: Path | None = None) -> Iterator[None]:
    """Defer putting written files in place until the block ends without an error.

    On any exception (Ctrl-C included) the new files are discarded and the
    old ones stay.  With ``root`` (the output folder), every file written in
    the block must lie inside ``root`` without passing through a link, and
    the swap is journalled in ``root`` so that a process killed half-way
    through it is completed by the next transaction there.
    """
    if root is not None:
        root = Path(os.path.abspath(root))
        root.mkdir(parents=True, exist_ok=True)
        recover(root)
    transaction = _Transaction(root)
    token = _CURRENT.set(transaction)
    try:
        yield
    except BaseException:
        for temporary, _ in transaction.pending:
            temporary.unlink(missing_ok=True)
        raise
    finally:
        _CURRENT.reset(token)
    _swap(transaction)


def _swap(transaction: _Transaction) -> None:
    root = transaction.root
    if root is None or not (transaction.pending or transaction.removals):
        for temporary, path in transaction.pending:
            os.replace(temporary, path)
        for path in transaction.removals:
            path.unlink(missing_ok=True)
        return
    journal = [[str(t.relative_to(root)), str(p.relative_to(root))] for t, p in transaction.pending]
    journal += [["", str(path.relative_to(root))] for path in transaction.removals]  # "": remove the file
    write_bytes_atomic(root / JOURNAL_NAME, json.dumps(journal).encode("utf-8"), transactional=False)
    for temporary, path in transaction.pending:
        os.replace(temporary, path)
    for path in transaction.removals:
        path.unlink(missing_ok=True)
    _sync_folder(root)
    (root / JOURNAL_NAME).unlink(missing_ok=True)


def remove_file(path: Path) -> None:
    """Remove the file ``path``; inside an :func:`output_transaction`, when the new files are put in place.

    For outputs a build no longer writes (a view of a venue that is gone):
    until the swap, and if the block fails, the file stays.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> old = write_text_atomic(folder / "old.html", "stale")
    >>> with output_transaction(folder):
    ...     remove_file(old)
    ...     old.exists(), sorted(visible_files(folder, ".html"))
    (True, [])
    >>> old.exists()
    False
    """
    path = Path(os.path.abspath(path))
    transaction = _CURRENT.get()
    if transaction is None:
        path.unlink(missing_ok=True)
        return
    if transaction.root is not None:
        _check_inside(transaction.root, path)
    transaction.removals.append(path)


def in_output_transaction() -> bool:
    """Whether an :func:`output_transaction` is open here: what is written now waits for its swap.

    For a writer that must put its files in place together whether or not its caller opened a transaction (a
    second transaction inside the first would put its files in place before the first's swap).

    >>> in_output_transaction()
    False
    >>> with output_transaction():
    ...     in_output_transaction()
    True
    """
    return _CURRENT.get() is not None


def pending_file(path: Path) -> Path:
    """Where the new content of ``path`` is now: the temporary file the current :func:`output_transaction`
    holds for it until the swap (or writes it to, while :func:`open_atomic`'s block is open), else ``path`` itself.

    For a reader that must start on a new output before the transaction ends
    (the query store is loaded from the new ``graph.ttl`` while the views are
    still being written, and on a fresh build while graph.ttl itself is).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with output_transaction(folder):
    ...     _ = write_text_atomic(folder / "graph.ttl", "new")
    ...     pending = pending_file(folder / "graph.ttl")
    ...     pending != folder / "graph.ttl", pending.read_text()
    (True, 'new')
    >>> pending_file(folder / "graph.ttl") == folder / "graph.ttl"
    True
    """
    path = Path(os.path.abspath(path))
    transaction = _CURRENT.get()
    if transaction is not None and path in transaction.writing:
        return transaction.writing[path]
    for temporary, target in reversed(transaction.pending if transaction is not None else []):
        if target == path:
            return temporary
    return path

def recover(root: Path) -> None:
    """Finish a swap a killed process left half done in ``root``, and remove its temporary files.

    Call it only while holding :func:`folder_lock` on ``root`` (or with no
    other kg process writing there): temporary files of a live writer would
    be removed too.
    """
    journal_path = root / JOURNAL_NAME
    if journal_path.is_file() and not journal_path.is_symlink():
        try:
            journal = json.loads(journal_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            journal = []
        for entry in journal if isinstance(journal, list) else []:
            if not (isinstance(entry, list) and len(entry) == 2 and all(isinstance(p, str) for p in entry)):
                continue
            if entry[0] == "":  # a removal
                path = _inside(root, entry[1])
                if path is not None and path.is_file() and not path.is_symlink():
                    path.unlink()
                continue
            temporary, path = (_inside(root, relative) for relative in entry)
            if temporary is not None and path is not None and temporary.is_file() and not temporary.is_symlink():
                os.replace(temporary, path)
        journal_path.unlink(missing_ok=True)
    for folder, folders, files in os.walk(root, followlinks=False):
        for name in files:
            if name.startswith(".") and name.endswith(_TEMPORARY_SUFFIX):
                (Path(folder) / name).unlink(missing_ok=True)
        for name in list(folders):  # scratch folders (an external sort's spill files)
            if name.startswith(".") and name.endswith(_TEMPORARY_SUFFIX):
                shutil.rmtree(Path(folder) / name, ignore_errors=True)
                folders.remove(name)


def _inside(root: Path, relative: str) -> Path | None:
    """``root / relative`` when it stays inside ``root`` (no ``..``, no absolute path), else None."""
    candidate = Path(relative)
    if candidate.is_absolute() or ".." in candidate.parts:
        return None
    return root / candidate


@contextmanager
def folder_lock(root: Path) -> Iterator[None]:
    """Hold ``root/.kg-lock`` exclusively for the block; another holder makes :class:`FolderLockedError`.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with folder_lock(folder):
    ...     try:
    ...         with folder_lock(folder):
    ...             pass
    ...     except FolderLockedError as error:
    ...         print(str(error).startswith(f"another kg process is writing {folder}"))
    True
    """
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    path = root / LOCK_NAME
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no advisory locks on this platform: builds are not serialised
        yield
        return
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise FolderLockedError(f"another kg process is writing {root} (it holds {path}); "
                                    "wait for it to finish or write to another folder") from None
        yield
    finally:
        os.close(descriptor)  # closing releases the lock


def visible_files(folder: Path, suffix: str) -> set[str]:
    """Names of the files ending in ``suffix`` in ``folder``, counting those the current transaction will put there.

    An index written inside an :func:`output_transaction` lists the pages written
    before it in the same transaction, though they are not in place yet.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> with output_transaction(folder):
    ...     _ = write_text_atomic(folder / "a.html", "page")
    ...     sorted(visible_files(folder, ".html")), sorted(p.name for p in folder.glob("*.html"))
    (['a.html'], [])
    """
    folder = Path(folder)
    names = {path.name for path in folder.glob(f"*{suffix}")} if folder.is_dir() else set()
    transaction = _CURRENT.get()
    if transaction is not None:
        target = Path(os.path.abspath(folder))
        names -= {path.name for path in transaction.removals if path.parent == target}
        names.update(path.name for _, path in transaction.pending
                     if path.parent == target and path.name.endswith(suffix))
    return names


class NotRegularFileError(KgError, OSError):
    """What a path names is not a regular file (a device, FIFO, socket or folder), or it is too large."""


def read_regular_file(path: Path, *, max_bytes: int, follow_links: bool = True) -> bytes:
    """The bytes of ``path`` when it is a regular file of at most ``max_bytes`` bytes.

    Anything else raises before a byte is read: :class:`NotRegularFileError`
    for a device, FIFO, socket or folder (a FIFO is never opened blocking)
    or a file over ``max_bytes``; ``FileNotFoundError`` for nothing there
    or a link to nothing; any other ``OSError`` as the system gives it.
    With ``follow_links`` false a link is refused too.

    >>> import tempfile, pathlib, os
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.txt").write_bytes(b"data")
    >>> read_regular_file(folder / "a.txt", max_bytes=10)
    b'data'
    >>> os.mkfifo(folder / "pipe")
    >>> read_regular_file(folder / "pipe", max_bytes=10)
    Traceback (most recent call last):
    ...
    ontology.util.files.NotRegularFileError: [Errno 22] not a regular file (a device, FIFO, socket or folder): ...
    """
    info = os.stat(path, follow_symlinks=follow_links)
    _check_regular(info, path, max_bytes)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(os.open(path, flags), "rb") as handle:
        _check_regular(os.fstat(handle.fileno()), path, max_bytes)  # replaced since the first look
        return handle.read(max_bytes + 1)


def _check_regular(info: os.stat_result, path: Path, max_bytes: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise NotRegularFileError(22, "not a regular file (a device, FIFO, socket or folder)", str(path))
    if info.st_size > max_bytes:
        raise NotRegularFileError(27, f"{info.st_size / 1e9:.1f} GB is more than kg reads in one file "
                                      f"(at most {max_bytes / 1e9:.0f} GB); split it", str(path))


def _sync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory descriptors
        return
    try:
        os.fsync(descriptor)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(descriptor)


def _file_mode(path: Path) -> int:
    """Permissions for the written file: those of the regular file it replaces, else 0o644."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return 0o644
    return info.st_mode & 0o777 if stat.S_ISREG(info.st_mode) else 0o644


def _check_inside(root: Path, path: Path) -> None:
    """Refuse ``path`` unless it lies in ``root`` and no folder between them is a link."""
    root, path = Path(os.path.abspath(root)), Path(os.path.abspath(path))
    try:
        relative = path.relative_to(root)
    except ValueError:
        raise OutputPathError(f"{path} is outside the output folder {root}; kg writes only inside it") from None
    folder = root
    for part in relative.parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            raise OutputPathError(f"{folder} is a link; kg writes only inside {root} and never follows links "
                                  "there: remove the link or write to another folder")


def write_bytes_atomic(path: Path, data: bytes, *, transactional: bool = True) -> Path:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``.

    An existing file is only ever replaced by a complete new one; on any
    failure (including Ctrl-C) the temporary file is removed.  A link at
    ``path`` is replaced by the file, never written through.  Inside an
    :func:`output_transaction` the rename waits for the end of the block
    (unless ``transactional`` is false).
    """
    with open_atomic(path, transactional=transactional) as stream:
        stream.write(data)
    return Path(path)


@contextmanager
def open_atomic(path: Path, *, transactional: bool = True) -> Iterator[BinaryIO]:
    """A binary stream whose bytes replace ``path`` only when the block ends without an error.

    What :func:`write_bytes_atomic` does, for outputs written piece by piece
    (so that a file bigger than memory never has to be held whole).

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "big.nt"
    >>> with open_atomic(target) as stream:
    ...     for n in range(3):
    ...         _ = stream.write(b"line %d\\n" % n)
    >>> target.read_bytes().count(b"line")
    3
    """
    path = Path(path)
    transaction = _CURRENT.get() if transactional else None
    if transaction is not None and transaction.root is not None:
        _check_inside(transaction.root, path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMPORARY_SUFFIX, dir=path.parent)
    temporary = Path(name)
    target = Path(os.path.abspath(path))
    if transaction is not None:
        transaction.writing[target] = Path(os.path.abspath(temporary))
    try:
        with os.fdopen(handle, "wb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, _file_mode(path))
        if transaction is None:
            os.replace(temporary, path)
        else:
            transaction.pending.append((Path(os.path.abspath(temporary)), target))
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    finally:
        if transaction is not None and transaction.writing.get(target) == Path(os.path.abspath(temporary)):
            del transaction.writing[target]


def write_text_atomic(path: Path, text: str) -> Path:
    """Write UTF-8 ``text`` atomically (see :func:`write_bytes_atomic`)."""
    return write_bytes_atomic(path, text.encode("utf-8"))
