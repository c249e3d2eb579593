"""Build the dataset gazetteer from the ``<pwcdataset>`` tags of ACL Anthology XML.

Used by ``scripts/build_gazetteer.py``; nothing here runs at extraction time.
The result is ``extractors/patterns/pwc_datasets.jsonl``: one line per
Papers-with-Code dataset page, with the name the tags give it, aliases, the
PwC URL, corpus statistics, and whether the extractor may *detect* the name in
text or only *link* a dataset the rules found anyway.

Held-out papers
    :func:`split_of` puts every paper of the hand-annotated dev set's volumes
    (:func:`is_dev_volume`) into ``"dev"`` and every other Anthology id into
    ``"test"`` (10 %), ``"tune"`` (10 %) or ``"train"`` (80 %) by a fixed hash.
    Only ``train`` papers feed the gazetteer (their tags, abstracts and
    statistics), so the benchmarks on ``dev``, ``tune`` and ``test`` abstracts
    never see their labels through the gazetteer.

Aliases
    An acronym pair ("Stanford Sentiment Treebank (SST)") in the abstract of a
    paper tagged with one side gives the other side as an alias, when at least
    :data:`ALIAS_MIN_PAPERS` papers agree and no other entry claims it.  Every
    alias links; the ambiguity rule below, applied to the alias's own counts,
    says whether it is also detected (else it is in ``link_only_aliases``).

Which names are detected (the ambiguity rule, see :func:`detectable`)
    A name is matched in text on its own only when it is *specific*; otherwise
    it is *link-only* (a dataset the rules find by context still gets its PwC
    link).  Statistics come from ``train`` abstracts: ``support`` is the number
    of abstracts of PwC-tagged papers (so a name is not blamed for PwC's
    coverage) that name the entry as the matcher would accept it, ``tagged``
    how many of them are tagged with it; ``uses`` and ``lower_uses`` count all
    ``train`` abstracts that write the name as a name, and in lower case as
    ordinary words.  A name is link-only when

    1. it names a known model family ("CLIP"), or
    2. it is mentioned often but rarely tagged: ``support >= 5`` and
       ``tagged < 0.25 * support`` ("Inspired", "Google", "CoNLL"), or
    3. it has at most three characters and no digit ("MR", "AP", "MAP"),
       unless vouched for: ``tagged >= 2`` and ``tagged >= 0.5 * support``;
       with a digit ("C4", "E2E") it only needs not to be seldom tagged when
       mentioned: not (``support >= 3`` and ``tagged < 0.5 * support``), or
    4. it has no digit and is an ordinary word or phrase: cased like running
       text (each word lower-case or capitalised: "E-commerce", "Hate Speech")
       and all lower case ("capes") or ``lower_uses >= 3`` and
       ``lower_uses >= uses``; an all-capital word that is an ordinary word
       ("MEDIA", "IS-A") is link-only on the same counts unless vouched for
       ("DROP", "RACE": ``tagged >= 2`` and ``tagged >= 0.5 * support``);
       names with their own casing ("ReCoRD", "MuTual") are never ordinary.

>>> split_of("2020.acl-main.3"), split_of("P18-1001")
('train', 'train')
>>> detectable(GazetteerEntry(name="Google", url="u", support=400, tagged=40), model_family=False)
False
>>> detectable(GazetteerEntry(name="MultiWOZ", url="u", support=30, tagged=28), model_family=False)
True
>>> detectable(GazetteerEntry(name="E-commerce", url="u", uses=9, lower_uses=60), model_family=False)
False
"""
from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc

from extractors.anthology_xml import read_anthology_xml
from ontology.records import Paper

__all__ = [
    "ALIAS_MIN_PAPERS",
    "AnthologyPaper",
    "GazetteerEntry",
    "split_of",
    "volume_of",
    "is_dev_volume",
    "iter_anthology_papers",
    "train_abstracts",
    "iter_volume_papers",
    "detectable",
    "running_text_case",
    "build_entries",
    "write_entries",
]

#: How many papers must show the same acronym pair before it becomes an alias.
ALIAS_MIN_PAPERS = 2
_RARELY_TAGGED_SUPPORT = 5
_RARELY_TAGGED_RATE = 0.25
_VOUCHED_TAGGED = 2
_VOUCHED_RATE = 0.5
_SHORT_SUPPORT = 3
_COMMON_WORD_USES = 3
_CAPITAL_WORDS = re.compile(r"^[A-Z]+(?:-[A-Z]+)*$")
_WORDS = re.compile(r"[\s\-]+")


def volume_of(anthology_id: str) -> str | None:
    """The volume file stem of a new-style Anthology id ("2021.woah-1.3" → "2021.woah"), else ``None``.

    >>> volume_of("2021.woah-1.3"), volume_of("P18-1001")
    ('2021.woah', None)
    """
    stem = anthology_id.split("-", 1)[0]
    return stem if _NEW_STYLE_VOLUME.fullmatch(stem) else None


def is_dev_volume(volume: str) -> bool:
    """Is ``volume`` (a file stem such as "2021.woah") one of the hand-annotated dev set's volumes?

    The rule, fixed before any abstract was read: a volume from 2019 on whose
    SHA-1 (first 8 hex digits) is 0 mod 30.  Its papers are in no other split:
    neither the gazetteer nor the trained model sees them.

    >>> is_dev_volume("2021.woah"), is_dev_volume("2021.acl"), is_dev_volume("1999.woah")
    (True, False, False)
    """
    return (_NEW_STYLE_VOLUME.fullmatch(volume) is not None and int(volume[:4]) >= DEV_FIRST_YEAR
            and int(hashlib.sha1(volume.encode("utf-8")).hexdigest()[:8], 16) % DEV_VOLUME_MODULUS == 0)


def split_of(anthology_id: str) -> str:
    """``"dev"`` for a paper of a dev volume (:func:`is_dev_volume`); else ``"test"``, ``"tune"`` or ``"train"``:
    a fixed hash of the Anthology id (10 % / 10 % / 80 %).

    >>> sorted({split_of(f"2021.acl-long.{n}") for n in range(60)}), split_of("2021.woah-1.3")
    (['test', 'train', 'tune'], 'dev')
    """
    volume = volume_of(anthology_id)
    if volume is not None and is_dev_volume(volume):
        return "dev"
    bucket = int(hashlib.sha1(anthology_id.encode("utf-8")).hexdigest()[:8], 16) % 10
    return "test" if bucket == 0 else "tune" if bucket == 1 else "train"


#: Dev volumes (:func:`is_dev_volume`): from this year on, SHA-1 of the volume stem ≡ 0 mod this.
DEV_FIRST_YEAR = 2019
DEV_VOLUME_MODULUS = 30
_NEW_STYLE_VOLUME = re.compile(r"(?:19|20)\d\d\.[a-z0-9]+")


@dataclass(frozen=True)
class AnthologyPaper:
    """A paper of an Anthology volume with its Papers-with-Code dataset tags ``(name, url)``."""

    paper: Paper
    tags: tuple[tuple[str, str], ...]


def iter_anthology_papers(folder: Path) -> Iterator[AnthologyPaper]:
    """Every paper of every ``*.xml`` volume under ``folder``, in file order, with its PwC tags."""
    for path in sorted(Path(folder).glob("*.xml")):
        yield from iter_volume_papers(path)


def train_abstracts(folder: Path) -> list[str]:
    """The abstracts of the ``train`` slice (:func:`split_of`) of the volumes under ``folder``, in file order: what
    the corpus-evidence scripts count (the dev volumes, the tuning slice and the held-out ``test`` slice never)."""
    return [item.paper.abstract for item in iter_anthology_papers(folder)
            if item.paper.abstract and split_of(item.paper.anthology_id or "") == "train"]


def iter_volume_papers(path: Path) -> Iterator[AnthologyPaper]:
    """Every paper of one Anthology volume file, with its PwC tags."""
    records = read_anthology_xml(Path(path).read_bytes(), source=Path(path).name)
    tags: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for mention in records.mentions:
        if mention.same_as:
            tags[mention.paper_ref].append((mention.name, mention.same_as))
    for paper in records.papers:
        yield AnthologyPaper(paper, tuple(tags.get(paper.ref, ())))


@dataclass
class GazetteerEntry:
    """One Papers-with-Code dataset page and what the ``train`` corpus says about its name."""

    name: str
    url: str
    aliases: list[str] = field(default_factory=list)
    papers: int = 0  # train papers tagged with it (with or without an abstract)
    support: int = 0  # train abstracts of PwC-tagged papers that name it
    tagged: int = 0  # ... of which tagged with it
    uses: int = 0  # train abstracts that write it as a name
    lower_uses: int = 0  # train abstracts that write it in lower case
    detect: bool = True
    link_only_aliases: list[str] = field(default_factory=list)  # aliases the rule keeps from detection

    def to_json(self) -> str:
        """One JSON line, keys in a fixed order.

        >>> GazetteerEntry("SNIPS", "https://paperswithcode.com/dataset/snips").to_json()[:33]
        '{"name": "SNIPS", "aliases": [], '
        """
        data = asdict(self)
        keys = ("name", "aliases", "url", "papers", "support", "tagged", "uses", "lower_uses", "detect", "link_only_aliases")
        ordered = {key: data[key] for key in keys}
        return json.dumps(ordered, ensure_ascii=False)


def detectable(entry: GazetteerEntry, *, model_family: bool) -> bool:
    """The ambiguity rule of the module docstring: may the name be matched in text on its own?"""
    if model_family:
        return False
    if entry.support >= _RARELY_TAGGED_SUPPORT and entry.tagged < _RARELY_TAGGED_RATE * entry.support:
        return False
    seldom_tagged = entry.support >= _SHORT_SUPPORT and entry.tagged < _VOUCHED_RATE * entry.support
    has_digit = any(ch.isdigit() for ch in entry.name)
    vouched = entry.tagged >= _VOUCHED_TAGGED and entry.tagged >= _VOUCHED_RATE * entry.support
    if len(entry.name) <= 3:
        return not seldom_tagged if has_digit else vouched
    worded = entry.lower_uses >= max(_COMMON_WORD_USES, entry.uses)
    if not has_digit and running_text_case(entry.name) and (entry.name.islower() or worded):
        return False
    if not has_digit and _CAPITAL_WORDS.match(entry.name) and worded and not vouched:
        return False
    return True


def running_text_case(name: str) -> bool:
    """Is every word of ``name`` lower-case or capitalised, as words of running text are?

    >>> [running_text_case(n) for n in ["Hate Speech", "E-commerce", "capes", "DROP", "ReCoRD", "Penn Treebank"]]
    [True, True, True, False, False, True]
    """
    return all(word.islower() or (word[:1].isupper() and (word[1:].islower() or not word[1:]))
               for word in _WORDS.split(name) if word)


def build_entries(papers: Iterable[AnthologyPaper]) -> list[GazetteerEntry]:
    """Gazetteer entries (sorted by URL) from the tags and abstracts of ``train`` papers only."""
    from extractors.entities import blank_pipeline
    from extractors.entity_names import model_family

    train = [p for p in papers if p.paper.anthology_id and split_of(p.paper.anthology_id) == "train"]
    names: dict[str, Counter] = defaultdict(Counter)
    tagged_papers: dict[str, int] = Counter()
    for item in train:
        for name, url in dict.fromkeys(item.tags):
            names[url][name] += 1
            tagged_papers[url] += 1
    entries = {url: GazetteerEntry(name=max(counts, key=lambda n: (counts[n], n)), url=url,
                                   papers=tagged_papers[url]) for url, counts in names.items()}
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_acronyms")
    tagged_abstracts = [item for item in train if item.paper.abstract and item.tags]
    docs = nlp.pipe((item.paper.abstract for item in tagged_abstracts), batch_size=256)
    _add_aliases(entries, tagged_abstracts, docs)
    forms = {f"{url}\t{form}": GazetteerEntry(name=form, url=url)
             for url, entry in entries.items() for form in (entry.name, *entry.aliases)}
    _count_uses(forms, train, nlp)
    for url, entry in entries.items():
        stats = forms[f"{url}\t{entry.name}"]
        entry.support, entry.tagged = stats.support, stats.tagged
        entry.uses, entry.lower_uses = stats.uses, stats.lower_uses
        entry.detect = detectable(entry, model_family=model_family(entry.name))
        entry.link_only_aliases = [alias for alias in entry.aliases
                                   if not detectable(forms[f"{url}\t{alias}"], model_family=model_family(alias))]
    return [entries[url] for url in sorted(entries)]


def _count_uses(forms: dict[str, GazetteerEntry], train: list[AnthologyPaper], nlp: Language) -> None:
    """Fill ``support``, ``tagged``, ``uses`` and ``lower_uses`` of every form (keyed ``"URL\tFORM"``)."""
    from extractors.gazetteer import GazetteerMatcher

    matcher = GazetteerMatcher(nlp.vocab, [(form.name, [], key) for key, form in forms.items()], nlp.make_doc)
    with_abstract = [item for item in train if item.paper.abstract]
    for item, doc in zip(with_abstract, nlp.tokenizer.pipe((i.paper.abstract for i in with_abstract), batch_size=256)):
        named: set[str] = set()
        lowered: set[str] = set()
        for key, start, end, accepted in matcher.hits(doc):
            if accepted:
                named.add(key)
            elif doc[start:end].text.islower():
                lowered.add(key)
        for key in named:
            forms[key].uses += 1
        for key in lowered:
            forms[key].lower_uses += 1
        if item.tags:
            own = {url for _, url in item.tags}
            for key in named:
                forms[key].support += 1
                forms[key].tagged += forms[key].url in own


def _add_aliases(entries: dict[str, GazetteerEntry], items: list[AnthologyPaper], docs: Iterable[Doc]) -> None:
    """Acronym pairs whose other side names a tagged dataset of the same paper become aliases."""
    from ontology.ids import entity_key

    key_to_url = {entity_key(e.name): url for url, e in entries.items()}
    votes: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))  # url -> alias -> papers
    for item, doc in zip(items, docs):
        own = {url for _, url in item.tags}
        pairs = list(doc.spans["kg_acronyms"])
        for short, long_ in zip(pairs[::2], pairs[1::2]):
            for known, other in ((short, long_), (long_, short)):
                url = key_to_url.get(entity_key(known.text))
                if url in own and entity_key(other.text) not in key_to_url and any(c.isupper() for c in other.text):
                    votes[url][other.text].add(item.paper.anthology_id or "")
    claimed: dict[str, set[str]] = defaultdict(set)
    for url, forms in votes.items():
        for alias in forms:
            claimed[entity_key(alias)].add(url)
    for url, forms in sorted(votes.items()):
        best: dict[str, str] = {}  # one spelling per folded alias: the one most papers use
        for alias, papers in sorted(forms.items(), key=lambda item: (-len(item[1]), item[0])):
            key = entity_key(alias)
            if len(papers) >= ALIAS_MIN_PAPERS and len(claimed[key]) == 1 and key not in best:
                best[key] = alias
        entries[url].aliases.extend(sorted(best.values()))


def write_entries(entries: Iterable[GazetteerEntry], path: Path) -> int:
    """Write the gazetteer as JSON Lines with a trailing newline; return the number of entries."""
    lines = [entry.to_json() for entry in entries]
    Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return len(lines)
