"""The term counts of texts analysed in two processes (kg.similarity_term_split, round h14bl): the same bits as
counted in one, on made-up texts and the bundled sample pages' papers; a helper that cannot start, is refused work
or dies is done without."""
from __future__ import annotations

import random
import subprocess
import sys
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import numpy as np
import pytest

import kg.similarity_incremental as incremental
import kg.similarity_term_cache as term_cache
import kg.similarity_term_split as split
from kg.similarity_term_cache import TERMS_FILE, counted_terms
from kg.similarity_term_split import analysed_counts
from kg.similarity_terms import term_counts
from kg.similarity_words import Terms, chunk_counts, encoded, held_counts

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("graph", "parsing", "speech", "translation", "neural", "dialogue", "corpus", "treebank", "lexicon",
         "alignment", "question", "answering", "retrieval", "summarisation", "sentiment", "entity", "linking",
         "morphology", "tagging", "the", "of", "a", "is", "in", "la", "des", "une", "est")


def _documents(seed: int, count: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    documents = [(" ".join(rng.sample(WORDS, rng.randint(0, 5))).title() + rng.choice(["", " Café"]),
                  " ".join(rng.choices(WORDS, k=rng.randint(0, 30))) + f" rare{rng.randint(0, 5000)}")
                 for _ in range(count)]
    for row, text in ((7, ("Of the", "")), (100, ("", ""))):  # stop words only, nothing: rows without a cell
        if row < count:
            documents[row] = text
    return documents


def _same(got, want) -> None:
    counts, vocabulary = got
    want_counts, want_vocabulary = want
    assert vocabulary.tolist() == want_vocabulary.tolist()
    assert counts.shape == want_counts.shape and counts.has_sorted_indices
    for name in ("indptr", "indices", "data"):
        mine, theirs = getattr(counts, name), getattr(want_counts, name)
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name


def _serial(documents):
    return term_counts(map(Terms(), documents))


@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(split, "CHUNK", 16)  # many runs, the helper's and this process's, from a few hundred texts
    monkeypatch.setattr(split, "_cores", lambda: 2)  # a helper whatever the machine


@pytest.mark.parametrize("count", [0, 1, 16, 17, 33, 700])
def test_two_processes_count_what_one_counts(small_chunks, count):
    documents = _documents(count, count)
    _same(analysed_counts(documents, Terms(), processes=2), _serial(documents))
    _same(analysed_counts(iter(documents), Terms(), processes=1), _serial(documents))


@pytest.mark.parametrize("processes", [1, 2])
def test_the_texts_that_leave_no_term_are_returned_by_number_and_no_others(small_chunks, processes):
    documents = _documents(3, 700)  # rows 7 and 100 hold stop words only or nothing, and some drawn rows may too
    expected = {number: text for number, text in enumerate(documents) if not Terms()(text)}
    assert {7, 100} <= expected.keys() and len(expected) < 50
    empty: dict[int, tuple[str, str]] = {}
    counts, _ = analysed_counts(iter(documents), Terms(), processes=processes, empty=empty)
    assert empty == expected
    assert sorted(empty) == np.flatnonzero(np.diff(counts.indptr) == 0).tolist()
    assert all(empty[number] is documents[number] for number in empty)  # the texts given, not copies


@pytest.mark.parametrize("processes", [1, 2])
def test_counting_lets_each_text_go_once_counted(small_chunks, processes):
    """At a million synthetic papers, holding every text until the counts were done took 0.9 GB (1.8 to 2.9 GB in
    all): a text analysed long ago is held by nothing but its owner's reference when the last one is read."""
    made: list[tuple[str, str]] = []
    never_read = [(f"Title {2_000} of graph parsing", "")]  # a string held as a read text would be by its owner
    held_when_read_out: list[tuple[int, int]] = []

    def documents():
        for number in range(2_000):
            made.append((f"Title {number} of graph parsing", f"treebank {number} alignment"))  # fresh strings
            yield made[-1]
        held_when_read_out.append((sys.getrefcount(made[1_000][0]), sys.getrefcount(never_read[0][0])))

    counts, _, empty = counted_terms(documents(), Terms(), None, processes=processes)
    ((held, owned_only),) = held_when_read_out
    assert held == owned_only and counts.shape[0] == 2_000 and not empty


def test_texts_reach_the_helper_as_they_are(small_chunks):
    documents = [(f"Title {n} Café \ud800x Ünïcode", "an abstract, naïve") for n in range(160)]  # a lone surrogate
    _same(analysed_counts(documents, Terms(), processes=2), _serial(documents))


def test_the_sample_pages_papers_counted_in_two_processes_are_counted_as_in_one(small_chunks, monkeypatch):
    from kg.pipeline import build
    from kg.similarity_vectors import paper_texts

    documents = [(paper.title or "", paper.abstract or "") for paper in paper_texts(build(similarity=False).graph)
                 if paper.text.strip()]
    monkeypatch.setattr(split, "CHUNK", 4)  # 59 papers: 15 runs
    assert len(documents) >= split._FEWEST_RUNS * split.CHUNK  # a helper is started
    _same(analysed_counts(documents, Terms(), processes=2), _serial(documents))


def test_the_terms_file_and_empty_texts_are_the_same_with_a_helper(small_chunks, tmp_path):
    documents = _documents(3, 400)
    one, two = tmp_path / "one" / TERMS_FILE, tmp_path / "two" / TERMS_FILE
    one.parent.mkdir()
    two.parent.mkdir()
    serial = counted_terms(documents, Terms(), one)
    parallel = counted_terms(documents, Terms(), two, processes=2)
    _same(parallel[:2], serial[:2])
    assert parallel[2] == serial[2] and list(parallel[2]) == [7, 100]
    with np.load(one) as first, np.load(two) as second:
        assert sorted(first.files) == sorted(second.files)
        assert all(np.array_equal(first[name], second[name]) for name in first.files)
    changed = documents[:50] + _documents(4, 60) + documents[50:]  # a rebuild: the new texts only are analysed
    _same(counted_terms(changed, Terms(), two, processes=2)[:2], _serial(changed))


class _Refusing:
    """A helper whose every submission fails as a pool fails once its process has died."""

    def __init__(self, error: Exception | None = None, broken_after: int = 0) -> None:
        self.error, self.broken_after, self.submitted, self.shut = error, broken_after, 0, False

    def submit(self, function, *args):
        self.submitted += 1
        if self.error is not None:
            raise self.error
        future: Future = Future()
        if self.submitted > self.broken_after:
            future.set_exception(BrokenProcessPool("the helper died"))
        else:
            future.set_result(function(*args))
        return future

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shut = True


@pytest.mark.parametrize("helper", [None, "refuses", "dies", "dies later"])
def test_without_a_working_helper_the_runs_are_counted_here(small_chunks, monkeypatch, helper):
    made = {"refuses": _Refusing(RuntimeError("cannot schedule new futures after shutdown")),
            "dies": _Refusing(), "dies later": _Refusing(broken_after=5)}.get(helper)
    monkeypatch.setattr(split, "_helper", lambda: made)
    documents = _documents(5, 300)
    _same(analysed_counts(documents, Terms(), processes=2), _serial(documents))
    if made is not None:
        assert made.submitted >= 1 and made.shut


def test_one_process_starts_no_helper(small_chunks, monkeypatch):
    def no_helper():
        raise AssertionError("a helper was started")

    monkeypatch.setattr(split, "_helper", no_helper)
    documents = _documents(6, 200)
    _same(analysed_counts(documents, Terms(), processes=1), _serial(documents))


@pytest.mark.parametrize(("texts", "cores", "processes", "started"),
                         [(0, 2, 2, False), (7 * 16, 2, 2, False), (7 * 16 + 1, 2, 2, True), (800, 1, 2, False),
                          (800, 2, 1, False), (800, 4, 3, True)])
def test_a_helper_is_started_only_where_it_can_pay(small_chunks, monkeypatch, texts, cores, processes, started):
    """Review 43: from two runs on, a helper made 2,555 texts take 0.58 s against 0.31, and on one core it slowed
    20,000 texts (1.9 s against 1.6)."""
    made = []
    monkeypatch.setattr(split, "_cores", lambda: cores)
    monkeypatch.setattr(split, "_helper", lambda: made.append(_Refusing(broken_after=10**6)) or made[-1])
    documents = _documents(8, texts)
    _same(analysed_counts(iter(documents), Terms(), processes=processes), _serial(documents))
    assert bool(made) is started and all(helper.submitted for helper in made)


def _counted_in_a_daemon(seed: int) -> tuple[list[str], list[int], list[int], list[float]]:
    counts, vocabulary = analysed_counts(_documents(seed, 300), Terms(), processes=2)
    return vocabulary.tolist(), counts.indptr.tolist(), counts.indices.tolist(), counts.data.tolist()


def test_inside_a_daemonic_process_the_runs_are_counted_there(small_chunks):
    """A multiprocessing.Pool's worker (or Dask's) may start no process: before review 43 the helper's start
    raised AssertionError('daemonic processes are not allowed to have children')."""
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(1) as pool:  # forked: the small runs above hold in it
        vocabulary, indptr, indices, data = pool.apply(_counted_in_a_daemon, (9,))
    counts, words = _serial(_documents(9, 300))
    assert vocabulary == words.tolist() and indptr == counts.indptr.tolist()
    assert indices == counts.indices.tolist() and data == counts.data.tolist()


def test_the_helpers_vocabulary_is_kept_within_one_run_only():
    first = held_counts("run-a", Terms(), encoded([("Graph parsing", "")]))
    again = held_counts("run-a", Terms(), encoded([("Graph", "speech")]))
    other = held_counts("run-b", Terms(), encoded([("Speech", "")]))
    assert first[3] == ["graph", "parsing", "graph parsing"] and list(first[1]) == [0, 1, 2]
    assert again[3] == ["speech"] and list(again[1]) == [0, 3]  # "graph" is known: only the new term is sent
    assert other[3] == ["speech"] and list(other[1]) == [0]
    assert chunk_counts(Terms(), [("Speech", "")])[3] == ["speech"]


def test_the_helpers_module_loads_neither_numpy_nor_scipy():
    code = "import sys, kg.similarity_words; print(sorted(m for m in ('numpy', 'scipy', 'networkx') if m in sys.modules))"
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         check=False)
    assert run.stdout.strip() == "[]", run.stderr


@pytest.mark.parametrize("name", term_cache._CODE)
def test_the_terms_files_key_changes_with_the_code_that_counts(tmp_path, monkeypatch, name):
    """Before round h14bl the key digested none of these files (they were read as folders): a changed analyser
    would have reused the last build's counts."""
    for code in term_cache._CODE:
        (tmp_path / code).write_bytes((term_cache._KG / code).read_bytes())
    monkeypatch.setattr(term_cache, "_KG", tmp_path)
    before = term_cache._key()
    assert term_cache._key() == before
    (tmp_path / name).write_bytes((tmp_path / name).read_bytes() + b"\n# changed\n")
    assert term_cache._key() != before


def test_the_searchs_state_key_digests_the_code_that_counts_terms():
    assert set(term_cache._CODE) <= set(incremental._CODE)


#: kg modules loaded with the term cache that do not decide the counts: the file's layout, the weights, the helper's
#: process class.
_NOT_COUNTING = {"cache_arrays.py", "similarity_stats.py", "worker_processes.py"}


def test_the_terms_files_key_digests_every_kg_module_that_counts():
    """The test above is parametrised over _CODE itself: a module left out of it simply dropped out (review 43).
    Here every kg module that the term cache loads, or that its helper or analyser does, must be digested."""
    code = ("import sys, kg.similarity_term_cache, kg.similarity_vectors, kg.worker_processes; "
            "print(' '.join(m for m in sys.modules if m.startswith('kg.')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         check=True)
    loaded = {name.split(".", 1)[1].replace(".", "/") + ".py" for name in run.stdout.split()}
    loaded = {name for name in loaded if (term_cache._KG / name).is_file()}  # modules, not packages
    assert loaded - _NOT_COUNTING - set(term_cache._CODE) == set()


@pytest.mark.parametrize("key", [term_cache._key, lambda: incremental.state_key({"k": 5})])
def test_the_keys_digest_the_unicode_tables(monkeypatch, key):
    """words() (\\w, str.lower) follows the interpreter's Unicode database: 3.11's 14.0 finds no word in
    "\U0001E4D0\U0001E4D1\U0001E4D2", 3.12's 15.0 finds one (review 43)."""
    import unicodedata

    before = key()
    monkeypatch.setattr(unicodedata, "unidata_version", "99.0.0")
    assert key() != before


def test_a_lone_surrogate_is_digested_and_other_texts_as_before(tmp_path):
    """A str from the Python API may hold a lone surrogate (kg's readers replace them): the digests raised
    UnicodeEncodeError (review 43).  Every other text keeps its digest, so the files of earlier builds are reused."""
    from kg.similarity_vectors import PaperText

    assert term_cache._digest("Graph parsing", "We parse graphs.").hex() == "aa12c2b408519b035d8e50ef1bb4e767"
    assert term_cache._digest("Café naïve \U0001D518", "").hex() == "0719f073463fc7d7d1a24e128c68dbaf"
    prints: dict[str, bytes] = {}
    list(incremental.fingerprinted([PaperText("p", "Graph parsing", "We parse graphs.", ("method/bert",))], prints))
    assert prints["p"].hex() == "b792e70b674256d230fb271b2261807c"
    list(incremental.fingerprinted([PaperText("q", "Graph \ud800", "x")], prints))
    assert len(prints["q"]) == 16 and prints["q"] != prints["p"]
    documents = _documents(10, 40) + [("Graph \ud800parsing", "\udfff"), ("Graph \ud801parsing", "")]
    path = tmp_path / TERMS_FILE
    _same(counted_terms(documents, Terms(), path)[:2], _serial(documents))
    _same(counted_terms(documents[::-1], Terms(), path)[:2], _serial(documents[::-1]))  # read back: same counts
    assert term_cache.last_count() == (0, len(documents))
