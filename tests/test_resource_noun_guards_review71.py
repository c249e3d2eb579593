"""Guards on round h15cl's resource nouns (review71, issue 15).

Round h15cl let "lexicon" and "database" announce a dataset ("Zorbalex is a lexicon of ...") and type a name right
after a singular lexicon / database / collection / test-set noun. Two shapes it let through: a dataset noun that
only opens a hyphenated modifier ("Zorbwic is a lexicon-based analyzer": a tool, not a lexicon), and one part of a
longer all-capital name right after the noun ("the Italian lexicon ZAROLE SIMPLE KLIPS": ZAROLE alone typed a
dataset). Names are made up.
"""
from __future__ import annotations

import pytest


@pytest.fixture(scope="module", params=["rules", "combined"])
def nlp(request):  # type: ignore[no-untyped-def]
    from extractors.entities import build_pipeline
    return build_pipeline(request.param)


def _kinds(nlp, text: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    from extractors.entities import iter_entities
    return {e.span.text: e.span.label_ for e in iter_entities(nlp(text))}


@pytest.mark.parametrize(("text", "name"), [
    ("Zorbwic is a lexicon-based sentiment analyzer for short social media texts in German.", "Zorbwic"),
    ("Klaxwic is a corpus-based spelling checker for learners of Danish and Swedish.", "Klaxwic"),
    ("Zorbase is a database-backed annotation tool for linguists.", "Zorbase"),
])
def test_a_noun_opening_a_hyphenated_modifier_announces_no_dataset(  # type: ignore[no-untyped-def]
        nlp, text: str, name: str) -> None:
    assert _kinds(nlp, text).get(name) != "dataset"


@pytest.mark.parametrize(("text", "part"), [
    ("The Italian lexicon ZAROLE SIMPLE KLIPS provides semantic information for nouns and verbs.", "ZAROLE"),
    ("We query the lexical database ZORB NET for synonyms of each verb.", "ZORB"),
])
def test_a_part_of_a_longer_capitalised_name_is_not_typed_by_the_noun(  # type: ignore[no-untyped-def]
        nlp, text: str, part: str) -> None:
    assert _kinds(nlp, text).get(part) != "dataset"


@pytest.mark.parametrize(("text", "name"), [
    ("Zorbalex is a lexicon of German discourse connectives with their senses.", "Zorbalex"),
    ("We follow the format of the German connective lexicon ZorbLex.", "ZorbLex"),
    ("We map semantic roles from the valency lexicon Zorbenty onto the wordnet structure.", "Zorbenty"),
    ("We evaluate on the benchmark ZB8K and report accuracy.", "ZB8K"),
    # the guard takes only a run of all-capital words: a capitalised word after the name may be its rest, and the
    # part is still a dataset, not a false method
    ("The papers were found in the academic database ZiNii Articles.", "ZiNii"),
])
def test_the_round_cases_stay_datasets(nlp, text: str, name: str) -> None:  # type: ignore[no-untyped-def]
    assert _kinds(nlp, text).get(name) == "dataset"
