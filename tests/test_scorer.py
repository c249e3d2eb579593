"""The shared scorer on the sample build (skipped when ../shared is absent)."""
from __future__ import annotations

import json
import subprocess
import sys

from exports.rdf import write_turtle

REQUIRED = {
    "papers.precision": 1.0,
    "papers.recall": 1.0,
    "title_correct": 1.0,
    "abstract_correct": 1.0,
    "venue_correct": 1.0,
    "nextInProgram_recall": 1.0,
    "similarTo_recall": 1.0,
    "page_metadata_correct": 1.0,
    "venue_facts_correct": 1.0,
    "code_recall": 1.0,
    "entities.f1": 0.9,
    "proposes.f1": 0.95,
    "uses_dataset.f1": 0.9,
    "uses_method_model.f1": 0.8,
    "dataset_type_correct": 0.95,
}


def test_scorer_on_the_sample_pages(tmp_path, shared_dir, sample_build):
    graph = write_turtle(sample_build.graph, tmp_path / "graph.ttl")
    command = [sys.executable, str(shared_dir / "eval" / "score.py"), str(graph),
               str(shared_dir / "gold" / "seeds.gold.json"), "--json"]
    command += [f"--min={metric}={value}" for metric, value in REQUIRED.items()]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    scores = json.loads(run.stdout[: run.stdout.rindex("}") + 1])
    assert scores["papers"]["recall"] == 1.0
