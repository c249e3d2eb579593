"""Known dataset names from Papers with Code: lookup, a phrase matcher, and the ``kg_gazetteer`` component.

The data file ``patterns/pwc_datasets.jsonl`` is made by
``python scripts/build_gazetteer.py`` (see :mod:`extractors.gazetteer_build`
for where the names come from and which are *link-only*).  At extraction time:

* :class:`GazetteerMatcher` finds names in a Doc with one spaCy
  ``PhraseMatcher`` on lower-cased tokens (hyphen, space and run-together
  spellings of each name are added as patterns), then keeps a hit only when
  it is written like a name: exactly as the entry spells it (separators
  aside), or, for names of five characters or more, with a capital after the
  first letter or a digit ("Penn TreeBank", "SNIPS" for "Snips"), never
  all in lower case;
* the ``kg_gazetteer`` component writes the hits of *detectable* entries to
  ``doc.spans["kg_gazetteer"]`` (label ``"dataset"``, ``kb_id_`` = the PwC
  URL), longest first, without overlaps;
* an alias is matched only when the gazetteer does not mark it link-only
  (the ambiguity rule on its own counts) and it is longer than three
  characters (:func:`specific_alias`: "PTB", "VQA" often name a task or
  something else, so the rules must find them); every alias still links;
* :meth:`Gazetteer.link` maps any name (detectable or link-only) to its PwC
  URL by the folded key of :func:`ontology.ids.entity_key`.

>>> import spacy
>>> nlp = spacy.blank("en")
>>> matcher = GazetteerMatcher(nlp.vocab, [("Penn Treebank", ["PTB"], "u:ptb"), ("SICK", [], "u:sick")], nlp.make_doc)
>>> doc = nlp("We parse the Penn TreeBank and the penn treebank; SICK is not Sick.")
>>> [(doc[s:e].text, url) for url, s, e in matcher.find(doc)]
[('Penn TreeBank', 'u:ptb'), ('SICK', 'u:sick')]
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span
from spacy.util import filter_spans

from ontology.ids import entity_key

__all__ = [
    "SPAN_KEY",
    "Gazetteer",
    "GazetteerMatcher",
    "KnownDataset",
    "load_gazetteer",
    "name_variants",
    "specific_alias",
]

SPAN_KEY = "kg_gazetteer"
_SEPARATORS = re.compile(r"[\s\-]+")
_FINAL_YEAR = re.compile(r"^(?P<name>\S.*?)[\s\-]?(?:19|20)(?P<yy>\d\d)$")
#: What may stand between a name and its edition's two-digit year: "CoNLL03", "CoNLL-03", "CoNLL 03", "CoNLL'03".
_YEAR_SEPARATORS = ("", "-", " ", "'", "’", " '", " ’")
_NAME_LIKE = re.compile(r".[A-Z]|\d")
_MIN_LOOSE_LENGTH = 5
_MAX_SHORT_ALIAS = 3


@dataclass(frozen=True)
class KnownDataset:
    """One gazetteer entry as the extractor uses it."""

    name: str
    url: str
    aliases: tuple[str, ...] = ()
    detect: bool = True
    papers: int = 0
    link_only_aliases: tuple[str, ...] = ()

    @property
    def forms(self) -> tuple[str, ...]:
        """The name and its aliases."""
        return (self.name, *self.aliases)


def name_variants(form: str) -> list[str]:
    """Spellings of ``form`` that differ in hyphens and spaces, or give a final year in two digits, also after an
    apostrophe as full papers write an edition ("CoNLL'03 shared task data", "the translation tasks of WMT'14";
    round h15ay).

    >>> name_variants("CoNLL-2003")
    ['CoNLL-2003', 'CoNLL 2003', 'CoNLL2003', 'CoNLL03', 'CoNLL-03', 'CoNLL 03', "CoNLL'03", 'CoNLL’03', "CoNLL '03", 'CoNLL ’03']
    """
    parts = [p for p in _SEPARATORS.split(form.strip()) if p]
    variants = [form.strip(), " ".join(parts), "-".join(parts), "".join(parts)]
    year = _FINAL_YEAR.match(form.strip())
    if year and any(ch.isupper() for ch in year.group("name")):
        variants += [f"{year.group('name')}{sep}{year.group('yy')}" for sep in _YEAR_SEPARATORS]
    return list(dict.fromkeys(v for v in variants if v))


def specific_alias(alias: str) -> bool:
    """Is an alias long enough to be matched on its own?  Acronyms of up to three letters ("PTB", "VQA") only link.

    >>> specific_alias("VQA"), specific_alias("Stanford Question Answering Dataset"), specific_alias("MultiNLI")
    (False, True, True)
    """
    return len(_compact(alias)) > _MAX_SHORT_ALIAS


def _compact(text: str) -> str:
    return _SEPARATORS.sub("", text)


class GazetteerMatcher:
    """Find gazetteer names in a Doc (see the module docstring for the case rule)."""

    def __init__(self, vocab, entries: Iterable[tuple[str, Iterable[str], str]],
                 make_doc: Callable[[str], Doc]) -> None:
        self.matcher = PhraseMatcher(vocab, attr="LOWER")
        self.exact: dict[str, set[str]] = {}
        for name, aliases, url in entries:
            variants = [v for form in (name, *aliases) for v in name_variants(form)]
            self.exact.setdefault(url, set()).update(_compact(v) for v in variants)
            self.matcher.add(url, [make_doc(v) for v in variants])

    def hits(self, doc: Doc) -> Iterator[tuple[str, int, int, bool]]:
        """``(url, start, end, accepted)`` for every case-insensitive hit, accepted or not by the case rule."""
        for match_id, start, end in self.matcher(doc):
            url = doc.vocab.strings[match_id]
            yield url, start, end, self.accepts(doc[start:end].text, url)

    def find(self, doc: Doc) -> list[tuple[str, int, int]]:
        """``(url, start, end)`` of each accepted hit, longest first where hits overlap, in text order."""
        spans = [Span(doc, start, end, label=url) for url, start, end, accepted in self.hits(doc) if accepted]
        return [(s.label_, s.start, s.end) for s in sorted(filter_spans(spans), key=lambda s: s.start)]

    def accepts(self, text: str, url: str) -> bool:
        """Is ``text`` written like the name of ``url`` (rather than as ordinary words)?"""
        compact = _compact(text)
        if compact in self.exact.get(url, ()):
            return True
        return len(compact) >= _MIN_LOOSE_LENGTH and bool(_NAME_LIKE.search(text))


class Gazetteer:
    """All entries of a gazetteer file, with lookup by folded name."""

    def __init__(self, entries: Iterable[KnownDataset]) -> None:
        self.entries = tuple(entries)
        by_key: dict[str, KnownDataset] = {}
        for entry in sorted(self.entries, key=lambda e: (-e.papers, e.url)):
            for variant in (v for form in entry.forms for v in name_variants(form)):
                by_key.setdefault(entity_key(variant), entry)  # a key two entries share goes to the more used one
        self._by_key = by_key

    @classmethod
    def from_jsonl(cls, text: str) -> Gazetteer:
        """Read the JSON Lines written by :func:`extractors.gazetteer_build.write_entries`.

        >>> g = Gazetteer.from_jsonl('{"name": "SNIPS", "aliases": [], "url": "u", "detect": true}')
        >>> g.link("Snips"), g.link("ATIS")
        ('u', None)
        """
        entries = []
        for line in text.splitlines():
            if line.strip():
                data = json.loads(line)
                entries.append(KnownDataset(name=data["name"], url=data["url"], aliases=tuple(data.get("aliases", ())),
                                            detect=bool(data.get("detect", True)), papers=int(data.get("papers", 0)),
                                            link_only_aliases=tuple(data.get("link_only_aliases", ()))))
        return cls(entries)

    def lookup(self, name: str) -> KnownDataset | None:
        """The entry whose name or alias folds to the same key as ``name``."""
        return self._by_key.get(entity_key(name))

    def link(self, name: str) -> str | None:
        """The Papers-with-Code URL of ``name``, if the gazetteer knows it."""
        entry = self.lookup(name)
        return entry.url if entry else None

    def matcher(self, vocab, make_doc: Callable[[str], Doc]) -> GazetteerMatcher:
        """A matcher over the detectable entries, with their detectable aliases."""
        entries = ((e.name, [a for a in e.aliases if a not in e.link_only_aliases and specific_alias(a)], e.url)
                   for e in self.entries if e.detect)
        return GazetteerMatcher(vocab, entries, make_doc)


@cache
def load_gazetteer(path: str | None = None) -> Gazetteer:
    """The packaged gazetteer (``patterns/pwc_datasets.jsonl``), or the file at ``path``; read once."""
    if path is None:
        text = resources.files("extractors").joinpath("patterns/pwc_datasets.jsonl").read_text("utf-8")
    else:
        text = Path(path).read_text("utf-8")
    return Gazetteer.from_jsonl(text)


class GazetteerComponent:
    """Doc → Doc: detectable gazetteer names to ``doc.spans[span_key]`` (label ``dataset``, kb_id = URL)."""

    def __init__(self, nlp: Language, span_key: str = SPAN_KEY, path: str | None = None) -> None:
        self.span_key = span_key
        self.matcher = load_gazetteer(path).matcher(nlp.vocab, nlp.make_doc)

    def __call__(self, doc: Doc) -> Doc:
        doc.spans[self.span_key] = [Span(doc, s, e, label="dataset", kb_id=url) for url, s, e in self.matcher.find(doc)]
        return doc


@Language.factory("kg_gazetteer", assigns=["doc.spans"], default_config={"span_key": SPAN_KEY, "path": None})
def make_gazetteer(nlp: Language, name: str, span_key: str, path: str | None) -> GazetteerComponent:
    """Factory for :class:`GazetteerComponent` (``nlp.add_pipe("kg_gazetteer")``); ``path`` None = packaged file."""
    return GazetteerComponent(nlp, span_key=span_key, path=path)
