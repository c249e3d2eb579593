"""Names shaped like no method or model: the hand policy's drops by the written form of a name (round h15an).

A method or model candidate of ``kg_entities`` is no name when its form says it is something else, whatever its
context (:func:`shaped_non_name`, read by :func:`extractors.entity_policy.drop_reason`):

* ``affixed`` — an adjective made of a name: a negating or temporal prefix glued to it ("non-BERT models",
  "pre-BERT neural models", "post-COVID-19") or a past participle after it ("a GPT-generated exercise book",
  "ChatGPT-annotated data"). The name, if any, is the part the affix is glued to; the whole is none.
* ``edition`` — a name ending in a year: an event's edition ("the NADI 2020 Subtask 1", "HaHackathon 2021",
  "Evalita-2018") or a citation ("Manning-2016"), never a method (the guidelines make shared tasks optional
  datasets); only for names nothing but the default typed (no model family, no dataset rule).
* ``document_part`` — a figure, table, section or equation of the paper ("Figure-1", "section3.5").
* ``website`` — a web domain ("RateMyProfessors.com, the website of this study's focus", "Snopes.com"): a site
  the data comes from, no method (a team named after one proposes its system: "Our team, Infrrd.ai").
* ``task_part`` — a part of a shared task named by the word "task" or "track" with its number or letter
  ("SMALL-TASK1", "SemEval2022-Task3", "Subtask-A") or written in capitals ("FULL-TASK"): a setting of an
  evaluation, never a method (round h15aw; "Multi-Task Learning", "TurkRadBERT-task v1", "Task2Vec" are not).

:func:`titled_description` extends :func:`extractors.entity_corpus.described_pair` ("ground truth (GT)": a
lower-case long form that describes a thing) to long forms written in capitals, for acronyms the authors use and do
not propose: "Corporate Social Responsibility (CSR)", "Electronic Medical Record (EMR)", "Conversational Telephone
Speech (CTS)", "Cross-Language Evaluation Forum (CLEF)" name an activity, a record, a kind of data, an event — no
method. The policy drops such an acronym, with the long form and without it, as it drops "GT" (reason
``described``).

Each test reads the name's text only, so it costs one regular expression per candidate.

:func:`inside_a_quotation` reads the sentence around a name: a capitalised word inside a quoted title or example
of four or more words ("focuses on “Task-oriented Conversational Modeling with Subjective Knowledge”", "“Walkman in
1987 is like iPod in 2007”") belongs to what is quoted; the policy drops it when nothing but the default or the
tagger typed it (reason ``quoted``, round h15aw).
"""
from __future__ import annotations

import re
from functools import cache

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from extractors.entity_corpus import described_pair, long_form_head
from extractors.entity_lexicon import cue_words
from extractors.token_texts import sentence_start, token_flags, token_texts

__all__ = ["NOT_NAME_REASONS", "affixed", "document_part", "edition", "inside_a_quotation", "kind_noun_near",
           "shaped_non_name", "task_part", "titled_description", "website"]

#: The reasons :func:`shaped_non_name` gives, in the order it tries them.
NOT_NAME_REASONS = ("affixed", "edition", "document_part", "website", "task_part")

#: "non-BERT", "pre-BERT", "Post-COVID-19", "non-C3PO": a prefix of negation or time glued to a name of three or more
#: characters with a digit or a second capital ("Pre-LN", "Post-LN" are names of layer-normalisation placements and
#: stay; "Post-Editing", "Pre-Training" are a title's capitalised words).
_PREFIXED = re.compile(r"^(?:[Nn]on|[Pp]re|[Pp]ost|[Aa]nti)-(?=[A-Z0-9])(?=\S*?[0-9]|[A-Z]\S*?[A-Z])[^\s-]{3,}")
#: "GPT-generated", "ChatGPT-annotated", "BERT-labelled": a past participle of making or marking data after a name.
_PARTICIPLE = re.compile(r"[A-Za-z0-9]-(?:generated|annotated|written|produced|created|translated|authored|labell?ed"
                         r"|synthesi[sz]ed|paraphrased|rewritten|simplified|summari[sz]ed)$")
#: "NADI 2020", "Evalita-2018", "Manning-2016", "MEDINFO 1977": a year closes the name.
_YEAR_END = re.compile(r"[A-Za-z][\s\-](?:19[5-9]\d|20[0-4]\d)$")
#: "Figure-1", "Fig. 3", "Table 2", "section3.5", "Eq. 4", "Appendix A" is not matched (no digit).
_DOCUMENT_PART = re.compile(r"^(?:fig(?:ure)?|table|section|sec|eq|equation|appendix|chapter|algorithm)[\s.\-]*\d",
                            re.IGNORECASE)
#: "Snopes.com", "OpenSubtitles.org", "JD.com", "Behance.net": a domain name.
_WEBSITE = re.compile(r"[A-Za-z0-9]\.(?:com|org|net|edu|gov|io|info)$")
#: "SMALL-TASK1", "SemEval2022-Task3", "SemEval-2023Task 6", "Subtask-A", "Track 2": the word "task" or "track" (after
#: a separator or a digit, not glued to a word: "ByteTrack2", "CenterTrack-A" are trackers) closing the name with the
#: number or letter of the part.
_NUMBERED_TASK = re.compile(r"(?:^|[\s\-_]|(?<=\d))(?:sub)?(?:task|track)[\s\-_]?(?:\d+|[a-c])$", re.IGNORECASE)
#: "FULL-TASK", "SMALL-TASK2", "OPEN-TRACK": a name in capitals with a hyphenated part TASK or TRACK.
_CAPITAL_TASK = re.compile(r"^(?:[A-Z0-9]+-)+(?:SUB)?(?:TASK|TRACK)[0-9]*(?:-[A-Z0-9]+)*$")


def affixed(text: str) -> bool:
    """Is ``text`` an adjective made of a name by a prefix or a participle glued to it?

    >>> [affixed(t) for t in ["non-BERT", "pre-BERT", "post-COVID-19", "GPT-generated", "ChatGPT-annotated"]]
    [True, True, True, True, True]
    >>> [affixed(t) for t in ["Pre-LN", "non-parametric", "BERT", "Zorb-Net", "pre-trained", "GPT-4", "Post-Editing"]]
    [False, False, False, False, False, False, False]
    """
    return " " not in text and (_PREFIXED.match(text) is not None or _PARTICIPLE.search(text) is not None)


def edition(text: str) -> bool:
    """Does a year close ``text`` (an event's edition or a citation)?

    >>> [edition(t) for t in ["NADI 2020", "Evalita-2018", "Manning-2016", "MEDINFO 1977"]]
    [True, True, True, True]
    >>> [edition(t) for t in ["GPT-2", "ResNet-1001", "Llama 2", "BM25", "T5-3000", "Zorb2020"]]
    [False, False, False, False, False, False]
    """
    return _YEAR_END.search(text) is not None


def document_part(text: str) -> bool:
    """Is ``text`` a part of the paper itself?

    >>> [document_part(t) for t in ["Figure-1", "Fig. 3", "Table 2", "section3.5", "Eq. 4"]]
    [True, True, True, True, True]
    >>> [document_part(t) for t in ["FigNet", "Tableau", "SectionBERT", "Appendix"]]
    [False, False, False, False]
    """
    return _DOCUMENT_PART.match(text) is not None


def website(text: str) -> bool:
    """Is ``text`` a web domain?

    >>> [website(t) for t in ["Snopes.com", "OpenSubtitles.org", "Behance.net", "JD.com"]]
    [True, True, True, True]
    >>> [website(t) for t in ["Node.js", "GPT-3.5", "com", "X.AI"]]
    [False, False, False, False]
    """
    return _WEBSITE.search(text) is not None


def task_part(text: str) -> bool:
    """Does ``text`` name a part of a shared task (a subtask, a track, a setting) by the word "task" or "track"?

    >>> [task_part(t) for t in ["SMALL-TASK1", "FULL-TASK", "SemEval2022-Task3", "SemEval-2023Task 6", "Subtask-A"]]
    [True, True, True, True, True]
    >>> [task_part(t) for t in ["Multi-Task Learning", "TurkRadBERT-task v1", "Task2Vec", "MT-DNN", "TASK", "T5"]]
    [False, False, False, False, False, False]
    """
    return _NUMBERED_TASK.search(text) is not None or _CAPITAL_TASK.match(text) is not None


def shaped_non_name(text: str, *, type_rule: str, proposed: bool) -> str | None:
    """The reason (one of :data:`NOT_NAME_REASONS`) why a method or model candidate written ``text`` is no name, or
    ``None``. ``type_rule`` is the rule that typed it (only ``affixed`` overrules a rule that vouches for the name,
    such as a model family: "non-BERT" is still no model); ``proposed``: the authors propose it (a website is then
    the team's name).

    >>> shaped_non_name("non-BERT", type_rule="model_family", proposed=False)
    'affixed'
    >>> shaped_non_name("NADI 2020", type_rule="default", proposed=False)
    'edition'
    >>> shaped_non_name("Zorb 2020", type_rule="apposition", proposed=True) is None
    True
    >>> shaped_non_name("Infrrd.com", type_rule="default", proposed=True) is None
    True
    """
    if affixed(text):
        return "affixed"
    if type_rule not in _UNTYPED_RULES:
        return None
    if edition(text):
        return "edition"
    if document_part(text):
        return "document_part"
    if website(text) and not proposed:
        return "website"
    if task_part(text):
        return "task_part"
    return None


#: Type rules that say nothing of the name but that it is capitalised (the default) or that the tagger took it.
_UNTYPED_RULES = frozenset({"default", "tagger"})


#: A word with a capital after a small letter or a digit inside ("XLM-RoBERTa", "GroundNet", "InterfAce"): a name
#: or an acrostic inside the long form, which makes it a name itself.
_INNER_NAME = re.compile(r"[a-z0-9][A-Z]")
#: Quotation marks a long form may open with.
_OPENING_QUOTES = "“\"‘'«"
#: Endings of agent nouns that head names of tools and systems ("Montreal Forced Aligner", "Deductive Reasoner"), and
#: of networks ("Zorbing Embedding Nets", "Pointer Net").
_AGENT_ENDINGS = ("er", "or", "net", "nets")


def titled_description(short: str, long_form: str) -> bool:
    """Does a long form written with capitals describe a thing rather than name a method, as a lower-case one does
    for :func:`~extractors.entity_corpus.described_pair` ("Electronic Medical Record (EMR)", "Corporate Social
    Responsibility (CSR)")? Not when a word of it is a name ("XLM-RoBERTa (XLMR)"), or its head is an agent noun
    ("Montreal Forced Aligner (MFA)") or a network ("Embedding Nets"), a process, a method head, or the head or
    the acronym is known as a method;
    a word broken at a line end ("Lattice Neural Net- work") hides the head.

    >>> titled_description("EMR", "Electronic Medical Record")
    True
    >>> titled_description("CLEF", "Cross-Language Evaluation Forum")
    True
    >>> titled_description("XLMR", "XLM-RoBERTa"), titled_description("MFA", "Montreal Forced Aligner")
    (False, False)
    >>> titled_description("LDA", "Latent Dirichlet Allocation"), titled_description("HAN", "Graph Attention Network")
    (False, False)
    >>> titled_description("SAICL", "Self-Adaptive In-Context Learning")
    False
    >>> titled_description("ADL", "“Activities of Daily Living")
    True
    >>> titled_description("GT", "ground truth"), titled_description("WC-LSTM", "Word-Character LSTM")
    (False, False)
    """
    text = long_form.lstrip(_OPENING_QUOTES)  # "“Activities of Daily Living (ADL)”"
    if not text[:1].isupper() or _INNER_NAME.search(text) is not None or "- " in text:
        return False
    head = long_form_head(text)
    if any(word.isupper() and word.lower() == head for word in text.split()) or head.endswith(_AGENT_ENDINGS):
        return False
    return described_pair(short, text.lower().replace("-", ""))  # "In-Context Learning": "in" is no preposition


_NEAR_BEFORE = 4  # tokens before a long form searched for a method noun
_NEAR_AFTER = 2  # tokens after the acronym's closing bracket


def kind_noun_near(doc: Doc, start: int, end: int) -> bool:
    """Does a noun of an entity kind (a method, architecture, model or dataset noun; "task"; "metric") stand right
    before the pair of an acronym and its long form (``doc[start:end]``, either first) or right after it (a closing
    bracket skipped): "rationale extraction methods of Local Interpretable Model Agnostic Explanations (LIME)", "the
    COALS (Correlated Occurrence Analogue to Lexical Semantic) algorithm", "the task of Localization via Embodied
    Dialog (LED)", "the MAD (Movie Audio Descriptions) dataset"? Then the sentence says what the pair is, whatever
    its head.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We use the method Parallel Context Windows (PCW) and Zorb Medical Record (ZMR) data.")
    >>> kind_noun_near(doc, 4, 8), kind_noun_near(doc, 10, 14)
    (True, False)
    """
    nouns = _kind_nouns()
    texts = token_texts(doc)
    after = end + 1 if end < len(doc) and texts[end] == ")" else end
    return any(texts[i].lower() in nouns for i in range(max(0, start - _NEAR_BEFORE), start)) \
        or any(texts[i].lower() in nouns for i in range(after, min(len(doc), after + _NEAR_AFTER)))


@cache
def _kind_nouns() -> frozenset[str]:
    """Nouns that call a name a method, an architecture, a model, a metric or a dataset (the cue patterns'
    ``METHOD_HEAD``, ``ARCH_HEAD``, ``MODEL_HEAD``, ``METRIC_HEAD``, ``DATASET_HEAD``), or a task, but "objective":
    "The objective of the Cross-Language Evaluation Forum (CLEF)"."""
    return (cue_words("METHOD_HEAD") | cue_words("ARCH_HEAD") | cue_words("MODEL_HEAD") | cue_words("METRIC_HEAD")
            | cue_words("DATASET_HEAD") | {"task", "tasks"}) - {"objective"}


#: Quotation marks that open and close a quotation ('"' does both: which it is depends on how many came before).
_OPENING_MARKS = frozenset({"“", "«", '"'})
_CLOSING_MARKS = frozenset({"”", "»", '"'})
_MIN_QUOTED = 4  # tokens a quotation needs to be a title or an example rather than a quoted name ("“BERT”")
_MAX_QUOTED = 40  # tokens searched on each side


def inside_a_quotation(doc: Doc, start: int, end: int) -> bool:
    """Is ``doc[start:end]`` part of a quotation of at least four tokens in its sentence, and not all of it, whose
    words include a function word (a quoted title or sentence, not a quoted description of a checkpoint)?

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()('The track focuses on “Modeling with Subjective Knowledge”. We tune “ZorbNet”.')
    >>> inside_a_quotation(doc, 6, 8), inside_a_quotation(doc, 12, 13)
    (True, False)
    >>> doc = blank_pipeline()('We compare "Zorb" and Flim on "the Zorb example set" data.')
    >>> inside_a_quotation(doc, 5, 6), inside_a_quotation(doc, 3, 4), inside_a_quotation(doc, 9, 10)
    (False, False, True)
    """
    texts = token_texts(doc)
    sentence = sentence_start(doc, start)
    first = max(sentence, start - _MAX_QUOTED)
    straight = texts[sentence:start].count('"')  # from the sentence's start: a window could cut a pair of marks
    opening = next((i for i in range(start - 1, first - 1, -1) if texts[i] in _OPENING_MARKS or texts[i] in
                    _CLOSING_MARKS), None)
    if opening is None or texts[opening] not in _OPENING_MARKS or (texts[opening] == '"' and straight % 2 == 0):
        return False  # no quotation open before the name (a closing mark came first, or '"' closed one)
    is_sent_start = token_flags(doc).is_sent_start
    closing = None
    for i in range(end, min(len(doc), end + _MAX_QUOTED)):
        if is_sent_start[i] or texts[i] in {"“", "«"}:
            break  # the sentence ended, or another quotation opens, before any closing mark
        if texts[i] in _CLOSING_MARKS:
            closing = i
            break
    if closing is None or closing - opening - 1 < _MIN_QUOTED or (opening + 1, closing) == (start, end):
        return False
    return any(text.lower() in STOP_WORDS for text in texts[opening + 1:closing])  # a title or a sentence has
    # function words ("Modeling with Subjective Knowledge", "Walkman in 1987 is like iPod"); "“ZorbNet large cased
    # model”" describes a checkpoint and keeps its name
