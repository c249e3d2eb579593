"""The bibliographic formats researchers already have: OpenAlex, Semantic Scholar, arXiv, CSL-JSON, RIS, BibTeX.

Each sample in ``tests/data/records/`` follows its format's public
documentation (made-up papers, real shapes); the last test builds one file of
each format into one graph.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from extractors.arxiv_metadata import read_arxiv_metadata
from extractors.bibtex import detex, read_bibtex
from extractors.csl_json import read_csl_json
from extractors.openalex import abstract_from_inverted_index, read_openalex
from extractors.readers import detect_format
from extractors.ris import read_ris
from extractors.semantic_scholar import read_semantic_scholar
from extractors.venue_names import container_venue
from kg.pipeline import build

RECORDS = Path(__file__).parent / "data" / "records"
GLOSS = "GlossRank: Sparse Gloss Retrieval for Low-Resource Word Sense Disambiguation"
GLOSS_ABSTRACT = ("We propose GlossRank, a sparse retrieval method for word sense disambiguation. "
                  "Experiments on SemCor show that GlossRank outperforms BM25 on rare senses.")
SAMPLES = ("anthology_refs.bib", "arxiv_snapshot.jsonl", "mendeley_export.ris", "openalex_works.json",
           "semantic_scholar_batch.json", "zotero_items.csl.json")


def _read(name: str, reader):
    return reader((RECORDS / name).read_text(encoding="utf-8"), source=name)


def _by_title(records, start):
    (paper,) = [p for p in records.papers if (p.title or "").startswith(start)]
    return paper


# ----------------------------------------------------------------------------- BibTeX


def test_bibtex_latex_names_are_decoded_not_corrupted():
    records = _read("anthology_refs.bib", read_bibtex)
    assert records.problems == []
    gloss = _by_title(records, "GlossRank")
    assert gloss.authors == ("María García", "Jiří Dvořák")  # not "Mar\\'a Garc\\'a", not "Jir\\' Dvorák"
    assert gloss.title == GLOSS and gloss.abstract == GLOSS_ABSTRACT
    tiny = _by_title(records, "Tiny Treebanks")
    assert tiny.title == "Tiny Treebanks: Parsing Czech with 10% of the Data"  # math and \\% as text


def test_bibtex_booktitles_and_journals_become_venues():
    records = _read("anthology_refs.bib", read_bibtex)
    venues = {p.title.split(":")[0]: p.venue for p in records.papers}
    assert venues == {"GlossRank": "Findings of ACL 2023", "CaliRank": "ACL 2023",
                      "Probing Multilingual Encoders for Case Marking": "TACL 2023", "Tiny Treebanks": None}
    assert [(v.name, v.series, v.year) for v in records.venues] == [
        ("Findings of ACL 2023", "Findings of ACL", 2023), ("ACL 2023", "ACL", 2023), ("TACL 2023", "TACL", 2023)]
    calirank = _by_title(records, "CaliRank")
    assert calirank.booktitle.startswith("Proceedings of the 61st Annual Meeting")
    assert calirank.anthology_id == "2023.acl-long.207"  # from the Anthology URL
    assert _by_title(records, "Tiny Treebanks").arxiv_id == "2210.01871"  # from "arXiv preprint arXiv:…"


def test_bibtex_braced_and_keeps_a_name_whole_and_others_is_no_person():
    text = "@misc{k, title={T}, author={{Barnes and Noble} and van der Berg, Jr., Ann and others}}"
    assert read_bibtex(text, source="x.bib").papers[0].authors == ("Barnes and Noble", "Ann van der Berg Jr.")


@pytest.mark.parametrize(("latex", "text"), [
    (r"Garc{\'\i}a, Mar{\'\i}a", "García, María"),
    (r"Dvo{\v{r}}{\'a}k, Ji{\v{r}}{\'\i}", "Dvořák, Jiří"),
    (r"M{\"u}ller and {\AA}se", "Müller and Åse"),
    (r"improves F1 by 5% on {CoNLL}-2003", "improves F1 by 5% on CoNLL-2003"),  # a bare % is no comment
])
def test_detex(latex, text):
    assert detex(latex) == text


@pytest.mark.parametrize(("title", "year", "journal", "name"), [
    ("Findings of the Association for Computational Linguistics: ACL 2023", 2023, False, "Findings of ACL 2023"),
    ("Findings of the Association for Computational Linguistics: EMNLP 2020", 2020, False, "Findings of EMNLP 2020"),
    ("Proceedings of the 61st Annual Meeting of the Association for Computational Linguistics", 2023, False, "ACL 2023"),
    (("Proceedings of the 59th Annual Meeting of the Association for Computational Linguistics and the 11th "
     "International Joint Conference on Natural Language Processing (Volume 1: Long Papers)"), 2021, False, "ACL 2021"),
    (("Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational "
     "Linguistics: Human Language Technologies, Volume 1 (Long and Short Papers)"), 2019, False, "NAACL 2019"),
    ("Proceedings of the 28th International Conference on Computational Linguistics", 2020, False, "COLING 2020"),
    ("Advances in Neural Information Processing Systems", 2017, False, "NeurIPS 2017"),
    ("Computational Linguistics", 2020, True, "CL 2020"),
    ("Journal of Examples", 2020, True, "Journal of Examples"),
    ("Proceedings of the Third Workshop on Abusive Language Online", 2019, False,
     "Third Workshop on Abusive Language Online 2019"),  # the way the Anthology XML reader names it
    ("Proceedings of the 1st Workshop on Toy Tasks (TOY-2021)", 2021, False, "TOY 2021"),
])
def test_container_titles_name_the_venue(title, year, journal, name):
    assert container_venue(title, year, journal=journal).name == name


def test_preprint_servers_are_no_venue():
    assert container_venue("arXiv preprint arXiv:2210.01871", 2022, journal=True) is None
    assert container_venue("CoRR", 2022, journal=True) is None


# ----------------------------------------------------------------------------- OpenAlex


def test_openalex_result_page():
    records = _read("openalex_works.json", read_openalex)
    assert records.problems == []
    gloss = _by_title(records, "GlossRank")
    assert gloss.abstract == GLOSS_ABSTRACT  # rebuilt from abstract_inverted_index
    assert gloss.authors == ("María García", "Jiří Dvořák")
    assert (gloss.openalex_id, gloss.doi, gloss.year) == ("W4385573412", "10.18653/v1/2023.findings-acl.412", 2023)
    assert gloss.arxiv_id == "2305.04412" and gloss.anthology_id == "2023.findings-acl.412"
    assert gloss.venue == "Findings of ACL 2023" and gloss.keywords == ("Word Sense Disambiguation",)
    assert gloss.provenance.line == 10  # the line where the work starts in the page
    assert _by_title(records, "Probing").venue == "TACL 2023"


def test_openalex_single_work_and_snapshot_lines_read_the_same():
    page = json.loads((RECORDS / "openalex_works.json").read_text(encoding="utf-8"))
    single = json.dumps(page["results"][0], indent=2)
    snapshot = "".join(json.dumps(work) + "\n" for work in page["results"]) + '{"id": "https://openalex.org/W1"\n'
    assert detect_format("W4385573412.json", single) == detect_format("part_000.jsonl", snapshot) == "openalex"
    (one,) = read_openalex(single, source="w.json").papers
    lines = read_openalex(snapshot, source="part_000")
    assert [p.title for p in lines.papers] == [one.title, "Probing Multilingual Encoders for Case Marking"]
    assert lines.papers[0].abstract == one.abstract and lines.papers[1].provenance.line == 2
    (problem,) = lines.problems
    assert problem.line == 3 and "not a JSON object" in problem.message


def test_an_arxiv_only_openalex_work_has_no_venue():
    work = {"id": "https://openalex.org/W9", "display_name": "Preprint", "publication_year": 2024,
            "doi": "https://doi.org/10.48550/arxiv.2401.00009",
            "primary_location": {"source": {"display_name": "arXiv (Cornell University)", "type": "repository"}}}
    (paper,) = read_openalex(json.dumps(work), source="w.json").papers
    assert paper.venue is None and paper.arxiv_id == "2401.00009"


def test_inverted_index_order():
    assert abstract_from_inverted_index({"b": [1], "a": [0, 2]}) == "a b a"
    assert abstract_from_inverted_index(None) is None


# ----------------------------------------------------------------------------- Semantic Scholar


def test_semantic_scholar_batch():
    records = _read("semantic_scholar_batch.json", read_semantic_scholar)
    assert records.problems == []
    gloss = _by_title(records, "GlossRank")
    assert gloss.semantic_scholar_id == "3f5c0a9e1d2b4c6a8e0f1a2b3c4d5e6f7a8b9c0d"
    assert (gloss.arxiv_id, gloss.anthology_id, gloss.doi) == ("2305.04412", "2023.findings-acl.412",
                                                              "10.18653/v1/2023.findings-acl.412")
    assert gloss.venue == "Findings of ACL 2023"  # the journal name says Findings, not the main conference
    assert _by_title(records, "CaliRank").venue == "ACL 2023"


def test_semantic_scholar_search_page_and_missing_papers():
    page = {"total": 2, "offset": 0, "next": 2, "data": [{"paperId": "a" * 40, "title": "One"}, None]}
    records = read_semantic_scholar(json.dumps(page, indent=1), source="search.json")
    assert [p.title for p in records.papers] == ["One"]
    assert [problem.message for problem in records.problems] == ["a JSON value that is not an object; skipped"]


# ----------------------------------------------------------------------------- arXiv


def test_arxiv_snapshot_lines():
    records = _read("arxiv_snapshot.jsonl", read_arxiv_metadata)
    assert records.problems == []
    gloss, tiny = records.papers
    assert gloss.arxiv_id == "2305.04412" and gloss.year == 2023  # the first version's date
    assert gloss.title == GLOSS and gloss.abstract == GLOSS_ABSTRACT
    assert gloss.authors == ("María García", "Jiří Dvořák") and gloss.url == "https://arxiv.org/abs/2305.04412"
    assert dict(gloss.extra)["arxiv_categories"] == "cs.CL cs.IR"
    assert tiny.authors == ("Jiří Dvořák", "Ann Lee") and tiny.year == 2022  # LaTeX in authors_parsed decoded


def test_arxiv_authors_string_is_split_when_not_parsed():
    line = {"id": "0704.0001", "authors": "C. Bal\\'azs, E. L. Berger, P. M. Nadolsky and C.-P. Yuan", "title": "T",
            "categories": "hep-ph", "versions": [{"version": "v1", "created": "Mon, 2 Apr 2007 19:18:42 GMT"}]}
    (paper,) = read_arxiv_metadata(json.dumps(line), source="a.jsonl").papers
    assert paper.authors == ("C. Balázs", "E. L. Berger", "P. M. Nadolsky", "C.-P. Yuan") and paper.year == 2007


# ----------------------------------------------------------------------------- CSL-JSON and RIS


def test_csl_json_from_zotero():
    records = _read("zotero_items.csl.json", read_csl_json)
    assert records.problems == []
    calirank, probing = records.papers
    assert calirank.authors == ("Ann Lee", "María García") and calirank.venue == "ACL 2023"
    assert calirank.anthology_id == "2023.acl-long.207" and calirank.provenance.line == 2
    assert probing.title == "Probing Multilingual Encoders for Case Marking"  # <i> removed
    assert probing.venue == "TACL 2023" and probing.keywords == ("probing", "morphology", "multilingual")


def test_ris_from_mendeley():
    records = _read("mendeley_export.ris", read_ris)
    assert records.problems == []
    gloss, probing = records.papers
    assert gloss.abstract == GLOSS_ABSTRACT  # a continuation line joins its value
    assert gloss.authors == ("María García", "Jiří Dvořák") and gloss.venue == "Findings of ACL 2023"
    assert gloss.keywords == ("word sense disambiguation", "sparse retrieval") and gloss.provenance.line == 1
    assert probing.venue == "TACL 2023" and probing.provenance.line == 20


def test_ris_records_without_title_or_end_are_named():
    text = "TY  - JOUR\nAU  - Lee, Ann\nER  - \n\nTY  - JOUR\nTI  - Cut short\n"
    records = read_ris(text, source="x.ris")
    assert [p.title for p in records.papers] == ["Cut short"]
    assert [(p.line, p.message.split(";")[0]) for p in records.problems] == [
        (1, "a record with no title and no abstract"), (5, "the file ends inside a record (no ER line)")]


# ----------------------------------------------------------------------------- detection and the one graph


@pytest.mark.parametrize(("text", "expected"), [
    ('{"title": "A", "id": "x1", "type": "paper"}\n', "jsonl"),  # not a CSL type
    ('{"title": "A", "authors": "Ann Lee"}\n', "jsonl"),
    ('[{"id": "a", "type": "article-journal", "title": "A", "issued": {"date-parts": [[2020]]}}]', "csl-json"),
    ('{"paperId": "' + "0" * 40 + '", "title": "A"}', "semantic-scholar"),
    ("TY  - JOUR\nTI  - A\nER  - \n", "ris"),
    ("Notes about TY  - JOUR\n", "lecture-page"),
])
def test_detection_of_json_shapes(text, expected):
    assert detect_format("input.txt", text) == expected


def test_one_file_of_each_format_builds_one_graph():
    result = build([RECORDS / name for name in SAMPLES], similarity=False)
    graph = result.graph
    assert result.problems == ()
    nodes = {kind: {n: d for n, d in graph.nodes(data=True) if d["kind"] == kind}
             for kind in ("paper", "person", "venue", "method", "dataset", "model")}
    assert sorted(d["title"] for d in nodes["paper"].values()) == [
        "CaliRank: Calibrated Ranking Losses for Dense Passage Retrieval", GLOSS,
        "Probing Multilingual Encoders for Case Marking", "Tiny Treebanks: Parsing Czech with 10% of the Data"]
    assert sorted(d["name"] for d in nodes["person"].values()) == ["Ann Lee", "Jiří Dvořák", "María García"]
    assert sorted(d["name"] for d in nodes["venue"].values()) == ["ACL 2023", "Findings of ACL 2023", "TACL 2023"]
    (gloss,) = [d for d in nodes["paper"].values() if d["title"] == GLOSS]
    assert gloss["sources"] == ["anthology_refs.bib", "arxiv_snapshot.jsonl", "mendeley_export.ris",
                                "openalex_works.json", "semantic_scholar_batch.json"]
    assert (gloss["arxiv_id"], gloss["openalex_id"], gloss["anthology_id"]) == (
        "2305.04412", "W4385573412", "2023.findings-acl.412")
    labels = {d["label"] for kind in ("method", "dataset", "model") for d in nodes[kind].values()}
    assert {"GlossRank", "CaliRank", "SemCor", "MS MARCO", "Universal Dependencies"} <= labels
    assert "mBERT" in {d["label"] for d in nodes["model"].values()}


def test_catalogue_ids_in_rdf_are_identifiers_and_same_as_links():
    from exports.rdf_nodes import node_triples
    from exports.rdf_terms import KG_IRI, SCHEMA_IRI

    triples = node_triples("paper/x", {"kind": "paper", "label": "X", "arxiv_id": "2305.04412",
                                       "openalex_id": "W4385573412", "semantic_scholar_id": "a" * 40})
    by_predicate = {(p, o if isinstance(o, str) else o.lexical) for _, p, o in triples}
    assert {(KG_IRI.arxivId, "2305.04412"), (KG_IRI.openAlexId, "W4385573412"),
            (SCHEMA_IRI.sameAs, "https://arxiv.org/abs/2305.04412"),
            (SCHEMA_IRI.sameAs, "https://openalex.org/W4385573412"),
            (SCHEMA_IRI.sameAs, "https://www.semanticscholar.org/paper/" + "a" * 40)} <= by_predicate
