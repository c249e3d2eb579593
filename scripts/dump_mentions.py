"""Write the mentions a pipeline finds in the abstracts of one hand-annotated set, as JSON (one list per abstract).

Run with the code to measure first on ``PYTHONPATH`` (an old commit's ``extractors`` and ``ontology``, as
``scripts/train_role_model.py replay-data`` does): it imports nothing of the repository but
:func:`extractors.mentions.extract_mentions` and :mod:`ontology.records`, which every commit since the first
tuning set has::

    PYTHONPATH=/tmp/old python scripts/dump_mentions.py benchmarks/data/tuneset5/devset.jsonl /tmp/old_tune5.json
"""
from __future__ import annotations

import inspect
import json
import sys
from pathlib import Path

from extractors.mentions import extract_mentions
from ontology.records import Paper, Provenance


def dump(records: list[dict]) -> dict[str, list[dict]]:
    """Abstract id → its mentions (name, kind, role, long form and the provenance the role model reads)."""
    papers = [Paper(ref=r["id"], provenance=Provenance("devset"), abstract=r["text"], title=r.get("title"))
              for r in records]
    out: dict[str, list[dict]] = {r["id"]: [] for r in records}
    # The rules' roles: code since round h15ag applies the learned role decision by default, which is what is
    # trained here (it would be trained on its own output); older code has no ``roles`` and only the rules.
    rules_only = {"roles": None} if "roles" in inspect.signature(extract_mentions).parameters else {}
    for m in extract_mentions(papers, **rules_only):
        out[m.paper_ref].append({
            "name": m.name, "kind": m.kind.value, "relation": m.relation.value, "long_form": m.long_form,
            "extractor": m.provenance.extractor, "sentence": m.provenance.sentence, "start": m.provenance.start,
            "end": m.provenance.end, "confidence": m.provenance.confidence})
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    records = [json.loads(line) for line in Path(args[0]).read_text("utf-8").splitlines() if line.strip()]
    Path(args[1]).write_text(json.dumps(dump(records)), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
