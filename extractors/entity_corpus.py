"""What a name is across the corpus, for names an abstract uses without saying what they are.

An abstract often writes an acronym or a short name with nothing around it
that types it ("trained on UD", "CCG is used to ...", "results at IWSLT").
The rules would call it a method by default. This module decides such names
from two kinds of evidence:

* **the long form** of an acronym pair (:func:`long_form_class`): its head word
  says whether the acronym names a task ("automatic post-editing (APE)"), a
  dataset ("Danish Sentiment Lexicon"), a metric ("Multidimensional Quality
  Metrics (MQM)"), a field ("deep learning (DL)") or something that is no
  method, dataset or model at all — a language, formalism, theory, linguistic
  unit, organisation or venue (``non_entity_heads.txt``: "Modern Standard
  Arabic (MSA)", "Abstract Meaning Representation (AMR)", "International
  Workshop on Spoken Language Translation (IWSLT)");
* **the corpus** (:func:`corpus_class`): ``patterns/corpus_kinds.txt``, learned
  by ``scripts/build_entity_evidence.py`` from the abstracts of the Anthology's
  ``train`` slice only: how the corpus spells an acronym out (the majority
  class of its long forms; an acronym spelled out as several different things
  is ``ambiguous``), and what the corpus writes right after a name (a dataset
  noun: "UD treebanks"; a series word or a year: "the PARSEME shared task",
  "IWSLT 2023"; a formalism's follower: "AMR parsing", "CCG supertagging").

Classes: ``method`` (a method head: "... Random Fields", "SVM classifier"),
``task``, ``dataset``, ``metric``, ``series`` (an evaluation series, venue or
project), ``none`` (no entity of any kind kg extracts) and ``ambiguous``. A
short acronym (two to four capitals) that its abstract does not explain and
that the corpus writes often without ever explaining it (``unexplained``) is
dropped.

>>> long_form_class("automatic post-editing"), long_form_class("Modern Standard Arabic")
('task', 'none')
>>> long_form_class("International Workshop on Spoken Language Translation"), long_form_class("deep learning")
('series', 'none')
>>> long_form_class("Multidimensional Quality Metrics"), long_form_class("Conditional Random Fields")
('metric', 'method')
"""
from __future__ import annotations

import re
from functools import cache, lru_cache

from extractors.entity_lexicon import corpus_kinds, cue_words, in_list, word_list, word_lists
from extractors.entity_names import not_a_name
from extractors.entity_task_frames import task_by_definition
from extractors.entity_tasks import task_long_form
from ontology.kinds import EntityKind

__all__ = ["CLASSES", "HEAD_PREPOSITIONS", "KNOWN_TYPE_RULES", "NAMED_BY_ITSELF", "corpus_class", "described_pair",
           "event_in_parentheses", "long_form_class", "long_form_head", "names_a_tool"]

#: Every class :func:`long_form_class` and :func:`corpus_class` may give.
CLASSES = ("method", "task", "dataset", "metric", "series", "none", "ambiguous", "unexplained")
#: A short acronym: two to four capitals ("TM", "CLIR"); unexplained, it needs the corpus to call it a method.
_SHORT_ACRONYM = re.compile(r"^[A-Z]{2,4}$")
#: One name shaped like an acronym or a series (capitals inside) glued or hyphened to a year: "FNS-2022".
_EDITION = re.compile(r"^[A-Za-z][A-Za-z\-]*[A-Z][A-Za-z]*-?(?:19|20)\d\d$")

#: Prepositions that end a long form's head ("Corpus of ...", "interface to databases"): :func:`long_form_head`.
HEAD_PREPOSITIONS = frozenset({"of", "on", "for", "in", "from", "between", "with", "to", "at"})
_WORDS = re.compile(r"[^\W\d_]+(?:[’'][a-z]+)?", re.UNICODE)
#: Dataset nouns that end a resource's long form besides the dataset cue words ("Danish Sentiment Lexicon").
_RESOURCE_HEADS = frozenset({"lexicon", "lexicons", "dictionary", "thesaurus", "wordnet", "database", "bank",
                             "ontology", "treebank", "corpus", "corpora", "data"})
_METRIC_HEADS = frozenset({"metric", "metrics", "measure", "measures"})


def long_form_head(long_form: str) -> str:
    """The head word of a long form: the last word before its first preposition, else its last word (lower case).

    >>> long_form_head("International Workshop on Spoken Language Translation"), long_form_head("Byte Pair Encoding")
    ('workshop', 'encoding')
    >>> long_form_head("Emotion Recognition in Conversation"), long_form_head("code-switching")
    ('recognition', 'switching')
    """
    words = _WORDS.findall(long_form.lower())
    for i, word in enumerate(words[1:], 1):
        if word in HEAD_PREPOSITIONS:
            return words[i - 1]
    return words[-1] if words else ""


@lru_cache(maxsize=1 << 16)  # asked again for each mention of an acronym in an abstract
def long_form_class(long_form: str) -> str | None:
    """What an acronym whose long form is ``long_form`` names, when the head word says it (else ``None``).

    ``method`` (a method head: ``method_heads.txt``), ``task`` (a task head: recognition, translation,
    post-editing, scoring ...), ``series`` (a workshop,
    campaign, project: ``series_heads.txt``), ``metric``, ``dataset`` (a dataset or resource noun),
    ``none`` (a field, a language, a formalism, a unit, an organisation: ``paradigms.txt``,
    ``languages.txt``, ``non_entity_heads.txt``).
    """
    text = " ".join(long_form.lower().split())
    if text in word_list("paradigms.txt"):
        return "none"
    head = long_form_head(text)
    if head in word_list("task_heads.txt") or ("-to-" in text and task_long_form(long_form)):
        words = _WORDS.findall(text)
        if head in words[1:] and in_list("approach_participles", words[words.index(head) - 1]):
            return "method"  # "retrieval-augmented generation": a way of generating
        return "task"
    if head in word_list("series_heads.txt"):
        return "series"
    if head in _METRIC_HEADS or (head in word_list("metric_phrases.txt") and len(text.split()) > 1):
        return "metric"
    if head in _RESOURCE_HEADS or head in cue_words("DATASET_NOUN"):
        return "dataset"
    if head in word_list("non_entity_heads.txt") or head in word_list("languages.txt") \
            or in_list("organisation_heads", head):
        return "none"
    if head in word_list("method_heads.txt"):
        return "method"
    return None


#: Endings of a head that names a process, which a method may be ("dense passage retrieval (DPR)", "dependency length
#: minimization"), or of an adjective that modifies what follows the parenthesis ("positive-unlabeled (PU) learning").
_PROCESS_ENDINGS = ("tion", "sion", "ment", "ing", "sis", "ance", "ence", "al", "ed")
#: Endings of agent and instrument nouns that head method names ("generator", "extractor", "tokenizer", "classifier").
_INSTRUMENT_ENDINGS = ("ator", "ctor", "izer", "iser", "ifier")


@cache
def _method_like_heads() -> frozenset[str]:
    """Head words a long form names a method, model or tool by: ``method_heads.txt``, the method, architecture and
    model nouns of the cue patterns, the proposal nouns that name no dataset or metric, and
    ``instrument_heads`` (entity_words.jsonl: "retriever", "parser", "memory", "convolution" ...)."""
    proposal = cue_words("PROPOSAL_NOUN") - cue_words("DATASET_NOUN") - {"metric", "metrics", "knowledge",
                                                                            "benchmark", "benchmarks"}
    return (word_list("method_heads.txt") | cue_words("METHOD_HEAD") | cue_words("ARCH_HEAD")
            | cue_words("NAME_ARCH") | cue_words("MODEL_HEAD") | proposal
            | frozenset(word_lists()["instrument_heads"].lower))


def names_a_tool(long_form: str) -> bool:
    """Does ``long_form``'s head (:func:`long_form_head`) name a method, model, system or tool
    (:func:`_method_like_heads`: "conversational recommender systems", "an auxiliary parser"), not a process
    ("Heuristic Analysis for NLI Systems (HANS)", a dataset's name)? Such an acronym names no dataset, whatever the
    corpus writes after it elsewhere (round h15bo).

    >>> names_a_tool("conversational recommender systems"), names_a_tool("clinical trial data")
    (True, False)
    >>> names_a_tool("Heuristic Analysis for NLI Systems")
    False
    """
    head = long_form_head(long_form)
    return head in _method_like_heads() and not head.endswith(_PROCESS_ENDINGS)  # not "Heuristic Analysis for ..."


def described_pair(short: str, long_form: str) -> bool:
    """Does a lower-case long form describe a thing rather than name a method: spelled out for an acronym in
    capitals the corpus does not know as a method, with a head that names no method, model or tool and says no
    other kind and no process ("adverse drug effect (ADE)", "ground truth (GT)", "cyber threat intelligence (CTI)",
    "user-generated text (UGT)")? Then the acronym is no name.

    >>> described_pair("ADE", "adverse drug effect"), described_pair("GT", "ground truth")
    (True, True)
    >>> described_pair("DPR", "dense passage retrieval"), described_pair("PU", "positive-unlabeled")
    (False, False)
    >>> described_pair("MAM", "masked attention mechanism"), described_pair("CoT", "chain-of-thought")
    (False, False)
    >>> described_pair("DPR", "dense passage retriever"), described_pair("ZTG", "zorbic text generator")
    (False, False)
    """
    if not long_form[:1].islower() or not short.isupper() or long_form_class(long_form) is not None:
        return False
    if corpus_class(short) == "method":
        return False  # "long short-term memory (LSTM)": the corpus knows the name
    head = long_form_head(long_form)
    if any(word.isupper() and word.lower() == head for word in long_form.split()):
        return False  # "word-character LSTM (WC-LSTM)", "phrase-based SMT": the head is itself a name
    return (bool(head) and head not in _method_like_heads() and not head.endswith(_INSTRUMENT_ENDINGS)
            and not head.endswith(_PROCESS_ENDINGS))


def _corpus_classes() -> dict[str, str]:
    """``patterns/corpus_kinds.txt`` as name → class (one place to read it; tests put invented series in)."""
    return corpus_kinds()


def corpus_class(name: str) -> str | None:
    """The class the train slice of the corpus gives ``name`` (``patterns/corpus_kinds.txt``), or ``None``.

    A name with glued digits or a year that is not listed itself is the edition of a series when its stem is a
    series ("WMT19").

    >>> corpus_class("AMR"), corpus_class("ZorbNet") is None
    ('none', True)
    """
    table = _corpus_classes()
    if name in table:
        return table[name]
    stem = re.sub(r"[\s\-]*\d+$", "", name)
    return "series" if stem and stem != name and table.get(stem) == "series" else None


def _the_event(doc, cand) -> bool:
    """Does the text speak of an edition as the event rather than its data: a series word after it ("the SIGMORPHON
    2020 Shared Task", "the ALTA 2020 shared task", "the WMT19 workshop") or "at" before it ("co-located at RANLP
    2023")? Then it names no dataset ("results on the WMT19 test set" still do; the guidelines make shared tasks
    optional datasets, so a name for the event as written is left out)."""
    after = doc[cand.end].lower_ if cand.end < len(doc) else ""
    before = doc[cand.start - 1].lower_ if cand.start > 0 else ""
    return after in word_list("series_heads.txt") or before == "at" or _described_event(doc, cand.end) \
        or _meeting_in_parentheses(doc, cand.start, cand.end)


#: Nouns after an edition that speak of its data ("the WMT19 English-German test set", "the i2b2-2010 clinical relation
#: extraction challenge dataset").
_DATA_NOUNS = frozenset({"test", "set", "sets", "data", "dataset", "datasets", "corpus", "corpora", "benchmark",
                         "benchmarks", "treebank", "treebanks"})
#: Words between an edition and the series word after it that end the edition's noun phrase: a function word, a data
#: noun or a track; a pronoun or determiner opens a new phrase, so a clause after the edition ("AmericasNLP 2023
#: results show our system wins every competition") is no description of the event.
_EVENT_GAP_STOPS = _DATA_NOUNS | {"and", "or", "of", "on", "in", "for", "to", "with", "by", "at", "from", "as", "than",
                                  "the", "a", "an", "we", "is", "are", "was", "were", "which", "that", "track",
                                  "our", "their", "its", "it", "they", "this", "these", "those", "every", "each",
                                  "all", "some", "any", "no"}
#: How many words a description between an edition and its series word may take.
_EVENT_GAP = 6


def _described_event(doc, end: int) -> bool:
    """Does a series word close the noun phrase the edition opens, after a description of the event: "the LT-EDI
    RANLP 2023 Hope Speech Detection shared task", "the AmericasNLP 2023 low-resource machine translation shared
    task"? The edition then names the event (or its venue), not data. A function word, a data noun or punctuation
    first ends the phrase ("RANLP 2023 data for the shared task" keeps it), and a data noun after the series word
    makes the whole phrase data ("the i2b2-2010 clinical relation extraction challenge dataset")."""
    heads = word_list("series_heads.txt")
    for k in range(end, min(end + _EVENT_GAP + 1, len(doc))):
        if doc[k].lower_ in heads:
            after = [t.lower_ for t in doc[k + 1 : k + 3]]
            if after[:1] in (["task"], ["tasks"]):
                after = after[1:]
            return not (after and after[0] in _DATA_NOUNS)
        if doc[k].lower_ in _EVENT_GAP_STOPS or not any(ch.isalpha() for ch in doc[k].text):
            return False
    return False


def _meeting_in_parentheses(doc, start: int, end: int) -> bool:
    """Is the edition in parentheses right after a capitalised meeting noun: "the Second Arabic Natural Language
    Processing Conference (ArabicNLP 2024)"? It is the meeting's short name."""
    return 2 <= start and end < len(doc) and doc[start - 1].text == "(" and doc[end].text == ")" \
        and doc[start - 2].lower_ in _MEETINGS and doc[start - 2].text[:1].isupper()


#: Nouns that open the long name of a meeting ("Workshop on ...", "Conference on ..."): a short name in parentheses
#: after it names the meeting.
_MEETINGS = frozenset({"workshop", "conference", "symposium", "congress", "summit", "meeting"})
#: How far back from the parenthesis the meeting's noun may stand.
_MEETING_REACH = 14


def event_in_parentheses(doc, start: int, end: int) -> bool:
    """Is the name at ``start:end`` in parentheses right after the long name of a meeting, a capitalised phrase that
    opens with "Workshop on", "Conference on", "Symposium on" ...: "the Second Workshop on Language Technologies for
    Historical and Ancient Languages (LT4HALA)", where the short name has a digit the acronym pairs do not spell out?
    (Not "a workshop on named entity recognition (ZorbNER)": the phrase after "on" must be capitalised.)

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("held at the Second Workshop on Zorb Technologies for Old Languages (ZT4OL) 2022")
    >>> event_in_parentheses(doc, 12, 13)
    True
    >>> doc = blank_pipeline()("a workshop on named entity recognition (Zorb4NER) and a Zorb Model (Zorb4M)")
    >>> event_in_parentheses(doc, 7, 8), event_in_parentheses(doc, 14, 15)
    (False, False)
    """
    if start < 3 or end >= len(doc) or doc[start - 1].text != "(" or doc[end].text != ")":
        return False
    k = start - 2
    while k > 0 and start - k <= _MEETING_REACH:
        word = doc[k]
        if word.lower_ == "on" and doc[k - 1].lower_ in _MEETINGS and doc[k - 1].text[:1].isupper():
            return doc[k + 1].text[:1].isupper()
        if not (word.text[:1].isupper() or word.lower_ in {"and", "for", "of", "in", "the", "&", ",", "-"}):
            return False
        k -= 1
    return False


def _proposing_team(doc, cand) -> bool:
    """Does the paper present the system of an organisation named by its long form ("This paper presents Huawei
    Zorb Services Center (HW-ZSC)'s submission")? A team's name is a method (the guidelines), so the organisation's
    head noun (``organisation_heads``) does not make the acronym no name there; used, it does ("funded by the
    National Zorb Foundation (NZF)")."""
    long_form = doc[cand.long_span[0] : cand.long_span[1]].text
    return cand.relation.value == "proposes" and in_list("organisation_heads", long_form_head(long_form))


#: Type rules that know the name itself (a listed dataset or model); its long form does not overrule them.
NAMED_BY_ITSELF = frozenset({"gazetteer", "model_family", "named_dataset", "known_resource"})
#: Type rules that know the name or its long form before this abstract (a list, a family, the corpus): a name they
#: typed is not coined here.
KNOWN_TYPE_RULES = frozenset({"gazetteer", "model_family", "known_resource", "known_method", "method_phrase",
                              "corpus", "dataset_stem", "edition"})


def settle_untyped(doc, cand) -> bool:
    """Type a method candidate nothing in its abstract typed (rule ``default`` or the tagger's method) by what
    its long form or the corpus says it is; ``False`` when it is no entity at all (drop it).

    An acronym whose long form here is a language, formalism or field is dropped whatever typed it
    ("sign language (SL) corpora"), unless its name is known by itself (gazetteer, model family).
    With a long form in this abstract, the long form decides (:func:`long_form_class`, type rule
    ``long_form``); without one, the corpus (:func:`corpus_class`, type rule ``corpus``): a task, dataset
    or metric takes that kind; an evaluation series or venue is a dataset only with its edition ("IWSLT
    2023", "WMT19"), else dropped; a name unknown to the corpus glued or hyphened to a year is the edition of
    an evaluation campaign, a dataset (type rule ``edition``: "FNS-2022"); a language, formalism, field, organisation ("none") or an acronym the
    corpus spells out as different things ("ambiguous") is dropped.
    """
    if cand.long_span is not None and cand.kind in {EntityKind.METHOD, EntityKind.DATASET} \
            and cand.type_rule not in NAMED_BY_ITSELF \
            and long_form_class(doc[cand.long_span[0] : cand.long_span[1]].text) == "none" \
            and not _proposing_team(doc, cand):
        return False  # "sign language (SL) corpora": the corpora are unnamed, SL is a language
    if cand.kind is not EntityKind.METHOD or cand.type_rule not in {"default", "tagger"}:
        return True
    if cand.long_span is None and event_in_parentheses(doc, cand.start, cand.end):
        return False  # "the Second Workshop on Language Technologies for ... (LT4HALA)": the event's short name
    text = doc[cand.start : cand.end].text
    if cand.long_span is not None:
        long_form = doc[cand.long_span[0] : cand.long_span[1]].text
        kind, rule = long_form_class(long_form), "long_form"
        if kind in {None, "method"} and task_by_definition(doc, *cand.long_span, cand.start, cand.end):
            kind, rule = "task", "task_definition"  # "Visual-Semantic Embedding (VSE) aims to learn ..."
        if kind == "none" and _proposing_team(doc, cand):
            return True  # "Huawei Zorb Services Center (HW-ZSC)'s submission": the team's system, a method
        if kind is None and described_pair(text, long_form):
            return False  # "adverse drug effect (ADE)", "ground truth (GT)": described, not a named method
    elif text.lower() in word_list("known_methods.txt"):
        return True  # "RAG": a textbook method keeps its kind whatever the corpus's long forms once said
    elif corpus_class(text) is not None or " " not in text:
        kind, rule = corpus_class(text), "corpus"
    else:  # a phrase names itself: "Modern Standard Arabic"
        if text.split()[-1].lower() in word_lists()["generic_long_form_ends"].lower or not_a_name(text):
            return False  # "Large Language Models", "Amazon Mechanical Turk": a kind of thing, a platform
        kind, rule = long_form_class(text), "long_form"
        if kind == "task":
            return True  # "through Contrastive Gradient Identification": a method named like a task stays
    if kind == "unexplained" and _SHORT_ACRONYM.match(text):
        return False  # "TM", "CLIR", "FBK": an acronym the corpus writes often and never explains as a method
    if kind in {None, "unexplained"} and cand.long_span is None and _EDITION.match(text):
        if _the_event(doc, cand):
            return False
        cand.kind, cand.type_rule = EntityKind.DATASET, "edition"
        return True  # "FNS-2022", "DravidianLangTech-EACL2021": an evaluation campaign's edition, not a method
    if kind in {None, "method", "unexplained"}:
        return True
    if kind == "series":
        kind = "dataset" if any(ch.isdigit() for ch in text) and not _the_event(doc, cand) else "none"
    if kind in {"none", "ambiguous"}:
        return False
    cand.kind, cand.type_rule = EntityKind(kind), rule
    return True
