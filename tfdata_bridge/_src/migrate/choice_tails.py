"""A choice of batches whose branches first do their own per-element work (the NSynth reader's crop):

    wav = tf.decode_raw(example["audio"], tf.int16)          dataset = ...elements (wav, pitch, key)...
    if self.is_training:                                      if self.is_training:
        crop = tf.random_crop(wav, [length])                      def branch_element(wav, pitch, key):
        key, crop, pitch = tf.train.shuffle_batch(                    crop = tf.random_crop(wav, [length])
            [key, crop, pitch], ...)                                  return key, crop, pitch
    else:                                                         batched = dataset.map(branch_element)...
        crop = tf.slice(wav, [offset], [length])              else:
        key, crop, pitch = tf.train.batch([key, crop, pitch])     ...the same with the other branch's work...

Legacy ran each branch's ops once per element, upstream of its queue; the rewrite makes the elements the
branches read (the tensors bound before the ``if``) once, and each branch maps its own statements over them
before its batch. Only tensors that come from the pipeline's source become elements; other values the branches
read (a length, an offset computed in Python) stay where they are, read by the branch's function.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, identifiers, names_in, target_names
from tfdata_bridge._src.migrate.reader_setup import reader_setup


def branch_statement(stmt: cst.BaseStatement) -> bool:
    """A statement a branch may run per element before its batch: ``names = value`` or ``x.set_shape(...)``."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return False
    small = stmt.body[0]
    if isinstance(small, cst.Assign):
        return len(small.targets) == 1 and target_names(small.targets[0].target) is not None
    return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
        isinstance(small.value.func, cst.Attribute) and small.value.func.attr.value == "set_shape" and \
        isinstance(small.value.func.value, cst.Name)


def free_names(pre: list[cst.SimpleStatementLine], tensors: cst.BaseExpression) -> list[str]:
    """The names a branch reads before it binds them, in the order it first reads them."""
    bound: set[str] = set()
    out: list[str] = []
    for node in [*(s.body[0] for s in pre), tensors]:
        value = node.value if isinstance(node, (cst.Assign, cst.Expr)) else node
        for name in _in_order(value):
            if name not in bound and name not in out:
                out.append(name)
        if isinstance(node, cst.Assign):
            bound |= set(target_names(node.targets[0].target) or ())
    return out


def _in_order(node: cst.CSTNode) -> list[str]:
    return [n.value for n in identifiers(node)]


def elements_read(pres, tensors, before: list[cst.BaseStatement]) -> list[str]:
    """The names both branches read (in order) that statements before the ``if`` bind: the candidates for the
    shared elements."""
    from tfdata_bridge._src.migrate.tail_split import _bound

    bound_before = set().union(*(_bound(s) for s in before)) if before else set()
    out: list[str] = []
    for pre, t in zip(pres, tensors):
        out += [n for n in free_names(pre, t) if n in bound_before and n not in out]
    if not out:
        raise Refusal("the branches read no tensor made before the `if`")
    return out


def derived(pipeline, names: list[str]) -> list[str]:
    """The names that are tensors the pipeline's source made (the rest are values computed beside it, such as
    a Python offset, which the branches' functions read where they are)."""
    from tfdata_bridge._src.migrate.tail_split import _bound

    made = {p.lstrip("*") for p in pipeline.source.params}  # (``*sliced``: the producer's tuple, read by index)
    for stmt in pipeline.intermediates:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and names_in(small.value) & made:
            made |= set(target_names(small.targets[0].target) or ())
        elif isinstance(stmt, cst.For) and names_in(stmt) & made:  # a per-time-step loop growing lists of them
            made |= _bound(stmt) | _grown(stmt)
        elif isinstance(stmt, cst.If) and names_in(stmt) & made:  # an ``if`` choosing names made of them
            made |= _bound(stmt)
    return [n for n in names if n in made]


def split_kept(pre: list[cst.SimpleStatementLine], elements: list[str], fresh) -> tuple[list, list]:
    """(the statements that stay in the branch, before its element function, the branch's per-element work): an
    assignment that reads nothing made from the elements and binds only names nothing outside the ``if`` binds
    (``fresh``; ``num_threads = 16`` beside ResNet's shuffle queue) is a Python value of the branch, read by its
    batch's arguments: moved into the element function it would leave them unbound. One whose names a statement
    of the work before it reads would give that statement its new value, so it is work too (and a rebinding of a
    value from outside, such as ``flip = not flip``, stays work: ``check_branch_state`` says it). The rest, in
    order, is the work."""
    made = set(elements)
    kept: list = []
    work: list = []
    for stmt in pre:
        small = stmt.body[0]
        bound = set(target_names(small.targets[0].target) or ()) if isinstance(small, cst.Assign) else set()
        read_before = set().union(set(), *(names_in(w) for w in work))
        if names_in(small) & made or not bound or not all(fresh(n) for n in bound) or bound & read_before or \
                bound & names_in(small.value):
            work.append(stmt)
            made |= bound
        else:
            kept.append(stmt)
    return kept, work


def python_lists(pipeline, names: list[str]) -> set[str]:
    """The names among ``names`` that are Python lists of tensors where the ``if`` reads them: last given their
    value by a loop that grows them (``states.append(...)``) or by a list display. As an element of a dataset a
    list would become one stacked tensor (``tf.concat(values=states)`` would then concatenate one tensor); the
    elements carry them as tuples, which a branch's function reads as it read the list."""
    kind: dict[str, bool] = {}
    for stmt in pipeline.intermediates:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign):
            targets = small.targets[0].target
            values = small.value
            if isinstance(targets, (cst.Tuple, cst.List)) and isinstance(values, (cst.Tuple, cst.List)) and \
                    len(targets.elements) == len(values.elements):
                pairs = [(t.value, v.value) for t, v in zip(targets.elements, values.elements)]
            else:
                pairs = [(targets, values)]
            for t, v in pairs:
                for n in target_names(t) or ():
                    kind[n] = isinstance(t, cst.Name) and isinstance(v, (cst.List, cst.ListComp))
        elif isinstance(stmt, cst.For):
            kind.update((n, True) for n in _grown(stmt))
    return {n for n in names if kind.get(n)}


def _grown(stmt: cst.CSTNode) -> set[str]:
    """The names ``x`` of ``x.append(...)`` / ``x.extend(...)`` calls in ``stmt``."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    return {c.func.value.value for c in nodes_of(stmt, cst.Call) if isinstance(c.func, cst.Attribute)
            and c.func.attr.value in ("append", "extend") and isinstance(c.func.value, cst.Name)}


def check_left(pipeline, loose: list[str], before: list[cst.BaseStatement], where: str, code) -> None:
    """The values the branches read beside the elements stay where they are: none may move into the pipeline."""
    from tfdata_bridge._src.migrate.tail_split import _bound

    moved = set().union(*(_bound(s) for s in [*pipeline.source.statements, *pipeline.intermediates]))
    if not set(loose) & moved:  # each is plain Python (a tensor made beside the records would be captured once)
        reader_setup(before, cst.Tuple([cst.Element(cst.Name(n)) for n in loose]), set(), where, code,
                     what=f"has its branches read `{', '.join(loose)}`, made beside the records", in_place=True)
    else:
        raise Refusal(f"the branches read `{sorted(set(loose) & moved)[0]}`, which the pipeline's elements need too "
                      "but is not made from its records; a choice with per-branch work over it is not rewritten")


def branch_steps(gen, names: list[str], pre: list[cst.SimpleStatementLine], tensors: cst.BaseExpression,
                 ) -> tuple[list[cst.BaseStatement], list[str]]:
    """(the branch's element function, the ``map`` step that runs it) for a branch with work of its own."""
    from tfdata_bridge._src.compiler import emit

    if not pre and gen._returned(tensors, pre) == ", ".join(names):
        return [], []  # (the elements batched as they are; a branch batching ``[x * 2.0, label]`` maps that)
    fn = gen.fresh("branch_element")
    stmts = [s.with_changes(leading_lines=()) for s in pre]
    return [gen._function(fn, names, stmts, gen._returned(tensors, pre))], [emit.map_step(fn, None)]


def check_branch_state(pre: list[cst.SimpleStatementLine], elements: list[str], code, scopes=None,
                       branch: cst.CSTNode | None = None, whole: list[cst.CSTNode] = ()) -> None:
    """No statement of a branch's own work rebinds a name the branch reads from outside it (``elements``: the
    element tensors, the function's parameters). Legacy ran a statement such as ``flip = not flip`` once, in
    the function that built the graph; in the branch's element function it would make ``flip`` a local name,
    read before it is bound (``UnboundLocalError``), and the caller's ``flip`` would stay as it was:
    ``Refusal`` naming the statement. With ``scopes``: no name the branch's work binds is read outside
    the choice (``branch``: its batch statement; ``whole``: the choice's statements), where the rewrite leaves it
    unbound."""
    made = set(elements)
    outside: set[str] = set()
    for stmt in pre:
        small = stmt.body[0]
        if not isinstance(small, cst.Assign):
            continue
        reads = names_in(small.value)
        outside |= reads - made
        bound = set(target_names(small.targets[0].target) or ())
        rebound = sorted(bound & outside)
        if rebound:
            raise Refusal(f"`{code(stmt).strip()}` in a branch of the choice of batches rebinds `{rebound[0]}`, a "
                          "value the branch reads from outside the pipeline; the rewrite would run it in the "
                          "branch's element function, not once where the graph is built; not rewritten: move that "
                          "statement after the batch")
        made |= bound
    if scopes is not None:
        _not_read_after(pre, branch, whole, scopes, code)


def _not_read_after(pre: list[cst.SimpleStatementLine], branch, whole: list[cst.CSTNode], scopes, code) -> None:
    """Each name a statement of ``pre`` binds, unless the branch's batch statement binds it again, is read
    nowhere after the choice (``whole``: its statements), in whatever scope the read stands. (libcst's scope
    analysis is not flow-sensitive: every read of the name in its scope is checked.)"""
    from tfdata_bridge._src.migrate.calls import nodes_of
    from tfdata_bridge._src.migrate.choice_shapes import target_nodes

    inside = {id(n) for s in whole for n in nodes_of(s, cst.Name)}
    start = min(scopes._where(n)[0] for s in whole for n in nodes_of(s, cst.Name)[:1])
    last = branch.body[0] if isinstance(branch, cst.SimpleStatementLine) else None
    again = set(target_names(last.targets[0].target) or ()) if isinstance(last, cst.Assign) else set()
    for stmt in pre:
        scope = scopes.scope(stmt)
        small = stmt.body[0]
        if scope is None or not isinstance(small, cst.Assign):
            continue
        for target in target_nodes(small.targets[0].target):
            if target.value in again:
                continue
            after = sorted(line for a in scope.assignments[target.value] for r in a.references
                           if id(r.node) not in inside and (line := scopes._where(r.node)[0]) > start)
            if after:
                raise Refusal(f"`{target.value}`, made by `{code(stmt).strip()}` in a branch of the choice of "
                              f"batches, is read after the choice (line {after[0]}), where the rewrite, which "
                              "makes it per element in the branch's function, leaves it unbound; not rewritten: "
                              "read the batch's result there instead")
