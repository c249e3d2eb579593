"""The words and terms of a paper's title and abstract, and their counts over a run of texts: the standard library only.

The analyser of :func:`kg.similarity_vectors.tfidf` (:class:`Terms`: words,
stop words, the title's adjacent pairs) and :func:`chunk_counts`, which
counts the terms of a few thousand texts, live
here without numpy, scipy or networkx, so that the helper process of
:func:`kg.similarity_term_split.analysed_counts` is small (its share of the full
Anthology's 90,000 texts is tokenised there while the build's process
tokenises the rest).

>>> Terms()(("Neural machine translation", "We translate the texts."))
['neural', 'machine', 'translation', 'translate', 'texts', 'neural machine', 'machine translation']
>>> sizes, ids, counts, terms = chunk_counts(Terms(), [("Graph graph", ""), ("", "of the"), ("Graph", "")])
>>> list(sizes), list(ids), list(counts), terms
([2, 0, 1], [0, 1, 0], [2.0, 1.0, 1.0], ['graph', 'graph graph'])
"""
from __future__ import annotations

import re
import unicodedata
from array import array
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import islice, pairwise
from pathlib import Path

from kg.english_stop_words import ENGLISH_STOP_WORDS
from ontology.shared_terms import ANY_LABEL_SHOWN, LABEL_SHOWN

__all__ = ["ANY_LABEL", "LABEL_TERM", "SHARED_SHOWN", "STOP_LANGUAGES", "TITLE_GENRE", "Analyser", "ChunkCounts",
           "Terms", "chunk_counts", "encoded", "held_counts", "label_term", "shown_term", "spacy_stop_words",
           "stop_words", "without_parts", "words"]

_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token_pattern
#: Languages besides English whose function words are dropped from a paper written in them (spaCy's stop lists).
STOP_LANGUAGES = ("fr", "de", "es", "pt", "it", "nl")
#: Distinct stop words of one language a paper needs, more than of English, to be taken as written in it.
_LANGUAGE_EVIDENCE = 3
#: Words of a title that say what kind of text a paper is, not what it is about: a book review, an invited talk or
#: keynote, an overview, a tutorial, a panel, a squib, a system description, a preface, an erratum (the genre labels
#: of ACL Anthology titles, counted on its 90,477 papers: "book review(s)" 372 titles, "overview" 307, "system
#: description" 120, "invited talk" 78, "briefly noted" 61, "panel" 42, "tutorial" 26, "keynote" 37; round h16t,
#: docs/analytics.md).  Dropped from a title before its words and pairs are taken: two papers that share nothing
#: else were neighbours for "book reviews" alone.  Not "abstract" (Abstract Meaning Representation) nor "review"
#: alone (product reviews).  Three labels are also topics, so they are dropped only where they stand as labels
#: (review 59): "book reviews" and "obituary" only as a title's first words ("LABR: A Large Scale Arabic Book Reviews
#: Dataset", "Automatic Section Recognition in Obituaries" keep them); "tutorial" only before the title's end, a
#: punctuation mark or "on"/"notes"/"abstracts"/"proposal"/"paper"/"series" ("Tutorial: ...", "Arabic Dialect
#: Processing Tutorial", "A Tutorial on ...", but "tutorial dialogue", "Tutorial Videos" keep it); "panel" only first
#: or before the end, ")" or "on"/"discussion"/"chair"/"summary"/"contribution" ("Four-Panel Manga", "a Frisian-Dutch
#: Panel and Trend Study" keep it).  A label's words may be joined by hyphens; plurals and the French "préface" count.
#: Round h16u adds the front matter of journals and newsletters that the Anthology's titles repeat: "advertisements"
#: 59, "author/title/subject index" 80, "publications received" 42, "abstracts of current literature" 36, "books
#: received" 31, "appendix A" 33 (first words), "announcements" 24, "last words" 21 (first words), "introduction" 19
#: (a whole title), "introduction to the special issue" 18, "letter(s) to the editor" 16, "call(s) for papers" 16,
#: "guidelines for submission(s)" 14, "(ACL) lifetime achievement award" 12, "questions and discussion" 11,
#: "editorial" (a whole title or "[Editorial]").  The words that are also topics ("editorial", "advertisements",
#: "announcement", "appendix", "introduction", "subject indexes") only where they stand as labels: "News Editorial
#: Corpora", "Job Advertisements", "Airport Announcement System", "An Introduction to ...", "Printed Subject
#: Indexes" keep them.  Not "Session N: ..." (111 titles of old proceedings: without "session" the pages, a topic
#: word or two, came into topical papers' top 3) nor "The FINITE STRING (Newsletter)" (75: its issues meet each
#: other on the name, and nothing else would be nearer).  The TAL journal's bilingual "X [Y]" titles count as whole
#: titles (review 61: "Introduction [Préface]", "Préface [Introduction]" kept "introduction" and met "An Introduction
#: to MT" and five book reviews of introductions).
#: Round h16w: "keynote speeches/addresses" (the plural took "speechs"), "call-for-papers" (hyphens), "letters to
#: the editors" and "tutorial notes" ("ENLP Tutorial Notes – Slides": "notes" was left as a word) are whole labels
#: too; none of the first three is in an Anthology title, and "tutorial notes" in 2, both labels.
#: Lower-case: it is matched on the lower-cased title (without re.IGNORECASE it takes about half the time: 0.26 s for
#: the Anthology's 90,477 titles against 0.46 s, and 0.34 s for round h16t's shorter pattern; review 59).
TITLE_GENRE = re.compile(
    r"^\W*(?:book[\s-]+reviews?|obituar(?:y|ies)|panels?|last[\s-]+words|appendix\s+[a-z\d]"
    r"|(?:introduction|editorials?|advertisements?|announcements?)(?=\W*$|\s*\[))\b"
    r"|\b(?:(?<=\[)(?:editorial|introduction)(?=\])|announcements(?=\W*$)|(?:publications|books)[\s-]+received"
    r"|introduction\s+to\s+(?:the|this)\s+special\s+(?:issue|section)s?"
    r"|(?:author|title|subject)(?:\s+and\s+(?:author|title|subject))?\s+index(?=\s*(?:$|[^\w\s]|volumes?\b))"
    r"|abstracts\s+of\s+current\s+literature|guidelines\s+for\s+submissions?|letters?\s+to\s+the\s+editors?"
    r"|calls?[\s-]+for[\s-]+papers|(?:acl\s+)?lifetime\s+achievement\s+award|questions\s+and\s+discussions?"
    r"|invited[\s-]+(?:keynote|talk|paper|speaker|lecture)s?"
    r"|keynotes?(?:[\s-]+(?:speech(?:es)?|address(?:es)?|(?:talk|lecture|abstract)s?))?|overview"
    r"|tutorials?(?!-\w)(?:\s+notes)?(?=\s*(?:$|[^\w\s]|(?:on|notes|abstracts|proposal|paper|series)\b))"
    r"|(?<!-)panels?(?=\s*(?:$|\)|(?:on|discussion|chair|summary|contribution)\b))"
    r"|squibs?(?:[\s-]+and[\s-]+discussions)?|briefly[\s-]+noted|errat(?:um|a)|corrigend(?:um|a)|pr[eé]faces?"
    r"|forewords?|position[\s-]+papers?|extended[\s-]+abstracts?|system[\s-]+descriptions?)\b")

#: The start of the one term of a title that is only a genre label (:class:`Terms`: ``genre_briefly_noted``).
LABEL_TERM = "genre_"
#: The term every label-only title has besides its label's own (:class:`Terms`), so that a page whose label few other
#: pages have ("Keynote address", "Call for Papers") meets other label-only pages, not the papers that the back-off
#: finds for words spelled like its term ("genres", "publication"; round h16u).
#: "~" is in no word, so no text has the term, and it sorts after every label's own term (shown first for a tie).
ANY_LABEL = LABEL_TERM + "~"
#: Shared entities and shared terms kept per link (:mod:`kg.similarity_reasons`).
SHARED_SHOWN = 5

#: What turns a ``(title, abstract)`` into its terms.
Analyser = Callable[[tuple[str, str]], list[str]]
#: A run of texts' counts (:func:`chunk_counts`): the number of distinct terms of each text, each one's term (its
#: number in a vocabulary, in the order the text's terms are first met) and count, and the terms new to the
#: vocabulary.
ChunkCounts = tuple[array, array, array, list[str]]


def words(text: str) -> list[str]:
    """The lower-cased words of ``text`` as scikit-learn's vectorizers find them (two characters or more).

    >>> words("Low-resource NMT, a survey")
    ['low', 'resource', 'nmt', 'survey']
    """
    return _TOKEN.findall(text.lower())


@lru_cache(maxsize=1)
def _stop_lists() -> tuple[frozenset[str], dict[str, frozenset[str]], frozenset[str]]:
    """English stop words, each other language's list joined to them, and the words only those lists have.

    The English list is scikit-learn's, kept in :mod:`kg.english_stop_words`: importing scikit-learn would hold
    about 85 MB more in ``kg build``'s process through every export.
    """
    english = ENGLISH_STOP_WORDS
    others = {code: spacy_stop_words(code) for code in STOP_LANGUAGES}
    return english, {code: english | listed for code, listed in others.items()}, frozenset().union(*others.values()) - english


def spacy_stop_words(code: str) -> frozenset[str]:
    """spaCy's stop words of language ``code``, read from its ``stop_words`` module without importing the language.

    Importing ``spacy.lang.fr.stop_words`` first imports ``spacy.lang.fr``,
    which compiles the language's tokenizer exceptions: the six languages
    took 4–6 s of every build's similarity stage.  Each ``stop_words``
    module is one self-contained set, so it is run on its own; spaCy's
    folder is found without importing spaCy.

    >>> {"le", "des", "une"} <= spacy_stop_words("fr")
    True
    """
    import importlib.util

    found = importlib.util.find_spec("spacy")  # a top-level package's spec does not run it: spaCy (about 50 MB)
    if found is None or found.origin is None:  # stays out of a build's main process, which extracts nothing
        raise ImportError("spaCy is not installed: kg needs its stop lists")
    path = Path(found.origin).parent / "lang" / code / "stop_words.py"
    spec = importlib.util.spec_from_file_location(f"kg_stop_words_{code}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"spaCy has no stop list for {code!r} at {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return frozenset(module.STOP_WORDS)


def stop_words(words: Iterable[str]) -> frozenset[str]:
    """The stop words to drop from a paper whose lower-cased words are ``words``: English, plus its language's.

    A paper is taken as written in French (German, Spanish, ...) when it has
    at least 3 distinct French stop words and more than it has English ones;
    then French function words ("le", "des", "une") are dropped too, so that
    two French abstracts do not look alike for their grammar.  English papers
    keep words such as "die" or "con" that another language's list has.

    >>> {"la", "des", "est", "une"} <= stop_words("la traduction des textes est une tâche".split())
    True
    >>> stop_words("we study the translation of texts".split()) == stop_words([])
    True
    """
    english, joined, markers = _stop_lists()
    distinct = set(words)
    if len(distinct & markers) < _LANGUAGE_EVIDENCE:  # most papers stop here: one set intersection
        return english
    own = len(distinct & english)
    counts = {code: len(distinct & listed) - own for code, listed in joined.items()}  # its own stop words
    best = max(counts, key=lambda code: (counts[code], -STOP_LANGUAGES.index(code)))
    return joined[best] if counts[best] >= max(_LANGUAGE_EVIDENCE, own + 1) else english


class Terms:
    """The analyzer of :func:`kg.similarity_vectors.tfidf`: words of title and abstract, then the title's adjacent
    pairs (stop words dropped: :func:`stop_words`; the title's genre words too: :data:`TITLE_GENRE`).

    A paper whose title is its genre label and nothing else, with no
    abstract ("Briefly Noted", "Erratum", 84 of the Anthology's papers),
    has the label as one term of its own, ``genre_`` and its words: it is
    all that is said of the paper.  Without any term the paper's neighbours
    came from words spelled like the label's ("Erratum": "errant",
    "error"), some papers had fewer than ``k``; with the label's words as
    they are, papers about book reviews met the "Book Reviews" pages.  A
    title of two labels has a term for each (round h16u): the three "Briefly
    Noted/Publications Received" pages meet the 56 "Briefly Noted" and the
    39 "Publications Received" ones, where a term of their own left them
    short of ``k`` and the back-off found them papers with "publication".
    Every such title also has :data:`ANY_LABEL`: a page whose label few
    others have ("Keynote address", "Call for Papers") meets other
    label-only pages, where the back-off gave it papers spelled like its
    term ("Genres in the Prague Discourse Treebank" for "Call for Papers",
    at strength 0.91, in that paper's own top 3).

    >>> Terms()(("Book Reviews: Parsing Technology", ""))
    ['parsing', 'technology', 'parsing technology']
    >>> Terms()(("Briefly Noted: Briefly Noted", "")), Terms()(("Briefly Noted/Publications Received", ""))
    (['genre_briefly_noted', 'genre_~'], ['genre_briefly_noted', 'genre_publications_received', 'genre_~'])
    """

    def __call__(self, document: tuple[str, str]) -> list[str]:
        title, abstract = document
        title_words, abstract_words = words(TITLE_GENRE.sub(" ", title.lower())), words(abstract)
        stop = stop_words(title_words + abstract_words)  # English, and French (...) for a paper written in it
        heading = [word for word in title_words if word not in stop]
        terms = heading + [word for word in abstract_words if word not in stop]
        # Only genre labels, or labels and a number ("Questions and Discussion 10": the number alone met "WMT'11" and
        # "SemEval-2022 Task 11" papers; review 61): a term a label (review 59, round h16u).
        if len(terms) == len(heading) and all(map(str.isdigit, heading)) and title_words != words(title):
            labels = (label_term(label.group(0)) for label in TITLE_GENRE.finditer(title.lower()))
            return [*dict.fromkeys(labels), ANY_LABEL]
        return terms + [f"{a} {b}" for a, b in pairwise(heading)]


def label_term(label: str) -> str:
    """The term of a genre label (:data:`TITLE_GENRE`'s match in a label-only title): :data:`LABEL_TERM` and its
    words, each plural the pattern also knows in the singular spelt in the singular.

    "Guidelines for Submission" and "Guidelines for Submissions", "Letter to the Editor" and "Letters to the
    Editor", "Erratum" and "Errata" were two terms each, so a page of one spelling met the other spelling's pages
    no more than any label page (round h16v).  A word is put in the singular only where the label, so spelt, is
    still the pattern's in full: "Calls for Papers" is ``genre_call_for_papers`` ("papers" is the pattern's only
    spelling there), "Last Words" and "Publications Received" keep their plurals.  Accents go (round h16w): the TAL
    journal's "Préface [Foreword]" pages and the "Preface" pages have one term, ``genre_preface``.

    >>> label_term("letters to the editor"), label_term("errata"), label_term("calls for papers")
    ('genre_letter_to_the_editor', 'genre_erratum', 'genre_call_for_papers')
    >>> label_term("guidelines for submissions"), label_term("last words"), label_term("book reviews")
    ('genre_guidelines_for_submission', 'genre_last_words', 'genre_book_review')
    >>> label_term("préface"), label_term("keynote speeches"), label_term("calls-for-papers")
    ('genre_preface', 'genre_keynote_speech', 'genre_call_for_papers')
    """
    return "_".join([LABEL_TERM[:-1], *_singular_label(tuple(map(_unaccented, words(label))))])


def _unaccented(word: str) -> str:
    """``word`` without its accents ("préface": "preface")."""
    if word.isascii():
        return word
    return "".join(char for char in unicodedata.normalize("NFKD", word) if not unicodedata.combining(char))


@lru_cache(maxsize=1024)
def _singular_label(spelt: tuple[str, ...]) -> tuple[str, ...]:
    """The words of a label, each in the first singular spelling (:func:`_singulars`) that the pattern still takes
    as the whole label."""
    found = list(spelt)
    for i, word in enumerate(spelt):
        for singular in _singulars(word):
            tried = [*found[:i], singular, *found[i + 1:]]
            whole = TITLE_GENRE.search(" ".join(tried))
            if whole is not None and whole.group(0) == " ".join(tried):
                found = tried
                break
    return tuple(found)


def _singulars(word: str) -> list[str]:
    """The singular spellings a plural ``word`` may have ("obituaries": "obituary"; "errata": "erratum";
    "prefaces": "prefac", "preface"), none for a word that is no plural."""
    if word.endswith("ies"):
        return [word[:-3] + "y"]
    if word.endswith("a"):
        return [word[:-1] + "um"]
    if word.endswith("es") and not word.endswith("ss"):
        return [word[:-2], word[:-1]]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return [word[:-1]]
    return []


def shown_term(term: str) -> str:
    """``term`` as a link's reasons show it: a label-only title's term (:data:`LABEL_TERM`) in plain words, the
    others as they are (the marks are the data model's, :mod:`ontology.shared_terms`).

    Two "Briefly Noted" pages are neighbours for their titles' label, and a reader of the link's shared terms
    (edge attributes, the views' tooltips, ``kg similar``, the similar-papers query) should read that, not the
    analyser's ``genre_briefly_noted`` (round h16u).  Shown at all, rather than left out, because it is the only
    thing the two pages share: a link without a reason reads as a fault.

    >>> shown_term("genre_briefly_noted"), shown_term("genre_~"), shown_term("parsing")
    ('briefly noted (title label)', 'title labels only', 'parsing')
    """
    if not term.startswith(LABEL_TERM) or len(term) == len(LABEL_TERM):
        return term
    if term == ANY_LABEL:
        return ANY_LABEL_SHOWN
    return term[len(LABEL_TERM):].replace("_", " ") + LABEL_SHOWN


def without_parts(terms: tuple[str, ...], top: int = SHARED_SHOWN) -> tuple[str, ...]:
    """``terms`` without the words a pair of words among them holds, before or after it, at most ``top`` of the rest.

    The shared terms of a link (:class:`kg.similarity_reasons.Explainer`), and the frequent words its reasons name
    when they are all the two papers share (:mod:`kg.similarity_unshared`: "machine translation", not "machine
    translation", "machine" and "translation"; review 70).

    Per pair in Python, on the names: round h14bm measured a numpy version over a block's columns slower (it splits
    as many distinct names as there are cells).

    >>> without_parts(("low", "low resource", "pivot", "resource"))
    ('low resource', 'pivot')
    >>> without_parts(("pivot", "graph"), 1)
    ('pivot',)
    """
    inside = {word for term in terms if " " in term for word in term.split()}
    if not inside:
        return terms[:top]
    return tuple([term for term in terms if " " in term or term not in inside][:top])


def chunk_counts(analyse: Analyser, documents: Iterable[tuple[str, str]],
                 vocabulary: dict[str, int] | None = None) -> ChunkCounts:
    """How often each term of ``analyse(document)`` occurs in each of ``documents``.

    Returns (:data:`ChunkCounts`) the number of distinct terms of each
    document, then for each of them its term's number in ``vocabulary`` and
    its count, and the terms this call added to ``vocabulary`` (numbered on
    from its length, in the order they were first met): what
    :func:`kg.similarity_terms.term_counts` collects, before its columns are
    put in alphabetical order.  Without ``vocabulary`` the run's terms are
    numbered from 0.
    """
    vocabulary = {} if vocabulary is None else vocabulary
    known = len(vocabulary)
    sizes, ids, counts = array("q"), array("i"), array("f")
    for document in documents:
        found = Counter(analyse(document))
        for term, count in found.items():
            ids.append(vocabulary.setdefault(term, len(vocabulary)))
            counts.append(count)
        sizes.append(len(found))
    return sizes, ids, counts, list(islice(vocabulary, known, None))


_HELD: dict[str, dict[str, int]] = {}


def encoded(documents: Iterable[tuple[str, str]]) -> list[tuple[bytes, bytes]]:
    """``documents`` in UTF-8 (lone surrogates kept), to be sent to another process.

    Pickling a ``str`` that is not ASCII leaves its UTF-8 form cached in it
    for its whole life: the build's titles and abstracts held 11 MB more
    through every later stage when they were sent as they are.

    >>> encoded([("Café", "")])
    [(b'Caf\\xc3\\xa9', b'')]
    """
    return [(title.encode("utf-8", "surrogatepass"), abstract.encode("utf-8", "surrogatepass"))
            for title, abstract in documents]


def held_counts(run: str, analyse: Analyser, documents: list[tuple[bytes, bytes]]) -> ChunkCounts:
    """:func:`chunk_counts` of :func:`encoded` ``documents`` over a vocabulary this process keeps from one call to
    the next of the same ``run``: a helper process sends back only the terms it has not sent before (on the full
    Anthology about a third as many strings, each of which the build's process must hash and look up)."""
    if run not in _HELD:
        _HELD.clear()  # another run's: of no more use
        _HELD[run] = {}
    texts = [(title.decode("utf-8", "surrogatepass"), abstract.decode("utf-8", "surrogatepass"))
             for title, abstract in documents]
    return chunk_counts(analyse, texts, _HELD[run])
