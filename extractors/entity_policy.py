"""The hand policy's last word on each candidate of ``kg_entities``: kept, or dropped for a named reason.

After typing and roles, :class:`extractors.entities.EntityRecognizer` drops the
candidates that name nothing: capitalised words nothing vouched for, acronyms
of languages or formalisms, citation authors, capitals written once that
nothing explains, class labels.  :func:`drop_reason` runs those checks in order
and says which one failed (:data:`DROP_REASONS`), so that the learned decision
(:mod:`extractors.entity_decision`) can read the verdict as a feature.

>>> from extractors.entities import build_pipeline
>>> doc = build_pipeline(collect=True)("We propose TinyRule. The IARPA program funded it.")
>>> [(doc[c["start"] : c["end"]].text, c["reason"]) for c in doc.user_data["kg_candidates"]]
[('TinyRule', None), ('IARPA', 'capitals')]
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from spacy.tokens import Doc, Span

from extractors.entity_candidates import MODEL_SIZES, Candidate
from extractors.entity_context import (
    CAPITALS,
    cited_author,
    class_label,
    hashtag_or_link,
    names_an_event,
    no_entity_head,
    one_thing,
)
from extractors.entity_corpus import NAMED_BY_ITSELF, corpus_class, described_pair, long_form_class, settle_untyped
from extractors.entity_lexicon import word_list
from extractors.entity_name_table import learned_kind
from extractors.entity_name_uses import used_otherwise
from extractors.entity_names import built_on_dataset
from extractors.entity_not_names import (
    NOT_NAME_REASONS,
    inside_a_quotation,
    kind_noun_near,
    shaped_non_name,
    titled_description,
)
from extractors.entity_pair_languages import apposed_languages, is_language_name, paired_languages
from extractors.entity_task_acronyms import is_task_acronym
from extractors.token_texts import span_text, token_arrays, token_texts
from ontology.kinds import EntityKind, Relation

__all__ = ["DROP_REASONS", "NAMED_KINDS", "DropContext", "drop_context", "drop_reason", "listed_model",
           "model_context", "named_model_noun"]

#: Why a candidate is dropped, in the order the checks run (``None``: kept).
DROP_REASONS = ("weak", "unsettled", "cited", "link", "capitals", "class_label", "no_entity_head", "event",
                "language", "described", "language_task", "platform", *NOT_NAME_REASONS, "quoted", "corpus_use")
#: The kinds a name can have by itself (a task or a metric is a phrase, not a name).
NAMED_KINDS = frozenset({EntityKind.METHOD, EntityKind.DATASET, EntityKind.MODEL})


class DropContext(NamedTuple):
    """What the checks need to know about the abstract's other candidates."""

    tagged: frozenset[int]  # starts of the candidates the tagger also found
    spelled_out: frozenset[str]  # acronyms the abstract spells out
    vouched: frozenset[str]  # names some rule typed, proposed or gave a long form
    mentions: Counter  # how often each name is a candidate
    no_names: frozenset[str]  # acronyms whose long form is a language, formalism or field
    languages: frozenset[str]  # acronyms of a language ("Indian English (IE)")
    described: frozenset[str] = frozenset()  # acronyms a lower-case long form describes ("ground truth (GT)")
    paired: frozenset[str] = frozenset()  # words paired with a listed language ("English-isiZulu": isiZulu)
    titled: frozenset[str] = frozenset()  # used acronyms a capitalised long form describes ("Electronic Medical
    # Record (EMR)", round h15an)
    known_models: frozenset[tuple[int, int]] = frozenset()  # spans of methods and models kg knows by name (h15bm)
    named_models: frozenset[tuple[int, int]] = frozenset()  # those of them typed a model (round h15bp)


def drop_context(doc: Doc, candidates: Sequence[Candidate], acronyms: Sequence[Span],
                 labels: Mapping[int, EntityKind]) -> DropContext:
    """The :class:`DropContext` of ``candidates`` (``labels``: candidate start → the tagger's kind)."""
    def text(c: Candidate) -> str:
        return span_text(doc, c.start, c.end)

    texts, lowers, flags = token_arrays(doc)
    return DropContext(
        tagged=frozenset(labels),
        spelled_out=frozenset(span.text for span in acronyms[::2]),
        vouched=frozenset(text(c) for c in candidates if c.type_rule != "default"
                          or c.relation is Relation.PROPOSES or c.long_span is not None),
        mentions=Counter(text(c) for c in candidates),
        no_names=frozenset(text(c) for c in candidates if c.long_span is not None
                           and long_form_class(span_text(doc, *c.long_span)) == "none"),
        described=frozenset(text(c) for c in candidates if c.long_span is not None
                            and c.kind is EntityKind.METHOD and c.type_rule in {"default", "tagger"}
                            and described_pair(text(c), span_text(doc, *c.long_span))),
        titled=frozenset(text(c) for c in candidates if c.long_span is not None
                         and c.kind is EntityKind.METHOD and c.type_rule in {"default", "tagger"}
                         and c.relation is Relation.USES and titled_description(text(c), span_text(doc, *c.long_span))
                         and not kind_noun_near(doc, min(c.start, c.long_span[0]), max(c.end, c.long_span[1])))
        - {text(c) for c in candidates if c.kind not in {EntityKind.METHOD, EntityKind.MODEL}},  # "datasets such as
        # Mozilla Common Voice (MCV) ... on MCV": a mention typed otherwise says what the pair is
        languages=frozenset(text(c) for c in candidates if c.long_span is not None
                            and len(texts[c.long_span[1] - 1]) > 3 and flags.is_title[c.long_span[1] - 1]
                            and lowers[c.long_span[1] - 1] in word_list("languages.txt")),
        paired=paired_languages(doc) | apposed_languages(doc),  # and "Bribri, an Indigenous language" (h15af)
        known_models=frozenset((c.start, c.end) for c in candidates if c.type_rule in NAMED_BY_ITSELF
                               and c.kind in {EntityKind.METHOD, EntityKind.MODEL}),
        named_models=frozenset((c.start, c.end) for c in candidates if c.type_rule in NAMED_BY_ITSELF
                               and c.kind is EntityKind.MODEL),
    )


def drop_reason(doc: Doc, cand: Candidate, context: DropContext) -> str | None:
    """Why the hand policy drops ``cand`` (the first check that fails, one of :data:`DROP_REASONS`), or ``None``.

    The checks stop at the first that fails; :func:`~extractors.entity_corpus.settle_untyped` may type ``cand``.
    """
    if cand.strength == "weak" and "accepted" not in cand.cues and cand.start not in context.tagged:
        return "weak"
    if not settle_untyped(doc, cand):
        return "unsettled"  # "MSA", "AMR", "CoNLL" with nothing typing them: a language, a formalism, a venue
    if cited_author(doc, cand.start, cand.end, known_name=cand.type_rule in NAMED_BY_ITSELF):
        return "cited"  # "(Weller-Di Marco, 2017)": a citation's author ("the Penn Treebank (1993)" is not)
    if cand.type_rule in {"default", "tagger"} and hashtag_or_link(doc, cand.first):
        return "link"  # "the #MeToo movement", "://anonymous.4open.science/r/Zorb-530C" (round h15z)
    text = span_text(doc, cand.start, cand.end)
    if _bare_capitals(doc, cand, text, context) and not model_context(doc, cand.start, cand.end, context.known_models) \
            and learned_kind(text) is None:
        return "capitals"  # "IARPA", "PMID": capitals written once, nothing here explains, types or proposes (not
        # "PEGASUS": the train slice's strong rules type it elsewhere, round h15cs)
    if cand.type_rule == "default" and class_label(doc, cand.first, spelled_out=cand.long_span is not None):
        return "class_label"  # "classify comments into Not Offensive (NO), Offensive Targeted (OT), ...": labels
    if cand.type_rule in {"default", "tagger"} and cand.kind in NAMED_KINDS and no_entity_head(doc, cand.end) \
            and corpus_class(text) != "method" and text.lower() not in word_list("known_methods.txt"):
        return "no_entity_head"  # "within the ZORB-112 project", "under the ZSD-2 license": no method or dataset (a
        # known method stays: "the TF-IDF scheme")
    if cand.type_rule in {"default", "tagger"} and cand.kind is EntityKind.METHOD and names_an_event(doc, cand.end) \
            and corpus_class(text) != "method" and text.lower() not in word_list("known_methods.txt"):
        return "event"  # "the ZorbEval shared task", "the ZORB-M3 2024 challenge": an event, no method
    if cand.kind in NAMED_KINDS and cand.type_rule not in NAMED_BY_ITSELF and is_language_name(text, context.paired):
        return "language"  # "an English-isiZulu framework ... languages such as isiZulu": a language (round h15z)
    if cand.long_span is None and text in context.no_names \
            and cand.kind in NAMED_KINDS and cand.type_rule not in NAMED_BY_ITSELF:
        return "language"  # "British English (BE) ... the BE pronunciation dictionary": BE is still a language
    if cand.long_span is None and text in context.described and cand.kind in NAMED_KINDS \
            and cand.type_rule not in NAMED_BY_ITSELF:
        return "described"  # "ground truth (GT) ... on GT data", "a Japanese UGT corpus": a description, no name
    if text in context.titled and cand.kind in {EntityKind.METHOD, EntityKind.MODEL} \
            and cand.type_rule in {"default", "tagger"}:
        return "described"  # "Electronic Medical Record (EMR) ... EMR data" untyped (h15an; "the WLSP is a
        # thesaurus" stays a dataset)
    if cand.kind is EntityKind.TASK and cand.type_rule in {"tagger", "task_acronym"} and text in context.languages:
        return "language_task"  # "Indian English (IE)": here IE is a language, not information extraction
    if cand.kind in {EntityKind.METHOD, EntityKind.MODEL} and text.lower() in word_list("platforms.txt") \
            and not _team_of(doc, cand):
        return "platform"  # "two health-focused WhatsApp groups": a platform is no method ("a Reddit corpus" is data)
    if cand.kind in {EntityKind.METHOD, EntityKind.MODEL} and text not in context.spelled_out:
        shaped = shaped_non_name(text, type_rule=cand.type_rule, proposed=cand.relation is Relation.PROPOSES)
        if shaped:
            return shaped  # "non-BERT models", "the NADI 2020 Subtask 1", "Figure-1", "Snopes.com": no method by its
            # form (h15an; an acronym the abstract spells out is a name: "a basic COntext-Dependent Encoder (Pre-CODE)")
        if cand.type_rule in {"default", "tagger"} and cand.relation is Relation.USES \
                and inside_a_quotation(doc, cand.first, cand.end):
            return "quoted"  # "focuses on “Task-oriented Conversational Modeling with Subjective Knowledge”", "“Walkman
            # in 1987 is like iPod in 2007”": part of a quoted title or example (round h15aw)
        if _unvouched_single(cand, text, context) and used_otherwise(text):
            return "corpus_use"  # "Wikipedia", "Amazon", "W3C" written once, untyped: the train slice uses the
            # name as data or something else more often than as a method (round h15at, name_uses.txt)
    return None


#: Words that join two members of a list ("PEGASUS and BART", "CLIP, SLIP, and BLIP2").
_LIST_JOINERS = frozenset({"and", "or", ","})
#: The text before a name that makes it the model a paper fine-tunes ("we fine-tune LUKE", "fine-tuning ZORB").
_FINE_TUNED = re.compile(r"\bfine-?tun(?:e|es|ed|ing)\s+$", re.IGNORECASE)
#: How far before a name :data:`_FINE_TUNED` looks: "fine-tuning" and the spaces after it.
_FINE_TUNED_REACH = 64


def model_context(doc: Doc, start: int, end: int, known: frozenset[tuple[int, int]]) -> bool:
    """Does the context say that the capitals at ``start:end`` name a method or model: listed next to one kg knows
    by name (``known``: spans typed by the gazetteer or as a model family; "(e.g., ZORBXLM and XLM-RoBERTa)",
    "M-BERT and ZORBLASER"), or the object of "fine-tune" ("to fine-tune ZORBITER")?  Round h15bm: capitals written
    once that nothing explained were dropped though the sentence said what they were. An ordinary word written in
    capitals for emphasis is no name ("fine-tune ALL layers", "BERT, and OURS"; review50).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("A model (e.g., ZQXLM and XLM-RoBERTa) or CLIP, ZQLIP, and BLIP2; we fine-tune ZQTER.")
    >>> known = frozenset({(7, 8), (10, 11), (15, 16)})
    >>> [model_context(doc, i, i + 1, known) for i in (5, 12, 19)]
    [True, True, True]
    >>> model_context(doc, 5, 6, frozenset()), model_context(doc, 12, 13, frozenset({(3, 4)}))
    (False, False)
    >>> doc = blank_pipeline()("We fine-tune ALL layers.")
    >>> model_context(doc, 2, 3, frozenset()), model_context(doc, 3, 4, frozenset())
    (False, False)
    """
    if end - start == 1 and doc[start].is_stop:
        return False
    at = doc[start].idx
    if _FINE_TUNED.search(doc.text, max(0, at - _FINE_TUNED_REACH), at):  # the words right before, not the text
        return True
    return named_model_noun(doc, start, end) or listed_beside(doc, start, end, known) is not None


#: Lower-case nouns that make the capitals before them, or in brackets right after them, a model's name ("the ZORBAX
#: model", "a paraphrasing model (ZORBAX)"; round h15ck).
_MODEL_NOUNS = frozenset({"model", "models", "architecture", "encoder", "decoder"})


def named_model_noun(doc: Doc, start: int, end: int) -> bool:
    """Is the name at ``start:end`` written right before a lower-case model noun ("the baseline ZORBAX model") or in
    brackets right after one ("a sentence paraphrasing model (ZORBAX)")? Round h15ck: such capitals, written once,
    were dropped as bare capitals though the noun beside them says what they are. Not capitals with a task acronym
    among their hyphen parts ("FS-NER models": models of a task). Review69: nor capitals built on a dataset's name
    ("the ZQNLI model": typed a dataset after this check, so kept as a used dataset), nor a checkpoint size ("the
    LARGE model", "a T5 XXL model"), nor those after another name's word ("a ZorbLM 13B CHAT model": a variant); a
    sentence's first word is no name's word unless it holds a digit ("Unlike ZQRB model variants, ...").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("The ZQAX model beat a paraphrasing model (ZQBX) and the ZQCX Model on ZQDX data.")
    >>> [named_model_noun(doc, i, i + 1) for i in (1, 8, 12, 15)]
    [True, True, False, False]
    >>> doc = blank_pipeline()("We learn FS-NER models and tune a T5 XXL model.")
    >>> named_model_noun(doc, 2, 3), named_model_noun(doc, 9, 10)
    (False, False)
    >>> doc = blank_pipeline()("Unlike ZQRB model variants, the LARGE model is slow.")
    >>> named_model_noun(doc, 1, 2), named_model_noun(doc, 7, 8)
    (True, False)
    """
    texts, lowers, flags = token_arrays(doc)
    text = span_text(doc, start, end)
    if any(is_task_acronym(part) for part in text.split("-")):
        return False  # "learn FS-NER models", "optimize ASR-MT models": models of a task, not a model's name
    if built_on_dataset(text, set()):
        return False  # "the ZQNLI model" (QNLI): one_kind_per_name would type it a dataset later (review69)
    if text.lower() in MODEL_SIZES:
        return False  # "the LARGE model", "BASE and LARGE models", "a T5 XXL model": a checkpoint's size (review69)
    if start > 0 and not flags.is_stop[start - 1] and not flags.is_punct[start - 1] \
            and any(ch.isdigit() or (ch.isupper() and not flags.is_sent_start[start - 1]) for ch in texts[start - 1]):
        return False  # "a LLAMA-2 13B CHAT model": a variant of the name before ("Unlike ZQRB model ..." is not)
    if end < len(doc) and flags.is_lower[end] and lowers[end] in _MODEL_NOUNS:
        return True
    return start >= 2 and end < len(doc) and texts[start - 1] == "(" and texts[end] == ")" \
        and flags.is_lower[start - 2] and lowers[start - 2] in _MODEL_NOUNS


#: Prepositions that open a clause whose object a comma closes ("Unlike BERT, ZORB ...", "Compared to BERT, ...").
_CLAUSE_PREPOSITIONS = frozenset({"unlike", "like", "besides", "beyond", "after", "before", "following", "to", "than",
                                  "with", "without", "despite", "over", "from", "for", "in", "on", "by", "via"})


def listed_beside(doc: Doc, start: int, end: int, known: frozenset[tuple[int, int]]) -> tuple[int, int] | None:
    """The span of ``known`` that ``start:end`` is listed right beside ("ZORB and BERT", "BERT, ZORB, and XLNet"), or
    ``None``. A comma after a clause-opening preposition's object is no list ("Unlike BERT, ZORB does not share
    weights": review50, round h15bp) unless a list goes on after the name.

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("Unlike BERT, ZORB does not. On BERT, ZORB, and XLNet it does.")
    >>> listed_beside(doc, 3, 4, frozenset({(1, 2)})), listed_beside(doc, 10, 11, frozenset({(8, 9)}))
    (None, (8, 9))
    """
    texts = token_texts(doc)
    after = end
    if after < len(doc) and texts[after] in _LIST_JOINERS:
        after += 1
        if texts[after - 1] == "," and after < len(doc) and texts[after] in {"and", "or"}:
            after += 1
        for span in known:
            if span[0] == after:  # "Unlike ZORB, BERT does ...": the name closes the clause (review53)
                return None if after == end + 1 and texts[end] == "," and _closes_a_clause(doc, start, span[1], known) \
                    else span
    before = start - 1
    if before >= 0 and texts[before] in _LIST_JOINERS:
        if texts[before] in {"and", "or"} and before > 0 and texts[before - 1] == ",":
            before -= 1
        for span in known:
            if span[1] == before:
                return None if texts[before] == "," and _closes_a_clause(doc, span[0], end, known) else span
    return None


def _closes_a_clause(doc: Doc, known_start: int, end: int, known: frozenset[tuple[int, int]]) -> bool:
    """Is the name at ``known_start`` (with the known names listed before it: "Unlike BERT and RoBERTa, ...") a
    clause-opening preposition's object, with no list going on after the name after the comma, which ends at ``end``
    ("Unlike BERT, ZORB does ...", "... ZORB's weights", "... ZORB, which ...", "Unlike ZORB, BERT does ...")?
    A list goes on with "and" / "or", a comma not followed by a relative pronoun or an article, or the end of the
    sentence or of a bracket; a bracket after the name is looked past ("like BERT, ZORB (Zorb, 2020), and XLNet")."""
    texts = token_texts(doc)
    at = known_start - 1
    while at > 0 and texts[at] in _LIST_JOINERS:  # back over "BERT and", "BERT, RoBERTa, and"
        joined = at - 1 if texts[at] in {"and", "or"} and texts[at - 1] == "," else at
        earlier = next((start for start, stop in known if stop == joined), None)
        if earlier is None:
            return False
        at = earlier - 1
    if at < 0 or doc[at].lower_ not in _CLAUSE_PREPOSITIONS:
        return False
    if end < len(doc) and texts[end] == "(":  # past "(Zorb et al., 2020)"
        close = next((i for i in range(end + 1, min(end + _BRACKET_REACH, len(doc))) if texts[i] == ")"), None)
        if close is not None and close + 1 < len(doc) and texts[close + 1] in _LIST_JOINERS:
            end = close + 1
    if end >= len(doc) or texts[end] in {"and", "or"} or texts[end] in _LIST_ENDS:
        return False
    if texts[end] == ",":
        return end + 1 < len(doc) and doc[end + 1].lower_ in _CLAUSE_AFTER_COMMA
    return True


#: What ends a list as well as a sentence or a bracket ("On BERT, ZORB." / "(BERT, ZORB)").
_LIST_ENDS = frozenset({".", ";", ":", ")", "]", "?", "!"})
#: Words after "Unlike BERT, ZORB," that start a relative clause or an apposition, not a list's next member.
_CLAUSE_AFTER_COMMA = frozenset({"which", "who", "whose", "that", "where", "a", "an", "the", "being"})
#: How many tokens a bracket after a name may hold for :func:`_closes_a_clause` to look past it.
_BRACKET_REACH = 16


def listed_model(doc: Doc, cand: Candidate, context: DropContext) -> bool:
    """Is ``cand`` capitals that :func:`model_context` alone kept (:func:`drop_reason` would drop them as
    ``capitals``) and listed beside a name typed a model ("PEGASUS and BART": BART's kind, round h15bp)?"""
    if cand.kind is not EntityKind.METHOD or cand.long_span is not None \
            or not _bare_capitals(doc, cand, span_text(doc, cand.start, cand.end), context):
        return False
    if cand.end - cand.start == 1 and doc[cand.start].is_stop:
        return False  # as model_context: "BERT, and OURS"
    return listed_beside(doc, cand.start, cand.end, context.named_models) is not None


def _bare_capitals(doc: Doc, cand: Candidate, text: str, context: DropContext) -> bool:
    """Are ``cand`` (written ``text``) capitals written once that nothing spells out, vouches for or types: what
    :func:`drop_reason` drops as ``capitals`` unless :func:`model_context` keeps them, and what :func:`listed_model`
    types? One test for both, so that they cannot drift apart (review53)."""
    return cand.type_rule == "default" and CAPITALS.match(text) is not None and text not in context.spelled_out \
        and text not in context.vouched and corpus_class(text) is None and context.mentions[text] == 1 \
        and not one_thing(doc, cand.start, cand.end)


def _unvouched_single(cand: Candidate, text: str, context: DropContext) -> bool:
    """Is ``cand`` one token, typed a method or model only by the ``default`` rule, used, without a long form,
    written once in the abstract, and unknown to ``corpus_kinds.txt`` and ``known_methods.txt``?"""
    return (cand.end - cand.start == 1 and cand.type_rule == "default" and cand.relation is Relation.USES
            and cand.long_span is None and text not in context.vouched and context.mentions[text] == 1
            and corpus_class(text) is None and text.lower() not in word_list("known_methods.txt"))


#: Nouns after "X's" that make X the name of a team taking part in a shared task ("WeChat's participation").
_ENTRY_NOUNS = frozenset({"participation", "submission", "submissions", "system", "systems", "team", "entry"})


def _team_of(doc: Doc, cand: Candidate) -> bool:
    """Does the name stand for the authors' team ("the Zorb team" in a sentence about the paper's own work, "this
    paper introduces Zorb's participation in ..."), which the guidelines make a proposed method?"""
    if cand.role_rule == "own_entry":
        return True
    end = cand.end
    return cand.relation is Relation.PROPOSES and end + 1 < len(doc) and doc[end].text in {"'s", "’s"} \
        and doc[end + 1].lower_ in _ENTRY_NOUNS
