"""A ``placeholder_with_default`` no run of the program can feed is its default value (held-out round 34).

``input_tensor = tf.placeholder_with_default(packed, shape=[None, 13])`` read only by graph-building calls
(``tf.train.input_producer(input_tensor, ...)``, ``tf.shape(input_tensor)``) is never fed: a feed names the tensor
(``feed_dict={input_tensor: ...}``, a dict built elsewhere, ``.eval(feed_dict=...)``, ``make_callable``'s feeds, a
Supervisor's or MonitoredSession's run) or its op's name (``"input:0"``, ``get_tensor_by_name``), and neither can
reach it. Legacy reads its default (a queue runner's enqueue is run without feeds anyway), and a one-shot iterator
copies the op by value with its default (``PlaceholderWithDefault`` is no stateful node), so a dataset built from
it is no "fed value" (``stateful_captures.py``): its default expression is followed instead.

Provably never fed, checked on the module as written and the tree's other modules' texts:

- the call is an argument of a TensorFlow API call (inline: it has no name), or the whole value of ``x = ...``;
- every read of ``x`` in the scope binding it (and the nested scopes that do not bind ``x`` themselves; a module's
  ``x``: every function not binding its own, and no other module of the tree spells ``x``) is an argument (in a
  list or tuple, sliced, or in arithmetic, maybe) of a TensorFlow API call other than a collection's
  ``add_to_collection`` or a session's ``run`` (``tf.Session().run(x)``), and not as ``feed_dict``, or its ``.shape`` / ``.dtype`` / ``.get_shape()``: not stored on
  ``self``, returned, passed to one of the program's functions, aliased, put in a dict or run;
- no ``global`` / ``nonlocal`` of ``x``, no ``globals()`` / ``locals()`` / ``vars()``;
- its op cannot be found by name: no ``name=`` spelled elsewhere in the tree (a literal spelled once), nor
  ``PlaceholderWithDefault`` anywhere (its default name, and its type for a walk of the graph's operations).

Anything else may be fed: the placeholder stays "a fed value" (the pipeline is left, with the note saying so).
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import QualifiedNameProvider

from tfdata_bridge._src.migrate.calls import (code_of, imported_roots, module_aliases, nodes_of, tf_path,
                                             wrapped)
from tfdata_bridge._src.migrate.queue_size import parents
from tfdata_bridge._src.migrate.walk import Visitor

_API = "placeholder_with_default"
_STORING = frozenset({"add_to_collection", "add_to_collections"})  # (anyone may fetch it from the collection)
# a session's run, callable or evaluation (``tf.Session().run(x)``): a run, maybe feeding it (conservatively: any)
_RUNS = frozenset({"run", "make_callable", "partial_run", "partial_run_setup", "eval", "run_step_fn", "__call__"})
_FEEDS = frozenset({"feed_dict", "feed_list", "feeds"})
_HARMLESS_ATTRS = frozenset({"shape", "dtype", "get_shape"})  # (none of them is the tensor)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def unfed_defaults(module: cst.Module, others: list[str] | tuple[str, ...] = ()) -> frozenset[str]:
    """The texts (whitespace folded) of ``module``'s ``placeholder_with_default`` calls that no run of the program
    can feed (every call of that text: see the module's docstring); ``others``: the tree's other modules' code."""
    code = code_of(module)
    if _API not in code:
        return frozenset()
    index = ApiPaths(imported_roots(module))
    index.tf_aliases = module_aliases(module)
    wrapped(module).visit(index)
    calls = [c for c in nodes_of(module, cst.Call) if (index.paths.get(id(c)) or "").rsplit(".", 1)[-1] == _API]
    if not calls or "PlaceholderWithDefault" in code or any("PlaceholderWithDefault" in t for t in others) or \
            re.search(r"\b(globals|locals|vars)\s*\(", code):
        return frozenset()
    up = parents(module)
    verdicts: dict[str, bool] = {}
    for call in calls:
        text = folded(module.code_for_node(call))
        unfed = _unnamed(call, code, others) and _Escape(module, index.paths, up, others).unfed(call)
        verdicts[text] = verdicts.get(text, True) and unfed
    return frozenset(t for t, ok in verdicts.items() if ok)


def folded(text: str) -> str:
    """A call's text with its whitespace folded (how ``unfed_defaults`` names the calls)."""
    return " ".join(text.split())


class ApiPaths(Visitor):
    """``paths``: id(call) -> its TensorFlow API path, for the calls of a module (``roots``: its imported roots)."""

    METADATA_DEPENDENCIES = (QualifiedNameProvider,)  # (no positions)

    def __init__(self, roots) -> None:
        super().__init__()
        self.roots = roots
        self.paths: dict[int, str] = {}

    def visit_Call(self, node: cst.Call) -> None:
        path = tf_path(self, node.func, self.roots)
        if path is not None:
            self.paths[id(node)] = path


def _unnamed(call: cst.Call, code: str, others) -> bool:
    """The op cannot be looked up by a name the program spells: no ``name=``, or a literal one spelled nowhere
    else in the tree."""
    name = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "name"), None)
    if name is None and len([a for a in call.args if a.keyword is None]) > 2:
        return False  # (``name`` given by position)
    if name is None:
        return True
    if not isinstance(name, cst.SimpleString):
        return False
    spelled = name.evaluated_value
    if not isinstance(spelled, str) or not spelled:
        return False
    return code.count(spelled) == 1 and not any(spelled in t for t in others)


class _Escape:
    def __init__(self, module: cst.Module, paths: dict[int, str], up, others) -> None:
        self.module = module
        self.paths = paths
        self.up = up
        self.others = others

    def unfed(self, call: cst.Call) -> bool:
        parent = self.up.get(id(call))
        if isinstance(parent, (cst.Arg, cst.Element)):  # inline: the argument of a call, nameless
            return self._read_by_tf(call)
        if not (isinstance(parent, cst.Assign) and parent.value is call and len(parent.targets) == 1 and
                isinstance(parent.targets[0].target, cst.Name)):
            return False
        name = parent.targets[0].target.value
        holder = self._scope(parent)
        declared = [*nodes_of(self.module, cst.Global), *nodes_of(self.module, cst.Nonlocal)]
        if any(name in [n.name.value for n in s.names] for s in declared):
            return False
        if isinstance(holder, cst.Module) and any(re.search(r"\b%s\b" % re.escape(name), t) for t in self.others):
            return False  # (another module of the tree may import it)
        for read in self._reads(holder, name):
            if not self._read_by_tf(read):
                return False
        return True

    def _scope(self, node: cst.CSTNode) -> cst.CSTNode:
        at = self.up.get(id(node))
        while at is not None and not isinstance(at, (cst.FunctionDef, cst.Lambda, cst.Module)):
            at = self.up.get(id(at))
        return at if at is not None else self.module

    def _reads(self, holder: cst.CSTNode, name: str) -> list[cst.Name]:
        """The names ``name`` read in ``holder`` and its nested scopes that do not bind their own (a binding of
        ``name`` itself is no read)."""
        out: list[cst.Name] = []
        stack = list(holder.children)
        while stack:
            node = stack.pop()
            if isinstance(node, _SCOPES) and _binds(node, name):
                continue
            if isinstance(node, cst.Name) and node.value == name and not self._binding(node):
                out.append(node)
            elif isinstance(node, (cst.Attribute, cst.Arg)):  # (``obj.x``, ``f(x=...)``: no reads of ``x``)
                stack.append(node.value)
            else:
                stack.extend(node.children)
        return out

    def _binding(self, node: cst.Name) -> bool:
        """``node`` is the whole target of an assignment (``x = ...``: the program binds a value, reads none)."""
        parent = self.up.get(id(node))
        return isinstance(parent, cst.AssignTarget) and parent.target is node

    def _read_by_tf(self, node: cst.CSTNode) -> bool:
        """``node`` (the tensor) is read only to build the graph: an argument of a TensorFlow API call (through
        lists, tuples, slices and arithmetic), or its shape or dtype."""
        while True:
            parent = self.up.get(id(node))
            if isinstance(parent, cst.Element) and parent.value is node:
                node = self.up.get(id(parent))  # (the list or tuple holding it)
                if not isinstance(node, (cst.List, cst.Tuple)):
                    return False
                continue
            if isinstance(parent, cst.Subscript) and parent.value is node:
                node = parent
                continue
            if isinstance(parent, (cst.BinaryOperation, cst.UnaryOperation)):
                node = parent
                continue
            if isinstance(parent, cst.Attribute) and parent.value is node:
                return parent.attr.value in _HARMLESS_ATTRS
            if isinstance(parent, cst.Arg) and parent.value is node:
                call = self.up.get(id(parent))
                if not isinstance(call, cst.Call) or parent.keyword is not None and parent.keyword.value in _FEEDS:
                    return False
                path = self.paths.get(id(call))
                return path is not None and path.rsplit(".", 1)[-1] not in _STORING | _RUNS
            return False


def _binds(scope: cst.CSTNode, name: str) -> bool:
    """A nested function or lambda binds its own ``name`` (a parameter, or a name its own body assigns); a class
    body's names are not its methods', so a class binds none."""
    if not isinstance(scope, (cst.FunctionDef, cst.Lambda)):
        return False
    p = scope.params
    params = [*p.posonly_params, *p.params, *p.kwonly_params]
    params += [s for s in (p.star_arg, p.star_kwarg) if isinstance(s, cst.Param)]
    if any(x.name.value == name for x in params):
        return True
    if isinstance(scope, cst.Lambda):
        return False
    stack = list(scope.body.children)
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            continue  # (its own names)
        if isinstance(node, cst.AssignTarget) and isinstance(node.target, cst.Name) and node.target.value == name:
            return True
        stack.extend(node.children)
    return False


__all__ = ["ApiPaths", "folded", "unfed_defaults"]
