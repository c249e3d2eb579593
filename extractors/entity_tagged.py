"""The trained tagger's spans in ``kg_entities``: which of them may name something, and how they join the rules'
candidates (split from :mod:`extractors.entities`, which re-exports :func:`tagger_spans` and :func:`merge_tagged`).
"""
from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from extractors.entity_candidates import Candidate
from extractors.entity_lexicon import word_list
from extractors.entity_names import model_family, name_shape, not_a_name
from extractors.entity_task_metric_names import metric_like, task_like
from extractors.token_texts import span_text, token_arrays
from ontology.kinds import EntityKind

__all__ = ["adds", "merge_tagged", "plural_acronym", "tagger_spans"]


def tagger_spans(doc: Doc) -> list[Span]:
    """The trained tagger's entities (``doc.ents``) that may name something of a kind kg knows.

    A method, dataset or model name that the rules know is no name (LLM, ACL, En-De, LLMs: see
    :func:`extractors.entity_names.not_a_name`) is dropped, and so are tasks and metrics not written
    like one (:func:`extractors.entity_task_metric_names.task_like`,
    :func:`~extractors.entity_task_metric_names.metric_like`: "classification", "efficiency"); a lower-case
    "dataset" written like a task is the task.
    """
    kinds = {kind.value for kind in EntityKind}
    generic = word_list("generic_terms.txt")
    defined = {span.text for span in list(doc.spans.get("kg_acronyms", []))[::2]}
    kept = []
    texts, lowers, flags = token_arrays(doc)  # no Token objects made
    stop_or_punct = [stop or punct for stop, punct in zip(flags.is_stop, flags.is_punct)]
    is_lower = flags.is_lower
    for span in doc.ents:
        kind = span.label_.lower()
        start, end = span.start, span.end
        while start < end and stop_or_punct[start]:
            start += 1
        while end > start and stop_or_punct[end - 1]:
            end -= 1  # "Success Rate of": the tagger's span ran on
        if kind == "task" and end - start > 1 and lowers[end - 1] in {"task", "tasks"}:
            end -= 1  # "the Named Entity Recognition task": the name without the word "task" (the guidelines)
        while kind in {"method", "dataset", "model"} and end - start > 1 and is_lower[end - 1] \
                and lowers[end - 1] in _KIND_NOUNS and not is_lower[end - 2] \
                and (any(name_shape(t) == "strong" or model_family(t) for t in texts[start : end - 1])
                     or (kind == "dataset" and lowers[end - 1] in _DATASET_NOUNS
                         and all(flags.is_title[start : end - 1]))) \
                and not (end - start == 2 and _TWO_CAPITALS.match(texts[start])):
            end -= 1  # "a Siamese LSTM network", "the Compmix dataset": the name without the kind's noun (not
            # "the CR dataset": a two-letter abbreviation alone would be dropped as one never spelled out)
        if kind in {"method", "model"} and end - start > 2 and is_lower[end - 1] and texts[end - 1].isalpha() \
                and lowers[end - 1] not in _DATA_WORDS \
                and all(flags.is_title[k] or flags.is_upper[k] for k in range(start, end - 1)):
            end -= 1  # "Contrastive Learning paradigm", "Vanilla Gradient exhibit": a lower-case word after a name of
            # two or more words in title case is no part of it (round h15ac)
        if kind not in kinds or start == end:
            continue
        text = span_text(doc, start, end)
        label = span.label_
        if kind in {"method", "dataset"} and task_like(text) and not any(c.isupper() for c in text[1:]):
            label, kind = "TASK", "task"  # "question answering" is the task
        elif kind == "method" and end - start > 1 and metric_like(text):
            label, kind = "METRIC", "metric"  # "Pathway Success Rate"
        if kind in {"method", "dataset", "model"} and not any(name_shape(t) or model_family(t)
                                                              for t in texts[start:end]):
            continue  # "reasoning-in-a-Haystack", "beam search": no word of it is written like a name
        if kind in {"method", "dataset", "model"} and lowers[end - 1] in generic:
            continue  # "Bayesian RL", "multimodal LLM": a kind of thing
        if kind in {"method", "dataset", "model"} and (not_a_name(text) or plural_acronym(text)
                                                        or (text[0].isdigit() and not model_family(text))):
            continue
        if kind in {"method", "dataset", "model"} and _TWO_CAPITALS.match(text) and text not in defined:
            continue  # "PP", "CV": a two-letter abbreviation the abstract never spells out (as for rule candidates)
        if (kind == "task" and not task_like(text)) or (kind == "metric" and not metric_like(text)):
            continue  # "classification", "deep learning", "efficiency": not names of a task or a metric
        if kind == "task" and end - start == 1 and text.islower() \
                and not (end < len(doc) and lowers[end] in _TASK_NOUNS_OR_SHARED):
            continue  # "its English translation", "translation model": one common word is the task only when the
            # text says so ("the translation task", "the translation shared task"); the tagger alone is too little
        kept.append(Span(doc, start, end, label=label))
    return kept


_TWO_CAPITALS = re.compile(r"^[A-Z]{2}$")
#: Lower-case words that end a name of data ("the National Zorb Survey data", "the Zorb Webpage suite").
_DATA_WORDS = frozenset({"data", "suite", "set", "sets", "collection", "corpus", "corpora", "dataset", "datasets",
                         "benchmark", "bank", "treebank"})
#: Lower-case nouns that say what kind of thing a tagged name is, not part of it ("a Siamese LSTM network").
_KIND_NOUNS = frozenset({"network", "networks", "model", "models", "method", "methods", "framework", "architecture",
                         "algorithm", "approach", "classifier", "classifiers", "system", "dataset", "datasets",
                         "corpus", "corpora", "benchmark", "toolkit", "tool"})
#: Kind nouns of a dataset: "the Compmix dataset" is Compmix even though "Compmix" is not shaped like a name.
_DATASET_NOUNS = frozenset({"dataset", "datasets", "corpus", "corpora", "benchmark"})
#: Words after a one-word task that keep it the task ("translation tasks", "the parsing shared task").
_TASK_NOUNS_OR_SHARED = frozenset({"task", "tasks", "problem", "problems", "challenge", "challenges", "shared"})


def adds(span: Span, new_names: str) -> bool:
    """May a tagged span that overlaps no rule candidate be added (see :data:`extractors.entities.NEW_NAMES`)?"""
    if span.label_ in {"TASK", "METRIC"} or new_names == "all":
        return True
    return new_names == "shaped" and any(name_shape(t.text) == "strong" or model_family(t.text) for t in span)


def plural_acronym(text: str) -> bool:
    """"LLMs", "CNNs": an acronym in the plural (a kind of thing, not one name)."""
    return len(text) > 2 and text.endswith("s") and text[:-1].isupper()


def merge_tagged(candidates: list[Candidate], tagged: list[Span], acronyms: list[Span] = ()) -> dict[int, EntityKind]:
    """Add the tagger's spans that overlap no candidate to ``candidates``; return candidate start → tagged kind.

    A candidate the tagger also found (any overlap, the acronym's long form included) keeps the
    rules' bounds and gets the tagger's kind as a second opinion; the caller decides which kind wins.
    A tagged span on either side of an acronym pair the rules took for a kind of thing
    ("dense passage retrieval (DPR)") becomes that pair: the short form with its long form.
    """
    labels: dict[int, EntityKind] = {}
    pairs = list(zip(acronyms[::2], acronyms[1::2]))
    for span in tagged:
        kind = EntityKind(span.label_.lower())
        overlapping = [c for c in candidates if _overlaps(c.start, c.end, span)
                       or (c.long_span and _overlaps(c.long_span[0], c.long_span[1], span))]
        if overlapping and all(c.strength == "weak" and "accepted" not in c.cues for c in overlapping):
            for cand in overlapping:  # capitalised words nothing vouched for: the tagged name is the whole name
                candidates.remove(cand)
            overlapping = []
        elif len(overlapping) > 1 and "+" not in span.text and all(  # "CNN+BiLSTM" stays two names
                span.start <= c.start and c.end <= span.end and c.long_span is None and c.type_rule == "default"
                and c.strength in {"weak", "strong"} for c in overlapping):
            for cand in overlapping:  # "Linear SVM", "Siamese LSTM": two pieces of one name the tagger saw whole
                candidates.remove(cand)
            overlapping = []
        if overlapping:
            named = any(c.strength != "weak" or "accepted" in c.cues for c in overlapping)
            for cand in overlapping:
                if named and cand.strength == "weak" and "accepted" not in cand.cues and cand.end - cand.start == 1:
                    continue  # "Llama Guard", "the ... Evaluation Campaign": a rule took the name's other words, so
                    # the capitalised word left over is no name the tagger vouches for (round h15ac)
                labels.setdefault(cand.start, kind)
            continue
        pair = next(((short, long_) for short, long_ in pairs
                     if _overlaps(short.start, short.end, span) or _overlaps(long_.start, long_.end, span)), None)
        if pair is not None:
            short, long_ = pair
            if not_a_name(short.text) or plural_acronym(short.text):
                continue  # "Modern Standard Arabic (MSA)", "large language models (LLMs)": no name
            cand = Candidate(short.start, short.end, "tagged_acronym", long_span=(long_.start, long_.end))
        else:
            cand = Candidate(span.start, span.end, "tagged")
        candidates.append(cand)
        labels[cand.start] = kind
    return labels


def _overlaps(start: int, end: int, span: Span) -> bool:
    return start < span.end and span.start < end
