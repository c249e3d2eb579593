"""Find named methods, datasets and models in an abstract, and whether the paper proposes or uses each.

The component ``kg_entities`` works in three steps, all driven by data files
in ``extractors/patterns/`` (cue words in ``entity_cues.jsonl``, word lists in
``*.txt``) and by the spans of two earlier components, ``kg_acronyms`` and
``kg_gazetteer`` (known Papers-with-Code dataset names):

1. **Candidates**: acronym pairs (``Sparse Gated Adapters (SGA)``) whose long
   form is capitalised like a name or whose either side is a known dataset;
   known dataset names (with a version: ``SQuAD 2.0``); capitalised phrases
   ending in a capitalised dataset noun (``GitHub Typo Corpus``); tokens
   shaped like names (``TinyRule``, ``ZB8K``, ``Qwen-2.5``) with version
   continuations (``Zorb-Tuning V2``); names of known model families; and
   capitalised words only where a list or a dataset noun vouches for them.
   Generic field acronyms (LLM, RL, NLP), metrics (BLEU), venues (ACL),
   language pairs (En-De) and plurals (LLMs) are not entities.
2. **Type** (the *type rule*, recorded with every entity): *dataset* for
   known dataset names (``gazetteer``) and capitalised dataset phrases
   (``named_dataset``); *model* for model families and size or checkpoint
   suffixes (``model_family``); then the noun of an apposition or copula
   (``apposition``: "X, a new corpus", "X is a framework"), the head of a list
   of examples (``examples``: "benchmarks such as X"), a head noun after the
   name (``head_noun``: "the X benchmark", "the X framework"), the last word of
   an acronym's long form (``long_form``), "on" / "across" before it
   (``evaluated_on``), a dataset-like suffix (``dataset_suffix``: ``-Bench``,
   ``WikiQA``, ``PropBank``); a name listed with typed datasets takes their type
   (``list``).  Otherwise *method* (``default``, i.e. untyped).
3. **Role** (the *role rule*): *proposes* when a proposal verb ("we propose /
   introduce / present", "namely", "our") reaches the name without crossing a
   preposition (``proposal_verb``, ``our``), when an appositive such as ", a
   novel framework" follows (``apposition``), or when it opens a numbered
   contribution (``contribution_list``); otherwise *uses* (``use``).

Each entity span goes to ``doc.spans["kg_entities"]`` with its type as label
and ``"<relation>:<role rule>+<type rule>:<confidence>"`` as ``id_``; an
acronym keeps the id of its pair in ``doc.spans["kg_acronyms"]`` as ``kb_id_``.

>>> nlp = build_pipeline()
>>> doc = nlp("We propose TinyRule, a novel loss. It beats Llama-3 by 3% on TinyBench.")
>>> [(s.text, s.label_, s.id_) for s in doc.spans["kg_entities"]]
[('TinyRule', 'method', 'proposes:proposal_verb+apposition:0.85'), ('Llama-3', 'model', 'uses:use+model_family:0.80'), ('TinyBench', 'dataset', 'uses:use+evaluated_on:0.80')]
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from itertools import chain
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

import spacy
from spacy.attrs import ORTH
from spacy.language import Language
from spacy.matcher import Matcher, PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import compile_infix_regex, compile_suffix_regex

import extractors.acronyms  # noqa: F401  (registers the kg_acronyms factory)
import extractors.gazetteer  # noqa: F401  (registers the kg_gazetteer factory)

__all__ = ["EntityRecognizer", "blank_pipeline", "build_pipeline", "cue_words", "iter_entities", "model_family",
           "name_shape", "subtitle_kind", "PIPELINE_VERSION"]

SPAN_KEY = "kg_entities"
#: Bumped whenever patterns or rules change what is extracted.
PIPELINE_VERSION = "2"

_VERSION = re.compile(r"^(?:[vV]\d+(?:\.\d+)*|\d+(?:\.\d+)*|\d+(?:\.\d+)?[BbMmKk])$")
_SIZE_OR_CHECKPOINT = re.compile(
    r"(?:[-_.]\d+(?:\.\d+)?[BbMm](?:\b|$)|[-_](?:instruct|chat|base|large|small|mini|uncased|cased|xl|xxl)$)",
    re.IGNORECASE,
)
_DATASET_SUFFIX = re.compile(r"(?:bench|qa|eval|data|set|corpus|glue|squad|bank|db)$", re.IGNORECASE)
_TASK_ACRONYM_QA = re.compile(r"^[A-Z]{1,3}QA$")  # ODQA, KBQA, VQA: tasks, not datasets
_FAMILY_SUFFIX = re.compile(r"^[A-Za-z]+-?(?:BERT|BERTa|GPT|T5)(?:$|[-_.\d])")  # SciBERT, M-BERT, BioGPT, mT5
_NAME_CHARS = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+\-_]*[A-Za-z0-9+]$|^[A-Za-z]{2}$")
_CAMEL = re.compile(r"[a-z][A-Z]")
_TWO_CAPS = re.compile(r"[A-Z]{2}")
_LETTER_DIGIT = re.compile(r"(?=.*[A-Za-z])(?=.*\d)")
_MEASURE = re.compile(r"^\d+(?:\.\d+)?(?:[A-Za-z]{1,2}|times|x|st|nd|rd|th)$", re.IGNORECASE)
_PLURAL_ACRONYM = re.compile(r"^(?:[A-Za-z]+-)?[A-Z]{2,}s$")
_ROMAN = re.compile(r"^(?:II|III|IV|VI|VII|VIII|IX|XI|XII)$")
_INITIAL_HYPHEN = re.compile(r"^[A-Z]+-[A-Z]")
_GLUED = re.compile(r"^(?:[A-Za-z0-9][A-Za-z0-9.]*|-)$")
_PAIR_SEPARATOR = re.compile(r"[-/→]")
_WORD_SEPARATORS = re.compile(r"[\s\-/]+")
_PROPOSAL_WINDOW = 14
_PHRASE_END = re.compile(
    r"\s(?:for|of|with|from|in|on|using|via|to|through|by|under|across|that|which|based)\s|[:,.;()?!]|\s[-–—]+\s"
)
_SUBTITLE_OPENERS = {"towards", "toward", "beyond", "on", "revisiting", "rethinking", "when", "what", "how", "why",
                     "is", "are", "do", "does", "can"}
_PLURAL_DATASET_NOUNS = {"datasets", "corpora", "benchmarks", "treebanks"}
_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_SOURCE_WINDOW = 6
_SUFFIX_WORDS = r"based|driven|derived|guided|like|style|enhanced|specific|aware|augmented|powered|centric|free|level|only"
#: Head nouns that type a name, strongest first ("benchmark" is both a dataset noun and a proposal noun).
_HEAD_KINDS = (("DATASET_HEAD", "dataset"), ("METHOD_HEAD", "method"), ("PROPOSAL_NOUN", "method"))
_EXAMPLE_KINDS = {"DATASET_HEAD": "dataset", "MODEL_HEAD": "model", "METHOD_HEAD": "method"}
_APPOSITION_OPENERS = {",", ":", "—", "–", "--", "---", "is", "was"}
_NUMBER_WORDS = {"a": 1, "an": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_DETERMINERS = {"the", "our", *_NUMBER_WORDS}
_CONFIDENCE = {"gazetteer": 0.85, "default": 0.6}
_TYPED_USE = 0.8
_WEAK_USE = 0.55


@cache
def _word_list(name: str) -> frozenset[str]:
    text = resources.files("extractors").joinpath(f"patterns/{name}").read_text("utf-8")
    return frozenset(ln.strip().lower() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


@cache
def _cue_patterns() -> tuple[dict, ...]:
    text = resources.files("extractors").joinpath("patterns/entity_cues.jsonl").read_text("utf-8")
    return tuple(json.loads(line) for line in text.splitlines() if line.strip())


def cue_words(label: str) -> frozenset[str]:
    """Every word of the one-word cue patterns labelled ``label`` in ``entity_cues.jsonl``.

    >>> "benchmark" in cue_words("DATASET_NOUN"), "framework" in cue_words("DATASET_NOUN")
    (True, False)
    """
    return _cue_words(label)


@cache
def _cue_words(label: str) -> frozenset[str]:
    return frozenset(word for entry in _cue_patterns() if entry["label"] == label
                     for word in (_word_choice(entry["pattern"]) or ()))


def subtitle_kind(subtitle: str) -> str | None:
    """What a title says NAME is in "NAME: a ... benchmark for ...": the head noun of the subtitle's first phrase.

    The phrase runs to the first preposition or punctuation; its last word types the name when it is a
    dataset noun ("corpus", "benchmark") or a method noun ("framework", "model").

    >>> subtitle_kind("A Multi-turn Conversation Dataset for Dialog"), subtitle_kind("A Framework for Distillation")
    ('dataset', 'method')
    >>> subtitle_kind("Improving Memory with Replay") is None, subtitle_kind("Towards a New Benchmark") is None
    (True, True)
    """
    words = _WORD.findall(_PHRASE_END.split(subtitle.lower(), 1)[0])
    if not words or words[0] in _SUBTITLE_OPENERS:
        return None
    head = words[-1]
    if head in _cue_words("DATASET_NOUN"):
        return "dataset"
    if head in _cue_words("METHOD_HEAD") or head in _cue_words("PROPOSAL_NOUN"):
        return "method"
    return None


def _word_choice(pattern: list[dict]) -> list[str] | None:
    """The words of a one-token pattern that only tests ``LOWER`` (``{"LOWER": {"IN": [...]}}`` or a string).

    >>> _word_choice([{"LOWER": {"IN": ["on", "across"]}}]), _word_choice([{"LOWER": "such"}, {"LOWER": "as"}])
    (['on', 'across'], None)
    """
    if len(pattern) != 1 or set(pattern[0]) != {"LOWER"}:
        return None
    value = pattern[0]["LOWER"]
    if isinstance(value, str):
        return [value]
    return list(value["IN"]) if set(value) == {"IN"} else None


def _not_a_name(text: str) -> bool:
    """Generic field terms, metrics, venues, "X-to-Y" descriptors, language pairs: not methods, datasets or models."""
    lower = text.lower()
    if lower in _word_list("generic_terms.txt") or lower in _word_list("non_entities.txt"):
        return True
    if lower.split("-", 1)[0] in _word_list("non_entity_stems.txt") or "-to-" in text:
        return True  # "ROUGE-L", "BLEU-4", "Task-1", "Text-to-SQL", "End-to-End"
    parts = _PAIR_SEPARATOR.split(lower)
    return len(parts) >= 2 and all(part in _word_list("languages.txt") for part in parts)


@lru_cache(maxsize=1 << 16)
def name_shape(text: str) -> str | None:
    """``"strong"`` for tokens shaped like names, ``"weak"`` for plain capitalised words, else ``None``.

    >>> [name_shape(t) for t in ["TinyRule", "ZB8K", "Z-Tuning", "LLMs", "7B", "Zorba", "model"]]
    ['strong', 'strong', 'strong', None, None, 'weak', None]
    >>> [name_shape(t) for t in ["En-De", "BLEU-4", "Text-to-SQL", "v0.9", "ACL"]]
    [None, None, None, None, None]
    """
    if len(text) < 2 or not _NAME_CHARS.match(text) or _not_a_name(text):
        return None
    if _PLURAL_ACRONYM.match(text) or _MEASURE.match(text) or _VERSION.match(text) or _ROMAN.match(text) \
            or text.replace(".", "").isdigit():
        return None
    if _CAMEL.search(text) or _TWO_CAPS.search(text) or _INITIAL_HYPHEN.match(text):
        return "strong"
    if _LETTER_DIGIT.match(text) and not text[0].isdigit():
        return "strong"
    if len(text) >= 3 and all(part[:1].isupper() and part[1:].islower() for part in text.split("-") if part):
        return "weak"
    return None


@lru_cache(maxsize=1 << 16)
def model_family(text: str) -> bool:
    """Does ``text`` name a known model family, alone or with a version, size or variant?

    >>> [model_family(t) for t in ["Llama-3", "GPT-2", "gpt", "Claude", "Glue", "SciBERT", "mBERT", "M-BERT"]]
    [True, True, False, True, False, True, True, True]
    """
    lower = text.lower()
    if _FAMILY_SUFFIX.match(text):
        return True
    if not (text[0].isupper() or any(ch.isdigit() for ch in text)):
        return False
    for family in _word_list("model_families.txt"):
        if lower == family or (lower.startswith(family) and lower[len(family)] in "-.0123456789_"):
            return True
    return False


def _dataset_suffix(text: str) -> bool:
    """A coined name ending like a dataset ("Zorb-Bench", "WikiQA", "PropBank"), but not a task acronym ("ODQA")."""
    return bool(_DATASET_SUFFIX.search(text.replace("-", ""))) and not _TASK_ACRONYM_QA.match(text)


@dataclass
class _Candidate:
    start: int
    end: int
    strength: str  # strong | weak | acronym | family | phrase | gazetteer
    pair_id: str = ""
    long_span: tuple[int, int] | None = None  # the long form of an acronym
    cues: set[str] = field(default_factory=set)
    relation: str = "uses"
    role_rule: str = "use"
    kind: str = "method"
    type_rule: str = "default"
    confidence: float = 0.6

    @property
    def long_start(self) -> int | None:
        """Where the long form starts when it comes before the acronym ("Sparse Gated Adapters (SGA)")."""
        return self.long_span[0] if self.long_span and self.long_span[0] < self.start else None


class EntityRecognizer:
    """Doc → Doc: named methods, datasets and models with their role (see module docstring)."""

    def __init__(self, vocab, span_key: str = SPAN_KEY, acronym_key: str = "kg_acronyms",
                 gazetteer_key: str = "kg_gazetteer") -> None:
        self.span_key = span_key
        self.acronym_key = acronym_key
        self.gazetteer_key = gazetteer_key
        # One-word cue lists go to a PhraseMatcher (a hash lookup per token); the rest to a Matcher.
        self.words = PhraseMatcher(vocab, attr="LOWER")
        self.matcher = Matcher(vocab)
        for entry in _cue_patterns():
            words = _word_choice(entry["pattern"])
            if words is not None:
                self.words.add(entry["label"], [Doc(vocab, words=[word]) for word in words])
            else:
                self.matcher.add(entry["label"], [entry["pattern"]])

    # -- main --------------------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        cues: dict[int, set[str]] = {}
        for match_id, start, end in chain(self.words(doc), self.matcher(doc)):
            label = doc.vocab.strings[match_id]
            for i in range(start, end):
                cues.setdefault(i, set()).add(label)
        candidates = self._candidates(doc, cues)
        for group in self._coordinated_groups(doc, candidates):
            self._type_and_role(doc, group, cues)
        spans = []
        for cand in sorted(candidates, key=lambda c: c.start):
            if cand.strength == "weak" and "accepted" not in cand.cues:
                continue
            span_id = f"{cand.relation}:{cand.role_rule}+{cand.type_rule}:{cand.confidence:.2f}"
            spans.append(Span(doc, cand.start, cand.end, label=cand.kind, kb_id=cand.pair_id, span_id=span_id))
        doc.spans[self.span_key] = spans
        return doc

    # -- candidates ----------------------------------------------------------
    def _candidates(self, doc: Doc, cues: dict[int, set[str]]) -> list[_Candidate]:
        taken: set[int] = set()
        found: list[_Candidate] = []
        acronyms = list(doc.spans[self.acronym_key]) if self.acronym_key in doc.spans else []
        known = list(doc.spans[self.gazetteer_key]) if self.gazetteer_key in doc.spans else []
        known_spans = {(span.start, span.end) for span in known}
        generic: set[str] = set()
        for short, long_ in zip(acronyms[::2], acronyms[1::2]):
            taken.update(range(long_.start, long_.end))
            taken.update(range(short.start, short.end))
            in_gazetteer = bool({(short.start, short.end), (long_.start, long_.end)} & known_spans)
            if in_gazetteer or self._named_pair(short, long_):
                found.append(_Candidate(short.start, short.end, "acronym", pair_id=short.id_,
                                        long_span=(long_.start, long_.end),
                                        cues={"gazetteer"} if in_gazetteer else set()))
            else:
                generic.add(short.text)  # "reinforcement learning (RL)": a kind of thing, not a name
        for span in known:
            if any(i in taken for i in range(span.start, span.end)):
                continue
            end = span.end
            while end < len(doc) and doc[end - 1].whitespace_ and _VERSION.match(doc[end].text):
                end += 1  # "SQuAD 2.0", "MultiWOZ 2.1"
            found.append(_Candidate(span.start, end, "gazetteer", cues={"gazetteer"}))
            taken.update(range(span.start, end))
        strings = doc.vocab.strings
        texts = [strings[orth] for orth in doc.to_array(ORTH).tolist()]  # no Token objects made
        i = 0
        while i < len(doc):
            text = texts[i]
            if text.isalpha() and text.islower() and not model_family(text):
                i += 1  # a plain lower-case word starts no name (the common case, checked without a Token)
                continue
            token = doc[i]
            if i in taken or token.text in generic:
                i += 1
                continue
            named_end = self._named_dataset_end(doc, i, cues)
            if named_end and not any(j in taken for j in range(i, named_end)):
                found.append(_Candidate(i, named_end, "phrase", cues={"named_dataset"}))
                taken.update(range(i, named_end))
                i = named_end
                continue
            if token.lower_ in _word_list("languages.txt") and len(token) > 2:
                i += 1  # "English GENIA corpus": the language is not part of the name
                continue
            shape = name_shape(token.text)
            family = model_family(token.text)
            if shape is None and not family:
                i += 1
                continue
            if shape == "weak" and not family:
                phrase_end = self._title_phrase_end(doc, i)
                verdict = self._vouched_phrase(doc, i, phrase_end, cues) if phrase_end - i >= 2 else False
                if verdict is None:  # "by Precise LAnguage Specific layers": capitalised words used as a modifier
                    i = phrase_end
                    continue
                if verdict and not token.is_sent_start:
                    while phrase_end < len(doc) and _VERSION.match(doc[phrase_end].text):
                        phrase_end += 1  # "Zorb Reviews 2021"
                    found.append(_Candidate(i, phrase_end, "phrase"))
                    taken.update(range(i, phrase_end))
                    i = phrase_end
                    continue
                if token.is_sent_start:
                    i += 1
                    continue
            end = self._continuation_end(doc, i, family)
            strength = "family" if family else (shape or "strong")
            found.append(_Candidate(i, end, strength))
            taken.update(range(i, end))
            i = end
        return found

    @staticmethod
    def _named_pair(short: Span, long_: Span) -> bool:
        """An acronym names one thing when its long form is capitalised like a name."""
        if name_shape(short.text) is None and not model_family(short.text):
            return False
        words = [w for w in _WORD_SEPARATORS.split(long_.text)
                 if w.isalpha() and len(w) > 3 and w.lower() not in {"with", "from", "into", "over"}]
        if not words:
            return False
        capitalised = sum(w[0].isupper() for w in words)
        return capitalised / len(words) >= 0.6 and not long_.text.lower().endswith(("models", "networks"))

    @staticmethod
    def _named_dataset_end(doc: Doc, i: int, cues: dict[int, set[str]]) -> int | None:
        """End of a capitalised phrase from ``i`` whose last word is a capitalised dataset noun ("Penn Treebank")."""
        if not doc[i].text[:1].isupper() or doc[i].is_stop or "NAME_HEAD" in cues.get(i, set()):
            return None
        end = i + 1
        while end < len(doc) and end - i < 7 and not doc[end].is_punct and not doc[end].is_sent_start:
            if "NAME_HEAD" in cues.get(end, set()):
                return end + 1
            if doc[end].is_stop or not (doc[end].text[:1].isupper() or _VERSION.match(doc[end].text)):
                return None  # "Processing The Media Frames Corpus": the name starts after the stop word
            end += 1
        return None

    @staticmethod
    def _vouched_phrase(doc: Doc, start: int, end: int, cues: dict[int, set[str]]) -> bool | None:
        """A capitalised phrase is a name when used as an instrument or named as a dataset.

        ``None`` when it follows an instrument word but modifies the noun after it ("by Precise Language
        Specific layers"): then none of its words is a name.
        """
        before = doc[start - 1].text.lower() if start > 0 else ""
        if before in {"using", "via", "with", "through", "by", "applying", "adopting"}:
            after = doc[end] if end < len(doc) else None
            return True if after is None or not (after.is_alpha and after.is_lower and not after.is_stop) else None
        following = end
        while following < len(doc) and _VERSION.match(doc[following].text):
            following += 1
        return following < len(doc) and "DATASET_NOUN" in cues.get(following, set())

    @staticmethod
    def _title_phrase_end(doc: Doc, i: int) -> int:
        """End of a run of capitalised words starting at ``i`` ("Sparse Gated Adapters")."""
        end = i
        while end < len(doc) and name_shape(doc[end].text) in {"weak", "strong"} and not doc[end].is_punct:
            if end > i and doc[end].is_sent_start:
                break
            end += 1
        return end

    @staticmethod
    def _continuation_end(doc: Doc, i: int, family: bool) -> int:
        end = i + 1
        while end < len(doc) and not doc[end - 1].whitespace_ and _GLUED.match(doc[end].text):
            if doc[end].text == "-" and (end + 1 >= len(doc) or doc[end].whitespace_ or not doc[end + 1].text[:1].isalnum()):
                break
            end += 1  # pieces the tokenizer split off a name: "ZB8" + "K", "Qwen-1.5" + "-" + "4B"
        while end < len(doc) and doc[end - 1].whitespace_ and end - i < 4:
            text = doc[end].text
            if _VERSION.match(text) or (family and model_family(text)) or (
                family and name_shape(text) == "weak" and end + 1 < len(doc) and _VERSION.match(doc[end + 1].text)
            ):
                end += 1
                continue
            if doc[i].text.lower() in _word_list("model_families.txt") and model_family(text):
                end += 1  # "OpenAI o1"
                continue
            break
        return end

    # -- lists ---------------------------------------------------------------
    @staticmethod
    def _coordinated_groups(doc: Doc, candidates: list[_Candidate]) -> list[list[_Candidate]]:
        """Candidates joined by commas / and / or into one list ("WikiQA, ZorbQA, and NewsQA")."""
        groups: list[list[_Candidate]] = []
        for cand in sorted(candidates, key=lambda c: c.start):
            if groups:
                last = groups[-1][-1]
                between = [t.text.lower() for t in doc[last.end : cand.start]]
                if between and all(w in {",", "and", "or"} for w in between) and len(between) <= 2:
                    groups[-1].append(cand)
                    continue
            groups.append([cand])
        return groups

    # -- type and role ---------------------------------------------------------
    def _type_and_role(self, doc: Doc, group: list[_Candidate], cues: dict[int, set[str]]) -> None:
        first, last = group[0], group[-1]
        before = self._cues_before(doc, first.start, cues)
        after = self._head_after(doc, last.end, cues)
        apposition = self._apposition_head(doc, last.end, cues, len(group))
        examples_head = self._examples_head(doc, first.start, cues)
        has_strong = any(c.strength != "weak" for c in group)
        members = []
        for cand in group:
            text = doc[cand.start : cand.end].text
            if cand.strength == "weak":
                delimited = self._delimited(doc, cand)
                typed_head = examples_head in {"DATASET_HEAD", "MODEL_HEAD", "METHOD_HEAD"}
                if (has_strong and len(group) > 1 and delimited) or (typed_head and delimited):
                    cand.cues.add("accepted")
                elif after == "dataset" and ("-" in text or self._names_a_dataset(doc, cand, cues)):
                    cand.cues.add("accepted")
                else:
                    continue
            cand.kind, cand.type_rule = self._kind(doc, text, cand, before, after, apposition, examples_head, cues)
            members.append(cand)
        typed_datasets = [c for c in members if c.kind == "dataset" and c.type_rule != "default"]
        for cand in members:
            if typed_datasets and cand.type_rule == "default":
                cand.kind, cand.type_rule = "dataset", "list"  # "on ZB8K and ZorbQA": a list has one kind
            self._role(doc, cand, cues)
            if cand is not first and first.relation == "proposes" and cand.relation == "uses":
                cand.relation, cand.role_rule, cand.confidence = "proposes", first.role_rule, first.confidence

    def _kind(self, doc: Doc, text: str, cand: _Candidate, before: set[str], after: str | None,
              apposition: str | None, examples_head: str | None, cues: dict[int, set[str]]) -> tuple[str, str]:
        if "gazetteer" in cand.cues:
            return "dataset", "gazetteer"
        if cand.strength == "family" or model_family(text) or _SIZE_OR_CHECKPOINT.search(text):
            return "model", "model_family"
        if "named_dataset" in cand.cues:
            return "dataset", "named_dataset"
        if apposition:
            return apposition, "apposition"
        if examples_head in _EXAMPLE_KINDS:
            return _EXAMPLE_KINDS[examples_head], "examples"
        if after:
            return after, "head_noun"
        long_kind = self._long_form_kind(doc, cand, cues)
        if long_kind:
            return long_kind, "long_form"
        if "EVAL_ON" in before:
            return "dataset", "evaluated_on"
        if "SOURCE" in before:
            return "dataset", "derived_from"
        if _dataset_suffix(text) and cand.strength != "phrase":
            return "dataset", "dataset_suffix"
        return "method", "default"

    @staticmethod
    def _long_form_kind(doc: Doc, cand: _Candidate, cues: dict[int, set[str]]) -> str | None:
        """"Japanese News Corpus (JNC)" is a dataset, "Sparse Gated Adapter Framework (SGAF)" a method."""
        if cand.long_span is None:
            return None
        labels = cues.get(cand.long_span[1] - 1, set())
        return next((kind for label, kind in _HEAD_KINDS[:2] if label in labels), None)

    def _role(self, doc: Doc, cand: _Candidate, cues: dict[int, set[str]]) -> None:
        trigger = self._proposal_trigger(doc, cand, cues)
        if trigger:
            cand.relation, cand.role_rule, cand.confidence = "proposes", trigger, 0.85
            return
        first = cand.long_start if cand.long_start is not None else cand.start
        if self._novel_apposition(doc, first, cand.end, cues):
            cand.relation, cand.role_rule, cand.confidence = "proposes", "apposition", 0.8
            return
        if cand.start >= 3 and doc[cand.start - 1].text == ")" and doc[cand.start - 2].like_num and doc[cand.start - 3].text == "(":
            cand.relation, cand.role_rule, cand.confidence = "proposes", "contribution_list", 0.75
            return
        cand.relation, cand.role_rule = "uses", "use"
        cand.confidence = _CONFIDENCE.get(cand.type_rule, _TYPED_USE)
        if cand.strength == "weak":
            cand.confidence = _WEAK_USE

    def _proposal_trigger(self, doc: Doc, cand: _Candidate, cues: dict[int, set[str]]) -> str | None:
        """Walk back from the name through articles, adjectives, nouns and list glue to a proposal cue."""
        first = cand.long_start if cand.long_start is not None else cand.start
        sent_start = doc[first].sent.start if doc.has_annotation("SENT_START") else 0
        i = first - 1
        steps = 0
        while i >= sent_start and steps < _PROPOSAL_WINDOW:
            token = doc[i]
            labels = cues.get(i, set())
            if "PROPOSE" in labels:
                return "proposal_verb"
            if "OUR" in labels and self._our_names(doc, first, cues):
                return "our"
            if "BLOCK" in labels or token.text in {".", ";", ":", "?", "!"}:
                return None
            if token.text.lower() in {"we", "this", "paper", "work", "study", "that", "which", "where", "while", "who", "whose", "when"}:
                return None
            i -= 1
            steps += 1
        return None

    @staticmethod
    def _our_names(doc: Doc, start: int, cues: dict[int, set[str]]) -> bool:
        """"our X", "our proposed X", "our resulting models, X": the word before X says it is ours."""
        i = start - 1
        while i >= 0 and doc[i].text in {",", "and"}:
            i -= 1
        if i < 0:
            return False
        return "OUR" in cues.get(i, set()) or "PROPOSAL_NOUN" in cues.get(i, set()) or doc[i].text.lower() in {"proposed", "new", "novel"}

    @staticmethod
    def _novel_apposition(doc: Doc, start: int, end: int, cues: dict[int, set[str]]) -> bool:
        """", a (novel) <framework|benchmark|...>" (or ": a ...") right after the name, said of the paper's own work.

        The apposition must call it new ("a novel framework") or the sentence must speak of the authors
        ("we", "our", "here") before the name; "Prior work found that X, a masked language model, ..." is a use.
        """
        if end < len(doc) and doc[end].text == ")":
            end += 1
        tail = doc[end : end + 10]
        if len(tail) < 3 or tail[0].text not in {",", ":", "—", "–", "--", "---"}:
            return False
        if tail[1].text.lower() not in {"a", "an", "the"}:
            return False
        new = False
        for offset, token in enumerate(tail[2:], start=end + 2):
            labels = cues.get(offset, set())
            if "NOT_NEW" in labels:
                return False
            new = new or "NEW" in labels
            if "PROPOSAL_NOUN" in labels:
                sent_start = doc[start].sent.start if doc.has_annotation("SENT_START") else 0
                return new or any(cues.get(i, set()) & {"SELF", "OUR"} for i in range(sent_start, start))
            if token.text in {".", ";", ":"} or "BLOCK" in labels and token.text.lower() not in {"of", "for"}:
                return False
        return False

    @staticmethod
    def _apposition_head(doc: Doc, end: int, cues: dict[int, set[str]], size: int = 1) -> str | None:
        """The kind named by the head noun of ", a large benchmark dataset ..." / "is a framework" after ``size`` names.

        A number word must count the names: "X and Y, two datasets" (not "To test X and Y, three corpora ...").
        """
        if end < len(doc) and doc[end].text == ")":
            end += 1
        if end + 1 >= len(doc) or doc[end].text.lower() not in _APPOSITION_OPENERS:
            return None
        i = end + 1
        determiner = doc[i].text.lower()
        if determiner not in _DETERMINERS or _NUMBER_WORDS.get(determiner, size) != size:
            return None
        kind = None
        for j in range(i + 1, min(i + 9, len(doc))):
            labels = cues.get(j, set())
            if doc[j].is_punct and doc[j].text != "-" or "BLOCK" in labels or doc[j].text.lower() in {"that", "which", "and", "or"}:
                break
            kind = next((k for label, k in _HEAD_KINDS if label in labels), kind)
        return kind

    @staticmethod
    def _cues_before(doc: Doc, start: int, cues: dict[int, set[str]]) -> set[str]:
        i = start - 1
        while i >= 0 and doc[i].text.lower() in {"the", "a", "an"}:
            i -= 1
        if i < 0:
            return set()
        found = set(cues.get(i, set()))
        if doc[i].text.lower() == "on" and i > 0 and doc[i - 1].text.lower() in {"based", "built", "relies", "rely", "focus", "focuses", "depends"}:
            found.discard("EVAL_ON")
        if doc[i].text.lower() == "from":  # "a corpus (X) from Y", "sentences sampled from Y": Y is a source dataset
            window = range(max(i - _SOURCE_WINDOW, doc[i].sent.start if doc.has_annotation("SENT_START") else 0), i)
            if any(cues.get(j, set()) & {"DATASET_HEAD", "DERIVED"} for j in window):
                found.add("SOURCE")
        return found

    @staticmethod
    def _head_after(doc: Doc, end: int, cues: dict[int, set[str]]) -> str | None:
        """The kind a head noun right after the name gives it: "X benchmark", "X (XB) dataset", "X framework"."""
        if end < len(doc) and doc[end].text == ")":
            end += 1
        for i in range(end, min(end + 4, len(doc))):
            labels = cues.get(i, set())
            kind = next((k for label, k in _HEAD_KINDS[:2] if label in labels), None)
            if kind:
                return kind
            if doc[i].is_punct or "BLOCK" in labels:
                break
        return None

    @staticmethod
    def _examples_head(doc: Doc, start: int, cues: dict[int, set[str]]) -> str | None:
        """The noun a list of examples hangs from: "tasks (e.g., X, Y)", "models such as X"."""
        i = start - 1
        while i >= 0 and doc[i].text in {",", "(", ":"}:
            i -= 1
        if i < 0 or "EXAMPLES" not in cues.get(i, set()):
            return None
        i -= 1
        while i >= 0 and (doc[i].text in {",", "(", "as"} or doc[i].text.lower() == "such"):
            i -= 1
        if i < 0:
            return None
        for label in ("DATASET_HEAD", "MODEL_HEAD", "METHOD_HEAD"):
            if label in cues.get(i, set()):
                return label
        return "OTHER"

    @staticmethod
    def _names_a_dataset(doc: Doc, cand: _Candidate, cues: dict[int, set[str]]) -> bool:
        """"the Brown corpus", "the Hansard dataset": one capitalised word right before a dataset noun."""
        if cand.end - cand.start != 1 or cand.end >= len(doc) or cand.start == 0:
            return False
        word, noun, before = doc[cand.start], doc[cand.end], doc[cand.start - 1]
        return ("DATASET_NOUN" in cues.get(cand.end, set()) and noun.lower_ not in _PLURAL_DATASET_NOUNS and not word.is_stop
                and word.lower_ not in _word_list("languages.txt") and (before.is_lower or before.is_punct))

    @staticmethod
    def _delimited(doc: Doc, cand: _Candidate) -> bool:
        before = doc[cand.start - 1].text if cand.start > 0 else ""
        after = doc[cand.end].text if cand.end < len(doc) else ""
        return before in {",", "(", "and", "or", "e.g.", "as"} and after in {",", ")", "and", "or", "."}


@Language.factory(
    "kg_entities",
    assigns=["doc.spans"],
    requires=["doc.sents"],
    default_config={"span_key": SPAN_KEY, "acronym_key": "kg_acronyms", "gazetteer_key": "kg_gazetteer"},
)
def make_entity_recognizer(nlp: Language, name: str, span_key: str, acronym_key: str,
                           gazetteer_key: str) -> EntityRecognizer:
    """Factory for :class:`EntityRecognizer` (``nlp.add_pipe("kg_entities")``)."""
    return EntityRecognizer(nlp.vocab, span_key=span_key, acronym_key=acronym_key, gazetteer_key=gazetteer_key)


def _tune_tokenizer(nlp: Language) -> None:
    """Keep hyphenated names whole ("Zorb-Bench") and split "-based"-style suffixes and "Models(ZRMs"."""
    infixes = [p.replace("(?:-|–|—|--|---|——|~)", "(?:–|—|--|---|——|~)") for p in nlp.Defaults.infixes]
    infixes.append(r"(?<=[A-Za-z])\((?=[A-Z])")
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    suffixes = list(nlp.Defaults.suffixes) + [
        rf"(?<=[A-Za-z0-9])-(?:{_SUFFIX_WORDS})",
        r"(?<=[A-Za-z0-9])['’]s",
        r"(?<=[0-9][A-Z])\.",  # "ZB8K." ends a sentence
    ]
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search


def blank_pipeline() -> Language:
    """``spacy.blank("en")`` with kg's tokenizer settings and no components."""
    nlp = spacy.blank("en")
    _tune_tokenizer(nlp)
    return nlp


def build_pipeline() -> Language:
    """A blank English pipeline with kg's components: sentencizer, kg_acronyms, kg_entities.

    Nothing is downloaded; everything the pipeline needs ships in this package.
    """
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_acronyms")
    nlp.add_pipe("kg_gazetteer")
    nlp.add_pipe("kg_entities")
    return nlp


def iter_entities(doc: Doc) -> Iterable[tuple[Span, str, str, float, Span | None]]:
    """``(span, relation, rule, confidence, long_form)`` for each entity the pipeline found."""
    longs = {s.id_: s for s in doc.spans.get("kg_acronyms", []) if s.label_ == "long"}
    for span in doc.spans.get(SPAN_KEY, []):
        relation, rule, confidence = span.id_.split(":")
        yield span, relation, rule, float(confidence), longs.get(span.kb_id_)

