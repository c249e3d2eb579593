"""Find named methods, datasets and models in an abstract, and whether the paper proposes or uses each.

The component ``kg_entities`` works in three steps, all driven by data files
in ``extractors/patterns/``:

1. **Candidates**: tokens shaped like names (``DiffPure``, ``GSM8K``,
   ``GPT-4o``, ``SR-NLE``) with version continuations (``P-Tuning V2``),
   acronyms with a capitalised long form (``Low-Rank Adaptation (LoRA)``),
   names of known model families, and capitalised words only where a list or
   a dataset noun vouches for them.  Generic field acronyms (LLM, RL, NLP) and
   plurals (LLMs) are not entities.
2. **Role**: *proposes* when a proposal verb ("we propose / introduce /
   present", "namely", "our") reaches the name without crossing a preposition,
   when the name is followed by an appositive such as ", a novel framework",
   or when it opens a numbered contribution; otherwise *uses*.
3. **Type**: *model* for known model families and size or checkpoint
   suffixes; *dataset* after "on" / "across", before "benchmark" / "dataset" /
   "corpus", in examples of datasets or tasks, or with a benchmark-like
   suffix (``-Bench``, ``QA``); otherwise *method*.

Each entity span goes to ``doc.spans["kg_entities"]`` with its type as label
and ``"<relation>:<rule>:<confidence>"`` as ``id_``; an acronym keeps the id
of its pair in ``doc.spans["kg_acronyms"]`` as ``kb_id_``.

>>> import spacy
>>> nlp = build_pipeline()
>>> doc = nlp("We propose TinyRule, a novel loss. It beats GPT-4o by 3% on MMLU.")
>>> [(s.text, s.label_, s.id_.split(":")[0]) for s in doc.spans["kg_entities"]]
[('TinyRule', 'method', 'proposes'), ('GPT-4o', 'model', 'uses'), ('MMLU', 'dataset', 'uses')]
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

import spacy
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc, Span
from spacy.util import compile_infix_regex, compile_suffix_regex

import extractors.acronyms  # noqa: F401  (registers the kg_acronyms factory)

__all__ = ["EntityRecognizer", "build_pipeline", "name_shape", "PIPELINE_VERSION"]

SPAN_KEY = "kg_entities"
#: Bumped whenever patterns or rules change what is extracted.
PIPELINE_VERSION = "1"

_VERSION = re.compile(r"^(?:[vV]\d+(?:\.\d+)*|\d+(?:\.\d+)*|\d+(?:\.\d+)?[BbMmKk])$")
_SIZE_OR_CHECKPOINT = re.compile(
    r"(?:[-_.]\d+(?:\.\d+)?[BbMm](?:\b|$)|[-_](?:instruct|chat|base|large|small|mini|uncased|cased|xl|xxl)$)",
    re.IGNORECASE,
)
_DATASET_SUFFIX = re.compile(r"(?:bench|qa|eval|data|set|corpus|glue|squad)$", re.IGNORECASE)
_NAME_CHARS = re.compile(r"^[A-Za-z0-9][A-Za-z0-9.+\-_]*[A-Za-z0-9+]$|^[A-Za-z]{2}$")
_CAMEL = re.compile(r"[a-z][A-Z]")
_TWO_CAPS = re.compile(r"[A-Z]{2}")
_LETTER_DIGIT = re.compile(r"(?=.*[A-Za-z])(?=.*\d)")
_MEASURE = re.compile(r"^\d+(?:\.\d+)?(?:[A-Za-z]{1,2}|times|x|st|nd|rd|th)$", re.IGNORECASE)
_PLURAL_ACRONYM = re.compile(r"^(?:[A-Za-z]+-)?[A-Z]{2,}s$")
_INITIAL_HYPHEN = re.compile(r"^[A-Z]+-[A-Z]")
_GLUED = re.compile(r"^(?:[A-Za-z0-9][A-Za-z0-9.]*|-)$")
_PROPOSAL_WINDOW = 14
_SUFFIX_WORDS = r"based|driven|derived|guided|like|style|enhanced|specific|aware|augmented|powered|centric|free|level|only"


@cache
def _word_list(name: str) -> frozenset[str]:
    text = resources.files("extractors").joinpath(f"patterns/{name}").read_text("utf-8")
    return frozenset(ln.strip().lower() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


@cache
def _cue_patterns() -> tuple[dict, ...]:
    text = resources.files("extractors").joinpath("patterns/entity_cues.jsonl").read_text("utf-8")
    return tuple(json.loads(line) for line in text.splitlines() if line.strip())


def name_shape(text: str) -> str | None:
    """``"strong"`` for tokens shaped like names, ``"weak"`` for plain capitalised words, else ``None``.

    >>> [name_shape(t) for t in ["DiffPure", "GSM8K", "P-Tuning", "LLMs", "7B", "Wanda", "model"]]
    ['strong', 'strong', 'strong', None, None, 'weak', None]
    """
    if len(text) < 2 or not _NAME_CHARS.match(text) or text.lower() in _word_list("generic_terms.txt"):
        return None
    if _PLURAL_ACRONYM.match(text) or _MEASURE.match(text) or text.replace(".", "").isdigit():
        return None
    if _CAMEL.search(text) or _TWO_CAPS.search(text) or _INITIAL_HYPHEN.match(text):
        return "strong"
    if _LETTER_DIGIT.match(text) and not text[0].isdigit():
        return "strong"
    if len(text) >= 3 and all(part[:1].isupper() and part[1:].islower() for part in text.split("-") if part):
        return "weak"
    return None


def _model_family(text: str) -> bool:
    lower = text.lower()
    if not (text[0].isupper() or any(ch.isdigit() for ch in text)):
        return False
    for family in _word_list("model_families.txt"):
        if lower == family or (lower.startswith(family) and lower[len(family)] in "-.0123456789_"):
            return True
    return False


@dataclass
class _Candidate:
    start: int
    end: int
    strength: str  # strong | weak | acronym | family | phrase
    pair_id: str = ""
    long_start: int | None = None  # where the long form of an acronym starts, when it comes first
    cues: set[str] = field(default_factory=set)
    relation: str = "uses"
    rule: str = "name"
    kind: str = "method"
    confidence: float = 0.6


class EntityRecognizer:
    """Doc → Doc: named methods, datasets and models with their role (see module docstring)."""

    def __init__(self, vocab, span_key: str = SPAN_KEY, acronym_key: str = "kg_acronyms") -> None:
        self.span_key = span_key
        self.acronym_key = acronym_key
        self.matcher = Matcher(vocab)
        for entry in _cue_patterns():
            self.matcher.add(entry["label"], [entry["pattern"]])

    # -- main --------------------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        cues: dict[int, set[str]] = {}
        for match_id, start, end in self.matcher(doc):
            label = doc.vocab.strings[match_id]
            for i in range(start, end):
                cues.setdefault(i, set()).add(label)
        candidates = self._candidates(doc, cues)
        groups = self._coordinated_groups(doc, candidates)
        for group in groups:
            self._type_and_role(doc, group, cues)
        spans = []
        for cand in sorted(candidates, key=lambda c: c.start):
            if cand.strength == "weak" and "accepted" not in cand.cues:
                continue
            span_id = f"{cand.relation}:{cand.rule}:{cand.confidence:.2f}"
            spans.append(Span(doc, cand.start, cand.end, label=cand.kind, kb_id=cand.pair_id, span_id=span_id))
        doc.spans[self.span_key] = spans
        return doc

    # -- candidates ----------------------------------------------------------
    def _candidates(self, doc: Doc, cues: dict[int, set[str]]) -> list[_Candidate]:
        taken: set[int] = set()
        found: list[_Candidate] = []
        acronyms = list(doc.spans[self.acronym_key]) if self.acronym_key in doc.spans else []
        generic: set[str] = set()
        for short, long_ in zip(acronyms[::2], acronyms[1::2]):
            taken.update(range(long_.start, long_.end))
            taken.update(range(short.start, short.end))
            if self._named_pair(short, long_):
                long_start = long_.start if long_.start < short.start else None
                found.append(_Candidate(short.start, short.end, "acronym", pair_id=short.id_, long_start=long_start))
            else:
                generic.add(short.text)  # "reinforcement learning (RL)": a kind of thing, not a name
        i = 0
        while i < len(doc):
            token = doc[i]
            if i in taken or token.text in generic:
                i += 1
                continue
            shape = name_shape(token.text)
            family = _model_family(token.text)
            if shape is None and not family:
                i += 1
                continue
            if shape == "weak" and not family:
                phrase_end = self._title_phrase_end(doc, i)
                if phrase_end - i >= 2 and not token.is_sent_start and self._vouched_phrase(doc, i, phrase_end, cues):
                    while phrase_end < len(doc) and _VERSION.match(doc[phrase_end].text):
                        phrase_end += 1  # "Amazon Reviews 2023"
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
        if name_shape(short.text) is None and not _model_family(short.text):
            return False
        words = [t for t in long_ if t.is_alpha and len(t) > 3 and t.text.lower() not in {"with", "from", "into", "over"}]
        if not words:
            return False
        capitalised = sum(t.text[0].isupper() for t in words)
        return capitalised / len(words) >= 0.6 and not long_.text.lower().endswith(("models", "networks"))

    @staticmethod
    def _vouched_phrase(doc: Doc, start: int, end: int, cues: dict[int, set[str]]) -> bool:
        """A capitalised phrase is a name when used as an instrument or named as a dataset."""
        before = doc[start - 1].text.lower() if start > 0 else ""
        if before in {"using", "via", "with", "through", "by", "applying", "adopting"}:
            return True
        following = end
        while following < len(doc) and _VERSION.match(doc[following].text):
            following += 1
        return following < len(doc) and "DATASET_HEAD" in cues.get(following, set())

    @staticmethod
    def _title_phrase_end(doc: Doc, i: int) -> int:
        """End of a run of capitalised words starting at ``i`` ("Centered Kernel Alignment")."""
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
            end += 1  # pieces the tokenizer split off a name: "GSM8" + "K", "Qwen-2.5" + "-" + "3B"
        while end < len(doc) and doc[end - 1].whitespace_ and end - i < 4:
            text = doc[end].text
            if _VERSION.match(text) or (family and _model_family(text)) or (
                family and name_shape(text) == "weak" and end + 1 < len(doc) and _VERSION.match(doc[end + 1].text)
            ):
                end += 1
                continue
            if doc[i].text.lower() in _word_list("model_families.txt") and _model_family(text):
                end += 1  # "OpenAI o3"
                continue
            break
        return end

    # -- lists ---------------------------------------------------------------
    @staticmethod
    def _coordinated_groups(doc: Doc, candidates: list[_Candidate]) -> list[list[_Candidate]]:
        """Candidates joined by commas / and / or into one list ("TruthfulQA, FACTOR, and TriviaQA")."""
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

    # -- role and type ---------------------------------------------------------
    def _type_and_role(self, doc: Doc, group: list[_Candidate], cues: dict[int, set[str]]) -> None:
        first, last = group[0], group[-1]
        before = self._cues_before(doc, first.start, cues)
        after = self._cues_after(doc, last.end, cues)
        examples_head = self._examples_head(doc, first.start, cues)
        has_strong = any(c.strength != "weak" for c in group)
        for cand in group:
            text = doc[cand.start : cand.end].text
            if cand.strength == "weak":
                delimited = self._delimited(doc, cand)
                typed_head = examples_head in {"DATASET_HEAD", "MODEL_HEAD", "METHOD_HEAD"}
                if (has_strong and len(group) > 1 and delimited) or (typed_head and delimited):
                    cand.cues.add("accepted")
                elif "-" in text and "DATASET_HEAD" in after:
                    cand.cues.add("accepted")
                else:
                    continue
            cand.kind, type_rule = self._kind(text, cand, before, after, examples_head)
            self._role(doc, cand, cues, type_rule)
            if cand is not first and first.relation == "proposes" and cand.relation == "uses":
                cand.relation, cand.rule, cand.confidence = "proposes", first.rule, first.confidence

    def _kind(self, text: str, cand: _Candidate, before: set[str], after: set[str], head: str | None) -> tuple[str, str]:
        if cand.strength == "family" or _model_family(text) or _SIZE_OR_CHECKPOINT.search(text):
            return "model", "model_family"
        if head == "MODEL_HEAD":
            return "model", "examples_of_models"
        if "DATASET_HEAD" in after or head == "DATASET_HEAD":
            return "dataset", "dataset_noun"
        if "EVAL_ON" in before:
            return "dataset", "evaluated_on"
        if _DATASET_SUFFIX.search(text.replace("-", "")) and cand.strength != "phrase":
            return "dataset", "dataset_suffix"
        return "method", "default"

    def _role(self, doc: Doc, cand: _Candidate, cues: dict[int, set[str]], type_rule: str) -> None:
        trigger = self._proposal_trigger(doc, cand, cues)
        if trigger:
            cand.relation, cand.rule, cand.confidence = "proposes", trigger, 0.85
            return
        if self._novel_apposition(doc, cand.end, cues):
            cand.relation, cand.rule, cand.confidence = "proposes", "apposition", 0.8
            return
        if cand.start >= 3 and doc[cand.start - 1].text == ")" and doc[cand.start - 2].like_num and doc[cand.start - 3].text == "(":
            cand.relation, cand.rule, cand.confidence = "proposes", "contribution_list", 0.75
            return
        cand.relation = "uses"
        cand.rule = type_rule if type_rule != "default" else "named"
        cand.confidence = 0.8 if type_rule != "default" else 0.6
        if cand.strength == "weak":
            cand.confidence = 0.55

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
    def _novel_apposition(doc: Doc, end: int, cues: dict[int, set[str]]) -> bool:
        """", a (novel) <framework|benchmark|...>" right after the name."""
        tail = doc[end : end + 10]
        if len(tail) < 3 or tail[0].text not in {",", "—", "–", "--", "---"}:
            return False
        if tail[1].text.lower() not in {"a", "an", "the"}:
            return False
        for offset, token in enumerate(tail[2:], start=end + 2):
            labels = cues.get(offset, set())
            if "NOT_NEW" in labels:
                return False
            if "PROPOSAL_NOUN" in labels:
                return True
            if token.text in {".", ";", ":"} or "BLOCK" in labels and token.text.lower() not in {"of", "for"}:
                return False
        return False

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
        return found

    @staticmethod
    def _cues_after(doc: Doc, end: int, cues: dict[int, set[str]]) -> set[str]:
        found: set[str] = set()
        for i in range(end, min(end + 4, len(doc))):
            labels = cues.get(i, set())
            found |= labels & {"DATASET_HEAD", "MODEL_HEAD", "METHOD_HEAD"}
            if found or doc[i].is_punct or "BLOCK" in labels:
                break
        return found

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
    def _delimited(doc: Doc, cand: _Candidate) -> bool:
        before = doc[cand.start - 1].text if cand.start > 0 else ""
        after = doc[cand.end].text if cand.end < len(doc) else ""
        return before in {",", "(", "and", "or", "e.g.", "as"} and after in {",", ")", "and", "or", "."}


@Language.factory(
    "kg_entities",
    assigns=["doc.spans"],
    requires=["doc.sents"],
    default_config={"span_key": SPAN_KEY, "acronym_key": "kg_acronyms"},
)
def make_entity_recognizer(nlp: Language, name: str, span_key: str, acronym_key: str) -> EntityRecognizer:
    """Factory for :class:`EntityRecognizer` (``nlp.add_pipe("kg_entities")``)."""
    return EntityRecognizer(nlp.vocab, span_key=span_key, acronym_key=acronym_key)


def _tune_tokenizer(nlp: Language) -> None:
    """Keep hyphenated names whole ("CRust-Bench") and split "-based"-style suffixes and "Models(PRMs"."""
    infixes = [p.replace("(?:-|–|—|--|---|——|~)", "(?:–|—|--|---|——|~)") for p in nlp.Defaults.infixes]
    infixes.append(r"(?<=[A-Za-z])\((?=[A-Z])")
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    suffixes = list(nlp.Defaults.suffixes) + [
        rf"(?<=[A-Za-z0-9])-(?:{_SUFFIX_WORDS})",
        r"(?<=[A-Za-z0-9])['’]s",
        r"(?<=[0-9][A-Z])\.",  # "GSM8K." ends a sentence
    ]
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search


def build_pipeline() -> Language:
    """A blank English pipeline with kg's components: sentencizer, kg_acronyms, kg_entities.

    Nothing is downloaded; everything the pipeline needs ships in this package.
    """
    nlp = spacy.blank("en")
    _tune_tokenizer(nlp)
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_acronyms")
    nlp.add_pipe("kg_entities")
    return nlp


def iter_entities(doc: Doc) -> Iterable[tuple[Span, str, str, float, Span | None]]:
    """``(span, relation, rule, confidence, long_form)`` for each entity the pipeline found."""
    longs = {s.id_: s for s in doc.spans.get("kg_acronyms", []) if s.label_ == "long"}
    for span in doc.spans.get(SPAN_KEY, []):
        relation, rule, confidence = span.id_.split(":")
        yield span, relation, rule, float(confidence), longs.get(span.kb_id_)

