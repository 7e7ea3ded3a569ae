"""Queue-runner plumbing held on an object: a session helper class that starts the runners (round 17).

    class QueueSession(object):
        def __enter__(self):
            self.sess = tf.Session()
            self.coord = tf.train.Coordinator()
            self.threads = tf.train.start_queue_runners(sess=self.sess, coord=self.coord)
            return self.sess

        def __exit__(self, exc_type, exc, tb):
            self.coord.request_stop()
            self.coord.join(self.threads, stop_grace_period_secs=5)
            self.sess.close()

The object may also be a parameter of the method (a callback handed its trainer: ``trainer.coord =
tf.train.Coordinator()`` in ``before_train(self, trainer)``, ``trainer.coord.request_stop()`` in ``after_train``).
Once nothing is left for the runners to run (``plumbing.remove_plumbing`` asks), the coordinator and the threads
kept on ``self`` (or on a parameter) go where the module uses them for nothing else: the attribute holding the coordinator is read only
by ``request_stop()`` / ``join(...)`` statements and the ``coord=`` of the start, the one holding the threads only
by that ``join``. Otherwise they stay, and the note says which use keeps them (harmless with no runners).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider, QualifiedNameProvider

from tfdata_bridge._src.migrate.calls import code_of, imported_roots, module_aliases, nodes_of, tf_path, wrapped
from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.walk import Visitor
from tfdata_bridge._src.symbols import BY_PATH


def _self_attr(node: cst.BaseExpression, params: frozenset[str] = frozenset({"self"})) -> str | None:
    """The attribute's name where ``node`` is ``<p>.name`` for ``p`` one of ``params`` (the enclosing function's
    parameters: ``self``, or an object handed in)."""
    return node.attr.value if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and \
        node.value.value in params else None


class _Survey(Visitor):
    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self, roots) -> None:
        super().__init__()
        self.roots = roots
        self.coords: dict[str, cst.SimpleStatementLine] = {}  # attribute -> ``self.x = Coordinator()``
        self.starts: list[tuple[cst.SimpleStatementLine, str | None]] = []  # (statement, threads attribute)
        self.attrs: dict[str, list[cst.Attribute]] = {}  # every ``<anything>.name`` by name
        self.lines: dict[int, int] = {}
        self.params: list[frozenset[str]] = [frozenset({"self"})]  # the enclosing functions' parameters
        self.held: set[int] = set()  # ids of ``<parameter>.x`` attributes (``_self_attr``)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        ps = node.params
        self.params.append(frozenset({"self", *(p.name.value for p in [*ps.posonly_params, *ps.params,
                                                                         *ps.kwonly_params])}))

    def leave_FunctionDef(self, original_node: cst.FunctionDef) -> None:
        self.params.pop()

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if len(node.body) != 1:
            return
        small = node.body[0]
        value = small.value if isinstance(small, (cst.Assign, cst.Expr)) else None
        if not isinstance(value, cst.Call):
            return
        sym = BY_PATH.get(tf_path(self, value.func, self.roots) or "")
        if sym is None:
            return
        target = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
        held = _self_attr(target, self.params[-1]) if target is not None else None
        if sym.name == "train.Coordinator" and held:
            self.coords[held] = node
        elif sym.name == "train.start_queue_runners" and (held or isinstance(small, cst.Expr)):
            self.starts.append((node, held))
        self.lines[id(node)] = self.get_metadata(PositionProvider, node).start.line

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if _self_attr(node, self.params[-1]) is not None:
            self.held.add(id(node))
        self.attrs.setdefault(node.attr.value, []).append(node)
        self.lines[id(node)] = self.get_metadata(PositionProvider, node).start.line


def remove_held_plumbing(module: cst.Module, external=None) -> tuple[cst.Module, list[Note]]:
    """``module`` without the runner plumbing kept on ``self`` (nothing left to run), or with a note saying what
    keeps it; the same module and no note where there is none."""
    code = code_of(module)
    if "Coordinator" not in code or "." not in code:
        return module, []
    survey = _Survey(imported_roots(module))
    survey.tf_aliases = module_aliases(module)
    wrapped(module).visit(survey)
    if not survey.coords:  # (a start with no ``coord=`` and nothing held: ``plumbing.py``'s)
        return module, []
    survey.starts = [(s, t) for s, t in survey.starts if _held_coord(s, survey.coords, survey.held)]
    removed: list[cst.SimpleStatementLine] = [*survey.coords.values(), *(s for s, _ in survey.starts)]
    allowed: set[int] = {id(a) for s in removed for a in nodes_of(s, cst.Attribute)}
    for stmt in nodes_of(module, cst.SimpleStatementLine):
        small = stmt.body[0] if len(stmt.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
                call.func.attr.value in ("request_stop", "join") and id(call.func.value) in survey.held and \
                call.func.value.attr.value in survey.coords:
            removed.append(stmt)
            allowed |= {id(a) for a in nodes_of(stmt, cst.Attribute)}
    first = min(survey.lines[id(s)] for s in [*survey.coords.values(), *(s for s, _ in survey.starts)])
    held = set(survey.coords) | {t for _, t in survey.starts if t}
    for name in sorted(held):
        outside = [a for a in survey.attrs.get(name, []) if id(a) not in allowed]
        # (an object handed in may be read in the tree's other modules: ``.name`` there keeps it)
        elsewhere = getattr(external, "attribute_uses_elsewhere", None)
        if not outside and elsewhere is not None and elsewhere(name):
            return module, [Note(first, f"queue-runner plumbing left (harmless without runners): `.{name}` is used "
                                        "in another module of the program", kind="info")]
        if outside:
            line = survey.lines[id(outside[0])]
            return module, [Note(first, f"queue-runner plumbing left (harmless without runners): `.{name}` is used at "
                                        f"line {line} beyond starting and stopping runners", kind="info")]
    gone = {id(s) for s in removed}
    return module.visit(_Remove(gone)), [Note(first, "queue-runner plumbing removed: nothing is left to run it (the "
                                                     "coordinator and threads an object held)", kind="info")]


def _held_coord(start: cst.SimpleStatementLine, coords, held: set[int]) -> bool:
    """The start's ``coord=`` is an attribute holding a coordinator (or it has none)."""
    call = start.body[0].value
    coord = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "coord"), None)
    return coord is None or (id(coord) in held and coord.attr.value in coords)


class _Remove(cst.CSTTransformer):
    def __init__(self, gone: set[int]) -> None:
        super().__init__()
        self.gone = gone

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemovalSentinel.REMOVE if id(original) in self.gone else updated

    def leave_IndentedBlock(self, original, updated):
        return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])]) if not updated.body else updated


__all__ = ["remove_held_plumbing"]
