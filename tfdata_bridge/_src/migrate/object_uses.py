"""Who else reads a pipeline's attributes or calls its batching method, decided by scope where it can be.

``obj.X`` counts as a use of class ``C``'s attribute ``X`` unless ``obj`` is the instance parameter of a method
of another class, or a name made once by calling another class of the module, or a dotted path rooted in an
import (``tf.train.batch`` is no call of a method ``batch``). Other modules of a tree are counted by
attribute name alone (``external.attribute_uses``, from ``tree.py``).
"""

from __future__ import annotations

import libcst as cst
from libcst.helpers import get_full_name_for_node

from tfdata_bridge._src.migrate.calls import identifiers, import_rooted, imported_roots, names_in, nodes_of, parsed
from tfdata_bridge._src.migrate.walk import Visitor


class _Uses(Visitor):
    def __init__(self, module: cst.Module, cls: cst.ClassDef, name: str) -> None:
        self.cls, self.name = cls, name
        self.roots = imported_roots(module) | _module_aliases(module)
        self.classes = {s.name.value for s in module.body if isinstance(s, cst.ClassDef)}
        self.others: list[set[str]] = [set()]  # names that are instances of another class, per function
        self.where: list[str] = ["module level"]
        self.fns: list[cst.FunctionDef | None] = [None]
        self.loops = 0
        self.found: list[tuple[cst.Attribute, str, bool]] = []  # (use, the function holding it, in a loop)
        self.holders: dict[int, cst.FunctionDef | None] = {}  # id(use) -> the function holding it
        self.current_class: list[cst.ClassDef] = []
        self.tf_attrs = _import_made_attrs(cls, self.roots)

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.current_class.append(node)

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.current_class.pop()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        other = set(self.others[-1])
        in_class = self.current_class[-1] if self.current_class else None
        subclass = in_class is not None and any(isinstance(b.value, cst.Name) and b.value.value == self.cls.name.value
                                                for b in in_class.bases)
        if in_class is not None and in_class is not self.cls and not subclass and node.params.params and \
                any(s is node for s in in_class.body.body):
            other.add(node.params.params[0].name.value)
        for stmt in _once(list(node.body.body)) if isinstance(node.body, cst.IndentedBlock) else ():
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                    isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call)):
                continue
            func = small.value.func
            # an object of another class of the module, or of an imported one (``reader = tf.TextLineReader()``:
            # its ``reader.read(queue)`` is no call of a method ``read`` of this class)
            if isinstance(func, cst.Name) and func.value in self.classes and func.value != self.cls.name.value or \
                    isinstance(func, cst.Attribute) and import_rooted(func, self.roots):
                other.add(small.targets[0].target.value)
        self.others.append(other)
        owner = f"{self.current_class[-1].name.value}.{node.name.value}" if in_class is not None else node.name.value
        self.where.append(owner)
        self.fns.append(node)
        self.loops, node_loops = 0, self.loops
        self._saved = getattr(self, "_saved", []) + [node_loops]

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.others.pop()
        self.where.pop()
        self.fns.pop()
        self.loops = self._saved.pop()

    def visit_For(self, node) -> None:
        self.loops += 1

    def leave_For(self, node) -> None:
        self.loops -= 1

    def visit_ListComp(self, node) -> None:  # (a comprehension's element runs once per item, as a loop's body)
        self.loops += 1

    def leave_ListComp(self, node) -> None:
        self.loops -= 1

    visit_GeneratorExp = visit_SetComp = visit_DictComp = visit_ListComp
    leave_GeneratorExp = leave_SetComp = leave_DictComp = leave_ListComp

    def visit_While(self, node) -> None:
        self.loops += 1

    def leave_While(self, node) -> None:
        self.loops -= 1

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value != self.name:
            return
        full = get_full_name_for_node(node.value)
        if full is not None and full.split(".", 1)[0] in self.roots:
            return
        if isinstance(node.value, cst.Name) and node.value.value in self.others[-1]:
            return
        own = self.fns[-1] is not None and self.current_class and self.current_class[-1] is self.cls and \
            self.fns[-1].params.params and any(s is self.fns[-1] for s in self.cls.body.body)
        if own and isinstance(node.value, cst.Attribute) and isinstance(node.value.value, cst.Name) and \
                node.value.value.value == self.fns[-1].params.params[0].name.value and \
                node.value.attr.value in self.tf_attrs:
            return  # (``self.queue.dequeue_up_to(n)``, ``self.queue`` made once by an imported API: not ``cls``'s)
        made = node.value
        if isinstance(made, cst.Call) and isinstance(made.func, cst.Name) and made.func.value in self.classes and \
                made.func.value != self.cls.name.value:  # ``Other(...).batch()``: an object of another class
            return
        self.found.append((node, self.where[-1], self.loops > 0))
        self.holders[id(node)] = self.fns[-1]


def uses(module: cst.Module, cls: cst.ClassDef, name: str) -> list[tuple[cst.Attribute, str, bool]]:
    """Each ``x.name`` of the module that may mean ``cls``'s: (the node, the function holding it, in a loop)."""
    v = _Uses(module, cls, name)
    module.visit(v)
    return v.found


def runs_once(module: cst.Module, cls: cst.ClassDef, name: str, depth: int = 0) -> str | None:
    """None where the one use of ``cls``'s method ``name`` in the module runs once per object it is called on;
    otherwise why that cannot be told. ``self.name()`` in another method: that method's own use must run once
    (``__init__`` runs once per object); ``p.name()``, ``p`` a parameter of a module function: that function is
    called once, outside a loop; a name made by calling ``cls`` in the same function, or module level: once."""
    v = _Uses(module, cls, name)
    module.visit(v)
    if len(v.found) != 1:
        return None  # (the count is the caller's to judge)
    node, owner, looped = v.found[0]
    holder = v.holders[id(node)]
    if looped:
        return f"`{name}` is used in a loop"
    value = node.value
    if holder is None or not isinstance(value, cst.Name) or isinstance(value, cst.Call):
        return None
    params = [p.name.value for p in holder.params.params]
    own_method = any(s is holder for s in cls.body.body)
    if own_method and params and value.value == params[0]:
        if holder.name.value == "__init__":
            return None
        if depth > 5 or len(uses(module, cls, holder.name.value)) != 1:
            return f"`{holder.name.value}`, which calls `{name}`, is not used once"
        return runs_once(module, cls, holder.name.value, depth + 1)
    made = [s for s in _statements(holder) if _assigns_call_of(s, value.value, cls.name.value)]
    if made:
        return None
    if value.value in params and not own_method:
        calls = [n for n in _names(module, holder.name.value) if n is not holder.name]
        if len(calls) != 1:
            return f"`{holder.name.value}`, which calls `{owner}`'s `{value.value}.{name}`, is used {len(calls)} times"
        return None
    return f"`{value.value}` in {owner} is neither an object made there nor a parameter of a function called once"


def _module_aliases(module: cst.Module) -> set[str]:
    """Module-level names bound to a dotted path of an import (``v1 = tf.compat.v1``)."""
    roots = imported_roots(module)
    out: set[str] = set()
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name) \
                and isinstance(small.value, cst.Attribute) and import_rooted(small.value, roots):
            out.add(small.targets[0].target.value)
    return out


def _statements(fn: cst.FunctionDef) -> list[cst.CSTNode]:
    """The statements the function runs at most once each: its body's, and those of the ``with``, ``if`` and
    ``try`` blocks in it (``with tf.name_scope(...): reader = Reader(...)``), loops' and nested functions' aside."""
    return _once(list(fn.body.body)) if isinstance(fn.body, cst.IndentedBlock) else []


def _once(stmts: list[cst.BaseStatement]) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []
    for stmt in stmts:
        out.append(stmt)
        blocks = []
        if isinstance(stmt, (cst.With, cst.Try)):
            blocks.append(stmt.body)
        if isinstance(stmt, cst.Try):
            blocks += [h.body for h in stmt.handlers] + [b.body for b in (stmt.orelse, stmt.finalbody) if b]
        while isinstance(stmt, cst.If):
            blocks.append(stmt.body)
            stmt = stmt.orelse
            if isinstance(stmt, cst.Else):
                blocks.append(stmt.body)
        out += [s for b in blocks if isinstance(b, cst.IndentedBlock) for s in _once(list(b.body))]
    return out


def _assigns_call_of(stmt: cst.CSTNode, target: str, cls: str) -> bool:
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    return isinstance(small, cst.Assign) and len(small.targets) == 1 and \
        isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == target and \
        isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Name) and small.value.func.value == cls


def _names(module: cst.Module, name: str) -> list[cst.Name]:
    """The variables ``name`` of the module (attribute and keyword names are none)."""
    return [n for n in identifiers(module) if n.value == name]


def attribute_uses(module: cst.Module, name: str) -> int:
    """``x.name`` in ``module``, ``x`` no import (a tree's other module: its classes are not told apart)."""
    from tfdata_bridge._src.migrate.calls import top_imports as _imports

    roots = imported_roots(module)
    imports = _imports(module)

    def imported(value: cst.BaseExpression) -> bool:
        full = get_full_name_for_node(value)
        root = full.split(".", 1)[0] if full is not None else None
        if root not in roots:
            return False
        # ``readers.Table(files).rows()``: an object made inline by a class reached through an import (of the
        # tree, maybe) is a use; ``tf.data.Dataset.range(3).batch(2)`` is TensorFlow's
        return not isinstance(value, cst.Call) or imports.get(root, "").split(".")[0] == "tensorflow"

    return sum(a.attr.value == name and not imported(a.value) for a in _attributes(module))


def _attributes(module: cst.Module) -> list[cst.Attribute]:
    found: list[cst.Attribute] = []

    class _V(Visitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            found.append(node)

        def visit_Import(self, node: cst.Import) -> bool:
            return False  # (``import pkg.reader``: a module's path, no attribute of an object)

        def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
            return False  # (``from pkg.reader import Reader``)

    module.visit(_V())
    return found


class _Calls(Visitor):
    """Each ``x.name`` of a module: (the node, the function holding it or None, in a loop, called there)."""

    def __init__(self, name: str, roots) -> None:
        self.name, self.roots = name, roots
        self.fns: list[cst.FunctionDef | None] = [None]
        self.loops = [0]
        self.called: set[int] = set()
        self.found: list[tuple[cst.Attribute, cst.FunctionDef | None, bool, bool]] = []

    def visit_Import(self, node) -> bool:
        return False

    def visit_ImportFrom(self, node) -> bool:
        return False

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.fns.append(node)
        self.loops.append(0)

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.fns.pop()
        self.loops.pop()

    visit_Lambda = visit_FunctionDef  # (a lambda's body runs at each of its calls: no object made once)
    leave_Lambda = leave_FunctionDef

    def _loop(self, node) -> None:
        self.loops[-1] += 1

    def _unloop(self, node) -> None:
        self.loops[-1] -= 1

    visit_For = visit_While = visit_ListComp = visit_GeneratorExp = visit_SetComp = visit_DictComp = _loop
    leave_For = leave_While = leave_ListComp = leave_GeneratorExp = leave_SetComp = leave_DictComp = _unloop

    def visit_Call(self, node: cst.Call) -> None:
        self.called.add(id(node.func))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == self.name and not (import_rooted(node.value, self.roots) and
                                                 not nodes_of(node.value, cst.Call)):
            self.found.append((node, self.fns[-1] if not isinstance(self.fns[-1], cst.Lambda) else node,
                               self.loops[-1] > 0, id(node) in self.called))


def called_once_elsewhere(made_by: set[str], name: str, external, strict: bool = True) -> str | None:
    """None where each ``x.name`` of the tree's other modules is a call ``x.name(...)``, outside a loop, of an
    object ``x`` its function (or the module's top) makes once, in a statement that runs once, by calling a
    class named as one of ``made_by`` that it imports (``X_reader = Reader('apple'); x = X_reader.feed()``,
    ``Y_reader`` beside it: the CycleGAN trainer), each such object's method called once, or a call on an object
    made inline (``Reader(p).feed()``, in a loop too); why otherwise. Each call is then the one call of the method
    on an object of its own, as legacy made one reader per object. Not ``strict``: only a call in a loop on an
    object not made inline is said."""
    from tfdata_bridge._src.migrate.calls import top_imports as _imports

    texts = getattr(external, "other_texts", None)
    said = f"`{name}` is called in another module"
    if texts is None:
        return said
    for text in texts():
        if name not in text:
            continue
        other = parsed(text)
        imports = _imports(other)
        classes = {b for b, full in imports.items() if "." in full and full.rsplit(".", 1)[1] in made_by}
        v = _Calls(name, imported_roots(other))
        other.visit(v)
        seen: set[tuple[int, str]] = set()
        for node, holder, looped, called in v.found:
            value = node.value
            if called and isinstance(value, cst.Call) and _class_callee(value.func, classes, imports, made_by):
                continue  # (an object of its own)
            if looped or isinstance(holder, cst.Attribute):
                return f"{said} in a loop"
            if not strict:
                continue
            if not called or not isinstance(value, cst.Name):
                return f"{said}, not once on an object made there"
            key = (id(holder), value.value)
            if key in seen:
                return f"{said}, twice on `{value.value}`"
            seen.add(key)
            body = list(holder.body.body) if holder is not None and isinstance(holder.body, cst.IndentedBlock) \
                else list(other.body) if holder is None else []
            scope = holder if holder is not None else other
            binds = [t for t in nodes_of(scope, cst.AssignTarget) if value.value in names_in(t.target)]
            made = [s for s in _once(body) if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                    and _made_by_class(s.body[0], value.value, classes, imports, made_by)]
            params = {p.name.value for p in [*holder.params.params, *holder.params.kwonly_params]} \
                if holder is not None else set()
            if len(binds) != 1 or len(made) != 1 or value.value in params or \
                    any(value.value in names_in(f.target) for f in nodes_of(scope, cst.For)) or \
                    any(value.value in {n.name.value for n in g.names} for g in
                        [*nodes_of(scope, cst.Global), *nodes_of(scope, cst.Nonlocal)]):
                return f"{said}, on `{value.value}`, not one object made there once"
    return None


def _made_by_class(small: cst.BaseSmallStatement, name: str, classes: set[str], imports: dict[str, str],
                   made_by: set[str]) -> bool:
    """``name = C(...)``, ``C`` an imported class of ``made_by`` (``from pkg.reader import Reader``), or
    ``m.C(...)``, ``m`` an imported module."""
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
            isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name and
            isinstance(small.value, cst.Call)):
        return False
    return _class_callee(small.value.func, classes, imports, made_by)


def _class_callee(func: cst.BaseExpression, classes: set[str], imports: dict[str, str], made_by: set[str]) -> bool:
    return isinstance(func, cst.Name) and func.value in classes or \
        isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value in imports and \
        func.attr.value in made_by


def tree_uses(external, name: str) -> int:
    """``x.name`` in the tree's other modules (0 without a tree)."""
    count = getattr(external, "attribute_uses", None)
    return count(name) if count is not None else 0


__all__ = ["attribute_uses", "called_once_elsewhere", "runs_once", "tree_uses", "uses"]


def _import_made_attrs(cls: cst.ClassDef, roots: set[str]) -> set[str]:
    """The attributes ``self.X`` that the class's methods bind, each by one ``self.X = <imported API>(...)`` (a
    queue, a reader: ``self.queue = tf.RandomShuffleQueue(...)``) and nothing else."""
    made: dict[str, int] = {}
    bound: dict[str, int] = {}
    for fn in (s for s in cls.body.body if isinstance(s, cst.FunctionDef)):
        me = fn.params.params[0].name.value if fn.params.params else None
        for target in nodes_of(fn, cst.AssignTarget):
            t = target.target
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me:
                bound[t.attr.value] = bound.get(t.attr.value, 0) + 1
        for small in nodes_of(fn, cst.Assign):
            t = small.targets[0].target if len(small.targets) == 1 else None
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me and \
                    isinstance(small.value, cst.Call) and isinstance(small.value.func, cst.Attribute) and \
                    import_rooted(small.value.func, roots):
                made[t.attr.value] = made.get(t.attr.value, 0) + 1
        for other in (*nodes_of(fn, cst.AugAssign), *nodes_of(fn, cst.AnnAssign)):
            t = other.target
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me:
                bound[t.attr.value] = bound.get(t.attr.value, 0) + 2
    return {a for a, n in made.items() if n == 1 and bound.get(a) == 1}


def attribute_tested(module: cst.Module, name: str) -> bool:
    """``x.name`` read in a test of ``module``: a ``while`` / ``if`` / conditional expression's / ``assert``'s
    test or a comparison (``while sess.run(r.size_op) < n: time.sleep(...)`` waits on the value)."""
    from tfdata_bridge._src.migrate.calls import code_of

    if name not in code_of(module):
        return False
    tests = [n.test for kind in (cst.While, cst.If, cst.IfExp, cst.Assert) for n in nodes_of(module, kind)]
    tests += nodes_of(module, cst.Comparison)
    return any(a.attr.value == name for t in tests for a in nodes_of(t, cst.Attribute))

