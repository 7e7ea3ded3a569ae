"""Removing queue-runner plumbing once no queue pipeline is left: ``start_queue_runners``, ``Coordinator``.

Removed only where provably unused: the coordinator is used by nothing but ``request_stop()``,
``join(...)`` statements, the ``coord=`` argument of ``start_queue_runners`` and the test of
``while not coord.should_stop():`` loops that never request a stop themselves (with no runners the test is
always false, so the loop becomes ``while True:``). Runner threads used beyond that ``join`` keep their name,
bound to an empty list. Otherwise everything is left (harmless with no runners) and a note says so.
A ``finally:`` emptied by the removal goes; a ``try:`` left with neither handlers nor ``finally`` is unwrapped.
Also (``runner_loops.py``): a loop starting the QUEUE_RUNNERS collection's runners, ``and not
coord.should_stop()`` in a loop test, ``coord.request_stop(e)`` in a handler, and ``with
coord.stop_on_exception():`` (a ``try`` that ends quietly at ``OutOfRangeError``, as the coordinator did). A
Supervisor that only initialised and ran the runners becomes a Session first (``supervisor.py``).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from dataclasses import replace

import libcst as cst
from libcst.metadata import PositionProvider, QualifiedNameProvider, QualifiedNameSource

from tfdata_bridge._src.migrate.calls import code_of, name_ids as _ids, names_in, without_import_lines, wrapped
from tfdata_bridge._src.migrate.calls import (PRIVATE_MODULES, imported_roots, module_aliases, nodes_of, tf_path,
                                             v1_prefix)
from tfdata_bridge._src.migrate.held_plumbing import remove_held_plumbing
from tfdata_bridge._src.migrate.names import looked_up_apis, lookup_pattern
from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.runner_helpers import module_runner_helpers, names_helper
from tfdata_bridge._src.migrate.stored_coord import stored_args
from tfdata_bridge._src.migrate.supervisor import replace_supervisors
from tfdata_bridge._src.migrate.runner_loops import (recorded_stop, runner_loop, should_stop, without_recorded_stop,
                                                     without_should_stop)
from tfdata_bridge._src.migrate.walk import Visitor
from tfdata_bridge._src.symbols import BY_PATH


def _stmt_call(stmt: cst.CSTNode) -> tuple[cst.Call | None, str | None]:
    """(the call, the name it is assigned to) for ``x = f(...)`` / ``f(...)`` statements."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            return small.value, None
        if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Name):
            return small.value, small.targets[0].target.value
    return None, None


def _collecting_call(stmt: cst.SimpleStatementLine) -> tuple[cst.Call | None, str | None]:
    """(the call, the list it adds to) for ``threads += f(...)`` / ``threads.extend(f(...))`` statements."""
    small = stmt.body[0] if len(stmt.body) == 1 else None
    if isinstance(small, cst.AugAssign) and isinstance(small.operator, cst.AddAssign) and \
            isinstance(small.target, cst.Name) and isinstance(small.value, cst.Call):
        return small.value, small.target.value
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        func, args = small.value.func, small.value.args
        if isinstance(func, cst.Attribute) and func.attr.value == "extend" and isinstance(func.value, cst.Name) \
                and len(args) == 1 and args[0].keyword is None and not args[0].star and \
                isinstance(args[0].value, cst.Call):
            return args[0].value, func.value.value
    return None, None


def _dynamic_api(survey: cst.CSTVisitor, call: cst.Call) -> str | None:
    """``getattr(tf.train, name)`` (a TensorFlow module that holds legacy queue APIs, a name that may be one of
    them): what it may look up is a queue API the rewrite cannot see, so the queue runners that would fill its
    queue must stay. ``getattr(tf.train, opt + "Optimizer")`` or ``getattr(tf.nn, name)`` cannot be one."""
    if not (isinstance(call.func, cst.Name) and call.func.value == "getattr" and len(call.args) >= 2):
        return None
    path = tf_path(survey, call.args[0].value, survey.roots)
    if path is None:
        return None
    path = "" if path in ("compat.v1", "compat") else PRIVATE_MODULES.get(f"tensorflow.{path}.", f"{path}.")[:-1]
    name = ast.parse(cst.Module([]).code_for_node(call.args[1].value).strip(), mode="eval").body
    starts, ends, exact = lookup_pattern(name)
    apis = looked_up_apis(path, starts, ends, exact)
    if not apis:
        return None
    if exact and apis == [f"{path}.{starts}" if path else starts]:
        return BY_PATH[apis[0]].name
    return f"getattr({'tf.' + path if path else 'tf'}, ...)"


class _Survey(Visitor):
    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self, elsewhere: frozenset[str] = frozenset(), collections: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.collections = collections  # named collections whose runners the rewrite took (``runner_loop``)
        self.elsewhere = elsewhere  # the runner helpers of the tree's other modules (``runner_helpers.py``)
        self.external = None  # the tree's lookups, where a tree is migrated (``stored_coord.py``)
        self.helpers: dict[str, cst.FunctionDef] = {}  # this module's
        self.helper_starts: set[cst.SimpleStatementLine] = set()
        self.coords: dict[str, cst.SimpleStatementLine] = {}
        # a coordinator's name bound again to one (``coord = tf.train.Coordinator()`` in each of several
        # functions): its uses are read by name, so every such binding goes with the first, or stays with it
        self.coord_rebinds: dict[str, list[cst.SimpleStatementLine]] = {}
        self.starts: list[tuple[cst.SimpleStatementLine, str | None, cst.Call]] = []
        # ``threads += start_queue_runners(...)`` / ``threads.extend(...)``: the list the runner threads join
        self.collecting: dict[cst.SimpleStatementLine, str] = {}
        self.pipelines: list[tuple[int, str]] = []  # legacy queue APIs still used (not plumbing)
        # ``QueueRunner`` / ``add_queue_runner`` still used: a runner registered for a queue made elsewhere (a
        # module of the tree that takes the queue, or its tensors, as arguments: slim's ``prefetch_queue``)
        self.registered: list[tuple[int, str]] = []
        self.supervisors: list[int] = []  # the lines of the Supervisors made
        self.per_element: set[int] = set()  # ``py_func(f, [x], ...)`` with inputs: per-element code, no producer
        self.refs: dict[str, list[cst.Name]] = {}
        self.stmts: list[cst.SimpleStatementLine] = []
        self.loops: list[tuple[cst.While, str]] = []  # ``while not coord.should_stop():`` and its coordinator
        self.runner_loops: list[tuple[cst.For, str]] = []  # ``for qr in get_collection(QUEUE_RUNNERS):`` (list)
        self.tests: list[tuple[cst.While, str]] = []  # ``while ... and not coord.should_stop():``
        self.handlers: list[cst.ExceptHandler] = []
        self.empties: dict[str, list[cst.SimpleStatementLine]] = {}  # ``threads = []``
        self.supervised = False
        self.guards: list[tuple[cst.With, str]] = []  # ``with coord.stop_on_exception():``

    def visit_Module(self, node: cst.Module) -> None:
        self.roots = imported_roots(node)
        self.helpers = module_runner_helpers(node) if "create_threads" in code_of(node) else {}

    def _runner_helper(self, func: cst.BaseExpression) -> bool:
        """``func`` names a function that only starts the QUEUE_RUNNERS collection's runners."""
        if not (self.helpers or self.elsewhere) or not isinstance(func, (cst.Name, cst.Attribute)):
            return False
        for q in self.get_metadata(QualifiedNameProvider, func, set()):
            if q.source is QualifiedNameSource.LOCAL and isinstance(func, cst.Name) and q.name == func.value and \
                    q.name in self.helpers:
                return True
            if q.source is QualifiedNameSource.IMPORT and names_helper(q.name, self.elsewhere):
                return True
        return False

    def visit_While(self, node: cst.While) -> None:
        test = node.test
        if (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
                and isinstance(test.expression, cst.Call) and not test.expression.args
                and isinstance(test.expression.func, cst.Attribute)
                and test.expression.func.attr.value == "should_stop"
                and isinstance(test.expression.func.value, cst.Name)):
            self.loops.append((node, test.expression.func.value.value))
            return
        for call in _calls_in(test):
            if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) and \
                    should_stop(call, call.func.value.value) and \
                    without_should_stop(test, call.func.value.value) is not None:
                self.tests.append((node, call.func.value.value))
                return

    def visit_With(self, node: cst.With) -> None:
        item = node.items[0].item if len(node.items) == 1 and node.items[0].asname is None else None
        if isinstance(item, cst.Call) and not item.args and isinstance(item.func, cst.Attribute) and \
                item.func.attr.value == "stop_on_exception" and isinstance(item.func.value, cst.Name):
            self.guards.append((node, item.func.value.value))

    def visit_For(self, node: cst.For) -> None:
        collected = runner_loop(node, self.collections)
        if collected is not None:
            self.runner_loops.append((node, collected))

    def visit_ExceptHandler(self, node: cst.ExceptHandler) -> None:
        self.handlers.append(node)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.stmts.append(node)
        small = node.body[0] if len(node.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.List) and not small.value.elements:
            self.empties.setdefault(small.targets[0].target.value, []).append(node)
        call, collected = _collecting_call(node)
        target = None
        if call is None:
            call, target = _stmt_call(node)
        path = tf_path(self, call.func, self.roots) if call is not None else None
        if collected is not None:
            sym = BY_PATH.get(path or "")
            if (sym is not None and sym.name == "train.start_queue_runners") or self._runner_helper(call.func):
                self.starts.append((node, None, call))
                self.collecting[node] = collected
                if sym is None:
                    self.helper_starts.add(node)
            return
        sym = BY_PATH.get(path or "")
        if sym is not None and sym.name == "train.Coordinator" and target and target in self.coords:
            self.coord_rebinds.setdefault(target, []).append(node)
        elif sym is not None and sym.name == "train.Coordinator" and target:
            self.coords[target] = node
        elif sym is not None and sym.name == "train.start_queue_runners":
            self.starts.append((node, target, call))
        elif sym is not None and sym.name == "train.Supervisor":
            self.supervised = True  # ``supervisor.replace_supervisors`` has work
            self.supervisors.append(self.get_metadata(PositionProvider, node).start.line)
        elif call is not None and self._runner_helper(call.func):  # ``threads = start_runners(sess, coord)``
            self.starts.append((node, target, call))
            self.helper_starts.add(node)

    def visit_Call(self, node: cst.Call) -> None:
        dynamic = _dynamic_api(self, node)
        if dynamic is not None:  # a queue API the rewrite cannot see may still be there: its runners stay
            self.pipelines.append((self.get_metadata(PositionProvider, node).start.line, dynamic))
        sym = BY_PATH.get(tf_path(self, node.func, self.roots) or "")
        if sym is not None and sym.zero_input:
            inp = node.args[1].value if len(node.args) > 1 and node.args[1].keyword is None else next(
                (a.value for a in node.args if a.keyword is not None and a.keyword.value == "inp"), None)
            if not (isinstance(inp, (cst.List, cst.Tuple)) and not inp.elements):
                self.per_element.add(id(node.func))

    def _use(self, node: cst.Name | cst.Attribute) -> bool:
        path = tf_path(self, node, self.roots)
        sym = BY_PATH.get(path or "")
        if sym is not None and id(node) in self.per_element:
            return False
        if sym is not None:
            if sym.to_tfdata == "pipeline":
                self.pipelines.append((self.get_metadata(PositionProvider, node).start.line, sym.name))
            elif sym.name in ("train.QueueRunner", "train.add_queue_runner"):
                self.registered.append((self.get_metadata(PositionProvider, node).start.line, sym.name))
            return False
        return True

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        if not self._use(node):
            return False
        node.value.visit(self)
        return False

    def visit_Name(self, node: cst.Name) -> None:
        if self._use(node):
            self.refs.setdefault(node.value, []).append(node)

    def visit_Arg(self, node: cst.Arg) -> bool:
        node.value.visit(self)
        return False

    def visit_Import(self, node: cst.Import) -> bool:
        return False

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False


def _coord_method_stmt(stmt: cst.SimpleStatementLine, coord: str) -> bool:
    call, target = _stmt_call(stmt)
    return (call is not None and target is None and isinstance(call.func, cst.Attribute)
            and isinstance(call.func.value, cst.Name) and call.func.value.value == coord
            and call.func.attr.value in ("request_stop", "join"))


class _Remove(cst.CSTTransformer):
    def __init__(self, removed: set[cst.CSTNode], emptied: dict[cst.CSTNode, str] | None = None,
                 forever: set[cst.While] | None = None, tests: dict[cst.While, cst.BaseExpression] | None = None,
                 handlers: dict[cst.ExceptHandler, cst.SimpleStatementLine] | None = None, v1: str = "",
                 guards: set[cst.With] | None = None) -> None:
        super().__init__()
        self.removed = removed
        self.emptied = emptied or {}  # start_queue_runners statement -> the name kept, bound to []
        self.forever = forever or set()
        self.tests = tests or {}  # loop -> its test without ``not coord.should_stop()``
        self.handlers = handlers or {}  # handler -> its ``coord.request_stop(e)``
        self.v1 = v1
        self.guards = guards or set()
        self.nulled: set[int] = set()  # ids of arguments that passed a coordinator an object only stored
        self.helpers: set[str] = set()  # the runner helpers whose calls go (``runner_helpers.py``)

    def leave_With(self, original: cst.With, updated: cst.With):
        if original not in self.guards:
            return updated
        return cst.Try(updated.body, handlers=[cst.ExceptHandler(
            cst.IndentedBlock([cst.SimpleStatementLine([cst.Pass()])]),
            type=cst.parse_expression(f"{self.v1}.errors.OutOfRangeError"))], leading_lines=updated.leading_lines)

    def leave_For(self, original: cst.For, updated: cst.For):
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(value=cst.Name("None")) if id(original) in self.nulled else updated

    def leave_ExceptHandler(self, original: cst.ExceptHandler, updated: cst.ExceptHandler) -> cst.ExceptHandler:
        if original not in self.handlers:
            return updated
        index = list(original.body.body).index(self.handlers[original])
        return without_recorded_stop(updated, updated.body.body[index], self.v1)

    def leave_SimpleStatementLine(self, original, updated):
        if original in self.emptied:
            return updated.with_changes(body=[cst.Assign([cst.AssignTarget(cst.Name(self.emptied[original]))],
                                                         cst.List([]))])
        return cst.RemovalSentinel.REMOVE if original in self.removed else updated

    def leave_While(self, original: cst.While, updated: cst.While) -> cst.While:
        if original in self.tests:
            return updated.with_changes(test=self.tests[original])
        return updated.with_changes(test=cst.Name("True")) if original in self.forever else updated

    def leave_Try(self, original: cst.Try, updated: cst.Try):
        if original.body.body and all(s in self.removed for s in original.body.body):
            # (``try: coord.join(threads) except RuntimeError: ...``: nothing left can raise, no handler runs)
            rest = [*(updated.orelse.body.body if updated.orelse is not None else ()),
                    *(updated.finalbody.body.body if updated.finalbody is not None else ())]
            if not rest:
                return cst.RemovalSentinel.REMOVE
            rest[0] = rest[0].with_changes(leading_lines=[*updated.leading_lines, *rest[0].leading_lines])
            return cst.FlattenSentinel(rest)
        if original.finalbody is not None and updated.finalbody is not None and all(
            s in self.removed for s in original.finalbody.body.body
        ):
            if updated.handlers:
                return updated.with_changes(finalbody=None)
            if updated.orelse is None:  # try/finally with nothing left to do finally: the body alone
                body = list(updated.body.body)
                if body:
                    body[0] = body[0].with_changes(leading_lines=[*updated.leading_lines, *body[0].leading_lines])
                return cst.FlattenSentinel(body)
        return updated

    def leave_IndentedBlock(self, original, updated):
        if not updated.body:
            return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
        return updated


def _surveyed(module: cst.Module, elsewhere: frozenset[str] = frozenset(), collections: frozenset[str] = frozenset()
              ) -> tuple[_Survey, Mapping]:
    wrapper = wrapped(module)
    survey = _Survey(elsewhere, collections)
    survey.tf_aliases = module_aliases(module)
    wrapper.visit(survey)
    return survey, wrapper.resolve(PositionProvider)


def pipelines_left(module: cst.Module) -> list[tuple[int, str]]:
    """``(line, API name)`` of the legacy queue pipelines still in ``module`` (what its runners would run), then
    of the ``QueueRunner`` / ``add_queue_runner`` calls still there: a runner registered by a function that takes
    its queue from its caller (the queue may be made where no queue API is named) is left to start all the same.
    Asked of the tree's other modules: where one is left, a module's runner plumbing stays."""
    survey = _surveyed(module)[0]
    return [*survey.pipelines, *survey.registered]


def remove_plumbing(module: cst.Module, keep: str | None = None, helpers: frozenset[str] = frozenset(),
                    external=None, collections: frozenset[str] = frozenset()) -> tuple[cst.Module, list[Note]]:
    """``module`` without its queue-runner plumbing where nothing is left to run it. ``keep``: why runners may
    still be there although this module has no pipeline left (a tree's other module builds one), so the
    plumbing stays. A Supervisor that only started runners becomes a Session (``supervisor.py``). ``helpers``:
    the functions of the tree's other modules that only start runners (``runner_helpers.py``), as
    ``"package.module.function"``. ``external``: the tree's lookups (a coordinator handed to a class of another
    module that only stores it: ``stored_coord.py``). ``collections``: the keys of named runner collections whose
    runners the rewrite took (their ``create_threads`` loops start nothing now)."""
    surveyed = _surveyed(module, helpers, collections)
    surveyed[0].external = external
    if keep or surveyed[0].pipelines or not surveyed[0].supervised:
        module, notes = _remove_runners(module, keep, surveyed)
        if keep and not notes and surveyed[0].supervisors:  # (a Supervisor alone starts the runners)
            notes = [Note(min(surveyed[0].supervisors), f"Supervisor kept, with the queue runners it starts: {keep}",
                          kind="info")]
    else:
        module, notes = replace_supervisors(module)
        module, more = _remove_runners(module, keep, elsewhere=helpers, external=external)
        notes = notes + more
    if keep or surveyed[0].pipelines:
        return module, notes
    module, held = remove_held_plumbing(module, external)  # the coordinator and threads kept on ``self`` (held_plumbing.py)
    return module, notes + held


PLUMBING_WENT = "queue-runner plumbing removed"  # (the notes' words where it went: ``tree.py`` reads them)
# what a coordinator that no runner is left to stop is asked, where it is only the program's stop flag
STOP_FLAG_METHODS = frozenset({"should_stop", "request_stop", "stop_on_exception", "join", "clear_stop",
                               "wait_for_stop", "raise_requested_exception", "joined"})
STOP_FLAG = "a Coordinator used as the loop's stop flag, no runners"


def _remove_runners(module: cst.Module, keep: str | None = None, surveyed: tuple | None = None,
                    elsewhere: frozenset[str] = frozenset(), external=None) -> tuple[cst.Module, list[Note]]:
    survey, pos = surveyed or _surveyed(module, elsewhere)
    if surveyed is None:
        survey.external = external
    if not survey.coords and not survey.starts and not survey.runner_loops:
        return module, []
    first = min([pos[s].start.line for s in survey.coords.values()] + [pos[s].start.line for s, _, _ in survey.starts]
                + [pos[loop].start.line for loop, _ in survey.runner_loops])
    if keep:
        return module, [Note(first, f"queue-runner plumbing left: {keep}", kind="info")]
    if survey.pipelines:
        line, name = survey.pipelines[0]
        if name.startswith("getattr("):
            return module, [Note(first, f"queue-runner plumbing left: `{name}` at line {line} may look up a legacy "
                                        "queue API (a batch whose queue the runners fill), which the rewrite cannot "
                                        "see; name the API in the code to let it be rewritten", kind="info")]
        return module, [Note(first, f"queue-runner plumbing left (harmless without runners): `tf.compat.v1.{name}` "
                                    f"at line {line} is still a queue pipeline", kind="info")]
    # a coordinator the program uses beyond the runners stays, with its uses (its state may be the program's
    # result); the runners' starts go all the same: with no queue left they start nothing
    kept: dict[str, tuple[int, bool]] = {}  # coordinator -> (the line of its first other use, a stop flag only)
    while True:
        plan = _plan(module, survey, set(kept))
        if isinstance(plan, tuple) and len(plan) == 2:
            name, outside = plan
            if name not in survey.coords:  # (not a coordinator: left, as before)
                line = pos[outside[0]].start.line
                return module, [Note(line, f"queue-runner plumbing left (harmless without runners): `{name}` is "
                                           f"used at line {line} beyond starting and stopping runners", kind="info")]
            kept[name] = (pos[outside[0]].start.line, all(_asked(module, r, name) for r in outside))
            continue
        break
    remove = plan
    said = " (the coordinator an object only stored is passed as `None`)" if remove.nulled else ""
    for name, (line, flag) in sorted(kept.items()):
        said += (f"; `{name}` kept: {STOP_FLAG} (read at line {line})" if flag else
                 f"; `{name}` kept (harmless without runners): it is used at line {line} beyond starting and "
                 "stopping runners")
    if remove.helpers:
        said += "; the runners started by " + ", ".join(f"`{h}`" for h in sorted(remove.helpers)) + \
            " (a loop over the QUEUE_RUNNERS collection) are no more"
    out = _without_unused_imports(module.visit(remove), {"start_queue_runners", "Coordinator", *remove.helpers},
                                  module)
    return out, [Note(first, f"queue-runner plumbing removed: nothing is left to run it{said}", kind="info")]


def given_back(notes: list[Note], lines) -> list[Note]:
    """``notes`` said of a rewritten module, in the original's lines: each note's line and each ``line N`` its
    message names (``lines``: ``hoist.line_map(original, rewritten)``)."""
    return [replace(n, line=lines(n.line), message=_LINE.sub(lambda m: f"line {lines(int(m.group(1)))}", n.message))
            for n in notes]


_LINE = re.compile(r"\bline (\d+)\b")


def _without_unused_imports(module: cst.Module, names: set[str], before: cst.Module) -> cst.Module:
    """``module`` less its ``from ... import name`` of ``names`` that nothing uses any more, where the module
    used it before the plumbing went (an import the program never used is its own, and stays)."""
    from libcst.codemod import CodemodContext
    from libcst.codemod.visitors import RemoveImportsVisitor

    context = CodemodContext()
    asked = False
    used = names_in(without_import_lines(before))
    for stmt in module.body:
        for small in (stmt.body if isinstance(stmt, cst.SimpleStatementLine) else ()):
            if isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative and \
                    not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    if alias.evaluated_name in names and (alias.evaluated_alias or alias.evaluated_name) in used:
                        RemoveImportsVisitor.remove_unused_import(context, module.code_for_node(small.module),
                                                                  alias.evaluated_name, alias.evaluated_alias)
                        asked = True
    return RemoveImportsVisitor(context).transform_module(module) if asked else module


def _asked(module: cst.Module, ref: cst.Name, coord: str) -> bool:
    """``ref`` (a read of the coordinator ``coord``) is ``coord.<stop-flag method>(...)``."""
    for call in nodes_of(module, cst.Call):
        f = call.func
        if isinstance(f, cst.Attribute) and f.value is ref and f.attr.value in STOP_FLAG_METHODS:
            return True
    return False


def _plan(module: cst.Module, survey: _Survey, kept: set[str]):
    """The ``_Remove`` of the plumbing, the coordinators ``kept`` staying with their uses; or (a name, its uses
    beyond the plumbing) where one of the names the removal takes is used elsewhere."""
    coords = {c: s for c, s in survey.coords.items() if c not in kept}
    removed: set[cst.CSTNode] = set()
    inside: set[int] = set()
    for stmt, _, _ in survey.starts:
        removed.add(stmt)
        inside |= _ids(stmt)
    for loop, _ in survey.runner_loops:
        removed.add(loop)
        inside |= _ids(loop)
    # ``coord.join(threads)`` where ``threads`` holds more than runner threads (the program's own threads, added
    # to it or joined by it elsewhere) still joins them: it stays, and the coordinator with it
    plumbing: set[int] = set(inside)
    for s in survey.stmts:
        if any(_coord_method_stmt(s, c) for c in coords):
            plumbing |= _ids(s)
    for lists in ([c for _, c in survey.runner_loops], survey.collecting.values()):
        for collected in lists:
            for s in survey.empties.get(collected, []):
                plumbing |= _ids(s)
    joins_more = {s for s in survey.stmts for c in coords if _coord_method_stmt(s, c) and
                  s.body[0].value.func.attr.value == "join" and
                  any(_grows(n.value, survey, plumbing) for a in s.body[0].value.args
                      for n in nodes_of(a.value, cst.Name))}
    handlers: dict[cst.ExceptHandler, cst.SimpleStatementLine] = {}
    for coord, stmt in coords.items():
        for made in (stmt, *survey.coord_rebinds.get(coord, ())):
            removed.add(made)
            inside |= _ids(made)
        for handler in survey.handlers:
            recorded = recorded_stop(handler, coord)
            if recorded is not None:
                handlers[handler] = recorded
                inside |= _ids(recorded)
        for s in survey.stmts:
            if _coord_method_stmt(s, coord) and s not in handlers.values() and s not in joins_more:
                removed.add(s)
                inside |= _ids(s)
    forever: set[cst.While] = set()
    for loop, coord in survey.loops:
        if coord not in coords:
            continue
        stops = [st for st in survey.stmts if _coord_method_stmt(st, coord) and _within(st, loop.body)]
        if any(st.body[0].value.func.attr.value == "request_stop" for st in stops):
            continue  # the loop asks for its own stop: should_stop() is not always false
        forever.add(loop)
        inside |= _ids(loop.test)
    tests: dict[cst.While, cst.BaseExpression] = {}
    for loop, coord in survey.tests:
        stops = [st for st in survey.stmts if _coord_method_stmt(st, coord) and _within(st, loop.body)]
        if coord not in coords or any(st.body[0].value.func.attr.value == "request_stop" for st in stops):
            continue
        tests[loop] = without_should_stop(loop.test, coord)
        inside |= _ids(loop.test) - _ids(tests[loop])
    guards: set[cst.With] = set()
    for guard, coord in survey.guards:  # it swallowed OutOfRangeError and had join raise anything else
        if coord in coords:
            guards.add(guard)
            inside |= _ids(guard.items[0].item)
    lists = [c for _, c in survey.runner_loops] + list(survey.collecting.values())
    for collected in lists:  # ``threads = []`` that only the runners' loops or starts and the join used
        if collected and all(id(r) in inside for r in survey.refs.get(collected, [])
                             if not any(r is s.body[0].targets[0].target for s in survey.empties.get(collected, []))):
            for s in survey.empties.get(collected, []):
                removed.add(s)
                inside |= _ids(s)
    # this module's runner helpers that nothing else calls go too (``runner_helpers.py``)
    helpers: set[str] = set()
    for name, fn in survey.helpers.items():
        started = [s for s in survey.helper_starts if _calls_named(s, name)]
        uses = [r for r in survey.refs.get(name, []) if r is not fn.name]
        if started and all(id(r) in inside for r in uses):
            removed.add(fn)
            inside |= _ids(fn)
        if started:
            helpers.add(name)
    for stmt in survey.helper_starts:
        if not any(_calls_named(stmt, n) for n in survey.helpers):
            helpers.add(module.code_for_node(_start_call(stmt).func))
    emptied: dict[cst.CSTNode, str] = {}
    for stmt, target, _ in survey.starts:
        if target and [r for r in survey.refs.get(target, []) if id(r) not in inside]:
            emptied[stmt] = target  # the threads are used beyond the join: an empty list of them
    names = set(coords) | {t for s, t, _ in survey.starts if t and s not in emptied}
    nulled: set[int] = set()  # a coordinator handed to an object that only stores it: ``None`` instead
    for name in sorted(names):
        outside = [r for r in survey.refs.get(name, []) if id(r) not in inside]
        stored = stored_args(module, outside, survey.external) if outside and name in coords else None
        if stored:
            nulled |= stored
            outside = []
        if outside:
            return name, outside
    remove = _Remove(removed, emptied, forever, tests, handlers, v1_prefix(module) or "tf", guards)
    remove.nulled = nulled
    remove.helpers = helpers
    return remove


_READS = frozenset({"len", "print", "str", "repr", "list", "tuple", "sorted", "enumerate", "iter", "bool", "any",
                    "all"})


def _grows(name: str, survey: _Survey, plumbing: set[int]) -> bool:
    """Whether a statement outside the runners' plumbing (whose names' ids are in ``plumbing``) may put other
    threads in the list ``name``: binds it, adds to it (``+=``, ``append``, ``extend``, ``insert``) or hands it to a
    call that may (any but a builtin that only reads it). Reading it (``len(threads)``, ``for t in threads``) adds
    nothing."""
    for stmt in survey.stmts:
        names = _ids(stmt)
        if names and names <= plumbing:
            continue
        for small in stmt.body:
            if isinstance(small, cst.AugAssign) and isinstance(small.target, cst.Name) and small.target.value == name:
                return True
            empty = isinstance(small, cst.Assign) and isinstance(small.value, (cst.List, cst.Tuple)) and \
                not small.value.elements
            if isinstance(small, cst.Assign) and not empty and not isinstance(small.value, cst.Call) and any(
                    n.value == name for t in small.targets for n in nodes_of(t.target, cst.Name)):
                return True  # (a list a call returns is a starter's, whose join went with the coordinator before)
        for call in nodes_of(stmt, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name and \
                    func.attr.value in ("append", "extend", "insert"):
                return True
            if any(isinstance(a.value, cst.Name) and a.value.value == name for a in call.args) and \
                    not (isinstance(func, cst.Name) and func.value in _READS):
                return True
    return False


def _start_call(stmt: cst.SimpleStatementLine) -> cst.Call | None:
    """The call of a statement that starts runners: alone, assigned, or added to a list of threads."""
    return _collecting_call(stmt)[0] or _stmt_call(stmt)[0]


def _calls_named(stmt: cst.SimpleStatementLine, name: str) -> bool:
    call = _start_call(stmt)
    return call is not None and isinstance(call.func, cst.Name) and call.func.value == name


def _within(node: cst.CSTNode, block: cst.CSTNode) -> bool:
    found = []

    class _V(Visitor):
        def on_visit(self, n: cst.CSTNode) -> bool:
            if n is node:
                found.append(n)
            return not found

    block.visit(_V())
    return bool(found)


def _calls_in(node: cst.CSTNode) -> list[cst.Call]:
    return nodes_of(node, cst.Call)
