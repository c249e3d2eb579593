"""The build's executor: tasks' big shared objects reach Dask workers once, results come back in order."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kg.execution import SHARED_BYTES, _shared_once, executor


class _CountingClient:
    """Stands in for a distributed.Client: records what is scattered."""

    def __init__(self) -> None:
        self.scattered: list[object] = []

    def scatter(self, value, broadcast=False):
        self.scattered.append(value)
        return ("future", len(self.scattered))


def test_a_big_object_shared_by_tasks_is_scattered_once():
    big = np.zeros(SHARED_BYTES // 8 + 1)
    small = np.zeros(3)
    client = _CountingClient()
    items = _shared_once(client, [(big, small, n) for n in range(5)])
    assert len(client.scattered) == 1 and client.scattered[0] is big
    assert all(item[0] == ("future", 1) and item[1] is small and item[2] == n for n, item in enumerate(items))


def test_the_similarity_rescoring_is_scattered_once_with_the_matrix():
    from kg.similarity_index import Rescoring

    rescoring = Rescoring(np.ones(10), np.zeros((SHARED_BYTES // 4 + 1, 1), dtype=np.float32), 0.5)
    client = _CountingClient()
    items = _shared_once(client, [(rescoring, n) for n in range(4)])
    assert client.scattered == [rescoring] and all(item[0] == ("future", 1) for item in items)


def test_objects_used_once_or_small_are_sent_as_they_are():
    client = _CountingClient()
    items = [(np.zeros(SHARED_BYTES // 8 + 1), n) for n in range(3)]  # a different big array each
    assert _shared_once(client, items) is items and client.scattered == []


@pytest.mark.parametrize("workers", [1, 2])
def test_map_keeps_the_order_of_its_items(workers):
    with executor(workers=workers) as running:
        assert running.map(abs, range(-5, 5)) == [abs(n) for n in range(-5, 5)]
        running.release_pool()
        assert running.pool is None and running.map(abs, [-1, -2]) == [1, 2]


def test_once_the_processes_are_let_go_tasks_share_the_build_s_cores_as_threads():
    import threading

    main = threading.get_ident()
    with executor(workers=2) as running:
        running.release_pool()
        assert running.map(abs, range(-50, 50)) == [abs(n) for n in range(-50, 50)]
        assert main not in set(running.map(lambda _: threading.get_ident(), range(8)))
    with executor(workers=1) as running:
        assert set(running.map(lambda _: threading.get_ident(), range(8))) == {main}


def test_extraction_runs_here_only_without_processes_or_a_cluster():
    # The build pauses the cyclic collector while records arrive only when they are extracted elsewhere.
    with executor(workers=2) as running:
        assert not running.extracts_here()  # even one source: the pipeline stays out of this process
        running.release_pool()
        assert running.extracts_here()
    with executor(workers=1) as running:
        assert running.extracts_here()


#: A lecture page of the bundled sample (its abstract's entities are found by the spaCy pipeline).
_SAMPLE_PAGE = Path(__file__).resolve().parent.parent / "kg" / "sample" / "underline" / "000_16934c490b00c391.txt"


def test_one_document_is_extracted_on_a_worker_when_there_are_workers():
    # Extracted here, the spaCy pipeline would stay in the building process for the rest of the build.
    script = (
        "from kg.execution import executor\n"
        "from kg.sources import SourceText\n"
        "from extractors import mentions\n"
        f"page = SourceText('p.txt', open({str(_SAMPLE_PAGE)!r}, encoding='utf-8').read(), 'lecture-page')\n"
        "with executor(workers=2) as running:\n"
        "    records = list(running.map_documents([page], repeated=frozenset()))\n"
        "print(len(records), mentions.default_pipeline.cache_info().currsize)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300)
    assert result.stdout.split() == ["1", "0"]
