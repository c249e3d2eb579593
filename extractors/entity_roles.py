"""Role rules: does the paper propose a candidate or use it (step 3 of ``kg_entities``)?

:func:`assign_role` records the relation with the name of the rule that
decided it (the *role rule*) and a confidence:

=====================  ======================================================
``proposal_verb``      "we propose / introduce / present", "called" reaches
                       the name without crossing a preposition → proposes
``our``                "our (proposed) X", "the new X dataset" → proposes
``named_after``        "the IEPD we construct", "X (which) we propose": the
                       authors' proposal verb right after the name → proposes
``own_entry``          "the MELODI team", "the X submission" in a sentence
                       about the authors' own work → proposes
``apposition``         ", a novel framework" right after the name, or any
                       such apposition in a sentence about the authors
                       → proposes
``new_apposition``     "a new corpus, X", "X as a new scheme": a noun phrase
                       calls the name new (:mod:`extractors.entity_new_apposition`)
                       → proposes
``contribution_list``  the name opens a numbered contribution "(1) X"
                       → proposes
``colon_list``         "we design two novel metrics: X and Y": a name listed
                       after a colon that closes the authors' proposal
                       (:mod:`extractors.entity_colon_list`) → proposes
``use``                otherwise → uses
=====================  ======================================================

Confidences come from the component's settings (``confidence`` in its
``default_config``): ``proposal`` (a proposal verb or "our"),
``novel_apposition`` and ``contribution_list`` for proposals; for uses,
``known_dataset`` (type rule ``gazetteer``), ``untyped`` (type rule
``default``), ``typed`` (any other type rule) or ``weak`` (capitalised words a
list vouched for).
"""
from __future__ import annotations

import re
from collections.abc import Mapping

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate, Cues
from extractors.entity_colon_list import COLON_LIST_RULE, colon_listed
from extractors.entity_corpus import KNOWN_TYPE_RULES, corpus_class
from extractors.entity_lexicon import NAMING_VERBS, in_list, word_list
from extractors.entity_names import model_family, name_shape
from extractors.entity_new_apposition import NEW_APPOSITION_RULE, new_apposition
from extractors.entity_passive import proposed_passive
from extractors.entity_propose_items import numbered_item
from extractors.entity_teams import team_marker_before
from extractors.entity_types import architecture, proposed_phrase_start
from extractors.token_texts import past_bracket, sentence_start
from ontology.kinds import EntityKind, Relation

__all__ = ["DEFAULT_CONFIDENCE", "GUESSED_TYPES", "assign_role", "authors_speak", "building_block", "novel_apposition",
           "our_names", "own_work", "proposal_trigger", "released_model", "task_introduced"]

#: Confidence of each role (and, for uses, type) rule; the component's ``confidence`` setting.
DEFAULT_CONFIDENCE: dict[str, float] = {
    "proposal": 0.85, "novel_apposition": 0.8, "contribution_list": 0.75,
    "known_dataset": 0.85, "untyped": 0.6, "typed": 0.8, "weak": 0.55,
}
_CLAUSE_END = frozenset({".", ";", ":", "?", "!"})
#: A year in a citation's parenthesis ("(Bradley and Lang, 1999a)").
_YEAR = re.compile(r"^(?:19|20)\d\d[a-z]?$")
_APPOSITION_PUNCT = frozenset({",", ":", "—", "–", "--", "---"})
_APPOSITION_END = frozenset({".", ";", ":"})
_APPOSITION_SPAN = 10  # tokens after the name searched for a proposal noun


def assign_role(doc: Doc, cand: Candidate, cues: Cues, *, confidence: Mapping[str, float] = DEFAULT_CONFIDENCE,
                window: int = 14) -> None:
    """Set ``relation``, ``role_rule`` and ``confidence`` of a typed candidate (see the module docstring).

    ``window`` is how many tokens :func:`proposal_trigger` walks back from the name.
    """
    suffix = doc[cand.end].text if cand.end < len(doc) else ""
    used_by_name = ((suffix.startswith("-") and in_list("name_suffixes", suffix[1:]))  # "our BERT-based model"
                    or (suffix in _SPACED_SUFFIXES and cand.end + 1 < len(doc) and doc[cand.end + 1].is_alpha
                        and doc[cand.end + 1].is_lower and _known_name(doc, cand)))  # "a novel Llama-2 based model"
    if task_introduced(doc, cand, cues):  # "we introduce the task of X": the proposal verb takes the task itself
        cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, "proposal_verb", confidence["proposal"]
        return
    if cand.kind in _NEW_ONLY_KINDS and not _called_new(doc, cand, cues) and not _metric_introduced(doc, cand, cues):
        used_by_name = True  # "we present an evaluation of ... for machine translation": the task is not new
    if cand.kind in _NEW_ONLY_KINDS and _names_what_for(doc, cand.end, cues):
        used_by_name = True  # "a novel summarization method", "a new (Q&A) dataset": the method or data is new
    if _base_of_a_named_model(doc, cand.end, cues, comma_only=cand.kind is not EntityKind.MODEL):
        used_by_name = True  # "a new BERT model for ..., CTI-BERT": the new model is CTI-BERT, built on BERT
    if building_block(doc, cand, cues):
        used_by_name = True  # "we present an attention-based Bi-LSTM neural network system": the system is new
    if not used_by_name and colon_listed(doc, cand.start, cand.end, cues, known=_no_new_part(doc, cand)) \
            and cand.type_rule != "model_family" \
            and not released_model(doc[cand.start : cand.end].text):  # not "... models: Zorb-Net, BERT and ..."
        cand.relation, cand.role_rule = Relation.PROPOSES, COLON_LIST_RULE  # "we design two novel metrics: X and Y"
        cand.confidence = confidence["contribution_list"]  # (a task or a metric only when called new, as below)
        return
    trigger = None if used_by_name else (proposal_trigger(doc, cand, cues, window=window)
                                         or proposal_after(doc, cand, cues)
                                         or ("proposal_verb" if cand.kind not in _NEW_ONLY_KINDS
                                             and proposed_phrase_start(doc, cand.first, cues) is not None else None))
    if trigger:
        cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, trigger, confidence["proposal"]
        return
    if not used_by_name and novel_apposition(doc, cand.first, cand.end, cues,
                                             known=cand.type_rule in KNOWN_TYPE_RULES):
        cand.relation, cand.role_rule = Relation.PROPOSES, "apposition"
        cand.confidence = confidence["novel_apposition"]
        return
    noun_kind = None if used_by_name else new_apposition(doc, cand, cues)
    if noun_kind is not None:  # "a new corpus, X", "X as a new scheme" (round h15z)
        if cand.type_rule == "default" and noun_kind in {EntityKind.DATASET, EntityKind.METRIC}:
            cand.kind, cand.type_rule = noun_kind, "apposition"
        cand.relation, cand.role_rule = Relation.PROPOSES, NEW_APPOSITION_RULE
        cand.confidence = confidence["novel_apposition"]
        return
    if coined_pair(doc, cand, cues):
        cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, "coined", confidence["novel_apposition"]
        return
    if numbered_item(doc, cand.start, cand.end, known=cand.type_rule in KNOWN_TYPE_RULES):  # "(1) X", "(i) a X"
        cand.relation, cand.role_rule = Relation.PROPOSES, "contribution_list"
        cand.confidence = confidence["contribution_list"]
        return
    cand.relation, cand.role_rule = Relation.USES, "use"
    if cand.strength == "weak":
        cand.confidence = confidence["weak"]
    elif cand.type_rule == "gazetteer":
        cand.confidence = confidence["known_dataset"]
    elif cand.type_rule == "default":
        cand.confidence = confidence["untyped"]
    else:
        cand.confidence = confidence["typed"]


#: Cue labels of a noun after a task or metric that makes the name say what a method or a dataset is for.
_FOR_NOUNS = frozenset({"PROPOSAL_NOUN", "METHOD_HEAD", "DATASET_HEAD", "DATASET_NOUN", "MODEL_HEAD"})


def _no_new_part(doc: Doc, cand: Candidate) -> bool:
    """Is ``cand`` a name that cannot be a new part of the authors' method: one known before this abstract
    (:func:`_known_name`), a model family, or no method at all? "Our model consists of three components: BiLSTM, CRF
    and ELMo" uses them; "... two modules: ZorbEncoder and FlimDecoder" proposes them (review 48 of round h15bk)."""
    return cand.kind is not EntityKind.METHOD or _known_name(doc, cand) \
        or bool(model_family(doc[cand.start : cand.end].text))


def _names_what_for(doc: Doc, end: int, cues: Cues) -> bool:
    """Does a lower-case method, model or dataset noun follow the name (after its acronym in parentheses)?
    Then a task or metric name says what the new thing is for: "an information retrieval system", "a novel
    summarization method", "a clinical question answering (Q&A) dataset"."""
    if end < len(doc) and doc[end].text == ")":
        end += 1
    for k in range(end, min(end + _BLOCK_SPAN, len(doc))):  # "a novel MT training method": the noun may stand later
        if not (doc[k].is_alpha and doc[k].is_lower):
            return False
        if cues.get(k, set()) & _FOR_NOUNS:
            return True
        if doc[k].is_stop:
            return False
    return False


#: Cue labels of the head noun of a new thing that a known name before it is a part of.
_BLOCK_HEADS = frozenset({"PROPOSAL_NOUN", "METHOD_HEAD", "MODEL_HEAD", "ARCH_HEAD"})
#: Lower-case words after a known name searched for that head noun ("Bi-LSTM neural network system").
_BLOCK_SPAN = 3


def building_block(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Is a released model or an architecture the corpus knows ("BERT", "GPT-2", "LSTM", "CNN", "graph attention
    network (GAT)") written as a part of a new thing's noun phrase? "we propose a BERT model with ...", "a
    transformer-based LSTM encoder", "a CNN architecture", "an attention-based Bi-LSTM neural network system",
    "a graph attention network (GAT) based module": the new thing is the head noun; the name is used. A name the
    corpus does not know stays the new thing's own ("we present the ZorbNet model", "SentiBERT"), and so does a known
    one the phrase calls new ("we present a new BERT model for the legal domain", as round h15h has it).

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We propose a CNN architecture and the ZorbNet model for parsing.")
    >>> [(s.text, s._.kg_relation) for s in doc.spans["kg_entities"]]
    [('CNN', 'uses'), ('ZorbNet', 'proposes')]
    """
    if cand.kind not in {EntityKind.METHOD, EntityKind.MODEL}:
        return False
    end = past_bracket(doc, cand.end)
    if not _head_noun_follows(doc, end, cues):
        return False  # most names: a comma, a verb or a preposition follows
    i = cand.first - 1  # "a new BERT model for the legal domain": called new, the BERT model is the paper's
    while i >= 0 and not in_list("articles", doc[i].text) and (doc[i].is_lower or doc[i].text == "-") \
            and cand.first - i <= _BLOCK_SPAN:
        if "NEW" in cues.get(i, set()):
            return False
        i -= 1
    text = doc[cand.start : cand.end].text
    return architecture(text) or released_model(text)


def _head_noun_follows(doc: Doc, end: int, cues: Cues) -> bool:
    """Does a spaced suffix ("(GAT) based") or, within three lower-case words, a method, model or architecture noun
    follow the name ("Bi-LSTM neural network system")?"""
    if end < len(doc) and doc[end].lower_ in _SPACED_SUFFIXES:
        return True
    for k in range(end, min(end + _BLOCK_SPAN, len(doc))):
        token = doc[k]
        if not (token.is_alpha and token.is_lower and not token.is_stop):
            return False
        if cues.get(k, set()) & _BLOCK_HEADS:
            return True
    return False


def released_model(text: str) -> bool:
    """Is ``text`` a listed model family, alone or with a version or size ("BERT", "GPT-2", "Llama-3-8B"), not a
    coinage on one ("SentiBERT", "ZorbGPT")?

    >>> [released_model(t) for t in ["BERT", "GPT-2", "BERT-base", "SentiBERT", "BERT-Zorb", "ZorbNet"]]
    [True, True, True, False, False, False]
    """
    lower = text.lower()
    return any(lower == family or (lower.startswith(family) and _VERSION_OR_SIZE.match(lower[len(family):]))
               for family in word_list("model_families.txt"))


#: What may follow a model family in a released model's name: a version or a size ("-2", "3.5", "-base").
_VERSION_OR_SIZE = re.compile(r"[-._ ]?(?:\d|(?:base|large|small|tiny|mini|medium|xl|xxl|cased|uncased)\b)")


#: Tokens after "a new X model" searched for the new model's name.
_NAMED_MODEL_SPAN = 8


def _known_name(doc: Doc, cand: Candidate) -> bool:
    """Was the name known before this abstract (a model family, a known dataset or method, or in the corpus)?"""
    return cand.type_rule in KNOWN_TYPE_RULES or corpus_class(doc[cand.start : cand.end].text) is not None


#: "X based model", "X driven approach": the words of ``name_suffixes`` written apart from the name they take (only
#: after a known name: "we propose a Transformer-TabNet based architecture" proposes the coined combination).
_SPACED_SUFFIXES = frozenset({"based", "driven", "derived", "guided", "enhanced", "augmented", "powered"})


def _base_of_a_named_model(doc: Doc, end: int, cues: Cues, *, comma_only: bool = False) -> bool:
    """Is the name before ``end`` what a new thing named right after its noun phrase is built on or for: "a new BERT
    model for the cybersecurity domain, CTI-BERT", "a content-aware BERT model (ColloQL)", "a new TKGQA dataset,
    ZorbTQ"? (Not "a new BERT model." alone.) ``comma_only``: only a name after a comma counts (for any kind but a
    model, "the ZorbNet framework (ZN)" may be the name's own acronym), and it must end its phrase ("the ZorbA
    dataset, ZorbB dataset and ..." lists two)."""
    nouns = _KIND_NOUNS if comma_only else {"PROPOSAL_NOUN", "MODEL_HEAD"}
    if end >= len(doc) or not doc[end].is_lower or not cues.get(end, set()) & nouns:
        return False
    for k in range(end + 1, min(end + 1 + _NAMED_MODEL_SPAN, len(doc) - 1)):
        if doc[k].text in ({","} if comma_only else {"(", ","}) and name_shape(doc[k + 1].text) \
                and not doc[k + 1].like_num:
            after = doc[k + 2] if k + 2 < len(doc) else None
            return not comma_only or after is None or after.is_punct or after.is_stop
        if doc[k].text in _CLAUSE_END or (doc[k].text == "," and doc[k + 1].is_lower):
            return False
    return False


#: Cue labels of the kind nouns after which a name may be the base of a new one named after a comma.
_KIND_NOUNS = frozenset({"PROPOSAL_NOUN", "MODEL_HEAD", "DATASET_HEAD", "DATASET_NOUN", "METHOD_HEAD"})


def own_work(doc: Doc, i: int) -> bool:
    """Is ``doc[i]`` the noun of "this paper" / "our work" / "the present study"?"""
    return in_list("own_work_nouns", doc[i].text) and i > 0 and in_list("own_work_determiners", doc[i - 1].text)


def authors_speak(doc: Doc, cues: Cues, start: int, end: int) -> bool:
    """Do the authors name themselves between tokens ``start`` and ``end`` ("we", "our", "this paper")?"""
    return any(cues.get(i, set()) & {"SELF", "OUR"} or own_work(doc, i) for i in range(start, end))


#: Kinds a paper proposes only when it calls them new ("we introduce a new task, ..."); else it works on them.
_NEW_ONLY_KINDS = frozenset({EntityKind.TASK, EntityKind.METRIC})


def _called_new(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Does a "new" / "novel" word stand before the name in its sentence ("a new task, X", "a novel metric")?"""
    sent_start = sentence_start(doc, cand.first)
    return any("NEW" in cues.get(i, set()) for i in range(sent_start, cand.first))


#: Nouns of a measure set off by a comma before the metric's name ("we design a metric, Sigma": round h15bb).
_METRIC_NOUNS = frozenset({"metric", "measure"})
#: Type rules that only guess what a name is, not a known model, dataset, method or metric ("BERT", "BLEU").
GUESSED_TYPES = frozenset({"default", "in_parentheses", "tagger"})
#: Type rules of a metric named after "a metric," that may be the authors' own: a guess or the apposition.
_COINED_METRIC_TYPES = GUESSED_TYPES | {"apposition"}


def _metric_introduced(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """"We introduce Sigma, a Subtitle Segmentation Score": a metric right after a proposal verb and typed by an
    apposition is the paper's own, "new" or not ("we present BLEU scores" has no apposition); so is one set off by a
    comma after the authors' proposal verb's "a metric" ("we design a metric, Sigma, which ...": round h15bb) when
    only a guess or the apposition typed it (a known metric, "we present a metric, ROUGE, which ...", stays used); so
    is one such right after "our ... metric" ("We call our metric SERA (...)": review82).

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We design a metric, ZorbGain, which tracks the gain.")
    >>> [(s.text, s._.kg_relation) for s in doc.spans["kg_entities"]]
    [('ZorbGain', 'proposes')]
    """
    if cand.kind is not EntityKind.METRIC:
        return False
    i = next((j for j in range(cand.first - 1, -1, -1) if not in_list("articles", doc[j].text)), -1)
    after = past_bracket(doc, cand.end)
    if (i >= 0 and "PROPOSE" in cues.get(i, set()) and after + 1 < len(doc) and doc[after].text == ","
            and in_list("articles", doc[after + 1].text)) or (i >= 1 and doc[i].lower_ in _METRIC_NOUNS
            and cand.type_rule in _COINED_METRIC_TYPES and "our" in {t.lower_ for t in doc[max(i - 4, 0) : i]}):
        return True
    noun = cand.first - 2  # "we design a metric, Sigma": the proposal verb, an article, a metric noun, a comma
    return (noun >= 3 and cand.type_rule in _COINED_METRIC_TYPES  # not "we present a metric, ROUGE, which ..."
            and doc[cand.first - 1].text == "," and doc[noun].lower_ in _METRIC_NOUNS
            and in_list("articles", doc[noun - 1].text) and "PROPOSE" in cues.get(noun - 2, set())
            and authors_speak(doc, cues, max(sentence_start(doc, noun), noun - 5), noun - 2))  # not "earlier work"

#: Nouns that frame a task name: "the task of X", "the X task", "the X problem".
_TASK_FRAME_NOUNS = frozenset({"task", "problem", "subtask"})


def task_introduced(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Does the authors' proposal verb take the task itself, "new" or not? "we introduce the task of X", "we propose
    and study the task of X", "we introduce a X task and ...", "we introduce X (XT), a task that ...". Not "this
    paper describes our system for the task of X" (the verb takes the system) nor "we present X results".

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We introduce the task of zorbic scenario detection, which is hard.")
    >>> [(s.text, s._.kg_relation) for s in doc.spans["kg_entities"]]
    [('zorbic scenario detection', 'proposes')]
    """
    if cand.kind is not EntityKind.TASK:
        return False
    i = cand.first - 1
    if i >= 2 and doc[i].lower_ == "of" and doc[i - 1].lower_ in _TASK_FRAME_NOUNS:
        i = _frame_modifiers(doc, i - 2)  # "the task of X", "the novel post-processing task of X": to the article
    elif not _task_noun_after(doc, cand.end):
        return _task_apposition(doc, cand, cues)
    elif _serves_a_purpose(doc, cand.end):
        return False  # "we design a backward relation extraction task to enhance ...": an auxiliary task of a method
    while i >= 0 and in_list("articles", doc[i].text):
        i -= 1
    if i >= 2 and doc[i - 1].lower_ == "and" and doc[i].is_lower and doc[i].is_alpha:
        i -= 2  # "we propose and study the task of X"
    return i >= 0 and "PROPOSE" in cues.get(i, set()) and doc[i].lower_ not in NAMING_VERBS


#: A hyphenated modifier that says the task is known, not the authors' own: "the well-known task of X" (review74).
_KNOWN_TASK_PREFIXES = ("well-", "long-", "so-", "widely-", "much-", "often-", "commonly-")


def _frame_modifiers(doc: Doc, i: int) -> int:
    """The token before "task" (at ``i``) walked back over "new" / "novel" and one hyphenated lower-case modifier
    ("the novel post-processing task of X", round h15co); where it skipped one, an article must stand before."""
    k = i
    if k >= 0 and doc[k].is_lower and "-" in doc[k].text and doc[k].text.strip("-") == doc[k].text \
            and not doc[k].lower_.startswith(_KNOWN_TASK_PREFIXES):
        k -= 1  # "post-processing", "multi-label": a compound that says what kind of task
    while k >= 0 and doc[k].lower_ in {"new", "novel"}:
        k -= 1
    return k if k == i or (k >= 0 and in_list("articles", doc[k].text)) else i


def _task_noun_after(doc: Doc, end: int) -> bool:
    """Is the name followed (after its acronym in parentheses) by "task" / "problem" ("a X task and dataset")?"""
    if end < len(doc) and doc[end].text == "(":
        end = next((k + 1 for k in range(end + 1, min(end + 5, len(doc))) if doc[k].text == ")"), end)
    return end < len(doc) and doc[end].lower_ in _TASK_FRAME_NOUNS and (end + 1 >= len(doc) or doc[end + 1].text != "-")


def _serves_a_purpose(doc: Doc, end: int) -> bool:
    """Does "to" follow the task noun after the name ("an auxiliary term classification task to predict ...")?"""
    k = next((k for k in range(end, min(end + 6, len(doc))) if doc[k].lower_ in _TASK_FRAME_NOUNS), None)
    return k is not None and k + 1 < len(doc) and doc[k + 1].lower_ == "to"


def _task_apposition(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """"We introduce X (XT), a task that ...": a task right after a proposal verb with an apposition that calls it a
    task."""
    i = cand.first - 1
    while i >= 0 and in_list("articles", doc[i].text):
        i -= 1
    if i < 0 or "PROPOSE" not in cues.get(i, set()) or doc[i].lower_ in NAMING_VERBS:
        return False
    end = cand.end
    if end < len(doc) and doc[end].text == ")":  # "Long Form (LF), a task": the name closes its parenthesis
        end += 1
    elif end < len(doc) and doc[end].text == "(":
        end = next((k + 1 for k in range(end + 1, min(end + 8, len(doc))) if doc[k].text == ")"), end)
    if end + 2 >= len(doc) or doc[end].text not in _APPOSITION_PUNCT or not in_list("articles", doc[end + 1].text):
        return False
    for token in doc[end + 2 : end + 2 + _APPOSITION_SPAN]:
        if token.text in _TASK_FRAME_NOUNS:  # lower case: not a title's "X: A Novel Task Defying ..."
            return token.i + 1 >= len(doc) or doc[token.i + 1].text != "-"
        if token.is_punct or "BLOCK" in cues.get(token.i, set()):
            return False
    return False




def proposal_trigger(doc: Doc, cand: Candidate, cues: Cues, *, window: int = 14) -> str | None:
    """Walk back from the name through articles, adjectives, nouns and list glue to a proposal cue.

    Returns the role rule (``"proposal_verb"`` or ``"our"``), or ``None`` when a preposition, clause
    end or clause opener comes first.
    """
    first = cand.first
    sent_start = sentence_start(doc, first)
    i = first - 1
    steps = 0
    while i >= sent_start and steps < window:
        token = doc[i]
        labels = cues.get(i, set())
        if "PROPOSE" in labels:
            return "proposal_verb"
        if "OUR" in labels and our_names(doc, first, cues):
            return "our"
        if i == first - 1 and in_list("own_markers", token.text) and i > 0 and in_list("articles", doc[i - 1].text):
            return "our"  # "the new LARGEMED dataset", "the proposed ZorbNet"
        if "BLOCK" in labels or token.text in _CLAUSE_END:
            return None
        if in_list("proposal_barriers", token.text):
            return None
        i -= 1
        steps += 1
    return None


def proposal_after(doc: Doc, cand: Candidate, cues: Cues) -> str | None:
    """What follows the name says the paper makes it: "the IEPD we construct", "X (that) we propose" (rule
    ``named_after``), or "the MELODI team" / "the X submission" in a sentence about the authors' own work
    (``own_entry``: "This paper presents the results obtained by the MELODI team", "... by Team SMASH").

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("Systems trained with the ZorbDict we construct in this study win.")
    >>> [(s.text, s._.kg_relation, s._.kg_role_rule) for s in doc.spans["kg_entities"]]
    [('ZorbDict', 'proposes', 'named_after')]
    """
    end = cand.end
    if end < len(doc) and doc[end].text == "(":  # "X (Long Form) we ...": skip the parenthesis
        close = next((i for i in range(end + 1, min(end + 12, len(doc))) if doc[i].text == ")"), None)
        if close is not None and any(_YEAR.match(t.text) for t in doc[end + 1 : close]):
            close = None  # "the lexicon ANEW (Bradley and Lang, 1999a) we have created ...": a citation ends the name
        end = close + 1 if close is not None else end
    if proposed_passive(doc, cand, end):
        return "named_after"  # "Second, Hyperbolic Zorb Routing (HZR) is introduced to aggregate ..." (round h15ci)
    i = end
    if i < len(doc) and in_list("relative_pronouns", doc[i].text):
        i += 1
    if i + 1 < len(doc) and doc[i].lower_ == "we" and "PROPOSE" in cues.get(i + 1, set()) \
            and not any(t.lower_ in _DOCUMENT_PARTS for t in doc[i + 2 : i + 5]):
        return "named_after"  # not "the results on X we present in Table 2"
    team_before = team_marker_before(doc, cand.first, cand.end) is not None  # "by Team SMASH", "(team name: Spyder)"
    if team_before or (end < len(doc) and in_list("own_entry_nouns", doc[end].text)):
        sent_start = sentence_start(doc, cand.first)
        own = [j for j in range(sent_start, cand.first) if cues.get(j, set()) & {"SELF", "OUR"} or own_work(doc, j)]
        if own and not any(t.lower_ in _COMPARISON_WORDS for t in doc[own[-1] + 1 : cand.first]):
            return "own_entry"  # not "our system outperforms the NTT team": another team, compared with
    return None


#: Words that refer to a part of the paper: "X we present in Table 2" shows X, it does not make it.
_DOCUMENT_PARTS = frozenset({"table", "tables", "section", "sections", "figure", "figures", "fig", "fig.", "appendix",
                             "sec", "sec.", "below", "above"})
#: Words between "our" and "the X team" that make X another team: "our system outperforms the X team".
_COMPARISON_WORDS = frozenset({"outperform", "outperforms", "outperformed", "outperforming", "beat", "beats", "compare",
                               "compared", "compares", "comparing", "comparison", "than", "with", "against", "versus",
                               "vs", "vs.", "other", "others", "over", "surpass", "surpasses", "surpassed"})


def our_names(doc: Doc, start: int, cues: Cues) -> bool:
    """"our X", "our proposed X", "our resulting models, X", "our system (X)": the word before X says it is ours.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We describe our system (Zorba) here.")
    >>> our_names(doc, 5, {2: {"OUR"}, 3: {"PROPOSAL_NOUN"}})
    True
    """
    i = start - 1
    while i >= 0 and in_list("our_glue", doc[i].text):
        i -= 1
    if i < 0:
        return False
    return "OUR" in cues.get(i, set()) or "PROPOSAL_NOUN" in cues.get(i, set()) or in_list("own_markers", doc[i].text)


def novel_apposition(doc: Doc, start: int, end: int, cues: Cues, *, known: bool = False) -> bool:
    """", a (novel) <framework|benchmark|...>" (or ": a ...") right after the name, said of the paper's own work; or
    "is a new / novel / the first <noun>" after a name that opens the sentence ("Zorbnews is a novel dataset of ...",
    round h15ac), unless the name is ``known`` (a listed dataset or model: "Natural Questions is a new ... benchmark"
    describes the benchmark an abstract uses).

    The apposition must call it new ("a novel framework") or the sentence must speak of the authors
    ("we", "our", "here") before the name; "Prior work found that X, a masked language model, ..." is a use,
    and so is a name the sentence says the work is based on ("a solution based on an ensemble of X, a
    multilingual model") unless the apposition calls it new.
    """
    if end < len(doc) and doc[end].text == ")":
        end += 1
    elif end < len(doc) and doc[end].text == "(":  # "SChME (Semantic Change Detection ...), a method"
        close = next((i for i in range(end + 1, min(end + 12, len(doc))) if doc[i].text == ")"), None)
        end = close + 1 if close is not None else end
    tail = doc[end : end + _APPOSITION_SPAN]
    copula = len(tail) >= 3 and tail[0].lower_ == "is" and not known and _opens_sentence(doc, start)
    if len(tail) < 3 or (tail[0].text not in _APPOSITION_PUNCT and not copula):
        return False
    if not in_list("articles", tail[1].text):
        return False
    sent_start = sentence_start(doc, start)
    built_on = any(in_list("foundation_verbs", doc[i].text) or in_list("use_verbs", doc[i].text)
                   for i in range(sent_start, start))  # "based on ... X, a", "the potential of using X, a"
    before = start - 1
    while before > sent_start and in_list("articles", doc[before].text):
        before -= 1
    built_on = built_on or (before >= sent_start and "EVAL_ON" in cues.get(before, set()))  # "evaluate on X, a"
    new = False
    for offset, token in enumerate(tail[2:], start=end + 2):
        labels = cues.get(offset, set())
        if "NOT_NEW" in labels:
            return False
        new = new or ("NEW" in labels and (not copula or token.lower_ in _COPULA_NEW))
        if "PROPOSAL_NOUN" in labels:
            if not new and _not_new_after(doc, offset + 1, cues):
                return False  # "X, a compression technique widely used for ..." (round h15br)
            return new or (not copula and not built_on and authors_speak(doc, cues, sent_start, start))
        if token.text in _APPOSITION_END or "BLOCK" in labels and not in_list("apposition_prepositions", token.text):
            return False
    return False


#: Tokens after an apposition's noun read for a word that calls the thing established ("widely used").
_NOT_NEW_REACH = 4


def _not_new_after(doc: Doc, start: int, cues: Cues) -> bool:
    """Does the apposition go on, within :data:`_NOT_NEW_REACH` tokens of its noun and before a punctuation mark, to
    call the thing established ("X, a compression technique widely used for ...", "X, a metric commonly adopted")?
    An apposition that describes an existing thing is not the authors' proposal, whoever speaks. The word must be a
    participle ("established", "well-known") or go on to one ("widely used", "commonly adopted"): "a representation
    common to all languages", "a step prior to parsing", "a model broadly applicable to ..." call nothing established
    (review56: the guard had read any such word)."""
    for token in doc[start : min(start + _NOT_NEW_REACH, len(doc))]:
        if token.is_punct:
            return False
        if ("NOT_NEW" in cues.get(token.i, set()) or token.lower_ in _ESTABLISHED_ADVERBS) \
                and (_participle(token.lower_) or (token.i + 1 < len(doc) and _participle(doc[token.i + 1].lower_))):
            return True
    return False


def _participle(lower: str) -> bool:
    """Is ``lower`` a past participle that calls a thing established ("used", "adopted", "known")?"""
    return lower.endswith("ed") or lower in {"known", "well-known"}


#: Adverbs before "used" / "adopted" that the NOT_NEW cue does not list ("commonly used"); like the cue's "widely",
#: they count only before a participle.
_ESTABLISHED_ADVERBS = frozenset({"commonly", "frequently", "extensively", "broadly"})

#: Words that call a thing new after "X is a ..." ("Zorbnews is a novel dataset"; not "simple" or "effective", which
#: describe existing work as well: "Skip-Gram is a simple, but effective, model").
_COPULA_NEW = frozenset({"new", "novel", "first"})


def _opens_sentence(doc: Doc, start: int) -> bool:
    """Does the name at ``start`` open its sentence (after "The" at most): "Zorbnews is a novel dataset of ..."?"""
    return doc[start].is_sent_start or (start > 0 and doc[start - 1].is_sent_start and doc[start - 1].lower_ == "the")


#: Kinds whose new acronym a paper coins for its own work (a task or metric is proposed only when called new).
_COINABLE = frozenset({EntityKind.METHOD, EntityKind.DATASET, EntityKind.MODEL})

#: Words between the proposal verb and a spelled-out acronym that make it what the new thing is for, works on or
#: sits in ("we present a parser for linear context-free rewriting systems (LCFRS)", "we propose to incorporate ...
#: into a Variational Recurrent Neural Network (VRNN)", "a novel reward within the Group Relative Policy
#: Optimization (GRPO) framework"): every preposition but "of" and "with", and the infinitive "to".
_NOT_COINED_AFTER = frozenset({"to", "for", "on", "from", "in", "within", "into", "inside", "under", "over", "upon",
                               "after", "before", "across", "via", "through", "by", "at", "against", "versus", "vs",
                               "vs.", "among", "between", "beyond", "towards", "toward", "during", "without", "like",
                               "than", "as", "beside", "besides", "behind", "around", "onto", "per"})


def coined_pair(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Does a sentence about the authors' own work spell out an acronym nobody has used before ("In this paper, we
    describe a structured ... Fusion GNN (KIFGraph)", "we propose a ... model with gated latent space neighborhood
    aggregation (LatsEA)")? A new name coined with its long form where the authors speak is theirs, unless the
    sentence uses it ("we use ... (X)", "based on", "evaluate on") or the corpus knows the acronym."""
    if cand.long_span is None or cand.kind not in _COINABLE or cand.type_rule in KNOWN_TYPE_RULES:
        return False
    short = doc[cand.start : cand.end].text
    if corpus_class(short) is not None or any(t.text == short for t in doc[: cand.first]):
        return False  # known to the corpus, or written before its definition
    sent_start = sentence_start(doc, cand.first)
    verbs = [j for j in range(sent_start, cand.first) if "PROPOSE" in cues.get(j, set())]
    if not verbs or not authors_speak(doc, cues, sent_start, verbs[-1]):
        return False
    return not any(t.lower_ in _NOT_COINED_AFTER or t.text in _CLAUSE_END or in_list("use_verbs", t.text)
                   or in_list("foundation_verbs", t.text) or in_list("proposal_barriers", t.text)
                   or "EVAL_ON" in cues.get(t.i, set()) for t in doc[verbs[-1] + 1 : cand.first])
