"""Build a knowledge graph from input files: the library entry point behind ``kg build``.

>>> result = build()                      # the bundled sample pages
>>> sorted({kind for _, kind in result.graph.nodes(data="kind")})
['dataset', 'method', 'metric', 'model', 'paper', 'task', 'venue']
>>> result.problems
()
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from itertools import chain
from pathlib import Path

import networkx as nx

from extractors.lecture_pages import repeated_blocks
from extractors.pipeline_version import PIPELINE_VERSION
from extractors.readers import LECTURE_PAGE
from kg.cache import DocumentCache, cache_key
from kg.document_summary import SUMMARY_FOLDER, SummaryStore
from kg.execution import executor, read_document
from kg.graph import build_graph
from kg.paper_keys import PaperKeyMemo, TextKeys
from kg.similarity import add_similarity_edges
from kg.similarity_incremental import STATE_FILE as SIMILARITY_STATE
from kg.sources import SourceText, read_sources
from ontology.errors import KgError
from ontology.ids import short_hash
from ontology.records import DocumentRecords, InputProblem
from ontology.records_data import RecordsDataError, with_shared_strings
from ontology.util.memory import collected_in_steps, paused_gc, return_free_memory

__all__ = ["BuildResult", "Inputs", "KgError", "SourceText", "build", "input_keys", "read_document", "read_inputs",
           "read_sources", "sample_inputs"]


@dataclass(frozen=True)
class BuildResult:
    """The graph, the per-document records it came from, and every input problem met."""

    graph: nx.MultiDiGraph
    documents: tuple[DocumentRecords, ...]
    problems: tuple[InputProblem, ...]
    extracted: tuple[str, ...] = ()  # sources extracted in this build (the others came from the cache)
    warnings: tuple[str, ...] = ()  # problems of the build itself (an unusable cache entry), not of its inputs
    document_count: int = -1  # documents built (``documents`` is empty when they were not kept); -1: len(documents)
    input_keys: tuple[str, ...] = ()  # every source's key, in the order read (see :func:`input_keys`)
    incomplete: tuple[str, ...] = ()  # sources kg failed on part-way (never cached: extracted again next time)

    def __post_init__(self) -> None:
        if self.document_count < 0:
            object.__setattr__(self, "document_count", len(self.documents))

    def counts(self) -> dict[str, int]:
        """Nodes by kind and edges by relation, for summaries: each name where it first comes, kinds first.

        Counted in C (:class:`collections.Counter`) from the adjacency's own dicts, whose keys are the
        relations, in the order ``graph.edges`` gives them: no edge view per edge (the full Anthology's
        900,000 edges took 1.1 s through ``graph.edges(keys=True)``).

        >>> g = nx.MultiDiGraph()
        >>> _ = g.add_edge("paper/a", "venue/v", key="presentedAt")
        >>> g.nodes["paper/a"]["kind"], g.nodes["venue/v"]["kind"] = "paper", "venue"
        >>> BuildResult(g, (), ()).counts()
        {'paper': 1, 'venue': 1, 'presentedAt': 1}

        A kind and a relation spelled alike share one count, as they always have in this summary.
        """
        counts = Counter(kind for _, kind in self.graph.nodes(data="kind"))
        counts.update(chain.from_iterable(keyed for targets in self.graph._succ.values() for keyed in targets.values()))
        return dict(counts)


@dataclass
class Inputs:
    """What :func:`read_inputs` read: the usable sources, the problems of the other files, the lecture pages'
    shared boilerplate and each source's key (:func:`input_keys`), for one :func:`build` to take."""

    sources: list[SourceText]
    problems: tuple[InputProblem, ...]
    repeated: frozenset[str]
    keys: tuple[str, ...]

    def take_sources(self) -> list[SourceText]:
        """The sources, handed over once: this object keeps none of them after, so that :func:`build` can let
        the texts of cached documents go while its caller still holds the keys.

        >>> inputs = read_inputs()
        >>> len(inputs.take_sources()), inputs.take_sources()
        (5, [])
        """
        sources, self.sources = self.sources, []
        return sources


def sample_inputs() -> list[Path]:
    """The bundled sample corpus (five Underline lecture pages)."""
    return [Path(str(resources.files("kg").joinpath("sample/underline")))]


#: Version of everything that turns a file into records; part of every cache key.  13: "Join us in PLACE";
#: 12: venue facts about a
#: page's venue label of any shape ("Interspeech 2028 will be held in ..."); 11: "- " lines are no
#: markup; 10: keywords with digits;
#: 9: code links written
#: without "https://" or inside LaTeX's url command; 8: listed titles and
#: abstracts of more shapes (a full stop after "NAME: …", a venue label's shape, one-sentence abstracts, inline
#: links and tags); 7: a page without an
#: abstract of its own keeps its title; 6: the page's own abstract in paragraphs, no-break spaces in its
#: country line; 5: venue lines of any
#: shape ("*SEM 2025", "WMT25") and pages cut off after an abstract; 4: a bare carriage return ends a line;
#: 3: lecture-page listings anchored on "Next from", one-word venue series (2: pylatexenc, booktitle venues,
#: JSONL ids).
READERS_VERSION = "13"
#: Versions of one format's reader alone, on top of ``READERS_VERSION``, so that a change only that reader makes
#: reads again only that format's files (a new lecture-page rule leaves the cached Anthology volumes as they are).
#: lecture-page 20: without "Next from", a first listed title written as sentences ("Eeny, meeny, miny, moe. How to
#: choose data …") opens the listing, the only listed paper keeps a title written as a sentence; ISO date ranges
#: ("2025-11-05 to 2025-11-09"); 19: a venue's date range with a weekday or "the" before each end ("Tuesday, July 2 –
#: Sunday, July 7, 2026", "from the 5th to the 9th of November 2025"); a place after a named site ("held at the X
#: Center, Vancouver, BC, Canada"), in a header ("ACL 2026 | San Diego, California | July 2–7, 2026", "Location: …",
#: "Dates: …") or after "coming to", "seeing you in"; 18: without "Next from", the listing may open with an abstract
#: that asks its subjects a question ("Would you share …?") and with a title ending in a full stop or shaped as a venue
#: label; 17: on a hard-wrapped page without blank lines, a title of two lines or one asking a question keeps apart from
#: the abstract after it, an abstract ending in a link from its title, "poster" from a long title; 16: pages
#: hard-wrapped and without blank lines; 15: titles written as sentences where the layout puts one; 14: an abstract the
#: listing is known to hold may address the reader; 13: a listed abstract addressing the reader once; 12: titles opening
#: with a guillemet or a pictograph; 11: weekdays written out in a date line ("Wednesday, June 4, 2027"); 10: a
#: speaker's biography under their name opens no listing; 9: two short lines ("Poster", "June 4, 2027") between a listed
#: abstract and its title; 8: an "Abstract" heading or opening word, a presentation type or the talk's date between the
#: venue line and the title; 7: "Similar lectures" may list several titles; 6: a page without blank lines has a block
#: per line; 5: a hard-wrapped page (lines cut at one width) is read unwrapped; 4: a venue's dates written without a
#: year ("NAACL 2027 runs June 3-5") take the year of the sentence's venue label; 3: "Next from" and "Similar lecture"
#: as Markdown headings, in bold or in any case; 2: "Dr." ends no sentence in a title, a warning when the line after the
#: venue line is no title; 1: listed titles in title case ending in a full stop, "NAME: A Demonstration", long listed
#: abstracts without their full stop.
FORMAT_READER_VERSIONS: dict[str, str] = {LECTURE_PAGE: "20"}


def build(
    paths: Sequence[Path] | None = None,
    *,
    progress: Callable[[Iterable[DocumentRecords], int], Iterable[DocumentRecords]] | None = None,
    workers: int = 1,
    dask: str | None = None,
    cache_dir: Path | None = None,
    similarity: bool = True,
    similar_k: int = 5,
    exclude: Sequence[Path] = (),
    keep_documents: bool = True,
    inputs: Inputs | None = None,
) -> BuildResult:
    """Read ``paths`` (default: the bundled sample) and build one merged graph.

    Bad inputs do not stop the build: each becomes an :class:`InputProblem`
    in the result, and every other file is still built.

    ``workers`` processes (or the Dask scheduler at ``dask``, "local" for a
    local cluster) extract documents in parallel; on a Dask cluster the
    similarity search's block tasks run there too.  ``cache_dir`` keeps each
    document's records so that a rebuild re-extracts only changed files.
    ``progress(records, total)`` wraps the stream of extracted documents
    (for a progress bar).  However it runs, the result is the same.
    ``similarity`` adds computed ``similarTo`` edges (text and shared
    entities, see :mod:`kg.similarity`) to the links sources state: each
    paper's ``similar_k`` nearest papers.
    Nothing under ``exclude`` (the output folder) is read as input.
    ``keep_documents=False`` lets the records go as the graph is built
    (``documents`` is then empty): on a large corpus they hold as much
    memory as the graph, and assembly lets each part go after its last use
    (``build_graph(consume=True)``) instead of holding them all beside it.
    ``inputs``, where the caller has read them already (:func:`read_inputs`, for the keys of ``kg build``'s
    "nothing changed" check), are built instead of reading ``paths`` and ``exclude`` again; the build takes
    their sources (:meth:`Inputs.take_sources`).
    """
    if workers < 1:
        raise KgError(f"--workers must be at least 1, not {workers}")
    if similar_k < 1:
        raise KgError(f"--similar-k must be at least 1, not {similar_k}")
    if inputs is None:
        inputs = read_inputs(paths, exclude=exclude)
    sources, problems, repeated, keys = inputs.take_sources(), list(inputs.problems), inputs.repeated, inputs.keys
    cache = DocumentCache(cache_dir) if cache_dir else None
    with paused_gc():  # decoded records hold no reference cycles (see _records_arriving)
        documents: list[DocumentRecords | None] = [cache.get(key) if cache else None for key in keys]
    todo = [index for index, document in enumerate(documents) if document is None]
    pending = [sources[i] for i in todo]
    del sources  # the texts of cached documents are not needed again (a whole corpus's worth when it is cached)
    extracted_names = tuple(source.name for source in pending)
    with executor(workers=workers, dask=dask) as running:
        here = running.extracts_here()
        extracted = running.map_documents(pending, repeated=repeated)
        del pending  # on workers each text goes once it is extracted (Executor.map_documents)
        with _records_arriving(here=here) as arrived:
            for index, document in zip(todo, progress(extracted, len(todo)) if progress else extracted):
                documents[index] = document = _compact(document)
                if cache and document.complete:
                    cache.put(keys[index], document)
                arrived()
        del extracted  # and, extracted here, the texts of the documents just extracted
        running.release_pool()
        if cache:
            cache.prune()
        done = [document for document in documents if document is not None]
        for document in done:
            problems.extend(document.problems)
        incomplete = tuple(document.source for document in done if not document.complete)
        # The input texts went above: glibc keeps their freed heap under the records and the graph (assembly's
        # objects come from Python's own arenas) unless it is given back (0.1 GB on the full Anthology).
        return_free_memory()
        text_keys = _text_keys(cache, keys, documents)
        _note_summaries(cache, keys, documents, text_keys)
        count, kept = len(done), tuple(done) if keep_documents else ()
        document = None  # the loops' last one
        del documents  # without keep_documents, ``done`` holds the only references to the records: ...
        with paused_gc():  # the graph's millions of objects and the search's arrays make no garbage cycles
            # ... assembly takes them, letting each part go after its last use (h14be: not beside the whole graph)
            graph = build_graph(done, text_keys=text_keys, consume=not keep_documents)
            del done, text_keys
            return_free_memory()  # and what assembly dropped, not carried through the similarity search
            if similarity:  # on a Dask cluster the search's block tasks run on its workers
                add_similarity_edges(graph, k=similar_k, map=running.map,  # a rebuild searches what changes reach
                                     state=cache.folder / SIMILARITY_STATE if cache and cache.usable else None,
                                     processes=workers if dask is None else 1)  # the extraction's cores
    return BuildResult(graph, kept, tuple(problems), extracted_names,
                       tuple(cache.warnings) if cache else (), document_count=count, input_keys=tuple(keys),
                       incomplete=incomplete)


def _text_keys(cache: DocumentCache | None, keys: Sequence[str],
               documents: Sequence[DocumentRecords | None]) -> dict[int, TextKeys] | None:
    """Every paper's title and abstract keys, for :func:`~kg.graph.build_graph`: read back from the memo beside
    the cache where the last build noted them (:class:`~kg.paper_keys.PaperKeyMemo`: 0.8 CPU s of normalised
    abstracts on the full Anthology), else computed; this build's are noted for the next.  None without a cache.
    """
    if cache is None or not cache.usable:
        return None
    memo = PaperKeyMemo.read(cache.folder)
    found = memo.keys_of((key if document.complete else None, document)  # what is not cached is not noted
                         for key, document in zip(keys, documents) if document is not None)
    try:
        memo.write(cache.folder)
    except OSError:  # only a memo: the next build computes the keys
        pass
    return found


def _note_summaries(cache: DocumentCache | None, keys: Sequence[str], documents: Sequence[DocumentRecords | None],
                    texts: dict[int, TextKeys] | None) -> None:
    """Keep each cached document's summary beside the cache (:mod:`kg.document_summary`, the columns the decision
    tables read), written the first time the document is extracted or read back, and drop those of documents this
    build no longer has.  Only a summary: a folder it cannot write leaves the build as it is."""
    if cache is None or not cache.usable:
        return
    store = SummaryStore(cache.folder / SUMMARY_FOLDER)
    try:
        store.note(((key, document) for key, document in zip(keys, documents)
                    if document is not None and document.complete), texts)  # what is not cached is not noted
        store.prune(keys)
    except OSError:
        pass


@contextmanager
def _records_arriving(*, here: bool) -> Iterator[Callable[[], None]]:
    """The cyclic collector while extracted records arrive: paused, unless extraction runs in this process.

    Yields ``arrived``, to call after each document.  When the records come
    from worker processes or a Dask cluster, this process only decodes and
    caches them, which makes no reference cycles, yet the collector's full
    passes would walk every record received so far each time the heap grew
    by a quarter: on the full Anthology 12–28 s of the main process's CPU
    during extraction, taken from the two workers' cores
    (docs/scaling.md, "Where the build's time goes").  ``arrived`` is
    :func:`ontology.util.memory.collected_in_steps`' step: what the last
    document left is collected young, and a cycle that outlives its own
    document's pass (a Dask client's callbacks) a little later.  Extraction
    in this process (spaCy's objects) keeps the collector as it was.

    >>> import gc
    >>> with _records_arriving(here=False) as arrived:
    ...     gc.isenabled()
    False
    >>> gc.isenabled()
    True
    """
    if here:
        yield lambda: None
        return
    with collected_in_steps() as arrived:
        yield arrived


def input_keys(paths: Sequence[Path] | None = None, *,
               exclude: Sequence[Path] = ()) -> tuple[tuple[str, ...], tuple[InputProblem, ...]]:
    """What :func:`build` would read from ``paths``: each document's key, in order, and the files it cannot read.

    A key names a document's bytes, its name, its format and the version
    of the code that turns it into records (:attr:`BuildResult.input_keys`
    holds those of a build).  The same keys with the same options and the
    same code give the same graph, so ``kg build`` can tell that nothing
    changed since its last build (:mod:`kg.build_state`) without extracting.

    >>> keys, problems = input_keys()  # the bundled sample pages
    >>> len(keys), problems
    (5, ())
    """
    inputs = read_inputs(paths, exclude=exclude)
    return inputs.keys, inputs.problems


def read_inputs(paths: Sequence[Path] | None = None, *, exclude: Sequence[Path] = ()) -> Inputs:
    """Read ``paths`` (default: the bundled sample) as :func:`build` does: the sources with their keys
    (:func:`input_keys`) and the problems of the files it cannot read; ``build(inputs=...)`` then builds
    them without reading them again.

    >>> inputs = read_inputs()
    >>> inputs.keys == input_keys()[0], len(inputs.sources)
    (True, 5)
    """
    sources, problems, repeated, keys = _read_inputs(paths, exclude)
    return Inputs(sources, tuple(problems), repeated, tuple(keys))


def _read_inputs(paths: Sequence[Path] | None,
                 exclude: Sequence[Path]) -> tuple[list[SourceText], list[InputProblem], frozenset[str], list[str]]:
    """The usable sources under ``paths``, the problems of the others, the pages' shared boilerplate, the keys."""
    sources, problems = read_sources(paths if paths else sample_inputs(), exclude=exclude)
    if not sources and not problems:
        raise KgError("no input files found")
    repeated = repeated_blocks([s.text for s in sources if s.format == LECTURE_PAGE])
    return sources, problems, repeated, [_cache_key(source, repeated) for source in sources]


def _compact(document: DocumentRecords) -> DocumentRecords:
    """``document`` as compact as records read back from the cache (one string per short text).

    Records the cache's checked decoder refuses (a reader's bug: a value of
    the wrong type) are built as they are, with a problem that says so, and
    marked incomplete so that they are not cached (the entry could not be
    read back): the rest of the build goes on.
    """
    try:
        return with_shared_strings(document)
    except RecordsDataError as error:
        problem = InputProblem(document.source, f"kg made records it cannot cache ({error}); built as they are, "
                                                "extracted again next time — please report this")
        return dataclasses.replace(document, problems=(*document.problems, problem), complete=False)


def _cache_key(source: SourceText, repeated: frozenset[str]) -> str:
    parts = [source.digest, source.name, str(source.format), PIPELINE_VERSION, READERS_VERSION]
    if format_version := FORMAT_READER_VERSIONS.get(str(source.format)):
        parts.append(format_version)
    if source.format == LECTURE_PAGE:  # boilerplate shared with other pages changes what a page yields
        parts.append(short_hash("\n".join(sorted(repeated)), 32))
    return cache_key(*parts)
