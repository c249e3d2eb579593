"""A paper node's attributes, merged from the records of its paper group (decision D4 of docs/scaling.md).

One function, :func:`merge_papers`, that :func:`kg.graph.build_graph` and the partitioned row maker
(:mod:`kg.partition_rows`) both call, so that the rule is written once: the records in
:func:`~kg.paper_decisions.merge_order`, each field the first record's that has one, the longest abstract and
author list, keywords and code repositories in first-seen order, ``extra`` with the first record's value winning,
``sources`` sorted.  Nothing but the group's records is read.

>>> from ontology.records import Paper, Provenance
>>> from kg.shared_values import SharedValues
>>> listed = Paper(ref="a", title="A", role="listed", venue="ACL 2026", provenance=Provenance("b.txt"))
>>> main = Paper(ref="a", abstract="We study A.", role="main", provenance=Provenance("c.txt"))
>>> data = merge_papers([listed, main], (), SharedValues())
>>> data["label"], data["abstract"], data["venue"], data["sources"]
('A', 'We study A.', 'ACL 2026', ['b.txt', 'c.txt'])
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from kg.paper_decisions import merge_order
from kg.paper_keys import paper_year
from kg.shared_values import SharedValues
from ontology.records import Paper

__all__ = ["OPTIONAL_IDS", "merge_papers", "merged_abstract", "paper_label"]

_LABEL_WORDS = 8

#: Paper identifiers that are node attributes only when known (the formats that carry them are opt-in).
OPTIONAL_IDS = ("arxiv_id", "openalex_id", "semantic_scholar_id")


def paper_label(title: str | None, abstract: str | None) -> str:
    """What a view calls a paper: its title, else the first words of its abstract.

    >>> paper_label(None, "Users frequently express their beliefs to large language models today.")
    'Users frequently express their beliefs to large language…'
    """
    if title:
        return title
    words = (abstract or "").split()
    return " ".join(words[:_LABEL_WORDS]) + ("…" if len(words) > _LABEL_WORDS else "")


def merged_abstract(ordered: Sequence[Paper]) -> str | None:
    """A paper group's abstract (``ordered``: its records in :func:`~kg.paper_decisions.merge_order`): the longest,
    the first of equal length; None when no record has one.

    >>> from ontology.records import Provenance
    >>> merged_abstract([Paper(ref="a", abstract=text, provenance=Provenance("a.txt")) for text in ("Ab.", None)])
    'Ab.'
    """
    return max((p.abstract or "" for p in ordered), key=len) or None


def merge_papers(members: list[Paper], authors: Sequence[str], shared: SharedValues) -> dict[str, Any]:
    """The attributes of the paper node of ``members`` (one paper group's records, in any order): D4; ``authors``:
    the group's author list (:func:`kg.person_decisions.group_authors`).

    ``shared`` makes equal lists, dicts and numbers one object (:class:`~kg.shared_values.SharedValues`); the
    values are the same without it being shared between calls.
    """
    ordered = merge_order(members)
    title = next((p.title for p in ordered if p.title), None)
    abstract = merged_abstract(ordered)

    def first(attribute: str) -> Any:
        return next((getattr(p, attribute) for p in ordered if getattr(p, attribute)), None)

    extra: dict[str, str] = {}
    for paper in reversed(ordered):
        extra.update(paper.extra)
    return {
        "kind": "paper",
        "label": paper_label(title, abstract),
        "title": title,
        "abstract": abstract,
        "venue": first("venue"),
        "presentation_type": first("presentation_type"),
        "country": first("country"),
        "keywords": shared.list(_unique(k for p in ordered for k in p.keywords)),
        "code_repositories": shared.list(_unique(u for p in ordered for u in p.code_repositories)),
        "year": shared.number(next((paper_year(p) for p in ordered if paper_year(p)), None)),
        "doi": first("doi"),
        "anthology_id": first("anthology_id"),
        "url": first("url"),
        "booktitle": first("booktitle"),
        "authors": list(authors),  # the group's author list (kg.person_decisions.group_authors)
        "extra": shared.dict(dict(sorted(extra.items()))),
        "sources": shared.list(sorted({p.provenance.source for p in members})),
        # only when a source gives one, so graphs of inputs without them keep their exact attributes
        **{name: value for name in OPTIONAL_IDS if (value := first(name))},
    }


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
