"""Names of several capitalised words after an article or a possessive: a candidate source of ``kg_entities``.

Round h15ai's recall audit (``benchmarks/recall_audit.py``) found that a name of several plain capitalised words is
lost word by word: "using the Stereotype Content Model", "the Simple Compound Splitter (Weller-Di Marco, 2017)",
"EleutherAI’s Language Model Evaluation Harness", "(i) a Bi-level State Tracker which ...", "a Joint Dialogue Act and
Response Generator". Each word alone is a capitalised word nothing vouches for (strength ``weak``), which the policy
drops, so the name is no candidate at all. Here the phrase's structure vouches for it:

* an article or possessive right before it ("the", "a", "an", "our", "their", "its", "’s"): the phrase is a noun
  phrase in running text, not a sentence's first words, a heading or a title;
* two to :data:`MAX_WORDS` words, each capitalised and written with lower-case letters (no acronym: acronyms and
  shaped names are candidates of their own), joined directly or by "of" or "and" between two of them ("for" and
  "with" join organisations' and projects' names as often), and closed (:func:`_closes`) by punctuation, a
  function word, a method noun or a verb's form, not by a word that goes on with the name or makes it a modifier;
* no word (or part of a hyphenated word) a platform's (``platforms.txt``) or a language's name
  (``languages.txt``: "the Modern Standard Arabic", "the English Language", "the French-English F-scores"), no
  event, organisation or "task" word in it ("the Shared Zorb Translation Task") and no event or project noun after
  it ("the Zorb Sentiment Analysis competition":
  :func:`~extractors.entity_context.names_an_event`, :func:`~extractors.entity_context.no_entity_head`);
* the last word, the head, gives the kind, and only a head that names a kind counts: a method head of
  ``method_heads.txt`` ("Model", "Network", "Analysis"), an architecture noun ("Encoder", "Layer") or an agent noun
  ending in "-er" / "-or" ("Splitter", "Tracker", "Generator"; not "Center", "Minister": :data:`NOT_AGENTS`) makes
  a method; a phrase :func:`~extractors.entity_task_metric_names.metric_like` a
  metric ("the Subtitle Segmentation Score"); one :func:`~extractors.entity_task_metric_names.task_like` a task;
  any other head
  ("the Chamber of Deputies", "the Late Modern Period", "the Evaluation Campaign") no candidate; a method noun
  right after the name (:data:`METHOD_NOUNS`: "a Zorb Context Reasoning approach") makes it a method, and a dataset
  noun (:data:`DATASET_NOUNS`) a method-headed name a dataset ("the Edinburgh Twitter corpus");
* no field, paradigm or generic term (``non_tasks.txt``, ``paradigms.txt``, ``generic_terms.txt``, also by its
  initials: "the Machine Learning models", "a Large Language Model"), nothing the corpus or the lists call no name.

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("We use the Stereotype Content Model and the Chamber of Deputies of the Czech Republic.")
>>> [(doc[s:e].text, kind.value) for s, e, kind in title_phrases(doc)]
[('Stereotype Content Model', 'method')]
"""
from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc

from extractors.entity_candidates import Candidate
from extractors.entity_context import names_an_event, no_entity_head
from extractors.entity_corpus import long_form_class
from extractors.entity_lexicon import in_list, word_list, word_lists
from extractors.entity_names import not_a_name
from extractors.entity_task_metric_names import metric_like, task_like
from extractors.token_texts import token_arrays
from ontology.kinds import EntityKind

__all__ = ["DATASET_NOUNS", "MAX_WORDS", "METHOD_NOUNS", "TITLE_PHRASE_RULE", "title_phrase_candidates", "title_phrases"]

#: The type rule of a name found here.
TITLE_PHRASE_RULE = "title_phrase"
#: At most this many tokens in a name (connecting words included).
MAX_WORDS = 7
#: Words after which a noun phrase starts.
OPENERS = frozenset({"the", "a", "an", "our", "their", "its", "'s", "’s"})
#: Words that may join two capitalised words inside a name ("Joint Dialogue Act and Response Generator"); not "for"
#: or "with", which join an organisation's or a project's name as often ("the European Network for Combining ...").
JOINERS = frozenset({"of", "and"})
#: Lists of fields, paradigms and generic terms: no name however it is written ("the Machine Learning (ML) models").
_NOT_NAMES = ("non_tasks.txt", "paradigms.txt", "generic_terms.txt")
#: Words that carry a name on when a capitalised word follows them ("the General Architecture for Text Engineering").
_RUN_ON = frozenset({"for", "with", "on", "in", "to"})
#: Lower-case words that may follow a name (function words: "a Zorb Tracker which ...", "the Zorb Model to ...").
_FUNCTION_WORDS = frozenset({
    "a", "an", "the", "and", "or", "but", "nor", "of", "for", "with", "on", "in", "to", "at", "by", "from", "into",
    "as", "that", "which", "who", "whose", "where", "when", "while", "is", "are", "was", "were", "be", "been", "has",
    "have", "had", "can", "could", "may", "might", "will", "would", "should", "must", "does", "do", "did", "than",
    "via", "through", "using", "over", "under", "between", "among", "against", "within", "without", "after",
    "before", "since", "because", "if", "so", "then", "also", "not", "only", "both", "either", "this", "these",
    "its", "their", "our", "we", "it", "they", "achieves", "outperforms"})
#: Dashes after which a capitalised phrase runs on ("the Zorb Summarization – Key Point Shared Task").
_DASHES = frozenset({"-", "–", "—"})
#: Lower-case nouns after a name that make it a method's name whatever its head ("a Zorb Reasoning approach").
METHOD_NOUNS = frozenset({"approach", "framework", "method", "model", "technique", "algorithm", "architecture",
                          "system", "toolkit", "tool", "module", "network", "component"})
#: Lower-case dataset nouns after a name that make a method-headed name a dataset's ("the Edinburgh Twitter corpus").
DATASET_NOUNS = frozenset({"corpus", "corpora", "dataset", "datasets", "treebank", "treebanks", "benchmark",
                           "benchmarks"})
#: Architecture nouns that head a method's name.
ARCH_NOUNS = frozenset({"encoder", "decoder", "layer", "architecture", "mechanism", "block", "cell", "classifier"})
#: Nouns ending in "-er" / "-or" that are no tool or system ("the Data Center", "the Vice Chancellor").
NOT_AGENTS = frozenset({"center", "chapter", "corner", "counter", "cover", "border", "member", "number", "order",
                        "paper", "power", "quarter", "river", "winter", "summer", "water", "letter", "matter",
                        "master", "minister", "officer", "chancellor", "doctor", "professor", "director", "editor",
                        "author", "error", "factor", "sector", "monitor", "tutor", "mirror", "senator", "actor",
                        "speaker", "worker", "user", "teacher", "writer", "reader", "giver", "follower", "partner",
                        "player", "manager", "designer", "researcher", "customer", "provider", "owner", "leader"})


def _capitalised(text: str) -> bool:
    """A capitalised word with lower-case letters ("Content", "Bi-level"; not "IO", "CNN", "Model-2")."""
    return text[:1].isupper() and any(ch.islower() for ch in text) and text.replace("-", "").isalpha()


def _closes(texts: list[str], lowers: list[str], k: int) -> bool:
    """Does the token at ``k`` close a name before it? Not a word with a capital or a dash ("a Zorb Learning-based",
    "Open-domain Information eXpression"), nor "for" / "with" / "on" / "in" / "to" before a capitalised word ("the
    General Architecture for Text Engineering"), nor a lower-case word that makes the name a modifier ("the Harry
    Potter fantasy novels", "the Zorb and Quux test sets"): only a method noun (:data:`METHOD_NOUNS`) or a verb's
    form ending in "-ed" / "-s" ("a Zorb Parser trained on ...") may follow, or a stop word or punctuation."""
    text = texts[k]
    if any(ch.isupper() for ch in text) or text[:1] in _DASHES:
        return False
    if lowers[k] in _RUN_ON and k + 1 < len(texts) and texts[k + 1][:1].isupper():
        return False
    if text.isalpha() and lowers[k] not in _FUNCTION_WORDS and lowers[k] not in METHOD_NOUNS:
        return lowers[k].endswith(("ed", "s"))
    return True


def _head_kind(words: list[str]) -> EntityKind | None:
    """The kind a name's head gives it (see the module docstring), or ``None``."""
    text = " ".join(words)
    lower = text.lower()
    if any(in_list("event_heads", w) or in_list("organisation_heads", w) or w.lower() in {"task", "tasks"}
           for w in words):
        return None  # "the Shared Zorb Translation Task", "the Zorb Summarization Challenge", "the Zorb Institute"
    if any(lower in word_list(name) or lower.replace(" ", "-") in word_list(name) for name in _NOT_NAMES) \
            or long_form_class(text) in {"none", "series"} or not_a_name(text) \
            or words[-1].lower() in word_lists()["generic_long_form_ends"].lower \
            or "".join(w[0] for w in words if w[:1].isupper()).lower() in word_list("generic_terms.txt"):
        return None  # "the Machine Learning models", "a Large Language Model" (its initials: LLM): no names
    head = words[-1].lower().split("-")[-1]
    if metric_like(text) and head not in {"agreement", "agreements"}:  # not "the Paris Agreement"
        return EntityKind.METRIC
    if head in word_list("method_heads.txt") or head in ARCH_NOUNS \
            or (len(head) > 5 and head.endswith(("er", "or")) and head not in NOT_AGENTS):
        return EntityKind.METHOD
    if task_like(text):
        return EntityKind.TASK
    return None


def title_phrases(doc: Doc) -> Iterator[tuple[int, int, EntityKind]]:
    """``(start, end, kind)`` of each name of several capitalised words after an article or possessive."""
    texts, lowers, _ = token_arrays(doc)
    languages, platforms = word_list("languages.txt"), word_list("platforms.txt")
    n = len(texts)
    i = 1
    while i < n:
        if lowers[i - 1] not in OPENERS or not _capitalised(texts[i]):
            i += 1
            continue
        end = i + 1
        while end < n and end - i < MAX_WORDS:
            if _capitalised(texts[end]) or (texts[end][:1] == "-" and texts[end][1:].isalpha()
                                            and not doc[end - 1].whitespace_):  # "Bi" "-level": "Bi-level"
                end += 1
            elif lowers[end] in JOINERS and end + 1 < n and _capitalised(texts[end + 1]) and end + 2 - i <= MAX_WORDS:
                end += 2
            else:
                break
        words = texts[i:end]
        data_noun = end < n and lowers[end] in DATASET_NOUNS  # "the Edinburgh Twitter corpus / treebank"
        closed = end == n or _closes(texts, lowers, end)
        if len(words) >= 2 and (closed or data_noun) and not any(part.lower() in languages or part.lower() in platforms
                                                  for w in words for part in w.split("-")) \
                and not names_an_event(doc, end) and not no_entity_head(doc, end):  # "the Zorb Analysis competition"
            kind = _head_kind(words)
            if kind is not None and end < n and lowers[end] in METHOD_NOUNS:
                kind = EntityKind.METHOD  # "a Multi-modal Context Reasoning approach": the approach's name
            elif kind is EntityKind.METHOD and data_noun:
                kind = EntityKind.DATASET  # "the Edinburgh Twitter corpus": the data's name, whatever its head ("-er"
                # made "Twitter" an agent noun; round h15ay)
            elif not closed:
                kind = None  # "the Zorb Entity Recognition treebank": only a method's head yields to a dataset noun
            if kind is not None:
                yield i, end, kind
        i = end


def title_phrase_candidates(doc: Doc, candidates: list[Candidate]) -> list[Candidate]:
    """The :func:`title_phrases` of ``doc`` that no candidate but capitalised words nothing vouched for covers,
    as candidates (type rule :data:`TITLE_PHRASE_RULE`); those words are taken out of ``candidates`` ("the
    Stereotype Content Model": not "Stereotype", "Content" and "Model")."""
    found = []
    for start, end, kind in title_phrases(doc):
        inside = [c for c in candidates if c.first < end and start < c.end]
        if any(c.strength != "weak" or c.type_rule != "default" or c.long_span is not None
               or c.start < start or c.end > end for c in inside):
            continue
        for cand in inside:
            candidates.remove(cand)
        found.append(Candidate(start, end, "phrase", kind=kind, type_rule=TITLE_PHRASE_RULE))
    return found
