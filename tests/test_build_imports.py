"""``kg build`` leaves scikit-learn and pyvis's package unimported: they would hold about 85 MB (with scipy.stats and
pandas) and 30 MB (IPython) more through the exports (docs/scaling.md, "Peak memory, twenty-fifth session"); with
worker processes, its main process leaves spaCy and thinc unimported too (about 50 MB: "Peak memory, twenty-sixth
session")."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_SCRIPT = r"""
import json, sys
from kg.cli import main
from kg.similarity_backoff import _spelling
from kg.similarity_links import similar_links
from kg.similarity_vectors import PaperText

main(["build", sys.argv[1], "-o", sys.argv[2], "-q"], standalone_mode=False)
# a paper of a word no other paper has: its neighbours come from the words spelled like it (the back-off's
# character trigrams), the step that used scikit-learn's TfidfVectorizer
papers = [PaperText(f"paper/{i}", f"translation of {word}") for i, word in enumerate(
    "speech text names grammar lexicons parsing tagging dialogue summaries semantics".split())]
papers.append(PaperText("paper/unique", "Microsemantics"))
titles = {paper.id: paper.title for paper in papers}
found = [titles[link.target if link.source == "paper/unique" else link.source] for link in similar_links(papers, k=3)
         if "paper/unique" in (link.source, link.target)]
watched = ("sklearn", "scipy", "pyvis", "IPython")
print(json.dumps({"modules": sorted(name for name in sys.modules if name.split(".")[0] in watched),
                  "spelled": _spelling.cache_info().currsize, "neighbours": found}))
"""


def test_a_build_and_the_similarity_back_off_import_no_scikit_learn_nor_pyvis(tmp_path):
    sample = ROOT / "kg" / "sample" / "underline"
    done = subprocess.run([sys.executable, "-c", _SCRIPT, str(sample), str(tmp_path / "out")], check=False,
                          cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
                          timeout=600)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert (tmp_path / "out" / "graph.ttl").is_file()
    assert found["spelled"] == 1 and found["neighbours"] == ["translation of semantics"]  # the spelled-alike step
    assert not [name for name in found["modules"] if name.startswith("sklearn")]
    assert "scipy.stats" not in found["modules"]
    assert (tmp_path / "out" / "graph.html").is_file()  # vis-network inlined from pyvis's folder, not its package
    assert not [name for name in found["modules"] if name.startswith(("pyvis", "IPython"))]


_WORKERS_SCRIPT = r"""
import json, sys
from kg.cli import main

main(["build", sys.argv[1], "-o", sys.argv[2], "-q", "-j", "2"], standalone_mode=False)
print(json.dumps(sorted(name for name in sys.modules if name.split(".")[0] in ("spacy", "thinc"))))
"""


def test_a_build_with_worker_processes_leaves_spacy_out_of_its_main_process(tmp_path):
    sample = ROOT / "kg" / "sample" / "underline"
    done = subprocess.run([sys.executable, "-c", _WORKERS_SCRIPT, str(sample), str(tmp_path / "out")], check=False,
                          cwd=tmp_path, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, timeout=600)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
    # the workers did extract: the entities are in the graph, keyed in the cache by the same PIPELINE_VERSION
    from extractors.entities import PIPELINE_VERSION
    from extractors.pipeline_version import PIPELINE_VERSION as version

    assert version is PIPELINE_VERSION
    assert 'kg:role "proposes"' in (tmp_path / "out" / "graph.ttl").read_text("utf-8")
