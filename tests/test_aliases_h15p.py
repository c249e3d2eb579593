"""Round h15p: task names at corpus scale that one research problem wrote several ways stay one node.

* a long form that opens with words its acronym does not spell ("a well-known machine translation (MT)") votes
  for the acronym's plain sense, unless the corpus writes that long form on its own (open-domain QA);
* "POS tagging" and "part-of-speech tagging" are one node: a name opening with an acronym joins the name that
  spells the acronym out, when most papers of the candidates name that one;
* a sense labelled by its long form takes the spelling its mentions write most.
"""
from __future__ import annotations

from kg.aliases import learn_aliases, spelled_out_joins, spelled_part, voted_long_form
from kg.graph import build_graph
from ontology.kinds import ENTITY_KINDS
from ontology.records import DocumentRecords, EntityKind, Mention, Paper, Provenance, Relation


def _mention(paper: str, name: str, *, long_form: str | None = None, start: int = 0,
             kind: EntityKind = EntityKind.TASK) -> Mention:
    return Mention(paper_ref=paper, name=name, kind=kind, relation=Relation.USES, long_form=long_form,
                   provenance=Provenance(f"{paper}.txt", start=start, end=start + len(name),
                                         extractor="kg_entities:use+tagger", confidence=0.8, sentence=name))


def _nodes(*mentions: Mention) -> dict[str, tuple[str, list[str], list[str]]]:
    """node -> (label, alt labels, refs of the papers that mention it)."""
    refs = sorted({m.paper_ref for m in mentions})
    documents = [DocumentRecords(source=f"{ref}.txt",
                                 papers=(Paper(ref=ref, title=f"Paper {ref}", provenance=Provenance(f"{ref}.txt")),),
                                 mentions=tuple(m for m in mentions if m.paper_ref == ref)) for ref in refs]
    graph = build_graph(documents)
    return {node: (data["label"], data["alt_labels"],
                   sorted(graph.nodes[u]["title"].removeprefix("Paper ") for u, _ in graph.in_edges(node)))
            for node, data in graph.nodes(data=True) if data["kind"] in ENTITY_KINDS}


def test_the_part_of_a_long_form_an_acronym_spells():
    assert spelled_part("MT", "well-known machine translation") == "machine translation"
    assert spelled_part("ASR", "low-resource Automatic Speech Recognition") == "Automatic Speech Recognition"
    assert spelled_part("NER", "few-shot named entity recognition") == "named entity recognition"
    # whole when its initials spell the acronym, or when no end of it does (letters inside words)
    assert spelled_part("POS", "part-of-speech") == "part-of-speech"
    assert spelled_part("PPO", "Proximal Policy Optimization") == "Proximal Policy Optimization"
    assert spelled_part("RoBERTa", "Robustly optimized BERT approach") == "Robustly optimized BERT approach"
    assert spelled_part("ASR", "also provide baselines on speech recognition") == \
        "also provide baselines on speech recognition"
    assert spelled_part("MT", "translation") == "translation"


def test_a_long_form_the_corpus_writes_on_its_own_is_kept_whole():
    assert voted_long_form("QA", "open-domain question answering", {"opendomainquestionanswering"}) == \
        "open-domain question answering"
    assert voted_long_form("QA", "useful question answering", {"opendomainquestionanswering"}) == "question answering"


def test_a_modifier_the_acronym_does_not_spell_votes_for_the_plain_sense():
    definitions = [("p1", "MT", "machine translation"), ("p2", "MT", "Machine Translation"),
                   ("p3", "MT", "well-known machine translation"), ("p4", "MT", "mechanical turk")]
    table = learn_aliases(definitions)
    entry = table.entries["mt"]
    assert [(s.key, s.papers) for s in entry.senses] == [("machinetranslation", 3), ("mechanicalturk", 1)]
    assert table.group_of("mt", "p3") == "machinetranslation"
    kept = learn_aliases(definitions, named={"wellknownmachinetranslation"})
    assert kept.group_of("mt", "p3") == "wellknownmachinetranslation"


def test_the_papers_of_a_junk_long_form_join_the_acronym_node():
    nodes = _nodes(
        _mention("a", "MT", long_form="machine translation"), _mention("b", "MT", long_form="machine translation"),
        _mention("c", "MT", long_form="a well-known machine translation"), _mention("c", "MT", start=40),
        _mention("d", "MT", long_form="open-domain machine translation"),
        _mention("e", "open-domain machine translation"),
    )
    assert nodes["task/mt"][2] == ["a", "b", "c"]
    assert "machine translation" in nodes["task/mt"][1] and "a well-known machine translation" not in nodes["task/mt"][1]
    assert "task/wellknownmachinetranslation" not in nodes
    assert nodes["task/opendomainmachinetranslation"][2] == ["d", "e"]


def test_an_opening_acronym_joins_the_name_that_spells_it_out():
    names = {"postagging": ["POS tagging", "PoS tagging"], "partofspeechtagging": ["part-of-speech tagging"],
             "kbcompletion": ["KB completion"], "knowledgebasecompletion": ["knowledge base completion"],
             "argeneration": ["AR generation"], "autoregressivegeneration": ["autoregressive generation"],
             "automaticresponsegeneration": ["automatic response generation"]}
    papers = {"postagging": 5, "partofspeechtagging": 7, "kbcompletion": 1, "knowledgebasecompletion": 3,
              "argeneration": 1, "autoregressivegeneration": 4, "automaticresponsegeneration": 2}
    assert spelled_out_joins(names, papers) == [("argeneration", "automaticresponsegeneration"),
                                                ("kbcompletion", "knowledgebasecompletion"),
                                                ("postagging", "partofspeechtagging")]
    # an acronym the corpus defines joins only the name its learned sense spells out; an ambiguous one none
    assert spelled_out_joins(names, papers, {"ar": None}) == [("kbcompletion", "knowledgebasecompletion"),
                                                              ("postagging", "partofspeechtagging")]
    assert spelled_out_joins(names, papers, {"kb": "knowledge base", "pos": "point of sale"}) == [
        ("argeneration", "automaticresponsegeneration"), ("kbcompletion", "knowledgebasecompletion")]
    # a candidate one paper names is not enough; nor is a name whose own group spells the acronym out already
    assert spelled_out_joins({"kbcompletion": ["KB completion"], "knowledgebasecompletion": ["knowledge base completion"]},
                             {"kbcompletion": 9, "knowledgebasecompletion": 1}) == []
    assert spelled_out_joins({"pdt2": ["PDT 2.0", "Prague Dependency Treebank 2.0"],
                              "penndiscoursetreebank2": ["Penn Discourse Treebank 2.0"]},
                             {"pdt2": 9, "penndiscoursetreebank2": 9}) == []
    # small words may spell no letter
    assert spelled_out_joins({"aacuse": ["AAC use"], "aau": ["augmentative and alternative communication use"]},
                             {"aacuse": 1, "aau": 2}) == [("aacuse", "aau")]
    # words that are no acronym, or nothing after it
    assert spelled_out_joins({"thetagging": ["The tagging"], "tt": ["token tagging"]}, {"thetagging": 3, "tt": 3}) == []


def test_pos_tagging_and_part_of_speech_tagging_are_one_node():
    nodes = _nodes(
        _mention("a", "POS tagging"), _mention("b", "POS tagging"), _mention("c", "part-of-speech tagging"),
        _mention("d", "Part-of-Speech tagging"), _mention("e", "part-of-speech tagging"),
        _mention("f", "part-of-speech tagging"),
    )
    assert list(nodes) == ["task/partofspeechtagging"]
    label, alt, papers = nodes["task/partofspeechtagging"]
    assert (label, papers) == ("part-of-speech tagging", ["a", "b", "c", "d", "e", "f"])
    assert alt == ["POS tagging", "Part-of-Speech tagging"]


def test_a_long_form_label_takes_the_spelling_written_most():
    nodes = _nodes(
        # POST: one paper spells it one way; three papers write the task another way
        _mention("a", "POST", long_form="part-of-speech-tagging"), _mention("z", "POST", start=9),
        _mention("b", "part-of-speech tagging"), _mention("c", "part-of-speech tagging"),
        _mention("d", "part-of-speech tagging"),
    )
    assert nodes["task/partofspeechtagging"][0] == "part-of-speech tagging"
