"""Candidate spans for named methods, datasets and models (step 1 of ``kg_entities``).

A candidate is a token range that may name one thing:

* an acronym pair (``Sparse Gated Adapters (SGA)``) whose long form is
  capitalised like a name or whose either side is a known dataset;
* a known dataset name, with a version (``SQuAD 2.0``);
* a capitalised phrase ending in a capitalised dataset noun
  (``GitHub Typo Corpus``);
* a token shaped like a name (``TinyRule``, ``ZB8K``, ``Qwen-2.5``) with its
  version continuations (``Zorb-Tuning V2``), or a model family name;
* a capitalised word or phrase, *weak* until a list or a dataset noun vouches
  for it (:func:`delimited`, :func:`names_a_dataset`).

``cues`` maps a token index to the cue labels of ``entity_cues.jsonl`` that
match there (``{3: {"EVAL_ON", "BLOCK"}}``).

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We compare ZorbNet-7B with Llama 3 and the plain baseline.")
>>> [(doc[c.start:c.end].text, c.strength) for c in find_candidates(doc, {}, acronyms=[], known=[])]
[('ZorbNet-7B', 'strong'), ('Llama 3', 'family')]
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from spacy.tokens import Doc, Span

from extractors.entity_data_lists import announced_dataset, introduced_list
from extractors.entity_dataset_heads import modifies_a_noun_after, named_dataset_end
from extractors.entity_dataset_phrases import described_dataset_end, names_its_data
from extractors.entity_kind_noun_names import coined_words_end, named_before_kind_noun
from extractors.entity_lexicon import corpus_kinds, in_list, word_list, word_lists
from extractors.entity_names import is_version, model_family, name_shape
from extractors.token_texts import sentence_start, token_arrays, token_texts
from ontology.kinds import EntityKind, Relation

__all__ = ["MODEL_SIZES", "Candidate", "Cues", "coined_after_proposal", "coordinated_groups", "delimited",
           "find_candidates", "mid_sentence_text", "names_a_dataset", "plural_of_a_method"]

#: Token index → the cue labels matching there.
Cues = dict[int, set[str]]

_GLUED = re.compile(r"^(?:[A-Za-z0-9][A-Za-z0-9.]*|-)$")
_TWO_CAPITALS = re.compile(r"^[A-Z]{2}$")
_WORD_SEPARATORS = re.compile(r"[\s\-/]+")
#: Nouns after which "the" + two capitals name one dataset ("the CR dataset", "the MD corpus").
_SINGULAR_DATASET_NOUNS = frozenset({"dataset", "corpus", "treebank", "benchmark"})
#: The word before "BERT" that makes the name mBERT's ("multilingual BERT"), in both spellings (round h15aw).
_MULTILINGUAL = frozenset({"multilingual", "multi-lingual"})
_MAX_CONTINUATION = 4  # tokens of a name with its versions
#: Words the tokenizer splits off a name when the source lost the space ("Augment-CLIPand"): never glued back.
_GLUED_WORDS = frozenset({"and", "or", "the", "with"})


@lru_cache(maxsize=1_000_000)
def _may_open(text: str) -> bool:
    """May a name open at a token written ``text`` (:func:`find_candidates`): not a plain lower-case word, and
    capitalised, shaped like a name or a model family."""
    return bool((not (text.isalpha() and text.islower()) or model_family(text))
                and (text[:1].isupper() or name_shape(text) or model_family(text)))


#: :func:`_may_open` by token text, for every text seen (emptied past :data:`_MAX_OPENS` entries): one dict lookup
#: per token instead of three cached calls.
_OPENS: dict[str, bool] = {}
_MAX_OPENS = 1_000_000


def _openers(texts: list[str]) -> list[int]:
    """The indices of the tokens that may open a name (:func:`_may_open`)."""
    try:
        return [i for i, text in enumerate(texts) if _OPENS[text]]
    except KeyError:
        if len(_OPENS) > _MAX_OPENS:
            _OPENS.clear()
        for text in texts:
            if text not in _OPENS:
                _OPENS[text] = _may_open(text)
        return [i for i, text in enumerate(texts) if _OPENS[text]]


@dataclass
class Candidate:
    """A token range that may name one thing, with what the later steps decide about it."""

    start: int
    end: int
    strength: str  # strong | weak | acronym | family | phrase | gazetteer
    long_span: tuple[int, int] | None = None  # the long form of an acronym
    cues: set[str] = field(default_factory=set)
    relation: Relation = Relation.USES
    role_rule: str = "use"
    kind: EntityKind = EntityKind.METHOD
    type_rule: str = "default"
    confidence: float = 0.6

    @property
    def long_start(self) -> int | None:
        """Where the long form starts when it comes before the acronym ("Sparse Gated Adapters (SGA)")."""
        return self.long_span[0] if self.long_span and self.long_span[0] < self.start else None

    @property
    def first(self) -> int:
        """The first token of the name as written: its long form's when that comes first."""
        return self.long_start if self.long_start is not None else self.start


def find_candidates(doc: Doc, cues: Cues, *, acronyms: Sequence[Span], known: Sequence[Span]) -> list[Candidate]:
    """Every candidate in ``doc``, none overlapping another, given its acronym pairs and known dataset names.

    ``acronyms`` alternates short and long forms as ``kg_acronyms`` writes them; ``known`` holds the
    ``kg_gazetteer`` hits. Candidates come in the order they were found (acronyms, known names, the rest).
    """
    taken: set[int] = set()
    found: list[Candidate] = []
    known_spans = {(span.start, span.end) for span in known}
    generic: set[str] = set()
    for short, long_ in zip(acronyms[::2], acronyms[1::2]):
        taken.update(range(short.start, short.end))
        in_gazetteer = bool({(short.start, short.end), (long_.start, long_.end)} & known_spans)
        if in_gazetteer or _named_pair(short, long_) or _lower_named_pair(short, long_) \
                or _coined_pair(doc, short, long_, cues):
            taken.update(range(long_.start, long_.end))
            found.append(Candidate(short.start, short.end, "acronym", long_span=(long_.start, long_.end),
                                   cues={"gazetteer"} if in_gazetteer else set()))
        elif named_dataset_end(doc, long_.start, cues) == long_.end or _word_and_its_noun(doc, short, long_, cues):
            pass  # "the Basic Travel Expression Corpus (BT EC)": the long form names a dataset (below), the short
            # form written with a space is no name
        else:
            taken.update(range(long_.start, long_.end))
            generic.add(short.text)  # "reinforcement learning (RL)": a kind of thing, not a name
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    for span in known:
        if any(i in taken for i in range(span.start, span.end)):
            continue
        end = span.end
        while end < len(doc) and flags.whitespace[end - 1] and is_version(texts[end]):
            end += 1  # "SQuAD 2.0", "MultiWOZ 2.1"
        if end < len(doc) and flags.is_title[end] and "NAME_HEAD" in cues.get(end, set()):
            end += 1  # "the CodeSearchNet Corpus": a capitalised dataset noun belongs to the name
        found.append(Candidate(span.start, end, "gazetteer", cues={"gazetteer"}))
        taken.update(range(span.start, end))
    defined = {short.text for short in acronyms[::2]}
    # Only a token that may open a name is visited: not a plain lower-case word (the common case), and a
    # capitalised word (a named phrase, a series' set, a capitalised word or phrase) or one shaped like a name
    # or a model family; for any other token each test below fails and the loop goes on to the next token.
    openers = _openers(texts)
    opener = 0
    i = 0
    while i < len(doc):
        while opener < len(openers) and openers[opener] < i:
            opener += 1
        if opener == len(openers):
            break
        i = openers[opener]
        text = texts[i]
        if i in taken or text in generic:
            i += 1
            continue
        named_end = named_dataset_end(doc, i, cues) or _series_set_end(doc, i) or described_dataset_end(doc, i)
        if named_end and not any(j in taken for j in range(i, named_end)):
            found.append(Candidate(i, named_end, "phrase", cues={"named_dataset"}))
            taken.update(range(i, named_end))
            i = named_end
            continue
        if lowers[i] in word_list("languages.txt") and len(text) > 2:
            i += 1  # "English GENIA corpus": the language is not part of the name
            continue
        shape = name_shape(text) or ("strong" if plural_of_a_method(text) else None)
        family = model_family(text)
        if shape is None and not family:
            i += 1
            continue
        if shape == "weak" and not family:
            phrase_end = _title_phrase_end(doc, i)
            verdict = _vouched_phrase(doc, i, phrase_end, cues) if phrase_end - i >= 2 else False
            if verdict is None:  # "by Precise LAnguage Specific layers": capitalised words used as a modifier
                i = phrase_end
                continue
            announced = announced_dataset(doc, i, phrase_end, cues)  # "Babel Briefings is a novel dataset ..."
            if (verdict and not flags.is_sent_start[i]) or (announced and phrase_end - i >= 2):
                while phrase_end < len(doc) and is_version(texts[phrase_end]):
                    phrase_end += 1  # "Zorb Reviews 2021"
                if text == "Team" and phrase_end - i >= 2:
                    i += 1  # "by Team SMASH": the team's name is SMASH
                found.append(Candidate(i, phrase_end, "phrase"))
                taken.update(range(i, phrase_end))
                i = phrase_end
                continue
            if flags.is_sent_start[i] and not (len(text) > 4 and lowers[i] in word_list("known_resources.txt")) \
                    and not announced:
                i += 1  # a capitalised word opening a sentence is no name ("Propbank was started ...", "Flimsum is a
                # new dataset" are)
                continue
        end = _continuation_end(doc, i, family)
        end = end if family else coined_words_end(doc, i, end, cues)  # "we propose the ZorbKG Walker model"
        strength = "family" if family else (shape or "strong")
        if end == i + 1 and not family and _TWO_CAPITALS.match(text) and text not in defined \
                and not (end < len(doc) and texts[end] in _SINGULAR_DATASET_NOUNS and i > 0
                         and lowers[i - 1] == "the") and not names_its_data(doc, i):
            i += 1  # "AR", "CD", "CI": a two-letter abbreviation this abstract never spells out (not "the CR dataset",
            # "from ZG data")
            continue
        start = i - 1 if text == "BERT" and i > 0 and lowers[i - 1] in _MULTILINGUAL \
            and i - 1 not in taken else i
        found.append(Candidate(start, end, strength))  # "multilingual BERT" is mBERT's name, not BERT's
        taken.update(range(start, end))
        i = end
    return found


def plural_of_a_method(text: str) -> bool:
    """"LSTMs", "CNNs", "CRFs": an acronym in the plural whose singular the corpus spells out as a method, and no
    generic field term ("LLMs", "PLMs" stay kinds of things). The plural names the architecture used, as the
    singular does (the graph's ``node_key`` makes both one node).

    >>> plural_of_a_method("LSTMs"), plural_of_a_method("LLMs"), plural_of_a_method("NERs")
    (True, False, False)
    """
    if len(text) < 3 or not text.endswith("s") or not text[:-1].isupper():
        return False
    return corpus_kinds().get(text[:-1]) == "method" and text[:-1].lower() not in word_list("generic_terms.txt")


def coordinated_groups(doc: Doc, candidates: Sequence[Candidate]) -> list[list[Candidate]]:
    """Candidates joined by commas / and / or into one list ("WikiQA, ZorbQA, and NewsQA"), in text order.

    >>> doc = Doc(__import__("spacy").blank("en").vocab, words="on ZB8K , KlaxQA and then ZorbNet".split())
    >>> groups = coordinated_groups(doc, [Candidate(1, 2, "strong"), Candidate(3, 4, "strong"), Candidate(6, 7, "strong")])
    >>> [[doc[c.start].text for c in group] for group in groups]
    [['ZB8K', 'KlaxQA'], ['ZorbNet']]
    """
    texts = token_texts(doc)
    groups: list[list[Candidate]] = []
    for cand in sorted(candidates, key=lambda c: c.start):
        if groups:
            last = groups[-1][-1]
            if 1 <= cand.start - last.end <= 2 \
                    and all(in_list("list_glue", texts[k]) for k in range(last.end, cand.start)):
                groups[-1].append(cand)
                continue
            group = next((g for g in reversed(groups[-4:]) if _after_an_aside(doc, g[-1].end, cand.start)), None)
            if group is not None:  # "HGC (Stubbe and Ringlstetter, 2007) and Syracuse": the list goes on
                group.append(cand)
                continue
        groups.append([cand])
    return groups


_MAX_ASIDE = 12  # tokens of a parenthesis inside a list ("X (Smith et al., 2019), Y")


def _after_an_aside(doc: Doc, end: int, start: int) -> bool:
    """Do only a parenthesis and list glue stand between ``end`` and ``start`` ("X (Smith, 2019), Y", "X (), and Y";
    any names inside the parenthesis belong to X)?"""
    texts = token_texts(doc)
    if end >= start or texts[end] != "(":
        return False
    close = next((k for k in range(end + 1, min(end + _MAX_ASIDE, start)) if "(" in texts[k] or ")" in texts[k]),
                 None)
    if close is None or "(" in texts[close]:
        return False  # no parenthesis closed ("Types;)" ends with one: ";)" is a token of its own)
    glue = texts[close + 1 : start]
    return 1 <= len(glue) <= 2 and all(in_list("list_glue", w) for w in glue)


def delimited(doc: Doc, cand: Candidate) -> bool:
    """Does the candidate stand alone between list delimiters ("such as Zorba, ...", "..., Zorba and ...")?"""
    texts = token_texts(doc)
    before = texts[cand.start - 1] if cand.start > 0 else ""
    after = texts[cand.end] if cand.end < len(doc) else ""
    if after == "(":  # "HGC (Stubbe, 2007) and Syracuse (Smith, 2010).": an aside after the item, then the list goes on
        close = next((k for k in range(cand.end + 1, min(cand.end + _MAX_ASIDE, len(doc))) if texts[k] in "()"),
                     None)
        if close is not None and texts[close] == ")":
            after = texts[close + 1] if close + 1 < len(doc) else "."
    return in_list("delimiters_before", before) and in_list("delimiters_after", after)


def names_a_dataset(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """"the Brown corpus", "the Hansard dataset": one capitalised word right before a dataset noun; before a set noun
    ("test set") only after "the", or after a language and a lower-case word ("on the Zorbboard test set", "the
    commonly used English Zorbboard test set"; round h15ay), not "an Extensive training set", "an English Extensive
    training set", "the Main test set" (``set_adjectives.txt``), nor before a capitalised noun that is no dataset's
    head ("the Hidden Test Set", "Learner Corpus Research").

    >>> from extractors.entities import blank_pipeline
    >>> from extractors.cue_matcher import CueMatcher
    >>> from extractors.entity_lexicon import cue_patterns
    >>> nlp = blank_pipeline()
    >>> doc = nlp("on the Zorbboard test set, the commonly used English Quux test set and an Extensive training set")
    >>> cues = CueMatcher(nlp.vocab, cue_patterns())(doc)
    >>> [names_a_dataset(doc, Candidate(i, i + 1, "weak"), cues) for i in (2, 10, 15)]
    [True, True, False]
    """
    if cand.end - cand.start != 1 or cand.end >= len(doc) or cand.start == 0:
        return False
    _, lowers, flags = token_arrays(doc)
    word, noun, before = cand.start, cand.end, cand.start - 1
    languages = word_list("languages.txt")
    if lowers[word] in _SET_QUALIFIERS or lowers[word] in word_list("set_adjectives.txt") \
            or (lowers[noun] in _SET_QUALIFIERS and not (
                lowers[before] == "the" or (lowers[before] in languages and before > 0 and flags.is_lower[before - 1]
                                            and lowers[before - 1] not in _NOT_THE))):
        return False  # "our blind Test set", "an (English) Extensive training set", "the Main test set": no name
    if doc[noun].text[:1].isupper() and (lowers[noun] in _SET_QUALIFIERS or modifies_a_noun_after(doc, noun + 1)):
        return False  # "the Hidden Test Set", "Learner Corpus Research": no dataset noun heads the phrase (review)
    if lowers[before] in languages and lowers[noun] in _SET_QUALIFIERS:
        before -= 1  # "the commonly used English Switchboard test set": the language says which part of the data
    return ("DATASET_NOUN" in cues.get(cand.end, set()) and not in_list("plural_dataset_nouns", lowers[noun])
            and not flags.is_stop[word] and lowers[word] not in languages
            and not all(part in languages for part in lowers[word].split("-"))
            and (flags.is_lower[before] or flags.is_punct[before]))


def _named_pair(short: Span, long_: Span) -> bool:
    """An acronym names one thing when its long form is capitalised like a name."""
    if name_shape(short.text) is None and not model_family(short.text):
        return False
    words = [w for w in _WORD_SEPARATORS.split(long_.text)
             if w.isalpha() and len(w) > 3 and not in_list("long_form_fillers", w)]
    if not words:
        return False
    capitalised = sum(w[0].isupper() for w in words)
    generic_end = long_.text.lower().endswith(tuple(sorted(word_lists()["generic_long_form_ends"].lower)))
    return capitalised / len(words) >= 0.6 and not generic_end


def mid_sentence_text(span: Span) -> str:
    """The text of ``span`` as it would be written mid-sentence: a span opening its sentence whose first word is
    capitalised in its first letter alone has that letter lowered (capitalised only because it opens the sentence).

    >>> from spacy.lang.en import English
    >>> doc = English()("Zorb plan mining ( ZPM ) helps . We use ZPM .")
    >>> mid_sentence_text(doc[0:3]), mid_sentence_text(doc[10:11])
    ('zorb plan mining', 'ZPM')
    >>> mid_sentence_text(English()("Zorb Plan Mining ( ZPM ) helps .")[0:3])
    'zorb Plan Mining'
    >>> mid_sentence_text(English()("BERT helps .")[0:1])
    'BERT'
    """
    text = span.text
    if span.start == sentence_start(span.doc, span.start) and text[:1].isupper() and text[1:2].islower():
        return text[:1].lower() + text[1:]
    return text


def _lower_named_pair(short: Span, long_: Span) -> bool:
    """A lower-case long form names one thing when its acronym is no generic field term and the long form is
    at least two words: "dense passage retrieval (DPR)", "chain-of-thought (CoT)"; not "reinforcement
    learning (RL)" (RL is generic) nor "large language models (LLMs)" (a plural).

    >>> from spacy.lang.en import English
    >>> doc = English()("dense passage retrieval ( DPR ) and reinforcement learning ( RL )")
    >>> _lower_named_pair(doc[4:5], doc[0:3]), _lower_named_pair(doc[11:12], doc[7:9])
    (True, False)

    A long form opening its sentence is read with its first letter lowered, when only that letter is capitalised
    ("Dense passage retrieval (DPR) retrieves ...", as "we use dense passage retrieval (DPR)"):

    >>> doc = English()("Dense passage retrieval ( DPR ) helps . Sparse Gated Adapters ( SGA ) help .")
    >>> _lower_named_pair(doc[4:5], doc[0:3]), _lower_named_pair(doc[12:13], doc[8:11])
    (True, False)
    """
    text = mid_sentence_text(long_)
    if name_shape(short.text) != "strong" or not text[:1].islower():
        return False
    words = [w for w in _WORD_SEPARATORS.split(text) if w]
    if words and (words[-1].lower() in word_lists()["generic_long_form_ends"].lower or words[-1].lower() == "system"):
        return False  # "spoken dialogue system(s) (SDS)": a kind of system, not one named
    return len(words) >= 2 and all(w.isalpha() and (w.islower() or w.isupper()) for w in words)


def _word_and_its_noun(doc: Doc, short: Span, long_: Span, cues: Cues) -> bool:
    """Is the long form one capitalised word and a singular dataset noun, the short form that word in another number
    ("the Hansard dataset (Hansards)")? Then the word before its noun names the dataset (:func:`names_a_dataset`), and
    the pair is no kind of thing."""
    return len(long_) == 2 and long_[0].text[:1].isupper() and long_[1].lower_ in _SINGULAR_DATASET_NOUNS \
        and "DATASET_NOUN" in cues.get(long_.end - 1, set()) and short.text.startswith(long_[0].text)


def _coined_pair(doc: Doc, short: Span, long_: Span, cues: Cues) -> bool:
    """A capitalised word in parentheses after a proposal verb's noun phrase headed by a method noun is the name the
    authors coin for it: "we propose a Coarse-to-fine approach (Coach)" (the pair's long form is in lower case and the
    short form shaped like a plain word, so neither :func:`_named_pair` nor :func:`_lower_named_pair` takes it)."""
    texts, _, flags = token_arrays(doc)
    if name_shape(short.text) != "weak" or len(short) != 1 or not cues.get(long_.end - 1, set()) & _COINED_HEADS:
        return False
    i = long_.start - 1
    while i >= 0 and long_.start - i <= 3 and not cues.get(i, set()) & {"PROPOSE"}:
        if not (in_list("articles", texts[i]) or flags.is_lower[i] and not flags.is_stop[i]):
            return False
        i -= 1
    return i >= 0 and "PROPOSE" in cues.get(i, set())


#: Cue labels of the head nouns of a proposed phrase a coined name stands for ("a ... approach (Coach)").
_COINED_HEADS = frozenset({"PROPOSAL_NOUN", "METHOD_HEAD", "MODEL_HEAD"})


#: Lower-case words naming the part of an evaluation campaign's data ("the NIST 2003 MT evaluation set").
_SET_QUALIFIERS = frozenset({"test", "evaluation", "development", "dev", "training", "tuning", "validation",
                             "held-out", "data"})
_SET_HEADS = frozenset({"set", "sets", "data", "collection", "collections"})
#: Words before a language that make "LANGUAGE Word test set" no name ("an English Extensive training set").
_NOT_THE = frozenset({"a", "an", "our", "their", "its", "his", "her", "my", "your", "this", "these", "another"})
_YEAR = re.compile(r"^(?:19|20)\d\d$|^['’]\d\d$")
_MAX_SERIES_MIDDLE = 5  # tokens between the series and its set noun


def _series_set_end(doc: Doc, i: int) -> int | None:
    """End of an evaluation campaign's set named by its series, edition and language pair, when the series alone is
    no name: "NIST 2003 MT evaluation set", "NIST Chinese-English test sets", "four NIST MT test sets" (the set
    noun belongs to the name: without it, "NIST 2003" would be the campaign, not its data).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("on the NIST 2003 MT evaluation set and NIST Chinese-English test sets; NIST scores")
    >>> doc[2:_series_set_end(doc, 2)].text, doc[8:_series_set_end(doc, 8)].text, _series_set_end(doc, 13)
    ('NIST 2003 MT evaluation set', 'NIST Chinese-English test sets', None)
    """
    texts, lowers, flags = token_arrays(doc)
    first, lower = texts[i], lowers[i]
    if not (flags.is_alpha[i] and flags.is_upper[i] and len(first) >= 3) or name_shape(first) is not None \
            or flags.is_stop[i] or model_family(first) or lower in word_list("generic_terms.txt") \
            or lower in word_list("task_acronyms.txt") or lower in word_list("metric_names.txt"):
        return None  # "the ASR test set", "BLEU test scores": a field or a metric, no campaign
    end = i + 1
    while end < len(doc) and end - i <= _MAX_SERIES_MIDDLE and not flags.is_sent_start[end]:
        text = texts[end]
        if _YEAR.match(text) or (text.isupper() and text.isalpha() and len(text) >= 2) or _language_words(text) \
                or (text == "to" and _language_words(texts[end - 1])):
            end += 1
            continue
        break
    if end < len(doc) and lowers[end] in _SET_QUALIFIERS and end + 1 < len(doc) \
            and lowers[end + 1] in _SET_HEADS and not flags.is_sent_start[end + 1]:
        return end + 2
    return None


def _language_words(text: str) -> bool:
    """"Chinese", "Chinese-English", "English": languages or a language pair written out."""
    parts = [p for p in re.split(r"[-–/]", text) if p]
    return bool(parts) and all(p[:1].isupper() and p.lower() in word_list("languages.txt") for p in parts)


def _vouched_phrase(doc: Doc, start: int, end: int, cues: Cues) -> bool | None:
    """A capitalised phrase is a name when used as an instrument, named as a dataset, ending in a capitalised
    architecture noun ("Pointer Network") or before one ("Actor Critic algorithm").

    ``None`` when it follows an instrument word but modifies the noun after it ("by Precise Language
    Specific layers"): then none of its words is a name.
    """
    texts, lowers, flags = token_arrays(doc)
    before = texts[start - 1] if start > 0 else ""
    if _after_namely(doc, start):
        return True  # "two variants, namely Chunk Voting and Max Context": names the text gives
    if introduced_list(doc, start, end, None, cues):
        return True  # "a new dataset, Zorb Klaxon, for ...": the dataset noun says what the words name
    if in_list("instruments", before):
        return True if end >= len(doc) or not (flags.is_alpha[end] and flags.is_lower[end]
                                               and not flags.is_stop[end]) else None
    if "NAME_ARCH" in cues.get(end - 1, set()):
        return True  # "Pointer Network", "Biaffine Attention": a named architecture
    if named_before_kind_noun(doc, start, end, cues):
        return True  # "we propose a Director-Zorb framework": the authors' new thing of a kind (round h15ae)
    if end + 2 < len(doc) and texts[end] == "," and lowers[end + 1] in {"a", "an"} \
            and any(cues.get(j, set()) & _KIND_NOUNS
                    for j in range(end + 2, min(end + 2 + _APPOSITION_WORDS, len(doc)))):
        return True  # "we introduce Guided Policy Learning, a method that ...": an apposition says what it names
    following = end
    while following < len(doc) and is_version(texts[following]):
        following += 1
    if following < len(doc) and lowers[following] in _SET_QUALIFIERS:
        return False  # "the Extensive training set": a set noun vouches for no capitalised phrase
    if end - start == 2 and lowers[end - 1] in word_list("languages.txt") and following == end < len(doc) \
            and flags.is_lower[end] and _VARIETY.match(texts[start]):
        return False  # "the first European Portuguese corpus": a language variety describes the data, names none
    return following < len(doc) and ("DATASET_NOUN" in cues.get(following, set())
                                      or ("ARCH_HEAD" in cues.get(following, set()) and flags.is_lower[following]))


#: A word that makes a language a variety ("European Portuguese", "Old English"; not the name in "Gigaword English").
_VARIETY = re.compile(r"^(?:[A-Z][a-z]+(?:an|ese|ic|ish)|Old|Middle|Modern|Classical|Standard|Early|Late|Swiss)$")
#: Cue labels of the nouns an apposition names a kind by (", a benchmark", ", a new framework").
_KIND_NOUNS = frozenset({"METHOD_HEAD", "MODEL_HEAD", "DATASET_NOUN", "PROPOSAL_NOUN"})
_APPOSITION_WORDS = 4  # words after ", a" searched for that noun


def _after_namely(doc: Doc, start: int) -> bool:
    """Does a list of capitalised names after "namely" reach ``start`` ("namely Chunk Voting and Max Context")?"""
    texts = token_texts(doc)
    i = start - 1
    while i >= 0 and start - i <= 12:
        text = texts[i]
        if text.lower() == "namely":
            return True
        if not (text in {",", "and", "or"} or name_shape(text) in {"weak", "strong"}):
            return False
        i -= 1
    return False


def _title_phrase_end(doc: Doc, i: int) -> int:
    """End of a run of capitalised words starting at ``i`` ("Sparse Gated Adapters")."""
    texts, _, flags = token_arrays(doc)
    end = i
    while end < len(doc) and name_shape(texts[end]) in {"weak", "strong"} and not flags.is_punct[end]:
        if end > i and flags.is_sent_start[end]:
            break
        end += 1
    return end


def _continuation_end(doc: Doc, i: int, family: bool) -> int:
    """End of the name starting at ``i``: pieces glued to it, then versions ("Qwen-1.5-4B", "Zorb-Tuning V2")."""
    texts, lowers, flags = token_arrays(doc)
    end = i + 1
    while end < len(doc) and not flags.whitespace[end - 1] and _GLUED.match(texts[end]) \
            and texts[end] not in _GLUED_WORDS:
        if texts[end] == "-" and (end + 1 >= len(doc) or flags.whitespace[end] or not texts[end + 1][:1].isalnum()):
            break
        end += 1  # pieces the tokenizer split off a name: "ZB8" + "K", "Qwen-1.5" + "-" + "4B"
    while end < len(doc) and flags.whitespace[end - 1] and end - i < _MAX_CONTINUATION:
        text = texts[end]
        if _enumerator(doc, end):
            break  # "SymbCoT 1) first translates ...": the first step of an enumeration, no version
        if is_version(text) or (family and model_family(text)) or (
            family and name_shape(text) == "weak" and end + 1 < len(doc) and is_version(texts[end + 1])
        ):
            end += 1
            continue
        if texts[i].lower() in word_list("model_families.txt") and model_family(text):
            end += 1  # "OpenAI o1"
            continue
        if family and text in MODEL_SIZES and (end + 1 >= len(doc) or not flags.is_alpha[end + 1]
                                                or lowers[end + 1] not in _SIZE_NOUNS):
            end += 1  # "XLM-RoBERTa large", "BERT base" (not "a BERT large enough", "BERT small models")
            break
        break
    return end


def _enumerator(doc: Doc, i: int) -> bool:
    """Is the number at ``i`` an enumeration's mark, closed by a parenthesis no "(" opened in its sentence ("ZorbCoT
    1) first translates ..., 2) derives ...")? Then it is no version of the name before it ("the (ZorbNet 2) model"
    and "Llama 2)" inside a parenthesis are).

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("ZorbCoT 1) first translates, and models (Llama 2) do not.")
    >>> _enumerator(doc, 1), _enumerator(doc, 10)
    (True, False)
    """
    texts = token_texts(doc)
    if i + 1 >= len(doc) or texts[i + 1] != ")" or not texts[i].isdigit():
        return False
    start = sentence_start(doc, i)
    return not any("(" in texts[k] for k in range(start, i))


#: Checkpoint sizes written after a model family as a word ("XLM-RoBERTa large").
MODEL_SIZES = frozenset({"base", "large", "small", "xl", "xxl", "tiny", "mini"})
#: Nouns after which such a word is an adjective of the noun, not of the model ("BERT small models").
_SIZE_NOUNS = frozenset({"models", "model", "enough", "number", "amount", "amounts", "gains", "improvements",
                         "margin", "margins", "scale", "language"})


#: A coined hyphenated name of capitalised words ("Meta-Reasoning", "Initiative-Imitate").
_COINED = re.compile(r"^[A-Z][a-z]+(?:-[A-Z][a-z]+)+$")


def coined_after_proposal(doc: Doc, cand: Candidate, cues: Cues) -> bool:
    """A hyphenated name of capitalised words right after a proposal verb or a naming word (articles skipped) is the
    name of what the paper makes: "we propose Meta-Reasoning", "a novel model named Initiative-Imitate to ..." when
    a function word or punctuation follows (not "we introduce Reasoning-Consistent Rewards": the words go on; not one
    capitalised word: "called Manipuri"), or a kind noun after "a" / "an" (:mod:`extractors.entity_kind_noun_names`:
    "we propose a Director-Zorb framework"; not "a Meta-Learning approach", a paradigm)."""
    texts, _, flags = token_arrays(doc)
    if cand.end - cand.start != 1 or not _COINED.match(texts[cand.start]):
        return False
    if named_before_kind_noun(doc, cand.start, cand.end, cues):
        return True  # "we propose a Director-Zorb framework" (round h15ae; not "a Meta-Learning approach")
    if cand.end < len(doc) and not (flags.is_punct[cand.end] or flags.is_stop[cand.end]):
        return False  # "we introduce Reasoning-Consistent Rewards": the words go on (a longer name, or a noun)
    i = cand.start - 1
    while i >= 0 and in_list("articles", texts[i]):
        i -= 1
    return i >= 0 and "PROPOSE" in cues.get(i, set())
