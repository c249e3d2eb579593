"""Round h16w: the genre labels review 68 found the pattern missed, and one term for "Preface" and "Préface"."""
from __future__ import annotations

from collections import defaultdict

import pytest

from kg.similarity_links import PaperText, similar_links
from kg.similarity_words import ANY_LABEL, Terms, label_term


@pytest.mark.parametrize(("title", "expected"), [
    ("Keynote Speeches", ["genre_keynote_speech", ANY_LABEL]),  # the pattern took "speechs", not "speeches"
    ("Keynote Addresses", ["genre_keynote_address", ANY_LABEL]),
    ("Keynote Address", ["genre_keynote_address", ANY_LABEL]),
    ("Call-for-Papers", ["genre_call_for_papers", ANY_LABEL]),  # hyphens
    ("Calls for Papers", ["genre_call_for_papers", ANY_LABEL]),
    ("Letters to the Editors", ["genre_letter_to_the_editor", ANY_LABEL]),
    ("Letter to the Editor", ["genre_letter_to_the_editor", ANY_LABEL]),
    ("Tutorial Notes", ["genre_tutorial_notes", ANY_LABEL]),
    ("Préface", ["genre_preface", ANY_LABEL]),  # an accent made two terms
    ("Preface", ["genre_preface", ANY_LABEL]),
    ("Préface [Preface]", ["genre_preface", ANY_LABEL]),
    ("Préface [Foreword]", ["genre_preface", "genre_foreword", ANY_LABEL]),
])
def test_label_only_titles_terms(title, expected):
    assert Terms()((title, "")) == expected


@pytest.mark.parametrize(("title", "kept"), [
    ("Keynote Speeches: Zorbian Prosody", ["zorbian", "prosody"]),  # "speeches" was left as a word
    ("Zorb Tutorial Notes – Slides", ["zorb", "slides"]),  # "notes" was left as a word
    ("Clinical Notes of Zorbian Wards", ["clinical", "notes", "zorbian", "wards"]),  # notes, a topic: kept
    ("Tutorial Dialogue Notes", ["tutorial", "dialogue", "notes"]),  # tutorial dialogue, a topic: kept
    ("Call-for-Papers: Quaffle Workshop", ["quaffle", "workshop"]),
    ("Speeches of Zorbian Politicians", ["speeches", "zorbian", "politicians"]),
])
def test_labels_leave_the_topic_words(title, kept):
    assert [term for term in Terms()((title, "")) if " " not in term] == kept


def test_label_term_drops_accents():
    assert label_term("préface") == label_term("preface") == "genre_preface"
    assert label_term("préfaces") == "genre_preface"


def test_preface_pages_of_both_spellings_meet_each_other_first():
    """At main "Préface" and "Preface" were two terms: a "Preface" page met "Préface [Foreword]" no more than any
    other label-only page (on ``genre_~`` alone)."""
    titles = ["Préface", "Introduction", "Keynote address", "Erratum", "Preface", "Preface"]  # ties go by id
    papers = [PaperText(f"paper/{i}", title) for i, title in enumerate(titles)]
    papers += [PaperText("paper/z", "Zorbian Morphology Analysers"), PaperText("paper/y", "Zorbian Morphology")]
    near = defaultdict(list)
    for link in similar_links(papers, k=2):
        near[link.source].append((-link.score, link.target))
        near[link.target].append((-link.score, link.source))
    assert [paper for _, paper in sorted(near["paper/0"])[:2]] == ["paper/4", "paper/5"]
