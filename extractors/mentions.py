"""Run the spaCy pipeline over papers and turn what it finds into :class:`~ontology.records.Mention` records.

>>> from ontology.records import Paper, Provenance
>>> paper = Paper(ref="title:tinyrule: ranking", title="TinyRule: Ranking", provenance=Provenance("x.txt"),
...               abstract="We propose TinyRule, a novel loss. We test it on TinyBench.")
>>> [(m.name, m.kind.value, m.relation.value) for m in extract_mentions([paper])]
[('TinyRule', 'method', 'proposes'), ('TinyRule', 'method', 'proposes'), ('TinyBench', 'dataset', 'uses')]
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from functools import cache

from spacy.language import Language

from extractors.entities import build_pipeline, iter_entities
from extractors.entity_names import model_family, name_shape, subtitle_kind
from extractors.gazetteer import load_gazetteer
from extractors.markup import CleanText, clean_markup
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation

__all__ = ["default_pipeline", "extract_mentions", "title_kind", "title_name"]

_TITLE_NAME = re.compile(r"^\s*(?P<name>[^\s:]{2,40})\s*:")
_BATCH_SIZE = 64


@cache
def default_pipeline() -> Language:
    """The pipeline built once per process (it holds only patterns, no weights)."""
    return build_pipeline()


def title_name(title: str | None) -> str | None:
    """The name a title announces in its "NAME: ..." form, when NAME is shaped like a name.

    >>> title_name("ZORBA: LLM-Driven Ranking"), title_name("Beyond the Crowd: Notes")
    ('ZORBA', None)
    """
    if not title:
        return None
    match = _TITLE_NAME.match(title)
    if not match:
        return None
    name = match.group("name")
    return name if name_shape(name) == "strong" else None


def title_kind(name: str, subtitle: str) -> tuple[str, str]:
    """``(kind, type rule)`` of the name a "NAME: subtitle" title announces.

    A known dataset name or a model family types it; else the head noun of the
    subtitle's first phrase ("a ... benchmark", "a ... framework"); else it is
    an untyped method.

    >>> title_kind("TinyBench", " A Benchmark for Ranking"), title_kind("ZORBA", " LLM-Driven Ranking")
    (('dataset', 'title_noun'), ('method', 'default'))
    >>> title_kind("ZorbDial", " A Multi-turn Conversation Dataset for Dialog Generation")
    ('dataset', 'title_noun')
    """
    known = load_gazetteer().lookup(name)
    if known is not None and known.detect:
        return EntityKind.DATASET.value, "gazetteer"
    if model_family(name):
        return EntityKind.MODEL.value, "model_family"
    kind = subtitle_kind(subtitle)
    return (kind, "title_noun") if kind else (EntityKind.METHOD.value, "default")


def extract_mentions(
    papers: Iterable[Paper],
    *,
    source_texts: Mapping[str, str] | None = None,
    nlp: Language | None = None,
) -> list[Mention]:
    """Mentions of methods, datasets and models in each paper's title and abstract.

    ``source_texts`` maps a source path to its text, so that offsets can point
    into the source file even where markup was removed from the abstract.
    """
    nlp = nlp or default_pipeline()
    papers = list(papers)
    mentions: list[Mention] = []
    for paper in papers:
        mentions.extend(_title_mentions(paper))
    with_abstract = [(p, _clean_abstract(p, source_texts)) for p in papers if p.abstract]
    docs = nlp.pipe((clean.text for _, clean in with_abstract), batch_size=_BATCH_SIZE)
    for (paper, clean), doc in zip(with_abstract, docs):
        mentions.extend(_doc_mentions(paper, clean, doc))
    return mentions


def _clean_abstract(paper: Paper, source_texts: Mapping[str, str] | None) -> CleanText:
    text = (source_texts or {}).get(paper.provenance.source)
    if text is not None and paper.abstract_span:
        start, end = paper.abstract_span
        clean = clean_markup(text[start:end], base=start)
        if clean.text == paper.abstract:
            return clean
    assert paper.abstract is not None
    return CleanText(paper.abstract, tuple(range(len(paper.abstract))), 0)


def _title_mentions(paper: Paper) -> Iterator[Mention]:
    name = title_name(paper.title)
    if not name:
        return
    assert paper.title is not None
    kind, type_rule = title_kind(name, paper.title.split(":", 1)[1])
    start = paper.title_span[0] if paper.title_span else None
    yield Mention(
        paper_ref=paper.ref,
        name=name,
        kind=EntityKind(kind),
        relation=Relation.PROPOSES,
        same_as=load_gazetteer().link(name) if kind == EntityKind.DATASET else None,
        provenance=Provenance(
            source=paper.provenance.source,
            start=start,
            end=start + len(name) if start is not None else None,
            extractor=f"kg_entities:title_name+{type_rule}",
            confidence=0.9,
            sentence=paper.title,
            line=paper.provenance.line,
        ),
    )


def _doc_mentions(paper: Paper, clean: CleanText, doc) -> Iterator[Mention]:
    gazetteer = load_gazetteer()
    for span, relation, rule, confidence, long_form in iter_entities(doc):
        sentence = span.sent.text if doc.has_annotation("SENT_START") else doc.text
        same_as = None
        if span.label_ == EntityKind.DATASET:
            same_as = gazetteer.link(span.text) or (gazetteer.link(long_form.text) if long_form is not None else None)
        yield Mention(
            paper_ref=paper.ref,
            name=span.text,
            kind=EntityKind(span.label_),
            relation=Relation(relation),
            long_form=long_form.text if long_form is not None else None,
            same_as=same_as,
            provenance=Provenance(
                source=paper.provenance.source,
                start=clean.source_offset(span.start_char),
                end=clean.source_end(span.end_char),
                extractor=f"kg_entities:{rule}",
                confidence=confidence,
                sentence=sentence,
                line=paper.provenance.line,
            ),
        )


