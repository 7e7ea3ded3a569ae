"""A reader object whose per-element tensors are read unbatched through its attributes (DeepLab's
``ImageReader``): ``__init__`` makes a ``slice_input_producer`` and reads one element into ``self.image``,
``self.label``; its ``dequeue(n)`` batches them but is called nowhere; the program reads ``reader.image`` (adds a
batch dimension with ``expand_dims``) and runs a known number of steps.

The class is rewritten as ``object_pipeline.py`` rewrites any kept pipeline (``__init__`` builds the element
dataset ``self.dataset``, the batching method batches an iterator of it), and the attributes the batch lists are
set again, right after the dataset is made, from one one-shot iterator over it:

    self.image, self.label = tf.data.make_one_shot_iterator(self.dataset).get_next()

Each session run that reads them takes the next element, as each run took the producer's next slice (and the
per-element code ran in that run); their static shapes are the map function's. Taken only where:

- the batching method is called nowhere in the migrated tree (legacy's batches would compete with the reads for
  the one queue; a dataset's iterators would each see every element);
- its batch lists the object's attributes themselves (``[self.image, self.label]``, no ``enqueue_many``), and the
  attributes read outside the class are among them: the element dataset's components are then exactly what they
  were.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of


def _batched(cand) -> list[str] | None:
    """The attributes the batch call lists, in order; None where its tensors are anything else."""
    from tfdata_bridge._src.migrate.object_merge import self_name

    small = cand.batch_stmt.body[0]
    call = getattr(small, "value", None)
    if not isinstance(call, cst.Call):
        return None
    tensors = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "tensors"),
                   call.args[0].value if call.args and call.args[0].keyword is None else None)
    if any(a.keyword is not None and a.keyword.value == "enqueue_many" for a in call.args):
        return None
    instance = self_name(cand.batcher)
    if not isinstance(tensors, (cst.List, cst.Tuple)) or len(tensors.elements) < 2:
        return None
    out = []
    for el in tensors.elements:
        v = el.value
        if not (isinstance(el, cst.Element) and isinstance(v, cst.Attribute) and isinstance(v.value, cst.Name)
                and v.value.value == instance):
            return None
        out.append(v.attr.value)
    return out


def unbatched_reason(cand, read: list[str]) -> str | None:
    """Why the attributes ``read`` outside the class cannot be one iterator's elements; None where they can."""
    batched = _batched(cand)
    if batched is None:
        return ("and its batch does not list the attributes themselves (two or more `self.x`, no `enqueue_many`), "
                "so its element dataset is not what they were")
    missing = [a for a in read if a not in batched]
    if missing:
        return f"and `.{missing[0]}` is not one of the tensors its batch lists"
    return None


def with_unbatched_attrs(maker_body: list, batcher_body: list, instance: str, attr: str, cand, kept: list[str]
                         ) -> list:
    """``maker_body`` with the batched attributes set from one iterator over ``instance.attr`` right after it is
    made (at the top of the method or in a ``with`` block there)."""
    batched = _batched(cand) or []
    made = next((c.func for s in batcher_body for c in nodes_of(s, cst.Call)
                 if isinstance(c.func, cst.Attribute) and c.func.attr.value == "make_one_shot_iterator"), None)
    if made is None:
        raise Refusal("the batching method's rewrite makes no one-shot iterator to read the attributes through")
    line = cst.SimpleStatementLine([cst.Assign(
        [cst.AssignTarget(cst.Tuple([cst.Element(cst.Attribute(cst.Name(instance), cst.Name(a))) for a in batched],
                                    lpar=[], rpar=[]))],
        cst.Call(cst.Attribute(cst.Call(made, [cst.Arg(cst.Attribute(cst.Name(instance), cst.Name(attr)))]),
                               cst.Name("get_next"))))])
    done = []

    def sets(stmt) -> bool:
        return isinstance(stmt, cst.SimpleStatementLine) and any(
            isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name) and
                t.target.value.value == instance and t.target.attr.value == attr for t in small.targets)
            for small in stmt.body)

    def walk(stmts: list) -> list:
        out = []
        for stmt in stmts:
            if sets(stmt) and not done:
                out += [stmt, line]
                done.append(stmt)
            elif isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock) and not done:
                out.append(stmt.with_changes(body=stmt.body.with_changes(body=walk(list(stmt.body.body)))))
            else:
                out.append(stmt)
        return out

    body = walk(list(maker_body))
    if not done:
        raise Refusal(f"`{instance}.{attr}` is not made in straight code of the making method, where the attributes "
                      f"({', '.join(f'`.{a}`' for a in kept)}) would be read from it")
    return body


def unbatched_note(cand, kept: list[str], attr: str) -> str:
    from tfdata_bridge._src.migrate.object_merge import self_name

    shown = ", ".join(f"`.{a}`" for a in kept)
    name = f"{cand.cls.name.value}.{cand.batcher.name.value}"
    verb = "are the `get_next()`" if len(kept) > 1 else "is a component of the `get_next()`"
    return (f"{shown}, read unbatched, {verb} of one iterator over `{self_name(cand.maker)}.{attr}`, "
            f"one element per run as the producer gave them; `{name}` (called nowhere) batches an iterator of its "
            "own: called alone it gives legacy's batches, but beside those reads each would see every element "
            "(legacy's competed for the one queue)")


__all__ = ["unbatched_note", "unbatched_reason", "with_unbatched_attrs"]
