"""A made-up six-paper graph for the examples and tests of :mod:`kg.analytics` (and :mod:`kg.report`)."""
from __future__ import annotations

import networkx as nx

__all__ = ["toy_graph"]


def toy_graph(*, tasks: bool = False) -> nx.MultiDiGraph:
    """A made-up graph of six papers at two venues, with datasets and methods, for examples and tests.

    ======  ==========  ====================================  ==========================
    paper   venue       uses                                  proposes
    ======  ==========  ====================================  ==========================
    p1      ACL 2019    SQuAD, BERT
    p2      ACL 2019    SQuAD, BERT
    p3      EMNLP 2020  MNLI, GLUE, BERT
    p4      EMNLP 2020  MNLI, GLUE                            BERT
    p5      EMNLP 2020  WMT14, Transformer
    p6      ACL 2019    WMT14, Transformer, SQuAD
    ======  ==========  ====================================  ==========================

    plus a made-up dataset no paper uses, and one source ``similarTo`` link p1 → p2.

    With ``tasks=True`` the papers also address tasks and evaluate with metrics:

    ======  ===================================================  ==================
    paper   tasks                                                metrics
    ======  ===================================================  ==================
    p1      question answering                                   F1, exact match
    p2      question answering                                   F1
    p3      natural language inference                           accuracy
    p4      natural language inference                           accuracy
    p5      machine translation                                  BLEU
    p6      machine translation, question answering;             BLEU
            proposes low-resource machine translation
    ======  ===================================================  ==================

    Parameters
    ----------
    tasks : bool
        Add the task and metric nodes and their edges.

    Returns
    -------
    networkx.MultiDiGraph
        A new graph each call, shaped as docs/graph-model.md describes.

    Examples
    --------
    >>> sorted(toy_graph().nodes["paper/p1"])[:4]
    ['abstract', 'kind', 'label', 'sources']
    >>> sorted(kind for _, kind in toy_graph(tasks=True).nodes(data="kind") if kind in ("task", "metric"))
    ['metric', 'metric', 'metric', 'metric', 'task', 'task', 'task', 'task']
    """
    graph = nx.MultiDiGraph()
    venues = {"ACL 2019": ("ACL", 2019), "EMNLP 2020": ("EMNLP", 2020)}
    for name, (series, year) in venues.items():
        graph.add_node(f"venue/{name.lower().replace(' ', '-')}", kind="venue", label=name, name=name,
                       series=series, year=year, sources=["toy"])
    papers = {
        "p1": ("Reading comprehension with BERT", "ACL 2019", "We fine-tune BERT for reading comprehension."),
        "p2": ("Question answering at scale", "ACL 2019", "Open question answering over reading comprehension."),
        "p3": ("Natural language inference with BERT", "EMNLP 2020", "Entailment and inference benchmarks."),
        "p4": ("Pretraining bidirectional encoders", "EMNLP 2020", "We propose BERT and evaluate inference."),
        "p5": ("Translation with Transformers", "EMNLP 2020", "Machine translation with self-attention."),
        "p6": ("Low-resource translation with reading comprehension", "ACL 2019",
               "Translation and reading comprehension for low-resource languages."),
    }
    for key, (title, venue, abstract) in papers.items():
        graph.add_node(f"paper/{key}", kind="paper", label=title, title=title, abstract=abstract, venue=venue,
                       year=venues[venue][1], sources=["toy"])
        graph.add_edge(f"paper/{key}", f"venue/{venue.lower().replace(' ', '-')}", key="presentedAt",
                       relation="presentedAt", source="toy", sources=["toy"], extractor="toy")
    entities = {"dataset/squad": "SQuAD", "dataset/mnli": "MNLI", "dataset/glue": "GLUE",
                "dataset/wmt14": "WMT14", "dataset/unused": "Unused", "method/bert": "BERT",
                "method/transformer": "Transformer"}
    for node, label in entities.items():
        graph.add_node(node, kind=node.split("/")[0], label=label, alt_labels=[], same_as=[], sources=["toy"])
    facts = {
        "p1": ("uses", ["dataset/squad", "method/bert"]),
        "p2": ("uses", ["dataset/squad", "method/bert"]),
        "p3": ("uses", ["dataset/mnli", "dataset/glue", "method/bert"]),
        "p4": ("uses", ["dataset/mnli", "dataset/glue"]),
        "p5": ("uses", ["dataset/wmt14", "method/transformer"]),
        "p6": ("uses", ["dataset/wmt14", "method/transformer", "dataset/squad"]),
    }
    for key, (relation, targets) in facts.items():
        for target in targets:
            graph.add_edge(f"paper/{key}", target, key=relation, relation=relation, confidence=0.8,
                           source="toy", extractor="toy", mentions=[])
    graph.add_edge("paper/p4", "method/bert", key="proposes", relation="proposes", confidence=0.9,
                   source="toy", extractor="toy", mentions=[])
    graph.add_edge("paper/p1", "paper/p2", key="similarTo", relation="similarTo", source="toy", sources=["toy"],
                   extractor="toy")
    if tasks:
        _add_tasks_and_metrics(graph)
    return graph


def _add_tasks_and_metrics(graph: nx.MultiDiGraph) -> None:
    nodes = {"task/qa": ("question answering", ["QA"]), "task/nli": ("natural language inference", ["NLI"]),
             "task/mt": ("machine translation", ["MT"]), "task/lrmt": ("low-resource machine translation", []),
             "metric/f1": ("F1", ["F1 score"]), "metric/em": ("exact match", ["EM"]),
             "metric/accuracy": ("accuracy", []), "metric/bleu": ("BLEU", [])}
    for node, (label, alt_labels) in nodes.items():
        graph.add_node(node, kind=node.split("/")[0], label=label, alt_labels=alt_labels, same_as=[], sources=["toy"])
    facts = {
        "p1": ["task/qa", "metric/f1", "metric/em"],
        "p2": ["task/qa", "metric/f1"],
        "p3": ["task/nli", "metric/accuracy"],
        "p4": ["task/nli", "metric/accuracy"],
        "p5": ["task/mt", "metric/bleu"],
        "p6": ["task/mt", "task/qa", "metric/bleu"],
    }
    for key, targets in facts.items():
        for target in targets:
            graph.add_edge(f"paper/{key}", target, key="uses", relation="uses", confidence=0.8, source="toy",
                           extractor="toy", mentions=[])
    graph.add_edge("paper/p6", "task/lrmt", key="proposes", relation="proposes", confidence=0.9, source="toy",
                   extractor="toy", mentions=[])
