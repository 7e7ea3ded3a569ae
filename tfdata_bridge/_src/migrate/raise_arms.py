"""A batch in one arm of an ``if`` whose other arms only raise, its source made before the ``if`` (the Tacotron /
im2txt ``batch_inputs(filename_queue, batch_size, train)`` shape):

    def batch_inputs(filename_queue, batch_size=32, train=True):
        with tf.device('/cpu:0'):
            example = read_sequence_example(filename_queue)   # the source, before the ``if``
            if train:
                raise NotImplementedError('...')               # an arm that only raises: stays as it is
            else:
                batches = tf.train.batch(example, batch_size, dynamic_pad=True, allow_smaller_final_batch=True)
                return batches

On every path that does not raise, the statements before the ``if`` and the arm up to the batch run in order: they
are one straight block, and the pipeline's source is looked for in it (``Finder.pipeline``), as if the arm were not
there. The source's statements go from where they stand; the dataset is made where the batch was, in its arm. An
arm that raises raised before any element was read in legacy too (the reader's ops were built, never run), so it
stays as it is. What the moved statements bind must be read nowhere else (the raising arms and the ``if`` test
included): ``Finder._check_private`` refuses that, naming the name.

Followed up through ``with`` blocks (``tf.device``, ``name_scope``) and such ``if`` arms to the function's body;
any other statement on the way (a loop, a ``try``) and an arm that does more than raise leave the generic reason.
Costs nothing where no batch is refused for want of a source in its block: it runs only then, on a parent map the
reasons already keep per module (``queue_size.parents``).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal
from tfdata_bridge._src.migrate.queue_size import parents


def _only_raises(block: cst.BaseSuite) -> bool:
    """The arm holds a ``raise`` and nothing else that runs (a docstring or ``pass`` beside it)."""
    stmts = list(block.body) if isinstance(block, cst.IndentedBlock) else [block]
    smalls = []
    for s in stmts:
        if not isinstance(s, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            return False
        smalls.extend(s.body)
    quiet = [m for m in smalls if isinstance(m, cst.Pass) or
             isinstance(m, cst.Expr) and isinstance(m.value, (cst.SimpleString, cst.ConcatenatedString))]
    raised = [m for m in smalls if isinstance(m, cst.Raise)]
    return bool(raised) and len(quiet) + len(raised) == len(smalls) and isinstance(smalls[-1], cst.Raise)


def _arms(top: cst.If) -> list[cst.BaseSuite] | None:
    """The blocks of an ``if`` / ``elif`` ... / ``else`` chain; None without a final ``else`` (the path past the
    ``if`` is then another arm, one the rewrite does not follow here)."""
    out: list[cst.BaseSuite] = [top.body]
    other = top.orelse
    while isinstance(other, cst.If):
        out.append(other.body)
        other = other.orelse
    if other is None:
        return None
    out.append(other.body)
    return out


def guarded_block(module: cst.Module, stmt: cst.BaseStatement) -> list[cst.BaseStatement] | None:
    """The straight block that runs up to ``stmt`` (a batch in an ``if`` arm whose other arms only raise): the
    statements before each enclosing ``if`` / ``with`` out to the function's body, then ``stmt``'s own block up to
    it, ``stmt`` last. None where no such ``if`` holds ``stmt`` or another statement is on the way."""
    return _walk(module, stmt)[0]


def raise_arm_reason(module: cst.Module, finder, stmt: cst.BaseStatement, api: str, lines: dict) -> str | None:
    """The reason for a batch in an ``if`` arm whose source is before the ``if`` and another arm of which does more
    than raise; None where that is not the form (no source before the ``if`` either: the generic reason stands).
    Only for the batches the rewrite follows (``BATCHES``, as ``guarded_block`` in ``to_tfdata``): a join's
    ``Finder.pipeline`` takes its one list's arguments, not the call's own, so a ``batch_join`` keeps its reason."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES
    if api not in BATCHES:
        return None
    straight, busy = _walk(module, stmt, whole=True)
    if busy is None or straight is None:
        return None
    try:
        finder.pipeline(straight, len(straight) - 1)
    except Refusal as exc:
        if str(exc).startswith("no input producer"):
            return None
    top, arm = busy
    code = module.code_for_node
    first = arm.body[0] if isinstance(arm, cst.IndentedBlock) and arm.body else arm
    shown = code(first.with_changes(leading_lines=()) if hasattr(first, "leading_lines") else first).strip()
    shown = shown.splitlines()[0] if shown else ""
    positions = getattr(getattr(finder, "scopes", None), "positions", None) or {}

    def line_of(node):
        return lines.get(node) or getattr(getattr(positions.get(node), "start", None), "line", None)

    where, at = line_of(top), line_of(first)
    gone = "contrib." in code(arm)
    return (f"this `{api}` is made in one arm of `if {code(top.test).strip()}`{f' (line {where})' if where else ''} "
            f"and its source before the `if`, and another arm does more than raise (`{shown}`"
            f"{f', line {at}' if at else ''}): a batch in an `if` arm is followed only where every other arm only "
            "raises" + ("; that arm calls `tf.contrib`, which TensorFlow 2 no longer has (it fails there): make it "
                        "`raise NotImplementedError(...)`" if gone else
                        "; move the source into the arm that batches, or make the other arms raise"))


def _walk(module: cst.Module, stmt: cst.BaseStatement, whole: bool = False):
    """(the straight block, or None; the first ``if`` chain and arm that does more than raise, or None).
    ``whole``: the block also where an arm does more than raise."""
    up = parents(module)
    out: list[cst.BaseStatement] = []
    node: cst.CSTNode = stmt
    crossed = False
    busy = None
    while True:
        block = up.get(id(node))
        if not isinstance(block, (cst.IndentedBlock, cst.Module)) or node not in block.body:
            return None, None
        stmts = list(block.body)
        out[:0] = stmts[: stmts.index(node) + (0 if out else 1)]
        holder = up.get(id(block))
        if isinstance(block, cst.Module) or isinstance(holder, (cst.FunctionDef, cst.ClassDef)):
            if busy is not None:
                return (out if whole else None), busy
            return (out if crossed else None), None
        if isinstance(holder, cst.With):
            node = holder
            continue
        arm = holder
        top = up.get(id(holder)) if isinstance(holder, cst.Else) else holder
        if not isinstance(top, cst.If) or isinstance(holder, cst.If) and holder.body is not block:
            return None, None
        while isinstance(up.get(id(top)), cst.If) and up[id(top)].orelse is top:  # (an ``elif``: the chain's head)
            top = up[id(top)]
        arms = _arms(top)
        if arms is None:
            return None, None
        others = [a for a in arms if a is not arm.body and not _only_raises(a)]
        if others and busy is None:
            busy = (top, others[0])
        crossed = True
        node = top
