"""What the extraction stage holds: worker processes that start empty, and input texts let go as they are extracted
(docs/scaling.md, "Peak memory, twenty-eighth session: the extraction stage (h14aw)")."""
from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from collections.abc import Iterable, Iterator
from pathlib import Path

from kg.execution import executor
from kg.pipeline import build, read_inputs
from kg.sources import SourceText
from ontology.records import DocumentRecords

ROOT = Path(__file__).resolve().parent.parent

#: Filled in the calling process before its workers start: a forked worker would start with it filled too.
_CALLERS_OBJECTS: list[str] = []


def _holds_callers_objects(_: object) -> bool:
    """Run in a worker: whether it started with what the calling process held."""
    return bool(_CALLERS_OBJECTS)


def test_worker_processes_start_without_the_calling_process_s_objects():
    _CALLERS_OBJECTS.append("every input's text, when the build's workers start")
    try:
        with executor(workers=2) as running:
            assert running.map(_holds_callers_objects, range(4)) == [False] * 4
    finally:
        _CALLERS_OBJECTS.clear()


def _page(number: int) -> SourceText:
    return SourceText(f"p{number}.txt", f"Germany\nWe study retrieval of things {number}.\nACL 2026\nPoster\n",
                      "lecture-page")


def test_the_executor_lets_each_text_go_once_it_is_extracted():
    sources = [_page(number) for number in range(8)]  # one a chunk (8 // (2 workers * 4))
    texts = [weakref.ref(source) for source in sources]
    with executor(workers=2) as running:
        documents = running.map_documents(sources, repeated=frozenset())
        del sources
        received = [next(documents) for _ in texts]  # every record, the generator not yet exhausted
        gc.collect()
        assert [document.source for document in received] == [f"p{number}.txt" for number in range(8)]
        # the last chunks' may still be on their way out of the pool's bookkeeping
        assert [text() for text in texts[:5]] == [None] * 5


def test_a_build_on_workers_lets_each_text_go_once_it_is_extracted():
    inputs = read_inputs()  # the five sample pages
    texts = [weakref.ref(source) for source in inputs.sources]
    alive: list[bool] = []

    def progress(stream: Iterable[DocumentRecords], total: int) -> Iterator[DocumentRecords]:
        for count, document in enumerate(stream, 1):
            if count == total:
                gc.collect()
                alive.extend(text() is not None for text in texts)
            yield document

    result = build(inputs=inputs, workers=2, progress=progress, similarity=False)
    assert result.document_count == 5 and not result.problems
    assert alive[:3] == [False] * 3


def test_a_script_that_builds_on_workers_without_a_main_guard_runs_once(tmp_path):
    """The workers start as fresh interpreters that do not run the calling script again (a plain "spawn" worker
    would, and the build there would stop the script: its workers cannot start workers)."""
    script = tmp_path / "unguarded.py"
    script.write_text("from kg.pipeline import build\n"
                      "print('run'); print(build(workers=2, similarity=False).document_count)\n", "utf-8")
    done = subprocess.run([sys.executable, str(script)], check=False, capture_output=True, text=True, timeout=300,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["run", "5"]
