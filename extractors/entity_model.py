"""The trained entity tagger: a narrow spaCy ``ner`` for METHOD, DATASET, MODEL, TASK and METRIC.

The weights ship in ``extractors/model/entity_ner/`` (trained by
``scripts/train_entity_model.py``, sources and licences in
``extractors/model/README.md``) and load offline.  The architecture is the
transition-based NER parser over a narrow hash-embedding CNN
(:data:`NER_CONFIG`: width 32, depth 2, hidden width 32 — a default-width
``ner`` runs at a quarter of its speed); the training script writes the exact
config it used to ``architecture.json`` beside the weights, and loading reads
it from there, so weights and architecture cannot disagree.  A tagger trained with
static word vectors (``pretrained_vectors`` true in its architecture) keeps them
beside its weights (:data:`VECTORS_FILE`, :data:`VECTOR_WORDS_FILE`); loading
puts them into the pipeline's vocab, keyed by the lower-cased word.

>>> sorted(LABELS)
['DATASET', 'METHOD', 'METRIC', 'MODEL', 'TASK']
>>> len(weights_hash()) == 12 or not has_weights()
True
"""
from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ontology.errors import KgError

if TYPE_CHECKING:  # spaCy is imported where a pipeline is made: the weights' hash (PIPELINE_VERSION) needs none
    from spacy.language import Language

__all__ = ["LABELS", "MODEL_DIR", "NER_CONFIG", "VECTORS_FILE", "VECTOR_WORDS_FILE", "EntityModelMissingError",
           "add_entity_tagger", "architecture", "has_weights", "load_vectors", "uses_vectors", "weights_hash"]

#: The component's labels (upper case, as spaCy writes entity labels); the kind is the lower-cased label.
LABELS = ("METHOD", "DATASET", "MODEL", "TASK", "METRIC")
MODEL_DIR = Path(__file__).resolve().parent / "model" / "entity_ner"
#: Static word vectors of a tagger trained with them: float16 rows (numpy ``.npy``) ...
VECTORS_FILE = "vectors.npy"
#: ... and their words, one lower-cased word a line, in row order.
VECTOR_WORDS_FILE = "vector_words.txt"
#: The ``ner`` factory config: narrow tok2vec inside the component (no listener), so the folder is all it needs.
NER_CONFIG: dict = {
    "model": {
        "@architectures": "spacy.TransitionBasedParser.v2",
        "state_type": "ner",
        "extra_state_tokens": False,
        "hidden_width": 32,
        "maxout_pieces": 2,
        "use_upper": True,
        "nO": None,
        "tok2vec": {
            "@architectures": "spacy.HashEmbedCNN.v2",
            "pretrained_vectors": None,
            "width": 32,
            "depth": 2,
            "embed_size": 2000,
            "window_size": 1,
            "maxout_pieces": 3,
            "subword_features": True,
        },
    },
}


class EntityModelMissingError(KgError, FileNotFoundError):
    """The trained weights are not in the package."""


def has_weights(folder: Path = MODEL_DIR) -> bool:
    """Are the trained weights in ``folder``?"""
    return (folder / "model").is_file() and (folder / "moves").is_file()


@cache
def weights_hash(folder: Path = MODEL_DIR) -> str:
    """SHA-1 (12 hex digits) of the weight files, part of the extraction cache key; ``"none"`` without weights."""
    if not has_weights(folder):
        return "none"
    digest = hashlib.sha1()
    for name in ("architecture.json", "cfg", "moves", "model", VECTORS_FILE, VECTOR_WORDS_FILE):
        path = folder / name
        if path.is_file():
            digest.update(name.encode("utf-8") + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def add_entity_tagger(nlp: Language, *, folder: Path = MODEL_DIR, name: str = "ner", before: str | None = None) -> None:
    """Add the trained tagger to ``nlp`` (it writes ``doc.ents``), loaded from ``folder``: spaCy's ``ner``
    decoding whole batches at once (:mod:`extractors.greedy_ner`; the same entities).

    Raises :class:`EntityModelMissingError` when the weights are absent: reinstall kg, or
    retrain them with ``python scripts/train_entity_model.py``.
    """
    if not has_weights(folder):
        raise EntityModelMissingError(f"no trained entity weights in {folder}: reinstall kg or run "
                                      "`python scripts/train_entity_model.py`")
    config = architecture(folder)
    if uses_vectors(config):
        load_vectors(nlp, folder)
    from extractors.greedy_ner import FACTORY  # registers spaCy's ner with the same decoding as arrays (faster)

    ner = nlp.add_pipe(FACTORY, name=name, config=config, before=before)
    ner.from_disk(folder, exclude=["vocab"])


def uses_vectors(config: dict) -> bool:
    """Does the ``ner`` config read static word vectors (``pretrained_vectors`` in its tok2vec)?"""
    return bool(config["model"]["tok2vec"].get("pretrained_vectors"))


@cache
def _vector_table(folder: Path) -> tuple[tuple[str, ...], np.ndarray]:
    """The words and float32 rows of the static vectors in ``folder`` (read once per process)."""
    words = tuple((folder / VECTOR_WORDS_FILE).read_text("utf-8").splitlines())
    data = np.load(folder / VECTORS_FILE).astype(np.float32)
    if data.shape[0] != len(words):
        raise EntityModelMissingError(f"{folder}: {data.shape[0]} vectors for {len(words)} words")
    return words, data


def load_vectors(nlp: Language, folder: Path = MODEL_DIR) -> None:
    """Make the static vectors in ``folder`` the vocab's vectors, looked up by each token's lower-cased text."""
    if not (folder / VECTORS_FILE).is_file():
        raise EntityModelMissingError(f"the tagger in {folder} was trained with word vectors, but {VECTORS_FILE} "
                                      "is missing: reinstall kg or retrain it")
    from spacy.vectors import Vectors

    words, data = _vector_table(folder)
    nlp.vocab.vectors = Vectors(strings=nlp.vocab.strings, data=data, keys=list(words), attr="LOWER",
                                name="kg_entity_vectors")


def architecture(folder: Path = MODEL_DIR) -> dict:
    """The ``ner`` config the weights in ``folder`` were trained with (``architecture.json``), else :data:`NER_CONFIG`."""
    path = folder / "architecture.json"
    return json.loads(path.read_text("utf-8")) if path.is_file() else NER_CONFIG
