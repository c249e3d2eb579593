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
from extractors.entities import PIPELINE_VERSION
from extractors.jsonl_records import read_jsonl
from extractors.lecture_pages import read_lecture_page, repeated_blocks
from extractors.mentions import extract_mentions
from extractors.venue_facts import extract_venue_facts
from kg.cache import DocumentCache, cache_key
from kg.execution import map_documents
from kg.graph import build_graph
from kg.similarity import add_similarity_edges
from kg.sources import SourceText, read_sources
from ontology.errors import KgError
from ontology.ids import short_hash
from ontology.records import DocumentRecords, InputProblem, ReaderRecords

__all__ = ["BuildResult", "SourceText", "build", "read_document", "sample_inputs", "read_sources", "KgError"]


@dataclass(frozen=True)
class BuildResult:
    """The graph, the per-document records it came from, and every input problem met."""

    graph: nx.MultiDiGraph
    documents: tuple[DocumentRecords, ...]
    problems: tuple[InputProblem, ...]
    extracted: tuple[str, ...] = ()  # sources extracted in this build (the others came from the cache)

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


#: Version of everything that turns a file into records; part of every cache key.
READERS_VERSION = "1"


def build(
    paths: Sequence[Path] | None = None,
    *,
    progress: Callable[[Iterable[DocumentRecords], int], Iterable[DocumentRecords]] | None = None,
    workers: int = 1,
    dask: str | None = None,
    cache_dir: Path | None = None,
    similarity: bool = True,
) -> BuildResult:
    """Read ``paths`` (default: the bundled sample) and build one merged graph.

    Bad inputs do not stop the build: each becomes an :class:`InputProblem`
    in the result, and every other file is still built.

    ``workers`` processes (or the Dask scheduler at ``dask``, "local" for a
    local cluster) extract documents in parallel; ``cache_dir`` keeps each
    document's records so that a rebuild re-extracts only changed files.
    ``progress(records, total)`` wraps the stream of extracted documents
    (for a progress bar).  However it runs, the result is the same.
    ``similarity`` adds computed ``similarTo`` edges (text and shared
    entities, see :mod:`kg.similarity`) to the links sources state.
    """
    if workers < 1:
        raise KgError(f"--workers must be at least 1, not {workers}")
    sources, problems = read_sources(paths if paths else sample_inputs())
    if not sources and not problems:
        raise KgError("no input files found")
    repeated = repeated_blocks([s.text for s in sources if s.format == "lecture-page"])
    cache = DocumentCache(cache_dir) if cache_dir else None
    keys = [_cache_key(source, repeated) for source in sources]
    documents: list[DocumentRecords | None] = [cache.get(key) if cache else None for key in keys]
    todo = [index for index, document in enumerate(documents) if document is None]
    extracted = map_documents([sources[i] for i in todo], repeated=repeated, workers=workers, dask=dask)
    for index, document in zip(todo, progress(extracted, len(todo)) if progress else extracted):
        documents[index] = document
        if cache and document.complete:
            cache.put(keys[index], document)
    if cache:
        cache.prune()
    done = [document for document in documents if document is not None]
    for document in done:
        problems.extend(document.problems)
    graph = build_graph(done)
    if similarity:
        add_similarity_edges(graph)
    return BuildResult(graph, tuple(done), tuple(problems), tuple(sources[i].name for i in todo))


def _cache_key(source: SourceText, repeated: frozenset[str]) -> str:
    parts = [source.digest, source.name, str(source.format), PIPELINE_VERSION, READERS_VERSION]
    if source.format == "lecture-page":  # boilerplate shared with other pages changes what a page yields
        parts.append(short_hash("\n".join(sorted(repeated)), 32))
    return cache_key(*parts)


def read_document(source: SourceText, *, repeated: frozenset[str] = frozenset()) -> DocumentRecords:
    """Every record of one input: read by its format's reader, then entity extraction on each abstract.

    ``repeated`` holds lecture-page blocks seen on several pages (conference
    boilerplate).  Never raises: a file kg fails on becomes a problem, so one
    bad input cannot stop a batch.
    """
    try:
        return _read_by_format(source, repeated)
    except Exception as error:  # noqa: BLE001 - the batch must go on; the message asks for a report
        problem = InputProblem(source.name, f"kg failed on this file ({type(error).__name__}: {error}); "
                                            "skipped - please report it with the file attached")
        return DocumentRecords(source=source.name, problems=(problem,), complete=False)


def _read_by_format(source: SourceText, repeated: frozenset[str]) -> DocumentRecords:
    if source.format == "anthology-xml":
        # a volume file may hold only event metadata (no papers): that is not a problem
        return _with_mentions(source, read_anthology_xml(source.text.encode("utf-8"), source=source.name),
                              may_be_empty=True)
    if source.format == "jsonl":
        return _with_mentions(source, read_jsonl(source.text, source=source.name))
    if source.format == "bibtex":
        return _with_mentions(source, read_bibtex(source.text, source=source.name))
    if source.format == "lecture-page":
        return _lecture_page_records(source, repeated)
    problem = InputProblem(source.name, "not a format kg reads (markup that is not an ACL Anthology volume); skipped", 1)
    return DocumentRecords(source=source.name, problems=(problem,))


def _with_mentions(source: SourceText, read: ReaderRecords, *, may_be_empty: bool = False) -> DocumentRecords:
    """A reader's records plus what the entity extractor finds in every abstract."""
    problems = list(read.problems)
    if not read.papers and not problems and not may_be_empty:
        problems.append(InputProblem(source.name, "no papers found; skipped", 1))
    return DocumentRecords(source=source.name, papers=tuple(read.papers), venues=tuple(read.venues),
                           mentions=(*read.mentions, *extract_mentions(read.papers)), problems=tuple(problems))


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
