"""Acronyms of concepts are no datasets because a sentence says something happens "on" or "from" them.

The weak dataset rules of :func:`extractors.entity_types.entity_kind` read a preposition: "results on X"
(``evaluated_on``), "sampled from X" (``derived_from``). Before the name of a benchmark they are right, but the
same prepositions stand before what a paper works on: "performance on CPA nearly doubles" (a task), "studies on
automatic taxonomy construction (ATC)", "variations on pointwise mutual information (PMI)". When the text spells
the name out as an acronym of a concept, the long form tells: it is written in lower case ("collaborative plan
acquisition (CPA)", "commonsense reasoning (CR)": names of datasets are capitalised), or its head word names a
task, a metric, or a field, language or organisation (:func:`extractors.entity_corpus.long_form_class`; not a
dataset or resource noun, not a workshop or campaign, which the guidelines make optional datasets, and not a
method head: "French Lexical Network (fr-LN)" is a resource). Such a mention is then no dataset
(:func:`untype_concepts`): when the long form's head names a process ("acquisition", "reasoning", "selection") and
:func:`~extractors.entity_corpus.long_form_class` says no other kind ("pointwise mutual information" has a
method's head), the thing a paper's performance is measured on is the task of that name; otherwise the mention is
untyped, and :func:`extractors.entity_kind_votes.one_kind_per_name` gives it the kind rules gave the name elsewhere,
else it stays an untyped method like any name no rule typed.

>>> from extractors.entities import build_pipeline
>>> doc = build_pipeline("rules")("We study collaborative plan acquisition (CPA) with LLMs. Results on CPA improve.")
>>> [(s.text, s.label_) for s in doc.spans["kg_entities"]]
[('CPA', 'task'), ('CPA', 'task')]
"""
from __future__ import annotations

from collections.abc import Iterable

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_corpus import long_form_class, long_form_head
from ontology.ids import entity_key
from ontology.kinds import EntityKind

__all__ = ["CONCEPT_RULE", "WEAK_DATASET_RULES", "concept_names", "untype_concepts"]

#: Type rules that make a name a dataset only by the preposition before it.
WEAK_DATASET_RULES = frozenset({"evaluated_on", "derived_from"})
#: What :func:`~extractors.entity_corpus.long_form_class` may say of a concept's long form (not "dataset", not
#: "series": a workshop or a campaign is an optional dataset by the annotation guidelines; not "method": a title-case
#: long form ending in a method head may name a resource, "French Lexical Network (fr-LN)").
_CONCEPT_CLASSES = frozenset({"task", "metric", "none"})

#: Endings of a head noun that names a process ("acquisition", "reasoning", "assessment", "analysis").
_PROCESS_ENDINGS = ("tion", "sion", "ment", "ing", "sis")
#: The type rule of a concept's acronym made a task here.
CONCEPT_RULE = "concept_on"


def concept_names(doc: Doc, candidates: Iterable[Candidate]) -> dict[str, EntityKind | None]:
    """The entity keys of acronyms whose long form in ``doc`` names a concept, not data (see the module docstring),
    each with the kind a preposition's mention of it takes: a task for a process, else ``None`` (untyped).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("on collaborative plan acquisition (CPA), the Penn Treebank (PTB), ground truth (GT)")
    >>> concept_names(doc, [Candidate(5, 6, "acronym", long_span=(1, 4)),
    ...                     Candidate(12, 13, "acronym", long_span=(9, 11)),
    ...                     Candidate(18, 19, "acronym", long_span=(15, 17))])
    {'cpa': <EntityKind.TASK: 'task'>, 'gt': None}
    """
    found: dict[str, EntityKind | None] = {}
    for cand in candidates:
        if cand.long_span is None:
            continue
        words = [token for token in doc[cand.long_span[0] : cand.long_span[1]] if token.is_alpha or "-" in token.text]
        long_form = doc[cand.long_span[0] : cand.long_span[1]].text
        kind = long_form_class(long_form)
        if kind != "dataset" and kind != "series" \
                and (kind in _CONCEPT_CLASSES or (words and all(token.text.islower() for token in words))):
            process = kind == "task" or (kind is None and long_form_head(long_form).endswith(_PROCESS_ENDINGS))
            found[entity_key(doc[cand.start : cand.end].text)] = EntityKind.TASK if process else None
    return found


def untype_concepts(doc: Doc, candidates: list[Candidate]) -> None:
    """Retype a mention of a concept's acronym (:func:`concept_names`) that only a preposition typed as a dataset: a
    task (type rule :data:`CONCEPT_RULE`) for a process, else an untyped method (type rule ``default``), so that it
    takes the kind the name has elsewhere."""
    concepts = concept_names(doc, candidates)
    if not concepts:
        return
    for cand in candidates:
        key = entity_key(doc[cand.start : cand.end].text)
        if cand.kind is EntityKind.DATASET and cand.type_rule in WEAK_DATASET_RULES and key in concepts:
            kind = concepts[key]
            cand.kind, cand.type_rule = (kind, CONCEPT_RULE) if kind else (EntityKind.METHOD, "default")
