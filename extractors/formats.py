"""Tell the format of an input from its content (the file name is only a tie-breaker).

>>> detect_format("volume.xml", '<?xml version="1.0"?>\\n<collection id="2020.acl">')
'anthology-xml'
>>> detect_format("papers.txt", '{"title": "A"}\\n')
'jsonl'
>>> detect_format("refs", "@article{key,\\n title={A}}")
'bibtex'
>>> detect_format("page.txt", "Germany\\nWe study retrieval.\\nACL 2026\\n")
'lecture-page'
>>> detect_format("notes.xml", "<html><body/></html>") is None
True
"""
from __future__ import annotations

from extractors.anthology_xml import looks_like_anthology_xml
from extractors.bibtex import looks_like_bibtex
from extractors.jsonl_records import looks_like_jsonl

__all__ = ["FORMATS", "detect_format"]

#: Every input format kg reads.
FORMATS = ("anthology-xml", "jsonl", "bibtex", "lecture-page")


def detect_format(name: str, text: str) -> str | None:
    """The format of a file called ``name`` with content ``text``, or None when kg does not read it.

    Markup that is not an Anthology volume (HTML, other XML) is not read:
    its tags would otherwise be taken for a lecture page's text.
    """
    if looks_like_anthology_xml(text):
        return "anthology-xml"
    head = text.lstrip()[:1]
    if head == "<":
        return None
    if head == "{" and looks_like_jsonl(text):
        return "jsonl"
    if head in ("@", "%") or name.lower().endswith(".bib"):
        if looks_like_bibtex(text):
            return "bibtex"
    if head == "{" and name.lower().endswith((".jsonl", ".ndjson", ".json")):
        return "jsonl"  # a first line that is not valid JSON: the reader reports it
    return "lecture-page"
