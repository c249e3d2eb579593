"""Review 68 of round h16v: which links are weak for sharing only title labels (``Explainer.labels_only``)."""
from __future__ import annotations

import tracemalloc

import numpy as np
import scipy.sparse as sp

from kg.similarity_links import PaperText, link_blocks
from kg.similarity_reasons import Explainer
from kg.similarity_vectors import PaperVectors


def _flags(papers, k=1):
    blocks, _ = link_blocks(papers, k=k)
    return {(source, target): (bool(only), bool(weak)) for block in blocks
            for source, target, only, weak in zip(block.sources, block.targets, block.labels_only, block.weak)}


def test_a_link_on_a_text_token_spelt_like_a_label_term_is_not_label_only():
    """A token of an abstract may begin with ``genre_`` (``\\w`` takes "_": "genre_tag"); its column sorts among
    the label terms, and h16v's rule took a link on it for a link on title labels.  Only two label-only titles'
    rows (they have ``genre_~``, which no word has) can share only labels."""
    papers = [PaperText("paper/a", "Zorbian quaffle", "We tag tokens with genre_tag."),
              PaperText("paper/b", "Plimber dribbets", "Our annotators used genre_tag."),
              PaperText("paper/c", "Briefly Noted"), PaperText("paper/d", "Briefly Noted")]
    flags = _flags(papers)
    assert flags[("paper/a", "paper/b")][0] is False
    assert flags[("paper/c", "paper/d")] == (True, True)


def _explainer():
    columns = ("genre_erratum", "genre_zorb", "genre_~", "parsing")  # sorted: "~" after every letter
    text = PaperVectors(("p/a", "p/b", "p/c", "p/d", "p/e", "p/g"), sp.csr_matrix(np.array([
        [0.7, 0.0, 0.7, 0.0],  # a: "Erratum"
        [0.7, 0.0, 0.7, 0.0],  # b: "Errata"
        [0.0, 0.6, 0.0, 0.8],  # c: an abstract with a token "genre_zorb" and "parsing"
        [0.0, 0.0, 0.0, 1.0],  # d: "parsing"
        [0.0, 0.0, 1.0, 0.0],  # e: another label's page ("Introduction": its own term left out here)
        [0.0, 1.0, 0.0, 0.0],  # g: an abstract with only "genre_zorb"
    ], dtype=np.float32)), columns)
    entities = PaperVectors(("p/a", "p/e", "p/f"), sp.csr_matrix(np.ones((3, 1), dtype=np.float32)), ("dataset/x",))
    return Explainer(("p/a", "p/b", "p/c", "p/d", "p/e", "p/f", "p/g"), text, entities)


def test_labels_only_by_what_the_two_rows_share():
    """Labels alone: weak; labels and an entity, a topical term, nothing at all, or a paper without a text row
    (-1): not; a pair given either way round alike."""
    explainer = _explainer()
    a = np.array([0, 1, 0, 4, 0, 2, 5, 5, 1, 2, 6, 3])
    b = np.array([1, 0, 4, 0, 3, 6, 0, 1, 5, 3, 2, 1])
    assert explainer.labels_only(a, b).tolist() == [
        True,   # a-b: one label and genre_~
        True,   # b-a: the same pair the other way
        False,  # a-e: genre_~ and an entity
        False,  # e-a
        False,  # a-d: nothing shared
        False,  # c-g: only a token spelt like a label term, in two abstracts
        False,  # f-a: f has no text row, shares the entity
        False,  # f-b: f has no text row, shares nothing
        False,  # b-f
        False,  # c-d: a topical term
        False,  # g-c
        False,  # d-b
    ]
    assert explainer.labels_only(np.array([], dtype=np.int64), np.array([], dtype=np.int64)).tolist() == []


def test_labels_only_holds_no_array_of_a_number_per_cell():
    """The label-only rows are found from the one column ``genre_~``: h16v built an int64 row number and a float64
    weight per cell of the text matrix (0.27 GB for a moment on the full Anthology's 11.7 M cells)."""
    rows, per_row, width = 20_000, 50, 200_000
    columns = ("genre_erratum", "genre_~", *(f"w{i:06d}" for i in range(width - 2)))
    indices = np.sort(np.random.default_rng(0).integers(2, width, size=(rows, per_row)), axis=1)
    indices[::100, 0] = 1  # every hundredth row a label-only page's
    matrix = sp.csr_matrix((np.ones(rows * per_row, np.float32), indices.ravel().astype(np.int32),
                            np.arange(rows + 1, dtype=np.int32) * per_row), shape=(rows, width))
    papers = tuple(f"p/{i:05d}" for i in range(rows))
    explainer = Explainer(papers, PaperVectors(papers, matrix, columns), PaperVectors((), sp.csr_matrix((0, 0)), ()))
    tracemalloc.start()
    try:
        found = explainer.labels_only(np.array([0, 0, 1]), np.array([100, 1, 2]))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found.tolist() == [True, False, False]
    assert peak < 2 * matrix.nnz  # a bool per cell (1 byte), not 16 bytes


def test_the_ontology_says_what_makes_a_link_weak():
    """kg:weak's comment in ontology/kg.ttl (what an RDF reader sees) said strength below 0.25 only, after round
    h16v made label-only links weak too."""
    from pathlib import Path

    import rdflib
    from rdflib.namespace import RDFS

    ontology = rdflib.Graph().parse(Path(__file__).parents[1] / "ontology" / "kg.ttl")
    comment = str(ontology.value(rdflib.URIRef("https://w3id.org/paperkg/ontology#weak"), RDFS.comment))
    assert "below 0.25" in comment and "title labels" in comment


def test_an_incremental_search_gives_label_only_links_the_flags_of_a_full_search(tmp_path):
    """The incremental search (kg.similarity_incremental) keeps the reasons of unchanged links in its state, but
    not the label-only flag: it is worked out from the rows on every build.  A rebuild after a label page gains an
    abstract, another is added and a topical paper is removed gives the links, strengths and weak flags of a full
    search, label-only links weak at a strength above WEAK_BELOW among them."""
    from kg.similarity_incremental import STATE_FILE
    from kg.similarity_links import WEAK_BELOW, links_and_reasons

    def links(papers, state):
        found, _ = links_and_reasons([papers[key] for key in sorted(papers)], state=state, k=2)
        return [tuple(vars(link).values()) for link in found]

    titles = ["Errata", "Erratum", "Introduction", "Briefly Noted", "Briefly Noted", "Keynote address",
              "Zorbian morphology analysers for quaffle languages",
              "Zorbian morphology analysers for low-resource quaffle languages",
              "Plimber parsing of dribbet treebanks", "Plimber parsing with dribbet grammars"]
    papers = {f"paper/{i:02d}": PaperText(f"paper/{i:02d}", title) for i, title in enumerate(titles)}
    papers["paper/10"] = PaperText("paper/10", "Briefly Noted", entities=("dataset/zorbbank",))
    papers["paper/11"] = PaperText("paper/11", "Introduction", entities=("dataset/zorbbank",))
    state = tmp_path / STATE_FILE
    assert links(papers, state) == links(papers, None)
    papers["paper/02"] = PaperText("paper/02", "Introduction", "Zorbian morphology for quaffle languages.")
    papers["paper/12"] = PaperText("paper/12", "Errata")
    del papers["paper/09"]
    rebuilt = links(papers, state)
    assert rebuilt == links(papers, None)
    labels = {"paper/00", "paper/01", "paper/03", "paper/04", "paper/05", "paper/12"}
    weak_labels = [link for link in rebuilt if {link[0], link[1]} <= labels and link[4]]
    assert any(link[3] >= WEAK_BELOW for link in weak_labels)
    assert not any(link[4] for link in rebuilt if {link[0], link[1]} == {"paper/10", "paper/11"})
