"""benchmarks/views_parts.py: the views' parts timed in a build, again in its process and alone from the pickled
graph, into three folders of the same bytes."""
from __future__ import annotations

import filecmp
import importlib.util
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "views_parts.py"


def _module(monkeypatch):
    """The script as a module; its changes to ``sys.path`` and ``sys.modules`` are undone after the test."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    for name in ("views_parts", "build_stages"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    spec = importlib.util.spec_from_file_location("views_parts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "views_parts", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _same_tree(left: Path, right: Path) -> bool:
    compared = filecmp.dircmp(left, right)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    if filecmp.cmpfiles(left, right, compared.common_files, shallow=False)[1:] != ([], []):
        return False
    return all(_same_tree(left / name, right / name) for name in compared.common_dirs)


def test_the_views_of_a_build_again_and_alone_are_timed_by_part_and_the_same_bytes(tmp_path, monkeypatch):
    from exports import view_nodes, views
    from kg import outputs

    parts = _module(monkeypatch)

    def functions():
        return [outputs.write_views, *(getattr(views, name) for name in parts.PARTS["exports.views"]),
                view_nodes.shard_fingerprints]

    real = functions()
    graph = tmp_path / "graph.pkl"
    report, runs = parts.in_build(["-q", "-o", str(tmp_path / "out")], graph)  # the bundled sample pages
    assert "views" in [stage.name for stage in report.stages]
    alone = parts.alone(graph, tmp_path / "alone")
    assert [run.label for run in runs] == ["views in the build", "views again, same process (the loader has ended)"]
    for run in (*runs, alone):
        assert 0 < run.thread_cpu <= run.cpu + 0.05 and run.wall > 0
        assert run.parts["_landscape_page"][2] > 0 and run.parts["write_node_data"][2] == 1
        assert run.parts["fitted_landscape"][1] <= run.parts["_landscape_page"][1] + 0.05  # nested in it
        assert run.parts["shard_fingerprints"][2] == 1
        assert "write_node_data" in run.table()
    assert runs[0].parts["_landscape_page"][2] == alone.parts["_landscape_page"][2]
    assert _same_tree(tmp_path / "out" / "views", tmp_path / "out-again")
    assert _same_tree(tmp_path / "out" / "views", tmp_path / "alone")
    assert functions() == real  # unwrapped
