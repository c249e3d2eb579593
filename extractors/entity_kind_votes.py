"""One kind per name within an abstract: a mention whose kind a rule only guessed takes the kind that stronger rules
gave the same name elsewhere in the abstract (moved out of :mod:`extractors.entities`, which runs it after the keep
step)."""
from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_corpus import names_a_tool
from extractors.entity_named_new import NAMED_NEW_RULE
from extractors.entity_names import built_on_dataset
from extractors.entity_policy import NAMED_KINDS
from extractors.entity_task_metric_names import task_like
from extractors.token_texts import past_bracket
from ontology.ids import entity_key
from ontology.kinds import EntityKind, Relation

__all__ = ["methods_for_head", "one_kind_per_name"]


#: Type rules that only guess a kind: another mention of the same name typed by a stronger rule decides it.
_GUESSED_TYPE_RULES = frozenset({"default", "tagger", "list"})
#: Type rules that read a name's kind off the train slice's other abstracts (:mod:`extractors.entity_corpus`,
#: :mod:`extractors.entity_dataset_members`), not off this abstract.
_CORPUS_TYPE_RULES = frozenset({"corpus", "corpus_data"})
#: Plural heads after a name that make it what methods are for ("OpenRE methods", "CRE baselines"), not their name.
_PLURAL_METHOD_HEADS = frozenset({"methods", "approaches", "baselines", "systems", "techniques", "algorithms",
                                  "frameworks", "models"})
#: Plural heads after an acronym's definition that say what things are for ("Zorb Parsing (ZP) datasets").
_PLURAL_HEADS = _PLURAL_METHOD_HEADS | {"datasets", "corpora", "benchmarks", "treebanks", "tasks", "metrics"}


def _methods_for(doc: Doc, cand: Candidate) -> bool:
    """Did the head-noun rule make ``cand`` a method only for a plural head after it ("existing MA/LN methods",
    "other CRE baselines"), which says what the methods are for (round h15ac)?"""
    return cand.kind is EntityKind.METHOD and cand.type_rule == "head_noun" and cand.long_span is None \
        and methods_for_head(doc, cand.end)


def methods_for_head(doc: Doc, end: int) -> bool:
    """Does a plural method head follow the name ending at ``end`` ("OpenRE methods", "(OpenRE) methods")?"""
    if end < len(doc) and doc[end].text == ")":
        end += 1
    return end < len(doc) and doc[end].lower_ in _PLURAL_METHOD_HEADS


#: Rules that type a name the authors coin in parentheses from its context or its family ("(ZxZ), a new dataset",
#: "(ZxZ) corpus", "(GPT-2)"), and so type the name before the brackets too; not a list, an edition ("(FNS-2022)") or a
#: suffix, which type the bracketed name alone (review 38).
_COINED_TYPE_RULES = frozenset({"apposition", "head_noun", "model_family"})


def _typed_in_parentheses_after(doc: Doc, cand: Candidate, by_start: dict[int, Candidate]) -> Candidate | None:
    """The name in parentheses right after ``cand`` ("Zorb-Across-Zorb (ZxZ)") when a rule that reads its context or
    its family (:data:`_COINED_TYPE_RULES`) typed it as a method, dataset or model: an acronym the authors coin for a
    name (no acronym pair: its letters do not spell the name), which an apposition or a head noun after the brackets
    types for both (round h15az). Not a name a list, an edition or a suffix typed ("the ... Shared Task (FNS-2022)",
    "Zorb-Across-Zorb (SQuAD)"): the bracketed name is then another thing, or says nothing of the name before it."""
    if cand.end + 2 >= len(doc) or doc[cand.end].text != "(":
        return None
    inner = by_start.get(cand.end + 1)
    if inner is None or inner.kind not in NAMED_KINDS or inner.type_rule not in _COINED_TYPE_RULES \
            or inner.end >= len(doc) or doc[inner.end].text != ")":
        return None
    return inner


#: Kinds the naming frame's noun gives a name it would have found, where a guess already covered the name ("a new
#: metric, Translation Embedding Distance,": a task by the tagger). Not a method: "method" is the frame's fallback for
#: any other noun ("a new model called Zorb"), no reading of the noun.
_FRAMED_KINDS = frozenset({EntityKind.DATASET, EntityKind.METRIC, EntityKind.TASK})
#: The kinds of phrases (not names by themselves) whose rule-typed mentions type a name's guessed mentions.
_PHRASE_KINDS = frozenset({EntityKind.TASK, EntityKind.METRIC})


#: Type rules that read a pair's kind off its definition: the task rules (the long form's head or a learned task name,
#: :func:`extractors.entity_tasks.task_metric_candidates`) and the long form's last word (``long_form``).
_DEFINITION_TYPE_RULES = frozenset({"task_long_form", "task_acronym", "long_form"})


def _definition_kind(doc: Doc, cand: Candidate) -> EntityKind | None:
    """The kind an acronym pair's definition decides ("argumentation mining (AM)": a task; "Japanese News Corpus
    (JNC)": a dataset), or ``None`` when a rule typed the pair by its context or only guessed, and its long form is
    no task's name."""
    if cand.long_span is None:
        return None
    if cand.type_rule in _DEFINITION_TYPE_RULES:
        return cand.kind
    long_form = doc[cand.long_span[0] : cand.long_span[1]].text
    return EntityKind.TASK if cand.kind is EntityKind.TASK and task_like(long_form) else None


def _typed_by_definition(doc: Doc, candidates: list[Candidate]) -> None:
    """A defined acronym's other mentions typed by a head noun after them take the kind its definition decides: "a
    new AM dataset", "a novel HMTC framework", "existing EA methods" are a dataset, a framework and methods *for*
    the task the abstract defined ("Argumentation mining (AM)", "Hierarchical multi-label text classification
    (HMTC)"), not a dataset or a method named AM or HMTC (round h15bh). A pair typed by its context ("the Zorb Span
    Extraction (ZSE) framework": a method by the head after its brackets) decides nothing, and its other mentions keep
    their heads' kinds."""
    defined: dict[str, set[EntityKind]] = defaultdict(set)
    for cand in candidates:
        kind = _definition_kind(doc, cand)
        if kind is not None:
            defined[doc[cand.start : cand.end].text].add(kind)
    for cand in candidates:
        kinds = defined.get(doc[cand.start : cand.end].text)
        if kinds and len(kinds) == 1 and cand.long_span is None and cand.type_rule == "head_noun" \
                and cand.kind not in kinds and cand.kind is not EntityKind.TASK:  # "The RD task": the head says
            cand.kind, cand.type_rule = next(iter(kinds)), "same_name"
            if cand.relation is Relation.PROPOSES:  # "we propose a novel HMTC framework": the framework is new, not
                cand.relation, cand.role_rule = Relation.USES, "use"  # the task


def _before_plural_head(doc: Doc, cand: Candidate) -> bool:
    """Does a plural head follow the pair ("existing Emotion Recognition in Conversations (ERC) datasets": datasets
    for ERC, which says what they are for, not what ERC is)?"""
    after = past_bracket(doc, cand.end)
    return after < len(doc) and doc[after].lower_ in _PLURAL_HEADS


def _defined_kind(doc: Doc, candidates: list[Candidate]) -> None:
    """A bare acronym typed only from the train slice (``corpus``, ``corpus_data``) takes the kind a rule gave its
    definition in this abstract: "Dataset distillation (DD) — a method for ..." ... "how DD impacts" stays the method
    (the slice also names a task DD); "Morphological analysis (MA) and ... are both important tasks" ... "MA/LN
    systems ... a Japanese UGT corpus" stays the task (round h15bg). Only where this abstract's rules agree: "the
    Universal Dependencies framework (UD)" (a method by its head) beside "a new UD treebank" (a dataset) is left.
    A bare acronym that only the corpus or the tagger types a dataset, defined here by an untyped long form whose head
    names a system or a tool ("Conversational recommender systems (CRS) aim to ..." ... "existing CRS datasets", "an
    auxiliary parser (AP)": :func:`extractors.entity_corpus.names_a_tool`), is no dataset here: untyped, as its
    definition (round h15bo)."""
    defined: dict[str, EntityKind] = {}
    typed: dict[str, set[EntityKind]] = defaultdict(set)  # the kinds this abstract's own rules gave each name
    for cand in candidates:
        if cand.type_rule not in _GUESSED_TYPE_RULES | _CORPUS_TYPE_RULES:
            text = doc[cand.start : cand.end].text
            typed[text].add(cand.kind)
            if cand.long_span is not None and not _before_plural_head(doc, cand):
                defined.setdefault(text, cand.kind)
    tools = {doc[c.start : c.end].text for c in candidates if c.long_span is not None and c.kind is EntityKind.METHOD
             and c.type_rule in _GUESSED_TYPE_RULES and names_a_tool(doc[c.long_span[0] : c.long_span[1]].text)}
    for cand in candidates:
        text = doc[cand.start : cand.end].text
        if text in defined and typed[text] == {defined[text]} and cand.long_span is None \
                and cand.type_rule in _CORPUS_TYPE_RULES:
            cand.kind, cand.type_rule = defined[text], "same_name"
        elif text in tools and not typed[text] and cand.long_span is None and cand.kind is EntityKind.DATASET \
                and cand.type_rule in _CORPUS_TYPE_RULES | {"tagger"}:  # "Conversational recommender systems (CRS)
            cand.kind, cand.type_rule = EntityKind.METHOD, "default"  # aim to ..." ... "CRS datasets": no dataset


def one_kind_per_name(doc: Doc, candidates: list[Candidate],
                      framed: Mapping[tuple[int, int], EntityKind] | None = None) -> None:
    """One name is one kind of thing within an abstract: a mention whose kind was only guessed (untyped, the
    tagger's, a list's) takes the kind that rules gave its other mentions ("the new LARGEMED dataset" ...
    "LARGEMED could be used"), and a name in parentheses right after another name takes that name's kind
    ("on MNLI (Multi-NLI)"). A guessed mention of a name that no rule typed as a method, dataset or model but one
    typed as a task takes the task kind ("the ZMD task ..." ... "We study ZMD"; before PIPELINE_VERSION 48 only methods,
    datasets and models voted, so such a mention stayed a method), and one typed as a metric the metric kind ("a new
    coefficient, Zorb's Distance Coefficient (ZDC)" ... "ZDC also shows"; round h15ac) when rules typed it as no task
    either. Only guessed mentions change, and a name the head-noun rule made a method for a plural head after it
    ("open relation extraction (OpenRE) ... OpenRE methods": methods for the task), which becomes the task when no
    other rule made the name a method, dataset or model (round h15ac); tasks and metrics typed by a rule stay as
    typed. ``framed``: the names the naming frame found, ``{(start, end): kind}``
    (:func:`extractors.entity_named_new.framed_names`): a guess covering one takes the frame's dataset, metric or task
    kind.

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We train on the ZorbCorp corpus. ZorbCorp is large.")
    >>> [(s.text, s.label_, s._.kg_type_rule) for s in doc.spans["kg_entities"]]
    [('ZorbCorp', 'dataset', 'head_noun'), ('ZorbCorp', 'dataset', 'same_name')]
    """
    _defined_kind(doc, candidates)
    _typed_by_definition(doc, candidates)

    def keys(cand: Candidate) -> set[str]:
        found = {entity_key(doc[cand.start : cand.end].text)}
        if cand.long_span:
            found.add(entity_key(doc[cand.long_span[0] : cand.long_span[1]].text))
        return found

    votes: dict[str, Counter[EntityKind]] = defaultdict(Counter)
    phrased: dict[str, set[EntityKind]] = defaultdict(set)  # names a rule typed as a task or a metric, and how
    datasets: set[str] = set()  # the texts of the names a rule typed as datasets
    for_task = {id(c) for c in candidates if _methods_for(doc, c)}  # "OpenRE methods": methods for OpenRE
    for cand in candidates:
        if cand.type_rule in _GUESSED_TYPE_RULES or id(cand) in for_task:
            continue
        if cand.kind in NAMED_KINDS:
            for key in keys(cand):
                votes[key][cand.kind] += 1
            if cand.kind is EntityKind.DATASET:
                datasets.add(doc[cand.start : cand.end].text)
        elif cand.kind in _PHRASE_KINDS:
            for key in keys(cand):
                phrased[key].add(cand.kind)
    by_end = {c.end: c for c in candidates}
    by_start = {c.start: c for c in candidates}
    framed = framed or {}
    for cand in sorted(candidates, key=lambda c: c.start):
        kind = framed.get((cand.start, cand.end))
        if kind in _FRAMED_KINDS and cand.type_rule in _GUESSED_TYPE_RULES:  # "a new resource, CoDeRooMor,": the
            cand.kind, cand.type_rule = kind, NAMED_NEW_RULE  # noun types the name a guess covered (review 38, M2)
            continue
        if cand.kind not in NAMED_KINDS or (cand.type_rule not in _GUESSED_TYPE_RULES and id(cand) not in for_task):
            continue
        named = keys(cand)
        tally = sum((votes[key] for key in named if key in votes), Counter())
        ranked = tally.most_common(2)
        if id(cand) in for_task:  # "open relation extraction (OpenRE) ... OpenRE methods": a task, when no rule
            if not ranked and EntityKind.TASK in set().union(*(phrased[key] for key in named if key in phrased)):
                cand.kind, cand.type_rule = EntityKind.TASK, "same_name"  # made the name a method elsewhere
            continue
        if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]):  # one kind has the most votes
            cand.kind, cand.type_rule = ranked[0][0], "same_name"
            continue
        phrase_kinds = set().union(*(phrased[key] for key in named if key in phrased))
        if not ranked and phrase_kinds:  # "... for location mention disambiguation (LMD)" ... "LMD" (a task first, as
            # before round h15ac); "a new coefficient, ... (NGDC)" ... "NGDC also indicated": a metric
            kind = EntityKind.TASK if EntityKind.TASK in phrase_kinds else EntityKind.METRIC
            cand.kind, cand.type_rule = kind, "same_name"
            continue
        outer = by_end.get(cand.start - 1) if cand.start > 0 and doc[cand.start - 1].text == "(" else None
        inner = _typed_in_parentheses_after(doc, cand, by_start)
        if outer is not None and outer.kind in NAMED_KINDS and outer.type_rule not in _GUESSED_TYPE_RULES \
                and cand.end < len(doc) and doc[cand.end].text == ")":
            cand.kind, cand.type_rule = outer.kind, "same_name"
        elif inner is not None:  # "Zorb-Across-Zorb (ZxZ), a new ... dataset": the coined acronym's kind (h15az)
            cand.kind, cand.type_rule = inner.kind, "same_name"
        elif cand.kind is EntityKind.METHOD and cand.type_rule == "default" and cand.long_span is None \
                and built_on_dataset(doc[cand.start : cand.end].text, datasets):
            cand.kind, cand.type_rule = EntityKind.DATASET, "dataset_stem"
