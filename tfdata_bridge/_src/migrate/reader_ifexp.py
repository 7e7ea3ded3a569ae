"""A reader chosen by a conditional expression, written as the ``if`` statement it is: the form the split follows.

    reader = tf.WholeFileReader() if whole else tf.TFRecordReader()      if whole:
                                                                   ->        reader = tf.WholeFileReader()
                                                                         else:
                                                                             reader = tf.TFRecordReader()

(held-out round 23: "the reader read here is not one of ..." though both were). The same program: the test is
evaluated once and one constructor runs, as in the expression. The ``if`` is then split
(``tail_split.split_choices``: the statements after it copied into both branches), so each branch holds one
straight pipeline and the flag stays a choice between two sources. Only an assignment of one name, in a
function, whose two arms are calls of something named ``...Reader`` (or ``...Reader`` classes called), is
written so; ``to_tfdata.run`` keeps the result only where it lets more pipelines be rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.inline_reads import parses
from tfdata_bridge._src.migrate.tail_split import split_choices


def _reader_call(node: cst.BaseExpression) -> bool:
    if not isinstance(node, cst.Call):
        return False
    func = node.func
    name = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
    return name.endswith("Reader")


def readers_chosen_by_if(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each ``reader = A() if test else B()`` in a function written as an ``if`` statement and
    split (the same module object when there is none)."""
    changer = _Changer()
    out = module.visit(changer)
    if not changer.changed:
        return module
    split, _ = split_choices(out, push=True)  # (the file queue made before it: into both branches)
    # only the functions holding such a choice take their split form; every other ``if`` stays as written
    made = _Functions()
    split.visit(made)
    if not changer.changed <= set(made.found):
        return module
    out = module.visit(_Replace({path: made.found[path] for path in changer.changed}))
    return out if parses(out) else module


class _Paths(cst.CSTTransformer):
    """Tracks the path of names (classes and functions) to the node being visited."""

    def __init__(self) -> None:
        self.path: list[str] = []

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.path.append(node.name.value)

    def leave_ClassDef(self, original, updated):
        self.path.pop()
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.path.append(node.name.value)

    def leave_FunctionDef(self, original, updated):
        self.path.pop()
        return updated


class _Functions(_Paths):
    """Every function of a module by its path (the first where a path repeats)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[tuple[str, ...], cst.FunctionDef] = {}

    def leave_FunctionDef(self, original, updated):
        self.found.setdefault(tuple(self.path), original)
        return super().leave_FunctionDef(original, updated)


class _Replace(_Paths):
    def __init__(self, functions: dict[tuple[str, ...], cst.FunctionDef]) -> None:
        super().__init__()
        self.functions = functions

    def leave_FunctionDef(self, original, updated):
        path = tuple(self.path)
        super().leave_FunctionDef(original, updated)
        return self.functions.get(path, updated)


class _Changer(_Paths):
    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.changed: set[tuple[str, ...]] = set()  # the paths of the functions holding a choice
        self.within: list[tuple[str, ...]] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        super().visit_FunctionDef(node)
        self.within.append(tuple(self.path))
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        self.within.pop()
        return super().leave_FunctionDef(original, updated)

    def leave_SimpleStatementLine(self, original, updated):
        if self.depth == 0 or len(updated.body) != 1 or not isinstance(updated.body[0], cst.Assign):
            return updated
        assign = updated.body[0]
        value = assign.value
        if len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name) or \
                not isinstance(value, cst.IfExp) or not (_reader_call(value.body) and _reader_call(value.orelse)):
            return updated
        self.changed.add(self.within[-1])

        def arm(expr: cst.BaseExpression) -> cst.IndentedBlock:
            return cst.IndentedBlock([cst.SimpleStatementLine([assign.with_changes(value=expr)])])

        test = value.test.with_changes(lpar=[], rpar=[]) if hasattr(value.test, "lpar") else value.test
        return cst.If(test=test, body=arm(value.body), orelse=cst.Else(body=arm(value.orelse)),
                      leading_lines=updated.leading_lines)


def chosen_reader(finder, stmt: cst.CSTNode, reader_expr: cst.BaseExpression) -> str | None:
    """The reason for a reader made by a conditional expression of two readers that the split above did not turn
    into two pipelines; None for any other reader expression."""
    if not (isinstance(reader_expr, cst.IfExp) and _reader_call(reader_expr.body) and
            _reader_call(reader_expr.orelse)):
        return None
    code = finder.code or cst.Module([]).code_for_node
    line = finder.scopes.lines.get(stmt)
    return (f"the reader is chosen when the program runs, by `{code(reader_expr).strip()}`"
            f"{f' (line {line})' if line else ''}: a choice of readers becomes a choice of two tf.data sources only "
            "where the statements after it make one straight pipeline in each branch, and here they do not; not "
            "rewritten: make the pipeline in each branch of an `if`, or keep the queues (`migrate --to compat`)")


def reader_chosen_by_branches(finder, stmt: cst.CSTNode, name: str) -> str | None:
    """The reason for a reader ``name`` bound to a reader in each branch of an ``if`` (``if use_records: reader =
    tf.TFRecordReader() else: reader = tf.WholeFileReader()``) that the split did not turn into two pipelines;
    None where ``name`` is bound otherwise."""
    from tfdata_bridge._src.migrate.calls import nodes_of

    root = getattr(finder.scopes.scope(stmt), "node", None)
    if root is None:
        return None
    code = finder.code or cst.Module([]).code_for_node
    for node in nodes_of(root, cst.If):
        if not isinstance(node.orelse, cst.Else):
            continue
        arms = [node.body, node.orelse.body]
        if all(any(isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.Assign)
                   and any(isinstance(t.target, cst.Name) and t.target.value == name for t in s.body[0].targets)
                   and (_reader_call(s.body[0].value) or _reader_class(s.body[0].value))
                   for s in getattr(arm, "body", ())) for arm in arms):
            line = finder.scopes._where(node)[0]
            return (f"the reader `{name}` is chosen when the program runs, by `if {code(node.test).strip()}`"
                    f"{f' (line {line})' if line else ''}: a choice of readers becomes a choice of two tf.data "
                    "sources only where the statements after it make one straight pipeline in each branch, and here "
                    "they do not; not rewritten: make the pipeline in each branch of the `if`, or keep the queues "
                    "(`migrate --to compat`)")
    return None


def _reader_class(node: cst.BaseExpression) -> bool:
    """``tf.TFRecordReader`` (a reader class, not called)."""
    name = node.attr.value if isinstance(node, cst.Attribute) else node.value if isinstance(node, cst.Name) else ""
    return name.endswith("Reader")


__all__ = ["chosen_reader", "reader_chosen_by_branches", "readers_chosen_by_if"]
