"""Names shaped like no method or model: the hand policy's drops by the written form of a name (round h15an).

A method or model candidate of ``kg_entities`` is no name when its form says it is something else, whatever its
context (:func:`shaped_non_name`, read by :func:`extractors.entity_policy.drop_reason`):

* ``affixed`` — an adjective made of a name: a negating or temporal prefix glued to it ("non-BERT models",
  "pre-BERT neural models", "post-COVID-19") or a past participle after it ("a GPT-generated exercise book",
  "ChatGPT-annotated data"). The name, if any, is the part the affix is glued to; the whole is none.
* ``edition`` — a name ending in a year: an event's edition ("the NADI 2020 Subtask 1", "HaHackathon 2021",
  "Evalita-2018") or a citation ("Manning-2016"), never a method (the guidelines make shared tasks optional
  datasets); only for names nothing but the default typed (no model family, no dataset rule).
* ``document_part`` — a figure, table, section or equation of the paper ("Figure-1", "section3.5").
* ``website`` — a web domain ("RateMyProfessors.com, the website of this study's focus", "Snopes.com"): a site
  the data comes from, no method (a team named after one proposes its system: "Our team, Infrrd.ai").

Each test reads the name's text only, so it costs one regular expression per candidate.
"""
from __future__ import annotations

import re

__all__ = ["NOT_NAME_REASONS", "affixed", "document_part", "edition", "shaped_non_name", "website"]

#: The reasons :func:`shaped_non_name` gives, in the order it tries them.
NOT_NAME_REASONS = ("affixed", "edition", "document_part", "website")

#: "non-BERT", "pre-BERT", "Post-COVID-19", "anti-LGBT+": a prefix of negation or time glued to a capitalised name
#: of three or more characters ("Pre-LN", "Post-LN" are names of layer-normalisation placements and stay).
_PREFIXED = re.compile(r"^(?:[Nn]on|[Pp]re|[Pp]ost|[Aa]nti)-(?=[A-Z0-9])[^\s-]{3,}")
#: "GPT-generated", "ChatGPT-annotated", "BERT-labelled": a past participle of making or marking data after a name.
_PARTICIPLE = re.compile(r"[A-Za-z0-9]-(?:generated|annotated|written|produced|created|translated|authored|labell?ed"
                         r"|synthesi[sz]ed|paraphrased|rewritten|simplified|summari[sz]ed)$")
#: "NADI 2020", "Evalita-2018", "Manning-2016", "MEDINFO 1977": a year closes the name.
_YEAR_END = re.compile(r"[A-Za-z][\s\-](?:19[5-9]\d|20[0-4]\d)$")
#: "Figure-1", "Fig. 3", "Table 2", "section3.5", "Eq. 4", "Appendix A" is not matched (no digit).
_DOCUMENT_PART = re.compile(r"^(?:fig(?:ure)?|table|section|sec|eq|equation|appendix|chapter|algorithm)[\s.\-]*\d",
                            re.IGNORECASE)
#: "Snopes.com", "OpenSubtitles.org", "JD.com", "Behance.net": a domain name.
_WEBSITE = re.compile(r"[A-Za-z0-9]\.(?:com|org|net|edu|gov|io|info)$")


def affixed(text: str) -> bool:
    """Is ``text`` an adjective made of a name by a prefix or a participle glued to it?

    >>> [affixed(t) for t in ["non-BERT", "pre-BERT", "post-COVID-19", "GPT-generated", "ChatGPT-annotated"]]
    [True, True, True, True, True]
    >>> [affixed(t) for t in ["Pre-LN", "non-parametric", "BERT", "Zorb-Net", "pre-trained", "GPT-4"]]
    [False, False, False, False, False, False]
    """
    return " " not in text and (_PREFIXED.match(text) is not None or _PARTICIPLE.search(text) is not None)


def edition(text: str) -> bool:
    """Does a year close ``text`` (an event's edition or a citation)?

    >>> [edition(t) for t in ["NADI 2020", "Evalita-2018", "Manning-2016", "MEDINFO 1977"]]
    [True, True, True, True]
    >>> [edition(t) for t in ["GPT-2", "ResNet-1001", "Llama 2", "BM25", "T5-3000", "Zorb2020"]]
    [False, False, False, False, False, False]
    """
    return _YEAR_END.search(text) is not None


def document_part(text: str) -> bool:
    """Is ``text`` a part of the paper itself?

    >>> [document_part(t) for t in ["Figure-1", "Fig. 3", "Table 2", "section3.5", "Eq. 4"]]
    [True, True, True, True, True]
    >>> [document_part(t) for t in ["FigNet", "Tableau", "SectionBERT", "Appendix"]]
    [False, False, False, False]
    """
    return _DOCUMENT_PART.match(text) is not None


def website(text: str) -> bool:
    """Is ``text`` a web domain?

    >>> [website(t) for t in ["Snopes.com", "OpenSubtitles.org", "Behance.net", "JD.com"]]
    [True, True, True, True]
    >>> [website(t) for t in ["Node.js", "GPT-3.5", "com", "X.AI"]]
    [False, False, False, False]
    """
    return _WEBSITE.search(text) is not None


def shaped_non_name(text: str, *, type_rule: str, proposed: bool) -> str | None:
    """The reason (one of :data:`NOT_NAME_REASONS`) why a method or model candidate written ``text`` is no name, or
    ``None``. ``type_rule`` is the rule that typed it (only ``affixed`` overrules a rule that vouches for the name,
    such as a model family: "non-BERT" is still no model); ``proposed``: the authors propose it (a website is then
    the team's name).

    >>> shaped_non_name("non-BERT", type_rule="model_family", proposed=False)
    'affixed'
    >>> shaped_non_name("NADI 2020", type_rule="default", proposed=False)
    'edition'
    >>> shaped_non_name("Zorb 2020", type_rule="apposition", proposed=True) is None
    True
    >>> shaped_non_name("Infrrd.com", type_rule="default", proposed=True) is None
    True
    """
    if affixed(text):
        return "affixed"
    if type_rule not in _UNTYPED_RULES:
        return None
    if edition(text):
        return "edition"
    if document_part(text):
        return "document_part"
    if website(text) and not proposed:
        return "website"
    return None


#: Type rules that say nothing of the name but that it is capitalised (the default) or that the tagger took it.
_UNTYPED_RULES = frozenset({"default", "tagger"})
