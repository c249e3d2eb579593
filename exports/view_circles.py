"""Circles around points: the smallest circle that holds a set of points, and the circles it is built from.

The landscape views draw each cluster of entities in the smallest circle
that holds its nodes and their labels (:mod:`exports.view_landscape`).

>>> smallest_circle([(0.0, 0.0), (4.0, 0.0)])
(2.0, 0.0, 2.0)
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

__all__ = ["circle_on", "circle_through", "smallest_circle"]


def smallest_circle(points: Sequence[tuple[float, float]]) -> tuple[float, float, float]:
    """Centre and radius of the smallest circle that holds every point (Welzl's algorithm, without recursion).

    The points are taken in a shuffled order (seeded by their number, so the
    same points give the same circle), which makes the expected work linear
    in their number; the circle is then fixed by two or three of them.

    >>> smallest_circle([(0.0, 0.0), (4.0, 0.0), (2.0, 1.0)])
    (2.0, 0.0, 2.0)
    >>> x, y, r = smallest_circle([(0.0, 0.0), (2.0, 0.0), (1.0, 3.0)])
    >>> round(x, 3), round(y, 3), round(r, 3)
    (1.0, 1.333, 1.667)
    """
    order = list(points)
    random.Random(len(order)).shuffle(order)
    circle = (*order[0], 0.0)
    hypot, slack = math.hypot, 1 + 1e-12
    # a point is held where hypot(its offset from the centre) <= r * slack + 1e-9, written out in the loops
    cx, cy, r = circle
    reach = r * slack + 1e-9
    for i, p in enumerate(order):
        if hypot(p[0] - cx, p[1] - cy) <= reach:
            continue
        circle = (*p, 0.0)  # p is on the smallest circle of order[:i + 1]
        cx, cy, r = circle
        reach = r * slack + 1e-9
        for j in range(i):
            q = order[j]
            if hypot(q[0] - cx, q[1] - cy) <= reach:
                continue
            circle = circle_on(p, q)  # p and q are on it
            cx, cy, r = circle
            reach = r * slack + 1e-9
            for k in range(j):
                point = order[k]
                if not hypot(point[0] - cx, point[1] - cy) <= reach:
                    circle = circle_through(p, q, point)
                    cx, cy, r = circle
                    reach = r * slack + 1e-9
    return circle


def circle_on(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float, float]:
    """The circle with ``a`` and ``b`` at the ends of a diameter."""
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2, math.dist(a, b) / 2


def circle_through(a: tuple[float, float], b: tuple[float, float],
                    c: tuple[float, float]) -> tuple[float, float, float]:
    """The circle through three points (for three on a line, the one on the two farthest apart)."""
    bx, by, cx, cy = b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1]
    d = 2 * (bx * cy - by * cx)
    if abs(d) <= 1e-12 * max(bx * bx + by * by, cx * cx + cy * cy, 1e-300):
        return max((circle_on(a, b), circle_on(a, c), circle_on(b, c)), key=lambda circle: circle[2])
    ux = (cy * (bx * bx + by * by) - by * (cx * cx + cy * cy)) / d
    uy = (bx * (cx * cx + cy * cy) - cx * (bx * bx + by * by)) / d
    return a[0] + ux, a[1] + uy, math.hypot(ux, uy)
