"""What a moved statement reads must mean at the batch what it meant where the statement stood.

    def inputs(files, n=1.0):
        ...
        x = tf.strings.to_number(v)
        y = x * n            # moved into the map function, which tf.data traces where the batch was
        n += 1.0             # stays: legacy's ``y`` read 1.0, the rewrite's would read 2.0
        return tf.train.batch([y], 2)

Legacy evaluated each per-element statement's Python values once, where the statement stood, while it built
the graph; the rewrite runs the statement inside the ``map`` function (and the source's arguments in the
dataset), both made at the batch. A name such a statement reads from outside the moved code (a parameter, a
local made beside the pipeline, ``self.scale``) that anything assigns again from the statement up to the batch
would be read with its new value, or, where a statement moved into the map function with it rebinds it, would
become a local of the map function read before it is bound: ``Refusal`` naming the name, the rebinding line and
the fix. A rebinding that moves with the pipeline is no new value for a source's arguments (the tutorial's
``slice_input_producer([image, label])`` then ``image = tf.image.decode_png(...)``): the rebinding moves into the
map function, out of the scope where the source's dataset is made, so it does not count there.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, identifiers, nodes_of, target_names

_FIX = "not rewritten: move the rebinding after the batch"


def assigned_between(finder, name: str, stmt: cst.CSTNode, lo: int, hi: int) -> int | None:
    """The first line in ``lo..hi`` (both included) where ``stmt``'s scope assigns ``name`` again, or None."""
    found = _rebindings(finder, name, stmt, lo, hi)
    return found[0][0] if found else None


def _rebindings(finder, name: str, stmt: cst.CSTNode, lo: int, hi: int) -> list[tuple[int, int]]:
    """(line, id of the binding node) of each assignment of ``name`` by ``stmt``'s scope in ``lo..hi``, in order."""
    scope = finder.scopes.scope(stmt)
    if scope is None:
        return []
    return sorted((line, id(node)) for a in scope.assignments[name]
                  if lo <= (line := finder.scopes._where(node := getattr(a, "node", None))[0]) <= hi)


def _shown(code, stmt: cst.CSTNode) -> str:
    """``stmt`` as written, without the comment lines above it (a reason quotes the statement, never a comment)."""
    if isinstance(stmt, (cst.SimpleStatementLine, cst.BaseCompoundStatement)):
        stmt = stmt.with_changes(leading_lines=())
    return code(stmt).strip()


def _ids(stmts) -> set[int]:
    return {id(n) for s in stmts for n in nodes_of(s, cst.CSTNode)}


def _end(finder, node: cst.CSTNode) -> int:
    pos = finder.scopes.positions.get(node)
    return pos.end.line if pos is not None else (finder.scopes.line(node) or 0)


def _targets(stmt: cst.CSTNode) -> set[int]:
    """The Name nodes ``stmt`` binds (assignment, augmented-assignment and ``for`` targets), by id."""
    out: set[int] = set()
    for node in nodes_of(stmt, cst.CSTNode):
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            if isinstance(target, cst.Name) or target_names(target) is not None:
                out |= {id(n) for n in nodes_of(target, cst.Name)}
    return out


def _chains(stmt: cst.CSTNode) -> dict[str, cst.Attribute]:
    """The dotted values ``stmt`` reads (``self.scale``, ``cfg.data.scale``), by their code."""
    code = cst.Module([]).code_for_node
    out: dict[str, cst.Attribute] = {}
    for node in nodes_of(stmt, cst.Attribute):
        base = node
        while isinstance(base, cst.Attribute):
            base = base.value
        if isinstance(base, cst.Name):
            out.setdefault(code(node), node)
    return out


def _attribute_rebound(finder, stmt: cst.CSTNode, chains: dict[str, cst.Attribute], lo: int, hi: int,
                       own: set[int] = frozenset()) -> tuple[str, int] | None:
    """(a chain ``stmt`` reads, the line) where its function assigns that chain or a part of it again
    (``self.scale = ...``, ``self.cfg = ...`` for ``self.cfg.scale``) in ``lo..hi``."""
    scope = finder.scopes.scope(stmt)
    root = getattr(scope, "node", None)
    if root is None or not chains:
        return None
    code = cst.Module([]).code_for_node
    for node in nodes_of(root, cst.CSTNode):
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            targets = [node.target]
        else:
            continue
        line = (finder.scopes.line(node) or 0)
        if not lo <= line <= hi:
            continue
        for target in targets:
            for attr in nodes_of(target, cst.Attribute):
                if id(attr) in own:  # (the batch's own target)
                    continue
                written = code(attr)
                for read in chains:
                    if read == written or read.startswith(written + "."):
                        return read, line
    return None


def check_moved_reads(finder, sources: list[cst.CSTNode], mapped: list[cst.CSTNode], params: list[str],
                      batch: cst.CSTNode, reads) -> None:
    """Each moved statement (``sources``: the source's, whose arguments the dataset reads where the batch was;
    ``mapped``: those moved into the map function, whose parameters are ``params``; each in program order) reads,
    from outside the moved code, only values that no statement left in place assigns again between it and
    ``batch``, and that no statement moved into the map function with it binds from it on (there the name would
    be a local read before it is bound). ``reads(stmt)``: the names a statement reads before it binds them,
    where it is a compound statement the recogniser moves whole (the ``if`` of ``branch_names.py``), else None."""
    scope = finder.scopes.scope(batch)
    hi = finder.scopes.lines.get(batch, 0) or (finder.scopes.line(batch) or 0)
    moving, in_map = _ids([*sources, *mapped]), _ids(mapped)
    # the batch statement's own targets (``images, labels = tf.train.batch(...)``, ``self.x, self.y = ...``) are
    # bound after its call made the dataset: no new value for what the moved code read (round 23)
    own_targets = _ids([t.target for t in getattr(_small(batch), "targets", ())])
    mapped_ids = {id(m) for m in mapped}
    bound = set(params)
    code = finder.code or cst.Module([]).code_for_node
    for stmt in sorted([*sources, *mapped], key=lambda s: (finder.scopes.line(s) or 0)):
        if finder.scopes.scope(stmt) is not scope:  # an inlined helper's statement: its own function's names
            continue
        lo = (finder.scopes.line(stmt) or 0)
        own = _targets(stmt)
        chosen = reads(stmt)
        if chosen is not None:
            free = set(chosen) - bound
        elif isinstance(stmt, cst.For):  # a set_shape loop: its variable is its own, bound before the body reads it
            loop = {n.value for n in nodes_of(stmt.target, cst.Name)}
            # (a per-time-step loop's own names, bound before it reads them: step_loops.py checked that)
            loop |= {n.value for a in nodes_of(stmt.body, cst.AssignTarget) for n in nodes_of(a.target, cst.Name)}
            free = ({n.value for n in identifiers(stmt.iter)} | {n.value for n in identifiers(stmt.body)} - loop) \
                - bound
        else:
            local = _comprehension_locals(stmt)  # (``{k: v for k, v in ...}``: its ``k`` is its own)
            free = {n.value for n in identifiers(stmt) if id(n) not in own and id(n) not in local} - bound
        itself = _ids([stmt])
        for name in sorted(free):
            for line, node in _rebindings(finder, name, stmt, lo, hi):
                if node in own_targets:
                    continue
                if node not in moving:  # a statement left in place: the new value
                    raise Refusal(f"`{name}`, read by `{_shown(code, stmt)}` (line {lo}), is assigned again on line "
                                  f"{line}, before the batch (line {hi}): the rewrite runs that statement in the "
                                  f"tf.data function made at the batch, where `{name}` means the new value; {_FIX}")
                if id(stmt) not in mapped_ids or node not in in_map:
                    continue  # a source's argument, or a source's own binding: read where the batch was, unchanged
                where = "that statement too, which the rewrite moves" if node in itself else \
                    f"`{_shown(code, _holder(mapped, node))}` (line {line}) too, which the rewrite moves with it"
                raise Refusal(f"`{name}`, read by `{_shown(code, stmt)}` (line {lo}), is bound by {where} into the "
                              f"tf.data function made at the batch, where `{name}` would be a local name read before "
                              "it is bound; not rewritten: bind the new value to another name, or move the rebinding "
                              "after the batch")
        chains = {k: v for k, v in _chains(stmt).items() if k.split(".", 1)[0] not in bound}
        found = _attribute_rebound(finder, stmt, chains, _end(finder, stmt) + 1, hi, own_targets)
        if found is not None:
            raise Refusal(f"`{found[0]}`, read by `{_shown(code, stmt)}` (line {lo}), is assigned again on line "
                          f"{found[1]}, before the batch (line {hi}): the rewrite runs that statement in the "
                          f"tf.data function made at the batch, where `{found[0]}` means the new value; {_FIX}")
        bound |= {n.value for n in nodes_of(stmt, cst.Name) if id(n) in own}


def _comprehension_locals(stmt: cst.CSTNode) -> set[int]:
    """The ids of the ``Name`` nodes of ``stmt`` that are a comprehension's own variables (bound by its ``for``
    targets, read in it; its first iterable is evaluated outside it and is not one)."""
    out: set[int] = set()
    for comp in nodes_of(stmt, (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)):
        fors = nodes_of(comp.for_in, cst.CompFor)
        targets = {n.value for f in fors for n in nodes_of(f.target, cst.Name)}
        outer = {id(n) for n in nodes_of(comp.for_in.iter, cst.Name)}
        out |= {id(n) for n in nodes_of(comp, cst.Name) if n.value in targets and id(n) not in outer}
    return out


def _small(stmt: cst.CSTNode) -> cst.CSTNode | None:
    """The one small statement of a simple statement line (the batch's assignment), else None."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        return stmt.body[0]
    return None


def _holder(stmts: list[cst.CSTNode], node: int) -> cst.CSTNode:
    """The one of ``stmts`` holding the node whose id is ``node``."""
    return next(s for s in stmts if node in _ids([s]))


__all__ = ["assigned_between", "check_moved_reads"]
