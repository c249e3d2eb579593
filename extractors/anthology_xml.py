"""Read an ACL Anthology volume file (the official ``data/xml`` format) into records.

The file is streamed with :func:`lxml.etree.iterparse`: each ``<paper>`` is
turned into a :class:`~ontology.records.Paper` when its end tag is read and then
cleared, so a large volume never sits in memory as a whole tree.

What becomes what:

* ``<collection id>`` / ``<volume id>`` / ``<meta>`` → the venue ("ACL 2020",
  "Findings of EMNLP 2020", a workshop), with location and booktitle;
* ``<title>`` (``<fixed-case>`` unwrapped), ``<abstract>`` (inline markup and
  ``<tex-math>`` kept as text), ``<author>``, year, ``<url>`` (the Anthology
  id), ``<doi>``;
* ``<pwccode>`` → a code repository, ``<pwcdataset>`` → a curated
  paper→uses→dataset mention whose provenance says it comes from Papers with
  Code (extractor ``papers-with-code``), not from kg's text extractor.  Only
  http(s) URLs are kept (:mod:`extractors.web_urls`): another (``javascript:``,
  ``data:``) is left out with a problem naming its line.

Character offsets of XML facts are not file offsets (the markup sits in
between); each fact gives the ``line`` of its element instead.

>>> xml = b'''<collection id="2020.acl"><volume id="main"><meta>
... <booktitle>Proceedings of ACL</booktitle><address>Online</address><year>2020</year></meta>
... <paper id="3"><title><fixed-case>C</fixed-case>oach: Slot Filling</title>
... <author><first>Zihan</first><last>Liu</last></author>
... <abstract>We evaluate on SNIPS.</abstract><url>2020.acl-main.3</url>
... <pwcdataset url="https://paperswithcode.com/dataset/snips">SNIPS</pwcdataset></paper>
... </volume></collection>'''
>>> records = read_anthology_xml(xml, source="2020.acl.xml")
>>> paper = records.papers[0]
>>> paper.title, paper.venue, paper.authors, paper.anthology_id
('Coach: Slot Filling', 'ACL 2020', ('Zihan Liu',), '2020.acl-main.3')
>>> [(m.name, m.relation.value, m.provenance.extractor) for m in records.mentions]
[('SNIPS', 'uses', 'papers-with-code')]
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterator

from lxml import etree

from extractors.anthology_venues import anthology_paper_id, volume_venue
from extractors.web_urls import not_web_url
from ontology.ids import bare_doi
from ontology.records import EntityKind, InputProblem, Mention, Paper, Provenance, ReaderRecords, Relation, Venue

__all__ = ["read_anthology_xml", "looks_like_anthology_xml", "PWC_EXTRACTOR"]

#: The extractor name on facts that Papers with Code curated (not found by kg in text).
PWC_EXTRACTOR = "papers-with-code"
_READER = "anthology_xml"
_SPACES = re.compile(r"\s+")



def looks_like_anthology_xml(text: str) -> bool:
    """True when ``text`` starts like an Anthology volume file (a ``<collection>`` root)."""
    head = text.lstrip()[:400]
    return head.startswith("<?xml") and "<collection" in head or head.startswith("<collection")


def read_anthology_xml(data: bytes, *, source: str) -> ReaderRecords:
    """Records of every paper in an Anthology XML file given as bytes.

    A file that is not well-formed yields the papers read before the error
    and one problem naming the line where parsing stopped.
    """
    records = ReaderRecords()
    collection_id = ""
    venue: Venue | None = None
    volume_id = ""
    try:
        for event, element in etree.iterparse(io.BytesIO(data), events=("start", "end"), recover=False,
                                              resolve_entities=False, no_network=True, huge_tree=False):
            tag = element.tag
            if event == "start":
                if tag == "collection":
                    collection_id = element.get("id", "")
                elif tag == "volume":
                    volume_id, venue = element.get("id", ""), None
                continue
            if tag == "meta" and element.getparent() is not None and element.getparent().tag == "volume":
                venue = _volume_venue(element, collection_id, volume_id, source)
                records.venues.append(venue)
                element.clear(keep_tail=True)
            elif tag == "paper":
                _read_paper(element, collection_id, volume_id, venue, source, records)
                element.clear(keep_tail=True)
                while element.getprevious() is not None:
                    del element.getparent()[0]
            elif tag == "frontmatter":
                element.clear(keep_tail=True)
    except etree.XMLSyntaxError as error:
        line = error.lineno if error.lineno else None
        message = error.msg or str(error)
        records.problems.append(InputProblem(source, f"malformed XML ({message}); papers after this point skipped", line))
    if not collection_id and not records.problems:
        records.problems.append(InputProblem(source, "XML without an Anthology <collection> root; skipped", 1))
    return records


def _text(element: etree._Element | None) -> str | None:
    """All text inside ``element`` (markup such as ``<fixed-case>`` unwrapped), spaces collapsed."""
    if element is None:
        return None
    text = _SPACES.sub(" ", "".join(element.itertext())).strip()
    return text or None


def _volume_venue(meta: etree._Element, collection_id: str, volume_id: str, source: str) -> Venue:
    year_text = _text(meta.find("year"))
    year = int(year_text) if year_text and year_text.isdigit() else None
    booktitle = _text(meta.find("booktitle"))
    venue_ids = tuple(v for v in (_text(e) for e in meta.findall("venue")) if v)
    named = volume_venue(collection_id, volume_id, year=year, booktitle=booktitle, venue_ids=venue_ids)
    return Venue(
        name=named.name,
        provenance=Provenance(source, extractor=_READER, line=meta.sourceline),
        series=named.series,
        year=named.year,
        location=_text(meta.find("address")),
        booktitle=booktitle,
    )


def _read_paper(element: etree._Element, collection_id: str, volume_id: str, venue: Venue | None,
                source: str, records: ReaderRecords) -> None:
    title, abstract = _text(element.find("title")), _text(element.find("abstract"))
    line = element.sourceline
    if not title and not abstract:
        records.problems.append(InputProblem(source, f"paper {element.get('id')!r} has no title and no abstract; skipped", line))
        return
    anthology_id = _text(element.find("url")) or anthology_paper_id(collection_id, volume_id, element.get("id", "0"))
    if ":" in anthology_id:  # an external URL ("https://...", "javascript:...") instead of an Anthology id
        anthology_id = anthology_paper_id(collection_id, volume_id, element.get("id", "0"))
    ref = f"anthology:{anthology_id}"
    doi = _text(element.find("doi"))
    paper = Paper(
        ref=ref,
        provenance=Provenance(source, extractor=_READER, line=line),
        title=title,
        abstract=abstract,
        venue=venue.name if venue else None,
        authors=tuple(_authors(element)),
        year=venue.year if venue else None,
        doi=bare_doi(doi),
        anthology_id=anthology_id,
        url=f"https://aclanthology.org/{anthology_id}",
        booktitle=venue.booktitle if venue else None,
        code_repositories=tuple(url for url in (_web_url(e, source, records) for e in element.findall("pwccode"))
                                if url),
    )
    records.papers.append(paper)
    for dataset in element.findall("pwcdataset"):
        name = _text(dataset)
        if name:
            records.mentions.append(Mention(
                paper_ref=ref, name=name, kind=EntityKind.DATASET, relation=Relation.USES,
                provenance=Provenance(source, extractor=PWC_EXTRACTOR, confidence=1.0, line=dataset.sourceline),
                same_as=_web_url(dataset, source, records),
            ))


def _web_url(element: etree._Element, source: str, records: ReaderRecords) -> str | None:
    """The ``url`` attribute of ``element`` when it is a web address; another is reported and left out."""
    url = (element.get("url") or "").strip()
    problem = not_web_url(url) if url else None
    if problem:
        records.problems.append(InputProblem(source, f"<{element.tag}> url is {problem}; left out", element.sourceline))
        return None
    return url or None


def _authors(paper: etree._Element) -> Iterator[str]:
    for author in paper.findall("author"):
        name = " ".join(part for part in (_text(author.find("first")), _text(author.find("last"))) if part)
        if name:
            yield name

