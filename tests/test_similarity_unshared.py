"""Round h16w: a computed link whose two papers share no entity and no shown term is weak, and its reasons say what
the papers do share (frequent words, words spelled alike, or "no shared word"), never nothing."""
from __future__ import annotations

import networkx as nx

from kg.similarity import add_similarity_edges
from kg.similarity_links import WEAK_BELOW, PaperText, link_blocks, similar_links
from kg.similarity_unshared import ALIKE_SHOWN, FREQUENT_SHOWN, NO_SHARED_WORD, UNSHARED_SHOWN, unshared_reasons


def _unshared(terms) -> bool:
    return bool(terms) and all(term == NO_SHARED_WORD or term.endswith(UNSHARED_SHOWN[:2]) for term in terms)


def _papers() -> list[PaperText]:
    """Title-only pages of the shapes the full Anthology's 314 such links had: a title of corpus stop words only
    (the 1952 "Translation" page), a made-up word spelled like a word of another title ("Microsemantics"), and
    two topical pairs that share words."""
    return [PaperText("paper/a", "Translation"), PaperText("paper/b", "Machine translation"),
            PaperText("paper/c", "Zorbosemantics"), PaperText("paper/d", "Semantical quaffle systems"),
            PaperText("paper/e", "Quaffle morphology analysers for Zorbian"),
            PaperText("paper/f", "Quaffle morphology lexicons for Zorbian")]


def test_a_link_on_frequent_words_only_says_so_and_is_weak():
    """At main the link "Translation" – "Machine translation" had no shared term and no entity (the word is a corpus
    stop word, left out of the text rows; the back-off found the pair on it) at strength 0.999, not weak."""
    found = {(link.source, link.target): link for link in similar_links(_papers(), k=1)}
    link = found[("paper/a", "paper/b")]
    assert link.strength >= WEAK_BELOW and link.weak
    assert link.shared_entities == () and link.shared_terms == ("translation" + FREQUENT_SHOWN,)


def test_a_link_on_words_spelled_alike_names_them_and_is_weak():
    found = {(link.source, link.target): link for link in similar_links(_papers(), k=1)}
    link = next(link for pair, link in found.items() if "paper/c" in pair)
    assert link.weak and link.shared_entities == ()
    assert link.shared_terms and all(term.endswith(ALIKE_SHOWN) for term in link.shared_terms)
    assert link.shared_terms[0].startswith("zorbosemantics ~ semantic") or "~ zorbosemantics" in link.shared_terms[0]


def test_every_computed_link_has_reasons_and_only_unshared_ones_are_weak_for_it():
    """Never an empty pair of reasons; a link sharing a term or an entity keeps ``weak = strength < 0.25``."""
    papers = _papers() + [PaperText("paper/g", "Quaffle", entities=("dataset/zorbbank",)),
                          PaperText("paper/h", "Dialogue", entities=("dataset/zorbbank",))]
    blocks, _ = link_blocks(papers, k=2)
    seen = 0
    for block in blocks:
        for link, unshared in zip(block.links(), block.unshared.tolist()):
            seen += 1
            assert link.shared_entities or link.shared_terms
            assert unshared == _unshared(link.shared_terms) and (not unshared or not link.shared_entities)
            assert link.weak == (link.strength < WEAK_BELOW or unshared)
    assert seen


def test_unshared_reasons_order_and_fallbacks():
    """Frequent words heaviest in both first; else the most alike pairs of words, each word once; else the
    word vectors and LSA named; never empty."""
    first = ({"zorb": 0.9}, {"language": 0.2, "translation": 0.9, "model": 0.5}, ())
    second = ({"quaffle": 0.9}, {"model": 0.9, "translation": 0.6, "language": 0.1}, ())
    assert unshared_reasons(first, second) == ("translation" + FREQUENT_SHOWN, "model" + FREQUENT_SHOWN,
                                              "language" + FREQUENT_SHOWN)
    assert unshared_reasons(first, second, top=1) == ("translation" + FREQUENT_SHOWN,)
    alike = unshared_reasons(({"zorbian": 1.0, "zorbians": 0.5}, {}, ()), ({"zorbia": 1.0}, {}, ("whap",)))
    assert alike == ("zorbian ~ zorbia" + ALIKE_SHOWN,)  # "zorbians" is less alike, and "zorbia" is used once
    assert unshared_reasons(({}, {}, ("whap",)), ({"what": 1.0}, {}, ())) == ("whap ~ what" + ALIKE_SHOWN,)
    assert unshared_reasons(({}, {}, ()), ({}, {}, ())) == (NO_SHARED_WORD,) == ("no shared word",)  # review 70


def test_every_writer_reads_the_unshared_links_flag_and_reasons():
    """The edge's attributes, ``kg similar``'s rows (``--no-weak`` hides it), the RDF's ``kg:weak`` and
    ``kg:sharedTerm``, the views' ``wk`` and ``tm`` all show the one flag and reasons."""
    from exports.rdf_edges import similarity_triples
    from exports.view_details import edge_records
    from kg.analytics.similar import similar_papers

    graph = nx.MultiDiGraph()
    for paper in _papers():
        graph.add_node(paper.id, kind="paper", title=paper.title, label=paper.title)
    add_similarity_edges(graph, k=1)
    u, v, data = next((u, v, data) for u, v, key, data in graph.edges(keys=True, data=True)
                      if key == "similarTo" and {u, v} == {"paper/a", "paper/b"})
    assert data["weak"] is True and data["strength"] >= WEAK_BELOW
    assert list(data["shared_terms"]) == ["translation" + FREQUENT_SHOWN] and not data["shared_entities"]
    rows = similar_papers(graph, "paper/a", weak=True)
    assert rows["shared_terms"].tolist()[0] == ["translation" + FREQUENT_SHOWN] and rows["weak"].tolist()[0]
    assert "paper/b" not in similar_papers(graph, "paper/a", weak=False)["paper"].tolist()
    triples = similarity_triples("urn:x", v, str(data["basis"]), data["score"], data, ())
    assert [o.lexical for _, p, o in triples if str(p).endswith("sharedTerm")] == ["translation" + FREQUENT_SHOWN]
    assert [o.lexical for _, p, o in triples if str(p).endswith("#weak")] == ["true"]
    index = {node: i for i, node in enumerate(graph)}
    record = next(record for record in edge_records(graph, index, ())
                  if record["r"] == "similarTo" and record.get("tm") == ["translation" + FREQUENT_SHOWN])
    assert record.get("wk") == 1


def test_a_rebuild_with_a_state_gives_the_full_searchs_flags_and_reasons(tmp_path):
    """The search state keeps the reasons as found (empty for such a link); the flag and the reasons shown are
    worked out again from them, so a rebuild that reuses them gives what a full search gives."""
    papers = _papers()
    state = tmp_path / "similarity-state.npz"

    def run(given, path):
        blocks, _ = link_blocks(given, k=1, state=path)
        return {(link.source, link.target): (link.weak, link.shared_terms) for block in blocks
                for link in block.links()}

    run(papers, state)
    changed = [*papers[:-1], PaperText("paper/f", "Quaffle morphology lexicons for Zorbian and Plimbish")]
    again = run(changed, state)
    assert again == run(changed, None)
    assert again[("paper/a", "paper/b")] == (True, ("translation" + FREQUENT_SHOWN,))


def test_a_pair_of_frequent_words_is_shown_without_its_two_words():
    """Review 70: five links of the full build read "machine translation (frequent word)", "machine (frequent
    word)", "translation (frequent word)"; the shared terms drop the words a shown pair holds (``without_parts``),
    and so do the frequent words."""
    found = {(link.source, link.target): link for link in similar_links(
        [PaperText("paper/a", "Machine translation"), PaperText("paper/b", "Zorbic machine translation"),
         *_papers()[4:]], k=1)}
    assert found[("paper/a", "paper/b")].shared_terms == ("machine translation" + FREQUENT_SHOWN,)
    common = {"machine translation": 0.5, "machine": 0.9, "translation": 0.8, "systems": 0.1}
    assert unshared_reasons(({}, common, ()), ({}, common, ())) == ("machine translation" + FREQUENT_SHOWN,
                                                                  "systems" + FREQUENT_SHOWN)


def test_a_link_the_back_off_found_by_spelling_names_the_words_it_found_it_on():
    """Review 70: the back-off's spelled-alike step weighs character trigrams by their IDF over the reference
    vocabulary; "xyzzyq" stands for "fuzzy" there (cosine 0.36), but the plain trigram counts of the stand-in
    reasons gave 0.18, under the floor, and the link read "no shared word (close in meaning)": no word vector nor
    LSA part found it.  The reasons weigh the trigrams as the back-off does."""
    found = {(link.source, link.target): link for link in similar_links(
        [PaperText("paper/a", "Xyzzyq"), PaperText("paper/b", "Fuzzy quaffle lexicons"), *_papers()[4:]], k=1)}
    link = found[("paper/a", "paper/b")]
    assert link.weak and link.shared_terms == ("xyzzyq ~ fuzzy" + ALIKE_SHOWN,)


def test_words_alike_only_together_name_the_most_alike_pair():
    """Review 70: the back-off likens all a short paper's words at once to each reference word, so "Die Malarinseln
    und ihre Sehenswurdigkeiten" met four "tense" papers (0.22 together) though each of its words is under the floor
    alone (0.14, 0.18); the most alike pair is named, not "no shared word"."""
    first = ({"sehenswurdigkeiten": 0.7, "malarinseln": 0.7}, {}, ())
    assert unshared_reasons(first, ({"tense": 1.0}, {}, ())) == ("sehenswurdigkeiten ~ tense" + ALIKE_SHOWN,)
    assert unshared_reasons(({"homunculus": 1.0}, {}, ()), ({"monotonicity": 1.0}, {}, ())) == (NO_SHARED_WORD,)
