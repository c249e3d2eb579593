"""Proposals the learned role decision may not take back: a coined name the authors present in apposition (round
h15ao), and, whatever the rules said, a variant of a name the paper proposes and a model the authors train and
present in apposition (round h15ci, :func:`proposed_variants`, :func:`trained_apposition`).

The learned decision (:mod:`extractors.entity_role_model`) demotes most proposals of known names rightly ("we
extend Transformer, a ... model"), but on unannotated abstracts it also demoted coined names in the plainest frames
a paper has for its own contribution: "We introduce INQUISITIVE, a dataset of ~19K questions", "This paper presents
OMINE, an opinion mining system", "we introduce a new benchmark, Conan, designed for ...", "Our dataset, AutoMin,
consists of ...", "Babel Briefings is a novel dataset featuring ...", "we introduce a biomedical mechanism
summarization task." An entity the role rules proposed keeps its proposal when one of its proposed mentions stands
in such a frame (:func:`framed_proposal`) and no list knows the name (its type rule is none of the known-name
rules; a model family counts only in the first frame, the authors' verb with an apposition: "We present BlockBERT,
a lightweight ... BERT model").
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from extractors.entity_corpus import corpus_class
from extractors.entity_lexicon import verb_regex, word_list
from extractors.entity_roles import released_model
from extractors.gazetteer import load_gazetteer
from ontology.records import Mention, Relation

__all__ = ["framed_proposal", "proposed_variants", "trained_apposition"]

#: Type rules that know the name before this abstract (a gazetteer dataset, a model family, a listed method ...):
#: the learned decision judges those alone.
_KNOWN = frozenset({"gazetteer", "model_family", "known_resource", "known_method", "method_phrase", "corpus",
                    "dataset_stem", "edition", "metric_name"})
#: The authors' verb: every form of the verbs by which authors make something (``PROPOSE`` verbs, subset ``made``).
_VERB = verb_regex("PROPOSE", "made")
_KIND = (r"(?:dataset|corpus|benchmark|resource|treebank|framework|method|approach|model|system|toolkit|tool|"
         r"library|package|platform|algorithm|architecture|metric|suite)s?")
#: The frames, with ``{name}`` for the escaped name: the authors' verb, the name, an apposition with an article
#: ("we introduce X, a dataset"); "a new / novel ... KIND, X," / "our ... KIND, X which" (an apposition closed by a
#: comma, a parenthesis or a relative pronoun: not "after applying our approach, X has scored"); "X is a new ...";
#: the authors' verb taking a task by its frame, the frame ending the phrase ("we introduce the dialog intent
#: induction task and ...", "the task of X, in which"; not "an answer extraction task pipeline", "a X task, GuessTwo").
_FRAMES = (
    r"\b(?:we|paper|work|study|article)\b[^.;:]{{0,40}}?\b" + _VERB + r"\s+(?:(?:the|a|an|our)\s+)?{name}"
    r"\s*(?:\([^()]{{1,60}}\)\s*)?,\s+(?:a|an|the\s+first|our)\b",
    r"\b(?:(?:a|an)\s+(?:new|novel)|[Oo]ur(?:\s+new)?)\s+(?:[\w-]+\s+){{0,4}}?" + _KIND + r"\s*[,:]\s+(?:the\s+)?"
    r"{name}\s*(?:,|\(|which\b|that\b)",
    r"^(?:[\w-]+\s+){{0,2}}?{name}\s+is\s+(?:a|an|the\s+first)\s+(?:[\w-]+\s+){{0,2}}?(?:new|novel|first)\b",
    r"\b(?:we|paper|work|study|article)\b[^.;:]{{0,40}}?\b" + _VERB + r"\s+(?:the|a|an)\s+(?:(?:new|novel)\s+)?"
    r"(?:{name}\s+(?:task|subtask)|task\s+of\s+{name})(?=\s*(?:[.;:(]|,\s+(?:[a-z]|and\b)|\s(?:for|where|that|which|"
    r"and|in|of|with|on|as|we|is)\b))",
)


def _type_rule(mention: Mention) -> str:
    return mention.provenance.extractor.split(":", 1)[-1].partition("+")[2]


def framed_proposal(mentions: Sequence[Mention]) -> bool:
    """Does one of the entity's mentions, proposed by the rules, stand in a frame of the module docstring, with no
    mention typed by a known-name rule?

    >>> from ontology.records import EntityKind, Provenance
    >>> def m(name, sentence, rule="proposal_verb+apposition"):
    ...     return Mention("p", name, EntityKind.DATASET, Relation.PROPOSES,
    ...                    Provenance("x", extractor="kg_entities:" + rule, sentence=sentence))
    >>> framed_proposal([m("ZorbQA", "We introduce ZorbQA, a dataset of questions.")])
    True
    >>> framed_proposal([m("ZorbQA", "We extend ZorbQA, a dataset of questions.")])
    False
    >>> framed_proposal([m("ZorbQA", "We introduce ZorbQA, a dataset.", "proposal_verb+gazetteer")])
    False
    >>> framed_proposal([m("ZorbQA", "Our dataset, ZorbQA, has 5K questions.", "our+apposition")])
    True
    >>> framed_proposal([m("ZorbQA", "After applying our approach, ZorbQA has scored 0.6.", "our+default")])
    False
    >>> framed_proposal([m("zorb sorting", "We introduce the zorb sorting task.", "proposal_verb+task_frame")])
    True
    >>> framed_proposal([m("zorb sorting", "We design a zorb sorting task pipeline.", "proposal_verb+task_frame")])
    False
    """
    rules = {_type_rule(m) for m in mentions}
    if rules & _KNOWN - {"model_family"}:
        return False
    count = 1 if "model_family" in rules else len(_FRAMES)  # "We present ZorbBERT, a lightweight BERT model"
    for mention in mentions:
        sentence = mention.provenance.sentence
        if mention.relation is not Relation.PROPOSES or not sentence:
            continue
        name = re.escape(mention.name)
        if any(re.search(frame.format(name=name), sentence, re.IGNORECASE)
               for frame, gated in zip(_FRAMES[:count], _framed_sentence(sentence)) if gated):
            return True
    return False


#: Text of any length, the name's stand-in in :func:`_gate`.
_ANY_NAME = r"(?s:.*?)"


def _gate(frame: str, flags: int = 0) -> re.Pattern[str]:
    """``frame`` with any text in the name's place: it finds something in every sentence where ``frame`` finds the
    name (a name's escaped text is one of the texts ``.*?`` matches; nothing else differs), so a sentence it finds
    nothing in needs no regex compiled for each name (a compile per name was ~3 % of the whole extraction; round
    h15cm). Only a necessary condition: the frame itself decides.

    >>> _gate(_FRAMES[0], re.IGNORECASE).search("We introduce a corpus, a resource of text.") is not None
    True
    >>> _gate(_FRAMES[0], re.IGNORECASE).search("We use the corpus for training.") is None
    True
    """
    return re.compile(frame.format(name=_ANY_NAME), flags)


_FRAME_GATES = tuple(_gate(frame, re.IGNORECASE) for frame in _FRAMES)
#: Longest sentence the gates search. A gate's ``.*?`` scans from each start of a frame's opening ("we present") to
#: the sentence's end, quadratic in its length where the per-name regex fails at once: 17.6 s against 0.08 s on a
#: 50,000-character sentence (review73). A longer sentence goes to the per-name regexes ungated (same verdicts).
_GATED_LENGTH = 1000


@lru_cache(maxsize=4096)
def _framed_sentence(sentence: str) -> tuple[bool, ...]:
    """For each frame of :data:`_FRAMES`, may it hold of some name in ``sentence`` (:func:`_gate`)? Read once per
    sentence; every frame may hold in a sentence longer than :data:`_GATED_LENGTH` (not searched)."""
    if len(sentence) > _GATED_LENGTH:
        return (True,) * len(_FRAME_GATES)
    return tuple(gate.search(sentence) is not None for gate in _FRAME_GATES)


#: What follows the paper's own name in a variant of it: one hyphenated segment of letters and digits ("-multi",
#: "-large", "-7B", "-v2"), but none of the words that make the name an adjective ("ZorbNet-based parsers").
_VARIANT = re.compile(r"-(?P<suffix>[A-Za-z0-9][A-Za-z0-9.]{0,11})")
_NOT_VARIANTS = frozenset({"based", "style", "like", "specific", "free", "aware", "only", "level", "wise", "related",
                           "oriented", "driven", "enhanced", "augmented", "guided", "generated", "annotated",
                           "derived", "inspired", "powered", "informed", "type", "friendly", "centric", "agnostic"})


def _variant_stem(mention: Mention) -> str | None:
    """STEM of a mention named STEM-SUFFIX, one hyphenated segment that is no adjective's ("ZorbNet-based")."""
    stem, dash, rest = mention.name.rpartition("-")
    if dash and _VARIANT.fullmatch(dash + rest) and rest.lower() not in _NOT_VARIANTS:
        return stem
    return None


#: A shared task's title and its short name in parentheses: "SemEval 2021 Task 2: Zorbish Sense Matching (ZSM)".
_TASK_ACRONYM = r"\b[Tt]ask\s*\d+[A-Za-z]?\s*:\s*[^().;:]{{3,150}}\(\s*{name}\s*\)"
#: Type rules of a listed resource's edition or extension: "results on SQuAD-2.0", "the WordNet-Affect lexicon".
_EDITION_RULES = frozenset({"evaluated_on", "dataset_stem"})


def proposed_variants(entities: Sequence[Sequence[Mention]], proposed: Sequence[bool],
                      stems: Sequence[str] = ()) -> list[bool]:
    """``proposed`` with each entity named STEM-SUFFIX proposed too, where STEM names an entity of the same paper
    that is proposed (or is in ``stems``: the proposed names of the paper's title), in one hyphenated segment:
    "We have participated with two variants of ZORVIS, ZORVIS-multi and ZORVIS-mono" (round h15ci). A variant the
    authors name of their own system is theirs; "ZorbNet-based" and the like (:data:`_NOT_VARIANTS`) are no names
    of a variant.

    >>> from ontology.records import EntityKind, Provenance
    >>> def e(name, relation=Relation.USES):
    ...     return [Mention("p", name, EntityKind.METHOD, relation, Provenance("x", extractor="kg_entities:x"))]
    >>> proposed_variants([e("ZORVIS"), e("ZORVIS-multi"), e("ZORVIS-based"), e("BERT-base")],
    ...                   [True, False, False, False])
    [True, True, False, False]
    >>> proposed_variants([e("ZORVIS-mono")], [False], stems=["ZORVIS"])
    [True]
    >>> proposed_variants([e("ZORVIS"), e("ZORVIS-multi")], [False, False])
    [False, False]

    Not a shared task named like the paper's team ("MCL" of "MCL@IITK at SemEval ...", "MCL-WiC" the task), nor an
    edition or extension of a listed resource the paper evaluates on or names as a dataset ("SQuAD-2.0",
    "WordNet-Affect") where the listed stem was proposed (review66):

    >>> def t(name, rule):
    ...     return [Mention("p", name, EntityKind.TASK, Relation.USES,
    ...                     Provenance("x", extractor="kg_entities:" + rule))]
    >>> proposed_variants([e("ZORVIS"), t("ZORVIS-WiC", "use+shared_task")], [True, False])
    [True, False]
    >>> proposed_variants([e("SQuAD"), t("SQuAD-2.0", "use+evaluated_on"), t("ZorbQA-2", "use+evaluated_on")],
    ...                   [True, False, False])
    [True, False, False]
    """
    own = {m.name for entity, verdict in zip(entities, proposed, strict=True) if verdict for m in entity} | set(stems)
    own = {name for name in own if len(name) > 1}
    out = list(proposed)
    for i, (entity, verdict) in enumerate(zip(entities, proposed, strict=True)):
        if verdict:
            continue
        stem = next((stem for stem in map(_variant_stem, entity) if stem in own), None)
        if stem is None:
            continue
        rules = {_type_rule(m) for m in entity}
        if "shared_task" in rules or any(
                m.provenance.sentence and re.search(_TASK_ACRONYM.format(name=re.escape(m.name)), m.provenance.sentence)
                for m in entity):
            continue  # "SemEval 2021 Task 2: Multilingual ... Disambiguation (MCL-WiC)" of the team "MCL" (review66)
        if rules & _EDITION_RULES and _listed(stem):
            continue  # "results on SQuAD-2.0", "the WordNet-Affect lexicon": the listed resource's (review66)
        out[i] = True
    return out


#: The authors train (not fine-tune) a model they present in apposition: "we use the corpus to pretrain ZorbBERT, a
#: transformer-based language model", "We also train ZorbLID, a language identifier for ...".
_TRAINED = (r"\b(?:we|We)\b[^.;:]{{0,60}}?\b(?:pre-?train(?:ed)?|train(?:ed)?)\s+{name}\s*(?:\([^()]{{1,60}}\)\s*)?,"
            r"\s+(?:a|an)\s")
_TRAINED_GATE = _gate(_TRAINED)


@lru_cache(maxsize=4096)
def _trained_sentence(sentence: str) -> bool:
    """May :data:`_TRAINED` hold of some name in ``sentence`` (:func:`_gate`)? Read once per sentence, not once per
    mention; True, unsearched, for a sentence longer than :data:`_GATED_LENGTH` (review73)."""
    return len(sentence) > _GATED_LENGTH or _TRAINED_GATE.search(sentence) is not None


def trained_apposition(mentions: Sequence[Mention]) -> bool:
    """Does the authors' "we (pre)train NAME, a ..." present the entity, a name no list knows and no released model
    ("we fine-tune BART, a ... model", "we train BERT-base, a ..." use them)? (Round h15ci.)

    >>> from ontology.records import EntityKind, Provenance
    >>> def m(name, sentence, rule="use+model_family"):
    ...     return Mention("p", name, EntityKind.MODEL, Relation.USES,
    ...                    Provenance("x", extractor="kg_entities:" + rule, sentence=sentence))
    >>> trained_apposition([m("ZorbBERT", "Finally, we use the corpus to pretrain ZorbBERT, a privacy model.")])
    True
    >>> trained_apposition([m("ZorbBERT", "We fine-tune ZorbBERT, a privacy model.")])
    False
    >>> trained_apposition([m("BERT-base", "We train BERT-base, a strong model.")])
    False
    >>> trained_apposition([m("ZorbLID", "We train ZorbLID, a tool.", "use+gazetteer")])
    False
    >>> trained_apposition([m("LSTM", "We train LSTM, a recurrent model, on the data.", "apposition+apposition")])
    False
    """
    rules = {_type_rule(m) for m in mentions}
    if rules & _KNOWN - {"model_family"}:
        return False
    for mention in mentions:
        sentence = mention.provenance.sentence
        if not sentence or "rain" not in sentence or released_model(mention.name) or _listed(mention.name):
            continue  # "rain": most entities are in no "(pre)train" sentence; a regex per name costs a compile
        if _trained_sentence(sentence) and re.search(_TRAINED.format(name=re.escape(mention.name)), sentence):
            return True  # the gate first: a regex compiled per name costs more than the search (round h15cm)
    return False


def _listed(name: str) -> bool:
    """Does a list know ``name`` as written, whatever type rule the abstract gave it: a listed method or resource,
    a name the corpus classes, or a gazetteer dataset ("we train word2vec, a ...", "we train LSTM, a ..."; the
    apposition typed them, so the type-rule check alone let them through; review66)? A model family's coinage
    ("ZorbBERT") is no listed name."""
    lower = name.lower()
    return corpus_class(name) is not None or any(lower in word_list(f) for f in ("known_methods.txt",
                                                                                   "known_resources.txt")) \
        or load_gazetteer().lookup(name) is not None
