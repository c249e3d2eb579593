"""Union-find over string keys, the grouping under assembly's merges: papers (:class:`kg.paper_decisions.PaperGroups`)
and entity names (:func:`kg.entity_decisions.entity_table`).

>>> groups = UnionFind()
>>> groups.union("b", "c"), groups.union("c", "a"), groups.find("b")
('b', 'a', 'a')
"""
from __future__ import annotations

__all__ = ["UnionFind"]


class UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, item: str) -> str:
        self.parent.setdefault(item, item)
        while self.parent[item] != item:
            self.parent[item] = self.parent[self.parent[item]]
            item = self.parent[item]
        return item

    def union(self, a: str, b: str) -> str:
        """Join the groups of ``a`` and ``b``; the smaller root key wins, so order never matters."""
        root_a, root_b = self.find(a), self.find(b)
        keep, drop = sorted((root_a, root_b))
        self.parent[drop] = keep
        return keep
