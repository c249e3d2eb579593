"""The authors' team named in an aside: a candidate source of ``kg_entities`` (round h15ac).

Shared-task papers name the authors' team, which the guidelines make a proposed method (the team's system), in an
aside right after the authors or their work: "We (Team Skurt) propose ...", "we, team MUCS, describe ...", "our
team, Zorbie, ranked first" (round h15br), "our
contribution (team WLZ) to ...", "our (Team name: Spyder) participation", "our submission (Team ID: CFILT-IITB)",
"the shared translation tasks (team ID: sakura)". The team's name is often lower case or one capitalised word, which
alone is no name, so no other source finds it; the aside vouches for it:

* an opening parenthesis, or a comma right after "we", then "team" (any case), optionally "name" or "ID" and ":",
  "-" or "is"; or "our team" and a comma;
* then one to :data:`_MAX_NAME_TOKENS` tokens, no function word among them, closed by ")" (or, after "we, team",
  by ",") — a name with a space ("LU Team") or a citation's year is no team's name here;
* the sentence speaks of the authors before the aside ("we", "our", "this paper": ``SELF`` / ``OUR`` cues), so
  "results of other teams (team Zorb) were" is not the authors' team.

The role rule ``own_entry`` (:func:`extractors.entity_roles.proposal_after`) makes each such name proposed.

>>> from extractors.entities import blank_pipeline
>>> from extractors.cue_matcher import CueMatcher; from extractors.entity_lexicon import cue_patterns
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We (Team Zorbie) propose a method. Our submission (team ID: zorb_wat) won. Teams (team X9) lost.")
>>> [doc[s:e].text for s, e in own_team_names(doc, CueMatcher(nlp.vocab, cue_patterns())(doc))]
['Zorbie', 'zorb_wat']
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_candidates import Cues
from extractors.entity_known import known_name
from extractors.token_texts import CLOSING_QUOTES, OPENING_QUOTES, sentence_start, token_arrays

__all__ = ["own_team_names", "team_marker_before"]

#: Tokens of a team's name in the aside ("CFILT-IITB" is one token, "NLPR@SRPOL" three).
_MAX_NAME_TOKENS = 3
#: Words between "team" and the name: "team name: X", "Team ID - X", "team name is X".
_LABELS = frozenset({"name", "id"})
_LINKS = frozenset({":", "-", "–", "is"})
#: A possessive after a quoted team name: "the team “Zorb’s” translation system".
_POSSESSIVES = frozenset({"’s", "'s"})


def team_marker_before(doc: Doc, start: int, end: int) -> int | None:
    """The index of the "team" opening the marker that ends right before the name from ``start`` to ``end`` ("team
    X", "team name: X", "Team ID - X", "our team ‘X’"), or ``None``."""
    texts, lowers, _ = token_arrays(doc)
    i = start - 1
    if i >= 1 and texts[i] in OPENING_QUOTES and end < len(doc) and (texts[end] in CLOSING_QUOTES
                                                                       or lowers[end] in _POSSESSIVES):
        i -= 1  # "our team ‘Zorb3’", "the team “Zorb’s” system": the whole quoted name (round h15cx), not the first
        # word of "our team “IISERB Brains”" (review82)
    if i >= 2 and lowers[i] == "," and lowers[i - 1] == "team" and lowers[i - 2] == "our":
        return i - 1  # "our team, ZorbComp," (round h15br)
    if i >= 1 and lowers[i] in _LINKS:
        i -= 1
    if i >= 1 and lowers[i] in _LABELS:
        i -= 1
    return i if i >= 0 and lowers[i] == "team" else None


def own_team_names(doc: Doc, cues: Cues) -> list[tuple[int, int]]:
    """``(start, end)`` of each name the authors give their own team in an aside (see the module docstring)."""
    texts, lowers, flags = token_arrays(doc)
    found = []
    for team in (i for i, lower in enumerate(lowers) if lower == "team" and i >= 1):
        opener = texts[team - 1]
        comma = opener == "," and team >= 2 and lowers[team - 2] == "we"  # "we, team MUCS, describe"
        comma = comma or (opener != "(" and team + 1 < len(doc) and texts[team + 1] == ","
                          and lowers[team - 1] == "our")  # "earning our team, ZorbComp, the 1st place" (h15br)
        start = team + 2 if comma and lowers[team - 1] == "our" else team + 1
        if opener != "(" and not comma:
            named = _named_after_our_team(doc, team)  # "our team ‘Zorb3’ ranked", "our team Zorbman ranked"
            if named is not None and any(cues.get(j, set()) & {"SELF", "OUR"}
                                         for j in range(sentence_start(doc, team), team)):
                found.append(named)
            continue
        if start < len(doc) and lowers[start] in _LABELS:
            start += 1  # "(team name: Spyder)", "(Team ID: nictrb)"
        if start < len(doc) and lowers[start] in _LINKS:
            start += 1  # "(team name is NLPRL)", "(Team ID - DEEPNLP)"
        close = "," if comma else ")"
        end = next((k for k in range(start, min(start + _MAX_NAME_TOKENS + 1, len(doc))) if texts[k] == close), None)
        if end is None or end == start or any(flags.is_stop[k] or flags.is_sent_start[k] or texts[k].isdigit()
                                              for k in range(start, end)):
            continue
        if any(flags.whitespace[k] for k in range(start, end - 1)):
            continue  # "(team name: LU Team)": words, not one name
        if comma and not texts[start][:1].isupper():
            continue
        sent_start = sentence_start(doc, team)
        if any(cues.get(j, set()) & {"SELF", "OUR"} for j in range(sent_start, team)) \
                or _own_work_before(lowers, sent_start, team):
            found.append((start, end))
    return found


def _named_after_our_team(doc: Doc, team: int) -> tuple[int, int] | None:
    """``(start, end)`` of the name written right after "our team" with no aside (round h15cx): quoted ("our team
    ‘Zorb3’", one to :data:`_MAX_NAME_TOKENS` tokens, no function word), or one capitalised word that no capitalised
    word follows ("our team Zorbman ranked 8th", "our team Zorbed’s approach"); not "our team for SemEval-2020", nor a
    word kg knows (:func:`~extractors.entity_known.known_name`), which says what the team's system works on or with
    ("our team SemEval-2020 submission", "our team Arabic system": review82)."""
    texts, lowers, flags = token_arrays(doc)
    k = team + 1
    if lowers[team - 1] != "our" or k >= len(doc) or flags.is_sent_start[k]:
        return None
    if texts[k] in OPENING_QUOTES:
        end = next((j for j in range(k + 1, min(k + 2 + _MAX_NAME_TOKENS, len(doc))) if texts[j] in CLOSING_QUOTES),
                   None)
        if end is None or end == k + 1 or any(flags.is_stop[j] or flags.whitespace[j] for j in range(k + 1, end - 1)) \
                or flags.is_stop[end - 1]:
            return None
        return k + 1, end
    if texts[team] == "team" and texts[k][:1].isupper() and not flags.is_stop[k] and not known_name(texts[k]) \
            and (k + 1 == len(doc) or not texts[k + 1][:1].isupper()):  # not a title-case "Our Team Participated"
        return k, k + 1
    return None


def _own_work_before(lowers: list[str], sent_start: int, i: int) -> bool:
    """Does "this paper / work / manuscript" stand in the sentence before index ``i``?"""
    return any(lowers[j] == "this" and lowers[j + 1] in {"paper", "work", "manuscript", "article"}
               for j in range(sent_start, i - 1))
