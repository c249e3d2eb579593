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
from dataclasses import replace
from functools import cache
from itertools import islice
from typing import Literal

from spacy.language import Language

from extractors.entities import EntityMatch, build_pipeline, iter_entities
from extractors.entity_lexicon import in_list, word_list
from extractors.entity_lowercase import LOWER_CASE_METHOD_RULE
from extractors.entity_names import model_family, name_shape, subtitle_kind
from extractors.entity_propose_title import TITLE_ECHO_RULE, title_echoes
from extractors.entity_role_model import RoleModel, apply_role_model, shipped_role_model
from extractors.entity_short_names import with_full_names
from extractors.entity_title_names import title_name_spans
from extractors.entity_title_only import TITLE_WORD, title_only_name
from extractors.entity_title_tasks import PIPELINE_RULE, title_tasks
from extractors.gazetteer import load_gazetteer
from extractors.markup import CleanText, clean_markup, has_markup
from ontology.ids import entity_key
from ontology.records import EntityKind, Mention, Paper, Provenance, Relation

__all__ = ["agree_with_titles", "default_pipeline", "extract_mentions", "sentence_excerpt", "text_pieces",
           "title_kind", "title_name", "title_teams"]

_TITLE_NAME = re.compile(r"^\s*(?P<name>[^\s:]{2,40})\s*:")
#: A shared-task paper's title: "TEAM at VENUE: ..." or "TEAM@VENUE: ..." (VENUE capitalised).
_TITLE_TEAMS = re.compile(r"^\s*(?P<names>[^:@]{2,80}?)(?:\s+at\s+|\s*@\s*)(?P<venue>[A-Z0-9][^:]{0,80}):")
_TEAM_SPLIT = re.compile(r"\s*,\s*|\s+and\s+|\s+&\s+")
_TEAM_WORDS = re.compile(r"^(?:team|the)\s+|\s+(?:team|system)$", re.IGNORECASE)
_NOT_A_TEAM = frozenset({"of", "for", "in", "on", "with", "to", "from", "by", "via", "using"})
_BATCH_SIZE = 64
#: Characters of text handed to spaCy in one batch: a few huge abstracts never sit in memory as Docs together.
_BATCH_CHARS = 2_000_000
#: Where a text longer than spaCy's ``max_length`` is best cut: after a sentence, else at a space.
_SENTENCE_END = re.compile(r"[.!?]\s")
#: A provenance sentence longer than this becomes an excerpt (real sentences stay well under it).
MAX_SENTENCE_CHARS = 2_000
_EXCERPT_CONTEXT = 250
#: Nouns that may close a known dataset's name as written ("CodeSearchNet Corpus") without changing what it is.
_DATASET_NOUNS = frozenset({"corpus", "dataset", "treebank", "benchmark", "database"})
#: Last words of a phrase that says what a thing is for or about, not its name ("Continual Learning: ...").
_PHRASE_ENDS = frozenset({"learning", "analysis", "modeling", "modelling", "retrieval", "search", "processing",
                          "understanding", "evaluation", "reasoning"})
_NOT_NAMES = ("paradigms.txt", "non_tasks.txt")
#: The least confidence of an abstract mention proposed because the title announces its name (a proposal verb's).
_TITLE_AGREEMENT_CONFIDENCE = 0.85
#: The confidence of a task a title-only paper's title names (round h16r's precision on unseen titles).
_TITLE_TASK_CONFIDENCE = 0.8
#: The extractor of a title's phrase (:func:`_title_echo_mentions`) the learned role decision says is used.
_TITLE_ECHO_USED = f"kg_entities:learned+{TITLE_ECHO_RULE}"


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


def _word_named_by_subtitle(title: str | None, abstract: str | None) -> str | None:
    """The NAME of a "NAME: A ... <kind noun> ..." title that is one to three capitalised words (not shaped like a
    name), when the subtitle says what it is and the abstract writes it capitalised inside a sentence: "Kallaama: A
    Transcribed Speech Dataset about ..." with "... part of the Kallaama project", "Serial Speakers: a Dataset of TV
    Series" with "... with “Serial Speakers”, an annotated dataset" (not "Overview: A Corpus ..." with no "Overview"
    in the abstract, nor "Discourse: A Framework ..." whose abstract writes "discourse", nor words that name a task,
    a field or a paradigm: "Question Answering: A Benchmark ...", "Continual Learning: A Framework ...").

    >>> _word_named_by_subtitle("Zorbama: A Speech Dataset of Wolof", "We describe the Zorbama data.")
    'Zorbama'
    >>> _word_named_by_subtitle("Zorbama: Speech of Wolof", "We describe the Zorbama data.") is None
    True
    >>> _word_named_by_subtitle("Zorbama: A Speech Dataset", "Zorbama is new. Its zorbama part is old.") is None
    True
    >>> _word_named_by_subtitle("Serial Zorbers: a Dataset of TV Series", "We give you “Serial Zorbers”, a set.")
    'Serial Zorbers'
    >>> _word_named_by_subtitle("Zorb Answering: A Benchmark", "We test Zorb Answering.") is None
    True
    """
    match = TITLE_WORD.match(title or "")
    if not match or not abstract or subtitle_kind(title.split(":", 1)[1]) is None:
        return None
    name = match.group("name")
    words = name.lower().split()
    if in_list("articles", words[0]) or name.lower() in word_list("generic_terms.txt") \
            or (len(words) > 1 and (words[-1] in word_list("task_heads.txt") or words[-1] in _PHRASE_ENDS
                                    or any(name.lower() in word_list(listed) for listed in _NOT_NAMES))):
        return None  # "Question Answering: A Benchmark ...", "Continual Learning: A Framework ...": what it is for
    if re.search(rf"(?<![\w-]){name.lower()}(?![\w-])", abstract):
        return None  # the abstract writes it as an ordinary word
    return name if re.search(rf"(?<=[\w,;] ){name}(?![\w-])|(?<=[\w,;] [“\"‘']){name}(?![\w-])", abstract) else None


def title_teams(title: str | None) -> list[str]:
    """The team (or system) names of a shared-task paper's title, "TEAM at VENUE: ..." or "TEAM@VENUE: ...",
    where VENUE has a digit or opens with a word shaped like a name ("SemEval-2023 Task 9", "SocialDisNER");
    "Team" / "The" before and "team" / "system" after a name are left out.

    >>> title_teams("UMUTeam and SINAI at SemEval-2023 Task 9: Tweet Intimacy"), title_teams("Team dina at WMT21: X")
    (['UMUTeam', 'SINAI'], ['dina'])
    >>> title_teams("Edinburgh_UCL_Health@SMM4H’22: From Glove to Flair"), title_teams("Learning at Scale: Notes")
    (['Edinburgh_UCL_Health'], [])
    >>> title_teams("SMT of German patents at WIPO 2: decompounding"), title_teams("Machine Translation at the EPO: X")
    ([], [])
    """
    match = _TITLE_TEAMS.match(title or "")
    if not match:
        return []
    venue = match.group("venue")
    if not (any(c.isdigit() for c in venue) or name_shape(venue.split()[0]) == "strong"):
        return []
    names = (_TEAM_WORDS.sub("", name.strip()).strip() for name in _TEAM_SPLIT.split(match.group("names")))
    return [name for name in names if 2 <= len(name) <= 40 and len(name.split()) <= 4 and name[0].isalnum()
            and not _NOT_A_TEAM & set(name.lower().split()) and not _names_what_it_does(name)]


def _names_what_it_does(name: str) -> bool:
    """Is a would-be team name really what the paper used or worked on: a known model ("BERT at SemEval-2020
    Task 8"), a task ("Sentiment Analysis at SemEval-2016 Task 5: An Overview"), a known method or a kind of
    system ("Transformers at ...", "Multilingual Machine Translation Systems at WAT 2021")?

    >>> [_names_what_it_does(n) for n in ["BERT", "DeBERTa", "Sentiment Analysis", "Question Answering", "UMUTeam"]]
    [True, True, True, True, False]
    >>> [_names_what_it_does(n) for n in ["Transformers", "UMD Machine Translation Systems", "SINAI", "SST-BERT"]]
    [True, True, False, False]
    """
    words = name.split()
    lower = name.lower()
    if lower in word_list("model_families.txt") or (model_family(name) and len(words) > 1):
        return True  # "BERT", "Llama 2 7B"; a one-word variant ("SST-BERT", "akaBERT") is the team's own system
    if lower in word_list("task_phrases.txt") or lower.rstrip("s") in word_list("known_methods.txt"):
        return True
    last = words[-1].lower()
    heads = word_list("task_heads.txt") | word_list("method_heads.txt") | {"system", "systems"}
    return last in heads or (last.endswith("s") and last[:-1] in heads)


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
    roles: RoleModel | None | Literal["shipped"] = "shipped",
) -> list[Mention]:
    """Mentions of methods, datasets and models in each paper's title and abstract, and of the tasks the title of a
    paper with no abstract names (:mod:`extractors.entity_title_tasks`).

    ``source_texts`` maps a source path to its text, so that offsets can point
    into the source file even where markup was removed from the abstract. ``roles``: the learned proposes / uses
    decision (:mod:`extractors.entity_role_model`) that has the last word on each entity's role: ``"shipped"``
    (the default) the packaged weights, ``None`` the role rules alone.
    """
    nlp = nlp or default_pipeline()
    papers = list(papers)
    titles: list[Mention] = []
    title_sources = [_clean_title(paper, source_texts) for paper in papers]
    for paper, title_source in zip(papers, title_sources, strict=True):
        titles.extend(_title_mentions(paper, title_source))
    titled: dict[str, list[Mention]] = {}
    for title in titles:
        titled.setdefault(title.paper_ref, []).append(title)
    with_abstract = ((p, _clean_abstract(p, source_texts)) for p in papers if p.abstract)
    pieces = ((paper, clean, base, piece) for paper, clean in with_abstract
              for base, piece in text_pieces(clean.text, nlp.max_length))
    mentions: list[Mention] = []
    for (paper, clean, base, piece), doc in _pipe(nlp, pieces):
        entities = list(iter_entities(doc))  # read once: each reads the spans' extension attributes again
        entities = _yield_to_title_echoes(paper, doc, piece, entities)  # review 42
        mentions.extend(_doc_mentions(paper, clean, doc, piece, base, entities))
        mentions.extend(_title_echo_mentions(paper, clean, doc, piece, base, entities))  # round h15aj
        mentions.extend(_title_name_mentions(paper, clean, doc, piece, base, entities,
                                             titled.get(paper.ref, [])))  # round h15ao
    agreed = agree_with_titles(titles, mentions)
    title_only = ((paper, source, paper.title) for paper, source in zip(papers, title_sources, strict=True)
                  if paper.title and not paper.abstract)
    tasks = [m for (paper, source, _), doc in _pipe(nlp, title_only)
             for m in _title_task_mentions(paper, doc, source)]  # h16r
    if roles is None:
        return with_full_names(agreed) + tasks
    decided = apply_role_model(papers, agreed, shipped_role_model() if roles == "shipped" else roles)
    kept = [m for m in decided if m.provenance.extractor != _TITLE_ECHO_USED]  # a title's phrase if proposed
    return with_full_names(kept) + tasks  # "GAIA" of a proposed "GAIA Search": its long form (round h15bo)


def agree_with_titles(titles: list[Mention], mentions: list[Mention]) -> list[Mention]:
    """The title mentions ("NAME: ..." proposes NAME) followed by the abstract ``mentions``, made to agree:
    an abstract mention of a title's name (or with it as long form) is proposed (role rule ``title_name``,
    confidence at least that of a proposal verb), and a title mention nothing but its subtitle's silence typed
    (type rule ``default``) takes the kind the abstract gave the name ("CHBias: Bias Evaluation of ..." with
    "a new Chinese dataset, CHBias" is a dataset), and a team the title names ("SChME at SemEval-2020 Task 1:")
    is a method in the abstract too, whatever its long form looks like.

    >>> def m(name, kind, relation, rule):
    ...     return Mention("p", name, EntityKind(kind), Relation(relation), Provenance("x", extractor=rule))
    >>> out = agree_with_titles([m("ZorbSet", "method", "proposes", "kg_entities:title_name+default")],
    ...                         [m("ZorbSet", "dataset", "uses", "kg_entities:use+head_noun"),
    ...                          m("BERT", "model", "uses", "kg_entities:use+model_family")])
    >>> [(x.name, x.kind.value, x.relation.value, x.provenance.extractor) for x in out]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('ZorbSet', 'dataset', 'proposes', 'kg_entities:title_name+default'),
     ('ZorbSet', 'dataset', 'proposes', 'kg_entities:title_name+head_noun'),
     ('BERT', 'model', 'uses', 'kg_entities:use+model_family')]
    """
    if not titles:
        return mentions
    named = {(t.paper_ref, entity_key(t.name)) for t in titles}
    teams = {(t.paper_ref, entity_key(t.name)) for t in titles if t.provenance.extractor.endswith("+team")}
    kinds: dict[tuple[str, str], tuple[EntityKind, str | None, bool]] = {}
    agreed: list[Mention] = []
    for mention in mentions:
        keys = {entity_key(mention.name)} | ({entity_key(mention.long_form)} if mention.long_form else set())
        key = next(((mention.paper_ref, k) for k in keys if (mention.paper_ref, k) in named), None)
        if key is None:
            agreed.append(mention)
            continue
        typed = not mention.provenance.extractor.endswith(("+default", "+tagger"))
        if key not in kinds or (typed and not kinds[key][2]):  # the first typed mention's kind, else the first's
            kinds[key] = (mention.kind, mention.same_as, typed)
        if key in teams and mention.kind is not EntityKind.METHOD:
            mention = replace(mention, kind=EntityKind.METHOD, same_as=None)
        if mention.relation is not Relation.PROPOSES:
            rule = mention.provenance.extractor.split(":", 1)[-1].split("+", 1)[-1]
            mention = replace(mention, relation=Relation.PROPOSES, provenance=replace(
                mention.provenance, extractor=f"kg_entities:title_name+{rule}",
                confidence=max(mention.provenance.confidence, _TITLE_AGREEMENT_CONFIDENCE)))
        agreed.append(mention)
    titled = []
    for title in titles:
        kind = kinds.get((title.paper_ref, entity_key(title.name)))
        if kind is not None and title.provenance.extractor.endswith("+default"):
            title = replace(title, kind=kind[0], same_as=kind[1] or title.same_as)
        titled.append(title)
    return titled + agreed


def text_pieces(text: str, max_length: int) -> Iterator[tuple[int, str]]:
    """``(offset, piece)`` pairs covering ``text``, each piece at most ``max_length`` characters.

    spaCy refuses texts longer than its ``max_length`` (error E088); such a text is read in pieces
    cut after the last sentence end (or else the last space) before the limit. A text within the
    limit is one piece.

    >>> list(text_pieces("One. Two three. Four", 12))
    [(0, 'One. '), (5, 'Two three. '), (16, 'Four')]
    >>> list(text_pieces("abcdefgh", 3))
    [(0, 'abc'), (3, 'def'), (6, 'gh')]
    """
    if max_length < 1:
        raise ValueError(f"max_length must be at least 1, not {max_length}")
    start = 0
    while len(text) - start > max_length:
        limit = start + max_length
        ends = [m.end() for m in _SENTENCE_END.finditer(text, max(start, limit - 10_000), limit)]
        end = ends[-1] if ends else text.rfind(" ", start, limit) + 1
        end = end if end > start else limit
        yield start, text[start:end]
        start = end
    yield start, text[start:]


def sentence_excerpt(sentence: str, start: int, end: int) -> str:
    """``sentence``, or when it is longer than :data:`MAX_SENTENCE_CHARS`, the words around ``sentence[start:end]``.

    Only a text without full stops has such a "sentence" (a piece of at most
    :data:`extractors.long_sentences.MAX_SENTENCE_TOKENS` tokens); its excerpt
    keeps about 250 characters either side of the mention, cut at spaces and
    marked with "…" where cut, so every mention's provenance stays small.

    >>> sentence_excerpt("We use ZB8K.", 7, 11)
    'We use ZB8K.'
    >>> excerpt = sentence_excerpt("word " * 1000 + "ZB8K " + "word " * 1000, 5000, 5004)
    >>> excerpt[0], excerpt[-1], len(excerpt) < 520, "ZB8K" in excerpt
    ('…', '…', True, True)
    """
    if len(sentence) <= MAX_SENTENCE_CHARS:
        return sentence
    left, right = max(0, start - _EXCERPT_CONTEXT), min(len(sentence), end + _EXCERPT_CONTEXT)
    if left > 0:
        left = sentence.find(" ", left, start) + 1 or left
    if right < len(sentence):
        space = sentence.rfind(" ", end, right)
        right = space if space >= 0 else right
    return ("…" if left > 0 else "") + sentence[left:right].strip() + ("…" if right < len(sentence) else "")


def _pipe(nlp: Language, items: Iterator[tuple]) -> Iterator[tuple[tuple, object]]:
    """``(item, doc)`` for each item whose last field is a text, in batches bounded in count and characters."""
    items = iter(items)
    while batch := _batch(items):
        yield from zip(batch, nlp.pipe((item[-1] for item in batch), batch_size=len(batch)))


def _batch(items: Iterator[tuple]) -> list[tuple]:
    batch: list[tuple] = []
    chars = 0
    for item in islice(items, _BATCH_SIZE):
        batch.append(item)
        chars += len(item[-1])
        if chars >= _BATCH_CHARS:
            break
    return batch


def _clean_abstract(paper: Paper, source_texts: Mapping[str, str] | None) -> CleanText:
    """The text extraction reads of ``paper.abstract``, with each character's offset: in the source file where the
    reader kept the abstract's span and cleaned it of markup itself (lecture pages), else in the abstract, whose
    own markup (the Anthology's abstracts write ``*Peacock*``, ``\\textit{...}``, ``F_{1}``) is removed here.

    >>> paper = Paper(ref="p", abstract="We present **ZorbNet**, a model.", provenance=Provenance("a.xml"))
    >>> clean = _clean_abstract(paper, None)
    >>> clean.text
    'We present ZorbNet, a model.'
    >>> start, end = clean.source_offset(11), clean.source_end(18)
    >>> paper.abstract[start:end]
    'ZorbNet'
    """
    text = (source_texts or {}).get(paper.provenance.source)
    if text is not None and paper.abstract_span:
        start, end = paper.abstract_span
        clean = clean_markup(text[start:end], base=start)
        if clean.text == paper.abstract:
            return clean
    assert paper.abstract is not None
    if has_markup(paper.abstract):
        return clean_markup(paper.abstract)
    return CleanText(paper.abstract, range(len(paper.abstract)), 0)  # type: ignore[arg-type]  # a range: no copy


def _clean_title(paper: Paper, source_texts: Mapping[str, str] | None) -> CleanText | None:
    """``paper.title`` with each character's offset in the source (as :func:`_clean_abstract`), or None where the
    reader kept no span of the title or its cleaned text is not the title: no offsets rather than wrong ones.

    The reader strips markup and the ends' white space from the raw title; without the source's text a span as long
    as the title is taken to be the title itself.

    >>> paper = Paper(ref="p", title="Quux Detection", provenance=Provenance("page.txt"), title_span=(3, 22))
    >>> clean = _clean_title(paper, {"page.txt": "ab  **Quux** Detection"})
    >>> clean.source_offset(0), clean.source_end(len("Quux Detection"))
    (6, 22)
    >>> _clean_title(paper, None) is None  # a span of 19 characters for a title of 14: markup removed
    True
    """
    if not paper.title or not paper.title_span:
        return None
    start, end = paper.title_span
    text = (source_texts or {}).get(paper.provenance.source)
    if text is None:
        if end - start != len(paper.title):
            return None
        return CleanText(paper.title, range(len(paper.title)), start)  # type: ignore[arg-type]  # a range: no copy
    clean = clean_markup(text[start:end], base=start)
    first = len(clean.text) - len(clean.text.lstrip())
    last = len(clean.text.rstrip())
    if clean.text[first:last] != paper.title:
        return None
    return CleanText(paper.title, clean.offsets[first:last], start)


def _title_mentions(paper: Paper, clean: CleanText | None) -> Iterator[Mention]:
    """What a title proposes: the NAME of "NAME: ..." (typed by :func:`title_kind`) and the teams of a shared-task
    paper's "TEAM at VENUE: ..." (methods, type rule ``team``: a team's or system's name is a method). ``clean``:
    the title's offsets in the source (:func:`_clean_title`), None for none."""
    if not paper.title:
        return
    named = []
    name = title_name(paper.title) or _word_named_by_subtitle(paper.title, paper.abstract) \
        or (None if paper.abstract else title_only_name(paper.title))  # no abstract: the title alone (h15cw)
    if name:
        named.append((name, *title_kind(name, paper.title.split(":", 1)[1])))
    named.extend((team, EntityKind.METHOD.value, "team") for team in title_teams(paper.title))
    for name, kind, type_rule in named:
        offset = paper.title.find(name)
        start, end = _source_span(clean, offset, offset + len(name)) if offset >= 0 else (None, None)
        yield Mention(
            paper_ref=paper.ref,
            name=name,
            kind=EntityKind(kind),
            relation=Relation.PROPOSES,
            same_as=load_gazetteer().link(name) if kind == EntityKind.DATASET else None,
            provenance=Provenance(
                source=paper.provenance.source,
                start=start,
                end=end,
                extractor=f"kg_entities:title_name+{type_rule}",
                confidence=0.9,
                sentence=paper.title,
                line=paper.provenance.line,
            ),
        )


def _title_task_mentions(paper: Paper, doc, clean: CleanText | None) -> Iterator[Mention]:
    """The tasks the title of ``paper``, a paper with no abstract, names (:func:`extractors.entity_title_tasks.
    title_tasks`; ``doc`` is the title read by the pipeline): used, the title their sentence, the offsets into the
    source where the reader kept the title's (``clean``, as :func:`_title_mentions`)."""
    title = paper.title
    assert title is not None
    for start, end, type_rule in title_tasks(doc):
        source_start, source_end = _source_span(clean, start, end)
        yield Mention(
            paper_ref=paper.ref, name=title[start:end], kind=EntityKind.TASK, relation=Relation.USES,
            provenance=Provenance(
                source=paper.provenance.source, start=source_start, end=source_end,
                extractor=f"kg_entities:{PIPELINE_RULE}+{type_rule}", confidence=_TITLE_TASK_CONFIDENCE,
                sentence=title, line=paper.provenance.line))


def _source_span(clean: CleanText | None, start: int, end: int) -> tuple[int | None, int | None]:
    """The source offsets of the title's characters ``start:end`` (``clean`` from :func:`_clean_title`), or none."""
    return (clean.source_offset(start), clean.source_end(end)) if clean is not None else (None, None)


def _taken(entities: list[EntityMatch]) -> list[tuple[int, int]]:
    """The character spans ``entities`` and their long forms cover, where no title echo is written."""
    taken = [(e.span.start_char, e.span.end_char) for e in entities]
    return taken + [(e.long_form.start_char, e.long_form.end_char) for e in entities if e.long_form is not None]


def _lower_case_known(entity: EntityMatch) -> bool:
    """A known technique name written in lower case, without a long form ("copy mechanism", "capsule networks")."""
    text = entity.span.text
    return entity.rule.endswith(f"+{LOWER_CASE_METHOD_RULE}") and entity.long_form is None and text[1:].islower()


def _yield_to_title_echoes(paper: Paper, doc, text: str, entities: list[EntityMatch]) -> list[EntityMatch]:
    """``entities`` less each lower-case known technique name lying inside a longer run of the title the abstract
    proposes (:func:`_title_echo_mentions` then writes the run): with the title "... Using Delayed Copy Mechanism",
    "we propose a delayed copy mechanism" proposes the paper's own mechanism, not a use of "copy mechanism".

    >>> from extractors.entities import iter_entities
    >>> paper = Paper("p", Provenance("x"), title="Zorb Tagging Using Delayed Copy Mechanism")
    >>> doc = default_pipeline()("We propose a delayed copy mechanism for zorb tagging.")
    >>> [e.span.text for e in iter_entities(doc)]
    ['copy mechanism']
    >>> [e.span.text for e in _yield_to_title_echoes(paper, doc, doc.text, list(iter_entities(doc)))]
    []
    """
    inner = [e for e in entities if _lower_case_known(e)]
    if not inner or not paper.title or not doc.has_annotation("SENT_START"):
        return entities
    sentences = [(s.start_char, s.end_char) for s in doc.sents]
    others = [e for e in entities if not _lower_case_known(e)]
    echoes = [(start, end) for start, end, _ in title_echoes(paper.title, text, sentences, _taken(others))]

    def inside_an_echo(entity: EntityMatch) -> bool:
        span = (entity.span.start_char, entity.span.end_char)
        return any(start <= span[0] and span[1] <= end and (start, end) != span for start, end in echoes)

    return [e for e in entities if not (_lower_case_known(e) and inside_an_echo(e))]


def _title_echo_mentions(paper: Paper, clean: CleanText, doc, text: str, base: int,
                         entities: list[EntityMatch]) -> list[Mention]:
    """The mentions of phrases of the title the abstract proposes in running text
    (:func:`extractors.entity_propose_title.title_echoes`), where the pipeline found no entity (nor long form):
    ``entities``, those of ``doc`` (:func:`~extractors.entities.iter_entities`)."""
    if not paper.title or not doc.has_annotation("SENT_START"):
        return []
    sentences = [(s.start_char, s.end_char) for s in doc.sents]
    out = []
    for start, end, kind in title_echoes(paper.title, text, sentences, _taken(entities)):
        sent = next((s for s in sentences if s[0] <= start < s[1]), (0, len(text)))
        out.append(Mention(
            paper_ref=paper.ref, name=text[start:end], kind=kind, relation=Relation.PROPOSES,
            provenance=Provenance(
                source=paper.provenance.source, start=clean.source_offset(base + start),
                end=clean.source_end(base + end), extractor=f"kg_entities:{TITLE_ECHO_RULE}+{TITLE_ECHO_RULE}",
                confidence=_TITLE_AGREEMENT_CONFIDENCE,
                sentence=sentence_excerpt(text[sent[0]:sent[1]], start - sent[0], end - sent[0]),
                line=paper.provenance.line)))
    return out


def _title_name_mentions(paper: Paper, clean: CleanText, doc, text: str, base: int, entities: list[EntityMatch],
                         titles: list[Mention]) -> list[Mention]:
    """Proposed mentions of the name a "NAME: ..." title announces where the abstract writes it and ``entities``
    cover nothing there (:func:`extractors.entity_title_names.title_name_spans`); typed as the title typed it.
    ``titles``: the paper's title mentions."""
    named = {t.name: t for t in titles if not t.provenance.extractor.endswith("+team")}
    if not named or not doc.has_annotation("SENT_START"):
        return []
    taken = [(e.span.start_char, e.span.end_char) for e in entities]
    taken += [(e.long_form.start_char, e.long_form.end_char) for e in entities if e.long_form is not None]
    sentences = [(s.start_char, s.end_char) for s in doc.sents]
    out = []
    for start, end in title_name_spans(named, text, taken):
        title = named[text[start:end]]
        sent = next((s for s in sentences if s[0] <= start < s[1]), (0, len(text)))
        out.append(replace(title, provenance=replace(
            title.provenance, start=clean.source_offset(base + start), end=clean.source_end(base + end),
            confidence=_TITLE_AGREEMENT_CONFIDENCE,
            sentence=sentence_excerpt(text[sent[0]:sent[1]], start - sent[0], end - sent[0]))))
    return out


def _doc_mentions(paper: Paper, clean: CleanText, doc, text: str, base: int,
                  entities: list[EntityMatch]) -> Iterator[Mention]:
    """The mentions of one Doc made of ``text``, the piece of ``clean.text`` that starts at ``base``, from its
    ``entities`` (:func:`~extractors.entities.iter_entities`)."""
    gazetteer = load_gazetteer()
    sentences: dict[int, str] = {}  # one string per sentence, shared by its mentions
    has_sentences = doc.has_annotation("SENT_START")
    for span, relation, rule, confidence, long_form in entities:
        if has_sentences:
            sent = span.sent  # at most MAX_SENTENCE_TOKENS tokens long (extractors.long_sentences)
            if sent.start not in sentences:  # sliced from the text: Span.text would walk every token of it
                sentences[sent.start] = text[sent.start_char : sent.end_char]
            sentence = sentence_excerpt(sentences[sent.start], span.start_char - sent.start_char,
                                        span.end_char - sent.start_char)
        else:
            sentence = sentence_excerpt(text, span.start_char, span.end_char)
        same_as = None
        if span.label_ == EntityKind.DATASET:
            same_as = gazetteer.link(span.text) or (gazetteer.link(long_form.text) if long_form is not None else None)
            if same_as is None and len(span) > 1 and span[-1].lower_ in _DATASET_NOUNS:
                same_as = gazetteer.link(span[:-1].text)  # "the CodeSearchNet Corpus" is CodeSearchNet
        yield Mention(
            paper_ref=paper.ref,
            name=span.text,
            kind=EntityKind(span.label_),
            relation=Relation(relation),
            long_form=long_form.text if long_form is not None else None,
            same_as=same_as,
            provenance=Provenance(
                source=paper.provenance.source,
                start=clean.source_offset(base + span.start_char),
                end=clean.source_end(base + span.end_char),
                extractor=f"kg_entities:{rule}",
                confidence=confidence,
                sentence=sentence,
                line=paper.provenance.line,
            ),
        )


