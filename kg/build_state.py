"""What the last ``kg build`` into a folder was made from, so that a rebuild with nothing changed rewrites nothing.

A build folder's outputs depend on the input documents (their keys:
bytes, names, formats and the extraction code's version,
:func:`kg.pipeline.input_keys`), the problems met reading them, the
options that shape the outputs (similarity, ``--similar-k``, the RDF
formats, the views and their size), kg's own code and model files, and the
versions of Python and of every installed library.  After a build,
``OUT/.kg-build.json`` records a fingerprint of all that, the size,
modification time, inode and change time of every file the build left in
the folder, and the summary ``kg build`` printed.  The next build compares: when the
fingerprint is the same and no output was changed, removed or added, a
new build would write the same bytes (that is what tests/test_build_outputs.py
checks of every rebuild), so it is skipped.

Anything else (an input added, changed or removed, another option, an
edited or deleted output, a new kg or library version) builds as before.
The record is written only after the outputs are in place, and a build
killed before that leaves the previous record, which the new files' times
no longer match.

>>> import tempfile
>>> out = Path(tempfile.mkdtemp())
>>> _ = (out / "graph.ttl").write_text("<a> <b> <c> .\\n")
>>> state = BuildState.of(out, "f" * 64, summary={"paper": 1}, problems=["bad.bib: line 3: no closing brace"])
>>> write_state(out, state)
>>> up_to_date(out, "f" * 64) == state, up_to_date(out, "e" * 64)
(True, None)
>>> _ = (out / "graph.ttl").write_text("<a> <b> <d> .\\n")  # an output edited by hand
>>> up_to_date(out, "f" * 64) is None
True
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from ontology.util.files import write_text_atomic
from ontology.util.versions import file_digests

__all__ = ["STATE_FILE", "BuildState", "build_fingerprint", "read_state", "up_to_date", "write_state"]

#: The record of the last build, in the build folder (hidden, like the cache and the query store).
STATE_FILE = ".kg-build.json"
_FORMAT = 2  # 2: files carry inode and change time
#: Packages whose code and data make the outputs: any change to one of their files is a new fingerprint.
_PACKAGES = ("kg", "exports", "extractors", "ontology")


@dataclass(frozen=True)
class BuildState:
    """A build's fingerprint, the files it left (path → ``[size, mtime_ns, inode, ctime_ns]``) and its summary."""

    fingerprint: str
    files: Mapping[str, tuple[int, ...]]
    summary: Mapping[str, int] = field(default_factory=dict)
    problems: Sequence[str] = ()
    document_count: int = 0

    @classmethod
    def of(cls, folder: Path, fingerprint: str, *, summary: Mapping[str, int], problems: Iterable[str] = (),
           document_count: int = 0) -> BuildState:
        """The state of ``folder`` as a build with ``fingerprint`` just left it."""
        files = _files(Path(folder))
        if files is None:
            raise OSError(f"{folder} changed while kg read it")
        return cls(fingerprint, files, dict(summary), tuple(problems), document_count)


def build_fingerprint(keys: Sequence[str], problems: Iterable[str], options: Mapping[str, Any]) -> str:
    """One SHA-256 of the input keys (in order), the input problems, the output options and the code.

    >>> a = build_fingerprint(["k1", "k2"], [], {"similar_k": 5})
    >>> a == build_fingerprint(["k1", "k2"], [], {"similar_k": 5})
    True
    >>> a == build_fingerprint(["k2", "k1"], [], {"similar_k": 5})
    False
    >>> a == build_fingerprint(["k1", "k2"], [], {"similar_k": 6})
    False
    """
    text = json.dumps({"format": _FORMAT, "keys": list(keys), "problems": list(problems), "options": options,
                       "code": _code_fingerprint(), "environment": _environment()}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_state(folder: Path) -> BuildState | None:
    """The record :func:`write_state` left in ``folder``, or ``None`` (none, unreadable or of another format)."""
    try:
        data = json.loads((Path(folder) / STATE_FILE).read_text(encoding="utf-8"))
        if data.get("format") != _FORMAT:
            return None
        files = {str(name): tuple(int(x) for x in facts) for name, facts in data["files"].items()}
        return BuildState(str(data["fingerprint"]), files,
                          {str(k): int(v) for k, v in data["summary"].items()}, tuple(map(str, data["problems"])),
                          int(data["document_count"]))
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        return None  # no record, or not one this version wrote: build


def write_state(folder: Path, state: BuildState) -> None:
    """Record ``state`` in ``folder`` (atomically)."""
    data = {"format": _FORMAT, "fingerprint": state.fingerprint, "files": {k: list(v) for k, v in state.files.items()},
            "summary": dict(state.summary), "problems": list(state.problems), "document_count": state.document_count}
    write_text_atomic(Path(folder) / STATE_FILE, json.dumps(data, sort_keys=True, indent=1) + "\n")


def up_to_date(folder: Path, fingerprint: str) -> BuildState | None:
    """The last build's state when it had ``fingerprint`` and its files are as it left them; else ``None``."""
    state = read_state(folder)
    if state is None or state.fingerprint != fingerprint or _files(Path(folder)) != state.files:
        return None
    return state


#: kg's own state in a build folder, which is not output: the cache, the folder lock, this record and the query
#: store (``kg query`` makes it again from graph.ttl whenever it does not match; ``.kg-store.*`` are its makers').
#: Anything else hidden, such as a killed build's swap journal or sort folder, counts: the next build then runs
#: and clears it up.
_STATE_NAMES = (".kg-cache", ".kg-lock", STATE_FILE, ".kg-store")


def _files(folder: Path) -> dict[str, tuple[int, ...]] | None:
    """Every output file under ``folder``: size, modification time, inode and change time; ``None`` if it changed
    while being read.

    The inode and the change time catch what size and modification time
    miss: a file put back with its old time (``cp -p``, ``rsync -t``) or
    rewritten within one tick of a coarse clock.
    """
    files: dict[str, tuple[int, ...]] = {}
    for root, folders, names in os.walk(folder):
        if root == str(folder):
            folders[:] = [name for name in folders if not _is_state(name)]
            names = [name for name in names if not _is_state(name)]
        for name in names:
            path = os.path.join(root, name)
            try:
                info = os.stat(path, follow_symlinks=False)
            except OSError:  # gone between the listing and the look: something is writing here
                return None
            files[os.path.relpath(path, folder).replace(os.sep, "/")] = (
                info.st_size, info.st_mtime_ns, info.st_ino, info.st_ctime_ns)
    return dict(sorted(files.items()))


def _is_state(name: str) -> bool:
    return name in _STATE_NAMES or name.startswith(".kg-store.")


@cache
def _code_fingerprint() -> str:
    """SHA-256 over every file of kg's packages (code, templates, model weights), by path."""
    digest = hashlib.sha256()
    for name, file_digest in file_digests(Path(__file__).resolve().parent.parent, _PACKAGES):
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(file_digest)
    return digest.hexdigest()


@cache
def _environment() -> dict[str, str]:
    """Python's version and every installed distribution's version: any library may shape the bytes written
    (pyvis's bundled script is copied into the pages; charset-normalizer decodes the inputs)."""
    versions = {f"{dist.metadata['Name']}".lower(): dist.version for dist in metadata.distributions()
                if dist.metadata["Name"]}
    return {"python": sys.version, "unicode": unicodedata.unidata_version, **dict(sorted(versions.items()))}
