"""Models and methods written in lower case: a candidate source of ``kg_entities`` (round h15al).

Round h15ai's recall audit (``benchmarks/recall_audit.py``) found most methods and models that no rule makes a
candidate written in lower case: model names ("fine-tuned roberta", "davinci, bloomz, chatGPT") that
``model_families.txt`` matches only capitalised or with a digit, and names of specific techniques ("self-attention",
"wait-k", "mixup", "hypernetwork", "graph attention networks"). Two lists add them, each only where no other
candidate covers a token:

* :func:`lower_case_models` — a token written all in lower case that is a family of ``lower_case_models.txt``
  (families whose lower-case form is no English word: not "opt", "clip", "palm"), alone or with a variant glued to
  it ("roberta-large", "bert-base-uncased") and a version after it; a model, typed by the family rule;
* :func:`lower_case_methods` — a name of ``lower_case_methods.txt`` or a long form of ``method_phrases.txt``,
  written in lower case, the last word also in the plural ("hypernetworks", "graph attention networks"), each joint
  a space or a hyphen (:func:`spellings`: "dot product attention", "max-pooling"); a method.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We tune roberta-large and bloomz with mixup, not opt, and use graph attention networks.")
>>> [doc[s:e].text for s, e in lower_case_models(doc)], [doc[s:e].text for s, e in lower_case_methods(doc)]
(['roberta-large', 'bloomz'], ['mixup', 'graph attention networks'])
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import product

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_lexicon import word_list
from extractors.entity_names import is_version
from extractors.entity_roles import DEFAULT_CONFIDENCE
from extractors.token_texts import token_arrays
from ontology.kinds import EntityKind, Relation

__all__ = ["LOWER_CASE_CUE", "LOWER_CASE_METHOD_RULE", "lower_case_candidates", "lower_case_methods",
           "lower_case_models", "spellings", "used_lower_case"]

#: The type rule of a method found here: a known method name (kept by the tagger, as ``known_methods.txt``'s).
LOWER_CASE_METHOD_RULE = "known_method"
#: The cue that marks a candidate found here.
LOWER_CASE_CUE = "lower_case"
#: Confidence of a lower-case name made used (:func:`used_lower_case`): a typed use's.
_USE_CONFIDENCE = DEFAULT_CONFIDENCE["typed"]
#: Kind nouns after a technique that make it a description of a method, not its name, after :data:`_NEW_WORDS`.
_KIND_NOUNS = frozenset({"method", "methods", "approach", "approaches", "framework", "technique", "strategy"})
#: Words before such a description that say the method is new ("we propose a mixup method termed X").
_NEW_WORDS = frozenset({"our", "proposed", "novel", "new", "propose", "proposes", "present", "presents", "introduce",
                        "introduces", "design", "designs"})
#: A part of a hyphenated name shorter than this keeps its hyphen ("wait-k", "co-attention"): see :func:`spellings`.
_SHORT_PART = 3
#: Characters that join a variant to a family in one token ("roberta-large", "bert_base").
_VARIANT_GLUE = "-._"


@lru_cache(maxsize=1 << 16)  # asked of every token's text, mostly the same common words (round h15cm)
def lower_case_model(text: str) -> bool:
    """Is ``text``, written all in lower case, a model of a family whose lower-case form names only the model?

    >>> [lower_case_model(t) for t in ["roberta", "roberta-large", "bloomz", "davinci", "bert-base-uncased"]]
    [True, True, True, True, True]
    >>> [lower_case_model(t) for t in ["RoBERTa", "opt", "clip", "roberta-", "robertas", "berts", "gptzero"]]
    [False, False, False, False, False, False, False]
    """
    if not text.islower() or text != text.lower():
        return False
    families = word_list("lower_case_models.txt")
    if text in families:
        return True
    for glue in _VARIANT_GLUE:
        family, _, rest = text.partition(glue)
        if family in families and rest and rest[:1].isalnum():
            return True
    return False


def lower_case_models(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of lower-case model names in ``doc`` (:func:`lower_case_model`), with the versions after them
    ("wav2vec 2.0" is found as a family with a digit already; "llama 2" here).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We compare llama 2 with davinci; we opt for a video clip of bert.")
    >>> [doc[s:e].text for s, e in lower_case_models(doc)]
    ['llama 2', 'davinci', 'bert']
    """
    texts, _, flags = token_arrays(doc)
    found = []
    size = len(doc)  # read once: Doc.__len__ per token was a tenth of this loop (round h15cm)
    i = 0
    while i < size:
        if not lower_case_model(texts[i]):
            i += 1
            continue
        end = i + 1
        while end < size and flags.whitespace[end - 1] and is_version(texts[end]) \
                and not flags.is_sent_start[end]:
            end += 1
        found.append((i, end))
        i = end
    return found


def _names_a_new_kind(lowers: Sequence[str], start: int, end: int) -> bool:
    """Does the technique at ``start:end`` only describe a new method ("our proposed mixup method", "a novel
    structure-aware self-attention approach", "we propose a mixup method termed Soul-Mix"): a kind noun after it, a
    word of novelty, ownership or proposal among the three words before it (not "we adopt a wait-k strategy")?

    >>> _names_a_new_kind("we propose a mixup method termed x".split(), 3, 4)
    True
    >>> _names_a_new_kind("we apply mixup to the method".split(), 2, 3)
    False
    >>> _names_a_new_kind("we adopt a wait-k strategy".split(), 3, 4)
    False
    """
    if end >= len(lowers) or lowers[end] not in _KIND_NOUNS:
        return False
    return any(lowers[k] in _NEW_WORDS for k in range(max(0, start - 3), start))


def spellings(name: str) -> frozenset[tuple[str, ...]]:
    """The word tuples a listed name is written as: every joint between two parts of it either a space or a hyphen
    ("dot-product attention" / "dot product attention", "prefix tuning" / "prefix-tuning"), except that a hyphen
    next to a part shorter than three characters stays ("wait-k", "co-attention", "chain-of-thought": "wait k" is
    no name). The tokenizer keeps a hyphenated word one token, so each form is a tuple of tokens. A name with n
    joints has up to 2**n forms: the listed names have at most three joints (built once, cached).

    >>> sorted(spellings("prefix-tuning")), sorted(spellings("wait-k"))
    ([('prefix', 'tuning'), ('prefix-tuning',)], [('wait-k',)])
    >>> ("dot", "product", "attention") in spellings("dot-product attention")
    True
    """
    parts: list[str] = []
    joints: list[tuple[str, ...]] = []  # the choices at each joint between two parts
    for word in name.split():
        pieces = word.split("-")
        for k, piece in enumerate(pieces):
            if parts:
                if k == 0:
                    joints.append((" ", "-"))
                else:
                    short = min(len(pieces[k - 1]), len(piece)) < _SHORT_PART
                    joints.append(("-",) if short else ("-", " "))
            parts.append(piece)
    forms: set[tuple[str, ...]] = set()
    for choice in product(*joints):
        text = parts[0] + "".join(joint + part for joint, part in zip(choice, parts[1:]))
        forms.add(tuple(text.split(" ")))
    return frozenset(forms)


@cache
def _method_names() -> dict[str, frozenset[tuple[str, ...]]]:
    """The listed method names as word tuples (:func:`spellings`, each also with a plural last word), by their
    first word."""
    names = word_list("lower_case_methods.txt") | word_list("method_phrases.txt")
    forms: dict[str, set[tuple[str, ...]]] = {}
    for name in names:
        for words in spellings(name):
            last = words[-1]
            plural = (*words[:-1], last + ("es" if last.endswith(("s", "sh", "ch", "x")) else "s"))
            for form in (words, plural) if not last.endswith("embedding") else (words,):
                forms.setdefault(form[0], set()).add(form)
    return {first: frozenset(tuples) for first, tuples in forms.items()}


def lower_case_methods(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the names of ``lower_case_methods.txt`` and ``method_phrases.txt`` in ``doc``, the last word
    also plural, longest first at each token, in text order; not inside a longer hyphenated word. Written in lower
    case (the first word may open the sentence with a capital): a capitalised name is the other rules' to find, and
    may be part of a longer one ("Lorentzian Linear Graph Convolutional Networks").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("Self-attention and wait-k policies beat a skip-gram model and hypernetworks.")
    >>> [doc[s:e].text for s, e in lower_case_methods(doc)]
    ['Self-attention', 'wait-k', 'skip-gram', 'hypernetworks']
    >>> doc = blank_pipeline()("We propose Linear Graph Convolutional Networks with Mixup.")
    >>> lower_case_methods(doc)
    []
    """
    texts, lowers, flags = token_arrays(doc)
    names = _method_names()
    found = []
    size = len(doc)
    i = 0
    while i < size:
        forms = names.get(lowers[i])
        best = 0
        for form in forms or ():
            n = len(form)
            if n > best and i + n <= size and tuple(lowers[i:i + n]) == form \
                    and not any(flags.is_sent_start[k] for k in range(i + 1, i + n)) \
                    and all(texts[k] == lowers[k] for k in range(i + 1, i + n)) \
                    and (texts[i] == lowers[i] or flags.is_sent_start[i]):
                best = n
        if best and not _names_a_new_kind(lowers, i, i + best):
            found.append((i, i + best))
            i += best
        else:
            i += 1
    return found


def lower_case_candidates(doc: Doc, candidates: Sequence[Candidate]) -> list[Candidate]:
    """Candidates for the lower-case models and methods of ``doc`` that overlap none of ``candidates``: a model as
    a family's name (typed ``model_family``), a method as a known method name (``known_method``).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We use fine-tuned roberta and self-attention.")
    >>> [(doc[c.start:c.end].text, c.strength, c.kind.value) for c in lower_case_candidates(doc, [])]
    [('roberta', 'family', 'method'), ('self-attention', 'phrase', 'method')]
    """
    taken = {i for cand in candidates for i in range(cand.first, cand.end)}
    found = []
    for start, end in lower_case_models(doc):
        if not taken & set(range(start, end)):
            found.append(Candidate(start, end, "family", cues={LOWER_CASE_CUE}))  # a model by the family rule
            taken.update(range(start, end))
    for start, end in lower_case_methods(doc):
        if not taken & set(range(start, end)):
            found.append(Candidate(start, end, "phrase", cues={LOWER_CASE_CUE}, kind=EntityKind.METHOD,
                                   type_rule=LOWER_CASE_METHOD_RULE))
            taken.update(range(start, end))
    return found


def used_lower_case(candidates: Sequence[Candidate]) -> None:
    """Make every lower-case name found here used: a standard technique or a released model is not what the paper
    proposes, even where a proposal verb stands before it ("we propose a conditional self-attention mechanism",
    "we design a novel cross-attention network": the new thing is the longer description, built on the technique).

    >>> cand = Candidate(0, 1, "phrase", cues={LOWER_CASE_CUE}, relation=Relation.PROPOSES, role_rule="proposal_verb")
    >>> used_lower_case([cand]); cand.relation.value, cand.role_rule
    ('uses', 'use')
    """
    for cand in candidates:
        if LOWER_CASE_CUE in cand.cues and cand.relation == Relation.PROPOSES:
            cand.relation, cand.role_rule, cand.confidence = Relation.USES, "use", _USE_CONFIDENCE
