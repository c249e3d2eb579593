"""A learned proposes / uses decision over the entities the pipeline keeps in one paper (round h15ag).

The role rules (:mod:`extractors.entity_roles`, :mod:`extractors.entity_named_new`, the title agreement of
:mod:`extractors.mentions` ...) give each mention a role; a paper proposes an entity when any of its mentions is
proposed (``kg.graph``).  This module takes the same unit: the mentions of one paper whose names or long forms
share an entity key (:func:`group_mentions`, as the dev-set scorer merges them) are one *entity*, described by
string features a careful reader would use (:func:`entity_features`: the rules' verdict and which rules set it,
the name in the title, where the entity is first named, "we / our / this paper", proposal and usage verbs,
"novel / new", "existing / previous", comparisons around the name, the kind, the name's shape, whether it is a
known dataset, model family or method, how often it is named), scored by a logistic regression whose weights are
a small JSON file (:class:`RoleModel`), and given one role: all its mentions proposed or all used
(:func:`apply_role_model`).  Entities named only in the title are left as the title rule set them.

The weights are trained by ``scripts/train_role_model.py`` on the hand-annotated tuning sets (leave-one-set-out
cross-validated there); scoring is a sum of weights in pure Python.

>>> model = RoleModel({"intercept": -2.0, "weights": {"rules=proposes": 4.0}, "threshold": 0.5})
>>> model.probability(["rules=proposes"]) > 0.8, model.probability(["rules=uses"]) < 0.2
(True, True)
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from pathlib import Path

from extractors.entity_corpus import corpus_class
from extractors.entity_lexicon import word_list
from extractors.entity_names import letter_case, model_family, name_shape
from extractors.entity_organised_tasks import organised_shared_task
from extractors.entity_role_guard import framed_proposal, proposed_variants, trained_apposition
from extractors.gazetteer import load_gazetteer
from extractors.role_weights import ROLE_WEIGHTS, role_weights_text
from ontology.ids import entity_key
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation  # noqa: F401  (doctests)

__all__ = ["RoleModel", "apply_role_model", "decide", "entity_features", "group_mentions", "shipped_role_model"]

#: Words of a sentence that speak of the authors' own work.
_SELF = re.compile(r"\b(?:we|our|us|this (?:paper|work|study|article|report|thesis)|here)\b", re.IGNORECASE)
#: Verbs of making something new.
_PROPOSE = re.compile(r"\b(?:propos\w*|introduc\w*|present\w*|develop\w*|design\w*|releas\w*|construct\w*|"
                      r"buil[dt]\w*|creat\w*|collect\w*|curat\w*|annotat\w*|contribut\w*|devis\w*|formulat\w*|"
                      r"establish\w*|describ\w*|offer\w*|call\w*|name[ds]?|dub\w*|term(?:ed|s)?)\b", re.IGNORECASE)
#: Verbs and prepositions of using something that exists.
_USE = re.compile(r"\b(?:us(?:e|es|ed|ing)|employ\w*|adopt\w*|leverag\w*|appl(?:y|ies|ied|ying)|utili[sz]\w*|"
                  r"based on|fine-?tun\w*|evaluat\w*|train\w*|experiment\w*|benchmark\w*|test\w*|"
                  r"finetun\w*|pre-?train\w*|extend\w*|follow\w*|built on|on top of)\b", re.IGNORECASE)
#: Words that call a thing new.
_NEW = re.compile(r"\b(?:novel|new|first|newly|proposed|our)\b", re.IGNORECASE)
#: Words that call a thing existing or someone else's.
_OLD = re.compile(r"\b(?:existing|previous\w*|prior|popular|widely|standard|state-of-the-art|sota|baselines?|"
                  r"well-known|common\w*|recent\w*|traditional|conventional|publicly|public|original|pre-?trained|"
                  r"off-the-shelf|et al|strong)\b", re.IGNORECASE)
#: Comparison and example words.
_COMPARE = re.compile(r"\b(?:outperform\w*|than|compar\w*|over|surpass\w*|beat\w*|versus|vs)\b", re.IGNORECASE)
_EXAMPLE = re.compile(r"\b(?:such as|e\.g|including|like|namely)\b", re.IGNORECASE)
#: The last word before a position of a sentence (searched up to it: ``pattern.search(sentence, 0, at)``).
_WORD_BEFORE = re.compile(r"(\w+)\W*$")
#: Where a sentence ends in an abstract.
_SENTENCE_END = re.compile(r"[.!?](?:\s+|$)")

_CUES = (("self", _SELF), ("propose", _PROPOSE), ("use", _USE), ("new", _NEW), ("old", _OLD),
         ("compare", _COMPARE), ("example", _EXAMPLE))


def _keys(mention: Mention) -> set[str]:
    return {entity_key(mention.name)} | ({entity_key(mention.long_form)} if mention.long_form else set())


def group_mentions(mentions: Sequence[Mention]) -> list[list[int]]:
    """Indices of ``mentions`` (of one paper) grouped into entities: names or long forms that share an entity key.

    >>> from ontology.records import EntityKind, Provenance
    >>> def m(name, long_form=None):
    ...     return Mention("p", name, EntityKind.METHOD, Relation.USES, Provenance("x"), long_form=long_form)
    >>> group_mentions([m("BERT"), m("ZN", "Zorb Net"), m("Zorb Net"), m("bert")])
    [[0, 3], [1, 2]]
    """
    groups: list[tuple[set[str], list[int]]] = []
    for i, mention in enumerate(mentions):
        keys, members = _keys(mention), [i]
        for other in [g for g in groups if g[0] & keys]:
            keys |= other[0]
            members = other[1] + members
            groups.remove(other)
        groups.append((keys, sorted(members)))
    return sorted((members for _, members in groups), key=lambda g: g[0])


def _bucket(n: int, edges: Iterable[int]) -> str:
    for edge in edges:
        if n <= edge:
            return str(edge)
    return "more"


def _rules(extractor: str) -> tuple[str, str]:
    """(role rule, type rule) of a mention's extractor ``kg_entities:ROLE+TYPE``."""
    role, _, kind = extractor.split(":", 1)[-1].partition("+")
    return role, kind


def _family(role_rule: str) -> str:
    """``use``, ``title`` or ``proposal``: the role rules grouped, so that a rule newer than the training data
    still counts as what it is."""
    return role_rule if role_rule in ("use", "learned") else "title" if role_rule == "title_name" else "proposal"


def _in_text(name: str, text: str | None) -> bool:
    """Is ``name`` a whole word sequence of ``text`` (any case; a hyphen joins words)?

    >>> _in_text("zorb", "A ZORB parser"), _in_text("Zorb", "Zorb-2: a parser"), _in_text("Zorb", "ZorbNet")
    (True, False, False)
    """
    if not text or not name:
        return False
    lower, needle = text.lower(), name.lower()
    at = lower.find(needle)
    while at >= 0:
        end = at + len(needle)
        if not (at > 0 and _continues_word(lower[at - 1])) and not (end < len(lower) and _continues_word(lower[end])):
            return True
        at = lower.find(needle, at + 1)
    return False


def _continues_word(char: str) -> bool:  # \w or a hyphen
    return char.isalnum() or char in "_-"


def _sentence_index(abstract: str, sentence: str | None) -> int | None:
    """Which sentence of ``abstract`` (0 = the first) ``sentence`` is; ``None`` when it is not found there."""
    if not sentence:
        return None
    at = abstract.find(sentence.strip("…"))
    if at < 0:
        return None
    return len(_SENTENCE_END.findall(abstract, 0, at))


@lru_cache(maxsize=4096)
def _cue_spans(sentence: str) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    """Each cue label with where its words are in ``sentence`` (read once per sentence)."""
    return tuple((label, tuple(m.span() for m in pattern.finditer(sentence))) for label, pattern in _CUES)


def _window_cues(sentence: str, name: str) -> list[str]:
    """Cue labels before and after ``name`` in ``sentence`` (``before=self``, ``after=use`` ...), and within 40
    characters of it (``near_before=propose`` ...).

    >>> sorted(_window_cues("We propose Zorb, which outperforms BERT.", "Zorb"))  # doctest: +NORMALIZE_WHITESPACE
    ['after=compare', 'before=propose', 'before=self', 'near_after=compare', 'near_before=propose',
     'near_before=self', 'word_before=propose']
    """
    spans = _cue_spans(sentence)
    at = sentence.find(name)
    if at < 0:
        return [f"sent={label}" for label, found in spans if found]
    end = at + len(name)
    feats = []
    spans = tuple((label, found) for label, found in spans if found)  # a cue absent from the sentence is in no region
    for region, low, high in (("before", 0, at), ("after", end, len(sentence)),
                              ("near_before", max(0, at - 40), at), ("near_after", end, end + 40)):
        feats += [f"{region}={label}" for label, found in spans if any(low <= a and b <= high for a, b in found)]
    word = _WORD_BEFORE.search(sentence, 0, at)
    if word:
        feats.append(f"word_before={word.group(1).lower()}")
    return feats


def entity_features(paper: Paper, mentions: Sequence[Mention]) -> list[str]:
    """The string features of one entity: its ``mentions`` in ``paper`` (each present feature has value 1)."""
    abstract = paper.abstract or ""
    in_abstract = [m for m in mentions if m.provenance.sentence != paper.title or paper.title is None]
    first = in_abstract[0] if in_abstract else mentions[0]
    name, kind = first.name, first.kind.value
    rules = [_rules(m.provenance.extractor) for m in mentions]
    proposed = [m.relation is Relation.PROPOSES for m in mentions]
    verdict = "proposes" if any(proposed) else "uses"
    feats = [f"rules={verdict}", f"kind={kind}", f"rules={verdict}|kind={kind}",
             f"mentions={_bucket(len(in_abstract), (1, 2, 3, 5))}",
             f"proposed_share={_bucket(round(4 * sum(proposed) / len(proposed)), (0, 1, 2, 3))}"]
    families = sorted({_family(role) for role, _ in rules})
    feats += [f"role_family={family}" for family in families] + [f"role_family={f}|kind={kind}" for f in families]
    feats += sorted({f"role_rule={role}" for role, _ in rules})
    feats += sorted({f"type_rule={kind_rule}" for _, kind_rule in rules})
    names = {m.name for m in mentions} | {m.long_form for m in mentions if m.long_form}
    title = paper.title or ""
    if any(_in_text(n, title) for n in names):
        feats += ["in_title", f"in_title|kind={kind}", f"in_title|rules={verdict}"]
        head = title.split(":", 1)[0] if ":" in title else ""
        if head and any(_in_text(n, head) for n in names):
            feats.append("title_head")
    indices = [i for i in (_sentence_index(abstract, m.provenance.sentence) for m in in_abstract) if i is not None]
    if indices:
        count = len(_SENTENCE_END.findall(abstract)) or 1
        feats += [f"first_sentence={_bucket(min(indices), (0, 1, 2, 3, 5))}",
                  f"first_third={min(3 * min(indices) // count, 2)}"]
        if max(indices) >= count - 1:
            feats.append("last_sentence")
    seen: set[str] = set()
    for position, mention in enumerate(in_abstract[:4]):
        for feat in _window_cues(mention.provenance.sentence or "", mention.name):
            seen.add(f"any_{feat}")
            if position == 0:
                seen.add(f"first_{feat}")
    feats += sorted(seen)
    feats += [f"rules={verdict}|{f}" for f in sorted(seen) if f.startswith(("first_near", "first_before=self"))]
    shape = name_shape(name) or "no"
    feats += [f"shape={shape}", f"case={letter_case(name)}", f"tokens={_bucket(len(name.split()), (1, 2, 3))}"]
    if any(m.long_form for m in mentions):
        feats.append("long_form")
    if any(c.isdigit() for c in name):
        feats.append("digit")
    if "-" in name:
        feats.append("hyphen")
    if model_family(name):
        feats.append("known=family")
    if any(load_gazetteer().lookup(n) is not None for n in names):
        feats.append("known=gazetteer")
    if any(n.lower() in word_list("known_methods.txt") for n in names):
        feats.append("known=method")
    feats.append(f"corpus={corpus_class(name) or 'no'}")
    return feats


class RoleModel:
    """A logistic regression over :func:`entity_features`: ``intercept`` + the ``weights`` of the present
    features; an entity the rules use is proposed when the probability is at least ``threshold``, one the rules
    propose stays proposed when it is at least ``keep`` (default: ``threshold``)."""

    def __init__(self, data: Mapping) -> None:
        self.intercept = float(data["intercept"])
        self.weights: dict[str, float] = {str(k): float(v) for k, v in data["weights"].items()}
        self.threshold = float(data.get("threshold", 0.5))
        self.keep = float(data.get("keep", self.threshold))

    @classmethod
    def load(cls, path: Path | None = None) -> RoleModel:
        """The model whose weights are in ``path`` (default: the shipped :data:`ROLE_WEIGHTS`)."""
        try:
            return cls(json.loads(_weights_text(path)))
        except (OSError, ValueError, KeyError) as error:
            raise ValueError(f"cannot read the role model weights {path or ROLE_WEIGHTS}: {error}; retrain them "
                             "with `python scripts/train_role_model.py fit`") from error

    def probability(self, features: Iterable[str]) -> float:
        """The probability that the paper proposes the entity."""
        score = self.intercept + sum(self.weights.get(f, 0.0) for f in features)
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score))))

    def proposes(self, features: Iterable[str]) -> bool:
        """Does the paper propose the entity with these features?"""
        return self.probability(features) >= self.threshold


def _weights_text(path: Path | None) -> str:
    return Path(path).read_text("utf-8") if path is not None else role_weights_text()


@cache
def shipped_role_model() -> RoleModel:
    """The shipped model (:data:`extractors.role_weights.ROLE_WEIGHTS`), read once per process."""
    return RoleModel.load()


def decide(model: RoleModel, entities: Sequence[tuple[Sequence[Mention], Sequence[str]]]) -> list[bool]:
    """Whether ``model`` has each entity of one paper (its mentions and features) proposed: by its own probability,
    or by the highest of the entities one proposal rule proposed in the same sentence (names listed together share
    a proposal, as they do in the rules: "Our models, Zorb-8B and Zorb-14B, ...").

    >>> def m(name):
    ...     return Mention("p", name, EntityKind.MODEL, Relation.PROPOSES,
    ...                    Provenance("x", extractor="kg_entities:our+default", sentence="Our Zorb and Quux win."))
    >>> decide(RoleModel({"intercept": 0.0, "weights": {"a": 1.0, "b": -1.0}}), [([m("Zorb")], ["a"]),
    ...                                                                      ([m("Quux")], ["b"])])
    [True, True]
    """
    probabilities = [model.probability(features) for _, features in entities]
    shared: list[set[tuple[str | None, str]]] = []
    best: dict[tuple[str | None, str], float] = {}
    for (mentions, _), probability in zip(entities, probabilities):
        keys = {(m.provenance.sentence, role) for m in mentions if m.relation is Relation.PROPOSES
                for role in (_rules(m.provenance.extractor)[0],) if _family(role) == "proposal"}
        shared.append(keys)
        for key in keys:
            best[key] = max(best.get(key, 0.0), probability)
    proposed = [any(m.relation is Relation.PROPOSES for m in mentions) for mentions, _ in entities]
    return [max([probability, *(best[k] for k in keys)]) >= (model.keep if rules else model.threshold)
            for probability, keys, rules in zip(probabilities, shared, proposed)]


def _proposal_frame(entity: Sequence[Mention], abstract: str) -> bool:
    """Whether a frame the learned decision may miss proposes ``entity``: "We introduce ZorbQA, a ..." (round
    h15ao), "we train ZorbLM, a ..." (h15ci), or the shared task an overview paper outlines (h15co)."""
    return framed_proposal(entity) or trained_apposition(entity) or organised_shared_task(entity, abstract)


def apply_role_model(papers: Iterable[Paper], mentions: Sequence[Mention], model: RoleModel) -> list[Mention]:
    """``mentions`` with each entity's role decided by ``model`` (:func:`decide`; its mentions all proposed or all
    used; role rule ``learned`` where the role changes); an entity named only in its paper's title keeps its role."""
    by_ref = {p.ref: p for p in papers}
    out = list(mentions)
    per_paper: dict[str, list[int]] = {}
    for i, mention in enumerate(out):
        per_paper.setdefault(mention.paper_ref, []).append(i)
    for ref, indices in per_paper.items():
        paper = by_ref.get(ref)
        if paper is None:
            continue
        members = [out[i] for i in indices]
        grouped = group_mentions(members)
        in_title = [all(members[j].provenance.sentence == paper.title and paper.title for j in g) for g in grouped]
        groups = [g for g, only in zip(grouped, in_title) if not only]
        entities = [[members[j] for j in g] for g in groups]
        verdicts = decide(model, [(entity, entity_features(paper, entity)) for entity in entities])
        verdicts = [v or _proposal_frame(e, paper.abstract or "") for v, e in zip(verdicts, entities)]
        titled = [members[j].name for g, only in zip(grouped, in_title) if only for j in g
                  if members[j].relation is Relation.PROPOSES]
        verdicts = proposed_variants(entities, verdicts, titled)  # "two variants of ZORVIS, ZORVIS-multi" (h15ci)
        for group, proposed in zip(groups, verdicts):
            relation = Relation.PROPOSES if proposed else Relation.USES
            for j in group:
                mention = members[j]
                if mention.relation is not relation:
                    _, type_rule = _rules(mention.provenance.extractor)
                    out[indices[j]] = replace(mention, relation=relation, provenance=replace(
                        mention.provenance, extractor=f"kg_entities:learned+{type_rule}"))
    return out
