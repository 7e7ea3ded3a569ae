"""Divisions in the migrated ``map`` functions compute legacy's floats to the bit.

Legacy ran the per-element ops in the session's graph, where grappler's constant folding turns ``x / c`` (``c``
a constant, ``x`` not) into ``x * Reciprocal(c)`` and folds the reciprocal (``compat/legacy_numerics.py``); a
tf.data function runs ``x / c`` as written, and the quotient is one ulp from that product for most values
(``image / 255.0``: 3,119 of 4,256 float32 values; float64, float16, bfloat16 and integer true division too).
Grappler does it for ``/``, ``tf.divide``, ``tf.math.truediv``, ``tf.realdiv``, v1's ``div`` (floats) and
``tf.math.xdivy`` (not ``divide_no_nan``), for a divisor that is a Python number, a NumPy scalar, a
``tf.constant``, a module constant, or an expression of constants it folds first (``tf.cast(tf.constant(255),
tf.float32)``, ``tf.constant(85.0) * 3.0``, a stateless random op of constant seeds, a static shape); tf.data's
options change nothing of it.

The rewrite of ``--to tfdata`` writes user code, so each such division in the code that now runs in tf.data (the
functions passed to a ``map``/``flat_map``/``interleave``/``filter`` the rewrite made, and the functions of the
module they call) becomes ``divide_as_legacy(x, c)``: a small function the rewrite adds to the module once, which
decides at trace time, as grappler did on the graph (the divisor folds to a constant: it comes only from
constants through stateless ops, a captured constant included; the dividend does not), and then multiplies by
``tf.math.reciprocal(c)``, the kernel constant folding ran, with ``/``'s own dtype rules (integers cast to
float32/float64 first). Anything else divides as written. A division whose divisor reads a tensor of the
element (a parameter of the map function, or a name bound from one) is left as written in the code, unless it
reads the element's shape: grappler makes a static shape (``Shape``, ``Size``, ``Rank``) a constant, and the
function does too.

A program whose every session is an ``InteractiveSession`` is left as written: that session places the pruned graph
(``place_pruned_graph=True``), and grappler then makes no such product (measured, round 63; ``pruned_sessions_only``).
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import MetadataWrapper, QualifiedNameProvider, QualifiedNameSource, ScopeProvider

from tfdata_bridge._src.migrate.calls import code_of, dotted, nodes_of, parsed, wrapped
from tfdata_bridge._src.migrate.walk import Visitor

HELPER = "divide_as_legacy"
_DATASET_METHODS = {"map", "flat_map", "interleave", "filter", "parallel_interleave"}
_PREFIXES = ([], ["math"], ["compat", "v1"], ["compat", "v1", "math"])  # tf.divide, tf.compat.v1.math.divide...
_CALLS = {"divide": "truediv", "truediv": "truediv", "realdiv": "realdiv", "xdivy": "xdivy", "div": "div"}

_MARK = "# tfdata-bridge migrate: legacy's session (grappler)"
_SOURCE = '''\
# tfdata-bridge migrate: legacy's session (grappler) computed `x / c`, `c` a constant, as `x * reciprocal(c)`; a
# tf.data function divides as written (one ulp apart for most values), so the migrated map divides as legacy did
def {name}(x, y, op="truediv"):
    """`x / y` (`op`: "truediv", "realdiv", "xdivy" or "div", v1's) as legacy's session computed it."""
    if not {tf}.is_tensor(x) and not {tf}.is_tensor(y) or isinstance(x, {tf}.SparseTensor):
        return x / y  # Python (or NumPy) arithmetic, no TensorFlow op; a sparse one grappler left as it was
    if isinstance(x, {tf}.RaggedTensor):  # a division of its values
        return {tf}.ragged.map_flat_values({name}, x, y, op)
    x = {tf}.convert_to_tensor(x)
    y = {tf}.convert_to_tensor(y, dtype_hint=x.dtype.base_dtype)
    if op == "truediv" and x.dtype.is_integer:  # `/` of integers divides their float casts
        to = {tf}.float32 if x.dtype.size <= 2 else {tf}.float64
        x, y = {tf}.cast(x, to), {tf}.cast(y, to)
    if op == "div" and x.dtype.is_integer:
        return {tf}.math.floordiv(x, y)  # v1's `div` of integers
    divide = {{"truediv": {tf}.math.truediv, "realdiv": {tf}.realdiv, "div": {tf}.realdiv,
              "xdivy": {tf}.math.xdivy}}[op]
    if not (x.dtype.is_floating or x.dtype.is_complex) or {tf}.executing_eagerly() or \\
            _{name}_folded(x) or not _{name}_folded(y):
        return divide(x, y)
    product = {tf}.math.multiply_no_nan if op == "xdivy" else {tf}.math.multiply
    return product(x, {tf}.math.reciprocal(y))


def _{name}_folded(t):
    """Whether grappler's constant folding makes `t` a constant: it comes only from constants, through
    stateless ops (a constant a function captures is the outer graph's)."""
    seen, todo = set(), [t]
    while todo:
        t = todo.pop()
        for outer, inner in getattr(t.graph, "captures", ()):
            if inner is t:
                t = outer
                break
        if id(t) in seen:
            continue
        seen.add(id(t))
        op = t.op
        if op.type in ("Shape", "Size") and op.inputs[0].shape.is_fully_defined() or \\
                op.type == "Rank" and op.inputs[0].shape.rank is not None:
            continue  # a static shape: grappler makes it a constant (its shape materialization)
        if op.type in ("Placeholder", "PlaceholderWithDefault") or op.op_def.is_stateful or op.control_inputs or \\
                (op.type != "Const" and not op.inputs):
            return False
        todo.extend(op.inputs)
    return True
'''


def _new_dataset_calls(original: cst.Module, out: cst.Module) -> list[cst.Call]:
    """The ``.map(...)``-like calls of ``out`` that ``original`` did not have (the rewrite made them)."""
    def calls(module: cst.Module) -> list[cst.Call]:
        found: list[cst.Call] = []

        class _V(Visitor):
            def visit_Call(self, node: cst.Call) -> None:
                if isinstance(node.func, cst.Attribute) and node.func.attr.value in _DATASET_METHODS:
                    found.append(node)
        module.visit(_V())
        return found

    before = {original.code_for_node(c) for c in calls(original)}
    return [c for c in calls(out) if out.code_for_node(c) not in before]


def _literal(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.UnaryOperation):
        return _literal(expr.expression)
    return isinstance(expr, (cst.Integer, cst.Float))


class _Targets:
    """The functions and lambdas run by the new dataset calls, and the module's functions they call."""

    def __init__(self, wrapper: MetadataWrapper, calls: list[cst.Call], functions: list[cst.FunctionDef] = ()
                 ) -> None:
        self.scopes = wrapper.resolve(ScopeProvider)
        self.found: list[cst.CSTNode] = list(functions)  # (another module's dataset calls run these)
        self.params: dict[cst.CSTNode, set[str]] = {f: set() for f in functions}  # a map function's element names
        for call in calls:
            arg = next((a.value for a in call.args
                        if a.keyword is None or a.keyword.value in ("map_func", "predicate")), None)
            self._add(arg, call, element=True)
        holders = _method_classes(wrapper.module)
        i = 0
        while i < len(self.found):
            node = self.found[i]
            for inner in _called_names(node):
                self._add(inner, inner, element=False)
            for method in _self_calls(node, holders):  # ``self._preprocess(x)``: a method of the map's class
                if method not in self.found:
                    self.found.append(method)
                    self.params[method] = set()
            i += 1

    def _add(self, arg, at: cst.CSTNode, element: bool) -> None:
        arg = _unwrapped(arg)
        if isinstance(arg, cst.Lambda):
            if arg not in self.found:
                self.found.append(arg)
                self.params[arg] = {p.name.value for p in arg.params.params} if element else set()
            return
        if not isinstance(arg, cst.Name):
            return
        scope = self.scopes.get(at)
        if scope is None:
            return
        for assignment in scope[arg.value]:
            node = getattr(assignment, "node", None)
            if isinstance(node, cst.FunctionDef) and node not in self.found:
                self.found.append(node)
                self.params[node] = {p.name.value for p in node.params.params} if element else set()


def _method_classes(module: cst.Module) -> dict[int, tuple[cst.ClassDef, str]]:
    """id(function) -> (the module class whose method holds it, that method's instance name), for the method
    itself and the functions inside it."""
    out: dict[int, tuple[cst.ClassDef, str]] = {}
    for cls in module.body:
        if isinstance(cls, cst.ClassDef):
            for method in cls.body.body:
                if isinstance(method, cst.FunctionDef) and method.params.params:
                    me = method.params.params[0].name.value
                    for fn in [method, *nodes_of(method, cst.FunctionDef)]:
                        out[id(fn)] = (cls, me)
    return out


def _self_calls(node: cst.CSTNode, holders: dict[int, tuple[cst.ClassDef, str]]) -> list[cst.FunctionDef]:
    """The methods of ``node``'s class that ``node`` calls on the instance (``self._preprocess(x)``)."""
    if id(node) not in holders:
        return []
    cls, me = holders[id(node)]
    methods = {m.name.value: m for m in cls.body.body if isinstance(m, cst.FunctionDef)}
    return [methods[c.func.attr.value] for c in nodes_of(node, cst.Call)
            if isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and c.func.value.value == me
            and c.func.attr.value in methods]


def _unwrapped(arg):
    """``f`` for ``do_not_convert(f)`` or ``functools.partial(f, ...)`` (what the dataset call runs is ``f``)."""
    while isinstance(arg, cst.Call) and arg.args and dotted(arg.func).rsplit(".", 1)[-1] in (
            "do_not_convert", "partial"):
        arg = arg.args[0].value
    return arg


def _called_names(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _V(Visitor):
        def visit_Call(self, call: cst.Call) -> None:
            if isinstance(call.func, cst.Name):
                found.append(call.func)
    node.visit(_V())
    return found


def _element_names(fn: cst.CSTNode, params: set[str]) -> set[str]:
    """The element's parameters and the names bound in ``fn`` from expressions that read them."""
    names = set(params)
    if not names or not isinstance(fn, cst.FunctionDef):
        return names
    changed = True
    while changed:
        changed = False

        class _V(Visitor):
            def visit_Assign(self, node: cst.Assign) -> None:
                nonlocal changed
                if _reads(node.value, names):
                    for t in node.targets:
                        for n in _target_names(t.target):
                            if n not in names:
                                names.add(n)
                                changed = True
        fn.visit(_V())
    return names


def _target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_names(e.value)]
    return []


def _shaped(expr: cst.CSTNode) -> bool:
    """``expr`` names a shape (``tf.shape(x)``, ``x.shape``, ``tf.size(x)``, ``len(x)``...)."""
    return any(isinstance(n, cst.Name) and n.value in ("shape", "size", "rank", "get_shape", "len", "shape_n")
               for n in _all_names(expr))


def _all_names(expr: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []

    class _V(Visitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.append(node)
    expr.visit(_V())
    return found


def _reads(expr: cst.CSTNode, names: set[str]) -> bool:
    hit = []

    class _V(Visitor):
        def visit_Name(self, node: cst.Name) -> None:
            if node.value in names:
                hit.append(node)

        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False
    expr.visit(_V())
    return bool(hit)


class _Divisions(cst.CSTTransformer):
    """Each division by what may be a constant, inside ``targets``, becomes a ``divide_as_legacy`` call."""

    def __init__(self, targets: _Targets, tf_names: set[str], helper: str) -> None:
        super().__init__()
        self.targets = targets
        self.tf_names = tf_names
        self.helper = helper
        self.inside: list[set[str]] = []  # the element names of each target entered
        self.done = 0

    def _enter(self, node) -> None:
        if node in self.targets.params:
            self.inside.append(_element_names(node, self.targets.params[node]))

    def _leave(self, original) -> None:
        if original in self.targets.params:
            self.inside.pop()

    def visit_FunctionDef(self, node):
        self._enter(node)

    def leave_FunctionDef(self, original, updated):
        self._leave(original)
        return updated

    def visit_Lambda(self, node):
        self._enter(node)

    def leave_Lambda(self, original, updated):
        self._leave(original)
        return updated

    def _kept(self, x: cst.BaseExpression, y: cst.BaseExpression) -> bool:
        """Left as written: no target around, a constant dividend, or a divisor reading the element (other than
        through its shape, which grappler makes a constant where it is static)."""
        return not self.inside or _literal(x) or _reads(y, self.inside[-1]) and not _shaped(y)

    def _call(self, x, y, op: str = "truediv") -> cst.Call:
        self.done += 1
        args = [cst.Arg(x.with_changes(lpar=[], rpar=[]) if isinstance(x, cst.BinaryOperation) else x),
                cst.Arg(y.with_changes(lpar=[], rpar=[]) if isinstance(y, cst.BinaryOperation) else y)]
        if op != "truediv":
            args.append(cst.Arg(cst.SimpleString(f'"{op}"')))
        return cst.Call(cst.Name(self.helper), args)

    def leave_BinaryOperation(self, original, updated):
        if not isinstance(updated.operator, cst.Divide) or self._kept(updated.left, updated.right):
            return updated
        call = self._call(updated.left, updated.right)
        return call.with_changes(lpar=updated.lpar, rpar=updated.rpar) if updated.lpar else call

    def leave_AugAssign(self, original, updated):
        if not isinstance(updated.operator, cst.DivideAssign) or self._kept(updated.target, updated.value):
            return updated
        return cst.Assign([cst.AssignTarget(updated.target)], self._call(updated.target, updated.value))

    def leave_Call(self, original, updated):
        path = dotted(updated.func)
        parts = path.split(".")
        op = _CALLS.get(parts[-1])
        if op is None or parts[0] not in self.tf_names or parts[1:-1] not in _PREFIXES or \
                len(updated.args) != 2 or any(a.keyword is not None or a.star for a in updated.args):
            return updated
        x, y = updated.args[0].value, updated.args[1].value
        if self._kept(x, y):
            return updated
        return self._call(x, y, op)


def _tf_names(module: cst.Module, calls: list[cst.Call]) -> set[str]:
    """The module's names of ``tensorflow`` (or its ``compat.v1``/``v2``), and the root of each dataset chain."""
    names = set()
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, cst.Import):
                    for alias in small.names:
                        if dotted(alias.name).split(".")[0] == "tensorflow":
                            names.add(alias.asname.name.value if alias.asname else "tensorflow")
                elif isinstance(small, cst.ImportFrom) and small.module is not None and not small.relative and \
                        dotted(small.module).split(".")[0] == "tensorflow" and \
                        not isinstance(small.names, cst.ImportStar):
                    for alias in small.names:
                        if dotted(alias.name) in ("v1", "v2", "compat"):
                            names.add(alias.asname.name.value if alias.asname else dotted(alias.name))
    for call in calls:
        chain = call.func
        while isinstance(chain, (cst.Attribute, cst.Call)):
            chain = chain.value if isinstance(chain, cst.Attribute) else chain.func
        if isinstance(chain, cst.Name) and chain.value in names:
            return {chain.value, *names}
    return names


def _after_imports(module: cst.Module) -> int:
    last = 0
    for i, stmt in enumerate(module.body):
        if isinstance(stmt, cst.SimpleStatementLine) and all(isinstance(s, (cst.Import, cst.ImportFrom))
                                                             for s in stmt.body):
            last = i + 1
        elif i == 0 and isinstance(stmt, cst.SimpleStatementLine) and isinstance(stmt.body[0], cst.Expr) and \
                isinstance(stmt.body[0].value, cst.SimpleString):
            last = 1  # the docstring
    return last


_PRUNED = re.compile(r"\bInteractiveSession\(")
# a session whose graph grappler optimizes in full (anything but an InteractiveSession), or code that makes one
_OPTIMIZED = re.compile(r"(?<![\w.])(?:\w+\.)*(?<!Interactive)Session\(|MonitoredSession\(|MonitoredTrainingSession\(|"
                        r"managed_session\(|prepare_session\(|Estimator\(|learning\.train\(|evaluate_once\(|"
                        r"evaluation_loop\(")


def pruned_sessions_only(texts) -> bool:
    """Every session the program makes (``texts``: its modules' sources) is an ``InteractiveSession``: it places
    the pruned graph (``place_pruned_graph=True``), and grappler then leaves ``x / c`` a division (measured: an
    ``InteractiveSession`` gives the quotient to the bit, a ``Session`` the product by the reciprocal, round 63).
    The migrated map then divides as written, as legacy did."""
    texts = list(texts)
    return any(_PRUNED.search(t) for t in texts) and not any(_OPTIMIZED.search(t) for t in texts)


def keep_legacy_divisions(source: str, code: str, functions: frozenset[str] | set[str] = frozenset(),
                          program: tuple[str, ...] | list[str] | None = None) -> str:
    """``code`` (the rewrite of ``source`` to tf.data) with each division by a constant in what tf.data now runs
    computed as legacy's session did (see the module's docstring); ``code`` itself where there is none.
    ``functions``: names of this module's functions that another module's new dataset calls run (``foreign``).
    ``program``: the sources of every module of the program (default: ``source``), whose sessions decide."""
    if code == source and not functions or "/" not in code and "div" not in code:
        return code
    if pruned_sessions_only(program if program is not None else [source]):
        return code
    try:
        original, out = parsed(source), parsed(code)
    except cst.ParserSyntaxError:
        return code
    calls = _new_dataset_calls(original, out)
    if not calls and not functions:
        return code
    tf_names = _tf_names(out, calls)
    if not tf_names:
        return code  # (a rewrite to tf.data names TensorFlow: never here)
    wrapper = wrapped(out)
    targets = _Targets(wrapper, calls, [s for s in out.body if isinstance(s, cst.FunctionDef)
                                        and s.name.value in functions])
    if not targets.found:
        return code
    ours = _MARK in code  # a module given the helper already (a second pass of a tree)
    helper = HELPER if ours or HELPER not in code else f"{HELPER}_"
    divisions = _Divisions(targets, tf_names, helper)
    new = out.visit(divisions)
    if not divisions.done:
        return code
    if ours:
        return code_of(new)
    tf = "tf" if "tf" in tf_names else sorted(tf_names, key=lambda n: ("." in n, n))[0]
    helper_module = cst.parse_module(_SOURCE.format(name=helper, tf=tf))
    at = _after_imports(new)
    lead = [cst.EmptyLine(), cst.EmptyLine()]
    first = helper_module.body[0].with_changes(leading_lines=[*lead, *helper_module.header])
    body = list(new.body)
    if at < len(body):
        body[at] = body[at].with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine(),
                                                        *[ln for ln in body[at].leading_lines if ln.comment]])
    body[at:at] = [first, *helper_module.body[1:]]
    return new.with_changes(body=body).code


def foreign(source: str, code: str) -> set[str]:
    """The qualified names (as imported: ``records.read_and_decode``, ``.prep.scale``) of the functions of other
    modules that the new dataset calls of ``code`` run: passed to them, or called by what they run."""
    if code == source or ".map(" not in code and "interleave(" not in code and ".filter(" not in code:
        return set()
    try:
        original, out = parsed(source), parsed(code)
    except cst.ParserSyntaxError:
        return set()
    calls = _new_dataset_calls(original, out)
    if not calls:
        return set()
    wrapper = wrapped(out)
    targets = _Targets(wrapper, calls)
    qualified = wrapper.resolve(QualifiedNameProvider)
    refs: list[cst.CSTNode] = []
    for call in calls:
        refs.extend(_unwrapped(a.value) for a in call.args
                    if isinstance(_unwrapped(a.value), (cst.Name, cst.Attribute)))
    for node in targets.found:
        class _V(Visitor):
            def visit_Call(self, call: cst.Call) -> None:
                if isinstance(call.func, (cst.Name, cst.Attribute)):
                    refs.append(call.func)
        node.visit(_V())
    found = set()
    for ref in refs:
        names = qualified.get(ref, ())
        for q in names if isinstance(names, (set, frozenset, list, tuple)) else names():
            if q.source is QualifiedNameSource.IMPORT and not q.name.startswith("tensorflow"):
                found.add(q.name)
    return found
