"""The shared task an overview paper presents is the paper's own (round h15co).

A shared task's overview paper, written by its organisers, presents the task, its data and its results: "This
paper outlines the ZORB-QA shared task, which aims to ...", "The paper describes the SemEval-2031 Task 9: Zorbish
Meme Detection (ZMD), which ...", "We present the ZorbEval 2031 shared task", "the shared task Zorbish Event
Detection was organized in the sixth ZORB workshop". The tuning sets' annotation makes that shared task (its name,
its title, its short name) a proposal; a participant's paper ("This paper describes our system for the ZorbEval
shared task", "We present the ZorbEval 2031 shared task submission of team Z") uses it, as before.

:func:`organised_shared_task` says whether an entity is named in such a sentence as the shared task itself: the
paper ("this paper", "the article", "we") takes, by a verb of presenting (the ``PROPOSE`` list's, or outline,
overview, summarise, organise, report on), "the" and the task's name directly — capitalised words or numbers
ending in "shared task" or "Task N", then the title after "Task N:" and a short name in parentheses — or the
sentence says "the shared task NAME was / is organized | held | launched". The name must stand in that stretch,
and must not be the series or edition before a year ("ZorbEval" of "ZorbEval 2031") nor a name typed as an
edition or a known model, method or metric. An abstract that speaks of its own entry ("our system", "our
submission", "we participated", "we ranked") is a participant's, whatever its first sentence says.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from extractors.entity_lexicon import verb_regex
from ontology.records import Mention, Relation  # noqa: F401  (doctests)

__all__ = ["organised_shared_task"]

#: Verbs by which an overview paper presents its shared task: the ``PROPOSE`` list's (present, introduce, describe
#: ...) and the verbs of an overview, which make nothing but report on what the organisers ran.
_VERB = (r"(?:" + verb_regex("PROPOSE", None, ("base", "s", "ed")) + r"|\b(?:outlines?|overviews?|summari[sz]es?|"
         r"organi[sz]ed?|organi[sz]es|reports?\s+on)\b)")
#: Who presents: the paper, or "we" (an adverb may stand between: "we briefly describe").
_SUBJECT = r"(?:\b(?:[Tt]his|[Tt]he|[Oo]ur)\s+(?:paper|article|report|overview|work)|\b[Ww]e(?:\s+\w+ly)?)"
#: A word of a shared task's name: capitalised or a number ("ZorbEval", "2031", "ZORB-QA", "ReproNLP’31").
_NAME_WORD = r"(?:[A-Z0-9][\w.'’&+/-]*)"
#: "the first / second edition of the" before the name.
_ORDINAL = (r"(?:(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th)|new)\s+"
            r"(?:edition\s+of\s+the\s+)?)?")
#: A shared task's title after "Task N:": capitalised words, joined by lower-case function words ("Zorbish Meme
#: Detection", "Reading Comprehension of Abstract Meaning"); a lower-case phrase after "shared task:" describes it.
_TITLE = r"[A-Z][\w'’-]*(?:\s+(?:(?:of|and|for|in|on|the|to|with|from|a|an)\s+)*[A-Z][\w'’-]*){0,12}"
_TASK = (r"(?:" + _NAME_WORD + r"\s+){1,8}(?:[Ss]hared\s+[Tt]ask|[Tt]ask\s*\d+[A-Za-z]?(?:\s*:\s*" + _TITLE + r")?)"
         r"\b(?:\s*\([^()]{1,40}\))?")
#: Not the task but a participant's entry in it: "the ZorbEval shared task submission of team Z". The name before it
#: is read atomically (``(?>...)``): else the match backs off the short name or the title's last word ("the X shared
#: task (ZSM) submission", "Task 9: Zorbish Meme Detection system") and the entry passes as the task (review74).
_NOT_AN_ENTRY = r"(?!\s+(?:submissions?|systems?|entry|entries|participation|team|runs?)\b)"
_FRAMES = (
    re.compile(_SUBJECT + r"\s+" + _VERB + r"\s+the\s+(?P<task>(?>" + _ORDINAL + _TASK + r"))" + _NOT_AN_ENTRY),
    re.compile(r"\b[Tt]he\s+shared\s+task\s+(?P<task>(?:" + _NAME_WORD + r"\s+){1,8})(?:was|is|has\s+been)\s+"
               r"(?:organi[sz]ed|held|launched)\b"),
)
#: What a participant writes of its own entry.
_PARTICIPANT = re.compile(r"\b(?:[Oo]ur\s+(?:\w+\s+)?(?:systems?|submissions?|participation|entry|entries|team|"
                          r"runs?)\b|[Ww]e\s+(?:\w+\s+)?(?:participated|took\s+part|submitted|ranked))")
#: Type rules of names that are no shared task's own: an edition ("ZorbEval-2031"), a known model, method or metric.
_NOT_TASK_RULES = frozenset({"edition", "model_family", "known_method", "method_phrase", "metric_name"})
#: A year or an edition's number after a name: the name is the series ("ZorbEval 2031", "ZorbEval-31").
_SERIES = re.compile(r"^[\s-]*(?:19|20)?\d\d\b")
#: A name ending in a year or an edition's number names the event's edition ("ZorbEval 2031", "ZORB’31"), which the
#: annotation makes an (optional) used dataset ("SemEval-2031 Task 9" is the task).
_EDITION = re.compile(r"(?:(?:^|[\s-])(?:19|20)\d\d|[’']\d\d)$")


def _type_rule(mention: Mention) -> str:
    return mention.provenance.extractor.split(":", 1)[-1].partition("+")[2]


@lru_cache(maxsize=1024)
def _task_stretches(abstract: str) -> tuple[str, ...]:
    """The stretches of ``abstract`` that name a shared task its paper presents (the module docstring); none in an
    abstract that speaks of its own entry. Read once per abstract, not once per entity."""
    if "ask" not in abstract or _PARTICIPANT.search(abstract):  # "task" / "Task": most abstracts name none
        return ()
    return tuple(match.group("task") for frame in _FRAMES for match in frame.finditer(abstract))


def _names_the_task(name: str, stretch: str) -> bool:
    """Does ``name`` stand as whole words in ``stretch``, not as the series before a year?"""
    for match in re.finditer(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", stretch):
        if not _SERIES.match(stretch[match.end():]):
            return True
    return False


def organised_shared_task(mentions: Sequence[Mention], abstract: str) -> bool:
    """Is the entity (its ``mentions`` in one paper whose abstract is ``abstract``) the shared task the paper's
    organisers present (the module docstring)? Any of its names may stand in the stretch, wherever its mentions are
    ("This paper outlines the ZORB-QA shared task. This shared task, ZORB-QA, includes ...": the candidate step may
    keep only the second).

    >>> from ontology.records import EntityKind, Provenance
    >>> def m(name, sentence, rule="use+default"):
    ...     return Mention("p", name, EntityKind.TASK, Relation.USES,
    ...                    Provenance("x", extractor="kg_entities:" + rule, sentence=sentence))
    >>> s = "The paper describes the SemEval-2031 Task 9: Zorbish Meme Detection (ZMD), which explores memes."
    >>> [organised_shared_task([m(n, s)], s) for n in ("Zorbish Meme Detection", "ZMD", "memes")]
    [True, True, False]
    >>> organised_shared_task([m("SemEval-2031", s, "use+edition")], s)
    False
    >>> s = "We present the ZorbEval 2031 shared task on tagging."
    >>> organised_shared_task([m("ZorbEval", s)], s)
    False
    >>> s = "To this end, the shared task Zorbish Event Detection was organized in the sixth ZORB workshop."
    >>> organised_shared_task([m("Zorbish Event Detection", s)], s)
    True
    >>> s = "This paper presents the ZORB-QA shared task."
    >>> organised_shared_task([m("ZORB-QA", s)], s + " We describe our submission, which ranked 3rd.")
    False
    """
    stretches = _task_stretches(abstract)
    if not stretches or {_type_rule(m) for m in mentions} & _NOT_TASK_RULES:
        return False
    names = {name for m in mentions for name in (m.name, m.long_form)
             if name and len(name) > 1 and not _EDITION.search(name)}
    return any(_names_the_task(name, stretch) for stretch in stretches for name in names)
