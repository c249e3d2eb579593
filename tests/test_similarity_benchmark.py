"""``benchmarks/similarity.py``'s scale-run texts read from Anthology XML by the reader alone (no graph built)."""
from __future__ import annotations

from pathlib import Path

import pytest
from script_modules import load_script

ROOT = Path(__file__).resolve().parents[1]
ANTHOLOGY = ROOT.parent / "shared" / "corpus" / "anthology"

VOLUME = """<?xml version='1.0' encoding='UTF-8'?>
<collection id="2099.zz">
  <volume id="1" type="proceedings">
    <meta><booktitle>Proceedings of Zorb</booktitle><year>2099</year><venue>zz</venue></meta>
    <paper id="1"><title>Graph <fixed-case>Parsing</fixed-case></title><abstract>We parse graphs.</abstract></paper>
    <paper id="2"><title>A title only</title></paper>
    <paper id="3"><title>Speech</title><abstract>Speech <b>tagging</b>.</abstract></paper>
  </volume>
</collection>
"""


@pytest.fixture(scope="module")
def bench():
    """The benchmark module, loaded from its file (``benchmarks/`` is not a package)."""
    return load_script("benchmarks/similarity.py", "kg_similarity_benchmark")


def test_the_papers_with_an_abstract_give_their_title_and_abstract(bench, tmp_path):
    (tmp_path / "2099.zz.xml").write_text(VOLUME, "utf-8")
    (tmp_path / "notes.txt").write_text("not a volume", "utf-8")
    assert bench.anthology_documents(tmp_path) == [["Graph Parsing", "We parse graphs."],
                                                   ["Speech", "Speech tagging."]]


def test_a_paper_repeated_in_another_file_is_read_once(bench, tmp_path):
    (tmp_path / "a.xml").write_text(VOLUME, "utf-8")
    (tmp_path / "b.xml").write_text(VOLUME.replace("We parse graphs.", "Changed."), "utf-8")
    documents = bench.anthology_documents(tmp_path)
    assert documents[0] == ["Graph Parsing", "We parse graphs."] and len(documents) == 2


@pytest.mark.skipif(not (ANTHOLOGY / "2020.acl.xml").is_file(), reason="../shared/corpus/anthology is absent")
def test_a_real_volume_gives_most_of_its_papers(bench, tmp_path):
    (tmp_path / "2020.acl.xml").symlink_to(ANTHOLOGY / "2020.acl.xml")
    documents = bench.anthology_documents(tmp_path)
    assert len(documents) > 700 and all(title and abstract for title, abstract in documents)
