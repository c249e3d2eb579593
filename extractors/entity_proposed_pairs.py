"""Names the authors' proposal verb takes whole, which the earlier stages left used or missed (round h15ao).

Two structures of a paper's own contribution that ``kg_entities`` lost on abstracts no rule was tuned on:

* **A long form and its acronym right after the verb** (role rule ``proposed_pair``): "we introduce Semantic Parsing
  in Contextual Environments (SPICE), a task ...", "we introduce Language-Specific Transformer Layers (LSLs)",
  "a neighborhood-based metric we named Mapped Neighborhood Distance (MAP)". ``kg_acronyms`` pairs them, but the
  candidate step keeps the long form only for some pairs, so the role rules walk back from the parenthesis and find
  no verb; a short form the policy dropped as unsettled ("we devise a Multi-Resolution Representation (MulR)") is
  lost. Here the long form's words are walked back over articles, "new / novel" words and lower-case modifiers to
  the authors' proposal verb ("we" or "this paper" before it in the sentence; a naming verb "called / named" only
  after "we" or a "new / novel" word; not a gerund after "of / for": "recipes for developing X (Y)"), and no word
  of the same noun phrase may follow the parenthesis ("a new part-of-speech (POS) evaluation dataset"); then the
  short form is proposed with its long form, and candidates inside the long form go ("Transformer" of
  "Language-Specific Transformer Layers" is part of the name).
* **A name-shaped word right after the verb with an apposition of a kind noun** (role rule ``proposed_shape``): "we
  propose Chain-of-Questions, a framework that ...", "we introduce TweetNorm_es, an annotated corpus of tweets". A
  single token written like a coined name (an inner capital, capitals before lower case, a digit, an underscore, a
  capitalised part after a hyphen, or all capitals: "we propose PHASE, a time- and phase-aware framework") that no
  candidate covers and the policy did not drop for what it is, directly after the verb (articles skipped), followed
  by ", a / an ..." whose head noun gives the kind.

* **A coined short name in parentheses closing the phrase the verb takes, no long form paired** (role rule
  ``proposed_pair``; round h15bb): "we develop a dialogue act-aided multi-modal transformer network for sarcasm
  identification (MM-SARDAC)". Its letters spell no long form, so ``kg_acronyms`` pairs nothing and the policy drops a
  name written once ("capitals"). Here one token shaped like a coined name (as in the second structure), in
  parentheses, no word of the same noun phrase after them, that the policy dropped for want of evidence or no
  candidate covers, is proposed when the words before the parenthesis are "a / an", up to :data:`_PHRASE_SPAN`
  lower-case words (hyphens allowed) whose last before an optional complement ("for" / "of" and up to
  :data:`_COMPLEMENT_SPAN` lower-case words that are no stop words) is a noun of a kind of thing
  (:data:`_KIND_HEADS`), and the authors' proposal verb right before the article (:func:`taken_by_proposal`).

A one-word name a task list or the tagger typed a task, in the second structure, becomes what the apposition says
("we propose M2C, a morphologically-aware framework for behavioral testing", role rule ``proposed_shape``).

All run after the hand policy on the kept candidates (:func:`proposed_names`); the learned role decision
(:mod:`extractors.entity_role_model`) still has the last word on the roles.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc, Span

from extractors.entity_candidates import Candidate, Cues
from extractors.entity_known import known_name
from extractors.entity_lexicon import NAMING_VERBS, in_list
from extractors.entity_roles import DEFAULT_CONFIDENCE, GUESSED_TYPES
from extractors.entity_types import apposition_head
from extractors.token_texts import sentence_start, token_texts
from ontology.kinds import EntityKind, Relation

__all__ = ["PAIR_RULE", "SHAPE_RULE", "proposed_names"]

PAIR_RULE = "proposed_pair"
SHAPE_RULE = "proposed_shape"

#: Words between the verb and the long form that keep the verb's object whole ("we propose a novel simple X (Y)").
_MODIFIER_SPAN = 4
#: Words after which a lower-case word is no modifier of the name but the start of another phrase.
_STOPS = frozenset({"to", "of", "for", "on", "in", "with", "by", "from", "as", "at", "into", "via", "and", "or",
                    "that", "which", "how", "what", "whether", "using", "based", "use", "uses", "results"})
#: A single token written like a coined name: an inner capital ("TweetNorm"), capitals before lower case ("UDify"),
#: a digit, an underscore, or a capitalised part after a hyphen ("Chain-of-Questions").
_SHAPED = re.compile(r"^[A-Za-z][\w.+-]*$")
_INNER = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]|\d|_|-[A-Z]")
#: Kinds the apposition may give a shaped name (a task or a metric is proposed only when called new, elsewhere).
_SHAPE_KINDS = frozenset({EntityKind.METHOD, EntityKind.DATASET, EntityKind.MODEL})
#: Words before a gerund that make it a complement, not the authors' act ("potentials of developing X").
_GERUND_HOSTS = frozenset({"of", "for", "to", "toward", "towards", "about", "on", "in"})
#: Drop reasons a proposed pair overrules: the policy wanted more evidence than one mention gives.
_REVIVED = frozenset({"unsettled", "weak", "capitals"})
#: Lower-case words (hyphens not counted) of the phrase before an unpaired short name, and of its complement.
_PHRASE_SPAN = 10
_COMPLEMENT_SPAN = 4
#: Cue labels of the head noun of a phrase an unpaired short name closes, and head nouns no cue list holds.
_KIND_CUES = frozenset({"PROPOSAL_NOUN", "METHOD_HEAD", "ARCH_HEAD", "MODEL_HEAD", "DATASET_HEAD", "DATASET_NOUN",
                        "METRIC_HEAD"})
_KIND_HEADS = frozenset({"network", "networks"})
#: Cue labels of a long form's last word and the kind they give the pair.
_HEAD_KINDS = (("DATASET_HEAD", EntityKind.DATASET), ("DATASET_NOUN", EntityKind.DATASET),
               ("METRIC_HEAD", EntityKind.METRIC), ("MODEL_HEAD", EntityKind.MODEL))


def proposed_names(doc: Doc, kept: list[Candidate], judged: Sequence[tuple[Candidate, str | None]],
                   acronyms: Sequence[Span], cues: Cues) -> list[Candidate]:
    """``kept`` with the two structures of the module docstring proposed (or added); ``judged`` holds every
    candidate with the policy's drop reason, ``acronyms`` alternates short and long forms as ``kg_acronyms`` writes
    them.

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We introduce Semantic Planning in Contextual Environments (SPICE), a task.")
    >>> [(s.text, s._.kg_relation, s._.kg_role_rule) for s in doc.spans["kg_entities"]]
    [('SPICE', 'proposes', 'proposed_pair')]
    """
    kept = list(kept)
    for short, long_ in zip(acronyms[::2], acronyms[1::2]):
        kept = _pair(doc, kept, judged, short, long_, cues)
    for cand in _shaped(doc, kept, judged, cues):
        kept.append(cand)
    paired = {short.start for short in acronyms[::2]}
    for cand in _unpaired(doc, kept, judged, paired, cues):
        kept.append(cand)
    for cand in kept:
        _retype_task_in_apposition(doc, cand, cues)
    kept.sort(key=lambda c: c.start)
    return kept


def _pair(doc: Doc, kept: list[Candidate], judged: Sequence[tuple[Candidate, str | None]], short: Span,
          long_: Span, cues: Cues) -> list[Candidate]:
    """Propose the short form of ``long_ (short)`` where the authors' verb takes the long form."""
    if short.start < 2 or long_.end != short.start - 1 or doc[short.start - 1].text != "(" \
            or short.end >= len(doc) or doc[short.end].text != ")":
        return kept
    cand = next((c for c in kept if c.start == short.start and c.end == short.end), None)
    if cand is not None and (cand.relation is Relation.PROPOSES or cand.long_start is not None):
        return kept  # the rules judged the pair already
    if any(c is not cand and c.start < short.end and short.start < c.end for c in kept) \
            or any(c.start == long_.start and c.end == long_.end for c in kept):
        return kept  # the long form is a name the rules judged ("we propose contrastive zorb pairs (CZPs)")
    if _phrase_goes_on(doc, short.end + 1) or not taken_by_proposal(doc, long_.start, cues):
        return kept
    if cand is None:
        judgement = next(((c, reason) for c, reason in judged if c.start == short.start and c.end == short.end), None)
        if judgement is not None and judgement[1] not in _REVIVED:
            return kept  # dropped for what it is ("generic", "non_entity" ...), not for want of evidence
        if any(c.start < long_.end and long_.start < c.end for c, reason in judged
               if reason is not None and reason not in _REVIVED):
            return kept  # a dropped name inside the long form: the policy judged those words
        cand = judgement[0] if judgement is not None else Candidate(short.start, short.end, "acronym",
                                                                     kind=_long_form_kind(long_, cues))
        kept = [*kept, cand]
    cand.long_span = (long_.start, long_.end)
    cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, PAIR_RULE, DEFAULT_CONFIDENCE["proposal"]
    return [c for c in kept if c is cand or not (long_.start <= c.start and c.end <= long_.end)]


def _phrase_goes_on(doc: Doc, i: int) -> bool:
    """Does a word of the same noun phrase follow the pair's parenthesis? Then the pair only modifies what is
    proposed: "a new part-of-speech (POS) evaluation dataset", "a Tree Adjoining Grammar (TAG) parser",
    "a Knowledge Graph (KG) guided ... system"."""
    return i < len(doc) and (doc[i].is_alpha or "-" in doc[i].text) and not doc[i].is_stop


def _long_form_kind(long_: Span, cues: Cues) -> EntityKind:
    """The kind the long form's last word names ("... Corpus": dataset, "... Score": metric), else a method."""
    labels = cues.get(long_.end - 1, set())
    return next((kind for label, kind in _HEAD_KINDS if label in labels), EntityKind.METHOD)


def taken_by_proposal(doc: Doc, first: int, cues: Cues) -> bool:
    """Is the phrase starting at ``first`` the object of the authors' proposal verb?

    Walking back from ``first``: articles, "new / novel" and other own markers, and up to four lower-case
    modifiers (no preposition, conjunction or verb of another phrase); then a proposal verb whose sentence has "we"
    / "our" / "this paper" before it. A naming verb ("called", "named") counts after "we" or a "new" word.
    """
    sent_start = sentence_start(doc, first)
    i = first - 1
    modifiers = 0
    while i >= sent_start:
        token = doc[i]
        labels = cues.get(i, set())
        if "PROPOSE" in labels:
            complement = token.lower_.endswith("ing") and i > sent_start and doc[i - 1].lower_ in _GERUND_HOSTS
            return not complement and _authors_verb(doc, i, sent_start, cues)  # not "recipes for developing X"
        if in_list("articles", token.text) or in_list("own_markers", token.text) or "NEW" in labels:
            i -= 1
            continue
        if modifiers < _MODIFIER_SPAN and token.is_lower and (token.is_alpha or "-" in token.text) \
                and token.lower_ not in _STOPS and not token.lower_.endswith("ing") and "BLOCK" not in labels:
            modifiers += 1
            i -= 1
            continue
        return False
    return False


def _authors_verb(doc: Doc, verb: int, sent_start: int, cues: Cues) -> bool:
    """Is the proposal verb at ``verb`` the authors' ("we propose", "this paper introduces", "we named")?"""
    before = range(sent_start, verb)
    own = any(cues.get(j, set()) & {"SELF", "OUR"} for j in before)
    if doc[verb].lower_ in NAMING_VERBS:
        return (verb > 0 and doc[verb - 1].lower_ == "we") or any("NEW" in cues.get(j, set()) for j in before)
    return own


def _after_authors_verb(doc: Doc, i: int, cues: Cues) -> bool:
    """Does the authors' proposal verb (no naming verb) stand right before token ``i``, articles skipped?"""
    j = i - 1
    while j >= 0 and in_list("articles", doc[j].text):
        j -= 1
    return j >= 0 and "PROPOSE" in cues.get(j, set()) and doc[j].lower_ not in NAMING_VERBS \
        and _authors_verb(doc, j, sentence_start(doc, j), cues)


def _retype_task_in_apposition(doc: Doc, cand: Candidate, cues: Cues) -> None:
    """"we propose M2C, a morphologically-aware framework for ...": a one-word name a task list or the tagger typed a
    task, right after the authors' verb and in apposition to a method, dataset or model noun, is that and proposed."""
    if cand.kind is not EntityKind.TASK or cand.relation is Relation.PROPOSES or cand.end - cand.start != 1 \
            or cand.end + 1 >= len(doc) or doc[cand.end].text != "," or not _after_authors_verb(doc, cand.start, cues):
        return
    kind = apposition_head(doc, cand.end, cues)
    if kind in _SHAPE_KINDS:
        cand.kind, cand.type_rule = kind, "apposition"
        cand.relation, cand.role_rule, cand.confidence = Relation.PROPOSES, SHAPE_RULE, DEFAULT_CONFIDENCE["proposal"]


def _shaped(doc: Doc, kept: Sequence[Candidate], judged: Sequence[tuple[Candidate, str | None]],
            cues: Cues) -> list[Candidate]:
    """Shaped single tokens right after the authors' proposal verb, in apposition to a kind noun."""
    found = []
    texts = token_texts(doc)  # no Token objects made
    for i in range(1, len(doc) - 2):
        text = texts[i]
        if texts[i + 1] != "," or not _SHAPED.match(text) \
                or not (_INNER.search(text) or (text.isupper() and len(text) > 2 and text.isalpha())):
            continue
        if any(c.start <= i < c.end for c in kept) \
                or any(c.start <= i < c.end and reason not in _REVIVED for c, reason in judged if reason):
            continue  # found already, or dropped for what it is (a language, an event ...)
        if not _after_authors_verb(doc, i, cues):
            continue
        kind = apposition_head(doc, i + 1, cues)
        if kind not in _SHAPE_KINDS:
            continue
        found.append(Candidate(i, i + 1, "strong", cues={"accepted"}, relation=Relation.PROPOSES, role_rule=SHAPE_RULE,
                               kind=kind, type_rule="apposition", confidence=DEFAULT_CONFIDENCE["proposal"]))
    return found


def _unpaired(doc: Doc, kept: Sequence[Candidate], judged: Sequence[tuple[Candidate, str | None]],
              paired: set[int], cues: Cues) -> list[Candidate]:
    """Coined short names in parentheses that close the phrase the authors' proposal verb takes, no long form paired
    with them (the third structure of the module docstring).

    >>> from extractors.entities import build_pipeline
    >>> doc = build_pipeline("rules")("We develop a multi-modal zorb network for flim identification (MM-ZORBAC).")
    >>> [(s.text, s.label_, s._.kg_relation) for s in doc.spans["kg_entities"] if s.text == "MM-ZORBAC"]
    [('MM-ZORBAC', 'method', 'proposes')]
    """
    texts = token_texts(doc)
    spots = [i for i in range(2, len(doc) - 1)
             if texts[i - 1] == "(" and texts[i + 1] == ")" and i not in paired and _SHAPED.match(texts[i])
             and (_INNER.search(texts[i]) or (texts[i].isupper() and len(texts[i]) > 2 and texts[i].isalpha()))]
    if not spots:
        return []
    # Indexed once, not searched per parenthesis: thousands of "(X)" would make the loop quadratic (review 40).
    by_span: dict[tuple[int, int], Candidate] = {}
    for c in kept:
        by_span.setdefault((c.start, c.end), c)
    covered = {k for c in kept for k in range(c.start, c.end)}
    vetoed = {k for c, reason in judged if reason and reason not in _REVIVED for k in range(c.start, c.end)}
    found = []
    for i in spots:
        same = by_span.get((i, i + 1))
        if (same is None and i in covered) or (same is not None and not _guessed_use(same)) or i in vetoed \
                or _phrase_goes_on(doc, i + 2) or known_name(texts[i]):
            continue  # found already as more than a guess, or dropped for what it is
        head = _closed_phrase_head(doc, i - 1, cues)
        if head is None:
            continue
        if same is not None:  # "we propose a new corpus of zorb tweets (ZTC)": kept, typed by its parentheses, used
            same.relation, same.role_rule = Relation.PROPOSES, PAIR_RULE
            same.confidence = DEFAULT_CONFIDENCE["proposal"]
            continue
        kind = next((k for label, k in _HEAD_KINDS if label in cues.get(head, set())), EntityKind.METHOD)
        found.append(Candidate(i, i + 1, "strong", cues={"accepted"}, relation=Relation.PROPOSES, role_rule=PAIR_RULE,
                               kind=kind, type_rule="default", confidence=DEFAULT_CONFIDENCE["proposal"]))
    return found


def _guessed_use(cand: Candidate) -> bool:
    """Is ``cand`` a used method, model or dataset whose kind only a guess gave (not "BERT", a known model)?"""
    return cand.relation is Relation.USES and cand.type_rule in GUESSED_TYPES \
        and cand.kind in {EntityKind.METHOD, EntityKind.MODEL, EntityKind.DATASET}


def _closed_phrase_head(doc: Doc, paren: int, cues: Cues) -> int | None:
    """The head noun of "a / an ... NOUN [for / of ...]" right before the parenthesis at ``paren`` when the authors'
    proposal verb takes the phrase, else None."""
    sent_start = sentence_start(doc, paren)
    article = next((k for k in range(paren - 1, max(sent_start, paren - 2 * (_PHRASE_SPAN + _COMPLEMENT_SPAN)) - 1, -1)
                    if doc[k].lower_ in {"a", "an"}), None)
    if article is None:
        return None
    words = list(range(article + 1, paren))
    link = next((k for k in reversed(words) if doc[k].lower_ in {"for", "of"}), None)
    phrase, complement = (words, []) if link is None else (words[: words.index(link)], words[words.index(link) + 1:])
    if not all(doc[k].text == "-" or (doc[k].is_lower and not doc[k].is_stop
                                      and all(part.isalpha() for part in doc[k].text.split("-")))
               for k in phrase + complement):  # "act-aided" is one token
        return None  # a punctuation mark, a capitalised word or a function word: not one noun phrase
    if sum(doc[k].text != "-" for k in phrase) > _PHRASE_SPAN or (link is not None and not complement) \
            or sum(doc[k].text != "-" for k in complement) > _COMPLEMENT_SPAN or not phrase:
        return None
    head = phrase[-1]
    if not (cues.get(head, set()) & _KIND_CUES or doc[head].lower_ in _KIND_HEADS):
        return None
    return head if taken_by_proposal(doc, article + 1, cues) else None
