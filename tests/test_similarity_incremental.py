"""A rebuild's similarity search (kg.similarity_incremental) gives the links of a search of all papers.

On made-up papers (with ties, papers without text, entities, links a source
states, min_score), after adding, changing and removing papers, the links
and every attribute equal those of a search without a state, while only the
rows a change reaches are searched again; a damaged or mismatched state
means the full search; a build killed in the stage and run again writes the
outputs of a fresh build.  End to end, ``kg build`` into the same folder on
the bundled sample pages and on volumes of ../shared's Anthology (skipped
where it is absent) writes graph.ttl, graph.json and the tables byte for byte
as a fresh build does.
"""
from __future__ import annotations

import random
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
from click.testing import CliRunner

import kg.similarity_incremental as incremental
import kg.similarity_links as similarity_links
from kg import similarity_reasons
from kg.cli import main
from kg.outputs import CACHE_FOLDER
from kg.similarity import add_similarity_edges
from kg.similarity_incremental import STATE_FILE, last_search
from kg.similarity_links import links_and_reasons
from kg.similarity_vectors import PaperText

ROOT = Path(__file__).resolve().parents[1]
ANTHOLOGY = ROOT.parent / "shared" / "corpus" / "anthology"
UNDERLINE = ROOT.parent / "shared" / "corpus" / "underline"

WORDS = ("neural machine translation parsing dependency graph network speech recognition sentiment analysis corpus "
         "annotation dialogue question answering retrieval summarization entity linking lexical semantics "
         "morphology tagging").split()
ENTITIES = ("dataset/squad", "dataset/wmt14", "task/parsing", "model/bert", "method/lstm", "task/qa", "metric/bleu")


def _paper(rng: random.Random, number: int) -> PaperText:
    """A made-up paper: some have no text, some only entities, a tenth the same title (ties)."""
    if rng.random() < 0.1:
        return PaperText(f"paper/{number:04d}", "neural machine translation")
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4))) or None
    abstract = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 30))) if rng.random() < 0.7 else None
    return PaperText(f"paper/{number:04d}", title, abstract, tuple(sorted(rng.sample(ENTITIES, rng.randint(0, 3)))))


def _links(papers: dict[str, PaperText], state: Path | None, **options) -> list[tuple]:
    links, _ = links_and_reasons([papers[key] for key in sorted(papers)], state=state, **options)
    return [tuple(vars(link).values()) for link in links]


def _corpus(seed: int, count: int = 240) -> tuple[random.Random, dict[str, PaperText]]:
    rng = random.Random(seed)
    return rng, {paper.id: paper for paper in (_paper(rng, number) for number in range(count))}


# --- made-up papers -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_added_changed_and_removed_papers_give_the_links_of_a_full_search(tmp_path: Path, seed: int) -> None:
    rng, papers = _corpus(seed)
    state = tmp_path / STATE_FILE
    assert _links(papers, state) == _links(papers, None)
    assert last_search().full == "no state" and last_search().searched == last_search().rows  # everything
    number = len(papers)
    for step in range(12):
        kind = ("add", "change", "remove", "all")[step % 4]
        for _ in range(rng.randint(1, 3)):
            if kind in ("add", "all"):
                papers[f"paper/{number:04d}"] = _paper(rng, number)
                number += 1
            if kind in ("change", "all"):
                key = rng.choice(sorted(papers))
                changed = _paper(rng, 0)
                papers[key] = PaperText(key, changed.title, changed.abstract, changed.entities)
            if kind in ("remove", "all"):
                papers.pop(rng.choice(sorted(papers)))
        assert _links(papers, state) == _links(papers, state=None), (step, kind)


def test_adding_one_paper_searches_one_row_and_scores_it_against_the_others(tmp_path: Path) -> None:
    _, papers = _corpus(3)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    papers["paper/9999"] = PaperText("paper/9999", "Dependency parsing of speech", "We parse speech transcripts.",
                                     ("task/parsing",))
    rebuilt = _links(papers, state)
    report = last_search()
    assert (report.searched, report.changed, report.gone, report.full) == (1, 1, 0, "")
    assert report.kept == report.rows - 1
    assert rebuilt == _links(papers, None)
    assert any("paper/9999" in link[:2] for link in rebuilt)


def test_the_reasons_of_links_between_unchanged_papers_come_from_the_state(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _, papers = _corpus(15)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    explained: list[int] = []
    rows = similarity_reasons.Explainer.rows

    def counted(self, a, b):
        explained.append(len(a))
        return rows(self, a, b)

    monkeypatch.setattr(similarity_reasons.Explainer, "rows", counted)
    papers["paper/9999"] = PaperText("paper/9999", "Dependency parsing of speech", "We parse speech transcripts.",
                                     ("task/parsing",))
    rebuilt = _links(papers, state)
    # worked out again: the new paper's links, and those of papers the search has no row for (only stop words)
    assert 0 < sum("paper/9999" in link[:2] for link in rebuilt) <= sum(explained) < len(rebuilt) // 10
    explained.clear()
    assert _links(papers, None) == rebuilt and sum(explained) == len(rebuilt)


def test_a_removed_paper_searches_again_only_the_rows_that_had_it_as_a_candidate(tmp_path: Path) -> None:
    _, papers = _corpus(4)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    papers.pop(sorted(papers)[7])
    rebuilt = _links(papers, state)
    report = last_search()
    assert report.gone == 1 and 0 < report.searched < report.rows // 2
    assert rebuilt == _links(papers, None)


def test_an_unchanged_corpus_searches_nothing(tmp_path: Path) -> None:
    _, papers = _corpus(5)
    state = tmp_path / STATE_FILE
    first = _links(papers, state)
    assert _links(papers, state) == first
    assert (last_search().searched, last_search().kept) == (0, last_search().rows)


@pytest.mark.parametrize("options", [{"k": 2}, {"k": 7, "min_score": 0.1}, {"bases": ("text",)},
                                     {"bases": ("entities",)}, {"entity_weight": 1.0}])
def test_other_options_give_the_links_of_a_full_search(tmp_path: Path, options: dict) -> None:
    rng, papers = _corpus(6)
    state = tmp_path / STATE_FILE
    _links(papers, state, **options)
    for number in range(1000, 1003):
        papers[f"paper/{number}"] = _paper(rng, number)
    papers.pop(sorted(papers)[3])
    assert _links(papers, state, **options) == _links(papers, None, **options)
    assert last_search().full == ""


def test_a_state_made_with_other_options_means_the_full_search(tmp_path: Path) -> None:
    _, papers = _corpus(7)
    state = tmp_path / STATE_FILE
    _links(papers, state, k=3)
    assert _links(papers, state, k=4) == _links(papers, None, k=4)
    assert last_search().full == "another kg, options or code"
    _links(papers, state, k=4)
    assert last_search().full == ""  # the full search wrote a state for k=4


def _damage_zip(path: Path) -> None:
    """Rewrite one array of the state with other values (a whole, readable file that lies)."""
    with np.load(path, allow_pickle=False) as data:
        arrays = {name: data[name] for name in data.files}
    arrays["cosines"] = arrays["cosines"] + 1
    np.savez(path, **arrays)


@pytest.mark.parametrize("damage", [
    lambda path: path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2]),  # cut short
    lambda path: path.write_bytes(b"not a state"),
    _damage_zip,
    lambda path: path.write_bytes(path.read_bytes().replace(b"paper/0001", b"paper/0002", 1)),  # corrupted names
])
def test_a_damaged_state_means_the_full_search(tmp_path: Path, damage: Callable[[Path], None]) -> None:
    rng, papers = _corpus(8)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    papers["paper/9999"] = _paper(rng, 9999)
    damage(state)
    assert _links(papers, state) == _links(papers, None)
    assert last_search().full and last_search().searched == last_search().rows


def test_a_state_whose_file_lies_about_its_candidates_is_refused(tmp_path: Path) -> None:
    """The checksum covers every array: candidates out of range or changed scores are not used."""
    _, papers = _corpus(9)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    with zipfile.ZipFile(state) as archive:
        assert sorted(archive.namelist()) == sorted(f"{name}.npy" for name in incremental._ARRAYS)
    _damage_zip(state)
    _links(papers, state)
    assert last_search().full == "damaged state"


def test_a_state_that_is_a_link_is_not_followed(tmp_path: Path) -> None:
    _, papers = _corpus(10)
    real = tmp_path / "real.npz"
    _links(papers, real)
    link = tmp_path / STATE_FILE
    link.symlink_to(real)
    _links(papers, link)
    assert last_search().full == "no state"
    assert not link.is_symlink()  # replaced by a file of its own


def test_a_search_that_fails_leaves_the_previous_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng, papers = _corpus(11)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    before = state.read_bytes()
    papers["paper/9999"] = _paper(rng, 9999)

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(incremental, "pool_search", killed)
    with pytest.raises(KeyboardInterrupt):
        _links(papers, state)
    assert state.read_bytes() == before
    monkeypatch.undo()
    assert _links(papers, state) == _links(papers, None)
    assert last_search().searched == 1


# --- graphs: links sources state, papers without text -------------------------------------------------------------


def _graph(papers: dict[str, PaperText], stated: list[tuple[str, str]]) -> nx.MultiDiGraph:
    graph = nx.MultiDiGraph()
    for paper in sorted(papers):
        text = papers[paper]
        graph.add_node(paper, kind="paper", title=text.title, abstract=text.abstract)
        for entity in text.entities:
            graph.add_node(entity, kind=entity.split("/")[0])
            graph.add_edge(paper, entity, key="uses", relation="uses")
    for a, b in stated:
        if a in papers and b in papers:
            graph.add_edge(a, b, key="similarTo", relation="similarTo", source="page.txt")
    return graph


def _edges(graph: nx.MultiDiGraph) -> list[tuple]:
    return sorted((u, v, key, repr(sorted(data.items()))) for u, v, key, data in graph.edges(keys=True, data=True))


def test_graphs_with_stated_links_get_the_edges_of_a_full_search(tmp_path: Path) -> None:
    rng, papers = _corpus(12, 150)
    names = sorted(papers)
    stated = [(names[1], names[2]), (names[40], names[5]), (names[60], names[61])]
    state = tmp_path / STATE_FILE
    add_similarity_edges(_graph(papers, stated), state=state)
    for step in range(3):
        papers[f"paper/{2000 + step}"] = _paper(rng, 2000 + step)
        papers.pop(names[10 + step])
        papers[names[60]] = PaperText(names[60], "graph parsing", "dependency graph parsing of speech", ())
        rebuilt, fresh = _graph(papers, stated), _graph(papers, stated)
        assert add_similarity_edges(rebuilt, state=state) == add_similarity_edges(fresh)
        assert _edges(rebuilt) == _edges(fresh)
        assert last_search().full == ""


def test_stated_links_in_both_directions_and_beside_other_relations_are_read_as_the_edge_view_reads_them(
        tmp_path: Path) -> None:
    """The stage reads the stated ``similarTo`` links straight from the adjacency: the same links, in the order
    of ``graph.edges``, as a view of every edge gives; a rebuild with them equals a fresh build."""
    from kg import similarity

    rng, papers = _corpus(13, 60)
    names = sorted(papers)
    stated = [(names[3], names[1]), (names[1], names[3]), (names[7], names[2]), (names[20], names[21])]
    graph = _graph(papers, stated)
    graph.add_edge(names[7], names[2], key="cites", relation="cites")  # another relation between a stated pair
    graph.add_edge(names[2], names[7], key="cites", relation="cites")
    seen = [(u, v, data) for u, v, key, data in graph.edges(keys=True, data=True) if key == "similarTo"]
    assert [(u, v) for u, v, _ in similarity._similar_edges(graph)] == [(u, v) for u, v, _ in seen]
    assert all(a is b for (_, _, a), (_, _, b) in zip(similarity._similar_edges(graph), seen, strict=True))
    state = tmp_path / STATE_FILE
    add_similarity_edges(graph, state=state)
    papers[f"paper/{3000}"] = _paper(rng, 3000)
    rebuilt, fresh = _graph(papers, stated), _graph(papers, stated)
    assert add_similarity_edges(rebuilt, state=state) == add_similarity_edges(fresh)
    assert _edges(rebuilt) == _edges(fresh)
    assert [(u, v, k) for u, v, k in rebuilt.edges(keys=True)] == [(u, v, k) for u, v, k in fresh.edges(keys=True)]
    assert rebuilt.edges[names[3], names[1], "similarTo"]["basis"] == "source"


def test_excluded_extractors_are_part_of_the_key(tmp_path: Path) -> None:
    _, papers = _corpus(13, 60)
    state = tmp_path / STATE_FILE
    add_similarity_edges(_graph(papers, []), state=state)
    add_similarity_edges(_graph(papers, []), state=state, exclude_extractors={"papers-with-code"})
    assert last_search().full == "another kg, options or code"


# --- kg build, end to end -------------------------------------------------------------------------------------------


def _kg_build(inputs: Path, out: Path, *options: str) -> None:
    result = CliRunner().invoke(main, ["build", str(inputs), "-o", str(out), "-q", "--no-views", *options])
    assert result.exit_code == 0, result.output


def _outputs(folder: Path) -> dict[str, bytes]:
    """graph.ttl, graph.json and the tables, by name."""
    names = ["graph.ttl", "graph.json", *(f"tables/{p.name}" for p in sorted((folder / "tables").glob("*.parquet")))]
    assert len(names) > 2
    return {name: (folder / name).read_bytes() for name in names}


def _fresh(inputs: Path, rebuilt: Path, fresh: Path, *, cached: bool) -> None:
    """A build of ``inputs`` into ``fresh``: from an empty folder, or with ``rebuilt``'s document cache but no
    similarity state (extraction is not what is tested; the similarity search is)."""
    if cached:
        shutil.copytree(rebuilt / CACHE_FOLDER, fresh / CACHE_FOLDER)
        (fresh / CACHE_FOLDER / STATE_FILE).unlink()
    _kg_build(inputs, fresh)
    if cached:
        assert last_search().searched == last_search().rows
    assert _outputs(rebuilt) == _outputs(fresh)


def test_kg_build_rebuilds_write_the_outputs_of_a_fresh_build(tmp_path: Path, sample_page_inputs) -> None:
    """The bundled sample pages: add one, change one, remove one; graph.ttl, graph.json and the tables of each
    rebuild equal those of a build into an empty folder."""
    inputs, out = sample_page_inputs.folder, tmp_path / "out"
    _kg_build(inputs, out)
    assert (out / CACHE_FOLDER / STATE_FILE).is_file()
    steps = [sample_page_inputs.add, sample_page_inputs.change, sample_page_inputs.remove]
    for step, change in enumerate(steps):
        change()
        _kg_build(inputs, out)
        report = last_search()
        assert report.full == "", report
        if step == 0:  # the rows a change reaches are searched (48 rows of 20 candidates each: a removal or a
            assert report.changed <= report.searched < report.rows  # change reaches most of them)
        _fresh(inputs, out, tmp_path / f"fresh{step}", cached=False)


def test_a_build_killed_in_the_similarity_stage_then_run_again_writes_a_fresh_builds_outputs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sample_page_inputs) -> None:
    """Killed after the state was replaced (the outputs are the old ones) and before: the next build is right."""
    inputs, out, pages = sample_page_inputs.folder, tmp_path / "out", sample_page_inputs.pages
    _kg_build(inputs, out)
    old = _outputs(out)

    def killed(*args, **kwargs):
        raise RuntimeError("killed")

    changes = [lambda: shutil.copy(pages[3], inputs / pages[3].name),
               lambda: shutil.copy(pages[4], inputs / pages[4].name),
               lambda: (inputs / pages[0].name).write_text(
                   pages[0].read_text(encoding="utf-8").replace("the", "a", 5), encoding="utf-8")]
    for step, (module, name) in enumerate([(similarity_links, "complete"), (incremental, "_write"),
                                           (incremental, "pool_search")]):
        changes[step]()
        with monkeypatch.context() as patch:
            patch.setattr(module, name, killed)
            result = CliRunner().invoke(main, ["build", str(inputs), "-o", str(out), "-q", "--no-views"])
            assert isinstance(result.exception, RuntimeError), (step, result.output)
        assert _outputs(out) == old  # the outputs are those of the last whole build
        _kg_build(inputs, out)
        old = _outputs(out)
        _fresh(inputs, out, tmp_path / f"fresh{step}", cached=True)


#: Small volumes of several venues and years of the shared Anthology.
VOLUMES = ("2022.loresmt.xml", "2010.eamt.xml", "2022.constraint.xml", "2021.icnlsp.xml")


def test_anthology_volumes_rebuilt_write_the_outputs_of_a_fresh_build(tmp_path: Path) -> None:
    """Volumes of ../shared's Anthology and lecture pages: add a page, add a volume, change a page, remove a
    volume; each rebuild's graph.ttl, graph.json and tables equal a fresh build's, and few rows are searched."""
    if not all((ANTHOLOGY / name).is_file() for name in VOLUMES) or not UNDERLINE.is_dir():
        pytest.skip("../shared/corpus is not present")
    inputs, out = tmp_path / "inputs", tmp_path / "out"
    inputs.mkdir()
    for name in VOLUMES[:3]:
        shutil.copy(ANTHOLOGY / name, inputs / name)
    pages = sorted(UNDERLINE.glob("*.txt"))[:2]
    shutil.copy(pages[1], inputs / pages[1].name)
    _kg_build(inputs, out)
    steps = [
        ("add a page", lambda: shutil.copy(pages[0], inputs / pages[0].name)),
        ("add a volume", lambda: shutil.copy(ANTHOLOGY / VOLUMES[3], inputs / VOLUMES[3])),
        ("change a page", lambda: (inputs / pages[0].name).write_text(
            pages[0].read_text(encoding="utf-8").replace("the", "a", 5), encoding="utf-8")),
        ("remove a volume", lambda: (inputs / VOLUMES[1]).unlink()),
    ]
    for step, (name, change) in enumerate(steps):
        change()
        _kg_build(inputs, out)
        report = last_search()
        assert report.full == "", (name, report)
        if name.startswith("add"):
            assert report.changed <= report.searched < report.rows // 2, (name, report)
        _fresh(inputs, out, tmp_path / f"fresh{step}", cached=step != 0)


def test_above_the_exact_limit_the_state_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The approximate index's neighbours are not a function of the two papers: there the search runs in full."""
    rng, papers = _corpus(14, 80)
    state = tmp_path / STATE_FILE
    _links(papers, state)
    papers["paper/9999"] = _paper(rng, 9999)
    monkeypatch.setattr(incremental, "EXACT_LIMIT", 50)
    assert _links(papers, state) == _links(papers, None)
    assert last_search().full == "above the exact limit"


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("span", ["small", "wide", "one cosine out", "out of range"])
def test_pool_order_is_lexsorts_order(seed: int, span: str) -> None:
    """By row, best cosine first, ties to the smaller column, equal candidates in their order: one packed key's stable
    sort where the three fit its bits (ties and negative cosines included), lexsort itself where they do not."""
    rng = np.random.default_rng(seed)
    size = 5000
    high = {"small": (40, 60, 7), "wide": (1 << 21, 1 << 21, 1 << 20), "one cosine out": (1 << 21, 1 << 21, 1 << 20),
            "out of range": (1 << 22, 1 << 21, 1 << 21)}
    rows_high, columns_high, cosine_high = high[span]
    rows = rng.integers(0, rows_high, size)
    columns = rng.integers(0, columns_high, size)
    cosines = rng.integers(-cosine_high + 1, cosine_high + 1, size)
    if span == "wide":  # the extremes of every part's range
        top, best, worst = (1 << 21) - 1, 1 << 20, -(1 << 20) + 1
        rows[:4], columns[:4], cosines[:4] = [top, top, 0, 0], [0, top, top, 0], [best, worst, best, worst]
    if span == "one cosine out":  # one below the packed range: lexsort's order still
        rows[:2], columns[:2], cosines[:2] = [6, 7], [5, 0], [-(1 << 20), 1 << 20]
    expected = np.lexsort((columns, -cosines, rows))
    assert np.array_equal(incremental.pool_order(rows, columns, cosines), expected)
    assert incremental.pool_order(rows[:0], columns[:0], cosines[:0]).tolist() == []
