"""Tasks read from a paper's title give way to its abstract once the papers are merged (round h16r, review).

:mod:`extractors.entity_title_tasks` reads the title of a paper that has no abstract for the tasks it names. Each
input is extracted alone, so the same paper given with a title only by one input (a lecture page's "Similar lecture",
a BibTeX entry) and with its abstract by another had its title read; :func:`drop_title_tasks_of_abstracts` removes
those mentions at assembly, where the merged paper shows its abstract.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping

import networkx as nx

from ontology.records import Mention

__all__ = ["TITLE_TASK_EXTRACTOR", "drop_title_tasks", "drop_title_tasks_of_abstracts"]

#: The extractor of a task read from the title of a paper with no abstract (``kg_entities:title_task+<type rule>``,
#: :mod:`extractors.entity_title_tasks`, whose spaCy this module does not load; a test checks the two agree).
TITLE_TASK_EXTRACTOR = "kg_entities:title_task+"


def drop_title_tasks_of_abstracts(graph: nx.MultiDiGraph, mentions: list[Mention], paper_nodes: dict[str, str],
                                  positions: array | None = None) -> None:
    """Remove from ``mentions`` the tasks read from a title where the merged paper (``paper_nodes``: a paper's ref
    -> its node in ``graph``) has an abstract: the paper is then read from its abstract only, as if the title-only
    record had not been there.  ``positions`` (each mention's index in its document, :func:`kg.graph.build_graph`),
    when given, loses the same entries.

    >>> from ontology.records import EntityKind, Provenance, Relation
    >>> graph = nx.MultiDiGraph()
    >>> graph.add_node("paper/a", abstract="We parse.")
    >>> graph.add_node("paper/b", abstract=None)
    >>> def task(ref):
    ...     return Mention(ref, "parsing", EntityKind.TASK, Relation.USES, Provenance("s", extractor=TITLE_TASK_EXTRACTOR))
    >>> mentions = [task("a"), task("b")]
    >>> drop_title_tasks_of_abstracts(graph, mentions, {"a": "paper/a", "b": "paper/b"})
    >>> [m.paper_ref for m in mentions]
    ['b']
    """
    drop_title_tasks(mentions, paper_nodes, lambda node: bool(graph.nodes[node].get("abstract")), positions)


def drop_title_tasks(mentions: list[Mention], paper_nodes: Mapping[str, str], has_abstract: Callable[[str], bool],
                     positions: array | None = None) -> None:
    """:func:`drop_title_tasks_of_abstracts` without the graph: ``has_abstract(node)`` says whether the merged paper
    of node ``node`` has an abstract (asked only of the papers whose titles gave tasks); read by it and by
    :func:`kg.partition_rows.partition_rows` alike."""
    def superseded(mention: Mention) -> bool:
        return mention.provenance.extractor.startswith(TITLE_TASK_EXTRACTOR) \
            and has_abstract(paper_nodes[mention.paper_ref])

    kept = [i for i, m in enumerate(mentions) if not superseded(m)]
    if len(kept) < len(mentions):  # most corpora: none dropped, and the list stays as it is
        mentions[:] = [mentions[i] for i in kept]
        if positions is not None:
            positions[:] = array(positions.typecode, [positions[i] for i in kept])
