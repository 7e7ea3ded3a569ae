"""A reader made from values its function computes (the CIFAR-10 binary reader's shape):

    def read_data(self, filename_queue):
        image_bytes = VALUE_BYTES
        for elem in self.image_shape:                     # pure Python over constants and attributes
            image_bytes *= elem
        record_bytes = LABEL_BYTES + image_bytes
        reader = tf.FixedLengthRecordReader(record_bytes=record_bytes, header_bytes=HEADER_BYTES)
        key, value = reader.read(filename_queue)
        record_bytes = tf.decode_raw(value, tf.int32)     # the name re-bound after the read: no matter
        ...

The reader's dataset is built where the pipeline is, not in the function, so the statements that compute its
arguments (the backward slice of the reader call over the statements before the read) are written again there,
as a person would: their names made fresh, the function's parameters replaced by the call's arguments and its
``self`` by the object it is called on. They stay in the per-record function too (what follows the read may use
them). Only side-effect-free Python is copied: assignments, augmented assignments, ``for`` loops and ``if``s over
names, attributes, literals, operators and a few pure builtins; anything else (a TensorFlow op, another call,
an attribute assigned) is refused with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, name_counts, names_in, nodes_of

# builtins that compute a value from their arguments and touch nothing else
PURE_BUILTINS = frozenset({"abs", "bool", "divmod", "float", "int", "len", "max", "min", "pow", "range", "round",
                           "sum", "tuple", "list", "str", "sorted", "reversed", "zip", "enumerate"})


@dataclass
class Setup:
    """The statements that compute a reader's arguments, as the call site can run them."""

    statements: list[cst.BaseStatement]
    names: list[str]  # the names they bind (``Generator`` makes each fresh where it writes them)
    free: set[str]  # the module-level names (or builtins) they read


def _bound_by(target: cst.BaseExpression) -> set[str]:
    """The names a target binds: ``a``, ``a, (b, *c)``; not ``obj.attr`` or ``x[i]`` (they bind no name)."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_bound_by(e.value) for e in target.elements)) if target.elements else set()
    if isinstance(target, cst.StarredElement):
        return _bound_by(target.value)
    return set()


def _assigned(stmt: cst.CSTNode) -> set[str]:
    out: set[str] = set()
    for node in nodes_of(stmt, cst.CSTNode):
        if isinstance(node, cst.Assign):
            for t in node.targets:
                out |= _bound_by(t.target)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor)):
            out |= _bound_by(node.target)
        elif isinstance(node, (cst.AsName, cst.NamedExpr)):
            out |= _bound_by(node.name if isinstance(node, cst.AsName) else node.target)
    return out


def _may_change(stmt: cst.BaseStatement) -> bool:
    """A statement that calls something other than a pure builtin, or assigns an attribute or an item: it may
    change an object the setup reads (``self.shape.append(2)``)."""
    for node in nodes_of(stmt, cst.CSTNode):
        if isinstance(node, cst.Call) and not (isinstance(node.func, cst.Name) and node.func.value in PURE_BUILTINS):
            return True
        if isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)):
            target = node.target
            if nodes_of(target, cst.Attribute) or nodes_of(target, cst.Subscript):
                return True
    return False


def _guard_raise(stmt: cst.BaseStatement) -> bool:
    """``raise Error(...)`` / ``raise Error``: a statement that only stops the function (ResNet's ``else: raise
    ValueError('Not supported dataset')`` beside its record sizes)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Raise)):
        return False
    exc = stmt.body[0].exc
    func = exc.func if isinstance(exc, cst.Call) else exc
    return isinstance(func, cst.Name) and stmt.body[0].cause is None


def _check_pure(stmt: cst.BaseStatement, fn: str, local: set[str], code,
                what: str = "makes its reader from values it computes", in_place: bool = False) -> None:
    """Refuses a statement that is not plain Python over values (see the module's docstring). ``in_place``: the
    statements stay where they are (only their values are read elsewhere), so a guard ``raise`` in an ``if``
    is no matter."""
    why = None
    if in_place and _guard_raise(stmt):
        return
    if isinstance(stmt, cst.SimpleStatementLine):
        for small in stmt.body:
            if isinstance(small, cst.Assign):
                targets = [t.target for t in small.targets]
            elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
                targets = [small.target]
            else:
                why = "is not an assignment"
                break
            if any(not isinstance(n, (cst.Name, cst.Tuple, cst.List)) for n in targets) or \
                    any(not isinstance(n, (cst.Name, cst.Element)) for t in targets if isinstance(t, (cst.Tuple, cst.List))
                        for n in t.elements):
                why = "assigns to something other than a name"
    elif isinstance(stmt, (cst.For, cst.If)):
        if isinstance(stmt, cst.For) and (stmt.asynchronous or stmt.orelse is not None):
            why = "is an async loop or a loop with `else`"
        blocks = [stmt.body, *([stmt.orelse.body] if isinstance(stmt, cst.If) and stmt.orelse is not None
                               and isinstance(stmt.orelse, cst.Else) else [])]
        if isinstance(stmt, cst.If) and isinstance(stmt.orelse, cst.If):
            blocks.append(cst.IndentedBlock([stmt.orelse]))
        for block in blocks:
            for inner in block.body if isinstance(block, cst.IndentedBlock) else []:
                _check_pure(inner, fn, local, code, what, in_place)
    else:
        why = "is not an assignment, a loop or an `if`"
    if why is None:
        guards = [g for g in nodes_of(stmt, cst.SimpleStatementLine) if in_place and _guard_raise(g)]
        skipped = {id(n) for g in guards for n in nodes_of(g, cst.CSTNode)}
        for node in nodes_of(stmt, cst.CSTNode):
            if id(node) in skipped:
                continue
            if isinstance(node, (cst.Await, cst.Yield, cst.NamedExpr, cst.Lambda, cst.Del, cst.Global,
                                 cst.Nonlocal, cst.Return, cst.Break, cst.Continue)):
                why = "awaits, yields, returns, jumps or binds names in an expression"
            elif isinstance(node, cst.Call) and not (isinstance(node.func, cst.Name) and
                                                     node.func.value in PURE_BUILTINS and node.func.value not in local):
                why = f"calls `{code(node.func)}`"
            if why is not None:
                break
    if why is not None:
        first = code(stmt).strip().splitlines()[0]
        raise Refusal(f"`{fn}` {what}, and `{first}` {why}: the rewrite cannot move it to where the dataset is "
                      "built; compute them from constants, parameters or attributes")


def reader_setup(before: list[cst.BaseStatement], reader_call: cst.CSTNode, params: set[str], fn: str, code,
                 what: str = "makes its reader from values it computes", in_place: bool = False) -> Setup | None:
    """The statements of ``before`` (a function's statements before its read) that the reader's arguments need,
    in order; None when it needs none. ``params``: the function's parameters (``self`` included), which the
    caller replaces. ``Refusal`` when one of them is not plain Python, assigns a parameter, or when a statement
    left out may change a value they compute. ``in_place``: the statements stay where they are, only checked
    (``choice_tails.check_left``): a guard ``raise`` may stand in their ``if``s, and a statement left out may read
    a value that no statement can change (a number or a string, ``_scalars``) as long as it does not rebind it."""
    local = set().union(*(_assigned(s) for s in before)) if before else set()
    needed = names_in(reader_call) & local
    if not needed:
        return None
    taken: list[cst.BaseStatement] = []
    for stmt in reversed(before):
        if _assigned(stmt) & needed:
            taken.append(stmt)
            needed |= names_in(stmt) & local
    taken.reverse()
    bound = set().union(*(_assigned(s) for s in taken))
    for stmt in taken:
        _check_pure(stmt, fn, local, code, what, in_place)
    if bound & params:
        raise Refusal(f"`{fn}` re-binds its parameter `{sorted(bound & params)[0]}` to compute its reader; the "
                      "rewrite cannot move that")
    read = set().union(*(names_in(s) for s in taken))
    fixed = _scalars(taken) if in_place else set()
    for stmt in before:  # a statement left out that reads a computed name might change it (``shape.append(2)``)
        if stmt not in taken and (names_in(stmt) & bound - fixed or _assigned(stmt) & bound
                                  or _may_change(stmt) and names_in(stmt) & read - fixed):
            first = code(stmt).strip().splitlines()[0]
            raise Refusal(f"`{fn}` {what}, and `{first}` uses them too (it may change them): the rewrite cannot "
                          "move them")
    free = set().union(*(set(name_counts(s)) for s in taken)) - bound - params
    return Setup(taken, sorted(bound), free)


def _scalars(taken: list[cst.BaseStatement]) -> set[str]:
    """The names ``taken`` binds only to numbers and strings: each assignment of one (augmented ones too) gives
    it literals, names of such values and arithmetic of them, nothing another statement could change in place."""
    values: dict[str, list[cst.BaseExpression | None]] = {}
    for node in (n for s in taken for n in nodes_of(s, cst.CSTNode)):
        if isinstance(node, cst.Assign):
            for t in node.targets:
                for n in _bound_by(t.target):
                    values.setdefault(n, []).append(node.value if isinstance(t.target, cst.Name) else None)
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            for n in _bound_by(node.target):
                values.setdefault(n, []).append(node.value)
        elif isinstance(node, (cst.For, cst.CompFor, cst.AsName, cst.NamedExpr)):
            for n in _assigned(node) if not isinstance(node, cst.CompFor) else _bound_by(node.target):
                values.setdefault(n, []).append(None)

    def simple(expr: cst.BaseExpression | None, known: set[str]) -> bool:
        if isinstance(expr, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(expr, cst.Name):
            return expr.value in known
        if isinstance(expr, cst.BinaryOperation):
            return simple(expr.left, known) and simple(expr.right, known)
        if isinstance(expr, cst.UnaryOperation):
            return simple(expr.expression, known)
        return False

    known: set[str] = set()
    grew = True
    while grew:
        grew = False
        for n, vs in values.items():
            if n not in known and all(simple(v, known) for v in vs):
                known.add(n)
                grew = True
    return known


def written_at_call_site(setup: Setup, subst: dict[str, cst.BaseExpression], rename: dict[str, str]
                         ) -> list[cst.BaseStatement]:
    """The setup's statements with the parameters replaced (``subst``) and its own names renamed."""

    class _Sub(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
            if original.value in rename:
                return updated.with_changes(value=rename[original.value])
            if original.value in subst:
                return subst[original.value]
            return updated

        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
            return updated.with_changes(attr=original.attr)  # an attribute's name is not a variable

        def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
            return updated.with_changes(keyword=original.keyword)

    return [s.visit(_Sub()).with_changes(leading_lines=()) for s in setup.statements]


def renamed(expr: cst.BaseExpression, rename: dict[str, str]) -> cst.BaseExpression:
    """``expr`` (a reader argument) with the setup's names renamed."""
    return written_at_call_site(Setup([cst.SimpleStatementLine([cst.Expr(expr)])], [], set()), {}, rename)[0] \
        .body[0].value


def place_setup(finder, stmt: cst.CSTNode, setup: Setup | None, foreign, fn: str) -> Setup | None:
    """``setup`` where the call ``stmt`` stands: refused when the function is another module's (its module-level
    names are not the caller's) or when the caller's scope binds a module-level name the setup reads."""
    if setup is None:
        return None
    if foreign:
        raise Refusal(f"`{fn}` makes its reader from values it computes in another module; the rewrite cannot move "
                      "them here")
    scope = finder.scopes.scope(stmt)
    if scope is not None and scope is not scope.globals:
        hidden = sorted({a.name for a in scope.assignments} & setup.free)
        if hidden:
            raise Refusal(f"`{fn}` computes its reader's arguments from `{hidden[0]}`, which the caller binds to "
                          "something else; not moved")
    return setup
