"""Load a benchmark or a script of the repository as a module from its file (``benchmarks/`` and ``scripts/`` are no
packages): one loader for the tests that call their functions."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> ModuleType:
    """The file ``ROOT / relative`` executed as a fresh module registered under ``name`` (a name of its own per test
    file, so that one file's monkeypatching stays out of another's copy).

    >>> load_script("benchmarks/devset.py", "kg_devset_doctest").__name__
    'kg_devset_doctest'
    """
    spec = importlib.util.spec_from_file_location(name, ROOT / relative)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
