"""The views' faster loops give the floats and bytes of the ones they replaced (docs/scaling.md, "Views,
twenty-fourth session"): label separation, the smallest enclosing circle, the clusters' sets, the degrees and
the shards' bytes."""
from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from exports.view_circles import smallest_circle
from exports.view_fingerprint import PageRecord
from exports.view_landscape import MARGIN_GROWTH, PATIENT_ROUNDS, _separate
from exports.view_text import script_json, script_json_bytes
from exports.views import _degrees


def _separate_before(pos: dict, boxes: dict, order: Sequence[Hashable], rounds: int = 200,
                     growth: float = MARGIN_GROWTH) -> dict:
    """``_separate`` as it was written before this round: every value looked up by node (with the thirty-eighth
    session's growing margin; ``growth=0`` is the half-pixel push it had before)."""
    xy = {n: list(pos[n]) for n in order}
    nodes = list(order)
    for round_ in range(rounds):
        margin = 0.5 + growth * max(0, round_ - PATIENT_ROUNDS)
        moved = False
        for i, a in enumerate(nodes):
            ax, ay = xy[a]
            aw, aup, adown = boxes[a]
            for b in nodes[i + 1:]:
                bx, by = xy[b]
                bw, bup, bdown = boxes[b]
                dx = bx - ax
                overlap_x = aw + bw - abs(dx)
                if overlap_x <= 0:
                    continue
                dy = by - ay
                overlap_y = (adown + bup - dy) if dy >= 0 else (bdown + aup + dy)
                if overlap_y <= 0:
                    continue
                moved = True
                if overlap_x < overlap_y:
                    push = (overlap_x / 2 + margin) * (1 if dx > 0 or (dx == 0 and str(a) < str(b)) else -1)
                    xy[a][0] -= push
                    xy[b][0] += push
                else:
                    push = (overlap_y / 2 + margin) * (1 if dy >= 0 else -1)
                    xy[a][1] -= push
                    xy[b][1] += push
                ax, ay = xy[a]
        if not moved:
            break
    return {n: (xy[n][0], xy[n][1]) for n in order}


def _holds(circle: tuple[float, float, float], point: tuple[float, float]) -> bool:
    x, y, r = circle
    return math.hypot(point[0] - x, point[1] - y) <= r * (1 + 1e-12) + 1e-9


def _smallest_circle_before(points: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """``smallest_circle`` as it was written before this round (with the module's own two- and three-point
    circles, which did not change)."""
    from exports.view_circles import circle_on, circle_through

    order = list(points)
    random.Random(len(order)).shuffle(order)
    circle = (*order[0], 0.0)
    for i, p in enumerate(order):
        if _holds(circle, p):
            continue
        circle = (*p, 0.0)
        for j in range(i):
            q = order[j]
            if _holds(circle, q):
                continue
            circle = circle_on(p, q)
            for k in range(j):
                if not _holds(circle, order[k]):
                    circle = circle_through(p, q, order[k])
    return circle


_COORD = st.one_of(st.floats(-300, 300, allow_nan=False), st.integers(-300, 300), st.sampled_from([0.0, -0.0, 1.5]))
_BOX = st.tuples(st.floats(1, 80), st.floats(1, 40), st.floats(1, 40))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_COORD, _COORD, _BOX), min_size=0, max_size=25), st.integers(1, 200))
def test_separate_moves_the_boxes_as_before(nodes, rounds):
    pos = {f"n{i}": (x, y) for i, (x, y, _) in enumerate(nodes)}
    boxes = {f"n{i}": box for i, (_, _, box) in enumerate(nodes)}
    order = sorted(pos, key=lambda n: (len(n), n))[::-1]  # not the dict's order
    got = _separate(pos, boxes, order, rounds)
    assert got == _separate_before(pos, boxes, order, rounds)
    assert list(got) == order
    assert all(type(got[n][0]) is type(_separate_before(pos, boxes, order, rounds)[n][0]) for n in order)


def test_separate_on_stacked_boxes_breaks_ties_by_name_as_before():
    pos = {n: (0.0, 0.0) for n in ("b", "a", "c", "d")}  # all on one spot: dx == 0 decides by name
    boxes = {n: (10.0, 5.0, 20.0) for n in pos}
    assert _separate(pos, boxes, list(pos)) == _separate_before(pos, boxes, list(pos))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(_COORD, _COORD, _BOX), min_size=2, max_size=25))
def test_a_separation_done_within_the_patient_rounds_is_what_the_half_pixel_push_gave(nodes):
    pos = {f"n{i}": (x, y) for i, (x, y, _) in enumerate(nodes)}
    boxes = {f"n{i}": box for i, (_, _, box) in enumerate(nodes)}
    order = sorted(pos)
    patient = 30  # the rounds docs/scaling.md promises unchanged ("Label separation, thirty-eighth session")
    before = _separate_before(pos, boxes, order, patient, growth=0.0)
    if before == _separate_before(pos, boxes, order, patient + 1, growth=0.0):  # settled by then
        assert _separate(pos, boxes, order) == before


def _overlapping(pos: dict, boxes: dict) -> list[tuple[str, str]]:
    """The pairs of boxes (width either side, height up, height down) that overlap at ``pos``."""
    pairs = []
    for a, b in [(a, b) for a in pos for b in pos if a < b]:
        dy = pos[b][1] - pos[a][1]
        overlap_y = (boxes[a][2] + boxes[b][1] - dy) if dy >= 0 else (boxes[b][2] + boxes[a][1] + dy)
        if boxes[a][0] + boxes[b][0] - abs(pos[b][0] - pos[a][0]) > 0 and overlap_y > 0:
            pairs.append((a, b))
    return pairs


def test_a_heap_of_labels_on_one_spot_ends_with_none_overlapping():
    """Thirty labels dropped near one spot took more than the 200 rounds at the half-pixel push and were left
    overlapping (16 of 2,704 venue separations of the full Anthology ended so); the growing margin clears them."""
    rng = random.Random(1)
    pos = {f"n{i:02d}": (rng.uniform(-1, 1), rng.uniform(-1, 1)) for i in range(30)}
    boxes = {n: (rng.choice([20.0, 40.0, 60.0]), 5.0, 14.0) for n in pos}
    separated = _separate(pos, boxes, sorted(pos))
    assert _overlapping(separated, boxes) == []
    assert _overlapping(pos, boxes)  # they did overlap


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)), min_size=1, max_size=60))
def test_smallest_circle_is_the_one_found_before(points):
    assert smallest_circle(points) == _smallest_circle_before(points)


def test_smallest_circle_of_points_on_a_line_and_repeated_points_as_before():
    for points in ([(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)], [(5.0, 5.0)] * 6,
                   [(0.0, 0.0), (1e-9, 0.0), (0.0, 1e-9), (2.0, 0.0)]):
        assert smallest_circle(points) == _smallest_circle_before(points)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), max_size=40), st.integers(0, 3))
def test_degrees_are_networkxs_in_its_order(edges, lonely):
    graph = nx.MultiDiGraph()
    graph.add_nodes_from(f"x{i}" for i in range(lonely))
    graph.add_edges_from(edges)  # self-loops and parallel edges included
    assert list(_degrees(graph).items()) == list(dict(graph.degree()).items())


def test_shard_bytes_are_the_texts_encoded(tmp_path):
    data = {"sources": ["a.txt"], "nodes": {"paper/é": {"nb": [["x", "uses", 1, {"c": 0.5}]], "nt": 1,
                                                        "d": {"ab": "</script> & \u2028 1e16 null"}}}}
    assert script_json_bytes(data) == script_json(data).encode("utf-8")
    big = {"n": 2**70, "f": 1e-7}  # the json module's path
    assert script_json_bytes(big) == script_json(big).encode("utf-8")
    record = PageRecord()
    record.write_page(tmp_path / "a.js", "f", "kgNodeShard(1, é);\n")
    record.write_page(tmp_path / "b.js", "f", "kgNodeShard(1, é);\n".encode())
    assert (tmp_path / "a.js").read_bytes() == (tmp_path / "b.js").read_bytes()
    assert record.pages["a.js"][1] == record.pages["b.js"][1]
