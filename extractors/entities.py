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
   where a list or a dataset noun vouches for them; tasks and metrics
   (:mod:`extractors.entity_tasks`), among them lower-case task names the
   corpus knows by their head word (:mod:`extractors.entity_phrases`). Generic field acronyms
   (LLM, RL, NLP), metrics (BLEU), venues (ACL), language pairs (En-De) and
   plurals (LLMs) are not entities.
2. **Type** (:mod:`extractors.entity_types`): *dataset*, *model* or *method*,
   with the *type rule* that decided it; a name listed with typed datasets
   takes their type (``list``).
3. **Role** (:mod:`extractors.entity_roles`): *proposes* or *uses*, with the
   *role rule* and a confidence. The other names of a list the paper
   proposes are proposed too.
4. **Keep** (:mod:`extractors.entity_policy`): each candidate is kept or
   dropped for a named reason (unvouched capitals, a citation's author, an
   acronym of a language ...). A learned decision over those verdicts
   (:mod:`extractors.entity_decision`, ``build_pipeline(decision=PATH)``) was
   measured and is not used by default.

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
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import spacy
from spacy.language import Language
from spacy.tokens import Doc, Span
from spacy.util import compile_infix_regex, compile_suffix_regex

import extractors.acronyms  # registers the kg_acronyms factory
import extractors.gazetteer  # registers the kg_gazetteer factory
import extractors.long_sentences  # noqa: F401  (registers the kg_sentence_cap factory)
from extractors.bounded_tokenizer import BoundedTokenizer
from extractors.cue_matcher import CueMatcher
from extractors.entity_candidates import (
    Candidate,
    Cues,
    coined_after_proposal,
    coordinated_groups,
    delimited,
    find_candidates,
    names_a_dataset,
)
from extractors.entity_concepts import untype_concepts
from extractors.entity_data_lists import announced_dataset, introduced_list
from extractors.entity_dataset_members import (
    data_by_evidence,
    ends_a_data_list,
    task_typed_data,
    vouching_members,
)
from extractors.entity_dataset_phrases import language_wordnets
from extractors.entity_decision import Decider, apply_decision
from extractors.entity_editions import EDITION_RULE, edition_datasets
from extractors.entity_kind_votes import methods_for_head, one_kind_per_name
from extractors.entity_lexicon import NAMING_VERBS, cue_patterns, in_list, word_list, word_lists
from extractors.entity_lowercase import lower_case_candidates, used_lower_case
from extractors.entity_model import MODEL_DIR, add_entity_tagger, has_weights
from extractors.entity_name_table import NAME_TABLE_RULE, learned_kind, vouched_kind
from extractors.entity_named_new import NAMED_NEW_RULE, framed_names, named_new_names
from extractors.entity_policy import NAMED_KINDS, drop_context, drop_reason, listed_model
from extractors.entity_proposed_pairs import proposed_names
from extractors.entity_roles import DEFAULT_CONFIDENCE, assign_role, our_names, own_work
from extractors.entity_tagged import adds, merge_tagged, tagger_spans
from extractors.entity_task_bounds import settle_tasks
from extractors.entity_task_purposes import task_candidates_beside
from extractors.entity_tasks import TASK_METRIC_RULES, is_task_acronym, task_metric_candidates
from extractors.entity_teams import team_marker_before
from extractors.entity_title_phrases import TITLE_PHRASE_RULE, title_phrase_candidates
from extractors.entity_types import (
    EXAMPLE_HEADS,
    apposition_head,
    colon_head,
    cues_before,
    entity_kind,
    examples_head,
    head_after,
    noun_before,
    proposed_phrase_before,
)
from extractors.pipeline_version import PIPELINE_VERSION
from extractors.token_texts import past_bracket, sentence_start
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
# PIPELINE_VERSION, bumped whenever patterns or rules change what is extracted, is in extractors/pipeline_version.py
#: How ``kg_entities`` uses the spans: rules and the trained tagger together, or one of the two (ablation).
MODES = ("combined", "rules", "model")
#: In "combined" mode, which names only the tagger found are added: all of them, those shaped like a name (or a
#: task or metric), or only tasks and metrics (the tagger then only types what the rules found).
NEW_NAMES = ("all", "shaped", "tasks_metrics")
#: Rule type rules too weak to overrule the tagger's kind (the rules could not tell what the name is).
_WEAK_TYPE_RULES = frozenset({"default", "list", "evaluated_on", "derived_from", "dataset_suffix"})
#: Rule type rules that keep their kind even when the tagger calls the name a task or a metric.
_STRONG_TYPE_RULES = frozenset({"gazetteer", "model_family", "named_dataset", "head_noun", "apposition", "examples",
                                "title_noun", "method_phrase", "known_method", "used_loss"})


def _data_long_form(cand: Candidate) -> bool:
    """Typed a dataset by its own long form's head ("a new Zorb Banking QA dataset (ZBQA)", "the Annotated Corpora
    for Quux Research (ACQR)")? The name's own evidence, which the tagger's task or metric does not overrule (round
    h15bz: a neighbour's or the tagger's kind only where the name itself has none)."""
    return cand.type_rule == "long_form" and cand.kind is EntityKind.DATASET


def _long_form_names_data(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Does a capitalised long form ending in a task head name a dataset, a dataset noun right after its acronym
    ("the Visuo-Linguistic Question Answering (VLQA) challenge corpus"; not "the NER dataset": a task's acronym)?"""
    return (cand.long_span is not None and doc[cand.long_span[0]].is_title
            and not is_task_acronym(doc[cand.start : cand.end].text)
            and any("DATASET_NOUN" in cues.get(k, set()) for k in range(cand.end, min(cand.end + 4, len(doc)))))


def _metric_next(doc: Doc, cand: Candidate) -> bool:
    """Is the word right after a pair's closing bracket the singular "metric" or "measure" ("the ... (CPP-CP)
    metric"), not "metrics" or a score further on ("Video Question Answering (VidQA) evaluation metrics", "spoken
    question answering (SQA) F1 score": metrics of the task; review 44)?"""
    k = past_bracket(doc, cand.end)
    return k < len(doc) and doc[k].text in {"metric", "measure"}


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
                 confidence: Mapping[str, float] = DEFAULT_CONFIDENCE, mode: str = "combined",
                 new_names: str = "all", retype: bool = False, decision: str = "", collect: bool = False) -> None:
        register_extensions()
        self.decider = Decider.load(Path(decision)) if decision else None
        self.collect = collect
        if mode not in MODES:
            raise ValueError(f"kg_entities mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.mode = mode
        if new_names not in NEW_NAMES:
            raise ValueError(f"kg_entities new_names must be one of {', '.join(NEW_NAMES)}, not {new_names!r}")
        self.new_names = new_names
        self.retype = retype
        self.span_key = span_key
        self.acronym_key = acronym_key
        self.gazetteer_key = gazetteer_key
        self.proposal_window = proposal_window
        self.source_window = source_window
        self.confidence = {**DEFAULT_CONFIDENCE, **confidence}
        self.cue_matcher = CueMatcher(vocab, cue_patterns())  # the cue labels at each token (spaCy's matchers' own)

    def __call__(self, doc: Doc) -> Doc:
        cues: Cues = self.cue_matcher(doc)
        acronyms = list(doc.spans[self.acronym_key]) if self.acronym_key in doc.spans else []
        known = list(doc.spans[self.gazetteer_key]) if self.gazetteer_key in doc.spans else []
        tagged = tagger_spans(doc) if self.mode != "rules" else []
        framed: list[tuple[int, int, EntityKind]] = []  # the naming frame's names (entity_named_new)
        if self.mode == "model":
            candidates = [Candidate(span.start, span.end, "tagged") for span in tagged]
        else:
            candidates = find_candidates(doc, cues, acronyms=acronyms, known=known)
            candidates.extend(task_metric_candidates(doc, candidates, acronyms))
            framed = framed_names(doc, cues)
            candidates.extend(_named_new_candidates(doc, candidates, cues, framed))
            candidates.extend(title_phrase_candidates(doc, candidates))  # "the Zorb Content Model"
            candidates.extend(lower_case_candidates(doc, candidates))  # "fine-tuned roberta", "wait-k" (h15al)
            candidates.extend(Candidate(start, end, "phrase", kind=EntityKind.DATASET, type_rule=EDITION_RULE)
                              for start, end in edition_datasets(doc)  # "the SemEval 2014 and Twitter datasets"
                              if not any(c.first < end and start < c.end for c in candidates))
            candidates.extend(Candidate(start, end, "phrase", cues={"named_dataset"}) for start, end
                              in language_wordnets(doc) if not any(c.start < end and start < c.end for c in candidates))
        if self.mode == "combined" and self.new_names != "all":
            tagged = [span for span in tagged if adds(span, self.new_names)
                      or any(c.start < span.end and span.start < c.end for c in candidates)]
        labels = merge_tagged(candidates, tagged, acronyms)
        for group in coordinated_groups(doc, candidates):
            self._type_and_role(doc, group, cues)
        used_lower_case(candidates)  # "we propose a conditional self-attention mechanism": self-attention is used
        for cand in candidates:
            label = labels.get(cand.start)
            only_tagged = cand.strength in _TAGGED or (cand.strength == "weak" and "accepted" not in cand.cues)
            guessed = label is EntityKind.DATASET and _only_guessed_a_method(doc, cand, cues)
            if label is not None and (only_tagged or guessed or (self.retype and cand.type_rule in _WEAK_TYPE_RULES)
                                      or (label in _TAGGER_ONLY_KINDS and cand.type_rule not in _STRONG_TYPE_RULES
                                          and not _data_long_form(cand))):
                cand.kind, cand.type_rule = label, "tagger"
                if label in _TAGGER_ONLY_KINDS and cand.relation == Relation.PROPOSES:
                    assign_role(doc, cand, cues, confidence=self.confidence, window=self.proposal_window)
                    # a task or metric is proposed only when called new, not as what a new system is for
        data_by_evidence(doc, candidates)  # "the ZorbNLG and our new Quux datasets": data, by the train slice (h15ba)
        untype_concepts(doc, candidates)  # "performance on CPA" of "collaborative plan acquisition (CPA)": no dataset
        context = drop_context(doc, candidates, acronyms, labels)
        judged = [(cand, drop_reason(doc, cand, context)) for cand in sorted(candidates, key=lambda c: c.start)]
        if self.decider is None and not self.collect:
            kept = [cand for cand, reason in judged if reason is None]
        else:
            kept = apply_decision(doc, judged, self.decider, labels=labels, known=known, cues=cues,
                                  mentions=context.mentions, collect=self.collect)
        kept.extend(task_candidates_beside(doc, kept))  # lists (h15ai); "a dataset for zorb retrieval" (h15aq)
        kept = settle_tasks(doc, kept)  # no task mentions that name no task; definitions widened (round h15ak)
        kept = proposed_names(doc, kept, judged, acronyms, cues)  # names paired with a proposal (round h15ao)
        one_kind_per_name(doc, kept, {(start, end): kind for start, end, kind in framed})
        for cand in kept:  # last, so that no rule typing a "default" name ("ZQMMLU": dataset_stem) is pre-empted
            if listed_model(doc, cand, context):  # "PEGASUS and BART": capitals kept by a model beside them are a
                cand.kind, cand.type_rule = EntityKind.MODEL, "list"  # model too (round h15bp; review53)
            elif cand.type_rule == "default" and learned_kind(doc[cand.start : cand.end].text) == "model":
                cand.kind, cand.type_rule = EntityKind.MODEL, NAME_TABLE_RULE  # "PEGASUS": a model, by the table
        spans = []
        for cand in kept:
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
        before = cues_before(doc, first.first, cues, source_window=self.source_window)  # "on Long Form (LF)"
        after = head_after(doc, last.end, cues)
        apposition = (apposition_head(doc, last.end, cues, len(group)) or noun_before(doc, first.first, cues, last.end)
                      or proposed_phrase_before(doc, first.first, cues))
        examples = examples_head(doc, first.start, cues) or colon_head(doc, first.first, cues)
        has_strong = any(c.strength != "weak" and c.strength not in _TAGGED and c.type_rule not in TASK_METRIC_RULES
                         for c in group)  # only a method, dataset or model name found by rule vouches for a list
        members: list[Candidate] = []
        refused: list[Candidate] = []  # capitalised words nothing accepted (yet)
        for cand in group:
            if cand.type_rule == "task_long_form" and len(group) == 1 and not methods_for_head(doc, cand.end) \
                    and ((after or apposition) is EntityKind.METHOD
                         or ((after or apposition) is EntityKind.METRIC and (after is None or _metric_next(doc, cand)))
                         or (after is EntityKind.DATASET and _long_form_names_data(doc, cand, cues))
                         or (after is None and apposition is EntityKind.DATASET and cand.first >= 1
                             and in_list("naming_words", doc[cand.first - 1].text))):  # "a corpus called ZEQA
                # (zorb-driven question answering)": the naming word ties the name to the noun (round h15cl)
                cand.kind = after or apposition  # "the Fuzzy Span Universal Information Extraction (FSUIE) framework",
                cand.type_rule = "head_noun" if after else "apposition"  # "ReadQG (Relevance-Aware Diverse Query
                members.append(cand)  # Generation), a method to ...": a long form ending in a task head names a method
                continue  # (or a dataset: "the Visuo-Linguistic Question Answering (VLQA) challenge corpus"; or a metric:
                # "the Combined Zorb Prediction (CZP) metric", round h15bh)
            if cand.type_rule in TASK_METRIC_RULES or cand.type_rule in {NAMED_NEW_RULE, EDITION_RULE,
                                                                         TITLE_PHRASE_RULE}:  # typed by their source
                if cand.type_rule == "known_resource" and cand.strength == "weak" and cand.end - cand.start == 1 \
                        and len(doc[cand.start]) > 4:
                    cand.cues.add("accepted")  # "results for Propbank": a listed resource however it is written
                members.append(cand)
                continue
            if cand.strength == "weak":  # a capitalised word: only a list or a dataset noun makes it a name
                listed = delimited(doc, cand) and ((has_strong and len(group) > 1) or examples in EXAMPLE_HEADS)
                text = doc[cand.start : cand.end].text
                named = after == EntityKind.DATASET and ("-" in text or names_a_dataset(doc, cand, cues))
                built = (cand.end < len(doc) and "ARCH_HEAD" in cues.get(cand.end, set()) and doc[cand.end].is_lower
                         and cand.start > 0
                         and (in_list("articles", doc[cand.start - 1].text)
                              or in_list("instruments", doc[cand.start - 1].text)))  # "a Transformer encoder"
                presented = (len(group) == 1 and apposition_head(doc, cand.end, cues) not in {None, EntityKind.TASK}
                             and _speaks_of_the_authors(doc, cand.start, cues))  # "of Prosebot, a ... platform"
                owned = (cand.start > 1 and doc[cand.start - 1].text == "(" and cand.end < len(doc)
                         and doc[cand.end].text == ")" and "PROPOSAL_NOUN" in cues.get(cand.start - 2, set())
                         and our_names(doc, cand.start, cues))  # "our system (Solomon)"
                coined = coined_after_proposal(doc, cand, cues)  # "we propose Meta-Reasoning"
                banked = len(text) > 6 and text.lower().endswith("bank") and text.lower() != "treebank"  # "Timebank"
                learned = vouched_kind(doc, cand.start, cand.end)  # "Pegasus": the train slice's strong rules type
                # the name elsewhere (round h15cs); not a first name before initials ("Herbert R. Grosch", review77)
                introduced = introduced_list(doc, first.first, last.end, len(group), cues) \
                    or (len(group) == 1 and announced_dataset(doc, cand.start, cand.end, cues)) \
                    or (len(group) == 1 and apposition is EntityKind.DATASET and cand.start > 0  # "datasets: X, Y",
                        and doc[cand.start - 1].lower_ in NAMING_VERBS  # "a new NER dataset called Wojoodfine"
                        and doc[cand.start].lower_ not in word_list("languages.txt")  # (round h15af), the whole
                        and (cand.end == len(doc) or doc[cand.end].is_sent_start  # name, not "called All News"
                             or not doc[cand.end].text[:1].isupper()))
                if not (listed or named or built or presented or owned or coined or banked or introduced or learned):
                    refused.append(cand)
                    continue
                cand.cues.add("accepted")
            cand.kind, cand.type_rule = entity_kind(doc, cand, cues, before=before, after=after,
                                                    apposition=apposition, examples=examples)
            if cand.type_rule == "default" and cand.strength == "weak" \
                    and (vouched := vouched_kind(doc, cand.start, cand.end)):
                cand.kind, cand.type_rule = EntityKind(vouched), NAME_TABLE_RULE
            members.append(cand)
        for cand in refused:  # once the others are typed: "on Zorbroom and CNN/Daily Mail" (round h15ba)
            if ends_a_data_list(doc, cand, group, cues):
                cand.cues.add("accepted")
                cand.kind, cand.type_rule = entity_kind(doc, cand, cues, before=before, after=after,
                                                        apposition=apposition, examples=examples)
                members.append(cand)
        members.sort(key=lambda c: c.start)
        typed_datasets = [c for c in members if c.kind == EntityKind.DATASET and c.type_rule != "default"]
        metrics = not typed_datasets and _metric_list(doc, members)
        vouching = vouching_members(members)
        for cand in members:
            if typed_datasets and (cand.type_rule == "default" or task_typed_data(doc, cand, members, vouching)):
                # "on ZB8K and ZorbQA": a list has one kind, also over an acronym a task only by its shape ("on the Z2Z
                # and REVERIE", round h15ba); the members that vouch for it are found once per list (review 39)
                cand.kind, cand.type_rule = EntityKind.DATASET, "list"
            elif metrics and cand.type_rule == "default":
                cand.kind, cand.type_rule = EntityKind.METRIC, "list"  # "sentZLEU, BLEU and TER": metrics
            assign_role(doc, cand, cues, confidence=self.confidence, window=self.proposal_window)
            if cand is not first and first.relation == Relation.PROPOSES and cand.relation == Relation.USES:
                cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, first.role_rule, first.confidence


@Language.factory(
    "kg_entities",
    assigns=["doc.spans"],
    requires=["doc.sents"],
    default_config={"span_key": SPAN_KEY, "acronym_key": "kg_acronyms", "gazetteer_key": "kg_gazetteer",
                    "proposal_window": 14, "source_window": 6, "confidence": dict(DEFAULT_CONFIDENCE),
                    "mode": "combined", "new_names": "all", "retype": False, "decision": "", "collect": False},
)
def make_entity_recognizer(nlp: Language, name: str, span_key: str, acronym_key: str, gazetteer_key: str,
                           proposal_window: int, source_window: int,
                           confidence: dict[str, float], mode: str, new_names: str,
                           retype: bool, decision: str, collect: bool) -> EntityRecognizer:
    """Factory for :class:`EntityRecognizer` (``nlp.add_pipe("kg_entities")``).

    ``proposal_window``: tokens walked back from a name to a proposal verb; ``source_window``: tokens
    before "from X" searched for a dataset or derivation word; ``confidence``: per rule (see
    :mod:`extractors.entity_roles`); ``mode``: ``"combined"`` (rules and the trained tagger's
    ``doc.ents``), ``"rules"`` or ``"model"`` (the tagger's spans only, roles by rule); ``new_names``:
    which names only the tagger found are kept in ``"combined"`` mode (:data:`NEW_NAMES`); ``retype``: may
    the tagger's kind replace a weak rule kind among method, dataset and model (a task or metric always may)?
    ``decision`` and ``collect`` are experimental (no decision weights ship; docs/extraction.md, round h15f):
    ``decision``: path of learned decision weights (``""``: the hand policy); ``collect``: keep every
    candidate's features in ``doc.user_data["kg_candidates"]`` (training data).
    """
    return EntityRecognizer(nlp.vocab, span_key=span_key, acronym_key=acronym_key, gazetteer_key=gazetteer_key,
                            proposal_window=proposal_window, source_window=source_window, confidence=confidence,
                            mode=mode, new_names=new_names, retype=retype, decision=decision, collect=collect)


def _metric_list(doc: Doc, members: list[Candidate]) -> bool:
    """Is a list whose names no rule typed a list of metrics: no typed method, dataset or model in it, only list glue
    between its names, and two metrics ("sentZLEU, BLEU and TER"), or one with nothing but punctuation or a function
    word after the list ("BLEU and ZorbScore."; not "85 F1 and ZorbNet reaches 80": a clause, not a list)?"""
    if not members or any(c.kind in NAMED_KINDS and c.type_rule != "default" for c in members):
        return False
    if any(not all(in_list("list_glue", doc[k].text) for k in range(a.end, b.start))
           for a, b in pairwise(members)):
        return False  # "F1 score: 0.35), ZVM (accuracy: ...)": a list across asides is a list of results, not metrics
    typed = sum(c.kind is EntityKind.METRIC for c in members)
    end = members[-1].end
    return typed >= 2 or (typed == 1 and (end >= len(doc) or doc[end].is_punct or doc[end].is_stop))


def _named_new_candidates(doc: Doc, candidates: list[Candidate], cues: Cues,
                          framed: list[tuple[int, int, EntityKind]]) -> list[Candidate]:
    """The names the authors give a new thing with "called" / "named" (:mod:`extractors.entity_named_new`) that
    no other candidate covers; a capitalised word nothing vouched for ("a new corpus called Zorbcommon", the "Zorb" and
    "Model" of "... proposed: the Zorb Model, ...") is taken out of ``candidates`` and found again as (part of) such a
    name."""
    weak = {(c.start, c.end): c for c in candidates if c.strength == "weak" and c.type_rule == "default"
            and c.long_span is None}
    found = []
    for start, end, kind in named_new_names(doc, cues, framed):
        team = team_marker_before(doc, start, end)
        if team is not None and (team, team + 1) in weak:
            candidates.remove(weak.pop((team, team + 1)))  # "We (Team Zorbie) propose": "Team" is no name
        inside = [span for span in weak if start <= span[0] and span[1] <= end]  # "the Zorb-Specific Model": "Model"
        for span in inside:
            candidates.remove(weak.pop(span))
        if any(c.first < end and start < c.end for c in candidates):
            continue
        found.append(Candidate(start, end, "phrase", kind=kind, type_rule=NAMED_NEW_RULE))
    return found


def _speaks_of_the_authors(doc: Doc, start: int, cues: Cues) -> bool:
    """Does the sentence before ``start`` speak of the paper's own work ("we present", "our", "this paper")?"""
    sent_start = sentence_start(doc, start)
    return any(cues.get(i, set()) & {"PROPOSE", "SELF", "OUR"} or own_work(doc, i) for i in range(sent_start, start))


def _only_guessed_a_method(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """Did the rules call ``cand`` a method for want of anything typing it, in a plain use (not proposed, not "based
    on X"), in a sentence that speaks of data and with no method or model noun beside it? Then the tagger's dataset
    label decides: "word senses from a Chinese ontology HowNet", "usages sampled from Twitter and ukWaC"; not "the
    LASER toolkit ... trained on a parallel corpus", "like KEWER, SERAG uses random walks"."""
    if cand.kind is not EntityKind.METHOD or cand.type_rule != "default" or cand.role_rule != "use":
        return False
    if cand.first >= 2 and in_list("foundation_prepositions", doc[cand.first - 1].text) \
            and in_list("foundation_verbs", doc[cand.first - 2].text):
        return False
    near = range(max(cand.first - 3, 0), min(cand.end + 2, len(doc)))
    if any(cues.get(i, set()) & _METHOD_NOUNS and "DATASET_HEAD" not in cues.get(i, set()) for i in near):
        return False  # "baselines – BiDAF", "the LASER toolkit", "an embedding model (Universal Sentence Encoder)"
    sentence = doc[cand.start].sent if doc.has_annotation("SENT_START") else doc[:]
    return any(cues.get(i, set()) & _DATA_CUES or doc[i].lower_ == "data" for i in range(sentence.start, sentence.end))


#: Cue labels of nouns that name methods or models: a name beside one is no dataset the tagger may retype.
_METHOD_NOUNS = frozenset({"METHOD_HEAD", "MODEL_HEAD", "PROPOSAL_NOUN", "ARCH_HEAD"})
#: Cue labels of a sentence that speaks of data ("corpus", "sampled", "collected").
_DATA_CUES = frozenset({"DATASET_NOUN", "DERIVED"})


#: Strengths of the candidates ``merge_tagged`` makes: only the tagger found them, so its kind is theirs.
_TAGGED = frozenset({"tagged", "tagged_acronym"})
#: Kinds only the tagger finds: its label wins over any rule's kind.
_TAGGER_ONLY_KINDS = frozenset(kind for kind in EntityKind if kind.value in {"task", "metric"})


#: A lower-case function word or proposal verb glued to the capitalised name after it ("usingCLIP", "thanPubMed",
#: "we proposeLILA, a ... benchmark": round h15af).
_GLUED_WORD_BEFORE_NAME = "(?:" + "|".join(
    rf"(?<=(?<![A-Za-z]){word})" for word in ("using", "than", "with", "and", "from", "via", "the", "of", "on",
                                              "propose", "present", "introduce")
) + r")(?=[A-Z][A-Za-z]*[A-Z])"


#: spaCy's emoticons made of a bracket and a colon ("):", ":(", "[:"): in an abstract they are an acronym's closing
#: parenthesis before a colon ("we present Zorb By Flims (ZBF): a novel ..."), which the emoticon kept as one token.
_BRACKET_EMOTICON = re.compile(r"[()\[\]]+:+|:+[()\[\]]+|[()\[\]]:[()\[\]]")


def _tune_tokenizer(nlp: Language) -> None:
    """Keep hyphenated names whole ("Zorb-Bench"); split "-based"-style suffixes, "Models(ZRMs", "13B.Our", "LLM.We";
    no bracket-and-colon emoticons ("(ZBF):" is four tokens)."""
    infixes = [p.replace("(?:-|–|—|--|---|——|~)", "(?:–|—|--|---|——|~)") for p in nlp.Defaults.infixes]
    infixes.append(r"(?<=[A-Za-z])\((?=[A-Z])")
    infixes.append(r"(?<=[A-Za-z0-9])\.(?=[A-Z][a-z]{2,}|(?:We|It|In|As|On|To|By|An|At|If)(?![A-Za-z]))")  # "13B.Our"
    infixes.append(_GLUED_WORD_BEFORE_NAME)  # "usingCLIP", "thanPubMed": a space lost before a name
    infixes.append(r"(?<=[A-Z]{2})(?=(?:and|or|the|with)(?![A-Za-z]))")  # "Augment-CLIPand": ... and after one
    infixes.append(r"(?<=[A-Za-z0-9]{2})\+(?=[A-Z][A-Za-z0-9]*[A-Z])")  # "CNN+BiLSTM": two names joined by "+"
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    suffix_words = "|".join(re.escape(word) for word in word_lists()["name_suffixes"].text)
    suffixes = list(nlp.Defaults.suffixes) + [
        rf"(?<=[A-Za-z0-9])-(?:{suffix_words})",
        r"(?<=[A-Za-z0-9])['’]s",
        r"(?<=[0-9][A-Z])\.",  # "ZB8K." ends a sentence
        r"(?<=[A-Za-z0-9])=",  # "F1= 0.64"
    ]
    nlp.tokenizer.suffix_search = compile_suffix_regex(suffixes).search
    nlp.tokenizer.rules = {text: rule for text, rule in nlp.tokenizer.rules.items()
                           if not _BRACKET_EMOTICON.fullmatch(text)}  # "(RBE):" is "(", "RBE", ")", ":"


def blank_pipeline() -> Language:
    """``spacy.blank("en")`` with kg's tokenizer settings, bounded (:mod:`extractors.bounded_tokenizer`), no components.

    >>> [t.text for t in blank_pipeline()("A ZorbNet-based Zorb-Bench and Alpaca-13B.Our")]
    ['A', 'ZorbNet', '-based', 'Zorb-Bench', 'and', 'Alpaca-13B', '.', 'Our']

    A space lost around a name in the source text ("usingCLIP", "Augment-CLIPand") is put back:

    >>> [t.text for t in blank_pipeline()("match usingCLIP, thanPubMed and Augment-CLIPand mBERT or theory")]
    ['match', 'using', 'CLIP', ',', 'than', 'PubMed', 'and', 'Augment-CLIP', 'and', 'mBERT', 'or', 'theory']
    """
    nlp = spacy.blank("en")
    _tune_tokenizer(nlp)
    nlp.tokenizer = BoundedTokenizer(nlp.tokenizer)  # linear time on runs of punctuation (hostile input)
    return nlp


def build_pipeline(mode: str = "combined", *, weights: Path = MODEL_DIR, decision: Path | None = None,
                   collect: bool = False) -> Language:
    """A blank English pipeline with kg's components: sentencizer, kg_sentence_cap, kg_acronyms, kg_gazetteer,
    the trained tagger ``ner`` (:mod:`extractors.entity_model`), kg_entities.

    Nothing is downloaded; everything the pipeline needs ships in this package. ``kg_sentence_cap``
    (:mod:`extractors.long_sentences`) keeps every sentence bounded, so a text without full stops
    costs time linear in its length. ``mode="rules"`` leaves the tagger out (the rules alone);
    ``mode="model"`` types only the tagger's spans (both for the ablation in ``benchmarks/extraction.py``).
    ``weights``: the tagger's folder (another one for cross-validation); without weights the rules run alone.
    Experimental, for ``scripts/train_entity_decision.py`` (no decision weights ship): ``decision``: weights of a
    learned keep / kind decision (:mod:`extractors.entity_decision`) instead of the hand policy's; ``collect``:
    write every candidate's features to ``doc.user_data["kg_candidates"]``.

    >>> build_pipeline().pipe_names
    ['sentencizer', 'kg_sentence_cap', 'kg_acronyms', 'kg_gazetteer', 'ner', 'kg_entities']
    >>> build_pipeline("rules").pipe_names
    ['sentencizer', 'kg_sentence_cap', 'kg_acronyms', 'kg_gazetteer', 'kg_entities']
    """
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_sentence_cap")
    nlp.add_pipe("kg_acronyms")
    nlp.add_pipe("kg_gazetteer")
    tagger = mode != "rules" and has_weights(weights)
    if tagger:
        add_entity_tagger(nlp, folder=weights)
    nlp.add_pipe("kg_entities", config={"mode": mode if tagger else "rules",
                                        "decision": str(decision) if decision else "", "collect": collect})
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
