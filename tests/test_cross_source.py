"""One graph across sources: the same paper from a page, an XML volume, JSONL and BibTeX is one node."""
from __future__ import annotations

import json
from pathlib import Path

from kg.pipeline import build, sample_inputs

DATA = Path(__file__).parent / "data"


def _papers(graph):
    return {node: data for node, data in graph.nodes(data=True) if data["kind"] == "paper"}


def _by_title(graph, start):
    (found,) = [(node, data) for node, data in _papers(graph).items() if (data["title"] or "").startswith(start)]
    return found


def test_a_paper_on_a_page_and_in_jsonl_is_one_node_with_both_sources():
    result = build([*sample_inputs(), DATA / "records" / "papers.jsonl"])
    node, clear = _by_title(result.graph, "CLEAR: Cross-Lingual")
    assert clear["sources"] == ["papers.jsonl", "underline/001_79d4ef1d02a9ca7d.txt"] or len(clear["sources"]) == 2
    assert any(s.endswith("papers.jsonl") for s in clear["sources"])
    assert any(s.startswith("underline/") for s in clear["sources"])
    assert clear["abstract"] and clear["country"]  # the page's facts survive the merge
    assert clear["year"] == 2026 and clear["extra"] == {"id": "clear-2026", "topic": "retrieval"}
    authors = [result.graph.nodes[p]["name"] for _, p, k in result.graph.out_edges(node, keys=True) if k == "creator"]
    assert authors == ["Ada Example", "Bo Example"]


def test_xml_and_jsonl_meet_on_doi_and_on_title_with_year(tmp_path):
    coach = tmp_path / "coach.jsonl"
    coach.write_text(json.dumps({"title": "COACH - a coarse to fine approach", "doi": "https://doi.org/10.18653/v1/2020.acl-main.3",
                                 "tags": ["slots"]}) + "\n", encoding="utf-8")
    result = build([DATA / "anthology", DATA / "records" / "papers.jsonl", coach])
    node, data = _by_title(result.graph, "Coach:")
    assert node == "paper/acl-2020-acl-main-3" or data["anthology_id"] == "2020.acl-main.3"
    assert sorted(data["sources"]) == ["anthology/2020.acl.trimmed.xml", "coach.jsonl"]
    assert data["extra"] == {"tags": '["slots"]'}
    _, eyes = _by_title(result.graph, "Eyes on the Parse")  # JSONL without abstract, same title and year
    assert len(eyes["sources"]) == 2 and eyes["doi"] == "10.9999/not-in-the-xml"


def test_same_title_different_years_stay_two_papers(tmp_path):
    records = tmp_path / "two.jsonl"
    records.write_text(
        '{"title": "Findings of the Shared Task", "year": 2019}\n{"title": "Findings of the Shared Task", "year": 2021}\n'
        '{"title": "Findings of the shared task"}\n', encoding="utf-8")
    result = build([records])
    titles = [d["year"] for d in _papers(result.graph).values()]
    assert sorted(titles) == [2019, 2021]


def test_different_anthology_ids_are_never_merged_by_title(tmp_path):
    records = tmp_path / "prefaces.jsonl"
    records.write_text('{"title": "Preface", "anthology_id": "W19-3500", "year": 2019}\n'
                       '{"title": "Preface", "anthology_id": "W19-3600", "year": 2019}\n', encoding="utf-8")
    assert len(_papers(build([records]).graph)) == 2


def test_curated_and_extracted_facts_are_told_apart():
    result = build([DATA / "anthology"])
    graph = result.graph
    node, _ = _by_title(graph, "How Do Image Description Systems Describe People")
    uses = {graph.nodes[v]["label"]: data for _, v, k, data in graph.out_edges(node, keys=True, data=True) if k == "uses"}
    assert uses["Flickr30k"]["extractor"] == "papers-with-code" and uses["Flickr30k"]["confidence"] == 1.0
    flickr = next(n for n, d in graph.nodes(data=True) if d.get("label") == "Flickr30k")
    assert graph.nodes[flickr]["kind"] == "dataset"
    assert graph.nodes[flickr]["same_as"] == ["https://paperswithcode.com/dataset/flickr30k"]
    extracted = [d for _, _, k, d in graph.edges(keys=True, data=True) if k in ("uses", "proposes")
                 and d["extractor"] != "papers-with-code"]
    assert extracted, "the entity extractor also runs on XML abstracts"


def test_venue_from_xml_and_from_a_record_is_one_node(tmp_path):
    record = tmp_path / "one.jsonl"
    record.write_text('{"title": "A paper presented at the workshop", "venue": "LANTERN 2020"}\n', encoding="utf-8")
    result = build([DATA / "anthology" / "2020.lantern.xml", record])
    venues = [d for _, d in result.graph.nodes(data=True) if d["kind"] == "venue"]
    assert [v["name"] for v in venues] == ["LANTERN 2020"]
    assert venues[0]["location"] == "Barcelona, Spain"


def test_bibtex_and_every_format_in_one_call():
    result = build([*sample_inputs(), DATA / "anthology", DATA / "records"])
    sources = {s for _, d in result.graph.nodes(data=True) for s in d.get("sources", ())}
    assert {"refs.bib", "papers.jsonl"} <= {Path(s).name for s in sources}
    assert result.problems == ()
    _, tiny = _by_title(result.graph, "TinyQA")
    assert tiny["authors"] == ["Eve Example", "Fay Example"]


def test_the_same_paper_meets_across_formats_on_arxiv_openalex_and_semantic_scholar_ids(tmp_path):
    """Records that share only a catalogue id (titles differ) are one paper; different ids keep papers apart."""
    arxiv = tmp_path / "arxiv.jsonl"
    arxiv.write_text(json.dumps({"id": "2305.04412", "title": "GlossRank (preprint title)", "categories": "cs.CL",
                                 "versions": [{"version": "v1", "created": "Mon, 8 May 2023 09:14:02 GMT"}]}) + "\n"
                     + json.dumps({"id": "2305.09999", "title": "Another paper", "categories": "cs.CL",
                                   "versions": [{"version": "v1", "created": "Mon, 8 May 2023 09:14:02 GMT"}]}) + "\n",
                     encoding="utf-8")
    s2 = tmp_path / "s2.json"
    s2.write_text(json.dumps({"paperId": "b" * 40, "title": "GlossRank for WSD", "year": 2023,
                              "externalIds": {"ArXiv": "2305.04412v2"}}), encoding="utf-8")
    openalex = tmp_path / "openalex.jsonl"
    openalex.write_text(json.dumps({"id": "https://openalex.org/W77", "display_name": "GlossRank, published",
                                    "publication_year": 2023, "authorships": []}) + "\n", encoding="utf-8")
    records = tmp_path / "mine.jsonl"
    records.write_text(json.dumps({"id": "g", "title": "My notes on GlossRank", "openalex_id": "W77",
                                   "semantic_scholar_id": "b" * 40}) + "\n"
                       + json.dumps({"title": "Another paper", "arxiv_id": "2305.08888"}) + "\n", encoding="utf-8")
    papers = _papers(build([arxiv, s2, openalex, records], similarity=False).graph)
    merged = [d for d in papers.values() if d.get("arxiv_id") == "2305.04412"]
    assert len(merged) == 1 and len(merged[0]["sources"]) == 4
    assert merged[0]["openalex_id"] == "W77" and merged[0]["semantic_scholar_id"] == "b" * 40
    assert sorted(d.get("arxiv_id") for d in papers.values() if d["title"] == "Another paper") == [
        "2305.08888", "2305.09999"]  # one title, two arXiv ids: two papers
