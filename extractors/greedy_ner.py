"""The trained tagger's greedy decoding in numpy, every Doc of a batch one step at a time: the same entities as spaCy's.

spaCy's ``ner`` (a transition-based parser, :mod:`spacy.pipeline.transition_parser`) decodes in Cython, one state
at a time, and asks each of its 22 moves whether it is valid at each token. The spaCy wheels here are built with
Cython's profiling hooks, which take and give back the GIL at every call of a state's inline helpers (``B_``,
``safe_get``): in a py-spy profile of the tagger alone, ``set_valid`` was 47 % of its time and most of that the
GIL's mutex, not the rules. :class:`GreedyEntityRecognizer` is spaCy's ``EntityRecognizer`` (same weights, same
loading, training and labels) whose ``__call__`` and ``pipe`` run the same greedy decoding as arrays over all Docs
of a batch:

* the tok2vec and the precomputed first layer are spaCy's own layers (``model.layers[0]`` and ``[1]``), called as
  ``ParserStepModel`` calls them;
* each step sums the three NER state features (next token, the open entity's first token, the token before the
  next one) and the bias in the order ``sum_state_features`` adds them, picks each maxout unit's piece as thinc's
  ``Vec.arg_max`` does, scores with thinc's ``NumpyOps.gemm`` (the BLIS call spaCy's ``predict_states`` makes)
  and adds the output bias;
* the moves valid at a token are those of ``BiluoPushDown`` (``spacy/pipeline/_parser_internals/ner.pyx``) for a
  Doc without preset entities, and the first best valid move is taken, as ``arg_max_if_valid`` does. Every move
  consumes one token, and no entity is open at a sentence start (no B or I may precede one), so each sentence is
  a state of its own: step ``t`` is token ``t`` of every sentence still longer than ``t``.

So the floats are computed by the same operations in the same order, and the entities are the same. A batch with
preset entities (a token whose ``ent_iob`` is set) or unseen classes goes to spaCy's own decoding, where the
moves' preset rules apply.

>>> from extractors.entities import build_pipeline
>>> nlp = build_pipeline()
>>> type(nlp.get_pipe("ner")).__name__
'GreedyEntityRecognizer'
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
from spacy.attrs import ENT_IOB, IS_SPACE, SENT_START
from spacy.language import Language
from spacy.pipeline import EntityRecognizer
from spacy.tokens import Doc, Span
from spacy.util import minibatch
from thinc.api import Model, NumpyOps

__all__ = ["FACTORY", "GreedyEntityRecognizer", "decode_entities"]

#: The factory name; the component keeps the name ``ner``.
FACTORY = "kg_greedy_ner"
_MOVES = "BILUO"
_OPS = NumpyOps()


class GreedyEntityRecognizer(EntityRecognizer):
    """spaCy's ``EntityRecognizer`` with :func:`decode_entities` as its greedy decoding (see the module docstring)."""

    def __call__(self, doc: Doc) -> Doc:
        """Tag one Doc."""
        return next(self.pipe([doc]))

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 256) -> Iterator[Doc]:
        """Tag the Docs of ``stream`` in batches of ``batch_size``, in order."""
        for batch in minibatch(stream, size=batch_size):
            batch = list(batch)
            if not self._decodes_here() or _has_preset(batch):
                self.set_annotations(batch, self.predict(batch))  # spaCy's own decoding
            else:
                chunk = max(batch_size // 4, 2)  # the tok2vec's batch, as spaCy's ``Parser.pipe`` sizes it
                for doc, ents in zip(batch, decode_entities(self.model, self.moves, batch, chunk=chunk)):
                    doc.set_ents([Span(doc, start, end, label=label) for start, end, label in ents],
                                 default="outside")  # what BiluoPushDown.set_annotations writes without presets
            yield from batch


    def _decodes_here(self) -> bool:
        """Does :func:`decode_entities` cover this model: greedy, every class seen, the three NER features?"""
        lower = self.model.get_ref("lower")
        return (not self.model.attrs.get("unseen_classes") and self.cfg.get("beam_width", 1) == 1
                and lower.has_dim("nF") and lower.get_dim("nF") == 3)


def _has_preset(docs: list[Doc]) -> bool:
    return any(doc.to_array(ENT_IOB).any() for doc in docs if len(doc))


def _maxout(unmaxed: np.ndarray) -> np.ndarray:
    """Each unit's piece that thinc's ``Vec.arg_max`` picks: of two, the second unless the first is greater; of
    more, the first maximum."""
    if unmaxed.shape[2] == 2:
        return np.where(unmaxed[:, :, 0] > unmaxed[:, :, 1], unmaxed[:, :, 0], unmaxed[:, :, 1])
    return np.take_along_axis(unmaxed, unmaxed.argmax(axis=2)[:, :, None], axis=2)[:, :, 0]


def _precomputed(model: Model, docs: list[Doc], chunk: int) -> np.ndarray:
    """The first layer's output for every token of ``docs`` (spaCy's ``precompute_hiddens``), ``chunk`` Docs at a
    time through the tok2vec (its arrays grow with the tokens it reads): ``(tokens + 1, features, hidden * pieces)``,
    row 0 the padding. Each token's row is computed alone, so the chunks change no value."""
    tok2vec, lower = model.layers[0], model.layers[1]
    parts = []
    for start in range(0, len(docs), chunk):
        cached, _ = lower(tok2vec.predict(docs[start : start + chunk]), is_train=False)
        parts.append(cached[1:] if parts else cached)  # one padding row (the same "pad" parameter in each)
    cached = parts[0] if len(parts) == 1 else np.concatenate(parts)
    return cached.reshape(cached.shape[0], cached.shape[1], -1)


def decode_entities(model: Model, moves, docs: list[Doc], *, chunk: int = 16) -> list[list[tuple[int, int, str]]]:
    """``(start, end, label)`` of each entity the greedy decoding of spaCy's transition-based NER ``model`` (moves
    ``moves``, a ``BiluoPushDown``) finds in each Doc, for Docs without preset entities; the tok2vec reads ``chunk``
    Docs at a time."""
    found: list[list[tuple[int, int, str]]] = [[] for _ in docs]
    lengths = np.array([len(doc) for doc in docs], dtype=np.int64)
    if not lengths.any():
        return found
    lower, upper = model.layers[1], model.layers[2]
    cached = _precomputed(model, docs, chunk)
    bias = lower.get_param("b").ravel()
    weights, out_bias = upper.get_param("W"), upper.get_param("b")
    pieces = lower.get_dim("nP")
    names = [moves.get_class_name(i) for i in range(moves.n_moves)]
    move = np.array([_MOVES.index(name[0]) for name in names])
    labels = [name[2:] for name in names]
    label_id = {name: i for i, name in enumerate(sorted(set(labels)))}  # "" (no label) first: id 0
    label = np.array([label_id[name] for name in labels])
    label_name = sorted(label_id)
    is_b, is_i, is_l, is_u, is_o = (move == m for m in range(5))
    named = label != 0
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    total = int(lengths.sum())
    doc_of_row = np.repeat(np.arange(len(docs)), lengths)
    arrays = [doc.to_array([SENT_START, IS_SPACE]).reshape(-1, 2) for doc in docs if len(doc)]
    flags = np.concatenate(arrays + [np.zeros((1, 2), dtype=arrays[0].dtype)])  # one pad row for "next token"
    sent_start, space = flags[:, 0] == 1, flags[:, 1] != 0
    # A state is always closed at a sentence start (no B or I before one), so each sentence is decoded as its own
    # state, all of a batch in step: as many steps as the longest sentence, not the longest Doc.
    firsts = np.union1d(np.flatnonzero(sent_start[:total]), offsets[lengths > 0])
    sizes = np.diff(np.append(firsts, total))
    order = np.argsort(-sizes, kind="stable")  # longest first: the states still going are a prefix
    first, size = firsts[order], sizes[order]
    doc_end = (offsets + lengths)[doc_of_row[first]]
    is_open = np.zeros(len(first), dtype=bool)
    open_label = np.zeros(len(first), dtype=np.int64)
    open_row = np.zeros(len(first), dtype=np.int64)
    steps: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for t in range(int(size[0])):
        k = int(np.count_nonzero(size > t))
        rows = first[:k] + t
        opened = is_open[:k]
        unmaxed = np.zeros((k, cached.shape[2]), dtype=np.float32)
        unmaxed += cached[rows + 1, 0]
        unmaxed += cached[np.where(opened, open_row[:k] + 1, 0), 1]  # the open entity's first token
        unmaxed += cached[np.where(opened, rows, 0), 2]  # the token before the next one: row rows - 1 + 1
        unmaxed += bias
        hidden = _maxout(unmaxed.reshape(k, -1, pieces))
        scores = _OPS.gemm(np.ascontiguousarray(hidden), weights, trans2=True)
        scores += out_bias
        two_left = doc_end[:k] - rows >= 2
        cross = sent_start[rows + 1] & two_left  # the next token opens a sentence
        on_space = space[rows]
        same = opened[:, None] & (open_label[:k, None] == label[None, :])
        closed = ~opened[:, None]
        valid = (is_b & named & closed & (two_left & ~cross & ~on_space)[:, None]
                 | is_i & named & same & (two_left & ~cross)[:, None]
                 | is_l & named & same
                 | is_u & named & closed & ~on_space[:, None]
                 | is_o & closed)
        if not valid.any(axis=1).all():
            raise ValueError("the entity tagger found no valid move for a token; run spaCy's own ner to see why")
        guess = np.where(valid, scores, -np.inf).argmax(axis=1)
        chosen_move, chosen_label = move[guess], label[guess]
        lasts = chosen_move == 2
        ends = np.flatnonzero(lasts | (chosen_move == 3))
        if len(ends):
            steps.append((np.where(lasts[ends], open_row[ends], rows[ends]), rows[ends] + 1,
                          np.where(lasts[ends], open_label[ends], chosen_label[ends])))
        is_open[:k][lasts] = False
        started = np.flatnonzero(chosen_move == 0)
        is_open[started] = True
        open_label[started] = chosen_label[started]
        open_row[started] = rows[started]
    for starts, ends, kinds in steps:
        for start, end, kind in zip(starts.tolist(), ends.tolist(), kinds.tolist()):
            doc_index = int(doc_of_row[start])
            found[doc_index].append((start - int(offsets[doc_index]), end - int(offsets[doc_index]), label_name[kind]))
    for ents in found:
        ents.sort()
    return found


@Language.factory(FACTORY, default_config={"model": None, "moves": None, "update_with_oracle_cut_size": 100,
                                           "incorrect_spans_key": None,
                                           "scorer": {"@scorers": "spacy.ner_scorer.v1"}})
def make_greedy_ner(nlp: Language, name: str, model: Model, moves, update_with_oracle_cut_size: int,
                    incorrect_spans_key: str | None, scorer) -> GreedyEntityRecognizer:
    """spaCy's ``ner`` factory, making a :class:`GreedyEntityRecognizer`."""
    return GreedyEntityRecognizer(nlp.vocab, model, name=name, moves=moves,
                                  update_with_oracle_cut_size=update_with_oracle_cut_size,
                                  incorrect_spans_key=incorrect_spans_key, scorer=scorer)
