"""Members of a list of datasets that the rules typed otherwise or not at all (round h15ba).

A list ("on Zorbroom and CNN/Daily Mail", "three lexicons: NRC, AFFIN and Zorbing", "on the Z2Z and REVERIE")
has one kind: when another member is a dataset typed by a rule (or a known dataset's name), the list speaks for
every member. Two kinds of member were lost before:

* a capitalised word at either *end* of such a list, which :func:`extractors.entity_candidates.delimited` refused
  because the word outside the list is no delimiter ("on Zorbroom and ...", "... and Zorbing with corrections"):
  ``kg_entities`` asks :func:`ends_a_data_list` once the list's other members are typed, and it accepts the word
  when that outside word is a lower-case function word or punctuation (a lower-case noun after it still makes it a
  modifier: "CNN/Daily Mail and Zorb embeddings"), "and" / "or" joins the list, and the word shares no capitalised
  dataset noun with the last member ("a Zorbal and Emotional Database");
* an acronym typed a task only by its shape or by its long form ("R2R", a conversion-shaped "X2Y" acronym; "ADE
  (adverse drug event extraction)"): :func:`task_typed_data` lets the list type it a dataset, unless
  ``task_acronyms.txt`` lists it ("on CoNLL-2003 and NER" keeps the task).

>>> from extractors.entities import build_pipeline, iter_entities
>>> doc = build_pipeline("rules")("Experiments on Zorbroom and CNN/Daily Mail show gains.")
>>> [(e.span.text, e.span.label_) for e in iter_entities(doc)]
[('Zorbroom', 'dataset'), ('CNN/Daily Mail', 'dataset')]
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import islice, pairwise

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate, Cues
from extractors.entity_corpus import corpus_class
from extractors.entity_lexicon import in_list, word_list
from extractors.entity_name_uses import NameUses, used_otherwise
from extractors.token_texts import sentence_start, span_text, token_arrays
from ontology.kinds import EntityKind, Relation

__all__ = ["data_by_evidence", "ends_a_data_list", "task_typed_data", "vouching_members"]

#: Rules that do not vouch for a dataset: a guess, the tagger's label, the list itself.
_UNTYPED = frozenset({"default", "tagger", "list"})
#: Words after which a name still goes on ("Bank of Zorb", "Zorb's corpus").
_NAME_GOES_ON = frozenset({"of", "'s", "’s"})
#: Strengths of the tagger's names, whose kind its label sets after the list is typed.
_TAGGED = frozenset({"tagged", "tagged_acronym"})
#: Words that make members a coordination.
_CONJUNCTIONS = frozenset({"and", "or"})
#: Nouns after a list that make it a list of tasks.
_TASK_NOUNS = frozenset({"task", "tasks", "subtask", "subtasks"})
#: Determiners before a name that make the lower-case word after it the noun it modifies ("The ZEITOK interface").
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those"})
#: A year as a citation writes it ("1995", "2019a").
_YEAR = re.compile(r"(?:19|20)\d\d[a-z]?")
#: Lower-case nouns after a name that say it names data or what data holds ("the Zorb corpus", "Zorb reviews").
_DATA_NOUNS = frozenset({"data", "dataset", "datasets", "corpus", "corpora", "treebank", "treebanks", "benchmark",
                         "benchmarks", "collection", "collections", "set", "sets", "bank", "suite", "posts", "tweets",
                         "reviews", "articles", "abstracts", "pages", "texts", "documents", "sentences", "entries",
                         "records", "codes", "terms", "annotations"})
#: Type rules by which an acronym is a task through its shape or its long form only.
_TASK_BY_FORM = frozenset({"task_acronym", "task_long_form"})


def _vouches(cand: Candidate) -> bool:
    """Is ``cand`` a dataset typed by a rule that vouches for it, or a known dataset's name (a ``kg_gazetteer`` hit,
    typed later in the same list); not one of the tagger's names, whose label is set after the list is typed?"""
    return cand.strength not in _TAGGED and ((cand.kind is EntityKind.DATASET and cand.type_rule not in _UNTYPED)
                                             or cand.strength == "gazetteer")


def vouching_members(group: Sequence[Candidate]) -> list[Candidate]:
    """The first two members of ``group`` that vouch for a list of datasets: enough to ask whether one *other* than a
    given member does, so that a list asks once, not once per member (a long list cost time quadratic in its
    length, review 39).

    >>> guess = Candidate(0, 1, "weak")
    >>> data = Candidate(2, 3, "strong", kind=EntityKind.DATASET, type_rule="apposition")
    >>> tagged = Candidate(4, 5, "tagged", kind=EntityKind.DATASET, type_rule="tagger")
    >>> vouching_members([guess, data, tagged]) == [data]
    True
    """
    return list(islice((c for c in group if _vouches(c)), 2))  # stops at the second


def _has_typed_dataset(group: Sequence[Candidate], but: Candidate | None = None) -> bool:
    """Is a member of ``group`` other than ``but`` one that vouches for a list of datasets (:func:`_vouches`)?"""
    return any(c is not but and _vouches(c) for c in group)


def data_by_evidence(doc: Doc, candidates: Sequence[Candidate], uses: dict[str, NameUses] | None = None) -> None:
    """Type as a dataset each single name left a guessed method that the train slice uses as data more than as
    anything else (:func:`extractors.entity_name_uses.used_otherwise` on ``uses``, by default ``name_uses.txt``),
    where a rule typed a dataset in the same sentence ("the ZorbNLG and our new Quux datasets", "we use ZCD-10 as
    well as MeSH, two glossaries"); alone, such a name is dropped (round h15at). Not a name a lower-case noun follows
    ("for ZBC grammar": a modifier), here or, after a determiner and unless the noun names data, elsewhere in the
    abstract ("... in ZEITOK. The ZEITOK interface ...": the abstract says what it is, review 39); nor one the
    abstract proposes or types elsewhere, by a rule or by the tagger's label ("a method called Zorb ... By leveraging Zorb"). Sets ``kind`` and
    ``type_rule`` (``"corpus_data"``) in place.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("We use Wikipedia as well as MeSH .")
    >>> name = Candidate(2, 3, "strong")
    >>> data_by_evidence(doc, [name, Candidate(6, 7, "strong", kind=EntityKind.DATASET, type_rule="known_resource")])
    >>> name.kind.value, name.type_rule
    ('dataset', 'corpus_data')
    """
    typed = [c for c in candidates if (c.kind is EntityKind.DATASET and c.type_rule not in _UNTYPED)
             or c.strength == "gazetteer"]
    if not typed:
        return
    sentences = {sentence_start(doc, c.start) for c in typed}
    claimed = {span_text(doc, c.start, c.end) for c in candidates  # "a self-correction method called Zorb"
               if c.relation is Relation.PROPOSES or c.type_rule != "default"}
    described: set[str] | None = None  # made once, when a name first needs it
    for cand in candidates:
        if cand.kind is EntityKind.METHOD and cand.type_rule == "default" and cand.end - cand.start == 1 \
                and cand.long_span is None and cand.relation is Relation.USES \
                and (cand.strength != "weak" or "accepted" in cand.cues) \
                and sentence_start(doc, cand.start) in sentences \
                and not _lower_noun(doc, cand.end):  # "for ZBC grammar", "using ZHQ-9 symptoms"
            text = span_text(doc, cand.start, cand.end)
            if text in claimed or used_otherwise(text, uses) != "data" or corpus_class(text) is not None \
                    or text.lower() in word_list("known_methods.txt"):  # those the policy settles
                continue
            if described is None:
                described = _described_names(doc)
            if text not in described:
                cand.kind, cand.type_rule = EntityKind.DATASET, "corpus_data"


def _lower_noun(doc: Doc, i: int) -> bool:
    """Is token ``i`` a lower-case word that is no stop word (a noun the word before it modifies)?"""
    flags = token_arrays(doc)[2]
    return i < len(doc) and flags.is_lower[i] and flags.is_alpha[i] and not flags.is_stop[i]


def _described_names(doc: Doc) -> set[str]:
    """The texts of the tokens of ``doc`` that a determiner precedes and a lower-case word naming no data follows
    ("The ZEITOK interface": a noun phrase's modifier; not "where ZFN defined ...", a verb), in one pass."""
    texts, lowers, flags = token_arrays(doc)
    return {texts[i - 1] for i in range(2, len(doc)) if lowers[i - 2] in _DETERMINERS and flags.is_lower[i]
            and flags.is_alpha[i] and not flags.is_stop[i] and lowers[i] not in _DATA_NOUNS}


def ends_a_data_list(doc: Doc, cand: Candidate, group: Sequence[Candidate], cues: Cues) -> bool:
    """Is ``cand`` the first or last member of a list with a typed dataset, a function word or punctuation outside?

    The list must be a coordination ("and" / "or" between two of its members: "developed at Zorbton, WordNets
    for ..." is none), and a capitalised word before a last member that ends in a capitalised dataset noun shares
    that noun ("a Zorbal and Emotional Database", "the Generation, Evaluation, and Metrics Benchmark"): no name of
    its own.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("They used NRC , AFFIN and Zorbing with corrections .")
    >>> data = [Candidate(2, 3, "strong", kind=EntityKind.DATASET, type_rule="apposition"),
    ...         Candidate(4, 5, "strong", kind=EntityKind.DATASET, type_rule="apposition")]
    >>> last = Candidate(6, 7, "weak")
    >>> ends_a_data_list(doc, last, [*data, last], {})
    True
    >>> doc = blank_pipeline()("They used NRC , AFFIN and Zorbing embeddings .")
    >>> ends_a_data_list(doc, last, [*data, last], {})
    False
    """
    if len(group) < 2 or (cand is not group[0] and cand is not group[-1]) \
            or not _has_typed_dataset(group, but=cand) or not _coordinated(doc, group):
        return False
    final = group[-1]
    if cand is not final and final.end - final.start > 1 and "NAME_HEAD" in cues.get(final.end - 1, set()):
        return False  # "a Zorbal and Emotional Database": one name, its head shared
    if cand is group[0] and cand.start > 0 and token_arrays(doc)[1][cand.start - 1] in {"a", "an"}:
        return False  # "a Language and Vision dataset": one thing, not a list of names
    if _acronym_after(doc, final.end):
        return False  # "Retrieval, Reading and Fusion (R2F)": the list spells out an acronym
    return (cand is not group[0] or _outside_the_name(doc, cand.start - 1, cand.start)) \
        and (cand is not final or _outside_the_name(doc, cand.end, cand.end))


def task_typed_data(doc: Doc, cand: Candidate, group: Sequence[Candidate],
                    vouching: Sequence[Candidate] | None = None) -> bool:
    """Is ``cand`` an acronym typed a task by its shape or long form only, in a list with a typed dataset?
    ``vouching`` is the list's :func:`vouching_members`, found once per list; without it ``group`` is searched.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("on the Z2Z and REVERIE")
    >>> data = Candidate(4, 5, "strong", kind=EntityKind.DATASET, type_rule="evaluated_on")
    >>> task = Candidate(2, 3, "strong", kind=EntityKind.TASK, type_rule="task_acronym")
    >>> task_typed_data(doc, task, [task, data])
    True
    >>> doc = blank_pipeline()("on the NER and REVERIE")
    >>> task_typed_data(doc, task, [task, data])
    False
    """
    if cand.kind is not EntityKind.TASK or cand.type_rule not in _TASK_BY_FORM or len(group) < 2:
        return False
    text = span_text(doc, cand.start, cand.end)
    after = group[-1].end
    if after < len(doc) and token_arrays(doc)[1][after] in _TASK_NOUNS:
        return False  # "offline Z2Z and Simul-Z2Z tasks": a list of tasks
    return text.lower() not in word_list("task_acronyms.txt") and any(ch.isupper() for ch in text[1:]) \
        and _has_typed_dataset(group if vouching is None else vouching, but=cand)


def _acronym_after(doc: Doc, i: int) -> bool:
    """Is an acronym in brackets at token ``i`` ("( R2F )"): what stands before it is its long form?"""
    texts, _, flags = token_arrays(doc)
    return i + 2 < len(doc) and texts[i] == "(" and texts[i + 2] == ")" and flags.is_upper[i + 1]


def _coordinated(doc: Doc, group: Sequence[Candidate]) -> bool:
    """Does "and" or "or" stand between two members of ``group`` (a list, not names a comma happens to part)?"""
    lowers = token_arrays(doc)[1]
    return any(lowers[k] in _CONJUNCTIONS for a, b in pairwise(group) for k in range(max(a.end, b.first - 2), b.first))


def _cited_after(doc: Doc, end: int) -> bool:
    """Does a narrative citation follow the name that ends at token boundary ``end`` ("... and Miller (1995)",
    "... and Miller et al."): the name is an author, no member of the list (review 39)? A bracket with more than a
    year in it may cite the name's own paper ("on Zorb (Miller et al., 2019)") and is left alone.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("SQuAD and Miller ( 1995 ) , Miller et al. and Zorb ( Miller et al. , 2019 )")
    >>> [_cited_after(doc, k) for k in (3, 8, 13)]
    [True, True, False]
    """
    if end >= len(doc):
        return False
    texts, lowers, _ = token_arrays(doc)
    if lowers[end] == "et":
        return end + 1 < len(doc) and lowers[end + 1] in {"al", "al."}
    return texts[end] == "(" and end + 2 < len(doc) and _YEAR.fullmatch(texts[end + 1]) is not None \
        and texts[end + 2] == ")"


def _outside_the_name(doc: Doc, i: int, edge: int) -> bool:
    """Does token ``i``, next to a list's end at token boundary ``edge``, stand outside the name: a sentence's edge,
    a list delimiter, a lower-case function word ("on", "with"), or punctuation?"""
    texts, lowers, flags = token_arrays(doc)
    if i < 0 or i >= len(doc) or (edge < len(doc) and flags.is_sent_start[edge]):
        return True  # the list starts or ends its sentence
    if _cited_after(doc, i):
        return False  # "... and Miller (1995)", "... and Miller et al.": an author, no member (review 39)
    text = texts[i]
    if in_list("delimiters_before", text) or in_list("delimiters_after", text):
        return True
    if lowers[i] in _NAME_GOES_ON:
        return False
    return (flags.is_lower[i] and flags.is_stop[i]) or (flags.is_punct[i] and text not in {"-", "/"})
