"""A queue or input producer shown only by debugging output: not one of its uses.

    images_queue = tf.train.input_producer(table, num_epochs=1, shuffle=True)
    print(images_queue)                         # or print(f"queue: {q}"), logging.info("%s", q), tf.logging.info(q)
    rows = images_queue.dequeue_many(batch_size)

Printing (or logging) the queue object prints ``<...FIFOQueue object at 0x...>``: it neither consumes nor changes
the queue. The passes that rewrite a producer or a queue count every other read of its name as a use (a size, a
close...) and leave the pipeline. Before the rewrite, each such name that is a plain argument of a debugging call
statement (the builtin ``print``; ``logging``/``logger``/``log``/``absl.logging``/``tf.logging``'s ``debug`` to
``critical``, ``log`` and ``exception``), or a plain ``{name}`` of an f-string argument, is taken out for a
marker string; after it, where the queue is gone from the function, the marker becomes the dataset or iterator the
rewrite bound before the call in the same block, or else a string saying the queue became a tf.data pipeline
(a note says the printed text differs); where the queue is still there (left for another reason), the name comes
back as it was. ``tf.print(q)`` is a graph op, not debugging of the object: never taken out; nor ``q.size()``,
``q.name``, a ``q`` handed to a function, stored, returned: those stay uses, and still leave the pipeline.

Cost on a module it cannot change: two substring checks on its text; where a queue is made and something printed,
two regular expressions over it (the names the queues are bound to, one of them on a debugging call's line);
libcst parses it only then."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import last_name
from tfdata_bridge._src.migrate.results import Note, RewriteResult

MAKERS = frozenset(("input_producer", "string_input_producer", "range_input_producer", "FIFOQueue",
                    "RandomShuffleQueue", "PaddingFIFOQueue", "PriorityQueue"))
_QUICK_MAKERS = ("input_producer", "Queue(")
_LEVELS = frozenset(("debug", "info", "warning", "warn", "error", "critical", "fatal", "log", "exception",
                     "vlog", "log_first_n", "log_every_n"))
_LOGGERS = frozenset(("logging", "logger", "log", "LOGGER", "_logger", "_LOGGER", "_log", "LOG", "tf_logging"))
_BOUND = re.compile(r"(\w+)\s*(?::[^=\n]*)?=\s*\(?\s*[\w.]*\b(?:%s)\s*\(" % "|".join(sorted(MAKERS)))
_MARK = "__tfdata_bridge_printed_%d__"
_MARKED = re.compile(r"__tfdata_bridge_printed_(\d+)__")
_DATASETS = re.compile(r"\bDataset\b|\.data\.|make_one_shot_iterator|make_initializable_iterator")


def _is_debug_call(call: cst.Call) -> bool:
    """The builtin ``print``, or a logging call (``logging.info``, ``logger.debug``, ``tf.logging.info``,
    ``tf.compat.v1.logging.warn``, ``absl.logging.info``)."""
    func = call.func
    if isinstance(func, cst.Name):
        return func.value == "print"
    if not isinstance(func, cst.Attribute) or func.attr.value not in _LEVELS:
        return False
    return last_name(func.value) in _LOGGERS


def _queue_made(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Call) and last_name(value.func) in MAKERS


class _Marker(cst.CSTTransformer):
    """Takes the queue names out of debugging call statements, scope by scope (a function, the module)."""

    def __init__(self, first: int) -> None:
        self.scopes: list[set[str]] = []  # queue names each open scope binds
        self.marks: dict[int, tuple[str, str]] = {}  # number -> (queue name, the marker's text)
        self.next = first

    def _bound(self, body) -> set[str]:
        names: set[str] = set()

        class Binds(cst.CSTVisitor):
            def visit_FunctionDef(self, node) -> bool:
                return False

            def visit_ClassDef(self, node) -> bool:
                return False

            def visit_Lambda(self, node) -> bool:
                return False

            def visit_Assign(self, node: cst.Assign) -> None:
                if _queue_made(node.value):
                    names.update(t.target.value for t in node.targets if isinstance(t.target, cst.Name))

            def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
                if node.value is not None and _queue_made(node.value) and isinstance(node.target, cst.Name):
                    names.add(node.target.value)

        for stmt in body:
            stmt.visit(Binds())
        return names

    def visit_Module(self, node: cst.Module) -> None:
        self.scopes.append(self._bound(node.body))

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        body = node.body.body if isinstance(node.body, cst.IndentedBlock) else [node.body]
        self.scopes.append(self._bound(body))

    def leave_FunctionDef(self, original, updated):
        self.scopes.pop()
        return updated

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.scopes.append(set())

    def leave_ClassDef(self, original, updated):
        self.scopes.pop()
        return updated

    def _mark(self, name: str, quote: str) -> cst.SimpleString:
        number = self.next
        self.next += 1
        text = f"{quote}{_MARK % number}{quote}"
        self.marks[number] = (name, text)
        return cst.SimpleString(text)

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr):
        names = self.scopes[-1] if self.scopes else set()
        call = updated.value
        if not names or not isinstance(call, cst.Call) or not _is_debug_call(call):
            return updated
        args = []
        for arg in call.args:
            value = arg.value
            if arg.star == "" and isinstance(value, cst.Name) and value.value in names:
                arg = arg.with_changes(value=self._mark(value.value, '"'))
            elif isinstance(value, cst.FormattedString):
                inner = "'" if '"' in value.start else '"'
                parts = [p.with_changes(expression=self._mark(p.expression.value, inner))
                         if isinstance(p, cst.FormattedStringExpression) and isinstance(p.expression, cst.Name)
                         and p.expression.value in names else p for p in value.parts]
                arg = arg.with_changes(value=value.with_changes(parts=parts))
            args.append(arg)
        return updated.with_changes(value=call.with_changes(args=args))


def mark_printed_queues(text: str, first: int = 0) -> tuple[str, dict[int, tuple[str, str]]]:
    """(``text`` with the queue names of its debugging calls taken out for markers, {number: (name, marker)})."""
    if not any(k in text for k in _QUICK_MAKERS) or not ("print" in text or "log" in text):
        return text, {}
    bound = set(_BOUND.findall(text))
    if not bound or not re.search(r"(?:\bprint|\blog\w*\.\w+|\blogging\.\w+)\s*\([^\n]*\b(?:%s)\b"
                                  % "|".join(map(re.escape, sorted(bound))), text):
        return text, {}  # (no queue made here is named in a debugging call's line: no parse)
    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError:
        return text, {}
    marker = _Marker(first)
    out = module.visit(marker)
    if not marker.marks:
        return text, {}
    return out.code, marker.marks


def _scopes(tree: ast.Module):
    """Each scope (the module, each function) with its own nodes (not those of the functions it defines)."""
    todo: list = [tree]
    while todo:
        scope = todo.pop()
        own, stack = [], list(ast.iter_child_nodes(scope))
        while stack:
            node = stack.pop()
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                todo.append(node)
                continue
            own.append(node)
            stack.extend(ast.iter_child_nodes(node))
        yield scope, own


def _blocks(scope):
    """Each statement list under ``scope`` (its own, not its functions')."""
    stack = [scope]
    while stack:
        node = stack.pop()
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                yield block
                stack.extend(s for s in block if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                      ast.ClassDef)))
        for handler in getattr(node, "handlers", []) or []:
            yield handler.body
            stack.extend(handler.body)
        for case in getattr(node, "cases", []) or []:
            stack.append(case)


def _in_place(code: str, tree: ast.Module, scope, line: int, name: str) -> str | None:
    """A dataset or iterator bound before the statement at ``line`` in its own block of ``scope`` (the last such)."""
    for block in _blocks(scope):
        at = [i for i, s in enumerate(block) if s.lineno <= line <= (s.end_lineno or s.lineno)
              and isinstance(s, ast.Expr)]
        if not at:
            continue
        found = None
        for stmt in block[:at[0]]:
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                if _DATASETS.search(ast.get_source_segment(code, stmt.value) or ""):
                    found = stmt.targets[0].id
        return found
    return None


def restore(code: str, marks: Mapping[int, tuple[str, str]]) -> tuple[str, list[tuple[int, str, str]]]:
    """(``code`` with each marker back: the queue's name where the queue is still in its function, else what
    replaced it; [(marker number, name, replacement)] of those replaced)."""
    found = {int(m.group(1)) for m in _MARKED.finditer(code)} & set(marks)
    if not found:
        return code, []
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError):
        tree = None
    decided: dict[int, str] = {}
    replaced: list[tuple[int, str, str]] = []
    if tree is not None:
        for scope, own in _scopes(tree):
            for node in own:
                if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                    continue
                m = _MARKED.fullmatch(node.value)
                if m is None or int(m.group(1)) not in marks or int(m.group(1)) in decided:
                    continue
                number = int(m.group(1))
                name = marks[number][0]
                if any(isinstance(n, ast.Name) and n.id == name for n in own):
                    continue  # still the queue's (or still read): its name comes back
                instead = _in_place(code, tree, scope, node.lineno, name)
                if instead is None:
                    instead = repr(f"<tf.data pipeline in place of the queue {name}>")
                decided[number] = instead
                replaced.append((number, name, instead))
    for number in found:
        name, text = marks[number]
        code = code.replace(text, decided.get(number, name))
    return code, replaced


def with_printed_queues(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                        ) -> dict[str, RewriteResult]:
    """``run(sources)`` with the queues of debugging calls taken out before and put back (or replaced) after."""
    marked: dict[str, str] = {}
    marks: dict[str, dict[int, tuple[str, str]]] = {}
    count = 0
    for path, text in sources.items():
        marked[path], marks[path] = mark_printed_queues(text, count)
        count += len(marks[path])
    if not count:
        return run(dict(sources))
    results = run(marked)
    out = {}
    for path, result in results.items():
        if path not in marks or not marks[path]:
            out[path] = result
            continue
        code, replaced = restore(result.code, marks[path])
        if result.error is not None or code == sources[path]:
            out[path] = replace(result, source=sources[path], code=sources[path])
            continue
        lines = {number: marked[path].count("\n", 0, marked[path].find(marks[path][number][1])) + 1
                 for number in marks[path]}
        notes = [*result.notes, *(Note(lines[number], f"the queue `{name}` was shown only by debugging output: the call "
                                             f"is kept with `{instead}` in its place (it prints that, not legacy's "
                                             "queue object)", "info") for number, name, instead in replaced)]
        out[path] = replace(result, source=sources[path], code=code,
                            notes=tuple(sorted(notes, key=lambda n: n.line)))
    return out


__all__ = ["mark_printed_queues", "restore", "with_printed_queues"]
