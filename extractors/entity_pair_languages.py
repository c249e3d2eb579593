"""Languages an abstract names by pairing them with a known language (round h15z).

``languages.txt`` lists the languages kg knows by name, but not every spelling or every language ("isiZulu",
"isiXhosa", "Sepedi", "Tigrinya" as their speakers write them). A word joined by a hyphen or a dash to a listed
language is a language too: "an English-isiZulu translation framework", "the Hindi–Maithili pair"; so, in turn, is a
word joined to such a word ("isiXhosa-isiZulu"). :func:`paired_languages` reads the whole abstract for such pairs, so
that "low-resource languages such as isiZulu" is known as a language from a pair elsewhere and
:func:`extractors.entity_policy.drop_reason` drops it (reason ``language``), and the pairs with it.

Only words shaped like a language's name take part: letters, one capital (an optional lower-case prefix before it:
"isiZulu", "siSwati"), not a model family or a name the corpus knows ("English-Vicuna" pairs nothing; "BERT" has
more than one capital).

>>> from extractors.entities import blank_pipeline
>>> doc = blank_pipeline()("An English-isiZulu model. Then isiXhosa-isiZulu. Hindi-Vicuna, English-BERT, SL-Agent.")
>>> sorted(paired_languages(doc))
['English', 'Hindi', 'isiXhosa', 'isiZulu']

A name the text sets in apposition to "language" or "dialect" as the head of a noun phrase is a language too
(:func:`apposed_languages`, round h15af): "a treebank for St. Lawrence Island Yupik, an endangered language spoken in
the Bering Strait region", "for Bribri, an Indigenous language of Costa Rica" (not "BERT, a pre-trained language
model": there "language" modifies the head).
"""
from __future__ import annotations

import re

from spacy.tokens import Doc

from extractors.entity_corpus import corpus_class
from extractors.entity_lexicon import word_list
from extractors.entity_names import model_family
from extractors.token_texts import doc_text

__all__ = ["apposed_languages", "is_language_name", "paired_languages"]

#: A language's name as written: one capital, after an optional lower-case prefix ("isiZulu"); not a language code
#: of ``languages.txt`` ("SL", "MT", "MS": "SL-Agent", "MT-System", "MS-Access" pair no language). Only pairs of
#: such words are read (a regular expression over the text: most abstracts have none).
_WORD = r"[a-zß-ÿ]{0,4}[A-ZÀ-Ý][a-zß-ÿ]{2,}"
_LANGUAGE_SHAPE = re.compile(rf"^{_WORD}$")
#: Words of that shape joined by hyphens or dashes ("English-isiZulu", "isiXhosa–isiZulu").
_PAIR = re.compile(rf"(?<![\w-]){_WORD}(?:[-–]{_WORD})+(?![\w-])")


def paired_languages(doc: Doc) -> frozenset[str]:
    """The words ``doc`` joins by a hyphen or a dash to a listed language, directly or through another such word,
    with the listed languages of those pairs (see the module docstring)."""
    text = doc_text(doc)
    if "-" not in text and "–" not in text:
        return frozenset()
    pairs = [re.split(r"[-–]", match.group(0)) for match in _PAIR.finditer(text)]
    listed = word_list("languages.txt")
    found = {part for parts in pairs for part in parts if part.lower() in listed}
    if not found:
        return frozenset()
    grown = True
    while grown:
        grown = False
        for parts in pairs:
            if any(part in found for part in parts):
                for part in parts:
                    if part not in found and _language_shaped(part):
                        found.add(part)
                        grown = True
    return frozenset(found)


def is_language_name(text: str, languages: frozenset[str]) -> bool:
    """Is ``text`` one of ``languages`` or a pair of them ("isiXhosa-isiZulu")?

    >>> zulu = frozenset({"isiXhosa", "isiZulu"})
    >>> is_language_name("isiXhosa-isiZulu", zulu), is_language_name("isiZulu-2", zulu)
    (True, False)
    """
    return bool(languages) and all(part in languages for part in re.split(r"[-–]", text))


def _language_shaped(word: str) -> bool:
    """Letters with one capital (after an optional lower-case prefix), no model family, nothing the corpus knows."""
    return (_LANGUAGE_SHAPE.match(word) is not None and not model_family(word) and corpus_class(word) is None
            and word.lower() not in word_list("generic_terms.txt"))


#: Capitalised words (with "St."-like abbreviations) before ", a / an / the [up to four words] language | dialect"
#: where "language" ends the noun phrase: punctuation or a word that opens what follows the head comes next.
_APPOSED = re.compile(r"((?:[A-Z][\w'’]*\.? )*[A-Z][\w'’]*), (?:an?|the) (?:[\w-]+ ){0,4}(?:language|dialect)"
                      r"(?=[.,;:)]| (?:of|spoken|with|that|which|belonging|from|in|used|classified|native)\b)")


def apposed_languages(doc: Doc) -> frozenset[str]:
    """Names ``doc`` calls a language in an apposition (see the module docstring), with every ending of them (the
    capitalised words before the name may open the sentence: "For Bribri, ...").

    >>> from extractors.entities import blank_pipeline
    >>> doc = blank_pipeline()("For Lawrence Yupik, an endangered language of Alaska. We use BERT, a language model.")
    >>> sorted(apposed_languages(doc))
    ['For Lawrence Yupik', 'Lawrence Yupik', 'Yupik']
    """
    text = doc_text(doc)
    if "language" not in text and "dialect" not in text:
        return frozenset()
    found = set()
    for match in _APPOSED.finditer(text):
        words = match.group(1).split(" ")
        found.update(" ".join(words[k:]) for k in range(len(words)))
    return frozenset(found)
