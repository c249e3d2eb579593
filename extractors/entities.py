"""Find named methods, datasets and models in an abstract, and whether the paper proposes or uses each.

The component ``kg_entities`` runs three steps, each in its own module and
all driven by data files in ``extractors/patterns/`` (cue patterns in
``entity_cues.jsonl``, word lists in ``entity_words.jsonl`` and ``*.txt``,
read by :mod:`extractors.entity_lexicon`) and by the spans of two earlier
components, ``kg_acronyms`` and ``kg_gazetteer`` (known Papers-with-Code
dataset names):

1. **Candidates** (:mod:`extractors.entity_candidates`): acronym pairs, known
   dataset names, capitalised dataset phrases, tokens shaped like names
   (:mod:`extractors.entity_names`), model families; capitalised words only
   where a list or a dataset noun vouches for them. Generic field acronyms
   (LLM, RL, NLP), metrics (BLEU), venues (ACL), language pairs (En-De) and
   plurals (LLMs) are not entities.
2. **Type** (:mod:`extractors.entity_types`): *dataset*, *model* or *method*,
   with the *type rule* that decided it; a name listed with typed datasets
   takes their type (``list``).
3. **Role** (:mod:`extractors.entity_roles`): *proposes* or *uses*, with the
   *role rule* and a confidence. The other names of a list the paper
   proposes are proposed too.

Each entity span goes to ``doc.spans["kg_entities"]`` with its kind as label
and what the rules decided in typed extension attributes:
``span._.kg_relation`` (``"proposes"`` / ``"uses"``), ``span._.kg_role_rule``,
``span._.kg_type_rule``, ``span._.kg_confidence`` and, for an acronym,
``span._.kg_long_form`` (the token offsets of its long form). spaCy keys
span attributes by character offsets, so read them from the spans of
``doc.spans["kg_entities"]`` (or through :func:`iter_entities`).

>>> nlp = build_pipeline()
>>> doc = nlp("We propose TinyRule, a novel loss. It beats Llama-3 by 3% on TinyBench.")
>>> [(s.text, s.label_, s._.kg_relation, s._.kg_role_rule, s._.kg_type_rule, s._.kg_confidence)
...  for s in doc.spans["kg_entities"]]
[('TinyRule', 'method', 'proposes', 'proposal_verb', 'apposition', 0.85), ('Llama-3', 'model', 'uses', 'use', 'model_family', 0.8), ('TinyBench', 'dataset', 'uses', 'use', 'evaluated_on', 0.8)]
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import chain
from typing import NamedTuple

import spacy
from spacy.language import Language
from spacy.matcher import Matcher, PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import compile_infix_regex, compile_suffix_regex

import extractors.acronyms  # registers the kg_acronyms factory
import extractors.gazetteer  # registers the kg_gazetteer factory
import extractors.long_sentences  # noqa: F401  (registers the kg_sentence_cap factory)
from extractors.bounded_tokenizer import BoundedTokenizer
from extractors.entity_candidates import (
    Candidate,
    Cues,
    coordinated_groups,
    delimited,
    find_candidates,
    names_a_dataset,
)
from extractors.entity_lexicon import cue_patterns, word_choice, word_lists
from extractors.entity_roles import DEFAULT_CONFIDENCE, assign_role
from extractors.entity_types import EXAMPLE_HEADS, apposition_head, cues_before, entity_kind, examples_head, head_after
from ontology.kinds import EntityKind, Relation

__all__ = [
    "PIPELINE_VERSION",
    "SPAN_KEY",
    "EntityMatch",
    "EntityRecognizer",
    "blank_pipeline",
    "build_pipeline",
    "iter_entities",
    "register_extensions",
]

SPAN_KEY = "kg_entities"
#: Bumped whenever patterns or rules change what is extracted.
PIPELINE_VERSION = "4"  # 4: runs of over 120 non-space characters split in linear time
#: The Span extension attributes ``kg_entities`` sets (all default to ``None``).
_EXTENSIONS = ("kg_relation", "kg_role_rule", "kg_type_rule", "kg_confidence", "kg_long_form")


def register_extensions() -> None:
    """Register the ``span._.kg_*`` attributes once (the component does it when it is made).

    >>> register_extensions(); Span.has_extension("kg_relation")
    True
    """
    for name in _EXTENSIONS:
        if not Span.has_extension(name):
            Span.set_extension(name, default=None)


class EntityMatch(NamedTuple):
    """One entity found by ``kg_entities``, as :func:`iter_entities` gives it."""

    span: Span
    relation: str
    rule: str  # "<role rule>+<type rule>"
    confidence: float
    long_form: Span | None


class EntityRecognizer:
    """Doc → Doc: named methods, datasets and models with their role (see the module docstring)."""

    def __init__(self, vocab, span_key: str = SPAN_KEY, acronym_key: str = "kg_acronyms",
                 gazetteer_key: str = "kg_gazetteer", *, proposal_window: int = 14, source_window: int = 6,
                 confidence: Mapping[str, float] = DEFAULT_CONFIDENCE) -> None:
        register_extensions()
        self.span_key = span_key
        self.acronym_key = acronym_key
        self.gazetteer_key = gazetteer_key
        self.proposal_window = proposal_window
        self.source_window = source_window
        self.confidence = {**DEFAULT_CONFIDENCE, **confidence}
        # One-word cue lists go to a PhraseMatcher (a hash lookup per token); the rest to a Matcher.
        self.words = PhraseMatcher(vocab, attr="LOWER")
        self.matcher = Matcher(vocab)
        for entry in cue_patterns():
            words = word_choice(entry["pattern"])
            if words is not None:
                self.words.add(entry["label"], [Doc(vocab, words=[word]) for word in words])
            else:
                self.matcher.add(entry["label"], [entry["pattern"]])

    def __call__(self, doc: Doc) -> Doc:
        cues: Cues = {}
        for match_id, start, end in chain(self.words(doc), self.matcher(doc)):
            label = doc.vocab.strings[match_id]
            for i in range(start, end):
                cues.setdefault(i, set()).add(label)
        acronyms = list(doc.spans[self.acronym_key]) if self.acronym_key in doc.spans else []
        known = list(doc.spans[self.gazetteer_key]) if self.gazetteer_key in doc.spans else []
        candidates = find_candidates(doc, cues, acronyms=acronyms, known=known)
        for group in coordinated_groups(doc, candidates):
            self._type_and_role(doc, group, cues)
        spans = []
        for cand in sorted(candidates, key=lambda c: c.start):
            if cand.strength == "weak" and "accepted" not in cand.cues:
                continue
            span = Span(doc, cand.start, cand.end, label=cand.kind.value)
            span._.kg_relation = cand.relation.value
            span._.kg_role_rule = cand.role_rule
            span._.kg_type_rule = cand.type_rule
            span._.kg_confidence = cand.confidence
            span._.kg_long_form = cand.long_span
            spans.append(span)
        doc.spans[self.span_key] = spans
        return doc

    def _type_and_role(self, doc: Doc, group: list[Candidate], cues: Cues) -> None:
        """Type and role for one list of candidates: the context of the list speaks for each member."""
        first, last = group[0], group[-1]
        before = cues_before(doc, first.start, cues, source_window=self.source_window)
        after = head_after(doc, last.end, cues)
        apposition = apposition_head(doc, last.end, cues, len(group))
        examples = examples_head(doc, first.start, cues)
        has_strong = any(c.strength != "weak" for c in group)
        members = []
        for cand in group:
            if cand.strength == "weak":  # a capitalised word: only a list or a dataset noun makes it a name
                listed = delimited(doc, cand) and ((has_strong and len(group) > 1) or examples in EXAMPLE_HEADS)
                text = doc[cand.start : cand.end].text
                named = after == EntityKind.DATASET and ("-" in text or names_a_dataset(doc, cand, cues))
                if not (listed or named):
                    continue
                cand.cues.add("accepted")
            cand.kind, cand.type_rule = entity_kind(doc, cand, cues, before=before, after=after,
                                                    apposition=apposition, examples=examples)
            members.append(cand)
        typed_datasets = [c for c in members if c.kind == EntityKind.DATASET and c.type_rule != "default"]
        for cand in members:
            if typed_datasets and cand.type_rule == "default":
                cand.kind, cand.type_rule = EntityKind.DATASET, "list"  # "on ZB8K and ZorbQA": a list has one kind
            assign_role(doc, cand, cues, confidence=self.confidence, window=self.proposal_window)
            if cand is not first and first.relation == Relation.PROPOSES and cand.relation == Relation.USES:
                cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, first.role_rule, first.confidence


@Language.factory(
    "kg_entities",
    assigns=["doc.spans"],
    requires=["doc.sents"],
    default_config={"span_key": SPAN_KEY, "acronym_key": "kg_acronyms", "gazetteer_key": "kg_gazetteer",
                    "proposal_window": 14, "source_window": 6, "confidence": dict(DEFAULT_CONFIDENCE)},
)
def make_entity_recognizer(nlp: Language, name: str, span_key: str, acronym_key: str, gazetteer_key: str,
                           proposal_window: int, source_window: int,
                           confidence: dict[str, float]) -> EntityRecognizer:
    """Factory for :class:`EntityRecognizer` (``nlp.add_pipe("kg_entities")``).

    ``proposal_window``: tokens walked back from a name to a proposal verb; ``source_window``: tokens
    before "from X" searched for a dataset or derivation word; ``confidence``: per rule (see
    :mod:`extractors.entity_roles`).
    """
    return EntityRecognizer(nlp.vocab, span_key=span_key, acronym_key=acronym_key, gazetteer_key=gazetteer_key,
                            proposal_window=proposal_window, source_window=source_window, confidence=confidence)


def _tune_tokenizer(nlp: Language) -> None:
    """Keep hyphenated names whole ("Zorb-Bench") and split "-based"-style suffixes and "Models(ZRMs"."""
    infixes = [p.replace("(?:-|–|—|--|---|——|~)", "(?:–|—|--|---|——|~)") for p in nlp.Defaults.infixes]
    infixes.append(r"(?<=[A-Za-z])\((?=[A-Z])")
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    suffix_words = "|".join(re.escape(word) for word in word_lists()["name_suffixes"].text)
    suffixes = list(nlp.Defaults.suffixes) + [
        rf"(?<=[A-Za-z0-9])-(?:{suffix_words})",
        r"(?<=[A-Za-z0-9])['’]s",
        r"(?<=[0-9][A-Z])\.",  # "ZB8K." ends a sentence
    ]
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search


def blank_pipeline() -> Language:
    """``spacy.blank("en")`` with kg's tokenizer settings, bounded (:mod:`extractors.bounded_tokenizer`), no components.

    >>> [t.text for t in blank_pipeline()("A ZorbNet-based Zorb-Bench")]
    ['A', 'ZorbNet', '-based', 'Zorb-Bench']
    """
    nlp = spacy.blank("en")
    _tune_tokenizer(nlp)
    nlp.tokenizer = BoundedTokenizer(nlp.tokenizer)  # linear time on runs of punctuation (hostile input)
    return nlp


def build_pipeline() -> Language:
    """A blank English pipeline with kg's components: sentencizer, kg_sentence_cap, kg_acronyms, kg_gazetteer,
    kg_entities.

    Nothing is downloaded; everything the pipeline needs ships in this package. ``kg_sentence_cap``
    (:mod:`extractors.long_sentences`) keeps every sentence bounded, so a text without full stops
    costs time linear in its length.

    >>> build_pipeline().pipe_names
    ['sentencizer', 'kg_sentence_cap', 'kg_acronyms', 'kg_gazetteer', 'kg_entities']
    """
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_sentence_cap")
    nlp.add_pipe("kg_acronyms")
    nlp.add_pipe("kg_gazetteer")
    nlp.add_pipe("kg_entities")
    return nlp


def iter_entities(doc: Doc, span_key: str = SPAN_KEY) -> Iterator[EntityMatch]:
    """Each entity the pipeline found, with its relation, ``"<role rule>+<type rule>"``, confidence and long form.

    >>> [(e.span.text, e.relation, e.rule, e.long_form.text)
    ...  for e in iter_entities(build_pipeline()("We adopt Sparse Gated Adapters (SGA) here."))]
    [('SGA', 'uses', 'use+default', 'Sparse Gated Adapters')]
    """
    register_extensions()
    for span in doc.spans.get(span_key, []):
        long_form = span._.kg_long_form
        yield EntityMatch(span, span._.kg_relation, f"{span._.kg_role_rule}+{span._.kg_type_rule}",
                          span._.kg_confidence, doc[long_form[0] : long_form[1]] if long_form else None)
