"""normalize_text folds as the regexes it replaced did: every whitespace run one space, ends stripped; dashes and
emphasis marks only looked for where they can be."""
from __future__ import annotations

import re
import sys
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from ontology.ids import abstract_key, normalize_text, title_key

_WHITESPACE = [chr(code) for code in range(sys.maxunicode + 1) if re.match(r"\s", chr(code))]


def _by_regex(text: str | None) -> str:
    """normalize_text as it was written up to h14ab: the spacing folded by a regex."""
    if not text:
        return ""
    text = unicodedata.normalize("NFKC", text).lower()
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = re.sub(r"[*_`]", "", text)
    return re.sub(r"\s+", " ", text).strip(" .")


def test_str_split_breaks_at_exactly_the_regex_whitespace():
    assert len(_WHITESPACE) > 20
    assert [c for c in map(chr, range(sys.maxunicode + 1)) if len(f"x{c}y".split()) == 2] == _WHITESPACE


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from([*_WHITESPACE, ".", "a", "É", "ﬁ", "‐", "*", "_", "`", "\u2212", "1"]),
               max_size=30) | st.none())
def test_the_same_fold_as_the_regex(text):
    assert normalize_text(text) == _by_regex(text)


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from([" ", "\n", ".", "a", "B", "*", "_", "`", "-", "1"]), max_size=30))
def test_the_same_fold_as_the_regex_on_ascii_text(text):  # the passes normalize_text skips where nothing matches
    assert normalize_text(text) == _by_regex(text)


def test_keys_of_a_spaced_title_and_abstract():
    assert title_key("  A\u00a0Study\u2028of *BERT*\t. ") == "title:a study of bert"
    assert abstract_key("We  study.\n") == abstract_key("we study")
