"""Markup inside an abstract the reader keeps as it is (the Anthology's abstracts write ``**Auto-ACE**``,
``\\textit{...}``, ``F_{1}``): extraction reads the abstract without it, and each mention's offsets still point at
the abstract's own characters."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extractors.markup import clean_markup
from extractors.mentions import extract_mentions
from extractors.readers import detect_format, read_records
from ontology.records import Paper, Provenance

ANTHOLOGY = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "anthology"


def _mentions(abstract: str) -> list[tuple[str, str, str]]:
    paper = Paper(ref="p", abstract=abstract, provenance=Provenance("a.xml"))
    found = []
    for mention in extract_mentions([paper]):
        start, end = mention.provenance.start, mention.provenance.end
        assert clean_markup(abstract[start:end]).text == mention.name  # the name's own characters, markup aside
        found.append((mention.name, mention.kind.value, mention.relation.value))
    return found


def test_a_name_in_markdown_emphasis_is_read_without_its_asterisks() -> None:
    assert ("Zorbview", "dataset", "proposes") in _mentions(
        "We introduce **Zorbview**—a large-scale corpus of 100K dialogues.")  # nothing was found with the asterisks
    found = _mentions("We developed **Gen**erative **D**ata Augmentation for Zorb Summarization (**GENZORB**).")
    assert found and not [name for name, _, _ in found if "*" in name]  # was "D**ata Augmentation ..."


def test_latex_subscripts_and_text_commands_leave_no_braces_in_names() -> None:
    found = _mentions(r"We fine-tune XLM-R_{\text{Base}} and report the \textit{macro} F_{1} score on SQuAD.")
    names = {name for name, _, _ in found}
    assert "XLM-R_Base" in names
    assert not [name for name in names if set(name) & set("{}\\")]


def test_an_abstract_without_markup_is_read_as_it_is() -> None:
    abstract = "We evaluate BERT on SQuAD (p < 0.05) with F1."
    found = _mentions(abstract)
    assert ("SQuAD", "dataset", "uses") in found


def test_the_anthology_abstracts_with_markdown_give_names_without_it() -> None:
    source = ANTHOLOGY / "2024.sighan.xml"
    if not source.is_file():
        pytest.skip("../shared/corpus/anthology is not present")
    text = source.read_text(encoding="utf-8")
    records = read_records(text, source=source.name, format=detect_format(source.name, text))
    abstracts = {paper.ref: paper.abstract for paper in records.papers}
    names = set()
    for mention in records.mentions:
        abstract, start, end = abstracts[mention.paper_ref], mention.provenance.start, mention.provenance.end
        if abstract and mention.provenance.sentence and mention.provenance.sentence in clean_markup(abstract).text:
            assert clean_markup(abstract[start:end]).text == mention.name, mention  # offsets in the abstract
            names.add(mention.name)
    assert not [name for name in names if "*" in name]
    assert "Auto-ACE" in names  # "an automatic answer correctness evaluation method named **Auto-ACE**"


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("an A* parser and A* search", "an A* parser and A* search"),  # an asterisk that closes nothing stays
        ("the O*NET taxonomy and tf*idf weights from O*NET", "the O*NET taxonomy and tf*idf weights from O*NET"),
        ("on DSTC7 and DSTC8*, with results on *PRO*.", "on DSTC7 and DSTC8*, with results on PRO."),
        ("**L**arge **L**anguage **M**odel", "Large Language Model"),
        ("F**a**cts and **i**nteractive", "Facts and interactive"),  # bold inside a word is still emphasis
        ("***M**ulti-**G**ranularity (**MGFiD**)*, a", "Multi-Granularity (MGFiD), a"),
        ("it costs $20 and $30 per hour", "it costs $20 and $30 per hour"),  # pandoc's rule: no math
        ("the Dutch$German direction with $F_1$", "the Dutch$German direction with F_1"),
        ("between $10-$20 per hour, $ x$ and $y $", "between $10-$20 per hour, $ x$ and $y $"),  # no math
        ("**a *b** c*", "a *b c*"),  # the strong run closes; the single one opened inside it is forgotten
        ("****x**** and *y*", "****x**** and y"),  # a run of four is no emphasis
        ("*see https://x.org/a* b*", "see https://x.org/a* b"),  # an address's asterisk pairs with nothing
        ("we pay $5, see http://x.org/a$b", "we pay $5, see http://x.org/a$b"),
        ("We use *Equal weights.\n\nThen GLR* parses.", "We use *Equal weights.  Then GLR* parses."),  # a paragraph
        ("a $x\n\ny$ b", "a $x  y$ b"),
        ("We use *Equal weights.\r\n\r\nThen GLR* parses.", "We use *Equal weights.    Then GLR* parses."),
        ("a $x\r\n\r\ny$ b", "a $x    y$ b"),
        ("*" + "a" * 300 + "*", "*" + "a" * 300 + "*"),  # farther apart than any emphasis reaches
    ],
)
def test_emphasis_and_math_are_removed_only_in_pairs(text: str, clean: str) -> None:
    assert clean_markup(text).text == clean


def test_a_lone_asterisk_is_not_cut_out_of_a_product_between_names() -> None:
    found = {name for name, _, _ in _mentions("We describe a workbench and tune the M1*M2 parameters.")}
    assert "M1M2" not in found  # the asterisk was removed and the two factors read as one name


def test_has_markup_is_true_for_math_alone() -> None:
    from extractors.markup import has_markup

    assert has_markup("we report $F_1$ on SQuAD")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="ab *$_{}\\\n:/.hx0%", max_size=40))
def test_clean_markup_changes_only_what_has_markup_flags(text: str) -> None:
    from extractors.markup import has_markup

    if clean_markup(text).text != text.replace("\n", " "):
        assert has_markup(text)
