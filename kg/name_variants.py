"""Spellings of one name within a kind: a metric's ("F1 score", "F1-measure", "F1"; "macro-averaged F1", "F1-macro")
and a task's ("automatic summarization", "summarization").

:func:`ontology.ids.node_key` folds case, spacing and hyphens, not the words a metric's name is written with, so
the full Anthology's graph at PIPELINE_VERSION 80 had "F1 score" (1,566 papers) and "F1" (860), "F-score" (308)
and "F-measure" (114), and the macro F1 in six nodes ("macro F1" 307, "macro F1-score" 84, "F1-macro" 27,
"macro-averaged F1-score" 27, "macro-averaged F1" 26, "macro-average F1" 8). The annotation guidelines write
such spellings as forms of one metric ("F1 score | F1", "R2 score | R2", "macro-F1 | macro F1"). Graph assembly
joins names whose :func:`metric_key` is equal when most of each one's papers type it metric (:func:`kind_joins`;
an acronym's minor sense joins nothing), so "attention score" (a metric somewhere) never meets the method
"attention". "F-score"
and "F1" stay apart: the F-measure names no beta. A name the metric words leave one letter of meets only names that
leave the same letter: "p-value" never meets "P" (precision), nor "R value" "R" (recall), nor "Z-score" "Z" (review49).

A task is the same task done automatically: the full Anthology at 80 had 261 task names "automatic X" or "automated
X" beside a task "X" ("automatic speech recognition" / "speech recognition", "automated essay scoring" / "essay
scoring", "automatic summarization" / "summarization"), so among names mostly typed task :func:`task_key` leaves
that word out, but for tasks people do too ("post-editing" by translators; "automatic post-editing" is WMT's
APE task). "natural" before "language" says nothing either ("natural language generation" is "language
generation"), nor "machine" before a task (the task "translation", 174 papers on the full Anthology, 24 of 25 of its
train-split edges read machine translation; "reading comprehension", 281 papers, 26 of 30 the machine's, one node
with MRC since round h15bx though a minor sense of another acronym, RC: see :func:`kind_joins`), nor "text" ("text
summarization", 266 papers, and "summarization", 200: 20 of 20 of its train-split edges read text summarization),
but before a past participle or "learning" ("machine-generated text detection", "machine learning"). Other words
before a task ("neural", "multimodal", "speech") change what is meant ("neural text generation" names a method
family) and stay.

>>> [metric_key(name) for name in ("F1 score", "F1-measure", "F1", "F-score", "F-measure", "p-value", "P")]
['f1', 'f1', 'f1', 'f-', 'f-', 'p-', 'p']
>>> {metric_key(name) for name in ("macro-averaged F1-score", "F1-macro", "Macro F1", "macro F1-average")}
{'macrof1'}
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping

from kg.spelling_variants import joins_to_first
from ontology.ids import entity_key, normalize_text
from ontology.kinds import EntityKind

__all__ = ["kind_joins", "metric_key", "plain_spelling", "task_key"]

#: A last word that only says the name is a metric: "F1 score", "F-measure", "Pearson correlation coefficient".
_METRIC_WORD = re.compile(r"[\s-]*\b(?:scores?|measures?|mesure|values?|coefficients?)$")
#: How a score is averaged over classes, wherever the name writes it: "macro-averaged F1", "F1-macro".
_AVERAGING = re.compile(r"\b(macro|micro|weighted)(?:[\s-]*averaged?)?\b")
#: "average" left at the end once the averaging word is taken: "macro F1-average".
_TRAILING_AVERAGE = re.compile(r"[\s-]*\baveraged?$")
#: Who agrees with whom in an agreement between people: the Anthology writes "inter-rater agreement" (19 papers on the
#: full Anthology at PIPELINE_VERSION 82) for what it mostly calls "inter-annotator agreement" (364): a dataset's
#: annotators' agreement, as kappa or alpha ("inter-rater agreement of alpha = 0.57 for argument components"), as it
#: writes "inter-coder", "inter-judge" or "inter-tagger" agreement (round h15bx).
_RATERS = re.compile(
    r"\binter[\s-]*(?:raters?|annotators?|coders?|judges?|taggers?|assessors?|labell?ers?|evaluators?)\b")
#: A first word that says a task is done by machine, which every task of the corpus is.
_AUTOMATIC = re.compile(r"^automat(?:ic|ed|ically)\s+(?=\S)")
#: "natural" before "language" and a task's word: every language task of the corpus is of natural language, so
#: "natural language generation" (NLG) is "language generation", and "natural language understanding" "language
#: understanding" (the full Anthology's graph had both as task nodes, round h15bs).
_NATURAL = re.compile(r"^natural[\s-]+(?=languages?[\s-]+\S)")
#: "machine" or "text" before a task: the corpus's tasks are the machine's, on text ("machine translation" is what
#: its papers call "translation", "text summarization" "summarization"), but not before a
#: participle or "learning" ("machine-generated text detection", "text-based QA").
#: Nor "text" before another medium: "text-image retrieval" is cross-modal, no "image retrieval".
_MACHINE = re.compile(r"^(?:machine|texts?)[\s-]+(?!(?:\w+ed|written|learning|images?|visual|video|audio|speech"
                      r"|multimodal|simultaneous)\b)(?=\S)")
#: Tasks people do too, which the corpus studies as such: done "automatically" they are another task ("post-editing",
#: PE: translators correcting MT output; "automatic post-editing", APE: systems doing it, WMT's shared task). The full
#: Anthology's join made PE (28 defining papers) and APE (37) one node (review51).
_DONE_BY_PEOPLE = frozenset({"postediting", "evaluation", "annotation"})


def metric_key(name: str) -> str:
    """The key under which the spellings of one metric's name meet (see the module docstring); a name that is
    nothing but such words ("score", "macro-average") keys as itself.

    >>> metric_key("Pearson correlation coefficient") == metric_key("Pearson Correlation score")
    True
    >>> metric_key("weighted F_1-score"), metric_key("micro-averaged F1"), metric_key("exact match score")
    ('weightedf1', 'microf1', 'exactmatch')
    >>> metric_key("Score"), metric_key("macro-average"), metric_key("BERTScore")
    ('score', 'macroaverage', 'bertscore')
    >>> {metric_key(name) for name in ("inter-rater agreement", "Inter-Annotator Agreement", "intercoder agreement")}
    {'interannotatoragreement'}
    """
    text = _RATERS.sub("inter-annotator", normalize_text(name))
    base = _METRIC_WORD.sub("", text)
    averaging = _AVERAGING.search(base)
    if averaging:
        base = _TRAILING_AVERAGE.sub("", base[:averaging.start()] + " " + base[averaging.end():]).strip(" -")
        base = f"{averaging.group(1)} {base}" if base else ""
    key, whole = entity_key(base), entity_key(text)
    if len(key) == 1 and key != whole:  # a letter alone names too many things: "p-value" is no "P", "Z-score" no "Z"
        return key + "-"  # but "F-score" still meets "F-measure" (no name's entity_key holds a hyphen)
    return key or whole


def plain_spelling(name: str, written: Mapping[str, int]) -> str:
    """``name``, or where it is a task done "automatic"-ally, the spelling of the same task (to :func:`task_key`)
    without that word written most (``written``: name -> how often): "automatic data generation" and "data generation"
    are one node, which the plain name names whichever is written more (the id no longer flips with the counts).

    >>> plain_spelling("automatic data generation", {"automatic data generation": 5, "Data generation": 3, "DG": 9})
    'Data generation'
    >>> plain_spelling("automatic post-editing", {"automatic post-editing": 5, "post-editing": 3})
    'automatic post-editing'
    >>> plain_spelling("automatic data generation", {"automatic data generation": 5, "automated data generation": 1})
    'automatic data generation'
    """
    if not _AUTOMATIC.match(normalize_text(name)):
        return name
    key = task_key(name)
    plain = [text for text in written if not _AUTOMATIC.match(normalize_text(text)) and task_key(text) == key]
    return max(plain, key=lambda text: (written[text], text)) if plain else name


def task_key(name: str) -> str:
    """The key under which a task's name meets the same task done "automatic"-ally or "automated".

    >>> keys = {task_key(name) for name in ("Automatic Speech Recognition", "automated speech recognition")}
    >>> keys == {task_key("speech recognition")}
    True
    >>> task_key("automatic"), task_key("machine translation") == task_key("translation")
    ('automatic', True)
    >>> task_key("machine-generated text detection") == task_key("generated text detection")
    False
    >>> task_key("automatic post-editing") == task_key("post-editing")  # a task people do: another task automatically
    False
    >>> task_key("automated evaluation") == task_key("Automatic Evaluation")
    True
    """
    return _task_key(name, _MACHINE)


def _task_key(name: str, medium: re.Pattern[str] | None) -> str:
    """:func:`task_key`, with ``medium`` the words before a task it leaves out besides "automatic" ("machine",
    "text"; None: none)."""
    text = normalize_text(name)
    rest = _AUTOMATIC.sub("", text)
    key = entity_key(_NATURAL.sub("", medium.sub("", rest) if medium else rest))
    if key in _DONE_BY_PEOPLE and _AUTOMATIC.match(text):
        return "automatic" + key  # "automated evaluation" is still "automatic evaluation"
    return key or entity_key(text)


def _anchored(spelled: Iterable[tuple[str, str]], key: str) -> list[set[str]]:
    """The group keys of ``spelled`` ((group key, name) pairs whose :func:`task_key` is ``key``) that join: all of
    them where one name is the plain task (no "automatic", "machine" or "text" left out), else those alike but for
    those words only: "machine detection" and "text detection" meet no task "detection", so they stay apart, and
    "automatic segmentation" (as vague as "segmentation") does not take "text segmentation" in.

    >>> sorted(map(sorted, _anchored([("machinex", "machine x"), ("textx", "text x")], "x")))
    [['machinex'], ['textx']]
    >>> sorted(map(sorted, _anchored([("machinex", "machine x"), ("textx", "text x"), ("x", "X")], "x")))
    [['machinex', 'textx', 'x']]
    >>> sorted(map(sorted, _anchored([("automaticx", "automatic x"), ("textx", "text x")], "x")))
    [['automaticx'], ['textx']]
    """
    narrow: dict[str, set[str]] = defaultdict(set)
    plain = False  # a name that is the task itself, with no word left out
    for group_key, name in spelled:
        narrow_key = _task_key(name, None)
        narrow[narrow_key].add(group_key)
        plain = plain or (narrow_key == key and not _AUTOMATIC.match(normalize_text(name)))
    return [set().union(*narrow.values())] if plain else list(narrow.values())


#: The kinds whose names have spellings of their own, with the key those spellings meet under.
KIND_KEYS: dict[EntityKind, Callable[[str], str]] = {EntityKind.METRIC: metric_key, EntityKind.TASK: task_key}


def kind_joins(names: Mapping[str, Iterable[str]], kinds: Iterable[tuple[str, str, EntityKind]],
               apart: Collection[str] = (), acronyms: Mapping[str, Mapping[str, float]] | None = None
               ) -> list[tuple[str, str]]:
    """Pairs of group keys whose names are spellings of one metric (:func:`metric_key`) or one task (:func:`task_key`).

    ``names`` maps each group key to the names grouped under it by their own key (as for
    :func:`kg.spelling_variants.spelling_joins`); ``kinds`` gives each mention's group key, paper and kind. A key
    joins by the key of the kind (of :data:`KIND_KEYS`) that more than half its papers' votes give it, and only
    with keys typed so. A paper votes once for each kind it gives a key, as papers settle a group's kind
    (``kg.entity_decisions.split_by_kind``): one paper writing a name ten times does not outvote nine (review49).
    Each pair joins a key to the first key, in sorted order, of the names that key alike. A key in ``apart`` is an
    acronym's minor sense, which keeps a node of its own named by its long form
    (:meth:`kg.aliases.AliasTable.named_by_long_form`; "automatic machine translation" as one sense of "MT"): without
    ``acronyms`` (each sense's and bare acronym key's acronyms, with their shares of its defining papers) it joins
    nothing; with it, it joins where the keys that spell alike belong to one acronym at most (round h15bs), or where
    one acronym owns the keys that are no minor sense, by ``SURE_SHARE`` of its defining papers
    (:func:`_without_claimed_senses`, rounds h15bx, review58).

    >>> metric, method = EntityKind.METRIC, EntityKind.METHOD
    >>> kind_joins({"f1score": ["F1 score"], "f1": ["F1"], "attentionscore": ["attention score"],
    ...             "attention": ["attention"]},
    ...            [("f1score", "p1", metric), ("f1", "p2", metric), ("f1", "p2", metric),
    ...             ("attentionscore", "p3", metric), ("attention", "p4", method)])
    [('f1score', 'f1')]
    """
    totals: Counter = Counter()
    votes: Counter = Counter()  # (key, kind) -> papers
    for key, _, kind in set(kinds):  # a paper's once
        totals[key] += 1
        if kind in KIND_KEYS:
            votes[key, kind] += 1
    keys_by_spelling: dict[tuple[EntityKind, str], set[tuple[str, str]]] = defaultdict(set)
    for (key, kind), count in votes.items():
        if 2 * count > totals[key]:
            for name in names.get(key, ()):
                keys_by_spelling[kind, KIND_KEYS[kind](name)].add((key, name))
    alike = [keys for (kind, spelling), spelled in keys_by_spelling.items()
             for keys in (_anchored(spelled, spelling) if kind is EntityKind.TASK else [{k for k, _ in spelled}])]
    apart = frozenset(apart)  # once: a set of every minor sense for each group made one per group (assembly's cost)
    groups = (keys - apart if acronyms is None else _without_claimed_senses(keys, apart, acronyms)
              for keys in alike)  # without ``acronyms`` a minor sense joins nothing
    return joins_to_first(keys for keys in groups if keys)  # two acronyms' minor senses alone: none


#: The share of its defining papers an acronym's keys must hold for another acronym's minor sense to join them:
#: more than a clear sense's (``kg.aliases.MIN_SHARE``), since its bare mentions go where the keys go (review58).
SURE_SHARE = 3 / 4


def _without_claimed_senses(keys: set[str], apart: frozenset[str],
                            acronyms: Mapping[str, Mapping[str, float]]) -> set[str]:
    """``keys`` that spell one task or metric alike, less the minor senses (``apart``) where the keys belong to more
    than one acronym (``acronyms``: a key's acronyms with the share of their defining papers that give it, for each
    sense and bare acronym key; a clear sense's, only the acronym it is the clear sense of) and not one of them owns
    the keys that are no minor sense, by ``SURE_SHARE`` of its defining papers, so that no two acronyms' nodes meet
    through a minor sense. A minor sense joins plain names ("automatic term extraction", a minor sense, and a node
    "term extraction" no acronym claims), its own acronym's clear sense ("automatic essay scoring" and "automated
    essay scoring", two senses of AES; the clear sense's node keeps its acronym's label), and the clear sense of
    another acronym where only that one owns the keys and surely ("reading comprehension", a minor sense of RC, and
    "machine reading comprehension", MRC's clear sense in 90 of its 96 defining papers on the full Anthology: one
    task, round h15bx). A clear sense by a thin vote does not take another acronym's minor sense in (review58): AER's
    "automatic emotion recognition", two of three defining papers (alignment error rate the third), had taken the
    bare AER of five word-alignment papers, which rode into "emotion recognition", a minor sense of ER. Two
    acronyms' minor senses alone, or with two acronyms' clear senses, stay apart.

    >>> sorted(_without_claimed_senses({"automaticx", "x"}, {"automaticx"}, {"automaticx": {"ax": 0.2}}))
    ['automaticx', 'x']
    >>> sorted(_without_claimed_senses({"automaticx", "automatedx", "x"}, {"automaticx"},
    ...                                {"automaticx": {"ax": 0.2}, "automatedx": {"ax": 0.8}}))
    ['automatedx', 'automaticx', 'x']
    >>> sorted(_without_claimed_senses({"automaticx", "automatedx", "x"}, {"automaticx"},
    ...                                {"automaticx": {"ax": 0.2}, "automatedx": {"zx": 0.9}}))
    ['automatedx', 'automaticx', 'x']
    >>> sorted(_without_claimed_senses({"automaticx", "automatedx", "x"}, {"automaticx"},
    ...                                {"automaticx": {"ax": 0.2}, "automatedx": {"zx": 2 / 3}}))  # a thin vote
    ['automatedx', 'x']
    >>> sorted(_without_claimed_senses({"automaticx", "automatedx"}, {"automaticx", "automatedx"},
    ...                                {"automaticx": {"ax": 0.2}, "automatedx": {"zx": 0.2}}))
    []
    >>> sorted(_without_claimed_senses({"automaticx", "automatedx", "x"}, {"automaticx"},
    ...                                {"automaticx": {"ax": 0.2}, "automatedx": {"zx": 0.9}, "x": {"x": 0}}))
    ['automatedx', 'x']
    """
    minor = keys & apart
    if not minor:
        return keys
    owned = Counter[str]()  # the acronyms owning keys that are no minor sense, with the share of their papers
    for key in keys - minor:
        owned.update(acronyms.get(key, {}))
    if len(owned.keys() | {acronym for key in minor for acronym in acronyms.get(key, ())}) <= 1:
        return keys
    if len(owned) == 1 and owned.total() >= SURE_SHARE:
        return keys
    return keys - minor
