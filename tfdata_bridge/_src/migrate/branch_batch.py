"""What to say of a batch made in one branch of an ``if`` whose source is made before the ``if`` (issue 17):

    _, line = reader.read(input_queue)                # the source, before the ``if``
    image = decode(line)
    if mode == "train":
        images = tf.train.batch([image], batch_size)  # a batch in one branch
    elif mode == "test":
        images = tf.stack([image, flip(image)], 0)    # the element read directly, one per run, in the other

The rewrite looks for a pipeline's source in the block of its batch (``Finder.pipeline``), and knows a choice
of two batches (``choice.py``), not a choice between a batched chain and an unbatched one. The generic
"no input producer ... in the same block" would send the user looking for a source that is there; this says
the form and why it is left instead.

A batch made by a nested function that each branch of an ``if`` defines again (round 69's CycleGAN
``get_image_batch``: ``if train: def queue(): ...; def batch(f, x): return tf.train.shuffle_batch(...)`` /
``else: def queue(): ...; def batch(f, x): return tf.train.batch(...)``, then ``filename_queue = queue()``, the
reader, ``return batch(filename, image)`` after the ``if``) is said as such (``closure_batch_reason``): the rewrite
follows no function a branch chooses, so the source it looks for is in another function's block.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.queue_size import parents

_SOURCES = ("input_producer", "Reader", "py_func")


def _branches(node: cst.If) -> list[cst.BaseSuite]:
    out = [node.body]
    other = node.orelse
    while other is not None:
        if isinstance(other, cst.If):
            out.append(other.body)
            other = other.orelse
        else:
            out.append(other.body)
            other = None
    return out


def branch_batch_reason(module: cst.Module, finder, stmt: cst.CSTNode, api: str, lines: dict) -> str | None:
    """The reason to give for the batch at ``stmt``, made inside an ``if`` branch whose enclosing block makes
    a source before the ``if``; None where that is not the case (the generic reason stands)."""
    up = parents(module)
    node, branch = stmt, None
    while node is not None and not isinstance(node, cst.If):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            return None
        if isinstance(node, cst.IndentedBlock):
            branch = node
        node = up.get(id(node))
    if node is None or branch is None:
        return None
    top = node  # the whole ``if`` / ``elif`` chain: its first ``If``
    while isinstance(up.get(id(top)), cst.If) and up[id(top)].orelse is top:
        top = up[id(top)]
    block = up.get(id(top))
    if not isinstance(block, (cst.IndentedBlock, cst.Module)) or top not in block.body:
        return None
    before = list(block.body[: block.body.index(top)])
    if not any(any(s in (finder.api(c) or "") for s in _SOURCES) for b in before for c in nodes_of(b, cst.Call)):
        return None  # no source before the ``if``: the generic reason is the true one
    code = module.code_for_node
    test = code(top.test).strip()
    where = lines.get(top)
    at = f"`if {test}`" + (f" (line {where})" if where else "")
    batching = ("batch", "shuffle_batch", "batch_join", "shuffle_batch_join", "maybe_batch", "maybe_shuffle_batch")
    others = [b for b in _branches(top) if b is not branch]
    unbatched = [b for b in others
                 if not any((finder.api(c) or "").rsplit(".", 1)[-1] in batching for c in nodes_of(b, cst.Call))]
    if unbatched:
        return (f"this `{api}` is made in one branch of {at}, and another branch reads the pipeline's elements "
                "without a batch (one element per run): a choice between a batched chain and an unbatched one "
                "is not rewritten yet (the rewrite knows a choice between two batches), so the reader stays; "
                "`--fallback compat` runs it through the drop-in")
    if len(others) == 0:
        return (f"this `{api}` is made inside {at} while its source is made before the `if`: a batch made in "
                "one branch only (nothing batched otherwise) is not rewritten yet; `--fallback compat` runs it "
                "through the drop-in")
    return None


def closure_batch_reason(module: cst.Module, stmt: cst.CSTNode, api: str, lines: dict) -> str | None:
    """The reason for a batch made in a nested function defined in a branch of an ``if`` whose other branch
    defines a function of the same name; None where that is not so."""
    up = parents(module)
    node = up.get(id(stmt))
    while node is not None and not isinstance(node, cst.FunctionDef):
        if isinstance(node, (cst.ClassDef, cst.Lambda)):
            return None
        node = up.get(id(node))
    fn = node
    if fn is None:
        return None
    block = up.get(id(fn))
    arm = up.get(id(block)) if isinstance(block, cst.IndentedBlock) else None
    top = up.get(id(arm)) if isinstance(arm, cst.Else) else arm
    if not isinstance(top, cst.If):
        return None
    while isinstance(up.get(id(top)), cst.If) and up[id(top)].orelse is top:
        top = up[id(top)]
    name = fn.name.value
    again = [d for b in _branches(top) if b is not block for d in (b.body if isinstance(b, cst.IndentedBlock) else [])
             if isinstance(d, cst.FunctionDef) and d.name.value == name]
    if not again:
        return None
    holder = up.get(id(top))  # the block of the ``if``: a call of ``name`` after it takes the chosen function
    after = list(holder.body[holder.body.index(top) + 1:]) \
        if isinstance(holder, (cst.IndentedBlock, cst.Module)) and top in holder.body else []
    if not any(isinstance(c.func, cst.Name) and c.func.value == name for s in after for c in nodes_of(s, cst.Call)):
        return None
    code = module.code_for_node
    test = code(top.test).strip()
    where = lines.get(top)
    at = f"`if {test}`" + (f" (line {where})" if where else "")
    others = sorted({d.name.value for b in _branches(top) for d in (b.body if isinstance(b, cst.IndentedBlock) else [])
                     if isinstance(d, cst.FunctionDef) and d.name.value != name})
    also = f" (as are {', '.join(f'`{o}`' for o in others)})" if others else ""
    return (f"this `{api}` is made by the nested function `{name}`, which each branch of {at} defines again{also}, "
            "and the source it batches is read by code after the `if` that calls the chosen one: the rewrite follows "
            "no function a branch chooses (it writes the code after the `if` into each branch only where the "
            "branches define nothing but functions, each called as `name = f(...)` or `return f(...)` with names "
            "or literals, of positional parameters and one closing `return`); not rewritten (make the producer, the "
            "read and the batch in one "
            "function, choosing their arguments by the flag, or `--fallback compat` runs it through the drop-in)")
