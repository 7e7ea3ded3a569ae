"""A batch whose per-record code holds another batch: two batching stages, refused in one pass.

    frames, indices = tf.train.batch([frame, index], batch_size=5)     # stage 1: clips of 5 frames
    clip_label = indices[0] // 15
    batch = tf.train.shuffle_batch([frames, indices, clip_label], ...)  # stage 2: batches of clips

The recogniser follows stage 2's tensors back to the reader through stage 1 and would move stage 1's batch call
into stage 2's per-record function, a queue inside a dataset function: not the program. Stage 2 is refused in that
pass, with this reason; stage 1 is rewritten, and the second round (``second_round.py``) then finds stage 2 fed
by stage 1's iterator (``make_one_shot_iterator(dataset).get_next()``), a source it knows.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of


def refuse_inner_batches(pipeline, paths, batches, joins) -> None:
    """Raises ``Refusal`` where a statement the pipeline would move into its per-record function calls a batch or
    a join (``paths``: the API path of each call of the module)."""
    for stmt in [*pipeline.intermediates, *(pipeline.originals or ())]:
        for call in nodes_of(stmt, cst.Call):
            api = paths.get(call)
            if api in batches or api in joins:
                raise Refusal(f"another batch (`{api}`) feeds this one (two batching stages): the first is rewritten "
                              "on its own, this one only where it then reads the first one's dataset")


def staged(module: cst.Module, first, again, asked: list, requests: list | None):
    """``first`` (a rewrite of ``module``), or its second round (``second_round.py``) where that rewrites more; the
    second round's requests of other modules' helpers added to ``asked`` where it is kept."""
    from tfdata_bridge._src.migrate.second_round import second_round

    more: list = []
    out = second_round(module, first, lambda m: again(m, more if requests is not None else None))
    if out is not first:
        asked.extend(more)
    return out


__all__ = ["refuse_inner_batches", "staged"]
