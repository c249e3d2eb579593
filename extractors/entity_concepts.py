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
else it stays an untyped method like any name no rule typed. The same holds for a head noun after a bare mention
("the CPA corpus", "CPA metrics": data or measures for the concept; round h15bi), and a long form opening its
sentence is read as written mid-sentence ("Collaborative plan acquisition (CPA) is ..."). A process whose head an
adjective or a participle modifies ("elicited imitation (EI)", "anchored training (AT)") says how something is done
and is no task: its mentions are untyped (round h15bl).

>>> from extractors.entities import build_pipeline
>>> doc = build_pipeline("rules")("We study collaborative plan acquisition (CPA) with LLMs. Results on CPA improve.")
>>> [(s.text, s.label_) for s in doc.spans["kg_entities"]]
[('CPA', 'task'), ('CPA', 'task')]
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate, mid_sentence_text
from extractors.entity_corpus import long_form_class, long_form_head
from extractors.entity_lexicon import cue_words
from extractors.token_texts import past_bracket
from ontology.ids import entity_key
from ontology.kinds import EntityKind, Relation

__all__ = ["CONCEPT_RULE", "WEAK_DATASET_RULES", "concept_names", "untype_concepts"]

#: Type rules that make a name a dataset only by the preposition before it.
WEAK_DATASET_RULES = frozenset({"evaluated_on", "derived_from"})
#: What :func:`~extractors.entity_corpus.long_form_class` may say of a concept's long form (not "dataset", not
#: "series": a workshop or a campaign is an optional dataset by the annotation guidelines; not "method": a title-case
#: long form ending in a method head may name a resource, "French Lexical Network (fr-LN)").
_CONCEPT_CLASSES = frozenset({"task", "metric", "none"})

#: Endings of a head noun that names a process ("acquisition", "reasoning", "assessment", "analysis").
_PROCESS_ENDINGS = ("tion", "sion", "ment", "ing", "sis")
#: Endings of an adjective or a participle ("elicited", "distributional", "anchored", "motivational"): before a process
#: head it says how the process is done, not what it works on (round h15bl).
_MANNER_ENDINGS = ("al", "ed", "ive", "ous", "ful", "less", "able", "ible")
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)
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

    A long form opening its sentence is read as written mid-sentence, its first letter lowered:

    >>> doc = blank_pipeline()("Zorb plan mining (ZPM) is hard. Zorb Plan Mining (ZPM2) is a corpus.")
    >>> concept_names(doc, [Candidate(4, 5, "acronym", long_span=(0, 3)),
    ...                     Candidate(13, 14, "acronym", long_span=(9, 12))])
    {'zpm': <EntityKind.TASK: 'task'>}
    """
    found: dict[str, EntityKind | None] = {}
    for cand in candidates:
        if cand.long_span is None:
            continue
        span = doc[cand.long_span[0] : cand.long_span[1]]
        long_form = mid_sentence_text(span)  # "Air traffic control (ATC) ..." read as "air traffic control (ATC)"
        texts = [token.text for token in span]
        texts[0] = long_form[: len(texts[0])]
        words = [text for token, text in zip(span, texts, strict=True) if token.is_alpha or "-" in token.text]
        kind = long_form_class(long_form)
        if kind != "dataset" and kind != "series" \
                and (kind in _CONCEPT_CLASSES or (words and all(word.islower() for word in words))):
            process = kind == "task" or (kind is None and _names_a_task(long_form))
            found[entity_key(doc[cand.start : cand.end].text)] = EntityKind.TASK if process else None
    return found


def _names_a_task(long_form: str) -> bool:
    """Does a concept's long form whose head no list classes name a task: a process ("acquisition", "grounding")
    done *on* what the word before it names ("collaborative plan acquisition", "structured knowledge grounding",
    "protein-protein interaction"), not one the word before which says *how* it is done, an adjective or a participle
    by its ending ("elicited imitation", "anchored training", "motivational interviewing": a method or a practice, no
    task; round h15bl)? Without a part-of-speech tagger the ending is the test: "low vision" and "remote
    interpreting" pass it.

    >>> [_names_a_task(t) for t in ["collaborative plan acquisition", "code-mixing", "elicited imitation",
    ...                             "anchored training", "distributional hypothesis", "ground truth"]]
    [True, True, False, False, False, False]
    """
    head = long_form_head(long_form)
    if not head.endswith(_PROCESS_ENDINGS):
        return False
    words = _WORD.findall(long_form.lower())
    at = words.index(head) if head in words else len(words) - 1
    return at == 0 or not words[at - 1].endswith(_MANNER_ENDINGS)


def _measured(doc: Doc, candidates: Iterable[Candidate]) -> set[str]:
    """The keys of acronyms whose definition a metric head follows: "pseudo-likelihood (PL) scores" names the
    measure, so "the PL metric" is it."""
    heads = cue_words("METRIC_HEAD")
    measured: set[str] = set()
    for cand in candidates:
        after = past_bracket(doc, cand.end)
        if cand.long_span is not None and after < len(doc) \
                and (doc[after].lower_ in heads or doc[after].lower_.removesuffix("s") in heads):
            measured.add(entity_key(doc[cand.start : cand.end].text))
    return measured


def _typed_as_what_for(cand: Candidate, measured: bool) -> bool:
    """Was a bare mention typed by the head noun after it, which says what the data or the measure is *for* ("QB
    data", "a new ZTC corpus", "QB metrics" of "quux blending (QB)"), not what the name is? Not a metric head after
    a name whose definition is a measure's (:func:`_measured`)."""
    if cand.long_span is not None or cand.type_rule != "head_noun":
        return False
    return cand.kind is EntityKind.DATASET or (cand.kind is EntityKind.METRIC and not measured)


def untype_concepts(doc: Doc, candidates: list[Candidate]) -> None:
    """Retype a mention of a concept's acronym (:func:`concept_names`) that only a preposition typed as a dataset:
    a task (type rule :data:`CONCEPT_RULE`) for a process, else an untyped method (type rule ``default``), so that it
    takes the kind the name has elsewhere. A mention a head noun typed as the data or the measure for the concept
    (:func:`_typed_as_what_for`: "a new QB corpus" of "quux blending (QB)") is retyped the same way, and used, not
    proposed (the corpus is what is new)."""
    concepts = concept_names(doc, candidates)
    if not concepts:
        return
    measured = _measured(doc, candidates)
    for cand in candidates:
        key = entity_key(doc[cand.start : cand.end].text)
        if key not in concepts:
            continue
        kind = concepts[key]
        if _typed_as_what_for(cand, key in measured):
            if cand.relation is Relation.PROPOSES:
                cand.relation, cand.role_rule = Relation.USES, "use"
        elif not (cand.kind is EntityKind.DATASET and cand.type_rule in WEAK_DATASET_RULES):
            continue
        cand.kind, cand.type_rule = (kind, CONCEPT_RULE) if kind else (EntityKind.METHOD, "default")
