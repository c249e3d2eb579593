"""A learned keep / kind decision over every candidate the rules, the gazetteer and the tagger proposed.

``kg_entities`` first decides by hand-written policy which candidates become
entities (the drop checks of :class:`extractors.entities.EntityRecognizer`:
unvouched capitals, citation authors, class labels ...) and which kind each
gets (type rules, the tagger's second opinion).  This module describes each
candidate by a few dozen string features (:func:`candidate_features`: which
sources proposed it, its strength, type and role rules, the tagger's label,
the gazetteer, the hand policy's drop reason, its shape, its long form, cue
words around it) and scores it with a multinomial logistic regression whose
weights are a plain JSON file (:class:`Decider`): class ``none`` (no entity)
or one of the five kinds, and optionally a binary role model (proposes or
uses).  The models are trained and cross-validated by
``scripts/train_entity_decision.py`` on the hand-annotated tuning sets.

No weights ship: cross-validated across the three tuning sets, no setting beat
the hand policy (``docs/extraction.md``, "A learned merge decision"), so the
default pipeline runs the hand policy alone.  ``build_pipeline(decision=PATH)``
runs a trained decision; ``build_pipeline(collect=True)`` writes every
candidate's features to ``doc.user_data["kg_candidates"]``.

Scoring is a sum of weights per class, in pure Python (no scikit-learn at run
time):

>>> decider = Decider({"classes": ["none", "method"], "intercept": [0.0, -1.0],
...                    "weights": {"reason=keep": [0.0, 3.0]}, "drop_above": 0.5, "add_below": 0.2})
>>> decider.probabilities(["reason=keep"])["method"] > 0.8, decider.probabilities(["reason=weak"])["none"] > 0.7
(True, True)
>>> decider.decide(["reason=keep"], kept=True), decider.decide(["reason=weak"], kept=False)
('', None)
"""
from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from spacy.tokens import Doc, Span

from extractors.entity_candidates import Candidate, Cues
from extractors.entity_corpus import corpus_class, long_form_class
from extractors.entity_names import letter_case, model_family, name_shape
from ontology.kinds import EntityKind, Relation

__all__ = ["CLASSES", "Decider", "apply_decision", "candidate_features"]

#: The decision's classes: no entity, or one of the kinds (``EntityKind`` values).
CLASSES = ("none", "method", "dataset", "model", "task", "metric")


#: Cue labels whose presence anywhere in a candidate's sentence is a feature (before or after it).
_SENTENCE_CUES = frozenset({"PROPOSE", "SELF", "OUR", "NEW", "NOT_NEW", "EVAL_ON", "BLOCK", "PROPOSAL_NOUN"})


def _case(text: str) -> str:
    return letter_case(text, words=True)


def _bucket(n: int, edges: Iterable[int]) -> str:
    for edge in edges:
        if n <= edge:
            return str(edge)
    return "more"


def candidate_features(doc: Doc, cand: Candidate, *, reason: str | None, tagged: str | None, known: bool,
                       mentions: int, cues: Cues) -> list[str]:
    """The string features of one candidate (each present feature has value 1).

    ``reason``: why the hand policy drops it (``None``: kept); ``tagged``: the tagger's kind for it, if any;
    ``known``: a gazetteer name covers it; ``mentions``: how often its name is a candidate in the abstract.
    """
    text = doc[cand.start : cand.end].text
    kind = cand.kind.value
    tag = tagged or "no"
    why = reason or "keep"
    shape = name_shape(text) or "no"
    case = _case(text)
    feats = [
        f"reason={why}", f"strength={cand.strength}", f"type_rule={cand.type_rule}", f"kind={kind}",
        f"role_rule={cand.role_rule}", f"relation={cand.relation.value}", f"tagger={tag}",
        f"kind={kind}|tagger={tag}", f"type_rule={cand.type_rule}|tagger={tag}", f"reason={why}|tagger={tag}",
        f"reason={why}|kind={kind}", f"strength={cand.strength}|kind={kind}", f"shape={shape}",
        f"shape={shape}|kind={kind}", f"case={case}", f"case={case}|kind={kind}",
        f"tokens={_bucket(cand.end - cand.start, (1, 2, 3, 5))}", f"mentions={_bucket(mentions, (1, 2, 3))}",
        f"corpus={corpus_class(text) or 'no'}",
    ]
    if known:
        feats += ["gazetteer", f"gazetteer|kind={kind}"]
    if model_family(text):
        feats.append("family")
    if any(c.isdigit() for c in text):
        feats.append("digit")
    if "-" in text:
        feats.append("hyphen")
    if cand.long_span is not None:
        long_text = doc[cand.long_span[0] : cand.long_span[1]].text
        long_class = long_form_class(long_text) or "no"
        feats += ["long_form", f"long_class={long_class}", f"long_class={long_class}|kind={kind}",
                  f"long_case={_case(long_text)}"]
    last = doc[cand.end - 1]
    if last.is_lower:
        feats.append(f"last={last.lower_}")
    if cand.first > 0:
        before = doc[cand.first - 1]
        feats += [f"cue_before={label}" for label in sorted(cues.get(cand.first - 1, ()))]
        if before.is_stop or before.is_punct:
            feats.append(f"before={before.lower_}")
    end = max(cand.end, cand.long_span[1] if cand.long_span else 0)
    if end < len(doc):
        after = doc[end]
        feats += [f"cue_after={label}" for label in sorted(cues.get(end, ()))]
        if after.is_stop or after.is_punct or after.is_lower:
            feats.append(f"after={after.lower_}")
    if doc.has_annotation("SENT_START"):
        sent = doc[cand.start].sent
        if sent.start == 0:
            feats.append("first_sentence")
        if sent.end == len(doc):
            feats.append("last_sentence")
        in_sentence = set()
        for i in range(sent.start, sent.end):
            for label in cues.get(i, ()):
                if label in _SENTENCE_CUES:
                    in_sentence.add(f"sent_{'before' if i < cand.start else 'after'}={label}")
        feats += sorted(in_sentence)
    return feats


class Decider:
    """A multinomial logistic regression over :func:`candidate_features`, read from its JSON weights.

    ``weights``: feature → one weight per class of ``classes``.  The decision complements the hand policy: a
    candidate the hand policy keeps is dropped when the probability of ``none`` is above ``drop_above``; one it
    drops is added when that probability is below ``add_below`` (``drop_above`` 1.0 and ``add_below`` 0.0
    give the hand policy back).  Weights that name no ``none`` class, or whose rows do not have one entry per
    class, are refused (``ValueError``).  ``use_kind``: a kept candidate takes the most probable kind (else it
    keeps the kind the rules gave it).
    """

    def __init__(self, data: Mapping) -> None:
        self.classes: list[str] = list(data["classes"])
        self.intercept: list[float] = list(data["intercept"])
        self.weights: dict[str, list[float]] = dict(data["weights"])
        if "none" not in self.classes:
            raise ValueError(f"the classes {self.classes} lack 'none' (no entity)")
        wrong = [name for name, row in (("intercept", self.intercept), *self.weights.items())
                 if len(row) != len(self.classes)]
        if wrong:
            raise ValueError(f"{len(wrong)} weight rows (first: {wrong[0]!r}) do not have one entry per class "
                             f"({len(self.classes)})")
        self.drop_above = float(data.get("drop_above", 0.5))
        self.add_below = float(data.get("add_below", 0.5))
        self.use_kind = bool(data.get("use_kind", False))
        role = data.get("role") or {}
        self.role_intercept = float(role.get("intercept", 0.0))
        self.role_weights: dict[str, float] = dict(role.get("weights", {}))
        self.propose_above = float(role.get("propose_above", 1.1))  # 1.1: the role rules decide alone
        self.use_below = float(role.get("use_below", -0.1))

    @classmethod
    def load(cls, path: Path) -> Decider:
        """The decider whose weights are in ``path`` (written by ``scripts/train_entity_decision.py``)."""
        try:
            return cls(json.loads(Path(path).read_text("utf-8")))
        except (OSError, ValueError, KeyError) as error:
            raise ValueError(f"cannot read the entity decision weights {path}: {error}; retrain them with "
                             "`python scripts/train_entity_decision.py`") from error

    def probabilities(self, features: Iterable[str]) -> dict[str, float]:
        """Class → probability for one candidate's features."""
        scores = list(self.intercept)
        for feature in features:
            row = self.weights.get(feature)
            if row is not None:
                for i, weight in enumerate(row):
                    scores[i] += weight
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return {name: e / total for name, e in zip(self.classes, exps)}

    def decide(self, features: Iterable[str], *, kept: bool) -> str | None:
        """``None`` to drop the candidate, else its kind (``""``: keep the rules' kind); ``kept``: the hand
        policy's verdict."""
        probs = self.probabilities(features)
        if (probs["none"] > self.drop_above) if kept else (probs["none"] >= self.add_below):
            return None
        if not self.use_kind:
            return ""
        return max((p, c) for c, p in probs.items() if c != "none")[1]

    def proposes(self, features: Iterable[str], *, proposed: bool) -> bool:
        """Does the paper propose the candidate?  ``proposed``: the role rules' verdict, changed only when the
        probability of *proposes* is at least ``propose_above`` (for a used name) or below ``use_below``."""
        if not self.role_weights:
            return proposed
        score = self.role_intercept + sum(self.role_weights.get(f, 0.0) for f in features)
        probability = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score))))
        return probability >= self.use_below if proposed else probability >= self.propose_above


def apply_decision(doc: Doc, judged: Sequence[tuple[Candidate, str | None]], decider: Decider | None, *,
                   labels: Mapping[int, EntityKind], known: Sequence[Span], cues: Cues, mentions: Counter,
                   collect: bool = False) -> list[Candidate]:
    """The candidates ``decider`` keeps, typed and given a role by it (``None``: the hand policy's verdicts).

    ``judged``: each candidate with the hand policy's drop reason (:func:`extractors.entity_policy.drop_reason`);
    ``labels``: candidate start → the tagger's kind; ``known``: the gazetteer's spans; ``mentions``: how often
    each name is a candidate.  With ``collect``, every candidate's features and verdicts go to
    ``doc.user_data["kg_candidates"]`` (training data for ``scripts/train_entity_decision.py``).
    """
    known_tokens = {i for span in known for i in range(span.start, span.end)}
    kept, records = [], []
    for cand, reason in judged:
        tagged = labels.get(cand.start)
        features = candidate_features(
            doc, cand, reason=reason, tagged=tagged.value if tagged is not None else None,
            known=any(i in known_tokens for i in range(cand.start, cand.end)),
            mentions=mentions[doc[cand.start : cand.end].text], cues=cues)
        if collect:
            records.append({"start": cand.start, "end": cand.end, "long_span": cand.long_span,
                            "kind": cand.kind.value, "relation": cand.relation.value, "reason": reason,
                            "features": features})
        if decider is None:
            if reason is None:
                kept.append(cand)
            continue
        verdict = decider.decide(features, kept=reason is None)
        if verdict is None:
            continue
        if verdict and verdict != cand.kind.value:
            cand.kind, cand.type_rule = EntityKind(verdict), "learned"
        proposed = cand.relation is Relation.PROPOSES
        if decider.proposes(features, proposed=proposed) != proposed:
            cand.relation = Relation.USES if proposed else Relation.PROPOSES
            cand.role_rule = "learned"
        kept.append(cand)
    if collect:
        doc.user_data["kg_candidates"] = records
    return kept
