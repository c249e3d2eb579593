"""The layers of docs/architecture.md hold: import-linter's contracts, and no module grows past 600 lines."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kg", "extractors", "exports", "ontology")
MAX_MODULE_LINES = 600


def test_the_import_contracts_in_pyproject_hold():
    """Layers (kg > extractors | exports > ontology), no cycle between sibling modules, no forbidden library."""
    run = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                          "sys.exit(lint_imports_command(['--no-cache']))"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "Contracts: 5 kept, 0 broken." in run.stdout


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_is_over_600_lines(package):
    too_long = {str(path.relative_to(ROOT)): n for path in sorted((ROOT / package).rglob("*.py"))
                if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert too_long == {}


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_the_data_model_imports_nothing_else_of_the_project():
    """ontology/ is the bottom: not even a function-level import reaches up (import-linter sees those too)."""
    upward = {str(path.relative_to(ROOT)): sorted(name for name in _imported_modules(path)
                                                  if name.split(".")[0] in ("kg", "extractors", "exports"))
              for path in sorted((ROOT / "ontology").rglob("*.py"))}
    assert {path: names for path, names in upward.items() if names} == {}


def test_loading_the_records_does_not_load_rdflib_spacy_or_networkx():
    code = ("import sys, ontology.records, ontology.ids, ontology.kinds, ontology.errors, ontology.util.files; "
            "print(sorted(m for m in ('rdflib', 'spacy', 'networkx') if m in sys.modules))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.stdout.strip() == "[]", run.stderr


def test_every_error_class_of_the_library_is_a_kg_error():
    """The CLI turns a KgError into one line; an error class outside that base would reach users as a traceback."""
    import importlib
    import inspect
    import pkgutil

    from ontology.errors import KgError

    found = {}
    for package in PACKAGES:
        for info in pkgutil.walk_packages([str(ROOT / package)], prefix=f"{package}."):
            module = importlib.import_module(info.name)
            for name, value in vars(module).items():
                if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == info.name:
                    found[f"{info.name}.{name}"] = issubclass(value, KgError)
    assert len(found) >= 8
    assert [name for name, ok in found.items() if not ok] == []
