"""Normalised keys and the one place where node ids and IRIs are minted.

The same paper, venue or benchmark gets the same id in every run and from
every input file, because ids depend only on a normalised key.

Examples
--------
>>> normalize_text("  Cross‐Lingual   **Retrieval**. ")
'cross-lingual retrieval'
>>> entity_key("ZorbLM-3") == entity_key("Zorblm 3") == entity_key("zorblm3")
True
>>> node_id("venue", venue_key("ACL 2026"))
'venue/acl-2026'
>>> iri_for("venue/acl-2026")
'https://w3id.org/paperkg/id/venue/acl-2026'
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from functools import lru_cache

__all__ = [
    "RESOURCE_BASE",
    "normalize_text",
    "entity_key",
    "node_key",
    "acronym_singular",
    "venue_key",
    "paper_ref",
    "bare_doi",
    "title_key",
    "abstract_key",
    "node_id",
    "iri_for",
    "short_hash",
]

#: Base of every resource IRI kg mints (papers, venues, entities, mentions).
RESOURCE_BASE = "https://w3id.org/paperkg/id/"

_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_MARKUP = re.compile(r"[*_`]")
_KEY_FOLD = re.compile(r"[\s\-_.·/]")
_VERSION_MARK = re.compile(r"(?<=[\s\-_.])(?:v|version)\s*(?=\d)")
_POINT_ZERO = re.compile(r"(?<=\d)\.0+(?![\d.])")
_SLUG_JUNK = re.compile(r"[^a-z0-9]+")
#: A plural last word or hyphen-joined last part (lower-cased): four letters or more ending in an "s" that follows no
#: s, u, i or w.
_PLURAL_WORD = re.compile(r"(?<![^\s\-])[a-z]{3,}(?<![suiw])s$")
#: A plural whose singular ends in a sibilant takes "es" ("processes", "approaches", "meshes", "boxes"; not "caches",
#: "niches").
_PLURAL_ES = re.compile(r"(?:ss|sh|(?<!ca)(?<!ni)ch|x)es$")
#: An acronym's plural, read as written (before case is folded): a last word or hyphen-joined last part with two
#: capitals or more, the last of them right before a lower-case "s" ("GRUs", "PIIs", "LMs", "S3Ms", "Out-of-KGs").
_ACRONYM_PLURAL = re.compile(r"(?<![^\s\-])((?=(?:[a-z0-9]*[A-Z]){2})[A-Za-z0-9]*[A-Z])s$")


def normalize_text(text: str | None) -> str:
    """Fold Unicode compatibility forms, case, dashes, markdown emphasis and spacing."""
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).lower()
    # Each regex pass only where it can match: the dashes are not ASCII, and "in" finds a character in C. On the
    # full Anthology's abstracts (45 MB, two thirds ASCII, few with emphasis) the two passes took 0.6-0.7 s of 1.3.
    if not text.isascii():
        text = _DASHES.sub("-", text)
    if "*" in text or "_" in text or "`" in text:
        text = _MARKUP.sub("", text)
    # split() breaks at exactly the characters the regex \s matches (str.isspace), without a regex pass: on the
    # full Anthology's abstracts, which every paper's key folds, the same text in a fraction of the time
    return " ".join(text.split()).strip(" .")


@lru_cache(maxsize=1 << 16)  # a pure function of the name, asked of each mention several times (round h15cm)
def entity_key(name: str) -> str:
    """Key under which spelling variants of one entity name meet.

    Case, spaces, hyphens, dots and slashes are folded away, so "Zorb-4o",
    "Zorb 4o" and "zorb4o" share a key; so are a version mark after a separator
    ("SQuAD v1.1" = "SQuAD 1.1") and a trailing ".0" ("OntoNotes 5.0" =
    "OntoNotes 5").  Different versions keep different keys.

    >>> entity_key("SQuAD v1.1") == entity_key("SQuAD 1.1"), entity_key("Q-Tuning V2") == entity_key("Q-tuning v2")
    (True, True)
    >>> entity_key("OntoNotes 5.0") == entity_key("OntoNotes 5"), entity_key("SQuAD 2.0") == entity_key("SQuAD 1.1")
    (True, False)

    A plural last word is folded to the singular, on the lower-cased text so that case still
    never matters: a final "s" / "ies" of a last word of four letters or more ("LoRAs" = "LoRA",
    "Transformers" = "Transformer", "accuracies" = "accuracy", "SNIPS" = "Snips"), except after
    s, u, i or w ("corpus", "ATIS", "News"); so is a hyphen-joined last part's ("Bi-LSTMs" = "Bi-LSTM",
    "skip-grams" = "skip-gram", "F1-scores" = "F1 score"; "Multi-News" keeps its "s"); after a sibilant the "es"
    goes ("Gaussian Processes" = "Gaussian Process", "approaches" = "approach").

    >>> entity_key("LoRAs") == entity_key("LoRA"), entity_key("SNIPS") == entity_key("Snips")
    (True, True)
    >>> entity_key("Bi-LSTMs") == entity_key("BiLSTM"), entity_key("self-attentions") == entity_key("self-attention")
    (True, True)
    >>> entity_key("F1-scores") == entity_key("F1 score"), entity_key("F-measures") == entity_key("F-measure")
    (True, True)
    >>> entity_key("Gaussian Processes") == entity_key("Gaussian process"), entity_key("KV caches")
    (True, 'kvcache')
    >>> entity_key("Transformers"), entity_key("accuracies"), entity_key("ATIS"), entity_key("Corpus")
    ('transformer', 'accuracy', 'atis', 'corpus')
    """
    text = _VERSION_MARK.sub("", _singular(normalize_text(name)))
    return _KEY_FOLD.sub("", _POINT_ZERO.sub("", text))


def node_key(name: str) -> str:
    """The key the graph groups an entity's mentions under: :func:`entity_key`, and an acronym's plural told by its
    case, before case is folded.

    A lower-case "s" right after the last of two capitals or more goes whatever the letter before it or the word's
    length ("GRUs" = "GRU", "PIIs" = "PII", "LMs" = "LM", "S3Ms" = "S3M"), where the lower-cased rule of
    :func:`entity_key` keeps "grus", "piis", "lms" (it folds "LoRAs", "GNNs", "BiLSTMs" already).  So here case
    matters: "GRUS" written in capitals keeps its "S" (an acronym may end in S: "ATIS", "SNIPS").

    >>> node_key("GRUs") == node_key("GRU") == entity_key("GRU"), node_key("Out-of-KGs") == node_key("out-of-KG")
    (True, True)
    >>> node_key("LMs"), node_key("PIIs"), node_key("GRUS"), node_key("Es"), node_key("Lms"), node_key("LoRAs")
    ('lm', 'pii', 'grus', 'es', 'lms', 'lora')

    The extraction keeps :func:`entity_key`: its votes over one abstract's mentions (kind, role) read the plural
    as a name of its own, and folding it there moved roles the wrong way ("we adopt 'Idea Unit (IU)', which is
    proposed in ..." became proposed through "Introducing IUs", round h15bj).
    """
    return entity_key(acronym_singular(name))


def acronym_singular(name: str) -> str:
    """``name`` with an acronym's plural "s" dropped, read as written (see :func:`node_key`)."""
    if name.endswith("s") and name[-2:-1].isupper():  # the cheap test first: every mention of a build is keyed
        return _ACRONYM_PLURAL.sub(r"\1", name)
    return name


def _singular(text: str) -> str:
    """Lower-case ``text`` with its last word made singular when it reads as a plural (see :func:`entity_key`)."""
    match = _PLURAL_WORD.search(text)
    if not match:
        return text
    word = match.group(0)
    if word.endswith("ies"):
        return text[: match.start()] + word[:-3] + "y"
    return text[: match.start()] + word[: -2 if _PLURAL_ES.search(word) and len(word) > 4 else -1]


def venue_key(name: str) -> str:
    """Key of a venue label such as "ACL 2026" (series and year)."""
    return _SLUG_JUNK.sub("-", normalize_text(name)).strip("-")


def short_hash(text: str, length: int = 10) -> str:
    """A stable hexadecimal digest of ``text`` (not for security)."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:length]


def paper_ref(title: str | None, abstract: str | None = None) -> str:
    """Key of a paper inside and across sources: its normalised title, else its abstract.

    >>> paper_ref("TINYRULE: Cross-Lingual Ranking")
    'title:tinyrule: cross-lingual ranking'
    >>> paper_ref(None, "Users frequently express their beliefs.")[:9]
    'abstract:'
    """
    key = title_key(title) or abstract_key(abstract)
    if key is None:
        raise ValueError("a paper needs a title or an abstract to be identified")
    return key


_DOI_RESOLVER = re.compile(r"^\s*(https?://(dx\.)?doi\.org/|doi:)\s*", re.IGNORECASE)


def bare_doi(doi: str | None) -> str | None:
    """A DOI without its resolver prefix, as every reader stores it (None when empty).

    >>> bare_doi("https://doi.org/10.18653/v1/2020.acl-main.3"), bare_doi("doi:10.1/x"), bare_doi(" ")
    ('10.18653/v1/2020.acl-main.3', '10.1/x', None)
    """
    bare = _DOI_RESOLVER.sub("", doi or "").strip()
    return bare or None


def title_key(title: str | None) -> str | None:
    """ "title:" and the normalised title, or None when nothing is left of it."""
    normal = normalize_text(title)
    return "title:" + normal if normal else None


def abstract_key(abstract: str | None) -> str | None:
    """ "abstract:" and a digest of the normalised abstract, or None when nothing is left of it."""
    normal = normalize_text(abstract)
    return "abstract:" + short_hash(normal, 16) if normal else None


def _slug(text: str, limit: int = 60) -> str:
    slug = _SLUG_JUNK.sub("-", unicodedata.normalize("NFKD", text).lower()).strip("-")
    return slug[:limit].rstrip("-")


def node_id(kind: str, key: str) -> str:
    """The node id of a ``kind`` ("paper", "venue", "method", ...) with normalised ``key``.

    Readable where the key is plain ASCII, with a digest appended whenever the
    slug loses information, so distinct keys never share an id.

    >>> node_id("dataset", entity_key("Zorb-Bench"))
    'dataset/zorbbench'
    >>> node_id("method", entity_key("α1")).startswith("method/1-")
    True
    """
    slug = _slug(key)
    if not slug or slug != key:
        slug = f"{slug}-{short_hash(key)}" if slug else short_hash(key)
    return f"{kind}/{slug}"


def iri_for(node: str) -> str:
    """The IRI of a node id: the only function that builds resource IRIs."""
    return RESOURCE_BASE + node
