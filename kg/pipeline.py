"""Build a knowledge graph from input files: the library entry point behind ``kg build``.

>>> result = build()                      # the bundled sample pages
>>> sorted({kind for _, kind in result.graph.nodes(data="kind")})
['dataset', 'method', 'model', 'paper', 'venue']
>>> result.problems
()
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import networkx as nx

from extractors.anthology_xml import read_anthology_xml
from extractors.bibtex import read_bibtex
from extractors.formats import detect_format
from extractors.jsonl_records import read_jsonl
from extractors.lecture_pages import read_lecture_page, repeated_blocks
from extractors.mentions import extract_mentions
from extractors.venue_facts import extract_venue_facts
from kg.graph import build_graph
from kg.records import DocumentRecords, InputProblem, Paper

__all__ = ["BuildResult", "SourceText", "build", "read_document", "sample_inputs", "read_sources", "KgError"]


class KgError(Exception):
    """A problem the user can fix (bad arguments, missing inputs); the CLI prints it."""


@dataclass(frozen=True)
class SourceText:
    """One input file's decoded text, the name facts will cite it by, and its format."""

    name: str
    text: str
    format: str | None = None  # one of extractors.formats.FORMATS; None when kg does not read it


@dataclass(frozen=True)
class BuildResult:
    """The graph, the per-document records it came from, and every input problem met."""

    graph: nx.MultiDiGraph
    documents: tuple[DocumentRecords, ...]
    problems: tuple[InputProblem, ...]

    def counts(self) -> dict[str, int]:
        """Nodes by kind and edges by relation, for summaries."""
        counts: dict[str, int] = {}
        for _, kind in self.graph.nodes(data="kind"):
            counts[kind] = counts.get(kind, 0) + 1
        for _, _, relation in self.graph.edges(keys=True):
            counts[relation] = counts.get(relation, 0) + 1
        return counts


def sample_inputs() -> list[Path]:
    """The bundled sample corpus (five Underline lecture pages)."""
    return [Path(str(resources.files("kg").joinpath("sample/underline")))]


def read_sources(paths: Iterable[Path]) -> tuple[list[SourceText], list[InputProblem]]:
    """Decode every file under ``paths`` (directories are read recursively, in sorted order)."""
    sources: list[SourceText] = []
    problems: list[InputProblem] = []
    for root in paths:
        root = Path(root)
        if root.is_dir():
            files = sorted(p for p in root.rglob("*") if p.is_file() and not p.name.startswith("."))
            named = [(f, f"{root.name}/{f.relative_to(root).as_posix()}") for f in files]
        elif root.exists():
            named = [(root, root.name)]
        else:
            problems.append(InputProblem(str(root), "no such file or directory"))
            continue
        for path, name in named:
            try:
                text = path.read_bytes().decode("utf-8-sig")
            except OSError as error:
                problems.append(InputProblem(name, f"cannot read the file: {error.strerror or error}"))
                continue
            except UnicodeDecodeError as error:
                problems.append(InputProblem(name, f"not UTF-8 text (byte {error.start}); skipped"))
                continue
            text = text.replace("\r\n", "\n")
            sources.append(SourceText(name, text, detect_format(name, text)))
    return sources, problems


def build(
    paths: Sequence[Path] | None = None,
    *,
    progress: Callable[[Iterable[SourceText]], Iterable[SourceText]] | None = None,
) -> BuildResult:
    """Read ``paths`` (default: the bundled sample) and build one merged graph.

    Bad inputs do not stop the build: each becomes an :class:`InputProblem`
    in the result, and every other file is still built.
    """
    sources, problems = read_sources(paths if paths else sample_inputs())
    if not sources and not problems:
        raise KgError("no input files found")
    repeated = repeated_blocks([s.text for s in sources if s.format == "lecture-page"])
    documents: list[DocumentRecords] = []
    for source in progress(sources) if progress else sources:
        document = read_document(source, repeated=repeated)
        problems.extend(document.problems)
        documents.append(document)
    return BuildResult(build_graph(documents), tuple(documents), tuple(problems))


def read_document(source: SourceText, *, repeated: frozenset[str] = frozenset()) -> DocumentRecords:
    """Every record of one input: read by its format's reader, then entity extraction on each abstract.

    ``repeated`` holds lecture-page blocks seen on several pages (conference boilerplate).
    """
    if source.format == "anthology-xml":
        xml = read_anthology_xml(source.text.encode("utf-8"), source=source.name)
        return _with_mentions(source, xml.papers, venues=xml.venues, curated=xml.mentions, problems=xml.problems)
    if source.format == "jsonl":
        jsonl = read_jsonl(source.text, source=source.name)
        return _with_mentions(source, jsonl.papers, problems=jsonl.problems)
    if source.format == "bibtex":
        bib = read_bibtex(source.text, source=source.name)
        return _with_mentions(source, bib.papers, problems=bib.problems)
    if source.format == "lecture-page":
        return _lecture_page_records(source, repeated)
    problem = InputProblem(source.name, "not a format kg reads (markup that is not an ACL Anthology volume); skipped", 1)
    return DocumentRecords(source=source.name, problems=(problem,))


def _with_mentions(source: SourceText, papers: Sequence[Paper], *, venues=(), curated=(), problems=()) -> DocumentRecords:
    mentions = [*curated, *extract_mentions(papers)]
    if not papers and not problems:
        problems = [InputProblem(source.name, "no papers found; skipped", 1)]
    return DocumentRecords(source=source.name, papers=tuple(papers), venues=tuple(venues),
                           mentions=tuple(mentions), problems=tuple(problems))


def _lecture_page_records(source: SourceText, repeated: frozenset[str]) -> DocumentRecords:
    page = read_lecture_page(source.text, source=source.name, repeated=repeated)
    if page.main is None and not page.listed:
        problem = InputProblem(source.name, "not a lecture page (no abstract, venue or listing found); skipped", 1)
        return DocumentRecords(source=source.name, problems=(problem,))
    venues = extract_venue_facts(page.boilerplate, source=source.name, known_venues=page.venue_labels)
    mentions = extract_mentions(page.papers, source_texts={source.name: source.text})
    return DocumentRecords(
        source=source.name,
        papers=page.papers,
        venues=tuple(venues),
        links=page.links,
        mentions=tuple(mentions),
        problems=page.problems,
    )
