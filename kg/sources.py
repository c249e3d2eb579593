"""Find input files and decode them, reporting every file that cannot be used.

Folders are walked recursively in sorted order without following symbolic
links to folders (so a link loop cannot trap the walk); hidden files are
skipped.  Each file is decoded as UTF-8 (with or without BOM), as UTF-16
when it starts with a UTF-16 BOM, and otherwise with the legacy encoding
that ``charset-normalizer`` detects — with a warning that names the first
byte that is not UTF-8.  Empty files, binary files, files with the same
content as one already read, and lecture pages too large to be one are
reported and skipped.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.txt").write_text("Germany\\nWe study retrieval.\\nACL 2026\\n", encoding="utf-8")
>>> _ = (folder / "copy.txt").write_text("Germany\\nWe study retrieval.\\nACL 2026\\n", encoding="utf-8")
>>> _ = (folder / "empty.txt").write_bytes(b"")
>>> sources, problems = read_sources([folder])
>>> [s.name for s in sources]
['tmp.../a.txt']
>>> [p.message for p in problems]
['same content as ...a.txt; skipped', 'empty file; skipped']
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from charset_normalizer import from_bytes

from extractors.readers import detect_format
from ontology.records import InputProblem
from ontology.text import escape_controls
from ontology.util.files import LOCK_NAME, NotRegularFileError, read_regular_file

__all__ = ["SourceText", "read_sources", "display_name", "MAX_PAGE_BYTES", "MAX_INPUT_BYTES", "LEGACY_ENCODINGS"]

#: Encodings tried, most common first, when a file is not UTF-8.
LEGACY_ENCODINGS = ("cp1252", "latin_1", "iso8859_15", "cp1250", "iso8859_2", "cp1251", "koi8_r", "cp1253",
                    "cp1254", "mac_roman", "shift_jis", "euc_jp", "gb18030", "big5", "euc_kr")
#: The largest input file kg reads (the largest Anthology volume is about 20 MB).
MAX_INPUT_BYTES = 2_000_000_000
#: A lecture page is the text of one web page; anything larger is not one.
MAX_PAGE_BYTES = 5_000_000
_BINARY_PROBE = 8192


@dataclass(frozen=True)
class SourceText:
    """One input file's decoded text, the name facts will cite it by, and its format."""

    name: str
    text: str
    format: str | None = None  # one of extractors.readers.FORMATS; None when kg does not read it
    digest: str = ""  # SHA-256 of the file's bytes


def read_sources(paths: Iterable[Path], *, exclude: Iterable[Path] = ()) -> tuple[list[SourceText], list[InputProblem]]:
    """Decode every usable file under ``paths``; one :class:`InputProblem` per file that is not.

    Only regular files are read (a link to a device, FIFO or socket is
    reported, never opened for reading), each after a size check.  Folders
    under ``exclude`` and kg output folders (those holding a ``.kg-lock``)
    are skipped, so a build never reads its own outputs.
    """
    sources: list[SourceText] = []
    problems: list[InputProblem] = []
    seen: dict[str, str] = {}
    skipped = {os.path.abspath(folder) for folder in exclude}
    for path, name in _input_files(paths, problems, skipped):
        data = _read_regular_file(path, name, problems)
        if data is None:
            continue
        digest = hashlib.sha256(data).hexdigest()
        if digest in seen:
            problems.append(InputProblem(name, f"same content as {seen[digest]}; skipped"))
            continue
        seen[digest] = name
        source = _decode(name, data, digest, problems)
        if source is not None:
            sources.append(source)
    return sources, problems


def display_name(name: str) -> str:
    """A file name as text that is safe to cite and to print: undecodable bytes and control characters escaped.

    >>> display_name("caf\\udce9\\udcff.txt"), display_name("a\\nwarning: forged.txt"), display_name("Dvořák.bib")
    ('caf\\\\xe9\\\\xff.txt', 'a\\\\nwarning: forged.txt', 'Dvořák.bib')
    """
    text = name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return escape_controls(text)


def _input_files(paths: Iterable[Path], problems: list[InputProblem], skipped: set[str]) -> Iterator[tuple[Path, str]]:
    for root in paths:
        root = Path(root)
        if root.is_dir():
            for path in _walk(root, skipped, problems):
                yield path, display_name(f"{root.name}/{path.relative_to(root).as_posix()}")
        elif root.exists():  # a file given by name, of any type: reading checks that it is a regular file
            yield root, display_name(root.name)
        elif root.is_symlink():
            problems.append(InputProblem(display_name(str(root)), "a link to nothing (broken symbolic link)"))
        else:
            problems.append(InputProblem(display_name(str(root)), "no such file or directory"))


def _walk(root: Path, skipped: set[str], problems: list[InputProblem]) -> Iterator[Path]:
    """Files under ``root``, sorted, hidden ones skipped, links to folders and kg output folders not followed."""
    for folder, folders, files in os.walk(root, followlinks=False):
        if os.path.abspath(folder) in skipped:  # the output folder of this build
            folders[:] = []
            continue
        if LOCK_NAME in files:
            where = Path(root.name, Path(folder).relative_to(root)).as_posix()
            problems.append(InputProblem(display_name(where), "a kg output folder; its files are not read as input"))
            folders[:] = []
            continue
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in sorted(files):
            path = Path(folder) / name
            if not name.startswith("."):
                yield path


def _read_regular_file(path: Path, name: str, problems: list[InputProblem]) -> bytes | None:
    """The bytes of ``path`` if it is a regular file of at most :data:`MAX_INPUT_BYTES`, else a problem."""
    try:
        return read_regular_file(path, max_bytes=MAX_INPUT_BYTES)  # follows a link: what matters is what is read
    except FileNotFoundError:
        problems.append(InputProblem(name, "a link to nothing (broken symbolic link)"))
    except NotRegularFileError as error:
        problems.append(InputProblem(name, f"{error.strerror}; skipped"))
    except OSError as error:
        problems.append(InputProblem(name, f"cannot read the file: {error.strerror or error}"))
    return None


def _decode(name: str, data: bytes, digest: str, problems: list[InputProblem]) -> SourceText | None:
    if not data.strip():
        problems.append(InputProblem(name, "empty file; skipped"))
        return None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as error:
            problems.append(InputProblem(name, f"starts like UTF-16 text but is not (byte {error.start}); skipped"))
            return None
    elif b"\x00" in data[:_BINARY_PROBE]:
        problems.append(InputProblem(name, "a binary file, not text; skipped"))
        return None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            text = _legacy(name, data, error, problems)
            if text is None:
                return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # Windows and classic Mac line ends alike
    kind = detect_format(name, text)
    if kind == "lecture-page" and len(data) > MAX_PAGE_BYTES:
        problems.append(InputProblem(
            name, f"{len(data) / 1e6:.1f} MB of plain text is too large for a lecture page "
                  f"(at most {MAX_PAGE_BYTES / 1e6:.0f} MB); skipped"))
        return None
    return SourceText(name, text, kind, digest)


def _legacy(name: str, data: bytes, error: UnicodeDecodeError, problems: list[InputProblem]) -> str | None:
    """Decode with a detected legacy encoding, saying so; None (and a problem) when none fits."""
    line = data.count(b"\n", 0, error.start) + 1
    results = list(from_bytes(data, cp_isolation=list(LEGACY_ENCODINGS)))
    if not results:
        problems.append(InputProblem(name, f"not UTF-8 text (byte {error.start}) and no other encoding fits; skipped", line))
        return None
    # several encodings often decode a short text equally well: prefer the more common one
    guess = min(results, key=lambda r: (round(r.chaos, 2), -round(r.coherence, 2), LEGACY_ENCODINGS.index(r.encoding)))
    problems.append(InputProblem(
        name, f"not UTF-8 (byte {error.start}); read as {guess.encoding}, check the text", line))
    return str(guess)
