"""kg: a knowledge graph of research papers (methods, datasets, models, venues) from lecture pages and metadata.

The Python API (names load on first use, so ``import kg`` stays instant):

* :func:`build` -- build inputs into a networkx graph in memory (:mod:`kg.pipeline`);
* :func:`build_folder` / :func:`open_build` -- build into, or open, a folder
  as ``kg build -o OUT`` writes it: a :class:`Build` with ``graph()``,
  ``around(name)``, ``subgraph(nodes)``, ``query_graph(sparql)``,
  ``sparql(query, params)`` and ``canned(name, ...)`` (:mod:`kg.notebook`);
* :func:`sparql` -- a read-only SPARQL query on a build folder as a pandas DataFrame;
* :func:`to_pyvis` -- any graph or subgraph as an offline pyvis ``Network``;
* :mod:`kg.analytics` -- the questions (top entities, trends, communities,
  similar papers), on a whole graph or a subgraph.

>>> import kg
>>> kg.__all__[:3]
['Build', 'BuildFolderError', 'BuildResult']
>>> kg.to_pyvis.__module__, kg.analytics.__name__
('kg.notebook', 'kg.analytics')
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Public name -> the module that defines it (a module name maps to itself).
_LAZY = {
    "Build": "kg.notebook",
    "BuildFolderError": "kg.build_files",
    "BuildResult": "kg.pipeline",
    "KgError": "ontology.errors",
    "analytics": "kg.analytics",
    "build": "kg.pipeline",
    "build_folder": "kg.notebook",
    "open_build": "kg.notebook",
    "sparql": "kg.notebook",
    "to_pyvis": "kg.notebook",
}

__all__ = [  # the names of _LAZY
    "Build",
    "BuildFolderError",
    "BuildResult",
    "KgError",
    "analytics",
    "build",
    "build_folder",
    "open_build",
    "sparql",
    "to_pyvis",
]

if TYPE_CHECKING:  # pragma: no cover
    from kg import analytics
    from kg.build_files import BuildFolderError
    from kg.notebook import Build, build_folder, open_build, sparql, to_pyvis
    from kg.pipeline import BuildResult, build
    from ontology.errors import KgError


def __getattr__(name: str) -> Any:
    """Import the module behind a public name on first use (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'kg' has no attribute {name!r}")
    loaded = importlib.import_module(module)
    value = loaded if module == f"kg.{name}" else getattr(loaded, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
