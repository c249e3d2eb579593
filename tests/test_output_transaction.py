"""Removals in an output transaction: done at the swap, undone by a failure, finished after a kill."""
from __future__ import annotations

import json

import pytest

from ontology.util.files import JOURNAL_NAME, output_transaction, recover, remove_file, write_text_atomic


def test_a_failed_transaction_keeps_the_file_it_would_have_removed(tmp_path):
    old = write_text_atomic(tmp_path / "old.html", "kept")
    with pytest.raises(RuntimeError), output_transaction(tmp_path):
        remove_file(old)
        raise RuntimeError("the build failed")
    assert old.read_text() == "kept"


def test_a_removal_journalled_before_a_kill_is_finished_by_recovery(tmp_path):
    stale = write_text_atomic(tmp_path / "views" / "stale.html", "old view")
    (tmp_path / JOURNAL_NAME).write_text(json.dumps([["", "views/stale.html"], ["", "../outside.html"]]))
    (tmp_path.parent / "outside.html").write_text("not kg's")
    recover(tmp_path)
    assert not stale.exists() and not (tmp_path / JOURNAL_NAME).exists()
    assert (tmp_path.parent / "outside.html").read_text() == "not kg's", "never outside the folder"
