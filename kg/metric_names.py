"""Spellings of one metric: "F1 score", "F1-measure" and "F1"; "macro-averaged F1", "macro F1-score" and "F1-macro".

:func:`ontology.ids.node_key` folds case, spacing and hyphens, not the words a metric's name is written with, so
the full Anthology's graph at PIPELINE_VERSION 80 had "F1 score" (1,566 papers) and "F1" (860), "F-score" (308)
and "F-measure" (114), and the macro F1 in six nodes ("macro F1" 307, "macro F1-score" 84, "F1-macro" 27,
"macro-averaged F1-score" 27, "macro-averaged F1" 26, "macro-average F1" 8). The annotation guidelines write
such spellings as forms of one metric ("F1 score | F1", "R2 score | R2", "macro-F1 | macro F1"). Graph assembly
joins names whose :func:`metric_key` is equal when the mentions of each are mostly typed metric
(:func:`metric_joins`), so "attention score" (a metric somewhere) never meets the method "attention". "F-score"
and "F1" stay apart: the F-measure names no beta.

>>> [metric_key(name) for name in ("F1 score", "F1-measure", "F1", "F-score", "F-measure")]
['f1', 'f1', 'f1', 'f', 'f']
>>> {metric_key(name) for name in ("macro-averaged F1-score", "F1-macro", "Macro F1", "macro F1-average")}
{'macrof1'}
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping

from ontology.ids import entity_key, normalize_text
from ontology.kinds import EntityKind

__all__ = ["metric_joins", "metric_key"]

#: A last word that only says the name is a metric: "F1 score", "F-measure", "Pearson correlation coefficient".
_METRIC_WORD = re.compile(r"[\s-]*\b(?:scores?|measures?|mesure|values?|coefficients?)$")
#: How a score is averaged over classes, wherever the name writes it: "macro-averaged F1", "F1-macro".
_AVERAGING = re.compile(r"\b(macro|micro|weighted)(?:[\s-]*averaged?)?\b")
#: "average" left at the end once the averaging word is taken: "macro F1-average".
_TRAILING_AVERAGE = re.compile(r"[\s-]*\baveraged?$")


def metric_key(name: str) -> str:
    """The key under which the spellings of one metric's name meet (see the module docstring); a name that is
    nothing but such words ("score", "macro-average") keys as itself.

    >>> metric_key("Pearson correlation coefficient") == metric_key("Pearson Correlation score")
    True
    >>> metric_key("weighted F_1-score"), metric_key("micro-averaged F1"), metric_key("exact match score")
    ('weightedf1', 'microf1', 'exactmatch')
    >>> metric_key("Score"), metric_key("macro-average"), metric_key("BERTScore")
    ('score', 'macroaverage', 'bertscore')
    """
    text = normalize_text(name)
    base = _METRIC_WORD.sub("", text)
    averaging = _AVERAGING.search(base)
    if averaging:
        base = _TRAILING_AVERAGE.sub("", base[:averaging.start()] + " " + base[averaging.end():]).strip(" -")
        base = f"{averaging.group(1)} {base}" if base else ""
    return entity_key(base) or entity_key(text)


def metric_joins(names: Mapping[str, Iterable[str]], kinds: Iterable[tuple[str, EntityKind]]) -> list[tuple[str, str]]:
    """Pairs of group keys whose names are spellings of one metric (:func:`metric_key`).

    ``names`` maps each group key to the names grouped under it by their own key (as for
    :func:`kg.spelling_variants.spelling_joins`); ``kinds`` gives each mention's own key and kind: only a key whose
    mentions are more often typed metric than not joins. Each pair joins a key to the first key, in sorted order,
    of the names that key alike.

    >>> metric, method = EntityKind.METRIC, EntityKind.METHOD
    >>> metric_joins({"f1score": ["F1 score"], "f1": ["F1"], "attentionscore": ["attention score"],
    ...               "attention": ["attention"]},
    ...              [("f1score", metric), ("f1", metric), ("attentionscore", metric), ("attention", method)])
    [('f1score', 'f1')]
    """
    votes: Counter = Counter()
    for key, kind in kinds:
        votes[key] += 1 if kind is EntityKind.METRIC else -1
    keys_by_metric: dict[str, set[str]] = defaultdict(set)
    for key, written in names.items():
        if votes[key] > 0:
            for name in written:
                keys_by_metric[metric_key(name)].add(key)
    joins = set()
    for keys in keys_by_metric.values():
        first, *others = sorted(keys)
        joins.update((other, first) for other in others)
    return sorted(joins)
