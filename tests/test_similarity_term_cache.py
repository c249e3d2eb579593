"""The term counts kept between builds (kg.similarity_term_cache): a rebuild counts what a fresh build counts."""
from __future__ import annotations

import random

import numpy as np
import pytest

import kg.similarity_term_cache as term_cache
from kg.similarity_term_cache import TERMS_FILE, counted_terms, last_count
from kg.similarity_terms import term_counts
from kg.similarity_vectors import PaperText, _Terms, text_rows

WORDS = ("graph parsing speech translation neural dialogue corpus treebank lexicon alignment question answering "
         "retrieval summarisation sentiment entity linking morphology tagging the of a is in").split()


def _documents(seed: int, count: int) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(" ".join(rng.sample(WORDS, rng.randint(1, 5))).title(), " ".join(rng.choices(WORDS, k=rng.randint(0, 30))))
            for _ in range(count)]


def _fresh(documents):
    analyse = _Terms()
    analysed = [analyse(document) for document in documents]
    counts, vocabulary = term_counts(analysed)
    return counts, vocabulary, {row: document for row, (document, terms) in enumerate(zip(documents, analysed))
                                if not terms}


def _same(got, expected) -> None:
    counts, vocabulary, empty = got
    want_counts, want_vocabulary, want_empty = expected
    assert vocabulary.tolist() == want_vocabulary.tolist()
    assert counts.shape == want_counts.shape
    assert np.array_equal(counts.indptr, want_counts.indptr) and np.array_equal(counts.indices, want_counts.indices)
    assert counts.data.dtype == np.float32 and np.array_equal(counts.data, want_counts.data)
    assert empty == want_empty


@pytest.mark.parametrize("edit", ["add", "change", "remove", "reorder", "none"])
def test_counts_taken_from_the_file_are_those_of_counting_everything(tmp_path, edit):
    path = tmp_path / TERMS_FILE
    documents = _documents(1, 300) + [("What is in a name?", "")]  # a text of stop words only
    counted_terms(documents, _Terms(), path)
    assert last_count() == (len(documents), 0) and path.is_file()
    if edit == "add":
        documents = documents + _documents(2, 7)
    elif edit == "change":
        documents[5] = ("Zzyzx morphology", "an unheard-of word: qqxyzzy")
    elif edit == "remove":
        documents = documents[:100] + documents[140:]  # words only these papers had leave the vocabulary
    elif edit == "reorder":
        documents = list(reversed(documents))
    written = path.stat().st_ino
    got = counted_terms(documents, _Terms(), path)
    _same(got, _fresh(documents))
    assert (path.stat().st_ino == written) == (edit == "none")  # the same texts in order: the file is not rewritten
    analysed, reused = last_count()
    assert analysed + reused == len(documents)
    assert analysed == {"add": 7, "change": 1, "remove": 0, "reorder": 0, "none": 0}[edit]


def test_without_a_file_every_text_is_counted_and_nothing_is_kept(tmp_path):
    documents = _documents(3, 50)
    _same(counted_terms(documents, _Terms(), None), _fresh(documents))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("damage", ["truncated", "flipped", "garbage", "other code"])
def test_a_damaged_or_foreign_file_means_counting_everything(tmp_path, monkeypatch, damage):
    path = tmp_path / TERMS_FILE
    documents = _documents(4, 80)
    counted_terms(documents, _Terms(), path)
    data = path.read_bytes()
    if damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped":  # a byte of the counts changed: the checksum no longer matches
        at = data.rindex(b"\x00\x00\x80\x3f")  # a count of 1.0
        path.write_bytes(data[:at] + b"\x00\x00\x00\x40" + data[at + 4:])
    elif damage == "garbage":
        path.write_bytes(b"not an npz file")
    else:
        monkeypatch.setattr(term_cache, "_key", lambda: "made by another kg")
    _same(counted_terms(documents, _Terms(), path), _fresh(documents))
    assert last_count() == (len(documents), 0)


def test_no_file_is_kept_past_the_papers_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(term_cache, "MOST_PAPERS", 10)
    path = tmp_path / TERMS_FILE
    counted_terms(_documents(5, 10), _Terms(), path)
    assert path.is_file()
    counted_terms(_documents(5, 11), _Terms(), path)
    assert not path.exists()  # the smaller corpus's counts are let go


def test_text_rows_are_the_same_bits_from_kept_counts(tmp_path):
    rng = random.Random(6)
    papers = [PaperText(f"paper/{i:03d}", " ".join(rng.sample(WORDS, 4)), " ".join(rng.choices(WORDS, k=20)))
              for i in range(120)]
    path = tmp_path / TERMS_FILE
    text_rows(papers, terms_file=path)
    papers[3] = PaperText("paper/003", "Entity linking for morphology", "")
    papers.append(PaperText("paper/new", "Of the", "is a"))  # stop words only: the back-off's bare words
    again = text_rows(papers, terms_file=path)
    assert last_count() == (2, 119)  # the changed paper and the new one
    fresh = text_rows(papers)
    assert again.papers == fresh.papers and again.columns == fresh.columns
    assert (again.matrix != fresh.matrix).nnz == 0 and again.matrix.dtype == fresh.matrix.dtype
    assert again.backoff.bare == fresh.backoff.bare and again.backoff.bare
    assert np.array_equal(again.backoff.full_norm, fresh.backoff.full_norm)


def test_counts_are_kept_up_to_the_papers_the_search_keeps_a_state_for():
    from kg.similarity_index import EXACT_LIMIT

    assert term_cache.MOST_PAPERS == EXACT_LIMIT


@pytest.mark.parametrize("seed", range(6))
def test_a_rebuild_puts_new_terms_in_their_places_as_sorting_them_all_would(tmp_path, seed):
    """The kept vocabulary and a text's new words (some before, between and after every kept word, some known,
    some kept words no longer used) merge into the vocabulary counting everything makes (``_union``)."""
    rng = random.Random(seed)
    words = sorted({"".join(rng.choices("abcdefgh", k=rng.randint(1, 4))) for _ in range(120)})
    kept = np.array(sorted(rng.sample(words, rng.randint(0, len(words)))), dtype=object)
    added = np.array(sorted(rng.sample(words, rng.randint(0, 25))), dtype=object)
    union, first, second = term_cache._union(kept, added)
    assert union.dtype == object and union.tolist() == np.unique(np.concatenate([kept, added])).tolist()
    assert first.tolist() == np.searchsorted(union, kept).tolist() and union[first].tolist() == kept.tolist()
    assert second.tolist() == np.searchsorted(union, added).tolist() and union[second].tolist() == added.tolist()
    documents = [(" ".join(rng.sample(words, 3)), " ".join(rng.choices(words, k=9))) for _ in range(40)]
    path = tmp_path / TERMS_FILE
    counted_terms(documents, _Terms(), path)
    documents = documents[5:] + [(" ".join(rng.sample(words, 2)) + " zzzz", "aaaa " + " ".join(rng.choices(words, k=5)))]
    _same(counted_terms(documents, _Terms(), path), _fresh(documents))


class _Held(list):
    """A list of terms that can be watched (``weakref``): whether anything still holds it."""


@pytest.mark.parametrize("cached", [False, True])
def test_each_texts_terms_are_let_go_once_counted(tmp_path, cached):
    """The analysed texts are counted as they come, not held together until the end (0.3 GB of short strings on
    the full Anthology, whose arenas the vocabulary's strings then kept)."""
    import weakref

    path = tmp_path / TERMS_FILE
    documents = _documents(3, 200)
    if cached:  # half the texts come from the file, the others are analysed
        counted_terms(documents[::2], _Terms(), path)
    alive: list[weakref.ref] = []
    most = 0
    terms_of = _Terms()

    def analyse(document):
        nonlocal most
        most = max(most, sum(ref() is not None for ref in alive))
        held = _Held(terms_of(document))
        alive.append(weakref.ref(held))
        return held

    got = counted_terms(documents, analyse, path)
    _same(got, _fresh(documents))
    assert len(alive) == (100 if cached else 200)
    assert most <= 1


def _recounted_after_the_code_changed(documents, analysed_before, before, tmp_path, monkeypatch):
    """Count ``documents`` twice with the term cache's code read from the folder ``before`` (the second time all
    reused), then with the real code: all must be counted again, and the counts are a fresh count's; the counts."""
    path = tmp_path / TERMS_FILE
    real = term_cache._KG
    monkeypatch.setattr(term_cache, "_KG", before)
    counted_terms(documents, analysed_before, path)
    counted_terms(documents, analysed_before, path)
    assert last_count() == (0, len(documents))  # same code: reused
    monkeypatch.setattr(term_cache, "_KG", real)
    got = counted_terms(documents, _Terms(), path)
    _same(got, _fresh(documents))
    assert last_count() == (len(documents), 0)  # the code changed: all counted again
    return got


@pytest.mark.parametrize(("before_labels", "labelled"), [
    ('r"\\b(?:book reviews?)\\b"', [("Book Reviews: Zorbian Morphology", ""), ("Briefly Noted", ""),
                                     ("Dialogue Acts in Tutorial Dialogue", "We tag the acts.")]),
    # round h16u: the labels it adds, under review 59's list (which had "briefly noted" but not these)
    ('r"\\b(?:book[\\s-]+reviews?|briefly[\\s-]+noted|pr[eé]faces?)\\b"',
     [("Publications Received", ""), ("Briefly Noted/Publications Received", ""), ("Préface [Editorial]", ""),
      ("Last Words: Zorbian Morphology", ""), ("Advertisements", "")]),
])
def test_counts_made_before_the_title_words_changed_are_not_reused(tmp_path, monkeypatch, before_labels, labelled):
    """Review 59: the genre words of titles (kg.similarity_words.TITLE_GENRE) change the terms of texts whose digest
    does not change, so a file made by the code before must be counted again, not reused: its key covers
    similarity_words.py (as the search state's does).  Round h16u's labels ("Publications Received", ...) too."""
    from pathlib import Path

    import kg.similarity_incremental as incremental
    from kg.similarity_words import words

    assert "similarity_words.py" in term_cache._CODE and "similarity_words.py" in incremental._CODE
    before = tmp_path / "kg_before"
    before.mkdir()
    for name in term_cache._CODE:
        text = (Path(term_cache.__file__).parent / name).read_text(encoding="utf-8")
        if name == "similarity_words.py":  # the code before: another genre pattern (round h16t's, say)
            before_pattern = f"TITLE_GENRE = re.compile({before_labels})\n_NEW = ("
            text = text.replace("TITLE_GENRE = re.compile(", before_pattern)
            assert "_NEW = (" in text
        (before / name).write_text(text, encoding="utf-8")

    def analysed_before(document):  # the old analyser: the title's words as they are
        title, abstract = document
        return words(f"{title} {abstract}")

    _recounted_after_the_code_changed([*labelled, *_documents(8, 30)], analysed_before, before, tmp_path,
                                      monkeypatch)


def test_counts_made_before_a_labels_two_spellings_were_one_term_are_not_reused(tmp_path, monkeypatch):
    """Round h16v: a label-only title's term is spelt in the singular where the pattern knows both spellings
    ("Guidelines for Submissions" is ``genre_guidelines_for_submission``), a change in similarity_words.py alone:
    a term file made by the code before (a term for each spelling) is counted again, with the fresh counts."""
    from pathlib import Path

    from kg.similarity_words import LABEL_TERM, words

    before = tmp_path / "kg_before"
    before.mkdir()
    for name in term_cache._CODE:
        text = (Path(term_cache.__file__).parent / name).read_text(encoding="utf-8")
        if name == "similarity_words.py":  # the code before: the label's words as the title spells them
            old = "labels = (label_term(label.group(0)) for label"
            assert old in text
            text = text.replace(old, 'labels = ("_".join(["genre", *words(label.group(0))]) for label')
        (before / name).write_text(text, encoding="utf-8")

    def analysed_before(document):  # the old analyser's terms of a label-only title
        title, abstract = document
        return [LABEL_TERM + "_".join(words(title)), LABEL_TERM + "~"] if not abstract else words(abstract)

    documents = [("Guidelines for Submission", ""), ("Guidelines for Submissions", ""), ("Letters to the Editor", ""),
                 *_documents(9, 20)]
    got = _recounted_after_the_code_changed(documents, analysed_before, before, tmp_path, monkeypatch)
    assert "genre_guidelines_for_submission" in got[1].tolist()
    assert "genre_guidelines_for_submissions" not in got[1].tolist()
