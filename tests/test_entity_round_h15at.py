"""Round h15at: single names written once and typed by nothing but the ``default`` rule, which the train slice uses
as data or something else more often than as a method (``extractors/entity_name_uses.py``, ``name_uses.txt``
made by ``scripts/build_name_evidence.py``), are no method or model; names the corpus uses as methods stay."""
from __future__ import annotations

from collections import Counter

import pytest
from script_modules import load_script

from extractors.entity_name_uses import NameUses, name_uses, used_otherwise
from extractors.entity_policy import DROP_REASONS

_MM = {"method", "model"}
_evidence = load_script("scripts/build_name_evidence.py", "kg_build_name_evidence_h15at")


@pytest.mark.parametrize(("text", "name"), [
    ("The lexicon follows a format defined by the W3C Voice Browser group.", "W3C"),
    ("This work describes AppTek's speech translation pipeline for the evaluation.", "AppTek"),
    ("Product question answering in E-Commerce platforms has drawn attention.", "E-Commerce"),
])
def test_name_the_corpus_uses_otherwise_is_no_method(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert entity_labels(text).get(name) not in _MM


@pytest.mark.parametrize(("text", "name"), [
    ("Our classifier outperforms CoT on the test set.", "CoT"),
    ("Our classifier outperforms AS2 on the test set.", "AS2"),
])
def test_name_the_corpus_uses_as_a_method_stays(entity_labels, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """Names the rule reaches (single, untyped, written once) that the table holds as mostly methods (had the
    table said otherwise they would be dropped: checked by patching ``used_otherwise``)."""
    assert name in name_uses() and used_otherwise(name) is None
    assert entity_labels(text).get(name) in _MM


def test_the_same_names_go_when_the_table_says_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """What makes the test above able to fail: the rule does reach these names."""
    import extractors.entity_policy
    from extractors.entities import build_pipeline

    monkeypatch.setattr(extractors.entity_policy, "used_otherwise", lambda name, table=None: "other")
    nlp = build_pipeline()
    for name in ("CoT", "AS2"):
        labels = {span.text: span.label_ for span in nlp(f"Our classifier outperforms {name} on the test set.")
                  .spans["kg_entities"]}
        assert labels.get(name) not in _MM


def test_the_reason_is_named() -> None:
    assert DROP_REASONS[-1] == "corpus_use" and len(set(DROP_REASONS)) == len(DROP_REASONS)


def test_shipped_table_reads_as_counts() -> None:
    table = name_uses()
    assert len(table) > 1000
    assert all(entry.uses >= max(entry.method, entry.data, entry.other) for entry in table.values())
    assert all(entry.data + entry.other > 0 for entry in table.values())


@pytest.mark.parametrize(("counts", "expected"), [
    (NameUses(9, 1, 0, 4), "other"),
    (NameUses(9, 1, 4, 0), "data"),
    (NameUses(9, 3, 2, 1), None),  # as often a method as not
    (NameUses(2, 0, 2, 0), None),  # too rare to say
])
def test_used_otherwise_thresholds(counts: NameUses, expected: str | None) -> None:
    assert used_otherwise("Quux", {"Quux": counts}) == expected


def test_collect_counts_contexts_past_a_sentence_start() -> None:
    texts = ["We fine-tuned Zorbix on the Quuxa project data. Zorbix is fast.",
             "The Quuxa project funds it. We thank Quuxa et al. for the Quuxa treebank."]
    counts = _evidence.collect(texts)
    assert counts["Zorbix"] == Counter(uses=1, method=1)  # the second "Zorbix" opens a sentence: not read
    assert counts["Quuxa"] == Counter(uses=4, other=3, data=1)  # "The Quuxa project" opens no sentence
    assert _evidence.table_lines(counts) == ["Quuxa\t4\t0\t1\t3"]
