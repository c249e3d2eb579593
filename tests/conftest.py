"""Shared fixtures: the bundled sample build, an inputs folder of its pages to edit, the optional ../shared folder,
and the entity pipelines (``rules``, ``combined``), built once per test module."""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from extractors.cue_matcher import CueMatcher
from extractors.entities import blank_pipeline, build_pipeline
from extractors.entity_lexicon import cue_patterns
from extractors.entity_named_new import named_new_names
from kg.pipeline import BuildResult, build

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
DATA = Path(__file__).resolve().parent / "data"
SAMPLE_PAGES = ROOT / "kg" / "sample" / "underline"


@dataclass
class SamplePageInputs:
    """An inputs folder holding the first three bundled sample pages, and the edits rebuild tests make to it."""

    folder: Path
    pages: list[Path]  # every bundled sample page, sorted

    def add(self) -> None:
        """Add the fourth page."""
        shutil.copy(self.pages[3], self.folder / self.pages[3].name)

    def change(self) -> None:
        """Add a sentence naming a dataset and a model to the first page."""
        page = self.pages[0]
        (self.folder / page.name).write_text(
            page.read_text(encoding="utf-8") + "\nWe also evaluate on SQuAD with BERT.\n", encoding="utf-8")

    def remove(self) -> None:
        """Remove the second page."""
        (self.folder / self.pages[1].name).unlink()


@dataclass
class AnthologyInputs:
    """An inputs folder holding the first three of four small volumes of ../shared's Anthology."""

    folder: Path
    anthology: Path  # ../shared/corpus/anthology
    volumes: tuple[str, ...]  # the four volumes' file names; the fourth is left out, for a test to add


#: Four small Anthology volumes (of different venues and years) that rebuild tests add, change and remove.
ANTHOLOGY_VOLUMES = ("2022.loresmt.xml", "2010.eamt.xml", "2022.constraint.xml", "2021.icnlsp.xml")


@pytest.fixture()
def anthology_volume_inputs(tmp_path: Path) -> AnthologyInputs:
    """``tmp_path / "inputs"`` with three of :data:`ANTHOLOGY_VOLUMES`; skips when ../shared's corpus is absent."""
    anthology = SHARED / "corpus" / "anthology"
    if not all((anthology / name).is_file() for name in ANTHOLOGY_VOLUMES):
        pytest.skip("../shared/corpus/anthology is not present")
    folder = tmp_path / "inputs"
    folder.mkdir()
    for name in ANTHOLOGY_VOLUMES[:3]:
        shutil.copy(anthology / name, folder / name)
    return AnthologyInputs(folder, anthology, ANTHOLOGY_VOLUMES)


@pytest.fixture(scope="session")
def sample_build() -> BuildResult:
    """The graph of the bundled sample pages, built once per test session."""
    return build()


@pytest.fixture(scope="session")
def sample_ttl(tmp_path_factory, sample_build) -> Path:
    """graph.ttl of the sample build (:func:`sample_build`), written once per test session."""
    from exports.rdf_formats import write_rdf

    folder = tmp_path_factory.mktemp("sample-ttl")
    write_rdf(sample_build.graph, folder)
    return folder / "graph.ttl"


@pytest.fixture()
def shared_dir() -> Path:
    """``../shared`` beside the checkout; tests that need it skip cleanly without it."""
    if not (SHARED / "eval" / "score.py").exists():
        pytest.skip("../shared (scorer, gold files) is not present")
    return SHARED


@pytest.fixture()
def sample_page_inputs(tmp_path: Path) -> SamplePageInputs:
    """``tmp_path / "inputs"`` with the first three bundled sample pages: add, change and remove one, then rebuild."""
    folder = tmp_path / "inputs"
    folder.mkdir()
    pages = sorted(SAMPLE_PAGES.glob("*.txt"))
    for page in pages[:3]:
        shutil.copy(page, folder / page.name)
    return SamplePageInputs(folder, pages)


@pytest.fixture(scope="module")
def rules():
    """The rules-only entity pipeline (no trained tagger)."""
    return build_pipeline("rules")


@pytest.fixture(scope="module")
def combined():
    """The shipped entity pipeline: rules and the trained tagger."""
    return build_pipeline("combined")


@pytest.fixture(scope="module")
def named():
    """``names(text)``: the texts of the names :func:`extractors.entity_named_new.named_new_names` finds in ``text``
    (a blank pipeline with a sentencizer and the cue matcher: the naming frame alone, without the typing rules)."""
    nlp = blank_pipeline()
    nlp.add_pipe("sentencizer")
    cues = CueMatcher(nlp.vocab, cue_patterns())

    def names(text: str) -> list[str]:
        doc = nlp(text)
        return [doc[s:e].text for s, e, _ in named_new_names(doc, cues(doc))]
    return names


@pytest.fixture(params=["rules", "combined"])
def both(request):
    """The rules-only and the shipped pipeline, in turn (a test that takes ``both`` runs once with each)."""
    return request.getfixturevalue(request.param)


@pytest.fixture()
def entity_labels(both):
    """``labels(text)``: ``{name: kind}`` of the entities the pipeline finds in ``text``, once with each pipeline
    (``both``), for the tests that ask only which names are found and of which kind ("BERT": "model").
    """
    return lambda text: {span.text: span.label_ for span in both(text).spans["kg_entities"]}
