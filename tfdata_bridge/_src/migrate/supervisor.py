"""A ``Supervisor`` whose only work was to initialise, start the queue runners and end at ``OutOfRangeError``.

    sv = tf.train.Supervisor(logdir=None, init_op=init_op)      with tf.Session() as sess:
    with sv.managed_session() as sess:                     ->       sess.run(init_op)
        while not sv.should_stop():                                 sess.run(<the default local_init_op>)
            sess.run(train_op)                                      try:
                                                                        while True:
                                                                            sess.run(train_op)
                                                                    except tf.errors.OutOfRangeError:
                                                                        pass

What a chief ``Supervisor`` with no ``logdir`` does in ``managed_session`` (TensorFlow's ``supervisor.py`` and
``session_manager.py``): runs ``init_op`` (default: ``global_variables_initializer()``) with
``init_feed_dict``, then ``init_fn(sess)``, then ``local_init_op`` (default: the local variables' and the
tables' initializers), starts the queue runners (none are left), and ends the block quietly at an
``OutOfRangeError`` (its coordinator's clean stop); nothing requests a stop, so ``should_stop()`` is false.
That is what is written instead. A ``Supervisor`` given a ``logdir`` (checkpoints, summaries), a session
manager, a summary writer, a graph, ``is_chief``, or used in any other way (``sv.saver``, ``sv.coord``,
``sv.request_stop()``, ``prepare_or_wait_for_session``, a name bound twice) is kept, with a note: it runs
unchanged, starting no runner.
"""

from __future__ import annotations

import libcst as cst
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor
from libcst.metadata import PositionProvider, QualifiedNameProvider

from tfdata_bridge._src.migrate.calls import imported_roots, is_none, module_aliases, tf_path, v1_prefix, wrapped
from tfdata_bridge._src.migrate.results import Note
from tfdata_bridge._src.migrate.runner_loops import not_should_stop, should_stop, without_should_stop
from tfdata_bridge._src.migrate.walk import Visitor

# (the signature's order is ``graph, ready_op, ready_for_local_init_op, is_chief, init_op, init_feed_dict,
# local_init_op, logdir, ...``: only keywords are read, a positional argument keeps the Supervisor)
ALLOWED = {"logdir", "init_op", "init_feed_dict", "local_init_op", "summary_op", "saver", "global_step",
           "save_summaries_secs", "save_model_secs", "recovery_wait_secs", "stop_grace_secs", "checkpoint_basename",
           "init_fn", "ready_op", "ready_for_local_init_op"}
# (the note's words where a Supervisor became a Session: ``tree.py`` finds them where another module leaves runners)
SUPERVISOR_WENT = "replaced by a Session that initialises as it did"
# what a Supervisor without a log directory never uses: accepted whatever their value
MANAGED = {"master", "config", "start_standard_services", "close_summary_writer"}


class _Find(Visitor):
    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self) -> None:
        super().__init__()
        self.made: dict[str, list[cst.SimpleStatementLine]] = {}
        self.refs: dict[str, list[cst.Name]] = {}
        self.lines: dict[str, int] = {}

    def visit_Module(self, node: cst.Module) -> None:
        self.roots = imported_roots(node)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        small = node.body[0] if len(node.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.Call) and tf_path(self, small.value.func, self.roots) in (
                    "train.Supervisor", "train.supervisor.Supervisor"):
            name = small.targets[0].target.value
            self.made.setdefault(name, []).append(node)
            self.lines.setdefault(name, self.get_metadata(PositionProvider, node).start.line)

    def visit_Name(self, node: cst.Name) -> None:
        self.refs.setdefault(node.value, []).append(node)


class _Plan(Visitor):
    """Every use of one Supervisor name, each a form the rewrite knows, or ``why`` says which is not."""

    def __init__(self, name: str, made: cst.SimpleStatementLine) -> None:
        super().__init__()
        self.name = name
        self.made = made
        self.withs: list[cst.With] = []
        self.loops: list[cst.While] = []  # ``while not sv.should_stop():`` / ``while x and not sv.should_stop():``
        self.gone: list[cst.SimpleStatementLine] = []  # ``sv.start_queue_runners(sess)``, ``sv.stop()``, ``if ..: break``
        self.known: set[int] = set()  # the ids of the Name nodes of the uses above
        self.why: str | None = None
        self.depth = 0  # loops around the statement visited
        self.stopped = False  # a ``sv.request_stop()`` was seen: a ``should_stop()`` after it is not false

    def visit_For(self, node: cst.For) -> None:
        self.depth += 1

    def leave_For(self, original: cst.For) -> None:
        self.depth -= 1

    def leave_While(self, original: cst.While) -> None:
        self.depth -= 1

    def _stop_test(self) -> None:
        if self.stopped:
            self.why = f"`{self.name}.should_stop()` is tested after `{self.name}.request_stop()`"

    def _is(self, node: cst.BaseExpression | None, method: str) -> bool:
        return (isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == method
                and isinstance(node.func.value, cst.Name) and node.func.value.value == self.name)

    def _take(self, node: cst.CSTNode) -> None:
        class _Ids(Visitor):
            def visit_Name(inner, n: cst.Name) -> None:  # noqa: N805
                if n.value == self.name:
                    self.known.add(id(n))
        node.visit(_Ids())

    def visit_With(self, node: cst.With) -> None:
        if len(node.items) == 1 and self._is(node.items[0].item, "managed_session") and \
                node.items[0].asname is not None and isinstance(node.items[0].asname.name, cst.Name):
            call = node.items[0].item
            if any(a.keyword is not None and a.keyword.value not in MANAGED for a in call.args) or \
                    any(a.keyword is None and i > 1 for i, a in enumerate(call.args)):
                self.why = "`managed_session` takes arguments the rewrite does not know"
                return
            self.withs.append(node)
            self._take(node.items[0].item)

    def visit_While(self, node: cst.While) -> None:
        self.depth += 1
        if not_should_stop(node.test, self.name) or without_should_stop(node.test, self.name) is not None:
            self.loops.append(node)
            self._take(node.test)
            self._stop_test()

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        small = node.body[0] if len(node.body) == 1 else None
        if isinstance(small, cst.Expr) and (self._is(small.value, "start_queue_runners") or self._is(small.value, "stop")):
            self.gone.append(node)
            self._take(node)
        elif isinstance(small, cst.Expr) and self._is(small.value, "request_stop") and not small.value.args \
                and not self.depth:  # the last word of a block: nothing tests it after (``_stop_test``)
            self.gone.append(node)
            self._take(node)
            self.stopped = True

    def visit_If(self, node: cst.If) -> None:  # ``if sv.should_stop(): break``
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else []
        if should_stop(node.test, self.name) and node.orelse is None and len(body) == 1 and isinstance(
                body[0], cst.SimpleStatementLine) and len(body[0].body) == 1 and isinstance(body[0].body[0], cst.Break):
            self.gone.append(node)
            self._take(node.test)
            self._stop_test()


def _catches_out_of_range(body: cst.BaseSuite) -> bool:
    """The block is one ``try`` whose handlers take ``OutOfRangeError`` (or ``Exception``, or everything)."""
    stmts = body.body if isinstance(body, cst.IndentedBlock) else []
    if len(stmts) != 1 or not isinstance(stmts[0], cst.Try):
        return False
    for handler in stmts[0].handlers:
        kinds = handler.type.elements if isinstance(handler.type, cst.Tuple) else [handler.type]
        for kind in kinds:
            kind = kind.value if isinstance(kind, cst.Element) else kind
            if kind is None or (isinstance(kind, (cst.Name, cst.Attribute)) and (
                    kind.attr.value if isinstance(kind, cst.Attribute) else kind.value) in (
                    "OutOfRangeError", "Exception", "BaseException")):
                return True
    return False


class _Replace(cst.CSTTransformer):
    def __init__(self, plans: list[tuple[_Plan, dict[str, cst.BaseExpression]]], v1: str) -> None:
        super().__init__()
        self.plans = plans
        self.v1 = v1

    def leave_SimpleStatementLine(self, original, updated):
        if any(original is plan.made or original in plan.gone for plan, _ in self.plans):
            return cst.RemovalSentinel.REMOVE
        return updated

    def leave_If(self, original, updated):
        return cst.RemovalSentinel.REMOVE if any(original in plan.gone for plan, _ in self.plans) else updated

    def leave_While(self, original, updated):
        plan = next((plan for plan, _ in self.plans if original in plan.loops), None)
        if plan is None:
            return updated
        test = without_should_stop(original.test, plan.name)
        return updated.with_changes(test=cst.Name("True") if test is None else test)

    def leave_With(self, original: cst.With, updated: cst.With):
        found = next(((plan, args) for plan, args in self.plans if original in plan.withs), None)
        if found is None:
            return updated
        self.args = found[1]
        call = original.items[0].item
        sess = original.items[0].asname.name.value
        # ``managed_session(master, config)``: ``Session(target=master, config=config)`` (its second positional
        # parameter is the graph)
        named = [a.with_changes(keyword=cst.Name(("master", "config")[i]), equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
            if a.keyword is None else a for i, a in enumerate(call.args)]
        kept = [a.with_changes(keyword=cst.Name("target")) if a.keyword.value == "master" else a
                for a in named if a.keyword.value in ("master", "config")]
        session = cst.Call(cst.parse_expression(f"{self.v1}.Session"), [
            a.with_changes(comma=cst.MaybeSentinel.DEFAULT) if i == len(kept) - 1 else a for i, a in enumerate(kept)])
        code = cst.Module([]).code_for_node
        init = self.args.get("init_op")
        first: list[cst.BaseStatement] = []
        if init is None or not is_none(init):
            run = code(init) if init is not None else f"{self.v1}.global_variables_initializer()"
            feed = self.args.get("init_feed_dict")
            feed_text = f", feed_dict={code(feed)}" if feed is not None and not is_none(feed) else ""
            first.append(cst.parse_statement(f"{sess}.run({run}{feed_text})"))
        init_fn = self.args.get("init_fn")
        if init_fn is not None and not is_none(init_fn):
            first.append(cst.parse_statement(f"({code(init_fn)})({sess})" if not isinstance(init_fn, (
                cst.Name, cst.Attribute)) else f"{code(init_fn)}({sess})"))
        local = self.args.get("local_init_op")
        if local is None or not is_none(local):
            run = code(local) if local is not None else (
                f"{self.v1}.group({self.v1}.local_variables_initializer(), {self.v1}.tables_initializer())")
            first.append(cst.parse_statement(f"{sess}.run({run})"))
        body = list(updated.body.body)
        if not _catches_out_of_range(original.body):  # the block ended quietly at the end of the data
            body = [cst.Try(cst.IndentedBlock(body), handlers=[cst.ExceptHandler(
                cst.IndentedBlock([cst.SimpleStatementLine([cst.Pass()])]),
                type=cst.parse_expression(f"{self.v1}.errors.OutOfRangeError"))])]
        return updated.with_changes(items=[cst.WithItem(session, asname=original.items[0].asname)],
                                    body=updated.body.with_changes(body=[*first, *body]))


def replace_supervisors(module: cst.Module) -> tuple[cst.Module, list[Note]]:
    """``module`` with each Supervisor that only initialised and ran the queue runners replaced by a
    ``Session`` that initialises as it did (module docstring); the others kept, with a note."""
    find = _Find()
    wrapper = wrapped(module)
    find.tf_aliases = module_aliases(module)
    wrapper.visit(find)
    if not find.made:
        return module, []
    notes: list[Note] = []
    plans: list[tuple[_Plan, dict[str, cst.BaseExpression]]] = []
    for name in sorted(find.made):
        line = find.lines[name]
        why = None
        if len(find.made[name]) != 1:
            why = f"`{name}` is bound to more than one Supervisor"
        made = find.made[name][0]
        call = made.body[0].value
        args: dict[str, cst.BaseExpression] = {}
        if why is None:
            if any(a.keyword is None for a in call.args) or any(a.keyword.value not in ALLOWED for a in call.args):
                bad = next((a.keyword.value for a in call.args if a.keyword is not None and a.keyword.value
                            not in ALLOWED), "a positional argument")
                why = f"the Supervisor takes `{bad}`, which does more than start queue runners"
            else:
                args = {a.keyword.value: a.value for a in call.args}
                if "logdir" in args and not is_none(args["logdir"]):
                    why = "the Supervisor has a `logdir`: it also saves checkpoints and summaries"
        if why is None:
            plan = _Plan(name, made)
            module.visit(plan)
            plan._take(made.body[0].targets[0])
            unknown = [r for r in find.refs.get(name, []) if id(r) not in plan.known]
            why = plan.why or (f"`{name}` is used beyond `managed_session`, `should_stop` and `start_queue_runners`"
                               if unknown else None)
            if why is None and not plan.withs:
                why = f"`{name}` makes no `managed_session` block"
        if why is not None:
            notes.append(Note(line, f"Supervisor kept (it starts no runner now): {why}", kind="info"))
            continue
        plans.append((plan, args))
        notes.append(Note(line, f"Supervisor `{name}` {SUPERVISOR_WENT}: it had no "
                                "checkpoints or summaries to keep, and no queue runner is left to start", kind="info"))
    if not plans:
        return module, notes
    v1 = v1_prefix(module)
    module = module.visit(_Replace(plans, v1 or "tf"))
    if v1 is None:  # ``from tensorflow.compat.v1 import train`` alone: the Session needs its module
        context = CodemodContext()
        AddImportsVisitor.add_needed_import(context, "tensorflow.compat.v1", asname="tf")
        module = AddImportsVisitor(context).transform_module(module)
    return module, notes
