"""Whether a name is written like a metric's or a task's, whatever rule found it (the dev-set guidelines).

:func:`is_metric_name` says whether one word or hyphenated name is a metric's (``metric_names.txt`` exactly,
``metric_words.txt`` in any case, an F-measure however its index is spelled, "micro-" / "macro-" before one);
:func:`metric_like` and :func:`task_like` whether a whole phrase reads as a metric's or a task's name. The tagger's
candidates, title phrases, task lists and the training data's filter all ask these (split from
:mod:`extractors.entity_tasks`, whose rules use them too).
"""
from __future__ import annotations

import re
from functools import lru_cache

from extractors.entity_lexicon import name_list, word_list
from extractors.entity_task_acronyms import is_task_acronym

__all__ = ["F_MEASURE", "METRIC_MODIFIERS", "is_metric_name", "metric_like", "task_like"]

#: An F-measure however the abstract spells its index: F1, f1, F-1, F_1, F0.5, F_{0.5 (the tokenizer splits "}" off),
#: with a hyphenated "-score(s)" / "-measure" ("F_1-score", "f1-scores"); round h15cg. The index is 1, 2 or 0.x:
#: "F0" is a speech paper's fundamental frequency and "F3" … "F5" its formants.
_F_INDEX = r"[Ff][-_]?(?:\{(?:[12]|0\.\d+)\}?|(?:[12]|0\.\d+))"
_F_SPELLING = re.compile(rf"^{_F_INDEX}(?:-(?:scores?|measure))?$")
#: The letter and index alone ("F1", "f_1", "F0.5"), which a following "score" / "measure" word joins ("F1 score").
F_MEASURE = re.compile(rf"^{_F_INDEX}$")
#: Words before a metric that name how it is averaged ("macro F1", "micro-F1").
METRIC_MODIFIERS = frozenset({"macro", "micro", "weighted", "macro-averaged", "micro-averaged", "macro-average",
                               "micro-average"})


@lru_cache(maxsize=1 << 16)
def is_metric_name(text: str) -> bool:
    """A metric's name: listed exactly, a listed plain word in any case, or a hyphenated variant.

    >>> [is_metric_name(t) for t in ["BLEU", "ROUGE-L", "F1-score", "Accuracy", "bleu", "map", "MAP", "ZorbNet"]]
    [True, True, True, True, False, False, True, False]
    >>> [is_metric_name(t) for t in ["micro-F1", "nDCG@10", "Recall@5", "macro-Zorb", "accuracies", "recalls"]]
    [True, True, True, False, True, True]
    """
    if text in name_list("metric_names.txt") or text.lower() in word_list("metric_words.txt"):
        return True
    if _F_SPELLING.match(text):
        return True  # "f1", "F_1-score", "f1-scores", "F_{0.5"
    lower = text.lower()
    if lower.endswith("ies") and lower[:-3] + "y" in word_list("metric_words.txt"):
        return True  # "accuracies"
    if lower.endswith("s") and lower[:-1] in word_list("metric_words.txt"):
        return True  # "recalls"
    if "_" in text and "-" not in text:
        return is_metric_name(text.replace("_", "-"))  # "ROUGE_1", "ROUGE_L"
    if "@" in text:
        return is_metric_name(text.split("@", 1)[0])  # "nDCG@10", "Hits@k", "Recall@5"
    stem, _, rest = text.partition("-")
    if stem.lower() in METRIC_MODIFIERS:
        return is_metric_name(rest)  # "micro-F1", "macro-F1"
    return "-" in text and stem in name_list("metric_names.txt")


#: Last words of a task's name besides task_heads.txt, for :func:`task_like` only (they end method names too).
_TASK_LIKE_HEADS = frozenset({"analysis", "answering", "modeling", "modelling", "retrieval", "reasoning",
                              "search", "transfer", "alignment", "disambiguation", "normalization", "estimation",
                              "matching", "scoring", "grading", "verification", "captioning", "ranking"})


def task_like(name: str) -> bool:
    """Is ``name`` written like a task's name (the dev-set guidelines), whatever found it?

    A task acronym; a listed one-word task; else two or more words ending in a task head
    (recognition, detection, analysis, answering ...), not a field or paradigm.

    >>> [task_like(t) for t in ["NER", "summarization", "hate speech detection", "sentiment analysis"]]
    [True, True, True, True]
    >>> [task_like(t) for t in ["classification", "deep learning", "downstream tasks", "NLP", "robustness"]]
    [False, False, False, False, False]
    """
    text = " ".join(name.split())
    lower = text.lower().rstrip(")").replace(" task", "").replace(" tasks", "")
    if lower in word_list("non_tasks.txt") or lower.split(" (")[0] in word_list("non_tasks.txt"):
        return False
    if is_task_acronym(text):
        return True
    words = lower.split(" (")[0].replace("-", " ").split()
    if len(words) == 1:
        return words[0] in word_list("task_words.txt")
    return bool(words) and (words[-1] in word_list("task_heads.txt") or words[-1] in _TASK_LIKE_HEADS)


def metric_like(name: str) -> bool:
    """Is ``name`` written like a metric's name (the dev-set guidelines), whatever found it?

    >>> [metric_like(t) for t in ["F1 score", "macro F1", "word error rate", "Pearson correlation", "BLEU-4"]]
    [True, True, True, True, True]
    >>> [metric_like(t) for t in ["efficiency", "robustness", "inference time", "quality", "is"]]
    [False, False, False, False, False]
    """
    words = " ".join(name.split()).replace("-", " - ").split()
    if any(is_metric_name(w) for w in name.split()) or is_metric_name(name):
        return True
    plain = [w.lower() for w in words if w != "-"]
    return len(plain) >= 2 and plain[-1] in word_list("metric_phrases.txt")
