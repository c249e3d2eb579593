"""Lower-case names the authors propose without an article: a candidate source of ``kg_entities`` (round h15ab).

English puts an article or another determiner before a singular count noun: "we propose a method", "we present the
first corpus". A noun phrase right after the authors' proposal verb *without* one is a mass noun or a name, and when
it is several lower-case words that close on punctuation or a clause word it is the name of the technique:
"we propose uncertainty-aware bootstrap learning, which ...", "we introduce lattice path edit distance, which ...",
"we propose syntactic augmentation to stimulate ...". Such names are written in lower case, so no other source
proposes them (a lower-case phrase is a candidate only when the corpus or a head word vouches for it). The rule:

* "we" (adverbs such as "also", "further", "first" may follow), then a proposal verb of :data:`_VERBS`;
* right after the verb, :data:`_MIN_WORDS` to :data:`_MAX_WORDS` lower-case words, none a stop word (a determiner:
  "we propose several methods", "we present our work") and the first neither a verb's *-ing* form ("we propose
  using X": the action proposed, not a name) nor an adverb in *-ly* ("we propose explicitly connecting ...");
* closed by punctuation or a clause word (:data:`_CLOSERS`), not by "and", "or" or "of" (the phrase goes on:
  "episodic memory activation and reconsolidation"), and the last word no participle in *-ed*
  ("multi-objective reinforcement learning tailored to ...", "... learning based on ...": a clause after the name);
* no plural word before the last ("we present empirical results showing ...": a plural noun and a participle),
  the first no word that calls the thing new ("we introduce new corpora": a description), and "we" no relative
  clause's subject ("the mapping that we propose performs ...");
* the last word is no noun of a kind of artefact (:data:`_KIND_HEADS`): without its article such a phrase is a
  description with a dropped article ("we present prescription digitization system", "we propose post-processing
  method", "we introduce neural topic model"), not a name; a plural last word is a class of things ("we propose
  techniques to ...", "we present innovative criteria") unless an acronym in parentheses follows ("we propose
  contrastive response pairs (CRPs) for ..."); nor a quality (:data:`_QUALITY_HEADS`, ``metric_words.txt``: "we
  propose contextual relevance, which we define as the probability ...": a measure or concept, not a technique);
* no field, paradigm or generic term, nor one of two or more words with modifiers before it (``non_tasks.txt``,
  ``paradigms.txt``, ``generic_terms.txt``: "we introduce multi-task learning", "we propose unsupervised domain
  adaptation for ...").

The kind is method: what the authors propose under a lower-case name is a technique (a task head does not make it a
task: "we present de-lexical segmentation, a ... alternative to ... methods").

>>> from extractors.entities import blank_pipeline
>>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
>>> doc = nlp("We propose zorb-aware bootstrap learning, which is fast. We propose using zorb sampling.")
>>> [(doc[s:e].text, kind.value) for s, e, kind in bare_proposed_names(doc)]
[('zorb-aware bootstrap learning', 'method')]
"""
from __future__ import annotations

from spacy.tokens import Doc

from extractors.entity_lexicon import word_list
from extractors.token_texts import span_text, token_arrays
from ontology.kinds import EntityKind

__all__ = ["BARE_PROPOSAL_RULE", "bare_proposed_names"]

#: The type rule of the candidates this module finds.
BARE_PROPOSAL_RULE = "bare_proposal"
_VERBS = frozenset({"propose", "proposed", "introduce", "introduced", "present", "presented", "devise", "devised",
                    "design", "designed"})
_ADVERBS = frozenset({"also", "further", "first", "then", "additionally", "here", "therefore", "thus", "hence",
                      "finally", "now", "instead", "newly"})
#: Before "we": the verb's object is the noun before them ("the mapping that we propose performs ...").
_RELATIVES = frozenset({"that", "which", "what", "whom"})
_MIN_WORDS = 2
_MAX_WORDS = 5
#: Words that close the name: punctuation, or a clause's function word ("..., which", "... to stimulate").
_CLOSERS = frozenset({"which", "that", "to", "for", "in", "with", "as", "by", "on", "where", "whose", "who", "is",
                      "was", "are", "can", "could", "will", "would", "through", "via", "using", "at"})
#: Count nouns of a kind of artefact: a phrase ending in one without its article is a description.
_KIND_HEADS = frozenset({"method", "approach", "technique", "system", "framework", "model", "network",
                         "architecture", "algorithm", "strategy", "module", "pipeline", "mechanism", "tool",
                         "toolkit", "scheme", "procedure", "solution", "metric", "measure", "dataset", "corpus",
                         "benchmark", "task", "paradigm", "component", "layer", "classifier", "baseline",
                         "version", "variant", "extension", "evaluation", "analysis", "study", "work", "research",
                         "evidence", "overview", "survey", "experiment", "investigation", "implementation",
                         "application", "platform", "interface", "resource", "library", "package", "technology",
                         "data", "corpora", "criteria"})
#: Qualities of things: a phrase ending in one names a measure or a concept the authors define ("we propose
#: contextual relevance, which we define as the probability ..."), not a technique; so do ``metric_words.txt``'s.
_QUALITY_HEADS = frozenset({"relevance", "similarity", "relatedness", "consistency", "coherence", "quality",
                            "diversity", "fluency", "faithfulness", "factuality", "plausibility", "informativeness",
                            "readability", "complexity", "uncertainty", "confidence", "sensitivity", "difficulty"})
#: First words that describe a thing as new: the phrase describes, it does not name ("we introduce new corpora").
_DESCRIBING = frozenset({"new", "novel"})
_NOT_NAMES = ("non_tasks.txt", "paradigms.txt", "generic_terms.txt")


def bare_proposed_names(doc: Doc) -> list[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` of each lower-case name right after the authors' proposal verb without an article (see the
    module docstring), in text order.

    >>> from extractors.entities import blank_pipeline
    >>> nlp = blank_pipeline(); _ = nlp.add_pipe("sentencizer")
    >>> doc = nlp("We present preliminary work on zorbs. We propose zorb methods to rank. We introduce multi-task "
    ...           "learning. We propose episodic zorb activation and reconsolidation.")
    >>> bare_proposed_names(doc)
    []
    """
    texts, lowers, flags = token_arrays(doc)
    found = []
    for verb in (i for i, lower in enumerate(lowers) if lower in _VERBS):
        k = verb - 1
        while k >= 0 and lowers[k] in _ADVERBS:
            k -= 1
        if k < 0 or lowers[k] != "we" or (k > 0 and lowers[k - 1] in _RELATIVES):
            continue  # "the mapping that we propose performs better": the object came before
        start = verb + 1
        end = start
        while end < len(doc) and end - start <= _MAX_WORDS and flags.is_lower[end] and not flags.is_stop[end] \
                and not flags.is_sent_start[end] and lowers[end] not in _CLOSERS \
                and all(part.isalpha() for part in texts[end].split("-") if part):
            end += 1
        if not _MIN_WORDS <= end - start <= _MAX_WORDS \
                or (lowers[start].endswith(("ing", "ly")) and "-" not in lowers[start]):
            continue  # "we propose using zorb sampling": the action proposed
        if end < len(doc) and not (flags.is_punct[end] or lowers[end] in _CLOSERS or flags.is_sent_start[end]):
            continue  # "episodic memory activation and reconsolidation": the phrase goes on
        head = lowers[end - 1]
        acronym = end + 1 < len(doc) and texts[end] == "(" and texts[end + 1][:1].isupper()
        plural = head.endswith("s") and not head.endswith("ss")
        quality = head in _QUALITY_HEADS or head in word_list("metric_words.txt")
        if head in _KIND_HEADS or quality or head.endswith("ed") or (plural and not acronym) \
                or lowers[start] in _DESCRIBING:
            continue
        if any(word.endswith("s") and not word.endswith("ss") for word in lowers[start : end - 1]):
            continue  # "we present experimental results showing ...": a plural noun and its participle
        if any(span_text(doc, first, end).lower() in word_list(listed) for listed in _NOT_NAMES
               for first in range(start, end - 1)):
            continue  # "we propose unsupervised domain adaptation for ...": a paradigm, however modified
        found.append((start, end, EntityKind.METHOD))
    return found
