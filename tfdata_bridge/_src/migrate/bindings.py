"""Which binding a read means, decided by where the bindings stand, never by the name's spelling.

    label = 0                                   # a Python counter: another binding of `label`
    for c in classes:
        labels.append(label)                    # reads the counter, never the tensor below
        label += 1
    image, label = tf.train.slice_input_producer([paths, labels])   # the pipeline's binding
    ...
    label = "done"                              # rebound after the pipeline's last use
    print(label)                                # reads "done"

libcst's scope analysis holds every assignment of ``label`` in the function and lets every read reference all
of them. A read can only see the pipeline's binding at ``stmt`` if control can reach it from ``stmt`` without
passing another binding of the name. Two cases where it cannot, answered here:
- the read stands before ``stmt`` in the same function (or in a comprehension there, which runs where it stands),
  and no loop holds both (a loop's next turn would carry ``stmt``'s value back up);
- the read stands after a later simple statement that always binds the name, in the code control reaches only
  through that statement (``rebound.read_after``).
A read in a nested ``def``, ``lambda`` or class may run at any time: it still counts.
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import Assignment

from tfdata_bridge._src.migrate.queue_size import parents
from tfdata_bridge._src.migrate.rebound import read_after, rebinds
from tfdata_bridge._src.migrate.scopes import local_elsewhere
from tfdata_bridge._src.migrate.walk import Visitor

_OWN_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
_LOOPS = (cst.For, cst.While)


def another_binding(scopes, stmt: cst.CSTNode, ref: cst.Name, name: str) -> bool:
    """``ref`` (a read of ``name`` that libcst ties to ``stmt``'s binding among others) never reads the value
    ``stmt`` binds: it stands before ``stmt`` outside any loop holding both, or after a later rebinding that
    control cannot bypass."""
    return _before(scopes, stmt, ref) or _after_rebinding(scopes, stmt, ref, name)


def reaching_reads(scopes, stmt: cst.CSTNode, name: str) -> list[cst.Name]:
    """The reads of ``name`` in ``stmt``'s scope (or a nested one) that may see the binding ``stmt`` makes: every
    read libcst ties to any binding of the name there (or to none: a loop's read before them all), less those
    ``another_binding`` shows read another (``with open(path) as f`` read by ``csv.DictReader(f)`` before
    ``f = tf.train.slice_input_producer(...)``)."""
    scope = scopes.scope(stmt)
    if scope is None:
        return []
    found: dict[int, cst.Name] = {}
    for a in scope.assignments[name]:
        found.update((id(r.node), r.node) for r in a.references if isinstance(r.node, cst.Name) and
                     not local_elsewhere(r.scope, scope, name))
    found.update((id(r.node), r.node) for r in scope.accesses[name] if isinstance(r.node, cst.Name))
    return [r for r in found.values() if not another_binding(scopes, stmt, r, name)]


def _key(p) -> tuple[int, int]:
    return p.line, p.column


def _chain(up, node: cst.CSTNode, root: cst.CSTNode) -> list[cst.CSTNode] | None:
    out = [node]
    while out[-1] is not root:
        parent = up.get(id(out[-1]))
        if parent is None:
            return None
        out.append(parent)
    return out


def _before(scopes, stmt: cst.CSTNode, ref: cst.Name) -> bool:
    root = getattr(scopes.scope(stmt), "node", None)
    at, here = scopes.positions.get(ref), scopes.positions.get(stmt)
    if root is None or at is None or here is None or not _key(at.end) <= _key(here.start):
        return False
    up = parents(root)
    theirs, mine = _chain(up, ref, root), _chain(up, stmt, root)
    if theirs is None or mine is None:
        return False
    if any(isinstance(n, _OWN_SCOPES) for n in theirs[1:-1]):  # defined here, run who knows when
        return False
    shared = {id(n) for n in mine}
    return not any(isinstance(n, _LOOPS) and id(n) in shared for n in theirs[1:-1])


def _after_rebinding(scopes, stmt: cst.CSTNode, ref: cst.Name, name: str) -> bool:
    scope = scopes.scope(stmt)
    here = scopes.positions.get(stmt)
    if scope is None or here is None:
        return False
    for a in scope.assignments[name]:
        if not isinstance(a, Assignment):
            continue
        later = scopes.owners.get(id(a.node))
        where = scopes.positions.get(later) if later is not None else None
        if where is None or later is stmt or not _key(here.end) <= _key(where.start):
            continue
        if rebinds(later, name) and read_after(scopes, later, ref, stmt):
            return True
    # an ``if`` after ``stmt`` each of whose branches (an ``else`` last) binds the name again in its own block
    # (``if batch_size is None: image = expand(image) else: image, label = batch[:2]``): no path past it keeps
    # ``stmt``'s value
    root = getattr(scope, "node", None)
    up = parents(root) if root is not None else {}
    for node in _nodes(root, cst.If) if root is not None else []:
        where = scopes.positions.get(node)
        if where is None or not _key(here.end) <= _key(where.start) or isinstance(up.get(id(node)), cst.If):
            continue
        if _every_branch_rebinds(node, name) and read_after(scopes, node, ref, stmt):
            return True
    return False


def _every_branch_rebinds(node: cst.If, name: str) -> bool:
    """Each branch of the ``if`` / ``elif`` ... / ``else`` (an ``else`` last: else the path through none keeps
    the value) holds, in its own block, a statement ``name = ...``."""
    branch: cst.BaseStatement | cst.Else | None = node
    while isinstance(branch, (cst.If, cst.Else)):
        block = branch.body
        if not (isinstance(block, cst.IndentedBlock) and any(rebinds(s, name) for s in block.body)):
            return False
        if isinstance(branch, cst.Else):
            return True
        branch = branch.orelse
    return False


def control_holder(scopes, stmt: cst.CSTNode, ref: cst.Name) -> tuple[str, str] | None:
    """(the read's statement, the ``with`` header) where ``ref`` stands in a statement ``x = ...`` of ``stmt``'s
    function whose ``x`` a later ``with ...control_dependencies([x]):`` takes (pix2pix's channel assertion):
    why the read stays outside the moved statements, named."""
    root = getattr(scopes.scope(stmt), "node", None)
    if root is None:
        return None
    up = parents(root)
    node: cst.CSTNode | None = ref
    while node is not None and not isinstance(node, cst.SimpleStatementLine):
        node = up.get(id(node))
    if node is None or len(node.body) != 1 or not isinstance(node.body[0], cst.Assign):
        return None
    made = {t.target.value for t in node.body[0].targets if isinstance(t.target, cst.Name)}
    code = cst.Module([]).code_for_node
    for with_ in _nodes(root, cst.With):
        for item in with_.items:
            text = code(item.item)
            if "control_dependencies" in text and any(isinstance(n, cst.Name) and n.value in made
                                                      for n in _nodes(item.item, cst.Name)):
                return " ".join(code(node).split()), text
    return None


def _nodes(root: cst.CSTNode, kind) -> list:
    found: list = []

    class _Find(Visitor):
        def on_visit(self, node: cst.CSTNode) -> bool:
            if isinstance(node, kind):
                found.append(node)
            return True

    root.visit(_Find())
    return found
